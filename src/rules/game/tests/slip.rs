//! N9: score mistakes are corrected without penalty until both players have verified the
//! results slip; each correction is a record of its own, shown on the slip.

use super::*;
use crate::rules::game::{Payload, ScoreCorrection, Sides, Status};
use crate::rules::ruleset::{Preset, ScoreCorrections};
use serde_json::json;

fn correct(by: &str, turn: u32, actual: Option<i32>) -> Command {
    Command::CorrectScore {
        by: seat(by),
        turn,
        actual,
    }
}

fn verify(by: &str) -> Command {
    Command::VerifySlip { by: seat(by) }
}

/// An individual game without racks: A1 announces 40 for a 30-point ZAX, B1 plays QI, and the
/// director announces the end once the grace has lapsed: the result is declared.
fn ended_with_a_misannounced_score() -> Game {
    let r = Preset::Individual
        .ruleset()
        .with_overrides(&json!({"end_rack_rule": "none"}))
        .unwrap();
    let mut g = Game::started(r);
    g.play("ZAX", 3, 40);
    g.wait(6_000);
    g.play("QI", 2, 22);
    g.wait(6_000);
    g.ok_as(pic(), Command::AnnounceEnd);
    assert_eq!(g.view().result.unwrap().scores, Sides { a: 40, b: 22 });
    g
}

// rule N9
#[test]
fn a_misannounced_score_is_corrected_after_the_grace_and_a_later_move_without_penalty_n9() {
    let mut g = Game::individual();
    g.play("ZAX", 3, 40);
    g.wait(6_000);
    // Past the grace period, no challenge any more ...
    assert_eq!(
        g.err(Command::ChallengeScore { by: seat("B1") }),
        RuleError::NoObjectionWindow
    );
    g.play("QI", 2, 22); // B1: a later move exists
    // ... and an official's reversal is refused, but either player may correct the score.
    let ev = g.ok(correct("B1", 0, Some(30)));
    assert_eq!(
        ev[0].payload,
        Payload::ScoreCorrected {
            by: seat("B1"),
            turn: 0,
            previous: 40,
            recorded: 30
        }
    );
    assert_eq!(g.view().scores, Sides { a: 30, b: 22 });
    assert_eq!(g.view().seat_to_move, Some(seat("A1")));
    // Nothing to correct when the score is already right.
    assert_eq!(g.err(correct("A1", 0, Some(30))).rule(), "N9");
}

// rule N9
#[test]
fn a_correction_after_the_result_declares_it_again_and_shows_on_the_slip_n9() {
    let mut g = ended_with_a_misannounced_score();
    let ev = g.ok(correct("A1", 0, Some(30)));
    assert_eq!(Game::kinds(&ev), vec!["score_corrected", "result_declared"]);
    let v = g.view();
    assert_eq!(v.status, Status::Finished);
    assert_eq!(v.result.unwrap().scores, Sides { a: 30, b: 22 });
    let slip = v.slip.unwrap();
    assert_eq!(slip.scores, Sides { a: 30, b: 22 });
    assert_eq!(
        slip.corrections,
        vec![ScoreCorrection {
            seq: ev[0].seq,
            turn: 0,
            seat: seat("A1"),
            by: seat("A1"),
            from: 40,
            to: 30
        }]
    );
    assert!(!slip.result_final);
}

// rule N9
#[test]
fn once_both_players_verify_the_slip_the_result_is_final_and_corrections_are_refused_n9() {
    let mut g = ended_with_a_misannounced_score();
    g.ok(verify("A1"));
    assert_eq!(g.view().slip.unwrap().verified, Sides { a: true, b: false });
    assert_eq!(g.err(verify("A1")).rule(), "N9");
    g.ok(verify("B1"));
    let slip = g.view().slip.unwrap();
    assert!(slip.result_final);
    assert_eq!(g.err(correct("B1", 0, Some(30))), RuleError::SlipVerified);
    assert_eq!(g.err(correct("B1", 0, Some(30))).rule(), "N9");
    assert_eq!(g.err(verify("B1")), RuleError::SlipVerified);
    assert_eq!(g.view().result.unwrap().scores, Sides { a: 40, b: 22 });
}

// rule N9
#[test]
fn a_correction_voids_earlier_verifications_n9() {
    let mut g = ended_with_a_misannounced_score();
    g.ok(verify("B1"));
    g.ok(correct("B1", 0, Some(30)));
    assert_eq!(
        g.view().slip.unwrap().verified,
        Sides { a: false, b: false }
    );
    g.ok(verify("A1"));
    g.ok(verify("B1"));
    assert!(g.view().slip.unwrap().result_final);
}

// rule N9
#[test]
fn the_slip_is_verified_only_once_the_result_is_declared_n9() {
    let mut g = Game::individual();
    g.play("QI", 2, 22);
    assert_eq!(g.err(verify("A1")).rule(), "N9");
    // A player acts for their own seat only.
    let b1 = Actor::Player {
        seat: seat("B1"),
        id: "p2".into(),
    };
    assert!(matches!(
        g.err_as(b1, correct("A1", 0, Some(20))),
        RuleError::Forbidden { .. }
    ));
}

// rule N9
#[test]
fn in_board_mode_the_correction_takes_the_board_score_n9() {
    let r = Preset::Individual
        .ruleset()
        .with_overrides(&json!({"entry_mode": "board"}))
        .unwrap();
    let mut g = Game::started(r);
    g.ok(Command::Play(Play::Board {
        mv: Some("8G QI".into()),
        rack: None,
        declared: 30,
        seat: None,
    }));
    g.wait(10_000);
    g.ok(Command::Pass { seat: None });
    assert_eq!(
        g.err(correct("B1", 0, Some(25))),
        RuleError::ActualFromBoard
    );
    g.ok(correct("B1", 0, None));
    assert_eq!(g.view().scores.a, 22);
}

// rule N9
#[test]
fn only_plays_may_be_corrected_and_sheet_mode_needs_the_actual_score_n9() {
    let mut g = Game::individual();
    g.play("ZAX", 3, 40);
    g.pass();
    assert_eq!(g.err(correct("A1", 1, Some(5))).rule(), "N9");
    assert!(matches!(
        g.err(correct("A1", 0, None)),
        RuleError::Invalid(_)
    ));
    assert!(matches!(
        g.err(correct("A1", 0, Some(-3))),
        RuleError::Invalid(_)
    ));
    assert!(matches!(
        g.err(correct("A1", 7, Some(3))),
        RuleError::Invalid(_)
    ));
}

// rule N9: team play keeps T7/T8 (a score is put right only while its line is open).
#[test]
fn team_play_has_no_late_score_corrections_or_slip_verification_n9_option() {
    assert_eq!(
        Preset::Individual.ruleset().score_corrections,
        ScoreCorrections::UntilSlipVerified
    );
    let mut g = Game::team();
    g.play("ZAX", 3, 40);
    g.pass();
    assert_eq!(g.err(correct("A2", 0, Some(30))).rule(), "N9");
    for _ in 0..7 {
        g.pass();
    }
    g.ok(Command::AdjustRacks {
        racks: Default::default(),
        tiles: Default::default(),
    });
    assert!(g.view().slip.unwrap().result_final);
    assert_eq!(g.err(verify("A1")).rule(), "N9");
}
