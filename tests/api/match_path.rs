//! The match-command path under attack (issue 11, items 1, 2, 4 and 12): durations that broke
//! the clocks and the writer, idempotency keys that replayed other accounts' answers, the
//! command route that bypassed the PIC's claim and the committee register, and writes without
//! a key.

use serde_json::{Value, json};

use crate::helpers::*;

fn hall(public: bool) -> Hall {
    spawn_app().hall().public(public).build()
}

impl Hall {
    /// A started match at table 1 whose last play (A1's ZOEAE for 42) is challenged by B1.
    fn challenged(&mut self, kind: &str) -> (i64, i64) {
        let m = self.new_match(1);
        send(
            &mut self.table,
            m,
            json!({"type": "start", "first": "a"}),
            None,
        );
        send(
            &mut self.table,
            m,
            json!({"type": "play", "words": ["ZOEAE"], "tiles": 5, "declared": 42}),
            None,
        );
        let challenge = if kind == "word" {
            json!({"type": "challenge_word", "by": "B1", "words": ["ZOEAE"]})
        } else {
            json!({"type": "challenge_score", "by": "B1"})
        };
        let ch = ok(command(
            &mut self.table,
            m,
            challenge,
            Some("tablet-1-0003"),
        ));
        assert_eq!(
            ch["events"][0]["payload"]["type"],
            format!("{kind}_challenged")
        );
        (m, self.queue_id(m))
    }

    /// The PIC queue's id of a match's latest challenge.
    fn queue_id(&mut self, m: i64) -> i64 {
        let q = ok(self
            .pic
            .get(&format!("/api/v1/events/{}/challenges", self.event_id)));
        let all: Vec<Value> = q["open"]
            .as_array()
            .unwrap()
            .iter()
            .chain(q["history"].as_array().unwrap())
            .cloned()
            .collect();
        all.iter()
            .filter(|c| c["match_id"] == m)
            .map(|c| c["id"].as_i64().unwrap())
            .max()
            .expect("the challenge is in the queue")
    }

    fn conn(&self) -> arbiter::db::Pool {
        arbiter::db::build_pool(&self.app.db.url, 1)
    }
}

fn command(c: &mut Client, m: i64, command: Value, key: Option<&str>) -> Resp {
    let mut body = json!({ "command": command });
    if let Some(k) = key {
        body["idempotency_key"] = json!(k);
    }
    c.post_json(&format!("/api/v1/matches/{m}/commands"), &body)
}

fn send(c: &mut Client, m: i64, cmd: Value, key: Option<&str>) -> Value {
    ok(command(c, m, cmd, key))
}

// ---- item 1: durations, the writer, /healthz -------------------------------------------------

#[test]
fn a_ruleset_with_durations_past_a_day_is_refused_naming_the_option() {
    let mut h = hall(true);
    for (overrides, field) in [
        (
            json!({"clock": {"side_ms": 10_000_000_000_000_000u64}}),
            "ruleset.clock.side_ms",
        ),
        (
            json!({"objection": {"grace_ms": u64::MAX}}),
            "ruleset.objection.grace_ms",
        ),
        (
            json!({"clock": {"match_limit_ms": 10_000_000_000_000_000u64}}),
            "ruleset.clock.match_limit_ms",
        ),
        (
            json!({"objection": {"hold_ms": 86_400_001}}),
            "ruleset.objection.hold_ms",
        ),
    ] {
        let ruleset = json!({"preset": "individual", "overrides": overrides});
        let res = h.director.post_json(
            "/api/v1/matches",
            &json!({"event_id": h.event_id, "table": 1, "ruleset": ruleset,
                    "side_a": {"name": "Ann"}, "side_b": {"name": "Cy"}}),
        );
        assert_eq!(res.status, 422, "{overrides}: {}", res.body);
        assert_eq!(res.json()["field"], field, "{}", res.body);
        let res = h.director.post_json(
            "/api/v1/events",
            &json!({"name": "Marathon", "ruleset": ruleset}),
        );
        assert_eq!(res.status, 422, "{overrides}: {}", res.body);
        assert_eq!(res.json()["field"], field, "{}", res.body);
    }
    // A day is allowed.
    ok(h.director.post_json(
        "/api/v1/matches",
        &json!({"event_id": h.event_id, "table": 1,
                "ruleset": {"preset": "individual", "overrides": {"clock": {"side_ms": 86_400_000}}},
                "side_a": {"name": "Ann"}, "side_b": {"name": "Cy"}}),
    ));
}

/// A match stored before durations were bounded (its `created` event written straight into
/// the log) is played without a panic, and the other tables and `/healthz` carry on.
#[test]
fn a_stored_match_with_durations_past_the_calendar_stops_no_table() {
    let mut h = hall(true);
    let other = h.new_match(2);
    let mut ruleset = arbiter::rules::ruleset::Preset::Individual.ruleset();
    ruleset.clock.side_ms = 10_000_000_000_000_000;
    ruleset.clock.match_limit_ms = Some(10_000_000_000_000_000);
    ruleset.objection.grace_ms = Some(u64::MAX);
    ruleset.objection.hold_ms = Some(u64::MAX);
    let m = {
        use arbiter::db::matches as rows;
        let pool = h.conn();
        let mut conn = pool.get().unwrap();
        let at = chrono::Utc::now();
        let row = rows::insert(
            &mut conn,
            &rows::NewMatch {
                event_id: Some(arbiter::vocab::EventId(h.event_id)),
                round_no: Some(1),
                table_no: Some(1),
                team_a: None,
                team_b: None,
                name_a: "Ann",
                name_b: "Cy",
                status: arbiter::vocab::MatchStatus::Created,
                last_seq: arbiter::vocab::Seq(1),
                created_by: None,
                created_at: at.naive_utc(),
                updated_at: at.naive_utc(),
            },
        )
        .unwrap();
        let created = arbiter::rules::game::Event {
            seq: 1,
            at,
            actor: arbiter::rules::game::Actor::Director { id: "1".into() },
            payload: arbiter::rules::game::Payload::Created {
                ruleset,
                names: None,
            },
        };
        rows::append(&mut conn, row.id, &[created]).unwrap();
        row.id.0
    };
    let started = command(
        &mut h.table,
        m,
        json!({"type": "start", "first": "a"}),
        None,
    );
    assert_eq!(started.status, 200, "{}", started.body);
    let played = command(
        &mut h.table,
        m,
        json!({"type": "play", "words": ["QI"], "tiles": 2, "declared": 11}),
        None,
    );
    assert_eq!(played.status, 200, "{}", played.body);
    assert_eq!(ok(h.table.get(&format!("/api/v1/matches/{m}")))["id"], m);
    // Every other table goes on, and the server says it is well.
    send(
        &mut h.table2,
        other,
        json!({"type": "start", "first": "b"}),
        None,
    );
    let health = h.app.client().get("/healthz");
    assert_eq!(health.status, 200, "{}", health.body);
}

// ---- item 2: keys replay only for their sender, after authorisation -------------------------

#[test]
fn another_accounts_key_replays_nothing_of_a_private_match() {
    let mut h = hall(false);
    let m = h.new_match(1);
    send(
        &mut h.table,
        m,
        json!({"type": "start", "first": "a"}),
        Some("tablet-1-0001"),
    );
    let first = send(
        &mut h.table,
        m,
        json!({"type": "play", "words": ["QI"], "tiles": 2, "declared": 11}),
        Some("tablet-1-0002"),
    );
    // The table's own repeat gets its first answer.
    let again = send(
        &mut h.table,
        m,
        json!({"type": "play", "words": ["QI"], "tiles": 2, "declared": 11}),
        Some("tablet-1-0002"),
    );
    assert_eq!(again["replayed"], true);
    assert_eq!(again["events"], first["events"]);
    // Someone with no role here learns nothing, whatever key or seq they send.
    for (body, what) in [
        (
            json!({"idempotency_key": "tablet-1-0002", "command": {"type": "pass"}}),
            "the table's key",
        ),
        (
            json!({"idempotency_key": "tablet-1-0002", "expected_seq": 0, "command": {"type": "pass"}}),
            "the table's key and a stale seq",
        ),
        (
            json!({"expected_seq": 0, "command": {"type": "pass"}}),
            "a stale seq",
        ),
    ] {
        for who in [&mut h.outsider, &mut h.table2] {
            let res = who.post_json(&format!("/api/v1/matches/{m}/commands"), &body);
            assert_eq!(res.status, 403, "{what}: {}", res.body);
            assert!(!res.body.contains("\"state\""), "{what}: {}", res.body);
            assert!(!res.body.contains("\"current\""), "{what}: {}", res.body);
        }
    }
    // A PIC of the event with the table's key sends a command of its own: nothing replayed.
    let res = h.pic.post_json(
        &format!("/api/v1/matches/{m}/commands"),
        &json!({"idempotency_key": "tablet-1-0002", "command": {"type": "pass"}}),
    );
    assert_ne!(
        res.json()["replayed"],
        true,
        "a PIC got the table's answer: {}",
        res.body
    );
    // Sent at the same moment as the table's repeats (so in one batch of the writer), the
    // outsider's copies are still refused.
    let base = h.app.base.clone();
    let outsider = h.outsider.bearer.clone();
    let table = h.table.bearer.clone();
    let handles: Vec<_> = (0..16)
        .map(|i| {
            let (base, token) = (
                base.clone(),
                if i % 2 == 0 { &outsider } else { &table }.clone(),
            );
            std::thread::spawn(move || {
                let mut c = Client::new(&base);
                c.bearer = token;
                let res = c.post_json(
                    &format!("/api/v1/matches/{m}/commands"),
                    &json!({"idempotency_key": "tablet-1-0002",
                            "command": {"type": "play", "words": ["QI"], "tiles": 2, "declared": 11}}),
                );
                (i % 2 == 0, res)
            })
        })
        .collect();
    for h in handles {
        let (outsider, res) = h.join().unwrap();
        if outsider {
            assert_eq!(res.status, 403, "{}", res.body);
        } else {
            assert_eq!(res.status, 200, "{}", res.body);
            assert_eq!(res.json()["replayed"], true);
        }
    }
}

// ---- item 4: one door per official action ----------------------------------------------------

#[test]
fn a_ruling_sent_as_a_command_goes_through_the_claim() {
    let mut h = hall(true);
    let (m, id) = h.challenged("score");
    let seq = ok(h.pic.get(&format!("/api/v1/matches/{m}")))["open_challenges"][0]["id"].clone();
    ok(h.pic
        .post_json(&format!("/api/v1/challenges/{id}/claim"), &json!({})));
    // The second PIC cannot rule it through the command route.
    let res = command(
        &mut h.pic2,
        m,
        json!({"type": "rule_score", "challenge": seq, "actual": 30}),
        None,
    );
    assert_eq!(res.status, 409, "{}", res.body);
    assert!(res.body.contains("held by pic"), "{}", res.body);
    let open = ok(h.pic.get(&format!("/api/v1/matches/{m}")));
    assert_eq!(open["open_challenges"].as_array().unwrap().len(), 1);
    // The PIC holding it can, and the history credits the PIC who ruled.
    send(
        &mut h.pic,
        m,
        json!({"type": "rule_score", "challenge": seq, "actual": 30}),
        None,
    );
    let q = ok(h
        .pic
        .get(&format!("/api/v1/events/{}/challenges", h.event_id)));
    let ruled = q["history"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap()
        .clone();
    assert_eq!(ruled["pic"], "pic", "{q}");

    // An unclaimed challenge ruled through the command route is claimed by whoever rules it.
    let (m2, id2) = h.challenged("word");
    let seq2 = ok(h.pic.get(&format!("/api/v1/matches/{m2}")))["open_challenges"][0]["id"].clone();
    send(
        &mut h.pic2,
        m2,
        json!({"type": "rule_word", "challenge": seq2, "valid": true}),
        None,
    );
    let q = ok(h
        .pic
        .get(&format!("/api/v1/events/{}/challenges", h.event_id)));
    let ruled = q["history"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id2)
        .unwrap()
        .clone();
    assert_eq!(ruled["pic"], "pic2", "{q}");
    // A table still cannot rule (T11).
    let (m3, _) = h.challenged("word");
    let seq3 = ok(h.pic.get(&format!("/api/v1/matches/{m3}")))["open_challenges"][0]["id"].clone();
    let res = command(
        &mut h.table,
        m3,
        json!({"type": "rule_word", "challenge": seq3, "valid": true}),
        None,
    );
    assert_eq!(res.status, 403, "{}", res.body);
}

#[test]
fn a_walkout_sent_as_a_command_is_in_the_register_and_only_the_register_takes_it_back() {
    let mut h = hall(true);
    let m = h.new_match(1);
    send(
        &mut h.table,
        m,
        json!({"type": "start", "first": "a"}),
        None,
    );
    let out = send(
        &mut h.committee,
        m,
        json!({"type": "walkout", "side": "a", "reason": "left the hall"}),
        Some("committee-0001"),
    );
    assert_eq!(out["state"]["result"]["reason"], "walkout", "{out}");
    let walkout_seq = out["events"][0]["seq"].clone();
    let register = format!("/api/v1/events/{}/committee", h.event_id);
    let records = ok(h.committee.get(&register));
    let records = records.as_array().unwrap();
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0]["kind"], "walkout");
    assert_eq!(records[0]["match_id"], m);
    assert_eq!(records[0]["team_id"], h.teams.0);
    // A resend with its key records nothing more.
    let again = send(
        &mut h.committee,
        m,
        json!({"type": "walkout", "side": "a", "reason": "left the hall"}),
        Some("committee-0001"),
    );
    assert_eq!(again["replayed"], true);
    assert_eq!(ok(h.committee.get(&register)).as_array().unwrap().len(), 1);

    // A PIC cannot take the walkout back behind the register's back.
    let res = command(
        &mut h.pic,
        m,
        json!({"type": "correction", "reverses_seq": walkout_seq, "reason": "mistake"}),
        None,
    );
    assert_eq!(res.status, 403, "{}", res.body);
    // The committee can, through the register or as a command; the register shows it.
    let back = send(
        &mut h.committee,
        m,
        json!({"type": "correction", "reverses_seq": walkout_seq, "reason": "wrong table"}),
        None,
    );
    assert_ne!(back["state"]["result"]["reason"], "walkout", "{back}");
    let records = ok(h.committee.get(&register));
    let records = records.as_array().unwrap();
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(records[0]["corrected"], true);
    assert_eq!(records[1]["kind"], "withdrawal");
    // A disqualification sent as a command is in the register too.
    send(
        &mut h.committee,
        m,
        json!({"type": "disqualify", "side": "b", "reason": "phone at the table"}),
        None,
    );
    let records = ok(h.committee.get(&register));
    assert_eq!(records[2]["kind"], "disqualification", "{records}");
    // And the register's own withdrawal of it still works.
    let id = records[2]["id"].clone();
    ok(h.committee.post_json(
        &register,
        &json!({"team_id": h.teams.1, "kind": "withdrawal", "corrects": id, "reason": "not a phone"}),
    ));
}

// ---- item 12: every write takes a key, scoped to its writer ----------------------------------

#[test]
fn creating_a_match_again_with_its_key_makes_no_second_match() {
    let mut h = hall(true);
    let body = json!({"event_id": h.event_id, "table": 3, "round": 1,
                      "side_a": {"team_id": h.teams.0}, "side_b": {"team_id": h.teams.1},
                      "idempotency_key": "create-r1-t3"});
    let first = ok(h.director.post_json("/api/v1/matches", &body));
    let again = ok(h.director.post_json("/api/v1/matches", &body));
    assert_eq!(again["id"], first["id"]);
    assert_eq!(again["last_seq"], first["last_seq"]);
    let count = |h: &Hall| {
        let pool = h.conn();
        let mut conn = pool.get().unwrap();
        arbiter::db::matches::of_event(&mut conn, arbiter::vocab::EventId(h.event_id))
            .unwrap()
            .iter()
            .filter(|m| m.table_no == Some(3))
            .count()
    };
    assert_eq!(count(&h), 1);
    // The same key for another table is a mistake, said so.
    let mut other = body.clone();
    other["table"] = json!(4);
    let res = h.director.post_json("/api/v1/matches", &other);
    assert_eq!(res.status, 400, "{}", res.body);
    assert_eq!(res.json()["field"], "idempotency_key");
    // Another director's key is their own.
    let mut second = h.app.bearer("director2", true);
    let theirs = ok(second.post_json("/api/v1/matches", &body));
    assert_ne!(theirs["id"], first["id"]);
    assert_eq!(count(&h), 2);
    // Keys are bounded like every other.
    let mut long = body.clone();
    long["idempotency_key"] = json!("k".repeat(129));
    let res = h.director.post_json("/api/v1/matches", &long);
    assert_eq!(res.status, 400, "{}", res.body);
    long["idempotency_key"] = json!("nul\u{0}key");
    let res = h.director.post_json("/api/v1/matches", &long);
    assert_eq!(res.status, 422, "{}", res.body);
    let register = format!("/api/v1/events/{}/committee", h.event_id);
    let res = h.director.post_json(
        &register,
        &json!({"team_id": h.teams.0, "kind": "disqualification", "reason": "x",
                "idempotency_key": "nul\u{0}key"}),
    );
    assert_eq!(res.status, 422, "{}", res.body);
}

#[test]
fn a_ruling_whose_key_a_table_used_rules_the_challenge() {
    let mut h = hall(true);
    // The table sent its challenge with key tablet-1-0003; the PIC's app happens to use it too.
    let (m, id) = h.challenged("score");
    let ruled = ok(h.pic.post_json(
        &format!("/api/v1/challenges/{id}/rule"),
        &json!({"actual": 30, "idempotency_key": "tablet-1-0003"}),
    ));
    assert_eq!(ruled["replayed"], false, "{ruled}");
    let s = ok(h.pic.get(&format!("/api/v1/matches/{m}")));
    assert_eq!(s["open_challenges"].as_array().unwrap().len(), 0, "{s}");
    // The PIC's own repeat is answered from the first ruling; another PIC's is not.
    let again = ok(h.pic.post_json(
        &format!("/api/v1/challenges/{id}/rule"),
        &json!({"actual": 30, "idempotency_key": "tablet-1-0003"}),
    ));
    assert_eq!(again["replayed"], true);
    assert_eq!(again["events"], ruled["events"]);
    let other = h.pic2.post_json(
        &format!("/api/v1/challenges/{id}/rule"),
        &json!({"actual": 30, "idempotency_key": "tablet-1-0003"}),
    );
    assert_eq!(other.status, 409, "{}", other.body);
}

#[test]
fn a_committee_record_resent_with_its_key_is_recorded_once() {
    let mut h = hall(true);
    let register = format!("/api/v1/events/{}/committee", h.event_id);
    let body = json!({"team_id": h.teams.1, "kind": "disqualification",
                      "reason": "left the event", "idempotency_key": "committee-0007"});
    let first = ok(h.committee.post_json(&register, &body));
    let again = ok(h.committee.post_json(&register, &body));
    assert_eq!(again["id"], first["id"]);
    assert_eq!(ok(h.committee.get(&register)).as_array().unwrap().len(), 1);
    // The same key for another team is a mistake, said so.
    let mut other = body.clone();
    other["team_id"] = json!(h.teams.0);
    let res = h.committee.post_json(&register, &other);
    assert_eq!(res.status, 400, "{}", res.body);
    assert_eq!(res.json()["field"], "idempotency_key");
    // The director's record with the same key is the director's own.
    ok(h.director.post_json(&register, &body));
    assert_eq!(ok(h.committee.get(&register)).as_array().unwrap().len(), 2);
}
