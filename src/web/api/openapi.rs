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
    // The error sets of `responses` refer to it by name; no handler names it as a body.
    components(schemas(crate::error::ErrorBody)),
    paths(
        super::healthz,
        super::duplicate::create_event,
        super::duplicate::show_event,
        super::duplicate::add_player,
        super::duplicate::create_game,
        super::duplicate::ranking,
        super::duplicate::ranking_csv,
        super::duplicate::show_game,
        super::duplicate::record,
        super::duplicate::record_csv,
        super::duplicate::record_gcg,
        super::duplicate::prepare,
        super::duplicate::import_prepared,
        super::duplicate::export_prepared,
        super::duplicate::command,
        super::duplicate::slip,
        super::duplicate::phone_status,
        super::duplicate::phone_slip,
        super::individual::create_event,
        super::individual::show_event,
        super::individual::create_division,
        super::individual::import_division,
        super::individual::tourney_js,
        super::individual::add_player,
        super::individual::set_rating_method,
        super::individual::withdraw,
        super::individual::take_back,
        super::individual::standings,
        super::individual::standings_csv,
        super::individual::results_csv,
        super::individual::export_t,
        super::individual_rounds::pair_next,
        super::individual_rounds::show_round,
        super::individual_rounds::override_round,
        super::individual_rounds::missing,
        super::individual_rounds::quick_entry,
        super::individual_rounds::show_slip,
        super::individual_rounds::slip,
        super::individual_phone::phone_status,
        super::individual_phone::phone_slip,
        super::individual_phone::pins,
        super::online::register,
        super::analysis::online_game,
        super::analysis::upload,
        super::online::settings,
        super::online::set_settings,
        super::online::lobby,
        super::online::create_seek,
        super::online::cancel_seek,
        super::online::decline_seek,
        super::online::accept_seek,
        super::online::show_game,
        super::online::command,
        super::online::preview,
        super::online::record,
        super::online::profile,
        super::online::leaderboard,
        super::openapi,
        super::account::issue_token,
        super::account::logout,
        super::account::change_password,
        super::account::list_users,
        super::account::reset_password,
        super::account::disable,
        super::account::enable,
        super::account::create_user,
        super::account::show_user,
        super::account::set_language,
        super::director::create_event_account,
        super::director::set_event_language,
        super::director::revoke_grant,
        super::account::me,
        super::public::list_events,
        super::director::create_event,
        super::public::show_event,
        super::public::list_teams,
        super::director::create_team,
        super::director::list_grants,
        super::director::grant_role,
        super::public::list_rounds,
        super::director::create_round,
        super::public::show_round,
        super::director::repair_round,
        super::director::import_teams,
        put_lexicon,
        super::director::upload_lexicon,
        super::director::create_match,
        super::table::show_match,
        super::table::match_command,
        super::table::match_events,
        super::director::import_match_gcg,
        super::table::match_gcg,
        super::table::preview,
        super::pic::challenge_queue,
        super::pic::claim_in_match,
        super::pic::rule_in_match,
        super::pic::claim,
        super::pic::rule,
        super::committee::committee_records,
        super::committee::committee_record,
        super::public::standings,
        super::public::team,
    ),
)]
pub struct ApiDoc;

/// `PUT /api/v1/events/{id}/lexicon` is the same handler as the `POST`
/// (`api::director::upload_lexicon`); this item only names its operation in the document.
#[utoipa::path(
    put,
    path = "/api/v1/events/{id}/lexicon",
    operation_id = "putLexicon",
    summary = "Upload the event's word list (director)",
    description = "400 lists bad lines by number; 413 over 8 MiB.",
    params(
        ("id" = i64, Path, description = "Event id."),
        ("name" = String, Query, description = "The list's name (letters, digits, `-_.`; not `enable2k`)."),
    ),
    request_body(content = String, content_type = "text/plain", description = "One word per line; at most 8 MiB."),
    responses(
        (status = 200, description = "Stored.", body = crate::services::import::LexiconView),
        super::responses::WriteErrors,
    ),
)]
#[allow(dead_code)]
fn put_lexicon() {}

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
/// become `nullable`; a tuple's `prefixItems` become `items` that are any of them, with the
/// tuple's length; a `$ref` with siblings goes into an `allOf` (3.0 ignores a reference's
/// siblings); `examples: [x]` becomes `example: x`; `propertyNames` (a map's key schema,
/// unknown to 3.0) goes.
fn schema_30(map: &mut Map<String, Value>) {
    if let Some(Value::Array(tuple)) = map.remove("prefixItems") {
        let n = tuple.len();
        map.insert("items".into(), json!({ "anyOf": tuple }));
        map.insert("minItems".into(), json!(n));
        map.insert("maxItems".into(), json!(n));
    }
    if map.len() > 1
        && let Some(reference) = map.remove("$ref")
    {
        map.insert("allOf".into(), json!([{ "$ref": reference }]));
    }
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
        let v = merged(schemas, v);
        let tag_at = format!("/properties/{tag}/enum/0");
        let Some(value) = v
            .pointer(&tag_at)
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

/// A variant that wraps a type (`Play(Play)`) comes as `allOf` parts: the type and the tag.
/// Written as one object, so that the type's `additionalProperties: false` does not refuse the
/// tag that sits beside its fields.
fn merged(schemas: &Map<String, Value>, v: Value) -> Value {
    let Some(parts) = v.get("allOf").and_then(Value::as_array) else {
        return v;
    };
    let mut properties = Map::new();
    let mut required = Vec::new();
    let mut out = Map::new();
    for part in parts {
        let part = unwrapped(schemas, part);
        if let Some(p) = part["properties"].as_object() {
            properties.extend(p.clone());
        }
        required.extend(part["required"].as_array().cloned().unwrap_or_default());
        if let Some(extra) = part.get("additionalProperties") {
            out.insert("additionalProperties".into(), extra.clone());
        }
    }
    out.insert("type".into(), json!("object"));
    if let Some(d) = v.get("description") {
        out.insert("description".into(), d.clone());
    }
    out.insert("properties".into(), Value::Object(properties));
    out.insert("required".into(), Value::Array(required));
    Value::Object(out)
}

/// The schema a part stands for: through `$ref`s and one-part `allOf` wrappers.
fn unwrapped<'a>(schemas: &'a Map<String, Value>, mut part: &'a Value) -> &'a Value {
    loop {
        if let Some(r) = part.get("$ref").and_then(Value::as_str) {
            match schemas.get(r.trim_start_matches("#/components/schemas/")) {
                Some(s) => part = s,
                None => return part,
            }
        } else if let Some([only]) = part
            .get("allOf")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            && part.get("properties").is_none()
        {
            part = only;
        } else {
            return part;
        }
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
