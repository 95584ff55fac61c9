//! Issue 18, ratings: a division's rating method (glicko2, naspa, wespa, absp) chosen as data
//! through the API, the `.t` import and the division form; unknown methods refused with the
//! field named and nothing recorded; the standings, the public pages and `tourney.js` showing
//! the method's estimates, checked against small cases computed by hand from the published
//! formulas (the arithmetic is in `src/rules/individual/elo.rs` and `absp.rs`'s tests).

use serde_json::{Value, json};

use crate::helpers::*;

struct Rated {
    app: TestApp,
    chief: Client,
    event: i64,
}

fn setup() -> Rated {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let ev = created(chief.post_json(
        "/api/v1/individual/events",
        &json!({"name": "Rated Open", "public": true}),
    ));
    Rated {
        event: ev["id"].as_i64().unwrap(),
        app,
        chief,
    }
}

impl Rated {
    fn create(&mut self, body: &Value) -> Resp {
        self.chief.post_json(
            &format!("/api/v1/individual/events/{}/divisions", self.event),
            body,
        )
    }

    fn divisions(&mut self) -> Vec<Value> {
        ok(self
            .chief
            .get(&format!("/api/v1/individual/events/{}", self.event)))["divisions"]
            .as_array()
            .unwrap()
            .clone()
    }

    /// A division of `ratings` players (numbers from 1) rated by `method`, round robin
    /// for `rounds` rounds, every game won by the lower number 420-380.
    fn play(&mut self, name: &str, method: &str, ratings: &[i32], rounds: u32) -> i64 {
        let d = created(self.create(&json!({
            "name": name,
            "plan": [{"first": 1, "last": rounds, "method": "round_robin"}],
            "rating_method": method,
        })));
        assert_eq!(d["rating_method"], method, "{d}");
        let id = d["id"].as_i64().unwrap();
        for (i, r) in ratings.iter().enumerate() {
            created(self.chief.post_json(
                &format!("/api/v1/individual/divisions/{id}/players"),
                &json!({"name": format!("Player {}", i + 1), "rating": r}),
            ));
        }
        for round in 1..=rounds {
            let r = created(self.chief.post_json(
                &format!("/api/v1/individual/divisions/{id}/rounds"),
                &json!({}),
            ));
            let mut text = String::new();
            for l in r["lines"].as_array().unwrap() {
                let (a, b) = (l["a"].as_i64().unwrap(), l["b"].as_i64());
                if let Some(b) = b {
                    text.push_str(&format!("{} 420 {} 380\n", a.min(b), a.max(b)));
                }
            }
            let q = ok(self.chief.post_json(
                &format!("/api/v1/individual/divisions/{id}/rounds/{round}/results"),
                &json!({ "text": text }),
            ));
            assert!(q["recorded"].as_i64().unwrap() > 0, "{q}");
        }
        id
    }

    fn standings(&mut self, d: i64) -> Value {
        ok(self
            .chief
            .get(&format!("/api/v1/individual/divisions/{d}/standings")))
    }
}

/// (estimate, change) of each player by number.
fn estimates(s: &Value) -> Vec<(i64, i64, i64)> {
    let mut v: Vec<(i64, i64, i64)> = s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["number"].as_i64().unwrap(),
                l["estimate"].as_i64().unwrap(),
                l["change"].as_i64().unwrap(),
            )
        })
        .collect();
    v.sort_unstable();
    v
}

// Issue 18: the rating method is a division option; an unknown one is a 422 naming the field,
// and nothing is recorded (no division, by create or by import).
#[test]
fn an_unknown_rating_method_is_refused_with_its_field_and_records_nothing() {
    let mut t = setup();
    let plan = json!([{"first": 1, "last": 3, "method": "round_robin"}]);
    for bad in ["elo", "NASPA", "glicko", "naspa2024"] {
        let res = t.create(&json!({"name": "A", "plan": plan, "rating_method": bad}));
        assert_eq!(res.status, 422, "{bad}: {}", res.body);
        let body = res.json();
        assert_eq!(body["field"], "rating_method", "{body}");
        assert!(
            body["message"].as_str().unwrap().contains(bad),
            "{bad}: {body}"
        );
    }
    let res = t.chief.post_json(
        &format!("/api/v1/individual/events/{}/divisions/import", t.event),
        &json!({"name": "T", "plan": plan, "rating_method": "fide",
                "file": "Ann 1500 0; 0\nBob 1400 0; 0\n"}),
    );
    assert_eq!(res.status, 422, "{}", res.body);
    assert_eq!(res.json()["field"], "rating_method");
    assert!(t.divisions().is_empty());
    // Not a string at all: the JSON body is refused before the service.
    let res = t.create(&json!({"name": "A", "plan": plan, "rating_method": 7}));
    assert_eq!(res.status, 400, "{}", res.body);
    assert!(t.divisions().is_empty());
    // Absent: Glicko-2; given: kept, by create and by import.
    let d = created(t.create(&json!({"name": "A", "plan": plan})));
    assert_eq!(d["rating_method"], "glicko2");
    let i = created(t.chief.post_json(
        &format!("/api/v1/individual/events/{}/divisions/import", t.event),
        &json!({"name": "T", "plan": plan, "rating_method": "absp",
                "file": "Ann 150 0; 0\nBob 140 0; 0\n"}),
    ));
    assert_eq!(i["rating_method"], "absp", "{i}");
    let methods: Vec<Value> = t
        .divisions()
        .iter()
        .map(|d| d["rating_method"].clone())
        .collect();
    assert_eq!(methods, [json!("glicko2"), json!("absp")]);
    let s = t.standings(i["id"].as_i64().unwrap());
    assert_eq!(s["rating_method"], "absp");
}

// Issue 18: NASPA on the standings, hand-computed: two 1500s, one game. Expected 0.5 each;
// the winner gains 30 × 0.5 = 15, plus acceleration 15 − 5 = 10: 1525; the loser loses 15
// and gets feedback 10/20 = 0.5: 1485.5, rounded half up to 1486. WESPA: acceleration is
// two thirds of 10 (1521.67 → 1522), feedback a third of a point (1485.33 → 1485).
#[test]
fn naspa_and_wespa_estimates_on_the_standings_match_the_hand_computed_case() {
    let mut t = setup();
    let naspa = t.play("N", "naspa", &[1500, 1500], 1);
    let s = t.standings(naspa);
    assert_eq!(s["rating_method"], "naspa", "{s}");
    assert_eq!(estimates(&s), [(1, 1525, 25), (2, 1486, -14)], "{s}");
    let wespa = t.play("W", "wespa", &[1500, 1500], 1);
    assert_eq!(
        estimates(&t.standings(wespa)),
        [(1, 1522, 22), (2, 1485, -15)]
    );
    // The same games under Glicko-2 give Glicko-2's numbers (1525.77: the existing case).
    let glicko = t.play("G", "glicko2", &[1500, 1500], 1);
    let g = estimates(&t.standings(glicko));
    assert_eq!((g[0].1, g[1].1), (1526, 1474), "{g:?}");
    // CSV carries the same estimates.
    let csv = t.app.client().get(&format!(
        "/api/v1/individual/divisions/{naspa}/standings.csv"
    ));
    assert!(csv.body.contains(",1500,1525,25"), "{}", csv.body);
    assert!(csv.body.contains(",1500,1486,-14"), "{}", csv.body);
    // tourney.js's newr is the method's estimate after each round.
    let js = t
        .app
        .client()
        .get(&format!("/api/v1/individual/events/{}/tourney.js", t.event));
    let doc: Value = serde_json::from_str(
        js.body
            .strip_prefix("newt=")
            .unwrap()
            .trim_end()
            .trim_end_matches(';'),
    )
    .unwrap();
    let newr = |div: usize, p: usize| doc["divisions"][div]["players"][p]["etc"]["newr"].clone();
    assert_eq!(newr(0, 1), json!([1525]), "{doc}");
    assert_eq!(newr(0, 2), json!([1486]));
    assert_eq!(newr(1, 1), json!([1522]));
}

// Issue 18: ABSP by hand (TSH's own example in ABSP.pm): 150, 140, 130 in a round robin, the
// lower number winning each game. 1: (140 + 50 + 130 + 50) / 2 = 185; 2: (150 − 50 + 130 +
// 50) / 2 = 140; 3: (150 − 50 + 140 − 50) / 2 = 95. Byes are not games.
#[test]
fn absp_estimates_on_the_standings_and_public_pages_match_tsh_s_example() {
    let mut t = setup();
    let d = t.play("A", "absp", &[150, 140, 130], 3);
    let s = t.standings(d);
    assert_eq!(s["rating_method"], "absp");
    assert_eq!(
        estimates(&s),
        [(1, 185, 35), (2, 140, 0), (3, 95, -35)],
        "{s}"
    );
    // The public standings and the event page name the method beside the change.
    let mut visitor = t.app.client();
    let html = visitor
        .get(&format!("/individual/divisions/{d}/standings"))
        .body;
    assert!(html.contains("data-rating-method=\"absp\""), "{html}");
    assert!(
        html.contains("Rating estimates by the ABSP method"),
        "{html}"
    );
    assert!(html.contains("data-change>+35<"), "{html}");
    let page = visitor.get(&format!("/individual/events/{}", t.event)).body;
    assert!(page.contains("data-rating-method=\"absp\""), "{page}");
    assert!(page.contains("ABSP method"), "{page}");
    assert!(page.contains("data-change>-35<"), "{page}");
    // In French too.
    let (_, fr) = visitor.get_bytes(
        &format!("/individual/divisions/{d}/standings"),
        &[("Accept-Language", "fr")],
    );
    let fr = String::from_utf8(fr).unwrap();
    assert!(fr.contains("selon la méthode ABSP"), "{fr}");
}

// Issue 18: the division form offers the method; an unknown one comes back in the form with
// the field marked and nothing recorded; a chosen one is listed on the event's desk.
#[test]
fn the_division_form_picks_the_rating_method_and_refuses_an_unknown_one() {
    let mut t = setup();
    let mut page = t.app.client();
    assert_eq!(page.login_form("chief", PASSWORD).status, 303);
    let desk = format!("/individual/events/{}/desk", t.event);
    let html = page.get(&desk).body;
    for m in ["glicko2", "naspa", "wespa", "absp"] {
        assert!(html.contains(&format!("<option value=\"{m}\"")), "{html}");
    }
    let to = format!("/individual/events/{}/desk/divisions", t.event);
    let post = |page: &mut Client, method: &str| {
        let csrf = page.csrf_from(&desk);
        page.post_form(
            &to,
            &[
                ("csrf", csrf.as_str()),
                ("name", "Open"),
                ("first1", "1"),
                ("last1", "3"),
                ("method1", "round_robin"),
                ("rating_method", method),
            ],
        )
    };
    let res = post(&mut page, "elo");
    assert_eq!(res.status, 422, "{}", res.body);
    assert!(
        res.body.contains("unknown rating method &quot;elo&quot;")
            || res.body.contains("unknown rating method &#34;elo&#34;"),
        "{}",
        res.body
    );
    assert!(
        res.body
            .contains("name=\"rating_method\" data-rating-method aria-invalid=\"true\""),
        "{}",
        res.body
    );
    assert!(t.divisions().is_empty());
    let res = post(&mut page, "wespa");
    assert_eq!(res.status, 303, "{}", res.body);
    let divisions = t.divisions();
    assert_eq!(divisions.len(), 1);
    assert_eq!(divisions[0]["rating_method"], "wespa");
    let html = page.get(&desk).body;
    assert!(
        html.contains("data-rating-method=\"wespa\">WESPA<"),
        "{html}"
    );
}

// Issue 18: a running division's method is changed by its director (API and desk form); the
// standings show the new method's estimates at once; an unknown or empty method is a 422
// naming the field and changes nothing.
#[test]
fn a_division_s_method_is_changed_on_its_desk_and_through_the_api() {
    let mut t = setup();
    let d = t.play("A", "glicko2", &[1500, 1500], 1);
    let glicko = estimates(&t.standings(d));
    assert_eq!((glicko[0].1, glicko[1].1), (1526, 1474));
    let path = format!("/api/v1/individual/divisions/{d}/rating-method");
    for bad in ["elo", "", "  "] {
        let res = t.chief.put_json(&path, &json!({ "rating_method": bad }));
        assert_eq!(res.status, 422, "{bad:?}: {}", res.body);
        assert_eq!(res.json()["field"], "rating_method");
        assert_eq!(t.standings(d)["rating_method"], "glicko2");
        assert_eq!(estimates(&t.standings(d)), glicko);
    }
    let res = t.chief.put_json(&path, &json!({ "method": "naspa" }));
    assert_eq!(res.status, 400, "{}", res.body);
    let v = ok(t
        .chief
        .put_json(&path, &json!({ "rating_method": "naspa" })));
    assert_eq!(v["rating_method"], "naspa");
    assert_eq!(estimates(&t.standings(d)), [(1, 1525, 25), (2, 1486, -14)]);
    // Someone else's account may not change it.
    let mut other = t.app.bearer("someone", false);
    let res = other.put_json(&path, &json!({ "rating_method": "absp" }));
    assert_eq!(res.status, 403, "{}", res.body);
    assert_eq!(t.standings(d)["rating_method"], "naspa");
    // The desk form: refused in the form, then WESPA.
    let mut page = t.app.client();
    assert_eq!(page.login_form("chief", PASSWORD).status, 303);
    let desk = format!("/individual/divisions/{d}/desk");
    let html = page.get(&desk).body;
    assert!(html.contains("data-rating-method=\"naspa\""), "{html}");
    let to = format!("/individual/divisions/{d}/desk/rating-method");
    let csrf = page.csrf_from(&desk);
    let res = page.post_form(&to, &[("csrf", &csrf), ("rating_method", "fide")]);
    assert_eq!(res.status, 422, "{}", res.body);
    assert!(res.body.contains("data-rating-error"), "{}", res.body);
    assert!(
        res.body
            .contains("data-rating-method-choice aria-invalid=\"true\""),
        "{}",
        res.body
    );
    assert_eq!(t.standings(d)["rating_method"], "naspa");
    let csrf = page.csrf_from(&desk);
    let res = page.post_form(&to, &[("csrf", &csrf), ("rating_method", "wespa")]);
    assert_eq!(res.status, 303, "{}", res.body);
    assert_eq!(estimates(&t.standings(d)), [(1, 1522, 22), (2, 1485, -15)]);
    let html = page.get(&desk).body;
    assert!(html.contains("WESPA method"), "{html}");
}

// Issue 18: the OpenAPI document names the option and its values where a client reads them.
#[test]
fn the_openapi_document_lists_the_rating_methods() {
    let t = setup();
    let doc = ok(t.app.client().get("/api/v1/openapi.json"));
    let schemas = &doc["components"]["schemas"];
    let values = schemas["RatingMethod"]["enum"].clone();
    assert_eq!(
        values,
        json!(["glicko2", "naspa", "wespa", "absp"]),
        "{}",
        schemas["RatingMethod"]
    );
    for request in [
        "NewIndividualDivisionRequest",
        "IndivImportDivisionRequest",
        "IndivRatingMethodRequest",
    ] {
        let prop = schemas[request]["properties"]["rating_method"].to_string();
        assert!(prop.contains("RatingMethod"), "{request}: {prop}");
    }
    assert!(
        doc["paths"]["/api/v1/individual/divisions/{id}/rating-method"]["put"].is_object(),
        "{}",
        doc["paths"]
    );
    let standings = schemas["IndivStandingsView"]["properties"]["rating_method"].to_string();
    assert!(standings.contains("RatingMethod"), "{standings}");
}
