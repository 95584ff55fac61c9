//! The PIC's claim and rule routes named by the match and the challenge's seq (T11): the id the
//! match state (`open_challenges[].id`), the queue (`seq`) and the `rule_*` commands share. The
//! older routes by queue row id are tested in `ops`.

use serde_json::{Value, json};

use crate::helpers::*;

/// A match at table 1 with a word challenge open on QI: the match, the play's seq and the
/// challenge's seq.
fn challenged(h: &mut Hall) -> (i64, i64, i64) {
    let m = h.new_match(1);
    let send = |h: &mut Hall, command: Value| {
        ok(h.table.post_json(
            &format!("/api/v1/matches/{m}/commands"),
            &json!({ "command": command }),
        ))
    };
    send(h, json!({"type": "start", "first": "a"}));
    let play = send(
        h,
        json!({"type": "play", "words": ["QI"], "tiles": 2, "declared": 22}),
    );
    let challenge = send(
        h,
        json!({"type": "challenge_word", "by": "B1", "words": ["QI"]}),
    );
    let seq_of = |o: &Value| o["events"][0]["seq"].as_i64().unwrap();
    (m, seq_of(&play), seq_of(&challenge))
}

fn queue(h: &mut Hall) -> Value {
    ok(h.pic
        .get(&format!("/api/v1/events/{}/challenges", h.event_id)))
}

#[test]
fn one_challenge_id_names_it_in_the_state_the_queue_and_the_routes_t11() {
    let mut h = spawn_app().hall().build();
    let (m, _, seq) = challenged(&mut h);
    let state = ok(h.pic.get(&format!("/api/v1/matches/{m}")));
    assert_eq!(state["open_challenges"][0]["id"], seq);
    let q = queue(&mut h);
    assert_eq!(q["open"][0]["seq"], seq);
    assert_eq!(q["open"][0]["match_id"], m);

    let claimed = ok(h.pic.post_json(
        &format!("/api/v1/matches/{m}/challenges/{seq}/claim"),
        &json!({}),
    ));
    assert_eq!(claimed["id"], q["open"][0]["id"], "the same queue row");
    assert_eq!(claimed["challenge_seq"], seq);
    // Claiming again is harmless for the holder; the other PIC is told who holds it.
    ok(h.pic.post_json(
        &format!("/api/v1/matches/{m}/challenges/{seq}/claim"),
        &json!({}),
    ));
    let taken = h.pic2.post_json(
        &format!("/api/v1/matches/{m}/challenges/{seq}/claim"),
        &json!({}),
    );
    assert_eq!(taken.status, 409, "{}", taken.body);
    assert!(taken.json()["message"].as_str().unwrap().contains("pic"));
    let not_mine = h.pic2.post_json(
        &format!("/api/v1/matches/{m}/challenges/{seq}/rule"),
        &json!({"valid": true}),
    );
    assert_eq!(not_mine.status, 409, "{}", not_mine.body);

    let ruled = ok(h.pic.post_json(
        &format!("/api/v1/matches/{m}/challenges/{seq}/rule"),
        &json!({"valid": false}),
    ));
    assert_eq!(
        ruled["state"]["scores"]["a"], -10,
        "T13: -10 to the word's maker"
    );
    let q = queue(&mut h);
    assert!(q["open"].as_array().unwrap().is_empty());
    assert_eq!(q["history"][0]["seq"], seq);
    assert_eq!(q["history"][0]["pic"], "pic");
}

#[test]
fn a_ruled_challenge_is_ruled_once_and_claimed_no_more_t11() {
    let mut h = spawn_app().hall().build();
    let (m, _, seq) = challenged(&mut h);
    ok(h.pic.post_json(
        &format!("/api/v1/matches/{m}/challenges/{seq}/rule"),
        &json!({"valid": true}),
    ));
    let before = ok(h.pic.get(&format!("/api/v1/matches/{m}")));
    for (path, body) in [("rule", json!({"valid": false})), ("claim", json!({}))] {
        let again = h.pic.post_json(
            &format!("/api/v1/matches/{m}/challenges/{seq}/{path}"),
            &body,
        );
        assert_eq!(again.status, 409, "{path}: {}", again.body);
        assert!(
            again.json()["message"]
                .as_str()
                .unwrap()
                .contains("already been ruled"),
            "{}",
            again.body
        );
    }
    let after = ok(h.pic.get(&format!("/api/v1/matches/{m}")));
    assert_eq!(after["last_seq"], before["last_seq"], "nothing recorded");
    assert_eq!(after["scores"], before["scores"]);
}

#[test]
fn unknown_seqs_matches_and_non_challenges_are_not_found_and_change_nothing() {
    let mut h = spawn_app().hall().build();
    let (m, play_seq, seq) = challenged(&mut h);
    let before = ok(h.pic.get(&format!("/api/v1/matches/{m}")));
    for (at, what) in [
        (
            format!("/api/v1/matches/{m}/challenges/9999"),
            "an unknown seq",
        ),
        (
            format!("/api/v1/matches/{m}/challenges/{play_seq}"),
            "the seq of a play, not a challenge",
        ),
        (
            format!("/api/v1/matches/987654/challenges/{seq}"),
            "an unknown match",
        ),
    ] {
        for (verb, body) in [("claim", json!({})), ("rule", json!({"valid": true}))] {
            let res = h.pic.post_json(&format!("{at}/{verb}"), &body);
            assert_eq!(res.status, 404, "{what} ({verb}): {}", res.body);
            assert_eq!(res.json()["error"], "not_found");
        }
    }
    let after = ok(h.pic.get(&format!("/api/v1/matches/{m}")));
    assert_eq!(after["last_seq"], before["last_seq"]);
    let q = queue(&mut h);
    assert_eq!(q["open"][0]["claimed_by"], Value::Null, "nobody took it");
}

#[test]
fn only_a_pic_of_the_challenges_event_may_claim_or_rule_it() {
    let mut h = spawn_app().hall().build();
    let (m, _, seq) = challenged(&mut h);
    // A PIC of another event.
    let mut other_pic = h.app.bearer("otherpic", false);
    event(&mut h.director, json!({"name": "Other hall"}))
        .grant(json!({"username": "otherpic", "role": "pic"}))
        .build();
    for (who, client) in [
        ("a PIC of another event", &mut other_pic),
        ("the table", &mut h.table),
        ("the committee", &mut h.committee),
    ] {
        for (verb, body) in [("claim", json!({})), ("rule", json!({"valid": false}))] {
            let res = client.post_json(
                &format!("/api/v1/matches/{m}/challenges/{seq}/{verb}"),
                &body,
            );
            assert_eq!(res.status, 403, "{who} ({verb}): {}", res.body);
        }
    }
    let q = queue(&mut h);
    assert_eq!(q["open"][0]["claimed_by"], Value::Null, "nobody took it");
    let state = ok(h.pic.get(&format!("/api/v1/matches/{m}")));
    assert_eq!(state["open_challenges"][0]["id"], seq, "still open");
    assert_eq!(state["scores"]["a"], 22);
}

#[test]
fn the_pic_page_forms_name_the_match_and_the_seq() {
    let mut h = spawn_app().hall().build();
    let (m, _, seq) = challenged(&mut h);
    let mut browser = h.app.client();
    assert_eq!(browser.login_form("pic", "long-password-x").status, 303);
    let page = browser.get(&format!("/events/{}/pic", h.event_id));
    let claim = format!("/matches/{m}/challenges/{seq}/claim");
    let rule = format!("/matches/{m}/challenges/{seq}/rule");
    assert!(
        page.body.contains(&format!("action=\"{claim}\"")),
        "{}",
        page.body
    );
    let csrf = csrf_in(&page.body).unwrap();
    let res = browser.post_form(&claim, &[("csrf", &csrf)]);
    assert_eq!(res.status, 303);
    assert_eq!(
        res.header("location"),
        Some(format!("/events/{}/pic", h.event_id).as_str())
    );
    let page = browser.get(&format!("/events/{}/pic", h.event_id));
    assert!(
        page.body.contains(&format!("action=\"{rule}\"")),
        "{}",
        page.body
    );
    let res = browser.post_form(&rule, &[("csrf", &csrf), ("valid", "true")]);
    assert_eq!(res.status, 303);
    let s = ok(h.table.get(&format!("/api/v1/matches/{m}")));
    assert_eq!(s["scores"]["a"], 32, "T12: +10 for a valid word");
    // An unknown seq is a 404 page, not a redirect; without the CSRF token, 403.
    let missing = browser.post_form(
        &format!("/matches/{m}/challenges/9999/claim"),
        &[("csrf", &csrf)],
    );
    assert_eq!(missing.status, 404, "{}", missing.body);
    assert_eq!(browser.post_form(&claim, &[]).status, 403);
}
