//! The PIC's pages: the challenge queue (its live part re-renders from the fragment route),
//! taking a challenge and ruling on it.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{Chrome, Empty, html, page, redirect_with_flash};
use crate::error::AppError;
use crate::services::pic::{self, ChallengeRef};
use crate::vocab::{ChallengeId, EventId, MatchId, Seq, UserId};
use crate::web::AppState;
use crate::web::session::{CsrfForm, CsrfToken, CurrentUser};

#[derive(Template)]
#[template(path = "ops/pic.html")]
struct PicPage {
    chrome: Chrome,
    q: pic::Queue,
    csrf: String,
    to_close: Vec<(MatchId, Option<i32>)>,
}

#[derive(Template)]
#[template(path = "ops/pic_fragment.html")]
struct PicFragment {
    chrome: Chrome,
    q: pic::Queue,
    csrf: String,
    to_close: Vec<(MatchId, Option<i32>)>,
}

type ToClose = Vec<(MatchId, Option<i32>)>;

async fn load_queue(
    state: &AppState,
    uid: UserId,
    event: EventId,
) -> Result<(pic::Queue, ToClose, Option<String>), AppError> {
    let (now, desk, lex) = (
        state.clock.now(),
        state.desk.clone(),
        state.lexicons.clone(),
    );
    state
        .db(move |conn| {
            let q = pic::queue(conn, &desk, &lex, now, uid, event)?;
            // T19: games over that wait to be closed, for the PIC to stand in for a table.
            let to_close = pic::games_to_close(conn, event)?;
            // Issue 15: the event's default language for the queue's pages.
            let lang = crate::db::events::find_event(conn, event)?.and_then(|e| e.language);
            Ok((q, to_close, lang))
        })
        .await
}

/// `GET /events/{id}/pic`: the PIC's queue.
pub async fn pic_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (q, to_close, lang) = load_queue(&state, user.0.uid, id.into_inner()).await?;
    {
        let p = PicPage {
            chrome: Chrome::new(&req, Some(user.0), &csrf).in_event(lang.as_deref()),
            q,
            csrf: csrf.0.clone(),
            to_close,
        };
        page(&p, &p.chrome, StatusCode::OK)
    }
}

/// `GET /events/{id}/pic/queue`: the live part of the PIC page.
pub async fn pic_fragment(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (q, to_close, lang) = load_queue(&state, user.0.uid, id.into_inner()).await?;
    html(&PicFragment {
        chrome: Chrome::new(&req, Some(user.0), &csrf).in_event(lang.as_deref()),
        q,
        csrf: csrf.0,
        to_close,
    })
}

/// `POST /matches/{id}/challenges/{seq}/claim`: the queue page's form.
pub async fn claim_in_match(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MatchId, Seq)>,
    _f: CsrfForm<Empty>,
) -> Result<HttpResponse, AppError> {
    let (m, seq) = path.into_inner();
    claim_at(state, user, ChallengeRef::InMatch(m, seq)).await
}

/// `POST /challenges/{id}/claim`: the same by queue row id (kept for pages still open).
pub async fn claim_challenge(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<ChallengeId>,
    _f: CsrfForm<Empty>,
) -> Result<HttpResponse, AppError> {
    claim_at(state, user, ChallengeRef::Row(id.into_inner())).await
}

async fn claim_at(
    state: web::Data<AppState>,
    user: CurrentUser,
    at: ChallengeRef,
) -> Result<HttpResponse, AppError> {
    let (uid, now, desk) = (user.0.uid, state.clock.now(), state.desk.clone());
    let (event, result) = state
        .db(move |conn| {
            Ok((
                pic::event_of(conn, at)?,
                pic::claim(conn, &desk, now, uid, at),
            ))
        })
        .await?;
    // No event queue holds it: the claim said why (404).
    let Some(event) = event else {
        return result.map(|_| {
            redirect_with_flash(
                "/",
                &crate::web::pages::flash_key("flash-challenge-taken", &[]),
            )
        });
    };
    let back = format!("/events/{event}/pic");
    match result {
        Ok(_) => Ok(redirect_with_flash(
            &back,
            &crate::web::pages::flash_key("flash-challenge-yours", &[]),
        )),
        Err(AppError::Conflict { message, .. }) => Ok(redirect_with_flash(&back, &message)),
        Err(e) => Err(e),
    }
}

/// The ruling form.
#[derive(Deserialize)]
pub struct RuleForm {
    #[serde(default)]
    valid: Option<String>,
    #[serde(default)]
    actual: Option<String>,
}

/// `POST /matches/{id}/challenges/{seq}/rule`: the queue page's forms.
pub async fn rule_in_match(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MatchId, Seq)>,
    form: CsrfForm<RuleForm>,
) -> Result<HttpResponse, AppError> {
    let (m, seq) = path.into_inner();
    rule_at(state, user, ChallengeRef::InMatch(m, seq), form.0).await
}

/// `POST /challenges/{id}/rule`: the same by queue row id (kept for pages still open).
pub async fn rule_challenge(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<ChallengeId>,
    form: CsrfForm<RuleForm>,
) -> Result<HttpResponse, AppError> {
    rule_at(state, user, ChallengeRef::Row(id.into_inner()), form.0).await
}

async fn rule_at(
    state: web::Data<AppState>,
    user: CurrentUser,
    at: ChallengeRef,
    form: RuleForm,
) -> Result<HttpResponse, AppError> {
    let actual = match form.actual.as_deref().map(str::trim) {
        Some("") | None => None,
        Some(a) => Some(
            a.parse::<i32>()
                .map_err(|_| AppError::field("actual", "the actual score is a whole number"))?,
        ),
    };
    let valid = form.valid.as_deref().map(|v| v == "true");
    let body = pic::RulingRequest {
        valid,
        actual,
        idempotency_key: None,
    };
    let (uid, now, desk) = (user.0.uid, state.clock.now(), state.desk.clone());
    let (event, result) = state
        .db(move |conn| {
            Ok((
                pic::event_of(conn, at)?,
                pic::rule(conn, &desk, now, uid, at, &body),
            ))
        })
        .await?;
    // No event queue holds it: the ruling said why (404).
    let Some(event) = event else {
        return result.map(|_| {
            redirect_with_flash(
                "/",
                &crate::web::pages::flash_key("flash-ruling-applied", &[]),
            )
        });
    };
    let back = format!("/events/{event}/pic");
    match result {
        Ok(_) => Ok(redirect_with_flash(
            &back,
            &crate::web::pages::flash_key("flash-ruling-applied", &[]),
        )),
        Err(
            e @ (AppError::Conflict { .. }
            | AppError::Rule { .. }
            | AppError::BadRequest { .. }
            | AppError::Unprocessable { .. }),
        ) => Ok(redirect_with_flash(&back, &e.public_message())),
        Err(e) => Err(e),
    }
}
