//! The API document served at `GET /api/v1/openapi.json`, generated from the code: the
//! handlers' `#[utoipa::path]` annotations name their routes, parameters and responses, and the
//! request and response types derive `ToSchema` from their own fields and serde attributes, so
//! a field or enum value added to a type is in the document without anyone writing it down.
//!
//! Built once, on first request. What lives here: the document's frame (title, security
//! scheme, the operations it lists) and two rewrites of utoipa's output (see [`document`]). No
//! handler lives here.

use std::sync::OnceLock;

use serde_json::{Map, Value, json};
use utoipa::OpenApi;

/// The operations and their types; `paths` lists every `/api/v1` handler and `/healthz`
/// (`tests/api/openapi.rs` checks it against the route table).
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Arbiter API",
        version = "1",
        description = "Tournament operations for Scrabble-format events. Every error is JSON `{error, message, field?, current?, rule?}`. Bodies are limited to 256 KiB (word lists: 8 MiB); larger ones get 413."
    ),
    servers((url = "/")),
    security(("bearerAuth" = [])),
    modifiers(&BearerAuth),
    paths(
    ),
)]
pub struct ApiDoc;

/// The `bearerAuth` scheme every signed-in operation names.
struct BearerAuth;

impl utoipa::Modify for BearerAuth {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearerAuth",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some("From POST /api/v1/auth/token."))
                    .build(),
            ),
        );
    }
}

/// The document as served: JSON text, built once.
pub fn document() -> &'static str {
    static DOC: OnceLock<String> = OnceLock::new();
    DOC.get_or_init(|| {
        let mut doc = serde_json::to_value(ApiDoc::openapi()).unwrap_or(Value::Null);
        rewrite(&mut doc);
        doc.to_string()
    })
}

/// utoipa writes OpenAPI 3.1; the document has always been 3.0, which its readers (the
/// schemathesis fuzzer in CI among them) take as it is. The few 3.1 spellings utoipa uses are
/// turned into their 3.0 equivalents, and the match command's variants, inline in utoipa's
/// output, become named schemas with a discriminator mapping (a client generator names its
/// command types from them).
pub fn rewrite(doc: &mut Value) {
    doc["openapi"] = json!("3.0.3");
    to_openapi_30(doc);
    name_variants(doc, "Command", "type", "Command");
}

/// Rewrites one value of the document, recursively. Property maps are name → schema maps: their
/// keys are field names, never keywords, so only their values are rewritten.
fn to_openapi_30(v: &mut Value) {
    match v {
        Value::Object(map) => {
            schema_30(map);
            for (key, child) in map.iter_mut() {
                if key == "properties" {
                    if let Value::Object(props) = child {
                        props.values_mut().for_each(to_openapi_30);
                    }
                } else {
                    to_openapi_30(child);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(to_openapi_30),
        _ => {}
    }
}

/// One schema object from 3.1 to 3.0: `type: [T, "null"]` and `oneOf: [{type: null}, S]`
/// become `nullable`, `examples: [x]` becomes `example: x`, `propertyNames` (a map's key
/// schema, unknown to 3.0) goes.
fn schema_30(map: &mut Map<String, Value>) {
    if let Some(Value::Array(types)) = map.get("type") {
        let null = json!("null");
        let rest: Vec<Value> = types.iter().filter(|t| **t != null).cloned().collect();
        let nullable = rest.len() < types.len();
        match rest.as_slice() {
            [one] => {
                map.insert("type".into(), one.clone());
            }
            _ => {
                map.remove("type");
            }
        }
        if nullable {
            map.insert("nullable".into(), json!(true));
        }
    }
    for key in ["oneOf", "anyOf"] {
        let Some(Value::Array(items)) = map.get(key) else {
            continue;
        };
        let null = json!({"type": "null"});
        if !items.contains(&null) {
            continue;
        }
        let rest: Vec<Value> = items.iter().filter(|i| **i != null).cloned().collect();
        map.remove(key);
        map.insert("nullable".into(), json!(true));
        match rest.as_slice() {
            [one] => {
                map.insert("allOf".into(), json!([one]));
            }
            _ => {
                map.insert(key.into(), Value::Array(rest));
            }
        }
    }
    if let Some(Value::Array(examples)) = map.get("examples") {
        if let Some(first) = examples.first().cloned() {
            map.insert("example".into(), first);
        }
        map.remove("examples");
    }
    map.remove("propertyNames");
}

/// Names each variant of a `oneOf` tagged by `tag` (`PlayCommand` for `{"type": "play"}`) and
/// maps the tag's values to them.
fn name_variants(doc: &mut Value, schema: &str, tag: &str, suffix: &str) {
    let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    let Some(Value::Array(variants)) = schemas.get_mut(schema).and_then(|s| s.get_mut("oneOf"))
    else {
        return;
    };
    let variants = std::mem::take(variants);
    let mut refs = Vec::new();
    let mut mapping = Map::new();
    let mut named = Vec::new();
    for v in variants {
        let Some(value) = v
            .pointer(&format!("/properties/{tag}/enum/0"))
            .and_then(Value::as_str)
            .map(str::to_owned)
        else {
            refs.push(v);
            continue;
        };
        let name = format!("{}{suffix}", pascal(&value));
        let at = format!("#/components/schemas/{name}");
        refs.push(json!({ "$ref": at }));
        mapping.insert(value, json!(at));
        named.push((name, v));
    }
    for (name, v) in named {
        schemas.insert(name, v);
    }
    if let Some(s) = schemas.get_mut(schema).and_then(Value::as_object_mut) {
        s.insert("oneOf".into(), Value::Array(refs));
        s.insert(
            "discriminator".into(),
            json!({ "propertyName": tag, "mapping": mapping }),
        );
    }
}

/// `challenge_word` → `ChallengeWord`.
fn pascal(snake: &str) -> String {
    snake
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}
