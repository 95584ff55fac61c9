//! The JSON API under `/api/v1` (and `/healthz`), one module per audience: tables and match
//! clients (`table`), the PIC (`pic`), the committee (`committee`), the director (`director`),
//! captains and the public (`public`), and sessions and accounts (`account`).
//!
//! Handlers parse the request into service types, call a service in one `web::block`, and
//! answer JSON; errors become JSON through `web::errors`. Handlers neither query `db` nor
//! build live messages; the URLs are listed in the one route table (`web::routes`), not here.
//! This module keeps the JSON body settings, the health check and the API description.

pub mod account;
pub mod committee;
pub mod director;
pub mod pic;
pub mod public;
pub mod table;

use actix_web::{HttpResponse, web};
use serde_json::json;

use crate::error::AppError;
use crate::web::AppState;

/// `GET /healthz`: 200 when the database and the command writer answer, 503 when either does
/// not (a writer that is gone or stuck stops every table's commands: issue 11).
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let database = state.backend.name();
    if !state.writer.ping(std::time::Duration::from_secs(5)).await {
        return HttpResponse::ServiceUnavailable().json(json!({
            "status": "unavailable",
            "database": database,
            "error": "the command writer does not answer: table commands cannot be recorded",
        }));
    }
    let probe = state
        .db(|conn| crate::db::migration_version(conn).map_err(AppError::internal))
        .await;
    match probe {
        Ok(version) => HttpResponse::Ok().json(json!({
            "status": "ok",
            "database": database,
            "migration": version,
            "version": env!("CARGO_PKG_VERSION"),
        })),
        Err(e) => HttpResponse::ServiceUnavailable().json(json!({
            "status": "unavailable",
            "database": database,
            "error": e.to_string(),
        })),
    }
}

/// JSON bodies: at most 256 KiB, and parse errors become 400s that name the field.
pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(256 * 1024)
        .error_handler(|err, _req| {
            use actix_web::error::JsonPayloadError;
            let app = match &err {
                JsonPayloadError::OverflowKnownLength { .. }
                | JsonPayloadError::Overflow { .. } => {
                    AppError::PayloadTooLarge("the request body is too large".into())
                }
                JsonPayloadError::ContentType => {
                    AppError::bad_request("send the body as application/json")
                }
                JsonPayloadError::Deserialize(e) => {
                    let msg = e.to_string();
                    match msg.split('`').nth(1) {
                        Some(f) if !f.is_empty() => AppError::field(f, msg.clone()),
                        _ => AppError::bad_request(format!("the JSON body is not valid: {msg}")),
                    }
                }
                other => AppError::bad_request(format!("the JSON body could not be read: {other}")),
            };
            app.into()
        })
}

/// `GET /api/v1/openapi.json`: the API description.
pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(include_str!("../openapi.json"))
}
