//! C8: GCG import through the match commands, and export back, on the 31 reference records.

use super::*;
use crate::rules::game::{ImportError, Payload, decide, import_gcg, to_gcg};
use crate::rules::gcg::{self, EventKind, Exchanged};
use crate::rules::ruleset::Preset;
use serde_json::json;

/// A 1v1 board-mode ruleset that fits the record: its challenge bonus and end-rack style.
fn ruleset_for(game: &gcg::Game) -> Ruleset {
    let ev = &game.events;
    let challenge = if ev.iter().any(|e| e.kind == EventKind::ChallengeBonus) {
        if ev
            .iter()
            .filter(|e| e.kind == EventKind::ChallengeBonus)
            .all(|e| e.score % 10 == 0)
            && ev
                .iter()
                .any(|e| e.kind == EventKind::ChallengeBonus && e.score == 10)
            && !ev
                .iter()
                .any(|e| e.kind == EventKind::ChallengeBonus && e.score == 5)
        {
            "ten_point"
        } else {
            "five_point"
        }
    } else {
        "double"
    };
    let set = crate::rules::tiles::TileSet::english();
    let mut end = "subtract_and_add";
    for (i, e) in ev.iter().enumerate() {
        if let EventKind::OutBonus(tiles) = &e.kind {
            let value = crate::rules::tiles::Rack::parse(tiles).unwrap().value(&set);
            let penalty_follows = ev[i + 1..]
                .iter()
                .any(|n| n.player != e.player && matches!(n.kind, EventKind::RackPenalty(_)));
            end = if penalty_follows {
                "subtract_and_add"
            } else if e.score == 2 * i32::try_from(value).unwrap() {
                "add_twice"
            } else {
                "add_once"
            };
        }
    }
    Preset::Individual
        .ruleset()
        .with_overrides(
            &json!({"entry_mode": "board", "challenge_rule": challenge, "end_rack_rule": end}),
        )
        .unwrap()
}

/// Imports `game` into a fresh match on the fake clock; returns the match's events.
fn import(game: &gcg::Game, r: Ruleset) -> Result<(State, Vec<Event>), ImportError> {
    let g = Game::created(r);
    let mut events = g.events.clone();
    let mut current = g.state.clone();
    let director = Actor::Director { id: "d".into() };
    let state = import_gcg(game, g.state, &mut |ms, cmd| {
        let now = after(t0(), ms);
        let evs = decide(&current, cmd.clone(), &director, now).map_err(|e| ImportError {
            line: 0,
            message: format!("{cmd:?}: {e}"),
        })?;
        for e in &evs {
            crate::rules::game::apply(&mut current, e);
        }
        events.extend(evs);
        Ok(current.clone())
    })?;
    Ok((state, events))
}

/// The moves of a record, compared across import and export: who, what and its score
/// (exchanges by count, since `-4` names no tiles).
fn moves(game: &gcg::Game) -> Vec<(usize, String, i32)> {
    game.events
        .iter()
        .filter_map(|e| {
            let what = match &e.kind {
                EventKind::Play(m) => m.to_string(),
                EventKind::Pass => "-".into(),
                EventKind::Exchange(Exchanged::Tiles(t)) => format!("-{}", t.len()),
                EventKind::Exchange(Exchanged::Count(n)) => format!("-{n}"),
                EventKind::Withdrawn => "--".into(),
                _ => return None,
            };
            Some((e.player, what, e.score))
        })
        .collect()
}

/// Moves are the same when they differ only in how a played-through square is written (`.` or
/// its letter, as older records do).
fn same_moves(a: &[(usize, String, i32)], b: &[(usize, String, i32)]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.0 == y.0
                && x.2 == y.2
                && x.1.len() == y.1.len()
                && x.1
                    .chars()
                    .zip(y.1.chars())
                    .all(|(p, q)| p == q || p == '.' || q == '.')
        })
}

fn fixtures() -> Vec<(String, gcg::Game)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gcg");
    let mut out: Vec<(String, gcg::Game)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "gcg"))
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let game = gcg::read(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, game)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

// rule C8: import → export keeps the moves and the totals, on every reference record.
#[test]
fn every_reference_record_round_trips_through_the_match_commands_c8() {
    let all = fixtures();
    assert_eq!(all.len(), 31);
    let mut failures = Vec::new();
    for (name, game) in &all {
        let r = ruleset_for(game);
        let (state, events) = match import(game, r) {
            Ok(x) => x,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        // The log is live play's: it refolds to the same match.
        assert_eq!(crate::rules::game::fold(&events), state, "{name}");
        let out = to_gcg(&state, ["One", "Two"]).unwrap();
        let text = gcg::write(&out);
        let back = gcg::read(text.as_bytes()).unwrap();
        if back.final_totals() != game.final_totals() {
            failures.push(format!(
                "{name}: exported totals {:?}, record {:?}\n{text}",
                back.final_totals(),
                game.final_totals()
            ));
        }
        if !same_moves(&moves(&back), &moves(game)) {
            failures.push(format!("{name}: moves differ\n{text}"));
        }
        let s = state.scores();
        assert_eq!([s.a, s.b], game.final_totals(), "{name}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

// rule C8: a record that does not fit the match's ruleset is refused, not stored with other
// totals; a started or sheet-mode match takes no record.
#[test]
fn a_record_that_does_not_fit_the_ruleset_is_refused_c8() {
    let all = fixtures();
    let (_, game) = all
        .iter()
        .find(|(n, _)| n == "macondo_doug_v_emely.gcg")
        .unwrap();
    let wrong = Preset::Individual
        .ruleset()
        .with_overrides(&json!({"entry_mode": "board", "end_rack_rule": "none"}))
        .unwrap();
    let e = import(game, wrong).unwrap_err();
    assert!(e.to_string().contains("rule C8"), "{e}");
    let sheet = Game::created(Preset::Individual.ruleset());
    let e = import_gcg(game, sheet.state, &mut |_, _| unreachable!()).unwrap_err();
    assert!(e.message.contains("board-mode"), "{e}");
}

// rule C8: the export carries every score change, so its totals are the result's, and names
// the seat on each line in team play.
#[test]
fn the_export_carries_racks_challenges_and_seats_c8() {
    let r = Preset::Team2v2
        .ruleset()
        .with_overrides(&json!({"entry_mode": "board"}))
        .unwrap();
    let mut g = Game::started(r);
    let mv = |m: &str, declared: i32| {
        Command::Play(Play::Board {
            mv: Some(m.into()),
            rack: None,
            declared,
            seat: None,
        })
    };
    g.ok(mv("8G QI", 22));
    g.ok(challenge_word("B1", "QI"));
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: id,
            valid: true,
        },
    );
    g.ok(mv("9G XU", 30));
    g.ok(challenge_word("A2", "XU"));
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: id,
            valid: false,
        },
    );
    g.ok_as(pic(), Command::AnnounceEnd);
    let racks = [
        (seat("A1"), 5u32),
        (seat("B1"), 7),
        (seat("A2"), 0),
        (seat("B2"), 3),
    ];
    g.ok(Command::AdjustRacks {
        racks: racks.into_iter().collect(),
        tiles: Default::default(),
    });
    let v = g.view();
    assert!(v.result.is_some(), "{v:?}");
    let text = gcg::write(&to_gcg(&g.state, ["Reds", "Blues"]).unwrap());
    let back = gcg::read(text.as_bytes()).unwrap();
    assert_eq!(back.final_totals(), [v.scores.a, v.scores.b], "{text}");
    assert!(text.contains("8G QI +22 22 A1"), "{text}");
    assert!(text.contains("(challenge) +10 32 A1"), "{text}");
    assert!(text.contains("-- -30 0 B1"), "{text}");
    assert!(text.contains("(challenge) -10 -10 B1"), "{text}");
    let penalties = back
        .events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::RackPenalty(_)))
        .count();
    assert_eq!(penalties, 2, "{text}");
    assert!(
        g.events
            .iter()
            .any(|e| matches!(e.payload, Payload::RacksAdjusted { .. })),
        "racks counted"
    );
}

// rule T19/C2, board mode: when one seat still holds tiles after an out-play with the bag
// empty, the board tells its rack; entered as tiles, it counts as the record counted it.
#[test]
fn the_board_tells_the_last_rack_and_it_counts_as_the_record_counts_it_t19_c2() {
    let mut told = 0;
    for (name, game) in &fixtures() {
        let Ok((_, events)) = import(game, ruleset_for(game)) else {
            continue;
        };
        let Some(i) = events
            .iter()
            .position(|e| matches!(e.payload, Payload::RacksAdjusted { .. }))
        else {
            continue;
        };
        let before = crate::rules::game::fold(&events[..i]);
        let known = before.known_racks();
        let Some((seat, tiles)) = known.iter().next() else {
            continue;
        };
        told += 1;
        let Payload::RacksAdjusted { racks, points, .. } = &events[i].payload else {
            unreachable!()
        };
        let value = crate::rules::tiles::Rack::parse(tiles)
            .unwrap()
            .value(&crate::rules::tiles::TileSet::english());
        assert_eq!(racks[seat], value, "{name}: {seat} holds {tiles}");
        let evs = decide(
            &before,
            Command::AdjustRacks {
                racks: Default::default(),
                tiles: known.clone(),
            },
            &table(),
            events[i].at,
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        let Payload::RacksAdjusted { points: p, .. } = &evs[0].payload else {
            panic!("{name}: {evs:?}")
        };
        assert_eq!(p, points, "{name}");
        // A tile the board already shows is refused (C2): one more of the rack's first letter.
        let first = tiles.chars().next().unwrap();
        let more: String =
            std::iter::repeat_n(first, 8.min(usize::from(before.racks[seat]))).collect();
        if crate::rules::tiles::Rack::parse(&more)
            .unwrap()
            .count_letter(first)
            > crate::rules::tiles::Rack::parse(tiles)
                .unwrap()
                .count_letter(first)
            && first != '?'
        {
            let e = decide(
                &before,
                Command::AdjustRacks {
                    racks: Default::default(),
                    tiles: [(*seat, more)].into_iter().collect(),
                },
                &table(),
                events[i].at,
            )
            .unwrap_err();
            assert_eq!(e.rule(), "C2", "{name}: {e}");
        }
    }
    assert!(told >= 10, "the board told the last rack in {told} records");
}
