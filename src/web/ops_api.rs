//! The JSON side of event operations: the PIC queue, claims and rulings, the committee,
//! standings, team pages and the board-mode preview.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use super::AppState;
use super::session::{CurrentUser, MaybeUser};
use crate::error::AppError;
use crate::services::{committee, events, matches, pic};

/// `GET /api/v1/events/{id}/challenges`: the queue, history and waiting times.
pub async fn challenge_queue(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now, cache, lex) = (
        user.0.uid,
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
        state.lexicons.clone(),
    );
    let q = state
        .db(move |conn| pic::queue(conn, &cache, &lex, now, uid, id))
        .await?;
    Ok(HttpResponse::Ok().json(q))
}

/// `POST /api/v1/challenges/{id}/claim`: 200 when this PIC holds it, 409 naming the holder.
pub async fn claim(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now, desk) = (
        user.0.uid,
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
    );
    let c = state
        .db(move |conn| pic::claim(conn, &desk, now, uid, id))
        .await?;
    Ok(HttpResponse::Ok().json(c))
}

/// `POST /api/v1/challenges/{id}/rule` with `{"valid": bool}` or `{"actual": n}`.
pub async fn rule(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<pic::RulingRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now, cache) = (
        user.0.uid,
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
    );
    let outcome = state
        .db(move |conn| pic::rule(conn, &cache, now, uid, id, &body))
        .await?;
    Ok(HttpResponse::Ok().json(outcome))
}

/// `GET /api/v1/events/{id}/committee`.
pub async fn committee_records(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.uid, id.into_inner());
    let records = state
        .db(move |conn| {
            committee::require_member(conn, uid, id)?;
            committee::records(conn, id)
        })
        .await?;
    Ok(HttpResponse::Ok().json(records))
}

/// `POST /api/v1/events/{id}/committee`.
pub async fn committee_record(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<committee::NewRecordRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now, cache) = (
        user.0.uid,
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
    );
    let record = state
        .db(move |conn| committee::record(conn, &cache, now, uid, id, &body))
        .await?;
    Ok(HttpResponse::Created().json(record))
}

/// `GET /api/v1/events/{id}/standings`: gzip-compressed when the client accepts it (the body is
/// compressed once per change, not per request).
pub async fn standings(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    // The common case, public standings polled by many captains, needs no database at all.
    let body = match state.standings.public_body(id) {
        Some(body) => body,
        None => {
            let cache = state.standings.clone();
            state
                .db(move |conn| {
                    events::readable(conn, id, uid)?;
                    Ok(cache.get(conn, id)?.1)
                })
                .await?
        }
    };
    let mut res = HttpResponse::Ok();
    res.content_type("application/json")
        .insert_header((header::VARY, "Accept-Encoding"));
    if accepts_gzip(&req) {
        // A response that already has a Content-Encoding is left alone by `Compress`.
        res.insert_header((header::CONTENT_ENCODING, "gzip"));
        Ok(res.body(body.gzip))
    } else {
        Ok(res.body(body.json))
    }
}

/// Whether the client lists gzip in `Accept-Encoding` (and has not refused it with `q=0`).
fn accepts_gzip(req: &HttpRequest) -> bool {
    req.headers()
        .get_all(header::ACCEPT_ENCODING)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default();
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
        })
}

/// `GET /api/v1/teams/{id}`: a team, its players and matches.
pub async fn team(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let page = state
        .db(move |conn| events::team_page(conn, id, uid))
        .await?;
    Ok(HttpResponse::Ok().json(page))
}

/// Body of the preview.
#[derive(Deserialize)]
pub struct PreviewRequest {
    /// The move in GCG notation, e.g. `8D WORD`.
    #[serde(rename = "move")]
    mv: String,
}

/// `POST /api/v1/matches/{id}/preview`: what a board-mode move scores, before it is played.
pub async fn preview(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<PreviewRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, cache) = (user.0.uid, id.into_inner(), state.desk.clone());
    let mv = body.into_inner().mv;
    let play = state
        .db(move |conn| matches::preview(conn, &cache, uid, id, &mv))
        .await?;
    Ok(HttpResponse::Ok().json(json!({
        "move": play.canonical,
        "words": play.words,
        "tiles": play.tiles,
        "score": play.actual,
    })))
}
