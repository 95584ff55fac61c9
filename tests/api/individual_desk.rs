//! The director's quick-entry page of an individual division (issue 18): good lines recorded,
//! bad lines kept in the box with their refusal beside them, the missing results as a live
//! fragment, and the page refused to anyone but the event's director.

use serde_json::json;

use crate::helpers::*;

struct Desk {
    app: TestApp,
    api: Client,
    page: Client,
    division: i64,
}

fn setup() -> Desk {
    let app = spawn_app();
    let mut api = app.bearer("chief", true);
    let ev = created(api.post_json(
        "/api/v1/individual/events",
        &json!({"name": "Club Open", "public": true}),
    ));
    let d = created(api.post_json(
        &format!("/api/v1/individual/events/{}/divisions", ev["id"]),
        &json!({"name": "A", "plan": [{"first": 1, "last": 3, "method": "round_robin"}]}),
    ));
    let division = d["id"].as_i64().unwrap();
    for n in ["Ann", "Bob", "Cy", "Di"] {
        created(api.post_json(
            &format!("/api/v1/individual/divisions/{division}/players"),
            &json!({"name": n}),
        ));
    }
    created(api.post_json(
        &format!("/api/v1/individual/divisions/{division}/rounds"),
        &json!({}),
    ));
    let mut page = app.client();
    assert_eq!(page.login_form("chief", PASSWORD).status, 303);
    Desk {
        app,
        api,
        page,
        division,
    }
}

fn opponent(round: &serde_json::Value, p: i64) -> i64 {
    round["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|l| {
            if l["a"] == p {
                l["b"].as_i64()
            } else if l["b"] == p {
                l["a"].as_i64()
            } else {
                None
            }
        })
        .unwrap()
}

#[test]
fn quick_entry_records_good_lines_and_keeps_bad_ones_in_the_box_with_their_refusal() {
    let mut t = setup();
    let d = t.division;
    let round = ok(t
        .api
        .get(&format!("/api/v1/individual/divisions/{d}/rounds/1")));
    let o1 = opponent(&round, 1);
    let other = (2..=4).find(|p| *p != o1).unwrap();
    let url = format!("/individual/divisions/{d}/rounds/1/entry");
    let csrf = t.page.csrf_from(&url);
    let html = t.page.get(&url).body;
    assert!(html.contains("data-missing-count=\"2\""), "{html}");
    let text = format!("1 400 {o1} 350\n1 400 {other} 300\n9 300 1 200\nnonsense");
    let res = t.page.post_form(&url, &[("csrf", &csrf), ("text", &text)]);
    assert_eq!(res.status, 200, "{}", res.body);
    assert!(res.body.contains("data-recorded=\"1\""), "{}", res.body);
    // Wrong opponent, unknown player, not a line: each kept with its refusal.
    assert!(
        res.body
            .contains(&format!("plays {o1} this round, not {other}")),
        "{}",
        res.body
    );
    assert!(res.body.contains("player 9 is not in this division"));
    assert!(
        res.body
            .contains("write a line as: player score opponent score")
    );
    let kept = res.body.split("data-field=\"text\"").nth(1).unwrap();
    let kept = &kept[..kept.find("</textarea>").unwrap()];
    assert!(!kept.contains(&format!("1 400 {o1} 350")), "{kept}");
    assert!(
        kept.contains("9 300 1 200") && kept.contains("nonsense"),
        "{kept}"
    );
    // Entered twice differently: refused, the first result stands (N9: a correction is a
    // record of its own, not a second quick entry).
    let res = t.page.post_form(
        &url,
        &[("csrf", &csrf), ("text", &format!("{o1} 360 1 400"))],
    );
    assert!(res.body.contains("is already entered as"), "{}", res.body);
    let s = ok(t
        .api
        .get(&format!("/api/v1/individual/divisions/{d}/standings")));
    let one = s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["number"] == 1)
        .unwrap();
    assert_eq!(one["spread"].as_i64(), Some(50), "{s}");
    // The live fragment lists the one game still missing.
    let frag = t.page.get(&format!("{url}/missing")).body;
    assert!(frag.contains("data-missing-count=\"1\""), "{frag}");
    // A line the same as recorded is fine (a repeat).
    let res = t.page.post_form(
        &url,
        &[("csrf", &csrf), ("text", &format!("1 400 {o1} 350"))],
    );
    assert!(res.body.contains("data-recorded=\"0\""), "{}", res.body);
}

#[test]
fn the_entry_page_is_the_directors_only_and_refusals_record_nothing() {
    let mut t = setup();
    let d = t.division;
    let url = format!("/individual/divisions/{d}/rounds/1/entry");
    let mut other = t.app.client();
    t.app.create_user("someone", PASSWORD, false);
    assert_eq!(other.login_form("someone", PASSWORD).status, 303);
    assert_eq!(other.get(&url).status, 403);
    assert_eq!(other.get(&format!("{url}/missing")).status, 403);
    let csrf = other.csrf_from("/account");
    let res = other.post_form(&url, &[("csrf", &csrf), ("text", "1 400 2 300")]);
    assert_eq!(res.status, 403);
    // Without the CSRF token: refused.
    let res = t.page.post_form(&url, &[("text", "1 400 2 300")]);
    assert!(res.status == 400 || res.status == 403, "{}", res.status);
    // A round not paired: 404.
    assert_eq!(
        t.page
            .get(&format!("/individual/divisions/{d}/rounds/2/entry"))
            .status,
        404
    );
    // Too long a box: every line stays, nothing is recorded.
    let csrf = t.page.csrf_from(&url);
    let long = "1 400 2 300\n".repeat(6000);
    let res = t.page.post_form(&url, &[("csrf", &csrf), ("text", &long)]);
    assert_eq!(res.status, 422, "{}", &res.body[..200.min(res.body.len())]);
    let missing = ok(t.api.get(&format!(
        "/api/v1/individual/divisions/{d}/rounds/1/missing"
    )));
    assert_eq!(missing.as_array().map(Vec::len), Some(2), "{missing}");
}
