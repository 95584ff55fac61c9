//! An online game's commands, the sweeper's pass, what a player or a spectator sees, and the
//! record of a finished game.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::GameCache;
use super::cache::Seats;
use super::requests::{CommandRequest, check_key};
use crate::db::{DbConn, online as rows};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::game::{Side, Sides};
use crate::rules::movegen::WordGraph;
use crate::rules::online::rating::{self, Rating};
use crate::rules::online::{
    self as online, OnlineCommand, OnlineEvent, OnlineState, OnlineView, Sender, Viewer,
};
use crate::services::desk::{Core, Desk, Work};
use crate::services::lexicons::{DEFAULT, LexiconStore};
use crate::vocab::{OnlineGameId, Seq, UserId};

/// The move graph of the game's lexicon (built once; see `services::duplicate::graph`).
pub type Graph<'a> = &'a dyn Fn() -> Result<Arc<WordGraph>, AppError>;

/// A game in a list: who plays, in which variant, whether it is over.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = OnlineGameSummary)]
pub struct GameSummary {
    /// The game.
    pub id: OnlineGameId,
    /// Side A's username.
    pub player_a: String,
    /// Side B's username.
    pub player_b: String,
    /// The rating variant (`lexicon.mode.time`).
    pub variant: String,
    /// Whether ratings move at the end.
    pub rated: bool,
    /// Whether it is over.
    pub finished: bool,
}

/// A game as one viewer sees it: a player their own rack only, a spectator no rack.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = OnlineGameView)]
pub struct OnlineGameView {
    /// Who plays.
    #[serde(flatten)]
    pub game: GameSummary,
    /// The log's last seq.
    pub seq: Seq,
    /// The viewer's side (`A` or `B`), if they play.
    #[schema(value_type = Option<String>)]
    pub you: Option<Side>,
    /// Board, scores, clocks, the viewer's own rack, the sheet, the end and the result
    /// (`rules::online::OnlineView`).
    #[schema(value_type = Object)]
    pub view: OnlineView,
}

pub(super) fn summary(
    conn: &mut DbConn,
    cache: &GameCache,
    row: &rows::GameRow,
) -> Result<GameSummary, AppError> {
    Ok(GameSummary {
        id: row.id,
        player_a: cache.username(conn, row.player_a)?,
        player_b: cache.username(conn, row.player_b)?,
        variant: row.variant.clone(),
        rated: row.rated,
        finished: row.finished,
    })
}

/// A game's row and its folded state.
pub(super) fn load(
    conn: &mut DbConn,
    id: OnlineGameId,
) -> Result<(rows::GameRow, OnlineState), AppError> {
    let row =
        rows::find_game(conn, id)?.ok_or_else(|| AppError::not_found(format!("no game {id}")))?;
    let events = rows::log(conn, id)?
        .into_iter()
        .map(|r| serde_json::from_str::<OnlineEvent>(&r.payload).map_err(AppError::internal))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((row, online::fold(&events)))
}

/// A game's row and its state, from `cache` brought up to the row's seq (remembered only when
/// `committed`: outside a write transaction).
pub(super) fn load_cached(
    conn: &mut DbConn,
    cache: &GameCache,
    id: OnlineGameId,
    committed: bool,
) -> Result<(rows::GameRow, Arc<OnlineState>), AppError> {
    let row =
        rows::find_game(conn, id)?.ok_or_else(|| AppError::not_found(format!("no game {id}")))?;
    let state = cache.state(conn, &row, committed)?;
    Ok((row, state))
}

/// The side `user` plays in the game, if any.
pub(super) fn side_of(row: &rows::GameRow, user: Option<UserId>) -> Option<Side> {
    match user {
        Some(u) if u == row.player_a => Some(Side::A),
        Some(u) if u == row.player_b => Some(Side::B),
        _ => None,
    }
}

/// Appends decided events with the game's projection (409 when another command got there
/// first); when they end a rated game, moves both players' ratings in the same transaction
/// (O4). Live pages hear of it once the transaction commits.
#[allow(clippy::too_many_arguments)]
pub(super) fn write(
    conn: &mut DbConn,
    work: &mut Work<'_>,
    row: &rows::GameRow,
    events: &[OnlineEvent],
    after: &OnlineState,
    user_id: Option<UserId>,
    key: Option<String>,
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    if events.is_empty() {
        return Ok(());
    }
    let new = event_rows(row.id, events, user_id, key)?;
    let projection = projection_of(after, now)?;
    if !rows::append(conn, row.id, row.last_seq, &new, projection)? {
        return Err(AppError::Conflict {
            message: "the game moved on while this was decided; reload and retry".into(),
            current: None,
        });
    }
    let seq = projection.last_seq;
    if projection.finished && !row.finished {
        rate(conn, &Seats::from(row), after, now)?;
        work.announce(LiveMessage::Lobby);
    }
    // The other instances' caches learn the events before their pages hear of the seq.
    work.relay_online(crate::live::OnlineAppend {
        game_id: row.id,
        events: events.to_vec(),
    });
    work.announce(LiveMessage::Online {
        game_id: row.id,
        seq,
    });
    Ok(())
}

/// The log rows of one command's events (the idempotency key on its first).
pub(super) fn event_rows(
    game: OnlineGameId,
    events: &[OnlineEvent],
    user_id: Option<UserId>,
    key: Option<String>,
) -> Result<Vec<rows::NewEvent>, AppError> {
    events
        .iter()
        .enumerate()
        .map(|(i, e)| {
            Ok(rows::NewEvent {
                game_id: game,
                seq: Seq(i64::try_from(e.seq).map_err(AppError::internal)?),
                at: e.at.naive_utc(),
                kind: e.payload.kind(),
                payload: serde_json::to_string(e).map_err(AppError::internal)?,
                user_id,
                idempotency_key: if i == 0 { key.clone() } else { None },
            })
        })
        .collect()
}

/// The game row's projection of the state `after` (ended at `now` if it is over).
pub(super) fn projection_of(
    after: &OnlineState,
    now: DateTime<Utc>,
) -> Result<rows::Projection, AppError> {
    let finished = after.game.result.is_some();
    Ok(rows::Projection {
        last_seq: Seq(i64::try_from(after.last_seq).map_err(AppError::internal)?),
        finished,
        next_timeout_at: if finished {
            None
        } else {
            online::next_timeout_at(after).map(|t| t.naive_utc())
        },
        finished_at: finished.then(|| now.naive_utc()),
    })
}

/// O4: the ratings after a rated game, stored with its end.
pub(super) fn rate(
    conn: &mut DbConn,
    row: &Seats,
    state: &OnlineState,
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    let mut before = |user| -> Result<Rating, AppError> {
        Ok(rows::rating(conn, user, &row.variant)?
            .map(|r| Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            })
            .unwrap_or_default())
    };
    let before = Sides {
        a: before(row.player_a)?,
        b: before(row.player_b)?,
    };
    let Some((_, after)) = rating::game_ratings(state, before) else {
        return Ok(());
    };
    for (user, b, a) in [
        (row.player_a, before.a, after.a),
        (row.player_b, before.b, after.b),
    ] {
        rows::record_rating(
            conn,
            user,
            &row.variant,
            row.id,
            b.rating,
            (a.rating, a.deviation, a.volatility),
            now.naive_utc(),
        )?;
    }
    Ok(())
}

/// The checks of [`command`] that need no word graph (the game exists, `user_id` plays in
/// it, the request is well formed), so a refusal never waits for a graph to be built.
/// Returns the game's word list, whose graph [`command`] needs.
pub fn check_command(
    conn: &mut DbConn,
    cache: &GameCache,
    user_id: UserId,
    game: OnlineGameId,
    req: &CommandRequest,
) -> Result<String, AppError> {
    check_key(&req.idempotency_key)?;
    req.command.check()?;
    // The players and the settings never change: a game this instance holds needs no read
    // (the command reads the row again in its transaction).
    let (state, seats) = match cache.held(game) {
        Some(held) => held,
        None => {
            let (row, state) = load_cached(conn, cache, game, true)?;
            (state, Arc::new(Seats::from(&row)))
        }
    };
    seats
        .side_of(Some(user_id))
        .ok_or_else(|| AppError::Forbidden("only the game's players move in it".into()))?;
    Ok(state
        .settings
        .as_ref()
        .map_or_else(|| DEFAULT.to_owned(), |s| s.lexicon.clone()))
}

/// [`check_command`] from this instance's memory alone, for a move's handler on its event loop:
/// the graph the command needs when the game is held here, plays the bundled list and its
/// graph is built; `None` when any of that must be read or built ([`prepare`], on the blocking
/// pool). A refusal is as [`check_command`]'s.
pub fn ready(
    cache: &GameCache,
    user_id: UserId,
    game: OnlineGameId,
    req: &CommandRequest,
) -> Result<Option<Arc<WordGraph>>, AppError> {
    check_key(&req.idempotency_key)?;
    req.command.check()?;
    let Some((state, seats)) = cache.held(game) else {
        return Ok(None);
    };
    seats
        .side_of(Some(user_id))
        .ok_or_else(|| AppError::Forbidden("only the game's players move in it".into()))?;
    let bundled = state.settings.as_ref().is_none_or(|s| s.lexicon == DEFAULT);
    Ok(bundled
        .then(crate::services::duplicate::built_default)
        .flatten())
}

/// [`check_command`], then the graph of the game's word list (built if it is not yet).
pub fn prepare(
    conn: &mut DbConn,
    cache: &GameCache,
    lexicons: &LexiconStore,
    user_id: UserId,
    game: OnlineGameId,
    req: &CommandRequest,
) -> Result<Arc<WordGraph>, AppError> {
    let lexicon = check_command(conn, cache, user_id, game, req)?;
    super::graph_for(conn, lexicons, &lexicon)
}

/// A player's command in a transaction of its own (the online writer's path for a command it
/// cannot batch, `super::writer`): decided by the rules core on the game's log, appended,
/// published. A command whose idempotency key was already recorded is not applied again: the
/// answer is the game as it is.
#[allow(clippy::too_many_arguments)]
pub(crate) fn command(
    conn: &mut DbConn,
    core: &Core,
    cache: &GameCache,
    graph: Graph<'_>,
    rng: &mut impl rand::Rng,
    now: DateTime<Utc>,
    user_id: UserId,
    game: OnlineGameId,
    req: &CommandRequest,
) -> Result<OnlineGameView, AppError> {
    let key = check_key(&req.idempotency_key)?;
    req.command.check()?;
    let done = core.write(conn, |conn, work| {
        let (row, state) = load_cached(conn, cache, game, false)?;
        let side = side_of(&row, Some(user_id))
            .ok_or_else(|| AppError::Forbidden("only the game's players move in it".into()))?;
        if let Some(k) = &key
            && rows::key_used(conn, game, k)?
        {
            return Ok(None);
        }
        let graph = graph()?;
        let (events, after) = online::decide_and_apply(
            &state,
            req.command.to_online(),
            Sender::Player(side),
            now,
            rng,
            &graph,
        )?;
        write(
            conn,
            work,
            &row,
            &events,
            &after,
            Some(user_id),
            key.clone(),
            now,
        )?;
        Ok(Some((Seats::from(&row), after)))
    })?;
    let Some((seats, after)) = done else {
        // A repeated key: the game as it is now.
        return game_view(conn, cache, Some(user_id), game, now);
    };
    // Committed: the next reader of this game starts from here, and the answer is the state in
    // hand (nothing can have moved the game between the commit and this line that the mover
    // must see: a later move is the next answer's).
    let after = Arc::new(after);
    cache.put(game, after.clone());
    let names = names(conn, cache, &seats)?;
    Ok(view_from(&seats, names, &after, Some(user_id), now))
}

/// The clock sweeper's pass over online games: records what time decided (a loss on time, an
/// N2 flag, a lapsed objection window) on every game due at `now`, so the end is recorded even
/// when nobody moves. Returns how many games changed.
pub fn sweep(
    conn: &mut DbConn,
    desk: &Desk,
    lexicons: &LexiconStore,
    now: DateTime<Utc>,
) -> Result<usize, AppError> {
    let mut changed = 0;
    for id in rows::due_games(conn, now.naive_utc())? {
        // Each game with its own word list (O1's any-play), built before the transaction.
        let lexicon = load(conn, id)?
            .1
            .settings
            .map_or_else(|| DEFAULT.to_owned(), |s| s.lexicon);
        let graph = super::graph_for(conn, lexicons, &lexicon)?;
        let done = desk.write(conn, |conn, work| {
            let (row, state) = load(conn, id)?;
            if online::due_timeouts(&state, now).is_none() {
                refresh(conn, &row, &state)?;
                return Ok(None);
            }
            // Time deals no tiles; a generator is needed only by the signature.
            let mut rng = rand::rng();
            let (events, after) = online::decide_and_apply(
                &state,
                OnlineCommand::TimeExpired,
                Sender::Server,
                now,
                &mut rng,
                &graph,
            )?;
            write(conn, work, &row, &events, &after, None, None, now)?;
            Ok((!events.is_empty()).then_some(after))
        });
        match done {
            Ok(Some(after)) => {
                // Committed: the online writer decides the game's next move on this state
                // rather than finding its cached one stale.
                desk.online().put(id, Arc::new(after));
                changed += 1;
            }
            Ok(None) | Err(AppError::Rule { .. } | AppError::Conflict { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(changed)
}

/// Brings a game's next timeout up to date when nothing is due at it (a projection written
/// before the rules knew of a timeout, such as the N2 overtime limit), so the sweeper comes back
/// when it falls due rather than at every pass. Moves no seq and records nothing.
fn refresh(conn: &mut DbConn, row: &rows::GameRow, state: &OnlineState) -> Result<(), AppError> {
    let next = online::next_timeout_at(state).map(|t| t.naive_utc());
    if next == row.next_timeout_at {
        return Ok(());
    }
    let projection = rows::Projection {
        last_seq: row.last_seq,
        finished: row.finished,
        next_timeout_at: next,
        finished_at: row.finished_at,
    };
    rows::append(conn, row.id, row.last_seq, &[], projection)?;
    Ok(())
}

/// The game as `user` may see it at `now`: their own rack if they play, no rack otherwise.
pub fn game_view(
    conn: &mut DbConn,
    cache: &GameCache,
    user: Option<UserId>,
    game: OnlineGameId,
    now: DateTime<Utc>,
) -> Result<OnlineGameView, AppError> {
    let (row, state) = load_cached(conn, cache, game, true)?;
    let seats = Seats::from(&row);
    let names = names(conn, cache, &seats)?;
    Ok(view_from(&seats, names, &state, user, now))
}

/// The game as `user` may see it at `now`, from this instance's memory alone, when it holds the
/// game at `seq` or later (the seq of the live message the caller heard; the rack rule is
/// [`game_view`]'s). `None`: not held that new, read it with [`game_view`].
pub fn cached_view(
    cache: &GameCache,
    user: Option<UserId>,
    game: OnlineGameId,
    seq: Seq,
    now: DateTime<Utc>,
) -> Option<OnlineGameView> {
    let (state, seats, names) = cache.fresh(game, u64::try_from(seq.0).ok()?)?;
    Some(view_from(&seats, names, &state, user, now))
}

pub(super) fn names(
    conn: &mut DbConn,
    cache: &GameCache,
    seats: &Seats,
) -> Result<Sides<String>, AppError> {
    Ok(Sides {
        a: cache.username(conn, seats.player_a)?,
        b: cache.username(conn, seats.player_b)?,
    })
}

/// The one place a game's answer is built: a player sees their own rack only (`Viewer`), anyone
/// else none.
pub(super) fn view_from(
    seats: &Seats,
    names: Sides<String>,
    state: &OnlineState,
    user: Option<UserId>,
    now: DateTime<Utc>,
) -> OnlineGameView {
    let you = seats.side_of(user);
    let viewer = you.map_or(Viewer::Spectator, Viewer::Player);
    OnlineGameView {
        game: GameSummary {
            id: seats.id,
            player_a: names.a,
            player_b: names.b,
            variant: seats.variant.clone(),
            rated: seats.rated,
            // The row's `finished` is written from the same state (`write`).
            finished: state.game.result.is_some(),
        },
        seq: Seq(i64::try_from(state.last_seq).unwrap_or(i64::MAX)),
        you,
        view: online::view(state, viewer, now),
    }
}

/// C8: a finished game's record in GCG (409 while it is played: it would show the racks).
pub fn record(conn: &mut DbConn, game: OnlineGameId) -> Result<String, AppError> {
    let (_, state) = load(conn, game)?;
    Ok(online::to_gcg_text(&state)?)
}

/// A finished game's record (C8) with its settings (the tile set and lexicon it was played
/// with), for the analysis; 409 while it is played.
pub fn finished_record(
    conn: &mut DbConn,
    game: OnlineGameId,
) -> Result<(String, online::OnlineSettings), AppError> {
    let (_, state) = load(conn, game)?;
    let text = online::to_gcg_text(&state)?;
    let settings = state
        .settings
        .ok_or_else(|| AppError::internal(format!("game {game} has no settings")))?;
    Ok((text, settings))
}
