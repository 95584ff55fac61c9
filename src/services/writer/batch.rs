//! One batch of match commands: decided in order on the cached folded states, then written
//! at once through the desk's one write routine (see the parent module's docs).

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::{Job, Reply};
use crate::config::Backend;
use crate::db::{DbConn, matches as rows, users};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::game::State;
use crate::services::authz::Grants;
use crate::services::desk::{
    self, Changes, CommandOutcome, Core, Decided, Sender, Staged, authorize, decide,
};
use crate::vocab::{MatchId, Seq, UserId};

/// The seats of the matches the writer has seen (see [`rows::Seat`]): they never change, so a
/// batch reads only the rows of matches new to this writer.
#[derive(Default)]
pub(super) struct Seats(HashMap<MatchId, rows::Seat>);

impl Seats {
    const MAX: usize = 20_000;

    fn remember(&mut self, seat: rows::Seat) {
        if self.0.len() >= Self::MAX {
            self.0.clear();
        }
        self.0.insert(seat.id, seat);
    }
}

pub(super) struct Written {
    pub(super) replies: Vec<Reply>,
    /// The states of the matches the batch moved, and what live pages are told of them.
    pub(super) changes: Changes,
    /// Jobs decided on a state that turned out stale (another writer had moved the match):
    /// nothing of theirs was written, and they are run again on their own.
    pub(super) rerun: Vec<usize>,
}

/// One match as the batch moves it.
struct Moving {
    seat: rows::Seat,
    /// The state the batch starts from; its seq is the one the projection must still have.
    start: Arc<State>,
    state: Arc<State>,
    /// What the projection row becomes, once a command of this batch moved the match.
    projection: Option<rows::Projection>,
}

/// Decides the batch on the folded states and writes it. An `Err` is the database's failure
/// (nothing of the batch was written); a command the rules refuse is an `Err` in its reply.
///
/// Nothing is locked while deciding: the states come from the cache (read from the log only for
/// matches this writer has not seen current), and the write moves each projection only from the
/// seq its decisions started at, the same optimistic lock as the one-command path. On PostgreSQL
/// the write is one statement committed on its own: two round trips per batch in all (grants,
/// write) instead of a transaction of seven or more.
pub(super) fn write_batch(
    conn: &mut DbConn,
    core: &Core,
    seats: &mut Seats,
    now: DateTime<Utc>,
    batch: &[Job],
) -> Result<Written, AppError> {
    let mut ids: Vec<MatchId> = batch.iter().map(|j| j.match_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut moving: HashMap<MatchId, Moving> = HashMap::new();
    let mut unseen = Vec::new();
    for &id in &ids {
        match (seats.0.get(&id), core.cache.get(id)) {
            (Some(seat), Some(state)) => {
                moving.insert(id, Moving::from(*seat, state));
            }
            _ => unseen.push(id),
        }
    }
    if !unseen.is_empty() {
        for seat in rows::seats(conn, &unseen)? {
            seats.remember(seat);
            // Read outside any transaction: what is read is committed, and the cache keeps it.
            let state = core.read_state(conn, seat.id)?;
            moving.insert(seat.id, Moving::from(seat, state));
        }
    }
    let mut uids: Vec<UserId> = batch
        .iter()
        .filter_map(|j| match j.sender {
            Sender::User(u) => Some(u),
            Sender::System => None,
        })
        .collect();
    uids.sort_unstable();
    uids.dedup();
    let grants: HashMap<UserId, Grants> = users::admin_and_grants_many(conn, &uids)?
        .into_iter()
        .map(|(uid, (admin, g))| (uid, Grants::from_parts(uid, admin, g)))
        .collect();

    // Keys are not looked up before deciding: a repeat of a command that was written earlier
    // either is refused (and then looked up, below) or collides with its record on the unique
    // (match, door, user, key) index when the batch is written, which sends the batch down the
    // one-by-one path, where it is looked up first. Repeats are rare; a lookup per command is
    // not. Either way the sender is authorised first, and a key is only ever the sender's own:
    // another account's command with the same key is a command of its own (issue 11).
    //
    // Keys answered in this batch, by sender and reply index: a repeat gets a copy of that
    // outcome (a key first used in this batch is not in the database until the batch commits).
    let mut answered: HashMap<(MatchId, UserId, String), usize> = HashMap::new();
    let mut replies: Vec<Reply> = Vec::with_capacity(batch.len());
    let mut staged = Staged::default();
    let mut live: Vec<(MatchId, LiveMessage)> = Vec::new();
    // Matches without a seat (absent, or void): run on their own, whose answer says which.
    let mut seatless: Vec<MatchId> = Vec::new();
    for job in batch {
        let Some(m) = moving.get_mut(&job.match_id) else {
            seatless.push(job.match_id);
            replies.push(Err(AppError::not_found(format!(
                "no match {}",
                job.match_id
            ))));
            continue;
        };
        let grants = match job.sender {
            Sender::User(u) => grants.get(&u),
            Sender::System => None,
        };
        let actor = match authorize(&m.seat, grants, job.sender, &job.req) {
            Ok(actor) => actor,
            Err(refused) => {
                replies.push(Err(refused));
                continue;
            }
        };
        if let (Some(key), Sender::User(uid)) = (&job.req.idempotency_key, job.sender) {
            let id = (job.match_id, uid, key.clone());
            if let Some(first) = answered.get(&id).and_then(|i| replies.get(*i)) {
                let again = match first {
                    Ok(first) => Ok(CommandOutcome {
                        replayed: true,
                        ..first.clone()
                    }),
                    Err(_) => Err(AppError::internal(
                        "the first answer to this key could not be rebuilt",
                    )),
                };
                replies.push(again);
                continue;
            }
        }
        let decided = match decide(&m.seat, &m.state, &actor, now, job.sender, &job.req) {
            Ok(d) => d,
            Err(refused) => {
                // A refusal may be a repeat of a command this sender had accepted (its seq is
                // stale now): then the client gets the first answer.
                let first = desk::stored_outcome(
                    conn,
                    job.match_id,
                    job.sender,
                    job.req.via,
                    job.req.idempotency_key.as_deref(),
                )?;
                if let (Some(first), Some(key), Sender::User(uid)) =
                    (first, &job.req.idempotency_key, job.sender)
                {
                    answered.insert((job.match_id, uid, key.clone()), replies.len());
                    replies.push(Ok(first));
                } else {
                    replies.push(Err(refused));
                }
                continue;
            }
        };
        let Decided {
            outcome,
            next,
            record,
            live: told,
        } = decided;
        if let Some(r) = &record
            && let Some(uid) = r.user_id
        {
            answered.insert((r.match_id, uid, r.idempotency_key.clone()), replies.len());
        }
        staged.add(
            m.seat.event_id,
            job.match_id,
            &m.state,
            &next,
            &outcome.events,
            record,
            now,
        )?;
        m.state = Arc::new(next);
        m.projection = Some(desk::projection(&outcome.state, now));
        live.extend(told.map(|t| (job.match_id, t)));
        replies.push(Ok(outcome));
    }

    let moves: Vec<rows::Move> = moving
        .iter_mut()
        .filter_map(|(id, m)| {
            let p = m.projection.take()?;
            Some((*id, Seq::from(m.start.last_seq), p))
        })
        .collect();
    // On PostgreSQL the write is one statement, committed on its own.
    let moved = if moves.is_empty() {
        Vec::new()
    } else if conn.backend() == Backend::Postgres {
        staged.write(conn, &moves)?
    } else {
        conn.write_tx(|conn| staged.write(conn, &moves))?
    };

    // Matches that did not move were decided on a stale state; so were refusals on a match the
    // batch did not move, unless its seq is still the one they were decided at.
    let mut stale: Vec<MatchId> = moves
        .iter()
        .map(|(id, _, _)| *id)
        .filter(|id| !moved.contains(id))
        .collect();
    let mut unverified: Vec<MatchId> = batch
        .iter()
        .zip(&replies)
        .filter(|(j, r)| r.is_err() && moving.contains_key(&j.match_id))
        .map(|(j, _)| j.match_id)
        .filter(|id| !moves.iter().any(|(m, _, _)| m == id))
        .collect();
    unverified.sort_unstable();
    unverified.dedup();
    if !unverified.is_empty() {
        // The batch is written by now: a failure here must not send it down the one-by-one
        // path (that would apply its commands again). Unverified refusals are rerun instead;
        // they wrote nothing.
        match rows::last_seqs(conn, &unverified) {
            Ok(seqs) => {
                for (id, seq) in seqs {
                    if moving
                        .get(&id)
                        .is_some_and(|m| Seq::from(m.start.last_seq) != seq)
                    {
                        stale.push(id);
                    }
                }
            }
            Err(_) => stale.extend(unverified),
        }
    }
    stale.extend(seatless);
    let rerun = batch
        .iter()
        .enumerate()
        .filter(|(_, j)| stale.contains(&j.match_id))
        .map(|(i, _)| i)
        .collect();
    let changes = Changes {
        states: moving
            .into_iter()
            .filter(|(id, _)| moved.contains(id))
            .map(|(id, m)| (id, m.state))
            .collect(),
        live: live
            .into_iter()
            .filter(|(id, _)| moved.contains(id))
            .map(|(_, m)| m)
            .collect(),
        online: Vec::new(),
    };
    Ok(Written {
        replies,
        changes,
        rerun,
    })
}

impl Moving {
    fn from(seat: rows::Seat, state: Arc<State>) -> Self {
        Self {
            seat,
            start: state.clone(),
            state,
            projection: None,
        }
    }
}
