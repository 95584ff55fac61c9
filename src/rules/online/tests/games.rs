//! Whole games to their end, and their records (C8, O1, O2, O4).

use super::dictionary::autoplay;
use super::*;
use crate::rules::gcg;
use crate::rules::online::rating::{Rating, Variant, game_ratings, rate_game};

#[test]
fn o1_a_dictionary_game_plays_out_and_exports_as_gcg() {
    let mut g = G::started(dictionary(), 21);
    let e = to_gcg(&g.state).unwrap_err();
    assert_eq!(e, OnlineError::NotFinished);
    assert_eq!(
        game_ratings(&g.state, Sides::default()),
        None,
        "not finished"
    );
    let mut sec = 0;
    autoplay(&mut g, &mut sec, |_| false);
    let r = g.state.game.result.clone().expect("the game ends");
    let end = end_of(&g.state).unwrap();
    assert!(
        matches!(
            end,
            OnlineEnd::OutPlay | OnlineEnd::NoPlayPossible | OnlineEnd::ScorelessTurns
        ),
        "{end:?}"
    );
    // C8: the record's totals are the result's; each turn carries its rack.
    let text = to_gcg_text(&g.state).unwrap();
    let back = gcg::read(text.as_bytes()).unwrap();
    assert_eq!(back.final_totals(), [r.scores.a, r.scores.b], "{text}");
    assert_eq!(back.pragma("lexicon"), Some("ENABLE"));
    let first = back.events.first().unwrap();
    assert_eq!(first.rack.len(), 7, "{text}");
    // O4: a rated game moves both ratings of its variant, the winner's up.
    let before = Sides {
        a: Rating::default(),
        b: Rating::default(),
    };
    let after = rate_game(before, r.winner);
    let (variant, rated) = game_ratings(&g.state, before).unwrap();
    assert_eq!(rated, after);
    assert_eq!(variant.key(), "enable.dictionary.regular");
    let mut casual = g.state.clone();
    casual.settings.as_mut().unwrap().rated = false;
    assert_eq!(
        game_ratings(&casual, before),
        None,
        "O4: casual games do not move ratings"
    );
    match r.winner {
        Some(w) => assert!(after[w].rating > 1500.0 && after[w.other()].rating < 1500.0),
        None => assert!((after.a.rating - 1500.0).abs() < 1e-9),
    }
    assert_eq!(
        Variant::of(g.state.settings.as_ref().unwrap()).key(),
        "enable.dictionary.regular"
    );
}

#[test]
fn o2_a_challenge_game_plays_out_by_out_play_after_the_last_window() {
    let mut g = G::started(challenge(ChallengeRule::Double), 5);
    let mut sec = 0;
    // Each play is accepted at once by the opponent, so no window holds up the next turn.
    for _ in 0..200 {
        if g.state.is_over() {
            break;
        }
        let Some(side) = g.state.side_to_move() else {
            break;
        };
        sec += 3;
        match g.top(side) {
            Some(mv) => {
                g.play(side, &mv, sec);
                if !g.state.is_over() || g.state.game.window.is_some() {
                    g.ok(OnlineCommand::Accept, Sender::Player(side.other()), sec);
                }
            }
            None if g.state.bag.len() >= 7 => {
                let tiles = g.rack(side);
                g.ok(OnlineCommand::Exchange { tiles }, Sender::Player(side), sec);
            }
            None => {
                g.pass(side, sec);
            }
        }
    }
    let r = g.state.game.result.clone().expect("the game ends");
    let text = to_gcg_text(&g.state).unwrap();
    let back = gcg::read(text.as_bytes()).unwrap();
    assert_eq!(back.final_totals(), [r.scores.a, r.scores.b], "{text}");
    if end_of(&g.state) == Some(OnlineEnd::OutPlay) {
        // N7 subtract-and-add: the record has the out line with the opponent's tiles.
        assert!(
            back.events
                .iter()
                .any(|e| matches!(e.kind, gcg::EventKind::OutBonus(_))),
            "{text}"
        );
    }
}

#[test]
fn n5_o2_an_out_play_stays_open_to_challenge_and_racks_wait_for_it() {
    // Found by play: drive a game until the bag is empty and a player holds a play using
    // every tile, then check the result waits for the window (N5) and the sweeper closes it.
    let mut g = G::started(challenge(ChallengeRule::Double), 9);
    let mut sec = 0;
    for _ in 0..200 {
        if g.state.is_over() {
            break;
        }
        let Some(side) = g.state.side_to_move() else {
            break;
        };
        sec += 3;
        let Some(mv) = g.top(side) else {
            g.pass(side, sec);
            continue;
        };
        let laid = {
            let track = g.state.game.board.as_ref().unwrap();
            track.read(&mv, None, 15).unwrap().tiles
        };
        let out = g.state.bag.is_empty() && usize::from(laid) == g.state.racks[side].len();
        g.play(side, &mv, sec);
        if out {
            assert!(g.state.is_over());
            assert!(
                g.state.game.result.is_none(),
                "the out-play is still open (N5)"
            );
            assert!(
                !g.state.game.racks_counted,
                "no rack shown while it may come back"
            );
            // N5/T17d: the out-play challenged off (a dictionary without its words): the
            // game goes on, the tiles are back on the rack, nothing was counted.
            let mut off = G {
                log: g.log.clone(),
                state: g.state.clone(),
                rng: StdRng::seed_from_u64(2),
                graph: Box::leak(Box::new(
                    WordGraph::from_words(["ZZZZZZZZ".as_bytes()]).unwrap(),
                )),
            };
            let cmd = OnlineCommand::Challenge { words: vec![] };
            off.ok(cmd, Sender::Player(side.other()), sec + 1);
            assert!(!off.state.is_over());
            assert_eq!(off.state.racks[side].len(), usize::from(laid));
            assert_eq!(off.state.game.result, None);
            assert_eq!(end_of(&off.state), None);
            let due = g.state.game.window.as_ref().map(|w| w.opened_at).unwrap();
            let lapse = (due - at(0)).num_seconds() + 5;
            let left = g.state.racks[side.other()].value(&TileSet::english()) as i32;
            let before = g.state.game.scores();
            let early = g.refused(OnlineCommand::TimeExpired, Sender::Server, lapse - 1);
            assert!(matches!(early, OnlineError::Rule(_)), "{early:?}");
            g.ok(OnlineCommand::TimeExpired, Sender::Server, lapse);
            let r = g.state.game.result.clone().unwrap();
            assert_eq!(end_of(&g.state), Some(OnlineEnd::OutPlay));
            assert_eq!(r.scores, g.state.game.scores());
            // N6-N7 subtract-and-add: the player out gains the opponent's rack, which the
            // opponent loses.
            assert!(left > 0);
            assert_eq!(r.scores[side], before[side] + left);
            assert_eq!(r.scores[side.other()], before[side.other()] - left);
            return;
        }
        if !g.state.is_over() && g.state.game.window.is_some() {
            g.ok(OnlineCommand::Accept, Sender::Player(side.other()), sec);
        }
    }
    panic!("the game never reached an out-play; pick another seed");
}
