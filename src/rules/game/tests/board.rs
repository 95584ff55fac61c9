//! Board mode: C3-C8, T8 with the actual score from the board, T15.

use super::*;
use crate::rules::game::to_gcg;
use crate::rules::ruleset::{EntryMode, Preset};
use serde_json::json;

fn board_game(preset: Preset) -> Game {
    let r = preset
        .ruleset()
        .with_overrides(&json!({"entry_mode": "board"}))
        .unwrap();
    assert_eq!(r.entry_mode, EntryMode::Board);
    Game::started(r)
}

fn mv(m: &str, declared: i32) -> Command {
    Command::Play(Play::Board {
        mv: Some(m.into()),
        rack: None,
        declared,
        seat: None,
    })
}

#[test]
fn the_board_scores_the_move_and_counts_its_tiles_c5() {
    let mut g = board_game(Preset::Team2v2);
    let ev = g.ok(mv("8G QI", 22));
    let crate::rules::game::Payload::Played {
        words,
        tiles,
        actual,
        mv,
        ..
    } = &ev[0].payload
    else {
        panic!("not a play")
    };
    assert_eq!(words, &vec!["QI".to_string()]);
    assert_eq!(*tiles, 2);
    assert_eq!(*actual, Some(22)); // H8 star doubles: (10 + 1) × 2
    assert_eq!(mv.as_deref(), Some("8G QI"));
    assert_eq!(g.view().bag, Some(70));
    assert_eq!(g.view().board.unwrap()[7], "......QI.......");
}

#[test]
fn an_illegal_placement_is_refused_with_its_rule_c3_c4() {
    let mut g = board_game(Preset::Team2v2);
    assert_eq!(g.err(mv("1A QI", 22)).rule(), "C3");
    g.ok(mv("8G QI", 22));
    assert_eq!(g.err(mv("1A ZA", 22)).rule(), "C4");
    assert_eq!(g.err(mv("nonsense", 22)).rule(), "C7");
}

#[test]
fn opponent_score_challenge_uses_the_board_score_at_once_t8c() {
    let mut g = board_game(Preset::Team2v2);
    g.ok(mv("8G QI", 40));
    let ev = g.ok(Command::ChallengeScore { by: seat("B1") });
    assert_eq!(Game::kinds(&ev), vec!["score_challenged", "score_ruled"]);
    assert_eq!(g.state.turns[0].recorded, 22 - 18);
    assert!(g.view().open_challenges.is_empty());
}

#[test]
fn teammate_score_challenge_corrects_to_the_board_score_t8b() {
    let mut g = board_game(Preset::Team2v2);
    g.ok(mv("8G QI", 40));
    g.ok(Command::ChallengeScore { by: seat("A2") });
    assert_eq!(g.state.turns[0].recorded, 22);
    assert_eq!(
        g.err_as(
            pic(),
            Command::RuleScore {
                challenge: 1,
                actual: 3
            }
        ),
        RuleError::ActualFromBoard
    );
}

#[test]
fn a_withdrawn_play_frees_its_squares_and_the_star_t15() {
    let mut g = board_game(Preset::Team2v2);
    g.ok(mv("8G QX", 30));
    g.ok(challenge_word("B1", "QX"));
    let id = g.last_challenge();
    g.ok_as(
        pic(),
        Command::RuleWord {
            challenge: id,
            valid: false,
        },
    );
    assert!(
        g.view()
            .board
            .unwrap()
            .iter()
            .all(|r| r == "...............")
    );
    g.ok(mv("8H ZA", 22)); // B1 opens on the star
}

#[test]
fn a_board_game_exports_to_gcg_c8() {
    let mut g = board_game(Preset::Individual);
    g.ok(mv("8G QI", 22));
    g.ok(mv("G7 AQ", 11));
    g.ok(Command::Pass { seat: None });
    let game = to_gcg(&g.state, ["Ann", "Bob"]).unwrap();
    let text = crate::rules::gcg::write(&game);
    assert!(text.contains(">A:  8G QI +22 22"), "{text}");
    assert!(text.contains(">B:  G7 A. +11 11"), "{text}");
    let back = crate::rules::gcg::read(text.as_bytes()).unwrap();
    assert_eq!(back.final_totals(), [22, 11]);
}

#[test]
fn board_mode_refolds_to_the_same_board() {
    let mut g = board_game(Preset::Team2v2);
    g.ok(mv("8G QI", 22));
    g.ok(mv("G7 AQ", 11));
    let folded = crate::rules::game::fold(&g.events);
    assert_eq!(folded, g.state);
}

#[test]
fn board_mode_needs_a_known_tile_set() {
    let r = Preset::Team2v2
        .ruleset()
        .with_overrides(&json!({"entry_mode": "board", "tiles": {"set": "klingon"}}));
    assert!(r.is_err());
}

#[test]
fn a_challenged_play_is_broken_down_per_word_on_the_board_before_it_t8_c5() {
    let mut g = board_game(Preset::Team2v2);
    g.ok(mv("8G QI", 22));
    g.ok(mv("H7 O.", 2));
    let track = g.state.board.as_ref().unwrap();
    let first = track.breakdown(0).unwrap();
    assert_eq!((first.words[0].word.as_str(), first.total), ("QI", 22));
    let second = track.breakdown(1).unwrap();
    assert_eq!((second.words[0].word.as_str(), second.total), ("OI", 2));
    assert!(track.breakdown(2).is_none());
}

fn mv_from(m: &str, declared: i32, rack: &str) -> Command {
    Command::Play(Play::Board {
        mv: Some(m.into()),
        rack: Some(rack.into()),
        declared,
        seat: None,
    })
}

// rule C2: the set has two blanks; a third is not among the tiles left.
#[test]
fn a_third_blank_is_refused_c2() {
    let mut g = board_game(Preset::Individual);
    g.ok(mv("8G ab", 0));
    let e = g.err(mv("I7 cD", 4));
    assert_eq!(e.rule(), "C2", "{e}");
    assert!(e.to_string().contains("blank"), "{e}");
}

// rule C2: English has one Z; once it is on the board no play can lay another.
#[test]
fn a_second_z_is_refused_c2() {
    let mut g = board_game(Preset::Individual);
    g.ok(mv("8G ZA", 22));
    let e = g.err(mv("9G ZO", 30));
    assert_eq!(e.rule(), "C2", "{e}");
    assert!(e.to_string().contains("1 Z"), "{e}");
    // The squares and scoring were fine: only the tile count is at fault.
    g.ok(mv("9G BO", 10));
}

// rule C2: where the rack is known, the play comes from it.
#[test]
fn a_letter_not_on_the_known_rack_is_refused_c2() {
    let mut g = board_game(Preset::Individual);
    let e = g.err(mv_from("8G QI", 22, "AEIOU?R"));
    assert_eq!(e.rule(), "C2", "{e}");
    assert!(e.to_string().contains("Q is not on the rack"), "{e}");
    // A blank on the rack stands for the Q if written as one.
    g.ok(mv_from("8G qI", 2, "AEIOU?R"));
    let e = g.err(mv_from("9G aA", 2, "AEIOURT"));
    assert_eq!(e.rule(), "C2", "{e}");
    g.ok(mv_from("9G AA", 2, "AAIOURT"));
}

// rule C2: a shown rack is at most seven tiles, among those not yet on the board.
#[test]
fn an_impossible_rack_is_refused_c2() {
    let mut g = board_game(Preset::Individual);
    let e = g.err(mv_from("8G QI", 22, "QIAEIOUR"));
    assert_eq!(e.rule(), "C2", "{e}");
    let e = g.err(mv_from("8G QI", 22, "QI???"));
    assert_eq!(e.rule(), "C2", "{e}");
    let e = g.err(mv_from("8G QI", 22, "QIZZ"));
    assert_eq!(e.rule(), "C2", "{e}");
    assert_eq!(
        g.err(mv_from("8G QI", 22, "Q1")).rule(),
        "invalid",
        "a rack is letters and ?"
    );
    // A blank rack field (the tablet's form left empty) records no rack.
    g.ok(mv_from("8G QI", 22, "  "));
}

// rule C2: never more than seven tiles in one play.
#[test]
fn a_play_of_more_than_seven_tiles_is_refused_c2() {
    let mut g = board_game(Preset::Individual);
    let e = g.err(mv("8A ABCDEFGH", 30));
    assert_eq!(e.rule(), "C2", "{e}");
}

// rule C2: sheet mode does not record racks; its plays are unchanged.
#[test]
fn sheet_mode_refuses_a_rack() {
    let mut g = Game::individual();
    // A sheet play with a rack, as a client sends it: the wire makes it board input.
    let cmd: Command = serde_json::from_value(serde_json::json!({
        "type": "play", "words": ["QI"], "tiles": 2, "declared": 22, "rack": "QI"
    }))
    .unwrap();
    assert_eq!(g.err(cmd).rule(), "invalid");
    g.play("ZZZZ", 4, 40);
}
