//! The director's uploads: teams from CSV (previewed first, then all imported or none) and
//! the event's word list.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{FormError, chrome, read_form, shown_at_form, status_of};
use crate::error::AppError;
use crate::services::events::{self, EventView};
use crate::services::import::{self, ImportPreview, ImportRequest};
use crate::vocab::{EventId, UserId};
use crate::web::AppState;
use crate::web::pages::{Chrome, page, redirect_with_flash};
use crate::web::session::{CsrfForm, CsrfToken, CurrentUser};

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
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid) = (id.into_inner(), user.0.uid);
    let event = state
        .db(move |conn| director_event(conn, uid, event_id))
        .await?;
    let chrome = chrome(&req, &user, &csrf).in_event(event.language.as_deref());
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
    uid: UserId,
    event_id: EventId,
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
    id: web::Path<EventId>,
    form: CsrfForm<ImportForm>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid, f) = (id.into_inner(), user.0.uid, form.0);
    let body = ImportRequest {
        csv: f.csv.clone(),
        dry_run: f.action != "import",
    };
    let now = state.clock.now();
    let result = state
        .db(move |conn| {
            let event = director_event(conn, uid, event_id)?;
            let outcome = import::import_teams(conn, now, uid, event_id, &body);
            // After a refused import the preview is shown again, so the rows are visible.
            let preview = match &outcome {
                Err(e) if shown_at_form(e) && !body.dry_run => import::import_teams(
                    conn,
                    now,
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
                &crate::web::pages::flash_key(
                    "flash-teams-imported",
                    &[("count", p.teams.len().to_string())],
                ),
            ));
        }
        Ok(p) => (Some(p), None, StatusCode::OK),
        Err(e) if shown_at_form(&e) || matches!(e, AppError::PayloadTooLarge(_)) => {
            let status = status_of(&e);
            (retry_preview, Some(FormError::of("import", &e)), status)
        }
        Err(e) => return Err(e),
    };
    let chrome = chrome(&req, &user, &csrf).in_event(event.language.as_deref());
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

#[derive(Template)]
#[template(path = "director/lexicon.html")]
struct LexiconPage {
    chrome: Chrome,
    event: EventView,
    lexicon_name: String,
    /// The words sent, shown again when they are refused (so a fix is one edit, not a re-paste).
    words: String,
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
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid) = (id.into_inner(), user.0.uid);
    let event = state
        .db(move |conn| director_event(conn, uid, event_id))
        .await?;
    let chrome = chrome(&req, &user, &csrf).in_event(event.language.as_deref());
    page(
        &LexiconPage {
            chrome: chrome.clone(),
            event,
            lexicon_name: String::new(),
            words: String::new(),
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
    id: web::Path<EventId>,
    payload: web::Payload,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid) = (id.into_inner(), user.0.uid);
    state
        .db(move |conn| director_event(conn, uid, event_id).map(|_| ()))
        .await?;
    let f: LexiconForm = read_form(&req, payload).await?;
    let data_dir = state.settings.data_dir.clone();
    let (shown_name, shown_words) = (f.lexicon_name.clone(), f.words.clone());
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
                &crate::web::pages::flash_key(
                    "flash-lexicon-loaded",
                    &[("name", v.lexicon.clone()), ("count", v.words.to_string())],
                ),
            ))
        }
        (Err(e), event) if shown_at_form(&e) || matches!(e, AppError::PayloadTooLarge(_)) => {
            let chrome = chrome(&req, &user, &csrf).in_event(event.language.as_deref());
            let status = status_of(&e);
            page(
                &LexiconPage {
                    chrome: chrome.clone(),
                    event,
                    lexicon_name: shown_name,
                    words: shown_words,
                    error: Some(FormError::of("lexicon", &e)),
                },
                &chrome,
                status,
            )
        }
        (Err(e), _) => Err(e),
    }
}
