//! Issue 15, item 7 (dead ends): every role lands on its own page after signing in, its header
//! shows only the links it may follow (each one answers), and a table with no match yet waits
//! on a page that looks again by itself.

use serde_json::json;

use crate::helpers::{Client, Hall, PASSWORD, TestApp};

/// The hall, plus an event director (`eventdir`, director of this event only) and a captain
/// (`cap`, of the first team).
fn hall_with_every_role() -> Hall {
    let mut h = TestApp::builder().spawn().hall().build();
    for name in ["eventdir", "cap"] {
        h.app.create_user(name, PASSWORD, false);
    }
    let path = format!("/api/v1/events/{}/grants", h.event_id);
    for g in [
        json!({"username": "eventdir", "role": "director"}),
        json!({"username": "cap", "role": "captain", "team_id": h.teams.0}),
    ] {
        assert_eq!(h.director.post_json(&path, &g).status, 201);
    }
    h
}

fn signed_in(h: &Hall, username: &str) -> (Client, String) {
    let mut c = h.app.client();
    let res = c.login_form(username, PASSWORD);
    assert_eq!(res.status, 303, "{username}: {}", res.body);
    let to = res.header("location").unwrap().to_owned();
    (c, to)
}

/// The `href`s of the header's `<nav>`.
fn nav_links(html: &str) -> Vec<String> {
    let nav = html
        .split_once("<nav>")
        .and_then(|(_, rest)| rest.split_once("</nav>"))
        .map(|(nav, _)| nav)
        .expect("a header nav");
    nav.split("href=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap().to_owned())
        .collect()
}

#[test]
fn each_role_lands_on_its_own_page_after_signing_in() {
    let h = hall_with_every_role();
    let e = h.event_id;
    h.app.create_user("nobody", PASSWORD, false);
    for (user, expected) in [
        ("director", "/events".to_owned()),
        ("eventdir", format!("/events/{e}")),
        ("pic", format!("/events/{e}/pic")),
        ("committee", format!("/events/{e}/committee")),
        ("cap", format!("/teams/{}", h.teams.0)),
        ("table1", "/table".to_owned()),
        ("nobody", "/".to_owned()),
    ] {
        let (_, to) = signed_in(&h, user);
        assert_eq!(to, expected, "{user} lands on its own page");
    }
}

#[test]
fn a_page_asked_for_before_signing_in_wins_over_the_landing_page() {
    let h = hall_with_every_role();
    let mut c = h.app.client();
    let csrf = c.csrf_from("/login?next=/account");
    let res = c.post_form(
        "/login",
        &[
            ("csrf", &csrf),
            ("username", "pic"),
            ("password", PASSWORD),
            ("next", "/account"),
        ],
    );
    assert_eq!(res.status, 303);
    assert_eq!(res.header("location"), Some("/account"));
}

#[test]
fn each_role_sees_only_the_links_it_can_use_and_every_one_answers() {
    let mut h = hall_with_every_role();
    let e = h.event_id;
    let team = h.teams.0;
    let m = h.new_match(1);
    let expected: Vec<(&str, Vec<String>)> = vec![
        (
            "director",
            vec![
                "/".into(),
                "/events".into(),
                "/online".into(),
                "/admin/users".into(),
                "/account".into(),
            ],
        ),
        (
            "eventdir",
            vec![
                "/".into(),
                "/events".into(),
                format!("/events/{e}"),
                format!("/events/{e}/pic"),
                format!("/events/{e}/committee"),
                "/online".into(),
                "/account".into(),
            ],
        ),
        (
            "pic",
            vec![
                "/".into(),
                format!("/events/{e}/pic"),
                "/online".into(),
                "/account".into(),
            ],
        ),
        (
            "committee",
            vec![
                "/".into(),
                format!("/events/{e}/committee"),
                "/online".into(),
                "/account".into(),
            ],
        ),
        (
            "cap",
            vec![
                "/".into(),
                format!("/events/{e}/standings"),
                format!("/teams/{team}"),
                "/online".into(),
                "/account".into(),
            ],
        ),
        (
            "table1",
            vec!["/".into(), "/table".into(), "/account".into()],
        ),
    ];
    for (user, links) in expected {
        let (mut c, _) = signed_in(&h, user);
        let home = c.get("/");
        assert_eq!(nav_links(&home.body), links, "{user}'s header");
        for link in links {
            let res = c.get(&link);
            // The table's link goes on to its match; nothing in a header is refused.
            let want = if link == "/table" { 303 } else { 200 };
            assert_eq!(res.status, want, "{user} follows {link}: {}", res.body);
            if link == "/table" {
                assert_eq!(
                    res.header("location"),
                    Some(format!("/matches/{m}/table").as_str())
                );
            }
        }
    }
}

#[test]
fn an_events_director_is_not_offered_new_events_and_is_told_who_may_create_them() {
    let h = hall_with_every_role();
    let (mut c, _) = signed_in(&h, "eventdir");
    let list = c.get("/events");
    assert_eq!(list.status, 200);
    assert!(list.body.contains(&format!("/events/{}", h.event_id)));
    assert!(
        !list.body.contains("/events/new"),
        "no link to a refused form"
    );
    let form = c.get("/events/new");
    assert_eq!(form.status, 403);
    assert!(
        form.body
            .contains("administrator or a director of every event"),
        "{}",
        form.body
    );
    assert!(!form.body.contains("only the event&#x27;s director"));
    // The administrator is offered the form, and it answers.
    let (mut admin, _) = signed_in(&h, "director");
    assert!(admin.get("/events").body.contains("href=\"/events/new\""));
    assert_eq!(admin.get("/events/new").status, 200);
}

#[test]
fn a_table_with_no_match_yet_waits_on_a_page_that_looks_again_by_itself() {
    let mut h = hall_with_every_role();
    let (mut c, _) = signed_in(&h, "table1");
    let waiting = c.get("/table");
    assert_eq!(waiting.status, 200);
    assert!(waiting.body.contains("No match at this table yet"));
    assert!(waiting.body.contains("data-poll=\"/table\""), "it polls");
    let m = h.new_match(1);
    let now = c.get("/table");
    assert_eq!(now.status, 303);
    assert_eq!(
        now.header("location"),
        Some(format!("/matches/{m}/table").as_str())
    );
}

#[test]
fn every_page_names_its_favicon_served_from_this_site() {
    let app = TestApp::builder().spawn();
    let mut c = app.client();
    let home = c.get("/");
    assert!(
        home.body
            .contains("<link rel=\"icon\" href=\"/static/favicon.svg\"")
    );
    let icon = c.get("/static/favicon.svg");
    assert_eq!(icon.status, 200);
    assert_eq!(icon.header("content-type"), Some("image/svg+xml"));
    assert!(icon.body.starts_with("<svg"));
}

#[test]
fn a_log_written_to_a_file_has_no_colour_codes() {
    let db = crate::helpers::TestDb::fresh();
    let mut server = crate::helpers::Binary::spawn(&db, "info");
    // A request, so that the log holds more than the start-up lines.
    assert_eq!(Client::new(&server.base).get("/nope").status, 404);
    server.stop();
    let log = std::fs::read_to_string(&server.log).unwrap();
    assert!(log.contains("INFO"), "{log}");
    assert!(!log.contains('\u{1b}'), "ANSI escapes in a file: {log:?}");
}

/// Issue 15: the administrator's users page names what each grant is for: the event by its
/// name (not its number), the captain's team, the table device's table.
#[test]
fn the_users_page_names_each_grants_event_team_and_table() {
    let h = hall_with_every_role();
    let (mut admin, _) = signed_in(&h, "director");
    let page = admin.get("/admin/users");
    assert_eq!(page.status, 200);
    let row = |user: &str| -> String {
        let start = page
            .body
            .find(&format!("<tr data-user=\"{user}\">"))
            .unwrap_or_else(|| panic!("no row for {user}: {}", page.body));
        let rest = &page.body[start..];
        rest[..rest.find("</tr>").unwrap()].to_owned()
    };
    let e = h.event_id;
    let event_link = format!("<a href=\"/events/{e}\" data-event-name>Hall</a>");
    let cap = row("cap");
    assert!(cap.contains("data-role=\"captain\""), "{cap}");
    assert!(cap.contains(&event_link), "{cap}");
    assert!(
        cap.contains(&format!(
            "team <a href=\"/teams/{}\" data-team-name>Anagrammers</a>",
            h.teams.0
        )),
        "{cap}"
    );
    assert!(
        !cap.contains(&format!("event {e}")),
        "no bare number: {cap}"
    );
    let table = row("table2");
    assert!(table.contains("data-role=\"table\"") && table.contains(&event_link));
    assert!(
        table.contains("table <span data-table-no>2</span>"),
        "{table}"
    );
    assert!(!table.contains("data-team-name"), "{table}");
    let pic = row("pic");
    assert!(
        pic.contains("data-role=\"pic\"") && pic.contains(&event_link),
        "{pic}"
    );
    // An account without grants shows none.
    assert!(!row("outsider").contains("data-grant="));
}
