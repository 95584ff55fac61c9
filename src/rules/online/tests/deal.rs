//! The server deals (C2, N3) and each viewer sees only what they may (O1-O2, issue 17).

use super::*;

#[test]
fn n3_c2_the_server_draws_for_first_turn_and_deals_full_racks_from_its_rng() {
    let g = G::started(dictionary(), 7);
    assert_eq!(g.state.racks.a.len(), 7);
    assert_eq!(g.state.racks.b.len(), 7);
    assert_eq!(g.state.bag.len(), 86);
    assert_eq!(g.state.game.bag, 86, "the engine counts the same bag");
    // N3: the draw is recorded with the tiles drawn.
    let started = g.state.game.log.iter().find_map(|e| match &e.payload {
        game::Payload::Started { draw, .. } => Some(draw.clone()),
        _ => None,
    });
    assert!(started.unwrap().is_some());
    // The deal is in the log: the fold rebuilds the racks without an RNG (checked in `ok`),
    // and another seed deals other racks.
    let other = G::started(dictionary(), 8);
    assert_ne!(
        (g.rack(Side::A), g.rack(Side::B)),
        (other.rack(Side::A), other.rack(Side::B))
    );
    let dealt: Vec<String> = g
        .log
        .iter()
        .filter_map(|e| match &e.payload {
            OnlinePayload::Dealt { tiles, .. } => Some(tiles.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(dealt, vec![g.rack(Side::A), g.rack(Side::B)]);
}

#[test]
fn start_and_open_are_the_servers_and_happen_once() {
    let mut g = G::opened(dictionary(), 3);
    let e = g.refused(OnlineCommand::Start, Sender::Player(Side::A), 0);
    assert_eq!(e, OnlineError::NotAPlayer(Side::A));
    g.ok(OnlineCommand::Start, Sender::Server, 0);
    let e = g.refused(OnlineCommand::Start, Sender::Server, 1);
    assert!(matches!(e, OnlineError::Lifecycle(_)), "{e:?}");
    let open = OnlineCommand::Open {
        settings: dictionary(),
        names: names(),
    };
    assert!(matches!(
        g.refused(open, Sender::Server, 1),
        OnlineError::Lifecycle(_)
    ));
    // A player cannot act for the server, nor anyone before the game is open.
    let fresh = OnlineState::default();
    let e = decide(
        &fresh,
        OnlineCommand::Pass,
        Sender::Player(Side::A),
        at(0),
        &mut StdRng::seed_from_u64(1),
        enable(),
    )
    .unwrap_err();
    assert_eq!(e, OnlineError::NotAPlayer(Side::A));
    let mut bad = dictionary();
    bad.minutes = 0;
    let e = decide(
        &fresh,
        OnlineCommand::Open {
            settings: bad,
            names: names(),
        },
        Sender::Server,
        at(0),
        &mut StdRng::seed_from_u64(1),
        enable(),
    )
    .unwrap_err();
    assert!(matches!(e, OnlineError::Settings(_)), "{e:?}");
}

fn player_json(g: &G, side: Side) -> String {
    serde_json::to_string(&view(&g.state, Viewer::Player(side), at(30))).unwrap()
}

/// The view may not depend on the opponent's rack: two games that differ only in which unseen
/// tiles are on B's rack and which in the bag show A exactly the same JSON, and the same live
/// events; A's own rack is there.
#[test]
fn a_player_never_sees_the_opponents_rack_nor_the_bag_order() {
    let mut one = G::dealt(dictionary(), "CATSDOE", "QUIZJAX");
    let mut two = G::dealt(dictionary(), "CATSDOE", "QUIZJAW");
    for g in [&mut one, &mut two] {
        g.play(Side::A, "8H CATS", 10);
    }
    // Same draws for A in both games (same seed, same bag size): compare all that A is sent.
    assert_eq!(one.rack(Side::A), two.rack(Side::A));
    let (a1, a2) = (player_json(&one, Side::A), player_json(&two, Side::A));
    assert_eq!(a1, a2, "A's view depends on B's rack");
    let v: serde_json::Value = serde_json::from_str(&a1).unwrap();
    assert_eq!(v["rack"], serde_json::json!(one.rack(Side::A)));
    assert!(!a1.contains(&one.rack(Side::B)), "B's rack is in A's view");
    for (e1, e2) in one.log.iter().zip(&two.log) {
        let p1 = serde_json::to_string(&public_event(e1, Viewer::Player(Side::A))).unwrap();
        let p2 = serde_json::to_string(&public_event(e2, Viewer::Player(Side::A))).unwrap();
        assert_eq!(p1, p2, "a live event shows A something of B's rack");
    }
    // The unseen tiles are bag + B's rack as one multiset (the tracking aid).
    assert_eq!(
        v["unseen"],
        serde_json::json!(one.state.unseen_by(Side::A).to_string())
    );
    assert_eq!(one.state.unseen_by(Side::A).len(), one.state.bag.len() + 7);
    assert_eq!(v["rack_counts"]["b"], 7);
}

#[test]
fn a_spectator_sees_no_rack_at_all() {
    let one = G::dealt(dictionary(), "CATSDOE", "QUIZJAX");
    let two = G::dealt(dictionary(), "CATSDOQ", "EUIZJAX");
    let s1 = serde_json::to_string(&view(&one.state, Viewer::Spectator, at(5))).unwrap();
    let s2 = serde_json::to_string(&view(&two.state, Viewer::Spectator, at(5))).unwrap();
    assert_eq!(s1, s2, "a spectator's view depends on the racks");
    let v: serde_json::Value = serde_json::from_str(&s1).unwrap();
    assert!(v.get("rack").is_none());
    assert_eq!(v["unseen"].as_str().unwrap().len(), 100);
    for (e1, e2) in one.log.iter().zip(&two.log) {
        assert_eq!(
            public_event(e1, Viewer::Spectator),
            public_event(e2, Viewer::Spectator)
        );
    }
}

#[test]
fn o3_an_exchange_shows_the_opponent_only_its_number_of_tiles() {
    let mut g = G::dealt(dictionary(), "QVVWWXK", "CATSDOE");
    // O3: any number of tiles; the rack keeps its size, the bag its count.
    let ev = g.ok(
        OnlineCommand::Exchange {
            tiles: "vvq".into(),
        },
        Sender::Player(Side::A),
        5,
    );
    assert_eq!(g.state.racks.a.len(), 7);
    assert_eq!(g.state.bag.len(), 86);
    assert_eq!(g.state.side_to_move(), Some(Side::B));
    let shown: Vec<String> = ev
        .iter()
        .map(|e| serde_json::to_string(&public_event(e, Viewer::Player(Side::B))).unwrap())
        .collect();
    let all = shown.join("\n");
    assert!(all.contains(r#""tiles":"3""#), "{all}");
    assert!(!all.contains("QVV"), "{all}");
    let own: Vec<OnlineEvent> = ev
        .iter()
        .map(|e| public_event(e, Viewer::Player(Side::A)))
        .collect();
    assert_eq!(own, ev, "a player's own events are theirs in full");
    let v = view(&g.state, Viewer::Player(Side::B), at(6));
    assert_eq!(v.turns[0].kind, "exchange");
    assert_eq!(v.turns[0].tiles, 3);
}

#[test]
fn commands_and_settings_read_from_their_json() {
    let cmd: OnlineCommand =
        serde_json::from_value(serde_json::json!({"type": "play", "move": "8D QI"})).unwrap();
    assert_eq!(cmd, OnlineCommand::Play { mv: "8D QI".into() });
    let cmd: OnlineCommand =
        serde_json::from_value(serde_json::json!({"type": "challenge"})).unwrap();
    assert_eq!(cmd, OnlineCommand::Challenge { words: vec![] });
    // Unit commands ignore stray fields (serde, internally tagged); a struct command refuses.
    let bad = serde_json::from_value::<OnlineCommand>(
        serde_json::json!({"type": "play", "move": "8D QI", "seat": "A1"}),
    );
    assert!(bad.is_err(), "unknown fields are refused");
    let s: OnlineSettings = serde_json::from_value(serde_json::json!({
        "lexicon": "enable", "tile_set": "english",
        "mode": {"kind": "challenge", "rule": "five_point"},
        "minutes": 10, "at_zero": {"kind": "loss_on_time"}, "rated": false
    }))
    .unwrap();
    assert_eq!(
        s.mode,
        Mode::Challenge {
            rule: ChallengeRule::FivePoint
        }
    );
    // N5 rule data: challenge mode takes a challenge rule, not `void` (that is O1's mode).
    let mut void = s.clone();
    void.mode = Mode::Challenge {
        rule: ChallengeRule::Void,
    };
    assert!(void.ruleset().is_err());
    let mut odd = s;
    odd.tile_set = "klingon".into();
    assert!(odd.ruleset().is_err());
}
