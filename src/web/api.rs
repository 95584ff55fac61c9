//! The JSON API under `/api/v1`, and `/healthz`.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use super::AppState;
use super::session::{CurrentUser, MaybeUser};
use crate::error::AppError;
use crate::services::{accounts, events, matches};

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

/// `GET /api/v1/openapi.json`: the API description.
pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(super::openapi::document())
}

/// `GET /api/v1/events`.
pub async fn list_events(
    state: web::Data<AppState>,
    user: MaybeUser,
) -> Result<HttpResponse, AppError> {
    let uid = user.0.map(|c| c.uid);
    let events = state
        .db(move |conn| events::visible_events(conn, uid))
        .await?;
    Ok(HttpResponse::Ok().json(events))
}

/// `POST /api/v1/events`.
pub async fn create_event(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<events::NewEventRequest>,
) -> Result<HttpResponse, AppError> {
    let uid = user.0.uid;
    let ev = state
        .db(move |conn| events::create_event(conn, uid, &body))
        .await?;
    Ok(HttpResponse::Created().json(ev))
}

/// `GET /api/v1/events/{id}`.
pub async fn show_event(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let ev = state
        .db(move |conn| events::readable(conn, id, uid))
        .await?;
    Ok(HttpResponse::Ok().json(events::EventView::from(ev)))
}

/// `GET /api/v1/events/{id}/teams`.
pub async fn list_teams(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let teams = state
        .db(move |conn| {
            events::readable(conn, id, uid)?;
            events::teams(conn, id)
        })
        .await?;
    Ok(HttpResponse::Ok().json(teams))
}

/// `POST /api/v1/events/{id}/teams`.
pub async fn create_team(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<events::NewTeamRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.uid, id.into_inner());
    let team = state
        .db(move |conn| events::create_team(conn, uid, id, &body))
        .await?;
    Ok(HttpResponse::Created().json(team))
}

/// `POST /api/v1/events/{id}/grants`.
pub async fn grant_role(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<events::GrantRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.uid, id.into_inner());
    let g = state
        .db(move |conn| events::grant(conn, uid, id, &body))
        .await?;
    Ok(HttpResponse::Created().json(g))
}

/// `POST /api/v1/matches`.
pub async fn create_match(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<matches::NewMatchRequest>,
) -> Result<HttpResponse, AppError> {
    let uid = user.0.uid;
    let now = state.clock.now();
    let cache = state.matches.clone();
    let m = state
        .db(move |conn| matches::create(conn, &cache, now, uid, &body))
        .await?;
    Ok(HttpResponse::Created().json(m))
}

/// `GET /api/v1/matches/{id}`.
pub async fn show_match(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let now = state.clock.now();
    let cache = state.matches.clone();
    let m = state
        .db(move |conn| matches::show(conn, &cache, now, id, uid))
        .await?;
    Ok(HttpResponse::Ok().json(m))
}

/// `POST /api/v1/matches/{id}/commands`.
pub async fn match_command(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<matches::CommandRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.uid, id.into_inner());
    let now = state.clock.now();
    let req = body.into_inner();
    // Rulings and committee records on an event's match have their own door (the PIC's claim,
    // the committee register); sent here, they go through it (issue 11).
    if matches::has_own_door(&req.command) {
        let (cache, sent) = (state.matches.clone(), req.clone());
        let official = state
            .db(move |conn| matches::through_own_door(conn, &cache, now, id, uid, &sent))
            .await?;
        if let Some((outcome, live)) = official {
            state.publish(live);
            return Ok(HttpResponse::Ok().json(outcome));
        }
    }
    let (outcome, live) = state
        .writer
        .execute(now, id, matches::Sender::User(uid), req)
        .await?;
    state.publish(live);
    Ok(HttpResponse::Ok().json(outcome))
}

/// Query of `GET /api/v1/matches/{id}/events`.
#[derive(Deserialize)]
pub struct EventsQuery {
    /// Only events after this seq.
    #[serde(default)]
    after: i64,
}

/// `GET /api/v1/matches/{id}/events`.
pub async fn match_events(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<i64>,
    q: web::Query<EventsQuery>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, after) = (user.0.map(|c| c.uid), id.into_inner(), q.after);
    let evs = state
        .db(move |conn| matches::events(conn, id, uid, after))
        .await?;
    Ok(HttpResponse::Ok().json(evs))
}

/// Body of `POST /api/v1/matches/{id}/gcg`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GcgImport {
    /// The GCG record, as text.
    gcg: String,
}

/// `POST /api/v1/matches/{id}/gcg`: C8, the director imports a GCG record into a new
/// board-mode match.
pub async fn import_match_gcg(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<GcgImport>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.uid, id.into_inner());
    let now = state.clock.now();
    let cache = state.matches.clone();
    let text = body.into_inner().gcg;
    let (detail, live) = state
        .db(move |conn| matches::import_gcg(conn, &cache, now, id, uid, &text))
        .await?;
    state.publish(live);
    Ok(HttpResponse::Ok().json(detail))
}

/// `GET /api/v1/matches/{id}/gcg`.
pub async fn match_gcg(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let cache = state.matches.clone();
    let text = state
        .db(move |conn| matches::gcg(conn, &cache, id, uid))
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(text))
}
