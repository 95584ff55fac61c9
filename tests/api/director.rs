//! The director's pages and API: who may use them, teams from CSV, word lists, and rounds
//! (round robin, Swiss without repeats, re-pairing before and after a round starts).

use serde_json::{Value, json};

use crate::helpers::*;

/// A server with an administrator (`chief`), an event, and a Bearer client for the chief.
struct Setup {
    app: TestApp,
    api: Client,
    event_id: i64,
}

fn setup() -> Setup {
    let app = spawn_app();
    let mut api = app.bearer("chief", true);
    let event_id = event(
        &mut api,
        json!({"name": "Spring Open", "ruleset": {"preset": "team-2v2"}}),
    )
    .build()
    .id;
    Setup { app, api, event_id }
}

impl Setup {
    fn teams(&mut self, names: &[&str]) -> Vec<i64> {
        names
            .iter()
            .map(|n| {
                let r = self.api.post_json(
                    &format!("/api/v1/events/{}/teams", self.event_id),
                    &json!({"name": n, "players": [format!("{n} one"), format!("{n} two")]}),
                );
                assert_eq!(r.status, 201, "{}", r.body);
                r.json()["id"].as_i64().unwrap()
            })
            .collect()
    }

    fn browser(&self, user: &str, admin: bool) -> Client {
        self.app.create_user(user, PASSWORD, admin);
        let mut c = self.app.client();
        let r = c.login_form(user, PASSWORD);
        assert_eq!(r.status, 303, "{}", r.body);
        c
    }

    fn rounds(&mut self) -> Value {
        let r = self
            .api
            .get(&format!("/api/v1/events/{}/rounds", self.event_id));
        assert_eq!(r.status, 200, "{}", r.body);
        r.json()
    }

    fn pair(&mut self, body: Value) -> Resp {
        self.api
            .post_json(&format!("/api/v1/events/{}/rounds", self.event_id), &body)
    }

    /// Records a finished result straight into a match's projection, the row standings and
    /// Swiss read (the engine's own way to a result is covered by the match tests).
    fn finish(&self, match_id: i64, score_a: i32, score_b: i32) {
        use arbiter::db::schema::matches;
        use diesel::prelude::*;
        let pool = arbiter::db::build_pool(&self.app.db.url, 1);
        let mut conn = pool.get().unwrap();
        let winner = match score_a.cmp(&score_b) {
            std::cmp::Ordering::Greater => Some("a"),
            std::cmp::Ordering::Less => Some("b"),
            std::cmp::Ordering::Equal => None,
        };
        diesel::update(matches::table.find(match_id))
            .set((
                matches::status.eq("finished"),
                matches::score_a.eq(score_a),
                matches::score_b.eq(score_b),
                matches::winner.eq(winner),
                matches::result_reason.eq(Some("score")),
            ))
            .execute(&mut conn)
            .unwrap();
    }
}

fn pairs_of(round: &Value) -> Vec<(i64, i64)> {
    round["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let (a, b) = (
                t["team_a"]["id"].as_i64().unwrap(),
                t["team_b"]["id"].as_i64().unwrap(),
            );
            (a.min(b), a.max(b))
        })
        .collect()
}

/// A raw-body request (the helpers' client speaks JSON and forms only).
fn send_raw(
    app: &TestApp,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Vec<u8>,
) -> (u16, String) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let url = format!("{}{path}", app.base);
    let mut req = match method {
        "PUT" => agent.put(&url),
        _ => agent.post(&url),
    }
    .header("content-type", "text/plain");
    if let Some(t) = token {
        req = req.header("Authorization", &format!("Bearer {t}"));
    }
    match req.send(&body[..]) {
        Ok(mut res) => (
            res.status().as_u16(),
            res.body_mut().read_to_string().unwrap_or_default(),
        ),
        // The server may close the connection while a refused body is still being sent.
        Err(e) => (0, e.to_string()),
    }
}

#[test]
fn director_pages_are_for_directors_and_administrators_only() {
    let mut s = setup();
    let id = s.event_id;
    s.teams(&["Ants", "Bees"]);
    assert_eq!(s.pair(json!({"method": "round_robin"})).status, 201);
    let pages = [
        "/events".to_owned(),
        "/events/new".to_owned(),
        format!("/events/{id}"),
        format!("/events/{id}/teams/import"),
        format!("/events/{id}/lexicon"),
        format!("/events/{id}/rounds/1/pairings"),
        format!("/events/{id}/rounds/1/cards"),
    ];

    let mut admin = s.browser("admin2", true);
    for p in &pages {
        let r = admin.get(p);
        assert_eq!(r.status, 200, "{p}: {}", r.body);
    }
    let dash = admin.get(&format!("/events/{id}"));
    assert!(
        dash.body.contains("Ants") && dash.body.contains("/matches/"),
        "{}",
        dash.body
    );

    // A director of this event (not an administrator) may run it, but not create events.
    s.app.create_user("dee", PASSWORD, false);
    let g = s.api.post_json(
        &format!("/api/v1/events/{id}/grants"),
        &json!({"username": "dee", "role": "director"}),
    );
    assert_eq!(g.status, 201, "{}", g.body);
    let mut dee = s.app.client();
    assert_eq!(dee.login_form("dee", PASSWORD).status, 303);
    for p in pages.iter().filter(|p| *p != "/events/new") {
        assert_eq!(dee.get(p).status, 200, "{p}");
    }
    assert_eq!(dee.get("/events/new").status, 403);

    // Signed in without a director's role: refused.
    let mut pic = s.browser("pat", false);
    for p in &pages {
        let r = pic.get(p);
        assert_eq!(r.status, 403, "{p}: {}", r.body);
    }
    let csrf = pic.csrf_from("/");
    let r = pic.post_form(
        &format!("/events/{id}/teams"),
        &[
            ("csrf", &csrf),
            ("name", "Cats"),
            ("player1", "x"),
            ("player2", "y"),
        ],
    );
    assert_eq!(r.status, 403);

    // Anonymous: pages send to the sign-in form, the API says 401.
    let mut anon = s.app.client();
    for p in &pages {
        let r = anon.get(p);
        assert_eq!(r.status, 303, "{p}");
        assert!(
            r.header("location").unwrap().starts_with("/login?next="),
            "{p}"
        );
    }
    for (path, body) in [
        (
            format!("/api/v1/events/{id}/rounds"),
            json!({"method": "swiss"}),
        ),
        (format!("/api/v1/events/{id}/rounds/1/repair"), json!({})),
        (
            format!("/api/v1/events/{id}/teams/import"),
            json!({"csv": "a,b,c,b"}),
        ),
    ] {
        assert_eq!(anon.post_json(&path, &body).status, 401, "{path}");
    }
    assert_eq!(anon.get(&format!("/api/v1/events/{id}/grants")).status, 401);
    let (status, _) = send_raw(
        &s.app,
        "PUT",
        &format!("/api/v1/events/{id}/lexicon?name=X"),
        None,
        b"CAT\n".to_vec(),
    );
    assert_eq!(status, 401);
    // …and a signed-in non-director gets 403 from the API.
    let mut pat_api = s.app.client();
    pat_api.bearer = Some(s.app.token("pat", PASSWORD));
    assert_eq!(
        pat_api
            .post_json(
                &format!("/api/v1/events/{id}/rounds"),
                &json!({"method": "swiss"})
            )
            .status,
        403
    );
}

#[test]
fn an_event_is_created_from_the_form_and_grants_and_teams_are_added_on_its_page() {
    let s = setup();
    let mut admin = s.browser("boss", true);
    let csrf = admin.csrf_from("/events/new");
    let r = admin.post_form(
        "/events/new",
        &[
            ("csrf", &csrf),
            ("name", "Club night"),
            ("preset", "team-2v2"),
            ("overrides", "{not json"),
            ("tile_set", "english"),
            ("lexicon", "default"),
        ],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("not valid JSON"), "{}", r.body);
    let r = admin.post_form(
        "/events/new",
        &[
            ("csrf", &csrf),
            ("name", "Club night"),
            ("preset", "individual"),
            ("tile_set", "french"),
            ("lexicon", "upload"),
            ("lexicon_name", "ODS8"),
            ("words", "chat\nchien\n"),
            ("public", "1"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let to = r.header("location").unwrap().to_owned();
    let id: i64 = to.rsplit('/').next().unwrap().parse().unwrap();
    let ev = admin.get(&format!("/api/v1/events/{id}")).json();
    assert_eq!(ev["lexicon"], "ODS8");
    assert_eq!(ev["tile_set"], "french");
    let stored = std::fs::read_to_string(s.app.db.dir.join(format!("lexicons/{id}.txt"))).unwrap();
    assert!(stored.contains("chien"));

    // Add a team with a reserve as captain, then grant its captain's role.
    let csrf = admin.csrf_from(&to);
    let r = admin.post_form(
        &format!("/events/{id}/teams"),
        &[
            ("csrf", &csrf),
            ("name", "Loups"),
            ("player1", "Ana"),
            ("player2", "Ben"),
            ("reserve1", ""),
            ("reserve2", "Cléo"),
            ("captain", "4"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let teams = admin.get(&format!("/api/v1/events/{id}/teams")).json();
    let players = teams[0]["players"].as_array().unwrap();
    assert_eq!(players.len(), 3);
    assert_eq!(players[2]["name"], "Cléo");
    assert_eq!(players[2]["is_captain"], true);
    let team_id = teams[0]["id"].as_i64().unwrap().to_string();
    s.app.create_user("cap", PASSWORD, false);
    let r = admin.post_form(
        &format!("/events/{id}/grants"),
        &[
            ("csrf", &csrf),
            ("username", "nobody"),
            ("role", "pic"),
            ("team_id", ""),
            ("table", ""),
        ],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("no account named nobody"), "{}", r.body);
    let r = admin.post_form(
        &format!("/events/{id}/grants"),
        &[
            ("csrf", &csrf),
            ("username", "cap"),
            ("role", "captain"),
            ("team_id", &team_id),
            ("table", ""),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = admin.get(&to);
    assert!(
        page.body.contains("cap") && page.body.contains("captain"),
        "{}",
        page.body
    );
}

#[test]
fn the_csv_preview_lists_row_errors_and_an_import_is_all_rows_or_none() {
    let mut s = setup();
    let id = s.event_id;
    s.teams(&["Existing"]);
    let mut admin = s.browser("boss", true);
    let path = format!("/events/{id}/teams/import");
    let csrf = admin.csrf_from(&path);
    let bad = "team,player1,player2,captain,reserve1\n\
               Owls,Olga,Otto,Otto\n\
               Newts,Nina,Ned,Zed\n\
               Existing,A,B,A\n\
               \"Larks, the\",Lea,Lou,Lou,Liv\n";
    let r = admin.post_form(
        &path,
        &[("csrf", &csrf), ("csv", bad), ("action", "preview")],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.body
            .contains("captain Zed is not one of the team&#x27;s players")
            || r.body.contains("captain Zed is not one of the team"),
        "{}",
        r.body
    );
    assert!(r.body.contains("already in this event"), "{}", r.body);
    assert!(r.body.contains("Larks, the"), "{}", r.body);
    assert!(
        !r.body.contains("name=\"action\" value=\"import\""),
        "no import button while rows are bad"
    );

    // Confirming anyway imports nothing and names the lines.
    let r = admin.post_form(
        &path,
        &[("csrf", &csrf), ("csv", bad), ("action", "import")],
    );
    assert_eq!(r.status, 400);
    assert!(
        r.body.contains("line 3") && r.body.contains("line 4"),
        "{}",
        r.body
    );
    let teams = s.api.get(&format!("/api/v1/events/{id}/teams")).json();
    assert_eq!(teams.as_array().unwrap().len(), 1);

    // The API's dry run shows the same rows; a clean file imports every team.
    let r = s.api.post_json(
        &format!("/api/v1/events/{id}/teams/import"),
        &json!({"csv": bad, "dry_run": true}),
    );
    assert_eq!(r.status, 200);
    let p = r.json();
    assert_eq!(
        (p["valid"].as_u64(), p["invalid"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(p["rows"][1]["line"], 3);
    assert!(
        p["rows"][1]["error"]
            .as_str()
            .unwrap()
            .contains("captain Zed")
    );

    let good = "Owls,Olga,Otto,Otto\n\"Larks, the\",Lea,Lou,Liv,Liv\n";
    let r = admin.post_form(
        &path,
        &[("csrf", &csrf), ("csv", good), ("action", "preview")],
    );
    assert!(
        r.body.contains("name=\"action\" value=\"import\""),
        "{}",
        r.body
    );
    let r = admin.post_form(
        &path,
        &[("csrf", &csrf), ("csv", good), ("action", "import")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let teams = s.api.get(&format!("/api/v1/events/{id}/teams")).json();
    let larks = teams
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Larks, the")
        .unwrap();
    assert_eq!(larks["players"][2]["name"], "Liv");
    assert_eq!(larks["players"][2]["is_captain"], true);
}

#[test]
fn round_robin_for_four_teams_puts_two_matches_at_tables_one_and_two() {
    let mut s = setup();
    let teams = s.teams(&["Ants", "Bees", "Cats", "Dogs"]);
    let r = s.pair(json!({"method": "round_robin"}));
    assert_eq!(r.status, 201, "{}", r.body);
    let round = r.json();
    assert_eq!(round["round"], 1);
    assert_eq!(round["status"], "draft");
    let tables: Vec<i64> = round["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["table"].as_i64().unwrap())
        .collect();
    assert_eq!(tables, vec![1, 2]);
    assert!(round["byes"].as_array().unwrap().is_empty());
    let mut seen: Vec<i64> = pairs_of(&round)
        .iter()
        .flat_map(|(a, b)| [*a, *b])
        .collect();
    seen.sort();
    assert_eq!(seen, teams);
    // Each table's match exists at its table and round.
    let m = s
        .api
        .get(&format!(
            "/api/v1/matches/{}",
            round["tables"][1]["match_id"]
        ))
        .json();
    assert_eq!(
        (m["table"].as_i64(), m["round"].as_i64()),
        (Some(2), Some(1))
    );

    // Three rounds meet every pair once; a fifth team gives a bye each round.
    for _ in 0..2 {
        assert_eq!(s.pair(json!({"method": "round_robin"})).status, 201);
    }
    let mut all: Vec<(i64, i64)> = s
        .rounds()
        .as_array()
        .unwrap()
        .iter()
        .flat_map(pairs_of)
        .collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 6);
    s.teams(&["Eels"]);
    let r = s.pair(json!({"method": "round_robin"})).json();
    assert_eq!(r["tables"].as_array().unwrap().len(), 2);
    assert_eq!(r["byes"].as_array().unwrap().len(), 1);
}

#[test]
fn swiss_round_two_avoids_round_one_opponents() {
    let mut s = setup();
    let t = s.teams(&["Ants", "Bees", "Cats", "Dogs"]);
    // Round 1 by hand: 1 v 2 and 3 v 4, both tied, so the standings keep the order 1-2-3-4 and
    // pairing straight down the list would repeat both meetings.
    let r = s.pair(json!({"method": "manual", "pairs": [
        {"team_a": t[0], "team_b": t[1]}, {"team_a": t[2], "team_b": t[3]}]}));
    assert_eq!(r.status, 201, "{}", r.body);
    let round1 = r.json();
    assert_eq!(round1["method"], "manual");
    // Swiss is refused while round 1 is being played.
    let r = s.pair(json!({"method": "swiss"}));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.json()["message"]
            .as_str()
            .unwrap()
            .contains("not finished")
    );
    for table in round1["tables"].as_array().unwrap() {
        s.finish(table["match_id"].as_i64().unwrap(), 350, 350);
    }
    let r = s.pair(json!({"method": "swiss"}));
    assert_eq!(r.status, 201, "{}", r.body);
    let round2 = r.json();
    let before = pairs_of(&round1);
    let after = pairs_of(&round2);
    assert_eq!(after.len(), 2);
    for p in &after {
        assert!(!before.contains(p), "{p:?} repeats round 1: {round2}");
    }
    // The top-ranked team plays at table 1.
    let top = &round2["tables"][0];
    assert!(
        top["team_a"]["id"] == t[0] || top["team_b"]["id"] == t[0],
        "{round2}"
    );
}

#[test]
fn a_round_can_be_paired_again_until_one_of_its_matches_starts() {
    let mut s = setup();
    let id = s.event_id;
    let t = s.teams(&["Ants", "Bees", "Cats", "Dogs"]);
    let first = s.pair(json!({"method": "round_robin"})).json();
    let old_ids: Vec<i64> = first["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["match_id"].as_i64().unwrap())
        .collect();

    // Re-pair by hand before anything starts: the old matches are voided, not deleted.
    let r = s.api.post_json(
        &format!("/api/v1/events/{id}/rounds/1/repair"),
        &json!({"method": "manual", "pairs": [{"team_a": t[3], "team_b": t[0]}, {"team_a": t[1], "team_b": t[2]}]}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let again = r.json();
    assert_eq!(again["pairing_no"], 2);
    assert_eq!(again["method"], "manual");
    assert_eq!(again["tables"][0]["team_a"]["id"], t[3]);
    let rounds = s.rounds();
    assert_eq!(rounds.as_array().unwrap().len(), 1);
    let new_ids: Vec<i64> = rounds[0]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["match_id"].as_i64().unwrap())
        .collect();
    assert!(new_ids.iter().all(|i| !old_ids.contains(i)));
    let old = s.api.get(&format!("/api/v1/matches/{}", old_ids[0]));
    assert_eq!(old.status, 200, "a voided match keeps its log");

    // Start the match at table 1: the round can no longer be re-paired.
    let started = s.api.post_json(
        &format!("/api/v1/matches/{}/commands", new_ids[0]),
        &json!({"command": {"type": "start", "first": "a"}}),
    );
    assert_eq!(started.status, 200, "{}", started.body);
    let r = s
        .api
        .post_json(&format!("/api/v1/events/{id}/rounds/1/repair"), &json!({}));
    assert_eq!(r.status, 422, "{}", r.body);
    let msg = r.json()["message"].as_str().unwrap().to_owned();
    assert!(
        msg.contains("round 1 has started") && msg.contains("table 1"),
        "{msg}"
    );
    assert_eq!(s.rounds()[0]["status"], "started");
    assert_eq!(s.rounds()[0]["pairing_no"], 2);

    // The page shows the same refusal at the round.
    let mut admin = s.browser("boss", true);
    let page = admin.get(&format!("/events/{id}"));
    assert!(
        !page.body.contains("rounds/1/repair"),
        "no re-pair form once started"
    );
    let csrf = admin.csrf_from(&format!("/events/{id}"));
    let r = admin.post_form(
        &format!("/events/{id}/rounds/1/repair"),
        &[("csrf", &csrf), ("method", "round_robin"), ("pairs", "")],
    );
    assert_eq!(r.status, 422);
    assert!(r.body.contains("has started"), "{}", r.body);
}

#[test]
fn manual_pairs_typed_on_the_page_name_teams_and_a_bye() {
    let mut s = setup();
    let id = s.event_id;
    s.teams(&["Ants", "Bees", "Cats"]);
    let mut admin = s.browser("boss", true);
    let csrf = admin.csrf_from(&format!("/events/{id}"));
    let r = admin.post_form(
        &format!("/events/{id}/rounds"),
        &[
            ("csrf", &csrf),
            ("method", "manual"),
            ("pairs", "Ants v Gnus\nCats"),
        ],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("line 1: no team named Gnus"), "{}", r.body);
    let r = admin.post_form(
        &format!("/events/{id}/rounds"),
        &[
            ("csrf", &csrf),
            ("method", "manual"),
            ("pairs", "cats vs ants\nBees"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let round = &s.rounds()[0];
    assert_eq!(round["tables"][0]["team_a"]["name"], "Cats");
    assert_eq!(round["byes"][0]["name"], "Bees");
    let print = admin.get(&format!("/events/{id}/rounds/1/pairings"));
    assert!(
        print.body.contains("bye") && print.body.contains("Cats"),
        "{}",
        print.body
    );
    let cards = admin.get(&format!("/events/{id}/rounds/1/cards"));
    assert!(cards.body.contains("Table 1"), "{}", cards.body);
}

#[test]
fn a_word_list_with_a_bad_line_is_refused_with_its_line_number() {
    let s = setup();
    let id = s.event_id;
    let token = s.api.bearer.clone().unwrap();
    let path = format!("/api/v1/events/{id}/lexicon?name=CLUB");
    let (status, body) = send_raw(
        &s.app,
        "PUT",
        &path,
        Some(&token),
        b"cat\ndog\nc4t\nemu\n".to_vec(),
    );
    assert_eq!(status, 400, "{body}");
    let err: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(err["field"], "lexicon");
    assert!(
        err["message"].as_str().unwrap().contains("line 3"),
        "{body}"
    );

    let (status, body) = send_raw(
        &s.app,
        "PUT",
        &path,
        Some(&token),
        b"cat\ndog\nemu\n".to_vec(),
    );
    assert_eq!(status, 200, "{body}");
    let ok: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (ok["lexicon"].as_str(), ok["words"].as_u64()),
        (Some("CLUB"), Some(3))
    );

    // The page reports the same, at the field.
    let mut admin = s.browser("boss", true);
    let csrf = admin.csrf_from(&format!("/events/{id}/lexicon"));
    let r = admin.post_form(
        &format!("/events/{id}/lexicon"),
        &[
            ("csrf", &csrf),
            ("lexicon_name", "CLUB2"),
            ("words", "ok\nno way\n"),
        ],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("line 2"), "{}", r.body);

    // Too large: 413.
    let big = vec![b'a'; 9 * 1024 * 1024];
    let (status, _) = send_raw(&s.app, "PUT", &path, Some(&token), big);
    assert_eq!(status, 413);
}

/// Issue 18: a bye counts once its round is paired (E2), so pairing drops the cached standings
/// and tells open pages (`round_paired` on the event stream, marked as moving standings).
#[test]
fn pairing_a_round_with_a_bye_refreshes_standings_and_tells_live_pages_e2() {
    let mut s = setup();
    let id = created(s.api.post_json(
        "/api/v1/events",
        &json!({"name": "Open Bye", "public": true, "ruleset": {"preset": "team-2v2"}}),
    ))["id"]
        .as_i64()
        .unwrap();
    s.event_id = id;
    let t = s.teams(&["Ants", "Bees", "Cats"]);
    let standings = |s: &mut Setup| ok(s.api.get(&format!("/api/v1/events/{id}/standings")));
    // Read once so the standings are cached with no bye.
    let before = standings(&mut s);
    assert!(before.as_array().unwrap().iter().all(|r| r["played"] == 0));
    let mut live = LiveStream::open(&s.app.base, &format!("/events/{id}/live"), None);
    let r = s.pair(json!({"method": "manual", "pairs": [
        {"team_a": t[0], "team_b": t[1]}, {"team_a": t[2]}
    ]}));
    assert_eq!(r.status, 201, "{}", r.body);
    let after = standings(&mut s);
    let cats = after
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "Cats")
        .unwrap();
    assert_eq!(cats["played"], 1, "the bye counts at once: {after}");
    assert_eq!(cats["wins"], 1, "{after}");
    let text = live.read_until(|t| t.contains("round_paired"));
    assert!(text.contains(r#""kind":"round_paired""#), "{text}");
    assert!(text.contains(r#""standings":true"#), "{text}");
}
