//! Duplicate tournaments (seed 002) in the JSON API: the event, its players and games, the
//! referee's commands, the arbitrators' slips, the ranking (JSON and CSV) and the game record.
//! Roles: the director creates; the event's referee (or director) runs a game; arbitrators (or
//! the referee, or the director) enter slips; readers of the event see games and rankings.

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::error::AppError;
use crate::services::duplicate::{self as dup, RefereeRequest, SlipRequest};
use crate::vocab::{DuplicateGameId, EventId};
use crate::web::AppState;
use crate::web::session::{CurrentUser, MaybeUser};

/// `POST /api/v1/duplicate/events`.
#[utoipa::path(
    post,
    path = "/api/v1/duplicate/events",
    operation_id = "createDuplicateEvent",
    summary = "Create a Duplicate event (administrators and directors)",
    request_body = crate::services::duplicate::NewDuplicateEventRequest,
    responses(
        (status = 201, description = "Created.", body = crate::services::duplicate::DuplicateEventView),
        super::responses::CreateEventErrors,
    ),
)]
pub async fn create_event(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<dup::NewDuplicateEventRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, now) = (user.0.uid, state.clock.now());
    let ev = state
        .db(move |conn| dup::create_event(conn, now, uid, &body))
        .await?;
    Ok(HttpResponse::Created().json(ev))
}

/// `GET /api/v1/duplicate/events/{id}`.
#[utoipa::path(
    get,
    path = "/api/v1/duplicate/events/{id}",
    operation_id = "showDuplicateEvent",
    summary = "A Duplicate event: its options, players and games",
    params(("id" = i64, Path, description = "Event id.")),
    responses(
        (status = 200, description = "The event.", body = crate::services::duplicate::DuplicateEventView),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn show_event(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let ev = state.db(move |conn| dup::event_view(conn, uid, id)).await?;
    Ok(HttpResponse::Ok().json(ev))
}

/// `POST /api/v1/duplicate/events/{id}/players`.
#[utoipa::path(
    post,
    path = "/api/v1/duplicate/events/{id}/players",
    operation_id = "addDuplicatePlayer",
    summary = "Add a player (director); they join the event's games not yet over",
    params(("id" = i64, Path, description = "Event id.")),
    request_body = crate::services::duplicate::NewDuplicatePlayerRequest,
    responses(
        (status = 201, description = "Added.", body = crate::db::duplicate::DuplicatePlayerRow),
        super::responses::WriteErrors,
    ),
)]
pub async fn add_player(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
    body: web::Json<dup::NewDuplicatePlayerRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let desk = state.desk.clone();
    let p = state
        .db(move |conn| dup::add_player(conn, &desk, now, uid, id, &body))
        .await?;
    Ok(HttpResponse::Created().json(p))
}

/// `POST /api/v1/duplicate/events/{id}/games`.
#[utoipa::path(
    post,
    path = "/api/v1/duplicate/events/{id}/games",
    operation_id = "createDuplicateGame",
    summary = "Start the event's next game with its players (referee or director)",
    params(("id" = i64, Path, description = "Event id.")),
    responses(
        (status = 201, description = "Created.", body = crate::services::duplicate::GameView),
        super::responses::RuledWriteErrors,
    ),
)]
pub async fn create_game(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let (desk, lexicons) = (state.desk.clone(), state.lexicons.clone());
    let g = state
        .db(move |conn| {
            let g = dup::create_game(conn, &desk, now, uid, id)?;
            let (ev, lex) = dup::game_lexicon(conn, g.id)?;
            dup::warm(lexicons, ev, lex);
            Ok(g)
        })
        .await?;
    Ok(HttpResponse::Created().json(g))
}

/// `GET /api/v1/duplicate/events/{id}/ranking`.
#[utoipa::path(
    get,
    path = "/api/v1/duplicate/events/{id}/ranking",
    operation_id = "duplicateRanking",
    summary = "The ranking (D9): total, percentage of the tops, solos, warnings; per game and over the event",
    description = "Encoded once per change and sent gzip-compressed to clients that accept it, with a strong `ETag`; `If-None-Match` with the current ETag answers 304 without a body. A public event's ranking is served from memory until a change of the event is delivered (at most a second for changes no message announces); `Cache-Control: no-cache` reads it against the log.",
    params(("id" = i64, Path, description = "Event id.")),
    responses(
        (status = 200, description = "The ranking.", body = crate::services::duplicate::RankingView),
        (status = 304, description = "Not modified: the ranking is the one whose ETag was sent."),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn ranking(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    // A public event's ranking, unchanged since it was encoded, needs no database at all: a
    // hall of readers re-reading after each top shares one encoding.
    // `Cache-Control: no-cache` asks for the log itself (another instance's write whose
    // message has not arrived yet, a second instance on SQLite, which relays nothing).
    let revalidate = req
        .headers()
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("no-cache"));
    let fresh = (!revalidate)
        .then(|| state.standings.duplicate.public_fresh(id))
        .flatten();
    let body = match fresh {
        Some(b) => b,
        None => {
            // One reader of a hall encodes the new ranking; the others wait and take it.
            let flight = (!revalidate)
                .then(|| state.standings.duplicate.flight(id))
                .flatten();
            let turn = match flight {
                Some(f) => Some(f.join().await),
                None => None,
            };
            let made_meanwhile = turn
                .as_ref()
                .and_then(|_| state.standings.duplicate.public_fresh(id));
            match made_meanwhile {
                Some(b) => b,
                None => {
                    let (desk, standings) = (state.desk.clone(), state.standings.clone());
                    state
                        .db(move |conn| {
                            dup::ranking_bytes(conn, &desk, &standings.duplicate, uid, id)
                        })
                        .await?
                }
            }
        }
    };
    let etag = (header::ETAG, body.etag.clone());
    let matches = req
        .headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim() == body.etag || t.trim() == "*");
    if matches {
        return Ok(HttpResponse::NotModified().insert_header(etag).finish());
    }
    let mut res = HttpResponse::Ok();
    res.content_type("application/json")
        .insert_header((header::VARY, "Accept-Encoding"))
        .insert_header(etag)
        .insert_header((header::CACHE_CONTROL, "no-cache"));
    if super::public::accepts_gzip(&req) {
        // A response that already has a Content-Encoding is left alone by `Compress`.
        res.insert_header((header::CONTENT_ENCODING, "gzip"));
        Ok(res.body(Bytes::from_owner(Lent(body, true))))
    } else {
        Ok(res.body(Bytes::from_owner(Lent(body, false))))
    }
}

/// The shared encoded ranking, lent to a response without copying it (`true`: compressed).
struct Lent(std::sync::Arc<dup::EncodedRanking>, bool);

impl AsRef<[u8]> for Lent {
    fn as_ref(&self) -> &[u8] {
        if self.1 {
            &self.0.compressed
        } else {
            &self.0.plain
        }
    }
}

/// `GET /api/v1/duplicate/events/{id}/ranking.csv`.
#[utoipa::path(
    get,
    path = "/api/v1/duplicate/events/{id}/ranking.csv",
    operation_id = "duplicateRankingCsv",
    summary = "The ranking over the event as CSV",
    params(("id" = i64, Path, description = "Event id.")),
    responses(
        (status = 200, description = "CSV: rank, number, name, club, total, tops, percent, solos, warnings, penalty.", content_type = "text/csv", body = String),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn ranking_csv(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let desk = state.desk.clone();
    let r = state
        .db(move |conn| dup::ranking(conn, &desk, uid, id))
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .body(dup::ranking_csv(&r)))
}

/// `GET /api/v1/duplicate/games/{id}`.
#[utoipa::path(
    get,
    path = "/api/v1/duplicate/games/{id}",
    operation_id = "showDuplicateGame",
    summary = "A Duplicate game as the console and the hall display see it",
    params(("id" = i64, Path, description = "Game id.")),
    responses(
        (status = 200, description = "The game.", body = crate::services::duplicate::GameView),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn show_game(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<DuplicateGameId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.map(|c| c.uid), id.into_inner(), state.clock.now());
    let desk = state.desk.clone();
    let g = state
        .db(move |conn| dup::view_for(conn, &desk, uid, id, now))
        .await?;
    Ok(HttpResponse::Ok().json(g))
}

/// `GET /api/v1/duplicate/games/{id}/record`.
#[utoipa::path(
    get,
    path = "/api/v1/duplicate/games/{id}/record",
    operation_id = "duplicateGameRecord",
    summary = "The game record: every turn's rack, tops, choice and slips, and the log",
    params(("id" = i64, Path, description = "Game id.")),
    responses(
        (status = 200, description = "The record.", body = crate::services::duplicate::GameRecord),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn record(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<DuplicateGameId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.map(|c| c.uid), id.into_inner(), state.clock.now());
    let desk = state.desk.clone();
    let r = state
        .db(move |conn| dup::record(conn, &desk, uid, id, now))
        .await?;
    Ok(HttpResponse::Ok().json(r))
}

/// `POST /api/v1/duplicate/games/{id}/commands`.
#[utoipa::path(
    post,
    path = "/api/v1/duplicate/games/{id}/commands",
    operation_id = "duplicateCommand",
    summary = "A referee's command: draw or type a rack, start the turn, choose and place the top, undo, end",
    description = "The event's referee or director. `expected_seq` other than the game's is a 409; a repeated `idempotency_key` returns the game and writes nothing.",
    params(("id" = i64, Path, description = "Game id.")),
    request_body = crate::services::duplicate::RefereeRequest,
    responses(
        (status = 200, description = "Recorded.", body = crate::services::duplicate::GameView),
        super::responses::RuledWriteErrors,
    ),
)]
pub async fn command(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<DuplicateGameId>,
    body: web::Json<RefereeRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let (desk, lexicons) = (state.desk.clone(), state.lexicons.clone());
    let g = state
        .db(move |conn| {
            let (ev, lex) = dup::game_lexicon(conn, id)?;
            // Built (or found) before the write transaction opens, so a first build never
            // holds the database's writer.
            if matches!(
                body.command,
                dup::RefereeCommand::ChooseTop { .. } | dup::RefereeCommand::EndGame
            ) {
                dup::graph(&lexicons, ev, &lex)?;
            }
            let graph = || dup::graph(&lexicons, ev, &lex);
            dup::command(conn, &desk, &graph, &mut rand::rng(), now, uid, id, &body)
        })
        .await?;
    Ok(HttpResponse::Ok().json(g))
}

/// `POST /api/v1/duplicate/games/{id}/slips`.
#[utoipa::path(
    post,
    path = "/api/v1/duplicate/games/{id}/slips",
    operation_id = "duplicateSlip",
    summary = "A player's slip (D5): checked against the master board and the lexicon, scored, recorded",
    description = "The event's arbitrators, referee or director. The reference is read in the event's notation (C7); one it cannot read is refused (422, rule C7, field `reference`). A later slip for the same player and turn replaces the first. Slips for a turn close when the next turn starts.",
    params(("id" = i64, Path, description = "Game id.")),
    request_body = crate::services::duplicate::SlipRequest,
    responses(
        (status = 200, description = "Recorded, with its verdict.", body = crate::services::duplicate::SlipOutcome),
        super::responses::RuledWriteErrors,
    ),
)]
pub async fn slip(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<DuplicateGameId>,
    body: web::Json<SlipRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let (desk, lexicons) = (state.desk.clone(), state.lexicons.clone());
    let out = state
        .db(move |conn| {
            let (ev, lex) = dup::game_lexicon(conn, id)?;
            // D5 needs only the word list (the fst), not the move graph.
            let words = lexicons
                .for_event(ev, &lex)
                .map_err(|_| AppError::Conflict {
                    message: format!("the event's word list {lex:?} is not uploaded yet"),
                    current: None,
                })?;
            dup::slip(conn, &desk, &*words, now, uid, id, &body)
        })
        .await?;
    Ok(HttpResponse::Ok().json(out))
}

/// `GET /api/v1/duplicate/games/{id}/record.csv`.
#[utoipa::path(
    get,
    path = "/api/v1/duplicate/games/{id}/record.csv",
    operation_id = "duplicateGameRecordCsv",
    summary = "The game record as a sheet: one line per turn and player",
    params(("id" = i64, Path, description = "Game id.")),
    responses(
        (status = 200, description = "CSV: turn, rack, top_reference, top_word, top_score, tied_tops, referee_choice, player, reference, word, points_written, score, warnings, zero.", content_type = "text/csv", body = String),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn record_csv(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<DuplicateGameId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, desk) = (user.0.map(|c| c.uid), id.into_inner(), state.desk.clone());
    let csv = state
        .db(move |conn| dup::record_csv(conn, &desk, uid, id))
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .body(csv))
}

/// `GET /api/v1/duplicate/games/{id}/record.gcg`.
#[utoipa::path(
    get,
    path = "/api/v1/duplicate/games/{id}/record.gcg",
    operation_id = "duplicateGameRecordGcg",
    summary = "The master game as GCG (C8): every placed top with its rack and the running top total",
    params(("id" = i64, Path, description = "Game id.")),
    responses(
        (status = 200, description = "GCG, UTF-8.", content_type = "text/plain", body = String),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn record_gcg(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<DuplicateGameId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, desk) = (user.0.map(|c| c.uid), id.into_inner(), state.desk.clone());
    let gcg = state
        .db(move |conn| dup::record_gcg(conn, &desk, uid, id))
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(gcg))
}

/// `POST /api/v1/duplicate/events/{id}/prepared-games`.
#[utoipa::path(
    post,
    path = "/api/v1/duplicate/events/{id}/prepared-games",
    operation_id = "prepareDuplicateGame",
    summary = "Prepare a game in advance (D3, D6): racks drawn from a seed with their tops, as JSON to export",
    description = "The event's referee or director. The answer is the export another event's game imports.",
    params(("id" = i64, Path, description = "Event id.")),
    request_body = crate::services::duplicate::PrepareRequest,
    responses(
        (status = 200, description = "The prepared game.", body = crate::rules::duplicate::PreparedGame),
        super::responses::RuledWriteErrors,
    ),
)]
pub async fn prepare(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<EventId>,
    body: web::Json<dup::PrepareRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let lexicons = state.lexicons.clone();
    let g = state
        .db(move |conn| {
            let ruleset = dup::event_ruleset(conn, id)?;
            let graph = dup::graph(&lexicons, id, &ruleset.lexicon)?;
            dup::prepare(conn, &graph, now, uid, id, &body)
        })
        .await?;
    Ok(HttpResponse::Ok().json(g))
}

/// `POST /api/v1/duplicate/games/{id}/prepared`.
#[utoipa::path(
    post,
    path = "/api/v1/duplicate/games/{id}/prepared",
    operation_id = "importPreparedDuplicateGame",
    summary = "Import a prepared game before the game's first rack: every rack (D3) and top (D6) is replayed first",
    description = "The event's referee or director. Refused whole (nothing stored) at the first rack or top that does not replay under this game's tile set, draw rule and word list; 409 once the game has started or already has one. The console's draws then take the prepared racks in turn.",
    params(("id" = i64, Path, description = "Game id.")),
    request_body = crate::rules::duplicate::PreparedGame,
    responses(
        (status = 201, description = "Imported.", body = crate::services::duplicate::PreparedImported),
        super::responses::RuledWriteErrors,
    ),
)]
pub async fn import_prepared(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<DuplicateGameId>,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now) = (user.0.uid, id.into_inner(), state.clock.now());
    let (desk, lexicons) = (state.desk.clone(), state.lexicons.clone());
    let out = state
        .db(move |conn| {
            let (ev, lex) = dup::game_lexicon(conn, id)?;
            let graph = || dup::graph(&lexicons, ev, &lex);
            dup::import_prepared(conn, &desk, &graph, now, uid, id, &body)
        })
        .await?;
    Ok(HttpResponse::Created().json(out))
}

/// `GET /api/v1/duplicate/games/{id}/prepared`.
#[utoipa::path(
    get,
    path = "/api/v1/duplicate/games/{id}/prepared",
    operation_id = "exportPreparedDuplicateGame",
    summary = "The prepared game imported into a game, as JSON to export again",
    params(("id" = i64, Path, description = "Game id.")),
    responses(
        (status = 200, description = "The prepared game.", body = crate::rules::duplicate::PreparedGame),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn export_prepared(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<DuplicateGameId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let g = state
        .db(move |conn| dup::prepared_export(conn, uid, id))
        .await?;
    Ok(HttpResponse::Ok().json(g))
}

/// `POST /api/v1/duplicate/games/{id}/phone/status`.
#[utoipa::path(
    post,
    path = "/api/v1/duplicate/games/{id}/phone/status",
    operation_id = "duplicatePhoneStatus",
    summary = "A player's phone (D4, D5): the turn, its rack and time left, and their entry",
    description = "No account: the player's number and the PIN on their table card identify them (403 when they do not match; after 5 wrong PINs for one number, or 20 from one address, within 10 minutes, 429 even with the right PIN until the oldest leaves the window). The event must take phone slips (its `phone_slips` option; otherwise 422, rule D5).",
    params(("id" = i64, Path, description = "Game id.")),
    request_body = crate::services::duplicate::PhonePlayer,
    responses(
        (status = 200, description = "The phone's view.", body = crate::services::duplicate::PhoneView),
        super::responses::PhoneErrors,
    ),
    security(()),
)]
pub async fn phone_status(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<DuplicateGameId>,
    body: web::Json<dup::PhonePlayer>,
) -> Result<HttpResponse, AppError> {
    let (id, now, desk) = (id.into_inner(), state.clock.now(), state.desk.clone());
    let check = state.pin_check(&req);
    let v = state
        .db(move |conn| dup::phone_status(conn, &desk, now, id, &body, &check))
        .await?;
    Ok(HttpResponse::Ok().json(v))
}

/// `POST /api/v1/duplicate/games/{id}/phone/slip`.
#[utoipa::path(
    post,
    path = "/api/v1/duplicate/games/{id}/phone/slip",
    operation_id = "duplicatePhoneSlip",
    summary = "A player's own slip from their phone (D4, D5), taken until the turn's time is up",
    description = "Identified like `phone/status`. A later entry replaces the earlier one. After the time is up (server time) or once the top is chosen the slip is refused (422, rule D4) and nothing is recorded. Entries are checked like arbitrators' slips when the referee chooses the top.",
    params(("id" = i64, Path, description = "Game id.")),
    request_body = crate::services::duplicate::PhoneSlipRequest,
    responses(
        (status = 200, description = "Recorded; the phone's view with the entry.", body = crate::services::duplicate::PhoneView),
        super::responses::PhoneErrors,
    ),
    security(()),
)]
pub async fn phone_slip(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<DuplicateGameId>,
    body: web::Json<dup::PhoneSlipRequest>,
) -> Result<HttpResponse, AppError> {
    let (id, now, desk) = (id.into_inner(), state.clock.now(), state.desk.clone());
    let check = state.pin_check(&req);
    let v = state
        .db(move |conn| dup::phone_slip(conn, &desk, now, id, &body, &check))
        .await?;
    Ok(HttpResponse::Ok().json(v))
}
