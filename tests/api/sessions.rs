//! Issue 11, items 3, 5, 7 and 8: CSRF decided by route, login throttling, sessions that end on
//! the server, and the redirect after login.

use std::io::{Read, Write};
use std::time::Duration;

use serde_json::json;

use crate::helpers::*;

/// One raw request, path sent exactly as written; returns (status, lower-case headers, body).
fn raw(base: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Resp {
    let addr = base.trim_start_matches("http://");
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body).unwrap();
    let mut buf = Vec::new();
    let _ = s.read_to_end(&mut buf);
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {text:?}"));
    let mut out = std::collections::BTreeMap::new();
    for (k, v) in lines.filter_map(|l| l.split_once(':')) {
        out.entry(k.trim().to_lowercase())
            .and_modify(|e: &mut String| {
                e.push('\n');
                e.push_str(v.trim());
            })
            .or_insert_with(|| v.trim().to_owned());
    }
    Resp {
        status,
        headers: out,
        body: body.to_owned(),
    }
}

fn cookie_header(c: &Client) -> String {
    c.cookies
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("; ")
}

/// An administrator's API client, an event, and a director signed in through the login form.
fn event_with_director(app: &TestApp) -> (Client, i64, Client) {
    let mut admin = app.bearer("boss", true);
    app.create_user("dir", PASSWORD, false);
    let event = event(&mut admin, json!({"name": "Cup", "public": false}))
        .grant(json!({"username": "dir", "role": "director"}))
        .build()
        .id;
    let mut dir = app.client();
    assert_eq!(dir.login_form("dir", PASSWORD).status, 303);
    (admin, event, dir)
}

// ---------------------------------------------------------------------------------------------
// Item 3: CSRF by route
// ---------------------------------------------------------------------------------------------

#[test]
fn api_writes_by_cookie_need_the_csrf_header_however_the_path_is_spelled() {
    let app = spawn_app();
    let (admin, event, dir) = event_with_director(&app);
    let cookies = cookie_header(&dir);
    for path in [
        format!("/%61pi/v1/events/{event}/lexicon?name=sneaky"),
        format!("/api/v%31/events/{event}/lexicon?name=sneaky"),
        format!("/api/v1/events/{event}/lexicon?name=sneaky"),
    ] {
        let res = raw(
            &app.base,
            "PUT",
            &path,
            &[("Cookie", &cookies), ("Content-Type", "text/plain")],
            b"QI\nZA\n",
        );
        assert_eq!(res.status, 403, "{path}: {}", res.body);
    }
    let res = raw(
        &app.base,
        "POST",
        &format!("/%61pi/v1/events/{event}/grants"),
        &[("Cookie", &cookies), ("Content-Type", "application/json")],
        json!({"username": "boss", "role": "pic"})
            .to_string()
            .as_bytes(),
    );
    assert_eq!(res.status, 403, "{}", res.body);
    // Answered as the API answers: JSON.
    assert_eq!(res.json()["error"], "forbidden");
    // Nothing changed: no word list, no new grant.
    let mut admin = admin;
    let ev = admin.get(&format!("/api/v1/events/{event}")).json();
    assert_ne!(ev["lexicon"], "sneaky", "{ev}");
    let grants = admin.get(&format!("/api/v1/events/{event}/grants")).json();
    assert_eq!(grants.as_array().unwrap().len(), 1, "{grants}");

    // With the header, a word list still has to come as text, not as a form's encoding.
    let csrf = {
        let mut d = dir;
        d.csrf_from(&format!("/events/{event}"))
    };
    let res = raw(
        &app.base,
        "PUT",
        &format!("/api/v1/events/{event}/lexicon?name=formlist"),
        &[
            ("Cookie", &cookies),
            ("X-CSRF-Token", &csrf),
            ("Content-Type", "application/x-www-form-urlencoded"),
        ],
        b"QI\nZA\n",
    );
    assert_eq!(res.status, 400, "{}", res.body);
    let res = raw(
        &app.base,
        "PUT",
        &format!("/api/v1/events/{event}/lexicon?name=textlist"),
        &[
            ("Cookie", &cookies),
            ("X-CSRF-Token", &csrf),
            ("Content-Type", "text/plain; charset=utf-8"),
        ],
        b"QI\nZA\n",
    );
    assert_eq!(res.status, 200, "{}", res.body);
}

// ---------------------------------------------------------------------------------------------
// Item 5: login throttling
// ---------------------------------------------------------------------------------------------

fn token_attempt(base: &str, username: &str, password: &str) -> Resp {
    Client::new(base).post_json(
        "/api/v1/auth/token",
        &json!({"username": username, "password": password}),
    )
}

#[test]
fn parallel_wrong_guesses_get_429_with_retry_after_instead_of_waiting() {
    let app = spawn_app();
    app.create_user("victim", PASSWORD, false);
    let base = app.base.clone();
    let answers: Vec<Resp> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..40)
            .map(|i| {
                let base = base.clone();
                s.spawn(move || token_attempt(&base, "victim", &format!("guess-{i}")))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let refused: Vec<&Resp> = answers.iter().filter(|r| r.status == 429).collect();
    let checked = answers.iter().filter(|r| r.status == 401).count();
    assert_eq!(refused.len() + checked, answers.len(), "{answers:?}");
    assert!(
        !refused.is_empty(),
        "40 parallel guesses for one name were all checked"
    );
    // At most the free failures plus those already past the gate were checked.
    assert!(checked <= 12, "{checked} of 40 guesses were checked");
    for r in &refused {
        let wait: u64 = r.header("retry-after").unwrap().parse().unwrap();
        assert!(wait >= 1, "{r:?}");
        assert_eq!(r.json()["error"], "too_many_requests");
    }
    // The name stays refused, whatever the password, until its time has passed.
    assert_eq!(token_attempt(&app.base, "victim", PASSWORD).status, 429);
}

#[test]
fn a_success_does_not_reset_the_failures_of_other_names_from_the_same_address() {
    let app = spawn_app();
    app.create_user("friend", PASSWORD, false);
    // Failures spread over many names (each under its own limit) exhaust the address's quota;
    // a correct login with another account in between resets nothing.
    let mut saw_429 = false;
    for i in 0..30 {
        let r = token_attempt(&app.base, &format!("spray{i}"), "wrong-password");
        if i == 5 {
            assert_eq!(token_attempt(&app.base, "friend", PASSWORD).status, 200);
        }
        if r.status == 429 {
            saw_429 = true;
            break;
        }
        assert_eq!(r.status, 401, "{}", r.body);
    }
    assert!(saw_429, "30 failures from one address were never refused");
}

#[test]
fn successful_logins_are_never_throttled() {
    let app = spawn_app();
    app.create_user("often", PASSWORD, false);
    for _ in 0..40 {
        assert_eq!(token_attempt(&app.base, "often", PASSWORD).status, 200);
    }
    let mut c = app.client();
    assert_eq!(c.login_form("often", PASSWORD).status, 303);
}

#[test]
fn a_throttled_login_form_says_when_to_try_again() {
    let app = spawn_app();
    app.create_user("formy", PASSWORD, false);
    let mut c = app.client();
    let mut last = None;
    for _ in 0..8 {
        let r = c.login_form("formy", "not-the-password");
        let done = r.status == 429;
        last = Some(r);
        if done {
            break;
        }
    }
    let r = last.unwrap();
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(r.header("retry-after").is_some());
    assert!(r.body.contains("Try again in"), "{}", r.body);
    assert!(r.header("content-type").unwrap().starts_with("text/html"));
}

// ---------------------------------------------------------------------------------------------
// Item 7: sessions end on the server
// ---------------------------------------------------------------------------------------------

#[test]
fn logout_ends_the_session_for_its_cookie_and_the_same_token_as_bearer() {
    let app = spawn_app();
    app.create_user("leaver", PASSWORD, false);
    let mut b = app.client();
    assert_eq!(b.login_form("leaver", PASSWORD).status, 303);
    let token = b.cookies["arbiter_session"].clone();
    let mut api = app.client();
    api.bearer = Some(token.clone());
    assert_eq!(api.get("/api/v1/me").status, 200);
    let csrf = b.csrf_from("/");
    assert_eq!(b.post_form("/logout", &[("csrf", &csrf)]).status, 303);
    // The old cookie, replayed, is a signed-out browser; the token as Bearer is refused.
    let mut replay = app.client();
    replay.cookies.insert("arbiter_session".into(), token);
    assert!(!replay.get("/").body.contains("leaver"));
    assert_eq!(replay.get("/api/v1/me").status, 401);
    let res = api.get("/api/v1/me");
    assert_eq!(res.status, 401, "{}", res.body);

    // Signing out over the API ends that token's session only.
    let t1 = app.token("leaver", PASSWORD);
    let t2 = app.token("leaver", PASSWORD);
    let mut c1 = app.client();
    c1.bearer = Some(t1);
    let mut c2 = app.client();
    c2.bearer = Some(t2);
    assert_eq!(c1.post_json("/api/v1/auth/logout", &json!({})).status, 204);
    assert_eq!(c1.get("/api/v1/me").status, 401);
    assert_eq!(c2.get("/api/v1/me").status, 200);
}

#[test]
fn a_disabled_account_is_signed_out_at_once_and_cannot_sign_in() {
    let app = spawn_app();
    let (mut admin, event, mut dir) = event_with_director(&app);
    let uid = admin
        .get("/api/v1/users")
        .json()
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["username"] == "dir")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let mut dir_api = app.client();
    dir_api.bearer = Some(app.token("dir", PASSWORD));
    assert_eq!(
        dir_api
            .get(&format!("/api/v1/events/{event}/grants"))
            .status,
        200
    );
    assert_eq!(dir.get(&format!("/events/{event}")).status, 200);

    let res = admin.post_json(&format!("/api/v1/users/{uid}/disable"), &json!({}));
    assert_eq!(res.status, 200, "{}", res.body);
    assert_eq!(res.json()["disabled"], true);
    assert_eq!(
        dir_api
            .get(&format!("/api/v1/events/{event}/grants"))
            .status,
        401
    );
    let page = dir.get(&format!("/events/{event}"));
    assert_eq!(page.status, 303, "{}", page.body);
    let again = token_attempt(&app.base, "dir", PASSWORD);
    assert_eq!(again.status, 403, "{}", again.body);
    // Administrators do not disable themselves; non-administrators disable nobody.
    let me = admin.get("/api/v1/me").json()["id"].as_i64().unwrap();
    assert_eq!(
        admin
            .post_json(&format!("/api/v1/users/{me}/disable"), &json!({}))
            .status,
        409
    );
    assert_eq!(
        dir_api
            .post_json(&format!("/api/v1/users/{me}/disable"), &json!({}))
            .status,
        401
    );

    let res = admin.post_json(&format!("/api/v1/users/{uid}/enable"), &json!({}));
    assert_eq!(res.status, 200, "{}", res.body);
    assert_eq!(token_attempt(&app.base, "dir", PASSWORD).status, 200);
    // The old sessions stay ended.
    assert_eq!(dir_api.get("/api/v1/me").status, 401);
}

#[test]
fn a_password_change_ends_the_other_sessions_and_a_reset_ends_all() {
    let app = spawn_app();
    let (mut admin, _event, _dir) = event_with_director(&app);
    let mut here = app.client();
    here.bearer = Some(app.token("dir", PASSWORD));
    let mut elsewhere = app.client();
    elsewhere.bearer = Some(app.token("dir", PASSWORD));

    let wrong = here.post_json(
        "/api/v1/me/password",
        &json!({"current_password": "nope-nope-nope", "new_password": "brand-new-password"}),
    );
    assert_eq!(wrong.status, 400, "{}", wrong.body);
    assert_eq!(wrong.json()["field"], "current_password");
    let short = here.post_json(
        "/api/v1/me/password",
        &json!({"current_password": PASSWORD, "new_password": "short"}),
    );
    assert_eq!(short.status, 400);
    assert_eq!(short.json()["field"], "new_password");
    let ok = here.post_json(
        "/api/v1/me/password",
        &json!({"current_password": PASSWORD, "new_password": "brand-new-password"}),
    );
    assert_eq!(ok.status, 204, "{}", ok.body);
    assert_eq!(
        here.get("/api/v1/me").status,
        200,
        "the changing session goes on"
    );
    assert_eq!(elsewhere.get("/api/v1/me").status, 401);
    assert_eq!(token_attempt(&app.base, "dir", PASSWORD).status, 401);
    assert_eq!(
        token_attempt(&app.base, "dir", "brand-new-password").status,
        200
    );

    // An administrator's reset ends every session, the holder's too.
    let uid = here.get("/api/v1/me").json()["id"].as_i64().unwrap();
    let res = admin.post_json(
        &format!("/api/v1/users/{uid}/password"),
        &json!({"new_password": "set-by-the-admin"}),
    );
    assert_eq!(res.status, 204, "{}", res.body);
    assert_eq!(here.get("/api/v1/me").status, 401);
    assert_eq!(
        token_attempt(&app.base, "dir", "set-by-the-admin").status,
        200
    );

    // The page does the same for a browser.
    let mut b = app.client();
    assert_eq!(b.login_form("dir", "set-by-the-admin").status, 303);
    let csrf = b.csrf_from("/account");
    let res = b.post_form(
        "/account/password",
        &[
            ("csrf", &csrf),
            ("current_password", "wrong-one-here"),
            ("new_password", "third-password"),
        ],
    );
    assert_eq!(res.status, 400);
    let res = b.post_form(
        "/account/password",
        &[
            ("csrf", &csrf),
            ("current_password", "set-by-the-admin"),
            ("new_password", "third-password"),
        ],
    );
    assert_eq!(res.status, 303, "{}", res.body);
    assert!(b.get("/account").body.contains("Password changed"));
}

#[test]
fn a_revoked_grant_stops_working_on_the_next_request() {
    let app = spawn_app();
    let (mut admin, event, mut dir) = event_with_director(&app);
    app.create_user("refpic", PASSWORD, false);
    let g = admin.post_json(
        &format!("/api/v1/events/{event}/grants"),
        &json!({"username": "refpic", "role": "pic"}),
    );
    let gid = g.json()["id"].as_i64().unwrap();
    let mut pic = app.client();
    pic.bearer = Some(app.token("refpic", PASSWORD));
    assert_eq!(
        pic.get(&format!("/api/v1/events/{event}/challenges"))
            .status,
        200
    );
    // A grant of another event is not this event's to revoke.
    let other = admin
        .post_json("/api/v1/events", &json!({"name": "Other"}))
        .json()["id"]
        .as_i64()
        .unwrap();
    assert_eq!(
        admin
            .post_json(
                &format!("/api/v1/events/{other}/grants/{gid}/revoke"),
                &json!({})
            )
            .status,
        404
    );
    let res = admin.post_json(
        &format!("/api/v1/events/{event}/grants/{gid}/revoke"),
        &json!({}),
    );
    assert_eq!(res.status, 200, "{}", res.body);
    assert_eq!(res.json()["role"], "pic");
    assert_eq!(
        pic.get(&format!("/api/v1/events/{event}/challenges"))
            .status,
        403
    );

    // The director's page revokes too: here, the director's own grant.
    let dashboard = dir.get(&format!("/events/{event}"));
    let csrf = csrf_in(&dashboard.body).unwrap();
    let grants = admin.get(&format!("/api/v1/events/{event}/grants")).json();
    let own = grants
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["username"] == "dir")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    assert!(dashboard.body.contains(&format!("/grants/{own}/revoke")));
    let res = dir.post_form(
        &format!("/events/{event}/grants/{own}/revoke"),
        &[("csrf", &csrf)],
    );
    assert_eq!(res.status, 303, "{}", res.body);
    assert_eq!(dir.get(&format!("/events/{event}")).status, 403);
}

#[test]
fn the_admin_flag_comes_from_the_database_not_the_token() {
    let app = spawn_app();
    app.create_user("plain", PASSWORD, false);
    let keys = arbiter::auth::Keys::new(&app.secret).unwrap();
    let mut claims = keys.verify(&app.token("plain", PASSWORD)).unwrap();
    claims.adm = true;
    let mut c = app.client();
    c.cookies
        .insert("arbiter_session".into(), keys.issue(&claims).unwrap());
    let res = c.get("/admin/users");
    assert_eq!(
        res.status, 403,
        "a token saying adm=true made plain an administrator"
    );
}

#[test]
fn signing_in_replaces_a_csrf_seed_planted_before() {
    let app = spawn_app();
    app.create_user("victim2", PASSWORD, true);
    // The attacker got a seed and its token from the site, and planted the seed in the victim's
    // browser.
    let mut attacker = app.client();
    let planted_token = attacker.csrf_from("/login");
    let planted_seed = attacker.cookies["arbiter_csrf"].clone();
    let mut victim = app.client();
    victim
        .cookies
        .insert("arbiter_csrf".into(), planted_seed.clone());
    let res = victim.post_form(
        "/login",
        &[
            ("csrf", &planted_token),
            ("username", "victim2"),
            ("password", PASSWORD),
            ("next", "/"),
        ],
    );
    assert_eq!(res.status, 303);
    assert_ne!(
        victim.cookies["arbiter_csrf"], planted_seed,
        "the seed was not replaced"
    );
    let forged = victim.post_form(
        "/admin/users",
        &[
            ("csrf", &planted_token),
            ("username", "planted"),
            ("password", "long-password-p"),
        ],
    );
    assert_eq!(forged.status, 403, "{}", forged.body);
}

// ---------------------------------------------------------------------------------------------
// Item 8: the redirect after login
// ---------------------------------------------------------------------------------------------

#[test]
fn login_sends_back_only_to_a_same_site_path() {
    let app = spawn_app();
    app.create_user("goer", PASSWORD, false);
    for (next, want) in [
        ("/\t/evil.example", "/"),
        ("/\n/x", "/"),
        ("/\r\nSet-Cookie: a=b", "/"),
        ("//evil.example", "/"),
        ("/\\evil.example", "/"),
        ("https://evil.example/", "/"),
        ("/ /evil.example", "/"),
        ("/events/1?tab=2", "/events/1?tab=2"),
    ] {
        let mut c = app.client();
        let csrf = c.csrf_from("/login");
        let res = c.post_form(
            "/login",
            &[
                ("csrf", &csrf),
                ("username", "goer"),
                ("password", PASSWORD),
                ("next", next),
            ],
        );
        assert_eq!(res.status, 303, "{next:?}: {}", res.body);
        assert_eq!(res.header("location"), Some(want), "{next:?}");
    }
    // The form carries only a safe `next` either.
    let page = app.client().get("/login?next=/%09/evil.example");
    assert!(
        page.body.contains("name=\"next\" value=\"/\""),
        "{}",
        page.body
    );
}
