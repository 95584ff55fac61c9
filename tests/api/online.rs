//! Online play (seed 001, O1-O4) over HTTP: registration, seeks and challenges, the server's
//! deal and clocks, dictionary and challenge modes, the end, ratings, the record, and that no
//! answer or live message ever carries the opponent's rack.

use serde_json::{Value, json};

use crate::helpers::{Client, LiveStream, Resp, TestApp, ok};
use arbiter::rules::board::Board;
use arbiter::rules::movegen::top_plays;
use arbiter::rules::tiles::{Rack, TileSet};

/// Two players in one game: `ann` offered (side A), `bob` accepted (side B).
pub(crate) struct Game {
    pub(crate) app: TestApp,
    pub(crate) ann: Client,
    pub(crate) bob: Client,
    pub(crate) id: i64,
}

pub(crate) fn settings(mode: Value, at_zero: Value, minutes: u32) -> Value {
    json!({"lexicon": "enable2k", "tile_set": "english", "mode": mode,
           "minutes": minutes, "at_zero": at_zero, "rated": true})
}

pub(crate) fn dictionary() -> Value {
    settings(
        json!({"kind": "dictionary"}),
        json!({"kind": "overtime", "points": 10}),
        25,
    )
}

fn challenge() -> Value {
    settings(
        json!({"kind": "challenge", "rule": "double"}),
        json!({"kind": "overtime", "points": 10}),
        25,
    )
}

pub(crate) fn start(settings: Value) -> Game {
    start_on(
        TestApp::builder().manual_clock().dealer_seed(17).spawn(),
        settings,
    )
}

/// [`start`] on a server of the caller's making (another seed, the sweeper running).
pub(crate) fn start_on(app: TestApp, settings: Value) -> Game {
    let mut ann = app.bearer("ann", false);
    let mut bob = app.bearer("bob", false);
    let seek = ok(ann.post_json("/api/v1/online/seeks", &json!({"settings": settings})));
    let game = ok(bob.post_json(
        &format!("/api/v1/online/seeks/{}/accept", seek["id"]),
        &json!({}),
    ));
    let id = game["id"].as_i64().unwrap();
    Game { app, ann, bob, id }
}

impl Game {
    pub(crate) fn view(&self, who: &mut Client) -> Value {
        ok(who.get(&format!("/api/v1/online/games/{}", self.id)))
    }

    /// The client of the side on turn, and the other one.
    pub(crate) fn on_turn(&mut self) -> (&mut Client, &mut Client) {
        let v = self.view(&mut self.app.client());
        if v["view"]["to_move"] == "a" {
            (&mut self.ann, &mut self.bob)
        } else {
            (&mut self.bob, &mut self.ann)
        }
    }

    pub(crate) fn cmd(&self, who: &mut Client, command: Value) -> Resp {
        who.post_json(
            &format!("/api/v1/online/games/{}/commands", self.id),
            &json!({"command": command}),
        )
    }
}

/// The best opening play for `rack` (ENABLE), as GCG.
pub(crate) fn top(app: &TestApp, rack: &str) -> (String, u64) {
    let graph = arbiter::web::api::online::graph(&app.state.lexicons).unwrap();
    let set = TileSet::by_name("english").unwrap();
    let tops = top_plays(&graph, &set, &Board::new(), &Rack::parse(rack).unwrap());
    let p = tops.plays.first().expect("an opening play");
    (p.to_string(), u64::from(p.score()))
}

/// Two letters of `rack` that make no word, played across the centre.
pub(crate) fn phony(app: &TestApp, rack: &str) -> String {
    let graph = arbiter::web::api::online::graph(&app.state.lexicons).unwrap();
    let letters: Vec<char> = rack.chars().filter(|c| c.is_ascii_uppercase()).collect();
    for (i, x) in letters.iter().enumerate() {
        for (j, y) in letters.iter().enumerate() {
            let w = format!("{x}{y}");
            if i != j && !graph.contains(&w) {
                return format!("8H {w}");
            }
        }
    }
    panic!("no phony in {rack}");
}

/// Every string in `v`, recursively.
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

#[test]
fn each_player_sees_only_their_own_rack_and_spectators_none_over_api_and_live() {
    let mut g = start(dictionary());
    let a = g.view(&mut g.ann.clone());
    let b = g.view(&mut g.bob.clone());
    let (rack_a, rack_b) = (
        a["view"]["rack"].as_str().unwrap(),
        b["view"]["rack"].as_str().unwrap(),
    );
    assert_eq!((rack_a.chars().count(), rack_b.chars().count()), (7, 7));
    assert_eq!(
        (a["you"].as_str(), b["you"].as_str()),
        (Some("a"), Some("b"))
    );
    let spectator = g.view(&mut g.app.client());
    assert!(spectator["view"].get("rack").is_none(), "{spectator}");
    assert!(spectator["you"].is_null());
    // No answer carries the other rack (as a value of its own), nor the server's log.
    for (view, other) in [
        (&a, rack_b),
        (&b, rack_a),
        (&spectator, rack_a),
        (&spectator, rack_b),
    ] {
        let mut all = Vec::new();
        strings(view, &mut all);
        assert!(!all.iter().any(|s| s == other), "{other} in {view}");
        assert!(view["view"].get("racks").is_none() && view.get("log").is_none());
    }

    // The live stream names the seq only: no tile of either rack.
    let mut live = LiveStream::open(&g.app.base, &format!("/online/games/{}/live", g.id), None);
    let seq = a["seq"].as_i64().unwrap();
    let (player, _) = g.on_turn();
    let mut player = player.clone();
    let rack = g.view(&mut player)["view"]["rack"]
        .as_str()
        .unwrap()
        .to_owned();
    let (mv, _) = top(&g.app, &rack);
    ok(g.cmd(&mut player, json!({"type": "play", "move": mv})));
    let after = g.view(&mut g.app.client())["seq"].as_i64().unwrap();
    let text = live.read_until(|t| t.contains(&format!("id: {after}\n")));
    assert!(
        after > seq && text.contains("\"kind\":\"online\""),
        "{text}"
    );
    assert!(
        !text.contains("rack") && !text.contains("drew") && !text.contains("tiles"),
        "{text}"
    );
}

#[test]
fn o1_a_play_is_scored_by_the_board_and_a_phony_refused_at_entry_without_penalty() {
    let mut g = start(dictionary());
    let app_client = &mut g.app.client();
    let before = g.view(app_client);
    let (player, _) = g.on_turn();
    let mut player = player.clone();
    let rack = g.view(&mut player)["view"]["rack"]
        .as_str()
        .unwrap()
        .to_owned();

    let res = g.cmd(
        &mut player,
        json!({"type": "play", "move": phony(&g.app, &rack)}),
    );
    assert_eq!(res.status, 422, "{}", res.body);
    assert_eq!(res.json()["rule"], "O1", "{}", res.body);
    let same = g.view(app_client);
    assert_eq!(same["seq"], before["seq"]);
    assert_eq!(same["view"]["scores"], before["view"]["scores"]);
    assert_eq!(same["view"]["to_move"], before["view"]["to_move"]);

    // The top play, scored by the board (C5-C6), not by the client.
    let (mv, score) = top(&g.app, &rack);
    let v = ok(g.cmd(&mut player, json!({"type": "play", "move": mv})));
    let side = v["you"].as_str().unwrap();
    assert_eq!(v["view"]["scores"][side].as_u64(), Some(score), "{v}");
    assert_eq!(v["view"]["rack"].as_str().unwrap().chars().count(), 7);
    assert_ne!(v["view"]["to_move"], before["view"]["to_move"]);
}

#[test]
fn o1_dictionary_mode_has_nothing_to_challenge() {
    let mut g = start(dictionary());
    let (player, other) = g.on_turn();
    let (mut player, mut other) = (player.clone(), other.clone());
    let rack = g.view(&mut player)["view"]["rack"]
        .as_str()
        .unwrap()
        .to_owned();
    ok(g.cmd(
        &mut player,
        json!({"type": "play", "move": top(&g.app, &rack).0}),
    ));
    let res = g.cmd(&mut other, json!({"type": "challenge"}));
    assert_eq!(
        (res.status, res.json()["rule"].as_str()),
        (422, Some("O1")),
        "{}",
        res.body
    );
}

#[test]
fn a_command_sent_twice_with_its_key_is_applied_once() {
    let mut g = start(dictionary());
    let (player, _) = g.on_turn();
    let mut player = player.clone();
    let body = json!({"command": {"type": "pass"}, "idempotency_key": "k-1"});
    let path = format!("/api/v1/online/games/{}/commands", g.id);
    let first = ok(player.post_json(&path, &body));
    let second = ok(player.post_json(&path, &body));
    assert_eq!(first["seq"], second["seq"]);
    assert_eq!(second["view"]["turns"].as_array().unwrap().len(), 1);
}

#[test]
fn o3_any_number_of_tiles_may_be_exchanged_and_the_rack_stays_private() {
    let mut g = start(dictionary());
    let (player, other) = g.on_turn();
    let (mut player, mut other) = (player.clone(), other.clone());
    let rack = g.view(&mut player)["view"]["rack"]
        .as_str()
        .unwrap()
        .to_owned();
    let three: String = rack.chars().take(3).collect();
    let v = ok(g.cmd(&mut player, json!({"type": "exchange", "tiles": three})));
    assert_eq!(v["view"]["rack"].as_str().unwrap().chars().count(), 7);
    assert_eq!(v["view"]["bag_count"], 86);
    let seen = g.view(&mut other);
    let turn = &seen["view"]["turns"][0];
    assert_eq!(
        (turn["kind"].as_str(), turn["tiles"].as_u64()),
        (Some("exchange"), Some(3))
    );
    // Not the player's tiles: a refusal records nothing.
    let res = g.cmd(&mut other, json!({"type": "exchange", "tiles": "ZZZZ"}));
    assert_eq!(res.status, 422, "{}", res.body);
    assert_eq!(g.view(&mut other)["seq"], seen["seq"]);
}

#[test]
fn o2_a_phony_stands_until_challenged_off_under_n5() {
    let mut g = start(challenge());
    let (player, other) = g.on_turn();
    let (mut player, mut other) = (player.clone(), other.clone());
    let rack = g.view(&mut player)["view"]["rack"]
        .as_str()
        .unwrap()
        .to_owned();
    let v = ok(g.cmd(
        &mut player,
        json!({"type": "play", "move": phony(&g.app, &rack)}),
    ));
    let side = v["you"].as_str().unwrap().to_owned();
    assert!(v["view"]["scores"][&side].as_i64().unwrap() > 0, "{v}");
    ok(g.cmd(&mut other, json!({"type": "challenge"})));
    let after = g.view(&mut player);
    assert_eq!(after["view"]["scores"][&side], 0, "{after}");
    assert_eq!(after["view"]["turns"][0]["withdrawn"], true, "{after}");
    let mut back: Vec<char> = after["view"]["rack"].as_str().unwrap().chars().collect();
    let mut orig: Vec<char> = rack.chars().collect();
    back.sort_unstable();
    orig.sort_unstable();
    assert_eq!(back, orig, "the tiles come back to the rack");
}

#[test]
fn o2_three_passes_in_a_row_by_one_player_end_the_game_and_o4_ratings_move_with_it() {
    let mut g = start(challenge());
    let (mut first, mut second) = {
        let (p, o) = g.on_turn();
        (p.clone(), o.clone())
    };
    for i in 0..3 {
        ok(g.cmd(&mut first, json!({"type": "pass"})));
        if i < 2 {
            assert_eq!(g.view(&mut first)["finished"], false);
            ok(g.cmd(&mut second, json!({"type": "pass"})));
        }
    }
    let v = g.view(&mut first);
    assert_eq!(v["finished"], true, "{v}");
    assert_eq!(v["view"]["end"], "three_passes", "{v}");
    let variant = v["variant"].as_str().unwrap().to_owned();
    assert_eq!(variant, "enable2k.challenge.regular");
    let board = ok(g
        .app
        .client()
        .get(&format!("/api/v1/online/leaderboard?variant={variant}")));
    assert_eq!(board["lines"].as_array().unwrap().len(), 2, "{board}");
    let ann = ok(g.app.client().get("/api/v1/online/players/ann"));
    assert_eq!(ann["ratings"][0]["games"], 1, "{ann}");
    assert_eq!(ann["history"].as_array().unwrap().len(), 1, "{ann}");
    assert_eq!(ann["games"][0]["id"], g.id);
    assert_ne!(ann["ratings"][0]["rating"], 1500.0);
}

#[test]
fn a_resignation_ends_the_game_the_record_follows_and_nothing_moves_after() {
    let g = start(dictionary());
    let path = format!("/api/v1/online/games/{}/record", g.id);
    assert_eq!(g.app.client().get(&path).status, 409);
    let mut ann = g.ann.clone();
    let v = ok(g.cmd(&mut ann, json!({"type": "resign"})));
    assert_eq!(
        (v["finished"].as_bool(), v["view"]["end"].as_str()),
        (Some(true), Some("resigned"))
    );
    assert_eq!(v["view"]["result"]["winner"], "b", "{v}");
    let gcg = g.app.client().get(&path);
    assert_eq!(gcg.status, 200, "{}", gcg.body);
    assert!(
        gcg.body.contains("#player1") && gcg.body.contains("ann"),
        "{}",
        gcg.body
    );
    let mut bob = g.bob.clone();
    let res = g.cmd(&mut bob, json!({"type": "pass"}));
    assert!(res.status == 409 || res.status == 422, "{}", res.body);
    let bob_profile = ok(g.app.client().get("/api/v1/online/players/bob"));
    assert!(bob_profile["ratings"][0]["rating"].as_f64().unwrap() > 1500.0);
}

#[test]
fn a_loss_on_time_is_recorded_by_the_sweeper_though_nobody_moves() {
    let g = start(settings(
        json!({"kind": "challenge", "rule": "single"}),
        json!({"kind": "loss_on_time"}),
        1,
    ));
    let on_turn = g.view(&mut g.app.client())["view"]["to_move"]
        .as_str()
        .unwrap()
        .to_owned();
    g.app.clock().advance(chrono::Duration::seconds(61));
    let lexicons = g.app.state.lexicons.clone();
    let mut conn = g.app.state.pool.get().unwrap();
    let now = arbiter::clock::Clock::now(&**g.app.clock());
    let n = arbiter::services::online::sweep(&mut conn, &g.app.state.desk, &lexicons, now).unwrap();
    assert_eq!(n, 1);
    let v = g.view(&mut g.app.client());
    assert_eq!(
        (v["finished"].as_bool(), v["view"]["end"].as_str()),
        (Some(true), Some("time")),
        "{v}"
    );
    assert_ne!(
        v["view"]["result"]["winner"].as_str(),
        Some(on_turn.as_str()),
        "{v}"
    );
    // Nothing more is due.
    assert_eq!(
        arbiter::services::online::sweep(&mut conn, &g.app.state.desk, &lexicons, now).unwrap(),
        0
    );
}

#[test]
fn only_the_players_move_and_only_on_their_turn() {
    let mut g = start(dictionary());
    let mut carl = g.app.bearer("carl", false);
    let res = g.cmd(&mut carl, json!({"type": "pass"}));
    assert_eq!(res.status, 403, "{}", res.body);
    let (_, waiting) = g.on_turn();
    let mut waiting = waiting.clone();
    let res = g.cmd(&mut waiting, json!({"type": "pass"}));
    assert_eq!(res.status, 422, "{}", res.body);
    let res = g.cmd(&mut waiting, json!({"type": "teleport"}));
    assert_eq!(res.status, 400, "{}", res.body);
    assert_eq!(
        g.view(&mut carl)["view"]["turns"].as_array().unwrap().len(),
        0
    );
}

#[test]
fn direct_challenges_go_to_their_player_who_may_decline() {
    let app = TestApp::builder().manual_clock().dealer_seed(3).spawn();
    let mut ann = app.bearer("ann", false);
    let mut bob = app.bearer("bob", false);
    let mut carl = app.bearer("carl", false);
    let seek = ok(ann.post_json(
        "/api/v1/online/seeks",
        &json!({"settings": dictionary(), "opponent": "bob"}),
    ));
    let id = seek["id"].as_i64().unwrap();
    assert_eq!(seek["opponent"], "bob");
    // Carl does not see it nor may take it.
    assert_eq!(
        ok(carl.get("/api/v1/online/lobby"))["seeks"]
            .as_array()
            .unwrap()
            .len(),
        0
    );
    assert_eq!(
        carl.post_json(&format!("/api/v1/online/seeks/{id}/accept"), &json!({}))
            .status,
        403
    );
    assert_eq!(
        carl.post_json(&format!("/api/v1/online/seeks/{id}/decline"), &json!({}))
            .status,
        403
    );
    assert_eq!(
        bob.post_json(&format!("/api/v1/online/seeks/{id}/cancel"), &json!({}))
            .status,
        403
    );
    assert_eq!(
        ok(bob.get("/api/v1/online/lobby"))["seeks"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let declined = ok(bob.post_json(&format!("/api/v1/online/seeks/{id}/decline"), &json!({})));
    assert_eq!(declined["status"], "declined");
    assert_eq!(
        bob.post_json(&format!("/api/v1/online/seeks/{id}/accept"), &json!({}))
            .status,
        409
    );

    // An open seek: not one's own; withdrawn by its author.
    let open = ok(ann.post_json("/api/v1/online/seeks", &json!({"settings": dictionary()})));
    let oid = open["id"].as_i64().unwrap();
    assert_eq!(
        ann.post_json(&format!("/api/v1/online/seeks/{oid}/accept"), &json!({}))
            .status,
        403
    );
    assert_eq!(
        ok(ann.post_json(&format!("/api/v1/online/seeks/{oid}/cancel"), &json!({})))["status"],
        "cancelled"
    );
    assert_eq!(
        ok(carl.get("/api/v1/online/lobby"))["seeks"]
            .as_array()
            .unwrap()
            .len(),
        0
    );
}

#[test]
fn a_seek_with_bad_settings_is_refused_naming_the_field_and_nothing_is_offered() {
    let app = spawn();
    let mut ann = app.bearer("ann", false);
    let mut bad = dictionary();
    bad["lexicon"] = json!("csw");
    let cases = [
        (json!({"settings": bad}), "settings.lexicon"),
        (
            json!({"settings": settings(json!({"kind": "dictionary"}), json!({"kind": "loss_on_time"}), 0)}),
            "settings.minutes",
        ),
        (
            json!({"settings": settings(json!({"kind": "dictionary"}), json!({"kind": "overtime", "points": 1000}), 25)}),
            "settings.at_zero.points",
        ),
        (
            json!({"settings": settings(json!({"kind": "challenge", "rule": "void"}), json!({"kind": "loss_on_time"}), 25)}),
            "settings",
        ),
        (
            json!({"settings": dictionary(), "opponent": "nobody"}),
            "opponent",
        ),
        (
            json!({"settings": dictionary(), "opponent": "ann"}),
            "opponent",
        ),
    ];
    for (body, field) in cases {
        let res = ann.post_json("/api/v1/online/seeks", &body);
        assert_eq!(res.status, 400, "{body}: {}", res.body);
        assert_eq!(res.json()["field"], field, "{body}: {}", res.body);
    }
    let res = ann.post_json("/api/v1/online/seeks", &json!({"settings": {"lexicon": 3}}));
    assert_eq!(res.status, 400, "{}", res.body);
    assert_eq!(
        ok(ann.get("/api/v1/online/lobby"))["seeks"]
            .as_array()
            .unwrap()
            .len(),
        0
    );
    let anon = app
        .client()
        .post_json("/api/v1/online/seeks", &json!({"settings": dictionary()}));
    assert_eq!(anon.status, 401);
}

fn spawn() -> TestApp {
    crate::helpers::spawn_app()
}

#[test]
fn players_register_themselves_until_an_administrator_closes_registration() {
    let app = spawn();
    let mut c = app.client();
    let res = ok(c.post_json(
        "/api/v1/online/register",
        &json!({"username": "zoe", "password": "a-long-password-1"}),
    ));
    assert_eq!(res["username"], "zoe");
    let token = app.token("zoe", "a-long-password-1");
    assert!(!token.is_empty());
    // Refusals: a taken name, a short password, a bad name.
    assert_eq!(
        c.post_json(
            "/api/v1/online/register",
            &json!({"username": "zoe", "password": "a-long-password-1"})
        )
        .status,
        409
    );
    let res = c.post_json(
        "/api/v1/online/register",
        &json!({"username": "yan", "password": "x"}),
    );
    assert_eq!(
        (res.status, res.json()["field"].as_str()),
        (400, Some("password")),
        "{}",
        res.body
    );
    let res = c.post_json(
        "/api/v1/online/register",
        &json!({"username": "a b", "password": "a-long-password-1"}),
    );
    assert_eq!(
        (res.status, res.json()["field"].as_str()),
        (400, Some("username")),
        "{}",
        res.body
    );

    // Only an administrator closes it.
    let mut zoe = app.client();
    zoe.bearer = Some(token);
    assert_eq!(
        zoe.post_json(
            "/api/v1/online/settings",
            &json!({"registration_open": false})
        )
        .status,
        403
    );
    let mut admin = app.bearer("root", true);
    let s = ok(admin.post_json(
        "/api/v1/online/settings",
        &json!({"registration_open": false}),
    ));
    assert_eq!(s["registration_open"], false);
    let res = c.post_json(
        "/api/v1/online/register",
        &json!({"username": "xia", "password": "a-long-password-1"}),
    );
    assert_eq!(res.status, 403, "{}", res.body);
    assert_eq!(
        ok(c.get("/api/v1/online/settings"))["registration_open"],
        false
    );
    ok(admin.post_json(
        "/api/v1/online/settings",
        &json!({"registration_open": true}),
    ));
    ok(c.post_json(
        "/api/v1/online/register",
        &json!({"username": "xia", "password": "a-long-password-1"}),
    ));
}

#[test]
fn registration_is_rate_limited_per_address() {
    let app = spawn();
    let mut c = app.client();
    let limit = arbiter::services::online::REGISTER_LIMIT;
    for i in 0..limit {
        ok(c.post_json(
            "/api/v1/online/register",
            &json!({"username": format!("p{i}x"), "password": "a-long-password-1"}),
        ));
    }
    let res = c.post_json(
        "/api/v1/online/register",
        &json!({"username": "late", "password": "a-long-password-1"}),
    );
    assert_eq!(res.status, 429, "{}", res.body);
    assert!(res.header("retry-after").is_some());
    assert_eq!(c.get("/api/v1/online/players/late").status, 404);
}

#[test]
fn the_lobby_lists_open_seeks_and_games_and_its_stream_hears_of_them() {
    let app = TestApp::builder().manual_clock().dealer_seed(5).spawn();
    let mut ann = app.bearer("ann", false);
    let mut bob = app.bearer("bob", false);
    let mut live = LiveStream::open(&app.base, "/online/lobby/live", None);
    let seek = ok(ann.post_json("/api/v1/online/seeks", &json!({"settings": dictionary()})));
    let text = live.read_until(|t| t.contains("\"kind\":\"lobby\""));
    assert!(text.contains("lobby"));
    let lobby = ok(app.client().get("/api/v1/online/lobby"));
    assert_eq!(lobby["seeks"][0]["by"], "ann");
    ok(bob.post_json(
        &format!("/api/v1/online/seeks/{}/accept", seek["id"]),
        &json!({}),
    ));
    let lobby = ok(app.client().get("/api/v1/online/lobby"));
    assert_eq!(lobby["seeks"].as_array().unwrap().len(), 0);
    assert_eq!(lobby["games"][0]["player_a"], "ann");
    assert_eq!(lobby["games"][0]["player_b"], "bob");
    assert_eq!(
        app.client()
            .get("/api/v1/online/leaderboard?variant=")
            .status,
        400
    );
    assert_eq!(app.client().get("/api/v1/online/games/999").status, 404);
    assert_eq!(app.client().get("/online/games/999/live").status, 404);
}
