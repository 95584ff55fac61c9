//! N2 overtime with a limit (a player past `max_overtime_minutes` loses on time), and what a
//! challenge checked (N5: every word the play formed, shown with those found invalid).

use chrono::Duration;

use super::*;
use crate::rules::game::{Payload, RuleError};
use crate::rules::online::rating::{Rating, game_ratings};

/// One minute each, N2 at `points` a minute with at most `max` minutes over, challenge mode.
fn limited(points: u32, max: u32) -> OnlineSettings {
    OnlineSettings {
        minutes: 1,
        at_zero: AtZero::Overtime {
            points,
            max_overtime_minutes: max,
        },
        ..challenge(ChallengeRule::Double)
    }
}

/// A opens with COATED (ahead), B passes, then A's clock runs: 55 s left from 10 s, at zero at
/// 65 s; with one minute of overtime allowed, past it (−1:01) at 126 s.
fn a_ahead_then_gone(points: u32, max: u32) -> G {
    let mut g = G::dealt(limited(points, max), "CATSDOE", "QUIZJAX");
    g.play(Side::A, "8C COATED", 5);
    g.pass(Side::B, 10);
    g
}

fn ms(sec: i64, ms: i64) -> DateTime<Utc> {
    at(sec) + Duration::milliseconds(ms)
}

#[test]
fn n2_past_the_overtime_limit_the_game_ends_at_exactly_the_limit_plus_one_second() {
    let mut g = a_ahead_then_gone(10, 1);
    // The flag at zero first (N2: play goes on), then the limit.
    assert_eq!(next_timeout_at(&g.state), Some(at(65)));
    g.ok(OnlineCommand::TimeExpired, Sender::Server, 65);
    assert!(!g.state.is_over(), "N2: play goes on past zero");
    assert_eq!(next_timeout_at(&g.state), Some(at(126)));
    // Not before: at −1:00.999 the player may still move and nothing is due.
    let before = ms(125, 999);
    assert_eq!(due_timeouts(&g.state, before), None);
    let e = decide(
        &g.state,
        OnlineCommand::TimeExpired,
        Sender::Server,
        before,
        &mut g.rng,
        g.graph,
    )
    .unwrap_err();
    assert_eq!(e, OnlineError::Rule(RuleError::NothingDue));
    let pass = decide(
        &g.state,
        OnlineCommand::Pass,
        Sender::Player(Side::A),
        before,
        &mut g.rng,
        g.graph,
    );
    assert!(pass.is_ok(), "{pass:?}");
    // At −1:01 it is over: a move arriving then is refused and records nothing…
    assert_eq!(
        due_timeouts(&g.state, at(126)),
        Some(OnlineCommand::TimeExpired)
    );
    let e = g.refused(OnlineCommand::Pass, Sender::Player(Side::A), 126);
    assert_eq!(e, OnlineError::GameOver);
    // …and the sweeper records the loss on time.
    g.ok(OnlineCommand::TimeExpired, Sender::Server, 126);
    assert_eq!(end_of(&g.state), Some(OnlineEnd::Time));
    let clocks = g.state.game.clocks.as_ref().unwrap();
    assert_eq!(
        clocks.remaining_ms(Side::A, at(500)),
        -61_000,
        "stopped at the limit"
    );
}

#[test]
fn n2_the_player_past_the_limit_is_charged_the_full_overtime_and_loses_though_ahead() {
    let mut g = a_ahead_then_gone(10, 1);
    let ahead = g.state.game.scores();
    assert!(ahead.a > 10 && ahead.b == 0, "{ahead:?}");
    // The sweeper comes late (the server was down): the end is dated when the limit passed.
    g.ok(OnlineCommand::TimeExpired, Sender::Server, 400);
    let penalty = g
        .state
        .game
        .log
        .iter()
        .find_map(|e| match &e.payload {
            Payload::OvertimePenalized { over_ms, points } => Some((*over_ms, *points)),
            _ => None,
        })
        .expect("an overtime penalty");
    // N2: one minute allowed at 10 a minute: 10 points, not 20 for a second started minute.
    assert_eq!(penalty.0.a, 60_000);
    assert_eq!(penalty.1, Sides { a: 10, b: 0 });
    let r = g.state.game.result.clone().unwrap();
    assert_eq!(r.winner, Some(Side::B), "the opponent wins though behind");
    assert_eq!(
        r.scores,
        Sides {
            a: ahead.a - 10,
            b: 0
        }
    );
    assert_eq!(g.state.last_at, Some(at(126)));
    // O4: ratings move like any end.
    let (_, after) = game_ratings(&g.state, Sides::default()).expect("rated");
    assert!(after.b.rating > Rating::default().rating);
    assert!(after.a.rating < Rating::default().rating);
}

#[test]
fn n2_the_penalty_for_the_full_overtime_is_max_minutes_times_points_floored_at_zero() {
    // Ten minutes at 10 a minute: 100 points, more than A has (N2: never below 0).
    let mut g = a_ahead_then_gone(10, 10);
    assert_eq!(next_timeout_at(&g.state), Some(at(65)));
    g.ok(OnlineCommand::TimeExpired, Sender::Server, 65);
    assert_eq!(due_timeouts(&g.state, ms(665, 999)), None);
    assert_eq!(next_timeout_at(&g.state), Some(at(666)));
    let a = g.state.game.scores().a;
    g.ok(OnlineCommand::TimeExpired, Sender::Server, 666);
    let r = g.state.game.result.clone().unwrap();
    assert!(a < 100, "{a}");
    assert_eq!(r.scores.a, 0);
    // Two minutes at 5: A is charged 10.
    let mut g = a_ahead_then_gone(5, 2);
    let a = g.state.game.scores().a;
    g.ok(OnlineCommand::TimeExpired, Sender::Server, 65 + 121);
    assert_eq!(g.state.game.result.clone().unwrap().scores.a, a - 10);
}

#[test]
fn n2_loss_on_time_games_have_no_overtime_limit_and_old_settings_read_ten_minutes() {
    let g = G::dealt(
        OnlineSettings {
            minutes: 1,
            at_zero: AtZero::LossOnTime,
            ..dictionary()
        },
        "CATSDOE",
        "QUIZJAX",
    );
    assert_eq!(super::super::overtime::limit_at(&g.state), None);
    let old: OnlineSettings = serde_json::from_value(serde_json::json!({
        "lexicon": "enable", "tile_set": "english", "mode": {"kind": "dictionary"},
        "minutes": 25, "at_zero": {"kind": "overtime", "points": 10}, "rated": true
    }))
    .unwrap();
    assert_eq!(
        old.at_zero,
        AtZero::Overtime {
            points: 10,
            max_overtime_minutes: 10
        }
    );
}

#[test]
fn n2_an_overtime_limit_of_0_or_11_minutes_is_refused() {
    for max in [0, 11] {
        let mut g = G {
            log: Vec::new(),
            state: OnlineState::default(),
            rng: StdRng::seed_from_u64(1),
            graph: enable(),
        };
        let open = OnlineCommand::Open {
            settings: limited(10, max),
            names: names(),
        };
        let e = g.refused(open, Sender::Server, 0);
        match e {
            OnlineError::Settings(m) => {
                assert!(m.contains("at_zero.max_overtime_minutes"), "{m}")
            }
            e => panic!("{max}: {e:?}"),
        }
    }
    for max in [1, 10] {
        assert!(limited(10, max).ruleset().is_ok(), "{max}");
    }
}

#[test]
fn n5_a_challenge_checks_every_word_the_play_formed_and_names_the_invalid_ones() {
    let mut g = G::dealt(challenge(ChallengeRule::Double), "CATSDOE", "QUIZJAX");
    g.play(Side::A, "8H CATS", 5);
    // B lays AX under AT: AX across, AA and TX down. TX is no word.
    g.play(Side::B, "9I AX", 10);
    g.ok(
        OnlineCommand::Challenge { words: vec![] },
        Sender::Player(Side::A),
        12,
    );
    let v = view(&g.state, Viewer::Spectator, at(13));
    let checked = v.turns[1].checked.clone().expect("the check shown");
    let mut words = checked.words.clone();
    words.sort();
    assert_eq!(words, ["AA", "AX", "TX"]);
    assert_eq!(checked.invalid, ["TX"]);
    assert!(v.turns[1].withdrawn);
    assert_eq!(v.turns[0].checked, None, "CATS was not challenged");
    // A valid play challenged: every word checked, none invalid, the play stands.
    g.pass(Side::A, 13);
    g.play(Side::B, "I8 AX", 14);
    g.ok(
        OnlineCommand::Challenge { words: vec![] },
        Sender::Player(Side::A),
        15,
    );
    let v = view(&g.state, Viewer::Player(Side::B), at(16));
    let last = v.turns.iter().rev().find(|t| t.kind == "play").unwrap();
    let checked = last.checked.clone().unwrap();
    assert_eq!(checked.words, ["AX"]);
    assert!(checked.invalid.is_empty(), "{checked:?}");
    assert!(!last.withdrawn);
}
