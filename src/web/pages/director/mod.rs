//! The director's pages. Every page is for the event's director (or an administrator); a form
//! that fails is shown again with the message at its field.
//!
//! Here: the event's desk (teams, rounds with their matches, role grants) and the form helpers
//! the director's pages share. `listing` lists and creates events, `pairings` pairs rounds and
//! prints them, `uploads` takes the teams CSV and the word list; `individual`,
//! `individual_division` and `individual_round` set up and run an individual (1 vs 1) event.

pub mod duplicate;
pub mod individual;
pub mod individual_division;
pub mod individual_round;
pub mod listing;
pub mod pairings;
pub mod uploads;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{Chrome, Empty, page, redirect_with_flash};
use crate::error::AppError;
use crate::services::events::{self, GrantRequest, NewTeamRequest};
use crate::services::import;
use crate::services::rounds::{self, Dashboard, RoundView};
use crate::vocab::{EventId, GrantId, Side};
use crate::web::AppState;
use crate::web::i18n::Lang;
use crate::web::session::{CsrfForm, CsrfToken, CurrentUser};

/// The largest director form: a word list typed or loaded into a textarea, URL-encoded.
pub const LEXICON_FORM_MAX_BYTES: usize = 2 * import::LEXICON_MAX_BYTES + 64 * 1024;

fn chrome(req: &HttpRequest, user: &CurrentUser, csrf: &CsrfToken) -> Chrome {
    // The header already links to /events for every signed-in user.
    Chrome::new(req, Some(user.0.clone()), csrf)
}

/// A form's failure, shown at the form and its field.
#[derive(Debug, Default, Clone)]
pub struct FormError {
    /// Which form on the page (`team`, `grant`, `round`, `repair`, …).
    pub form: String,
    /// The message.
    pub message: String,
    /// The field at fault.
    pub field: String,
}

impl FormError {
    fn of(form: &str, e: &AppError) -> Self {
        let field = match e {
            AppError::BadRequest { field, .. } | AppError::Unprocessable { field, .. } => {
                field.clone().unwrap_or_default()
            }
            _ => String::new(),
        };
        FormError {
            form: form.to_owned(),
            message: e.public_message(),
            field,
        }
    }

    /// Whether this failure belongs to `form`.
    pub fn at(&self, form: &str) -> bool {
        self.form == form
    }
}

/// Errors a form shows again rather than as an error page.
fn shown_at_form(e: &AppError) -> bool {
    matches!(
        e,
        AppError::BadRequest { .. }
            | AppError::Unprocessable { .. }
            | AppError::Conflict { .. }
            | AppError::Rule { .. }
    )
}

fn status_of(e: &AppError) -> StatusCode {
    actix_web::ResponseError::status_code(e)
}

/// Reads a form's body once the caller is known to be allowed (a handler takes the payload
/// rather than the form for that): large director forms are not read, nor parsed, for
/// anyone else.
async fn read_form<T: serde::de::DeserializeOwned + 'static>(
    req: &HttpRequest,
    payload: web::Payload,
) -> Result<T, AppError> {
    use actix_web::FromRequest;
    let mut payload = payload.into_inner();
    Ok(CsrfForm::<T>::from_request(req, &mut payload).await?.0)
}

/// The format an event's stored ruleset names: a team or 1v1 preset, or `duplicate`.
pub fn format_name(ruleset: &serde_json::Value) -> &str {
    ruleset["preset"]
        .as_str()
        .or(ruleset["format"].as_str())
        .unwrap_or("")
}

/// Whether an event's stored ruleset is an individual tournament's (`{"format": "individual"}`,
/// its divisions and options in the individual tables), not a 1v1 match preset.
pub fn is_individual_tournament(ruleset: &serde_json::Value) -> bool {
    ruleset["preset"].is_null() && ruleset["format"].as_str() == Some("individual")
}

/// Values a failed form on the event page keeps.
#[derive(Debug, Default, Clone)]
pub struct Sticky {
    team_name: String,
    players: [String; 4],
    username: String,
    pairs: String,
    /// The pairing method chosen in a refused round form.
    method: String,
}

#[derive(Template)]
#[template(path = "director/dashboard.html")]
struct DashboardPage {
    chrome: Chrome,
    d: Dashboard,
    /// The event's individual divisions (id, name), for a table device's grant.
    divisions: Vec<(crate::vocab::DivisionId, String)>,
    error: Option<FormError>,
    sticky: Sticky,
}

impl DashboardPage {
    fn error_at(&self, form: &str) -> Option<&str> {
        self.error
            .as_ref()
            .filter(|e| e.at(form))
            .map(|e| e.message.as_str())
    }

    fn invalid(&self, form: &str, field: &str) -> bool {
        self.error
            .as_ref()
            .is_some_and(|e| e.at(form) && e.field == field)
    }

    /// The page anchor of the form a refusal belongs to, for the banner's link.
    fn error_anchor(&self) -> Option<&'static str> {
        match self.error.as_ref()?.form.as_str() {
            "team" => Some("add-team"),
            "grant" => Some("grant"),
            "round" => Some("new-round"),
            "repair" => Some("rounds"),
            "language" => Some("event-language"),
            _ => None,
        }
    }

    fn last_round(&self) -> Option<&RoundView> {
        self.d.rounds.last()
    }
}

/// What a page handler hands to the helpers that render the event page.
struct Cx<'a> {
    req: &'a HttpRequest,
    state: &'a AppState,
    user: &'a CurrentUser,
    csrf: &'a CsrfToken,
}

async fn dashboard_response(
    cx: &Cx<'_>,
    event_id: EventId,
    error: Option<FormError>,
    sticky: Sticky,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let uid = cx.user.0.uid;
    let (d, divisions) = cx
        .state
        .db(move |conn| {
            let d = rounds::dashboard(conn, uid, event_id)?;
            let divisions = crate::db::individual::divisions(conn, event_id)?
                .into_iter()
                .map(|v| (v.id, v.name))
                .collect();
            Ok::<_, AppError>((d, divisions))
        })
        .await?;
    let chrome = chrome(cx.req, cx.user, cx.csrf).in_event(d.event.language.as_deref());
    page(
        &DashboardPage {
            chrome: chrome.clone(),
            d,
            divisions,
            error,
            sticky,
        },
        &chrome,
        status,
    )
}

/// `GET /events/{id}`: teams, rounds with their matches, and role grants.
pub async fn dashboard(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let cx = Cx {
        req: &req,
        state: &state,
        user: &user,
        csrf: &csrf,
    };
    dashboard_response(
        &cx,
        id.into_inner(),
        None,
        Sticky::default(),
        StatusCode::OK,
    )
    .await
}

/// Shows the event page again with a form's failure, or passes other errors on.
async fn form_failed(
    cx: &Cx<'_>,
    event_id: EventId,
    form: &str,
    e: AppError,
    sticky: Sticky,
) -> Result<HttpResponse, AppError> {
    if !shown_at_form(&e) {
        return Err(e);
    }
    let status = status_of(&e);
    dashboard_response(cx, event_id, Some(FormError::of(form, &e)), sticky, status).await
}

/// Fields of the add-team form.
#[derive(Debug, Deserialize)]
pub struct TeamForm {
    name: String,
    player1: String,
    player2: String,
    #[serde(default)]
    reserve1: String,
    #[serde(default)]
    reserve2: String,
    /// 1-4: which of the four names captains the team.
    #[serde(default)]
    captain: Option<String>,
}

/// `POST /events/{id}/teams`.
pub async fn add_team(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
    form: CsrfForm<TeamForm>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid, f) = (id.into_inner(), user.0.uid, form.0);
    let sticky = Sticky {
        team_name: f.name.clone(),
        players: [
            f.player1.clone(),
            f.player2.clone(),
            f.reserve1.clone(),
            f.reserve2.clone(),
        ],
        ..Sticky::default()
    };
    // Reserves are optional: the captain's number (1-4) counts the four boxes, the index the
    // service wants counts only the names given.
    let boxes = [&f.player1, &f.player2, &f.reserve1, &f.reserve2];
    let given: Vec<(usize, String)> = boxes
        .iter()
        .enumerate()
        .filter(|(i, n)| *i < 2 || !n.trim().is_empty())
        .map(|(i, n)| (i, (*n).clone()))
        .collect();
    let captain = f
        .captain
        .as_deref()
        .unwrap_or("1")
        .parse::<usize>()
        .ok()
        .and_then(|c| given.iter().position(|(i, _)| *i + 1 == c));
    let result = match captain {
        None => Err(AppError::field(
            "captain",
            "the captain must be one of the names given",
        )),
        Some(captain) => {
            let body = NewTeamRequest {
                name: f.name.clone(),
                players: given.into_iter().map(|(_, n)| n).collect(),
                captain: Some(captain),
            };
            let now = state.clock.now();
            state
                .db(move |conn| events::create_team(conn, now, uid, event_id, &body))
                .await
        }
    };
    match result {
        Ok(t) => Ok(redirect_with_flash(
            &format!("/events/{event_id}"),
            &crate::web::pages::flash_key("flash-team-added", &[("name", t.team.name.clone())]),
        )),
        Err(e) => {
            let cx = Cx {
                req: &req,
                state: &state,
                user: &user,
                csrf: &csrf,
            };
            form_failed(&cx, event_id, "team", e, sticky).await
        }
    }
}

/// `POST /events/{id}/grants/{grant}/revoke`.
pub async fn revoke_grant(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(EventId, GrantId)>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, AppError> {
    let ((event_id, grant_id), uid) = (path.into_inner(), user.0.uid);
    let g = state
        .db(move |conn| events::revoke_grant(conn, uid, event_id, grant_id))
        .await?;
    Ok(redirect_with_flash(
        &format!("/events/{event_id}"),
        &crate::web::pages::flash_key("flash-role-revoked", &[("role", g.role.to_string())]),
    ))
}

/// Fields of the grant form.
#[derive(Debug, Deserialize)]
pub struct GrantForm {
    username: String,
    role: String,
    #[serde(default)]
    team_id: String,
    #[serde(default)]
    table: String,
    /// A table device's division (empty: all divisions).
    #[serde(default)]
    division_id: String,
}

impl GrantForm {
    fn request(&self) -> Result<GrantRequest, AppError> {
        let team_id = match self.team_id.trim() {
            "" => None,
            t => Some(
                t.parse()
                    .map_err(|_| AppError::field("team_id", "choose a team"))?,
            ),
        };
        let table = match self.table.trim() {
            "" => None,
            t => Some(
                t.parse()
                    .map_err(|_| AppError::field("table", "a table is a number from 1"))?,
            ),
        };
        let division_id = match self.division_id.trim() {
            "" => None,
            d => Some(
                d.parse()
                    .map_err(|_| AppError::field("division_id", "choose a division"))?,
            ),
        };
        Ok(GrantRequest {
            username: self.username.clone(),
            role: self.role.clone(),
            team_id,
            table,
            division_id,
        })
    }
}

/// `POST /events/{id}/grants`.
pub async fn grant_role(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
    form: CsrfForm<GrantForm>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid, f) = (id.into_inner(), user.0.uid, form.0);
    let sticky = Sticky {
        username: f.username.clone(),
        ..Sticky::default()
    };
    let result = match f.request() {
        Ok(body) => {
            let now = state.clock.now();
            state
                .db(move |conn| events::grant(conn, now, uid, event_id, &body))
                .await
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(g) => Ok(redirect_with_flash(
            &format!("/events/{event_id}"),
            &crate::web::pages::flash_key(
                "flash-role-granted",
                &[
                    ("role", g.role.to_string()),
                    ("name", f.username.trim().to_owned()),
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
            form_failed(&cx, event_id, "grant", e, sticky).await
        }
    }
}

/// The event-language form's field: a catalogue code, or empty for "each visitor's own".
#[derive(Debug, Deserialize)]
pub struct EventLanguageForm {
    language: String,
}

/// `POST /events/{id}/language`: the default language of the event's pages (issue 15). A code
/// that is not one of the catalogues' is refused at the form and nothing is stored.
pub async fn set_language(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
    form: CsrfForm<EventLanguageForm>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid) = (id.into_inner(), user.0.uid);
    let code = form.0.language.trim().to_owned();
    let chosen = match code.as_str() {
        "" => Ok(None),
        c => Lang::parse(c).map(Some).ok_or_else(|| {
            AppError::field(
                "language",
                format!("no pages in language {c:?}: choose en, id or fr"),
            )
        }),
    };
    let result = match chosen {
        Ok(l) => {
            state
                .db(move |conn| events::set_language(conn, uid, event_id, l.map(Lang::code)))
                .await
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(()) => Ok(redirect_with_flash(
            &format!("/events/{event_id}"),
            &super::flash_key("director-language-saved", &[]),
        )),
        Err(e) => {
            let cx = Cx {
                req: &req,
                state: &state,
                user: &user,
                csrf: &csrf,
            };
            form_failed(&cx, event_id, "language", e, Sticky::default()).await
        }
    }
}
