//! Word challenges and holds: T11-T14, N5.

use super::*;
use crate::rules::game::TurnAction;
use crate::rules::ruleset::Preset;
use serde_json::json;

fn rule_word(g: &mut Game, valid: bool) -> Vec<Event> {
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: id,
            valid,
        },
    )
}

#[test]
fn valid_word_gives_the_challenged_team_ten_t12() {
    let mut g = Game::team();
    g.play("QI", 2, 22);
    g.ok(challenge_word("B1", "QI"));
    rule_word(&mut g, true);
    assert_eq!(g.view().scores.a, 32);
    assert_eq!(g.view().scores.b, 0);
    assert_eq!(g.view().seat_to_move, Some(seat("B1")));
}

#[test]
fn invalid_word_withdraws_the_play_and_costs_ten_t13() {
    let mut g = Game::team();
    g.play("QIX", 3, 30);
    assert_eq!(g.view().bag, Some(69));
    g.ok(challenge_word("B2", "QIX"));
    rule_word(&mut g, false);
    let v = g.view();
    assert_eq!(v.scores.a, -10);
    assert!(g.state.turns[0].withdrawn);
    assert_eq!(g.state.turns[0].recorded, 0);
    // T13: tiles back to the player, the drawn ones back to the bag.
    assert_eq!(v.bag, Some(72));
    assert_eq!(v.racks[&seat("A1")], 7);
    // The turn is lost: B1 is on turn.
    assert_eq!(v.seat_to_move, Some(seat("B1")));
}

#[test]
fn withdrawn_opening_frees_the_star_t15() {
    let mut g = Game::team();
    g.play("QIX", 3, 30);
    g.ok(challenge_word("B1", "QIX"));
    rule_word(&mut g, false);
    assert!(!g.state.board_has_tiles());
    // B1's play is the opening now: C3 applies again.
    assert_eq!(g.err(play("A", 1, 2)), RuleError::OpeningTooShort);
}

#[test]
fn only_one_word_may_be_challenged_per_turn_t13() {
    let mut g = Game::team();
    g.ok(two_words("QI", "XI", 40));
    let two = Command::ChallengeWord {
        by: seat("B1"),
        words: vec!["QI".into(), "XI".into()],
    };
    assert_eq!(g.err(two), RuleError::OneWordPerTurn(1));
    g.ok(challenge_word("B1", "QI"));
    rule_word(&mut g, true);
    assert_eq!(
        g.err(challenge_word("B2", "XI")),
        RuleError::OneWordPerTurn(1)
    );
}

#[test]
fn only_the_opposing_team_challenges_words_t14() {
    let mut g = Game::team();
    g.play("QI", 2, 22);
    assert_eq!(g.err(challenge_word("A2", "QI")), RuleError::NotAnOpponent);
}

#[test]
fn an_unchallenged_word_stands_once_the_line_is_complete_t14() {
    let mut g = Game::team();
    g.play("QI", 2, 22);
    g.pass();
    assert_eq!(
        g.err(challenge_word("B1", "QI")),
        RuleError::NoObjectionWindow
    );
}

#[test]
fn each_challenge_is_ruled_exactly_once_and_only_by_the_pic_t11() {
    let mut g = Game::team();
    g.play("QI", 2, 22);
    g.ok(challenge_word("B1", "QI"));
    let id = g.last_challenge();
    assert!(matches!(
        g.err(Command::RuleWord {
            challenge: id,
            valid: true
        }),
        RuleError::Forbidden { .. }
    ));
    assert_eq!(g.view().open_challenges.len(), 1);
    rule_word(&mut g, true);
    assert!(g.view().open_challenges.is_empty());
    assert_eq!(
        g.err_as(
            pic(),
            Command::RuleWord {
                challenge: id,
                valid: false
            }
        ),
        RuleError::ChallengeNotOpen(id)
    );
    assert_eq!(g.view().scores.a, 32);
}

#[test]
fn double_challenge_invalid_play_scores_zero_n5() {
    let mut g = Game::individual();
    g.play("QIX", 3, 30);
    g.ok(challenge_word("B1", "QIX"));
    rule_word(&mut g, false);
    assert_eq!(g.view().scores.a, 0);
    assert_eq!(g.view().seat_to_move, Some(seat("B1")));
}

#[test]
fn double_challenge_valid_play_costs_the_challenger_its_turn_n5() {
    let mut g = Game::individual();
    g.play("QI", 2, 22);
    g.ok(Command::ChallengeWord {
        by: seat("B1"),
        words: vec![],
    });
    rule_word(&mut g, true);
    assert_eq!(g.view().scores, crate::rules::game::Sides { a: 22, b: 0 });
    assert_eq!(g.state.turns[1].action, TurnAction::LostTurn);
    assert_eq!(g.view().seat_to_move, Some(seat("A1")));
}

#[test]
fn five_point_rule_pays_per_word_challenged_n5() {
    let r = Preset::Individual
        .ruleset()
        .with_overrides(&json!({"challenge_rule": "five_point"}))
        .unwrap();
    let mut g = Game::started(r);
    g.ok(Command::Play(Play::Sheet {
        words: vec!["QI".into(), "XI".into()],
        tiles: Some(2),
        declared: 40,
        seat: None,
    }));
    g.ok(Command::ChallengeWord {
        by: seat("B1"),
        words: vec!["QI".into(), "XI".into()],
    });
    rule_word(&mut g, true);
    assert_eq!(g.view().scores.a, 50);
    assert_eq!(g.view().seat_to_move, Some(seat("B1")));
}

#[test]
fn void_rule_has_no_word_challenges_n5() {
    let r = Preset::Individual
        .ruleset()
        .with_overrides(&json!({"challenge_rule": "void"}))
        .unwrap();
    let mut g = Game::started(r);
    g.play("QI", 2, 22);
    assert_eq!(
        g.err(challenge_word("B1", "QI")),
        RuleError::ChallengesNotUsed
    );
}

#[test]
fn challenge_after_the_grace_period_without_hold_is_refused_n5() {
    let mut g = Game::individual();
    g.play("QI", 2, 22);
    g.wait(5_001);
    assert_eq!(
        g.err(challenge_word("B1", "QI")),
        RuleError::NoObjectionWindow
    );
}

#[test]
fn hold_within_grace_keeps_the_play_open_sixty_seconds_n5() {
    let mut g = Game::individual();
    g.play("QI", 2, 22);
    g.wait(4_000);
    g.ok(Command::Hold { by: seat("B1") });
    g.wait(55_000);
    assert!(g.view().objection_window.is_some());
    // During a hold the holder's clock runs.
    assert_eq!(g.view().clocks_ms.b, 25 * MIN - 59_000);
    g.ok(challenge_word("B1", "QI"));
}

#[test]
fn hold_lapses_after_sixty_seconds_n5() {
    let mut g = Game::individual();
    g.play("QI", 2, 22);
    g.ok(Command::Hold { by: seat("B1") });
    g.wait(60_000);
    assert_eq!(
        g.err(challenge_word("B1", "QI")),
        RuleError::NoObjectionWindow
    );
}

#[test]
fn hold_after_grace_or_twice_or_in_team_play_is_refused_n5() {
    let mut g = Game::individual();
    g.play("QI", 2, 22);
    g.wait(5_000);
    assert!(matches!(
        g.err(Command::Hold { by: seat("B1") }),
        RuleError::Hold(_)
    ));
    let mut g = Game::individual();
    g.play("QI", 2, 22);
    g.ok(Command::Hold { by: seat("B1") });
    assert!(matches!(
        g.err(Command::Hold { by: seat("B1") }),
        RuleError::Hold(_)
    ));
    let mut g = Game::team();
    g.play("QI", 2, 22);
    assert!(matches!(
        g.err(Command::Hold { by: seat("B1") }),
        RuleError::Hold(_)
    ));
}

#[test]
fn individual_challenge_stops_both_clocks_without_allowance_n5() {
    let mut g = Game::individual();
    g.play("QI", 2, 22);
    g.ok(challenge_word("B1", "QI"));
    let before = g.view().clocks_ms;
    g.wait(5 * MIN);
    assert_eq!(g.view().clocks_ms, before);
    assert_eq!(g.view().challenge_allowance_ms, None);
}

fn two_words(a: &str, b: &str, declared: i32) -> Command {
    Command::Play(Play::Sheet {
        words: vec![a.into(), b.into()],
        tiles: Some(2),
        declared,
        seat: None,
    })
}

fn five_point() -> Game {
    let r = Preset::Individual
        .ruleset()
        .with_overrides(&json!({"challenge_rule": "five_point"}))
        .unwrap();
    Game::started(r)
}

// rule N5: under the 5-point rule each distinct valid word named counts once.
#[test]
fn naming_a_word_three_times_pays_once_n5() {
    let mut g = five_point();
    g.play("QI", 2, 22);
    let ev = g.ok(Command::ChallengeWord {
        by: seat("B1"),
        words: vec!["QI".into(), "qi".into(), " QI ".into()],
    });
    let crate::rules::game::Payload::WordChallenged { words, .. } = &ev[0].payload else {
        panic!("not a challenge")
    };
    assert_eq!(words, &vec!["QI".to_string()]);
    rule_word(&mut g, true);
    assert_eq!(g.view().scores.a, 22 + 5);
}

// rule N5: a challenge names only words the play formed (sheet mode: the words it declared).
#[test]
fn a_word_the_play_did_not_form_cannot_be_challenged_n5() {
    let mut g = five_point();
    g.ok(two_words("QI", "XI", 40));
    let e = g.err(Command::ChallengeWord {
        by: seat("B1"),
        words: vec!["QI".into(), "ZZZZ".into()],
    });
    assert_eq!(e.rule(), "N5", "{e}");
    assert!(e.to_string().contains("ZZZZ"), "{e}");
    g.ok(Command::ChallengeWord {
        by: seat("B1"),
        words: vec!["xi".into(), "QI".into(), "XI".into()],
    });
    rule_word(&mut g, true);
    assert_eq!(g.view().scores.a, 40 + 10);
}

// rule N5: in board mode the formed words are the board's; ZZZZ on a QI play is refused.
#[test]
fn board_mode_challenge_names_only_the_formed_words_n5() {
    let r = Preset::Individual
        .ruleset()
        .with_overrides(&json!({"challenge_rule": "ten_point", "entry_mode": "board"}))
        .unwrap();
    let mut g = Game::started(r);
    g.ok(Command::Play(Play::Board {
        mv: Some("8G QI".into()),
        rack: None,
        declared: 22,
        seat: None,
    }));
    assert_eq!(g.err(challenge_word("B1", "ZZZZ")).rule(), "N5");
    g.ok(Command::ChallengeWord {
        by: seat("B1"),
        words: vec!["QI".into(), "QI".into(), "QI".into()],
    });
    rule_word(&mut g, true);
    assert_eq!(g.view().scores.a, 22 + 10);
}
