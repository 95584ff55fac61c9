//! Property tests: replaying stored events rebuilds the state; accepted commands never run a
//! clock backwards and keep every tile accounted for.

use std::collections::BTreeMap;

use proptest::prelude::*;

use super::*;
use crate::rules::game::Exchange;
use crate::rules::game::{Status, TurnAction, fold};
use crate::rules::ruleset::Preset;
use crate::rules::tiles::Rack;

#[derive(Clone, Debug)]
enum Step {
    Play(u8, i32),
    Pass,
    Exchange,
    Accept,
    Hold(usize),
    ChallengeWord(usize),
    ChallengeScore(usize),
    RuleWord(bool),
    RuleScore(i32),
    TimeExpired,
    AnnounceEnd,
    Racks(u32),
    RackTiles(usize),
    Disqualify,
    Correct,
    CorrectScore(u32, i32, usize),
    VerifySlip(usize),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (1u8..=7, 0i32..60).prop_map(|(t, d)| Step::Play(t, d)),
        4 => Just(Step::Pass),
        1 => Just(Step::Exchange),
        1 => Just(Step::Accept),
        1 => (0usize..4).prop_map(Step::Hold),
        2 => (0usize..4).prop_map(Step::ChallengeWord),
        2 => (0usize..4).prop_map(Step::ChallengeScore),
        2 => any::<bool>().prop_map(Step::RuleWord),
        2 => (0i32..60).prop_map(Step::RuleScore),
        1 => Just(Step::TimeExpired),
        1 => Just(Step::AnnounceEnd),
        2 => (0u32..20).prop_map(Step::Racks),
        2 => (0usize..4).prop_map(Step::RackTiles),
        1 => Just(Step::Disqualify),
        1 => Just(Step::Correct),
        1 => (0u32..20, 0i32..60, 0usize..4).prop_map(|(t, a, i)| Step::CorrectScore(t, a, i)),
        1 => (0usize..4).prop_map(Step::VerifySlip),
    ]
}

fn steps() -> impl Strategy<Value = Vec<(i64, Step)>> {
    prop::collection::vec((0i64..(4 * MIN), step()), 0..80)
}

fn command(g: &Game, step: &Step) -> (Actor, Command) {
    let order = &g.state.order;
    let at = |i: usize| {
        order
            .get(i % order.len().max(1))
            .copied()
            .unwrap_or(seat("A1"))
    };
    let open = g.state.open_challenges().last().map(|c| c.id).unwrap_or(0);
    match step {
        Step::Play(t, d) => (table(), play("WORD", *t, *d)),
        Step::Pass => (table(), Command::Pass { seat: None }),
        Step::Exchange => (
            table(),
            Command::Exchange(Exchange {
                tiles: Rack::parse("EEEA").unwrap(),
                rack: None,
                seat: None,
            }),
        ),
        Step::Accept => (table(), Command::Accept),
        Step::Hold(i) => (table(), Command::Hold { by: at(*i) }),
        Step::ChallengeWord(i) => (table(), challenge_word(&at(*i).to_string(), "WORD")),
        Step::ChallengeScore(i) => (table(), Command::ChallengeScore { by: at(*i) }),
        Step::RuleWord(valid) => (
            pic(),
            Command::RuleWord {
                challenge: open,
                valid: *valid,
            },
        ),
        Step::RuleScore(actual) => (
            pic(),
            Command::RuleScore {
                challenge: open,
                actual: *actual,
            },
        ),
        Step::TimeExpired => (Actor::System, Command::TimeExpired),
        Step::AnnounceEnd => (pic(), Command::AnnounceEnd),
        Step::Racks(v) => (
            table(),
            Command::AdjustRacks {
                racks: order.iter().map(|s| (*s, *v)).collect::<BTreeMap<_, _>>(),
                tiles: Default::default(),
            },
        ),
        Step::RackTiles(n) => (
            table(),
            Command::AdjustRacks {
                racks: BTreeMap::new(),
                tiles: order
                    .iter()
                    .map(|s| (*s, "QE?Z".chars().take(*n).collect()))
                    .collect(),
            },
        ),
        Step::Disqualify => (
            committee(),
            Command::Disqualify {
                side: Side::B,
                reason: "test".into(),
            },
        ),
        Step::Correct => (
            pic(),
            Command::Correction {
                reverses_seq: g.state.last_seq,
                reason: "test".into(),
            },
        ),
        Step::CorrectScore(turn, actual, i) => (
            table(),
            Command::CorrectScore {
                by: at(*i),
                turn: *turn,
                actual: Some(*actual),
            },
        ),
        Step::VerifySlip(i) => (table(), Command::VerifySlip { by: at(*i) }),
    }
}

fn preset(team: bool) -> Ruleset {
    if team {
        Preset::Team2v2.ruleset()
    } else {
        Preset::Individual.ruleset()
    }
}

/// Every tile is in the bag, on a rack, or on the board (plays not withdrawn).
fn tiles_accounted(g: &Game) -> bool {
    if g.state.started_at.is_none() {
        return true; // a corrected start: nothing dealt
    }
    let total = g.state.ruleset.as_ref().map_or(0, |r| r.tiles.total);
    let size = g.state.ruleset.as_ref().map_or(0, |r| r.tiles.rack_size);
    let on_racks: u32 = g.state.racks.values().map(|n| u32::from(*n)).sum();
    let on_board: u32 = g
        .state
        .turns
        .iter()
        .filter(|t| matches!(t.action, TurnAction::Play { .. }) && !t.withdrawn)
        .map(|t| u32::from(t.tiles))
        .sum();
    g.state.racks.values().all(|n| *n <= size) && g.state.bag + on_racks + on_board == total
}

fn run(team: bool, steps: &[(i64, Step)], corrections: bool) -> Game {
    let mut g = Game::started(preset(team));
    let mut last = g.view();
    for (wait, step) in steps {
        if matches!(step, Step::Correct) && !corrections {
            continue;
        }
        g.wait(*wait);
        let (actor, cmd) = command(&g, step);
        let _ = g.try_as(actor, cmd);
        let v = g.view();
        if !corrections {
            // Clocks and the allowance never run backwards.
            assert!(v.clocks_ms.a <= last.clocks_ms.a, "{:?}", step);
            assert!(v.clocks_ms.b <= last.clocks_ms.b, "{:?}", step);
            assert!(
                v.challenge_allowance_ms.unwrap_or(0) <= last.challenge_allowance_ms.unwrap_or(0)
            );
        }
        assert!(tiles_accounted(&g), "tiles lost after {:?}", step);
        // C8: the score sheet adds up: each side's lines sum to the total shown.
        for side in Side::BOTH {
            let sum: i32 = v
                .sheet
                .iter()
                .filter(|l| l.side == side)
                .map(|l| l.points)
                .sum();
            assert_eq!(
                sum, v.scores[side],
                "side {side:?}, after {step:?}: {:?}",
                v.sheet
            );
        }
        if g.state.status == Status::Finished {
            assert!(g.state.result.is_some());
        }
        // N9: a declared result always shows the totals (a later correction declares it again).
        if let (Status::Finished, Some(r)) = (v.status, &v.result) {
            assert_eq!(r.scores, v.scores, "after {:?}", step);
        }
        last = v;
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn folding_stored_events_rebuilds_the_same_state(team in any::<bool>(), steps in steps()) {
        let g = run(team, &steps, true);
        let json = serde_json::to_string(&g.events).unwrap();
        let stored: Vec<Event> = serde_json::from_str(&json).unwrap();
        let folded = fold(&stored);
        prop_assert_eq!(&folded, &g.state);
        prop_assert_eq!(folded.view(g.now()), g.view());
        // Seqs are gapless from 1.
        for (i, e) in g.events.iter().enumerate() {
            prop_assert_eq!(e.seq, i as u64 + 1);
        }
    }

    #[test]
    fn accepted_commands_keep_clocks_non_increasing_and_the_bag_consistent(
        team in any::<bool>(), steps in steps()
    ) {
        run(team, &steps, false);
    }

    #[test]
    fn the_score_sheet_adds_up_to_each_sides_total_c8(team in any::<bool>(), steps in steps()) {
        // `run` checks after every step that each side's sheet lines sum to its score.
        let g = run(team, &steps, true);
        let v = g.view();
        for side in Side::BOTH {
            let sum: i32 = v.sheet.iter().filter(|l| l.side == side).map(|l| l.points).sum();
            prop_assert_eq!(sum, v.scores[side]);
        }
    }

    #[test]
    fn corrections_keep_the_bag_consistent(team in any::<bool>(), steps in steps()) {
        run(team, &steps, true);
    }
}
