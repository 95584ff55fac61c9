//! Challenge mode (O2, N5), clocks (N2, loss on time) and resigning.

use super::*;
use crate::rules::game::RuleError;

fn challenge_cmd() -> OnlineCommand {
    OnlineCommand::Challenge { words: vec![] }
}

#[test]
fn o2_n5_a_phony_is_played_then_challenged_off_and_its_tiles_come_back() {
    let mut g = G::dealt(challenge(ChallengeRule::Double), "TSEOCAD", "QUIZJAX");
    // O2: a phony is accepted at entry.
    g.play(Side::A, "8H TSEO", 5);
    assert_eq!(g.state.bag.len(), 82);
    assert!(view(&g.state, Viewer::Player(Side::B), at(6)).challengeable);
    g.ok(challenge_cmd(), Sender::Player(Side::B), 6);
    // N5: withdrawn, scores 0; the tiles are back on A's rack, the draw back in the bag.
    assert_eq!(g.rack(Side::A), "ACDEOST");
    assert_eq!(g.state.bag.len(), 86);
    assert_eq!(g.state.game.scores().a, 0);
    assert!(g.state.game.turns[0].withdrawn);
    assert!(
        g.state
            .game
            .board
            .as_ref()
            .unwrap()
            .board
            .tiles()
            .next()
            .is_none()
    );
    assert_eq!(g.state.side_to_move(), Some(Side::B));
}

#[test]
fn n5_double_a_valid_play_challenged_costs_the_challenger_a_turn() {
    let mut g = G::dealt(challenge(ChallengeRule::Double), "CATSDOE", "QUIZJAX");
    g.play(Side::A, "8H CATS", 5);
    g.ok(challenge_cmd(), Sender::Player(Side::B), 6);
    assert_eq!(g.state.game.scores().a, 12);
    assert_eq!(g.state.side_to_move(), Some(Side::A), "B lost its turn");
    // The challenger may not challenge twice, nor the player their own play.
    let e = g.refused(challenge_cmd(), Sender::Player(Side::B), 7);
    assert!(matches!(e, OnlineError::Rule(_)), "{e:?}");
}

#[test]
fn n5_five_point_rule_gives_five_per_valid_word_and_b_keeps_its_turn() {
    let mut g = G::dealt(challenge(ChallengeRule::FivePoint), "CATSDOE", "QUIZJAX");
    g.play(Side::A, "8H CATS", 5);
    let e = g.refused(challenge_cmd(), Sender::Player(Side::A), 6);
    assert!(
        matches!(e, OnlineError::Rule(RuleError::NotAnOpponent)),
        "{e:?}"
    );
    let e = g.refused(OnlineCommand::Accept, Sender::Player(Side::A), 6);
    assert_eq!(e, OnlineError::Rule(RuleError::NotAnOpponent), "own play");
    g.ok(challenge_cmd(), Sender::Player(Side::B), 6);
    assert_eq!(g.state.game.scores().a, 17);
    assert_eq!(g.state.side_to_move(), Some(Side::B));
}

#[test]
fn n5_the_challenge_window_grace_and_hold() {
    let mut g = G::dealt(challenge(ChallengeRule::Double), "TSEOCAD", "QUIZJAX");
    g.play(Side::A, "8H TSEO", 5);
    // N5: past the 5 s grace without a hold, the play stands.
    let e = g.refused(challenge_cmd(), Sender::Player(Side::B), 11);
    assert_eq!(e, OnlineError::Rule(RuleError::NoObjectionWindow));
    let mut h = G::dealt(challenge(ChallengeRule::Double), "TSEOCAD", "QUIZJAX");
    h.play(Side::A, "8H TSEO", 5);
    h.ok(OnlineCommand::Hold, Sender::Player(Side::B), 8);
    let e = h.refused(OnlineCommand::Hold, Sender::Player(Side::B), 9);
    assert!(matches!(e, OnlineError::Rule(RuleError::Hold(_))), "{e:?}");
    h.ok(challenge_cmd(), Sender::Player(Side::B), 40);
    assert!(h.state.game.turns[0].withdrawn);
}

#[test]
fn o2_one_player_passing_three_times_in_a_row_ends_the_game_with_n6_racks() {
    let mut g = G::dealt(challenge(ChallengeRule::Double), "CATSDOE", "QUIZJAX");
    g.pass(Side::A, 5);
    let mut sec = 5;
    for _ in 0..2 {
        sec += 10;
        let mv = g.top(Side::B).unwrap();
        g.play(Side::B, &mv, sec);
        assert!(
            !g.state.is_over(),
            "{} passes",
            g.state.passes_in_row(Side::A)
        );
        sec += 10;
        if g.state.passes_in_row(Side::A) == 2 {
            break;
        }
        g.pass(Side::A, sec);
    }
    assert_eq!(g.state.passes_in_row(Side::A), 2);
    assert_eq!(
        g.state.passes_in_row(Side::B),
        0,
        "B's plays break nothing of A's run"
    );
    let set = TileSet::english();
    let racks = (
        g.state.racks.a.value(&set) as i32,
        g.state.racks.b.value(&set) as i32,
    );
    let before = g.state.game.scores();
    g.pass(Side::A, sec);
    assert_eq!(end_of(&g.state), Some(OnlineEnd::ThreePasses));
    // N6: nobody went out: each loses their own rack's value; then the result (N8).
    let r = g.state.game.result.clone().unwrap();
    assert_eq!(r.scores.a, before.a - racks.0);
    assert_eq!(r.scores.b, before.b - racks.1);
    let e = g.refused(OnlineCommand::Pass, Sender::Player(Side::B), sec + 1);
    assert!(matches!(e, OnlineError::GameOver), "{e:?}");
}

#[test]
fn o2_two_passes_each_do_not_end_a_challenge_game() {
    // N6's six scoreless turns are not O2's end: A and B pass twice each and play goes on.
    let mut g = G::dealt(challenge(ChallengeRule::Single), "CATSDOE", "QUIZJAX");
    for i in 0..4 {
        let side = if i % 2 == 0 { Side::A } else { Side::B };
        g.pass(side, 5 + i);
    }
    assert!(!g.state.is_over());
    // A's third pass in a row ends it.
    g.pass(Side::A, 20);
    assert_eq!(end_of(&g.state), Some(OnlineEnd::ThreePasses));
}

fn timed(at_zero: AtZero) -> OnlineSettings {
    OnlineSettings {
        minutes: 1,
        at_zero,
        ..challenge(ChallengeRule::Double)
    }
}

#[test]
fn o2_loss_on_time_the_player_at_zero_loses_whatever_the_score() {
    let mut g = G::dealt(timed(AtZero::LossOnTime), "CATSDOE", "QUIZJAX");
    g.play(Side::A, "8H CATS", 5);
    assert_eq!(due_timeouts(&g.state, at(60)), None);
    // B's minute runs from 5 s: at 65 s it is at zero (server time, not the client's).
    assert_eq!(next_timeout_at(&g.state), Some(at(65)));
    g.ok(OnlineCommand::Accept, Sender::Player(Side::B), 6);
    assert_eq!(next_timeout_at(&g.state), Some(at(65)));
    let e = g.refused(OnlineCommand::TimeExpired, Sender::Player(Side::A), 70);
    assert_eq!(
        e,
        OnlineError::NotAPlayer(Side::A),
        "the clock is the server's"
    );
    let e = g.refused(OnlineCommand::TimeExpired, Sender::Server, 30);
    assert!(
        matches!(e, OnlineError::Rule(RuleError::NothingDue)),
        "{e:?}"
    );
    assert_eq!(
        due_timeouts(&g.state, at(65)),
        Some(OnlineCommand::TimeExpired)
    );
    g.ok(OnlineCommand::TimeExpired, Sender::Server, 70);
    assert_eq!(end_of(&g.state), Some(OnlineEnd::Time));
    let r = g.state.game.result.clone().unwrap();
    assert_eq!(r.winner, Some(Side::A));
    // A move arriving after the flag (server time) is refused.
    let e = g.refused(OnlineCommand::Pass, Sender::Player(Side::B), 71);
    assert!(matches!(e, OnlineError::GameOver), "{e:?}");
}

#[test]
fn n2_overtime_costs_ten_points_per_started_minute_after_the_racks() {
    let mut g = G::dealt(
        timed(AtZero::Overtime {
            points: 10,
            max_overtime_minutes: 10,
        }),
        "CATSDOE",
        "QUIZJAX",
    );
    g.play(Side::A, "8H CATS", 10);
    g.pass(Side::B, 20);
    // A's clock: 10 s, then 80 s more: 30 s over, play goes on (N2).
    g.pass(Side::A, 100);
    assert!(!g.state.is_over());
    g.pass(Side::B, 110);
    g.pass(Side::A, 111);
    let set = TileSet::english();
    let racks = (
        g.state.racks.a.value(&set) as i32,
        g.state.racks.b.value(&set) as i32,
    );
    g.pass(Side::B, 112);
    assert_eq!(end_of(&g.state), Some(OnlineEnd::ThreePasses));
    let r = g.state.game.result.clone().unwrap();
    // N2/N8: A is 31 s over: one started minute, 10 points, after the racks (N6).
    assert_eq!(r.scores.a, (12 - racks.0 - 10).max(0));
    assert_eq!(r.scores.b, -racks.1);
}

#[test]
fn a_player_may_resign_once() {
    let mut g = G::dealt(dictionary(), "CATSDOE", "QUIZJAX");
    g.play(Side::A, "8H CATS", 5);
    g.ok(OnlineCommand::Resign, Sender::Player(Side::A), 9);
    assert_eq!(end_of(&g.state), Some(OnlineEnd::Resigned));
    assert_eq!(g.state.game.result.clone().unwrap().winner, Some(Side::B));
    let e = g.refused(OnlineCommand::Resign, Sender::Player(Side::B), 10);
    assert_eq!(e, OnlineError::GameOver);
    let e = g.refused(OnlineCommand::Resign, Sender::Server, 10);
    assert!(matches!(e, OnlineError::Lifecycle(_)), "{e:?}");
}
