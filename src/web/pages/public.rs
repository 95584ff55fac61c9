//! Pages for captains and the public: the home page, standings (page, live fragment, CSV) and
//! team pages. Private events show them to the people the event's grants name.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use super::{Chrome, html, page};
use crate::db::matches::MatchRow;
use crate::error::AppError;
use crate::services::public_events::{self, Format, ListedEvent, Progress};
use crate::services::{events, standings};
use crate::vocab::{EventId, TeamId, UserId};
use crate::web::AppState;
use crate::web::session::{CsrfToken, MaybeUser};

#[derive(Template, WebTemplate)]
#[template(path = "home.html")]
struct HomePage {
    chrome: Chrome,
    events: Vec<ListedEvent>,
}

/// `GET /`: every public event (and the private ones the caller has a role in) with a link to
/// its public page; a signed-in user's own pages too.
pub async fn home(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, AppError> {
    let uid = user.0.as_ref().map(|c| c.uid);
    let events = state
        .db(move |conn| public_events::listed_events(conn, uid))
        .await?;
    let chrome = Chrome::new(&req, user.0, &csrf);
    page(
        &HomePage {
            chrome: chrome.clone(),
            events,
        },
        &chrome,
        actix_web::http::StatusCode::OK,
    )
}

#[derive(Template)]
#[template(path = "ops/standings.html")]
struct StandingsPage {
    chrome: Chrome,
    event: events::EventView,
    standings: Vec<standings::StandingView>,
    live: Vec<MatchRow>,
}

#[derive(Template)]
#[template(path = "ops/standings_fragment.html")]
struct StandingsFragment {
    chrome: Chrome,
    standings: Vec<standings::StandingView>,
    live: Vec<MatchRow>,
}

type StandingsData = (
    events::EventView,
    Vec<standings::StandingView>,
    Vec<MatchRow>,
);

async fn load_standings(
    state: &AppState,
    uid: Option<UserId>,
    event: EventId,
) -> Result<StandingsData, AppError> {
    let cache = state.standings.clone();
    state
        .db(move |conn| {
            let ev = events::readable(conn, uid, event)?;
            let rows = cache.get(conn, event)?.rows.clone();
            let live = standings::unfinished_matches(conn, event)?;
            Ok((ev.into(), rows, live))
        })
        .await
}

/// `GET /events/{id}/standings`.
pub async fn standings_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (event, standings, live) =
        load_standings(&state, user.0.as_ref().map(|c| c.uid), id.into_inner()).await?;
    {
        let p = StandingsPage {
            chrome: Chrome::new(&req, user.0, &csrf).in_event(event.language.as_deref()),
            event,
            standings,
            live,
        };
        page(&p, &p.chrome, StatusCode::OK)
    }
}

/// `GET /events/{id}/standings/table`: the live part of the standings page.
pub async fn standings_fragment(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (event, standings, live) =
        load_standings(&state, user.0.as_ref().map(|c| c.uid), id.into_inner()).await?;
    let chrome = Chrome::new(&req, user.0, &csrf).in_event(event.language.as_deref());
    html(&StandingsFragment {
        chrome,
        standings,
        live,
    })
}

/// `GET /events/{id}/standings.csv`.
pub async fn standings_csv(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    let (_, rows, _) = load_standings(&state, user.0.as_ref().map(|c| c.uid), id).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"standings-{id}.csv\""),
        ))
        .body(standings::to_csv(&rows)?))
}

#[derive(Template)]
#[template(path = "ops/team.html")]
struct TeamPageT {
    chrome: Chrome,
    p: events::TeamPage,
    standing: Option<standings::StandingView>,
}

#[derive(Template)]
#[template(path = "ops/team_fragment.html")]
struct TeamFragment {
    chrome: Chrome,
    p: events::TeamPage,
    standing: Option<standings::StandingView>,
}

/// The team page's content and the team's line of the standings (none before any result).
async fn load_team(
    state: &AppState,
    uid: Option<UserId>,
    id: TeamId,
) -> Result<(events::TeamPage, Option<standings::StandingView>), AppError> {
    let cache = state.standings.clone();
    state
        .db(move |conn| {
            let p = events::team_page(conn, id, uid)?;
            let standing = cache
                .get(conn, p.event.id)?
                .rows
                .iter()
                .find(|s| s.row.team == id.0)
                .cloned();
            Ok((p, standing))
        })
        .await
}

/// `GET /teams/{id}`.
pub async fn team_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<TeamId>,
) -> Result<HttpResponse, AppError> {
    let (p, standing) = load_team(&state, user.0.as_ref().map(|c| c.uid), id.into_inner()).await?;
    {
        let p = TeamPageT {
            chrome: Chrome::new(&req, user.0, &csrf).in_event(p.event.language.as_deref()),
            p,
            standing,
        };
        page(&p, &p.chrome, StatusCode::OK)
    }
}

/// `GET /teams/{id}/fragment`: the live part of the team page (its standing and matches),
/// re-read when the event's stream says something changed.
pub async fn team_fragment(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<TeamId>,
) -> Result<HttpResponse, AppError> {
    let (p, standing) = load_team(&state, user.0.as_ref().map(|c| c.uid), id.into_inner()).await?;
    html(&TeamFragment {
        chrome: Chrome::new(&req, user.0, &csrf).in_event(p.event.language.as_deref()),
        p,
        standing,
    })
}
