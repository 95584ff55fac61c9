//! The committee in the JSON API: its register of records, and adding one.

use actix_web::{HttpResponse, web};

use crate::error::AppError;
use crate::services::committee;
use crate::vocab::EventId;
use crate::web::AppState;
use crate::web::session::CurrentUser;

/// `GET /api/v1/events/{id}/committee`.
#[utoipa::path(
    get,
    path = "/api/v1/events/{id}/committee",
    operation_id = "committeeRecords",
    summary = "Committee records (committee, director)",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    responses(
        (status = 200, description = "Records.", body = Vec<crate::services::committee::RecordView>),
        super::responses::ReadErrors,
    ),
)]
pub async fn committee_records(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
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
#[utoipa::path(
    post,
    path = "/api/v1/events/{id}/committee",
    operation_id = "committeeRecord",
    summary = "Record a disqualification or walkout, or take one back (committee)",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    request_body = crate::services::committee::NewRecordRequest,
    responses(
        (status = 201, description = "Recorded.", body = crate::services::committee::RecordView),
        super::responses::RuledWriteErrors,
    ),
)]
pub async fn committee_record(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
    body: web::Json<committee::NewRecordRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now, desk) = (
        user.0.uid,
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
    );
    let record = state
        .db(move |conn| committee::record(conn, &desk, now, uid, id, &body))
        .await?;
    Ok(HttpResponse::Created().json(record))
}
