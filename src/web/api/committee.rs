//! The committee in the JSON API: its register of records, and adding one.

use actix_web::{HttpResponse, web};

use crate::error::AppError;
use crate::services::committee;
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
        (status = 400, description = "Bad input: a malformed path, query or body; `field` names the input at fault.", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in, or a bad or expired token.", body = crate::error::ErrorBody),
        (status = 403, description = "Signed in but not allowed (or a cookie-authenticated write without the CSRF header).", body = crate::error::ErrorBody),
        (status = 404, description = "No such thing.", body = crate::error::ErrorBody),
    ),
)]
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
#[utoipa::path(
    post,
    path = "/api/v1/events/{id}/committee",
    operation_id = "committeeRecord",
    summary = "Record a disqualification or walkout (committee)",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    request_body = crate::services::committee::NewRecordRequest,
    responses(
        (status = 201, description = "Recorded.", body = crate::services::committee::RecordView),
        (status = 400, description = "Bad input: a malformed path, query or body; `field` names the input at fault.", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in, or a bad or expired token.", body = crate::error::ErrorBody),
        (status = 403, description = "Signed in but not allowed (or a cookie-authenticated write without the CSRF header).", body = crate::error::ErrorBody),
        (status = 404, description = "No such thing.", body = crate::error::ErrorBody),
        (status = 409, description = "Decided on stale state or raced another writer; `current` is the state now when known.", body = crate::error::ErrorBody),
        (status = 413, description = "The body is too large.", body = crate::error::ErrorBody),
        (status = 422, description = "A well-formed request the rules refuse; `rule` names the rule (T9, N5, E1, …).", body = crate::error::ErrorBody),
    ),
)]
pub async fn committee_record(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
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
