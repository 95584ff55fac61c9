//! One batch of online commands: decided in order on the cached folded states and written in
//! one transaction ([`decide_and_write`]), then published and answered ([`answer`]); see the
//! parent module's docs.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use chrono::{DateTime, Utc};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::{Ctx, Job, Reply, guarded};
use crate::db::{DbConn, online as rows};
use crate::error::AppError;
use crate::live::{LiveMessage, OnlineAppend};
use crate::rules::game::Sides;
use crate::rules::online::{self as online, OnlineEvent, OnlineState, Sender};
use crate::services::desk::Changes;
use crate::services::online::cache::Seats;
use crate::services::online::games;
use crate::services::online::requests::check_key;
use crate::vocab::{OnlineGameId, Seq};

/// One game as the batch moves it.
pub(super) struct Game {
    seats: Arc<Seats>,
    names: Sides<String>,
    /// The state the batch starts from; its seq is the one the projection must still have.
    start: Arc<OnlineState>,
    /// The state after the batch's last command on the game.
    state: Arc<OnlineState>,
    /// The rows to append, in order.
    rows: Vec<rows::NewEvent>,
    /// Each applied command's events, in order (the relay's appends, the pages' messages).
    appends: Vec<Vec<OnlineEvent>>,
    /// The latest receive time of the commands that moved it (its end's time).
    now: DateTime<Utc>,
    /// Whether a command was decided on its state (a refusal must be checked against the row).
    decided: bool,
}

/// What became of one command before the answers.
enum Outcome {
    /// Refused: nothing of it is written.
    Refused(AppError),
    /// Decided: the game after it.
    Applied(Arc<OnlineState>),
    /// Its key was recorded before this batch: the game as it is, read after the commit.
    Recorded,
    /// Its key was applied earlier in this batch: the game as the batch leaves it.
    Repeat,
}

/// A batch decided and committed, for [`answer`].
pub(super) struct Committed {
    games: HashMap<OnlineGameId, Game>,
    outcomes: Vec<Outcome>,
    /// Games decided on a stale state: nothing of theirs was written.
    stale: HashSet<OnlineGameId>,
    /// Whether a transaction was written.
    wrote: bool,
}

impl Committed {
    /// Whether the batch wrote a transaction.
    pub(super) fn wrote(&self) -> bool {
        self.wrote
    }
}

fn seq_of(state: &OnlineState) -> Seq {
    Seq(i64::try_from(state.last_seq).unwrap_or(i64::MAX))
}

/// Decides the batch on the games' folded states and writes it in one transaction, whose
/// commit is the last thing done. An `Err` is the database's failure (nothing of the batch was
/// written); a command the rules refuse is an `Err` in its reply.
///
/// Nothing is locked while deciding: the states come from the cache (read from the log only for
/// games this instance does not hold), and the write moves each projection only from the seq
/// the batch decided on, the one-command path's optimistic lock.
pub(super) fn decide_and_write(
    conn: &mut DbConn,
    ctx: &Ctx,
    batch: &[Job],
) -> Result<Committed, AppError> {
    let mut ids: Vec<OnlineGameId> = batch.iter().map(|j| j.cmd.game).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut games: HashMap<OnlineGameId, Game> = HashMap::new();
    for id in ids {
        let (state, seats) = match ctx.cache.held(id) {
            Some(held) => held,
            // Read outside any transaction: what is read is committed, and the cache keeps it.
            None => match games::load_cached(conn, &ctx.cache, id, true) {
                Ok((row, state)) => (state, Arc::new(Seats::from(&row))),
                // Its commands are answered 404 below.
                Err(AppError::NotFound(_)) => continue,
                Err(e) => return Err(e),
            },
        };
        // Read now, so that nothing after the commit needs the database.
        let names = games::names(conn, &ctx.cache, &seats)?;
        games.insert(
            id,
            Game {
                seats,
                names,
                start: state.clone(),
                state,
                rows: Vec::new(),
                appends: Vec::new(),
                now: DateTime::<Utc>::MIN_UTC,
                decided: false,
            },
        );
    }

    // Keys are looked up once for the batch, before deciding. A key another instance records
    // between this lookup and the write collides on the unique (game, key) index, which fails
    // the write and sends the batch down the one-by-one path, where it is looked up again.
    let mut keyed: Vec<(OnlineGameId, String)> = batch
        .iter()
        .filter_map(|j| Some((j.cmd.game, check_key(&j.cmd.req.idempotency_key).ok()??)))
        .collect();
    keyed.sort_unstable();
    keyed.dedup();
    let recorded: HashSet<(OnlineGameId, String)> =
        rows::keys_used(conn, &keyed)?.into_iter().collect();
    let mut applied: HashSet<(OnlineGameId, String)> = HashSet::new();

    let mut outcomes = Vec::with_capacity(batch.len());
    for job in batch {
        let cmd = &job.cmd;
        let Some(g) = games.get_mut(&cmd.game) else {
            outcomes.push(Outcome::Refused(AppError::not_found(format!(
                "no game {}",
                cmd.game
            ))));
            continue;
        };
        let Some(side) = g.seats.side_of(Some(cmd.user)) else {
            outcomes.push(Outcome::Refused(AppError::Forbidden(
                "only the game's players move in it".into(),
            )));
            continue;
        };
        let key = match check_key(&cmd.req.idempotency_key) {
            Ok(k) => k,
            Err(e) => {
                outcomes.push(Outcome::Refused(e));
                continue;
            }
        };
        if let Some(k) = &key {
            let id = (cmd.game, k.clone());
            if recorded.contains(&id) {
                outcomes.push(Outcome::Recorded);
                continue;
            }
            if applied.contains(&id) {
                outcomes.push(Outcome::Repeat);
                continue;
            }
        }
        g.decided = true;
        let mut rng = StdRng::from_seed(cmd.seed);
        let decided = guarded(cmd, || {
            online::decide_and_apply(
                &g.state,
                cmd.req.command.to_online(),
                Sender::Player(side),
                cmd.now,
                &mut rng,
                &cmd.graph,
            )
            .map_err(AppError::from)
        });
        let (events, after) = match decided {
            Ok(d) => d,
            Err(refused) => {
                outcomes.push(Outcome::Refused(refused));
                continue;
            }
        };
        if !events.is_empty() {
            g.rows.extend(games::event_rows(
                cmd.game,
                &events,
                Some(cmd.user),
                key.clone(),
            )?);
            g.appends.push(events);
            g.now = g.now.max(cmd.now);
            if let Some(k) = key {
                applied.insert((cmd.game, k));
            }
        }
        let after = Arc::new(after);
        g.state = after.clone();
        outcomes.push(Outcome::Applied(after));
    }

    // Written in game order (two instances' batches take the rows in one order); refusals on
    // a game the batch does not move are checked against its row in the same transaction.
    let mut moving: Vec<OnlineGameId> = games
        .iter()
        .filter(|(_, g)| !g.rows.is_empty())
        .map(|(id, _)| *id)
        .collect();
    moving.sort_unstable();
    let unverified: Vec<OnlineGameId> = games
        .iter()
        .filter(|(_, g)| g.decided && g.rows.is_empty())
        .map(|(id, _)| *id)
        .collect();
    let mut stale = HashSet::new();
    let mut write = |conn: &mut DbConn| -> Result<(), AppError> {
        for id in &moving {
            let g = &games[id];
            let projection = games::projection_of(&g.state, g.now)?;
            if !rows::append(conn, *id, seq_of(&g.start), &g.rows, projection)? {
                stale.insert(*id);
                continue;
            }
            // O4: ratings move in the transaction that ends a rated game.
            if projection.finished && g.start.game.result.is_none() {
                games::rate(conn, &g.seats, &g.state, g.now)?;
            }
        }
        if !unverified.is_empty() {
            for (id, seq) in rows::last_seqs(conn, &unverified)? {
                if games.get(&id).is_some_and(|g| seq_of(&g.start) != seq) {
                    stale.insert(id);
                }
            }
        }
        Ok(())
    };
    let wrote = !moving.is_empty();
    if wrote {
        conn.write_tx(&mut write)?;
    } else {
        write(conn)?;
    }
    Ok(Committed {
        games,
        outcomes,
        stale,
        wrote,
    })
}

/// What [`answer`] hands back: one reply per job (a placeholder for those run again), and the
/// jobs to run again alone.
pub(super) struct Written {
    pub(super) replies: Vec<Reply>,
    pub(super) rerun: Vec<usize>,
}

/// After the commit: the cache learns the games' new states, then the other instances and the
/// live pages hear of them (`Core::apply`), then each command's answer is built. Reads the
/// database only for a key recorded before the batch (the game as it is).
pub(super) fn answer(conn: &mut DbConn, ctx: &Ctx, batch: &[Job], c: Committed) -> Written {
    let Committed {
        games,
        outcomes,
        stale,
        ..
    } = c;
    let mut changes = Changes::default();
    let mut ended = false;
    let mut moved: Vec<(&OnlineGameId, &Game)> = games
        .iter()
        .filter(|(id, g)| !g.rows.is_empty() && !stale.contains(id))
        .collect();
    moved.sort_unstable_by_key(|(id, _)| **id);
    for (&id, g) in moved {
        ctx.cache.put(id, g.state.clone());
        for events in &g.appends {
            let Some(last) = events.last() else { continue };
            // The other instances' caches learn the events before their pages hear of the seq.
            if ctx.core.relays() {
                changes.online.push(OnlineAppend {
                    game_id: id,
                    events: events.clone(),
                });
            }
            changes.live.push(LiveMessage::Online {
                game_id: id,
                seq: Seq(i64::try_from(last.seq).unwrap_or(i64::MAX)),
            });
        }
        ended |= g.state.game.result.is_some() && g.start.game.result.is_none();
    }
    if ended {
        changes.live.push(LiveMessage::Lobby);
    }
    ctx.core.apply(changes);

    let mut replies = Vec::with_capacity(batch.len());
    let mut rerun = Vec::new();
    for (i, (job, outcome)) in batch.iter().zip(outcomes).enumerate() {
        let cmd = &job.cmd;
        if stale.contains(&cmd.game) {
            rerun.push(i);
            replies.push(Err(AppError::internal("run again alone")));
            continue;
        }
        let view = |g: &Game, state: &OnlineState| {
            Ok(games::view_from(
                &g.seats,
                g.names.clone(),
                state,
                Some(cmd.user),
                cmd.now,
            ))
        };
        let reply = match (outcome, games.get(&cmd.game)) {
            (Outcome::Refused(e), _) => Err(e),
            (Outcome::Applied(state), Some(g)) => view(g, &state),
            (Outcome::Repeat, Some(g)) => view(g, &g.state),
            (Outcome::Recorded, _) => {
                games::game_view(conn, &ctx.cache, Some(cmd.user), cmd.game, cmd.now)
            }
            (Outcome::Applied(_) | Outcome::Repeat, None) => {
                Err(AppError::not_found(format!("no game {}", cmd.game)))
            }
        };
        replies.push(reply);
    }
    Written { replies, rerun }
}
