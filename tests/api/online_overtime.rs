//! N2 overtime with a limit over HTTP (`max_overtime_minutes`, as Woogles does): a player
//! whose clock passes the limit loses on time, charged the full overtime allowed, and ratings
//! move; the sweeper ends such a game though nobody moves; a limit of 0 or 11 minutes is
//! refused naming the field. And what a challenge checked (N5), as the API shows it.

use serde_json::{Value, json};

use crate::helpers::{Client, TestApp, ok};
use crate::online::{Game, phony, settings, start_on, top};

/// One minute each, N2 at 10 a minute, at most `max` minutes over.
fn limited(mode: Value, max: u64) -> Value {
    settings(
        mode,
        json!({"kind": "overtime", "points": 10, "max_overtime_minutes": max}),
        1,
    )
}

/// The side on turn, its client and the other's.
fn sides(g: &Game) -> (String, Client, Client) {
    let v = g.view(&mut g.app.client());
    let side = v["view"]["to_move"].as_str().unwrap().to_owned();
    if side == "a" {
        (side, g.ann.clone(), g.bob.clone())
    } else {
        (side, g.bob.clone(), g.ann.clone())
    }
}

fn other(side: &str) -> &'static str {
    if side == "a" { "b" } else { "a" }
}

fn sweep(app: &TestApp) -> usize {
    let lexicons = app.state.lexicons.clone();
    let mut conn = app.state.pool.get().unwrap();
    let now = arbiter::clock::Clock::now(&**app.clock());
    arbiter::services::online::sweep(&mut conn, &app.state.desk, &lexicons, now).unwrap()
}

/// The first player opens with the top play and the second passes: the first is ahead and on
/// turn, with their clock running from the pass. Returns (first's side, first's score).
fn first_ahead(g: &Game) -> (String, i64) {
    let (side, mut first, mut second) = sides(g);
    let mine = g.view(&mut first);
    let (mv, score) = top(&g.app, mine["view"]["rack"].as_str().unwrap());
    ok(g.cmd(&mut first, json!({"type": "play", "move": mv})));
    ok(g.cmd(&mut second, json!({"type": "pass"})));
    (side, i64::try_from(score).unwrap())
}

#[test]
fn n2_a_player_past_the_overtime_limit_loses_on_time_though_ahead_charged_the_full_overtime() {
    let app = TestApp::builder().manual_clock().dealer_seed(17).spawn();
    let g = start_on(app, limited(json!({"kind": "dictionary"}), 1));
    let (gone, score) = first_ahead(&g);
    assert!(score > 10, "a seed where the penalty shows: {score}");
    // The first player's minute, then 1:00 of overtime: still playing (N2).
    g.app.clock().advance(chrono::Duration::seconds(120));
    sweep(&g.app);
    let v = g.view(&mut g.app.client());
    assert_eq!(v["finished"], false, "{v}");
    // 999 ms later (−1:00.999): not yet.
    g.app.clock().advance(chrono::Duration::milliseconds(999));
    sweep(&g.app);
    let v = g.view(&mut g.app.client());
    assert_eq!(v["finished"], false, "not before the limit + 1 s: {v}");
    // −1:01: over, by the sweeper, though nobody moved.
    g.app.clock().advance(chrono::Duration::milliseconds(1));
    assert_eq!(sweep(&g.app), 1);
    let v = g.view(&mut g.app.client());
    assert_eq!(
        (v["finished"].as_bool(), v["view"]["end"].as_str()),
        (Some(true), Some("time")),
        "{v}"
    );
    // The opponent wins though behind; the loser is charged one full minute: 10 points.
    assert_eq!(v["view"]["result"]["winner"], other(&gone), "{v}");
    assert_eq!(v["view"]["result"]["scores"][&gone], score - 10, "{v}");
    assert_eq!(v["view"]["result"]["scores"][other(&gone)], 0, "{v}");
    assert_eq!(v["view"]["clocks_ms"][&gone], -61_000, "{v}");
    // O4: ratings moved.
    let (loser, winner) = if gone == "a" {
        ("ann", "bob")
    } else {
        ("bob", "ann")
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
    // C8: the record's totals are the result (the penalty is a `(time)` line).
    let gcg = g
        .app
        .client()
        .get(&format!("/api/v1/online/games/{}/record", g.id));
    assert_eq!(gcg.status, 200, "{}", gcg.body);
    assert!(gcg.body.contains("(time)"), "{}", gcg.body);
    // A move arriving after the end is refused and records nothing.
    let seq = v["seq"].clone();
    let mut late = if gone == "a" {
        g.ann.clone()
    } else {
        g.bob.clone()
    };
    let res = g.cmd(&mut late, json!({"type": "pass"}));
    assert_eq!(res.status, 409, "{}", res.body);
    assert_eq!(g.view(&mut g.app.client())["seq"], seq);
}

#[test]
fn n2_the_running_sweeper_ends_a_game_abandoned_in_overtime() {
    let app = TestApp::builder().sweeper().dealer_seed(5).spawn();
    let g = start_on(
        app,
        limited(json!({"kind": "challenge", "rule": "double"}), 2),
    );
    let (gone, _, _) = sides(&g);
    // The player on turn closes the tab: a minute, two minutes over and a second pass.
    g.app
        .clock()
        .advance(chrono::Duration::seconds(60 + 120 + 1));
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
}

#[test]
fn n2_an_overtime_limit_of_0_or_11_minutes_is_refused_naming_the_field() {
    let app = crate::helpers::spawn_app();
    let mut ann = app.bearer("ann", false);
    for max in [0, 11] {
        let body = json!({"settings": limited(json!({"kind": "dictionary"}), max)});
        let res = ann.post_json("/api/v1/online/seeks", &body);
        assert_eq!(res.status, 400, "{max}: {}", res.body);
        assert_eq!(
            res.json()["field"],
            "settings.at_zero.max_overtime_minutes",
            "{}",
            res.body
        );
    }
    let lobby = ok(ann.get("/api/v1/online/lobby"));
    assert_eq!(lobby["seeks"].as_array().unwrap().len(), 0, "{lobby}");
    // 1 and 10 are offered, and the limit is kept with the seek; absent, it is 10.
    for (max, want) in [(json!(1), 1), (json!(10), 10), (Value::Null, 10)] {
        let mut zero = json!({"kind": "overtime", "points": 10});
        if !max.is_null() {
            zero["max_overtime_minutes"] = max;
        }
        let body = json!({"settings": settings(json!({"kind": "dictionary"}), zero, 25)});
        let seek = ok(ann.post_json("/api/v1/online/seeks", &body));
        assert_eq!(
            seek["settings"]["at_zero"]["max_overtime_minutes"], want,
            "{seek}"
        );
    }
}

#[test]
fn n5_a_challenge_shows_every_word_checked_and_those_found_invalid() {
    let app = TestApp::builder().manual_clock().dealer_seed(17).spawn();
    let g = start_on(
        app,
        limited(json!({"kind": "challenge", "rule": "double"}), 10),
    );
    let (side, mut player, mut opponent) = sides(&g);
    let mine = g.view(&mut player);
    let mv = phony(&g.app, mine["view"]["rack"].as_str().unwrap());
    ok(g.cmd(&mut player, json!({"type": "play", "move": mv})));
    let word = mv.split_whitespace().nth(1).unwrap().to_owned();
    let after = ok(g.cmd(&mut opponent, json!({"type": "challenge", "words": []})));
    let turn = &after["view"]["turns"][0];
    assert_eq!(turn["side"], side.as_str(), "{after}");
    assert_eq!(turn["withdrawn"], true, "{after}");
    assert_eq!(turn["checked"]["words"], json!([word]), "{after}");
    assert_eq!(turn["checked"]["invalid"], json!([word]), "{after}");
    // Everyone sees the same check (it names words on the board, no rack).
    for who in [&mut player, &mut g.app.client()] {
        let v = g.view(who);
        assert_eq!(v["view"]["turns"][0]["checked"], turn["checked"], "{v}");
    }
}
