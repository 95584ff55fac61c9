//! The director's actions in the JSON API: events, teams (one by one or from CSV), role
//! grants, matches made by hand or imported from GCG, rounds and pairings, and the word list.
//! Every action of the director's pages (`web::pages::director`) has its call here.

use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::StreamExt;
use serde::Deserialize;

use crate::error::AppError;
use crate::services::import::{self, ImportRequest};
use crate::services::rounds::{self, PairRequest};
use crate::services::{events, matches};
use crate::vocab::{EventId, GrantId, MatchId};
use crate::web::AppState;
use crate::web::session::{CurrentUser, require_content_type};

/// `POST /api/v1/events`.
#[utoipa::path(
    post,
    path = "/api/v1/events",
    operation_id = "createEvent",
    summary = "Create an event (administrators and directors)",
    request_body = crate::services::events::NewEventRequest,
    responses(
        (status = 201, description = "Created.", body = crate::services::events::EventView),
        super::responses::CreateEventErrors,
    ),
)]
pub async fn create_event(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<events::NewEventRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, now) = (user.0.uid, state.clock.now());
    let ev = state
        .db(move |conn| events::create_event(conn, now, uid, &body))
        .await?;
    Ok(HttpResponse::Created().json(ev))
}

/// `POST /api/v1/events/{id}/teams`.
#[utoipa::path(
    post,
    path = "/api/v1/events/{id}/teams",
    operation_id = "createTeam",
    summary = "Add a team (director)",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    request_body = crate::services::events::NewTeamRequest,
    responses(
        (status = 201, description = "Created.", body = crate::services::events::TeamView),
        super::responses::WriteErrors,
    ),
)]
pub async fn create_team(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
    body: web::Json<events::NewTeamRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let team = state
        .db(move |conn| events::create_team(conn, now, uid, id, &body))
        .await?;
    Ok(HttpResponse::Created().json(team))
}

/// `POST /api/v1/events/{id}/grants`.
#[utoipa::path(
    post,
    path = "/api/v1/events/{id}/grants",
    operation_id = "grantRole",
    summary = "Grant an event role (director)",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    request_body = crate::services::events::GrantRequest,
    responses(
        (status = 201, description = "Granted.", body = crate::db::users::RoleGrant),
        super::responses::WriteErrors,
    ),
)]
pub async fn grant_role(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
    body: web::Json<events::GrantRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let g = state
        .db(move |conn| events::grant(conn, now, uid, id, &body))
        .await?;
    Ok(HttpResponse::Created().json(g))
}

/// `GET /api/v1/events/{id}/grants`: who holds which role (directors only).
#[utoipa::path(
    get,
    path = "/api/v1/events/{id}/grants",
    operation_id = "listGrants",
    summary = "Role grants of the event (director)",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    responses(
        (status = 200, description = "Grants.", body = Vec<crate::services::rounds::GrantLine>),
        super::responses::ReadErrors,
    ),
)]
pub async fn list_grants(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, event_id) = (user.0.uid, id.into_inner());
    let grants = state
        .db(move |conn| rounds::grants(conn, uid, event_id))
        .await?;
    Ok(HttpResponse::Ok().json(grants))
}

/// `POST /api/v1/events/{id}/grants/{grant}/revoke`: removes a role grant (directors only);
/// answers with the grant that was removed.
#[utoipa::path(
    post,
    path = "/api/v1/events/{id}/grants/{grant}/revoke",
    operation_id = "revokeGrant",
    summary = "Revoke a role grant (the event's director)",
    description = "The holder's next request is judged without it.",
    params(
        ("id" = i64, Path, description = "Event id."),
        ("grant" = i64, Path, description = "Grant id."),
    ),
    responses(
        (status = 200, description = "The grant removed.", body = crate::db::users::RoleGrant),
        super::responses::AccountErrors,
    ),
)]
pub async fn revoke_grant(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(EventId, GrantId)>,
) -> Result<HttpResponse, AppError> {
    let ((event_id, grant_id), uid) = (path.into_inner(), user.0.uid);
    let g = state
        .db(move |conn| crate::services::events::revoke_grant(conn, uid, event_id, grant_id))
        .await?;
    Ok(HttpResponse::Ok().json(g))
}

/// `POST /api/v1/matches`.
#[utoipa::path(
    post,
    path = "/api/v1/matches",
    operation_id = "createMatch",
    summary = "Create a match (director)",
    request_body = crate::services::matches::NewMatchRequest,
    responses(
        (status = 201, description = "Created.", body = crate::services::matches::MatchDetail),
        super::responses::WriteErrors,
    ),
)]
pub async fn create_match(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<matches::NewMatchRequest>,
) -> Result<HttpResponse, AppError> {
    let uid = user.0.uid;
    let now = state.clock.now();
    let desk = state.desk.clone();
    let m = state
        .db(move |conn| matches::create(conn, &desk, now, uid, &body))
        .await?;
    Ok(HttpResponse::Created().json(m))
}

/// Body of `POST /api/v1/matches/{id}/gcg`.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GcgImport {
    /// The GCG record, as text.
    gcg: String,
}

/// `POST /api/v1/matches/{id}/gcg`: C8, the director imports a GCG record into a new
/// board-mode match.
#[utoipa::path(
    post,
    path = "/api/v1/matches/{id}/gcg",
    operation_id = "importMatchGcg",
    summary = "Import a GCG record into a new board-mode match (rule C8), director only",
    description = "Replays the record through the match's own commands (start, play, pass, exchange, challenge_word and rule_word, adjust_racks; overtime by letting the clock run), in one transaction, so the log is the one live play writes. The match must be created, not started, and in board mode; the record must fit its ruleset (challenge rule, end-rack rule, overtime): a record whose totals the ruleset does not reproduce is refused (422, rule C8) and nothing is stored.",
    params(
        ("id" = i64, Path, description = "Match id."),
    ),
    request_body = GcgImport,
    responses(
        (status = 200, description = "The match after the import.", body = crate::services::matches::MatchDetail),
        super::responses::CheckErrors,
    ),
)]
pub async fn import_match_gcg(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<MatchId>,
    body: web::Json<GcgImport>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.uid, id.into_inner());
    let now = state.clock.now();
    let desk = state.desk.clone();
    let text = body.into_inner().gcg;
    let detail = state
        .db(move |conn| matches::import_gcg(conn, &desk, now, id, uid, &text))
        .await?;
    Ok(HttpResponse::Ok().json(detail))
}

/// `POST /api/v1/events/{id}/rounds`: pairs the next round; 201 with the round.
#[utoipa::path(
    post,
    path = "/api/v1/events/{id}/rounds",
    operation_id = "createRound",
    summary = "Pair the next round (director)",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    request_body = crate::services::rounds::PairRequest,
    responses(
        (status = 201, description = "Created.", body = crate::services::rounds::RoundView),
        super::responses::RuledWriteErrors,
    ),
)]
pub async fn create_round(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
    body: web::Json<PairRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, event_id) = (user.0.uid, id.into_inner());
    let now = state.clock.now();
    let desk = state.desk.clone();
    let round = state
        .db(move |conn| rounds::create_round(conn, &desk, now, uid, event_id, &body))
        .await?;
    Ok(HttpResponse::Created().json(round))
}

/// `POST /api/v1/events/{id}/rounds/{n}/repair`: pairs a round again while none of its matches
/// has started; 422 (rule E1) afterwards.
#[utoipa::path(
    post,
    path = "/api/v1/events/{id}/rounds/{n}/repair",
    operation_id = "repairRound",
    summary = "Pair a round again before any of its matches started (director)",
    description = "The body is optional: none re-pairs with the round's own method. 422 (rule E1) once a match has started.",
    params(
        ("id" = i64, Path, description = "Event id."),
        ("n" = i32, Path, description = "Round number (from 1)."),
    ),
    request_body = crate::services::rounds::PairRequest,
    responses(
        (status = 200, description = "Re-paired.", body = crate::services::rounds::RoundView),
        super::responses::RuledWriteErrors,
    ),
)]
pub async fn repair_round(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(EventId, i32)>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let (uid, (event_id, round_no)) = (user.0.uid, path.into_inner());
    // The body is optional: none re-pairs with the round's own method.
    let body: PairRequest = if body.iter().all(u8::is_ascii_whitespace) {
        PairRequest::default()
    } else {
        require_content_type(&req, &["application/json"])?;
        serde_json::from_slice(&body).map_err(|e| {
            let msg = e.to_string();
            match msg.split('`').nth(1) {
                Some(f) if !f.is_empty() => AppError::field(f, msg.clone()),
                _ => AppError::bad_request(format!("the JSON body is not valid: {msg}")),
            }
        })?
    };
    let now = state.clock.now();
    let desk = state.desk.clone();
    let round = state
        .db(move |conn| rounds::repair_round(conn, &desk, now, uid, event_id, round_no, &body))
        .await?;
    Ok(HttpResponse::Ok().json(round))
}

/// `POST /api/v1/events/{id}/teams/import`: `{csv, dry_run}`. A dry run answers 200 with the
/// preview; an import answers 201 with the preview and the teams made, or 400 naming the rows
/// at fault (nothing is imported then).
#[utoipa::path(
    post,
    path = "/api/v1/events/{id}/teams/import",
    operation_id = "importTeams",
    summary = "Import teams from CSV (director)",
    description = "All rows or none: a 400 names the rows at fault and nothing is imported.",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    request_body = crate::services::import::ImportRequest,
    responses(
        (status = 200, description = "Dry run: the preview.", body = crate::services::import::ImportPreview),
        (status = 201, description = "Imported.", body = crate::services::import::ImportPreview),
        super::responses::WriteErrors,
    ),
)]
pub async fn import_teams(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
    body: web::Json<ImportRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, event_id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let preview = state
        .db(move |conn| import::import_teams(conn, now, uid, event_id, &body))
        .await?;
    Ok(if preview.imported {
        HttpResponse::Created().json(preview)
    } else {
        HttpResponse::Ok().json(preview)
    })
}

/// Query of the word-list upload.
#[derive(Debug, Deserialize)]
pub struct LexiconQuery {
    /// The list's name (letters, digits, `-_.`; not `enable2k`).
    name: String,
}

/// Reads a request body up to `limit` bytes; larger bodies are a 413.
async fn read_limited(mut payload: web::Payload, limit: usize) -> Result<Vec<u8>, AppError> {
    let mut body = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk
            .map_err(|e| AppError::bad_request(format!("the upload could not be read: {e}")))?;
        if body.len() + chunk.len() > limit {
            return Err(AppError::PayloadTooLarge(format!(
                "a word list may have at most {} MiB",
                limit / (1024 * 1024)
            )));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// `PUT` (or `POST`) `/api/v1/events/{id}/lexicon?name=NAME` with the word list as the raw body
/// (one word per line): validates it (400 listing bad lines by number, 413 when too large),
/// stores it and records it on the event.
#[utoipa::path(
    post,
    path = "/api/v1/events/{id}/lexicon",
    operation_id = "uploadLexicon",
    summary = "Upload the event's word list (director)",
    description = "400 lists bad lines by number; 413 over 8 MiB.",
    params(
        ("id" = i64, Path, description = "Event id."),
        ("name" = String, Query, description = "The list's name (letters, digits, `-_.`; not `enable2k`)."),
    ),
    request_body(content = String, content_type = "text/plain", description = "One word per line; at most 8 MiB."),
    responses(
        (status = 200, description = "Stored.", body = crate::services::import::LexiconView),
        super::responses::WriteErrors,
    ),
)]
pub async fn upload_lexicon(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
    q: web::Query<LexiconQuery>,
    payload: web::Payload,
) -> Result<HttpResponse, AppError> {
    // A word list is text: a form's encoding here is a page on another site trying its luck.
    require_content_type(&req, &["text/plain", "application/octet-stream"])?;
    let (uid, event_id) = (user.0.uid, id.into_inner());
    // Who may comes before the body is read: a refused caller costs no upload and no parse.
    state
        .db(move |conn| {
            crate::services::authz::Grants::load(conn, uid)?.require_director(Some(event_id))
        })
        .await?;
    let words = read_limited(payload, import::LEXICON_MAX_BYTES).await?;
    let data_dir = state.settings.data_dir.clone();
    let name = q.into_inner().name;
    let view = state
        .db(move |conn| import::store_lexicon(conn, &data_dir, uid, event_id, &name, &words))
        .await?;
    state.lexicons.forget(event_id);
    Ok(HttpResponse::Ok().json(view))
}

/// `POST /api/v1/events/{id}/accounts`: the director creates an account for the event and
/// grants it a role there, in one step (a table device, a PIC, a captain…).
#[utoipa::path(
    post,
    path = "/api/v1/events/{id}/accounts",
    operation_id = "createEventAccount",
    summary = "Create an account with a role in the event (director)",
    description = "Both or neither: a taken name (409), a bad role, a captain without a team of this event or a table device without a table number (400 naming the field) records nothing. The account is never an administrator.",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    request_body = crate::services::event_accounts::EventAccountRequest,
    responses(
        (status = 201, description = "Created and granted.", body = crate::services::event_accounts::EventAccount),
        super::responses::CreateAccountErrors,
    ),
)]
pub async fn create_event_account(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
    body: web::Json<crate::services::event_accounts::EventAccountRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let made = state
        .db(move |conn| {
            crate::services::event_accounts::create_event_account(conn, now, uid, id, &body)
        })
        .await?;
    Ok(HttpResponse::Created().json(made))
}

/// `POST /api/v1/events/{id}/language`: the event's default page language (the director's
/// event page setting).
#[utoipa::path(
    post,
    path = "/api/v1/events/{id}/language",
    operation_id = "setEventLanguage",
    summary = "Set the event's default page language (director)",
    description = "The event's pages are in this language unless the reader's account chose one. Anything but `en`, `id`, `fr` or null is 400 and changes nothing.",
    params(
        ("id" = i64, Path, description = "Event id."),
    ),
    request_body = super::account::LanguageRequest,
    responses(
        (status = 200, description = "The event.", body = crate::services::events::EventView),
        super::responses::WriteErrors,
    ),
)]
pub async fn set_event_language(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
    body: web::Json<super::account::LanguageRequest>,
) -> Result<HttpResponse, AppError> {
    let chosen = body.parse()?;
    let (uid, id) = (user.0.uid, id.into_inner());
    let view = state
        .db(move |conn| {
            events::set_language(conn, uid, id, chosen.map(crate::web::i18n::Lang::code))?;
            events::readable(conn, Some(uid), id)
        })
        .await?;
    Ok(HttpResponse::Ok().json(events::EventView::from(view)))
}
