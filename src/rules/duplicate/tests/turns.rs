//! The turn order, its refusals, undo, the end of the game and the fold.

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::*;
use crate::rules::movegen::WordGraph;

// rules D1, D4, D5, D6: commands out of turn order are refused and record nothing.
#[test]
fn commands_out_of_order_are_refused() {
    let s0 = State::default();
    assert_eq!(
        start_turn(&s0),
        Err(DuplicateError::Lifecycle("the game is not created"))
    );
    let mut s = new_game(vec![1, 2]);
    assert_eq!(
        create(&s, DuplicateRuleset::english(), vec![1])
            .unwrap_err()
            .rule(),
        ""
    );
    assert_eq!(start_turn(&s).unwrap_err().rule(), "D4");
    assert_eq!(place_top(&s).unwrap_err().rule(), "D6");
    assert_eq!(choose_top(&s, graph(), None).unwrap_err().rule(), "D6");
    let slip = SlipInput::parse_line("1 8H AB 4").unwrap();
    assert_eq!(
        record_slip(&s, graph(), 1, slip.clone(), None),
        Err(DuplicateError::UnknownTurn(1))
    );
    step!(s, type_rack(&s, "AEIRST?", false).unwrap());
    assert_eq!(type_rack(&s, "AEIRST?", false).unwrap_err().rule(), "D1");
    assert_eq!(
        record_slip(&s, graph(), 1, slip.clone(), None),
        Err(DuplicateError::UnknownTurn(1))
    );
    step!(s, start_turn(&s).unwrap());
    let mut stranger = slip;
    stranger.player = 9;
    let e = record_slip(&s, graph(), 1, stranger, None).unwrap_err();
    assert_eq!((e.rule(), e.field()), ("D5", Some("player".into())));
    let choice = choose_top(&s, graph(), Some(10_000)).unwrap_err();
    assert!(
        matches!(
            choice,
            DuplicateError::ChoiceOutOfRange { choice: 10_000, .. }
        ),
        "{choice}"
    );
    assert_eq!(choice.field(), Some("choice".into()));
    assert_eq!(end_game(&s, graph()), Err(DuplicateError::NotOver));
    // Refusals changed nothing.
    assert_eq!(fold(&s.log), s);
}

// rules D5 and the ruleset's refusals surface with their field.
#[test]
fn creation_refuses_bad_players_and_rulesets_by_field() {
    let s = State::default();
    let e = create(&s, DuplicateRuleset::english(), vec![]).unwrap_err();
    assert_eq!(e.field(), Some("players".into()));
    let e = create(&s, DuplicateRuleset::english(), vec![3, 3]).unwrap_err();
    assert_eq!(e.to_string(), "players: player 3 is listed twice");
    let mut r = DuplicateRuleset::english();
    r.warning_ms = r.turn_ms;
    let e = create(&s, r, vec![1]).unwrap_err();
    assert_eq!(e.field(), Some("ruleset.warning_ms".into()));
}

// rule D3: a typed rack with a tile not left is refused; nothing is recorded.
#[test]
fn a_typed_tile_not_in_the_bag_is_refused() {
    let mut s = new_game(vec![1]);
    let e = type_rack(&s, "QQAEIRS", false).unwrap_err();
    assert_eq!(
        e,
        DuplicateError::Draw(DrawError::NotInBag { tile: 'Q', left: 1 })
    );
    assert_eq!((e.rule(), e.field()), ("D3", Some("rack".into())));
    assert_eq!(type_rack(&s, "BCDFGHA", false).unwrap_err().rule(), "D3");
    step!(s, type_rack(&s, "qaeirs?", false).unwrap());
    assert_eq!(s.rack().unwrap().to_string(), "AEIQRS?");
    assert_eq!(s.bag.len(), 93);
}

// Undo is a new event: the state goes back, the log keeps everything.
#[test]
fn undo_reverses_the_latest_master_event_as_a_new_record() {
    let mut s = new_game(vec![1]);
    assert_eq!(undo(&s, "oops"), Err(DuplicateError::NothingToUndo));
    let bag = s.bag;
    step!(s, type_rack(&s, "AEIRST?", false).unwrap());
    step!(s, undo(&s, "wrong tiles").unwrap());
    assert_eq!(
        (s.phase(), s.bag, s.turn_number()),
        (Phase::AwaitingRack, bag, 0)
    );
    step!(s, type_rack(&s, "AEINRST", false).unwrap());
    step!(s, start_turn(&s).unwrap());
    let top = choose_top(&s, graph(), Some(0)).unwrap();
    step!(s, top);
    step!(s, place_top(&s).unwrap());
    let placed = s.board.clone();
    assert!(!placed.is_empty());
    step!(s, undo(&s, "misplaced").unwrap());
    assert!(s.board.is_empty());
    assert_eq!(s.phase(), Phase::TopChosen);
    step!(s, place_top(&s).unwrap());
    assert_eq!(s.board, placed);
    assert_eq!(s.log.len(), 9, "nothing is deleted");
    assert_eq!(fold(&s.log), s);
}

// rule D3 end: when the pool cannot meet the constraint, drawing ends the game.
#[test]
fn the_game_ends_when_the_draw_cannot_meet_the_constraint() {
    let mut s = new_game(vec![1]);
    // Keep only consonants and one vowel in the pool by hand: empty the bag into "the board".
    s.bag = crate::rules::tiles::Rack::parse("BCDFGHA").unwrap();
    let mut rng = StdRng::seed_from_u64(3);
    let p = draw_rack(&s, &mut rng).unwrap();
    assert_eq!(
        p,
        Payload::Ended {
            reason: EndReason::DrawImpossible
        }
    );
    assert_eq!(end_game(&s, graph()), Ok(p.clone()));
    step!(s, p);
    assert_eq!(s.phase(), Phase::Ended);
    assert_eq!(draw_rack(&s, &mut rng), Err(DuplicateError::GameOver));
    assert_eq!(type_rack(&s, "AB", false), Err(DuplicateError::GameOver));
}

// rule D3: a typed rack is refused when no rack can meet the constraint; end_game then ends it.
#[test]
fn a_typed_rack_cannot_continue_an_impossible_game() {
    let mut s = new_game(vec![1]);
    s.bag = crate::rules::tiles::Rack::parse("BCDFGHA").unwrap();
    let e = type_rack(&s, "BCDFGHA", false).unwrap_err();
    assert_eq!(e, DuplicateError::Draw(DrawError::Impossible { min: 2 }));
    assert_eq!(s.phase(), Phase::AwaitingRack);
}

// rule D6: with no play at all the top cannot be chosen, and the game may be ended; while a
// play exists it may not.
#[test]
fn a_rack_without_any_play_ends_the_game() {
    let none = WordGraph::from_words([b"QQQQ".as_slice()]).unwrap();
    let mut s = new_game(vec![1]);
    step!(s, type_rack(&s, "AEIRST?", false).unwrap());
    step!(s, start_turn(&s).unwrap());
    assert_eq!(choose_top(&s, &none, None), Err(DuplicateError::NoPlay));
    assert_eq!(end_game(&s, graph()), Err(DuplicateError::NotOver));
    let ended = end_game(&s, &none).unwrap();
    assert_eq!(
        ended,
        Payload::Ended {
            reason: EndReason::NoPlay
        }
    );
    step!(s, ended);
    assert_eq!(s.phase(), Phase::Ended);
}

// rule D5: a second slip for the same player and turn is a correction (a new event that
// replaces the first; the referee's ruling is an input); slips of an undone rack are void.
#[test]
fn slip_corrections_are_new_events_and_undone_racks_void_their_slips() {
    let mut s = new_game(vec![1]);
    step!(s, type_rack(&s, "AEINRST", false).unwrap());
    step!(s, start_turn(&s).unwrap());
    let Payload::TopChosen { candidates, .. } = choose_top(&s, graph(), Some(0)).unwrap() else {
        panic!()
    };
    let top = &candidates[0];
    let wrong = top_slip(1, top, top.score + 2);
    let zero = record_slip(&s, graph(), 1, wrong.clone(), Some(FaultRuling::Zero)).unwrap();
    step!(s, zero);
    assert_eq!(s.slips[&(1, 1)].score, 0);
    assert_eq!(s.slips[&(1, 1)].zero, Some(ZeroReason::RuledZero));
    step!(
        s,
        record_slip(&s, graph(), 1, wrong, Some(FaultRuling::Warning)).unwrap()
    );
    assert_eq!(
        (s.slips[&(1, 1)].score, s.slips[&(1, 1)].warnings),
        (top.score, 1)
    );
    assert_eq!(s.log.len(), 5, "both slips stay in the log");
    step!(s, undo(&s, "start again").unwrap());
    step!(s, undo(&s, "wrong rack").unwrap());
    assert!(s.slips.is_empty(), "a rack undone voids its slips");
    assert_eq!(fold(&s.log), s);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]
    // rule D3 and the fold: every server-drawn rack meets the constraint, and folding the
    // stored log (undo included) gives the live state, twice alike.
    #[test]
    fn the_fold_is_deterministic_and_every_rack_meets_d3(seed in any::<u64>(), undo_at in 1u32..5) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut s = new_game(vec![1]);
        for turn in 1..=5u32 {
            let p = draw_rack(&s, &mut rng).unwrap();
            step!(s, p);
            let min = s.ruleset.as_ref().unwrap().draw_minimum(turn);
            prop_assert!(meets(s.set.as_ref().unwrap(), &s.rack().unwrap(), min));
            if turn == undo_at {
                step!(s, undo(&s, "redo").unwrap());
                let p = draw_rack(&s, &mut rng).unwrap();
                step!(s, p);
            }
            step!(s, start_turn(&s).unwrap());
            let Ok(top) = choose_top(&s, graph(), Some(0)) else { break };
            step!(s, top);
            step!(s, place_top(&s).unwrap());
        }
        prop_assert_eq!(&fold(&s.log), &s);
        prop_assert_eq!(fold(&s.log), fold(&s.log));
    }
}

// rules D1, D5: a player added to the event after the game was created joins it and may write
// slips from then on; joining twice, an empty list or a game over are refused with nothing
// recorded.
#[test]
fn players_added_later_join_a_game_not_over() {
    let mut s = new_game(vec![1, 2]);
    step!(s, type_rack(&s, "AEIRSTN", false).unwrap());
    step!(s, start_turn(&s).unwrap());
    let late = SlipInput::parse_line("3 H4 RETAINS 70").unwrap();
    assert_eq!(
        record_slip(&s, graph(), 1, late.clone(), None),
        Err(DuplicateError::UnknownPlayer(3))
    );
    step!(s, join(&s, vec![3]).unwrap());
    assert_eq!(s.players, vec![1, 2, 3]);
    assert!(record_slip(&s, graph(), 1, late, None).is_ok());
    let before = s.clone();
    assert_eq!(
        join(&s, vec![3]).unwrap_err().field(),
        Some("players".into())
    );
    assert_eq!(
        join(&s, vec![4, 4]).unwrap_err().field(),
        Some("players".into())
    );
    assert_eq!(
        join(&s, vec![]).unwrap_err().field(),
        Some("players".into())
    );
    assert_eq!(s, before);
    assert_eq!(fold(&s.log), s, "the fold replays the join");
    let mut over = new_game(vec![1]);
    step!(
        over,
        Payload::Ended {
            reason: EndReason::NoPlay
        }
    );
    assert_eq!(join(&over, vec![2]), Err(DuplicateError::GameOver));
}

// rules D4, D5 (the `phone_slips` option): a phone entry is taken while the turn's time runs,
// replaced by a later one, refused from the end of the time (server `now`) and once the top
// is chosen; when checked it is scored like an arbitrator's slip, and an arbitrator's slip
// for the player wins.
#[test]
fn phone_slips_lock_at_the_end_of_time_and_are_checked_like_slips() {
    let entry = |player: u32, points: u32| SlipInput {
        player,
        reference: "8H".into(),
        word: "ZEST".into(),
        points: Some(points),
    };
    let mut off = new_game(vec![1]);
    step!(off, type_rack(&off, "ZESTAIO", false).unwrap());
    step!(off, start_turn(&off).unwrap());
    assert_eq!(
        enter_phone_slip(&off, at(1, 10), entry(1, 26)),
        Err(DuplicateError::PhoneSlipsOff)
    );
    let r = DuplicateRuleset {
        phone_slips: true,
        ..DuplicateRuleset::english()
    };
    let mut s = new_game_with(r, vec![1, 2, 3]);
    step!(s, type_rack(&s, "ZESTAIO", false).unwrap());
    assert_eq!(
        enter_phone_slip(&s, at(1, 6), entry(1, 26)),
        Err(DuplicateError::NoTurnRunning)
    );
    step!(s, start_turn(&s).unwrap()); // at(1, 5): the time ends at at(1, 185)
    assert_eq!(
        enter_phone_slip(&s, at(1, 10), entry(9, 26)),
        Err(DuplicateError::UnknownPlayer(9))
    );
    let e = enter_phone_slip(
        &s,
        at(1, 10),
        SlipInput {
            word: "Z3ST".into(),
            ..entry(1, 26)
        },
    );
    assert_eq!(e.unwrap_err().field().as_deref(), Some("word"));
    for (player, points) in [(1, 30), (1, 26), (2, 20), (3, 10)] {
        step!(
            s,
            enter_phone_slip(&s, at(1, 100), entry(player, points)).unwrap()
        );
    }
    assert_eq!(s.phone[&(1, 1)].0.points, Some(26), "the last entry stands");
    assert_eq!(
        enter_phone_slip(&s, at(1, 185), entry(1, 26)),
        Err(DuplicateError::TimeUp(1))
    );
    // Player 3's paper slip, entered by an arbitrator.
    step!(s, record_slip(&s, graph(), 1, entry(3, 26), None).unwrap());
    step!(s, choose_top(&s, graph(), Some(0)).unwrap());
    assert_eq!(
        enter_phone_slip(&s, at(1, 150), entry(1, 26)),
        Err(DuplicateError::TimeUp(1))
    );
    let checked = check_phone_slips(&s, graph(), 1).unwrap();
    assert_eq!(
        checked.iter().map(|(p, _)| *p).collect::<Vec<_>>(),
        vec![1, 2]
    );
    for (_, p) in checked {
        step!(s, p);
    }
    assert_eq!((s.slips[&(1, 1)].score, s.slips[&(1, 1)].warnings), (26, 0));
    assert_eq!((s.slips[&(1, 2)].score, s.slips[&(1, 2)].warnings), (26, 1));
    assert_eq!(s.slips[&(1, 3)].slip.points, Some(26));
    assert!(
        check_phone_slips(&s, graph(), 1).unwrap().is_empty(),
        "checked once"
    );
    assert_eq!(fold(&s.log), s);
}
