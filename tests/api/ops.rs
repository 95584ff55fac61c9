//! Event operations over HTTP: the PIC queue, claims and rulings, the committee, standings,
//! the table and match pages, and live streams.

use serde_json::{Value, json};

use crate::helpers::*;

fn setup(public: bool) -> Hall {
    spawn_app()
        .hall()
        .event(json!({"name": "Spring teams", "public": public}))
        .build()
}

impl Hall {
    fn cmd(&mut self, m: i64, command: Value) -> Value {
        ok(self.table.post_json(
            &format!("/api/v1/matches/{m}/commands"),
            &json!({ "command": command }),
        ))
    }
}

#[test]
fn a_word_challenge_goes_from_the_table_to_the_pic_queue_and_back_t11_t12() {
    let mut o = setup(true);
    let m = o.new_match(1);
    o.cmd(m, json!({"type": "start", "first": "a"}));
    o.cmd(
        m,
        json!({"type": "play", "words": ["QI"], "tiles": 2, "declared": 22}),
    );
    o.cmd(
        m,
        json!({"type": "challenge_word", "by": "B1", "words": ["QI"]}),
    );

    let q = ok(o
        .pic
        .get(&format!("/api/v1/events/{}/challenges", o.event_id)));
    let item = &q["open"][0];
    assert_eq!(item["kind"], "word");
    assert_eq!(item["verdicts"][0]["word"], "QI");
    // QI is not in the ENABLE list: the PIC sees the verdict the official dictionary gives.
    assert_eq!(item["verdicts"][0]["acceptable"], false);
    let id = item["id"].as_i64().unwrap();

    // Only one PIC can hold a challenge; the other is told who has it.
    ok(o.pic
        .post_json(&format!("/api/v1/challenges/{id}/claim"), &json!({})));
    let taken = o
        .pic2
        .post_json(&format!("/api/v1/challenges/{id}/claim"), &json!({}));
    assert_eq!(taken.status, 409);
    assert!(
        taken.json()["message"].as_str().unwrap().contains("pic"),
        "{}",
        taken.body
    );
    let not_mine = o.pic2.post_json(
        &format!("/api/v1/challenges/{id}/rule"),
        &json!({"valid": true}),
    );
    assert_eq!(not_mine.status, 409);

    let ruled = ok(o.pic.post_json(
        &format!("/api/v1/challenges/{id}/rule"),
        &json!({"valid": false}),
    ));
    assert_eq!(
        ruled["state"]["scores"]["a"], -10,
        "T13: the word maker's team gets -10"
    );
    let again = o.pic.post_json(
        &format!("/api/v1/challenges/{id}/rule"),
        &json!({"valid": true}),
    );
    assert_eq!(again.status, 409, "ruled exactly once");

    let q = ok(o
        .pic
        .get(&format!("/api/v1/events/{}/challenges", o.event_id)));
    assert!(q["open"].as_array().unwrap().is_empty());
    assert_eq!(q["history"][0]["ruling"], "unacceptable");
    assert_eq!(q["history"][0]["pic"], "pic");
    assert!(q["median_wait_ms"].is_i64());
}

#[test]
fn two_pics_racing_for_one_challenge_one_wins() {
    let mut o = setup(true);
    let m = o.new_match(1);
    o.cmd(m, json!({"type": "start", "first": "a"}));
    o.cmd(
        m,
        json!({"type": "play", "words": ["ZA"], "tiles": 2, "declared": 22}),
    );
    o.cmd(m, json!({"type": "challenge_score", "by": "B1"}));
    let q = ok(o
        .pic
        .get(&format!("/api/v1/events/{}/challenges", o.event_id)));
    let id = q["open"][0]["id"].as_i64().unwrap();
    let tokens = [
        o.pic.bearer.clone().unwrap(),
        o.pic2.bearer.clone().unwrap(),
    ];
    let base = o.app.base.clone();
    let handles: Vec<_> = tokens
        .into_iter()
        .cycle()
        .take(10)
        .map(|t| {
            let base = base.clone();
            std::thread::spawn(move || {
                let mut c = Client::new(&base);
                c.bearer = Some(t.clone());
                (
                    t,
                    c.post_json(&format!("/api/v1/challenges/{id}/claim"), &json!({}))
                        .status,
                )
            })
        })
        .collect();
    let results: Vec<(String, u16)> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let winners: std::collections::HashSet<&String> = results
        .iter()
        .filter(|(_, s)| *s == 200)
        .map(|(t, _)| t)
        .collect();
    assert_eq!(winners.len(), 1, "{results:?}");
    // The score challenge: declared 22, the PIC enters 12; the opponent's challenge costs the excess (T8c).
    let holder = if winners.contains(o.pic.bearer.as_ref().unwrap()) {
        &mut o.pic
    } else {
        &mut o.pic2
    };
    let ruled = ok(holder.post_json(
        &format!("/api/v1/challenges/{id}/rule"),
        &json!({"actual": 12}),
    ));
    assert_eq!(ruled["state"]["scores"]["a"], 2);
}

#[test]
fn the_pic_page_shows_the_queue_and_rules_with_forms() {
    let mut o = setup(true);
    let m = o.new_match(1);
    o.cmd(m, json!({"type": "start", "first": "a"}));
    o.cmd(
        m,
        json!({"type": "play", "words": ["JAB"], "tiles": 3, "declared": 24}),
    );
    o.cmd(
        m,
        json!({"type": "challenge_word", "by": "B2", "words": ["JAB"]}),
    );
    let mut browser = o.app.client();
    assert_eq!(browser.login_form("pic", "long-password-x").status, 303);
    let page = browser.get(&format!("/events/{}/pic", o.event_id));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains("JAB") && page.body.contains("ACCEPTABLE"),
        "{}",
        page.body
    );
    let csrf = csrf_in(&page.body).unwrap();
    let q = ok(o
        .pic
        .get(&format!("/api/v1/events/{}/challenges", o.event_id)));
    let id = q["open"][0]["id"].as_i64().unwrap();
    assert_eq!(
        browser
            .post_form(&format!("/challenges/{id}/claim"), &[("csrf", &csrf)])
            .status,
        303
    );
    let page = browser.get(&format!("/events/{}/pic", o.event_id));
    assert!(page.body.contains("Valid (+10)"), "{}", page.body);
    assert!(
        page.body.contains("Challenge taken"),
        "the flash is shown once"
    );
    let again = browser.get(&format!("/events/{}/pic", o.event_id));
    assert!(!again.body.contains("Challenge taken"), "and only once");
    assert_eq!(
        browser
            .post_form(
                &format!("/challenges/{id}/rule"),
                &[("csrf", &csrf), ("valid", "true")]
            )
            .status,
        303
    );
    let s = ok(o.table.get(&format!("/api/v1/matches/{m}")));
    assert_eq!(s["scores"]["a"], 34, "T12: +10 for a valid word");
    // Refused without the CSRF token, and for people who are not PICs.
    assert_eq!(
        browser
            .post_form(&format!("/challenges/{id}/claim"), &[])
            .status,
        403
    );
    let mut table = o.app.client();
    table.login_form("table1", "long-password-x");
    assert_eq!(
        table.get(&format!("/events/{}/pic", o.event_id)).status,
        403
    );
    assert_eq!(
        o.table
            .get(&format!("/api/v1/events/{}/challenges", o.event_id))
            .status,
        403
    );
}

#[test]
fn the_committee_disqualifies_in_a_match_and_corrects_it_without_erasing_e3() {
    let mut o = setup(true);
    let m = o.new_match(1);
    o.cmd(m, json!({"type": "start", "first": "a"}));
    o.cmd(
        m,
        json!({"type": "play", "words": ["CAT"], "tiles": 3, "declared": 10}),
    );
    let path = format!("/api/v1/events/{}/committee", o.event_id);
    // A PIC may not; the committee may.
    let body = json!({"team_id": o.teams.1, "match_id": m, "kind": "disqualification", "reason": "phone at the table"});
    assert_eq!(o.pic.post_json(&path, &body).status, 403);
    let no_reason = o.committee.post_json(
        &path,
        &json!({"team_id": o.teams.1, "match_id": m, "kind": "disqualification", "reason": " "}),
    );
    assert_eq!(no_reason.status, 400);
    assert_eq!(no_reason.json()["field"], "reason");
    let rec = ok(o.committee.post_json(&path, &body));
    assert_eq!(rec["author_name"], "committee");
    let s = ok(o.table.get(&format!("/api/v1/matches/{m}")));
    assert_eq!(s["result"]["winner"], "a");
    assert_eq!(s["result"]["reason"], "disqualification");
    let standings = ok(o
        .app
        .client()
        .get(&format!("/api/v1/events/{}/standings", o.event_id)));
    assert_eq!(standings[0]["name"], "Anagrammers");
    assert_eq!(standings[0]["wins"], 1);

    // The record is corrected by a new record; the old one stays, marked corrected.
    let id = rec["id"].as_i64().unwrap();
    ok(o.committee.post_json(&path, &json!({"team_id": o.teams.1, "kind": "withdrawal", "corrects": id, "reason": "wrong table"})));
    let records = ok(o.committee.get(&path));
    assert_eq!(records.as_array().unwrap().len(), 2);
    assert_eq!(records[0]["corrected"], true);
    let s = ok(o.table.get(&format!("/api/v1/matches/{m}")));
    assert!(s["result"].is_null(), "{s}");
    let log = ok(o.table.get(&format!("/api/v1/matches/{m}/events")));
    let kinds: Vec<&str> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["payload"]["type"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"disqualified") && kinds.contains(&"corrected"),
        "{kinds:?}"
    );
}

/// A public event whose one match ended by a walkout of the first team: standings to read.
fn a_finished_walkout() -> (Hall, i64) {
    let mut o = setup(true);
    let m = o.new_match(1);
    o.cmd(m, json!({"type": "start", "first": "a"}));
    ok(o.committee.post_json(
        &format!("/api/v1/events/{}/committee", o.event_id),
        &json!({"team_id": o.teams.0, "kind": "walkout", "reason": "left", "match_id": m}),
    ));
    (o, m)
}

#[test]
fn an_event_disqualification_ranks_the_team_last_and_standings_export_as_csv_e2() {
    let (mut o, m) = a_finished_walkout();
    ok(o.committee.post_json(
        &format!("/api/v1/events/{}/committee", o.event_id),
        &json!({"team_id": o.teams.0, "kind": "disqualification", "reason": "misconduct"}),
    ));
    let mut anon = o.app.client();
    let rows = ok(anon.get(&format!("/api/v1/events/{}/standings", o.event_id)));
    assert_eq!(rows[0]["name"], "Bingo Bunch");
    assert_eq!(rows[1]["disqualified"], true);
    let csv = anon.get(&format!("/events/{}/standings.csv", o.event_id));
    assert_eq!(csv.status, 200);
    assert!(csv.header("content-type").unwrap().starts_with("text/csv"));
    let lines: Vec<&str> = csv.body.lines().collect();
    assert!(lines[0].starts_with("rank,team,played"));
    assert!(lines[1].contains("Bingo Bunch"));
    assert!(lines[2].ends_with("true"));
    let page = anon.get(&format!("/events/{}/standings", o.event_id));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Bingo Bunch") && page.body.contains("data-live"));
    let team = anon.get(&format!("/teams/{}", o.teams.1));
    assert_eq!(team.status, 200);
    assert!(team.body.contains("Cy") && team.body.contains(&format!("/matches/{m}")));
}

#[test]
fn the_team_page_is_live_its_fragment_renders_the_teams_standing_and_matches() {
    let (o, m) = a_finished_walkout();
    let mut anon = o.app.client();
    let page = anon.get(&format!("/teams/{}", o.teams.1));
    assert_eq!(page.status, 200);
    // The page re-reads its fragment when the event's stream says something changed.
    assert!(
        page.body.contains(&format!(
            "data-live=\"/events/{}/live\" data-refresh=\"/teams/{}/fragment\"",
            o.event_id, o.teams.1
        )),
        "{}",
        page.body
    );
    let rows = ok(anon.get(&format!("/api/v1/events/{}/standings", o.event_id)));
    let line = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["team"] == o.teams.1)
        .unwrap()
        .clone();
    let frag = anon.get(&format!("/teams/{}/fragment", o.teams.1));
    assert_eq!(frag.status, 200);
    assert!(!frag.body.contains("<html"), "a fragment, not a page");
    assert!(
        frag.body
            .contains(&format!("data-team-standing=\"{}\"", o.teams.1))
    );
    assert!(frag.body.contains(&format!(
        "<td class=\"num\" data-rank>{}</td>",
        line["rank"]
    )));
    assert!(frag.body.contains(&format!(
        "<td class=\"num\" data-points>{}</td>",
        line["match_points"]
    )));
    assert!(
        frag.body
            .contains(&format!("data-match=\"{m}\" data-finished"))
    );
    // Another team's page does not carry this team's line.
    let other = anon.get(&format!("/teams/{}/fragment", o.teams.0));
    assert!(
        !other
            .body
            .contains(&format!("data-team-standing=\"{}\"", o.teams.1))
    );
    // No such team: 404, as the page.
    assert_eq!(anon.get("/teams/999999/fragment").status, 404);
}

#[test]
fn standings_are_sent_gzip_compressed_to_clients_that_accept_it() {
    use std::io::Read;
    let (o, _) = a_finished_walkout();
    let path = format!("/api/v1/events/{}/standings", o.event_id);
    let mut anon = o.app.client();
    let (plain, plain_body) = anon.get_bytes(&path, &[]);
    assert_eq!(plain.status, 200);
    assert_eq!(plain.header("content-encoding"), None);
    assert_eq!(plain.header("vary"), Some("Accept-Encoding"));
    let rows: serde_json::Value = serde_json::from_slice(&plain_body).unwrap();
    assert_eq!(rows[0]["name"], "Bingo Bunch");

    for accept in ["gzip", "br, gzip;q=0.8", "*"] {
        let (gz, gz_body) = anon.get_bytes(&path, &[("Accept-Encoding", accept)]);
        assert_eq!(gz.status, 200);
        assert_eq!(gz.header("content-encoding"), Some("gzip"), "{accept}");
        assert_eq!(gz.header("content-type"), Some("application/json"));
        let mut unzipped = Vec::new();
        flate2::read::GzDecoder::new(&gz_body[..])
            .read_to_end(&mut unzipped)
            .unwrap();
        assert_eq!(
            unzipped, plain_body,
            "the same standings, compressed ({accept})"
        );
    }
    // Refused explicitly: sent as it is.
    let (refused, body) = anon.get_bytes(&path, &[("Accept-Encoding", "gzip;q=0")]);
    assert_eq!(refused.header("content-encoding"), None);
    assert_eq!(body, plain_body);
}

#[test]
fn a_private_event_is_hidden_from_the_public() {
    let mut o = setup(false);
    let m = o.new_match(1);
    let mut anon = o.app.client();
    assert_eq!(
        anon.get(&format!("/api/v1/events/{}/standings", o.event_id))
            .status,
        401
    );
    assert_eq!(
        anon.get(&format!("/events/{}/standings", o.event_id))
            .status,
        303
    );
    assert_eq!(anon.get(&format!("/api/v1/matches/{m}")).status, 401);
    assert_eq!(
        o.table
            .get(&format!("/api/v1/events/{}/standings", o.event_id))
            .status,
        200
    );
    let outsider = &mut o.outsider;
    assert_eq!(
        outsider
            .get(&format!("/api/v1/events/{}/standings", o.event_id))
            .status,
        403
    );
}

#[test]
fn the_table_page_is_for_its_table_and_shows_controls_clocks_and_two_letter_words_t16() {
    let mut o = setup(true);
    let m = o.new_match(1);
    let mut tablet = o.app.client();
    tablet.login_form("table1", "long-password-x");
    let home = tablet.get("/table");
    assert_eq!(home.status, 303);
    assert_eq!(
        home.header("location"),
        Some(format!("/matches/{m}/table").as_str())
    );
    let page = tablet.get(&format!("/matches/{m}/table"));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("Start the clocks"));
    assert!(page.body.contains("Two-letter words"));
    assert!(
        page.body.contains("AA AB"),
        "the ENABLE two-letter list is shown: {}",
        page.body
    );
    o.cmd(m, json!({"type": "start", "first": "b"}));
    let page = tablet.get(&format!("/matches/{m}/table"));
    assert!(
        page.body.contains("class=\"side running\"") && page.body.contains("data-running=\"1\""),
        "{}",
        page.body
    );
    assert!(page.body.contains("Finish") && page.body.contains("Exchange"));
    // Another table's device and the public get no controls.
    let mut other = o.app.client();
    other.login_form("table2", "long-password-x");
    assert_eq!(other.get(&format!("/matches/{m}/table")).status, 403);
    let public = o.app.client().get(&format!("/matches/{m}"));
    assert_eq!(public.status, 200);
    assert!(!public.body.contains("Finish"));
    // Commands from the page's script: the session cookie plus the CSRF header.
    let csrf = page
        .body
        .split("name=\"csrf-token\" content=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_owned();
    let body = json!({"command": {"type": "pass"}});
    assert_eq!(
        tablet
            .post_json(&format!("/api/v1/matches/{m}/commands"), &body)
            .status,
        403,
        "no CSRF header"
    );
    let res = tablet.post_json_with(
        &format!("/api/v1/matches/{m}/commands"),
        &body,
        &[("X-CSRF-Token", &csrf)],
    );
    assert_eq!(res.status, 200, "{}", res.body);
}

#[test]
fn a_reconnecting_subscriber_gets_the_events_it_missed() {
    let mut o = setup(true);
    let m = o.new_match(1);
    o.cmd(m, json!({"type": "start", "first": "a"}));
    o.cmd(m, json!({"type": "pass"}));
    let text = LiveStream::open(&o.app.base, &format!("/matches/{m}/live"), Some("1"))
        .read_until(|t| t.contains("id: 3\n"));
    assert!(text.contains("text/event-stream"), "{text}");
    assert!(
        text.contains("id: 2\n") && text.contains("\"kind\":\"started\""),
        "{text}"
    );
    assert!(
        text.contains("id: 3\n") && text.contains("\"kind\":\"passed\""),
        "{text}"
    );

    // A live subscriber hears a new command.
    let mut live = LiveStream::open(&o.app.base, &format!("/matches/{m}/live"), None);
    o.cmd(m, json!({"type": "pass"}));
    let text = live.read_until(|t| t.contains("id: 4\n"));
    assert!(text.contains("id: 4\n"), "{text}");
}

#[test]
fn board_mode_settles_score_challenges_from_the_board_and_shows_the_pic_the_breakdown_t8c() {
    let mut o = setup(true);
    let m = ok(o.director.post_json(
        "/api/v1/matches",
        &json!({"event_id": o.event_id, "table": 1, "side_a": {"team_id": o.teams.0}, "side_b": {"team_id": o.teams.1},
                "ruleset": {"preset": "team-2v2", "overrides": {"entry_mode": "board"}}}),
    ))["id"]
        .as_i64()
        .unwrap();
    o.cmd(m, json!({"type": "start", "first": "a"}));
    o.cmd(m, json!({"type": "play", "move": "8G QI", "declared": 30}));
    // The board knows the actual score: an opponent's score challenge is settled at once.
    let settled = o.cmd(m, json!({"type": "challenge_score", "by": "B1"}));
    assert_eq!(settled["state"]["scores"]["a"], 14, "T8c: 22 - (30 - 22)");
    // A word challenge goes to the PIC, who sees the play's per-word score from the board.
    o.cmd(m, json!({"type": "play", "move": "H7 O.", "declared": 2}));
    o.cmd(
        m,
        json!({"type": "challenge_word", "by": "A2", "words": ["OI"]}),
    );
    let q = ok(o
        .pic
        .get(&format!("/api/v1/events/{}/challenges", o.event_id)));
    let item = &q["open"][0];
    assert_eq!(item["verdicts"][0]["word"], "OI");
    assert_eq!(item["breakdown"]["words"][0]["word"], "OI");
    assert_eq!(item["breakdown"]["total"], 2);
}

#[test]
fn with_postgresql_a_second_instance_relays_live_changes_to_its_pages() {
    // Several instances share one PostgreSQL database (SQLite serves a single instance): this
    // runs on PostgreSQL in every pass of the suite, and fails when there is none.
    let mut o = TestApp::builder()
        .postgres()
        .spawn()
        .hall()
        .event(json!({"name": "Spring teams", "public": true}))
        .build();
    let m = o.new_match(1);
    let mut settings = settings_for(&o.app.db);
    settings.secret = o.app.secret.clone();
    let sessions_before = o.app.db.pg_sessions();
    let second = start(arbiter::startup::prepare(&settings).unwrap());
    let mut live = LiveStream::open(&second.base, &format!("/matches/{m}/live"), None);
    // The second instance hears the first through its relay's LISTEN: wait until it listens.
    o.app.db.wait_for_new_listener(&sessions_before);
    o.cmd(m, json!({"type": "start", "first": "a"}));
    let text = live.read_until(|t| t.contains("\"kind\":\"started\""));
    assert!(
        text.contains("\"kind\":\"started\""),
        "the second instance's stream heard nothing: {text}"
    );
}
