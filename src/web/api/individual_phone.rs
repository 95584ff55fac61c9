//! Players' results slips from their own phones (issue 18, N8, N9) in the JSON API: the
//! player's view and their slip commands, identified by their number and PIN (no account;
//! wrong PINs throttled), and the director's sheet of the division's PINs.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use crate::error::AppError;
use crate::services::individual::{self as ind, PhonePlayer, PhoneSlipRequest};
use crate::vocab::DivisionId;
use crate::web::AppState;
use crate::web::session::CurrentUser;

/// `POST /api/v1/individual/divisions/{id}/phone/status`.
#[utoipa::path(
    post,
    path = "/api/v1/individual/divisions/{id}/phone/status",
    operation_id = "individualPhoneStatus",
    summary = "A player's phone (N8, N9): their game of the round paired last and its slip",
    description = "No account: the player's number and the PIN the director gave them identify them (403 when they do not match; after 5 wrong PINs for one number, or 20 from one address, within 10 minutes, 429 even with the right PIN until the oldest leaves the window).",
    params(("id" = i64, Path, description = "Division id.")),
    request_body = crate::services::individual::PhonePlayer,
    responses(
        (status = 200, description = "The phone's view.", body = crate::services::individual::PhoneView),
        super::responses::PhoneErrors,
    ),
    security(()),
)]
pub async fn phone_status(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<DivisionId>,
    body: web::Json<PhonePlayer>,
) -> Result<HttpResponse, AppError> {
    let (id, now, check) = (id.into_inner(), state.clock.now(), state.pin_check(&req));
    let v = state
        .db(move |conn| ind::phone_status(conn, now, id, &body, &check))
        .await?;
    Ok(HttpResponse::Ok().json(v))
}

/// `POST /api/v1/individual/divisions/{id}/phone/slip`.
#[utoipa::path(
    post,
    path = "/api/v1/individual/divisions/{id}/phone/slip",
    operation_id = "individualPhoneSlip",
    summary = "A player enters, corrects or confirms their own game's slip (N8, N9)",
    description = "Identified like `phone/status`. Either player may state the scores (an entry, then corrections) until both have confirmed them; then the slip is final and only the director changes it (422, rule N9). A confirmation names the scores confirmed: 409 when the slip changed since. Another table's game: 403. Nothing is recorded on a refusal.",
    params(("id" = i64, Path, description = "Division id.")),
    request_body = crate::services::individual::PhoneSlipRequest,
    responses(
        (status = 200, description = "Recorded; the phone's view.", body = crate::services::individual::PhoneView),
        super::responses::PhoneErrors,
    ),
    security(()),
)]
pub async fn phone_slip(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<DivisionId>,
    body: web::Json<PhoneSlipRequest>,
) -> Result<HttpResponse, AppError> {
    let (id, now, check) = (id.into_inner(), state.clock.now(), state.pin_check(&req));
    let desk = state.desk.clone();
    let v = state
        .db(move |conn| ind::phone_slip(conn, &desk, now, id, &body, &check))
        .await?;
    Ok(HttpResponse::Ok().json(v))
}

/// `?round=N` of the PIN sheet (default: the round paired last).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct SheetQuery {
    /// Round, from 1.
    pub round: Option<u32>,
}

/// `GET /api/v1/individual/divisions/{id}/pins`.
#[utoipa::path(
    get,
    path = "/api/v1/individual/divisions/{id}/pins",
    operation_id = "individualPins",
    summary = "The division's players with their phone-slip PINs and their tables in a round (director)",
    params(("id" = i64, Path, description = "Division id."), SheetQuery),
    responses(
        (status = 200, description = "The pairing sheet.", body = crate::services::individual::PinSheet),
        super::responses::ReadErrors,
    ),
)]
pub async fn pins(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<DivisionId>,
    q: web::Query<SheetQuery>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, round) = (user.0.uid, id.into_inner(), q.round);
    let v = state
        .db(move |conn| ind::pin_sheet(conn, uid, id, round))
        .await?;
    Ok(HttpResponse::Ok().json(v))
}
