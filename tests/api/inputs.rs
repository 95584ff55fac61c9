//! What clients send, held to what the server can keep (issue 11, items 6, 9, 10 and 11):
//! commands on a voided match, names with control characters (exports, logs, NUL on
//! PostgreSQL), bounded plays, unique grants, slow bodies (408), authorisation before a large
//! body is read, live streams that notice gone subscribers and end on shutdown, and a
//! `last_seq` that is always a seq the server accepts.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::helpers::*;

/// An administrator's API client and a public event with `teams` teams of two.
fn event_with_teams(app: &TestApp, teams: &[&str]) -> (Client, i64, Vec<i64>) {
    let mut chief = app.bearer("chief", true);
    let ev = event(&mut chief, json!({"name": "Autumn Open"}))
        .teams_named(teams)
        .build();
    (chief, ev.id, ev.team_ids())
}

/// A new match of the first two teams at `table`, made by `chief`.
fn new_match(chief: &mut Client, event: i64, teams: &[i64], table: i32) -> i64 {
    ok(chief.post_json(
        "/api/v1/matches",
        &json!({"event_id": event, "table": table, "side_a": {"team_id": teams[0]}, "side_b": {"team_id": teams[1]}}),
    ))["id"]
        .as_i64()
        .unwrap()
}

fn grant(chief: &mut Client, event: i64, body: Value) -> Resp {
    chief.post_json(&format!("/api/v1/events/{event}/grants"), &body)
}

fn command(c: &mut Client, m: i64, body: Value) -> Resp {
    c.post_json(&format!("/api/v1/matches/{m}/commands"), &body)
}

/// The match ids of round `n`'s tables, in table order.
fn round_matches(chief: &mut Client, event: i64, n: usize) -> Vec<i64> {
    let rounds = ok(chief.get(&format!("/api/v1/events/{event}/rounds")));
    rounds[n - 1]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["match_id"].as_i64().unwrap())
        .collect()
}

/// Sends raw bytes on a new connection and returns what comes back within `wait` (until the
/// server closes), and how long the first byte took.
fn raw(base: &str, request: &[u8], wait: Duration) -> (String, Option<Duration>) {
    let addr = base.trim_start_matches("http://");
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    let started = Instant::now();
    // The server may answer and close before the whole request is written.
    let _ = s.write_all(request);
    let mut out = Vec::new();
    let mut first = None;
    let mut buf = [0u8; 8192];
    while started.elapsed() < wait {
        s.set_read_timeout(Some(
            wait.saturating_sub(started.elapsed())
                .max(Duration::from_millis(1)),
        ))
        .unwrap();
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                first.get_or_insert(started.elapsed());
                out.extend_from_slice(&buf[..n]);
            }
            Err(_) => break,
        }
    }
    (String::from_utf8_lossy(&out).into_owned(), first)
}

fn status_of(response: &str) -> u16 {
    response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

// ---------------------------------------------------------------------------------------------
// Item 6: a voided match takes no commands
// ---------------------------------------------------------------------------------------------

#[test]
fn a_command_on_a_voided_match_is_refused_409_naming_the_tables_match_now() {
    let app = spawn_app();
    let (mut chief, event, teams) = event_with_teams(&app, &["Ants", "Bees", "Cats", "Dogs"]);
    let mut table1 = app.bearer("table1", false);
    ok(grant(
        &mut chief,
        event,
        json!({"username": "table1", "role": "table", "table": 1}),
    ));
    ok(chief.post_json(
        &format!("/api/v1/events/{event}/rounds"),
        &json!({"method": "round_robin"}),
    ));
    let old = round_matches(&mut chief, event, 1);
    // The tablet touches its match before the round is paired again: the command writer has
    // seen the match, and keeps what it needs of it.
    let early = command(&mut table1, old[0], json!({"command": {"type": "pass"}}));
    assert_eq!(early.status, 422, "not started yet: {}", early.body);

    ok(chief.post_json(
        &format!("/api/v1/events/{event}/rounds/1/repair"),
        &json!({"method": "manual", "pairs": [
            {"team_a": teams[3], "team_b": teams[0]}, {"team_a": teams[1], "team_b": teams[2]}]}),
    ));
    let new = round_matches(&mut chief, event, 1);
    assert!(new.iter().all(|m| !old.contains(m)));

    // The tablet left on the old page starts "its" match: refused, with where to go.
    let res = command(
        &mut table1,
        old[0],
        json!({"idempotency_key": "old-page-1", "command": {"type": "start", "first": "a"}}),
    );
    assert_eq!(res.status, 409, "{}", res.body);
    let body = res.json();
    assert_eq!(body["error"], "match_void", "{body}");
    assert_eq!(body["current_match"], new[0], "{body}");
    let msg = body["message"].as_str().unwrap();
    assert!(
        msg.contains("voided") && msg.contains(&format!("/matches/{}/table", new[0])),
        "{msg}"
    );
    // A director's command on the other old match (never seen by the writer) likewise.
    let res = command(
        &mut chief,
        old[1],
        json!({"command": {"type": "start", "first": "b"}}),
    );
    assert_eq!(res.status, 409, "{}", res.body);
    assert_eq!(res.json()["current_match"], new[1]);

    // Nothing was recorded: the old match is as it was, and says where its table plays now.
    for (o, n) in old.iter().zip(&new) {
        let m = ok(chief.get(&format!("/api/v1/matches/{o}")));
        assert_eq!(m["status"], "created", "{m}");
        assert_eq!(m["last_seq"], 1, "{m}");
        assert_eq!(m["void"], true, "{m}");
        assert_eq!(m["current_match"], *n, "{m}");
        let log = ok(chief.get(&format!("/api/v1/matches/{o}/events")));
        assert_eq!(log.as_array().unwrap().len(), 1, "{log}");
    }
    // The round has not started, so it can still be paired again.
    assert_ne!(
        ok(chief.get(&format!("/api/v1/events/{event}/rounds")))[0]["status"],
        "started"
    );

    // The old tablet page has no controls and links to the table's match now.
    let mut tablet = app.client();
    assert_eq!(tablet.login_form("table1", PASSWORD).status, 303);
    let page = tablet.get(&format!("/matches/{}/table", old[0]));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("This match was voided"), "{}", page.body);
    assert!(
        page.body
            .contains(&format!("href=\"/matches/{}/table\"", new[0])),
        "{}",
        page.body
    );
    assert!(
        !page.body.contains("data-command=\"start\""),
        "{}",
        page.body
    );
    let fragment = tablet.get(&format!("/matches/{}/board?controls=1", old[0]));
    assert!(
        fragment.body.contains("data-current-match"),
        "{}",
        fragment.body
    );
    // The device's home goes to the new match, which takes the start.
    let home = tablet.get("/table");
    assert_eq!(
        home.header("location"),
        Some(format!("/matches/{}/table", new[0]).as_str())
    );
    let started = command(
        &mut table1,
        new[0],
        json!({"command": {"type": "start", "first": "a"}}),
    );
    assert_eq!(started.status, 200, "{}", started.body);
}

// ---------------------------------------------------------------------------------------------
// Item 9: names are one line of text
// ---------------------------------------------------------------------------------------------

#[test]
fn names_and_reasons_with_control_characters_are_refused_422_not_stored() {
    let app = spawn_app();
    let (mut chief, event, teams) = event_with_teams(&app, &["Ants", "Bees"]);
    let forged = "Evil\n#player2 B Forged\n>B: ABC 8D FORGED +999 999";
    for name in [forged, "Cup\u{0}", "tab\there", "rtl\u{202E}txet"] {
        let r = chief.post_json("/api/v1/events", &json!({"name": name}));
        assert_eq!(r.status, 422, "event {name:?}: {}", r.body);
        assert_eq!(r.json()["field"], "name");
        let r = chief.post_json(
            &format!("/api/v1/events/{event}/teams"),
            &json!({"name": name, "players": ["P one", "P two"]}),
        );
        assert_eq!(r.status, 422, "team {name:?}: {}", r.body);
        let r = chief.post_json(
            &format!("/api/v1/events/{event}/teams"),
            &json!({"name": "Fine", "players": ["P one", name]}),
        );
        assert_eq!(r.status, 422, "player {name:?}: {}", r.body);
        assert_eq!(r.json()["field"], "players");
        let r = chief.post_json(
            "/api/v1/matches",
            &json!({"event_id": event, "table": 9, "side_a": {"name": name}, "side_b": {"team_id": teams[1]}}),
        );
        assert_eq!(r.status, 422, "side {name:?}: {}", r.body);
    }
    // The page form says the same at its field.
    let mut page = app.client();
    assert_eq!(page.login_form("chief", PASSWORD).status, 303);
    let csrf = page.csrf_from(&format!("/events/{event}"));
    let r = page.post_form(
        &format!("/events/{event}/teams"),
        &[
            ("csrf", &csrf),
            ("name", "Two\nLines"),
            ("player1", "A"),
            ("player2", "B"),
        ],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("control characters"), "{}", r.body);

    // CSV rows with a quoted line break or a NUL are row errors; nothing is imported.
    let csv = "team,player1,player2,captain\n\"Two\nLines\",A,B,A\nNul\u{0}s,C,D,C\nGood,E,F,E\n";
    let r = chief.post_json(
        &format!("/api/v1/events/{event}/teams/import"),
        &json!({"csv": csv, "dry_run": true}),
    );
    let preview = ok(r);
    assert_eq!(preview["invalid"], 2, "{preview}");
    assert_eq!(preview["valid"], 1, "{preview}");

    // Reasons, keys and usernames with NUL: 4xx, never a database error.
    app.create_user("committee", PASSWORD, false);
    ok(grant(
        &mut chief,
        event,
        json!({"username": "committee", "role": "committee"}),
    ));
    let mut committee = app.client();
    committee.bearer = Some(app.token("committee", PASSWORD));
    let r = committee.post_json(
        &format!("/api/v1/events/{event}/committee"),
        &json!({"team_id": teams[0], "kind": "disqualification", "reason": "phone\u{0}"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["field"], "reason");
    let r = grant(
        &mut chief,
        event,
        json!({"username": "nobody\u{0}", "role": "pic"}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let r = app.client().post_json(
        "/api/v1/auth/token",
        &json!({"username": "chief\u{0}", "password": PASSWORD}),
    );
    assert_eq!(r.status, 401, "{}", r.body);
    let m = new_match(&mut chief, event, &teams, 1);
    let r = command(
        &mut chief,
        m,
        json!({"idempotency_key": "k\u{0}", "command": {"type": "start", "first": "a"}}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let r = command(
        &mut chief,
        m,
        json!({"command": {"type": "walkout", "side": "a", "reason": "left\nthe hall"}}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    // Nothing of it was stored.
    let names: Vec<String> = ok(chief.get(&format!("/api/v1/events/{event}/teams")))
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["Ants", "Bees"]);
}

#[test]
fn exports_stay_one_line_per_name_and_csv_cells_are_not_formulas() {
    let app = spawn_app();
    let formula = "=HYPERLINK(\"http://evil.example\",\"Standings\")";
    let (mut chief, event, teams) = event_with_teams(&app, &[formula, "+1 Club", "Bees"]);
    let csv = app.client().get(&format!("/events/{event}/standings.csv"));
    assert_eq!(csv.status, 200, "{}", csv.body);
    for line in csv.body.lines().skip(1) {
        let team = line.split(',').nth(1).unwrap_or_default();
        assert!(
            !team
                .trim_start_matches('"')
                .starts_with(['=', '+', '-', '@']),
            "a cell a spreadsheet runs: {line}"
        );
    }
    assert!(
        csv.body
            .contains("\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"Standings\"\")\""),
        "{}",
        csv.body
    );
    assert!(csv.body.contains(",'+1 Club,"), "{}", csv.body);

    // A name stored before these checks (written straight into the database) still makes one
    // line of the GCG export.
    let m = ok(chief.post_json(
        "/api/v1/matches",
        &json!({"event_id": event, "table": 1, "side_a": {"team_id": teams[2]}, "side_b": {"name": "Solo"},
                "ruleset": {"preset": "team-2v2", "overrides": {"entry_mode": "board"}}}),
    ))["id"]
        .as_i64()
        .unwrap();
    {
        use arbiter::db::schema::matches;
        use diesel::prelude::*;
        let pool = arbiter::db::build_pool(&app.db.url, 1);
        let mut conn = pool.get().unwrap();
        diesel::update(matches::table.find(m))
            .set(matches::name_b.eq("Evil\n#player2 B Forged\n>B: ABC 8D FORGED +999 999"))
            .execute(&mut conn)
            .unwrap();
    }
    ok(command(
        &mut chief,
        m,
        json!({"command": {"type": "start", "first": "a"}}),
    ));
    ok(command(
        &mut chief,
        m,
        json!({"command": {"type": "play", "move": "8G QI", "declared": 22}}),
    ));
    let gcg = app.client().get(&format!("/api/v1/matches/{m}/gcg"));
    assert_eq!(gcg.status, 200, "{}", gcg.body);
    let players: Vec<&str> = gcg
        .body
        .lines()
        .filter(|l| l.starts_with("#player"))
        .collect();
    assert_eq!(players.len(), 2, "{}", gcg.body);
    assert!(!gcg.body.contains("\n>B: ABC"), "{}", gcg.body);
    assert_eq!(gcg.body.lines().filter(|l| l.starts_with('>')).count(), 1);
}

/// An administrator made straight in the database (the server has migrated it).
fn admin_token(db: &TestDb, base: &str) -> String {
    let pool = arbiter::db::build_pool(&db.url, 1);
    let mut conn = pool.get().unwrap();
    arbiter::services::accounts::create_user(&mut conn, created_at(), "chief", PASSWORD, true)
        .unwrap();
    let res = Client::new(base).post_json(
        "/api/v1/auth/token",
        &json!({"username": "chief", "password": PASSWORD}),
    );
    assert_eq!(res.status, 200, "{}", res.body);
    res.json()["token"].as_str().unwrap().to_owned()
}

#[test]
fn a_username_with_line_breaks_cannot_forge_log_lines() {
    let db = TestDb::fresh();
    let mut server = Binary::spawn(&db, "info");
    let (base, log) = (server.base.clone(), server.log.clone());
    let forged = "nobody\n2000-01-01T00:00:00.000000Z  INFO login succeeded username=admin";
    let res = Client::new(&base).post_json(
        "/api/v1/auth/token",
        &json!({"username": forged, "password": "wrong-password"}),
    );
    server.stop();
    assert_eq!(res.status, 401, "{}", res.body);
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("login refused"), "{text}");
    assert!(
        !text
            .lines()
            .any(|l| l.contains("2000-01-01T00:00:00") && !l.contains("login refused")),
        "a forged line:\n{text}"
    );
}

// ---------------------------------------------------------------------------------------------
// Item 10: bounded inputs
// ---------------------------------------------------------------------------------------------

#[test]
fn a_sheet_mode_play_is_bounded_by_the_board() {
    let app = spawn_app();
    let (mut chief, event, teams) = event_with_teams(&app, &["Ants", "Bees"]);
    let m = new_match(&mut chief, event, &teams, 1);
    ok(command(
        &mut chief,
        m,
        json!({"command": {"type": "start", "first": "a"}}),
    ));
    let play = |words: Value, tiles: u8| json!({"command": {"type": "play", "words": words, "tiles": tiles, "declared": 10}});
    let long = "A".repeat(100_000);
    let r = command(&mut chief, m, play(json!([long]), 7));
    assert_eq!(r.status, 422, "{}", &r.body[..r.body.len().min(300)]);
    let r = command(&mut chief, m, play(json!(["ABCDEFGHIJKLMNOP"]), 7));
    assert_eq!(r.status, 422, "16 letters: {}", r.body);
    let many: Vec<&str> = vec!["QI"; 20_000];
    let r = command(&mut chief, m, play(json!(many), 7));
    assert_eq!(r.status, 422, "{}", &r.body[..r.body.len().min(300)]);
    let r = command(&mut chief, m, play(json!(["QI", "XI", "ZA", "AB"]), 2));
    assert_eq!(
        r.status, 422,
        "two tiles form at most three words: {}",
        r.body
    );
    let r = command(&mut chief, m, play(json!(["Q\nI"]), 2));
    assert_eq!(r.status, 422, "{}", r.body);
    let log = ok(chief.get(&format!("/api/v1/matches/{m}/events")));
    assert_eq!(log.as_array().unwrap().len(), 2, "nothing recorded: {log}");
    // What a board allows is taken.
    ok(command(&mut chief, m, play(json!(["QI", "XI", "IS"]), 2)));
    ok(command(&mut chief, m, play(json!(["ABCDEFGHIJKLMNO"]), 7)));
}

#[test]
fn a_role_is_granted_once_and_a_repeat_is_409() {
    let app = spawn_app();
    let (mut chief, event, teams) = event_with_teams(&app, &["Ants", "Bees"]);
    app.create_user("pic1", PASSWORD, false);
    app.create_user("cap", PASSWORD, false);
    for body in [
        json!({"username": "pic1", "role": "pic"}),
        json!({"username": "pic1", "role": "table", "table": 3}),
        json!({"username": "cap", "role": "captain", "team_id": teams[0]}),
    ] {
        assert_eq!(grant(&mut chief, event, body.clone()).status, 201);
        let again = grant(&mut chief, event, body.clone());
        assert_eq!(again.status, 409, "{body}: {}", again.body);
        assert!(again.body.contains("already holds"), "{}", again.body);
    }
    // Another table, another team: other grants.
    assert_eq!(
        grant(
            &mut chief,
            event,
            json!({"username": "pic1", "role": "table", "table": 4})
        )
        .status,
        201
    );
    assert_eq!(
        grant(
            &mut chief,
            event,
            json!({"username": "cap", "role": "captain", "team_id": teams[1]})
        )
        .status,
        201
    );
    let list = ok(chief.get(&format!("/api/v1/events/{event}/grants")));
    assert_eq!(list.as_array().unwrap().len(), 5, "{list}");
    // Parallel repeats: one grant.
    app.create_user("com", PASSWORD, false);
    let base = app.base.clone();
    let token = chief.bearer.clone().unwrap();
    let answers: Vec<u16> = (0..8)
        .map(|_| {
            let (base, token) = (base.clone(), token.clone());
            std::thread::spawn(move || {
                let mut c = Client::new(&base);
                c.bearer = Some(token);
                grant(
                    &mut c,
                    event,
                    json!({"username": "com", "role": "committee"}),
                )
                .status
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|h| h.join().unwrap())
        .collect();
    assert_eq!(
        answers.iter().filter(|s| **s == 201).count(),
        1,
        "{answers:?}"
    );
    assert!(
        answers.iter().all(|s| *s == 201 || *s == 409),
        "{answers:?}"
    );
}

#[test]
fn duplicate_grants_of_an_older_database_are_merged_by_the_migration() {
    use diesel::prelude::*;
    use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
    const SQLITE: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
    const POSTGRES: EmbeddedMigrations = embed_migrations!("migrations/postgres");
    let db = TestDb::fresh();
    let pool = arbiter::db::build_pool(&db.url, 1);
    let mut conn = pool.get().unwrap();
    // The schema as it was before grants were unique: the first four migrations.
    for _ in 0..4 {
        match &mut *conn {
            arbiter::db::DbConn::Sqlite(c) => {
                c.run_next_migration(SQLITE).unwrap();
            }
            arbiter::db::DbConn::Pg(c) => {
                c.run_next_migration(POSTGRES).unwrap();
            }
        }
    }
    let at = "'2026-11-29 10:00:00'";
    for sql in [
        format!(
            "INSERT INTO users (id, username, password_hash, is_admin, created_at) VALUES \
             (1, 'a', 'x', FALSE, {at}), (2, 'b', 'x', FALSE, {at})"
        ),
        format!(
            "INSERT INTO role_grants (id, user_id, role, event_id, team_id, table_no, created_at) \
             VALUES (1, 1, 'pic', 7, NULL, NULL, {at}), (2, 1, 'pic', 7, NULL, NULL, {at}), \
             (3, 1, 'table', 7, NULL, 2, {at}), (4, 1, 'table', 7, NULL, 2, {at}), \
             (5, 1, 'table', 7, NULL, 3, {at}), (6, 2, 'pic', 7, NULL, NULL, {at}), \
             (7, 1, 'pic', 8, NULL, NULL, {at}), (8, 1, 'pic', 7, NULL, NULL, {at})"
        ),
    ] {
        diesel::sql_query(sql).execute(&mut *conn).unwrap();
    }
    arbiter::db::run_migrations(&mut conn).unwrap();
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        id: i64,
    }
    let kept: Vec<i64> =
        diesel::sql_query("SELECT CAST(id AS BIGINT) AS id FROM role_grants ORDER BY id")
            .load::<Id>(&mut *conn)
            .unwrap()
            .into_iter()
            .map(|r| r.id)
            .collect();
    assert_eq!(kept, [1, 3, 5, 6, 7], "the oldest of each repeat is kept");
    let again = diesel::sql_query(format!(
        "INSERT INTO role_grants (id, user_id, role, event_id, created_at) \
         VALUES (100, 1, 'pic', 7, {at})"
    ))
    .execute(&mut *conn);
    assert!(again.is_err(), "the index refuses a repeat");
}

#[test]
fn a_body_that_arrives_too_slowly_gets_408_and_the_connection_closes() {
    let app = TestApp::builder()
        .settings(|s| {
            s.timeouts.request_body = Duration::from_millis(800);
            s.timeouts.request_body_max = Duration::from_secs(2);
        })
        .spawn();
    // Headers at once, then a body that never finishes.
    let request = b"POST /api/v1/auth/token HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{\"user";
    let (text, first) = raw(&app.base, request, Duration::from_secs(8));
    assert_eq!(status_of(&text), 408, "{text}");
    assert!(first.is_some(), "an answer before the server closed");
    assert!(text.to_lowercase().contains("connection: close"), "{text}");
    assert!(text.contains("request_timeout"), "{text}");
    // A body that keeps coming at a fair rate is not cut off: a page form dripped in pieces
    // within the allowance still gets its normal answer.
    let addr = app.base.trim_start_matches("http://").to_owned();
    let mut s = std::net::TcpStream::connect(&addr).unwrap();
    let body = br#"{"username":"x","password":"y"}"#;
    write!(
        s,
        "POST /api/v1/auth/token HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
        body.len()
    )
    .unwrap();
    for chunk in body.chunks(8) {
        std::thread::sleep(Duration::from_millis(100));
        s.write_all(chunk).unwrap();
    }
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut buf = [0u8; 512];
    let n = s.read(&mut buf).unwrap();
    let text = String::from_utf8_lossy(&buf[..n]);
    assert_eq!(status_of(&text), 401, "{text}");
}

#[test]
fn large_uploads_are_refused_before_their_body_is_read_when_the_caller_may_not() {
    let app = spawn_app();
    let (mut chief, event, _) = event_with_teams(&app, &["Ants", "Bees"]);
    app.create_user("cap", PASSWORD, false);
    ok(grant(
        &mut chief,
        event,
        json!({"username": "cap", "role": "pic"}),
    ));
    let token = app.token("cap", PASSWORD);
    let mut browser = app.client();
    assert_eq!(browser.login_form("cap", PASSWORD).status, 303);
    let csrf = browser.csrf_from("/");
    let cookies = browser
        .cookies
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("; ");
    // Eight megabytes announced and none sent: an answer that comes at once did not wait for
    // the body (the body timeout is 10 s).
    let cases = [
        format!(
            "PUT /api/v1/events/{event}/lexicon?name=big HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\ncontent-type: text/plain\r\ncontent-length: 8000000\r\n\r\n"
        ),
        format!(
            "POST /events/{event}/lexicon HTTP/1.1\r\nHost: x\r\nCookie: {cookies}\r\nx-csrf-token: {csrf}\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: 8000000\r\n\r\n"
        ),
        format!(
            "POST /events/new HTTP/1.1\r\nHost: x\r\nCookie: {cookies}\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: 8000000\r\n\r\n"
        ),
    ];
    for request in cases {
        let (text, first) = raw(&app.base, request.as_bytes(), Duration::from_secs(3));
        // Reading the body first would answer only after the body timeout (10 s), long after.
        assert_eq!(status_of(&text), 403, "{request}\n→ {text} ({first:?})");
    }
    // A director's upload is read and stored as before.
    let res = {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        let mut r = agent
            .put(&format!(
                "{}/api/v1/events/{event}/lexicon?name=mini",
                app.base
            ))
            .header("content-type", "text/plain")
            .header(
                "Authorization",
                &format!("Bearer {}", chief.bearer.clone().unwrap()),
            )
            .send(&b"QI\nZA\nCAT\n"[..])
            .unwrap();
        (r.status().as_u16(), r.body_mut().read_to_string().unwrap())
    };
    assert_eq!(res.0, 200, "{}", res.1);
}

/// A match in a public event, for live-stream tests.
fn live_fixture(app: &TestApp) -> (i64, i64, i64) {
    let (mut chief, event, teams) = event_with_teams(app, &["Ants", "Bees"]);
    (
        event,
        new_match(&mut chief, event, &teams, 1),
        new_match(&mut chief, event, &teams, 2),
    )
}

/// Publishes a change of match `busy` every 50 ms until `stop` is set.
fn keep_busy(
    state: &arbiter::web::AppState,
    event: i64,
    busy: i64,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> std::thread::JoinHandle<()> {
    let live = state.live.clone();
    std::thread::spawn(move || {
        let mut seq = 10;
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            seq += 1;
            live.publish(arbiter::live::LiveMessage::Match {
                event_id: Some(arbiter::vocab::EventId(event)),
                match_id: arbiter::vocab::MatchId(busy),
                seq: arbiter::vocab::Seq(seq),
                last: "passed",
                standings: false,
            });
            std::thread::sleep(Duration::from_millis(50));
        }
    })
}

#[test]
fn a_quiet_live_stream_sends_keep_alives_while_other_matches_are_busy_and_drops_gone_subscribers() {
    let app = TestApp::builder()
        .settings(|s| s.timeouts.live_keep_alive = Duration::from_millis(300))
        .spawn();
    let state = &app.state;
    let (event, quiet, busy) = live_fixture(&app);
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let busy_thread = keep_busy(state, event, busy, stop.clone());

    let request = format!(
        "GET /matches/{quiet}/live HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
    );
    let (text, _) = raw(&app.base, request.as_bytes(), Duration::from_millis(1500));
    assert!(text.contains("text/event-stream"), "{text}");
    assert!(
        text.matches(": ping").count() >= 2,
        "keep-alives however busy the other match is:\n{text}"
    );

    // A subscriber that went away is dropped at the next keep-alive or so (the one above too).
    let addr = app.base.trim_start_matches("http://").to_owned();
    let mut gone = std::net::TcpStream::connect(&addr).unwrap();
    gone.write_all(request.as_bytes()).unwrap();
    let mut buf = [0u8; 256];
    gone.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
    let _ = gone.read(&mut buf).unwrap();
    assert!(state.live.subscribers() >= 1);
    drop(gone);
    let dropped = (0..40).any(|_| {
        std::thread::sleep(Duration::from_millis(100));
        state.live.subscribers() == 0
    });
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    busy_thread.join().unwrap();
    assert!(dropped, "{} subscribers", state.live.subscribers());
}

#[test]
fn a_stop_signal_ends_live_streams_at_once() {
    let db = TestDb::fresh();
    let mut server = Binary::spawn(&db, "info");
    let (base, log) = (server.base.clone(), server.log.clone());
    let token = admin_token(&db, &base);
    let mut chief = Client::new(&base);
    chief.bearer = Some(token);
    let event = ok(chief.post_json("/api/v1/events", &json!({"name": "Stop Cup"})))["id"]
        .as_i64()
        .unwrap();
    let addr = base.trim_start_matches("http://").to_owned();
    let streams: Vec<std::net::TcpStream> = (0..3)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(&addr).unwrap();
            write!(
                s,
                "GET /events/{event}/live HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
            )
            .unwrap();
            s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
            let mut buf = [0u8; 256];
            assert!(s.read(&mut buf).unwrap() > 0);
            s
        })
        .collect();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    // Each stream is ended by the server: its chunked body finishes with the last chunk. (A
    // stream the graceful stop waited for would instead be cut off when its time ran out.)
    let ends: Vec<String> = streams
        .into_iter()
        .map(|mut s| {
            s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
            let mut rest = Vec::new();
            let _ = s.read_to_end(&mut rest);
            String::from_utf8_lossy(&rest).into_owned()
        })
        .collect();
    let status = server.child.wait().unwrap();
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(status.success(), "{status:?}\n{text}");
    for end in &ends {
        assert!(
            end.ends_with("0\r\n\r\n"),
            "a stream not ended by the server: {end:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Item 11: `last_seq` is always a seq the server accepts
// ---------------------------------------------------------------------------------------------

#[test]
fn last_seq_of_a_match_whose_clock_ran_out_is_accepted_as_expected_seq_t5() {
    let app = TestApp::builder().manual_clock().spawn();
    let clock = app.clock();
    let (mut chief, event, teams) = event_with_teams(&app, &["Ants", "Bees"]);
    let m = new_match(&mut chief, event, &teams, 1);
    ok(command(
        &mut chief,
        m,
        json!({"command": {"type": "start", "first": "a"}}),
    ));
    // A's clock runs out; no sweeper has recorded it yet.
    clock.advance(chrono::Duration::minutes(26));
    let shown = ok(chief.get(&format!("/api/v1/matches/{m}")));
    assert_eq!(shown["flagged"]["a"], true, "the flag is shown: {shown}");
    let log = ok(chief.get(&format!("/api/v1/matches/{m}/events")));
    let logged = log.as_array().unwrap().last().unwrap()["seq"].clone();
    assert_eq!(shown["last_seq"], logged, "last_seq is the log's: {shown}");
    // The tablet sends it back, as the README says: accepted, flag recorded first.
    let res = command(
        &mut chief,
        m,
        json!({"expected_seq": shown["last_seq"], "command": {"type": "pass"}}),
    );
    assert_eq!(res.status, 200, "{}", res.body);
    let kinds: Vec<String> = res.json()["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["payload"]["type"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        kinds.first().map(String::as_str),
        Some("clock_flagged"),
        "{kinds:?}"
    );
    // And a 409's current state is one to retry on.
    let stale = command(
        &mut chief,
        m,
        json!({"expected_seq": 1, "command": {"type": "pass"}}),
    );
    assert_eq!(stale.status, 409);
    let current = stale.json()["current"]["last_seq"].clone();
    clock.advance(chrono::Duration::minutes(30));
    let retry = command(
        &mut chief,
        m,
        json!({"expected_seq": current, "command": {"type": "pass"}}),
    );
    assert_ne!(retry.status, 409, "{}", retry.body);
}
