//! Issue 18: a late entrant's missed rounds as the division's rule says (no game, forfeit
//! losses, byes) in the standings, the `.t` file and `tourney.js`; adding a player once every
//! round of the plan is paired is refused, in the API and at the director's desk; a player's
//! rating class and team, on the standings (rank within the class, a class's own view).

use serde_json::{Value, json};

use crate::helpers::*;

fn event(chief: &mut Client) -> i64 {
    let ev = created(chief.post_json(
        "/api/v1/individual/events",
        &json!({"name": "Late Open", "public": true,
                "options": {"bye_spread": 30, "forfeit_spread": 60, "withdrawn": "forfeit"}}),
    ));
    ev["id"].as_i64().unwrap()
}

fn division(chief: &mut Client, event: i64, name: &str, late: Option<&str>) -> Resp {
    let mut body = json!({"name": name, "plan": [{"first": 1, "last": 3, "method": "swiss"}]});
    if let Some(l) = late {
        body["late_rounds"] = json!(l);
    }
    chief.post_json(
        &format!("/api/v1/individual/events/{event}/divisions"),
        &body,
    )
}

fn add(chief: &mut Client, d: i64, body: Value) -> Resp {
    chief.post_json(&format!("/api/v1/individual/divisions/{d}/players"), &body)
}

/// Four players, round 1 paired and scored 1 v 2 and 3 v 4 by rating (400-350 for the
/// higher-rated), then a late entrant (number 5).
fn round_one_then_late(chief: &mut Client, d: i64) {
    for (n, r) in [("Ann", 1800), ("Bob", 1700), ("Cy", 1600), ("Di", 1500)] {
        created(add(chief, d, json!({"name": n, "rating": r})));
    }
    let r1 = created(chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds"),
        &json!({"lines": [{"a": 1, "b": 2}, {"a": 3, "b": 4}]}),
    ));
    assert_eq!(r1["lines"].as_array().map(Vec::len), Some(2), "{r1}");
    ok(chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds/1/results"),
        &json!({"text": "1 400 2 350\n3 400 4 350"}),
    ));
    let late = created(add(
        chief,
        d,
        json!({"name": "Late, Larry", "rating": 1400}),
    ));
    assert_eq!(late["first_round"], 2, "{late}");
}

fn line(s: &Value, n: i64) -> Value {
    s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["number"] == n)
        .cloned()
        .unwrap()
}

/// Player `n`'s line of a `.t` file: (opponents, scores).
fn t_line(file: &str, n: usize) -> (Vec<String>, Vec<String>) {
    let d = arbiter::rules::individual::tsh::read("A", file).unwrap();
    let p = &d.players[n - 1];
    (
        p.opponents
            .iter()
            .map(|o| o.map_or("00".into(), |o| o.to_string()))
            .collect(),
        p.scores
            .iter()
            .map(|s| s.map_or("00".into(), |s| s.to_string()))
            .collect(),
    )
}

// Issue 18, rule E2: the late entrant's round 1 counts as the division's rule says, with the
// event's spreads (bye 30, forfeit 60): in the standings, the `.t` (opponent 0 and the spread,
// as TSH writes a bye or forfeit) and tourney.js; the others are untouched.
#[test]
fn a_late_entrant_s_missed_rounds_count_as_the_division_s_rule_says() {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let ev = event(&mut chief);
    // (rule, wins, losses, spread, the .t score of round 1)
    let cases = [
        (None, 0.0, 0, 0, "0"),
        (Some("no_game"), 0.0, 0, 0, "0"),
        (Some("forfeit"), 0.0, 1, -60, "-60"),
        (Some("bye"), 1.0, 0, 30, "30"),
    ];
    for (i, (rule, wins, losses, spread, score)) in cases.into_iter().enumerate() {
        let d = created(division(&mut chief, ev, &format!("D{i}"), rule));
        assert_eq!(d["late_rounds"], rule.unwrap_or("no_game"), "{d}");
        let id = d["id"].as_i64().unwrap();
        round_one_then_late(&mut chief, id);
        let s = ok(chief.get(&format!("/api/v1/individual/divisions/{id}/standings")));
        let larry = line(&s, 5);
        assert_eq!(
            (
                larry["wins"].as_f64(),
                larry["losses"].as_i64(),
                larry["spread"].as_i64()
            ),
            (Some(wins), Some(losses), Some(spread)),
            "{rule:?}: {larry}"
        );
        assert_eq!(line(&s, 1)["spread"], 50, "{s}");
        assert_eq!(line(&s, 2)["losses"], 1, "{s}");
        let file = app
            .client()
            .get(&format!("/api/v1/individual/divisions/{id}/division.t"));
        assert_eq!(file.status, 200, "{}", file.body);
        let (opps, scores) = t_line(&file.body, 5);
        assert_eq!(
            (opps[0].as_str(), scores[0].as_str()),
            ("0", score),
            "{rule:?}: {}",
            file.body
        );
        let js = app
            .client()
            .get(&format!("/api/v1/individual/events/{ev}/tourney.js"));
        let doc: Value = serde_json::from_str(
            js.body
                .strip_prefix("newt=")
                .unwrap()
                .trim_end()
                .trim_end_matches(';'),
        )
        .unwrap();
        let p = &doc["divisions"][i]["players"][5];
        assert_eq!(p["scores"][0], score.parse::<i64>().unwrap(), "{p}");
        assert_eq!(p["pairings"][0], 0, "{p}");
        // The player's public page lists the missed round when it counts, as such.
        let page = app
            .client()
            .get(&format!("/individual/divisions/{id}/players/5"))
            .body;
        let counts = score != "0";
        assert_eq!(page.contains("data-game=\"1\""), counts, "{rule:?}: {page}");
        assert_eq!(page.contains("data-missed"), counts, "{rule:?}: {page}");
    }
}

// Issue 18: the late-entry rule takes no other value; refused naming the field, at creation
// and at import, with nothing created.
#[test]
fn a_late_entry_rule_that_is_not_one_is_refused_and_creates_nothing() {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let ev = event(&mut chief);
    for bad in ["sometimes", "", "No_game", "forfeit "] {
        let r = division(&mut chief, ev, "A", Some(bad));
        assert_eq!(r.status, 400, "{bad:?}: {}", r.body);
        assert_eq!(r.json()["field"], "late_rounds", "{}", r.body);
    }
    let r = chief.post_json(
        &format!("/api/v1/individual/events/{ev}/divisions"),
        &json!({"name": "A", "plan": [{"first": 1, "last": 3, "method": "swiss"}], "late_rounds": 3}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let r = chief.post_json(
        &format!("/api/v1/individual/events/{ev}/divisions/import"),
        &json!({"name": "T", "plan": [{"first": 1, "last": 3, "method": "swiss"}],
                "late_rounds": "never", "file": "Ann 1500\nBob 1400\n"}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.json()["field"], "late_rounds", "{}", r.body);
    let e = ok(chief.get(&format!("/api/v1/individual/events/{ev}")));
    assert_eq!(e["divisions"].as_array().map(Vec::len), Some(0), "{e}");
    // An import with a rule keeps it.
    let d = created(chief.post_json(
        &format!("/api/v1/individual/events/{ev}/divisions/import"),
        &json!({"name": "T", "plan": [{"first": 1, "last": 3, "method": "swiss"}],
                "late_rounds": "forfeit", "file": "Ann 1500\nBob 1400\n"}),
    ));
    assert_eq!(d["late_rounds"], "forfeit", "{d}");
}

// Issue 18: once every round of the plan is paired, a player added would play no game: the
// API refuses (409, saying so) and records nothing; before that, a late entry is accepted.
#[test]
fn adding_a_player_after_the_plan_s_last_round_is_paired_is_refused() {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let ev = event(&mut chief);
    let d = created(chief.post_json(
        &format!("/api/v1/individual/events/{ev}/divisions"),
        &json!({"name": "A", "plan": [{"first": 1, "last": 2, "method": "round_robin"}]}),
    ));
    let id = d["id"].as_i64().unwrap();
    for n in ["Ann", "Bob", "Cy"] {
        created(add(&mut chief, id, json!({"name": n})));
    }
    created(chief.post_json(
        &format!("/api/v1/individual/divisions/{id}/rounds"),
        &json!({}),
    ));
    // Round 2 of 2 is still to pair: a late entry from round 2.
    let late = created(add(&mut chief, id, json!({"name": "Di"})));
    assert_eq!(late["first_round"], 2);
    created(chief.post_json(
        &format!("/api/v1/individual/divisions/{id}/rounds"),
        &json!({}),
    ));
    let r = add(&mut chief, id, json!({"name": "Ed"}));
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        r.body
            .contains("all 2 rounds of the plan are paired: a player added now would play no game"),
        "{}",
        r.body
    );
    let e = ok(chief.get(&format!("/api/v1/individual/events/{ev}")));
    let div = &e["divisions"][0];
    assert_eq!(div["players"].as_array().map(Vec::len), Some(4), "{div}");
    assert_eq!(div["plan_paired"], true, "{div}");
}

// Issue 18: the director's desk says the same: no add-player form once the plan is paired,
// a form posted anyway refused in the page's language, nothing recorded; the division's
// late-entry rule is shown, and chosen on the new-division form.
#[test]
fn the_desk_says_the_plan_is_paired_instead_of_offering_a_round_that_does_not_exist() {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let ev = event(&mut chief);
    let mut page = app.client();
    assert_eq!(page.login_form("chief", PASSWORD).status, 303);
    let event_desk = format!("/individual/events/{ev}/desk");
    let csrf = page.csrf_from(&event_desk);
    let res = page.post_form(
        &format!("{event_desk}/divisions"),
        &[
            ("csrf", csrf.as_str()),
            ("name", "A"),
            ("first1", "1"),
            ("last1", "1"),
            ("method1", "round_robin"),
            ("late_rounds", "forfeit"),
        ],
    );
    assert_eq!(res.status, 303, "{}", res.body);
    // A bad rule from the form: refused at the form, nothing created.
    let csrf = page.csrf_from(&event_desk);
    let res = page.post_form(
        &format!("{event_desk}/divisions"),
        &[
            ("csrf", csrf.as_str()),
            ("name", "B"),
            ("first1", "1"),
            ("last1", "1"),
            ("method1", "round_robin"),
            ("late_rounds", "later"),
        ],
    );
    assert_eq!(res.status, 400, "{}", res.body);
    assert!(
        res.body.contains("choose no game, forfeit or bye"),
        "{}",
        res.body
    );
    let e = ok(chief.get(&format!("/api/v1/individual/events/{ev}")));
    assert_eq!(e["divisions"].as_array().map(Vec::len), Some(1), "{e}");
    let id = e["divisions"][0]["id"].as_i64().unwrap();
    assert_eq!(e["divisions"][0]["late_rounds"], "forfeit");
    assert!(
        page.get(&event_desk)
            .body
            .contains("data-late-rule=\"forfeit\"")
    );
    let desk = format!("/individual/divisions/{id}/desk");
    let html = page.get(&desk).body;
    assert!(
        html.contains("count as forfeit losses, by 60 each"),
        "{html}"
    );
    assert!(html.contains("id=\"player-form\""), "{html}");
    for n in ["Ann", "Bob"] {
        created(add(&mut chief, id, json!({"name": n})));
    }
    created(chief.post_json(
        &format!("/api/v1/individual/divisions/{id}/rounds"),
        &json!({}),
    ));
    let html = page.get(&desk).body;
    assert!(html.contains("data-plan-paired"), "{html}");
    assert!(!html.contains("id=\"player-form\""), "{html}");
    assert!(!html.contains("plays from round 2"), "{html}");
    assert!(
        html.contains("All 1 rounds of the plan are paired"),
        "{html}"
    );
    // Posted anyway (a page open from before): refused, in French when the page is.
    page.get("/lang/fr");
    let csrf = page.csrf_from(&desk);
    let res = page.post_form(
        &format!("{desk}/players"),
        &[("csrf", csrf.as_str()), ("name", "Cy")],
    );
    assert_eq!(res.status, 409, "{}", res.body);
    assert!(
        res.body.contains("les 1 rondes du plan sont appariées"),
        "{}",
        res.body
    );
    let e = ok(chief.get(&format!("/api/v1/individual/events/{ev}")));
    assert_eq!(
        e["divisions"][0]["players"].as_array().map(Vec::len),
        Some(2)
    );
}

// Issue 18: a player's rating class and team (TSH's `class`, `team`): kept, on the standings
// with the rank within the class, in the CSV, and a class's own view of the public standings.
// A class or team too long or holding a line break is refused naming the field, nothing added.
#[test]
fn a_player_s_class_and_team_show_on_the_standings_ranked_within_the_class() {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let ev = event(&mut chief);
    let d = created(division(&mut chief, ev, "A", None));
    let id = d["id"].as_i64().unwrap();
    for (n, r, class, team) in [
        ("Ann", 1800, "A", "Sibu"),
        ("Bob", 1700, "B", ""),
        ("Cy", 1600, "A", "Kuala  Lumpur"),
        ("Di", 1500, "B", ""),
    ] {
        created(add(
            &mut chief,
            id,
            json!({"name": n, "rating": r, "class": class, "team": team}),
        ));
    }
    for (field, value) in [
        ("class", "x".repeat(41)),
        ("team", "two\nlines".to_owned()),
        ("class", "tab\there".to_owned()),
    ] {
        let r = add(&mut chief, id, json!({"name": "Ed", field: value}));
        assert_eq!(r.status, 400, "{field}: {}", r.body);
        assert_eq!(r.json()["field"], field, "{}", r.body);
    }
    let e = ok(chief.get(&format!("/api/v1/individual/events/{ev}")));
    let players = e["divisions"][0]["players"].as_array().unwrap().clone();
    assert_eq!(players.len(), 4);
    assert_eq!(
        players[2]["team"], "Kuala Lumpur",
        "spaces as TSH keeps them"
    );
    assert_eq!(players[1]["class"], "B");
    // Round 1: 1 v 2 (Bob wins), 3 v 4 (Cy wins).
    created(chief.post_json(
        &format!("/api/v1/individual/divisions/{id}/rounds"),
        &json!({"lines": [{"a": 1, "b": 2}, {"a": 3, "b": 4}]}),
    ));
    ok(chief.post_json(
        &format!("/api/v1/individual/divisions/{id}/rounds/1/results"),
        &json!({"text": "1 300 2 420\n3 400 4 390"}),
    ));
    let s = ok(chief.get(&format!("/api/v1/individual/divisions/{id}/standings")));
    // Overall: Bob (+120), Cy (+10), Di (-10), Ann (-120).
    let got: Vec<(i64, &str, Option<i64>)> = s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["number"].as_i64().unwrap(),
                l["class"].as_str().unwrap(),
                l["class_rank"].as_i64(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (2, "B", Some(1)),
            (3, "A", Some(1)),
            (4, "B", Some(2)),
            (1, "A", Some(2))
        ]
    );
    let csv = ok_text(
        app.client()
            .get(&format!("/api/v1/individual/divisions/{id}/standings.csv")),
    );
    assert!(
        csv.lines().next().unwrap().ends_with(",class,class_rank"),
        "{csv}"
    );
    assert!(csv.lines().nth(4).unwrap().ends_with(",A,2"), "{csv}");
    // The public page: a class column and each class's view, ranked within it.
    let mut public = app.client();
    let html = public
        .get(&format!("/individual/divisions/{id}/standings"))
        .body;
    assert!(html.contains("data-class-link=\"B\""), "{html}");
    assert!(html.contains("data-class=\"A\""), "{html}");
    let b = public.get(&format!("/individual/divisions/{id}/standings?class=B"));
    assert_eq!(b.status, 200);
    assert!(b.body.contains("data-class-view=\"B\""), "{}", b.body);
    assert!(b.body.contains("data-player=\"4\""));
    assert!(!b.body.contains("data-player=\"3\""), "{}", b.body);
    // Di is second overall among the B players: rank 2 in the class view.
    let di = b.body.split("data-player=\"4\"").nth(1).unwrap();
    assert!(di.contains("data-rank>2<"), "{di}");
    let none = public.get(&format!("/individual/divisions/{id}/standings?class=Z"));
    assert_eq!(none.status, 404, "{}", none.body);
    // Exported as TSH writes them.
    let file = ok_text(
        app.client()
            .get(&format!("/api/v1/individual/divisions/{id}/division.t")),
    );
    let cy = file.lines().nth(2).unwrap();
    assert!(
        cy.ends_with("; class A; p12 1; team Kuala Lumpur"),
        "{file}"
    );
}

fn ok_text(r: Resp) -> String {
    assert_eq!(r.status, 200, "{}", r.body);
    r.body
}
