//! The match in the JSON API, for tablets and match clients: its state, the commands a table
//! sends, its event log and GCG record, and the board-mode preview of a move.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use crate::error::AppError;
use crate::services::matches;
use crate::web::AppState;
use crate::web::session::{CurrentUser, MaybeUser};

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
    let (uid, id, cache) = (user.0.uid, id.into_inner(), state.matches.clone());
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
