//! Score challenges: T8a-c (sheet mode: the PIC enters the actual score).

use super::*;
use crate::rules::game::ChallengeRuling;

fn challenged(by: &str, declared: i32, actual: i32) -> Game {
    let mut g = Game::team();
    g.play("ZAX", 3, declared); // A1
    g.ok(Command::ChallengeScore { by: seat(by) });
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleScore {
            challenge: id,
            actual,
        },
    );
    g
}

#[test]
fn opponent_catching_an_overdeclared_score_records_actual_minus_excess_t8c() {
    let g = challenged("B1", 40, 30);
    assert_eq!(g.state.turns[0].recorded, 20);
    assert_eq!(g.view().scores.a, 20);
}

#[test]
fn teammate_catching_an_overdeclared_score_is_a_correction_t8b() {
    let g = challenged("A2", 40, 30);
    assert_eq!(g.state.turns[0].recorded, 30);
}

#[test]
fn underdeclared_score_is_raised_without_penalty_t8a() {
    let g = challenged("B1", 25, 30);
    assert_eq!(g.state.turns[0].recorded, 30);
}

#[test]
fn exact_declaration_changes_nothing_t8() {
    let g = challenged("B2", 30, 30);
    assert_eq!(g.state.turns[0].recorded, 30);
    assert_eq!(
        g.state.challenges[0].ruling,
        Some(ChallengeRuling::Score {
            actual: 30,
            recorded: 30
        })
    );
}

#[test]
fn t8c_result_may_be_negative() {
    let g = challenged("B1", 40, 10);
    assert_eq!(g.state.turns[0].recorded, -20);
}

#[test]
fn individual_rules_only_correct_the_score_t8_option() {
    let mut g = Game::individual();
    g.play("ZAX", 3, 40);
    g.ok(Command::ChallengeScore { by: seat("B1") });
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleScore {
            challenge: id,
            actual: 30,
        },
    );
    assert_eq!(g.state.turns[0].recorded, 30);
}

#[test]
fn only_the_pic_enters_the_actual_score_and_only_once_t8_t11() {
    let mut g = Game::team();
    g.play("ZAX", 3, 40);
    g.ok(Command::ChallengeScore { by: seat("B1") });
    let id = g.last_challenge();
    assert!(matches!(
        g.err(Command::RuleScore {
            challenge: id,
            actual: 30
        }),
        RuleError::Forbidden { .. }
    ));
    g.ok_as(
        pic(),
        Command::RuleScore {
            challenge: id,
            actual: 30,
        },
    );
    assert_eq!(
        g.err_as(
            pic(),
            Command::RuleScore {
                challenge: id,
                actual: 30
            }
        ),
        RuleError::ChallengeNotOpen(id)
    );
    assert_eq!(
        g.err(Command::ChallengeScore { by: seat("B2") }),
        RuleError::ScoreAlreadyChallenged
    );
}

#[test]
fn a_score_challenge_stops_both_clocks_and_blocks_play_t7() {
    let mut g = Game::team();
    g.play("ZAX", 3, 40);
    g.wait(5_000);
    g.ok(Command::ChallengeScore { by: seat("B1") });
    let before = g.view().clocks_ms;
    g.wait(60_000);
    assert_eq!(g.view().clocks_ms, before);
    assert_eq!(g.view().challenge_allowance_ms, Some(10 * MIN - 60_000));
    assert_eq!(
        g.err(Command::Pass { seat: None }),
        RuleError::ChallengeOpen
    );
}

#[test]
fn no_score_challenge_once_the_line_is_complete_t7() {
    let mut g = Game::team();
    g.play("ZAX", 3, 40);
    g.ok(Command::Accept);
    assert_eq!(
        g.err(Command::ChallengeScore { by: seat("B1") }),
        RuleError::NoObjectionWindow
    );
    let mut g = Game::team();
    g.play("ZAX", 3, 40);
    g.pass(); // B1's action completes A1's line
    assert_eq!(
        g.err(Command::ChallengeScore { by: seat("B1") }),
        RuleError::NoObjectionWindow
    );
}
