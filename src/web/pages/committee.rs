//! The committee's page: its register of records, and the form that adds one (shown again
//! with the reason when it is refused).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{Chrome, redirect_with_flash};
use crate::db::events::TeamRow;
use crate::db::matches::MatchRow;
use crate::error::AppError;
use crate::services::{committee, events};
use crate::vocab::{EventId, MatchId, RecordId, TeamId};
use crate::web::AppState;
use crate::web::session::{CsrfForm, CsrfToken, CurrentUser};

#[derive(Template)]
#[template(path = "ops/committee.html")]
struct CommitteePage {
    chrome: Chrome,
    event: events::EventView,
    teams: Vec<TeamRow>,
    matches: Vec<MatchRow>,
    records: Vec<committee::RecordView>,
    /// A refused form: what it said, and why it was refused (shown next to that form).
    refused: Option<Refused>,
}

/// A refused record or correction, so its form is shown again as it was sent, with the reason
/// next to it.
struct Refused {
    error: String,
    team_id: TeamId,
    match_id: Option<MatchId>,
    kind: String,
    reason: String,
    corrects: Option<RecordId>,
}

impl CommitteePage {
    /// The refused new record, if that was the main form.
    fn new_record(&self) -> Option<&Refused> {
        self.refused.as_ref().filter(|r| r.corrects.is_none())
    }

    /// The refused correction of record `id`, if that was it.
    fn correction_of(&self, id: &RecordId) -> Option<&Refused> {
        self.refused.as_ref().filter(|r| r.corrects == Some(*id))
    }
}

async fn committee_page_for(
    req: &HttpRequest,
    state: &AppState,
    user: crate::auth::Claims,
    csrf: &CsrfToken,
    event: EventId,
    refused: Option<Refused>,
) -> Result<HttpResponse, AppError> {
    let uid = user.uid;
    let (ev, teams, ms, records) = state
        .db(move |conn| {
            committee::require_member(conn, uid, event)?;
            let ev = events::event(conn, event)?;
            Ok((
                ev,
                events::team_rows(conn, event)?,
                events::matches_of(conn, event)?,
                committee::records(conn, event)?,
            ))
        })
        .await?;
    let status = if refused.is_some() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    let event: events::EventView = ev.into();
    let page = CommitteePage {
        chrome: Chrome::new(req, Some(user), csrf).in_event(event.language.as_deref()),
        event,
        teams,
        matches: ms,
        records,
        refused,
    };
    let body = page.render().map_err(AppError::internal)?;
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(body))
}

/// `GET /events/{id}/committee`.
pub async fn committee_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    committee_page_for(&req, &state, user.0, &csrf, id.into_inner(), None).await
}

/// The committee form.
#[derive(Deserialize)]
pub struct CommitteeForm {
    team_id: TeamId,
    #[serde(default)]
    match_id: Option<String>,
    kind: String,
    reason: String,
    #[serde(default)]
    corrects: Option<RecordId>,
}

/// `POST /events/{id}/committee`: records, or shows the form again with the reason.
pub async fn record_committee(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
    form: CsrfForm<CommitteeForm>,
) -> Result<HttpResponse, AppError> {
    let f = form.0;
    let event = id.into_inner();
    let match_id = match f.match_id.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(m) => Some(
            m.parse::<MatchId>()
                .map_err(|_| AppError::field("match_id", "choose a match"))?,
        ),
    };
    let body = committee::NewRecordRequest {
        team_id: f.team_id,
        match_id,
        kind: f.kind.clone(),
        // A reason box is a textarea: a line break typed in it is a space.
        reason: crate::text::textarea_line(&f.reason),
        corrects: f.corrects,
        idempotency_key: None,
    };
    let refused = |error: String| Refused {
        error,
        team_id: f.team_id,
        match_id,
        kind: f.kind,
        reason: f.reason,
        corrects: f.corrects,
    };
    let (uid, now, desk) = (user.0.uid, state.clock.now(), state.desk.clone());
    match state
        .db(move |conn| committee::record(conn, &desk, now, uid, event, &body))
        .await
    {
        Ok(_) => Ok(redirect_with_flash(
            &format!("/events/{event}/committee"),
            &crate::web::pages::flash_key("flash-recorded", &[]),
        )),
        Err(
            e @ (AppError::BadRequest { .. }
            | AppError::Unprocessable { .. }
            | AppError::Rule { .. }
            | AppError::Conflict { .. }),
        ) => {
            let r = refused(e.public_message());
            committee_page_for(&req, &state, user.0, &csrf, event, Some(r)).await
        }
        Err(e) => Err(e),
    }
}
