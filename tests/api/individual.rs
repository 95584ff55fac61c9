//! Individual tournaments (seed 003, issue 18) through the API: divisions with pairing plans,
//! pairing by the plan, quick entry checked line by line (bad lines record nothing), missing
//! results, slips (N9), withdrawals and late entries, standings with hand-computed Glicko-2
//! estimates, CSV, and TSH `.t` files round-tripped.

use serde_json::{Value, json};

use crate::helpers::*;

struct Ind {
    app: TestApp,
    chief: Client,
    event_id: i64,
}

fn setup(public: bool) -> Ind {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let ev = created(chief.post_json(
        "/api/v1/individual/events",
        &json!({"name": "Club Open", "public": public}),
    ));
    Ind {
        event_id: ev["id"].as_i64().unwrap(),
        app,
        chief,
    }
}

impl Ind {
    fn division(&mut self, name: &str, plan: Value, players: &[(&str, i32)]) -> i64 {
        let d = created(self.chief.post_json(
            &format!("/api/v1/individual/events/{}/divisions", self.event_id),
            &json!({"name": name, "plan": plan, "gibson_prizes": 1}),
        ));
        let id = d["id"].as_i64().unwrap();
        for (n, r) in players {
            created(self.chief.post_json(
                &format!("/api/v1/individual/divisions/{id}/players"),
                &json!({"name": n, "rating": r, "club": "Kuala"}),
            ));
        }
        id
    }

    fn pair(&mut self, d: i64) -> Value {
        created(self.chief.post_json(
            &format!("/api/v1/individual/divisions/{d}/rounds"),
            &json!({}),
        ))
    }

    fn quick(&mut self, d: i64, round: u32, text: &str) -> Value {
        ok(self.chief.post_json(
            &format!("/api/v1/individual/divisions/{d}/rounds/{round}/results"),
            &json!({ "text": text }),
        ))
    }

    fn standings(&mut self, d: i64) -> Value {
        ok(self
            .chief
            .get(&format!("/api/v1/individual/divisions/{d}/standings")))
    }
}

fn game_of(round: &Value, player: i64) -> (i64, i64) {
    round["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["a"] == player || l["b"] == player)
        .map(|l| (l["a"].as_i64().unwrap(), l["b"].as_i64().unwrap_or(0)))
        .unwrap()
}

fn line_of(s: &Value, number: i64) -> Value {
    s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["number"] == number)
        .cloned()
        .unwrap()
}

// Glicko-2 by hand (Glickman's steps) for two players rated 1500 with RD 100, one game:
// phi = 100/173.7178 = 0.575646, g = 0.953149, E = 0.5, v = 4.402896, phi* = 0.578765,
// phi' = 0.557930, mu' = phi'^2 * g * 0.5 = 0.148351: 1500 + 173.7178 * 0.148351 = 1525.77.
#[test]
fn quick_entry_checks_each_line_and_ratings_match_a_hand_computed_glicko2() {
    let mut t = setup(true);
    let plan = json!([{"first": 1, "last": 1, "method": "round_robin"},
                      {"first": 2, "last": 2, "method": "swiss"}]);
    let d = t.division("A", plan, &[("Ann", 1500), ("Bob", 1500), ("Cy", 1500)]);
    let r1 = t.pair(d);
    assert_eq!(r1["lines"].as_array().unwrap().len(), 2, "{r1}");
    let (a, b) = (
        r1["lines"][0]["a"].as_i64().unwrap(),
        r1["lines"][0]["b"].as_i64().unwrap(),
    );
    let bye = 6 - a - b;
    assert_eq!(r1["lines"][1]["a"], bye, "{r1}");
    let text = format!(
        "{a} 420 {b} 380\n{a} 400 {bye} 300\n9 1 1 1\n{b} 381 {a} 420\nnonsense\n{a} 420 {b} 380\n"
    );
    let q = t.quick(d, 1, &text);
    let oks: Vec<bool> = q["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["ok"].as_bool().unwrap())
        .collect();
    assert_eq!(oks, [true, false, false, false, false, true], "{q}");
    assert_eq!(q["recorded"], 1);
    assert!(
        q["lines"][1]["error"].as_str().unwrap().contains("not"),
        "{q}"
    );
    assert!(q["lines"][3]["error"].as_str().unwrap().contains("already"));
    assert_eq!(q["missing"], json!([]));

    let s = t.standings(d);
    let (w, l) = (line_of(&s, a), line_of(&s, b));
    assert_eq!(
        (w["wins"].as_f64(), w["spread"].as_i64()),
        (Some(1.0), Some(40))
    );
    assert_eq!(
        (l["wins"].as_f64(), l["spread"].as_i64()),
        (Some(0.0), Some(-40))
    );
    assert!((w["estimate"].as_i64().unwrap() - 1526).abs() <= 1, "{s}");
    assert!((l["estimate"].as_i64().unwrap() - 1474).abs() <= 1, "{s}");
    assert_eq!(w["change"].as_i64(), Some(26));
    // The bye counts as a win with the default spread of 50.
    let c = line_of(&s, bye);
    assert_eq!(
        (c["wins"].as_f64(), c["spread"].as_i64()),
        (Some(1.0), Some(50))
    );
    assert_eq!(s["lines"][0]["number"], bye);

    // Round 2 (Swiss) is paired only once round 1 is complete; it is.
    let r2 = t.pair(d);
    assert_eq!(r2["round"], 2);
    let miss = ok(t.app.client().get(&format!(
        "/api/v1/individual/divisions/{d}/rounds/2/missing"
    )));
    assert_eq!(miss.as_array().unwrap().len(), 1, "{miss}");
    // The plan ends at round 2.
    let r = t.chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds"),
        &json!({}),
    );
    assert_eq!(r.status, 422, "{}", r.body);

    let csv = t
        .app
        .client()
        .get(&format!("/api/v1/individual/divisions/{d}/standings.csv"));
    assert_eq!(csv.status, 200);
    assert!(
        csv.body.starts_with("rank,number,name,club,wins"),
        "{}",
        csv.body
    );
    let res = t
        .app
        .client()
        .get(&format!("/api/v1/individual/divisions/{d}/results.csv"));
    assert!(res.body.contains(",420,"), "{}", res.body);
}

#[test]
fn refusals_record_nothing() {
    let mut t = setup(false);
    let path = format!("/api/v1/individual/events/{}/divisions", t.event_id);
    for (body, field) in [
        (json!({"name": "A", "plan": []}), "plan"),
        (
            json!({"name": "A", "plan": [{"first": 2, "last": 3, "method": "swiss"}]}),
            "plan",
        ),
        (
            json!({"name": "A", "plan": [{"first": 1, "last": 3, "method": "swiss"}], "gibson_prizes": 0}),
            "gibson_prizes",
        ),
        (
            json!({"name": "", "plan": [{"first": 1, "last": 3, "method": "swiss"}]}),
            "name",
        ),
    ] {
        let r = t.chief.post_json(&path, &body);
        assert!(r.status == 400 || r.status == 422, "{}", r.body);
        assert_eq!(r.json()["field"], field, "{}", r.body);
    }
    let ev = ok(t
        .chief
        .get(&format!("/api/v1/individual/events/{}", t.event_id)));
    assert_eq!(ev["divisions"], json!([]));
    // Private: nobody else reads it; only the director writes.
    let r = t
        .app
        .client()
        .get(&format!("/api/v1/individual/events/{}", t.event_id));
    assert_eq!(r.status, 401);
    let r = t
        .app
        .client()
        .get(&format!("/individual/events/{}", t.event_id));
    assert_ne!(r.status, 200, "a private event's page needs a sign-in");
    let mut other = t.app.bearer("someone", false);
    let r = other.post_json(
        &path,
        &json!({"name": "B", "plan": [{"first": 1, "last": 1, "method": "swiss"}]}),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    let d = t.division(
        "A",
        json!([{"first": 1, "last": 3, "method": "swiss"}]),
        &[("Ann", 1600), ("Bob", 1500), ("Cy", 1400), ("Di", 1300)],
    );
    let r = t.chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/players"),
        &json!({"name": "Eve", "rating": -5}),
    );
    assert_eq!(r.json()["field"], "rating", "{}", r.body);
    // A manual override that leaves a player out, or names an unknown one, is refused.
    t.pair(d);
    for lines in [
        json!([{"a": 1, "b": 2}]),
        json!([{"a": 1, "b": 2}, {"a": 3, "b": 9}]),
        json!([{"a": 1, "b": 1}, {"a": 3, "b": 4}]),
    ] {
        let r = t.chief.put_json(
            &format!("/api/v1/individual/divisions/{d}/rounds/1"),
            &json!({ "lines": lines }),
        );
        assert_eq!(r.status, 400, "{}", r.body);
    }
    let good = ok(t.chief.put_json(
        &format!("/api/v1/individual/divisions/{d}/rounds/1"),
        &json!({"lines": [{"a": 1, "b": 4}, {"a": 2, "b": 3}]}),
    ));
    assert_eq!(good["lines"][0]["manual"], true);
    // Swiss round 2 waits for round 1's results.
    let r = t.chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds"),
        &json!({}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("1 v 4"), "{}", r.body);
}

// rule N9: either player corrects until both confirmed; then only the director.
#[test]
fn slips_are_corrected_until_both_players_confirm() {
    let mut t = setup(true);
    let d = t.division(
        "A",
        json!([{"first": 1, "last": 2, "method": "swiss"}]),
        &[("Ann", 1600), ("Bob", 1500)],
    );
    t.pair(d);
    let mut table = t.app.bearer("table1", false);
    created(t.chief.post_json(
        &format!("/api/v1/events/{}/grants", t.event_id),
        &json!({"username": "table1", "role": "table", "table": 1}),
    ));
    let url = format!("/api/v1/individual/divisions/{d}/rounds/1/tables/1/slip");
    let s = ok(table.post_json(
        &url,
        &json!({"action": "scores", "side": "a", "score_a": 400, "score_b": 350,
        "details": {"blanks": "EQ", "challenged": ["ZAX"], "high_word": "QUIZ", "high_score": 88}}),
    ));
    assert_eq!(
        (s["confirmed_a"].as_bool(), s["is_final"].as_bool()),
        (Some(true), Some(false))
    );
    let s = ok(table.post_json(
        &url,
        &json!({"action": "scores", "side": "b", "score_a": 400, "score_b": 365}),
    ));
    assert_eq!(
        (s["confirmed_a"].as_bool(), s["corrections"].as_i64()),
        (Some(false), Some(1))
    );
    let st = t.standings(d);
    assert_eq!(
        line_of(&st, 1)["wins"].as_f64(),
        Some(0.0),
        "not final yet: {st}"
    );
    let s = ok(table.post_json(&url, &json!({"action": "confirm", "side": "a"})));
    assert_eq!(s["is_final"], true);
    assert_eq!(s["log"], json!(["entry", "correction", "confirm"]));
    let r = table.post_json(
        &url,
        &json!({"action": "scores", "side": "b", "score_a": 1, "score_b": 2}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let r = table.post_json(&url, &json!({"action": "dance"}));
    assert_eq!(r.json()["field"], "action");
    let mut someone = t.app.bearer("someone", false);
    let r = someone.post_json(&url, &json!({"action": "confirm", "side": "b"}));
    assert_eq!(r.status, 403);
    let s = ok(t.app.client().get(&url));
    assert_eq!(
        (s["score_b"].as_i64(), s["log"].as_array().unwrap().len()),
        (Some(365), 3)
    );
    let st = t.standings(d);
    assert_eq!(line_of(&st, 1)["spread"].as_i64(), Some(35));
}

#[test]
fn withdrawals_forfeit_and_late_entries_join_the_next_round() {
    let mut t = setup(true);
    let d = t.division(
        "A",
        json!([{"first": 1, "last": 3, "method": "swiss"}]),
        &[("Ann", 1600), ("Bob", 1500), ("Cy", 1400), ("Di", 1300)],
    );
    let r1 = t.pair(d);
    let (a, b) = game_of(&r1, 1);
    let (c, e) = game_of(&r1, if a == 2 || b == 2 { 3 } else { 2 });
    t.quick(d, 1, &format!("{a} 400 {b} 300"));
    // c withdraws with their round-1 game unscored: forfeited (default options).
    let w = ok(t.chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/players/{c}/withdraw"),
        &json!({"reason": "flight home"}),
    ));
    assert_eq!(w["withdrawn_round"], 1);
    // The withdrawal is a record: who, from which round, by whom, why.
    let ev = ok(t
        .chief
        .get(&format!("/api/v1/individual/events/{}", t.event_id)));
    let recs = &ev["divisions"][0]["withdrawals"];
    assert_eq!(recs.as_array().map(Vec::len), Some(1), "{ev}");
    assert_eq!(
        (
            &recs[0]["number"],
            &recs[0]["from_round"],
            &recs[0]["reason"]
        ),
        (&json!(c), &json!(1), &json!("flight home"))
    );
    assert!(recs[0]["recorded_by"].as_i64().is_some(), "{recs}");
    let s = t.standings(d);
    assert_eq!(line_of(&s, e)["spread"].as_i64(), Some(50), "{s}");
    assert_eq!(line_of(&s, c)["withdrawn"], true);
    let late = created(t.chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/players"),
        &json!({"name": "Late Larry"}),
    ));
    assert_eq!(
        (late["number"].as_i64(), late["first_round"].as_i64()),
        (Some(5), Some(2))
    );
    let r2 = t.pair(d);
    let players: Vec<i64> = r2["lines"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|l| [l["a"].as_i64(), l["b"].as_i64()])
        .flatten()
        .collect();
    assert!(players.contains(&5) && !players.contains(&c), "{r2}");
    let r = t.chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/players/{c}/withdraw"),
        &json!({}),
    );
    assert_eq!(r.status, 409);
    // Refusals of the reason record nothing.
    let r = t.chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/players/{e}/withdraw"),
        &json!({"reason": "x".repeat(201)}),
    );
    assert_eq!(
        (r.status, r.json()["field"].clone()),
        (400, json!("reason"))
    );
    let r = t.chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/players/{e}/withdraw"),
        &json!({"reason": "two\nlines"}),
    );
    assert_eq!(
        (r.status, r.json()["field"].clone()),
        (400, json!("reason"))
    );
    let ev = ok(t
        .chief
        .get(&format!("/api/v1/individual/events/{}", t.event_id)));
    assert_eq!(
        ev["divisions"][0]["withdrawals"].as_array().map(Vec::len),
        Some(1)
    );
    // A late entry's earlier rounds are 0-0 byes in the .t file (TSH's convention).
    let t_file = t
        .chief
        .get(&format!("/api/v1/individual/divisions/{d}/division.t"));
    assert_eq!(t_file.status, 200, "{}", t_file.body);
    let larry = t_file
        .body
        .lines()
        .find(|l| l.starts_with("Late Larry"))
        .unwrap()
        .to_owned();
    let rest = larry.trim_start_matches("Late Larry").trim_start();
    let mut parts = rest.split(';');
    let opponents: Vec<&str> = parts.next().unwrap().split_whitespace().collect();
    assert_eq!(opponents[0], "0", "rating: {larry}");
    assert_eq!(
        opponents[1], "0",
        "round 1 is a bye with no opponent: {larry}"
    );
    let scores: Vec<&str> = parts.next().unwrap_or("").split_whitespace().collect();
    assert!(
        scores.is_empty() || scores[0] == "0",
        "round 1 scores 0: {larry}"
    );
}

#[test]
fn every_individual_write_tells_the_events_live_stream() {
    let mut t = setup(true);
    let mut live = LiveStream::open(&t.app.base, &format!("/events/{}/live", t.event_id), None);
    let heard = |n: usize| move |t: &str| t.matches(r#""kind":"individual""#).count() >= n;
    // The division and its two players: three writes, three messages.
    let d = t.division(
        "A",
        json!([{"first": 1, "last": 2, "method": "swiss"}]),
        &[("Ann", 1600), ("Bob", 1500)],
    );
    let text = live.read_until(heard(3));
    assert!(text.contains(&format!(r#""division_id":{d}"#)), "{text}");
    assert!(
        text.contains(&format!(r#""event_id":{}"#, t.event_id)),
        "{text}"
    );
    t.pair(d);
    assert_eq!(live.read_until(heard(4)).matches("individual").count(), 4);
    t.quick(d, 1, "1 400 2 300");
    assert_eq!(live.read_until(heard(5)).matches("individual").count(), 5);
    // A refused write tells no one.
    let r = t.chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/players"),
        &json!({"name": ""}),
    );
    assert_eq!(r.status, 400);
    ok(t.chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/players/2/withdraw"),
        &json!({}),
    ));
    let text = live.read_until(heard(6));
    assert_eq!(text.matches("individual").count(), 6, "{text}");
}

const T_FILE: &str = "\
Smith, Ann     1823  2 3 0; 412 388 50; p12 1 2 0
Jones, Bob     1750  1 0 3; 380 50 402; p12 2 0 1
Lee, Cy        0     0 1 2; 50 401 390; p12 0 1 2
";

#[test]
fn a_t_file_imported_and_exported_reads_back_the_same() {
    use arbiter::rules::individual::tsh;
    let mut t = setup(true);
    let d = created(t.chief.post_json(
        &format!("/api/v1/individual/events/{}/divisions/import", t.event_id),
        &json!({"name": "A", "plan": [{"first": 1, "last": 5, "method": "swiss"}], "file": T_FILE}),
    ));
    assert_eq!(d["rounds_paired"], 3);
    let id = d["id"].as_i64().unwrap();
    let out = t
        .app
        .client()
        .get(&format!("/api/v1/individual/divisions/{id}/division.t"));
    assert_eq!(out.status, 200);
    let before = tsh::read("A", T_FILE).unwrap();
    let after = tsh::read("A", &out.body).unwrap();
    for (x, y) in before.players.iter().zip(&after.players) {
        assert_eq!(
            (&x.name, x.rating, &x.opponents, &x.scores, x.field("p12")),
            (&y.name, y.rating, &y.opponents, &y.scores, y.field("p12")),
            "{}",
            out.body
        );
    }
    let s = t.standings(id);
    assert_eq!(line_of(&s, 1)["wins"].as_f64(), Some(2.0), "{s}");
    assert_eq!(line_of(&s, 1)["spread"].as_i64(), Some(32 + 50 - 13));
    let js = t.app.client().get(&format!(
        "/api/v1/individual/events/{}/tourney.js",
        t.event_id
    ));
    assert!(js.body.starts_with("newt="), "{}", js.body);
    let doc: Value = serde_json::from_str(
        js.body
            .trim_start_matches("newt=")
            .trim_end()
            .trim_end_matches(';'),
    )
    .unwrap();
    assert_eq!(
        doc["divisions"][0]["players"][1]["pairings"],
        json!([2, 3, 0])
    );
    assert_eq!(
        doc["divisions"][0]["players"][1]["etc"]["newr"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    // The public page shows the division's standings and latest round without signing in.
    let page = t
        .app
        .client()
        .get(&format!("/individual/events/{}", t.event_id));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains(&format!("data-standings=\"{id}\"")),
        "{}",
        page.body
    );
    assert!(page.body.contains("data-round=\"3\""), "{}", page.body);
    assert!(page.body.contains("Smith, Ann"), "{}", page.body);
    // A broken file is refused with its line, and creates nothing.
    let r = t.chief.post_json(
        &format!("/api/v1/individual/events/{}/divisions/import", t.event_id),
        &json!({"name": "B", "plan": [{"first": 1, "last": 5, "method": "swiss"}], "file": "Ann 1500 2\nBob 1400 3\n"}),
    );
    assert_eq!(r.json()["field"], "file", "{}", r.body);
    let ev = ok(t
        .chief
        .get(&format!("/api/v1/individual/events/{}", t.event_id)));
    assert_eq!(ev["divisions"].as_array().unwrap().len(), 1);
}
