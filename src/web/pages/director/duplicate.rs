//! The director's page of a Duplicate event (seed 002): its D options, its players (added at
//! any time; a player added once games exist joins the games not yet over) and its games
//! (created here, each linked to its console, slip entry and hall display). A refused form is
//! shown again with the message at its field.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{FormError, chrome, shown_at_form, status_of};
use crate::error::AppError;
use crate::services::duplicate::{self as dup, DirectorView, NewDuplicatePlayerRequest};
use crate::vocab::EventId;
use crate::web::AppState;
use crate::web::pages::{Chrome, Empty, flash_key, page, redirect_with_flash};
use crate::web::session::{CsrfForm, CsrfToken, CurrentUser};

/// Fields of the add-player form.
#[derive(Debug, Deserialize, Default, Clone)]
pub struct PlayerForm {
    #[serde(default)]
    number: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    licence: String,
    #[serde(default)]
    club: String,
}

#[derive(Template)]
#[template(path = "director/duplicate.html")]
struct DuplicatePage {
    chrome: Chrome,
    v: DirectorView,
    error: Option<FormError>,
    sticky: PlayerForm,
}

impl DuplicatePage {
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

    /// The number the add-player form offers: the one typed in a refused form, else the next.
    fn number_value(&self) -> String {
        if self.sticky.number.is_empty() {
            self.v.next_number.to_string()
        } else {
            self.sticky.number.clone()
        }
    }

    /// Turn time and warning in seconds (D4).
    fn seconds(ms: &u64) -> u64 {
        *ms / 1000
    }
}

#[allow(clippy::too_many_arguments)] // the page's inputs, each needed once
async fn render(
    req: &HttpRequest,
    state: &AppState,
    user: &CurrentUser,
    csrf: &CsrfToken,
    event_id: EventId,
    error: Option<FormError>,
    sticky: PlayerForm,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let uid = user.0.uid;
    let v = state
        .db(move |conn| dup::director_view(conn, uid, event_id))
        .await?;
    let chrome = chrome(req, user, csrf).in_event(v.language.as_deref());
    page(
        &DuplicatePage {
            chrome: chrome.clone(),
            v,
            error,
            sticky,
        },
        &chrome,
        status,
    )
}

/// `GET /events/{id}/duplicate`: the event's D options, players and games.
pub async fn duplicate_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    render(
        &req,
        &state,
        &user,
        &csrf,
        id.into_inner(),
        None,
        PlayerForm::default(),
        StatusCode::OK,
    )
    .await
}

/// `POST /events/{id}/duplicate/players`: adds a player (who joins the games not yet over).
pub async fn add_player(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
    form: CsrfForm<PlayerForm>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid, f) = (id.into_inner(), user.0.uid, form.0);
    let parsed = f
        .number
        .trim()
        .parse::<u32>()
        .map_err(|_| AppError::field("number", "a player's number is from 1"))
        .map(|number| NewDuplicatePlayerRequest {
            number,
            name: f.name.clone(),
            licence: Some(f.licence.clone()),
            club: Some(f.club.clone()),
        });
    let result = match parsed {
        Ok(body) => {
            let (now, desk) = (state.clock.now(), state.desk.clone());
            state
                .db(move |conn| dup::add_player(conn, &desk, now, uid, event_id, &body))
                .await
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(p) => Ok(redirect_with_flash(
            &format!("/events/{event_id}/duplicate"),
            &flash_key(
                "dupa-flash-player-added",
                &[("name", p.name), ("number", p.number.to_string())],
            ),
        )),
        Err(e) if shown_at_form(&e) => {
            let status = status_of(&e);
            render(
                &req,
                &state,
                &user,
                &csrf,
                event_id,
                Some(FormError::of("player", &e)),
                f,
                status,
            )
            .await
        }
        Err(e) => Err(e),
    }
}

/// `POST /events/{id}/duplicate/games`: creates the event's next game with its players.
pub async fn create_game(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, AppError> {
    let (event_id, uid) = (id.into_inner(), user.0.uid);
    let (now, desk, lexicons) = (
        state.clock.now(),
        state.desk.clone(),
        state.lexicons.clone(),
    );
    let result = state
        .db(move |conn| {
            let g = dup::create_game(conn, &desk, now, uid, event_id)?;
            let (ev, lex) = dup::game_lexicon(conn, g.id)?;
            dup::warm(lexicons, ev, lex);
            Ok(g)
        })
        .await;
    match result {
        Ok(g) => Ok(redirect_with_flash(
            &format!("/events/{event_id}/duplicate"),
            &flash_key(
                "dupa-flash-game-created",
                &[("game", g.game_no.to_string())],
            ),
        )),
        Err(e) if shown_at_form(&e) => {
            let status = status_of(&e);
            render(
                &req,
                &state,
                &user,
                &csrf,
                event_id,
                Some(FormError::of("game", &e)),
                PlayerForm::default(),
                status,
            )
            .await
        }
        Err(e) => Err(e),
    }
}
