//! A game's moves against the top play (`rules::analysis`) in the JSON API: a finished online
//! game's, and a pasted GCG record's. The pages are `web::pages::analysis`.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::error::AppError;
use crate::rules::analysis::Analysis;
use crate::services::analysis;
use crate::vocab::OnlineGameId;
use crate::web::AppState;
use crate::web::session::CurrentUser;

/// `POST /api/v1/analyze`: a GCG record to analyse.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    /// The record, in GCG (at most 16 KiB and 100 moves; `#tile-distribution` names the tile
    /// set, English when absent). Analysed with the bundled word list.
    pub gcg: String,
}

/// `GET /api/v1/online/games/{id}/analysis`.
#[utoipa::path(
    get,
    path = "/api/v1/online/games/{id}/analysis",
    operation_id = "onlineAnalysis",
    summary = "A finished game's moves against the top play of each position (409 while it is played)",
    params(("id" = i64, Path, description = "Game id.")),
    responses(
        (status = 200, description = "Each move with the top play, the difference, and per-player totals.", body = Analysis),
        super::responses::ClaimErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn online_game(
    state: web::Data<AppState>,
    id: web::Path<OnlineGameId>,
) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok().json(analyse_online(&state, *id).await?))
}

/// A finished online game against the top plays: its record read with a connection, the move
/// generator run off the async threads without one (the page and the API both use it).
pub(crate) async fn analyse_online(
    state: &AppState,
    id: OnlineGameId,
) -> Result<Analysis, AppError> {
    let rec = state
        .db(move |conn| analysis::online_record(conn, id))
        .await?;
    let lexicons = state.lexicons.clone();
    web::block(move || analysis::online_game(&lexicons, &rec))
        .await
        .map_err(AppError::internal)?
}

/// `POST /api/v1/analyze`.
#[utoipa::path(
    post,
    path = "/api/v1/analyze",
    operation_id = "analyzeGcg",
    summary = "A GCG record's moves against the top play of each position (signed-in accounts)",
    description = "Refused with the field `gcg`: an empty record, one over 16 KiB or 100 moves, one the GCG reader cannot read (its line and reason), an unknown tile distribution.",
    request_body = AnalyzeRequest,
    responses(
        (status = 200, description = "Each move with the top play, the difference, and per-player totals.", body = Analysis),
        super::responses::CheckErrors,
    ),
)]
pub async fn upload(
    state: web::Data<AppState>,
    _user: CurrentUser,
    body: web::Json<AnalyzeRequest>,
) -> Result<HttpResponse, AppError> {
    let lexicons = state.lexicons.clone();
    // The move generator runs off the request thread and holds no database connection.
    let out = web::block(move || analysis::upload(&lexicons, &body.gcg))
        .await
        .map_err(AppError::internal)??;
    Ok(HttpResponse::Ok().json(out))
}
