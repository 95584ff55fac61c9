//! Individual events' public page (issue 18): the event with each division's standings
//! (wins, spread, rating estimate and change) and its latest round's pairings by table, with
//! the CSV and `.t` exports. Readable without signing in when the event is public.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::{Chrome, page};
use crate::error::AppError;
use crate::services::individual::{self as ind, IndivEventView, RoundView, StandingsView};
use crate::vocab::{DivisionId, EventId};
use crate::web::AppState;
use crate::web::session::{CsrfToken, MaybeUser};

/// One division as the page shows it.
pub struct DivisionPart {
    /// Division id.
    pub id: DivisionId,
    /// Name.
    pub name: String,
    /// Standings.
    pub standings: StandingsView,
    /// The latest round paired, if any.
    pub round: Option<RoundView>,
}

#[derive(Template)]
#[template(path = "individual/event.html")]
struct EventPage {
    chrome: Chrome,
    event: IndivEventView,
    divisions: Vec<DivisionPart>,
}

/// `GET /individual/events/{id}`: the public event page.
pub async fn event(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.as_ref().map(|c| c.uid), id.into_inner());
    let (event, divisions, lang) = state
        .db(move |conn| {
            let event = ind::event_view(conn, uid, id)?;
            let mut parts = Vec::new();
            for d in &event.divisions {
                let round = match d.rounds_paired {
                    0 => None,
                    r => Some(ind::round_view(conn, uid, d.id, r)?),
                };
                parts.push(DivisionPart {
                    id: d.id,
                    name: d.name.clone(),
                    standings: ind::standings(conn, uid, d.id)?,
                    round,
                });
            }
            let lang = crate::services::events::event(conn, id)?.language;
            Ok((event, parts, lang))
        })
        .await?;
    let p = EventPage {
        chrome: Chrome::new(&req, user.0, &csrf).in_event(lang.as_deref()),
        event,
        divisions,
    };
    page(&p, &p.chrome, StatusCode::OK)
}
