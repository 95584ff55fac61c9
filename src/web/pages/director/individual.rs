//! The director's set-up pages of an individual (1 vs 1) event (issue 18): the new-event form
//! (name, public, the spreads of byes and forfeits, what a withdrawal does), and the event's
//! page with its divisions, the new-division form (each with its pairing plan and
//! Gibsonization) and the `.t` import. Every form calls the service the API calls; a refused
//! form is shown again with its values and the message in the page's language.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{FormError, chrome, read_form, shown_at_form, status_of};
use crate::error::AppError;
use crate::rules::individual::standings::{Options, WithdrawnGames};
use crate::rules::pairing::individual::{Method, Stretch};
use crate::services::individual::{
    self as ind, EventDesk, ImportDivisionRequest, NewDivisionRequest, NewEventRequest,
};
use crate::vocab::EventId;
use crate::web::AppState;
use crate::web::pages::{Chrome, flash_key, page, redirect_with_flash};
use crate::web::session::{CsrfForm, CsrfToken, CurrentUser};

/// How many stretches the plan form offers (1-7 round robin, 8-14 Swiss, 15 KOTH needs 3).
pub const PLAN_ROWS: u32 = 4;

/// A page holding several forms, of which at most one was refused: its message, the field at
/// fault and what was typed show at that form only (`form` names it).
pub trait StickyForms {
    /// The refusal, if a form of the page was refused.
    fn refusal(&self) -> Option<&FormError>;
    /// What was typed in the refused form.
    fn typed(&self) -> &Fields;

    /// The refusal's message, at the form it belongs to.
    fn error_at(&self, form: &str) -> Option<&str> {
        self.refusal()
            .filter(|e| e.at(form))
            .map(|e| e.message.as_str())
    }

    /// Whether `field` of `form` is the one at fault.
    fn invalid(&self, form: &str, field: &str) -> bool {
        self.refusal()
            .is_some_and(|e| e.at(form) && e.field == field)
    }

    /// A sticky value of the refused form (empty for every other form).
    fn value(&self, form: &str, name: &str) -> String {
        if self.refusal().is_some_and(|e| e.at(form)) {
            self.typed().get(name).to_owned()
        } else {
            String::new()
        }
    }
}

/// A form's fields as typed, kept to show a refused form again.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(transparent)]
pub struct Fields(HashMap<String, String>);

impl Fields {
    /// A field's value as typed (empty when absent).
    pub fn get(&self, name: &str) -> &str {
        self.0.get(name).map_or("", String::as_str)
    }

    /// A field as typed, none when empty (the service's default then applies).
    pub fn optional(&self, name: &str) -> Option<String> {
        Some(self.get(name).trim().to_owned()).filter(|v| !v.is_empty())
    }

    /// A plan row's field (`first`, `last`, `method`) of row `i`.
    pub fn row(&self, name: &str, i: impl std::fmt::Display) -> &str {
        self.get(&format!("{name}{i}"))
    }

    /// Whether a checkbox was ticked.
    pub fn ticked(&self, name: &str) -> bool {
        !self.get(name).is_empty()
    }

    fn set(mut self, name: &str, value: &str) -> Self {
        self.0.insert(name.to_owned(), value.to_owned());
        self
    }

    /// The pairing plan of the rows filled in (a row with neither round is skipped).
    pub fn plan(&self) -> Result<Vec<Stretch>, AppError> {
        let round = |v: &str| {
            v.trim()
                .parse::<u32>()
                .map_err(|_| AppError::field("plan", "a round is a whole number from 1"))
        };
        let mut plan = Vec::new();
        for i in 1..=PLAN_ROWS {
            let (first, last) = (self.row("first", i), self.row("last", i));
            if first.trim().is_empty() && last.trim().is_empty() {
                continue;
            }
            let first = round(first)?;
            // A row with one round only: that round.
            let last = if last.trim().is_empty() {
                first
            } else {
                round(last)?
            };
            let method = serde_json::from_value::<Method>(serde_json::Value::String(
                self.row("method", i).to_owned(),
            ))
            .map_err(|_| AppError::field("plan", "choose how the rounds are paired"))?;
            plan.push(Stretch {
                first,
                last,
                method,
            });
        }
        Ok(plan)
    }

    /// Gibsonization: the prize places it protects when ticked (1 when left empty).
    pub fn gibson(&self) -> Result<Option<u32>, AppError> {
        if !self.ticked("gibson") {
            return Ok(None);
        }
        match self.get("gibson_prizes").trim() {
            "" => Ok(Some(1)),
            n => n
                .parse()
                .map(Some)
                .map_err(|_| AppError::field("gibson_prizes", "from 1 to 100 prize places")),
        }
    }

    fn spread(&self, name: &str) -> Result<i32, AppError> {
        self.get(name)
            .trim()
            .parse()
            .map_err(|_| AppError::field(&format!("options.{name}"), "from 0 to 1000"))
    }

    /// The new event this form stands for.
    fn event(&self) -> Result<NewEventRequest, AppError> {
        let withdrawn = match self.get("withdrawn") {
            "bye" => WithdrawnGames::Bye,
            "forfeit" | "" => WithdrawnGames::Forfeit,
            _ => {
                return Err(AppError::field(
                    "options.withdrawn",
                    "choose forfeits or byes",
                ));
            }
        };
        Ok(NewEventRequest {
            name: self.get("name").to_owned(),
            public: Some(self.ticked("public")),
            options: Some(Options {
                bye_spread: self.spread("bye_spread")?,
                forfeit_spread: self.spread("forfeit_spread")?,
                withdrawn,
            }),
        })
    }
}

#[derive(Template)]
#[template(path = "individual/director_new.html")]
struct NewEventPage {
    chrome: Chrome,
    form: Fields,
    error: Option<FormError>,
}

impl NewEventPage {
    fn invalid(&self, field: &str) -> bool {
        self.error.as_ref().is_some_and(|e| e.field == field)
    }
}

/// `GET /individual/events/new`: the new individual event form.
pub async fn new_event_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, AppError> {
    let uid = user.0.uid;
    state
        .db(move |conn| crate::services::authz::Grants::load(conn, uid)?.require_event_creator())
        .await?;
    let form = Fields::default()
        .set("public", "1")
        .set("bye_spread", "50")
        .set("forfeit_spread", "50")
        .set("withdrawn", "forfeit");
    let chrome = chrome(&req, &user, &csrf);
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

/// `POST /individual/events/new`: creates the event (the API's service) and opens its page.
pub async fn create_event(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    form: CsrfForm<Fields>,
) -> Result<HttpResponse, AppError> {
    let (uid, f, now) = (user.0.uid, form.0, state.clock.now());
    let result = match f.event() {
        Ok(body) => {
            state
                .db(move |conn| ind::create_event(conn, now, uid, &body))
                .await
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(ev) => Ok(redirect_with_flash(
            &format!("/individual/events/{}/desk", ev.id),
            &flash_key("inddir-flash-event", &[("name", ev.name)]),
        )),
        Err(e) if shown_at_form(&e) => {
            let chrome = chrome(&req, &user, &csrf);
            page(
                &NewEventPage {
                    chrome: chrome.clone(),
                    form: f,
                    error: Some(FormError::of("event", &e)),
                },
                &chrome,
                status_of(&e),
            )
        }
        Err(e) => Err(e),
    }
}

#[derive(Template)]
#[template(path = "individual/director_event.html")]
struct EventPage {
    chrome: Chrome,
    v: EventDesk,
    error: Option<FormError>,
    form: Fields,
}

impl StickyForms for EventPage {
    fn refusal(&self) -> Option<&FormError> {
        self.error.as_ref()
    }

    fn typed(&self) -> &Fields {
        &self.form
    }
}

impl EventPage {
    fn row(&self, form: &str, name: &str, i: impl std::fmt::Display) -> String {
        self.value(form, &format!("{name}{i}"))
    }

    /// The late-entry rule chosen in the form (`no_game` by default).
    fn late_is(&self, form: &str, rule: impl AsRef<str>) -> bool {
        let rule = rule.as_ref();
        match self.value(form, "late_rounds").as_str() {
            "" => rule == "no_game",
            v => v == rule,
        }
    }

    /// The plan row's method (round robin in the first row by default, Swiss after).
    fn method_is(&self, form: &str, i: &u32, method: impl AsRef<str>) -> bool {
        let method = method.as_ref();
        match self.row(form, "method", i).as_str() {
            "" => method == if *i == 1 { "round_robin" } else { "swiss" },
            m => m == method,
        }
    }
}

/// A pairing method's name in the catalogues' `inddir-method-name` (its name in the API too),
/// for every director page that names one.
pub fn method_name(m: &Method) -> &'static str {
    match m {
        Method::RoundRobin => "round_robin",
        Method::Swiss => "swiss",
        Method::KingOfTheHill => "king_of_the_hill",
        Method::Manual => "manual",
    }
}

async fn render_event(
    cx: (&HttpRequest, &AppState, &CurrentUser, &CsrfToken),
    event_id: EventId,
    error: Option<FormError>,
    form: Fields,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let (req, state, user, csrf) = cx;
    let uid = user.0.uid;
    let v = state
        .db(move |conn| ind::event_desk(conn, uid, event_id))
        .await?;
    let chrome = chrome(req, user, csrf).in_event(v.language.as_deref());
    page(
        &EventPage {
            chrome: chrome.clone(),
            v,
            error,
            form,
        },
        &chrome,
        status,
    )
}

/// `GET /individual/events/{id}/desk`: the event's options, divisions and set-up forms.
pub async fn event_desk(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    render_event(
        (&req, &state, &user, &csrf),
        id.into_inner(),
        None,
        Fields::default(),
        StatusCode::OK,
    )
    .await
}

/// `POST /individual/events/{id}/desk/divisions`: a division with its plan.
pub async fn create_division(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
    form: CsrfForm<Fields>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid, f) = (id.into_inner(), user.0.uid, form.0);
    let body = f.plan().and_then(|plan| {
        Ok(NewDivisionRequest {
            name: f.get("name").to_owned(),
            plan,
            gibson_prizes: f.gibson()?,
            rating_method: Some(f.get("rating_method").to_owned()),
            late_rounds: f.optional("late_rounds"),
        })
    });
    let result = match body {
        Ok(body) => {
            let (now, desk) = (state.clock.now(), state.desk.clone());
            state
                .db(move |conn| ind::create_division(conn, &desk, now, uid, event_id, &body))
                .await
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(d) => Ok(redirect_with_flash(
            &format!("/individual/events/{event_id}/desk"),
            &flash_key("inddir-flash-division", &[("name", d.name)]),
        )),
        Err(e) if shown_at_form(&e) => {
            let status = status_of(&e);
            let error = Some(FormError::of("division", &e));
            render_event((&req, &state, &user, &csrf), event_id, error, f, status).await
        }
        Err(e) => Err(e),
    }
}

/// `POST /individual/events/{id}/desk/import`: a division from a TSH `.t` file (read only
/// once the caller is known to direct the event: the form may be large).
pub async fn import_division(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
    payload: web::Payload,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid) = (id.into_inner(), user.0.uid);
    state
        .db(move |conn| {
            crate::services::authz::Grants::load(conn, uid)?.require_director(Some(event_id))
        })
        .await?;
    let f: Fields = read_form(&req, payload).await?;
    let body = f.plan().and_then(|plan| {
        Ok(ImportDivisionRequest {
            name: f.get("name").to_owned(),
            plan,
            gibson_prizes: f.gibson()?,
            rating_method: Some(f.get("rating_method").to_owned()),
            late_rounds: f.optional("late_rounds"),
            file: f.get("file").to_owned(),
        })
    });
    let result = match body {
        Ok(body) => {
            let (now, desk) = (state.clock.now(), state.desk.clone());
            state
                .db(move |conn| ind::import_division(conn, &desk, now, uid, event_id, &body))
                .await
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(d) => Ok(redirect_with_flash(
            &format!("/individual/divisions/{}/desk", d.id),
            &flash_key(
                "inddir-flash-imported",
                &[("name", d.name), ("players", d.players.len().to_string())],
            ),
        )),
        Err(e) if shown_at_form(&e) => {
            let status = status_of(&e);
            let error = Some(FormError::of("import", &e));
            render_event((&req, &state, &user, &csrf), event_id, error, f, status).await
        }
        Err(e) => Err(e),
    }
}
