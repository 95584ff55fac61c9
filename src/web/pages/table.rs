//! The match pages: the table's tablet (clocks, buttons, score entry, the sheet), the device's
//! way to its table's match, and the scoreboard anyone may watch on a public event. The live
//! part re-renders from the board fragment when the match's SSE stream says something changed.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::board_view::Board;
use super::{Chrome, html, page};
use crate::error::AppError;
use crate::services::{events, matches};
use crate::vocab::MatchId;
use crate::web::AppState;
use crate::web::session::{CsrfToken, CurrentUser, MaybeUser};

#[derive(Template)]
#[template(path = "ops/match.html")]
struct MatchPage {
    chrome: Chrome,
    b: Board,
    controls: bool,
    two_letter: Vec<String>,
}

#[derive(Template)]
#[template(path = "ops/board_fragment.html")]
struct BoardFragment {
    chrome: Chrome,
    b: Board,
    controls: bool,
}

#[derive(Template)]
#[template(path = "ops/notice.html")]
struct Notice {
    chrome: Chrome,
    title: String,
    message: String,
    /// A page to re-read until it redirects elsewhere (match creation is not on any live
    /// stream, so the waiting tablet asks every few seconds).
    poll: String,
}

/// `GET /matches/{id}`: the scoreboard and score sheet (public events: anyone).
pub async fn match_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<MatchId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now, desk) = (
        user.0.as_ref().map(|c| c.uid),
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
    );
    let b = state
        .db(move |conn| {
            let d = matches::show(conn, &desk, now, id, uid)?;
            // T19: an official may close an ended game here for the table.
            let can_close = matches::closes_for_table(conn, d.event_id, uid)?;
            named(conn, d, can_close)
        })
        .await?;
    {
        let p = MatchPage {
            chrome: Chrome::new(&req, user.0, &csrf).in_event(b.event_language.as_deref()),
            b,
            controls: false,
            two_letter: Vec::new(),
        };
        page(&p, &p.chrome, StatusCode::OK)
    }
}

/// `GET /matches/{id}/table`: the table's tablet: clocks, buttons, score entry, the sheet.
pub async fn table_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<MatchId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now, desk) = (
        user.0.uid,
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
    );
    let lexicons = state.lexicons.clone();
    let (b, twos) = state
        .db(move |conn| {
            let d = matches::for_table(conn, &desk, now, id, uid)?;
            let event_id = d.event_id;
            let b = named(conn, d, false)?;
            let twos = match event_id {
                Some(e) => {
                    let ev = events::event(conn, e)?;
                    lexicons.for_event(e, &ev.lexicon)?.two_letter_words()
                }
                None => lexicons.builtin()?.two_letter_words(),
            };
            Ok((
                b,
                twos.into_iter()
                    .map(|w| w.to_uppercase())
                    .collect::<Vec<_>>(),
            ))
        })
        .await?;
    {
        let p = MatchPage {
            chrome: Chrome::new(&req, Some(user.0), &csrf).in_event(b.event_language.as_deref()),
            b,
            controls: true,
            two_letter: twos,
        };
        page(&p, &p.chrome, StatusCode::OK)
    }
}

/// The board of a match, its seats named after the teams' players.
/// `can_close` says whether the viewer is an official who may close an ended game (T19).
fn named(
    conn: &mut crate::db::DbConn,
    d: matches::MatchDetail,
    can_close: bool,
) -> Result<Board, AppError> {
    let names = events::seat_names(conn, [d.sides.a.team_id, d.sides.b.team_id])?;
    // Issue 15: the event's default language for the match's pages.
    let event_language = match d.event_id {
        Some(e) => crate::db::events::find_event(conn, e)?.and_then(|e| e.language),
        None => None,
    };
    Ok(Board {
        can_close,
        event_language,
        ..Board::from_detail(&d)
    }
    .with_names(names))
}

/// Query of the board fragment.
#[derive(Deserialize)]
pub struct BoardQuery {
    #[serde(default)]
    controls: Option<u8>,
}

/// `GET /matches/{id}/board`: the live part of the match pages.
pub async fn board_fragment(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<MatchId>,
    q: web::Query<BoardQuery>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now, desk) = (
        user.0.as_ref().map(|c| c.uid),
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
    );
    let controls = q.controls == Some(1);
    let b = state
        .db(move |conn| {
            let (d, can_close) = match (controls, uid) {
                (true, Some(u)) => (matches::for_table(conn, &desk, now, id, u)?, false),
                (true, None) => return Err(AppError::Unauthorized("sign in first".into())),
                (false, _) => {
                    let d = matches::show(conn, &desk, now, id, uid)?;
                    let can_close = matches::closes_for_table(conn, d.event_id, uid)?;
                    (d, can_close)
                }
            };
            named(conn, d, can_close)
        })
        .await?;
    let chrome = Chrome::new(&req, user.0, &csrf).in_event(b.event_language.as_deref());
    html(&BoardFragment {
        chrome,
        b,
        controls,
    })
}

/// `GET /table`: a table device goes to the match at its table.
pub async fn table_home(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, AppError> {
    let uid = user.0.uid;
    match state
        .db(move |conn| matches::current_for_device(conn, uid))
        .await?
    {
        Some(id) => Ok(HttpResponse::SeeOther()
            .insert_header((header::LOCATION, format!("/matches/{id}/table")))
            .finish()),
        None => {
            let chrome = Chrome::new(&req, Some(user.0), &csrf);
            let p = Notice {
                title: chrome.t("notice-no-match-title"),
                message: chrome.t("notice-no-match"),
                chrome,
                poll: "/table".into(),
            };
            page(&p, &p.chrome, StatusCode::OK)
        }
    }
}
