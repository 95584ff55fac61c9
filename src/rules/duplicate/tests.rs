//! Whole games: an English Duplicate game with ENABLE played end to end with slips, the turn
//! order and its refusals, undo, the fold, prepared games and merged clubs.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use chrono::{DateTime, TimeZone, Utc};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::*;
use crate::rules::lexicon::Lexicon;
use crate::rules::movegen::{WordGraph, all_plays};

fn graph() -> &'static WordGraph {
    static G: OnceLock<WordGraph> = OnceLock::new();
    G.get_or_init(|| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lexicons/enable2k.txt");
        WordGraph::from_lexicon(&Lexicon::from_path(&path).unwrap()).unwrap()
    })
}

fn at(turn: u32, sec: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 30, 20, 0, 0).unwrap()
        + chrono::Duration::seconds(i64::from(turn) * 200 + sec)
}

fn referee() -> Official {
    Official::Referee("ref".into())
}

/// The slip word of a play: the whole main word, blanks lowercase.
fn slip_word(gcg_word: &str, main_word: &str) -> String {
    gcg_word
        .chars()
        .zip(main_word.chars())
        .map(|(g, m)| if g == '.' { m } else { g })
        .collect()
}

fn top_slip(player: u32, top: &TopCandidate, points: u32) -> SlipInput {
    SlipInput {
        player,
        reference: top.reference.clone(),
        word: slip_word(&top.word, &top.main_word),
        points: Some(points),
    }
}

/// The lowest-scoring play of the rack on show, as a slip, and its score.
fn low_slip(state: &State, player: u32) -> (SlipInput, u32) {
    let set = state.set.as_ref().unwrap();
    let rack = state.rack().unwrap();
    let plays = all_plays(graph(), set, &state.board, &rack);
    let low = plays
        .iter()
        .filter(|p| {
            !state.board.is_empty() || p.direction() == crate::rules::board::Direction::Across
        })
        .last()
        .unwrap();
    let slip = SlipInput {
        player,
        reference: crate::rules::notation::gcg_position(low.start(), low.direction()),
        word: slip_word(&low.gcg_word(), &low.main_word(&state.board)),
        points: Some(low.score()),
    };
    (slip, low.score())
}

/// The same reference read the other way (GCG `8D` ↔ `D8`).
fn flipped(reference: &str) -> String {
    let digits: String = reference.chars().filter(char::is_ascii_digit).collect();
    let letters: String = reference
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect();
    if reference.starts_with(|c: char| c.is_ascii_digit()) {
        format!("{letters}{digits}")
    } else {
        format!("{digits}{letters}")
    }
}

fn slip(state: &mut State, log: &mut Vec<Event>, turn: u32, s: SlipInput) -> Verdict {
    let p = record_slip(state, graph(), turn, s, None).unwrap();
    let Payload::SlipRecorded { verdict, .. } = &p else {
        panic!("{p:?}")
    };
    let v = verdict.clone();
    log.push(record(
        state,
        at(turn, 190),
        Official::Arbitrator("a1".into()),
        p,
    ));
    v
}

// rules D1-D9, C3, C7: a 12-turn English Duplicate game with five players: tops, a wrong word,
// wrong points (four warnings: -5), a wrong reference, missing slips and a solo; totals,
// percentages and ranks checked against sums made here.
#[test]
fn a_full_english_game_ranks_by_hand_computed_totals() {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut s = State::default();
    let mut log = Vec::new();
    let created = create(&s, DuplicateRuleset::english(), vec![1, 2, 3, 4, 5]).unwrap();
    log.push(record(&mut s, at(0, 0), referee(), created));
    let mut tops_by_turn = BTreeMap::new();
    let (mut p2, mut p3, mut p4) = (0u32, 0u32, 0u32);
    let mut p4_warnings = 0;
    for turn in 1..=12u32 {
        let drawn = draw_rack(&s, &mut rng).unwrap();
        log.push(record(&mut s, at(turn, 0), referee(), drawn));
        assert_eq!(s.turn_number(), turn);
        assert!(
            meets(s.set.as_ref().unwrap(), &s.rack().unwrap(), 2),
            "rule D3"
        );
        let started = start_turn(&s).unwrap();
        log.push(record(&mut s, at(turn, 1), referee(), started));
        assert_eq!(s.phase(), Phase::Running);
        let r = s.ruleset.clone().unwrap();
        let current = s.current().unwrap();
        assert_eq!(
            current.ends_at(&r),
            Some(at(turn, 181)),
            "D4: three minutes"
        );
        assert_eq!(
            current.warning_at(&r),
            Some(at(turn, 151)),
            "D4: warned 30 s before"
        );
        let rack = s.rack().unwrap();
        let cands = tops(
            graph(),
            s.set.as_ref().unwrap(),
            &s.board,
            &rack,
            Notation::Gcg,
        );
        let top = cands[0].clone();
        if turn == 1 {
            assert!(
                cands
                    .iter()
                    .all(|c| c.position.starts_with(|c: char| c.is_ascii_digit())),
                "C3"
            );
        }
        // Player 1 always finds the top.
        assert_eq!(
            slip(&mut s, &mut log, turn, top_slip(1, &top, top.score)).score,
            top.score
        );
        // Player 2: the top, with wrong points on turns 3-6, the lowest play on turn 7.
        let (low, low_score) = low_slip(&s, 2);
        let v = match turn {
            3..=6 => slip(&mut s, &mut log, turn, top_slip(2, &top, top.score + 1)),
            7 => slip(&mut s, &mut log, turn, low.clone()),
            _ => slip(&mut s, &mut log, turn, top_slip(2, &top, top.score)),
        };
        p2 += v.score;
        assert_eq!(v.warnings, u32::from((3..=6).contains(&turn)));
        // Player 3: the lowest play, and a word that is not a word on turn 2.
        let v = if turn == 2 {
            let mut bad = top_slip(3, &top, top.score);
            bad.word = format!("{}Q", bad.word);
            slip(&mut s, &mut log, turn, bad)
        } else {
            let (low3, _) = low_slip(&s, 3);
            slip(&mut s, &mut log, turn, low3)
        };
        if turn == 2 {
            assert_eq!((v.score, v.warnings), (0, 0), "D5: {v:?}");
            assert!(v.zero.is_some());
        } else {
            assert_eq!(v.score, low_score);
        }
        p3 += v.score;
        // Player 4: the top, the reference read the other way on turn 5, nothing on turn 7.
        if turn == 5 {
            let mut wrong = top_slip(4, &top, top.score);
            wrong.reference = flipped(&wrong.reference);
            let v = slip(&mut s, &mut log, turn, wrong);
            // The seeded game's turn 5 top is 12D TOY: written D12 (down), it fits nowhere
            // else, so it is a wrong reference scored with a warning.
            assert_eq!(
                v.faults,
                vec![Fault::WrongReference {
                    meant: top.reference.clone()
                }]
            );
            assert_eq!((v.score, v.warnings), (top.score, 1));
            p4 += v.score;
            p4_warnings += v.warnings;
        } else if turn != 7 {
            p4 += slip(&mut s, &mut log, turn, top_slip(4, &top, top.score)).score;
        }
        // Player 5 hands in nothing.
        let chosen = choose_top(&s, graph(), (cands.len() > 1).then_some(cands.len() - 1));
        let chosen = chosen.unwrap();
        let Payload::TopChosen {
            candidates,
            chosen: i,
            referee_choice,
            ..
        } = &chosen
        else {
            panic!()
        };
        assert_eq!(*candidates, cands);
        assert_eq!(
            *referee_choice,
            cands.len() > 1,
            "D6: the choice is recorded"
        );
        tops_by_turn.insert(turn, candidates[*i].score);
        log.push(record(&mut s, at(turn, 195), referee(), chosen));
        let placed = place_top(&s).unwrap();
        log.push(record(&mut s, at(turn, 196), referee(), placed));
    }
    let tops_sum: u32 = tops_by_turn.values().sum();
    assert_eq!(s.top_total(), tops_sum);
    assert_eq!(
        fold(&log),
        s,
        "the fold of the stored log is the live state"
    );

    let sheet = game_sheet(&s);
    let line = |p: u32| sheet.lines.iter().find(|l| l.player == p).unwrap().clone();
    assert_eq!(
        line(1).solos,
        vec![7],
        "D7: only player 1 found turn 7's top"
    );
    assert_eq!(line(1).total, i64::from(tops_sum + 10));
    assert_eq!(
        (line(2).warnings, line(2).penalty),
        (4, 5),
        "D8: the fourth warning costs 5"
    );
    assert_eq!(line(2).total, i64::from(p2) - 5);
    assert_eq!(line(3).total, i64::from(p3));
    assert_eq!(line(4).total, i64::from(p4));
    assert_eq!(line(4).warnings, p4_warnings);
    assert_eq!(line(5).total, 0, "D5: no slip, no points");
    let standings = rank(&[sheet]);
    assert_eq!(standings[0].player, 1);
    assert_eq!(standings[4].player, 5);
    for st in &standings {
        let expected = (st.total as f64 * 10_000.0 / f64::from(tops_sum)).round() as i64;
        assert_eq!(st.percent_hundredths, expected, "D9: {st:?}");
        assert_eq!(st.tops, tops_sum);
    }
    assert!(
        standings[0].percent_hundredths > 10_000,
        "a solo lifts player 1 over 100 %"
    );
}

fn new_game(players: Vec<u32>) -> State {
    let mut s = State::default();
    let c = create(&s, DuplicateRuleset::english(), players).unwrap();
    record(&mut s, at(0, 0), referee(), c);
    s
}

/// Records a decided payload as the referee.
macro_rules! step {
    ($s:ident, $p:expr) => {{
        let p = $p;
        step(&mut $s, p);
    }};
}

fn step(s: &mut State, p: Payload) {
    record(s, at(s.turn_number(), 5), referee(), p);
}

// rules D1, D4, D5, D6: commands out of turn order are refused and record nothing.
#[test]
fn commands_out_of_order_are_refused() {
    let s0 = State::default();
    assert_eq!(
        start_turn(&s0),
        Err(DuplicateError::Lifecycle("the game is not created"))
    );
    let mut s = new_game(vec![1, 2]);
    assert_eq!(
        create(&s, DuplicateRuleset::english(), vec![1])
            .unwrap_err()
            .rule(),
        ""
    );
    assert_eq!(start_turn(&s).unwrap_err().rule(), "D4");
    assert_eq!(place_top(&s).unwrap_err().rule(), "D6");
    assert_eq!(choose_top(&s, graph(), None).unwrap_err().rule(), "D6");
    let slip = SlipInput::parse_line("1 8H AB 4").unwrap();
    assert_eq!(
        record_slip(&s, graph(), 1, slip.clone(), None),
        Err(DuplicateError::UnknownTurn(1))
    );
    step!(s, type_rack(&s, "AEIRST?", false).unwrap());
    assert_eq!(type_rack(&s, "AEIRST?", false).unwrap_err().rule(), "D1");
    assert_eq!(
        record_slip(&s, graph(), 1, slip.clone(), None),
        Err(DuplicateError::UnknownTurn(1))
    );
    step!(s, start_turn(&s).unwrap());
    let mut stranger = slip;
    stranger.player = 9;
    let e = record_slip(&s, graph(), 1, stranger, None).unwrap_err();
    assert_eq!((e.rule(), e.field()), ("D5", Some("player".into())));
    let choice = choose_top(&s, graph(), Some(10_000)).unwrap_err();
    assert!(
        matches!(
            choice,
            DuplicateError::ChoiceOutOfRange { choice: 10_000, .. }
        ),
        "{choice}"
    );
    assert_eq!(choice.field(), Some("choice".into()));
    assert_eq!(end_game(&s, graph()), Err(DuplicateError::NotOver));
    // Refusals changed nothing.
    assert_eq!(fold(&s.log), s);
}

// rules D5 and the ruleset's refusals surface with their field.
#[test]
fn creation_refuses_bad_players_and_rulesets_by_field() {
    let s = State::default();
    let e = create(&s, DuplicateRuleset::english(), vec![]).unwrap_err();
    assert_eq!(e.field(), Some("players".into()));
    let e = create(&s, DuplicateRuleset::english(), vec![3, 3]).unwrap_err();
    assert_eq!(e.to_string(), "players: player 3 is listed twice");
    let mut r = DuplicateRuleset::english();
    r.warning_ms = r.turn_ms;
    let e = create(&s, r, vec![1]).unwrap_err();
    assert_eq!(e.field(), Some("ruleset.warning_ms".into()));
}

// rule D3: a typed rack with a tile not left is refused; nothing is recorded.
#[test]
fn a_typed_tile_not_in_the_bag_is_refused() {
    let mut s = new_game(vec![1]);
    let e = type_rack(&s, "QQAEIRS", false).unwrap_err();
    assert_eq!(
        e,
        DuplicateError::Draw(DrawError::NotInBag { tile: 'Q', left: 1 })
    );
    assert_eq!((e.rule(), e.field()), ("D3", Some("rack".into())));
    assert_eq!(type_rack(&s, "BCDFGHA", false).unwrap_err().rule(), "D3");
    step!(s, type_rack(&s, "qaeirs?", false).unwrap());
    assert_eq!(s.rack().unwrap().to_string(), "AEIQRS?");
    assert_eq!(s.bag.len(), 93);
}

// Undo is a new event: the state goes back, the log keeps everything.
#[test]
fn undo_reverses_the_latest_master_event_as_a_new_record() {
    let mut s = new_game(vec![1]);
    assert_eq!(undo(&s, "oops"), Err(DuplicateError::NothingToUndo));
    let bag = s.bag;
    step!(s, type_rack(&s, "AEIRST?", false).unwrap());
    step!(s, undo(&s, "wrong tiles").unwrap());
    assert_eq!(
        (s.phase(), s.bag, s.turn_number()),
        (Phase::AwaitingRack, bag, 0)
    );
    step!(s, type_rack(&s, "AEINRST", false).unwrap());
    step!(s, start_turn(&s).unwrap());
    let top = choose_top(&s, graph(), Some(0)).unwrap();
    step!(s, top);
    step!(s, place_top(&s).unwrap());
    let placed = s.board.clone();
    assert!(!placed.is_empty());
    step!(s, undo(&s, "misplaced").unwrap());
    assert!(s.board.is_empty());
    assert_eq!(s.phase(), Phase::TopChosen);
    step!(s, place_top(&s).unwrap());
    assert_eq!(s.board, placed);
    assert_eq!(s.log.len(), 9, "nothing is deleted");
    assert_eq!(fold(&s.log), s);
}

// rule D3 end: when the pool cannot meet the constraint, drawing ends the game.
#[test]
fn the_game_ends_when_the_draw_cannot_meet_the_constraint() {
    let mut s = new_game(vec![1]);
    // Keep only consonants and one vowel in the pool by hand: empty the bag into "the board".
    s.bag = crate::rules::tiles::Rack::parse("BCDFGHA").unwrap();
    let mut rng = StdRng::seed_from_u64(3);
    let p = draw_rack(&s, &mut rng).unwrap();
    assert_eq!(
        p,
        Payload::Ended {
            reason: EndReason::DrawImpossible
        }
    );
    assert_eq!(end_game(&s, graph()), Ok(p.clone()));
    step!(s, p);
    assert_eq!(s.phase(), Phase::Ended);
    assert_eq!(draw_rack(&s, &mut rng), Err(DuplicateError::GameOver));
}

// rules D3, D6: a prepared game exports, imports and replays to the same tops; tampering is
// refused.
#[test]
fn a_prepared_game_replays_to_the_same_tops() {
    let mut rng = StdRng::seed_from_u64(42);
    let game = prepared::prepare(
        DuplicateRuleset::english(),
        graph(),
        Some(42),
        &mut rng,
        |_, c| c.len() - 1,
        at(0, 0),
    )
    .unwrap();
    assert!(game.turns.len() >= 10, "{}", game.turns.len());
    let back = PreparedGame::from_json(&game.to_json()).unwrap();
    assert_eq!(back, game);
    let (state, log) = prepared::replay(&back, graph(), vec![1, 2], at(0, 0)).unwrap();
    let replayed: Vec<TopCandidate> = state.placed_tops().map(|(_, t)| t.clone()).collect();
    let recorded: Vec<TopCandidate> = game
        .turns
        .iter()
        .map(|t| t.tops[t.chosen].clone())
        .collect();
    assert_eq!(replayed, recorded);
    assert_eq!(fold(&log), state);

    let mut bad = game.clone();
    bad.turns[1].rack = "QQQQQQQ".into();
    assert!(matches!(
        prepared::replay(&bad, graph(), vec![1], at(0, 0)),
        Err(PreparedError::Turn {
            turn: 2,
            error: DuplicateError::Draw(_)
        })
    ));
    let mut bad = game.clone();
    bad.turns[0].tops[0].score += 1;
    assert_eq!(
        prepared::replay(&bad, graph(), vec![1], at(0, 0)).unwrap_err(),
        PreparedError::TopsDiffer(1)
    );
    let mut v2 = serde_json::to_value(&game).unwrap();
    v2["version"] = 2.into();
    assert_eq!(
        PreparedGame::from_json(&v2.to_string()),
        Err(PreparedError::Version(2))
    );
    assert!(matches!(
        PreparedGame::from_json("{}"),
        Err(PreparedError::Shape(_))
    ));
}

// rules D7, D9: two clubs play one prepared game and merge; a solo counts over both clubs.
#[test]
fn clubs_that_played_the_same_prepared_game_merge_into_one_ranking() {
    let mut rng = StdRng::seed_from_u64(9);
    let mut r = DuplicateRuleset::english();
    r.draw.early_turns = 3;
    let game = prepared::prepare(r, graph(), None, &mut rng, |_, _| 0, at(0, 0)).unwrap();
    let mut game = game;
    game.turns.truncate(3);
    let play = |finder: bool| {
        let mut s = new_game_with(game.ruleset.clone(), vec![1]);
        for t in &game.turns {
            step!(s, prepared_rack(&s, &t.rack).unwrap());
            step!(s, start_turn(&s).unwrap());
            let top = &t.tops[t.chosen];
            let points = if finder { top.score } else { 0 };
            let mut slip_in = top_slip(1, top, points);
            if !finder {
                slip_in.word = "ZZZZ".into();
            }
            let n = s.turn_number();
            let p = record_slip(&s, graph(), n, slip_in, None).unwrap();
            step!(s, p);
            step!(s, choose_top(&s, graph(), Some(t.chosen)).unwrap());
            step!(s, place_top(&s).unwrap());
        }
        s
    };
    let (a, b) = (play(true), play(false));
    let alone = game_sheet(&a);
    assert!(
        alone.lines[0].solos.is_empty(),
        "D7: one player alone in a club is not min_players"
    );
    let merged = merge_clubs(&[("A", &a), ("B", &b)]).unwrap();
    let tops_sum = merged.top_total();
    assert_eq!(merged.lines[0].player, ("A", 1));
    assert_eq!(merged.lines[0].solos, vec![1, 2, 3]);
    assert_eq!(merged.lines[0].total, i64::from(tops_sum) + 30);
    let st = rank(&[merged]);
    assert_eq!(
        (st[0].player, st[1].player, st[1].total),
        (("A", 1), ("B", 1), 0)
    );
    let c = new_game_with(game.ruleset.clone(), vec![1]);
    assert_eq!(
        merge_clubs(&[("A", &a), ("C", &c)]).unwrap_err(),
        MergeError::NotTheSameGame(1)
    );
    assert_eq!(merge_clubs::<&str>(&[]).unwrap_err(), MergeError::Empty);
}

fn new_game_with(r: DuplicateRuleset, players: Vec<u32>) -> State {
    let mut s = State::default();
    let c = create(&s, r, players).unwrap();
    record(&mut s, at(0, 0), referee(), c);
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]
    // rule D3 and the fold: every server-drawn rack meets the constraint, and folding the
    // stored log (undo included) gives the live state, twice alike.
    #[test]
    fn the_fold_is_deterministic_and_every_rack_meets_d3(seed in any::<u64>(), undo_at in 1u32..5) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut s = new_game(vec![1]);
        for turn in 1..=5u32 {
            let p = draw_rack(&s, &mut rng).unwrap();
            step!(s, p);
            let min = s.ruleset.as_ref().unwrap().draw_minimum(turn);
            prop_assert!(meets(s.set.as_ref().unwrap(), &s.rack().unwrap(), min));
            if turn == undo_at {
                step!(s, undo(&s, "redo").unwrap());
                let p = draw_rack(&s, &mut rng).unwrap();
                step!(s, p);
            }
            step!(s, start_turn(&s).unwrap());
            let Ok(top) = choose_top(&s, graph(), Some(0)) else { break };
            step!(s, top);
            step!(s, place_top(&s).unwrap());
        }
        prop_assert_eq!(&fold(&s.log), &s);
        prop_assert_eq!(fold(&s.log), fold(&s.log));
    }
}
