//! What captains and the public read in the JSON API: events, their teams and rounds,
//! standings (gzip-compressed once per change) and team pages. Private events answer only the
//! people the event's grants name.

use std::sync::Arc;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::error::AppError;
use crate::services::{events, rounds, standings};
use crate::vocab::{EventId, TeamId};
use crate::web::AppState;
use crate::web::session::MaybeUser;

/// `GET /api/v1/events`.
#[utoipa::path(
    get,
    path = "/api/v1/events",
    operation_id = "listEvents",
    summary = "Events",
    responses(
        (status = 200, description = "Every event.", body = Vec<crate::services::events::EventView>),
        super::responses::PublicErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn list_events(
    state: web::Data<AppState>,
    user: MaybeUser,
) -> Result<HttpResponse, AppError> {
    let uid = user.0.map(|c| c.uid);
    let events = state
        .db(move |conn| events::visible_events(conn, uid))
        .await?;
    Ok(HttpResponse::Ok().json(events))
}

/// `GET /api/v1/events/{id}`.
#[utoipa::path(
    get,
    path = "/api/v1/events/{id}",
    operation_id = "showEvent",
    summary = "One event",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    responses(
        (status = 200, description = "The event.", body = crate::services::events::EventView),
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
    let ev = state
        .db(move |conn| events::readable(conn, uid, id))
        .await?;
    Ok(HttpResponse::Ok().json(events::EventView::from(ev)))
}

/// `GET /api/v1/events/{id}/teams`.
#[utoipa::path(
    get,
    path = "/api/v1/events/{id}/teams",
    operation_id = "listTeams",
    summary = "The event's teams",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    responses(
        (status = 200, description = "Teams with players.", body = Vec<crate::services::events::TeamView>),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn list_teams(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let teams = state
        .db(move |conn| {
            events::readable(conn, uid, id)?;
            events::teams(conn, id)
        })
        .await?;
    Ok(HttpResponse::Ok().json(teams))
}

/// `GET /api/v1/events/{id}/rounds`: every round with its tables and byes.
#[utoipa::path(
    get,
    path = "/api/v1/events/{id}/rounds",
    operation_id = "listRounds",
    summary = "Rounds with tables and byes",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    responses(
        (status = 200, description = "Rounds.", body = Vec<crate::services::rounds::RoundView>),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn list_rounds(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, event_id) = (user.0.map(|c| c.uid), id.into_inner());
    let list = state
        .db(move |conn| rounds::readable_rounds(conn, uid, event_id))
        .await?;
    Ok(HttpResponse::Ok().json(list))
}

/// `GET /api/v1/events/{id}/rounds/{n}`: one round.
#[utoipa::path(
    get,
    path = "/api/v1/events/{id}/rounds/{n}",
    operation_id = "showRound",
    summary = "One round",
    params(
        ("id" = i64, Path, description = "Event id."),
        ("n" = i32, Path, description = "Round number (from 1)."),
    ),
    responses(
        (status = 200, description = "The round.", body = crate::services::rounds::RoundView),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn show_round(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<(EventId, i32)>,
) -> Result<HttpResponse, AppError> {
    let (uid, (event_id, round_no)) = (user.0.map(|c| c.uid), path.into_inner());
    let list = state
        .db(move |conn| rounds::readable_rounds(conn, uid, event_id))
        .await?;
    let round = list
        .into_iter()
        .find(|r| r.round == round_no)
        .ok_or_else(|| AppError::not_found(format!("no round {round_no} in event {event_id}")))?;
    Ok(HttpResponse::Ok().json(round))
}

/// `GET /api/v1/events/{id}/standings`: gzip-compressed when the client accepts it (the body is
/// compressed once per change, not per request).
#[utoipa::path(
    get,
    path = "/api/v1/events/{id}/standings",
    operation_id = "standings",
    summary = "Standings",
    description = "Sent gzip-compressed (`Content-Encoding: gzip`, compressed once per change) to clients whose `Accept-Encoding` allows gzip; plain JSON otherwise.",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    responses(
        (status = 200, description = "Rows, best first.", body = Vec<crate::services::standings::StandingView>),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn standings(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    // The common case, public standings polled by many captains, needs no database at all.
    let body = match state.standings.public_encoded(id) {
        Some(body) => body,
        None => {
            let cache = state.standings.clone();
            // Encoding runs here, off the executor: 1,000 teams take milliseconds to compress.
            state
                .db(move |conn| {
                    events::readable(conn, uid, id)?;
                    cache.get(conn, id)?.encoded(encode_standings)
                })
                .await?
        }
    };
    let mut res = HttpResponse::Ok();
    res.content_type("application/json")
        .insert_header((header::VARY, "Accept-Encoding"));
    if accepts_gzip(&req) {
        // A response that already has a Content-Encoding is left alone by `Compress`.
        res.insert_header((header::CONTENT_ENCODING, "gzip"));
        Ok(res.body(Bytes::from_owner(Lent(body, Which::Compressed))))
    } else {
        Ok(res.body(Bytes::from_owner(Lent(body, Which::Plain))))
    }
}

/// The standings as the API sends them: JSON, and the same JSON gzip-compressed, made once per
/// change (1,000 teams are ~150 KB of JSON and ~15 KB compressed; every browser accepts gzip,
/// and compressing per request would cost more than computing the standings).
fn encode_standings(rows: &[standings::StandingView]) -> Result<standings::Encoded, AppError> {
    use std::io::Write;
    let json = serde_json::to_vec(rows).map_err(AppError::internal)?;
    let mut gz = flate2::write::GzEncoder::new(
        Vec::with_capacity(json.len() / 8),
        flate2::Compression::default(),
    );
    gz.write_all(&json).map_err(AppError::internal)?;
    let compressed = gz.finish().map_err(AppError::internal)?;
    Ok(standings::Encoded {
        plain: json,
        compressed,
    })
}

/// Which of the encoded bodies a response sends.
enum Which {
    Plain,
    Compressed,
}

/// One of the shared encoded bodies, lent to a response without copying it.
struct Lent(Arc<standings::Encoded>, Which);

impl AsRef<[u8]> for Lent {
    fn as_ref(&self) -> &[u8] {
        match self.1 {
            Which::Plain => &self.0.plain,
            Which::Compressed => &self.0.compressed,
        }
    }
}

/// Whether the client lists gzip in `Accept-Encoding` (and has not refused it with `q=0`).
pub(crate) fn accepts_gzip(req: &HttpRequest) -> bool {
    req.headers()
        .get_all(header::ACCEPT_ENCODING)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default();
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
        })
}

/// `GET /api/v1/teams/{id}`: a team, its players and matches.
#[utoipa::path(
    get,
    path = "/api/v1/teams/{id}",
    operation_id = "team",
    summary = "A team, its players and matches",
    params(
        ("id" = i64, Path, description = "Team id."),
    ),
    responses(
        (status = 200, description = "The team.", body = crate::services::events::TeamPage),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn team(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TeamId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let page = state
        .db(move |conn| events::team_page(conn, id, uid))
        .await?;
    Ok(HttpResponse::Ok().json(page))
}
