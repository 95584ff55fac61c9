//! An individual division's rounds in the JSON API (issue 18): pair the next round by the
//! plan, override a round, the round's lines and missing results, quick entry, and slips.

use actix_web::{HttpResponse, web};

use crate::error::AppError;
use crate::services::individual::{self as ind, OverrideRequest, QuickEntryRequest, SlipRequest};
use crate::vocab::DivisionId;
use crate::web::AppState;
use crate::web::session::{CurrentUser, MaybeUser};

/// `POST /api/v1/individual/divisions/{id}/rounds`.
#[utoipa::path(
    post,
    path = "/api/v1/individual/divisions/{id}/rounds",
    operation_id = "pairIndividualRound",
    summary = "Pair the next round by the plan (Gibsonization applied), with lines fixed by hand (director)",
    params(("id" = i64, Path, description = "Division id.")),
    request_body = crate::services::individual::OverrideRequest,
    responses(
        (status = 201, description = "Paired.", body = crate::services::individual::RoundView),
        super::responses::WriteErrors,
    ),
)]
pub async fn pair_next(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<DivisionId>,
    body: web::Json<OverrideRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let desk = state.desk.clone();
    let r = state
        .db(move |conn| ind::pair_next(conn, &desk, now, uid, id, &body))
        .await?;
    Ok(HttpResponse::Created().json(r))
}

/// `GET /api/v1/individual/divisions/{id}/rounds/{round}`.
#[utoipa::path(
    get,
    path = "/api/v1/individual/divisions/{id}/rounds/{round}",
    operation_id = "showIndividualRound",
    summary = "A round's lines with names and results",
    params(
        ("id" = i64, Path, description = "Division id."),
        ("round" = u32, Path, description = "Round, from 1."),
    ),
    responses(
        (status = 200, description = "The round.", body = crate::services::individual::RoundView),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn show_round(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<(DivisionId, u32)>,
) -> Result<HttpResponse, AppError> {
    let (uid, (id, round)) = (user.0.map(|c| c.uid), path.into_inner());
    let r = state
        .db(move |conn| ind::round_view(conn, uid, id, round))
        .await?;
    Ok(HttpResponse::Ok().json(r))
}

/// `PUT /api/v1/individual/divisions/{id}/rounds/{round}`.
#[utoipa::path(
    put,
    path = "/api/v1/individual/divisions/{id}/rounds/{round}",
    operation_id = "overrideIndividualRound",
    summary = "Pair a round by hand, replacing its lines, before any result of it (director)",
    params(
        ("id" = i64, Path, description = "Division id."),
        ("round" = u32, Path, description = "Round, from 1."),
    ),
    request_body = crate::services::individual::OverrideRequest,
    responses(
        (status = 200, description = "Paired.", body = crate::services::individual::RoundView),
        super::responses::WriteErrors,
    ),
)]
pub async fn override_round(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(DivisionId, u32)>,
    body: web::Json<OverrideRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, (id, round), now) = (user.0.uid, path.into_inner(), state.clock.now());
    let desk = state.desk.clone();
    let r = state
        .db(move |conn| ind::override_round(conn, &desk, now, uid, id, round, &body))
        .await?;
    Ok(HttpResponse::Ok().json(r))
}

/// `GET /api/v1/individual/divisions/{id}/rounds/{round}/missing`.
#[utoipa::path(
    get,
    path = "/api/v1/individual/divisions/{id}/rounds/{round}/missing",
    operation_id = "individualMissingResults",
    summary = "The round's games still without a final result",
    params(
        ("id" = i64, Path, description = "Division id."),
        ("round" = u32, Path, description = "Round, from 1."),
    ),
    responses(
        (status = 200, description = "Games.", body = Vec<crate::services::individual::RoundLine>),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn missing(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<(DivisionId, u32)>,
) -> Result<HttpResponse, AppError> {
    let (uid, (id, round)) = (user.0.map(|c| c.uid), path.into_inner());
    let r = state
        .db(move |conn| ind::missing(conn, uid, id, round))
        .await?;
    Ok(HttpResponse::Ok().json(r))
}

/// `POST /api/v1/individual/divisions/{id}/rounds/{round}/results`.
#[utoipa::path(
    post,
    path = "/api/v1/individual/divisions/{id}/rounds/{round}/results",
    operation_id = "individualQuickEntry",
    summary = "Quick entry: `player# score opponent# score` lines, each checked against the pairing; bad lines record nothing (director)",
    params(
        ("id" = i64, Path, description = "Division id."),
        ("round" = u32, Path, description = "Round, from 1."),
    ),
    request_body = crate::services::individual::QuickEntryRequest,
    responses(
        (status = 200, description = "Each line's fate and the games still missing.", body = crate::services::individual::QuickEntryResult),
        super::responses::RuledWriteErrors,
    ),
)]
pub async fn quick_entry(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(DivisionId, u32)>,
    body: web::Json<QuickEntryRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, (id, round), now) = (user.0.uid, path.into_inner(), state.clock.now());
    let desk = state.desk.clone();
    let r = state
        .db(move |conn| ind::quick_entry(conn, &desk, now, uid, id, round, &body))
        .await?;
    Ok(HttpResponse::Ok().json(r))
}

/// `GET /api/v1/individual/divisions/{id}/rounds/{round}/tables/{table}/slip`.
#[utoipa::path(
    get,
    path = "/api/v1/individual/divisions/{id}/rounds/{round}/tables/{table}/slip",
    operation_id = "showIndividualSlip",
    summary = "A game's results slip: scores, confirmations, corrections, details",
    params(
        ("id" = i64, Path, description = "Division id."),
        ("round" = u32, Path, description = "Round, from 1."),
        ("table" = u32, Path, description = "Table, from 1."),
    ),
    responses(
        (status = 200, description = "The slip.", body = crate::services::individual::SlipView),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn show_slip(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<(DivisionId, u32, u32)>,
) -> Result<HttpResponse, AppError> {
    let (uid, (id, round, table)) = (user.0.map(|c| c.uid), path.into_inner());
    let r = state
        .db(move |conn| ind::slip_view(conn, uid, id, round, table))
        .await?;
    Ok(HttpResponse::Ok().json(r))
}

/// `POST /api/v1/individual/divisions/{id}/rounds/{round}/tables/{table}/slip`.
#[utoipa::path(
    post,
    path = "/api/v1/individual/divisions/{id}/rounds/{round}/tables/{table}/slip",
    operation_id = "individualSlip",
    summary = "Enter, correct or confirm a game's slip (N9: either player corrects until both confirmed; the director's scores are final)",
    params(
        ("id" = i64, Path, description = "Division id."),
        ("round" = u32, Path, description = "Round, from 1."),
        ("table" = u32, Path, description = "Table, from 1."),
    ),
    request_body = crate::services::individual::SlipRequest,
    responses(
        (status = 200, description = "The slip now.", body = crate::services::individual::SlipView),
        super::responses::RuledWriteErrors,
    ),
)]
pub async fn slip(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(DivisionId, u32, u32)>,
    body: web::Json<SlipRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, (id, round, table), now) = (user.0.uid, path.into_inner(), state.clock.now());
    let desk = state.desk.clone();
    let r = state
        .db(move |conn| ind::slip(conn, &desk, now, uid, id, round, table, &body))
        .await?;
    Ok(HttpResponse::Ok().json(r))
}
