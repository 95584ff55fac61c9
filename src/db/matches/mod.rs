//! Matches: the projection row and the reads of the event log and the idempotency records.
//!
//! Split along the write seam: [`write`] is the one way rows of a match change (the projection's
//! optimistic lock, the log, the idempotency records and the PIC queue, as one batch: a single
//! CTE statement on PostgreSQL); [`queue`] reads and claims the challenge queue; this file holds
//! the rows and the reads. Their items are re-exported here, so callers name `db::matches::…`.

mod queue;
mod write;

pub use queue::*;
pub use write::*;

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;

use super::DbConn;
use super::schema::{match_commands, match_events, matches};
use crate::rules::game::Event;
use crate::vocab::{EventId, MatchId, MatchStatus, ResultReason, Seq, Side, TeamId, UserId};

/// A match's identity and projected state.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize, utoipa::ToSchema)]
#[diesel(table_name = matches)]
pub struct MatchRow {
    /// Row id.
    pub id: MatchId,
    /// Event, if any.
    pub event_id: Option<EventId>,
    /// Round number.
    pub round_no: Option<i32>,
    /// Table number.
    pub table_no: Option<i32>,
    /// Side A's team.
    pub team_a: Option<TeamId>,
    /// Side B's team.
    pub team_b: Option<TeamId>,
    /// Side A's name.
    pub name_a: String,
    /// Side B's name.
    pub name_b: String,
    /// Projected status.
    pub status: MatchStatus,
    /// Last seq in the log.
    pub last_seq: Seq,
    /// Side A's total.
    pub score_a: i32,
    /// Side B's total.
    pub score_b: i32,
    /// Side on turn.
    pub to_move: Option<Side>,
    /// Winner, once finished (none for a tie).
    pub winner: Option<Side>,
    /// Why (score, disqualification, walkout).
    pub result_reason: Option<ResultReason>,
    /// Side A's clock at the last event.
    pub clock_a_ms: i64,
    /// Side B's clock at the last event.
    pub clock_b_ms: i64,
    /// Who made it.
    pub created_by: Option<UserId>,
    /// When.
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    /// Last change.
    #[schema(value_type = String)]
    pub updated_at: NaiveDateTime,
    /// Part of a pairing that was redone before its round started: kept with its log, left out
    /// of every list.
    pub void: bool,
}

/// One match.
pub fn find(conn: &mut DbConn, id: MatchId) -> QueryResult<Option<MatchRow>> {
    matches::table
        .find(id)
        .select(MatchRow::as_select())
        .first(conn)
        .optional()
}

/// Matches of an event, by round and table (void ones left out).
pub fn of_event(conn: &mut DbConn, event_id: EventId) -> QueryResult<Vec<MatchRow>> {
    matches::table
        .filter(matches::event_id.eq(event_id))
        .filter(matches::void.eq(false))
        .order((
            matches::round_no.asc(),
            matches::table_no.asc(),
            matches::id.asc(),
        ))
        .select(MatchRow::as_select())
        .load(conn)
}

/// The live (not void) match at a table in a round of an event, the newest if several.
pub fn live_at_table(
    conn: &mut DbConn,
    event_id: EventId,
    round_no: i32,
    table_no: i32,
) -> QueryResult<Option<MatchId>> {
    matches::table
        .filter(matches::event_id.eq(event_id))
        .filter(matches::round_no.eq(round_no))
        .filter(matches::table_no.eq(table_no))
        .filter(matches::void.eq(false))
        .order(matches::id.desc())
        .select(matches::id)
        .first(conn)
        .optional()
}

/// Matches being played (for the clock sweeper), with their last seq.
pub fn active(conn: &mut DbConn) -> QueryResult<Vec<(MatchId, Seq)>> {
    matches::table
        .filter(matches::status.eq_any([MatchStatus::InProgress, MatchStatus::Ended]))
        .select((matches::id, matches::last_seq))
        .load(conn)
}

/// What authorising a command needs of its match. It is fixed when the match is created, so
/// the command writer keeps it between batches instead of reading the row for every command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Queryable)]
pub struct Seat {
    /// Row id.
    pub id: MatchId,
    /// Event, if any.
    pub event_id: Option<EventId>,
    /// Table number.
    pub table_no: Option<i32>,
}

impl MatchRow {
    /// The match's [`Seat`].
    pub fn seat(&self) -> Seat {
        Seat {
            id: self.id,
            event_id: self.event_id,
            table_no: self.table_no,
        }
    }
}

/// The seats of several matches (absent and void ids are left out), in id order.
pub fn seats(conn: &mut DbConn, ids: &[MatchId]) -> QueryResult<Vec<Seat>> {
    matches::table
        .filter(matches::id.eq_any(ids))
        .filter(matches::void.eq(false))
        .order(matches::id.asc())
        .select((matches::id, matches::event_id, matches::table_no))
        .load(conn)
}

/// The last seq of several matches.
pub fn last_seqs(conn: &mut DbConn, ids: &[MatchId]) -> QueryResult<Vec<(MatchId, Seq)>> {
    matches::table
        .filter(matches::id.eq_any(ids))
        .select((matches::id, matches::last_seq))
        .load(conn)
}

/// Runs the same query on whichever connection is inside a [`DbConn`]: for what the
/// `MultiConnection` derive cannot express (multi-row inserts, `FOR UPDATE`).
macro_rules! on_inner {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            DbConn::Sqlite($c) => $body,
            DbConn::Pg($c) => $body,
        }
    };
}
pub(crate) use on_inner;

/// The rows of several matches, for a batch of commands. On PostgreSQL they are locked until the
/// transaction ends, in id order so that two instances' batches cannot deadlock; SQLite has a
/// single writer already.
pub fn lock_many(conn: &mut DbConn, ids: &[MatchId]) -> QueryResult<Vec<MatchRow>> {
    // Built in each arm: `as_select` fixes the backend of the query's type.
    let query = || {
        matches::table
            .filter(matches::id.eq_any(ids))
            .order(matches::id.asc())
    };
    match conn {
        DbConn::Sqlite(c) => query().select(MatchRow::as_select()).load(c),
        DbConn::Pg(c) => query().select(MatchRow::as_select()).for_update().load(c),
    }
}

type EventTuple = (Seq, NaiveDateTime, String, String);

/// The events of a match after `after`, in order. A row whose JSON no longer reads is a
/// deserialisation error (the log is written by this program only).
pub fn events_after(conn: &mut DbConn, match_id: MatchId, after: Seq) -> QueryResult<Vec<Event>> {
    let rows: Vec<EventTuple> = match_events::table
        .filter(match_events::match_id.eq(match_id))
        .filter(match_events::seq.gt(after))
        .order(match_events::seq.asc())
        .select((
            match_events::seq,
            match_events::at,
            match_events::actor,
            match_events::payload,
        ))
        .load(conn)?;
    let unreadable = |e: serde_json::Error| diesel::result::Error::DeserializationError(e.into());
    rows.into_iter()
        .map(|(seq, at, actor, payload)| {
            Ok(Event {
                seq: seq.get(),
                at: DateTime::<Utc>::from_naive_utc_and_offset(at, Utc),
                actor: serde_json::from_str(&actor).map_err(unreadable)?,
                payload: serde_json::from_str(&payload).map_err(unreadable)?,
            })
        })
        .collect()
}

/// What an idempotency record keeps of its command's first answer.
#[derive(Debug, Clone, Queryable)]
pub struct StoredCommand {
    /// The first seq the command appended.
    pub first_seq: Seq,
    /// The last seq the command appended.
    pub last_seq: Seq,
    /// The first answer as JSON; empty when it is rebuilt from the log (seqs `first..=last`).
    pub response: String,
}

/// Which door an idempotency key was used at: a key is looked up only among the keys of the
/// same user at the same door, so two writers never share one (issue 11).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyScope {
    /// `POST /matches/{id}/commands`.
    Command,
    /// A PIC's ruling on a claimed challenge.
    Ruling,
    /// Creating a match.
    Create,
}

impl KeyScope {
    /// As stored in `match_commands.scope`.
    pub fn as_str(self) -> &'static str {
        match self {
            KeyScope::Command => "command",
            KeyScope::Ruling => "ruling",
            KeyScope::Create => "create",
        }
    }
}

/// The record of an earlier command of `user` through `scope` with this idempotency key.
pub fn command_response(
    conn: &mut DbConn,
    match_id: MatchId,
    scope: KeyScope,
    user_id: UserId,
    key: &str,
) -> QueryResult<Option<StoredCommand>> {
    match_commands::table
        .filter(match_commands::match_id.eq(match_id))
        .filter(match_commands::scope.eq(scope.as_str()))
        .filter(match_commands::user_id.eq(user_id))
        .filter(match_commands::idempotency_key.eq(key))
        .select((
            match_commands::first_seq,
            match_commands::last_seq,
            match_commands::response,
        ))
        .first(conn)
        .optional()
}

/// The match `user` created with this idempotency key, and its record.
pub fn created_with_key(
    conn: &mut DbConn,
    user_id: UserId,
    key: &str,
) -> QueryResult<Option<(MatchId, StoredCommand)>> {
    let row: Option<(MatchId, Seq, Seq, String)> = match_commands::table
        .filter(match_commands::scope.eq(KeyScope::Create.as_str()))
        .filter(match_commands::user_id.eq(user_id))
        .filter(match_commands::idempotency_key.eq(key))
        .select((
            match_commands::match_id,
            match_commands::first_seq,
            match_commands::last_seq,
            match_commands::response,
        ))
        .first(conn)
        .optional()?;
    Ok(row.map(|(m, first_seq, last_seq, response)| {
        (
            m,
            StoredCommand {
                first_seq,
                last_seq,
                response,
            },
        )
    }))
}

/// What standings need of a finished match: teams, totals, winner, reason.
pub type FinishedRow = (
    Option<TeamId>,
    Option<TeamId>,
    i32,
    i32,
    Option<Side>,
    Option<ResultReason>,
);

/// The finished (not void) matches of an event, only the columns standings read.
pub fn finished_of_event(conn: &mut DbConn, event_id: EventId) -> QueryResult<Vec<FinishedRow>> {
    matches::table
        .filter(matches::event_id.eq(event_id))
        .filter(matches::status.eq(MatchStatus::Finished))
        .filter(matches::void.eq(false))
        .select((
            matches::team_a,
            matches::team_b,
            matches::score_a,
            matches::score_b,
            matches::winner,
            matches::result_reason,
        ))
        .load(conn)
}
