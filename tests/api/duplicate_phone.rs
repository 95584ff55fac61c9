//! Issue 16, phone slips (rules D4, D5, D8 and the event's `phone_slips` option): a player
//! identified by their number and the PIN of their table card enters their own slip from their
//! phone while the turn's time runs, changes it, is refused once the time is up (server time,
//! nothing recorded); when the referee shows the top every last entry is checked like an
//! arbitrator's slip, and the arbitrators see the entries and take one over (a new record).

use serde_json::{Value, json};

use crate::helpers::*;

struct Hall {
    app: TestApp,
    chief: Client,
    arb: Client,
    phone: Client,
    event_id: i64,
}

fn hall(phone_slips: bool) -> Hall {
    let app = TestApp::builder().manual_clock().spawn();
    let mut chief = app.bearer("chief", true);
    let arb = app.bearer("arb", false);
    let ev = created(chief.post_json(
        "/api/v1/duplicate/events",
        &json!({"name": "Phones", "english": true, "public": true,
                "ruleset": {"phone_slips": phone_slips}}),
    ));
    assert_eq!(ev["ruleset"]["phone_slips"], phone_slips);
    let event_id = ev["id"].as_i64().unwrap();
    for n in 1..=3 {
        let p = created(chief.post_json(
            &format!("/api/v1/duplicate/events/{event_id}/players"),
            &json!({"number": n, "name": format!("P{n}")}),
        ));
        assert!(p.get("pin").is_none(), "a PIN never goes out in JSON: {p}");
    }
    created(chief.post_json(
        &format!("/api/v1/events/{event_id}/grants"),
        &json!({"username": "arb", "role": "arbitrator"}),
    ));
    let phone = app.client();
    Hall {
        app,
        chief,
        arb,
        phone,
        event_id,
    }
}

impl Hall {
    fn pin(&self, player: i32) -> String {
        let mut conn = self.app.state.pool.get().unwrap();
        arbiter::db::duplicate::players(&mut conn, arbiter::vocab::EventId(self.event_id))
            .unwrap()
            .into_iter()
            .find(|p| p.number == player)
            .unwrap()
            .pin
    }

    /// A game with the rack ZESTAIO whose turn's time has started (three minutes, D4).
    fn running_game(&mut self) -> i64 {
        let game = created(self.chief.post_json(
            &format!("/api/v1/duplicate/events/{}/games", self.event_id),
            &json!({}),
        ))["id"]
            .as_i64()
            .unwrap();
        for body in [
            json!({"type": "type_rack", "tiles": "ZESTAIO"}),
            json!({"type": "start_turn"}),
        ] {
            ok(self
                .chief
                .post_json(&format!("/api/v1/duplicate/games/{game}/commands"), &body));
        }
        game
    }

    fn seq(&mut self, game: i64) -> i64 {
        ok(self.chief.get(&format!("/api/v1/duplicate/games/{game}")))["seq"]
            .as_i64()
            .unwrap()
    }

    fn status(&mut self, game: i64, player: u32, pin: &str) -> Resp {
        self.phone.post_json(
            &format!("/api/v1/duplicate/games/{game}/phone/status"),
            &json!({"player": player, "pin": pin}),
        )
    }

    fn enter(&mut self, game: i64, player: u32, pin: &str, slip: Value) -> Resp {
        let mut body = slip;
        body["player"] = json!(player);
        body["pin"] = json!(pin);
        self.phone
            .post_json(&format!("/api/v1/duplicate/games/{game}/phone/slip"), &body)
    }
}

fn rule(r: &Resp) -> String {
    r.json()["rule"].as_str().unwrap_or_default().to_owned()
}

#[test]
fn players_enter_change_and_lock_their_slips_which_are_checked_like_the_arbitrators() {
    let mut h = hall(true);
    let game = h.running_game();
    let (pin1, pin2, pin3) = (h.pin(1), h.pin(2), h.pin(3));
    assert_eq!(pin1.len(), 6);
    // The phone sees the turn, its rack and the time left, and nothing entered yet.
    let v = ok(h.status(game, 1, &pin1));
    assert_eq!(
        (v["turn"].as_u64(), v["open"].as_bool()),
        (Some(1), Some(true))
    );
    assert_eq!(v["rack"].as_str().map(str::len), Some(7));
    assert_eq!(v["remaining_ms"], 180_000);
    assert!(v["entry"].is_null());

    // Refusals record nothing: a wrong PIN, an unknown player (the same words), bad input.
    let seq = h.seq(game);
    let wrong = if pin1 == "111111" { "222222" } else { "111111" };
    for (player, pin) in [(1, wrong), (9, pin1.as_str()), (1, "")] {
        let r = h.enter(
            game,
            player,
            pin,
            json!({"reference": "8H", "word": "ZEST", "points": 26}),
        );
        assert_eq!(r.status, 403, "{}", r.body);
        assert!(r.body.contains("do not match"), "{}", r.body);
        assert_eq!(h.status(game, player, pin).status, 403);
    }
    for (slip, field) in [
        (
            json!({"reference": "8H", "word": "Z3ST", "points": 26}),
            "word",
        ),
        (json!({"reference": "", "word": "ZEST"}), "reference"),
        (
            json!({"reference": "8H", "word": "ZEST", "points": 5000}),
            "points",
        ),
    ] {
        let r = h.enter(game, 1, &pin1, slip);
        assert_eq!(
            (r.status, r.json()["field"].as_str()),
            (422, Some(field)),
            "{}",
            r.body
        );
    }
    let r = h.phone.post_json(
        &format!("/api/v1/duplicate/games/{game}/phone/slip"),
        &json!({"player": 1, "pin": pin1, "reference": "8H", "word": "ZEST", "extra": 1}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(h.seq(game), seq, "refusals record nothing");

    // Entries, and a change: the last one stands.
    let v = ok(h.enter(
        game,
        1,
        &pin1,
        json!({"reference": "8H", "word": "ZEST", "points": 30}),
    ));
    assert_eq!(v["entry"]["points"], 30);
    let v = ok(h.enter(
        game,
        1,
        &pin1,
        json!({"reference": "8H", "word": "ZEST", "points": 26}),
    ));
    assert_eq!(v["entry"]["points"], 26);
    assert_eq!(ok(h.status(game, 1, &pin1))["entry"]["points"], 26);
    ok(h.enter(
        game,
        2,
        &pin2,
        json!({"reference": "8H", "word": "ZEST", "points": 20}),
    ));
    // Player 3's paper slip, entered by an arbitrator, wins over their phone entry.
    ok(h.arb.post_json(
        &format!("/api/v1/duplicate/games/{game}/slips"),
        &json!({"player": 3, "reference": "8H", "word": "ZEST", "points": 26}),
    ));
    ok(h.enter(
        game,
        3,
        &pin3,
        json!({"reference": "8H", "word": "ZEST", "points": 10}),
    ));
    // Not checked yet: the ranking has nothing from the phones, the arbitrators see them all.
    let rec = ok(h
        .chief
        .get(&format!("/api/v1/duplicate/games/{game}/record")));
    assert_eq!(rec["turns"][0]["slips"].as_array().unwrap().len(), 1);
    let mut page = h.app.client();
    assert_eq!(page.login_form("arb", PASSWORD).status, 303);
    let slips = page.get(&format!("/duplicate/games/{game}/slips"));
    for row in ["1-1", "1-2", "1-3"] {
        assert!(
            slips.body.contains(&format!("data-phone-row=\"{row}\"")),
            "{}",
            slips.body
        );
    }
    assert!(slips.body.contains("8H ZEST 26"));

    // Time is up (server time): refused, nothing recorded, the entry stays as it was.
    h.app.clock().advance(chrono::Duration::seconds(180));
    let seq = h.seq(game);
    let late = h.enter(
        game,
        1,
        &pin1,
        json!({"reference": "8H", "word": "ZEST", "points": 99}),
    );
    assert_eq!(
        (late.status, rule(&late)),
        (422, "D4".to_owned()),
        "{}",
        late.body
    );
    assert!(late.body.contains("time is up for turn 1"), "{}", late.body);
    assert_eq!(h.seq(game), seq);
    let v = ok(h.status(game, 1, &pin1));
    assert_eq!(
        (v["open"].as_bool(), v["entry"]["points"].as_u64()),
        (Some(false), Some(26))
    );

    // The top: every phone entry is checked like an arbitrator's slip (D5, D8).
    let cmd = format!("/api/v1/duplicate/games/{game}/commands");
    let r = h.chief.post_json(&cmd, &json!({"type": "choose_top"}));
    if r.status == 422 {
        ok(h.chief
            .post_json(&cmd, &json!({"type": "choose_top", "choice": 0})));
    } else {
        ok(r);
    }
    let rec = ok(h
        .chief
        .get(&format!("/api/v1/duplicate/games/{game}/record")));
    let slip = |p: u64| {
        rec["turns"][0]["slips"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["player"] == p)
            .unwrap()["verdict"]
            .clone()
    };
    assert_eq!(
        (slip(1)["score"].as_u64(), slip(1)["warnings"].as_u64()),
        (Some(26), Some(0))
    );
    // Wrong points: the true score and a warning (the event's ruling, D5/D8).
    assert_eq!(
        (slip(2)["score"].as_u64(), slip(2)["warnings"].as_u64()),
        (Some(26), Some(1))
    );
    assert_eq!(
        slip(3)["slip"]["points"],
        26,
        "the arbitrator's slip stands"
    );
    let by_player = rec["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["payload"]["type"] == "slip_recorded" && e["by"]["role"] == "player")
        .count();
    assert_eq!(by_player, 2);
    // Once the top is chosen the phone is closed too.
    let r = h.enter(
        game,
        2,
        &pin2,
        json!({"reference": "8H", "word": "ZEST", "points": 26}),
    );
    assert_eq!((r.status, rule(&r)), (422, "D4".to_owned()));
    // The arbitrator takes player 2's slip over: a new record replaces the checked one.
    ok(h.arb.post_json(
        &format!("/api/v1/duplicate/games/{game}/slips"),
        &json!({"player": 2, "reference": "8H", "word": "ZEST", "points": 26}),
    ));
    let rec = ok(h
        .chief
        .get(&format!("/api/v1/duplicate/games/{game}/record")));
    let p2: Vec<&Value> = rec["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["payload"]["type"] == "slip_recorded" && e["payload"]["player"] == 2)
        .collect();
    assert_eq!(
        p2.len(),
        2,
        "the checked slip and the correction, both kept"
    );
    let slips = page.get(&format!("/duplicate/games/{game}/slips"));
    assert!(slips.body.contains("data-dup-takeover"), "{}", slips.body);
}

#[test]
fn phone_slips_are_refused_when_the_event_does_not_take_them_or_no_turn_runs() {
    let mut h = hall(false);
    let game = h.running_game();
    let pin = h.pin(1);
    let seq = h.seq(game);
    let r = h.status(game, 1, &pin);
    assert_eq!((r.status, rule(&r)), (422, "D5".to_owned()), "{}", r.body);
    let r = h.enter(
        game,
        1,
        &pin,
        json!({"reference": "8H", "word": "ZEST", "points": 26}),
    );
    assert_eq!((r.status, rule(&r)), (422, "D5".to_owned()), "{}", r.body);
    assert_eq!(h.seq(game), seq, "nothing recorded");
    // A game of an event that takes them, before its turn starts: no turn runs (D4).
    let mut h = hall(true);
    let game = created(h.chief.post_json(
        &format!("/api/v1/duplicate/events/{}/games", h.event_id),
        &json!({}),
    ))["id"]
        .as_i64()
        .unwrap();
    let pin = h.pin(1);
    let v = ok(h.status(game, 1, &pin));
    assert_eq!(v["open"], false);
    let r = h.enter(game, 1, &pin, json!({"reference": "8H", "word": "ZEST"}));
    assert_eq!((r.status, rule(&r)), (422, "D4".to_owned()), "{}", r.body);
    // No such game.
    assert_eq!(h.status(game + 100, 1, &pin).status, 404);
    // The phone page is open to anyone, in the reader's language.
    let page = h.phone.get(&format!("/duplicate/games/{game}/phone"));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("data-phone-login"));
}
