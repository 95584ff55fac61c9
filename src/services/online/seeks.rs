//! Seeks (open offers) and direct challenges, and the lobby: offering, withdrawing, declining,
//! and accepting, which opens the game and deals (N3) in the same transaction.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::GameCache;
use super::games::{GameSummary, OnlineGameView, game_view, summary, write};
use super::requests::NewSeekRequest;
use crate::db::{DbConn, online as rows, users};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::game::Sides;
use crate::rules::online::rating::Variant;
use crate::rules::online::{
    self as online, AtZero, MAX_OVERTIME_MINUTES, OnlineCommand, OnlineSettings, Sender,
};
use crate::services::desk::Desk;
use crate::vocab::{SeekId, Seq, UserId};

use super::games::Graph;

/// Longest game offered, in minutes per player.
pub const MAX_MINUTES: u32 = 180;
/// Most points an N2 overtime minute may cost.
pub const MAX_OVERTIME_POINTS: u32 = 100;

/// A seek or a direct challenge as the lobby shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = OnlineSeekView)]
pub struct SeekView {
    /// The seek.
    pub id: SeekId,
    /// Who offers.
    pub by: String,
    /// A direct challenge's player.
    pub opponent: Option<String>,
    /// The rating variant.
    pub variant: String,
    /// `open`, `cancelled`, `accepted` or `declined`.
    pub status: String,
    /// The game it became.
    pub game_id: Option<crate::vocab::OnlineGameId>,
    /// The settings (`rules::online::OnlineSettings`).
    #[schema(value_type = Object)]
    pub settings: serde_json::Value,
}

/// The lobby: open seeks (and the viewer's own direct challenges, sent or received) and the
/// games being played.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = OnlineLobby)]
pub struct LobbyView {
    /// Open offers.
    pub seeks: Vec<SeekView>,
    /// Games being played, newest first.
    pub games: Vec<GameSummary>,
}

fn seek_view(
    conn: &mut DbConn,
    cache: &GameCache,
    row: &rows::SeekRow,
) -> Result<SeekView, AppError> {
    let opponent = match row.target_id {
        Some(t) => Some(cache.username(conn, t)?),
        None => None,
    };
    Ok(SeekView {
        id: row.id,
        by: cache.username(conn, row.user_id)?,
        opponent,
        variant: row.variant.clone(),
        status: row.status.clone(),
        game_id: row.game_id,
        settings: serde_json::from_str(&row.settings).map_err(AppError::internal)?,
    })
}

/// Checks a seek's settings: a lexicon and tile set the server plays, a clock within bounds,
/// and a ruleset the engine accepts.
fn check_settings(conn: &mut DbConn, s: &OnlineSettings) -> Result<(), AppError> {
    if s.lexicon.len() > 40 || s.lexicon.chars().any(char::is_control) {
        return Err(AppError::field(
            "settings.lexicon",
            format!("no word list {:?} on this site", s.lexicon),
        ));
    }
    // O1/O2: the bundled list or any list the site holds (uploaded for an event).
    super::lexicon_source(conn, &s.lexicon)?;
    // C2: any tile set the rules core holds (data: `TileSet::by_name`).
    if crate::rules::tiles::TileSet::by_name(&s.tile_set).is_none() || s.tile_set.len() > 40 {
        return Err(AppError::field(
            "settings.tile_set",
            "no such tile set: english, french or indonesian",
        ));
    }
    if !(1..=MAX_MINUTES).contains(&s.minutes) {
        return Err(AppError::field(
            "settings.minutes",
            format!("1 to {MAX_MINUTES} minutes per player"),
        ));
    }
    if let AtZero::Overtime { points, .. } = s.at_zero
        && points > MAX_OVERTIME_POINTS
    {
        return Err(AppError::field(
            "settings.at_zero.points",
            format!("at most {MAX_OVERTIME_POINTS} points per overtime minute"),
        ));
    }
    // N2: the overtime a player may run before losing on time (as Woogles does).
    if let AtZero::Overtime {
        max_overtime_minutes: m,
        ..
    } = s.at_zero
        && !(1..=MAX_OVERTIME_MINUTES).contains(&m)
    {
        return Err(AppError::field(
            "settings.at_zero.max_overtime_minutes",
            format!("1 to {MAX_OVERTIME_MINUTES} minutes of overtime"),
        ));
    }
    s.ruleset()
        .map_err(|e| AppError::field("settings", e.to_string()))?;
    Ok(())
}

/// Offers a seek, or challenges the named player directly.
pub fn create_seek(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    req: &NewSeekRequest,
) -> Result<SeekView, AppError> {
    check_settings(conn, &req.settings)?;
    let target = match req.opponent.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(name) => {
            let user = users::find_by_username(conn, name)?
                .filter(|u| !u.disabled)
                .ok_or_else(|| AppError::field("opponent", "no such player"))?;
            if user.id == user_id {
                return Err(AppError::field("opponent", "you cannot challenge yourself"));
            }
            Some(user.id)
        }
    };
    let settings = serde_json::to_string(&req.settings).map_err(AppError::internal)?;
    let variant = Variant::of(&req.settings).key();
    let row = desk.write(conn, |conn, work| {
        let row = rows::insert_seek(
            conn,
            &rows::NewSeek {
                user_id,
                target_id: target,
                settings: &settings,
                variant: &variant,
                status: "open",
                created_at: now.naive_utc(),
            },
        )?;
        work.announce(LiveMessage::Lobby);
        Ok(row)
    })?;
    seek_view(conn, desk.online(), &row)
}

fn open_seek(conn: &mut DbConn, id: SeekId) -> Result<rows::SeekRow, AppError> {
    let row =
        rows::find_seek(conn, id)?.ok_or_else(|| AppError::not_found(format!("no seek {id}")))?;
    if row.status != "open" {
        return Err(AppError::Conflict {
            message: format!("the seek is {} already", row.status),
            current: None,
        });
    }
    Ok(row)
}

fn close(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    id: SeekId,
    status: &str,
    allowed: impl FnOnce(&rows::SeekRow) -> Result<(), AppError>,
) -> Result<SeekView, AppError> {
    let row = desk.write(conn, |conn, work| {
        let row = open_seek(conn, id)?;
        allowed(&row)?;
        if !rows::close_seek(conn, id, status, None, now.naive_utc())? {
            return Err(AppError::Conflict {
                message: "the seek was taken or withdrawn meanwhile".into(),
                current: None,
            });
        }
        work.announce(LiveMessage::Lobby);
        rows::find_seek(conn, id)?.ok_or_else(|| AppError::not_found(format!("no seek {id}")))
    })?;
    seek_view(conn, desk.online(), &row)
}

/// Withdraws one's own open seek or challenge.
pub fn cancel(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    id: SeekId,
) -> Result<SeekView, AppError> {
    close(conn, desk, now, id, "cancelled", |row| {
        if row.user_id == user_id {
            Ok(())
        } else {
            Err(AppError::Forbidden(
                "only who offered a seek withdraws it".into(),
            ))
        }
    })
}

/// Declines a direct challenge (its player only).
pub fn decline(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    id: SeekId,
) -> Result<SeekView, AppError> {
    close(conn, desk, now, id, "declined", |row| {
        if row.target_id == Some(user_id) {
            Ok(())
        } else {
            Err(AppError::Forbidden(
                "only the challenged player declines a challenge".into(),
            ))
        }
    })
}

/// The checks of [`accept`] that need no word graph (the seek exists, is open, and `user_id`
/// may take it), so a refusal never waits for a graph to be built.
/// Returns the seek's word list, whose graph [`accept`] needs.
pub fn check_accept(conn: &mut DbConn, user_id: UserId, id: SeekId) -> Result<String, AppError> {
    let seek = open_seek(conn, id)?;
    may_accept(&seek, user_id)?;
    let settings: OnlineSettings =
        serde_json::from_str(&seek.settings).map_err(AppError::internal)?;
    Ok(settings.lexicon)
}

fn may_accept(seek: &rows::SeekRow, user_id: UserId) -> Result<(), AppError> {
    if seek.user_id == user_id {
        return Err(AppError::Forbidden(
            "you cannot accept your own seek".into(),
        ));
    }
    if seek.target_id.is_some_and(|t| t != user_id) {
        return Err(AppError::Forbidden(
            "this challenge is for another player".into(),
        ));
    }
    Ok(())
}

/// Accepts a seek (anyone but its author) or a direct challenge (its player): the game opens
/// with the author as side A, and the server draws for first turn and deals (N3, C2) with
/// `rng`, all in one transaction.
#[allow(clippy::too_many_arguments)]
pub fn accept(
    conn: &mut DbConn,
    desk: &Desk,
    graph: Graph<'_>,
    rng: &mut impl rand::Rng,
    now: DateTime<Utc>,
    user_id: UserId,
    id: SeekId,
) -> Result<OnlineGameView, AppError> {
    let game = desk.write(conn, |conn, work| {
        let seek = open_seek(conn, id)?;
        if seek.user_id == user_id {
            return Err(AppError::Forbidden(
                "you cannot accept your own seek".into(),
            ));
        }
        if seek.target_id.is_some_and(|t| t != user_id) {
            return Err(AppError::Forbidden(
                "this challenge is for another player".into(),
            ));
        }
        let settings: OnlineSettings =
            serde_json::from_str(&seek.settings).map_err(AppError::internal)?;
        if !rows::close_seek(conn, id, "accepted", None, now.naive_utc())? {
            return Err(AppError::Conflict {
                message: "the seek was taken or withdrawn meanwhile".into(),
                current: None,
            });
        }
        let row = rows::insert_game(
            conn,
            &rows::NewGame {
                seek_id: id,
                player_a: seek.user_id,
                player_b: user_id,
                variant: &seek.variant,
                rated: settings.rated,
                last_seq: Seq(0),
                created_at: now.naive_utc(),
            },
        )?;
        rows::set_seek_game(conn, id, row.id)?;
        let names = Sides {
            a: desk.online().username(conn, seek.user_id)?,
            b: desk.online().username(conn, user_id)?,
        };
        let graph = graph()?;
        let open = OnlineCommand::Open { settings, names };
        let (mut events, state) =
            online::decide_and_apply(&Default::default(), open, Sender::Server, now, rng, &graph)?;
        let (more, state) = online::decide_and_apply(
            &state,
            OnlineCommand::Start,
            Sender::Server,
            now,
            rng,
            &graph,
        )?;
        events.extend(more);
        write(conn, work, &row, &events, &state, Some(user_id), None, now)?;
        work.announce(LiveMessage::Lobby);
        Ok(row.id)
    })?;
    game_view(conn, desk.online(), Some(user_id), game, now)
}

/// The lobby as `user` sees it: open seeks, their own direct challenges (sent or received), and
/// the games being played.
pub fn lobby(
    conn: &mut DbConn,
    cache: &GameCache,
    user: Option<UserId>,
) -> Result<LobbyView, AppError> {
    let mut seeks = Vec::new();
    for row in rows::open_seeks(conn)? {
        let visible = match row.target_id {
            None => true,
            Some(t) => user.is_some_and(|u| u == t || u == row.user_id),
        };
        if visible {
            seeks.push(seek_view(conn, cache, &row)?);
        }
    }
    let mut games = Vec::new();
    for row in rows::live_games(conn, 100)? {
        games.push(summary(conn, cache, &row)?);
    }
    Ok(LobbyView { seeks, games })
}
