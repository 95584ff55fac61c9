//! How online games end over HTTP (O1, O2, O4, N2, N6-N8): a dictionary game played out with
//! the end racks counted, N2 overtime charged at the end, loss on time at zero, and the running
//! server's own sweeper ending an abandoned game and moving the ratings.

use serde_json::{Value, json};

use crate::helpers::{Client, TestApp, ok};
use crate::online::{Game, dictionary, settings, start_on};
use arbiter::rules::movegen::{text::parse_board_rows, top_plays};
use arbiter::rules::tiles::{Rack, TileSet};

/// The top play for `side`'s rack on the game's board now (ENABLE), if any.
fn top_now(g: &Game, view: &Value) -> Option<(String, i64)> {
    let graph = arbiter::web::api::online::graph(&g.app.state.lexicons).unwrap();
    let set = TileSet::by_name(view["view"]["settings"]["tile_set"].as_str().unwrap()).unwrap();
    let rows: Vec<&str> = view["view"]["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    let board = parse_board_rows(&rows, &set).unwrap();
    let rack = Rack::parse(view["view"]["rack"].as_str().unwrap()).unwrap();
    let tops = top_plays(&graph, &set, &board, &rack);
    tops.plays
        .first()
        .map(|p| (p.to_string(), i64::from(p.score())))
}

/// The value of `tiles` in the English set (C2).
fn value(tiles: &str) -> i64 {
    i64::from(Rack::parse(tiles).unwrap().value(&TileSet::english()))
}

/// The client of `side` (`a` is ann, `b` bob).
fn client(g: &Game, side: &str) -> Client {
    if side == "a" {
        g.ann.clone()
    } else {
        g.bob.clone()
    }
}

fn other(side: &str) -> &'static str {
    if side == "a" { "b" } else { "a" }
}

/// What the side on turn saw and did last.
struct Last {
    side: String,
    scores: Value,
    unseen: String,
    score: i64,
}

/// Both players play their top play (exchanging all, or passing, when there is none) until
/// the game ends; returns the last play made.
fn autoplay(g: &mut Game) -> Option<Last> {
    let mut last = None;
    for _ in 0..80 {
        let seen = g.view(&mut g.app.client());
        if seen["finished"] == true {
            return last;
        }
        let side = seen["view"]["to_move"].as_str().unwrap().to_owned();
        let mut who = client(g, &side);
        let mine = g.view(&mut who);
        let cmd = match top_now(g, &mine) {
            Some((mv, score)) => {
                last = Some(Last {
                    side: side.clone(),
                    scores: mine["view"]["scores"].clone(),
                    unseen: mine["view"]["unseen"].as_str().unwrap().to_owned(),
                    score,
                });
                json!({"type": "play", "move": mv})
            }
            None if mine["view"]["bag_count"].as_u64().unwrap() >= 7 => {
                json!({"type": "exchange", "tiles": mine["view"]["rack"]})
            }
            None => json!({"type": "pass"}),
        };
        ok(g.cmd(&mut who, cmd));
    }
    panic!("the game did not end in 80 turns");
}

#[test]
fn o1_a_dictionary_game_ends_when_a_player_plays_out_with_n6_n7_racks_and_o4_ratings() {
    let app = TestApp::builder().manual_clock().dealer_seed(17).spawn();
    let mut g = start_on(app, dictionary());
    let last = autoplay(&mut g).expect("a play");
    let v = g.view(&mut g.app.client());
    assert_eq!(v["view"]["end"], "out_play", "{v}");
    let (out, opp) = (last.side.as_str(), other(&last.side));
    assert_eq!(v["view"]["rack_counts"][out], 0, "{v}");
    assert_eq!(v["view"]["bag_count"], 0, "{v}");
    // With the bag empty, what the player going out could not see is the opponent's rack:
    // N6 it comes off the opponent's score, N7 (subtract-and-add) onto the player's.
    let left = value(&last.unseen);
    assert!(left > 0, "{v}");
    let result = &v["view"]["result"];
    assert_eq!(
        result["scores"][out].as_i64().unwrap(),
        last.scores[out].as_i64().unwrap() + last.score + left,
        "{v}"
    );
    assert_eq!(
        result["scores"][opp].as_i64().unwrap(),
        last.scores[opp].as_i64().unwrap() - left,
        "{v}"
    );
    // O4: the rated game moved both ratings with its end.
    let variant = v["variant"].as_str().unwrap();
    let board = ok(g
        .app
        .client()
        .get(&format!("/api/v1/online/leaderboard?variant={variant}")));
    assert_eq!(board["lines"].as_array().unwrap().len(), 2, "{board}");
    for name in ["ann", "bob"] {
        let p = ok(g
            .app
            .client()
            .get(&format!("/api/v1/online/players/{name}")));
        assert_eq!(p["history"].as_array().unwrap().len(), 1, "{p}");
    }
    // The record names the end racks (C8).
    let gcg = g
        .app
        .client()
        .get(&format!("/api/v1/online/games/{}/record", g.id));
    assert_eq!(gcg.status, 200, "{}", gcg.body);
}

#[test]
fn n2_a_player_past_zero_plays_on_and_loses_ten_points_per_started_minute_at_the_end() {
    let app = TestApp::builder().manual_clock().dealer_seed(17).spawn();
    let g = start_on(
        app,
        settings(
            json!({"kind": "dictionary"}),
            json!({"kind": "overtime", "points": 10}),
            1,
        ),
    );
    let seen = g.view(&mut g.app.client());
    let side = seen["view"]["to_move"].as_str().unwrap().to_owned();
    let mut late = client(&g, &side);
    let mut on_time = client(&g, other(&side));
    // One minute on the clock, then 1:01 over: two started minutes (N2: −20).
    g.app.clock().advance(chrono::Duration::seconds(60 + 61));
    let mine = g.view(&mut late);
    assert!(
        mine["view"]["clocks_ms"][&side].as_i64().unwrap() < 0,
        "{mine}"
    );
    let (mv, score) = top_now(&g, &mine).expect("an opening play");
    let played = ok(g.cmd(&mut late, json!({"type": "play", "move": mv})));
    assert_eq!(played["view"]["scores"][&side].as_i64(), Some(score));
    assert_eq!(
        played["finished"], false,
        "play goes on past zero: {played}"
    );
    // N6: six scoreless turns end the game.
    for i in 0..6 {
        let who = if i % 2 == 0 { &mut on_time } else { &mut late };
        ok(g.cmd(who, json!({"type": "pass"})));
    }
    let end_late = g.view(&mut late);
    let end_on_time = g.view(&mut on_time);
    assert_eq!(end_late["view"]["end"], "scoreless_turns", "{end_late}");
    let rack_late = value(end_late["view"]["rack"].as_str().unwrap());
    let rack_on_time = value(end_on_time["view"]["rack"].as_str().unwrap());
    // N8: the racks first, then the penalty, which takes no score below 0 (N2).
    let result = &end_late["view"]["result"]["scores"];
    assert_eq!(
        result[&side].as_i64(),
        Some((score - rack_late - 20).max(0)),
        "{end_late}"
    );
    assert!(
        score - rack_late > 0,
        "a seed where the penalty shows: {end_late}"
    );
    assert_eq!(
        result[other(&side)].as_i64(),
        Some(-rack_on_time),
        "no penalty for the player on time: {end_late}"
    );
}

#[test]
fn o2_under_loss_on_time_the_player_at_zero_moves_no_more() {
    let app = TestApp::builder().manual_clock().dealer_seed(17).spawn();
    let g = start_on(
        app,
        settings(
            json!({"kind": "challenge", "rule": "double"}),
            json!({"kind": "loss_on_time"}),
            1,
        ),
    );
    let seen = g.view(&mut g.app.client());
    let side = seen["view"]["to_move"].as_str().unwrap().to_owned();
    let mut late = client(&g, &side);
    g.app.clock().advance(chrono::Duration::seconds(61));
    let res = g.cmd(&mut late, json!({"type": "pass"}));
    let v = g.view(&mut g.app.client());
    if res.status == 200 {
        // The command found the flag down: the game ended on time, the pass not recorded.
        assert_eq!(v["view"]["end"], "time", "{v}");
    } else {
        assert_eq!(res.status, 422, "{}", res.body);
        assert_eq!(v["seq"], seen["seq"], "a refusal records nothing");
    }
    assert!(
        v["view"]["turns"].as_array().unwrap().is_empty(),
        "no move at zero: {v}"
    );
}

#[test]
fn o4_the_running_servers_sweeper_ends_an_abandoned_game_on_time_and_moves_ratings() {
    let app = TestApp::builder().sweeper().dealer_seed(5).spawn();
    let g = start_on(
        app,
        settings(
            json!({"kind": "dictionary"}),
            json!({"kind": "loss_on_time"}),
            1,
        ),
    );
    let seen = g.view(&mut g.app.client());
    let gone = seen["view"]["to_move"].as_str().unwrap().to_owned();
    // The player on turn disconnects and sends nothing more; nobody calls the sweep.
    g.app.clock().advance(chrono::Duration::seconds(61));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let v = loop {
        let v = g.view(&mut g.app.client());
        if v["finished"] == true || std::time::Instant::now() > deadline {
            break v;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert_eq!(
        (v["finished"].as_bool(), v["view"]["end"].as_str()),
        (Some(true), Some("time")),
        "{v}"
    );
    assert_eq!(v["view"]["result"]["winner"], other(&gone), "{v}");
    let (winner, loser) = if gone == "a" {
        ("bob", "ann")
    } else {
        ("ann", "bob")
    };
    let w = ok(g
        .app
        .client()
        .get(&format!("/api/v1/online/players/{winner}")));
    let l = ok(g
        .app
        .client()
        .get(&format!("/api/v1/online/players/{loser}")));
    assert!(w["ratings"][0]["rating"].as_f64().unwrap() > 1500.0, "{w}");
    assert!(l["ratings"][0]["rating"].as_f64().unwrap() < 1500.0, "{l}");
}
