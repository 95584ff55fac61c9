//! Issue 18, "Accounts API": what the administrator's users page and the director's event page
//! do with accounts, grants and languages, through `/api/v1`, so a director's script can set up
//! an event. Each refusal records nothing and leaves the rest as it was.

use serde_json::json;

use crate::helpers::{PASSWORD, created, event, ok, spawn_app};

#[test]
fn an_administrator_creates_reads_and_refuses_accounts_through_the_api() {
    let app = spawn_app();
    let mut admin = app.bearer("root", true);

    let u = created(admin.post_json(
        "/api/v1/users",
        &json!({"username": "pic.one", "password": "a-long-password"}),
    ));
    assert_eq!(u["username"], "pic.one");
    assert_eq!(u["is_admin"], false);
    assert_eq!(u["roles"], json!([]));
    let id = u["id"].as_i64().unwrap();
    // The new account signs in with its password.
    assert!(!app.token("pic.one", "a-long-password").is_empty());
    assert_eq!(
        ok(admin.get(&format!("/api/v1/users/{id}")))["username"],
        "pic.one"
    );

    let mut plain = app.bearer("plain", false);
    // Refusals: each names its field (or says 409), and nothing is created.
    let before = ok(admin.get("/api/v1/users")).as_array().unwrap().len();
    for (body, status, field) in [
        (
            json!({"username": "pic.one", "password": "a-long-password"}),
            409,
            None,
        ),
        (
            json!({"username": "no", "password": "a-long-password"}),
            400,
            Some("username"),
        ),
        (
            json!({"username": "bad name", "password": "a-long-password"}),
            400,
            Some("username"),
        ),
        (
            json!({"username": "shorty", "password": "short"}),
            400,
            Some("password"),
        ),
        (
            json!({"username": "extra", "password": "a-long-password", "role": "pic"}),
            400,
            Some("role"),
        ),
    ] {
        let r = admin.post_json("/api/v1/users", &body);
        assert_eq!(r.status, status, "{body}: {}", r.body);
        if let Some(f) = field {
            assert_eq!(r.json()["field"], f, "{body}: {}", r.body);
        }
    }
    assert_eq!(
        ok(admin.get("/api/v1/users")).as_array().unwrap().len(),
        before
    );
    assert_eq!(admin.get("/api/v1/users/999999").status, 404);

    // Only administrators.
    let r = plain.post_json(
        "/api/v1/users",
        &json!({"username": "sneaky", "password": "a-long-password"}),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(plain.get(&format!("/api/v1/users/{id}")).status, 403);
    assert_eq!(app.client().get(&format!("/api/v1/users/{id}")).status, 401);
    assert_eq!(
        ok(admin.get("/api/v1/users")).as_array().unwrap().len(),
        before
    );
}

#[test]
fn a_director_sets_up_an_events_accounts_in_one_step_each() {
    let app = spawn_app();
    let mut admin = app.bearer("root", true);
    let ev = event(&mut admin, json!({"name": "Cup"}))
        .teams_named(&["Ants", "Bees"])
        .build();
    let other = event(&mut admin, json!({"name": "Other"}))
        .teams_named(&["Cats"])
        .build();
    app.create_user("dee", PASSWORD, false);
    created(admin.post_json(
        &format!("/api/v1/events/{}/grants", ev.id),
        &json!({"username": "dee", "role": "director"}),
    ));
    let mut dee = app.client();
    dee.bearer = Some(app.token("dee", PASSWORD));
    let url = format!("/api/v1/events/{}/accounts", ev.id);

    let table = created(dee.post_json(
        &url,
        &json!({"username": "table7", "password": "table-password", "role": "table", "table": 7}),
    ));
    assert_eq!(table["grant"]["role"], "table");
    assert_eq!(table["grant"]["table_no"], 7);
    assert_eq!(table["grant"]["event_id"], ev.id);
    let captain = created(dee.post_json(
        &url,
        &json!({"username": "cap.ants", "password": "captain-password", "role": "captain",
                "team_id": ev.team_ids()[0]}),
    ));
    assert_eq!(captain["grant"]["team_id"], ev.team_ids()[0]);

    // The accounts work: the table device signs in and its /me shows the role.
    let mut t7 = app.client();
    t7.bearer = Some(app.token("table7", "table-password"));
    let me = ok(t7.get("/api/v1/me"));
    assert_eq!(me["is_admin"], false);
    assert_eq!(me["roles"][0]["table_no"], 7);

    // Refusals: both or neither; the name stays free after a refused grant.
    for (body, status, field) in [
        (
            json!({"username": "table7", "password": "table-password", "role": "pic"}),
            409,
            None,
        ),
        (
            json!({"username": "cap.cats", "password": "captain-password", "role": "captain",
                "team_id": other.team_ids()[0]}),
            400,
            Some("team_id"),
        ),
        (
            json!({"username": "cap.none", "password": "captain-password", "role": "captain"}),
            400,
            Some("team_id"),
        ),
        (
            json!({"username": "table0", "password": "table-password", "role": "table", "table": 0}),
            400,
            Some("table"),
        ),
        (
            json!({"username": "boss", "password": "boss-password", "role": "admin"}),
            400,
            Some("role"),
        ),
        (
            json!({"username": "x", "password": "boss-password", "role": "pic"}),
            400,
            Some("username"),
        ),
        (
            json!({"username": "weakpw", "password": "short", "role": "pic"}),
            400,
            Some("password"),
        ),
        (
            json!({"username": "root2", "password": "boss-password", "role": "pic", "is_admin": true}),
            400,
            Some("is_admin"),
        ),
    ] {
        let r = dee.post_json(&url, &body);
        assert_eq!(r.status, status, "{body}: {}", r.body);
        if let Some(f) = field {
            assert_eq!(r.json()["field"], f, "{body}: {}", r.body);
        }
    }
    let names: Vec<String> = ok(admin.get("/api/v1/users"))
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap().to_owned())
        .collect();
    for refused in ["cap.cats", "cap.none", "table0", "boss", "weakpw", "root2"] {
        assert!(
            !names.contains(&refused.to_owned()),
            "{refused} was created"
        );
    }
    // The name of a refused request can still be taken by a good one.
    created(dee.post_json(
        &url,
        &json!({"username": "cap.cats", "password": "captain-password", "role": "captain",
                "team_id": ev.team_ids()[1]}),
    ));

    // Another event's director, a table device and strangers may not.
    let other_url = format!("/api/v1/events/{}/accounts", other.id);
    let r = dee.post_json(
        &other_url,
        &json!({"username": "intruder", "password": "table-password", "role": "pic"}),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    let r = t7.post_json(
        &url,
        &json!({"username": "intruder", "password": "table-password", "role": "pic"}),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    let r = app.client().post_json(
        &url,
        &json!({"username": "intruder", "password": "table-password", "role": "pic"}),
    );
    assert_eq!(r.status, 401, "{}", r.body);
    assert_eq!(
        dee.post_json(
            "/api/v1/events/999999/accounts",
            &json!({"username": "intruder", "password": "table-password", "role": "pic"}),
        )
        .status,
        403
    );
    let names = ok(admin.get("/api/v1/users")).to_string();
    assert!(!names.contains("intruder"));
}

#[test]
fn languages_are_set_through_the_api_for_an_account_and_for_an_event() {
    let app = spawn_app();
    let mut admin = app.bearer("root", true);
    let ev = event(&mut admin, json!({"name": "Piala"})).build();
    let mut plain = app.bearer("plain", false);

    let me = ok(plain.post_json("/api/v1/me/language", &json!({"language": "id"})));
    assert_eq!(me["language"], "id");
    assert_eq!(ok(plain.get("/api/v1/me"))["language"], "id");
    // A refused code changes nothing.
    let r = plain.post_json("/api/v1/me/language", &json!({"language": "de"}));
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.json()["field"], "language");
    assert_eq!(ok(plain.get("/api/v1/me"))["language"], "id");
    // The pages follow the account's choice.
    let mut browser = app.client();
    browser.login_form("plain", PASSWORD);
    assert!(browser.get("/account").body.contains("<html lang=\"id\""));
    // null clears it.
    let me = ok(plain.post_json("/api/v1/me/language", &json!({"language": null})));
    assert_eq!(me["language"], serde_json::Value::Null);

    let url = format!("/api/v1/events/{}/language", ev.id);
    let e = ok(admin.post_json(&url, &json!({"language": "fr"})));
    assert_eq!(e["language"], "fr");
    let r = admin.post_json(&url, &json!({"language": "xx"}));
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.json()["field"], "language");
    let r = plain.post_json(&url, &json!({"language": "en"}));
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(
        ok(admin.get(&format!("/api/v1/events/{}", ev.id)))["language"],
        "fr"
    );
}
