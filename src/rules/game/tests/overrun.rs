//! T7: challenge time past the challenge allowance (`challenge_overrun`).

use super::*;
use crate::rules::clock::ClockMode;
use crate::rules::game::Sides;
use crate::rules::ruleset::Preset;
use serde_json::json;

/// A1 over-declares ZAX; A2 (a teammate, T8b) and B1 (an opponent, T11) object together.
fn two_challenges_open(g: &mut Game) -> (u64, u64) {
    g.play("ZAX", 3, 40);
    g.ok(Command::ChallengeScore { by: seat("A2") });
    let score = g.last_challenge();
    g.ok(challenge_word("B1", "ZAX"));
    let word = g.last_challenge();
    (score, word)
}

// rule T7
#[test]
fn each_open_challenge_runs_its_own_challengers_clock_past_the_allowance_t7() {
    let mut g = Game::team();
    let (score, word) = two_challenges_open(&mut g);
    g.wait(12 * MIN);
    let v = g.view();
    assert_eq!(v.challenge_allowance_ms, Some(0));
    assert_eq!(
        v.clock_mode,
        ClockMode::Challenge {
            charged: Sides { a: true, b: true }
        }
    );
    // Two minutes past the allowance: each team pays for its own challenge.
    assert_eq!(
        v.clocks_ms,
        Sides {
            a: 23 * MIN,
            b: 23 * MIN
        }
    );
    // The teammate's correction is settled: from then on only B's challenge runs, on B's clock.
    g.ok_as(
        pic(),
        Command::RuleScore {
            challenge: score,
            actual: 30,
        },
    );
    g.wait(MIN);
    assert_eq!(
        g.view().clocks_ms,
        Sides {
            a: 23 * MIN,
            b: 22 * MIN
        }
    );
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: word,
            valid: true,
        },
    );
    assert_eq!(g.view().scores.a, 30 + 10);
}

// rule T7
#[test]
fn the_word_makers_team_does_not_pay_for_the_opponents_challenge_t7() {
    let mut g = Game::team();
    let (score, word) = two_challenges_open(&mut g);
    g.wait(MIN);
    // The correction is settled within the allowance; B's challenge then runs two minutes over.
    g.ok_as(
        pic(),
        Command::RuleScore {
            challenge: score,
            actual: 30,
        },
    );
    g.wait(11 * MIN);
    assert_eq!(
        g.view().clocks_ms,
        Sides {
            a: 25 * MIN,
            b: 23 * MIN
        }
    );
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: word,
            valid: false,
        },
    );
    assert_eq!(
        g.view().clocks_ms,
        Sides {
            a: 25 * MIN,
            b: 23 * MIN
        }
    );
}

// rule T7
#[test]
fn opened_the_other_way_round_the_opponents_challenge_still_costs_the_opponent_t7() {
    let mut g = Game::team();
    g.play("ZAX", 3, 40);
    g.ok(challenge_word("B1", "ZAX"));
    g.ok(Command::ChallengeScore { by: seat("A2") });
    g.wait(11 * MIN);
    assert_eq!(
        g.view().clocks_ms,
        Sides {
            a: 24 * MIN,
            b: 24 * MIN
        }
    );
}

// rule T7
#[test]
fn paused_overrun_keeps_both_clocks_stopped_however_long_the_challenge_t7() {
    let r = Preset::Team2v2
        .ruleset()
        .with_overrides(&json!({"challenge_overrun": "paused"}))
        .unwrap();
    let mut g = Game::started(r);
    g.play("QI", 2, 22);
    g.ok(challenge_word("B1", "QI"));
    g.wait(40 * MIN);
    let v = g.view();
    assert_eq!(v.challenge_allowance_ms, Some(0));
    assert_eq!(
        v.clocks_ms,
        Sides {
            a: 25 * MIN,
            b: 25 * MIN
        }
    );
    assert!(!v.flagged.b);
}

#[test]
fn challenge_overrun_is_a_ruleset_option_defaulting_to_challenger_t7() {
    use crate::rules::ruleset::ChallengeOverrun;
    for p in [Preset::Team2v2, Preset::Individual] {
        assert_eq!(p.ruleset().challenge_overrun, ChallengeOverrun::Challenger);
    }
    // A ruleset stored before the option existed reads as the default.
    let mut stored = serde_json::to_value(Preset::Team2v2.ruleset()).unwrap();
    stored.as_object_mut().unwrap().remove("challenge_overrun");
    let back: Ruleset = serde_json::from_value(stored).unwrap();
    assert_eq!(back.challenge_overrun, ChallengeOverrun::Challenger);
    assert!(
        Preset::Team2v2
            .ruleset()
            .with_overrides(&json!({"challenge_overrun": "split"}))
            .is_err()
    );
}
