//! Health, configuration of backends, error pages, static files, security headers.

use crate::helpers::*;

#[test]
fn healthz_reports_the_backend_and_migration_version() {
    let app = spawn_app();
    let res = app.client().get("/healthz");
    assert_eq!(res.status, 200);
    let body = res.json();
    assert_eq!(body["status"], "ok");
    let expected = if postgres_server().is_some() {
        "postgres"
    } else {
        "sqlite"
    };
    assert_eq!(body["database"], expected);
    assert!(
        body["migration"].as_str().unwrap().starts_with("2026"),
        "{body}"
    );
}

#[test]
fn healthz_is_503_when_the_database_cannot_be_reached() {
    // A PostgreSQL URL on a port nobody listens on: the pool cannot connect.
    let db = TestDb::fresh();
    let mut settings = settings_for(&db);
    settings.database =
        arbiter::config::DatabaseUrl::parse("postgres://nobody@127.0.0.1:9/nothing").unwrap();
    let state =
        arbiter::web::AppState::new(arbiter::db::build_pool(&settings.database, 1), &settings)
            .unwrap();
    let server = start(state);
    let res = Client::new(&server.base).get("/healthz");
    assert_eq!(res.status, 503, "{}", res.body);
    assert_eq!(res.json()["status"], "unavailable");
}

#[test]
fn unknown_pages_get_an_html_404_and_unknown_api_paths_get_json() {
    let app = spawn_app();
    let mut c = app.client();
    let page = c.get("/no/such/page");
    assert_eq!(page.status, 404);
    assert!(
        page.header("content-type")
            .unwrap()
            .starts_with("text/html")
    );
    assert!(page.body.contains("404"));
    let api = c.get("/api/v1/no-such-thing");
    assert_eq!(api.status, 404);
    assert_eq!(api.json()["error"], "not_found");
}

#[test]
fn pages_carry_security_headers_and_the_stylesheet_is_served_locally() {
    let app = spawn_app();
    let mut c = app.client();
    let home = c.get("/");
    assert_eq!(home.status, 200);
    let csp = home.header("content-security-policy").unwrap();
    assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"));
    assert!(!csp.contains("unsafe-inline"));
    assert_eq!(home.header("x-content-type-options"), Some("nosniff"));
    assert!(home.header("x-request-id").is_some());
    assert!(home.body.contains("/static/app.css"));
    assert!(
        !home.body.contains("https://"),
        "pages must not load anything from a CDN"
    );
    let css = c.get("/static/app.css");
    assert_eq!(css.status, 200);
    assert!(css.header("content-type").unwrap().starts_with("text/css"));
    assert_eq!(c.get("/static/nope.js").status, 404);
}

#[test]
fn api_rejects_a_malformed_json_body_naming_the_field() {
    let app = spawn_app();
    let res = app
        .client()
        .post_json("/api/v1/auth/token", &serde_json::json!({"username": "x"}));
    assert_eq!(res.status, 400);
    assert_eq!(res.json()["field"], "password");
}

#[test]
fn ctrl_c_stops_the_server_gracefully() {
    let db = TestDb::fresh();
    let mut server = Binary::spawn(&db, "info");
    let sent = std::process::Command::new("kill")
        .args(["-INT", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = server.child.wait().unwrap();
    assert!(status.success(), "exit status {status:?}");
    let log = std::fs::read_to_string(&server.log).unwrap();
    assert!(log.contains("stopped"), "{log}");
}
