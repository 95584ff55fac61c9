//! The PIC in the JSON API: the challenge queue, taking a challenge and ruling on it.
//!
//! A challenge is named by its match and its seq (`/matches/{id}/challenges/{seq}/…`), the id
//! the match state's `open_challenges` and the `rule_*` commands use; the older
//! `/challenges/{id}/…` routes name the queue row and stay as aliases.

use actix_web::{HttpResponse, web};

use crate::error::AppError;
use crate::services::pic::{self, ChallengeRef};
use crate::vocab::{ChallengeId, EventId, MatchId, Seq};
use crate::web::AppState;
use crate::web::session::CurrentUser;

/// `GET /api/v1/events/{id}/challenges`: the queue, history and waiting times.
#[utoipa::path(
    get,
    path = "/api/v1/events/{id}/challenges",
    operation_id = "challengeQueue",
    summary = "The PIC queue: open challenges, history, waiting times (PIC)",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    responses(
        (status = 200, description = "The queue.", body = crate::services::pic::Queue),
        super::responses::ReadErrors,
    ),
)]
pub async fn challenge_queue(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now, desk, lex) = (
        user.0.uid,
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
        state.lexicons.clone(),
    );
    let q = state
        .db(move |conn| pic::queue(conn, &desk, &lex, now, uid, id))
        .await?;
    Ok(HttpResponse::Ok().json(q))
}

/// `POST /api/v1/matches/{id}/challenges/{seq}/claim`: 200 when this PIC holds it, 409 naming
/// the holder.
#[utoipa::path(
    post,
    path = "/api/v1/matches/{id}/challenges/{seq}/claim",
    operation_id = "claimMatchChallenge",
    summary = "Claim a challenge (PIC)",
    description = "404 when the seq opened no challenge of an event's queue; 409 names the PIC who holds it, or says it has been ruled.",
    params(
        ("id" = i64, Path, description = "Match id."),
        ("seq" = i64, Path, description = "The challenge's id in the match state (`open_challenges[].id`, the queue item's `seq`)."),
    ),
    responses(
        (status = 200, description = "This PIC holds it.", body = crate::db::matches::ChallengeRow),
        super::responses::ClaimErrors,
    ),
)]
pub async fn claim_in_match(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MatchId, Seq)>,
) -> Result<HttpResponse, AppError> {
    let (m, seq) = path.into_inner();
    claim_at(state, user, ChallengeRef::InMatch(m, seq)).await
}

/// `POST /api/v1/challenges/{id}/claim`: the same, by queue row id.
#[utoipa::path(
    post,
    path = "/api/v1/challenges/{id}/claim",
    operation_id = "claimChallenge",
    summary = "Claim a challenge by its queue id (PIC)",
    description = "An alias of `POST /api/v1/matches/{id}/challenges/{seq}/claim`. 409 names the PIC who holds it.",
    params(
        ("id" = i64, Path, description = "The PIC queue's `id` of the challenge."),
    ),
    responses(
        (status = 200, description = "This PIC holds it.", body = crate::db::matches::ChallengeRow),
        super::responses::ClaimErrors,
    ),
)]
pub async fn claim(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<ChallengeId>,
) -> Result<HttpResponse, AppError> {
    claim_at(state, user, ChallengeRef::Row(id.into_inner())).await
}

async fn claim_at(
    state: web::Data<AppState>,
    user: CurrentUser,
    at: ChallengeRef,
) -> Result<HttpResponse, AppError> {
    let (uid, now, desk) = (user.0.uid, state.clock.now(), state.desk.clone());
    let c = state
        .db(move |conn| pic::claim(conn, &desk, now, uid, at))
        .await?;
    Ok(HttpResponse::Ok().json(c))
}

/// `POST /api/v1/matches/{id}/challenges/{seq}/rule` with `{"valid": bool}` or `{"actual": n}`.
#[utoipa::path(
    post,
    path = "/api/v1/matches/{id}/challenges/{seq}/rule",
    operation_id = "ruleMatchChallenge",
    summary = "Rule on a challenge (PIC)",
    description = "Claims it first when nobody holds it. 404 when the seq opened no challenge of an event's queue; 409 when another PIC holds it or it has been ruled.",
    params(
        ("id" = i64, Path, description = "Match id."),
        ("seq" = i64, Path, description = "The challenge's id in the match state (`open_challenges[].id`, the queue item's `seq`)."),
    ),
    request_body = crate::services::pic::RulingRequest,
    responses(
        (status = 200, description = "Ruled; the match's new events and state.", body = crate::services::matches::CommandOutcome),
        super::responses::RuledWriteErrors,
    ),
)]
pub async fn rule_in_match(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MatchId, Seq)>,
    body: web::Json<pic::RulingRequest>,
) -> Result<HttpResponse, AppError> {
    let (m, seq) = path.into_inner();
    rule_at(
        state,
        user,
        ChallengeRef::InMatch(m, seq),
        body.into_inner(),
    )
    .await
}

/// `POST /api/v1/challenges/{id}/rule`: the same, by queue row id.
#[utoipa::path(
    post,
    path = "/api/v1/challenges/{id}/rule",
    operation_id = "ruleChallenge",
    summary = "Rule on a challenge by its queue id (PIC)",
    description = "An alias of `POST /api/v1/matches/{id}/challenges/{seq}/rule`.",
    params(
        ("id" = i64, Path, description = "The PIC queue's `id` of the challenge."),
    ),
    request_body = crate::services::pic::RulingRequest,
    responses(
        (status = 200, description = "Ruled; the match's new events and state.", body = crate::services::matches::CommandOutcome),
        super::responses::RuledWriteErrors,
    ),
)]
pub async fn rule(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<ChallengeId>,
    body: web::Json<pic::RulingRequest>,
) -> Result<HttpResponse, AppError> {
    rule_at(
        state,
        user,
        ChallengeRef::Row(id.into_inner()),
        body.into_inner(),
    )
    .await
}

async fn rule_at(
    state: web::Data<AppState>,
    user: CurrentUser,
    at: ChallengeRef,
    body: pic::RulingRequest,
) -> Result<HttpResponse, AppError> {
    let (uid, now, desk) = (user.0.uid, state.clock.now(), state.desk.clone());
    let outcome = state
        .db(move |conn| pic::rule(conn, &desk, now, uid, at, &body))
        .await?;
    Ok(HttpResponse::Ok().json(outcome))
}
