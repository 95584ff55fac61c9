//! Turn order and plays: T1, T2, T6, C3.

use super::*;
use crate::rules::game::{Status, TurnAction};
use crate::rules::ruleset::Preset;
use serde_json::json;

#[test]
fn team_turns_go_a1_b1_a2_b2_from_the_drawn_side_t1() {
    let mut g = Game::created(Preset::Team2v2.ruleset());
    g.ok(Command::Start { first: Side::B });
    assert_eq!(
        g.state.order,
        vec![seat("B1"), seat("A1"), seat("B2"), seat("A2")]
    );
    let mut seen = Vec::new();
    for _ in 0..5 {
        seen.push(g.view().seat_to_move.unwrap());
        g.pass();
    }
    assert_eq!(
        seen,
        vec![seat("B1"), seat("A1"), seat("B2"), seat("A2"), seat("B1")]
    );
}

#[test]
fn individual_play_alternates_two_seats_n1() {
    let g = Game::individual();
    assert_eq!(g.state.order, vec![seat("A1"), seat("B1")]);
}

#[test]
fn a_play_declares_its_score_and_switches_the_clock_t6() {
    let mut g = Game::team();
    g.wait(30_000);
    g.play("QI", 2, 22);
    let v = g.view();
    assert_eq!(v.scores.a, 22);
    assert_eq!(v.seat_to_move, Some(seat("B1")));
    assert_eq!(v.clocks_ms.a, 25 * MIN - 30_000);
    g.wait(10_000);
    assert_eq!(g.view().clocks_ms.b, 25 * MIN - 10_000);
    assert!(matches!(g.state.turns[0].action, TurnAction::Play { .. }));
}

#[test]
fn a_player_cannot_act_for_another_seat_t1() {
    let mut g = Game::team();
    let b1 = Actor::Player {
        seat: seat("B1"),
        id: "p".into(),
    };
    assert_eq!(
        g.err_as(b1.clone(), Command::Pass { seat: None }),
        RuleError::NotYourTurn(seat("A1"))
    );
    assert_eq!(
        g.err(Command::Pass {
            seat: Some(seat("B2"))
        }),
        RuleError::NotYourTurn(seat("A1"))
    );
    g.pass();
    g.ok_as(b1, Command::Pass { seat: None });
}

#[test]
fn the_first_play_lays_two_tiles_or_more_c3() {
    let mut g = Game::team();
    assert_eq!(g.err(play("A", 1, 2)), RuleError::OpeningTooShort);
    g.play("AX", 2, 18);
}

#[test]
fn max_tiles_after_opening_is_an_option_t2() {
    let r = Preset::Team2v2
        .ruleset()
        .with_overrides(&json!({"max_tiles_after_opening": 1}))
        .unwrap();
    let mut g = Game::started(r);
    g.play("CAT", 3, 10); // the opening may lay more
    assert_eq!(g.err(play("CATS", 2, 6)), RuleError::TooManyTiles(1));
    g.play("CATS", 1, 6);
}

#[test]
fn by_default_any_number_of_tiles_may_be_laid_t2() {
    let mut g = Game::team();
    g.play("CAT", 3, 10);
    g.play("SCATTER", 5, 30);
}

#[test]
fn sheet_mode_needs_words_and_tiles() {
    let mut g = Game::team();
    let e = g.err(Command::Play(Play::Sheet {
        words: vec![],
        tiles: Some(2),
        declared: 4,
        seat: None,
    }));
    assert_eq!(e.rule(), "invalid");
}

#[test]
fn nothing_happens_before_create_or_start() {
    let mut g = Game::created(Preset::Team2v2.ruleset());
    assert_eq!(g.state.status, Status::Created);
    assert!(matches!(
        g.err(Command::Pass { seat: None }),
        RuleError::Lifecycle(_)
    ));
    g.ok(Command::Start { first: Side::A });
    assert!(matches!(
        g.err(Command::Start { first: Side::A }),
        RuleError::Lifecycle(_)
    ));
}

#[test]
fn bag_starts_with_the_racks_dealt_and_plays_draw() {
    let mut g = Game::team();
    assert_eq!(g.view().bag, Some(72));
    g.play("QUIZ", 4, 40);
    assert_eq!(g.view().bag, Some(68));
    assert_eq!(g.view().racks[&seat("A1")], 7);
    let g = Game::individual();
    assert_eq!(g.view().bag, Some(86));
}

#[test]
fn commands_and_views_are_plain_json() {
    let cmd: Command = serde_json::from_value(json!({
        "type": "play", "words": ["QI"], "tiles": 2, "declared": 22
    }))
    .unwrap();
    assert_eq!(cmd, play("QI", 2, 22));
    let pass: Command = serde_json::from_value(json!({"type": "pass"})).unwrap();
    assert_eq!(pass, Command::Pass { seat: None });
    let mut g = Game::team();
    g.play("QI", 2, 22);
    let v = serde_json::to_value(g.view()).unwrap();
    assert_eq!(v["seat_to_move"], json!("B1"));
    assert_eq!(v["scores"], json!({"a": 22, "b": 0}));
    let e = serde_json::to_value(&g.events[2]).unwrap();
    assert_eq!(e["payload"]["type"], json!("played"));
    assert_eq!(e["actor"], json!({"role": "table", "id": "t1"}));
}

fn draw(a: &str, b: &str) -> Command {
    Command::Draw {
        a: a.into(),
        b: b.into(),
    }
}

// rule N3: the tile nearest to A goes first; the draw is recorded with the start.
#[test]
fn the_tile_nearest_to_a_moves_first_n3() {
    let mut g = Game::created(crate::rules::ruleset::Preset::Individual.ruleset());
    let ev = g.ok(draw("m", "E"));
    let crate::rules::game::Payload::Started { first, draw, .. } = &ev[0].payload else {
        panic!("not a start")
    };
    assert_eq!(*first, Side::B);
    let draw = draw.as_ref().unwrap();
    assert_eq!((draw.a.as_str(), draw.b.as_str()), ("M", "E"));
    assert_eq!(g.view().seat_to_move, Some(seat("B1")));
}

// rule N3: a blank beats A.
#[test]
fn a_blank_beats_an_a_n3() {
    let mut g = Game::created(crate::rules::ruleset::Preset::Individual.ruleset());
    g.ok(draw("A", "?"));
    assert_eq!(g.view().seat_to_move, Some(seat("B1")));
    let mut g = Game::created(crate::rules::ruleset::Preset::Team2v2.ruleset());
    g.ok(draw("?", "A"));
    assert_eq!(g.view().seat_to_move, Some(seat("A1")));
}

// rule N3: equal letters (or two blanks) draw again; a malformed draw is refused; the manual
// outcome stays available.
#[test]
fn equal_tiles_are_drawn_again_n3() {
    let mut g = Game::created(crate::rules::ruleset::Preset::Individual.ruleset());
    let e = g.err(draw("E", "e"));
    assert_eq!(e.rule(), "N3");
    assert!(e.to_string().contains("draw again"), "{e}");
    assert_eq!(g.err(draw("?", "?")).rule(), "N3");
    assert_eq!(g.err(draw("EE", "A")).rule(), "invalid");
    assert_eq!(g.err(draw("1", "A")).rule(), "invalid");
    assert_eq!(g.err(draw("", "A")).rule(), "invalid");
    g.ok(Command::Start { first: Side::B });
    assert_eq!(g.view().seat_to_move, Some(seat("B1")));
    assert_eq!(g.err(draw("A", "B")).rule(), "match");
}

// rule N3: a letter the tile set does not have cannot have been drawn.
#[test]
fn a_tile_outside_the_set_is_refused_n3() {
    let r = crate::rules::ruleset::Preset::Individual
        .ruleset()
        .with_overrides(&serde_json::json!({"tiles": {"set": "indonesian"}}))
        .unwrap();
    let mut g = Game::created(r);
    assert_eq!(g.err(draw("Q", "A")).rule(), "invalid");
    g.ok(draw("B", "A"));
}
