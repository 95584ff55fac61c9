//! The OpenAPI document served at `/api/v1/openapi.json` against the route table: every
//! `/api/v1` route the server registers is documented, and every documented operation is routed.
//!
//! The route table is read from the source (`src/web/mod.rs` and the `routes` functions it
//! `.configure`s), so a route added there without documentation fails here. The security test
//! uses the same scan for its every-route matrix.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

use crate::helpers::*;

/// One registered route: method (lower case) and path pattern (`/events/{id}`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Route {
    /// `get`, `post`, `put`, …
    pub method: String,
    /// The full path, `/api/v1` included for API routes.
    pub path: String,
}

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

fn web_source(module: &str) -> String {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/web")
        .join(format!("{module}.rs"));
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// The body of `fn routes` in a module, without whitespace.
fn routes_fn(module: &str) -> String {
    let src = web_source(module);
    let start = src
        .find("pub fn routes(")
        .unwrap_or_else(|| panic!("src/web/{module}.rs has no `pub fn routes`"));
    // The function ends at the first line that is a lone closing brace.
    let body = &src[start..];
    let end = body.find("\n}\n").unwrap_or(body.len());
    body[..end].chars().filter(|c| !c.is_whitespace()).collect()
}

fn quoted_at(s: &str, at: usize) -> (String, usize) {
    let rest = &s[at..];
    let end = rest
        .find('"')
        .unwrap_or_else(|| panic!("unclosed string in {rest}"));
    (rest[..end].to_owned(), at + end + 1)
}

fn method_at(s: &str, at: usize) -> Option<String> {
    let rest = s[at..].strip_prefix("web::")?;
    METHODS
        .iter()
        .find(|m| rest.starts_with(&format!("{m}()")))
        .map(|m| (*m).to_owned())
}

/// Scans one `routes` function: `.route("P", web::M()`, `web::resource("P")` followed by
/// `.route(web::M()`, `web::scope("P")` (applies up to the parenthesis that closes the call it
/// is passed to, as `.service(web::scope(…)…)` in mod.rs) and `.configure(module::routes)`
/// (scanned with the current prefix).
fn scan(module: &str, prefix: &str, out: &mut Vec<Route>) {
    let s = routes_fn(module);
    // Parenthesis depth before each byte.
    let depth: Vec<i32> = s
        .bytes()
        .scan(0, |d, b| {
            let before = *d;
            *d += match b {
                b'(' => 1,
                b')' => -1,
                _ => 0,
            };
            Some(before)
        })
        .collect();
    let mut prefix = prefix.to_owned();
    // Open scopes: where each ends, and the prefix before it.
    let mut scopes: Vec<(usize, String)> = Vec::new();
    let mut resource: Option<String> = None;
    let mut i = 0;
    while i < s.len() {
        while let Some((end, outer)) = scopes.last()
            && i >= *end
        {
            prefix = outer.clone();
            scopes.pop();
        }
        let rest = &s[i..];
        if let Some(r) = rest.strip_prefix(".route(\"") {
            let (path, next) = quoted_at(s.as_str(), i + (rest.len() - r.len()));
            let after = next + 1; // the comma
            let method = method_at(&s, after).unwrap_or_else(|| panic!("no method for {path}"));
            out.push(Route {
                method,
                path: format!("{prefix}{path}"),
            });
            i = after;
        } else if let Some(r) = rest.strip_prefix(".route(") {
            if let (Some(m), Some(res)) = (method_at(r, 0), &resource) {
                out.push(Route {
                    method: m,
                    path: format!("{prefix}{res}"),
                });
            }
            i += ".route(".len();
        } else if let Some(r) = rest.strip_prefix("web::resource(\"") {
            let (path, next) = quoted_at(s.as_str(), i + (rest.len() - r.len()));
            resource = Some(path);
            i = next;
        } else if let Some(r) = rest.strip_prefix("web::scope(\"") {
            let (path, next) = quoted_at(s.as_str(), i + (rest.len() - r.len()));
            let end = (i..s.len())
                .find(|&j| depth[j] < depth[i])
                .unwrap_or(s.len());
            scopes.push((end, prefix.clone()));
            prefix = format!("{prefix}{path}");
            i = next;
        } else if let Some(r) = rest.strip_prefix(".configure(") {
            let m = r.split("::").next().unwrap_or_default().to_owned();
            scan(&m, &prefix, out);
            i += ".configure(".len();
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
}

/// Every route the server registers (pages and API), from the route table in the source.
pub fn route_table() -> Vec<Route> {
    let mut out = Vec::new();
    scan("mod", "", &mut out);
    out.sort();
    out.dedup();
    assert!(
        out.len() > 40,
        "the route scan found too few routes: {out:?}"
    );
    out
}

/// The `/api/v1` routes and `/healthz`.
pub fn api_routes() -> BTreeSet<Route> {
    route_table()
        .into_iter()
        .filter(|r| r.path.starts_with("/api/v1/") || r.path == "/healthz")
        .collect()
}

fn documented(doc: &Value) -> BTreeSet<Route> {
    let mut out = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for m in METHODS {
            if item.get(m).is_some() {
                out.insert(Route {
                    method: m.to_owned(),
                    path: path.clone(),
                });
            }
        }
    }
    out
}

fn served_document() -> (TestApp, Value) {
    let app = spawn_app();
    let res = app.client().get("/api/v1/openapi.json");
    assert_eq!(res.status, 200);
    assert!(
        res.header("content-type")
            .unwrap()
            .starts_with("application/json")
    );
    let doc = res.json();
    (app, doc)
}

#[test]
fn every_api_route_is_documented_and_every_documented_operation_is_routed() {
    let (_app, doc) = served_document();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.0"));
    let routed = api_routes();
    let documented = documented(&doc);
    let missing: Vec<_> = routed.difference(&documented).collect();
    let stale: Vec<_> = documented.difference(&routed).collect();
    assert!(missing.is_empty(), "routed but not documented: {missing:?}");
    assert!(stale.is_empty(), "documented but not routed: {stale:?}");
}

#[test]
fn the_route_scan_matches_what_the_server_answers() {
    // Guards the scan itself: each documented operation reaches a handler (whose 404 names what
    // is missing) rather than the default "no page at this address".
    let (app, doc) = served_document();
    let mut c = app.client();
    let token = {
        app.create_user("scanner", "long-password-x", true);
        app.token("scanner", "long-password-x")
    };
    c.bearer = Some(token);
    for r in documented(&doc) {
        let path = r.path.replace("{id}", "987654").replace("{n}", "3");
        let url = format!("{}{path}", app.base);
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        let auth = format!("Bearer {}", c.bearer.as_deref().unwrap());
        let res = match r.method.as_str() {
            "get" => agent.get(&url).header("Authorization", &auth).call(),
            "post" => agent
                .post(&url)
                .header("Authorization", &auth)
                .header("Content-Type", "application/json")
                .send("{}"),
            "put" => agent
                .put(&url)
                .header("Authorization", &auth)
                .header("Content-Type", "text/plain")
                .send("WORD\n"),
            other => panic!("untested method {other}"),
        };
        let mut res = res.unwrap();
        let status = res.status().as_u16();
        let body = res.body_mut().read_to_string().unwrap_or_default();
        assert_ne!(status, 405, "{} {path}: {body}", r.method);
        assert!(
            !body.contains("There is no page at this address"),
            "{} {path} is documented but not routed: {status} {body}",
            r.method
        );
        assert!(status < 500, "{} {path}: {status} {body}", r.method);
    }
}

#[test]
fn error_responses_are_described_with_the_error_body() {
    let (_app, doc) = served_document();
    let err = &doc["components"]["schemas"]["Error"];
    for f in ["error", "message", "field", "current", "rule"] {
        assert!(err["properties"].get(f).is_some(), "Error lacks {f}");
    }
    assert_eq!(
        doc["components"]["securitySchemes"]["bearerAuth"]["scheme"],
        "bearer"
    );
    // Every operation lists at least one error, and every error it lists uses that body.
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let responses = op["responses"].as_object().unwrap();
            for (code, res) in responses {
                if code.starts_with('4') {
                    assert_eq!(
                        res["content"]["application/json"]["schema"]["$ref"],
                        "#/components/schemas/Error",
                        "{method} {path} {code}"
                    );
                }
            }
            if path != "/healthz" && path != "/api/v1/openapi.json" {
                assert!(
                    responses.keys().any(|c| c.starts_with('4')),
                    "{method} {path} documents no error"
                );
            }
        }
    }
    // The command schema names every command type the engine takes.
    let mapping = doc["components"]["schemas"]["Command"]["discriminator"]["mapping"]
        .as_object()
        .unwrap();
    for t in [
        "start",
        "draw",
        "play",
        "pass",
        "exchange",
        "accept",
        "hold",
        "challenge_word",
        "challenge_score",
        "rule_word",
        "rule_score",
        "time_expired",
        "announce_end",
        "adjust_racks",
        "disqualify",
        "walkout",
        "correction",
        "correct_score",
        "verify_slip",
    ] {
        assert!(mapping.contains_key(t), "command type {t} undocumented");
    }
}
