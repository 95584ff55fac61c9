//! Issue 18, players' results slips on their own phones (rules N8, N9): each player of a
//! division has a PIN (on the director's pairing sheet, never on a public page); with their
//! number they enter their game's slip, the opponent confirms or corrects it, either may
//! correct until both confirmed, then it is final and counts in the standings as quick entry
//! does. Refusals record nothing. Wrong PINs are throttled, here and on Duplicate's phone
//! slips (the shared `services::pins`), with the server's clock.

use serde_json::{Value, json};

use crate::helpers::*;

struct Div {
    app: TestApp,
    chief: Client,
    phone: Client,
    id: i64,
    /// The PIN sheet of round 1.
    sheet: Value,
}

/// A public event, a division of four players (round robin), round 1 paired.
fn division(app: TestApp) -> Div {
    let mut chief = app.bearer("chief", true);
    let ev = created(chief.post_json(
        "/api/v1/individual/events",
        &json!({"name": "Phone Open", "public": true}),
    ));
    let d = created(chief.post_json(
        &format!("/api/v1/individual/events/{}/divisions", ev["id"]),
        &json!({"name": "A", "plan": [{"first": 1, "last": 3, "method": "round_robin"}]}),
    ));
    let id = d["id"].as_i64().unwrap();
    for name in ["Ann", "Bob", "Cy", "Di"] {
        let p = created(chief.post_json(
            &format!("/api/v1/individual/divisions/{id}/players"),
            &json!({"name": name, "rating": 1500}),
        ));
        assert!(
            p.get("pin").is_none(),
            "a PIN never goes out with a player: {p}"
        );
    }
    created(chief.post_json(
        &format!("/api/v1/individual/divisions/{id}/rounds"),
        &json!({}),
    ));
    let sheet = ok(chief.get(&format!("/api/v1/individual/divisions/{id}/pins")));
    let phone = app.client();
    Div {
        app,
        chief,
        phone,
        id,
        sheet,
    }
}

impl Div {
    /// (number, PIN) of the player going first at `table`, and of their opponent.
    fn table(&self, table: i64) -> ((i64, String), (i64, String)) {
        let players = self.sheet["players"].as_array().unwrap();
        let a = players
            .iter()
            .find(|p| p["table"] == table && p["first"] == true)
            .unwrap();
        let b = players
            .iter()
            .find(|p| p["number"] == a["opponent"])
            .unwrap();
        let pair = |p: &Value| {
            (
                p["number"].as_i64().unwrap(),
                p["pin"].as_str().unwrap().to_owned(),
            )
        };
        (pair(a), pair(b))
    }

    fn status(&mut self, player: i64, pin: &str) -> Resp {
        self.phone.post_json(
            &format!("/api/v1/individual/divisions/{}/phone/status", self.id),
            &json!({"player": player, "pin": pin}),
        )
    }

    fn slip(&mut self, player: i64, pin: &str, body: Value) -> Resp {
        let mut body = body;
        body["player"] = json!(player);
        body["pin"] = json!(pin);
        if body.get("round").is_none() {
            body["round"] = json!(1);
        }
        self.phone.post_json(
            &format!("/api/v1/individual/divisions/{}/phone/slip", self.id),
            &body,
        )
    }

    /// The director's view of the slip at `table` of round 1: its records.
    fn log(&mut self, table: i64) -> Vec<Value> {
        ok(self.chief.get(&format!(
            "/api/v1/individual/divisions/{}/rounds/1/tables/{table}/slip",
            self.id
        )))["log"]
            .as_array()
            .unwrap()
            .clone()
    }

    fn standing(&mut self, number: i64) -> Value {
        let s = ok(self.chief.get(&format!(
            "/api/v1/individual/divisions/{}/standings",
            self.id
        )));
        s["lines"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["number"] == number)
            .cloned()
            .unwrap()
    }
}

/// Whether `pin` stands alone in `body` (not inside a longer run of letters or digits, such as
/// a CSRF token).
fn shows(body: &str, pin: &str) -> bool {
    body.match_indices(pin).any(|(i, _)| {
        let before = body[..i].chars().next_back();
        let after = body[i + pin.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric())
            && !after.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

fn other_pin(pin: &str) -> &'static str {
    if pin == "111111" { "222222" } else { "111111" }
}

// rule N9, rule N8
#[test]
fn players_enter_and_correct_their_slip_until_both_confirm_then_it_is_final_and_counts() {
    let mut t = division(spawn_app());
    let ((a, pin_a), (b, pin_b)) = t.table(1);
    // The phone shows the player's game of the round paired last, nothing entered yet.
    let v = ok(t.status(a, &pin_a));
    assert_eq!(
        (v["round"].as_u64(), v["side"].as_str(), v["bye"].as_bool()),
        (Some(1), Some("a"), Some(false))
    );
    assert_eq!(v["slip"]["table"], 1);
    assert!(v["slip"]["score_a"].is_null());
    assert_eq!(ok(t.status(b, &pin_b))["side"], "b");

    // A enters the slip with its details (N8): their own entry counts as their confirmation.
    let details = json!({"blanks": "es", "challenged": ["QI", "ZAX"], "high_word": "QUIZ",
                         "high_score": 64, "time_penalty_a": 0, "time_penalty_b": 10});
    let v = ok(t.slip(
        a,
        &pin_a,
        json!({"table": 1, "action": "scores", "score_a": 400, "score_b": 350, "details": details}),
    ));
    let s = &v["slip"];
    assert_eq!(
        (s["score_a"].as_i64(), s["score_b"].as_i64()),
        (Some(400), Some(350))
    );
    assert_eq!(
        (s["confirmed_a"].as_bool(), s["confirmed_b"].as_bool()),
        (Some(true), Some(false))
    );
    assert_eq!(s["is_final"], false);
    // B sees it, details and all.
    let v = ok(t.status(b, &pin_b));
    assert_eq!(v["slip"]["score_b"], 350);
    assert_eq!(v["slip"]["details"]["high_word"], "QUIZ");
    assert_eq!(v["slip"]["details"]["challenged"], json!(["QI", "ZAX"]));
    // Not final yet: no result in the standings.
    assert_eq!(t.standing(a)["wins"].as_f64(), Some(0.0));

    // B corrects a score (N9): a new record; A's confirmation is cleared.
    let v = ok(t.slip(
        b,
        &pin_b,
        json!({"table": 1, "action": "scores", "score_a": 400, "score_b": 365, "details": details}),
    ));
    let s = &v["slip"];
    assert_eq!(
        (s["score_b"].as_i64(), s["corrections"].as_u64()),
        (Some(365), Some(1))
    );
    assert_eq!(
        (s["confirmed_a"].as_bool(), s["confirmed_b"].as_bool()),
        (Some(false), Some(true))
    );

    // A confirming the scores they saw before the correction is refused: they changed.
    let before = t.log(1).len();
    let r = t.slip(
        a,
        &pin_a,
        json!({"table": 1, "action": "confirm", "score_a": 400, "score_b": 350}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(
        t.log(1).len(),
        before,
        "a refused confirmation records nothing"
    );

    // A confirms the corrected scores: both confirmed, final.
    let v = ok(t.slip(
        a,
        &pin_a,
        json!({"table": 1, "action": "confirm", "score_a": 400, "score_b": 365}),
    ));
    assert_eq!(v["slip"]["is_final"], true);
    assert_eq!(
        t.log(1),
        json!(["entry", "correction", "confirm"])
            .as_array()
            .unwrap()
            .clone()
    );

    // Final: neither player may correct it any more (N9), and nothing is recorded.
    for (p, pin) in [(a, &pin_a), (b, &pin_b)] {
        let r = t.slip(
            p,
            pin,
            json!({"table": 1, "action": "scores", "score_a": 401, "score_b": 365}),
        );
        assert_eq!(r.status, 422, "{}", r.body);
        assert_eq!(r.json()["rule"], "N9");
    }
    let r = t.slip(
        b,
        &pin_b,
        json!({"table": 1, "action": "confirm", "score_a": 400, "score_b": 365}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(t.log(1).len(), 3);

    // The result counts as the director's quick entry would: a win by 35.
    let (wa, lb) = (t.standing(a), t.standing(b));
    assert_eq!(
        (wa["wins"].as_f64(), wa["spread"].as_i64()),
        (Some(1.0), Some(35))
    );
    assert_eq!(
        (lb["wins"].as_f64(), lb["spread"].as_i64()),
        (Some(0.0), Some(-35))
    );
    // Quick entry sees the game as recorded (the same scores: unchanged, nothing missing).
    let q = ok(t.chief.post_json(
        &format!("/api/v1/individual/divisions/{}/rounds/1/results", t.id),
        &json!({"text": format!("{a} 400 {b} 365")}),
    ));
    assert_eq!(
        (q["lines"][0]["ok"].as_bool(), q["recorded"].as_u64()),
        (Some(true), Some(0))
    );
    // Only the director changes a final slip (a new record).
    let d = ok(t.chief.post_json(
        &format!(
            "/api/v1/individual/divisions/{}/rounds/1/tables/1/slip",
            t.id
        ),
        &json!({"action": "scores", "score_a": 402, "score_b": 365}),
    ));
    assert_eq!(d["score_a"], 402);
    assert_eq!(t.standing(a)["spread"], 37);
}

#[test]
fn refused_slips_record_nothing_and_say_why() {
    let mut t = division(spawn_app());
    let ((a, pin_a), _) = t.table(1);
    let ((c, pin_c), _) = t.table(2);
    let good = json!({"table": 1, "action": "scores", "score_a": 400, "score_b": 350});

    // A wrong PIN, an unknown player and an empty PIN: the same words, nothing shown.
    for (p, pin) in [(a, other_pin(&pin_a)), (99, pin_a.as_str()), (a, "")] {
        let r = t.slip(p, pin, good.clone());
        assert_eq!(r.status, 403, "{}", r.body);
        assert!(r.body.contains("do not match"), "{}", r.body);
        let r = t.status(p, pin);
        assert_eq!(r.status, 403, "{}", r.body);
        assert!(r.json().get("slip").is_none());
    }
    // A player of another table may not enter this table's slip, nor confirm it.
    for action in ["scores", "confirm"] {
        let mut body = good.clone();
        body["action"] = json!(action);
        let r = t.slip(c, &pin_c, body);
        assert_eq!(r.status, 403, "{}", r.body);
        assert!(r.body.contains("not your game"), "{}", r.body);
    }
    // A round not paired, a table with no game.
    let r = t.slip(
        a,
        &pin_a,
        json!({"round": 2, "table": 1, "action": "scores", "score_a": 1, "score_b": 2}),
    );
    assert_eq!(r.status, 404, "{}", r.body);
    let r = t.slip(
        a,
        &pin_a,
        json!({"table": 9, "action": "scores", "score_a": 1, "score_b": 2}),
    );
    assert_eq!(r.status, 404, "{}", r.body);
    // Bad input, each with the field at fault.
    let cases = [
        (
            json!({"table": 1, "action": "scores", "score_a": 400}),
            "score_b",
        ),
        (
            json!({"table": 1, "action": "scores", "score_b": 400}),
            "score_a",
        ),
        (json!({"table": 1, "action": "confirm"}), "score_a"),
        (
            json!({"table": 1, "action": "scores", "score_a": 400, "score_b": 350,
                   "details": {"high_score": 5000}}),
            "details.high_score",
        ),
        (
            json!({"table": 1, "action": "scores", "score_a": 400, "score_b": 350,
                   "details": {"blanks": "E5"}}),
            "details.blanks",
        ),
        (
            json!({"table": 1, "action": "scores", "score_a": 400, "score_b": 350,
                   "details": {"challenged": vec!["QI"; 21]}}),
            "details.challenged",
        ),
        (
            json!({"table": 1, "action": "scores", "score_a": 400, "score_b": 350,
                   "details": {"challenged": ["QI ZA"]}}),
            "details.challenged",
        ),
        (
            json!({"table": 1, "action": "scores", "score_a": 400, "score_b": 350,
                   "details": {"high_word": "QUIZZIFICATIONSXX"}}),
            "details.high_word",
        ),
        (
            json!({"table": 1, "action": "scores", "score_a": 400, "score_b": 350,
                   "details": {"time_penalty_a": -10}}),
            "details.time_penalty_a",
        ),
    ];
    for (body, field) in cases {
        let r = t.slip(a, &pin_a, body.clone());
        assert_eq!(
            (r.status, r.json()["field"].as_str()),
            (400, Some(field)),
            "{body}: {}",
            r.body
        );
    }
    // A score outside what a game gives is the rules' refusal; confirming nothing too (N9).
    let r = t.slip(
        a,
        &pin_a,
        json!({"table": 1, "action": "scores", "score_a": 5000, "score_b": 1}),
    );
    assert_eq!(
        (r.status, r.json()["rule"].as_str()),
        (422, Some("N9")),
        "{}",
        r.body
    );
    let r = t.slip(
        a,
        &pin_a,
        json!({"table": 1, "action": "confirm", "score_a": 0, "score_b": 0}),
    );
    assert_eq!(
        (r.status, r.json()["rule"].as_str()),
        (422, Some("N9")),
        "{}",
        r.body
    );
    // Unknown fields and actions are refused before anything is looked at.
    let r = t.slip(
        a,
        &pin_a,
        json!({"table": 1, "action": "scores", "score_a": 1, "score_b": 2, "side": "b"}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let r = t.slip(
        a,
        &pin_a,
        json!({"table": 1, "action": "delete", "score_a": 1, "score_b": 2}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    // An unknown division.
    let r = t.phone.post_json(
        "/api/v1/individual/divisions/999/phone/status",
        &json!({"player": a, "pin": pin_a}),
    );
    assert_eq!(r.status, 404, "{}", r.body);

    assert!(t.log(1).is_empty(), "refusals record nothing");
    assert!(t.log(2).is_empty(), "the other table is untouched");
    // After all that (four wrong PINs for A, then the right one), A still gets in.
    ok(t.status(a, &pin_a));
}

#[test]
fn wrong_pins_are_throttled_per_player_even_the_right_one_until_they_expire() {
    let mut t = division(TestApp::builder().manual_clock().spawn());
    let ((a, pin_a), (b, pin_b)) = t.table(1);
    let wrong = other_pin(&pin_a);
    for i in 0..5 {
        let r = t.status(a, wrong);
        assert_eq!(r.status, 403, "attempt {i}: {}", r.body);
        t.app.clock().advance(chrono::Duration::seconds(10));
    }
    // Locked: the right PIN is refused too, on both routes, with the wait; nothing recorded.
    let r = t.status(a, &pin_a);
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(r.body.contains("too many wrong PINs"), "{}", r.body);
    let wait: u64 = r.header("retry-after").unwrap().parse().unwrap();
    // The first failure was 50 s ago: it leaves the 10-minute window in 550 s.
    assert_eq!(wait, 550);
    let r = t.slip(
        a,
        &pin_a,
        json!({"table": 1, "action": "scores", "score_a": 400, "score_b": 350}),
    );
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(t.log(1).is_empty());
    // The opponent, from the same address, is not affected.
    ok(t.slip(
        b,
        &pin_b,
        json!({"table": 1, "action": "scores", "score_a": 400, "score_b": 350}),
    ));
    // Still locked a second before the first failure leaves the window…
    t.app.clock().advance(chrono::Duration::seconds(549));
    assert_eq!(t.status(a, &pin_a).status, 429);
    // …and open once it has: the right PIN works again.
    t.app.clock().advance(chrono::Duration::seconds(1));
    let v = ok(t.status(a, &pin_a));
    assert_eq!(v["slip"]["score_a"], 400);
    ok(t.slip(
        a,
        &pin_a,
        json!({"table": 1, "action": "confirm", "score_a": 400, "score_b": 350}),
    ));
}

#[test]
fn duplicate_phone_wrong_pins_are_throttled_too() {
    let app = TestApp::builder().manual_clock().spawn();
    let mut chief = app.bearer("chief", true);
    let ev = created(chief.post_json(
        "/api/v1/duplicate/events",
        &json!({"name": "Phones", "english": true, "public": true,
                "ruleset": {"phone_slips": true}}),
    ));
    let event_id = ev["id"].as_i64().unwrap();
    for n in 1..=2 {
        created(chief.post_json(
            &format!("/api/v1/duplicate/events/{event_id}/players"),
            &json!({"number": n, "name": format!("P{n}")}),
        ));
    }
    let game = created(chief.post_json(
        &format!("/api/v1/duplicate/events/{event_id}/games"),
        &json!({}),
    ))["id"]
        .as_i64()
        .unwrap();
    let pin = |n: i32| {
        let mut conn = app.state.pool.get().unwrap();
        arbiter::db::duplicate::players(&mut conn, arbiter::vocab::EventId(event_id))
            .unwrap()
            .into_iter()
            .find(|p| p.number == n)
            .unwrap()
            .pin
    };
    let (pin1, pin2) = (pin(1), pin(2));
    let mut phone = app.client();
    let mut status = |player: i32, pin: &str| {
        phone.post_json(
            &format!("/api/v1/duplicate/games/{game}/phone/status"),
            &json!({"player": player, "pin": pin}),
        )
    };
    for _ in 0..5 {
        assert_eq!(status(1, other_pin(&pin1)).status, 403);
    }
    let r = status(1, &pin1);
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(r.header("retry-after").is_some());
    assert_eq!(
        status(2, &pin2).status,
        200,
        "another player is not affected"
    );
    app.clock().advance(chrono::Duration::minutes(10));
    assert_eq!(status(1, &pin1).status, 200, "the failures expired");
}

#[test]
fn the_pin_sheet_is_the_directors_and_no_public_page_shows_a_pin() {
    let mut t = division(spawn_app());
    let players = t.sheet["players"].as_array().unwrap().clone();
    assert_eq!(players.len(), 4);
    assert_eq!(t.sheet["round"], 1);
    for p in &players {
        let pin = p["pin"].as_str().unwrap();
        assert!(
            pin.len() == 6 && pin.bytes().all(|b| b.is_ascii_digit()),
            "{p}"
        );
        assert!(p["table"].as_i64().is_some(), "{p}");
    }
    // The printable sheet holds every PIN; the public pages none.
    let page = t
        .chief
        .get(&format!("/individual/divisions/{}/sheet", t.id));
    assert_eq!(page.status, 200, "{}", page.body);
    let mut public = t.app.client();
    let pages: Vec<String> = ["standings", "pairings", "pairings/print", "results", "slip"]
        .iter()
        .map(|p| {
            let r = public.get(&format!("/individual/divisions/{}/{p}", t.id));
            assert_eq!(r.status, 200, "{p}: {}", r.body);
            r.body
        })
        .collect();
    for p in &players {
        let pin = p["pin"].as_str().unwrap();
        assert!(
            page.body
                .contains(&format!("data-pin=\"{}\">{pin}<", p["number"])),
            "{pin} on the sheet"
        );
        for body in &pages {
            assert!(!shows(body, pin), "PIN {pin} on a public page");
        }
    }
    // Signed out, or signed in without the director's role: no sheet.
    let r = public.get(&format!("/api/v1/individual/divisions/{}/pins", t.id));
    assert_eq!(r.status, 401, "{}", r.body);
    let mut other = t.app.bearer("someone", false);
    let r = other.get(&format!("/api/v1/individual/divisions/{}/pins", t.id));
    assert_eq!(r.status, 403, "{}", r.body);
    let r = t.chief.get(&format!(
        "/api/v1/individual/divisions/{}/pins?round=2",
        t.id
    ));
    assert_eq!(r.status, 404, "{}", r.body);
}
