//! The director's pages: events, teams (by hand and from CSV), role grants, the word list, and
//! rounds with their printable pairings and table cards. Every page is for the event's director
//! (or an administrator); a form that fails is shown again with the message at its field.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::AppState;
use super::pages::{Chrome, page, redirect_with_flash};
use super::session::{CsrfForm, CsrfToken, CurrentUser};
use crate::error::AppError;
use crate::services::events::{self, EventView, GrantRequest, NewEventRequest, NewTeamRequest};
use crate::services::import::{self, ImportPreview, ImportRequest};
use crate::services::rounds::{self, Dashboard, Method, PairRequest, RoundView};

/// The director's pages.
pub fn routes(cfg: &mut web::ServiceConfig) {
    // Forms that may carry a word list get a larger body limit than the app's 256 KiB.
    let big_form = || web::PayloadConfig::default().limit(LEXICON_FORM_MAX_BYTES);
    cfg.route("/events", web::get().to(events_page))
        .service(
            web::resource("/events/new")
                .app_data(big_form())
                .route(web::get().to(new_event_form))
                .route(web::post().to(create_event)),
        )
        .route("/events/{id}", web::get().to(dashboard))
        .route("/events/{id}/teams", web::post().to(add_team))
        .route("/events/{id}/teams/import", web::get().to(import_form))
        .route("/events/{id}/teams/import", web::post().to(import_teams))
        .route("/events/{id}/grants", web::post().to(grant_role))
        .route(
            "/events/{id}/grants/{grant}/revoke",
            web::post().to(revoke_grant),
        )
        .service(
            web::resource("/events/{id}/lexicon")
                .app_data(big_form())
                .route(web::get().to(lexicon_form))
                .route(web::post().to(upload_lexicon)),
        )
        .route("/events/{id}/rounds", web::post().to(create_round))
        .route(
            "/events/{id}/rounds/{n}/repair",
            web::post().to(repair_round),
        )
        .route(
            "/events/{id}/rounds/{n}/pairings",
            web::get().to(pairings_page),
        )
        .route("/events/{id}/rounds/{n}/cards", web::get().to(cards_page));
}

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

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

#[derive(Template)]
#[template(path = "director/events.html")]
struct EventsPage {
    chrome: Chrome,
    events: Vec<EventView>,
    may_create: bool,
}

/// `GET /events`: the events this user directs.
pub async fn events_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, AppError> {
    let uid = user.0.uid;
    let (events, may_create) = state
        .db(move |conn| rounds::directed_events(conn, uid))
        .await?;
    let chrome = chrome(&req, &user, &csrf);
    page(
        &EventsPage {
            chrome: chrome.clone(),
            events,
            may_create,
        },
        &chrome,
        StatusCode::OK,
    )
}

/// Fields of the new-event form.
#[derive(Debug, Deserialize, Default)]
pub struct NewEventForm {
    name: String,
    #[serde(default)]
    preset: String,
    #[serde(default)]
    overrides: String,
    #[serde(default)]
    tile_set: String,
    /// `default` or `upload`.
    #[serde(default)]
    lexicon: String,
    #[serde(default)]
    lexicon_name: String,
    #[serde(default)]
    words: String,
    #[serde(default)]
    public: Option<String>,
}

#[derive(Template)]
#[template(path = "director/new_event.html")]
struct NewEventPage {
    chrome: Chrome,
    form: NewEventForm,
    error: Option<FormError>,
}

impl NewEventPage {
    fn invalid(&self, field: &str) -> bool {
        self.error.as_ref().is_some_and(|e| e.field == field)
    }
}

/// `GET /events/new`.
pub async fn new_event_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, AppError> {
    let uid = user.0.uid;
    state
        .db(move |conn| crate::services::authz::Grants::load(conn, uid)?.require_director(None))
        .await?;
    let chrome = chrome(&req, &user, &csrf);
    let form = NewEventForm {
        preset: "team-2v2".into(),
        tile_set: "english".into(),
        lexicon: "default".into(),
        public: Some("1".into()),
        ..NewEventForm::default()
    };
    page(
        &NewEventPage {
            chrome: chrome.clone(),
            form,
            error: None,
        },
        &chrome,
        StatusCode::OK,
    )
}

impl NewEventForm {
    /// The API request this form stands for.
    fn request(&self) -> Result<NewEventRequest, AppError> {
        let overrides = if self.overrides.trim().is_empty() {
            serde_json::Value::Null
        } else {
            serde_json::from_str(&self.overrides).map_err(|e| {
                AppError::field(
                    "overrides",
                    format!("the overrides are not valid JSON: {e}"),
                )
            })?
        };
        let spec = serde_json::json!({"preset": self.preset, "overrides": overrides});
        let ruleset = serde_json::from_value(spec)
            .map_err(|_| AppError::field("preset", "choose team-2v2 or individual"))?;
        Ok(NewEventRequest {
            name: self.name.clone(),
            ruleset: Some(ruleset),
            lexicon: None,
            tile_set: Some(self.tile_set.clone()),
            public: Some(self.public.is_some()),
        })
    }
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

/// `POST /events/new`: creates the event (and stores its uploaded word list in the same
/// transaction), or shows the form again with the reason.
pub async fn create_event(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    payload: web::Payload,
) -> Result<HttpResponse, AppError> {
    let uid = user.0.uid;
    state
        .db(move |conn| crate::services::authz::Grants::load(conn, uid)?.require_director(None))
        .await?;
    let form: NewEventForm = read_form(&req, payload).await?;
    let data_dir = state.settings.data_dir.clone();
    let parsed = form.request().and_then(|r| {
        let upload = (form.lexicon == "upload")
            .then(|| (form.lexicon_name.clone(), form.words.clone().into_bytes()));
        if let Some((name, words)) = &upload {
            import::check_lexicon_name(name)?;
            import::parse_lexicon(name, words)?;
        }
        Ok((r, upload))
    });
    let result = match parsed {
        Ok((body, upload)) => {
            state
                .db(move |conn| {
                    conn.write_tx(|conn| {
                        let ev = events::create_event(conn, uid, &body)?;
                        if let Some((name, words)) = &upload {
                            import::store_lexicon(conn, &data_dir, uid, ev.id, name, words)?;
                        }
                        Ok(ev)
                    })
                })
                .await
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(ev) => Ok(redirect_with_flash(
            &format!("/events/{}", ev.id),
            &format!("Event {} created.", ev.name),
        )),
        Err(e) if shown_at_form(&e) || matches!(e, AppError::PayloadTooLarge(_)) => {
            let chrome = chrome(&req, &user, &csrf);
            let status = status_of(&e);
            page(
                &NewEventPage {
                    chrome: chrome.clone(),
                    form: NewEventForm {
                        words: String::new(),
                        ..form
                    },
                    error: Some(FormError::of("event", &e)),
                },
                &chrome,
                status,
            )
        }
        Err(e) => Err(e),
    }
}

// ---------------------------------------------------------------------------------------------
// The event's page
// ---------------------------------------------------------------------------------------------

/// Values a failed form on the event page keeps.
#[derive(Debug, Default, Clone)]
pub struct Sticky {
    team_name: String,
    players: [String; 4],
    username: String,
    pairs: String,
}

#[derive(Template)]
#[template(path = "director/dashboard.html")]
struct DashboardPage {
    chrome: Chrome,
    d: Dashboard,
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
    event_id: i64,
    error: Option<FormError>,
    sticky: Sticky,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let uid = cx.user.0.uid;
    let d = cx
        .state
        .db(move |conn| rounds::dashboard(conn, uid, event_id))
        .await?;
    let chrome = chrome(cx.req, cx.user, cx.csrf);
    page(
        &DashboardPage {
            chrome: chrome.clone(),
            d,
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
    id: web::Path<i64>,
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
    event_id: i64,
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
    id: web::Path<i64>,
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
            state
                .db(move |conn| events::create_team(conn, uid, event_id, &body))
                .await
        }
    };
    match result {
        Ok(t) => Ok(redirect_with_flash(
            &format!("/events/{event_id}"),
            &format!("Team {} added.", t.team.name),
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
    path: web::Path<(i64, i64)>,
    _form: CsrfForm<super::pages::Empty>,
) -> Result<HttpResponse, AppError> {
    let ((event_id, grant_id), uid) = (path.into_inner(), user.0.uid);
    let g = state
        .db(move |conn| events::revoke_grant(conn, uid, event_id, grant_id))
        .await?;
    Ok(redirect_with_flash(
        &format!("/events/{event_id}"),
        &format!("Role {} revoked.", g.role),
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
        Ok(GrantRequest {
            username: self.username.clone(),
            role: self.role.clone(),
            team_id,
            table,
        })
    }
}

/// `POST /events/{id}/grants`.
pub async fn grant_role(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<i64>,
    form: CsrfForm<GrantForm>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid, f) = (id.into_inner(), user.0.uid, form.0);
    let sticky = Sticky {
        username: f.username.clone(),
        ..Sticky::default()
    };
    let result = match f.request() {
        Ok(body) => {
            state
                .db(move |conn| events::grant(conn, uid, event_id, &body))
                .await
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(g) => Ok(redirect_with_flash(
            &format!("/events/{event_id}"),
            &format!("Role {} granted to {}.", g.role, f.username.trim()),
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
        Method::parse(&self.method)
            .ok_or_else(|| AppError::field("method", "choose round robin, Swiss or manual"))
    }
}

/// Builds the request inside the transaction that uses it, since manual lines name teams.
fn round_request(
    conn: &mut crate::db::DbConn,
    event_id: i64,
    f: &RoundForm,
) -> Result<PairRequest, AppError> {
    let method = f.method()?;
    let pairs = if method == Method::Manual {
        let teams: Vec<(i64, String)> = crate::db::events::teams_of(conn, event_id)?
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
    id: web::Path<i64>,
    form: CsrfForm<RoundForm>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid, f) = (id.into_inner(), user.0.uid, form.0);
    let sticky = Sticky {
        pairs: f.pairs.clone(),
        ..Sticky::default()
    };
    let now = state.clock.now();
    let cache = state.desk.clone();
    let result = state
        .db(move |conn| {
            let body = round_request(conn, event_id, &f)?;
            rounds::create_round(conn, &cache, now, uid, event_id, &body)
        })
        .await;
    match result {
        Ok(r) => Ok(redirect_with_flash(
            &format!("/events/{event_id}"),
            &format!(
                "Round {} paired: {} table(s){}.",
                r.round,
                r.tables.len(),
                if r.byes.is_empty() { "" } else { " and a bye" }
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
    path: web::Path<(i64, i32)>,
    form: CsrfForm<RoundForm>,
) -> Result<HttpResponse, AppError> {
    let ((event_id, round_no), uid, f) = (path.into_inner(), user.0.uid, form.0);
    let sticky = Sticky {
        pairs: f.pairs.clone(),
        ..Sticky::default()
    };
    let now = state.clock.now();
    let cache = state.desk.clone();
    let result = state
        .db(move |conn| {
            let body = round_request(conn, event_id, &f)?;
            rounds::repair_round(conn, &cache, now, uid, event_id, round_no, &body)
        })
        .await;
    match result {
        Ok(r) => Ok(redirect_with_flash(
            &format!("/events/{event_id}"),
            &format!("Round {} paired again.", r.round),
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

// ---------------------------------------------------------------------------------------------
// Printables
// ---------------------------------------------------------------------------------------------

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
    path: web::Path<(i64, i32)>,
) -> Result<HttpResponse, AppError> {
    let ((event_id, round_no), uid) = (path.into_inner(), user.0.uid);
    let (event, round) = state
        .db(move |conn| rounds::directed_round(conn, uid, event_id, round_no))
        .await?;
    let chrome = chrome(&req, &user, &csrf);
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
    path: web::Path<(i64, i32)>,
) -> Result<HttpResponse, AppError> {
    let ((event_id, round_no), uid) = (path.into_inner(), user.0.uid);
    let (event, round) = state
        .db(move |conn| rounds::directed_round(conn, uid, event_id, round_no))
        .await?;
    let chrome = chrome(&req, &user, &csrf);
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

// ---------------------------------------------------------------------------------------------
// CSV import
// ---------------------------------------------------------------------------------------------

#[derive(Template)]
#[template(path = "director/import.html")]
struct ImportPage {
    chrome: Chrome,
    event: EventView,
    csv: String,
    preview: Option<ImportPreview>,
    error: Option<FormError>,
}

/// `GET /events/{id}/teams/import`.
pub async fn import_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid) = (id.into_inner(), user.0.uid);
    let event = state
        .db(move |conn| director_event(conn, uid, event_id))
        .await?;
    let chrome = chrome(&req, &user, &csrf);
    page(
        &ImportPage {
            chrome: chrome.clone(),
            event,
            csv: String::new(),
            preview: None,
            error: None,
        },
        &chrome,
        StatusCode::OK,
    )
}

/// The event, for its director.
fn director_event(
    conn: &mut crate::db::DbConn,
    uid: i64,
    event_id: i64,
) -> Result<EventView, AppError> {
    crate::services::authz::Grants::load(conn, uid)?.require_director(Some(event_id))?;
    Ok(events::event(conn, event_id)?.into())
}

/// Fields of the import form.
#[derive(Debug, Deserialize)]
pub struct ImportForm {
    csv: String,
    /// `preview` (default) or `import`.
    #[serde(default)]
    action: String,
}

/// `POST /events/{id}/teams/import`: the first post previews (rows and their errors); posting
/// again with `action=import` creates every team, or none if any row has an error.
pub async fn import_teams(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<i64>,
    form: CsrfForm<ImportForm>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid, f) = (id.into_inner(), user.0.uid, form.0);
    let body = ImportRequest {
        csv: f.csv.clone(),
        dry_run: f.action != "import",
    };
    let result = state
        .db(move |conn| {
            let event = director_event(conn, uid, event_id)?;
            let outcome = import::import_teams(conn, uid, event_id, &body);
            // After a refused import the preview is shown again, so the rows are visible.
            let preview = match &outcome {
                Err(e) if shown_at_form(e) && !body.dry_run => import::import_teams(
                    conn,
                    uid,
                    event_id,
                    &ImportRequest {
                        csv: body.csv.clone(),
                        dry_run: true,
                    },
                )
                .ok(),
                _ => None,
            };
            Ok((event, outcome, preview))
        })
        .await?;
    let (event, outcome, retry_preview) = result;
    let (preview, error, status) = match outcome {
        Ok(p) if p.imported => {
            return Ok(redirect_with_flash(
                &format!("/events/{event_id}"),
                &format!("{} team(s) imported.", p.teams.len()),
            ));
        }
        Ok(p) => (Some(p), None, StatusCode::OK),
        Err(e) if shown_at_form(&e) || matches!(e, AppError::PayloadTooLarge(_)) => {
            let status = status_of(&e);
            (retry_preview, Some(FormError::of("import", &e)), status)
        }
        Err(e) => return Err(e),
    };
    let chrome = chrome(&req, &user, &csrf);
    page(
        &ImportPage {
            chrome: chrome.clone(),
            event,
            csv: f.csv,
            preview,
            error,
        },
        &chrome,
        status,
    )
}

// ---------------------------------------------------------------------------------------------
// Word list
// ---------------------------------------------------------------------------------------------

#[derive(Template)]
#[template(path = "director/lexicon.html")]
struct LexiconPage {
    chrome: Chrome,
    event: EventView,
    lexicon_name: String,
    error: Option<FormError>,
}

impl LexiconPage {
    fn invalid(&self, field: &str) -> bool {
        self.error.as_ref().is_some_and(|e| e.field == field)
    }
}

/// `GET /events/{id}/lexicon`.
pub async fn lexicon_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid) = (id.into_inner(), user.0.uid);
    let event = state
        .db(move |conn| director_event(conn, uid, event_id))
        .await?;
    let chrome = chrome(&req, &user, &csrf);
    page(
        &LexiconPage {
            chrome: chrome.clone(),
            event,
            lexicon_name: String::new(),
            error: None,
        },
        &chrome,
        StatusCode::OK,
    )
}

/// Fields of the word-list form.
#[derive(Debug, Deserialize)]
pub struct LexiconForm {
    lexicon_name: String,
    words: String,
}

/// `POST /events/{id}/lexicon`: replaces the event's word list.
pub async fn upload_lexicon(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<i64>,
    payload: web::Payload,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid) = (id.into_inner(), user.0.uid);
    state
        .db(move |conn| director_event(conn, uid, event_id).map(|_| ()))
        .await?;
    let f: LexiconForm = read_form(&req, payload).await?;
    let data_dir = state.settings.data_dir.clone();
    let shown_name = f.lexicon_name.clone();
    let result = state
        .db(move |conn| {
            let stored = import::store_lexicon(
                conn,
                &data_dir,
                uid,
                event_id,
                &f.lexicon_name,
                f.words.as_bytes(),
            );
            let event = director_event(conn, uid, event_id)?;
            Ok((stored, event))
        })
        .await?;
    match result {
        (Ok(v), _) => {
            state.lexicons.forget(event_id);
            Ok(redirect_with_flash(
                &format!("/events/{event_id}"),
                &format!("Word list {} loaded: {} words.", v.lexicon, v.words),
            ))
        }
        (Err(e), event) if shown_at_form(&e) || matches!(e, AppError::PayloadTooLarge(_)) => {
            let chrome = chrome(&req, &user, &csrf);
            let status = status_of(&e);
            page(
                &LexiconPage {
                    chrome: chrome.clone(),
                    event,
                    lexicon_name: shown_name,
                    error: Some(FormError::of("lexicon", &e)),
                },
                &chrome,
                status,
            )
        }
        (Err(e), _) => Err(e),
    }
}
