//! Closing a game and keeping its sheet honest: racks entered as tiles (T19, C2), a withdrawn
//! play's other challenges (T13, T8), actual scores within reach (T8, N9), and a score sheet
//! whose lines add up (C8), the 0:00 of a clock included (T5).

use std::collections::BTreeMap;

use super::*;
use crate::rules::game::{ChallengeRuling, SheetEntry, Status};
use crate::rules::ruleset::Preset;

fn tiles(v: &[(&str, &str)]) -> Command {
    Command::AdjustRacks {
        racks: BTreeMap::new(),
        tiles: v.iter().map(|(s, t)| (seat(s), (*t).to_owned())).collect(),
    }
}

fn sums(g: &Game) -> (i32, i32) {
    let v = g.view();
    let sum = |side| {
        v.sheet
            .iter()
            .filter(|l| l.side == side)
            .map(|l| l.points)
            .sum()
    };
    (sum(Side::A), sum(Side::B))
}

/// A team game played to eight passes after one play by A1.
fn passed_out() -> Game {
    let mut g = Game::team();
    g.play("QI", 2, 11);
    for _ in 0..8 {
        g.pass();
    }
    assert_eq!(g.view().status, Status::Ended);
    g
}

#[test]
fn the_table_enters_the_tiles_left_and_the_rules_value_them_t19_c2() {
    let mut g = passed_out();
    // Q 10 + E 1; Z 10 + a blank 0; A2 and B2 empty-handed here (nothing entered: nothing held).
    let ev = g.ok(tiles(&[("A1", "qe"), ("B1", "Z ?")]));
    assert_eq!(Game::kinds(&ev), vec!["racks_adjusted", "result_declared"]);
    let v = g.view();
    assert_eq!(v.scores.a, 11 - 11);
    assert_eq!(v.scores.b, -10);
    assert_eq!(v.status, Status::Finished);
    let racks = v
        .sheet
        .iter()
        .find(|l| l.side == Side::A && matches!(l.entry, SheetEntry::Racks { .. }));
    let Some(SheetEntry::Racks { racks, tiles: left }) = racks.map(|l| &l.entry) else {
        panic!("no racks line: {:?}", v.sheet)
    };
    assert_eq!(racks[&seat("A1")], 11);
    assert_eq!(left[&seat("B1")], "Z?");
    // T19: once, not twice.
    assert_eq!(g.err(tiles(&[("A1", "E")])), RuleError::RacksNotDue);
}

#[test]
fn racks_that_do_not_read_or_do_not_fit_are_refused_naming_the_seat_t19_c2() {
    let mut g = passed_out();
    let before = g.state.clone();
    let e = g.err(tiles(&[("A2", "Q1")]));
    assert_eq!((e.field(), e.rule()), (Some("tiles.A2"), "C2"));
    assert!(e.to_string().contains("A2's rack: 1 is not a tile"), "{e}");
    let e = g.err(tiles(&[("B2", "ABCDEFGH")]));
    assert_eq!((e.field(), e.rule()), (Some("tiles.B2"), "T19"));
    assert!(e.to_string().contains("at most 7"), "{e}");
    let e = g.err(Command::AdjustRacks {
        racks: [(seat("A1"), 3)].into_iter().collect(),
        tiles: [(seat("A2"), "E".to_owned())].into_iter().collect(),
    });
    assert_eq!(e.field(), Some("tiles"));
    assert_eq!(g.state, before, "nothing recorded");
}

#[test]
fn a_rack_cannot_hold_more_tiles_than_the_sheet_says_t19() {
    // A1 plays out with the bag empty: it holds nothing.
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
    g.ok(Command::Accept);
    let e = g.err(tiles(&[(&out.to_string(), "E")]));
    assert_eq!(e.rule(), "T19");
    assert!(e.to_string().contains("holds 0 (it played out)"), "{e}");
}

#[test]
fn racks_are_not_entered_while_the_game_is_played_t17_t19() {
    let mut g = Game::team();
    g.play("QI", 2, 11);
    assert_eq!(g.err(tiles(&[("A1", "E")])), RuleError::RacksBeforeEnd);
    let r = Preset::Team2v2
        .ruleset()
        .with_overrides(&serde_json::json!({"end_rack_rule": "none"}))
        .unwrap();
    let mut g = Game::started(r);
    g.play("QI", 2, 11);
    assert_eq!(g.err(tiles(&[("A1", "E")])), RuleError::RacksNotCounted);
}

#[test]
fn a_withdrawn_play_closes_its_open_score_challenge_t13_t8() {
    let mut g = Game::team();
    g.play("QI", 2, 22);
    g.ok(Command::ChallengeScore { by: seat("B1") });
    let score = g.last_challenge();
    g.ok(challenge_word("B2", "QI"));
    let word = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: word,
            valid: false,
        },
    );
    let v = g.view();
    assert!(v.open_challenges.is_empty(), "{:?}", v.open_challenges);
    assert_eq!(
        g.state.challenge(score).unwrap().ruling,
        Some(ChallengeRuling::Withdrawn)
    );
    // Nothing is left to rule or to challenge on the play.
    let e = g.err_as(
        pic(),
        Command::RuleScore {
            challenge: score,
            actual: 9999,
        },
    );
    assert_eq!(e, RuleError::PlayWithdrawn);
    assert!(v.objection_window.is_none());
    assert_eq!(
        g.err(Command::ChallengeScore { by: seat("B1") }),
        RuleError::NoObjectionWindow
    );
    // T13: 0 for the play and 10 off: the sheet says so line by line.
    assert_eq!(v.scores.a, -10);
    assert_eq!(sums(&g), (v.scores.a, v.scores.b));
    // The game goes on: B1 is to move.
    assert_eq!(v.seat_to_move, Some(seat("B1")));
}

#[test]
fn an_actual_score_the_words_cannot_make_is_refused_t8() {
    let mut g = Game::team();
    g.play("QI", 2, 22);
    g.ok(Command::ChallengeScore { by: seat("B1") });
    let id = g.last_challenge();
    let before = g.state.clone();
    let e = g.err_as(
        pic(),
        Command::RuleScore {
            challenge: id,
            actual: 9999,
        },
    );
    assert_eq!((e.field(), e.rule()), (Some("actual"), "T8"));
    assert!(e.to_string().contains("more than QI can score"), "{e}");
    assert_eq!(g.state, before, "nothing recorded");
    // T8c: actual 11, declared 22, by an opponent: 11 - 11 = 0.
    g.ok_as(
        pic(),
        Command::RuleScore {
            challenge: id,
            actual: 11,
        },
    );
    assert_eq!(g.view().scores.a, 0);
}

#[test]
fn a_late_correction_is_bounded_like_a_ruling_n9_t8() {
    let mut g = Game::individual();
    g.play("QI", 2, 11);
    g.wait(6_000);
    let e = g.err(Command::CorrectScore {
        by: seat("A1"),
        turn: 0,
        actual: Some(5_000),
    });
    assert_eq!(e.field(), Some("actual"));
}

#[test]
fn every_change_of_a_score_is_a_line_of_the_sheet_c8() {
    let mut g = Game::team();
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
    g.play("ZA", 2, 40);
    g.ok(Command::ChallengeScore { by: seat("A2") });
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleScore {
            challenge: id,
            actual: 31,
        },
    );
    for _ in 0..8 {
        g.pass();
    }
    g.ok(tiles(&[("A1", "E"), ("B2", "K")]));
    let v = g.view();
    let kinds: Vec<(Side, &SheetEntry, i32)> = v
        .sheet
        .iter()
        .filter(|l| l.points != 0 || l.entry != SheetEntry::Turn)
        .map(|l| (l.side, &l.entry, l.points))
        .collect();
    assert!(matches!(kinds[0], (Side::A, SheetEntry::Turn, 22)));
    assert!(matches!(
        kinds[1],
        (Side::A, SheetEntry::WordChallenge { valid: true }, 10)
    ));
    assert!(matches!(kinds[2], (Side::B, SheetEntry::Turn, 40)));
    // T8c: actual 31 on 40 declared, caught by an opponent: 22 recorded, 18 off.
    assert!(matches!(
        kinds[3],
        (Side::B, SheetEntry::ScoreChallenge { actual: 31, .. }, -18)
    ));
    assert!(matches!(kinds[4], (Side::A, SheetEntry::Racks { .. }, -1)));
    assert!(matches!(kinds[5], (Side::B, SheetEntry::Racks { .. }, -5)));
    assert_eq!(v.scores.a, 31);
    assert_eq!(v.scores.b, 17);
    assert_eq!(sums(&g), (31, 17));
}

#[test]
fn a_clock_reaching_zero_is_written_on_the_sheet_t5() {
    let mut g = Game::team();
    g.wait(25 * MIN + 1);
    g.ok_as(Actor::System, Command::TimeExpired);
    let v = g.view();
    let line = v
        .sheet
        .iter()
        .find(|l| l.entry == SheetEntry::OutOfTime)
        .expect("a 0:00 line");
    assert_eq!(
        (line.side, line.seat, line.points),
        (Side::A, Some(seat("A1")), 0)
    );
    // T5: the turn passed to B1.
    assert_eq!(v.seat_to_move, Some(seat("B1")));
}
