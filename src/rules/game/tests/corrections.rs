//! Corrections: E3 (nothing is deleted; a correction is a new record).

use super::*;
use crate::rules::game::{Payload, Status};

#[test]
fn a_mistaken_pass_is_reversed_and_the_turn_comes_back_e3() {
    let mut g = Game::team();
    g.play("QI", 2, 22);
    let ev = g.pass();
    let seq = ev[0].seq;
    let cmd = Command::Correction {
        reverses_seq: seq,
        reason: "B1 tapped pass by mistake".into(),
    };
    assert!(matches!(g.err(cmd.clone()), RuleError::Forbidden { .. }));
    g.ok_as(pic(), cmd);
    let v = g.view();
    assert_eq!(v.seat_to_move, Some(seat("B1")));
    assert_eq!(g.state.turns.len(), 1);
    // The log keeps both records.
    assert!(g.events.iter().any(|e| e.seq == seq));
    assert!(matches!(
        g.events.last().unwrap().payload,
        Payload::Corrected { .. }
    ));
    // A reversed event cannot be reversed twice.
    assert!(matches!(
        g.err_as(
            pic(),
            Command::Correction {
                reverses_seq: seq,
                reason: "again".into()
            }
        ),
        RuleError::NotReversible(..)
    ));
}

#[test]
fn a_wrong_ruling_is_reversed_and_ruled_again_e3_t11() {
    let mut g = Game::team();
    g.play("QI", 2, 22);
    g.ok(challenge_word("B1", "QI"));
    let id = g.last_challenge();
    let ev = g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: id,
            valid: false,
        },
    );
    assert_eq!(g.view().scores.a, -10);
    g.ok_as(
        pic(),
        Command::Correction {
            reverses_seq: ev[0].seq,
            reason: "misread the list".into(),
        },
    );
    assert_eq!(g.view().open_challenges.len(), 1);
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: id,
            valid: true,
        },
    );
    assert_eq!(g.view().scores.a, 32);
}

#[test]
fn an_event_with_later_decisions_cannot_be_reversed_e3() {
    let mut g = Game::team();
    let ev = g.play("QI", 2, 22);
    g.pass();
    assert!(matches!(
        g.err_as(
            pic(),
            Command::Correction {
                reverses_seq: ev[0].seq,
                reason: "x".into()
            }
        ),
        RuleError::NotReversible(..)
    ));
}

#[test]
fn reversing_a_disqualification_reverses_its_result_e3() {
    let mut g = Game::team();
    let ev = g.ok_as(
        committee(),
        Command::Disqualify {
            side: Side::A,
            reason: "wrong team".into(),
        },
    );
    assert_eq!(g.view().status, Status::Finished);
    g.ok_as(
        committee(),
        Command::Correction {
            reverses_seq: ev[0].seq,
            reason: "recorded against the wrong match".into(),
        },
    );
    assert_eq!(g.view().status, Status::InProgress);
    assert!(g.view().result.is_none());
}

#[test]
fn time_facts_are_not_reversible_e3() {
    let mut g = Game::team();
    g.wait(25 * MIN);
    let ev = g.ok_as(Actor::System, Command::TimeExpired);
    assert!(matches!(
        g.err_as(
            pic(),
            Command::Correction {
                reverses_seq: ev[0].seq,
                reason: "x".into()
            }
        ),
        RuleError::NotReversible(..)
    ));
}
