//! The last play of a game: T17d (however the game ends, its last play stays open to objection
//! until its sheet line is complete), N5 (hold on the game-ending play) and T17b with a side out
//! of time.

use std::collections::BTreeMap;

use super::*;
use crate::rules::game::{AdjustmentReason, EndReason, ResultReason, Sides, Status};
use crate::rules::ruleset::Preset;
use serde_json::json;

fn racks(v: &[(&str, u32)]) -> Command {
    Command::AdjustRacks {
        racks: v
            .iter()
            .map(|(s, n)| (seat(s), *n))
            .collect::<BTreeMap<_, _>>(),
        tiles: Default::default(),
    }
}

fn rule_word(g: &mut Game, valid: bool) {
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: id,
            valid,
        },
    );
}

fn board(preset: Preset, overrides: serde_json::Value) -> Ruleset {
    let r = preset
        .ruleset()
        .with_overrides(&json!({"entry_mode": "board"}))
        .unwrap();
    r.with_overrides(&overrides).unwrap()
}

fn mv(m: &str, declared: i32) -> Command {
    Command::Play(Play::Board {
        mv: Some(m.into()),
        rack: None,
        declared,
        seat: None,
    })
}

/// Team play: A's clock runs out first; B1 then plays with 5 s left on B's clock, and B's clock
/// runs out on B2's turn: the game ends on time with B1's play still open (T5, T17c).
fn team_flagged_then_the_other(mut g: Game, last: Command) -> Game {
    g.wait(25 * MIN); // A1 thinks until A's clock is out
    assert!(g.view().flagged.a);
    g.wait(25 * MIN - 5_000); // B1 thinks
    g.ok(last);
    g.wait(5_000); // B2's turn: B's clock runs out
    let v = g.view();
    assert_eq!(v.status, Status::Ended);
    assert_eq!(v.end, Some(EndReason::BothClocksOut));
    g
}

// rule T17d
#[test]
fn a_flagged_team_may_challenge_the_last_play_after_the_game_ends_on_time_t17d_t5() {
    let g = Game::team();
    let mut g = team_flagged_then_the_other(g, play("ZQX", 3, 30));
    assert!(g.view().objection_window.is_some());
    // A is out of time and the game is over, yet A may still challenge B1's play.
    g.ok(challenge_word("A2", "ZQX"));
    rule_word(&mut g, false);
    assert_eq!(g.view().scores.b, -10);
    assert!(g.state.turns.last().unwrap().withdrawn);
    // The withdrawn play has nothing left to object to: its line is complete.
    assert!(g.view().objection_window.is_none());
    let ev = g.ok(racks(&[("A1", 5), ("B1", 4)]));
    assert_eq!(Game::kinds(&ev), vec!["racks_adjusted", "result_declared"]);
    let result = g.view().result.unwrap();
    assert_eq!(result.scores, Sides { a: -5, b: -14 });
    assert_eq!(result.winner, Some(Side::A));
}

// rule T17d
#[test]
fn a_flagged_team_may_challenge_the_score_of_the_last_play_t17d_t8c() {
    let g = Game::team();
    let mut g = team_flagged_then_the_other(g, play("ZAX", 3, 40));
    g.ok(Command::ChallengeScore { by: seat("A1") });
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleScore {
            challenge: id,
            actual: 30,
        },
    );
    assert_eq!(g.view().scores.b, 20);
    // Still open (a word challenge may follow) until the line is complete.
    g.ok(racks(&[]));
    assert!(g.view().result.is_none());
    g.ok(Command::Accept);
    assert_eq!(g.view().result.unwrap().scores, Sides { a: 0, b: 20 });
}

// rule T17d
#[test]
fn the_sixty_minute_limit_leaves_the_last_play_open_until_its_line_is_complete_t17d_t3() {
    let r = Preset::Team2v2
        .ruleset()
        .with_overrides(&json!({"clock": {"match_limit_ms": 20 * MIN}}))
        .unwrap();
    let mut g = Game::started(r);
    g.wait(10 * MIN);
    g.pass(); // A1
    g.wait(10 * MIN - 1_000);
    g.play("QI", 2, 30); // B1, one second before the limit
    g.wait(1_000);
    assert_eq!(g.view().end, Some(EndReason::MatchTimeLimit));
    let window = g.view().objection_window.unwrap();
    assert_eq!(window.seat, Some(seat("B1")));
    // Racks may be entered: they do not complete the line, and the result waits.
    g.ok(racks(&[("A1", 3)]));
    assert!(g.view().result.is_none());
    assert!(g.view().objection_window.is_some());
    g.ok(Command::ChallengeScore { by: seat("A2") });
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleScore {
            challenge: id,
            actual: 22,
        },
    );
    assert!(g.view().result.is_none());
    let ev = g.ok(Command::Accept);
    assert_eq!(Game::kinds(&ev), vec!["line_closed", "result_declared"]);
    assert_eq!(g.view().result.unwrap().scores, Sides { a: -3, b: 14 });
    assert_eq!(g.view().status, Status::Finished);
    // Once complete, the line is closed for good.
    assert_eq!(g.err(challenge_word("A1", "QI")), RuleError::GameOver);
}

// rule T17d
#[test]
fn counting_the_racks_does_not_close_a_team_out_play_and_a_withdrawal_recounts_them_t17d() {
    let mut g = Game::team();
    let mut bag = 72u32;
    while bag > 0 {
        let n = bag.min(7) as u8;
        g.play("WORD", n, 10);
        bag -= u32::from(n);
    }
    let out = g.view().seat_to_move.unwrap();
    let n = g.view().racks[&out];
    g.play("LAST", n, 20);
    assert_eq!(g.view().end, Some(EndReason::OutPlay { seat: out }));
    g.ok(racks(&[]));
    assert!(g.state.racks_counted);
    // The opponents challenge after the racks were entered: still in time.
    let by = Seat::new(out.side.other(), 2);
    g.ok(challenge_word(&by.to_string(), "LAST"));
    rule_word(&mut g, false);
    // The out-play is withdrawn: the game goes on and the racks no longer count.
    let v = g.view();
    assert_eq!(v.status, Status::InProgress);
    assert!(!g.state.racks_counted);
    assert!(
        v.adjustments
            .iter()
            .all(|a| a.reason != AdjustmentReason::Racks)
    );
}

// rule T17d
#[test]
fn announcing_the_end_does_not_close_the_last_play_t17d_n6() {
    let mut g = Game::individual();
    g.play("QI", 2, 22);
    g.wait(2_000);
    g.play("ZQX", 3, 40); // B1
    g.wait(1_000);
    g.ok_as(pic(), Command::AnnounceEnd);
    assert_eq!(g.view().objection_window.unwrap().seat, Some(seat("B1")));
    g.ok(challenge_word("A1", "ZQX"));
    rule_word(&mut g, false);
    assert_eq!(g.view().scores, Sides { a: 22, b: 0 });
    let ev = g.ok(racks(&[("A1", 9), ("B1", 10)]));
    assert_eq!(
        Game::kinds(&ev),
        vec!["racks_adjusted", "overtime_penalized", "result_declared"]
    );
    assert_eq!(g.view().result.unwrap().scores, Sides { a: 13, b: -10 });
}

// rule T17d
#[test]
fn an_individual_game_ending_on_time_keeps_the_last_play_open_to_hold_and_challenge_t17d_n5() {
    let r = Preset::Individual
        .ruleset()
        .with_overrides(&json!({"clock": {"match_limit_ms": 10 * MIN}}))
        .unwrap();
    let mut g = Game::started(r);
    g.wait(5 * MIN);
    g.play("QI", 2, 22); // A1
    g.wait(5 * MIN - 3_000);
    g.play("ZQX", 3, 40); // B1, three seconds before the limit
    g.wait(3_000);
    assert_eq!(g.view().end, Some(EndReason::MatchTimeLimit));
    g.wait(1_000); // 4 s after the play: within the grace period
    g.ok(Command::Hold { by: seat("A1") });
    g.wait(50_000);
    g.ok(racks(&[("A1", 8), ("B1", 6)]));
    assert!(g.view().result.is_none());
    g.ok(challenge_word("A1", "ZQX"));
    rule_word(&mut g, false);
    // Withdrawn after the racks were entered: the racks are counted again.
    assert!(!g.state.racks_counted);
    let ev = g.ok(racks(&[("A1", 8), ("B1", 13)]));
    assert_eq!(
        Game::kinds(&ev),
        vec!["racks_adjusted", "overtime_penalized", "result_declared"]
    );
    assert_eq!(g.view().result.unwrap().scores, Sides { a: 14, b: -13 });
}

// rule T17d
#[test]
fn an_individual_games_last_play_closes_when_the_grace_lapses_after_a_time_end_t17d_n5() {
    let r = Preset::Individual
        .ruleset()
        .with_overrides(&json!({"clock": {"match_limit_ms": MIN}, "end_rack_rule": "none"}))
        .unwrap();
    let mut g = Game::started(r);
    g.wait(MIN - 2_000);
    g.play("QI", 2, 22);
    g.wait(2_000);
    assert_eq!(g.view().end, Some(EndReason::MatchTimeLimit));
    assert!(g.view().result.is_none());
    g.wait(3_000);
    let ev = g.ok_as(Actor::System, Command::TimeExpired);
    assert_eq!(
        Game::kinds(&ev),
        vec![
            "match_time_up",
            "game_ended",
            "line_closed",
            "overtime_penalized",
            "result_declared"
        ]
    );
    assert_eq!(g.err(challenge_word("B1", "QI")), RuleError::GameOver);
}

// rule T17d
#[test]
fn board_mode_team_game_ending_on_time_keeps_the_last_play_open_t17d() {
    let mut g = Game::started(board(Preset::Team2v2, json!({})));
    g.ok(mv("8G QI", 22)); // A1
    g.wait(25 * MIN); // B1 thinks until B's clock is out
    assert!(g.view().flagged.b);
    g.wait(25 * MIN - 5_000); // A2 thinks
    g.ok(mv("G7 AQ", 30)); // A2 over-declares (the board says 12)
    g.wait(5_000);
    assert_eq!(g.view().end, Some(EndReason::BothClocksOut));
    // B is out of time and the game is over; its score challenge is settled by the board.
    let ev = g.ok(Command::ChallengeScore { by: seat("B2") });
    assert!(Game::kinds(&ev).ends_with(&["game_ended", "score_challenged", "score_ruled"]));
    assert_eq!(g.view().scores.a, 22 + 12 - 18);
    g.ok(challenge_word("B1", "AQ"));
    rule_word(&mut g, false);
    assert_eq!(g.view().board.unwrap()[6], "...............");
    g.ok(racks(&[]));
    assert_eq!(g.view().result.unwrap().scores, Sides { a: 12, b: 0 });
}

// rule T17d
#[test]
fn board_mode_individual_game_ending_on_time_keeps_the_last_play_open_t17d_n5() {
    let mut g = Game::started(board(
        Preset::Individual,
        json!({"clock": {"match_limit_ms": 2 * MIN}}),
    ));
    g.ok(mv("8G QI", 22));
    g.wait(2 * MIN - 1_000);
    g.ok(mv("G7 AQ", 11)); // B1, a second before the limit
    g.wait(1_000);
    assert_eq!(g.view().end, Some(EndReason::MatchTimeLimit));
    g.wait(3_000);
    g.ok(challenge_word("A1", "AQ"));
    rule_word(&mut g, true);
    // Valid under double challenge: no lost turn after the end; the line lapses with the grace.
    assert_eq!(g.view().status, Status::Ended);
    g.ok(racks(&[]));
    assert!(g.view().result.is_none());
    g.wait(1_000);
    assert_eq!(g.view().result.unwrap().scores, Sides { a: 22, b: 11 });
}

// rule T17d: a forfeit does not wait for the last play's line (T18b-c decide whatever it scores).
#[test]
fn a_disqualification_does_not_wait_for_the_last_line_t17d_t18b() {
    let mut g = Game::team();
    g.wait(25 * MIN);
    g.wait(25 * MIN - 5_000);
    g.play("ZQX", 3, 30);
    g.wait(5_000);
    assert!(g.view().objection_window.is_some());
    let ev = g.ok_as(
        committee(),
        Command::Disqualify {
            side: Side::A,
            reason: "abuse of the PIC".into(),
        },
    );
    // The clocks' run-out is recorded first, then the forfeit decides at once.
    assert!(Game::kinds(&ev).ends_with(&["game_ended", "disqualified", "result_declared"]));
    let result = g.view().result.unwrap();
    assert_eq!(result.reason, ResultReason::Disqualification);
    assert_eq!(result.winner, Some(Side::B));
    assert_eq!(g.err(challenge_word("A1", "ZQX")), RuleError::GameOver);
}

/// An individual game where the seat on turn plays out with the bag empty.
fn individual_out_play() -> Game {
    let mut g = Game::individual();
    let mut bag = 86u32;
    g.play("OPENERS", 7, 70);
    bag -= 7;
    while bag > 0 {
        let n = bag.min(7) as u8;
        g.play("WORD", n, 10);
        bag -= u32::from(n);
    }
    let s = g.view().seat_to_move.unwrap();
    let n = g.view().racks[&s];
    g.play("LAST", n, 20);
    g
}

// rule N5
#[test]
fn hold_on_the_game_ending_out_play_gives_sixty_seconds_n5_t17d() {
    let mut g = individual_out_play();
    let out = g.state.turns.last().unwrap().seat;
    let other = Seat::new(out.side.other(), 1);
    assert_eq!(g.view().status, Status::Ended);
    g.wait(4_000);
    g.ok(Command::Hold { by: other });
    g.wait(55_000);
    assert!(g.view().objection_window.unwrap().held);
    g.ok(challenge_word(&other.to_string(), "LAST"));
    rule_word(&mut g, false);
    assert_eq!(g.view().status, Status::InProgress);
    assert_eq!(g.view().seat_to_move, Some(other));
}

// rule N5
#[test]
fn a_hold_on_the_out_play_lapses_after_sixty_seconds_then_the_result_follows_n5() {
    let mut g = individual_out_play();
    let out = g.state.turns.last().unwrap().seat;
    let other = Seat::new(out.side.other(), 1);
    g.ok(racks(&[(other.to_string().as_str(), 5)]));
    g.wait(1_000);
    g.ok(Command::Hold { by: other });
    assert_eq!(
        g.err(Command::Hold { by: other }),
        RuleError::Hold("hold was already called")
    );
    g.wait(59_999);
    assert!(g.view().result.is_none());
    g.wait(1);
    let ev = g.ok_as(Actor::System, Command::TimeExpired);
    assert_eq!(
        Game::kinds(&ev),
        vec!["line_closed", "overtime_penalized", "result_declared"]
    );
}

// rule T17b
#[test]
fn passes_by_the_moving_team_alone_do_not_end_the_game_while_the_other_is_out_of_time_t17b() {
    let mut g = Game::team();
    g.wait(25 * MIN); // A is out of time: its turns are skipped (T5)
    for _ in 0..8 {
        g.pass(); // B1, B2, B1, …
    }
    // All four players did not pass: A cannot move, so T17b cannot be met.
    assert_eq!(g.view().status, Status::InProgress);
    for _ in 0..8 {
        g.pass();
    }
    assert_eq!(g.view().status, Status::InProgress);
    // The game ends on time instead (T17c).
    g.wait(25 * MIN);
    assert_eq!(g.view().end, Some(EndReason::BothClocksOut));
}

// rule T17b
#[test]
fn passes_before_a_flag_and_after_it_do_not_make_one_run_t17b() {
    let mut g = Game::team();
    for _ in 0..6 {
        g.pass(); // A1 B1 A2 B2 A1 B1
    }
    g.wait(25 * MIN); // A2 runs A's clock out: its turn is skipped
    g.pass(); // B2
    g.pass(); // B1
    assert_eq!(g.view().status, Status::InProgress);
}
