//! Individual (1 vs 1) tournaments (seed 003, issue 18) in the JSON API: the event, its
//! divisions and players, TSH files in and out, standings and CSV. Rounds, quick entry and
//! slips are in `individual_rounds`. The director writes; readers of the event (anyone when
//! it is public) read.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::error::AppError;
use crate::services::individual::{
    self as ind, ImportDivisionRequest, NewDivisionRequest, NewEventRequest, NewPlayerRequest,
    TakeBackRequest, WithdrawRequest,
};
use crate::vocab::{DivisionId, EventId};
use crate::web::AppState;
use crate::web::session::{CurrentUser, MaybeUser};

/// `POST /api/v1/individual/events`.
#[utoipa::path(
    post,
    path = "/api/v1/individual/events",
    operation_id = "createIndividualEvent",
    summary = "Create an individual event (administrators and directors)",
    request_body = crate::services::individual::NewEventRequest,
    responses(
        (status = 201, description = "Created.", body = crate::services::individual::IndivEventView),
        super::responses::CreateEventErrors,
    ),
)]
pub async fn create_event(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<NewEventRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, now) = (user.0.uid, state.clock.now());
    let ev = state
        .db(move |conn| ind::create_event(conn, now, uid, &body))
        .await?;
    Ok(HttpResponse::Created().json(ev))
}

/// `GET /api/v1/individual/events/{id}`.
#[utoipa::path(
    get,
    path = "/api/v1/individual/events/{id}",
    operation_id = "showIndividualEvent",
    summary = "An individual event with its divisions and players",
    params(("id" = i64, Path, description = "Event id.")),
    responses(
        (status = 200, description = "The event.", body = crate::services::individual::IndivEventView),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn show_event(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let ev = state.db(move |conn| ind::event_view(conn, uid, id)).await?;
    Ok(HttpResponse::Ok().json(ev))
}

/// `POST /api/v1/individual/events/{id}/divisions`.
#[utoipa::path(
    post,
    path = "/api/v1/individual/events/{id}/divisions",
    operation_id = "createIndividualDivision",
    summary = "Add a division with its pairing plan (director)",
    params(("id" = i64, Path, description = "Event id.")),
    request_body = crate::services::individual::NewDivisionRequest,
    responses(
        (status = 201, description = "Created.", body = crate::services::individual::DivisionView),
        super::responses::WriteErrors,
    ),
)]
pub async fn create_division(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
    body: web::Json<NewDivisionRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let desk = state.desk.clone();
    let d = state
        .db(move |conn| ind::create_division(conn, &desk, now, uid, id, &body))
        .await?;
    Ok(HttpResponse::Created().json(d))
}

/// `POST /api/v1/individual/events/{id}/divisions/import`.
#[utoipa::path(
    post,
    path = "/api/v1/individual/events/{id}/divisions/import",
    operation_id = "importIndividualDivision",
    summary = "Add a division from a TSH .t file: players, ratings, pairings and scores so far (director)",
    params(("id" = i64, Path, description = "Event id.")),
    request_body = crate::services::individual::ImportDivisionRequest,
    responses(
        (status = 201, description = "Created.", body = crate::services::individual::DivisionView),
        super::responses::WriteErrors,
    ),
)]
pub async fn import_division(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
    body: web::Json<ImportDivisionRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let desk = state.desk.clone();
    let d = state
        .db(move |conn| ind::import_division(conn, &desk, now, uid, id, &body))
        .await?;
    Ok(HttpResponse::Created().json(d))
}

/// `GET /api/v1/individual/events/{id}/tourney.js`.
#[utoipa::path(
    get,
    path = "/api/v1/individual/events/{id}/tourney.js",
    operation_id = "individualTourneyJs",
    summary = "The event as TSH's tourney.js for live coverage",
    params(("id" = i64, Path, description = "Event id.")),
    responses(
        (status = 200, description = "`newt={…};` with divisions, players, ratings, pairings, scores, firsts and rating estimates.", content_type = "application/javascript", body = String),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn tourney_js(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let js = state.db(move |conn| ind::tourney_js(conn, uid, id)).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/javascript; charset=utf-8")
        .body(js))
}

/// `POST /api/v1/individual/divisions/{id}/players`.
#[utoipa::path(
    post,
    path = "/api/v1/individual/divisions/{id}/players",
    operation_id = "addIndividualPlayer",
    summary = "Add a player, numbered next; once rounds are paired, a late entry from the next round (director)",
    description = "A late entrant's rounds before their first count as the division's `late_rounds` says. Refused (409) once every round of the plan is paired: the player would play no game.",
    params(("id" = i64, Path, description = "Division id.")),
    request_body = crate::services::individual::NewPlayerRequest,
    responses(
        (status = 201, description = "Added.", body = crate::services::individual::PlayerView),
        super::responses::WriteErrors,
    ),
)]
pub async fn add_player(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<DivisionId>,
    body: web::Json<NewPlayerRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let desk = state.desk.clone();
    let p = state
        .db(move |conn| ind::add_player(conn, &desk, now, uid, id, &body))
        .await?;
    Ok(HttpResponse::Created().json(p))
}

/// `PUT /api/v1/individual/divisions/{id}/rating-method`.
#[utoipa::path(
    put,
    path = "/api/v1/individual/divisions/{id}/rating-method",
    operation_id = "setIndividualRatingMethod",
    summary = "Choose how a division's rating estimates are made: glicko2, naspa, wespa or absp (director)",
    params(("id" = i64, Path, description = "Division id.")),
    request_body = crate::services::individual::RatingMethodRequest,
    responses(
        (status = 200, description = "The division with its method; standings now show its estimates.", body = crate::services::individual::DivisionView),
        super::responses::WriteErrors,
    ),
)]
pub async fn set_rating_method(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<DivisionId>,
    body: web::Json<crate::services::individual::RatingMethodRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.uid, id.into_inner());
    let desk = state.desk.clone();
    let d = state
        .db(move |conn| ind::set_rating_method(conn, &desk, uid, id, &body))
        .await?;
    Ok(HttpResponse::Ok().json(d))
}

/// `POST /api/v1/individual/divisions/{id}/players/{number}/withdraw`.
#[utoipa::path(
    post,
    path = "/api/v1/individual/divisions/{id}/players/{number}/withdraw",
    operation_id = "withdrawIndividualPlayer",
    summary = "Withdraw a player: not paired again; unscored games count as the event's options say (director)",
    params(
        ("id" = i64, Path, description = "Division id."),
        ("number" = i32, Path, description = "Player number."),
    ),
    request_body = crate::services::individual::WithdrawRequest,
    responses(
        (status = 200, description = "Withdrawn.", body = crate::services::individual::PlayerView),
        super::responses::WriteErrors,
    ),
)]
pub async fn withdraw(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(DivisionId, i32)>,
    body: web::Json<WithdrawRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, (id, number), now) = (user.0.uid, path.into_inner(), state.clock.now());
    let desk = state.desk.clone();
    let p = state
        .db(move |conn| ind::withdraw(conn, &desk, now, uid, id, number, &body))
        .await?;
    Ok(HttpResponse::Ok().json(p))
}

/// `POST /api/v1/individual/divisions/{id}/players/{number}/withdraw/take-back`.
#[utoipa::path(
    post,
    path = "/api/v1/individual/divisions/{id}/players/{number}/withdraw/take-back",
    operation_id = "takeBackIndividualWithdrawal",
    summary = "Take a withdrawal back: a correction record (no round) is appended after the withdrawal, which stays listed; the player is paired again from the next round and their unscored games are owed again; 409 when the player has not withdrawn (director)",
    params(
        ("id" = i64, Path, description = "Division id."),
        ("number" = i32, Path, description = "Player number."),
    ),
    request_body = crate::services::individual::TakeBackRequest,
    responses(
        (status = 200, description = "Playing again.", body = crate::services::individual::PlayerView),
        super::responses::WriteErrors,
    ),
)]
pub async fn take_back(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(DivisionId, i32)>,
    body: web::Json<TakeBackRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, (id, number), now) = (user.0.uid, path.into_inner(), state.clock.now());
    let desk = state.desk.clone();
    let p = state
        .db(move |conn| ind::take_back(conn, &desk, now, uid, id, number, &body))
        .await?;
    Ok(HttpResponse::Ok().json(p))
}

/// `GET /api/v1/individual/divisions/{id}/standings`.
#[utoipa::path(
    get,
    path = "/api/v1/individual/divisions/{id}/standings",
    operation_id = "individualStandings",
    summary = "Standings (wins, spread, total) with rating estimates and the change per player",
    params(("id" = i64, Path, description = "Division id.")),
    responses(
        (status = 200, description = "Best first.", body = crate::services::individual::StandingsView),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn standings(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<DivisionId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let s = state.db(move |conn| ind::standings(conn, uid, id)).await?;
    Ok(HttpResponse::Ok().json(s))
}

/// `GET /api/v1/individual/divisions/{id}/standings.csv`.
#[utoipa::path(
    get,
    path = "/api/v1/individual/divisions/{id}/standings.csv",
    operation_id = "individualStandingsCsv",
    summary = "Standings as CSV",
    params(("id" = i64, Path, description = "Division id.")),
    responses(
        (status = 200, description = "CSV: rank, number, name, club, wins, losses, spread, points, rating, estimate, change.", content_type = "text/csv", body = String),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn standings_csv(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<DivisionId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let csv = state
        .db(move |conn| ind::standings_csv(&ind::standings(conn, uid, id)?))
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .body(csv))
}

/// `GET /api/v1/individual/divisions/{id}/results.csv`.
#[utoipa::path(
    get,
    path = "/api/v1/individual/divisions/{id}/results.csv",
    operation_id = "individualResultsCsv",
    summary = "Every game of every round as CSV",
    params(("id" = i64, Path, description = "Division id.")),
    responses(
        (status = 200, description = "CSV: round, table, player_a, name_a, score_a, player_b, name_b, score_b.", content_type = "text/csv", body = String),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn results_csv(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<DivisionId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let csv = state
        .db(move |conn| ind::results_csv(conn, uid, id))
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .body(csv))
}

/// `GET /api/v1/individual/divisions/{id}/division.t`.
#[utoipa::path(
    get,
    path = "/api/v1/individual/divisions/{id}/division.t",
    operation_id = "individualDivisionT",
    summary = "The division as a TSH .t file",
    params(("id" = i64, Path, description = "Division id."), TQuery),
    responses(
        (status = 200, description = "One player a line, as TSH writes it: name, rating, opponents; scores; board; off; p12.", content_type = "text/plain", body = String),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn export_t(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<DivisionId>,
    q: web::Query<TQuery>,
) -> Result<HttpResponse, AppError> {
    let latin1 = match q.encoding.as_deref() {
        None | Some("utf-8") => false,
        Some("latin1") => true,
        Some(_) => return Err(AppError::field("encoding", "encoding is utf-8 or latin1")),
    };
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let t = state.db(move |conn| ind::export_t(conn, uid, id)).await?;
    if !latin1 {
        return Ok(HttpResponse::Ok()
            .content_type("text/plain; charset=utf-8")
            .body(t));
    }
    let bytes =
        crate::rules::individual::tsh::to_latin1(&t).ok_or_else(|| AppError::Unprocessable {
            message: "a name has characters ISO-8859-1 cannot write: ask for utf-8".into(),
            field: Some("encoding".into()),
        })?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=iso-8859-1")
        .body(bytes))
}

/// `?encoding=` of a `.t` file.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct TQuery {
    /// `utf-8` (the default) or `latin1`: ISO-8859-1, which TSH reads `.t` files in unless
    /// its `config tfile_encoding = 'utf8'` says otherwise.
    pub encoding: Option<String>,
}
