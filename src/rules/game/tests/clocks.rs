//! Clocks: T3, T4, T5, T7, N1, and the sweeper.

use super::*;
use crate::rules::clock::ClockMode;
use crate::rules::game::{EndReason, Payload, Status, due_timeouts, fold};

#[test]
fn each_team_has_twenty_five_minutes_counting_on_its_turns_only_t4() {
    let mut g = Game::team();
    g.wait(3 * MIN);
    g.play("QI", 2, 22);
    g.wait(MIN);
    let v = g.view();
    assert_eq!(v.clocks_ms.a, 22 * MIN);
    assert_eq!(v.clocks_ms.b, 24 * MIN);
    assert_eq!(v.clock_mode, ClockMode::Running { side: Side::B });
}

#[test]
fn a_team_at_zero_cannot_play_but_can_challenge_t5() {
    let mut g = Game::team();
    g.wait(25 * MIN); // A1 thinks until A's clock is out
    let v = g.view();
    assert_eq!(v.clocks_ms.a, 0);
    assert!(v.flagged.a);
    assert_eq!(v.seat_to_move, Some(seat("B1")));
    // A cannot move any more.
    assert_eq!(
        g.err(Command::Pass {
            seat: Some(seat("A1"))
        }),
        RuleError::OutOfTime(Side::A)
    );
    g.wait(1_000);
    g.play("QI", 2, 22); // B1; A2's turn is skipped
    assert_eq!(g.view().seat_to_move, Some(seat("B2")));
    // ...but A may still challenge.
    g.ok(challenge_word("A2", "QI"));
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: id,
            valid: false,
        },
    );
    assert_eq!(g.view().scores.b, -10);
    assert_eq!(g.view().seat_to_move, Some(seat("B2")));
    assert_eq!(g.view().clocks_ms.a, 0);
}

#[test]
fn the_other_team_moves_until_its_own_clock_is_out_then_the_game_ends_t5_t17c() {
    let mut g = Game::team();
    g.wait(25 * MIN);
    g.wait(10 * MIN);
    assert_eq!(g.view().clocks_ms.b, 15 * MIN);
    g.wait(15 * MIN);
    let v = g.view();
    assert_eq!(v.status, Status::Ended);
    assert_eq!(v.end, Some(EndReason::BothClocksOut));
    assert_eq!(v.clocks_ms.b, 0);
}

#[test]
fn flag_is_recorded_at_the_exact_moment_by_the_sweeper_t5() {
    let mut g = Game::team();
    g.wait(25 * MIN + 1_234);
    assert_eq!(due_timeouts(&g.state, g.now()), Some(Command::TimeExpired));
    let ev = g.ok_as(Actor::System, Command::TimeExpired);
    assert_eq!(
        ev[0].payload,
        Payload::ClockFlagged {
            side: Side::A,
            at: after(t0(), 25 * MIN)
        }
    );
    // B's clock started when A's reached zero.
    assert_eq!(g.view().clocks_ms.b, 25 * MIN - 1_234);
    assert_eq!(due_timeouts(&g.state, g.now()), None);
    assert_eq!(
        g.err_as(Actor::System, Command::TimeExpired),
        RuleError::NothingDue
    );
}

#[test]
fn challenge_time_comes_from_the_allowance_then_the_challenger_t7() {
    let mut g = Game::team();
    g.play("QI", 2, 22);
    g.ok(challenge_word("B1", "QI"));
    g.wait(12 * MIN);
    let v = g.view();
    assert_eq!(v.challenge_allowance_ms, Some(0));
    assert_eq!(v.clocks_ms.b, 23 * MIN);
    assert_eq!(v.clocks_ms.a, 25 * MIN);
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: id,
            valid: true,
        },
    );
    g.wait(MIN);
    assert_eq!(g.view().clocks_ms.b, 22 * MIN);
    assert_eq!(g.view().challenge_allowance_ms, Some(0));
}

#[test]
fn the_match_ends_at_sixty_minutes_t3() {
    let mut g = Game::team();
    // Alternate quick plays so neither clock runs out; long challenges use the allowance.
    for _ in 0..4 {
        g.wait(10 * MIN);
        g.pass();
    }
    // 40 minutes gone: A used 20, B used 20.
    g.play("QI", 2, 22); // A
    g.ok(challenge_word("B1", "QI"));
    g.wait(10 * MIN); // allowance spent
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: id,
            valid: true,
        },
    );
    assert_eq!(g.view().match_remaining_ms, Some(10 * MIN));
    g.wait(5 * MIN); // B's clock: 0
    g.wait(5 * MIN);
    let v = g.view();
    assert_eq!(v.status, Status::Ended);
    assert!(matches!(
        v.end,
        Some(EndReason::MatchTimeLimit | EndReason::BothClocksOut)
    ));
}

#[test]
fn the_match_limit_ends_the_game_even_with_time_on_the_clocks_t3() {
    let r = crate::rules::ruleset::Preset::Team2v2
        .ruleset()
        .with_overrides(&serde_json::json!({"clock": {"match_limit_ms": 20 * MIN}}))
        .unwrap();
    let mut g = Game::started(r);
    g.wait(10 * MIN);
    g.pass();
    g.wait(10 * MIN);
    assert_eq!(g.view().end, Some(EndReason::MatchTimeLimit));
    assert_eq!(g.view().clocks_ms.b, 15 * MIN);
}

#[test]
fn refolding_the_log_later_changes_no_clock() {
    let mut g = Game::team();
    g.wait(90_000);
    g.play("QI", 2, 22);
    g.wait(30_000);
    let json = serde_json::to_string(&g.events).unwrap();
    let back: Vec<Event> = serde_json::from_str(&json).unwrap();
    let restarted = fold(&back);
    assert_eq!(restarted, g.state);
    assert_eq!(restarted.view(g.now()), g.view());
    assert_eq!(restarted.view(g.now()).clocks_ms.b, 25 * MIN - 30_000);
}

#[test]
fn individual_clock_runs_into_overtime_n1_n2() {
    let mut g = Game::individual();
    g.wait(26 * MIN);
    let v = g.view();
    assert_eq!(v.clocks_ms.a, -MIN);
    assert!(v.flagged.a);
    assert_eq!(v.seat_to_move, Some(seat("A1"))); // play goes on (N2)
    g.play("QI", 2, 22);
}

#[test]
fn the_sweeper_knows_when_the_next_flag_falls_t5() {
    let mut g = Game::team();
    assert_eq!(
        crate::rules::game::next_timeout_at(&g.state),
        Some(after(t0(), 25 * MIN))
    );
    g.wait(MIN);
    g.pass();
    // B's clock now runs down; the match limit (60 min) is later.
    assert_eq!(
        crate::rules::game::next_timeout_at(&g.state),
        Some(after(t0(), 26 * MIN))
    );
}

#[test]
fn a_challenger_whose_clock_runs_out_during_a_challenge_is_flagged_t5_t7() {
    let mut g = Game::team();
    g.play("QI", 2, 22); // A1
    g.wait(24 * MIN); // B1 thinks: B has 1 minute left
    g.ok(challenge_word("B1", "QI"));
    g.wait(11 * MIN + 1); // allowance spent, then B's last minute
    let v = g.view();
    assert!(v.flagged.b);
    assert_eq!(v.clocks_ms.b, 0);
    assert_eq!(v.challenge_allowance_ms, Some(0));
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: id,
            valid: true,
        },
    );
    // B's turns are skipped: A2 moves.
    assert_eq!(g.view().seat_to_move, Some(seat("A2")));
}

/// A match whose `created` event holds durations no ruleset may give any more (stored before
/// they were bounded): every command and view runs without panicking (issue 11).
#[test]
fn a_stored_ruleset_with_durations_past_the_calendar_never_panics() {
    for individual in [false, true] {
        let mut r = if individual {
            Preset::Individual.ruleset()
        } else {
            Preset::Team2v2.ruleset()
        };
        r.clock.side_ms = u64::MAX;
        r.clock.match_limit_ms = Some(10_000_000_000_000_000);
        r.clock.challenge_allowance_ms = Some(u64::MAX);
        r.objection.grace_ms = Some(u64::MAX);
        r.objection.hold_ms = r.objection.hold_ms.map(|_| u64::MAX);
        if let crate::rules::ruleset::OvertimePolicy::PenaltyPerStartedMinute { floor, .. } =
            &mut r.clock.overtime
        {
            *floor = Some(i32::MIN);
        }
        let created = Event {
            seq: 1,
            at: t0(),
            actor: Actor::Director { id: "d".into() },
            payload: Payload::Created {
                ruleset: r,
                names: None,
            },
        };
        let mut g = Game {
            state: fold(std::slice::from_ref(&created)),
            events: vec![created],
            ms: 0,
        };
        g.ok(Command::Start { first: Side::A });
        g.wait(MIN);
        g.play("QI", 2, 22);
        let _ = g.view();
        let _ = g.try_as(table(), challenge_word("B1", "QI"));
        g.wait(10 * MIN);
        let _ = g.view();
        assert_eq!(due_timeouts(&g.state, g.now()), None);
        let _ = g.try_as(Actor::Director { id: "d".into() }, Command::AnnounceEnd);
        // The end of the calendar: whatever has run out by then is shown, and nothing panics.
        let v = g.state.view(chrono::DateTime::<chrono::Utc>::MAX_UTC);
        assert!(v.last_seq >= g.state.last_seq);
    }
}
