//! The PIC in the JSON API: the challenge queue, taking a challenge and ruling on it.

use actix_web::{HttpResponse, web};

use crate::error::AppError;
use crate::services::pic;
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
        (status = 400, description = "Bad input: a malformed path, query or body; `field` names the input at fault.", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in, or a bad or expired token.", body = crate::error::ErrorBody),
        (status = 403, description = "Signed in but not allowed (or a cookie-authenticated write without the CSRF header).", body = crate::error::ErrorBody),
        (status = 404, description = "No such thing.", body = crate::error::ErrorBody),
    ),
)]
pub async fn challenge_queue(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
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

/// `POST /api/v1/challenges/{id}/claim`: 200 when this PIC holds it, 409 naming the holder.
#[utoipa::path(
    post,
    path = "/api/v1/challenges/{id}/claim",
    operation_id = "claimChallenge",
    summary = "Claim a challenge (PIC)",
    description = "409 names the PIC who holds it.",
    params(
        ("id" = i64, Path, description = "Challenge id: the PIC queue's `id` (a queue item carries the match state's challenge id as `seq`)."),
    ),
    responses(
        (status = 200, description = "This PIC holds it.", body = crate::db::matches::ChallengeRow),
        (status = 400, description = "Bad input: a malformed path, query or body; `field` names the input at fault.", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in, or a bad or expired token.", body = crate::error::ErrorBody),
        (status = 403, description = "Signed in but not allowed (or a cookie-authenticated write without the CSRF header).", body = crate::error::ErrorBody),
        (status = 404, description = "No such thing.", body = crate::error::ErrorBody),
        (status = 409, description = "Decided on stale state or raced another writer; `current` is the state now when known.", body = crate::error::ErrorBody),
    ),
)]
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
#[utoipa::path(
    post,
    path = "/api/v1/challenges/{id}/rule",
    operation_id = "ruleChallenge",
    summary = "Rule on a challenge (PIC)",
    params(
        ("id" = i64, Path, description = "Challenge id: the PIC queue's `id` (a queue item carries the match state's challenge id as `seq`)."),
    ),
    request_body = crate::services::pic::RulingRequest,
    responses(
        (status = 200, description = "Ruled; the match's new events and state.", body = crate::services::matches::CommandOutcome),
        (status = 400, description = "Bad input: a malformed path, query or body; `field` names the input at fault.", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in, or a bad or expired token.", body = crate::error::ErrorBody),
        (status = 403, description = "Signed in but not allowed (or a cookie-authenticated write without the CSRF header).", body = crate::error::ErrorBody),
        (status = 404, description = "No such thing.", body = crate::error::ErrorBody),
        (status = 409, description = "Decided on stale state or raced another writer; `current` is the state now when known.", body = crate::error::ErrorBody),
        (status = 413, description = "The body is too large.", body = crate::error::ErrorBody),
        (status = 422, description = "A well-formed request the rules refuse; `rule` names the rule (T9, N5, E1, …).", body = crate::error::ErrorBody),
    ),
)]
pub async fn rule(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<pic::RulingRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now, desk) = (
        user.0.uid,
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
    );
    let outcome = state
        .db(move |conn| pic::rule(conn, &desk, now, uid, id, &body))
        .await?;
    Ok(HttpResponse::Ok().json(outcome))
}
