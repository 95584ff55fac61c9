//! The public pages of an individual event's division (issue 18), the ones players refresh
//! between rounds: live standings, every round's pairings (by table and alphabetically),
//! results by round, a page per player and per club, and printable standings, pairings and
//! results (A4, no navigation). Readable without signing in when the event is public; each
//! page follows the event's live stream and re-reads its own content on any message for it.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{Chrome, page};
use crate::error::AppError;
use crate::services::individual::{
    self as ind, ClubPage, Head, PlayerPage, PublicLine, PublicRound, PublicStandings,
};
use crate::vocab::DivisionId;
use crate::web::AppState;
use crate::web::session::{CsrfToken, MaybeUser};

/// Which of the division's pages a page is, for its links.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    /// Standings.
    Standings,
    /// Pairings.
    Pairings,
    /// Results.
    Results,
    /// A player's or a club's page.
    Other,
}

#[derive(Template)]
#[template(path = "individual/public_standings.html")]
struct StandingsPage {
    chrome: Chrome,
    head: Head,
    tab: Tab,
    print: bool,
    lines: Vec<PublicLine>,
    /// The rating class shown (`?class=`), ranked within it; none: everyone.
    class: Option<String>,
}

#[derive(Template)]
#[template(path = "individual/public_rounds.html")]
struct RoundsPage {
    chrome: Chrome,
    head: Head,
    tab: Tab,
    print: bool,
    rounds: Vec<PublicRound>,
}

#[derive(Template)]
#[template(path = "individual/public_player.html")]
struct PlayerPageT {
    chrome: Chrome,
    head: Head,
    tab: Tab,
    print: bool,
    p: PlayerPage,
}

#[derive(Template)]
#[template(path = "individual/public_club.html")]
struct ClubPageT {
    chrome: Chrome,
    head: Head,
    tab: Tab,
    print: bool,
    c: ClubPage,
}

/// `?class=A`: the standings of one rating class (TSH's prize view by class).
#[derive(Debug, Deserialize)]
pub struct ClassQuery {
    class: Option<String>,
}

/// `?round=N`: one round only (the printable pairings and results default to the latest).
#[derive(Debug, Deserialize)]
pub struct RoundQuery {
    round: Option<u32>,
}

fn chrome_for(req: &HttpRequest, user: MaybeUser, csrf: &CsrfToken, head: &Head) -> Chrome {
    Chrome::new(req, user.0, csrf).in_event(head.language.as_deref())
}

fn uid(user: &MaybeUser) -> Option<crate::vocab::UserId> {
    user.0.as_ref().map(|c| c.uid)
}

async fn standings_with(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: DivisionId,
    print: bool,
    class: Option<String>,
) -> Result<HttpResponse, AppError> {
    let u = uid(&user);
    let s: PublicStandings = state
        .db(move |conn| ind::public_standings(conn, u, id))
        .await?;
    let class = class.filter(|c| !c.is_empty());
    let mut lines = s.lines;
    if let Some(c) = &class {
        if !s.head.classes.contains(c) {
            return Err(AppError::not_found(format!(
                "no rating class {c} in this division"
            )));
        }
        lines.retain(|l| l.line.class == *c);
    }
    let p = StandingsPage {
        chrome: chrome_for(&req, user, &csrf, &s.head),
        head: s.head,
        tab: Tab::Standings,
        print,
        lines,
        class,
    };
    page(&p, &p.chrome, StatusCode::OK)
}

/// `GET /individual/divisions/{id}/standings`.
pub async fn standings(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<DivisionId>,
    q: web::Query<ClassQuery>,
) -> Result<HttpResponse, AppError> {
    let class = q.into_inner().class;
    standings_with(req, state, user, csrf, id.into_inner(), false, class).await
}

/// `GET /individual/divisions/{id}/standings/print`.
pub async fn standings_print(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<DivisionId>,
    q: web::Query<ClassQuery>,
) -> Result<HttpResponse, AppError> {
    let class = q.into_inner().class;
    standings_with(req, state, user, csrf, id.into_inner(), true, class).await
}

async fn rounds_with(
    req: HttpRequest,
    state: web::Data<AppState>,
    (user, csrf): (MaybeUser, CsrfToken),
    (id, only): (DivisionId, Option<u32>),
    (tab, print): (Tab, bool),
) -> Result<HttpResponse, AppError> {
    let u = uid(&user);
    let (head, mut rounds) = state
        .db(move |conn| ind::public_rounds(conn, u, id, only))
        .await?;
    // A printed sheet is one round: the one asked for, else the latest.
    if print {
        rounds.truncate(1);
    }
    let p = RoundsPage {
        chrome: chrome_for(&req, user, &csrf, &head),
        head,
        tab,
        print,
        rounds,
    };
    page(&p, &p.chrome, StatusCode::OK)
}

/// `GET /individual/divisions/{id}/pairings`: every round, latest first, by table and
/// alphabetically.
pub async fn pairings(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<DivisionId>,
    q: web::Query<RoundQuery>,
) -> Result<HttpResponse, AppError> {
    let args = (id.into_inner(), q.round);
    rounds_with(req, state, (user, csrf), args, (Tab::Pairings, false)).await
}

/// `GET /individual/divisions/{id}/pairings/print`: one round's pairings for the wall.
pub async fn pairings_print(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<DivisionId>,
    q: web::Query<RoundQuery>,
) -> Result<HttpResponse, AppError> {
    let args = (id.into_inner(), q.round);
    rounds_with(req, state, (user, csrf), args, (Tab::Pairings, true)).await
}

/// `GET /individual/divisions/{id}/results`: every round's results, latest first.
pub async fn results(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<DivisionId>,
    q: web::Query<RoundQuery>,
) -> Result<HttpResponse, AppError> {
    let args = (id.into_inner(), q.round);
    rounds_with(req, state, (user, csrf), args, (Tab::Results, false)).await
}

/// `GET /individual/divisions/{id}/results/print`: one round's results.
pub async fn results_print(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<DivisionId>,
    q: web::Query<RoundQuery>,
) -> Result<HttpResponse, AppError> {
    let args = (id.into_inner(), q.round);
    rounds_with(req, state, (user, csrf), args, (Tab::Results, true)).await
}

/// `GET /individual/divisions/{id}/players/{number}`.
pub async fn player(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    path: web::Path<(DivisionId, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let u = uid(&user);
    let p = state
        .db(move |conn| ind::player_page(conn, u, id, number))
        .await?;
    let t = PlayerPageT {
        chrome: chrome_for(&req, user, &csrf, &p.head),
        head: p.head.clone(),
        tab: Tab::Other,
        print: false,
        p,
    };
    page(&t, &t.chrome, StatusCode::OK)
}

/// `GET /individual/divisions/{id}/clubs/{club}`.
pub async fn club(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    path: web::Path<(DivisionId, String)>,
) -> Result<HttpResponse, AppError> {
    let (id, club) = path.into_inner();
    let u = uid(&user);
    let c = state
        .db(move |conn| ind::club_page(conn, u, id, &club))
        .await?;
    let t = ClubPageT {
        chrome: chrome_for(&req, user, &csrf, &c.head),
        head: c.head.clone(),
        tab: Tab::Other,
        print: false,
        c,
    };
    page(&t, &t.chrome, StatusCode::OK)
}
