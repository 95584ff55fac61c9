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

/// A private English event, with or without phone slips, players 1 and 2, and a game.
fn private_game(chief: &mut Client, phone_slips: bool) -> (i64, i64) {
    let ev = created(chief.post_json(
        "/api/v1/duplicate/events",
        &json!({"name": format!("Closed {phone_slips}"), "english": true, "public": false,
                "ruleset": {"phone_slips": phone_slips}}),
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
    (event_id, game)
}

// Issue 16 (D4, D5): a player's phone follows its game's live stream. It is open to anyone when
// the event takes phone slips (the phone page is; the number and PIN are asked for there), tells
// of the master's changes (rack, turn, top) and never of slips or phone entries, names no tile,
// and a reconnect that missed a change is told at once.
#[test]
fn a_phone_follows_its_games_stream_which_tells_of_turns_never_of_slips_or_tiles() {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let (event_id, game) = private_game(&mut chief, true);
    let (_, other) = private_game(&mut chief, true);
    let mut live = LiveStream::open(&app.base, &format!("/duplicate/games/{game}/live"), None);
    assert!(live.text.starts_with("HTTP/1.1 200"), "{}", live.text);
    assert!(live.text.contains("text/event-stream"), "{}", live.text);
    let command = |c: &mut Client, g: i64, body: Value| {
        ok(c.post_json(&format!("/api/v1/duplicate/games/{g}/commands"), &body))
    };
    // Another game's change is not on this game's stream.
    command(
        &mut chief,
        other,
        json!({"type": "type_rack", "tiles": "QUIZBAE"}),
    );
    command(
        &mut chief,
        game,
        json!({"type": "type_rack", "tiles": "ZESTAIO"}),
    );
    let pin = {
        let mut conn = app.state.pool.get().unwrap();
        arbiter::db::duplicate::players(&mut conn, arbiter::vocab::EventId(event_id))
            .unwrap()
            .into_iter()
            .find(|p| p.number == 1)
            .unwrap()
            .pin
    };
    let started = command(&mut chief, game, json!({"type": "start_turn"}));
    // A phone entry and an arbitrator's slip: on the event's stream, not on the phones'.
    ok(app.client().post_json(
        &format!("/api/v1/duplicate/games/{game}/phone/slip"),
        &json!({"player": 1, "pin": pin, "reference": "8H", "word": "ZEST", "points": 26}),
    ));
    ok(chief.post_json(
        &format!("/api/v1/duplicate/games/{game}/slips"),
        &json!({"player": 2, "reference": "8H", "word": "ZEST", "points": 26}),
    ));
    let r = chief.post_json(
        &format!("/api/v1/duplicate/games/{game}/commands"),
        &json!({"type": "choose_top"}),
    );
    if r.status == 422 {
        command(&mut chief, game, json!({"type": "choose_top", "choice": 0}));
    }
    let text = live.read_until(|t| t.contains(r#""kind":"top_chosen""#));
    let kinds: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split(r#""kind":""#).nth(1))
        .filter_map(|k| k.split('"').next())
        .collect();
    assert_eq!(
        kinds,
        ["rack_drawn", "turn_started", "top_chosen"],
        "{text}"
    );
    assert!(
        !text.contains("ZEST") && !text.contains("\"rack\""),
        "no tile: {text}"
    );
    assert!(
        text.contains(&format!("\nid: {}\n", started["seq"])),
        "ids are the game's seqs: {text}"
    );
    // A reconnect that holds an older seq hears at once that it missed something; one that
    // holds the last hears only what comes next.
    let seq = ok(chief.get(&format!("/api/v1/duplicate/games/{game}")))["seq"]
        .as_i64()
        .unwrap();
    let path = format!("/duplicate/games/{game}/live");
    let mut behind = LiveStream::open(&app.base, &path, Some("1"));
    let text = behind.read_until(|t| t.contains("data: "));
    assert!(text.contains(&format!("\nid: {seq}\n")), "{text}");
    let mut current = LiveStream::open(&app.base, &path, Some(&seq.to_string()));
    let placed = command(&mut chief, game, json!({"type": "place_top"}));
    let text = current.read_until(|t| t.contains("data: "));
    let first = text
        .split("\nid: ")
        .nth(1)
        .and_then(|t| t.split('\n').next());
    assert_eq!(first, Some(placed["seq"].to_string().as_str()), "{text}");
}

// Without phone slips a private game's stream is its event's readers' only; no such game: 404.
#[test]
fn a_games_stream_is_refused_to_strangers_when_the_event_takes_no_phone_slips() {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let (_, game) = private_game(&mut chief, false);
    let path = format!("/duplicate/games/{game}/live");
    let stranger = LiveStream::open(&app.base, &path, None);
    // Signed out: sent to sign in, as for the event's own stream.
    assert!(
        ["303", "403", "404"]
            .iter()
            .any(|c| stranger.text.starts_with(&format!("HTTP/1.1 {c}"))),
        "{}",
        stranger.text
    );
    let missing = LiveStream::open(
        &app.base,
        &format!("/duplicate/games/{}/live", game + 100),
        None,
    );
    assert!(missing.text.starts_with("HTTP/1.1 404"), "{}", missing.text);
}
