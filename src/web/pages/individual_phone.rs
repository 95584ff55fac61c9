//! Players' results slips on their own phones (issue 18, N8, N9), and the director's pairing
//! sheet that hands them their PINs.
//!
//! The phone page holds no data of its own, as Duplicate's does (`duplicate_phone`): the
//! player types their number and PIN, and `static/individual_phone.js` asks
//! `POST /api/v1/individual/divisions/{id}/phone/status` and `/phone/slip` with them, which
//! decide everything (who, which game, whether the slip is final) and throttle wrong PINs.
//! Refusals (a wrong PIN, too many of them, a final slip) are shown next to the form that
//! sent them. A public event's page follows the event's live stream, so the opponent's entry
//! appears without a reload; a private event's stream needs an account, so its page asks
//! every few seconds instead.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{Chrome, page};
use crate::error::AppError;
use crate::services::individual::{self as ind, PinSheet};
use crate::vocab::{DivisionId, EventId};
use crate::web::AppState;
use crate::web::session::{CsrfToken, CurrentUser, MaybeUser};

#[derive(Template)]
#[template(path = "individual/phone.html")]
struct PhonePage {
    chrome: Chrome,
    division_id: DivisionId,
    /// The event's live stream, when anyone may read it.
    live: Option<EventId>,
}

/// `GET /individual/divisions/{id}/slip`: open to anyone (the number and PIN are asked for
/// on the page; the division's names are shown only after them).
pub async fn phone(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<DivisionId>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    let (event_id, public, lang) = state
        .db(move |conn| {
            let div = crate::db::individual::find_division(conn, id)?
                .ok_or_else(|| AppError::not_found(format!("no division {id}")))?;
            let ev = crate::services::events::event(conn, div.event_id)?;
            Ok((div.event_id, ev.public, ev.language))
        })
        .await?;
    let p = PhonePage {
        chrome: Chrome::new(&req, user.0, &csrf).in_event(lang.as_deref()),
        division_id: id,
        live: public.then_some(event_id),
    };
    page(&p, &p.chrome, StatusCode::OK)
}

#[derive(Template)]
#[template(path = "individual/sheet.html")]
struct SheetPage {
    chrome: Chrome,
    division_id: DivisionId,
    sheet: PinSheet,
    /// The phone page's address, as this request reached the server.
    slip_url: String,
}

impl SheetPage {
    /// The round's games: (table, first player, second player), by table.
    fn games(&self) -> Vec<(i32, &ind::PinLine, &ind::PinLine)> {
        let mut out: Vec<(i32, &ind::PinLine, &ind::PinLine)> = self
            .sheet
            .players
            .iter()
            .filter(|p| p.first)
            .filter_map(|a| {
                let b = self
                    .sheet
                    .players
                    .iter()
                    .find(|b| Some(b.number) == a.opponent)?;
                Some((a.table?, a, b))
            })
            .collect();
        out.sort_by_key(|g| g.0);
        out
    }
}

/// `?round=N` (default: the round paired last).
#[derive(Debug, Deserialize)]
pub struct SheetQuery {
    round: Option<u32>,
}

/// `GET /individual/divisions/{id}/sheet`: the director's printable pairing sheet, with every
/// player's PIN (not a public page) and a card per player to cut out and hand over.
pub async fn sheet(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<DivisionId>,
    q: web::Query<SheetQuery>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, round) = (user.0.uid, id.into_inner(), q.round);
    let (sheet, lang) = state
        .db(move |conn| {
            let sheet = ind::pin_sheet(conn, uid, id, round)?;
            let div = crate::db::individual::find_division(conn, id)?
                .ok_or_else(|| AppError::not_found(format!("no division {id}")))?;
            let lang = crate::services::events::event(conn, div.event_id)?.language;
            Ok((sheet, lang))
        })
        .await?;
    let info = req.connection_info();
    let slip_url = format!(
        "{}://{}/individual/divisions/{id}/slip",
        info.scheme(),
        info.host()
    );
    let p = SheetPage {
        chrome: Chrome::new(&req, Some(user.0), &csrf).in_event(lang.as_deref()),
        division_id: id,
        sheet,
        slip_url,
    };
    page(&p, &p.chrome, StatusCode::OK)
}
