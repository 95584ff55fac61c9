//! Issue 17: online play's pages. Registration through the form (refusals shown on it with what
//! was typed, a closed registration says so and records nothing), the lobby and game pages,
//! and that a game page holds the viewer's own rack only.

use serde_json::json;

use crate::helpers::{TestApp, ok};

fn app() -> TestApp {
    TestApp::builder().dealer_seed(5).spawn()
}

#[test]
fn the_registration_form_signs_a_new_player_in_and_shows_refusals_on_the_form() {
    let app = app();
    let mut c = app.client();
    let csrf = c.csrf_from("/online/register");
    let res = c.post_form(
        "/online/register",
        &[
            ("csrf", &csrf),
            ("username", "nia"),
            ("password", "a-long-password-1"),
        ],
    );
    assert_eq!(res.status, 303, "{}", res.body);
    assert_eq!(res.header("location"), Some("/online"));
    let lobby = c.get("/online");
    assert!(
        lobby.body.contains("data-seek-form"),
        "signed in: {}",
        lobby.body
    );
    assert!(
        lobby.body.contains("href=\"/online\""),
        "the header links the lobby"
    );

    // Refused: a taken name and a short password, each shown on the form with the name typed.
    for (name, password) in [("nia", "a-long-password-2"), ("oli", "x")] {
        let mut other = app.client();
        let csrf = other.csrf_from("/online/register");
        let res = other.post_form(
            "/online/register",
            &[("csrf", &csrf), ("username", name), ("password", password)],
        );
        assert!((400..500).contains(&res.status), "{}", res.body);
        assert!(res.body.contains("data-error=\"register\""), "{}", res.body);
        assert!(
            res.body.contains(&format!("value=\"{name}\"")),
            "{}",
            res.body
        );
    }
    let mut anon = app.client();
    assert_eq!(
        anon.post_json(
            "/api/v1/auth/token",
            &json!({"username": "oli", "password": "x"})
        )
        .status,
        401,
        "nothing was recorded"
    );
}

#[test]
fn a_closed_registration_says_so_on_the_page_and_refuses_the_form() {
    let app = app();
    let mut admin = app.bearer("root", true);
    ok(admin.post_json(
        "/api/v1/online/settings",
        &json!({"registration_open": false}),
    ));
    let mut c = app.client();
    let page = c.get("/online/register");
    assert!(
        page.body.contains("data-registration-closed"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("data-register-form"), "{}", page.body);
    // The closed page has no form: the token of this browser from the sign-in page.
    let csrf = c.csrf_from("/login");
    let res = c.post_form(
        "/online/register",
        &[
            ("csrf", &csrf),
            ("username", "pia"),
            ("password", "a-long-password-1"),
        ],
    );
    assert_eq!(res.status, 403, "{}", res.body);
    assert!(
        res.body.contains("data-registration-closed"),
        "{}",
        res.body
    );
    assert_eq!(
        c.post_json(
            "/api/v1/auth/token",
            &json!({"username": "pia", "password": "a-long-password-1"})
        )
        .status,
        401,
        "nothing was recorded"
    );
}

#[test]
fn the_game_page_holds_the_viewers_own_rack_only_and_a_spectator_none() {
    let app = app();
    let mut ann = app.bearer("ann", false);
    let mut bob = app.bearer("bob", false);
    let settings = json!({"lexicon": "enable2k", "tile_set": "english",
        "mode": {"kind": "dictionary"}, "minutes": 25,
        "at_zero": {"kind": "loss_on_time"}, "rated": true});
    let seek = ok(ann.post_json("/api/v1/online/seeks", &json!({"settings": settings})));
    let game = ok(bob.post_json(
        &format!("/api/v1/online/seeks/{}/accept", seek["id"]),
        &json!({}),
    ));
    let id = game["id"].as_i64().unwrap();
    let path = format!("/online/games/{id}");
    let rack_a = ok(ann.get(&format!("/api/v1/online/games/{id}")))["view"]["rack"]
        .as_str()
        .unwrap()
        .to_owned();
    let rack_b = game["view"]["rack"].as_str().unwrap().to_owned();
    let page_a = ann.get(&path);
    assert_eq!(page_a.status, 200);
    assert!(page_a.body.contains(&format!("\"rack\":\"{rack_a}\"")));
    assert!(!page_a.body.contains(&format!("\"rack\":\"{rack_b}\"")));
    assert!(page_a.body.contains("data-action=\"play\""));
    let page_s = app.client().get(&path);
    assert_eq!(page_s.status, 200);
    assert!(
        !page_s.body.contains("\"rack\":"),
        "a spectator gets no rack"
    );
    assert!(!page_s.body.contains("data-action=\"play\""));
    assert!(page_s.body.contains("data-spectator"));
    assert_eq!(app.client().get("/online/games/999").status, 404);
    // The lobby lists the game to watch, the profile and the leaderboard answer.
    assert!(
        app.client()
            .get("/online")
            .body
            .contains(&format!("data-watch-game=\"{id}\""))
    );
    assert_eq!(app.client().get("/online/players/ann").status, 200);
    assert_eq!(app.client().get("/online/players/nobody").status, 404);
    let board = app
        .client()
        .get("/online/leaderboard?variant=enable2k.dictionary.regular");
    assert_eq!(board.status, 200);
    assert_eq!(
        app.client()
            .get(&format!("/online/leaderboard?variant={}", "x".repeat(200)))
            .status,
        400
    );
}
