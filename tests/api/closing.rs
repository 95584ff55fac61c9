//! Closing a game from the pages and keeping its sheet honest, over HTTP: racks entered as the
//! tiles left (T19, C2), a withdrawn play's other challenges (T13, T8), actual scores within
//! reach (T8), sheet-mode words of the tile set (C2, C7), and a sheet that adds up (C8).

use serde_json::{Value, json};

use crate::helpers::*;

fn hall() -> Hall {
    TestApp::builder()
        .manual_clock()
        .spawn()
        .hall()
        .event(json!({"name": "Club cup", "ruleset": {"preset": "team-2v2"}}))
        .teams(
            json!({"name": "Anagrammers", "players": ["Ann", "Bob"]}),
            json!({"name": "Bingo Bunch", "players": ["Cy", "Di"]}),
        )
        .build()
}

fn send(c: &mut Client, m: i64, command: Value) -> Resp {
    c.post_json(
        &format!("/api/v1/matches/{m}/commands"),
        &json!({ "command": command }),
    )
}

fn ok_cmd(c: &mut Client, m: i64, command: Value) -> Value {
    let res = send(c, m, command.clone());
    assert_eq!(res.status, 200, "{command} → {}", res.body);
    res.json()
}

fn state(c: &mut Client, m: i64) -> Value {
    ok(c.get(&format!("/api/v1/matches/{m}")))
}

/// C8: each side's sheet lines add up to its total.
fn assert_sheet_adds_up(s: &Value) {
    for side in ["a", "b"] {
        let sum: i64 = s["sheet"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|l| l["side"] == side)
            .map(|l| l["points"].as_i64().unwrap())
            .sum();
        assert_eq!(json!(sum), s["scores"][side], "side {side}: {}", s["sheet"]);
    }
}

/// A team match where A1 played QI for 11, then all four passed twice (T17b).
fn passed_out(h: &mut Hall) -> i64 {
    let m = h.new_match(1);
    ok_cmd(&mut h.table, m, json!({"type": "start", "first": "a"}));
    ok_cmd(
        &mut h.table,
        m,
        json!({"type": "play", "words": ["QI"], "tiles": 2, "declared": 11}),
    );
    for _ in 0..8 {
        ok_cmd(&mut h.table, m, json!({"type": "pass"}));
    }
    m
}

#[test]
fn a_game_over_is_closed_with_the_tiles_left_and_counts_in_the_standings_t19_t18() {
    let mut h = hall();
    let m = h.new_match(1);
    ok_cmd(&mut h.table, m, json!({"type": "start", "first": "a"}));
    // T17/T19: not while the game is played.
    let early = send(
        &mut h.table,
        m,
        json!({"type": "adjust_racks", "tiles": {"A1": "E"}}),
    );
    assert_eq!(early.status, 422, "{}", early.body);
    assert!(
        early.json()["message"]
            .as_str()
            .unwrap()
            .contains("not over yet")
    );

    let m = passed_out(&mut h);
    let s = state(&mut h.table, m);
    assert_eq!(s["status"], "ended");
    assert_eq!(s["racks_due"], true);
    let seq = s["last_seq"].clone();

    // Refusals name the rack and record nothing.
    let junk = send(
        &mut h.table,
        m,
        json!({"type": "adjust_racks", "tiles": {"A2": "Q@"}}),
    );
    assert_eq!(junk.status, 422, "{}", junk.body);
    let body = junk.json();
    assert_eq!(
        (body["field"].as_str(), body["rule"].as_str()),
        (Some("tiles.A2"), Some("C2"))
    );
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("A2's rack: @ is not a tile"),
        "{body}"
    );
    let many = send(
        &mut h.table,
        m,
        json!({"type": "adjust_racks", "tiles": {"B1": "ABCDEFGH"}}),
    );
    assert_eq!(many.status, 422);
    assert_eq!(many.json()["field"], "tiles.B1");
    assert_eq!(state(&mut h.table, m)["last_seq"], seq, "nothing recorded");

    // The table enters the tiles; the rules value them (Q 10 + E 1, Z 10 + a blank 0).
    let done = ok_cmd(
        &mut h.table,
        m,
        json!({"type": "adjust_racks", "tiles": {"A1": "qe", "B2": "Z?"}}),
    );
    let s = &done["state"];
    assert_eq!(s["status"], "finished");
    assert_eq!(s["scores"], json!({"a": 0, "b": -10}));
    assert_eq!(s["result"]["winner"], "a");
    assert_eq!(s["racks_due"], false);
    assert_sheet_adds_up(s);

    // T19: once.
    let twice = send(
        &mut h.table,
        m,
        json!({"type": "adjust_racks", "tiles": {"A1": "E"}}),
    );
    assert_eq!(twice.status, 422);
    assert!(
        twice.json()["message"]
            .as_str()
            .unwrap()
            .contains("already counted")
    );

    // The result counts in the standings.
    let standings = ok(h
        .app
        .client()
        .get(&format!("/api/v1/events/{}/standings", h.event_id)));
    let a = standings
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "Anagrammers")
        .unwrap();
    assert_eq!(a["wins"], 1, "{standings}");
}

#[test]
fn the_table_and_the_officials_get_the_end_racks_form_others_do_not_t19() {
    let mut h = hall();
    let m = passed_out(&mut h);
    let table = h.table.get(&format!("/matches/{m}/table"));
    assert_eq!(table.status, 200);
    assert!(
        table.body.contains(r#"data-command="adjust_racks""#),
        "{}",
        table.body
    );
    assert!(table.body.contains(r#"name="tiles.B2""#));
    assert!(table.body.contains("Anagrammers agrees"));
    for official in [&mut h.pic, &mut h.director] {
        let page = official.get(&format!("/matches/{m}"));
        assert!(page.body.contains(r#"data-command="adjust_racks""#));
        let live = official.get(&format!("/matches/{m}/board"));
        assert!(live.body.contains(r#"data-command="adjust_racks""#));
    }
    // The PIC's queue page leads to the games waiting to be closed.
    let queue = h.pic.get(&format!("/events/{}/pic", h.event_id));
    assert!(
        queue.body.contains("waiting to be closed"),
        "{}",
        queue.body
    );
    assert!(queue.body.contains(&format!(r#"href="/matches/{m}""#)));
    let watcher = h.outsider.get(&format!("/matches/{m}"));
    assert!(!watcher.body.contains(r#"data-command="adjust_racks""#));
    // Closed: the form is gone, the sheet shows the racks line.
    ok_cmd(
        &mut h.table,
        m,
        json!({"type": "adjust_racks", "tiles": {"B1": "K"}}),
    );
    let table = h.table.get(&format!("/matches/{m}/table"));
    assert!(!table.body.contains(r#"data-command="adjust_racks""#));
    assert!(
        table.body.contains("tiles left: B1 K (5)"),
        "{}",
        table.body
    );
}

#[test]
fn a_withdrawn_play_takes_its_score_challenge_with_it_and_scores_stay_within_reach_t13_t8() {
    let mut h = hall();
    let m = h.new_match(1);
    ok_cmd(&mut h.table, m, json!({"type": "start", "first": "a"}));
    ok_cmd(
        &mut h.table,
        m,
        json!({"type": "play", "words": ["QI"], "tiles": 2, "declared": 22}),
    );
    ok_cmd(
        &mut h.table,
        m,
        json!({"type": "challenge_score", "by": "B1"}),
    );
    ok_cmd(
        &mut h.table,
        m,
        json!({"type": "challenge_word", "by": "B2", "words": ["QI"]}),
    );
    let q = ok(h
        .pic
        .get(&format!("/api/v1/events/{}/challenges", h.event_id)));
    let open = q["open"].as_array().unwrap();
    assert_eq!(open.len(), 2);
    let id_of = |kind: &str| {
        open.iter().find(|c| c["kind"] == kind).unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    let (score, word) = (id_of("score"), id_of("word"));

    // T8: an actual score QI cannot make is refused, naming the field; nothing is recorded.
    ok(h.pic
        .post_json(&format!("/api/v1/challenges/{score}/claim"), &json!({})));
    let wild = h.pic.post_json(
        &format!("/api/v1/challenges/{score}/rule"),
        &json!({"actual": 9999}),
    );
    assert_eq!(wild.status, 422, "{}", wild.body);
    assert_eq!(wild.json()["field"], "actual");
    assert_eq!(wild.json()["rule"], "T8");

    // T13: the word is invalid: the play is withdrawn, and its score challenge closes with it.
    ok(h.pic
        .post_json(&format!("/api/v1/challenges/{word}/claim"), &json!({})));
    ok(h.pic.post_json(
        &format!("/api/v1/challenges/{word}/rule"),
        &json!({"valid": false}),
    ));
    let q = ok(h
        .pic
        .get(&format!("/api/v1/events/{}/challenges", h.event_id)));
    assert_eq!(q["open"], json!([]), "{q}");
    let late = h.pic.post_json(
        &format!("/api/v1/challenges/{score}/rule"),
        &json!({"actual": 11}),
    );
    assert_ne!(late.status, 200, "{}", late.body);
    let s = state(&mut h.table, m);
    assert_eq!(s["scores"]["a"], -10);
    assert_eq!(s["objection_window"], Value::Null);
    assert_sheet_adds_up(&s);
    // The tablet offers no challenge on the withdrawn play.
    let page = h.table.get(&format!("/matches/{m}/table"));
    assert!(!page.body.contains(r#"data-command="challenge_score""#));
}

#[test]
fn sheet_mode_words_are_letters_of_the_tile_set_c2_c7() {
    let mut h = hall();
    let m = h.new_match(1);
    ok_cmd(&mut h.table, m, json!({"type": "start", "first": "a"}));
    let seq = state(&mut h.table, m)["last_seq"].clone();
    for bad in ["c@t", "ÉTÉ", "cat"] {
        let res = send(
            &mut h.table,
            m,
            json!({"type": "play", "words": [bad], "tiles": 3, "declared": 5}),
        );
        assert_eq!(res.status, 422, "{bad}: {}", res.body);
        assert_eq!(res.json()["field"], "words", "{bad}");
        assert!(res.json()["message"].as_str().unwrap().contains("words: "));
    }
    assert_eq!(state(&mut h.table, m)["last_seq"], seq, "nothing recorded");
    // A blank is its letter in lowercase.
    let s = ok_cmd(
        &mut h.table,
        m,
        json!({"type": "play", "words": ["cAT"], "tiles": 3, "declared": 2}),
    );
    assert_eq!(s["state"]["turns"][0]["action"]["words"], json!(["cAT"]));
}

#[test]
fn an_individual_result_waits_for_both_players_to_verify_the_slip_on_the_tablet_n9() {
    let mut h = hall();
    let m = created(h.director.post_json(
        "/api/v1/matches",
        &json!({"event_id": h.event_id, "table": 1, "side_a": {"name": "Ann"}, "side_b": {"name": "Cy"},
                "ruleset": {"preset": "individual"}}),
    ))["id"]
        .as_i64()
        .unwrap();
    ok_cmd(&mut h.table, m, json!({"type": "start", "first": "a"}));
    ok_cmd(
        &mut h.table,
        m,
        json!({"type": "play", "words": ["QI"], "tiles": 2, "declared": 11}),
    );
    // N6: six scoreless turns end the game.
    for _ in 0..6 {
        ok_cmd(&mut h.table, m, json!({"type": "pass"}));
    }
    let done = ok_cmd(
        &mut h.table,
        m,
        json!({"type": "adjust_racks", "tiles": {"A1": "E", "B1": "K"}}),
    );
    assert_eq!(done["state"]["slip"]["result_final"], false);
    let page = h.table.get(&format!("/matches/{m}/table"));
    assert!(
        page.body.contains("A1&#39;s side verifies the slip"),
        "{}",
        page.body
    );
    assert!(page.body.contains("B1&#39;s side verifies the slip"));
    ok_cmd(&mut h.table, m, json!({"type": "verify_slip", "by": "A1"}));
    let page = h.table.get(&format!("/matches/{m}/table"));
    assert!(!page.body.contains("A1&#39;s side verifies the slip"));
    assert!(page.body.contains("B1&#39;s side verifies the slip"));
    // N9: a side verifies once.
    let again = send(&mut h.table, m, json!({"type": "verify_slip", "by": "A1"}));
    assert_eq!(again.status, 422);
    let last = ok_cmd(&mut h.table, m, json!({"type": "verify_slip", "by": "B1"}));
    assert_eq!(last["state"]["slip"]["result_final"], true);
    let page = h.table.get(&format!("/matches/{m}/table"));
    assert!(!page.body.contains("verifies the slip"));
}

/// T19: the end-racks form sends which sides agreed; a closing without both is refused with the
/// field named and nothing recorded; with both it closes; a program sending none closes as
/// before; agreements on another command are refused.
#[test]
fn a_closing_sent_with_agreements_needs_both_sides_t19() {
    let mut h = hall();
    let m = passed_out(&mut h);
    let before = state(&mut h.table, m);
    let path = format!("/api/v1/matches/{m}/commands");
    let close = json!({"type": "adjust_racks", "tiles": {"A1": "E", "B1": "QI"}});
    for agreed in [json!([]), json!(["a"]), json!(["b", "b"])] {
        let res = h
            .table
            .post_json(&path, &json!({"command": close, "agreed": agreed}));
        assert_eq!(res.status, 400, "{agreed}: {}", res.body);
        assert_eq!(res.json()["field"], "agreed", "{}", res.body);
        assert!(res.body.contains("both sides confirm"), "{}", res.body);
        let now = state(&mut h.table, m);
        assert_eq!(now["last_seq"], before["last_seq"], "nothing recorded");
        assert_eq!(now["status"], "ended");
    }
    // Agreements mean something only on a closing.
    let res = h.table.post_json(
        &path,
        &json!({"command": {"type": "pass"}, "agreed": ["a", "b"]}),
    );
    assert_eq!(res.status, 400, "{}", res.body);
    assert_eq!(res.json()["field"], "agreed");
    assert_eq!(state(&mut h.table, m)["last_seq"], before["last_seq"]);
    // Both sides: the game closes.
    let res = h
        .table
        .post_json(&path, &json!({"command": close, "agreed": ["b", "a"]}));
    assert_eq!(res.status, 200, "{}", res.body);
    assert_eq!(state(&mut h.table, m)["racks_due"], false);

    // A program that sends no agreements closes as before.
    let m2 = {
        let other = h.new_match(2);
        // table2's device serves table 2.
        for c in [
            json!({"type": "start", "first": "a"}),
            json!({"type": "play", "words": ["QI"], "tiles": 2, "declared": 11}),
        ] {
            ok_cmd(&mut h.table2, other, c);
        }
        for _ in 0..8 {
            ok_cmd(&mut h.table2, other, json!({"type": "pass"}));
        }
        other
    };
    ok_cmd(&mut h.table2, m2, close);
    assert_eq!(state(&mut h.table2, m2)["racks_due"], false);
}
