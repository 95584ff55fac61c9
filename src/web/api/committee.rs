//! The committee in the JSON API: its register of records, and adding one.

use actix_web::{HttpResponse, web};

use crate::error::AppError;
use crate::services::committee;
use crate::web::AppState;
use crate::web::session::CurrentUser;

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
        state.matches.clone(),
    );
    let (record, live) = state
        .db(move |conn| committee::record(conn, &cache, now, uid, id, &body))
        .await?;
    state.publish(live);
    Ok(HttpResponse::Created().json(record))
}
