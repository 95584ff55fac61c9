//! The match engine through the API: a full team match, authorisation, idempotency, concurrency.

use serde_json::{Value, json};

use crate::helpers::*;

fn setup_event() -> Hall {
    setup_event_on(TestApp::builder().manual_clock().spawn())
}

/// The hall with a team-2v2 event whose first team names its captain.
fn setup_event_on(app: TestApp) -> Hall {
    let ev = app
        .hall()
        .event(json!({"name": "Club cup", "ruleset": {"preset": "team-2v2"}}))
        .teams(
            json!({"name": "Anagrammers", "players": ["Ann", "Bob"], "captain": 0}),
            json!({"name": "Bingo Bunch", "players": ["Cy", "Di"]}),
        )
        .build();
    assert_eq!(ev.team_rows[0]["players"][0]["is_captain"], true);
    ev
}

fn send(c: &mut Client, m: i64, command: Value) -> Resp {
    c.post_json(
        &format!("/api/v1/matches/{m}/commands"),
        &json!({ "command": command }),
    )
}

fn ok(c: &mut Client, m: i64, command: Value) -> Value {
    let res = send(c, m, command.clone());
    assert_eq!(res.status, 200, "{command} → {}", res.body);
    res.json()
}

#[test]
fn a_full_team_match_through_the_api_from_start_to_result() {
    let mut ev = setup_event();
    let m = ev.new_match(1);
    let table = &mut ev.table;

    // T1: the draw says team A moves first; A1's clock runs.
    ok(table, m, json!({"type": "start", "first": "a"}));
    ev.app.clock().advance(chrono::Duration::seconds(60));
    let s = table.get(&format!("/api/v1/matches/{m}")).json();
    assert_eq!(s["seat_to_move"], "A1");
    assert_eq!(
        s["clocks_ms"]["a"],
        24 * 60_000,
        "T4: A's clock ran for a minute"
    );
    assert_eq!(s["clocks_ms"]["b"], 25 * 60_000);

    // A1 opens; B1 challenges a word, the PIC finds it valid: +10 to A (T12).
    ok(
        table,
        m,
        json!({"type": "play", "words": ["ZOEAE"], "tiles": 5, "declared": 42}),
    );
    let ch = ok(
        table,
        m,
        json!({"type": "challenge_word", "by": "B1", "words": ["ZOEAE"]}),
    );
    let challenge = ch["events"][0]["seq"].as_u64().unwrap();
    let queued = ch["state"]["open_challenges"].as_array().unwrap().len();
    assert_eq!(queued, 1);
    // Both clocks stop while a challenge is open (T7).
    ev.app.clock().advance(chrono::Duration::seconds(30));
    let s = table.get(&format!("/api/v1/matches/{m}")).json();
    assert_eq!(s["clocks_ms"]["b"], 25 * 60_000);
    assert_eq!(s["challenge_allowance_ms"], 10 * 60_000 - 30_000);
    // A table cannot rule on its own challenge (T11).
    assert_eq!(
        send(
            table,
            m,
            json!({"type": "rule_word", "challenge": challenge, "valid": true})
        )
        .status,
        403
    );
    let ruled = ok(
        &mut ev.pic,
        m,
        json!({"type": "rule_word", "challenge": challenge, "valid": true}),
    );
    assert_eq!(ruled["state"]["scores"]["a"], 52);
    // Ruled exactly once.
    let again = send(
        &mut ev.pic,
        m,
        json!({"type": "rule_word", "challenge": challenge, "valid": false}),
    );
    assert_eq!(again.status, 422, "{}", again.body);

    // B1 plays a phony; A2 challenges; invalid: the play scores 0 and B gets -10 (T13).
    ok(
        table,
        m,
        json!({"type": "play", "words": ["QAT", "ZOEAEX"], "tiles": 3, "declared": 30}),
    );
    let ch = ok(
        table,
        m,
        json!({"type": "challenge_word", "by": "A2", "words": ["ZOEAEX"]}),
    );
    let challenge = ch["events"][0]["seq"].as_u64().unwrap();
    let ruled = ok(
        &mut ev.pic,
        m,
        json!({"type": "rule_word", "challenge": challenge, "valid": false}),
    );
    assert_eq!(ruled["state"]["scores"]["b"], -10);

    // T13: one word per turn only.
    // A2 over-declares; an opponent's score challenge records actual - excess (T8c).
    ok(
        table,
        m,
        json!({"type": "play", "words": ["JO"], "tiles": 1, "declared": 40}),
    );
    let ch = ok(table, m, json!({"type": "challenge_score", "by": "B2"}));
    let challenge = ch["events"][0]["seq"].as_u64().unwrap();
    let ruled = ok(
        &mut ev.pic,
        m,
        json!({"type": "rule_score", "challenge": challenge, "actual": 30}),
    );
    assert_eq!(ruled["state"]["scores"]["a"], 52 + 20);

    // T9: an exchange needs three of one letter; refused with the rule's ID and nothing changes.
    let before = table.get(&format!("/api/v1/matches/{m}")).json()["last_seq"].clone();
    let refused = send(table, m, json!({"type": "exchange", "tiles": "AAB"}));
    assert_eq!(refused.status, 422);
    assert_eq!(refused.json()["rule"], "T9");
    assert_eq!(
        table.get(&format!("/api/v1/matches/{m}")).json()["last_seq"],
        before
    );
    ok(table, m, json!({"type": "exchange", "tiles": "EEEI"}));

    // T18b: the committee disqualifies team B; A wins.
    let dq = ok(
        &mut ev.committee,
        m,
        json!({"type": "disqualify", "side": "b", "reason": "used a phone"}),
    );
    assert_eq!(dq["state"]["result"]["winner"], "a");
    assert_eq!(dq["state"]["result"]["reason"], "disqualification");
    assert_eq!(dq["events"][0]["actor"]["role"], "committee");

    // The log has everything, in order, with who did it.
    let log = table.get(&format!("/api/v1/matches/{m}/events")).json();
    let seqs: Vec<u64> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["seq"].as_u64().unwrap())
        .collect();
    assert_eq!(seqs, (1..=seqs.len() as u64).collect::<Vec<_>>());
    assert!(
        log.as_array()
            .unwrap()
            .iter()
            .any(|e| e["payload"]["type"] == "disqualified"),
        "{log}"
    );
}

#[test]
fn commands_need_a_role_at_the_match() {
    let mut ev = setup_event();
    let m = ev.new_match(1);
    let mut anon = ev.app.client();
    assert_eq!(
        send(&mut anon, m, json!({"type": "start", "first": "a"})).status,
        401
    );
    let other_table = &mut ev.table2;
    assert_eq!(
        send(other_table, m, json!({"type": "start", "first": "a"})).status,
        403
    );
    // A PIC cannot disqualify; the committee can (T18, E3).
    ok(&mut ev.table, m, json!({"type": "start", "first": "b"}));
    assert_eq!(
        send(
            &mut ev.pic,
            m,
            json!({"type": "walkout", "side": "a", "reason": "left"})
        )
        .status,
        403
    );
    assert_eq!(
        send(
            &mut ev.committee,
            m,
            json!({"type": "walkout", "side": "a", "reason": "left"})
        )
        .status,
        200
    );
    // Only directors create matches.
    let res = ev.table.post_json(
        "/api/v1/matches",
        &json!({"event_id": ev.event_id, "side_a": {"name": "x"}, "side_b": {"name": "y"}}),
    );
    assert_eq!(res.status, 403);
}

#[test]
fn a_repeated_idempotency_key_returns_the_first_result_and_writes_nothing() {
    let mut ev = setup_event();
    let m = ev.new_match(1);
    ok(&mut ev.table, m, json!({"type": "start", "first": "a"}));
    let body = json!({"idempotency_key": "tap-1", "command": {"type": "play", "words": ["CAT"], "tiles": 3, "declared": 10}});
    let first = ev
        .table
        .post_json(&format!("/api/v1/matches/{m}/commands"), &body);
    assert_eq!(first.status, 200);
    ev.app.clock().advance(chrono::Duration::seconds(5));
    // The match moves on before the repeat arrives: the repeat still gets the first answer,
    // the match as that play left it (clocks included), not the match now.
    ok(&mut ev.table, m, json!({"type": "pass"}));
    ev.app.clock().advance(chrono::Duration::seconds(5));
    let second = ev
        .table
        .post_json(&format!("/api/v1/matches/{m}/commands"), &body);
    assert_eq!(second.status, 200);
    let (mut first, mut second) = (first.json(), second.json());
    assert_eq!(second["replayed"], true);
    first["replayed"] = json!(null);
    second["replayed"] = json!(null);
    assert_eq!(first, second);
    let log = ev.table.get(&format!("/api/v1/matches/{m}/events")).json();
    assert_eq!(
        log.as_array()
            .unwrap()
            .iter()
            .filter(|e| e["payload"]["type"] == "played")
            .count(),
        1
    );
}

#[test]
fn a_stale_expected_seq_gets_409_with_the_current_state() {
    let mut ev = setup_event();
    let m = ev.new_match(1);
    let started = ok(&mut ev.table, m, json!({"type": "start", "first": "a"}));
    let seq = started["state"]["last_seq"].as_i64().unwrap();
    let play = |seq: i64| json!({"expected_seq": seq, "command": {"type": "pass"}});
    assert_eq!(
        ev.table
            .post_json(&format!("/api/v1/matches/{m}/commands"), &play(seq))
            .status,
        200
    );
    let stale = ev
        .table
        .post_json(&format!("/api/v1/matches/{m}/commands"), &play(seq));
    assert_eq!(stale.status, 409);
    assert_eq!(
        stale.json()["current"]["last_seq"].as_i64().unwrap(),
        seq + 1
    );
}

#[test]
fn a_repeat_that_would_still_be_legal_is_replayed_not_applied_again() {
    // A pass is legal whenever a side is on turn, so deciding the repeat again would succeed:
    // the key alone must stop it (the batch collides with the first record and is rerun one
    // command at a time).
    let mut ev = setup_event();
    let m = ev.new_match(1);
    ok(&mut ev.table, m, json!({"type": "start", "first": "a"}));
    let path = format!("/api/v1/matches/{m}/commands");
    let pass = json!({"idempotency_key": "pass-once", "command": {"type": "pass"}});
    let first = ev.table.post_json(&path, &pass);
    assert_eq!(first.status, 200, "{}", first.body);
    ev.app.clock().advance(chrono::Duration::seconds(3));
    let again = ev.table.post_json(&path, &pass);
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(again.json()["replayed"], true);
    assert_eq!(again.json()["events"], first.json()["events"]);
    let log = ev.table.get(&format!("/api/v1/matches/{m}/events")).json();
    let passes = log
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["payload"]["type"] == "passed")
        .count();
    assert_eq!(passes, 1, "{log}");
}

#[test]
fn parallel_repeats_of_one_key_take_effect_once() {
    let mut ev = setup_event();
    let m = ev.new_match(1);
    ok(&mut ev.table, m, json!({"type": "start", "first": "a"}));
    let token = ev.table.bearer.clone().unwrap();
    let base = ev.app.base.clone();
    // A tablet on a bad network retrying one play: 100 copies in flight at once.
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(100));
    let handles: Vec<_> = (0..100)
        .map(|_| {
            let (token, base, barrier) = (token.clone(), base.clone(), barrier.clone());
            std::thread::spawn(move || {
                let mut c = Client::new(&base);
                c.bearer = Some(token);
                barrier.wait();
                let r = c.post_json(
                    &format!("/api/v1/matches/{m}/commands"),
                    &json!({"idempotency_key": "same", "command": {"type": "play", "words": ["AX"], "tiles": 2, "declared": 18}}),
                );
                (r.status, r.body)
            })
        })
        .collect();
    let answers: Vec<(u16, String)> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert!(answers.iter().all(|(s, _)| *s == 200), "{answers:?}");
    let bodies: Vec<serde_json::Value> = answers
        .iter()
        .map(|(_, b)| serde_json::from_str(b).unwrap())
        .collect();
    // Every copy is told the same events; exactly one of them made them.
    assert!(bodies.iter().all(|b| b["events"] == bodies[0]["events"]));
    assert!(bodies.iter().all(|b| b["state"] == bodies[0]["state"]));
    assert_eq!(bodies.iter().filter(|b| b["replayed"] == false).count(), 1);
    let log = ev.table.get(&format!("/api/v1/matches/{m}/events")).json();
    assert_eq!(
        log.as_array()
            .unwrap()
            .iter()
            .filter(|e| e["payload"]["type"] == "played")
            .count(),
        1
    );
}

#[test]
fn a_team_out_of_time_is_flagged_by_the_clock_and_skipped_t5() {
    let mut ev = setup_event();
    let m = ev.new_match(1);
    ok(&mut ev.table, m, json!({"type": "start", "first": "a"}));
    ev.app.clock().advance(chrono::Duration::minutes(26));
    let s = ev.table.get(&format!("/api/v1/matches/{m}")).json();
    assert_eq!(s["flagged"]["a"], true, "{s}");
    assert_eq!(s["side_to_move"], "b");
    let refused = send(
        &mut ev.table,
        m,
        json!({"type": "play", "words": ["NO"], "tiles": 2, "declared": 4, "seat": "A1"}),
    );
    assert_eq!(refused.status, 422, "{}", refused.body);
}

#[test]
fn the_sweeper_records_a_fallen_flag_without_anyone_touching_the_match_t5() {
    let mut ev = setup_event_on(TestApp::builder().sweeper().spawn());
    let m = ev.new_match(1);
    ok(&mut ev.table, m, json!({"type": "start", "first": "a"}));
    ev.app
        .clock()
        .advance(chrono::Duration::minutes(25) + chrono::Duration::seconds(1));
    let mut flagged = None;
    for _ in 0..50 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        let log = ev.table.get(&format!("/api/v1/matches/{m}/events")).json();
        flagged = log
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["payload"]["type"] == "clock_flagged")
            .cloned();
        if flagged.is_some() {
            break;
        }
    }
    let flagged = flagged.expect("the sweeper records the flag");
    assert_eq!(flagged["actor"]["role"], "system");
}

#[test]
fn board_mode_scores_from_the_board_previews_and_exports_gcg_c5_c8() {
    let mut ev = setup_event();
    let m = created(ev.director.post_json(
        "/api/v1/matches",
        &json!({"event_id": ev.event_id, "table": 1, "side_a": {"team_id": ev.teams.0}, "side_b": {"team_id": ev.teams.1},
                "ruleset": {"preset": "team-2v2", "overrides": {"entry_mode": "board"}}}),
    ))["id"]
        .as_i64()
        .unwrap();
    ok(&mut ev.table, m, json!({"type": "start", "first": "a"}));
    let preview = ev.table.post_json(
        &format!("/api/v1/matches/{m}/preview"),
        &json!({"move": "8G QI"}),
    );
    assert_eq!(preview.status, 200, "{}", preview.body);
    assert_eq!(
        preview.json()["score"],
        22,
        "Q on the star doubles: (10+1)x2"
    );
    let bad = ev.table.post_json(
        &format!("/api/v1/matches/{m}/preview"),
        &json!({"move": "8P QI"}),
    );
    assert_eq!(bad.status, 422, "{}", bad.body);
    let played = ok(
        &mut ev.table,
        m,
        json!({"type": "play", "move": "8G QI", "declared": 22}),
    );
    assert_eq!(played["state"]["scores"]["a"], 22);
    assert_eq!(played["state"]["bag"], 100 - 28 - 2);
    let gcg = ev.table.get(&format!("/api/v1/matches/{m}/gcg"));
    assert_eq!(gcg.status, 200);
    assert!(
        gcg.body.contains("8G QI") && gcg.body.contains("+22"),
        "{}",
        gcg.body
    );
    let game = arbiter::rules::gcg::read(gcg.body.as_bytes()).expect("the export reads back");
    assert_eq!(game.events.len(), 1);
}

#[test]
fn two_tablets_racing_on_one_match_never_lose_or_double_a_command() {
    let mut ev = setup_event();
    let m = ev.new_match(1);
    let started = ok(&mut ev.table, m, json!({"type": "start", "first": "a"}));
    let seq = started["state"]["last_seq"].as_i64().unwrap();
    let token = ev.table.bearer.clone().unwrap();
    let base = ev.app.base.clone();
    // Both decided on the same seq: exactly one may win, the other learns it is stale.
    let racers: Vec<_> = (0..8)
        .map(|i| {
            let (token, base) = (token.clone(), base.clone());
            std::thread::spawn(move || {
                let mut c = Client::new(&base);
                c.bearer = Some(token);
                let body = json!({"expected_seq": seq, "idempotency_key": format!("racer-{i}"),
                                  "command": {"type": "play", "words": ["AXE"], "tiles": 3, "declared": 10 + i}});
                c.post_json(&format!("/api/v1/matches/{m}/commands"), &body).status
            })
        })
        .collect();
    let statuses: Vec<u16> = racers.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        1,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 409),
        "{statuses:?}"
    );
    // Without expected_seq, every accepted command lands exactly once, in some order.
    let passers: Vec<_> = (0..6)
        .map(|i| {
            let (token, base) = (token.clone(), base.clone());
            std::thread::spawn(move || {
                let mut c = Client::new(&base);
                c.bearer = Some(token);
                let body =
                    json!({"idempotency_key": format!("pass-{i}"), "command": {"type": "pass"}});
                c.post_json(&format!("/api/v1/matches/{m}/commands"), &body)
                    .status
            })
        })
        .collect();
    let statuses: Vec<u16> = passers.into_iter().map(|h| h.join().unwrap()).collect();
    let accepted = statuses.iter().filter(|s| **s == 200).count();
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    let log = ev.table.get(&format!("/api/v1/matches/{m}/events")).json();
    let events = log.as_array().unwrap();
    assert_eq!(
        events
            .iter()
            .filter(|e| e["payload"]["type"] == "passed")
            .count(),
        accepted
    );
    let seqs: Vec<u64> = events.iter().map(|e| e["seq"].as_u64().unwrap()).collect();
    assert_eq!(
        seqs,
        (1..=seqs.len() as u64).collect::<Vec<_>>(),
        "no gaps, no duplicates"
    );
}

#[test]
fn two_instances_on_one_database_take_turns_on_a_match_without_false_conflicts_or_doubles() {
    // Each instance decides commands on its own cached states; when the other instance moved the
    // match in between, the cache is stale. A command on a stale cache must still be decided on
    // the match as it is: no 409 for an `expected_seq` that is current, no command applied to an
    // old state, nothing lost or written twice (both backends: two servers on one SQLite file
    // behave like two on one PostgreSQL database).
    let mut ev = setup_event();
    let m = ev.new_match(1);
    let mut settings = settings_for(&ev.app.db);
    settings.secret = ev.app.secret.clone();
    let mut state = arbiter::startup::prepare(&settings).unwrap();
    state.clock = ev.app.clock().clone();
    let second = start(state);
    let mut other = Client::new(&second.base);
    other.bearer = ev.table.bearer.clone();

    let started = ok(&mut ev.table, m, json!({"type": "start", "first": "a"}));
    let mut seq = started["state"]["last_seq"].as_i64().unwrap();
    let mut declared = [0i64; 2];
    for turn in 0..12i64 {
        let tablet = if turn % 2 == 0 {
            &mut other
        } else {
            &mut ev.table
        };
        let points = 5 + turn;
        declared[(turn % 2) as usize] += points;
        let play = json!({"type": "play", "words": ["OX"], "tiles": 2, "declared": points});
        // Every third command leaves `expected_seq` out: decided on a stale cache it would land
        // on an old seq, so it has to be taken again on the current state.
        let mut body = json!({"idempotency_key": format!("turn-{turn}"), "command": play});
        if turn % 3 != 2 {
            body["expected_seq"] = json!(seq);
        }
        let res = tablet.post_json(&format!("/api/v1/matches/{m}/commands"), &body);
        assert_eq!(res.status, 200, "turn {turn}: {}", res.body);
        let now = res.json()["state"]["last_seq"].as_i64().unwrap();
        assert_eq!(now, seq + 1, "turn {turn} appended exactly one event");
        seq = now;
    }
    for tablet in [&mut ev.table, &mut other] {
        let shown = tablet.get(&format!("/api/v1/matches/{m}")).json();
        assert_eq!(shown["last_seq"], seq);
        assert_eq!(shown["scores"]["a"], declared[0]);
        assert_eq!(shown["scores"]["b"], declared[1]);
    }
    let log = ev.table.get(&format!("/api/v1/matches/{m}/events")).json();
    let seqs: Vec<i64> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["seq"].as_i64().unwrap())
        .collect();
    assert_eq!(
        seqs,
        (1..=seq).collect::<Vec<_>>(),
        "no gaps, no duplicates"
    );
}

impl Hall {
    /// A 1v1 board-mode match at table 1 under `challenge_rule`, started with A first.
    fn board_individual(&mut self, challenge_rule: &str) -> i64 {
        let m = created(self.director.post_json(
            "/api/v1/matches",
            &json!({"event_id": self.event_id, "table": 1, "side_a": {"team_id": self.teams.0}, "side_b": {"team_id": self.teams.1},
                    "ruleset": {"preset": "individual", "overrides": {"entry_mode": "board", "challenge_rule": challenge_rule}}}),
        ))["id"]
            .as_i64()
            .unwrap();
        ok(&mut self.table, m, json!({"type": "start", "first": "a"}));
        m
    }
}

fn refused_with(c: &mut Client, m: i64, command: Value, rule: &str) -> Value {
    let res = send(c, m, command.clone());
    assert_eq!(res.status, 422, "{command} → {}", res.body);
    let body = res.json();
    assert_eq!(body["rule"], rule, "{command} → {body}");
    body
}

// rule C2: board mode checks a play's tiles against the tiles left and the rack shown.
#[test]
fn board_mode_refuses_tiles_the_player_cannot_hold_c2() {
    let mut ev = setup_event();
    let m = ev.board_individual("double");
    let t = &mut ev.table;
    refused_with(
        t,
        m,
        json!({"type": "play", "move": "8G QI", "declared": 22, "rack": "AEIOU?R"}),
        "C2",
    );
    refused_with(
        t,
        m,
        json!({"type": "play", "move": "8A ABCDEFGH", "declared": 30}),
        "C2",
    );
    ok(
        t,
        m,
        json!({"type": "play", "move": "8G ZA", "declared": 22, "rack": "ZAEIOU?"}),
    );
    let body = refused_with(
        t,
        m,
        json!({"type": "play", "move": "9G ZO", "declared": 30}),
        "C2",
    );
    assert!(body.to_string().contains("1 Z"), "{body}");
    let s = t.get(&format!("/api/v1/matches/{m}")).json();
    assert_eq!(s["turns"].as_array().unwrap().len(), 1, "nothing recorded");
    ok(
        t,
        m,
        json!({"type": "play", "move": "9G BO", "declared": 10}),
    );
}

// rule N5: a challenge names only formed words, each distinct word counting once.
#[test]
fn a_challenge_names_formed_words_and_each_counts_once_n5() {
    let mut ev = setup_event();
    let m = ev.board_individual("five_point");
    ok(
        &mut ev.table,
        m,
        json!({"type": "play", "move": "8G QI", "declared": 22}),
    );
    refused_with(
        &mut ev.table,
        m,
        json!({"type": "challenge_word", "by": "B1", "words": ["ZZZZ"]}),
        "N5",
    );
    let ch = ok(
        &mut ev.table,
        m,
        json!({"type": "challenge_word", "by": "B1", "words": ["QI", "QI", "qi"]}),
    );
    assert_eq!(ch["events"][0]["payload"]["words"], json!(["QI"]));
    let challenge = ch["events"][0]["seq"].as_u64().unwrap();
    let ruled = ok(
        &mut ev.pic,
        m,
        json!({"type": "rule_word", "challenge": challenge, "valid": true}),
    );
    assert_eq!(ruled["state"]["scores"]["a"], 22 + 5);
}

// rule T17d
#[test]
fn a_team_game_ending_on_time_keeps_the_last_play_open_to_the_flagged_team_t17d() {
    let mut ev = setup_event();
    let m = ev.new_match(1);
    ok(&mut ev.table, m, json!({"type": "start", "first": "a"}));
    // A runs out first (T5); B1 then plays a phony with 5 s left, and B's clock runs out.
    ev.app.clock().advance(chrono::Duration::minutes(25));
    ev.app
        .clock()
        .advance(chrono::Duration::minutes(25) - chrono::Duration::seconds(5));
    ok(
        &mut ev.table,
        m,
        json!({"type": "play", "words": ["ZQX"], "tiles": 3, "declared": 30, "seat": "B1"}),
    );
    ev.app.clock().advance(chrono::Duration::seconds(5));
    let s = ev.table.get(&format!("/api/v1/matches/{m}")).json();
    assert_eq!(s["status"], "ended", "{s}");
    assert_eq!(s["objection_window"]["seat"], "B1", "{s}");
    // The flagged team still challenges the last play, after the end.
    let ch = ok(
        &mut ev.table,
        m,
        json!({"type": "challenge_word", "by": "A2", "words": ["ZQX"]}),
    );
    let challenge = ch["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["payload"]["type"] == "word_challenged")
        .unwrap()["seq"]
        .as_u64()
        .unwrap();
    // Racks entered while the challenge waits are refused (T7); the result waits (T17d).
    assert_eq!(
        send(
            &mut ev.table,
            m,
            json!({"type": "adjust_racks", "racks": {}})
        )
        .status,
        422
    );
    let ruled = ok(
        &mut ev.pic,
        m,
        json!({"type": "rule_word", "challenge": challenge, "valid": false}),
    );
    assert_eq!(ruled["state"]["scores"]["b"], -10);
    assert!(ruled["state"]["result"].is_null());
    let done = ok(
        &mut ev.table,
        m,
        json!({"type": "adjust_racks", "racks": {"A1": 6, "B2": 2}}),
    );
    assert_eq!(done["state"]["status"], "finished", "{done}");
    assert_eq!(done["state"]["result"]["scores"]["a"], -6);
    assert_eq!(done["state"]["result"]["scores"]["b"], -12);
    assert_eq!(done["state"]["result"]["winner"], "a");
}

// rule T17d
#[test]
fn a_team_game_at_its_time_limit_waits_for_the_last_line_even_after_the_racks_t17d() {
    let mut ev = setup_event();
    let m = created(ev.director.post_json(
        "/api/v1/matches",
        &json!({"event_id": ev.event_id, "table": 1, "side_a": {"team_id": ev.teams.0}, "side_b": {"team_id": ev.teams.1},
                "ruleset": {"preset": "team-2v2", "overrides": {"entry_mode": "board", "clock": {"match_limit_ms": 1_200_000}}}}),
    ))["id"]
        .as_i64()
        .unwrap();
    ok(&mut ev.table, m, json!({"type": "start", "first": "a"}));
    ok(
        &mut ev.table,
        m,
        json!({"type": "play", "move": "8G QI", "declared": 22}),
    );
    ev.app
        .clock()
        .advance(chrono::Duration::minutes(20) - chrono::Duration::seconds(1));
    ok(
        &mut ev.table,
        m,
        json!({"type": "play", "move": "G7 AQ", "declared": 20}),
    );
    ev.app.clock().advance(chrono::Duration::seconds(1));
    let racks = ok(
        &mut ev.table,
        m,
        json!({"type": "adjust_racks", "racks": {}}),
    );
    assert_eq!(racks["state"]["end"]["kind"], "match_time_limit", "{racks}");
    assert!(racks["state"]["result"].is_null(), "{racks}");
    assert_eq!(racks["state"]["objection_window"]["seat"], "B1");
    // The opponents' score challenge is settled by the board: 12 - (20 - 12) = 4.
    let ch = ok(
        &mut ev.table,
        m,
        json!({"type": "challenge_score", "by": "A1"}),
    );
    assert_eq!(ch["state"]["scores"]["b"], 4, "{ch}");
    let done = ok(&mut ev.table, m, json!({"type": "accept"}));
    assert_eq!(done["state"]["result"]["scores"]["a"], 22);
    assert_eq!(done["state"]["result"]["scores"]["b"], 4);
    let refused = send(
        &mut ev.table,
        m,
        json!({"type": "challenge_word", "by": "A2", "words": ["AQ"]}),
    );
    assert_eq!(refused.status, 422);
    assert_eq!(refused.json()["rule"], "T17");
}

// rule T17d, rule N5, rule N9
#[test]
fn an_individual_game_ending_on_time_is_held_challenged_corrected_and_verified_t17d_n5_n9() {
    let mut ev = setup_event();
    let m = created(ev.director.post_json(
        "/api/v1/matches",
        &json!({"event_id": ev.event_id, "table": 1, "side_a": {"name": "Ann"}, "side_b": {"name": "Cy"},
                "ruleset": {"preset": "individual", "overrides": {"clock": {"match_limit_ms": 600_000}}}}),
    ))["id"]
        .as_i64()
        .unwrap();
    let t = &mut ev.table;
    ok(t, m, json!({"type": "start", "first": "a"}));
    ok(
        t,
        m,
        json!({"type": "play", "words": ["ZAX"], "tiles": 3, "declared": 40}),
    );
    ev.app
        .clock()
        .advance(chrono::Duration::minutes(10) - chrono::Duration::seconds(3));
    ok(
        t,
        m,
        json!({"type": "play", "words": ["ZQX"], "tiles": 3, "declared": 33}),
    );
    ev.app.clock().advance(chrono::Duration::seconds(4));
    // Ended on time; within the grace A1 holds the game-ending play (N5), then challenges it.
    let held = ok(t, m, json!({"type": "hold", "by": "A1"}));
    assert_eq!(held["state"]["status"], "ended", "{held}");
    ev.app.clock().advance(chrono::Duration::seconds(50));
    let ch = ok(t, m, json!({"type": "challenge_word", "by": "A1"}));
    let challenge = ch["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["payload"]["type"] == "word_challenged")
        .unwrap()["seq"]
        .as_u64()
        .unwrap();
    ok(
        &mut ev.pic,
        m,
        json!({"type": "rule_word", "challenge": challenge, "valid": false}),
    );
    let t = &mut ev.table;
    let done = ok(
        t,
        m,
        json!({"type": "adjust_racks", "racks": {"A1": 0, "B1": 0}}),
    );
    assert_eq!(done["state"]["result"]["scores"]["a"], 40, "{done}");
    // N9: A1's ZAX was worth 30; corrected without penalty, shown on the slip, re-declared.
    let fixed = ok(
        t,
        m,
        json!({"type": "correct_score", "by": "B1", "turn": 0, "actual": 30}),
    );
    let state = &fixed["state"];
    assert_eq!(state["result"]["scores"]["a"], 30, "{fixed}");
    assert_eq!(state["slip"]["corrections"][0]["from"], 40);
    assert_eq!(state["slip"]["corrections"][0]["to"], 30);
    assert_eq!(state["slip"]["result_final"], false);
    ok(t, m, json!({"type": "verify_slip", "by": "A1"}));
    let verified = ok(t, m, json!({"type": "verify_slip", "by": "B1"}));
    assert_eq!(verified["state"]["slip"]["result_final"], true);
    let refused = send(
        t,
        m,
        json!({"type": "correct_score", "by": "A1", "turn": 0, "actual": 35}),
    );
    assert_eq!(refused.status, 422);
    assert_eq!(refused.json()["rule"], "N9");
}

// rule N8: the results slip carries both names and the highest-scoring word with its score.
#[test]
fn the_results_slip_names_both_sides_and_the_best_word_n8() {
    let mut ev = setup_event();
    let m = created(ev.director.post_json(
        "/api/v1/matches",
        &json!({"event_id": ev.event_id, "table": 1, "side_a": {"team_id": ev.teams.0}, "side_b": {"team_id": ev.teams.1},
                "ruleset": {"preset": "individual", "overrides": {"entry_mode": "board", "end_rack_rule": "none"}}}),
    ))["id"]
        .as_i64()
        .unwrap();
    ok(&mut ev.table, m, json!({"type": "start", "first": "a"}));
    ok(
        &mut ev.table,
        m,
        json!({"type": "play", "move": "8G ZA", "declared": 22}),
    );
    ok(
        &mut ev.table,
        m,
        json!({"type": "play", "move": "9G OX", "declared": 31}),
    );
    // T17d: the last play's grace lapses first, so the announced end gives the result.
    ev.app.clock().advance(chrono::Duration::seconds(5));
    let done = ok(&mut ev.director, m, json!({"type": "announce_end"}));
    let slip = &done["state"]["slip"];
    assert_eq!(slip["names"]["a"], "Anagrammers", "{slip}");
    assert_eq!(slip["names"]["b"], "Bingo Bunch", "{slip}");
    // B's turn (31) outscores A's, but no word of it beats ZA.
    assert_eq!(slip["best_word"]["word"], "ZA", "{slip}");
    assert_eq!(slip["best_word"]["score"], 22, "{slip}");
    assert_eq!(slip["best_word"]["seat"], "A1", "{slip}");
    let shown = ev.table.get(&format!("/api/v1/matches/{m}")).json();
    assert_eq!(shown["slip"], *slip);
}

// rule N3: the tablet records the two drawn tiles and the rules decide who moves first.
#[test]
fn the_recorded_draw_decides_who_moves_first_n3() {
    let mut ev = setup_event();
    let m = ev.new_match(1);
    let res = refused_with(
        &mut ev.table,
        m,
        json!({"type": "draw", "a": "e", "b": "E"}),
        "N3",
    );
    assert!(res.to_string().contains("draw again"), "{res}");
    let bad = send(
        &mut ev.table,
        m,
        json!({"type": "draw", "a": "EE", "b": "A"}),
    );
    assert_eq!(bad.status, 422, "{}", bad.body);
    let started = ok(
        &mut ev.table,
        m,
        json!({"type": "draw", "a": "A", "b": "?"}),
    );
    assert_eq!(started["events"][0]["payload"]["first"], "b");
    assert_eq!(
        started["events"][0]["payload"]["draw"],
        json!({"a": "A", "b": "?"})
    );
    assert_eq!(started["state"]["seat_to_move"], "B1");
    refused_with(
        &mut ev.table,
        m,
        json!({"type": "draw", "a": "A", "b": "B"}),
        "match",
    );
}

// rule N3: the table page offers the draw beside the manual outcome.
#[test]
fn the_table_page_offers_the_draw_n3() {
    let mut ev = setup_event();
    let m = ev.new_match(1);
    let mut tablet = ev.app.client();
    tablet.login_form("table1", "long-password-x");
    let page = tablet.get(&format!("/matches/{m}/table"));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains(r#"data-command="draw""#),
        "{}",
        page.body
    );
    assert!(
        page.body.contains(r#"data-command="start""#),
        "{}",
        page.body
    );
}

fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/gcg")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

// rule C8: the director imports a GCG record into a new board-mode match through the match
// commands; the export gives back the record's totals; nobody else may import.
#[test]
fn the_director_imports_a_gcg_record_and_exports_the_same_totals_c8() {
    let mut ev = setup_event();
    let new = |ev: &mut Hall, end: &str| {
        created(ev.director.post_json(
            "/api/v1/matches",
            &json!({"event_id": ev.event_id, "table": 1, "side_a": {"team_id": ev.teams.0}, "side_b": {"team_id": ev.teams.1},
                    "ruleset": {"preset": "individual", "overrides": {"entry_mode": "board", "end_rack_rule": end, "challenge_rule": "five_point"}}}),
        ))["id"]
            .as_i64()
            .unwrap()
    };
    let text = fixture("magpie_success_five_point_challenge.gcg");
    let record = arbiter::rules::gcg::read(text.as_bytes()).unwrap();
    let m = new(&mut ev, "add_twice");
    let path = format!("/api/v1/matches/{m}/gcg");
    let denied = ev.table.post_json(&path, &json!({"gcg": text}));
    assert_eq!(denied.status, 403, "{}", denied.body);
    let bad = ev.director.post_json(&path, &json!({"gcg": ">x"}));
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert_eq!(bad.json()["field"], "gcg", "{}", bad.body);
    let done = ev.director.post_json(&path, &json!({"gcg": text}));
    assert_eq!(done.status, 200, "{}", done.body);
    let body = done.json();
    assert_eq!(body["status"], "finished", "{body}");
    let totals = record.final_totals();
    assert_eq!(body["scores"]["a"], totals[0]);
    assert_eq!(body["scores"]["b"], totals[1]);
    let out = ev.director.get(&path);
    assert_eq!(out.status, 200);
    let back = arbiter::rules::gcg::read(out.body.as_bytes()).unwrap();
    assert_eq!(back.final_totals(), totals, "{}", out.body);
    // The log is live play's: plays, a challenge and its ruling, the racks, overtime.
    let log = ev
        .director
        .get(&format!("/api/v1/matches/{m}/events"))
        .json();
    let kinds: Vec<&str> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["payload"]["type"].as_str().unwrap())
        .collect();
    for k in [
        "played",
        "word_challenged",
        "word_ruled",
        "racks_adjusted",
        "overtime_penalized",
    ] {
        assert!(kinds.contains(&k), "{k} missing from {kinds:?}");
    }
    // A second import into the same (now finished) match is refused.
    let again = ev.director.post_json(&path, &json!({"gcg": text}));
    assert_eq!(again.status, 422, "{}", again.body);
    // A record the ruleset cannot reproduce is refused and leaves nothing behind.
    let m2 = new(&mut ev, "none");
    let path2 = format!("/api/v1/matches/{m2}/gcg");
    let refused = ev.director.post_json(&path2, &json!({"gcg": text}));
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert_eq!(refused.json()["rule"], "C8", "{}", refused.body);
    let untouched = ev.director.get(&format!("/api/v1/matches/{m2}")).json();
    assert_eq!(untouched["status"], "created");
    assert_eq!(untouched["last_seq"], 1);
}
