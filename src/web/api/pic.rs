//! The PIC in the JSON API: the challenge queue, taking a challenge and ruling on it.

use actix_web::{HttpResponse, web};

use crate::error::AppError;
use crate::services::pic;
use crate::vocab::{ChallengeId, EventId};
use crate::web::AppState;
use crate::web::session::CurrentUser;

/// `GET /api/v1/events/{id}/challenges`: the queue, history and waiting times.
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

/// `POST /api/v1/challenges/{id}/claim`: 200 when this PIC holds it, 409 naming the holder.
pub async fn claim(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<ChallengeId>,
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
    id: web::Path<ChallengeId>,
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
