//! The director's set-up pages of an individual event (issue 18, seed 003): the new-event
//! form, divisions with their pairing plans, the `.t` import, the division desk (players,
//! late entries, withdrawals and taking one back), pairing the next round, and a round's
//! lines by hand. Each form calls the API's service; every refusal comes back in the form, in
//! the page's language, with nothing recorded. Also the API's take-back route.

use serde_json::{Value, json};

use crate::helpers::*;

struct Desk {
    app: TestApp,
    api: Client,
    page: Client,
}

fn desk() -> Desk {
    let app = spawn_app();
    let api = app.bearer("chief", true);
    let mut page = app.client();
    assert_eq!(page.login_form("chief", PASSWORD).status, 303);
    Desk { app, api, page }
}

fn location(res: &Resp) -> String {
    assert_eq!(res.status, 303, "{}", res.body);
    res.header("location").unwrap().to_owned()
}

/// The number in a path after `prefix` (`/individual/events/7/desk` → 7).
fn id_after(path: &str, prefix: &str) -> i64 {
    path.trim_start_matches(prefix)
        .split('/')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

impl Desk {
    /// Posts a form of the page at `from` (its CSRF token) to `to`.
    fn form(&mut self, from: &str, to: &str, fields: &[(&str, &str)]) -> Resp {
        let csrf = self.page.csrf_from(from);
        let mut all = vec![("csrf", csrf.as_str())];
        all.extend_from_slice(fields);
        self.page.post_form(to, &all)
    }

    /// An event and a division of `players` made over the API, round 1 paired by round robin.
    fn division(&mut self, players: usize, plan: Value) -> (i64, i64) {
        let ev = created(self.api.post_json(
            "/api/v1/individual/events",
            &json!({"name": "Club Open", "public": true}),
        ));
        let event = ev["id"].as_i64().unwrap();
        let d = created(self.api.post_json(
            &format!("/api/v1/individual/events/{event}/divisions"),
            &json!({"name": "A", "plan": plan}),
        ));
        let division = d["id"].as_i64().unwrap();
        for i in 1..=players {
            created(self.api.post_json(
                &format!("/api/v1/individual/divisions/{division}/players"),
                &json!({"name": format!("Player {i}"), "rating": 1500}),
            ));
        }
        (event, division)
    }

    /// Round 1 of a division as the API shows it.
    fn show(&mut self, division: i64) -> Value {
        ok(self
            .api
            .get(&format!("/api/v1/individual/divisions/{division}/rounds/1")))
    }

    fn division_view(&mut self, event: i64, division: i64) -> Value {
        let ev = ok(self.api.get(&format!("/api/v1/individual/events/{event}")));
        ev["divisions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["id"] == division)
            .cloned()
            .unwrap()
    }
}

fn player(d: &Value, number: i64) -> Value {
    d["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["number"] == number)
        .cloned()
        .unwrap()
}

fn wins_of(s: &Value, number: i64) -> f64 {
    s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["number"] == number)
        .unwrap()["wins"]
        .as_f64()
        .unwrap()
}

// rule N9 (corrections are new records) applied to withdrawals; E2 (forfeits count with the
// event's spread).
#[test]
fn taking_a_withdrawal_back_appends_a_record_and_the_games_are_owed_again() {
    let mut t = desk();
    let plan = json!([{"first": 1, "last": 3, "method": "round_robin"}]);
    let (event, d) = t.division(4, plan);
    let round = created(t.api.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds"),
        &json!({}),
    ));
    let opp = round["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|l| {
            if l["a"] == 4 {
                l["b"].as_i64()
            } else if l["b"] == 4 {
                l["a"].as_i64()
            } else {
                None
            }
        })
        .unwrap();
    let base = format!("/api/v1/individual/divisions/{d}/players");
    // Not withdrawn: nothing to take back (409), nothing recorded.
    let res = t
        .api
        .post_json(&format!("{base}/4/withdraw/take-back"), &json!({}));
    assert_eq!(res.status, 409, "{}", res.body);
    assert!(
        res.body.contains("player 4 has not withdrawn"),
        "{}",
        res.body
    );
    ok(t.api
        .post_json(&format!("{base}/4/withdraw"), &json!({"reason": "ill"})));
    let s = ok(t
        .api
        .get(&format!("/api/v1/individual/divisions/{d}/standings")));
    assert_eq!(
        wins_of(&s, opp),
        1.0,
        "the forfeit counts while withdrawn: {s}"
    );
    // Refusals record nothing: unknown player, a reason of two lines, unknown fields.
    let res = t
        .api
        .post_json(&format!("{base}/9/withdraw/take-back"), &json!({}));
    assert_eq!(res.status, 404, "{}", res.body);
    let res = t.api.post_json(
        &format!("{base}/4/withdraw/take-back"),
        &json!({"reason": "back\nagain"}),
    );
    assert_eq!(res.status, 400, "{}", res.body);
    assert_eq!(res.json()["field"], "reason");
    let res = t.api.post_json(
        &format!("{base}/4/withdraw/take-back"),
        &json!({"corrects": 1}),
    );
    assert!(res.status == 400 || res.status == 422, "{}", res.body);
    assert_eq!(
        t.division_view(event, d)["withdrawals"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    // Another event's director may not.
    let mut other = t.app.bearer("other", false);
    let res = other.post_json(&format!("{base}/4/withdraw/take-back"), &json!({}));
    assert_eq!(res.status, 403, "{}", res.body);
    // The director takes it back: a second record, the first still listed.
    let p = ok(t.api.post_json(
        &format!("{base}/4/withdraw/take-back"),
        &json!({"reason": "recorded by mistake"}),
    ));
    assert_eq!(p["withdrawn_round"], Value::Null, "{p}");
    let view = t.division_view(event, d);
    let records = view["withdrawals"].as_array().unwrap();
    assert_eq!(records.len(), 2, "{view}");
    assert_eq!(records[0]["from_round"], 1);
    assert_eq!(records[0]["reason"], "ill");
    assert_eq!(records[1]["from_round"], Value::Null);
    assert_eq!(records[1]["reason"], "recorded by mistake");
    assert_eq!(player(&view, 4)["withdrawn_round"], Value::Null);
    // The game is owed again, the forfeit no longer counts.
    let missing = ok(t.api.get(&format!(
        "/api/v1/individual/divisions/{d}/rounds/1/missing"
    )));
    assert!(
        missing
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["a"] == 4 || l["b"] == 4),
        "{missing}"
    );
    let s = ok(t
        .api
        .get(&format!("/api/v1/individual/divisions/{d}/standings")));
    assert_eq!(wins_of(&s, opp), 0.0, "{s}");
    // Taken back twice: refused; withdrawn again: a third record.
    let res = t
        .api
        .post_json(&format!("{base}/4/withdraw/take-back"), &json!({}));
    assert_eq!(res.status, 409);
    ok(t.api.post_json(&format!("{base}/4/withdraw"), &json!({})));
    assert_eq!(
        t.division_view(event, d)["withdrawals"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
}

#[test]
fn hand_pairings_name_the_player_a_refusal_is_about_and_change_nothing() {
    let mut t = desk();
    let plan = json!([{"first": 1, "last": 3, "method": "round_robin"}]);
    let (_, d) = t.division(6, plan);
    created(t.api.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds"),
        &json!({}),
    ));
    ok(t.api.post_json(
        &format!("/api/v1/individual/divisions/{d}/players/6/withdraw"),
        &json!({}),
    ));
    let before = t.show(d);
    let url = format!("/api/v1/individual/divisions/{d}/rounds/1");
    for (lines, says) in [
        (
            json!([{"a": 1, "b": 2}, {"a": 3, "b": 4}, {"a": 5, "b": 6}]),
            "player 6 has withdrawn from round 1",
        ),
        (
            json!([{"a": 1, "b": 2}, {"a": 3, "b": 1}, {"a": 5, "b": 4}]),
            "player 1 appears more than once",
        ),
        (
            json!([{"a": 1, "b": 2}, {"a": 3, "b": 9}, {"a": 5, "b": 4}]),
            "player 9 is not in this division",
        ),
        (
            json!([{"a": 1, "b": 1}, {"a": 3, "b": 2}, {"a": 5, "b": 4}]),
            "player 1 cannot play themselves",
        ),
    ] {
        let res = t.api.put_json(&url, &json!({ "lines": lines }));
        assert_eq!(res.status, 400, "{}", res.body);
        assert!(res.body.contains(says), "{says}: {}", res.body);
        assert_eq!(res.json()["field"], "lines");
    }
    assert_eq!(t.show(d), before, "nothing changed");
}

#[test]
fn the_director_creates_an_event_and_its_divisions_through_the_pages() {
    let mut t = desk();
    // The events list links to the new form.
    assert!(
        t.page
            .get("/events")
            .body
            .contains("/individual/events/new")
    );
    let new = "/individual/events/new";
    // A spread that is not a number: the form again, the name kept, nothing created.
    let res = t.form(
        new,
        new,
        &[
            ("name", "Spring Open"),
            ("public", "1"),
            ("bye_spread", "fifty"),
            ("forfeit_spread", "50"),
            ("withdrawn", "forfeit"),
        ],
    );
    assert_eq!(res.status, 400, "{}", res.body);
    assert!(res.body.contains("from 0 to 1000"), "{}", res.body);
    assert!(res.body.contains("value=\"Spring Open\""), "{}", res.body);
    assert!(!t.page.get("/events").body.contains("Spring Open"));
    let res = t.form(
        new,
        new,
        &[
            ("name", "Spring Open"),
            ("bye_spread", "50"),
            ("forfeit_spread", "2000"),
            ("withdrawn", "bye"),
        ],
    );
    assert_eq!(res.status, 400, "{}", res.body);
    let res = t.form(
        new,
        new,
        &[
            ("name", "Spring Open"),
            ("bye_spread", "40"),
            ("forfeit_spread", "75"),
            ("withdrawn", "bye"),
        ],
    );
    let desk = location(&res);
    let event = id_after(&desk, "/individual/events/");
    let ev = ok(t.api.get(&format!("/api/v1/individual/events/{event}")));
    assert_eq!(ev["public"], false, "{ev}");
    assert_eq!(
        ev["options"],
        json!({"bye_spread": 40, "forfeit_spread": 75, "withdrawn": "bye"})
    );
    // The list links to the event's desk, the desk shows how byes and forfeits count.
    assert!(t.page.get("/events").body.contains(&desk));
    // The event's roles-and-language page (the team desk) opens and links back to it.
    let dashboard = t.page.get(&format!("/events/{event}"));
    assert_eq!(dashboard.status, 200, "{}", dashboard.body);
    assert!(dashboard.body.contains(&desk), "{}", dashboard.body);
    let html = t.page.get(&desk).body;
    assert!(html.contains("win by 75"), "{html}");
    // A plan with a gap: refused at the form, its values kept, no division.
    let to = format!("/individual/events/{event}/desk/divisions");
    let res = t.form(
        &desk,
        &to,
        &[
            ("name", "Open"),
            ("first1", "1"),
            ("last1", "3"),
            ("method1", "round_robin"),
            ("first2", "5"),
            ("last2", "6"),
            ("method2", "swiss"),
        ],
    );
    assert_eq!(res.status, 422, "{}", res.body);
    assert!(
        res.body.contains("stretch 1 must start at round 4, not 5"),
        "{}",
        res.body
    );
    assert!(res.body.contains("value=\"Open\""));
    assert!(
        res.body
            .contains("name=\"first2\" inputmode=\"numeric\" value=\"5\"")
    );
    for bad in [
        [("first1", "one"), ("method1", "swiss")],
        [("first1", "1"), ("method1", "alphabetical")],
    ] {
        let mut fields = vec![("name", "Open"), ("last1", "3")];
        fields.extend_from_slice(&bad);
        let res = t.form(&desk, &to, &fields);
        assert_eq!(res.status, 400, "{}", res.body);
    }
    let res = t.form(
        &desk,
        &to,
        &[
            ("name", "Open"),
            ("first1", "1"),
            ("last1", "3"),
            ("method1", "round_robin"),
            ("first2", "4"),
            ("last2", ""),
            ("method2", "king_of_the_hill"),
            ("gibson", "1"),
            ("gibson_prizes", "0"),
        ],
    );
    assert_eq!(res.status, 400, "{}", res.body);
    assert!(res.body.contains("prize places"), "{}", res.body);
    let res = t.form(
        &desk,
        &to,
        &[
            ("name", "Open"),
            ("first1", "1"),
            ("last1", "3"),
            ("method1", "round_robin"),
            ("first2", "4"),
            ("last2", ""),
            ("method2", "king_of_the_hill"),
            ("gibson", "1"),
        ],
    );
    assert_eq!(location(&res), desk);
    let ev = ok(t.api.get(&format!("/api/v1/individual/events/{event}")));
    assert_eq!(ev["divisions"].as_array().unwrap().len(), 1, "{ev}");
    assert_eq!(
        ev["divisions"][0]["plan"],
        json!([{"first": 1, "last": 3, "method": "round_robin"},
               {"first": 4, "last": 4, "method": "king_of_the_hill"}])
    );
    assert_eq!(ev["divisions"][0]["gibson_prizes"], 1);
    // The same name again: refused (409) at the form.
    let res = t.form(
        &desk,
        &to,
        &[
            ("name", "Open"),
            ("first1", "1"),
            ("last1", "2"),
            ("method1", "swiss"),
        ],
    );
    assert_eq!(res.status, 409, "{}", res.body);
    // French: the refusal in the page's language.
    t.page.get("/lang/fr");
    let res = t.form(
        &desk,
        &to,
        &[("name", "B"), ("first1", "x"), ("method1", "swiss")],
    );
    assert_eq!(res.status, 400);
    assert!(
        res.body.contains("une ronde est un nombre entier"),
        "{}",
        res.body
    );
}

#[test]
fn a_t_file_is_imported_from_the_form_and_a_bad_line_is_named() {
    let mut t = desk();
    let ev = created(t.api.post_json(
        "/api/v1/individual/events",
        &json!({"name": "Takeover", "public": true}),
    ));
    let event = ev["id"].as_i64().unwrap();
    let desk = format!("/individual/events/{event}/desk");
    let to = format!("/individual/events/{event}/desk/import");
    let bad = "Smith, Ann  1823  2; 412\nJones\n";
    let plan = [("first1", "1"), ("last1", "4"), ("method1", "swiss")];
    let mut fields = vec![("name", "T"), ("file", bad)];
    fields.extend_from_slice(&plan);
    let res = t.form(&desk, &to, &fields);
    assert_eq!(res.status, 400, "{}", res.body);
    assert!(res.body.contains("line 2:"), "{}", res.body);
    assert!(res.body.contains("data-import-error"), "{}", res.body);
    // The file stays in the box.
    assert!(
        res.body.contains("Smith, Ann  1823  2; 412\nJones"),
        "{}",
        res.body
    );
    let ev = ok(t.api.get(&format!("/api/v1/individual/events/{event}")));
    assert!(ev["divisions"].as_array().unwrap().is_empty());
    let good = "Smith, Ann  1823  2; 412; p12 1\nJones, Bob  1750  1; 380; p12 2\nLee, Cy  1600  0; 50; p12 0\n";
    let mut fields = vec![("name", "T"), ("file", good)];
    fields.extend_from_slice(&plan);
    let res = t.form(&desk, &to, &fields);
    let division_desk = location(&res);
    let d = id_after(&division_desk, "/individual/divisions/");
    let html = t.page.get(&division_desk).body;
    assert!(
        html.contains("Jones, Bob") && html.contains("Lee, Cy"),
        "{html}"
    );
    let tfile = t
        .api
        .get(&format!("/api/v1/individual/divisions/{d}/division.t"))
        .body;
    assert!(
        tfile.contains("Smith, Ann") && tfile.contains("412"),
        "{tfile}"
    );
}

#[test]
fn the_division_desk_adds_withdraws_takes_back_and_pairs() {
    let mut t = desk();
    let plan = json!([{"first": 1, "last": 3, "method": "round_robin"},
                      {"first": 4, "last": 4, "method": "king_of_the_hill"}]);
    let (event, d) = t.division(0, plan);
    let desk = format!("/individual/divisions/{d}/desk");
    let add = format!("{desk}/players");
    // A rating that is not a number, a name of two lines: refused, nothing added.
    let res = t.form(&desk, &add, &[("name", "Ann"), ("rating", "high")]);
    assert_eq!(res.status, 400, "{}", res.body);
    assert!(res.body.contains("a rating is from 0"), "{}", res.body);
    assert!(res.body.contains("value=\"Ann\""));
    let res = t.form(&desk, &add, &[("name", "Ann"), ("rating", "5000")]);
    assert_eq!(res.status, 400, "{}", res.body);
    let res = t.form(&desk, &add, &[("name", "Ann\nB"), ("rating", "1500")]);
    assert!(res.status == 400 || res.status == 422, "{}", res.body);
    assert!(
        t.division_view(event, d)["players"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    for (name, rating, club) in [
        ("Ann", "1500", "Kuala"),
        ("Bob", "1600", ""),
        ("Cy", "", "Depok"),
        ("Di", "1400", ""),
    ] {
        let res = t.form(
            &desk,
            &add,
            &[
                ("name", name),
                ("rating", rating),
                ("rating_system", "NASPA"),
                ("rating_id", "AB123"),
                ("club", club),
            ],
        );
        // Back at the new player's line, the form below it.
        let number = t.division_view(event, d)["players"]
            .as_array()
            .unwrap()
            .len();
        assert_eq!(location(&res), format!("{desk}#player-{number}"));
    }
    assert!(t.page.get(&desk).body.contains("id=\"player-4\""));
    let view = t.division_view(event, d);
    assert_eq!(player(&view, 1)["club"], "Kuala");
    assert_eq!(player(&view, 3)["rating"], 0);
    assert_eq!(player(&view, 2)["rating_id"], "AB123");
    // Pair round 1 from the desk.
    let res = t.form(&desk, &format!("{desk}/rounds"), &[]);
    assert_eq!(location(&res), desk);
    let html = t.page.get(&desk).body;
    assert!(html.contains("data-round=\"1\""), "{html}");
    assert!(
        html.contains(&format!("/individual/divisions/{d}/rounds/1/entry")),
        "the quick entry of the round is linked"
    );
    for export in ["division.t", "standings.csv", "results.csv", "tourney.js"] {
        assert!(html.contains(export), "{export} linked");
    }
    // The withdraw form says what the games become (forfeits by 50, the default).
    assert!(html.contains("lost by forfeit (−50)"), "{html}");
    // A reason of 201 characters: refused at the player's form, nothing recorded.
    let long = "x".repeat(201);
    let res = t.form(
        &desk,
        &format!("{desk}/players/2/withdraw"),
        &[("reason", &long)],
    );
    assert_eq!(res.status, 400, "{}", res.body);
    assert!(res.body.contains("data-withdraw-error"), "{}", res.body);
    assert!(
        t.division_view(event, d)["withdrawals"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let res = t.form(
        &desk,
        &format!("{desk}/players/2/withdraw"),
        &[("reason", "travel")],
    );
    assert_eq!(location(&res), desk);
    let html = t.page.get(&desk).body;
    assert!(html.contains("data-withdrawn=\"1\""), "{html}");
    assert!(html.contains("data-action=\"take-back\""), "{html}");
    // Withdrawn twice: refused at the form (409).
    let res = t.form(&desk, &format!("{desk}/players/2/withdraw"), &[]);
    assert_eq!(res.status, 409, "{}", res.body);
    // Taken back.
    let res = t.form(&desk, &format!("{desk}/players/2/take-back"), &[]);
    assert_eq!(location(&res), desk);
    let view = t.division_view(event, d);
    assert_eq!(player(&view, 2)["withdrawn_round"], Value::Null);
    assert_eq!(view["withdrawals"].as_array().unwrap().len(), 2);
    let html = t.page.get(&desk).body;
    assert!(html.contains("data-kind=\"take-back\""), "{html}");
    // Taken back twice: refused at the form.
    let res = t.form(&desk, &format!("{desk}/players/2/take-back"), &[]);
    assert_eq!(res.status, 409, "{}", res.body);
    assert!(
        res.body.contains("player 2 has not withdrawn"),
        "{}",
        res.body
    );
    // A late entry: plays from round 2.
    let res = t.form(&desk, &add, &[("name", "Ed"), ("rating", "1700")]);
    assert_eq!(location(&res), format!("{desk}#player-5"));
    assert_eq!(player(&t.division_view(event, d), 5)["first_round"], 2);
    assert!(t.page.get(&desk).body.contains("data-late=\"2\""));
    // Rounds 2 and 3 are round robin (paired without results), round 4 king of the hill
    // needs round 3's results: refused at the desk, nothing paired.
    for _ in 0..2 {
        let res = t.form(&desk, &format!("{desk}/rounds"), &[]);
        assert_eq!(location(&res), desk);
    }
    let res = t.form(&desk, &format!("{desk}/rounds"), &[]);
    assert_eq!(res.status, 409, "{}", res.body);
    assert!(
        res.body.contains("round 3 still misses results"),
        "{}",
        res.body
    );
    assert!(res.body.contains("data-pair-error"), "{}", res.body);
    assert_eq!(t.division_view(event, d)["rounds_paired"], 3);
}

#[test]
fn a_round_is_paired_by_hand_in_a_form_that_keeps_the_lines_on_a_refusal() {
    let mut t = desk();
    let plan = json!([{"first": 1, "last": 2, "method": "swiss"},
                      {"first": 3, "last": 3, "method": "manual"}]);
    let (_, d) = t.division(5, plan);
    let page = format!("/individual/divisions/{d}/desk/rounds/1");
    // The next round: lines fixed by hand, the plan pairs the rest.
    let res = t.form(
        &page,
        &page,
        &[
            ("rows", "3"),
            ("a1", "1"),
            ("b1", "5"),
            ("a2", ""),
            ("b2", ""),
        ],
    );
    assert_eq!(location(&res), format!("/individual/divisions/{d}/desk"));
    let r = t.show(d);
    let lines = r["lines"].as_array().unwrap().clone();
    assert!(lines.iter().any(|l| l["a"] == 1 && l["b"] == 5), "{r}");
    // The form of the paired round holds its lines.
    let html = t.page.get(&page).body;
    assert!(
        html.contains("name=\"a1\" inputmode=\"numeric\" value=\"1\""),
        "{html}"
    );
    // One of the two players of the other game withdraws (from round 1: their game has no
    // result); the others play the round: `o` (1, 5, the other player of that game, the bye).
    let (w, y) = lines
        .iter()
        .find(|l| l["a"] != 1 && l["b"].is_i64())
        .map(|l| (l["a"].as_i64().unwrap(), l["b"].as_i64().unwrap()))
        .unwrap();
    let bye = lines
        .iter()
        .find(|l| l["b"].is_null())
        .map(|l| l["a"].as_i64().unwrap())
        .unwrap();
    ok(t.api.post_json(
        &format!("/api/v1/individual/divisions/{d}/players/{w}/withdraw"),
        &json!({}),
    ));
    let o: Vec<String> = [1, 5, y, bye].iter().map(i64::to_string).collect();
    let w = w.to_string();
    let before = t.show(d);
    let cases: Vec<(Vec<(&str, &str)>, String)> = vec![
        (
            vec![("a1", &o[0]), ("b1", &o[1]), ("a2", &o[2]), ("b2", &o[0])],
            format!("player {} appears more than once", o[0]),
        ),
        (
            vec![
                ("a1", &o[0]),
                ("b1", &o[1]),
                ("a2", &o[2]),
                ("b2", &w),
                ("a3", &o[3]),
            ],
            format!("player {w} has withdrawn from round 1"),
        ),
        (
            vec![("a1", &o[0]), ("b1", &o[1]), ("a2", &o[2]), ("b2", "12")],
            "player 12 is not in this division".to_owned(),
        ),
        (
            vec![("a1", &o[0]), ("b1", "two"), ("a2", &o[2]), ("b2", &o[3])],
            "line 1: a player&#39;s number is from 1".to_owned(),
        ),
        (
            vec![("a1", &o[0]), ("b1", &o[1]), ("a2", &o[2]), ("b2", "")],
            format!("player {} is not in any line", o[3]),
        ),
    ];
    for (fields, says) in cases {
        let mut all = vec![("rows", "4")];
        all.extend_from_slice(&fields);
        let res = t.form(&page, &page, &all);
        assert_eq!(res.status, 400, "{says}: {}", res.body);
        assert!(res.body.contains(&says), "{says}: {}", res.body);
        // The lines as typed stay in the form.
        assert!(
            res.body.contains(&format!(
                "name=\"b1\" inputmode=\"numeric\" value=\"{}\"",
                fields[1].1
            )),
            "{}",
            res.body
        );
    }
    assert_eq!(t.show(d), before, "nothing changed");
    // In French.
    t.page.get("/lang/fr");
    let res = t.form(
        &page,
        &page,
        &[
            ("rows", "2"),
            ("a1", &o[0]),
            ("b1", &o[0]),
            ("a2", &o[2]),
            ("b2", &o[3]),
        ],
    );
    assert!(res.body.contains("contre lui-même"), "{}", res.body);
    // A good override: saved, by hand.
    let res = t.form(
        &page,
        &page,
        &[
            ("rows", "2"),
            ("a1", &o[1]),
            ("b1", &o[0]),
            ("a2", &o[3]),
            ("b2", &o[2]),
        ],
    );
    assert_eq!(res.status, 303, "{}", res.body);
    let r = t.show(d);
    assert_eq!(r["lines"][0]["a"].to_string(), o[1], "{r}");
    assert_eq!(r["lines"][0]["b"].to_string(), o[0], "{r}");
    assert!(r["lines"][0]["manual"].as_bool().unwrap());
    // A round beyond the next: 404.
    assert_eq!(
        t.page
            .get(&format!("/individual/divisions/{d}/desk/rounds/5"))
            .status,
        404
    );
}

#[test]
fn the_set_up_pages_are_the_directors_only() {
    let mut t = desk();
    let plan = json!([{"first": 1, "last": 3, "method": "round_robin"}]);
    let (event, d) = t.division(2, plan);
    t.app.create_user("someone", PASSWORD, false);
    let mut other = t.app.client();
    assert_eq!(other.login_form("someone", PASSWORD).status, 303);
    for path in [
        format!("/individual/events/{event}/desk"),
        format!("/individual/divisions/{d}/desk"),
        format!("/individual/divisions/{d}/desk/rounds/1"),
        "/individual/events/new".to_owned(),
    ] {
        assert_eq!(other.get(&path).status, 403, "{path}");
    }
    let csrf = other.csrf_from("/account");
    for path in [
        format!("/individual/divisions/{d}/desk/players"),
        format!("/individual/divisions/{d}/desk/players/1/withdraw"),
        format!("/individual/divisions/{d}/desk/rounds"),
        format!("/individual/events/{event}/desk/divisions"),
    ] {
        let res = other.post_form(&path, &[("csrf", &csrf), ("name", "X")]);
        assert_eq!(res.status, 403, "{path}: {}", res.body);
    }
    assert_eq!(
        t.division_view(event, d)["players"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(t.division_view(event, d)["rounds_paired"], 0);
}
