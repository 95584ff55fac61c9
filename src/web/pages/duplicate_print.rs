//! Printable result sheets of a Duplicate event (rule D9): the cumulative ranking and one sheet
//! per game, each on its own A4 page when printed. Read-only, and public for a public event
//! like the live ranking.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::{Chrome, page};
use crate::error::AppError;
use crate::services::duplicate::{self as dup, RankingView};
use crate::vocab::EventId;
use crate::web::AppState;
use crate::web::session::{CsrfToken, MaybeUser};

#[derive(Template)]
#[template(path = "duplicate/results.html")]
struct ResultsPage {
    chrome: Chrome,
    ranking: RankingView,
    /// When the sheets were printed (UTC, `2026-12-02 14:05`).
    printed: String,
}

/// `GET /duplicate/events/{id}/results`: the result sheets, cumulative then per game.
pub async fn results(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.as_ref().map(|c| c.uid), id.into_inner());
    let desk = state.desk.clone();
    let (ranking, lang) = state
        .db(move |conn| {
            let ranking = dup::ranking(conn, &desk, uid, id)?;
            let lang = crate::services::events::event(conn, id)?.language;
            Ok((ranking, lang))
        })
        .await?;
    let p = ResultsPage {
        chrome: Chrome::new(&req, user.0, &csrf).in_event(lang.as_deref()),
        ranking,
        printed: state.clock.now().format("%Y-%m-%d %H:%M UTC").to_string(),
    };
    page(&p, &p.chrome, StatusCode::OK)
}

#[derive(Template)]
#[template(path = "duplicate/tops.html")]
struct TopsFragment {
    chrome: Chrome,
    tops: Vec<crate::rules::duplicate::TopCandidate>,
    /// D6: the choice offered first (the imported prepared game's), if any.
    default: Option<usize>,
}

/// `GET /duplicate/games/{id}/console/tops`: the equal tops of the turn running (D6), which
/// the console lists when "show the top" is refused for want of the referee's choice.
pub async fn console_tops(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: crate::web::session::CurrentUser,
    csrf: CsrfToken,
    id: web::Path<crate::vocab::DuplicateGameId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.uid, id.into_inner());
    let lexicons = state.lexicons.clone();
    let ((tops, default), lang) = state
        .db(move |conn| {
            let (ev, lex) = dup::game_lexicon(conn, id)?;
            let graph = || dup::graph(&lexicons, ev, &lex);
            let tops = dup::equal_tops(conn, &graph, uid, id)?;
            Ok((tops, crate::services::events::event(conn, ev)?.language))
        })
        .await?;
    super::html(&TopsFragment {
        chrome: Chrome::new(&req, Some(user.0), &csrf).in_event(lang.as_deref()),
        tops,
        default,
    })
}
