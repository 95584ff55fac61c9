//! The JSON API under `/api/v1` (and `/healthz`), one module per audience: tables and match
//! clients (`table`), the PIC (`pic`), the committee (`committee`), the director (`director`),
//! captains and the public (`public`), and sessions and accounts (`account`).
//!
//! Handlers parse the request into service types, call a service in one `web::block`, and
//! answer JSON; errors become JSON through `web::errors`. Handlers neither query `db` (but for
//! the health check's probe of the schema version) nor build live messages; the URLs are listed
//! in the one route table (`web::routes`), not here. This module keeps the JSON body settings
//! and the health check; `openapi` builds the API description from each handler's
//! `#[utoipa::path]` annotation and the types' `ToSchema` derives (a new handler is listed in
//! `openapi::ApiDoc`'s `paths`, which a test checks); `responses` holds the error sets each
//! annotation names once instead of listing its 4xx answers.

pub mod account;
pub mod analysis;
pub mod committee;
pub mod director;
pub mod duplicate;
pub mod individual;
pub mod individual_phone;
pub mod individual_rounds;
pub mod online;
pub mod openapi;
pub mod pic;
pub mod public;
pub mod responses;
pub mod table;

use actix_web::{HttpResponse, web};
use serde::Serialize;

use crate::error::AppError;
use crate::web::AppState;

/// `GET /healthz`: 200 when the database and the command writer answer, 503 when either does
/// not (a writer that is gone or stuck stops every table's commands: issue 11).
#[utoipa::path(
    get,
    path = "/healthz",
    operation_id = "healthz",
    summary = "Liveness and database check",
    description = "200 when the database and the command writer answer; 503 when either does not.",
    responses(
        (status = 200, description = "The database answers.", body = Health),
        (status = 503, description = "The database does not answer.", body = Health),
    ),
    security(()),
)]
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let database = state.backend.name();
    if !state.desk.ping(std::time::Duration::from_secs(5)).await {
        return HttpResponse::ServiceUnavailable().json(Health::Unavailable {
            status: "unavailable",
            database,
            error: "a command writer does not answer: table or online commands cannot be recorded"
                .into(),
        });
    }
    let probe = state
        .db(|conn| crate::db::migration_version(conn).map_err(AppError::internal))
        .await;
    match probe {
        Ok(migration) => HttpResponse::Ok().json(Health::Ok {
            status: "ok",
            database,
            migration,
            version: env!("CARGO_PKG_VERSION"),
        }),
        Err(e) => HttpResponse::ServiceUnavailable().json(Health::Unavailable {
            status: "unavailable",
            database,
            error: e.to_string(),
        }),
    }
}

/// What `GET /healthz` answers.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum Health {
    /// 200: the database and the command writer answer.
    Ok {
        /// `ok`.
        #[schema(pattern = "^ok$")]
        status: &'static str,
        /// `sqlite` or `postgres`.
        database: &'static str,
        /// The last migration applied.
        migration: Option<String>,
        /// The server's version.
        version: &'static str,
    },
    /// 503: the database or the command writer does not answer.
    Unavailable {
        /// `unavailable`.
        #[schema(pattern = "^unavailable$")]
        status: &'static str,
        /// `sqlite` or `postgres`.
        database: &'static str,
        /// What does not answer.
        error: String,
    },
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
#[utoipa::path(
    get,
    path = "/api/v1/openapi.json",
    operation_id = "openapi",
    summary = "This document",
    responses(
        (status = 200, description = "OpenAPI 3.0 document.", body = Object),
    ),
    security(()),
)]
pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(openapi::document())
}
