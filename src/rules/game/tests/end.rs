//! End of game and outcome: T17, T18, T19, N2, N6, N7, N8.

use std::collections::BTreeMap;

use super::*;
use crate::rules::game::Exchange;
use crate::rules::game::{EndReason, Payload, ResultReason, Sides, Status};
use crate::rules::ruleset::Preset;
use crate::rules::tiles::Rack;
use serde_json::json;

fn exchange(tiles: &str) -> Command {
    Command::Exchange(Exchange {
        tiles: Rack::parse(tiles).unwrap(),
        rack: None,
        seat: None,
    })
}

fn racks(v: &[(&str, u32)]) -> Command {
    Command::AdjustRacks {
        racks: v
            .iter()
            .map(|(s, n)| (seat(s), *n))
            .collect::<BTreeMap<_, _>>(),
        tiles: Default::default(),
    }
}

#[test]
fn eight_consecutive_passes_end_the_game_t17b() {
    let mut g = Game::team();
    for _ in 0..7 {
        g.pass();
    }
    assert_eq!(g.view().status, Status::InProgress);
    g.pass();
    assert_eq!(g.view().status, Status::Ended);
    assert_eq!(g.view().end, Some(EndReason::ConsecutivePasses));
}

#[test]
fn an_exchange_breaks_the_run_of_passes_t17b() {
    let mut g = Game::team();
    for _ in 0..7 {
        g.pass();
    }
    g.ok(exchange("EEEA"));
    for _ in 0..7 {
        g.pass();
    }
    assert_eq!(g.view().status, Status::InProgress);
    g.pass();
    assert_eq!(g.view().end, Some(EndReason::ConsecutivePasses));
}

#[test]
fn after_the_game_ends_racks_are_counted_then_the_result_is_declared_t19_t18a() {
    let mut g = Game::team();
    g.play("QI", 2, 22);
    for _ in 0..8 {
        g.pass();
    }
    assert!(g.view().result.is_none());
    assert_eq!(g.err(Command::Pass { seat: None }), RuleError::GameOver);
    let ev = g.ok(racks(&[("A1", 5), ("A2", 3), ("B1", 10), ("B2", 1)]));
    assert_eq!(Game::kinds(&ev), vec!["racks_adjusted", "result_declared"]);
    let v = g.view();
    assert_eq!(v.scores, Sides { a: 14, b: -11 });
    let result = v.result.unwrap();
    assert_eq!(result.winner, Some(Side::A));
    assert_eq!(result.reason, ResultReason::Score);
    assert_eq!(v.status, Status::Finished);
    assert_eq!(g.err(racks(&[("A1", 5)])), RuleError::RacksNotDue);
}

#[test]
fn equal_totals_are_a_tie_t18() {
    let r = Preset::Team2v2
        .ruleset()
        .with_overrides(&json!({"end_rack_rule": "none"}))
        .unwrap();
    let mut g = Game::started(r);
    for _ in 0..8 {
        g.pass();
    }
    let result = g.view().result.unwrap();
    assert_eq!(result.winner, None);
    assert_eq!(result.reason, ResultReason::Score);
}

/// An individual game where A1 plays out with the bag empty.
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
    // Empty the racks' tops: the seat on turn plays out its whole rack.
    let s = g.view().seat_to_move.unwrap();
    let n = g.view().racks[&s];
    g.play("LAST", n, 20);
    g
}

#[test]
fn out_play_with_empty_bag_ends_the_game_and_stops_the_clocks_t17a_n6() {
    let mut g = individual_out_play();
    let out = g.state.turns.last().unwrap().seat;
    let v = g.view();
    assert_eq!(v.status, Status::Ended);
    assert_eq!(v.end, Some(EndReason::OutPlay { seat: out }));
    let clocks = v.clocks_ms;
    g.wait(MIN);
    assert_eq!(g.view().clocks_ms, clocks);
    assert_eq!(g.err(Command::Pass { seat: None }), RuleError::GameOver);
    // The final play is still open to objection (T7) until the grace period lapses (N5).
    assert!(g.view().objection_window.is_none());
}

#[test]
fn final_play_may_be_challenged_within_the_window_t7_t17a() {
    let mut g = individual_out_play();
    let out = g.state.turns.last().unwrap().seat;
    let other = Seat::new(out.side.other(), 1);
    assert!(g.view().objection_window.is_some());
    g.ok(challenge_word(&other.to_string(), "LAST"));
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: id,
            valid: true,
        },
    );
    // Valid: the game stays over (no lost turn after the end), racks come next.
    assert_eq!(g.view().status, Status::Ended);
    g.ok(racks(&[(other.to_string().as_str(), 3)]));
    // T17d: the result waits until the play's line is complete (here: the grace lapses).
    assert!(g.view().result.is_none());
    g.wait(5_000);
    assert!(g.view().result.is_some());
}

#[test]
fn the_out_plays_window_lapses_by_itself_n5() {
    let mut g = individual_out_play();
    g.wait(5_000);
    let ev = g.ok_as(Actor::System, Command::TimeExpired);
    assert_eq!(Game::kinds(&ev), vec!["line_closed"]);
    assert_eq!(g.err(challenge_word("B1", "LAST")), RuleError::GameOver);
}

#[test]
fn team_out_play_stays_open_to_objection_after_racks_are_counted_t7_t17d() {
    let mut g = Game::team();
    let mut bag = 72u32;
    while bag > 0 {
        let n = bag.min(7) as u8;
        g.play("WORD", n, 10);
        bag -= u32::from(n);
    }
    let s = g.view().seat_to_move.unwrap();
    let n = g.view().racks[&s];
    g.play("LAST", n, 20);
    assert_eq!(g.view().status, Status::Ended);
    g.wait(10 * MIN);
    assert!(g.view().objection_window.is_some());
    g.ok(racks(&[]));
    // T17d: counting the racks does not complete the last line; `accept` does.
    assert!(g.view().objection_window.is_some());
    assert_eq!(g.view().status, Status::Ended);
    g.ok(Command::Accept);
    assert_eq!(g.view().status, Status::Finished);
}

#[test]
fn challenged_off_out_play_resumes_the_game_t13_t17a() {
    let mut g = individual_out_play();
    let out = g.state.turns.last().unwrap().seat;
    let other = Seat::new(out.side.other(), 1);
    let before = g.view().clocks_ms;
    g.ok(challenge_word(&other.to_string(), "LAST"));
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: id,
            valid: false,
        },
    );
    assert_eq!(g.view().status, Status::InProgress);
    assert_eq!(g.view().end, None);
    assert_eq!(g.view().seat_to_move, Some(other));
    g.wait(1_000);
    assert_eq!(g.view().clocks_ms[other.side], before[other.side] - 1_000);
}

#[test]
fn out_play_bonus_subtract_and_add_n7() {
    let mut g = individual_out_play();
    let out = g.state.turns.last().unwrap().seat.side;
    let before = g.view().scores;
    let other = Seat::new(out.other(), 1).to_string();
    g.ok(racks(&[(other.as_str(), 12)]));
    let after = g.view().scores;
    assert_eq!(after[out], before[out] + 12);
    assert_eq!(after[out.other()], before[out.other()] - 12);
}

#[test]
fn out_play_bonus_add_twice_n7() {
    let r = Preset::Individual
        .ruleset()
        .with_overrides(&json!({"end_rack_rule": "add_twice"}))
        .unwrap();
    let mut g = Game::started(r);
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
    let before = g.view().scores;
    let other = Seat::new(s.side.other(), 1).to_string();
    g.ok(racks(&[(other.as_str(), 12)]));
    let after = g.view().scores;
    assert_eq!(after[s.side], before[s.side] + 24);
    assert_eq!(after[s.side.other()], before[s.side.other()]);
}

#[test]
fn six_scoreless_turns_end_an_individual_game_n6() {
    let mut g = Game::individual();
    g.play("QI", 2, 22);
    g.pass();
    g.ok(exchange("QV"));
    g.pass();
    g.pass();
    g.pass();
    assert_eq!(g.view().status, Status::InProgress);
    g.pass();
    assert_eq!(g.view().end, Some(EndReason::ScorelessTurns));
    // N6: each loses their rack's value.
    g.ok(racks(&[("A1", 4), ("B1", 9)]));
    assert_eq!(g.view().scores, Sides { a: 18, b: -9 });
}

#[test]
fn the_director_may_announce_the_end_n6() {
    let mut g = Game::individual();
    assert!(matches!(
        g.err(Command::AnnounceEnd),
        RuleError::Forbidden { .. }
    ));
    g.ok_as(pic(), Command::AnnounceEnd);
    assert_eq!(g.view().end, Some(EndReason::Announced));
}

#[test]
fn overtime_of_one_minute_one_second_costs_twenty_n2() {
    let mut g = Game::individual();
    g.play("QI", 2, 22); // A
    g.wait(25 * MIN + 61_000);
    g.play("ZAX", 3, 50); // B, 1:01 over
    g.wait(5_000); // T17d: the grace lapses; announcing the end would not close the line
    g.ok_as(pic(), Command::AnnounceEnd);
    let ev = g.ok(racks(&[("A1", 0), ("B1", 0)]));
    assert_eq!(
        ev[1].payload,
        Payload::OvertimePenalized {
            over_ms: Sides { a: 0, b: 61_000 },
            points: Sides { a: 0, b: 20 }
        }
    );
    assert_eq!(g.view().scores, Sides { a: 22, b: 30 });
}

#[test]
fn overtime_never_takes_a_score_below_zero_n2() {
    let mut g = Game::individual();
    g.play("QI", 2, 22); // A
    g.wait(25 * MIN + 61_000);
    g.play("ZA", 2, 15); // B, 1:01 over, 15 points
    g.wait(5_000); // T17d
    g.ok_as(pic(), Command::AnnounceEnd);
    g.ok(racks(&[]));
    assert_eq!(g.view().scores.b, 0);
    assert_eq!(g.view().result.unwrap().winner, Some(Side::A));
}

#[test]
fn overtime_is_applied_after_the_racks_n8() {
    let mut g = Game::individual();
    g.play("QI", 2, 22);
    g.wait(25 * MIN + 1_000);
    g.play("ZA", 2, 15); // B: 15, 0:01 over
    g.wait(5_000); // T17d
    g.ok_as(pic(), Command::AnnounceEnd);
    g.ok(racks(&[("B1", 8)]));
    // 15 - 8 = 7, then -10 floored at 0.
    assert_eq!(g.view().scores.b, 0);
}

#[test]
fn disqualification_gives_the_match_to_the_other_side_t18b() {
    let mut g = Game::team();
    g.play("QUIZ", 4, 60);
    let cmd = Command::Disqualify {
        side: Side::A,
        reason: "phone at the table".into(),
    };
    assert!(matches!(g.err(cmd.clone()), RuleError::Forbidden { .. }));
    let ev = g.ok_as(committee(), cmd);
    assert_eq!(Game::kinds(&ev), vec!["disqualified", "result_declared"]);
    assert_eq!(
        ev[0].payload,
        Payload::Disqualified {
            side: Side::A,
            reason: "phone at the table".into(),
            by: "committee:c1".into()
        }
    );
    let r = g.view().result.unwrap();
    assert_eq!(r.winner, Some(Side::B));
    assert_eq!(r.reason, ResultReason::Disqualification);
    assert_eq!(g.err(Command::Pass { seat: None }), RuleError::GameOver);
}

#[test]
fn walkout_gives_the_match_to_the_other_side_t18c() {
    let mut g = Game::team();
    g.ok_as(
        committee(),
        Command::Walkout {
            side: Side::B,
            reason: "left after round 2".into(),
        },
    );
    let r = g.view().result.unwrap();
    assert_eq!(r.winner, Some(Side::A));
    assert_eq!(r.reason, ResultReason::Walkout);
}

#[test]
fn a_disqualification_after_the_result_replaces_it_t18b() {
    let r = Preset::Team2v2
        .ruleset()
        .with_overrides(&json!({"end_rack_rule": "none"}))
        .unwrap();
    let mut g = Game::started(r);
    g.play("QI", 2, 22);
    for _ in 0..8 {
        g.pass();
    }
    assert_eq!(g.view().result.unwrap().winner, Some(Side::A));
    g.ok_as(
        committee(),
        Command::Disqualify {
            side: Side::A,
            reason: "ineligible player".into(),
        },
    );
    assert_eq!(g.view().result.unwrap().winner, Some(Side::B));
}

#[test]
fn a_forfeit_drops_open_challenges_from_the_queue_t18b_t11() {
    let mut g = Game::team();
    g.play("QI", 2, 22);
    g.ok(challenge_word("B1", "QI"));
    let id = g.last_challenge();
    g.ok_as(
        committee(),
        Command::Disqualify {
            side: Side::B,
            reason: "abuse".into(),
        },
    );
    assert!(g.view().open_challenges.is_empty());
    assert_eq!(
        g.err_as(
            pic(),
            Command::RuleWord {
                challenge: id,
                valid: true
            }
        ),
        RuleError::ChallengeNotOpen(id)
    );
}

#[test]
fn the_results_slip_lists_spread_challenged_words_and_best_play_n8() {
    let r = Preset::Individual
        .ruleset()
        .with_overrides(&json!({"end_rack_rule": "none"}))
        .unwrap();
    let mut g = Game::started(r);
    g.play("QI", 2, 22);
    g.ok(challenge_word("B1", "QI"));
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: id,
            valid: true,
        },
    );
    g.play("ZAX", 3, 50);
    g.wait(5_000); // T17d: the grace lapses
    g.ok_as(pic(), Command::AnnounceEnd);
    let slip = g.view().slip.unwrap();
    assert_eq!(slip.spread, 72); // double challenge: B lost its turn, A played again
    assert_eq!(slip.challenged_words, vec![("QI".to_string(), true)]);
    assert_eq!(
        slip.best_play,
        Some((seat("A1"), vec!["ZAX".to_string()], 50))
    );
}

// rule N8: the slip lists the highest-scoring word and its score, not the highest-scoring
// turn: a two-word play totalling more than a one-word play does not make its words the best.
#[test]
fn the_results_slip_lists_the_highest_scoring_word_and_the_names_n8() {
    // The names come with the match's creation.
    let mut g = Game {
        state: crate::rules::game::State::default(),
        events: Vec::new(),
        ms: 0,
    };
    g.ok_as(
        Actor::Director { id: "d".into() },
        Command::Create {
            ruleset: Preset::Individual
                .ruleset()
                .with_overrides(&json!({"end_rack_rule": "none", "entry_mode": "board"}))
                .unwrap(),
            names: Some(crate::rules::game::Sides {
                a: "Ann".into(),
                b: "Bob".into(),
            }),
        },
    );
    g.ok(Command::Start { first: Side::A });
    let mv = |m: &str, declared: i32| {
        Command::Play(Play::Board {
            mv: Some(m.into()),
            rack: None,
            declared,
            seat: None,
        })
    };
    g.ok(mv("8G ZA", 22)); // A: ZA 22
    g.ok(mv("9G OX", 31)); // B: OX 10, ZO 12, AX 9: the turn outscores ZA, no word does
    g.wait(5_000); // T17d: the grace lapses, so the announced end gives the result
    g.ok_as(pic(), Command::AnnounceEnd);
    let v = g.view();
    let turns = &v.turns;
    assert!(turns[1].recorded > turns[0].recorded, "{turns:?}");
    let slip = v.slip.unwrap();
    let best = slip.best_word.unwrap();
    let b_words = g.state.board.as_ref().unwrap().breakdown(1).unwrap();
    let b_best = b_words.words.iter().map(|w| w.score).max().unwrap();
    assert!(i64::from(b_best) < 22, "{b_words:?}");
    assert_eq!(
        (best.seat, best.word.as_str(), best.score, best.turn),
        (seat("A1"), "ZA", 22, 0)
    );
    let names = slip.names.unwrap();
    assert_eq!((names.a.as_str(), names.b.as_str()), ("Ann", "Bob"));
}

// rule N8: in sheet mode only turn scores are known; a turn's score stands for its main word.
#[test]
fn sheet_mode_slip_names_the_main_word_of_the_best_turn_n8() {
    let r = Preset::Individual
        .ruleset()
        .with_overrides(&json!({"end_rack_rule": "none"}))
        .unwrap();
    let mut g = Game::started(r);
    g.play("QI", 2, 22);
    g.play("ZAX", 3, 50);
    g.wait(5_000); // T17d: the grace lapses, so the announced end gives the result
    g.ok_as(pic(), Command::AnnounceEnd);
    let best = g.view().slip.unwrap().best_word.unwrap();
    assert_eq!((best.word.as_str(), best.score), ("ZAX", 50));
}
