//! The one write of match events, and the unit of work that services use to add match commands
//! to their own transaction. Nothing here touches the cache or live pages: a unit of work
//! gathers what its commit changes, and the desk applies it once, after the commit.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::cache::up_to_date;
use super::command::{CommandOutcome, CommandRequest, Sender, check_key, stored_outcome};
use super::decide::{Decided, QueueChanges, authorize, decide, projection};
use super::{Changes, Core};
use crate::db::{DbConn, matches as rows};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::game::{Event, State};
use crate::services::authz::Grants;
use crate::vocab::{EventId, MatchId, Seq};

/// The rows that decided commands write, gathered for [`Staged::write`].
#[derive(Default)]
pub(crate) struct Staged {
    events: Vec<rows::NewEventRow>,
    records: Vec<rows::NewCommandRow>,
    queue: QueueChanges,
}

impl Staged {
    /// Adds what one command does to match `match_id` (`prev` → `next`): its events, its
    /// idempotency record, and the PIC queue's changes (timed by the injected clock's `now`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn add(
        &mut self,
        event_id: Option<EventId>,
        match_id: MatchId,
        prev: &State,
        next: &State,
        events: &[Event],
        record: Option<rows::NewCommandRow>,
        now: DateTime<Utc>,
    ) -> Result<(), AppError> {
        for e in events {
            self.events.push(rows::NewEventRow::of(match_id, e)?);
        }
        self.records.extend(record);
        self.queue
            .record(event_id, match_id, prev, next, now.naive_utc())
    }

    /// The one write of match events, for a batch of the command writer and for a single
    /// command alike: each projection row moves only from the seq its decisions started at
    /// (the optimistic lock), with the events, the idempotency records and the queue rows of
    /// the matches that moved. Returns the ids of those matches. Opens no transaction: on
    /// PostgreSQL it is one statement; on SQLite the caller holds the write transaction.
    pub(crate) fn write(
        self,
        conn: &mut DbConn,
        moves: &[rows::Move],
    ) -> Result<Vec<MatchId>, AppError> {
        if moves.is_empty() {
            return Ok(Vec::new());
        }
        Ok(rows::write_moves(
            conn,
            moves,
            &self.events,
            &self.records,
            &self.queue.into_rows(),
        )?)
    }
}

/// A service's transaction as the desk sees it: the match commands it adds (each written at
/// once, inside the transaction) and what its commit changes. Made by [`super::Desk::write`],
/// which applies the changes once the transaction committed, and drops them if it rolled back.
pub struct Work<'d> {
    core: &'d Core,
    changes: Changes,
    /// States this transaction moved, so its next command reads them without the log.
    moved: HashMap<MatchId, Arc<State>>,
}

impl<'d> Work<'d> {
    pub(crate) fn new(core: &'d Core) -> Self {
        Self {
            core,
            changes: Changes::default(),
            moved: HashMap::new(),
        }
    }

    /// The state of a match as this transaction sees it (the shared cache is not told).
    pub fn state(&self, conn: &mut DbConn, match_id: MatchId) -> Result<Arc<State>, AppError> {
        let base = self
            .moved
            .get(&match_id)
            .cloned()
            .or_else(|| self.core.cache.get(match_id));
        Ok(up_to_date(conn, base, match_id)?.0)
    }

    /// Runs a match command inside this transaction (no retry: a race is a 409 here, and the
    /// caller's whole transaction is rolled back).
    pub fn command(
        &mut self,
        conn: &mut DbConn,
        now: DateTime<Utc>,
        match_id: MatchId,
        sender: Sender,
        req: &CommandRequest,
    ) -> Result<CommandOutcome, AppError> {
        // PostgreSQL: writers to one match queue on its row for the whole transaction, so a
        // command is decided on the state the previous one left, rather than losing the race
        // and retrying. (SQLite already has a single writer.) The idempotency lookup comes
        // after the lock, so a repeat sees the first attempt's committed result.
        let row = rows::lock_many(conn, &[match_id])?
            .pop()
            .ok_or_else(|| AppError::not_found(format!("no match {match_id}")))?;
        let state = self.state(conn, match_id)?;
        let grants = match sender {
            Sender::User(uid) => Some(Grants::load(conn, uid)?),
            Sender::System => None,
        };
        let seat = row.seat();
        // Authorised first: a stored answer holds the match's state (issue 11).
        let actor = authorize(&seat, grants.as_ref(), sender, req)?;
        // Its round was paired again: nothing more is recorded here (the table has a new match).
        if row.void {
            return Err(voided(conn, &row)?);
        }
        if let Some(first) = stored_outcome(
            conn,
            match_id,
            sender,
            req.via,
            req.idempotency_key.as_deref(),
        )? {
            return Ok(first);
        }
        let decided = decide(&seat, &state, &actor, now, sender, req)?;
        self.write_one(conn, row.event_id, row.last_seq, &state, decided, now)
    }

    /// Records a new match's first events; its row was inserted at seq 0 in this transaction.
    pub(crate) fn create(
        &mut self,
        conn: &mut DbConn,
        row: &rows::MatchRow,
        decided: Decided,
        now: DateTime<Utc>,
    ) -> Result<CommandOutcome, AppError> {
        self.write_one(conn, row.event_id, Seq(0), &State::default(), decided, now)
    }

    /// Tells live pages of a committed change that is no match command (a claim, a record).
    pub fn announce(&mut self, msg: LiveMessage) {
        self.changes.live.push(msg);
    }

    /// Hands the events this transaction appended to an online game to the other instances'
    /// game caches once it committed (PostgreSQL's relay; nothing on SQLite). Call it before
    /// [`Work::announce`] of the game's message, which must not reach them first.
    pub fn relay_online(&mut self, append: crate::live::OnlineAppend) {
        if self.core.relays() {
            self.changes.online.push(append);
        }
    }

    /// Writes one decided command through [`Staged::write`] and remembers what it changed.
    fn write_one(
        &mut self,
        conn: &mut DbConn,
        event_id: Option<EventId>,
        from_seq: Seq,
        prev: &State,
        decided: Decided,
        now: DateTime<Utc>,
    ) -> Result<CommandOutcome, AppError> {
        let Decided {
            outcome,
            next,
            record,
            live,
        } = decided;
        let match_id = outcome.match_id;
        let mut staged = Staged::default();
        staged.add(
            event_id,
            match_id,
            prev,
            &next,
            &outcome.events,
            record,
            now,
        )?;
        let moved = staged.write(
            conn,
            &[(match_id, from_seq, projection(&outcome.state, now))],
        )?;
        if moved.is_empty() {
            return Err(AppError::Conflict {
                message:
                    "another change to this match was recorded at the same moment; please retry"
                        .into(),
                current: None,
            });
        }
        let next = Arc::new(next);
        self.moved.insert(match_id, next.clone());
        self.changes.states.insert(match_id, next);
        self.changes.live.extend(live);
        Ok(outcome)
    }

    /// What the commit changed, for the desk to apply.
    pub(crate) fn into_changes(self) -> Changes {
        self.changes
    }
}

/// Runs a command in a transaction of its own. Retries by itself when another writer appended
/// first and the client did not pin `expected_seq` (then the client gets a 409 instead).
pub(crate) fn execute(
    conn: &mut DbConn,
    core: &Core,
    now: DateTime<Utc>,
    match_id: MatchId,
    sender: Sender,
    req: &CommandRequest,
) -> Result<CommandOutcome, AppError> {
    check_key(req)?;
    for _ in 0..5 {
        let mut work = Work::new(core);
        match conn.write_tx(|conn| work.command(conn, now, match_id, sender, req)) {
            // A unique-key collision or a moved projection: another writer won the race.
            Err(AppError::Conflict { current: None, .. }) => continue,
            Err(e) => return Err(e),
            Ok(outcome) => {
                core.apply(work.into_changes());
                return Ok(outcome);
            }
        }
    }
    Err(AppError::Conflict {
        message: "the match is changing too quickly; please retry".into(),
        current: None,
    })
}

/// The live (not void) match at a void match's table in the same round, if any.
pub(crate) fn current_at_table(
    conn: &mut DbConn,
    row: &rows::MatchRow,
) -> Result<Option<MatchId>, AppError> {
    Ok(match (row.event_id, row.round_no, row.table_no) {
        (Some(event), Some(round), Some(table)) => rows::live_at_table(conn, event, round, table)?,
        _ => None,
    })
}

/// The refusal of a command sent to a void match (a tablet left on the old page after its round
/// was paired again): 409, naming the match its table plays now.
pub(crate) fn voided(conn: &mut DbConn, row: &rows::MatchRow) -> Result<AppError, AppError> {
    let current = current_at_table(conn, row)?;
    let round = row
        .round_no
        .map_or_else(|| "its round".to_owned(), |r| format!("round {r}"));
    let table = row
        .table_no
        .map_or_else(|| "this table".to_owned(), |t| format!("table {t}"));
    let message = match current {
        Some(m) => format!(
            "match {} was voided when {round} was paired again, and nothing more is recorded \
             in it: {table} now plays match {m} (/matches/{m}/table)",
            row.id
        ),
        None => format!(
            "match {} was voided when {round} was paired again, and nothing more is recorded \
             in it; {table} has no match in {round} now (ask the director)",
            row.id
        ),
    };
    Ok(AppError::Voided {
        message,
        current_match: current,
    })
}
