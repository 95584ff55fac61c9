//! The director's actions in the JSON API: events, teams (one by one or from CSV), role
//! grants, matches made by hand or imported from GCG, rounds and pairings, and the word list.
//! Every action of the director's pages (`web::pages::director`) has its call here.

use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::StreamExt;
use serde::Deserialize;

use crate::error::AppError;
use crate::services::import::{self, ImportRequest};
use crate::services::rounds::{self, PairRequest};
use crate::services::{events, matches};
use crate::web::AppState;
use crate::web::session::{CurrentUser, require_content_type};

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

/// `GET /api/v1/events/{id}/grants`: who holds which role (directors only).
pub async fn list_grants(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (uid, event_id) = (user.0.uid, id.into_inner());
    let grants = state
        .db(move |conn| rounds::grants(conn, uid, event_id))
        .await?;
    Ok(HttpResponse::Ok().json(grants))
}

/// `POST /api/v1/events/{id}/grants/{grant}/revoke`: removes a role grant (directors only);
/// answers with the grant that was removed.
pub async fn revoke_grant(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, AppError> {
    let ((event_id, grant_id), uid) = (path.into_inner(), user.0.uid);
    let g = state
        .db(move |conn| crate::services::events::revoke_grant(conn, uid, event_id, grant_id))
        .await?;
    Ok(HttpResponse::Ok().json(g))
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

/// `POST /api/v1/events/{id}/rounds`: pairs the next round; 201 with the round.
pub async fn create_round(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<PairRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, event_id) = (user.0.uid, id.into_inner());
    let now = state.clock.now();
    let cache = state.matches.clone();
    let round = state
        .db(move |conn| rounds::create_round(conn, &cache, now, uid, event_id, &body))
        .await?;
    Ok(HttpResponse::Created().json(round))
}

/// `POST /api/v1/events/{id}/rounds/{n}/repair`: pairs a round again while none of its matches
/// has started; 422 (rule E1) afterwards.
pub async fn repair_round(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(i64, i32)>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let (uid, (event_id, round_no)) = (user.0.uid, path.into_inner());
    // The body is optional: none re-pairs with the round's own method.
    let body: PairRequest = if body.iter().all(u8::is_ascii_whitespace) {
        PairRequest::default()
    } else {
        require_content_type(&req, &["application/json"])?;
        serde_json::from_slice(&body).map_err(|e| {
            let msg = e.to_string();
            match msg.split('`').nth(1) {
                Some(f) if !f.is_empty() => AppError::field(f, msg.clone()),
                _ => AppError::bad_request(format!("the JSON body is not valid: {msg}")),
            }
        })?
    };
    let now = state.clock.now();
    let cache = state.matches.clone();
    let round = state
        .db(move |conn| rounds::repair_round(conn, &cache, now, uid, event_id, round_no, &body))
        .await?;
    Ok(HttpResponse::Ok().json(round))
}

/// `POST /api/v1/events/{id}/teams/import`: `{csv, dry_run}`. A dry run answers 200 with the
/// preview; an import answers 201 with the preview and the teams made, or 400 naming the rows
/// at fault (nothing is imported then).
pub async fn import_teams(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<ImportRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, event_id) = (user.0.uid, id.into_inner());
    let preview = state
        .db(move |conn| import::import_teams(conn, uid, event_id, &body))
        .await?;
    Ok(if preview.imported {
        HttpResponse::Created().json(preview)
    } else {
        HttpResponse::Ok().json(preview)
    })
}

/// Query of the word-list upload.
#[derive(Debug, Deserialize)]
pub struct LexiconQuery {
    /// The list's name (letters, digits, `-_.`; not `enable2k`).
    name: String,
}

/// Reads a request body up to `limit` bytes; larger bodies are a 413.
async fn read_limited(mut payload: web::Payload, limit: usize) -> Result<Vec<u8>, AppError> {
    let mut body = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk
            .map_err(|e| AppError::bad_request(format!("the upload could not be read: {e}")))?;
        if body.len() + chunk.len() > limit {
            return Err(AppError::PayloadTooLarge(format!(
                "a word list may have at most {} MiB",
                limit / (1024 * 1024)
            )));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// `PUT` (or `POST`) `/api/v1/events/{id}/lexicon?name=NAME` with the word list as the raw body
/// (one word per line): validates it (400 listing bad lines by number, 413 when too large),
/// stores it and records it on the event.
pub async fn upload_lexicon(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
    q: web::Query<LexiconQuery>,
    payload: web::Payload,
) -> Result<HttpResponse, AppError> {
    // A word list is text: a form's encoding here is a page on another site trying its luck.
    require_content_type(&req, &["text/plain", "application/octet-stream"])?;
    let (uid, event_id) = (user.0.uid, id.into_inner());
    // Who may comes before the body is read: a refused caller costs no upload and no parse.
    state
        .db(move |conn| {
            crate::services::authz::Grants::load(conn, uid)?.require_director(Some(event_id))
        })
        .await?;
    let words = read_limited(payload, import::LEXICON_MAX_BYTES).await?;
    let data_dir = state.settings.data_dir.clone();
    let name = q.into_inner().name;
    let view = state
        .db(move |conn| import::store_lexicon(conn, &data_dir, uid, event_id, &name, &words))
        .await?;
    state.lexicons.forget(event_id);
    Ok(HttpResponse::Ok().json(view))
}
