//! The OpenAPI document served at `/api/v1/openapi.json` against the route table: every
//! `/api/v1` route the server registers is documented, and every documented operation is routed.
//!
//! Every field a response sends is in the schema the document gives it (the document is
//! generated from the types, `web::api::openapi`; the check guards the derives' attributes).
//!
//! The route table is read from the source (`src/web/mod.rs` and the `routes` functions it
//! `.configure`s), so a route added there without documentation fails here. The security test
//! uses the same scan for its every-route matrix.
//!
//! (A little over 600 lines: the route scan and the field check share the served document and
//! its helpers, and read best side by side.)

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::{Value, json};

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
        let path = r
            .path
            .replace("{id}", "987654")
            .replace("{n}", "3")
            .replace("{seq}", "5");
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

// ---- every field a response carries is in the document ---------------------------------------

/// Follows `$ref`s to the schema they name.
fn resolve<'a>(doc: &'a Value, mut s: &'a Value) -> &'a Value {
    while let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let name = r.trim_start_matches("#/components/schemas/");
        s = &doc["components"]["schemas"][name];
        assert!(!s.is_null(), "dangling reference {r}");
    }
    s
}

/// The object schemas a value must meet at once: the schema itself and each `allOf` part.
fn parts<'a>(doc: &'a Value, s: &'a Value, out: &mut Vec<&'a Value>) {
    let s = resolve(doc, s);
    out.push(s);
    for p in s["allOf"].as_array().into_iter().flatten() {
        parts(doc, p, out);
    }
}

/// What the document leaves out of `value`, a response the server sent at `at`: each key the
/// schema has no property for (nor `additionalProperties` for), each required key missing, in
/// nested objects and arrays too. A `oneOf` is met by its variant with the fewest gaps.
fn gaps(doc: &Value, schema: &Value, value: &Value, at: &str, out: &mut Vec<String>) {
    // A schema that says nothing of its value's shape (`{}` or only a description) takes any
    // value: a ruleset's overrides, a conflict's `current`.
    let keywords = [
        "$ref",
        "type",
        "properties",
        "additionalProperties",
        "items",
        "allOf",
    ];
    if schema.as_object().is_some_and(|s| {
        !keywords
            .iter()
            .chain(&["oneOf", "anyOf"])
            .any(|k| s.contains_key(*k))
    }) {
        return;
    }
    let mut all = Vec::new();
    parts(doc, schema, &mut all);
    for s in &all {
        let variants: Vec<&Value> = ["oneOf", "anyOf"]
            .iter()
            .flat_map(|k| s[*k].as_array().into_iter().flatten())
            .collect();
        if !variants.is_empty() {
            let best = variants
                .iter()
                .map(|v| {
                    let mut g = Vec::new();
                    gaps(doc, v, value, at, &mut g);
                    g
                })
                .min_by_key(Vec::len)
                .unwrap_or_default();
            out.extend(best);
        }
    }
    match value {
        Value::Object(fields) => {
            let props: Vec<&serde_json::Map<String, Value>> = all
                .iter()
                .filter_map(|s| s["properties"].as_object())
                .collect();
            let extra = all
                .iter()
                .map(|s| &s["additionalProperties"])
                .find(|a| a.is_object());
            // A `oneOf` schema's properties live in its variants, checked above.
            let open = all
                .iter()
                .any(|s| s.get("oneOf").is_some() || s.get("anyOf").is_some());
            for (key, v) in fields {
                let at = format!("{at}.{key}");
                match props.iter().find_map(|p| p.get(key)) {
                    Some(p) => gaps(doc, p, v, &at, out),
                    None => match extra {
                        Some(e) => gaps(doc, e, v, &at, out),
                        None if !open => out.push(format!("{at} is not in the schema")),
                        None => {}
                    },
                }
            }
            for s in &all {
                for r in s["required"].as_array().into_iter().flatten() {
                    let r = r.as_str().unwrap_or_default();
                    if !fields.contains_key(r) {
                        out.push(format!("{at}.{r} is required but not sent"));
                    }
                }
            }
        }
        Value::Array(items) => {
            if let Some(item) = all.iter().map(|s| &s["items"]).find(|i| i.is_object()) {
                for (i, v) in items.iter().enumerate() {
                    gaps(doc, item, v, &format!("{at}[{i}]"), out);
                }
            }
        }
        _ => {}
    }
}

/// The schema of an operation's JSON response with this status.
fn response_schema<'a>(doc: &'a Value, method: &str, path: &str, status: u16) -> &'a Value {
    let s = &doc["paths"][path][method]["responses"][status.to_string()]["content"]["application/json"]
        ["schema"];
    assert!(
        !s.is_null(),
        "{method} {path} documents no {status} JSON body"
    );
    s
}

/// Responses checked against the document, and what it leaves out of them.
struct FieldCheck {
    doc: Value,
    failures: Vec<String>,
}

impl FieldCheck {
    /// Checks a successful response of the operation `method path` and returns its body.
    fn check(&mut self, method: &str, path: &str, res: Resp) -> Value {
        assert!(
            res.status < 300,
            "{method} {path}: {} {}",
            res.status,
            res.body
        );
        let body = res.json();
        let schema = response_schema(&self.doc, method, path, res.status).clone();
        let at = format!("{method} {path}");
        gaps(&self.doc, &schema, &body, &at, &mut self.failures);
        body
    }
}

#[test]
fn every_field_a_response_sends_is_in_the_document() {
    let (app, doc) = served_document();
    let mut f = FieldCheck {
        doc,
        failures: Vec::new(),
    };
    app.create_user("director", "long-password-x", true);
    let mut c = app.client();
    c.bearer = Some(app.token("director", "long-password-x"));
    let ev = f.check(
        "post",
        "/api/v1/events",
        c.post_json(
            "/api/v1/events",
            &json!({"name": "Documented", "public": true}),
        ),
    );
    let e = ev["id"].as_i64().unwrap();
    let mut teams = Vec::new();
    for (name, players) in [("Alpha", ["Ann", "Al"]), ("Beta", ["Bea", "Bo"])] {
        let t = f.check(
            "post",
            "/api/v1/events/{id}/teams",
            c.post_json(
                &format!("/api/v1/events/{e}/teams"),
                &json!({"name": name, "players": players}),
            ),
        );
        teams.push(t["id"].as_i64().unwrap());
    }
    let round = f.check(
        "post",
        "/api/v1/events/{id}/rounds",
        c.post_json(
            &format!("/api/v1/events/{e}/rounds"),
            &json!({"method": "round_robin"}),
        ),
    );
    let m = round["tables"][0]["match_id"].as_i64().unwrap();
    let commands = "/api/v1/matches/{id}/commands";
    let url = format!("/api/v1/matches/{m}/commands");
    for cmd in [
        json!({"type": "start", "first": "a"}),
        json!({"type": "play", "words": ["QI"], "tiles": 2, "declared": 22}),
        json!({"type": "challenge_word", "by": "B1", "words": ["QI"]}),
    ] {
        f.check(
            "post",
            commands,
            c.post_json(&url, &json!({ "command": cmd })),
        );
    }
    // An open challenge: the match state's and the queue's challenge fields.
    let state = f.check(
        "get",
        "/api/v1/matches/{id}",
        c.get(&format!("/api/v1/matches/{m}")),
    );
    let queue = f.check(
        "get",
        "/api/v1/events/{id}/challenges",
        c.get(&format!("/api/v1/events/{e}/challenges")),
    );
    // The queue names the challenge's seq: its id in the match state.
    assert_eq!(
        queue["open"][0]["seq"], state["open_challenges"][0]["id"],
        "{queue}"
    );
    let ch = queue["open"][0]["id"].as_i64().unwrap();
    f.check(
        "post",
        "/api/v1/challenges/{id}/claim",
        c.post_json(&format!("/api/v1/challenges/{ch}/claim"), &json!({})),
    );
    f.check(
        "post",
        "/api/v1/challenges/{id}/rule",
        c.post_json(
            &format!("/api/v1/challenges/{ch}/rule"),
            &json!({"valid": true}),
        ),
    );
    for cmd in [
        json!({"type": "pass"}),
        json!({"type": "play", "words": ["ZA"], "tiles": 2, "declared": 31}),
        json!({"type": "challenge_score", "by": "A1"}),
    ] {
        f.check(
            "post",
            commands,
            c.post_json(&url, &json!({ "command": cmd })),
        );
    }
    // A walkout ends the match with a result, a forfeit and a slip.
    f.check(
        "post",
        "/api/v1/events/{id}/committee",
        c.post_json(
            &format!("/api/v1/events/{e}/committee"),
            &json!({"team_id": teams[1], "match_id": m, "kind": "walkout",
                    "reason": "left the hall"}),
        ),
    );
    for (path, url) in [
        ("/api/v1/matches/{id}", format!("/api/v1/matches/{m}")),
        (
            "/api/v1/matches/{id}/events",
            format!("/api/v1/matches/{m}/events"),
        ),
        (
            "/api/v1/events/{id}/challenges",
            format!("/api/v1/events/{e}/challenges"),
        ),
        (
            "/api/v1/events/{id}/committee",
            format!("/api/v1/events/{e}/committee"),
        ),
        (
            "/api/v1/events/{id}/standings",
            format!("/api/v1/events/{e}/standings"),
        ),
        (
            "/api/v1/events/{id}/rounds",
            format!("/api/v1/events/{e}/rounds"),
        ),
        (
            "/api/v1/events/{id}/rounds/{n}",
            format!("/api/v1/events/{e}/rounds/1"),
        ),
        (
            "/api/v1/events/{id}/grants",
            format!("/api/v1/events/{e}/grants"),
        ),
        (
            "/api/v1/events/{id}/teams",
            format!("/api/v1/events/{e}/teams"),
        ),
        ("/api/v1/events/{id}", format!("/api/v1/events/{e}")),
        ("/api/v1/events", "/api/v1/events".to_owned()),
        ("/api/v1/teams/{id}", format!("/api/v1/teams/{}", teams[0])),
        ("/api/v1/me", "/api/v1/me".to_owned()),
        ("/api/v1/users", "/api/v1/users".to_owned()),
        ("/healthz", "/healthz".to_owned()),
    ] {
        f.check("get", path, c.get(&url));
    }
    assert!(
        f.failures.is_empty(),
        "fields the document leaves out:\n{}",
        f.failures.join("\n")
    );
}

#[test]
fn the_field_check_finds_a_field_the_schema_lacks() {
    // Guards the check above: a property taken out of a schema is reported.
    let (_app, mut doc) = served_document();
    let state = json!({"status": "created", "last_seq": 1, "order": ["A1", "B1"]});
    let mut found = Vec::new();
    let schema = json!({"$ref": "#/components/schemas/MatchState"});
    doc["components"]["schemas"]["MatchState"]["properties"]
        .as_object_mut()
        .expect("MatchState has properties")
        .remove("order");
    gaps(&doc, &schema, &state, "state", &mut found);
    assert!(
        found
            .iter()
            .any(|f| f == "state.order is not in the schema"),
        "{found:?}"
    );
}
