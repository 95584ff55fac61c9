//! The JSON API under `/api/v1`, and `/healthz`.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use super::AppState;
use super::session::CurrentUser;
use crate::error::AppError;
use crate::services::accounts;

/// `GET /healthz`: 200 when the database answers, 503 when it does not.
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let database = state.backend.name();
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

/// Body of `POST /api/v1/auth/token`.
#[derive(Deserialize)]
pub struct TokenRequest {
    username: String,
    password: String,
}

/// `POST /api/v1/auth/token`.
pub async fn issue_token(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<TokenRequest>,
) -> Result<HttpResponse, AppError> {
    let peer = req
        .peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default();
    let session = accounts::login(&state, &body.username, &body.password, &peer).await?;
    Ok(HttpResponse::Ok().json(session))
}

/// `GET /api/v1/me`.
pub async fn me(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, AppError> {
    let id = user.0.uid;
    let view = state.db(move |conn| accounts::user_view(conn, id)).await?;
    Ok(HttpResponse::Ok().json(view))
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
