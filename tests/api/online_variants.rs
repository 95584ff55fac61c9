//! Online variants beyond English tiles and ENABLE (O4: a rating per variant): a seek names
//! any tile set the rules hold and any word list the site holds (the bundled one, or one
//! uploaded for an event); unknown ones are refused naming the field. A word list of the
//! site's also lets a dictionary game reach O1's "no move possible" end.

use serde_json::{Value, json};

use crate::helpers::{Client, TestApp, ok};
use crate::online::{settings, start_on};
use arbiter::rules::movegen::{text::parse_board_rows, top_plays};
use arbiter::rules::tiles::{Rack, TileSet};

/// An event of `chief`'s with the word list `words` uploaded as `name`.
fn upload_list(app: &TestApp, chief: &mut Client, name: &str, words: &str) {
    let event = ok(chief.post_json("/api/v1/events", &json!({"name": format!("Club {name}")})));
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut r = agent
        .put(&format!(
            "{}/api/v1/events/{}/lexicon?name={name}",
            app.base, event["id"]
        ))
        .header("content-type", "text/plain")
        .header(
            "Authorization",
            &format!("Bearer {}", chief.bearer.clone().unwrap()),
        )
        .send(words.as_bytes())
        .unwrap();
    assert_eq!(
        r.status().as_u16(),
        200,
        "{}",
        r.body_mut().read_to_string().unwrap()
    );
}

fn dictionary_in(lexicon: &str, tile_set: &str) -> Value {
    let mut s = settings(
        json!({"kind": "dictionary"}),
        json!({"kind": "overtime", "points": 10}),
        25,
    );
    s["lexicon"] = json!(lexicon);
    s["tile_set"] = json!(tile_set);
    s
}

#[test]
fn c2_a_french_tiles_game_is_dealt_from_the_french_bag_and_rated_apart() {
    let app = TestApp::builder().manual_clock().dealer_seed(9).spawn();
    let g = start_on(app, dictionary_in("enable2k", "french"));
    let v = g.view(&mut g.ann.clone());
    // C2: the French bag holds 102 tiles; two racks of 7 are out.
    let french = TileSet::by_name("french").unwrap();
    assert_eq!(
        v["view"]["bag_count"].as_u64(),
        Some(u64::from(french.total_tiles()) - 14),
        "{v}"
    );
    assert_eq!(v["variant"], "enable2k+french.dictionary.regular", "{v}");
    ok(g.cmd(&mut g.ann.clone(), json!({"type": "resign"})));
    // O4: the rating is the French variant's; the English leaderboard knows nobody.
    let fr = ok(g
        .app
        .client()
        .get("/api/v1/online/leaderboard?variant=enable2k%2Bfrench.dictionary.regular"));
    assert_eq!(fr["lines"].as_array().unwrap().len(), 2, "{fr}");
    let en = ok(g
        .app
        .client()
        .get("/api/v1/online/leaderboard?variant=enable2k.dictionary.regular"));
    assert_eq!(en["lines"].as_array().unwrap().len(), 0, "{en}");
}

#[test]
fn a_seek_names_a_tile_set_and_word_list_the_site_holds_or_is_refused() {
    let app = TestApp::builder().manual_clock().dealer_seed(9).spawn();
    let mut ann = app.bearer("ann", false);
    let mut chief = app.bearer("chief", true);
    for (s, field) in [
        (dictionary_in("enable2k", "klingon"), "settings.tile_set"),
        (dictionary_in("enable2k", ""), "settings.tile_set"),
        (dictionary_in("mini", "english"), "settings.lexicon"),
        (
            dictionary_in(&"x".repeat(200), "english"),
            "settings.lexicon",
        ),
    ] {
        let res = ann.post_json("/api/v1/online/seeks", &json!({"settings": s}));
        assert_eq!(res.status, 400, "{s}: {}", res.body);
        assert_eq!(res.json()["field"], field, "{s}: {}", res.body);
    }
    let lobby = ok(ann.get("/api/v1/online/lobby"));
    assert!(lobby["seeks"].as_array().unwrap().is_empty(), "{lobby}");
    // Once an event holds a list by that name, online games may be played in it.
    upload_list(&app, &mut chief, "mini", "QI\nZA\nCAT\nAT\nTA\n");
    let seek = ok(ann.post_json(
        "/api/v1/online/seeks",
        &json!({"settings": dictionary_in("mini", "english")}),
    ));
    assert_eq!(seek["variant"], "mini.dictionary.regular", "{seek}");
}

/// The top play for the viewer's rack on the game's board, with `graph`.
fn top_with(graph: &arbiter::rules::movegen::WordGraph, view: &Value) -> Option<String> {
    let set = TileSet::english();
    let rows: Vec<&str> = view["view"]["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    let board = parse_board_rows(&rows, &set).unwrap();
    let rack = Rack::parse(view["view"]["rack"].as_str().unwrap()).unwrap();
    top_plays(graph, &set, &board, &rack)
        .plays
        .first()
        .map(ToString::to_string)
}

#[test]
fn o1_a_dictionary_game_ends_when_neither_player_can_play_with_n6_racks() {
    let app = TestApp::builder().manual_clock().dealer_seed(23).spawn();
    let mut chief = app.bearer("chief", true);
    // ENABLE's words of up to five letters without Q, Z, J, X, K, V or W: those nine tiles can
    // never be played, so no rack empties once the bag does, and the game can only stop when
    // neither player has a play (O1) or after six scoreless turns (N6).
    let words: String = include_str!("../../lexicons/enable2k.txt")
        .lines()
        .filter(|w| w.len() <= 5 && !w.chars().any(|c| "qzjxkvw".contains(c)))
        .map(|w| format!("{w}\n"))
        .collect();
    upload_list(&app, &mut chief, "nodead", &words);
    let g = start_on(app, dictionary_in("nodead", "english"));
    let graph = {
        let mut conn = g.app.state.pool.get().unwrap();
        arbiter::services::online::graph_for(&mut conn, &g.app.state.lexicons, "nodead").unwrap()
    };
    let mut before = None;
    for _ in 0..150 {
        let seen = g.view(&mut g.app.client());
        if seen["finished"] == true {
            break;
        }
        let side = seen["view"]["to_move"].as_str().unwrap().to_owned();
        let mut who = if side == "a" {
            g.ann.clone()
        } else {
            g.bob.clone()
        };
        let mine = g.view(&mut who);
        let cmd = match top_with(&graph, &mine) {
            Some(mv) => json!({"type": "play", "move": mv}),
            None if mine["view"]["bag_count"].as_u64().unwrap() >= 7 => {
                json!({"type": "exchange", "tiles": mine["view"]["rack"]})
            }
            None => json!({"type": "pass"}),
        };
        before = Some(g.view(&mut g.app.client())["view"]["scores"].clone());
        ok(g.cmd(&mut who, cmd));
    }
    let end: Vec<Value> = [g.ann.clone(), g.bob.clone()]
        .iter_mut()
        .map(|c| g.view(c))
        .collect();
    let v = &end[0];
    assert_eq!(v["view"]["end"], "no_play_possible", "{v}");
    assert!(v["view"]["bag_count"].as_u64().unwrap() < 7, "{v}");
    // N6: nobody went out; each loses their own rack's value.
    let scores = before.unwrap();
    for (side, view) in [("a", &end[0]), ("b", &end[1])] {
        let rack = Rack::parse(view["view"]["rack"].as_str().unwrap()).unwrap();
        let left = i64::from(rack.value(&TileSet::english()));
        assert!(left > 0, "{view}");
        let last_play = last_score(view, side);
        assert_eq!(
            view["view"]["result"]["scores"][side].as_i64().unwrap(),
            scores[side].as_i64().unwrap() + last_play - left,
            "{view}"
        );
    }
    // O4: ratings moved in the variant of the list.
    let board = ok(g
        .app
        .client()
        .get("/api/v1/online/leaderboard?variant=nodead.dictionary.regular"));
    assert_eq!(board["lines"].as_array().unwrap().len(), 2, "{board}");
}

/// What `side` scored on the last turn of the sheet, if that turn was theirs (the command
/// that ended the game).
fn last_score(view: &Value, side: &str) -> i64 {
    let turns = view["view"]["turns"].as_array().unwrap();
    match turns.last() {
        Some(t) if t["side"] == side => t["score"].as_i64().unwrap(),
        _ => 0,
    }
}
