//! The PIC in the JSON API: the challenge queue, taking a challenge and ruling on it.

use actix_web::{HttpResponse, web};

use crate::error::AppError;
use crate::services::pic;
use crate::web::AppState;
use crate::web::session::CurrentUser;

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
        state.matches.clone(),
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
    let (uid, id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let (c, live) = state.db(move |conn| pic::claim(conn, now, uid, id)).await?;
    state.publish(Some(live));
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
        state.matches.clone(),
    );
    let (outcome, live) = state
        .db(move |conn| pic::rule(conn, &cache, now, uid, id, &body))
        .await?;
    state.publish(live);
    Ok(HttpResponse::Ok().json(outcome))
}
