//! Issue 16, the director's side of Duplicate: the director's page (the D options shown,
//! games created, players added at any time) and its refusals, players added after a game was
//! created joining the games not yet over, the referee's zero for writing faults (D5, D8), and
//! the result sheets and CSV read without signing in for a public event.

use serde_json::{Value, json};

use crate::helpers::*;

fn signed_in(app: &TestApp, username: &str) -> Client {
    let mut c = app.client();
    assert_eq!(c.login_form(username, PASSWORD).status, 303);
    c
}

/// The players' numbers a game holds, read from its record's `created` and `players_joined`
/// events.
fn game_players(c: &mut Client, game: i64) -> Vec<u64> {
    let rec = ok(c.get(&format!("/api/v1/duplicate/games/{game}/record")));
    let mut out = Vec::new();
    for e in rec["events"].as_array().unwrap() {
        let p = &e["payload"];
        if p["type"] == "created" || p["type"] == "players_joined" {
            out.extend(
                p["players"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|n| n.as_u64().unwrap()),
            );
        }
    }
    out
}

fn players_listed(page: &str) -> usize {
    page.matches("<tr data-player=").count()
}

// rules D1, D5: a player added to the event after its games were created joins them and may
// write slips in them; a game created later starts with every player.
#[test]
fn players_added_after_a_game_was_created_join_the_games_not_yet_over() {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let ev = created(chief.post_json(
        "/api/v1/duplicate/events",
        &json!({"name": "Late Comers", "english": true}),
    ))["id"]
        .as_i64()
        .unwrap();
    let players = format!("/api/v1/duplicate/events/{ev}/players");
    created(chief.post_json(&players, &json!({"number": 1, "name": "Ann"})));
    let games = format!("/api/v1/duplicate/events/{ev}/games");
    let g1 = created(chief.post_json(&games, &json!({})))["id"]
        .as_i64()
        .unwrap();
    let cmd = format!("/api/v1/duplicate/games/{g1}/commands");
    ok(chief.post_json(&cmd, &json!({"type": "type_rack", "tiles": "AEINRST"})));
    ok(chief.post_json(&cmd, &json!({"type": "start_turn"})));
    let slip = json!({"player": 2, "reference": "8D", "word": "RETAINS", "points": 66});
    let slips = format!("/api/v1/duplicate/games/{g1}/slips");
    let refused = chief.post_json(&slips, &slip);
    assert_eq!(
        refused.status, 422,
        "player 2 is not in the game yet: {}",
        refused.body
    );
    created(chief.post_json(
        &players,
        &json!({"number": 2, "name": "Bob", "licence": "F123", "club": "Lyon"}),
    ));
    assert_eq!(game_players(&mut chief, g1), vec![1, 2]);
    let g = ok(chief.get(&format!("/api/v1/duplicate/games/{g1}")));
    assert_eq!(g["players"], 2);
    let v = ok(chief.post_json(&slips, &slip));
    assert_eq!(v["verdict"]["score"], 66, "{v}");
    let g2 = created(chief.post_json(&games, &json!({})))["id"]
        .as_i64()
        .unwrap();
    assert_eq!(game_players(&mut chief, g2), vec![1, 2]);
    // A third player joins both games, and the ranking lists all three.
    created(chief.post_json(&players, &json!({"number": 3, "name": "Cy"})));
    assert_eq!(game_players(&mut chief, g1), vec![1, 2, 3]);
    assert_eq!(game_players(&mut chief, g2), vec![1, 2, 3]);
    let r = ok(chief.get(&format!("/api/v1/duplicate/events/{ev}/ranking")));
    assert_eq!(r["lines"].as_array().unwrap().len(), 3, "{r}");
    // A refused player (number taken) joins nothing.
    let taken = chief.post_json(&players, &json!({"number": 3, "name": "Again"}));
    assert_eq!(taken.status, 409, "{}", taken.body);
    assert_eq!(game_players(&mut chief, g1), vec![1, 2, 3]);
}

// The director's page: the D options shown, players added (also once games exist), games
// created, each refusal shown at its form with nothing recorded; linked from the event page.
#[test]
fn the_director_page_creates_a_duplicate_event_its_games_and_players_and_shows_refusals() {
    let app = spawn_app();
    app.create_user("chief", PASSWORD, true);
    app.create_user("outsider", PASSWORD, false);
    let mut c = signed_in(&app, "chief");
    let csrf = c.csrf_from("/events/new");
    let res = c.post_form(
        "/events/new",
        &[
            ("csrf", &csrf),
            ("name", "Duplicate Night"),
            ("preset", "duplicate"),
            ("overrides", r#"{"turn_ms": 120000}"#),
            ("tile_set", "english"),
            ("lexicon", "default"),
            ("public", "1"),
        ],
    );
    assert_eq!(res.status, 303, "{}", res.body);
    let to = res.header("location").unwrap().to_owned();
    assert!(to.ends_with("/duplicate"), "{to}");
    let ev: i64 = to
        .trim_start_matches("/events/")
        .trim_end_matches("/duplicate")
        .parse()
        .unwrap();
    let page = c.get(&to).body;
    // The ruleset shown: GCG references for English Duplicate, the 120 s turn asked for.
    assert!(page.contains("data-option=\"notation\">GCG"), "{page}");
    assert!(page.contains("120 s, warning 30 s"), "{page}");
    assert!(
        c.get(&format!("/events/{ev}"))
            .body
            .contains(&format!("href=\"/events/{ev}/duplicate\""))
    );
    // Refused: a game with no players (D1 needs players), nothing created.
    let games = format!("/events/{ev}/duplicate/games");
    let res = c.post_form(&games, &[("csrf", &csrf)]);
    assert_eq!(res.status, 422, "{}", res.body);
    assert!(
        res.body.contains("data-form-error=\"game\""),
        "{}",
        res.body
    );
    assert!(!res.body.contains("data-game="));
    let add = format!("/events/{ev}/duplicate/players");
    let player = |n: &str, name: &str| {
        vec![
            ("csrf".to_owned(), csrf.clone()),
            ("number".to_owned(), n.to_owned()),
            ("name".to_owned(), name.to_owned()),
            ("licence".to_owned(), format!("L{n}")),
            ("club".to_owned(), "Paris".to_owned()),
        ]
    };
    let post = |c: &mut Client, fields: Vec<(String, String)>| {
        let f: Vec<(&str, &str)> = fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        c.post_form(&add, &f)
    };
    assert_eq!(post(&mut c, player("1", "Ann")).status, 303);
    let page = c.get(&to).body;
    assert_eq!(players_listed(&page), 1);
    assert!(page.contains("value=\"2\""), "the next number is offered");
    // Refusals, each at the form with what was typed, nothing added.
    let res = post(&mut c, player("2", "  "));
    assert_eq!(res.status, 400, "{}", res.body);
    assert!(res.body.contains("data-form-error=\"player\"") && res.body.contains("aria-invalid"));
    let res = post(&mut c, player("1", "Bob"));
    assert_eq!(res.status, 409, "{}", res.body);
    assert!(res.body.contains("value=\"Bob\""), "the name typed is kept");
    let res = post(&mut c, player("zero", "Bob"));
    assert_eq!(res.status, 400, "{}", res.body);
    let res = post(&mut c, player("0", "Bob"));
    assert_eq!(res.status, 400, "{}", res.body);
    let mut outsider = signed_in(&app, "outsider");
    let their_csrf = outsider.csrf_from("/account");
    let res = outsider.post_form(
        &add,
        &[("csrf", &their_csrf), ("number", "9"), ("name", "Mallory")],
    );
    assert_eq!(res.status, 403);
    assert_eq!(outsider.get(&to).status, 403);
    assert_eq!(
        players_listed(&c.get(&to).body),
        1,
        "no refused player was added"
    );
    // A game, then a player added after it: they join it.
    assert_eq!(c.post_form(&games, &[("csrf", &csrf)]).status, 303);
    assert_eq!(post(&mut c, player("2", "Bob")).status, 303);
    let page = c.get(&to).body;
    assert_eq!(players_listed(&page), 2);
    let game: i64 = page
        .split("data-game=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(page.contains(&format!("href=\"/duplicate/games/{game}/console\"")));
    assert_eq!(game_players(&mut c, game), vec![1, 2]);
    let g: Value = ok(c.get(&format!("/api/v1/duplicate/games/{game}")));
    assert_eq!(g["players"], 2);
}

// rules D5, D8: a writing fault gets a warning or a zero at the referee's choice, given with
// the slip; the slip form offers the choice. Result sheets and the CSV of a public event are
// read without signing in; a private event's are not.
#[test]
fn the_referee_rules_a_writing_fault_zero_and_result_sheets_print_for_the_public() {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let mut events = Vec::new();
    for public in [true, false] {
        let ev = created(chief.post_json(
            "/api/v1/duplicate/events",
            &json!({"name": format!("Sheets {public}"), "english": true, "public": public}),
        ))["id"]
            .as_i64()
            .unwrap();
        for (n, name) in [(1, "Ann"), (2, "Bob"), (3, "Cy")] {
            created(chief.post_json(
                &format!("/api/v1/duplicate/events/{ev}/players"),
                &json!({"number": n, "name": name, "club": "=cmd"}),
            ));
        }
        events.push(ev);
    }
    let ev = events[0];
    let game =
        created(chief.post_json(&format!("/api/v1/duplicate/events/{ev}/games"), &json!({})))["id"]
            .as_i64()
            .unwrap();
    let cmd = format!("/api/v1/duplicate/games/{game}/commands");
    ok(chief.post_json(&cmd, &json!({"type": "type_rack", "tiles": "AEINRST"})));
    ok(chief.post_json(&cmd, &json!({"type": "start_turn"})));
    let slips = format!("/api/v1/duplicate/games/{game}/slips");
    // RETAINS at 8D, by hand: R on D8 (double letter) 2 + six 1-point letters = 8, doubled on
    // the star = 16, + 50 for the seven tiles = 66.
    let right = ok(chief.post_json(
        &slips,
        &json!({"player": 1, "reference": "8D", "word": "RETAINS", "points": 66}),
    ));
    assert_eq!(right["verdict"]["score"], 66, "{right}");
    let warned = ok(chief.post_json(
        &slips,
        &json!({"player": 2, "reference": "8D", "word": "RETAINS", "points": 60}),
    ));
    assert_eq!(
        (
            warned["verdict"]["score"].as_u64(),
            warned["verdict"]["warnings"].as_u64()
        ),
        (Some(66), Some(1))
    );
    let zero = ok(chief.post_json(
        &slips,
        &json!({"player": 3, "reference": "8D", "word": "RETAINS", "points": 60, "ruling": "zero"}),
    ));
    assert_eq!(zero["verdict"]["score"], 0, "{zero}");
    assert_eq!(zero["verdict"]["zero"]["kind"], "ruled_zero");
    assert_eq!(zero["verdict"]["warnings"], 0);
    let bad = chief.post_json(
        &slips,
        &json!({"player": 3, "reference": "8D", "word": "RETAINS", "points": 60, "ruling": "maybe"}),
    );
    assert_eq!(bad.status, 400, "{}", bad.body);
    let rec = ok(chief.get(&format!("/api/v1/duplicate/games/{game}/record")));
    assert_eq!(
        rec["turns"][0]["slips"][2]["verdict"]["score"], 0,
        "the refused ruling changed nothing"
    );
    // The slip form offers the ruling, with the event's default first.
    chief_page_offers_ruling(&app, game);
    ok(chief.post_json(&cmd, &json!({"type": "choose_top", "choice": 0})));
    ok(chief.post_json(&cmd, &json!({"type": "place_top"})));
    // Public sheets, without signing in: the event's and the game's, with the totals.
    let mut anon = app.client();
    let sheets = anon.get(&format!("/duplicate/events/{ev}/results"));
    assert_eq!(sheets.status, 200);
    assert!(
        sheets.body.contains("data-sheet=\"event\"")
            && sheets.body.contains("data-sheet=\"game-1\"")
    );
    assert!(sheets.body.contains("@page") || sheets.body.contains("/static/duplicate.css"));
    // Counts agree with their noun in every language (Fluent plural selectors).
    assert!(sheets.body.contains("Over 1 game ·"), "{}", sheets.body);
    assert!(sheets.body.contains("1 turn, sum of the tops"));
    for (lang, game, turn) in [
        ("fr", "Sur 1 partie ·", "1 coup, total des tops"),
        ("id", "Dari 1 permainan ·", "1 giliran, jumlah top"),
    ] {
        let (_, body) = anon.get_bytes(
            &format!("/duplicate/events/{ev}/results"),
            &[("Accept-Language", lang)],
        );
        let body = String::from_utf8_lossy(&body);
        assert!(body.contains(game) && body.contains(turn), "{lang}: {body}");
    }
    assert_eq!(
        sheets
            .body
            .matches("<td class=\"num\" data-total>66</td>")
            .count(),
        4,
        "Ann and Bob, event and game"
    );
    let csv = anon.get(&format!("/api/v1/duplicate/events/{ev}/ranking.csv"));
    assert_eq!(csv.status, 200);
    assert!(
        csv.body.contains("\"'=cmd\""),
        "a formula is defused: {}",
        csv.body
    );
    assert_eq!(
        anon.get(&format!("/duplicate/events/{ev}/ranking")).status,
        200
    );
    for path in [
        format!("/duplicate/events/{}/results", events[1]),
        format!("/duplicate/events/{}/ranking", events[1]),
        format!("/api/v1/duplicate/events/{}/ranking.csv", events[1]),
    ] {
        let r = anon.get(&path);
        // A page sends the reader to sign in; the API refuses.
        assert!(
            matches!(r.status, 303 | 401 | 403 | 404),
            "{path}: {}",
            r.status
        );
    }
}

fn chief_page_offers_ruling(app: &TestApp, game: i64) {
    let mut c = signed_in(app, "chief");
    let page = c.get(&format!("/duplicate/games/{game}/slips")).body;
    assert!(
        page.contains("name=\"ruling\" data-field=\"ruling\""),
        "{page}"
    );
    assert!(page.contains("<option value=\"zero\">"));
}
