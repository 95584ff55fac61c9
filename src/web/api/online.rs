//! Online play (seed 001) in the JSON API: registration, seeks and direct challenges, the
//! lobby, a game as its viewer may see it (a player their own rack only), players' commands,
//! the record of a finished game, profiles and the leaderboard. The live streams are
//! `/online/lobby/live` and `/online/games/{id}/live` (`web::live`).

use std::sync::Arc;

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use crate::error::AppError;
use crate::rules::movegen::WordGraph;
use crate::services::lexicons::{DEFAULT, LexiconStore};
use crate::services::online::{
    self as online, CommandRequest, NewSeekRequest, PreviewRequest, RegisterRequest,
    RegistrationSetting,
};
use crate::vocab::{EventId, OnlineGameId, SeekId, Seq};
use crate::web::AppState;
use crate::web::session::{Admin, CurrentUser, MaybeUser};

/// The move graph online games are played with (the bundled list, built once per process).
pub fn graph(lexicons: &LexiconStore) -> Result<Arc<WordGraph>, AppError> {
    // The bundled list is the same for every event; the id only keys uploaded lists.
    crate::services::duplicate::graph(lexicons, EventId(0), DEFAULT)
}

/// `POST /api/v1/online/register`.
#[utoipa::path(
    post,
    path = "/api/v1/online/register",
    operation_id = "onlineRegister",
    summary = "Register a player account (while registration is open; limited per address)",
    request_body = RegisterRequest,
    responses(
        (status = 201, description = "Registered; sign in at /api/v1/auth/token.", body = online::RegisteredView),
        super::responses::RegisterErrors,
    ),
    security(()),
)]
pub async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<RegisterRequest>,
) -> Result<HttpResponse, AppError> {
    let peer = req
        .peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default();
    let (now, svc) = (state.clock.now(), state.online.clone());
    let out = state
        .db(move |conn| online::register(conn, &svc, now, &peer, &body))
        .await?;
    Ok(HttpResponse::Created().json(out))
}

/// `GET /api/v1/online/settings`.
#[utoipa::path(
    get,
    path = "/api/v1/online/settings",
    operation_id = "onlineSettings",
    summary = "Whether self-registration is open",
    responses(
        (status = 200, description = "The setting.", body = RegistrationSetting),
        super::responses::PublicErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn settings(state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let out = state.db(online::registration).await?;
    Ok(HttpResponse::Ok().json(out))
}

/// `POST /api/v1/online/settings`.
#[utoipa::path(
    post,
    path = "/api/v1/online/settings",
    operation_id = "setOnlineSettings",
    summary = "Open or close self-registration (administrators)",
    request_body = RegistrationSetting,
    responses(
        (status = 200, description = "The setting now.", body = RegistrationSetting),
        super::responses::AccountErrors,
    ),
)]
pub async fn set_settings(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<RegistrationSetting>,
) -> Result<HttpResponse, AppError> {
    let (uid, now, open) = (admin.0.uid, state.clock.now(), body.registration_open);
    let out = state
        .db(move |conn| online::set_registration(conn, now, uid, open))
        .await?;
    Ok(HttpResponse::Ok().json(out))
}

/// `GET /api/v1/online/lobby`.
#[utoipa::path(
    get,
    path = "/api/v1/online/lobby",
    operation_id = "onlineLobby",
    summary = "Open seeks (and your own direct challenges) and the games being played",
    responses(
        (status = 200, description = "The lobby.", body = online::LobbyView),
        super::responses::PublicErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn lobby(state: web::Data<AppState>, user: MaybeUser) -> Result<HttpResponse, AppError> {
    let uid = user.0.map(|c| c.uid);
    let out = state
        .online_db(move |conn, cache| online::lobby(conn, cache, uid))
        .await?;
    Ok(HttpResponse::Ok().json(out))
}

/// `POST /api/v1/online/seeks`.
#[utoipa::path(
    post,
    path = "/api/v1/online/seeks",
    operation_id = "onlineCreateSeek",
    summary = "Offer a seek, or challenge a named player directly",
    request_body = NewSeekRequest,
    responses(
        (status = 201, description = "Offered.", body = online::SeekView),
        super::responses::CreateEventErrors,
    ),
)]
pub async fn create_seek(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<NewSeekRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, now, desk) = (user.0.uid, state.clock.now(), state.desk.clone());
    let (out, source, lexicon) = state
        .db(move |conn| {
            let out = online::create_seek(conn, &desk, now, uid, &body)?;
            let lexicon = body.settings.lexicon.clone();
            let source = online::lexicon_source(conn, &lexicon)?;
            Ok((out, source, lexicon))
        })
        .await?;
    // The graph is built while the seek waits, so accepting it does not wait for the build.
    crate::services::duplicate::warm(state.lexicons.clone(), source, lexicon);
    Ok(HttpResponse::Created().json(out))
}

/// `POST /api/v1/online/seeks/{id}/cancel`.
#[utoipa::path(
    post,
    path = "/api/v1/online/seeks/{id}/cancel",
    operation_id = "onlineCancelSeek",
    summary = "Withdraw your own open seek or challenge",
    params(("id" = i64, Path, description = "Seek id.")),
    responses(
        (status = 200, description = "Withdrawn.", body = online::SeekView),
        super::responses::ClaimErrors,
    ),
)]
pub async fn cancel_seek(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<SeekId>,
) -> Result<HttpResponse, AppError> {
    let (uid, now, desk, id) = (user.0.uid, state.clock.now(), state.desk.clone(), *id);
    let out = state
        .db(move |conn| online::cancel(conn, &desk, now, uid, id))
        .await?;
    Ok(HttpResponse::Ok().json(out))
}

/// `POST /api/v1/online/seeks/{id}/decline`.
#[utoipa::path(
    post,
    path = "/api/v1/online/seeks/{id}/decline",
    operation_id = "onlineDeclineChallenge",
    summary = "Decline a direct challenge (its player)",
    params(("id" = i64, Path, description = "Seek id.")),
    responses(
        (status = 200, description = "Declined.", body = online::SeekView),
        super::responses::ClaimErrors,
    ),
)]
pub async fn decline_seek(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<SeekId>,
) -> Result<HttpResponse, AppError> {
    let (uid, now, desk, id) = (user.0.uid, state.clock.now(), state.desk.clone(), *id);
    let out = state
        .db(move |conn| online::decline(conn, &desk, now, uid, id))
        .await?;
    Ok(HttpResponse::Ok().json(out))
}

/// `POST /api/v1/online/seeks/{id}/accept`.
#[utoipa::path(
    post,
    path = "/api/v1/online/seeks/{id}/accept",
    operation_id = "onlineAcceptSeek",
    summary = "Accept a seek or a challenge: the game opens and the server deals (N3, C2)",
    params(("id" = i64, Path, description = "Seek id.")),
    responses(
        (status = 201, description = "The game, as you see it.", body = online::OnlineGameView),
        super::responses::ClaimErrors,
    ),
)]
pub async fn accept_seek(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<SeekId>,
) -> Result<HttpResponse, AppError> {
    let (uid, now, desk, id) = (user.0.uid, state.clock.now(), state.desk.clone(), *id);
    let (lexicons, svc) = (state.lexicons.clone(), state.online.clone());
    let out = state
        .db(move |conn| {
            let lexicon = online::check_accept(conn, uid, id)?;
            // Built before the write transaction opens, so a first build holds no writer.
            let source = online::lexicon_source(conn, &lexicon)?;
            let g = || crate::services::duplicate::graph(&lexicons, source, &lexicon);
            g()?;
            let mut rng = svc.dealer.rng()?;
            online::accept(conn, &desk, &g, &mut rng, now, uid, id)
        })
        .await?;
    Ok(HttpResponse::Created().json(out))
}

/// `GET /api/v1/online/games/{id}`.
#[utoipa::path(
    get,
    path = "/api/v1/online/games/{id}",
    operation_id = "onlineGame",
    summary = "A game as you may see it: a player sees their own rack only, anyone else no rack",
    params(("id" = i64, Path, description = "Game id."), GameQuery),
    responses(
        (status = 200, description = "The game.", body = online::OnlineGameView),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn show_game(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<OnlineGameId>,
    q: web::Query<GameQuery>,
) -> Result<HttpResponse, AppError> {
    let (uid, now, id) = (user.0.map(|c| c.uid), state.clock.now(), *id);
    let seq = q.into_inner().seq()?;
    // A reader who names the seq it heard of is answered from memory when this instance holds
    // the game that new: no blocking thread, no database.
    if let Some(out) = seq.and_then(|s| online::cached_view(state.desk.online(), uid, id, s, now)) {
        return Ok(HttpResponse::Ok().json(out));
    }
    let out = state
        .online_db(move |conn, cache| online::game_view(conn, cache, uid, id, now))
        .await?;
    Ok(HttpResponse::Ok().json(out))
}

/// A game's query: the seq the reader has already heard of.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct GameQuery {
    /// The seq of the live message the reader heard (`/online/games/{id}/live`): the answer is
    /// the game at this seq or later, served from the instance's memory when it holds it.
    #[param(value_type = Option<i64>, minimum = 0)]
    pub seq: Option<String>,
}

impl GameQuery {
    /// The seq asked for; anything but a whole number from 0 is refused, naming the field.
    fn seq(self) -> Result<Option<Seq>, AppError> {
        self.seq
            .map(|s| match s.trim().parse::<i64>() {
                Ok(n) if n >= 0 => Ok(Seq(n)),
                _ => Err(AppError::field(
                    "seq",
                    "seq is a whole number from 0 (the live message's id)",
                )),
            })
            .transpose()
    }
}

/// `POST /api/v1/online/games/{id}/commands`.
#[utoipa::path(
    post,
    path = "/api/v1/online/games/{id}/commands",
    operation_id = "onlineCommand",
    summary = "Play, exchange, pass, resign, hold, challenge or accept (the game's players)",
    description = "A play is GCG notation (`8D QI`, lowercase a blank), scored by the board. Dictionary mode (O1) refuses a word not in the lexicon (422, rule O1, nothing recorded, no penalty); challenge mode (O2) rules on a challenge at once (N5). The move's time is the server's receive time. The same `idempotency_key` twice applies the command once.",
    params(("id" = i64, Path, description = "Game id.")),
    request_body = CommandRequest,
    responses(
        (status = 200, description = "Recorded; the game as you see it.", body = online::OnlineGameView),
        super::responses::RuledWriteErrors,
    ),
)]
pub async fn command(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<OnlineGameId>,
    body: web::Json<CommandRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, now, id, req) = (user.0.uid, state.clock.now(), *id, body.into_inner());
    // Checked from memory when this instance holds the game; otherwise read (and the word
    // list's graph built) on the blocking pool. Either way nothing is held while the command
    // waits for the online writer.
    let (req, graph) = match online::ready(state.desk.online(), uid, id, &req)? {
        Some(graph) => (req, graph),
        None => {
            let (desk, lexicons) = (state.desk.clone(), state.lexicons.clone());
            state
                .db(move |conn| {
                    let graph = online::prepare(conn, desk.online(), &lexicons, uid, id, &req)?;
                    Ok((req, graph))
                })
                .await?
        }
    };
    let seed = state.online.dealer.seed()?;
    let answer = state
        .desk
        .submit_online(online::Submission {
            game: id,
            user: uid,
            req,
            graph,
            seed,
            now,
        })
        .await?;
    crate::web::timing::record_writer(&answer.timing);
    Ok(HttpResponse::Ok().json(answer.reply?))
}

/// `POST /api/v1/online/games/{id}/preview`.
#[utoipa::path(
    post,
    path = "/api/v1/online/games/{id}/preview",
    operation_id = "onlinePreview",
    summary = "Score a tentative play without recording it (the game's players)",
    description = "The play is decided as the command would decide it (on turn, tiles on the rack, C3-C7 placement, O1's dictionary) and its score returned; nothing is recorded or announced.",
    params(("id" = i64, Path, description = "Game id.")),
    request_body = PreviewRequest,
    responses(
        (status = 200, description = "The play's words and score.", body = online::PreviewView),
        super::responses::RuledWriteErrors,
    ),
)]
pub async fn preview(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<OnlineGameId>,
    body: web::Json<PreviewRequest>,
) -> Result<HttpResponse, AppError> {
    let (uid, now, id, lexicons) = (user.0.uid, state.clock.now(), *id, state.lexicons.clone());
    let out = state
        .db(move |conn| {
            let lexicon = online::check_preview(conn, uid, id, &body)?;
            let source = online::lexicon_source(conn, &lexicon)?;
            let g = || crate::services::duplicate::graph(&lexicons, source, &lexicon);
            online::preview(conn, &g, now, uid, id, &body)
        })
        .await?;
    Ok(HttpResponse::Ok().json(out))
}

/// `GET /api/v1/online/games/{id}/record`.
#[utoipa::path(
    get,
    path = "/api/v1/online/games/{id}/record",
    operation_id = "onlineRecord",
    summary = "A finished game's record in GCG (409 while it is played)",
    params(("id" = i64, Path, description = "Game id.")),
    responses(
        (status = 200, description = "GCG text.", content_type = "text/plain", body = String),
        super::responses::ClaimErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn record(
    state: web::Data<AppState>,
    id: web::Path<OnlineGameId>,
) -> Result<HttpResponse, AppError> {
    let id = *id;
    let text = state.db(move |conn| online::record(conn, id)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(text))
}

/// `GET /api/v1/online/players/{username}`.
#[utoipa::path(
    get,
    path = "/api/v1/online/players/{username}",
    operation_id = "onlineProfile",
    summary = "A player's ratings per variant, rating history and games",
    params(("username" = String, Path, description = "Username.")),
    responses(
        (status = 200, description = "The profile.", body = online::ProfileView),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn profile(
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let name = name.into_inner();
    let out = state
        .online_db(move |conn, cache| online::profile(conn, cache, &name))
        .await?;
    Ok(HttpResponse::Ok().json(out))
}

/// The leaderboard's query.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct LeaderboardQuery {
    /// The variant: `lexicon.mode.time` (`enable2k.dictionary.regular`).
    pub variant: String,
}

/// `GET /api/v1/online/leaderboard`.
#[utoipa::path(
    get,
    path = "/api/v1/online/leaderboard",
    operation_id = "onlineLeaderboard",
    summary = "A variant's ratings, best first (O4)",
    params(LeaderboardQuery),
    responses(
        (status = 200, description = "The leaderboard.", body = online::LeaderboardView),
        super::responses::ReadErrors,
    ),
    security(("bearerAuth" = []), ()),
)]
pub async fn leaderboard(
    state: web::Data<AppState>,
    q: web::Query<LeaderboardQuery>,
) -> Result<HttpResponse, AppError> {
    let variant = q.into_inner().variant;
    let out = state
        .online_db(move |conn, cache| online::leaderboard(conn, cache, &variant))
        .await?;
    Ok(HttpResponse::Ok().json(out))
}
