//! The director's quick-entry page of an individual division's round (issue 18): a box of
//! `player# score opponent# score` lines, each checked against the pairing; good lines are
//! recorded, bad ones stay in the box with their refusal beside them, and the round's missing
//! results follow live (the region re-reads its fragment on every message of the event).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{Chrome, html, page};
use crate::error::AppError;
use crate::services::individual::{self as ind, QuickEntryRequest, RoundLine};
use crate::vocab::{DivisionId, EventId, UserId};
use crate::web::AppState;
use crate::web::messages;
use crate::web::session::{CsrfForm, CsrfToken, CurrentUser};

/// What the page shows of the division and round.
struct Desk {
    event_id: EventId,
    event_name: String,
    division_id: DivisionId,
    division_name: String,
    round: u32,
    rounds_paired: u32,
    missing: Vec<RoundLine>,
    lang: Option<String>,
}

/// A refused line, as the page shows it next to the box.
pub struct BadLine {
    /// The line's text.
    pub text: String,
    /// The refusal, in the page's language.
    pub error: String,
}

#[derive(Template)]
#[template(path = "individual/entry.html")]
struct EntryPage {
    chrome: Chrome,
    desk: Desk,
    missing: Vec<RoundLine>,
    text: String,
    bad: Vec<BadLine>,
    recorded: Option<usize>,
}

#[derive(Template)]
#[template(path = "individual/entry_missing.html")]
struct MissingPanel {
    chrome: Chrome,
    missing: Vec<RoundLine>,
}

/// The quick-entry form.
#[derive(Debug, Deserialize)]
pub struct EntryForm {
    /// One game per line.
    pub text: String,
}

fn load(
    conn: &mut crate::db::DbConn,
    uid: UserId,
    division_id: DivisionId,
    round: u32,
) -> Result<Desk, AppError> {
    let d = ind::division_for_director(conn, uid, division_id)?;
    let ev = crate::services::events::event(conn, d.div.event_id)?;
    let view = ind::round_view(conn, Some(uid), division_id, round)?;
    Ok(Desk {
        event_id: d.div.event_id,
        event_name: ev.name,
        division_id,
        division_name: d.div.name.clone(),
        round,
        rounds_paired: d.last_round(),
        missing: view.lines.into_iter().filter(|l| l.missing).collect(),
        lang: ev.language,
    })
}

/// `GET /individual/divisions/{id}/rounds/{round}/entry`: the director's quick entry.
pub async fn entry(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    path: web::Path<(DivisionId, u32)>,
) -> Result<HttpResponse, AppError> {
    let (uid, (id, round)) = (user.0.uid, path.into_inner());
    let mut desk = state.db(move |conn| load(conn, uid, id, round)).await?;
    let p = EntryPage {
        chrome: Chrome::new(&req, Some(user.0), &csrf).in_event(desk.lang.as_deref()),
        missing: std::mem::take(&mut desk.missing),
        desk,
        text: String::new(),
        bad: Vec::new(),
        recorded: None,
    };
    page(&p, &p.chrome, StatusCode::OK)
}

/// `POST /individual/divisions/{id}/rounds/{round}/entry`: records the good lines; the page
/// comes back with the bad lines still in the box and each one's refusal beside it.
pub async fn record_entry(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    path: web::Path<(DivisionId, u32)>,
    form: CsrfForm<EntryForm>,
) -> Result<HttpResponse, AppError> {
    let (uid, (id, round), now) = (user.0.uid, path.into_inner(), state.clock.now());
    let text = form.0.text;
    let ds = state.desk.clone();
    let body = QuickEntryRequest { text: text.clone() };
    let (mut desk, outcome) = state
        .db(move |conn| {
            // The role is checked (and the page's data read) before the lines are looked at.
            load(conn, uid, id, round)?;
            let outcome = ind::quick_entry(conn, &ds, now, uid, id, round, &body);
            Ok((load(conn, uid, id, round)?, outcome))
        })
        .await?;
    let chrome = Chrome::new(&req, Some(user.0), &csrf).in_event(desk.lang.as_deref());
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let (bad, recorded, status) = match outcome {
        Ok(r) => {
            let bad = r
                .lines
                .iter()
                .filter(|l| !l.ok)
                .map(|l| {
                    let english = l.error.clone().unwrap_or_default();
                    BadLine {
                        text: text
                            .lines()
                            .nth(l.line.saturating_sub(1))
                            .unwrap_or_default()
                            .trim()
                            .to_owned(),
                        error: messages::translate(chrome.lang, &english).unwrap_or(english),
                    }
                })
                .collect();
            (bad, Some(r.recorded), StatusCode::OK)
        }
        // The whole entry refused (the box too long): every line stays, with the reason.
        Err(e) => {
            let english = e.to_string();
            let error = messages::translate(chrome.lang, &english).unwrap_or(english);
            (
                vec![BadLine {
                    text: String::new(),
                    error,
                }],
                None,
                StatusCode::UNPROCESSABLE_ENTITY,
            )
        }
    };
    let kept = if status == StatusCode::OK {
        bad.iter()
            .map(|b| b.text.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    } else {
        lines.join("\n")
    };
    let p = EntryPage {
        chrome,
        missing: std::mem::take(&mut desk.missing),
        desk,
        text: kept,
        bad,
        recorded,
    };
    page(&p, &p.chrome, status)
}

/// `GET /individual/divisions/{id}/rounds/{round}/entry/missing`: the live fragment.
pub async fn entry_missing(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    path: web::Path<(DivisionId, u32)>,
) -> Result<HttpResponse, AppError> {
    let (uid, (id, round)) = (user.0.uid, path.into_inner());
    let desk = state.db(move |conn| load(conn, uid, id, round)).await?;
    html(&MissingPanel {
        chrome: Chrome::new(&req, Some(user.0), &csrf).in_event(desk.lang.as_deref()),
        missing: desk.missing,
    })
}
