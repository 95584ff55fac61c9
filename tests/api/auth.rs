//! Accounts, sessions, CSRF, and the admin command line.

use serde_json::json;

use crate::helpers::*;

#[test]
fn token_then_me_returns_the_user_and_roles() {
    let app = spawn_app();
    app.create_user("director1", "long-password-1", false);
    let token = app.token("director1", "long-password-1");
    let mut c = app.client();
    c.bearer = Some(token);
    let me = c.get("/api/v1/me");
    assert_eq!(me.status, 200, "{}", me.body);
    let body = me.json();
    assert_eq!(body["username"], "director1");
    assert_eq!(body["is_admin"], false);
    assert!(body["roles"].as_array().unwrap().is_empty());
}

#[test]
fn wrong_password_and_unknown_user_get_the_same_message() {
    let app = spawn_app();
    app.create_user("pic1", "long-password-1", false);
    let mut c = app.client();
    let wrong = c.post_json(
        "/api/v1/auth/token",
        &json!({"username": "pic1", "password": "nope-nope"}),
    );
    let unknown = c.post_json(
        "/api/v1/auth/token",
        &json!({"username": "ghost", "password": "nope-nope"}),
    );
    assert_eq!(wrong.status, 401);
    assert_eq!(unknown.status, 401);
    assert_eq!(wrong.json()["message"], unknown.json()["message"]);
    assert!(!wrong.body.contains("nope-nope"));
}

#[test]
fn me_without_a_token_or_with_a_bad_or_expired_one_is_401() {
    let app = spawn_app();
    let uid = app.create_user("cap1", "long-password-1", false);
    let mut c = app.client();
    assert_eq!(c.get("/api/v1/me").status, 401);
    c.bearer = Some("not.a.token".into());
    assert_eq!(c.get("/api/v1/me").status, 401);
    // Signed with another key.
    let other = arbiter::auth::Keys::new(b"some-other-secret-some-other-secret").unwrap();
    let keys = arbiter::auth::Keys::new(&app.secret).unwrap();
    let sid = keys
        .verify(&app.token("cap1", "long-password-1"))
        .unwrap()
        .sid;
    let now = chrono::Utc::now().timestamp();
    let claims = arbiter::auth::Claims {
        roles: vec![],
        sub: uid.to_string(),
        uid: arbiter::vocab::UserId(uid),
        name: "cap1".into(),
        adm: true,
        sid,
        lang: None,
        iat: now,
        exp: now + 600,
    };
    c.bearer = Some(other.issue(&claims).unwrap());
    assert_eq!(c.get("/api/v1/me").status, 401);
    // Signed with the server's key but expired.
    let expired = arbiter::auth::Claims {
        iat: now - 7200,
        exp: now - 60,
        ..claims.clone()
    };
    c.bearer = Some(keys.issue(&expired).unwrap());
    let res = c.get("/api/v1/me");
    assert_eq!(res.status, 401);
    assert!(res.json()["message"].as_str().unwrap().contains("expired"));
    // And the same key, unexpired, works.
    c.bearer = Some(keys.issue(&claims).unwrap());
    assert_eq!(c.get("/api/v1/me").status, 200);
}

#[test]
fn browser_login_sets_a_strict_http_only_cookie_and_logout_clears_it() {
    let app = spawn_app();
    app.create_user("table7", "long-password-7", false);
    let mut c = app.client();
    let res = c.login_form("table7", "long-password-7");
    assert_eq!(res.status, 303, "{}", res.body);
    let set_cookie = res.header("set-cookie").unwrap();
    let session = set_cookie
        .lines()
        .find(|l| l.starts_with("arbiter_session="))
        .unwrap();
    assert!(session.contains("HttpOnly"));
    assert!(session.contains("SameSite=Strict"));
    let home = c.get("/");
    assert!(home.body.contains("table7"), "{}", home.body);
    let csrf = csrf_in(&home.body).unwrap();
    let out = c.post_form("/logout", &[("csrf", &csrf)]);
    assert_eq!(out.status, 303);
    assert!(!c.cookies.contains_key("arbiter_session"));
    assert!(!c.get("/").body.contains("table7"));
}

#[test]
fn a_failed_browser_login_shows_the_form_again_with_a_message() {
    let app = spawn_app();
    app.create_user("pic2", "long-password-2", false);
    let mut c = app.client();
    let res = c.login_form("pic2", "wrong-password");
    assert_eq!(res.status, 401);
    assert!(res.body.contains("Unknown username or wrong password"));
    assert!(res.body.contains("value=\"pic2\""), "the username is kept");
    assert!(!c.cookies.contains_key("arbiter_session"));
}

#[test]
fn forms_without_a_valid_csrf_token_are_refused() {
    let app = spawn_app();
    app.create_user("boss", "long-password-b", true);
    let mut c = app.client();
    c.get("/login");
    let no_token = c.post_form(
        "/login",
        &[("username", "boss"), ("password", "long-password-b")],
    );
    assert_eq!(no_token.status, 403);
    assert!(no_token.body.contains("CSRF"));
    let forged = c.post_form(
        "/login",
        &[
            ("csrf", "deadbeef"),
            ("username", "boss"),
            ("password", "long-password-b"),
        ],
    );
    assert_eq!(forged.status, 403);
    // A signed-in admin's form is refused too without the token, and nothing is created.
    assert_eq!(c.login_form("boss", "long-password-b").status, 303);
    let res = c.post_form(
        "/admin/users",
        &[("username", "sneaky"), ("password", "long-password-s")],
    );
    assert_eq!(res.status, 403);
    assert!(!c.get("/admin/users").body.contains("sneaky"));
}

#[test]
fn api_writes_with_the_session_cookie_need_the_csrf_header() {
    let app = spawn_app();
    app.create_user("boss", "long-password-b", true);
    let mut c = app.client();
    assert_eq!(c.login_form("boss", "long-password-b").status, 303);
    // GET with the cookie is fine.
    assert_eq!(c.get("/api/v1/me").status, 200);
}

#[test]
fn admin_pages_are_401_for_anonymous_and_403_for_non_admins() {
    let app = spawn_app();
    app.create_user("plain", "long-password-p", false);
    let mut anon = app.client();
    let res = anon.get("/admin/users");
    assert_eq!(res.status, 303);
    assert!(res.header("location").unwrap().starts_with("/login?next="));
    let mut c = app.client();
    c.login_form("plain", "long-password-p");
    let res = c.get("/admin/users");
    assert_eq!(res.status, 403);
    assert!(res.header("content-type").unwrap().starts_with("text/html"));
    let mut api = app.client();
    api.bearer = Some(app.token("plain", "long-password-p"));
    assert_eq!(api.get("/api/v1/me").status, 200);
}

#[test]
fn admin_creates_an_account_and_bad_input_re_renders_the_form() {
    let app = spawn_app();
    app.create_user("boss", "long-password-b", true);
    let mut c = app.client();
    c.login_form("boss", "long-password-b");
    let csrf = c.csrf_from("/admin/users");
    let bad = c.post_form(
        "/admin/users",
        &[("csrf", &csrf), ("username", "new1"), ("password", "short")],
    );
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("at least 8 characters"));
    assert!(bad.body.contains("value=\"new1\""));
    let ok = c.post_form(
        "/admin/users",
        &[
            ("csrf", &csrf),
            ("username", "new1"),
            ("password", "long-enough-1"),
        ],
    );
    assert_eq!(ok.status, 303);
    let list = c.get("/admin/users");
    assert!(list.body.contains("Account new1 created."));
    assert!(list.body.contains("<td>new1</td>"));
    let dup = c.post_form(
        "/admin/users",
        &[
            ("csrf", &csrf),
            ("username", "new1"),
            ("password", "long-enough-1"),
        ],
    );
    assert_eq!(dup.status, 400);
    assert!(dup.body.contains("taken"));
    assert!(!app.token("new1", "long-enough-1").is_empty());
}

#[test]
fn admin_create_command_reads_the_password_from_stdin_or_generates_one() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let db = TestDb::fresh();
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let mut child = Command::new(bin)
        .args(["admin", "create", "--username", "chief", "--password-stdin"])
        .arg("--data-dir")
        .arg(&db.dir)
        .env("DATABASE_URL", db.url_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"chief-password-1\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !String::from_utf8_lossy(&out.stdout).contains("chief-password-1"),
        "a given password is not echoed"
    );

    let generated = Command::new(bin)
        .args(["admin", "create", "--username", "deputy"])
        .arg("--data-dir")
        .arg(&db.dir)
        .env("DATABASE_URL", db.url_string())
        .output()
        .unwrap();
    assert!(generated.status.success());
    let stdout = String::from_utf8_lossy(&generated.stdout);
    let password = stdout.trim().rsplit(' ').next().unwrap().to_owned();
    assert_eq!(password.len(), 19, "{stdout}");

    let dup = Command::new(bin)
        .args(["admin", "create", "--username", "deputy"])
        .arg("--data-dir")
        .arg(&db.dir)
        .env("DATABASE_URL", db.url_string())
        .output()
        .unwrap();
    assert!(!dup.status.success());
    assert!(String::from_utf8_lossy(&dup.stderr).contains("taken"));

    // The server on the same database accepts both accounts.
    let settings = settings_for(&db);
    let state = arbiter::startup::prepare(&settings).unwrap();
    let server = start(state);
    let mut c = Client::new(&server.base);
    for (user, pass) in [("chief", "chief-password-1"), ("deputy", password.as_str())] {
        let res = c.post_json(
            "/api/v1/auth/token",
            &json!({"username": user, "password": pass}),
        );
        assert_eq!(res.status, 200, "{user}: {}", res.body);
        c.bearer = Some(res.json()["token"].as_str().unwrap().to_owned());
        let me = c.get("/api/v1/me").json();
        assert_eq!(me["is_admin"], true);
        c.bearer = None;
    }
}

#[test]
fn first_start_with_no_accounts_creates_one_admin() {
    let app = spawn_app();
    let pool = arbiter::db::build_pool(&app.db.url, 1);
    let mut conn = pool.get().unwrap();
    let users = arbiter::db::users::list(&mut conn).unwrap();
    assert_eq!(users.len(), 1);
    assert!(users[0].is_admin);
    assert_eq!(users[0].username, "admin");
    // A second start does not make another.
    drop(conn);
    let settings = settings_for(&app.db);
    arbiter::startup::prepare(&settings).unwrap();
    let mut conn = pool.get().unwrap();
    assert_eq!(arbiter::db::users::count(&mut conn).unwrap(), 1);
}
