//! The match in the JSON API, for tablets and match clients: its state, the commands a table
//! sends, its event log and GCG record, and the board-mode preview of a move.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};

use crate::error::AppError;
use crate::services::matches;
use crate::vocab::{MatchId, Seq};
use crate::web::AppState;
use crate::web::session::{CurrentUser, MaybeUser};

/// `GET /api/v1/matches/{id}`.
#[utoipa::path(
    get,
    path = "/api/v1/matches/{id}",
    operation_id = "showMatch",
    summary = "A match: status, turn, scores, clocks, challenges, result",
    params(
        ("id" = i64, Path, description = "Match id."),
    ),
    responses(
        (status = 200, description = "The match.", body = crate::services::matches::MatchDetail),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn show_match(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<MatchId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let now = state.clock.now();
    let desk = state.desk.clone();
    let m = state
        .db(move |conn| matches::show(conn, &desk, now, id, uid))
        .await?;
    Ok(HttpResponse::Ok().json(m))
}

/// `POST /api/v1/matches/{id}/commands`.
#[utoipa::path(
    post,
    path = "/api/v1/matches/{id}/commands",
    operation_id = "matchCommand",
    summary = "Send a command to a match",
    description = "Authorised by role: the table device of that table, the PIC, the committee, the director. On a match of an event, rulings (`rule_word`, `rule_score`) go through the PIC queue's claim (409 when another PIC holds the challenge) and disqualifications, walkouts and their corrections through the committee register, exactly as the queue's and the register's own routes.",
    params(
        ("id" = i64, Path, description = "Match id."),
    ),
    request_body = crate::services::matches::CommandRequest,
    responses(
        (status = 200, description = "Accepted (or the stored first result of a repeated key).", body = crate::services::matches::CommandOutcome),
        super::responses::CommandErrors,
    ),
)]
pub async fn match_command(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<MatchId>,
    body: web::Json<matches::CommandRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.uid, id.into_inner());
    let now = state.clock.now();
    let req = body.into_inner();
    // Rulings and committee records on an event's match have their own door (the PIC's claim,
    // the committee register); sent here, they go through it (issue 11).
    if matches::has_own_door(&req.command) {
        let (desk, sent) = (state.desk.clone(), req.clone());
        let official = state
            .db(move |conn| matches::through_own_door(conn, &desk, now, id, uid, &sent))
            .await?;
        if let Some(outcome) = official {
            return Ok(HttpResponse::Ok().json(outcome));
        }
    }
    let outcome = state
        .desk
        .submit(now, id, matches::Sender::User(uid), req)
        .await?;
    Ok(HttpResponse::Ok().json(outcome))
}

/// Query of `GET /api/v1/matches/{id}/events`.
#[derive(Deserialize)]
pub struct EventsQuery {
    /// Only events after this seq.
    #[serde(default)]
    after: Seq,
}

/// `GET /api/v1/matches/{id}/events`.
#[utoipa::path(
    get,
    path = "/api/v1/matches/{id}/events",
    operation_id = "matchEvents",
    summary = "The match's event log",
    params(
        ("id" = i64, Path, description = "Match id."),
        ("after" = Option<i64>, Query, description = "Only events after this seq."),
    ),
    responses(
        (status = 200, description = "Events in seq order.", body = Vec<crate::rules::game::Event>),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn match_events(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<MatchId>,
    q: web::Query<EventsQuery>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, after) = (user.0.map(|c| c.uid), id.into_inner(), q.after);
    let evs = state
        .db(move |conn| matches::events(conn, id, uid, after))
        .await?;
    Ok(HttpResponse::Ok().json(evs))
}

/// `GET /api/v1/matches/{id}/gcg`.
#[utoipa::path(
    get,
    path = "/api/v1/matches/{id}/gcg",
    operation_id = "matchGcg",
    summary = "The game record in GCG (board mode)",
    params(
        ("id" = i64, Path, description = "Match id."),
    ),
    responses(
        (status = 200, description = "GCG text.", content_type = "text/plain", body = String),
        super::responses::ReplayErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn match_gcg(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<MatchId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let desk = state.desk.clone();
    let text = state
        .db(move |conn| matches::gcg(conn, &desk, id, uid))
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(text))
}

/// Body of the preview.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct PreviewRequest {
    /// The move in GCG notation, e.g. `8D WORD`.
    #[serde(rename = "move")]
    mv: String,
}

/// `POST /api/v1/matches/{id}/preview`: what a board-mode move scores, before it is played.
#[utoipa::path(
    post,
    path = "/api/v1/matches/{id}/preview",
    operation_id = "previewMove",
    summary = "What a board-mode move scores, before it is played",
    params(
        ("id" = i64, Path, description = "Match id."),
    ),
    request_body = PreviewRequest,
    responses(
        (status = 200, description = "The move scored.", body = PreviewResult),
        super::responses::CheckErrors,
    ),
)]
pub async fn preview(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<MatchId>,
    body: web::Json<PreviewRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, desk) = (user.0.uid, id.into_inner(), state.desk.clone());
    let mv = body.into_inner().mv;
    let play = state
        .db(move |conn| matches::preview(conn, &desk, id, uid, &mv))
        .await?;
    Ok(HttpResponse::Ok().json(PreviewResult {
        mv: play.canonical,
        words: play.words,
        tiles: play.tiles,
        score: play.actual,
    }))
}

/// What a board-mode move would score.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PreviewResult {
    /// The move in canonical GCG (`8D QI`).
    #[serde(rename = "move")]
    mv: String,
    /// The words formed, main word first.
    words: Vec<String>,
    /// Tiles laid.
    tiles: u8,
    /// The score the board gives (C5, C6).
    score: i32,
}
