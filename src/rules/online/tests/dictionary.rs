//! Dictionary mode (O1) and the checks every play goes through (C2-C3, N1).

use super::*;
use crate::rules::game::RuleError;

fn play(mv: &str) -> OnlineCommand {
    OnlineCommand::Play { mv: mv.into() }
}

#[test]
fn o1_an_invalid_word_is_refused_at_entry_without_penalty() {
    let mut g = G::dealt(dictionary(), "CATSDOE", "QUIZJAX");
    let e = g.refused(play("8H TCA"), Sender::Player(Side::A), 5);
    assert_eq!(
        e,
        OnlineError::NotInDictionary {
            words: vec!["TCA".into()]
        }
    );
    // Nothing recorded: A is still on turn with the same rack and no score.
    assert_eq!(g.state.side_to_move(), Some(Side::A));
    assert_eq!(g.state.game.scores().a, 0);
    assert!(g.state.game.turns.is_empty());
    // The valid word is then taken and scored by the board (C5: CATS at 8H, DW on H8 = 12).
    g.play(Side::A, "8H CATS", 6);
    assert_eq!(g.state.game.scores().a, 12);
    assert_eq!(g.state.racks.a.len(), 7, "A drew 4");
    assert_eq!(g.state.bag.len(), 82);
}

#[test]
fn o1_every_word_formed_is_checked() {
    let mut g = G::dealt(dictionary(), "CATSDOE", "QUIZJAX");
    g.play(Side::A, "8H CATS", 5);
    // ZA is good, but hooking J under C makes a word "CJ"... B plays a parallel word whose
    // cross word is not a word.
    let e = g.refused(play("9H QI"), Sender::Player(Side::B), 6);
    let OnlineError::NotInDictionary { words } = e else {
        panic!("{e:?}")
    };
    assert!(words.contains(&"CQ".to_string()), "{words:?}");
}

#[test]
fn c2_the_tiles_must_come_from_the_players_rack_blanks_included() {
    let mut g = G::dealt(dictionary(), "CAT?DOE", "QUIZJAX");
    let e = g.refused(play("8H ZAX"), Sender::Player(Side::A), 5);
    assert_eq!(
        e,
        OnlineError::NotOnRack {
            missing: "XZ".into(),
            rack: "ACDEOT?".into()
        }
    );
    // A blank plays as a lowercase letter; a second blank is not on the rack.
    let e = g.refused(play("8H DoTs"), Sender::Player(Side::A), 5);
    assert_eq!(
        e,
        OnlineError::NotOnRack {
            missing: "?".into(),
            rack: "ACDEOT?".into()
        }
    );
    g.play(Side::A, "8H DOgE", 6);
    assert_eq!(g.state.racks.a.blanks(), 0, "the blank left the rack");
    // Scored with the blank at 0 (C2): D2 O1 g0 E1 = 4, doubled = 8.
    assert_eq!(g.state.game.scores().a, 8);
}

#[test]
fn c3_n1_the_engines_rules_come_through_typed() {
    let mut g = G::dealt(dictionary(), "CATSDOE", "QUIZJAX");
    let e = g.refused(play("1A CATS"), Sender::Player(Side::A), 5);
    assert!(
        matches!(e, OnlineError::Rule(RuleError::Board { rule: "C3", .. })),
        "{e:?}"
    );
    let e = g.refused(play("8H QUIZ"), Sender::Player(Side::B), 5);
    assert!(
        matches!(e, OnlineError::Rule(RuleError::NotYourTurn(_))),
        "{e:?}"
    );
    let e = g.refused(play("8H"), Sender::Player(Side::A), 5);
    assert!(matches!(e, OnlineError::Rule(_)), "{e:?}");
    let e = g.refused(OnlineCommand::Pass, Sender::Server, 5);
    assert!(matches!(e, OnlineError::Lifecycle(_)), "{e:?}");
}

#[test]
fn o1_there_is_nothing_to_challenge_in_dictionary_mode() {
    let mut g = G::dealt(dictionary(), "CATSDOE", "QUIZJAX");
    g.play(Side::A, "8H CATS", 5);
    let e = g.refused(
        OnlineCommand::Challenge { words: vec![] },
        Sender::Player(Side::B),
        6,
    );
    assert_eq!(e, OnlineError::NoChallenges);
    let e = g.refused(OnlineCommand::Hold, Sender::Player(Side::B), 6);
    assert!(matches!(e, OnlineError::Rule(RuleError::Hold(_))), "{e:?}");
    assert!(!view(&g.state, Viewer::Player(Side::B), at(6)).challengeable);
}

#[test]
fn o3_n4_an_exchange_needs_its_tiles_on_the_rack() {
    let mut g = G::dealt(dictionary(), "CATSDOE", "QUIZJAX");
    let cmd = OnlineCommand::Exchange { tiles: "ZZ".into() };
    let e = g.refused(cmd, Sender::Player(Side::A), 5);
    assert!(matches!(e, OnlineError::NotOnRack { .. }), "{e:?}");
    let cmd = OnlineCommand::Exchange { tiles: "C1".into() };
    let e = g.refused(cmd, Sender::Player(Side::A), 5);
    assert!(
        matches!(e, OnlineError::Rule(RuleError::Invalid(_))),
        "{e:?}"
    );
    // O3: all seven may go.
    let cmd = OnlineCommand::Exchange {
        tiles: "CATSDOE".into(),
    };
    g.ok(cmd, Sender::Player(Side::A), 6);
    assert_eq!(g.state.bag.len(), 86);
}

/// Plays the top play (ENABLE) for each side in turn, exchanging or passing when there is
/// none, until `stop` says so or the game is over.
pub(super) fn autoplay(g: &mut G, sec: &mut i64, stop: impl Fn(&G) -> bool) {
    for _ in 0..200 {
        if g.state.is_over() || stop(g) {
            return;
        }
        let Some(side) = g.state.side_to_move() else {
            return;
        };
        *sec += 3;
        match g.top(side) {
            Some(mv) => {
                g.play(side, &mv, *sec);
            }
            None if g.state.bag.len() >= 7 => {
                let tiles = g.rack(side);
                g.ok(
                    OnlineCommand::Exchange { tiles },
                    Sender::Player(side),
                    *sec,
                );
            }
            None => {
                g.pass(side, *sec);
            }
        }
    }
}

#[test]
fn o1_the_game_ends_when_neither_player_can_play_with_n6_racks() {
    let mut g = G::started(dictionary(), 11);
    let mut sec = 0;
    autoplay(&mut g, &mut sec, |g| g.state.bag.len() < 7);
    assert!(!g.state.is_over());
    let before = g.state.game.scores();
    let set = TileSet::english();
    let values = Sides {
        a: g.state.racks.a.value(&set) as i32,
        b: g.state.racks.b.value(&set) as i32,
    };
    let side = g.state.side_to_move().unwrap();
    // The same turn under a dictionary where no word fits either rack: the move generator
    // finds no play and the bag is too small to exchange (N4), so the game ends (O1).
    let none = WordGraph::from_words(["ZZZZZZZZ".as_bytes()]).unwrap();
    let mut ended = G {
        log: g.log.clone(),
        state: g.state.clone(),
        rng: StdRng::seed_from_u64(1),
        graph: Box::leak(Box::new(none)),
    };
    ended.pass(side, sec + 3);
    assert_eq!(end_of(&ended.state), Some(OnlineEnd::NoPlayPossible));
    let result = ended.state.game.result.clone().unwrap();
    // N6: nobody went out: each loses their own rack's value.
    assert_eq!(result.scores.a, before.a - values.a);
    assert_eq!(result.scores.b, before.b - values.b);
    // With ENABLE the same pass does not end the game when a play remains.
    if [Side::A, Side::B].iter().any(|s| g.top(*s).is_some()) {
        g.pass(side, sec + 3);
        assert!(!g.state.is_over());
    }
}
