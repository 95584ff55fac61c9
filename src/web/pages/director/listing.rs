//! The director's event list and the new-event form (its ruleset, tile set and an optional
//! word list uploaded with it).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{FormError, chrome, read_form, shown_at_form, status_of};
use crate::error::AppError;
use crate::services::events::{self, EventView, NewEventRequest};
use crate::services::{import, rounds};
use crate::web::AppState;
use crate::web::pages::{Chrome, page, redirect_with_flash};
use crate::web::session::{CsrfToken, CurrentUser};

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
        .db(move |conn| crate::services::authz::Grants::load(conn, uid)?.require_event_creator())
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

/// What the new-event form creates: a team or one-vs-one event, or a Duplicate one.
enum NewEvent {
    Match(NewEventRequest),
    Duplicate(crate::services::duplicate::NewDuplicateEventRequest),
}

impl NewEventForm {
    /// The event this form stands for: with the `duplicate` format, a Duplicate event whose D
    /// options are the overrides (English Duplicate with English tiles, French otherwise).
    fn event(&self) -> Result<NewEvent, AppError> {
        if self.preset != "duplicate" {
            return self.request().map(NewEvent::Match);
        }
        let mut overrides = if self.overrides.trim().is_empty() {
            serde_json::Value::Object(serde_json::Map::new())
        } else {
            serde_json::from_str(&self.overrides).map_err(|e| {
                AppError::field(
                    "overrides",
                    format!("the overrides are not valid JSON: {e}"),
                )
            })?
        };
        // An uploaded list is the game's word list (D2).
        if self.lexicon == "upload"
            && let serde_json::Value::Object(o) = &mut overrides
            && !o.contains_key("lexicon")
        {
            o.insert(
                "lexicon".into(),
                serde_json::Value::String(self.lexicon_name.trim().to_owned()),
            );
        }
        Ok(NewEvent::Duplicate(
            crate::services::duplicate::NewDuplicateEventRequest {
                name: self.name.clone(),
                ruleset: Some(overrides),
                english: self.tile_set == "english",
                public: Some(self.public.is_some()),
            },
        ))
    }

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
        .db(move |conn| crate::services::authz::Grants::load(conn, uid)?.require_event_creator())
        .await?;
    let form: NewEventForm = read_form(&req, payload).await?;
    let data_dir = state.settings.data_dir.clone();
    let parsed = form.event().and_then(|r| {
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
            let now = state.clock.now();
            state
                .db(move |conn| {
                    conn.write_tx(|conn| {
                        let (id, name, page) = match &body {
                            NewEvent::Match(body) => {
                                let ev = events::create_event(conn, now, uid, body)?;
                                (ev.id, ev.name, format!("/events/{}", ev.id))
                            }
                            NewEvent::Duplicate(body) => {
                                let ev =
                                    crate::services::duplicate::create_event(conn, now, uid, body)?;
                                (ev.id, ev.name, format!("/events/{}/duplicate", ev.id))
                            }
                        };
                        if let Some((lexicon, words)) = &upload {
                            import::store_lexicon(conn, &data_dir, uid, id, lexicon, words)?;
                        }
                        Ok((name, page))
                    })
                })
                .await
        }
        Err(e) => Err(e),
    };
    match result {
        Ok((name, to)) => Ok(redirect_with_flash(&to, &format!("Event {name} created."))),
        Err(e) if shown_at_form(&e) || matches!(e, AppError::PayloadTooLarge(_)) => {
            let chrome = chrome(&req, &user, &csrf);
            let status = status_of(&e);
            page(
                &NewEventPage {
                    chrome: chrome.clone(),
                    // The words too: a word-list error is fixed by one edit, not a re-paste.
                    form,
                    error: Some(FormError::of("event", &e)),
                },
                &chrome,
                status,
            )
        }
        Err(e) => Err(e),
    }
}
