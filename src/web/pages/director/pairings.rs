//! Rounds on the director's desk: pairing the next round, pairing one again before it starts,
//! and the printable pairings list and table cards.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{Cx, Sticky, chrome, form_failed};
use crate::error::AppError;
use crate::services::events::{self, EventView};
use crate::services::rounds::{self, Method, PairRequest, RoundView};
use crate::vocab::{EventId, TeamId};
use crate::web::AppState;
use crate::web::pages::{Chrome, page, redirect_with_flash};
use crate::web::session::{CsrfForm, CsrfToken, CurrentUser};

/// Fields of the new-round and re-pair forms.
#[derive(Debug, Deserialize)]
pub struct RoundForm {
    method: String,
    /// Manual rounds: one line per table, `Team A v Team B`; one name alone is a bye.
    #[serde(default)]
    pairs: String,
    #[serde(default)]
    accept_repeats: Option<String>,
}

impl RoundForm {
    fn method(&self) -> Result<Method, AppError> {
        self.method
            .parse::<Method>()
            .map_err(|_| AppError::field("method", "choose round robin, Swiss or manual"))
    }
}

/// Builds the request inside the transaction that uses it, since manual lines name teams.
fn round_request(
    conn: &mut crate::db::DbConn,
    event_id: EventId,
    f: &RoundForm,
) -> Result<PairRequest, AppError> {
    let method = f.method()?;
    let pairs = if method == Method::Manual {
        let teams: Vec<(TeamId, String)> = events::team_rows(conn, event_id)?
            .into_iter()
            .map(|t| (t.id, t.name))
            .collect();
        rounds::parse_manual_lines(&f.pairs, &teams)?
    } else {
        Vec::new()
    };
    Ok(PairRequest {
        method: Some(method),
        pairs,
        accept_repeats: f.accept_repeats.is_some(),
    })
}

/// `POST /events/{id}/rounds`: pairs the next round.
pub async fn create_round(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
    form: CsrfForm<RoundForm>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid, f) = (id.into_inner(), user.0.uid, form.0);
    let sticky = Sticky {
        pairs: f.pairs.clone(),
        method: f.method.clone(),
        ..Sticky::default()
    };
    let now = state.clock.now();
    let desk = state.desk.clone();
    let result = state
        .db(move |conn| {
            let body = round_request(conn, event_id, &f)?;
            rounds::create_round(conn, &desk, now, uid, event_id, &body)
        })
        .await;
    match result {
        Ok(r) => Ok(redirect_with_flash(
            &format!("/events/{event_id}"),
            &crate::web::pages::flash_key(
                "flash-round-paired",
                &[
                    ("round", r.round.to_string()),
                    ("count", r.tables.len().to_string()),
                    (
                        "bye",
                        if r.byes.is_empty() { "no" } else { "yes" }.to_owned(),
                    ),
                ],
            ),
        )),
        Err(e) => {
            let cx = Cx {
                req: &req,
                state: &state,
                user: &user,
                csrf: &csrf,
            };
            form_failed(&cx, event_id, "round", e, sticky).await
        }
    }
}

/// `POST /events/{id}/rounds/{n}/repair`: pairs a round again before it starts.
pub async fn repair_round(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    path: web::Path<(EventId, i32)>,
    form: CsrfForm<RoundForm>,
) -> Result<HttpResponse, AppError> {
    let ((event_id, round_no), uid, f) = (path.into_inner(), user.0.uid, form.0);
    let sticky = Sticky {
        pairs: f.pairs.clone(),
        method: f.method.clone(),
        ..Sticky::default()
    };
    let now = state.clock.now();
    let desk = state.desk.clone();
    let result = state
        .db(move |conn| {
            let body = round_request(conn, event_id, &f)?;
            rounds::repair_round(conn, &desk, now, uid, event_id, round_no, &body)
        })
        .await;
    match result {
        Ok(r) => Ok(redirect_with_flash(
            &format!("/events/{event_id}"),
            &crate::web::pages::flash_key(
                "flash-round-repaired",
                &[("round", r.round.to_string())],
            ),
        )),
        Err(e) => {
            let cx = Cx {
                req: &req,
                state: &state,
                user: &user,
                csrf: &csrf,
            };
            form_failed(&cx, event_id, "repair", e, sticky).await
        }
    }
}

#[derive(Template)]
#[template(path = "director/pairings.html")]
struct PairingsPage {
    chrome: Chrome,
    event: EventView,
    round: RoundView,
}

#[derive(Template)]
#[template(path = "director/cards.html")]
struct CardsPage {
    chrome: Chrome,
    event: EventView,
    round: RoundView,
}

/// `GET /events/{id}/rounds/{n}/pairings`: the printable pairings list.
pub async fn pairings_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    path: web::Path<(EventId, i32)>,
) -> Result<HttpResponse, AppError> {
    let ((event_id, round_no), uid) = (path.into_inner(), user.0.uid);
    let (event, round) = state
        .db(move |conn| rounds::directed_round(conn, uid, event_id, round_no))
        .await?;
    let chrome = chrome(&req, &user, &csrf).in_event(event.language.as_deref());
    page(
        &PairingsPage {
            chrome: chrome.clone(),
            event,
            round,
        },
        &chrome,
        StatusCode::OK,
    )
}

/// `GET /events/{id}/rounds/{n}/cards`: one card per table, a page each when printed.
pub async fn cards_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    path: web::Path<(EventId, i32)>,
) -> Result<HttpResponse, AppError> {
    let ((event_id, round_no), uid) = (path.into_inner(), user.0.uid);
    let (event, round) = state
        .db(move |conn| rounds::directed_round(conn, uid, event_id, round_no))
        .await?;
    let chrome = chrome(&req, &user, &csrf).in_event(event.language.as_deref());
    page(
        &CardsPage {
            chrome: chrome.clone(),
            event,
            round,
        },
        &chrome,
        StatusCode::OK,
    )
}

#[derive(Template)]
#[template(path = "director/pairings_print.html")]
struct PairingsPrint {
    chrome: Chrome,
    event: EventView,
    round: RoundView,
    alphabetical: bool,
    lines: Vec<rounds::AlphaLine>,
}

/// The print sheet's order, from `?order=`.
#[derive(Debug, Deserialize)]
pub struct PrintQuery {
    order: Option<String>,
}

/// `GET /events/{id}/rounds/{n}/pairings/print?order=table|alphabetical`: the pairings as a
/// sheet to print and pin up, by table or (as TSH prints them) every player and team by name.
pub async fn pairings_print(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    path: web::Path<(EventId, i32)>,
    query: web::Query<PrintQuery>,
) -> Result<HttpResponse, AppError> {
    let order = rounds::PrintOrder::parse(query.order.as_deref())?;
    let ((event_id, round_no), uid) = (path.into_inner(), user.0.uid);
    let (event, round, lines) = state
        .db(move |conn| rounds::printed_round(conn, uid, event_id, round_no))
        .await?;
    // The sheet is pinned up for the players: in the event's language.
    let chrome = chrome(&req, &user, &csrf).in_event(event.language.as_deref());
    page(
        &PairingsPrint {
            chrome: chrome.clone(),
            event,
            round,
            alphabetical: order == rounds::PrintOrder::Alphabetical,
            lines,
        },
        &chrome,
        StatusCode::OK,
    )
}
