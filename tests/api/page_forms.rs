//! Issue 15: forms that keep what was typed and say what went wrong next to it (the committee's
//! correction, the new-event form, the word list), and the pages' wording of states.

use serde_json::json;

use crate::helpers::{Client, Hall, PASSWORD, TestApp, ok};

fn signed_in(h: &Hall, username: &str) -> Client {
    let mut c = h.app.client();
    assert_eq!(c.login_form(username, PASSWORD).status, 303);
    c
}

/// The part of `html` from `from` to the next `until`.
fn section<'a>(html: &'a str, from: &str, until: &str) -> &'a str {
    let start = html
        .find(from)
        .unwrap_or_else(|| panic!("{from} not in {html}"));
    let rest = &html[start..];
    &rest[..rest.find(until).unwrap_or(rest.len())]
}

#[test]
fn a_refused_correction_is_shown_in_its_own_row_with_what_was_typed_and_its_confirm_names_the_team()
{
    let mut h = TestApp::builder().spawn().hall().build();
    let m = h.new_match(1);
    let path = format!("/api/v1/events/{}/committee", h.event_id);
    let rec = ok(h.committee.post_json(
        &path,
        &json!({"team_id": h.teams.1, "match_id": m, "kind": "walkout", "reason": "left early"}),
    ));
    let id = rec["id"].as_i64().unwrap();
    let mut c = signed_in(&h, "committee");
    let page = format!("/events/{}/committee", h.event_id);
    let csrf = c.csrf_from(&page);
    let page_html = c.get(&page).body;
    assert!(
        page_html.contains(&format!(
            "data-confirm=\"Take back record #{id}, the walkout of Bingo Bunch?\""
        )),
        "the confirm names the record and the team: {page_html}"
    );
    // Refused: a reason over 500 characters (rule E3 keeps records; the reason is bounded).
    let long = "y".repeat(501);
    let res = c.post_form(
        &page,
        &[
            ("csrf", &csrf),
            ("team_id", &h.teams.1.to_string()),
            ("kind", "withdrawal"),
            ("corrects", &id.to_string()),
            ("reason", &long),
        ],
    );
    assert_eq!(res.status, 400);
    let row = section(&res.body, &format!("Correct #{id} "), "</form>");
    assert!(
        row.contains("role=\"alert\""),
        "the error is in the row: {row}"
    );
    assert!(row.contains(&long), "what was typed is kept");
    let main = section(&res.body, "<h1>", "<h2>Records</h2>");
    assert!(
        !main.contains("role=\"alert\""),
        "not at the new-record form"
    );
    // Nothing was recorded.
    let records = ok(h.committee.get(&path));
    assert_eq!(records.as_array().unwrap().len(), 1);
}

/// The example the new-event form gives for its overrides (its `placeholder`).
fn example_overrides(html: &str) -> String {
    let at = html.find("name=\"overrides\"").expect("the overrides box");
    let rest = &html[at..];
    let p = rest.find("placeholder='").expect("an example") + "placeholder='".len();
    let example = &rest[p..];
    example[..example.find('\'').unwrap()]
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
}

#[test]
fn the_new_event_forms_own_example_override_is_accepted() {
    let h = TestApp::builder().spawn().hall().build();
    let mut c = signed_in(&h, "director");
    let form = c.get("/events/new");
    assert_eq!(form.status, 200);
    let example = example_overrides(&form.body);
    assert!(example.contains("side_ms"), "{example}");
    let csrf = c.csrf_from("/events/new");
    let res = c.post_form(
        "/events/new",
        &[
            ("csrf", &csrf),
            ("name", "Example cup"),
            ("preset", "team-2v2"),
            ("overrides", &example),
            ("tile_set", "english"),
            ("lexicon", "default"),
        ],
    );
    assert_eq!(res.status, 303, "{}", res.body);
    let id: i64 = res.header("location").unwrap()["/events/".len()..]
        .parse()
        .unwrap();
    let ev = ok(c.get(&format!("/api/v1/events/{id}")));
    assert_eq!(ev["ruleset"]["overrides"]["clock"]["side_ms"], 1_500_000);
    // The old example names no field of the ruleset, and is refused with the form shown again.
    let refused = c.post_form(
        "/events/new",
        &[
            ("csrf", &csrf),
            ("name", "Old example cup"),
            ("preset", "team-2v2"),
            ("overrides", r#"{"clock": {"team_ms": 1500000}}"#),
            ("tile_set", "english"),
            ("lexicon", "default"),
        ],
    );
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("team_ms"));
}

#[test]
fn a_refused_word_list_keeps_what_was_typed() {
    let h = TestApp::builder().spawn().hall().build();
    let mut c = signed_in(&h, "director");
    let page = format!("/events/{}/lexicon", h.event_id);
    let csrf = c.csrf_from(&page);
    let words = "CAT\nDOG\nc@t\nBIRD";
    let res = c.post_form(
        &page,
        &[("csrf", &csrf), ("lexicon_name", "MINE"), ("words", words)],
    );
    assert!(
        res.status == 400 || res.status == 422,
        "{}: {}",
        res.status,
        res.body
    );
    assert!(res.body.contains("role=\"alert\""));
    assert!(
        res.body.contains("CAT\nDOG\nc@t\nBIRD</textarea>"),
        "the words are kept: {}",
        res.body
    );
    // Still the bundled list.
    let ev = ok(c.get(&format!("/api/v1/events/{}", h.event_id)));
    assert_ne!(ev["lexicon"], "MINE");
}

#[test]
fn a_refused_pairing_is_announced_at_the_top_of_the_directors_page_with_a_link_to_its_form() {
    let h = TestApp::builder().spawn().hall().build();
    let mut c = signed_in(&h, "director");
    let page = format!("/events/{}", h.event_id);
    let csrf = c.csrf_from(&page);
    let res = c.post_form(
        &format!("/events/{}/rounds", h.event_id),
        &[
            ("csrf", &csrf),
            ("method", "manual"),
            ("pairs", "Anagrammers v Nobody"),
        ],
    );
    assert_eq!(res.status, 400, "{}", res.body);
    let top = section(&res.body, "<h1>", "<h2>Teams");
    assert!(
        top.contains("class=\"error banner\"") && top.contains("no team named Nobody"),
        "a banner under the title: {top}"
    );
    assert!(top.contains("href=\"#new-round\""), "{top}");
    // The form keeps its own message and what was typed.
    let form = section(&res.body, "id=\"new-round\"", "</form>");
    assert!(form.contains("no team named Nobody") && form.contains("Anagrammers v Nobody"));
    assert!(
        form.contains("<option value=\"manual\" selected>"),
        "the method is kept: {form}"
    );
    // Nothing paired.
    assert!(
        ok(c.get(&format!("/api/v1/events/{}/rounds", h.event_id)))
            .as_array()
            .unwrap()
            .is_empty()
    );
}

#[test]
fn pages_say_states_in_words_a_finished_round_is_finished_and_waits_read_as_minutes() {
    let mut h = TestApp::builder().manual_clock().spawn().hall().build();
    let e = h.event_id;
    ok(h.director.post_json(
        &format!("/api/v1/events/{e}/rounds"),
        &json!({"method": "round_robin"}),
    ));
    let rounds = ok(h.director.get(&format!("/api/v1/events/{e}/rounds")));
    let m = rounds[0]["tables"][0]["match_id"].as_i64().unwrap();
    let cmd = |h: &mut Hall, seq: i64, command: serde_json::Value| {
        ok(h.table.post_json(
            &format!("/api/v1/matches/{m}/commands"),
            &json!({"expected_seq": seq, "command": command}),
        ))
    };
    cmd(&mut h, 1, json!({"type": "start", "first": "a"}));
    cmd(
        &mut h,
        2,
        json!({"type": "play", "words": ["CAT"], "tiles": 3, "declared": 10}),
    );
    let mut dir = signed_in(&h, "director");
    let team = dir.get(&format!("/teams/{}", h.teams.0)).body;
    assert!(
        team.contains("in progress") && !team.contains("in_progress"),
        "{team}"
    );
    let before = dir.get(&format!("/events/{e}")).body;
    assert!(
        before.contains("data-status=\"started\">started</span>"),
        "{before}"
    );
    cmd(
        &mut h,
        3,
        json!({"type": "challenge_word", "by": "B1", "words": ["CAT"]}),
    );
    h.app.clock().advance(chrono::Duration::seconds(506));
    let pic = signed_in(&h, "pic").get(&format!("/events/{e}/pic")).body;
    assert!(pic.contains("waiting 8:26"), "m:ss, not seconds: {pic}");
    // The committee ends the match: every table of the round is finished.
    ok(h.committee.post_json(
        &format!("/api/v1/events/{e}/committee"),
        &json!({"team_id": h.teams.1, "match_id": m, "kind": "walkout", "reason": "left"}),
    ));
    let after = dir.get(&format!("/events/{e}")).body;
    assert!(
        after.contains("data-status=\"finished\">finished</span>"),
        "{after}"
    );
}
