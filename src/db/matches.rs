//! Matches: the projection row, the append-only event log, idempotency records and the
//! challenge queue.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;

use super::DbConn;
use super::schema::{challenges, match_commands, match_events, matches};
use crate::rules::game::Event;

/// A match's identity and projected state.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize, utoipa::ToSchema)]
#[diesel(table_name = matches)]
pub struct MatchRow {
    /// Row id.
    pub id: i64,
    /// Event, if any.
    pub event_id: Option<i64>,
    /// Round number.
    pub round_no: Option<i32>,
    /// Table number.
    pub table_no: Option<i32>,
    /// Side A's team.
    pub team_a: Option<i64>,
    /// Side B's team.
    pub team_b: Option<i64>,
    /// Side A's name.
    pub name_a: String,
    /// Side B's name.
    pub name_b: String,
    /// Projected status.
    pub status: String,
    /// Last seq in the log.
    pub last_seq: i64,
    /// Side A's total.
    pub score_a: i32,
    /// Side B's total.
    pub score_b: i32,
    /// Side on turn (`a`/`b`).
    pub to_move: Option<String>,
    /// Winner (`a`/`b`), once finished.
    pub winner: Option<String>,
    /// Why (score, disqualification, walkout).
    pub result_reason: Option<String>,
    /// Side A's clock at the last event.
    pub clock_a_ms: i64,
    /// Side B's clock at the last event.
    pub clock_b_ms: i64,
    /// Who made it.
    pub created_by: Option<i64>,
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

/// A new match (its log starts with `created`).
#[derive(Debug, Insertable)]
#[diesel(table_name = matches)]
pub struct NewMatch<'a> {
    /// Event, if any.
    pub event_id: Option<i64>,
    /// Round.
    pub round_no: Option<i32>,
    /// Table.
    pub table_no: Option<i32>,
    /// Side A's team.
    pub team_a: Option<i64>,
    /// Side B's team.
    pub team_b: Option<i64>,
    /// Side A's name.
    pub name_a: &'a str,
    /// Side B's name.
    pub name_b: &'a str,
    /// Initial status.
    pub status: &'a str,
    /// 0 until the `created` event is appended.
    pub last_seq: i64,
    /// Author.
    pub created_by: Option<i64>,
    /// When.
    pub created_at: NaiveDateTime,
    /// When.
    pub updated_at: NaiveDateTime,
}

/// The projected fields updated with each append.
#[derive(Debug, AsChangeset)]
#[diesel(table_name = matches, treat_none_as_null = true)]
pub struct Projection {
    /// Status.
    pub status: String,
    /// Last seq.
    pub last_seq: i64,
    /// Totals.
    pub score_a: i32,
    /// Totals.
    pub score_b: i32,
    /// Side on turn.
    pub to_move: Option<String>,
    /// Winner.
    pub winner: Option<String>,
    /// Result reason.
    pub result_reason: Option<String>,
    /// Clock A at the last event.
    pub clock_a_ms: i64,
    /// Clock B at the last event.
    pub clock_b_ms: i64,
    /// Now.
    pub updated_at: NaiveDateTime,
}

/// Inserts a match row.
pub fn insert(conn: &mut DbConn, new: &NewMatch<'_>) -> QueryResult<MatchRow> {
    diesel::insert_into(matches::table)
        .values(new)
        .returning(matches::all_columns)
        .get_result(conn)
}

/// One match.
pub fn find(conn: &mut DbConn, id: i64) -> QueryResult<Option<MatchRow>> {
    matches::table
        .find(id)
        .select(MatchRow::as_select())
        .first(conn)
        .optional()
}

/// Matches of an event, by round and table (void ones left out).
pub fn of_event(conn: &mut DbConn, event_id: i64) -> QueryResult<Vec<MatchRow>> {
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
    event_id: i64,
    round_no: i32,
    table_no: i32,
) -> QueryResult<Option<i64>> {
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

/// Matches being played (for the clock sweeper).
pub fn active(conn: &mut DbConn) -> QueryResult<Vec<(i64, i64)>> {
    matches::table
        .filter(matches::status.eq_any(["in_progress", "ended"]))
        .select((matches::id, matches::last_seq))
        .load(conn)
}

/// Moves the projection from `expected_seq` to the new state. Returns false when another writer
/// got there first (the conditional update is the optimistic lock on both backends), or the
/// match was voided meanwhile.
pub fn advance(conn: &mut DbConn, id: i64, expected_seq: i64, p: &Projection) -> QueryResult<bool> {
    let n = diesel::update(
        matches::table
            .filter(matches::id.eq(id))
            .filter(matches::last_seq.eq(expected_seq))
            // A voided match takes nothing more (its round was paired again).
            .filter(matches::void.eq(false)),
    )
    .set(p)
    .execute(conn)?;
    Ok(n == 1)
}

/// What authorising a command needs of its match. It is fixed when the match is created, so
/// the command writer keeps it between batches instead of reading the row for every command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Queryable)]
pub struct Seat {
    /// Row id.
    pub id: i64,
    /// Event, if any.
    pub event_id: Option<i64>,
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
pub fn seats(conn: &mut DbConn, ids: &[i64]) -> QueryResult<Vec<Seat>> {
    matches::table
        .filter(matches::id.eq_any(ids))
        .filter(matches::void.eq(false))
        .order(matches::id.asc())
        .select((matches::id, matches::event_id, matches::table_no))
        .load(conn)
}

/// The last seq of several matches, as `(id, last_seq)`.
pub fn last_seqs(conn: &mut DbConn, ids: &[i64]) -> QueryResult<Vec<(i64, i64)>> {
    matches::table
        .filter(matches::id.eq_any(ids))
        .select((matches::id, matches::last_seq))
        .load(conn)
}

/// A projection to move, as [`advance`] takes it: `(match, expected last seq, new fields)`.
pub type Move = (i64, i64, Projection);

/// Writes a batch of commands: moves each projection from its expected seq (the optimistic lock,
/// as in [`advance`]), and appends the events, the idempotency records and the PIC queue changes
/// of the matches that moved. The others (another writer moved them first) get nothing written.
/// Returns the ids of the matches that moved.
///
/// On PostgreSQL this is one statement (a data-modifying CTE over `unnest`ed arrays): one round
/// trip, atomic on its own, and with fixed text, so the server keeps it prepared. SQLite runs in
/// process and takes the rows one by one; call it inside a transaction there.
pub fn write_moves(
    conn: &mut DbConn,
    moves: &[Move],
    events: &[NewEventRow],
    records: &[NewCommandRow],
    queue: &[QueueChange],
) -> QueryResult<Vec<i64>> {
    let pg = match conn {
        DbConn::Pg(pg) => pg,
        DbConn::Sqlite(_) => {
            let mut moved = Vec::new();
            for (id, expected, p) in moves {
                if advance(conn, *id, *expected, p)? {
                    moved.push(*id);
                }
            }
            if moved.len() == moves.len() {
                insert_events(conn, events)?;
                insert_commands(conn, records)?;
                apply_queue(conn, queue)?;
            } else {
                // Rare (another writer moved a match first): copy out the rows that stay.
                fn kept<T: Clone>(rows: &[T], moved: &[i64], id: impl Fn(&T) -> i64) -> Vec<T> {
                    rows.iter()
                        .filter(|r| moved.contains(&id(r)))
                        .cloned()
                        .collect()
                }
                insert_events(conn, &kept(events, &moved, |e| e.match_id))?;
                insert_commands(conn, &kept(records, &moved, |r| r.match_id))?;
                apply_queue(conn, &kept(queue, &moved, |q| q.match_id))?;
            }
            return Ok(moved);
        }
    };
    write_moves_pg(pg, moves, events, records, queue)
}

/// The returned column of [`write_moves_pg`].
#[derive(QueryableByName)]
struct MovedId {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    id: i64,
}

fn write_moves_pg(
    pg: &mut diesel::PgConnection,
    moves: &[Move],
    events: &[NewEventRow],
    records: &[NewCommandRow],
    queue: &[QueueChange],
) -> QueryResult<Vec<i64>> {
    use diesel::sql_types::{Array, BigInt, Bool, Integer, Nullable, Text, Timestamp};
    // Each sub-statement sees the same snapshot; the inserts take their rows only for the ids
    // the update returned, so a match whose expected seq was stale gets no events. Queue rows
    // opened by the batch are upserted with their final state (a re-opened row's `closed_at`
    // is the batch's, as opening then closing it row by row would leave it); rows only closed
    // or ruled are updated. No row is in both lists, so none is changed twice.
    const SQL: &str = "\
        WITH v AS (\
            SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[], \
                $5::integer[], $6::integer[], $7::text[], $8::text[], $9::text[], \
                $10::bigint[], $11::bigint[], $12::timestamp[]) \
            AS v(id, expected, status, last_seq, score_a, score_b, to_move, winner, \
                result_reason, clock_a_ms, clock_b_ms, updated_at)), \
        moved AS (\
            UPDATE matches AS m SET status = v.status, last_seq = v.last_seq, \
                score_a = v.score_a, score_b = v.score_b, to_move = v.to_move, \
                winner = v.winner, result_reason = v.result_reason, \
                clock_a_ms = v.clock_a_ms, clock_b_ms = v.clock_b_ms, updated_at = v.updated_at \
            FROM v WHERE m.id = v.id AND m.last_seq = v.expected AND NOT m.void \
            RETURNING m.id), \
        ev AS (\
            INSERT INTO match_events (match_id, seq, at, actor, kind, payload) \
            SELECT e.* FROM unnest($13::bigint[], $14::bigint[], $15::timestamp[], \
                $16::text[], $17::text[], $18::text[]) \
                AS e(match_id, seq, at, actor, kind, payload) \
            WHERE e.match_id IN (SELECT id FROM moved)), \
        cmd AS (\
            INSERT INTO match_commands \
                (match_id, idempotency_key, user_id, first_seq, last_seq, response, created_at, \
                    scope) \
            SELECT c.* FROM unnest($19::bigint[], $20::text[], $21::bigint[], $22::bigint[], \
                $23::bigint[], $24::text[], $25::timestamp[], $40::text[]) \
                AS c(match_id, idempotency_key, user_id, first_seq, last_seq, response, \
                    created_at, scope) \
            WHERE c.match_id IN (SELECT id FROM moved)), \
        opened AS (\
            INSERT INTO challenges (event_id, match_id, challenge_seq, kind, detail, \
                opened_at, closed_at, ruling) \
            SELECT q.event_id, q.match_id, q.seq, q.kind, q.detail, q.opened_at, \
                CASE WHEN q.close THEN q.at END, q.ruling \
            FROM unnest($26::bigint[], $27::bigint[], $28::bigint[], $29::text[], $30::text[], \
                $31::timestamp[], $32::boolean[], $33::timestamp[], $34::text[]) \
                AS q(event_id, match_id, seq, kind, detail, opened_at, close, at, ruling) \
            WHERE q.match_id IN (SELECT id FROM moved) \
            ON CONFLICT (match_id, challenge_seq) DO UPDATE SET \
                closed_at = EXCLUDED.closed_at, \
                ruling = COALESCE(challenges.ruling, EXCLUDED.ruling)), \
        touched AS (\
            UPDATE challenges AS ch SET \
                closed_at = CASE WHEN q.close THEN COALESCE(ch.closed_at, q.at) \
                    ELSE ch.closed_at END, \
                ruling = COALESCE(ch.ruling, q.ruling) \
            FROM unnest($35::bigint[], $36::bigint[], $37::boolean[], $38::timestamp[], \
                $39::text[]) AS q(match_id, seq, close, at, ruling) \
            WHERE ch.match_id = q.match_id AND ch.challenge_seq = q.seq \
                AND q.match_id IN (SELECT id FROM moved)) \
        SELECT id FROM moved";
    fn col<T, U>(rows: &[T], f: impl Fn(&T) -> U) -> Vec<U> {
        rows.iter().map(f).collect()
    }
    let m = moves;
    let opened: Vec<(&QueueChange, &OpenedChallenge)> = queue
        .iter()
        .filter_map(|q| Some((q, q.opened.as_ref()?)))
        .collect();
    let touched: Vec<&QueueChange> = queue.iter().filter(|q| q.opened.is_none()).collect();
    let moved: Vec<MovedId> = diesel::sql_query(SQL)
        .bind::<Array<BigInt>, _>(col(m, |m| m.0))
        .bind::<Array<BigInt>, _>(col(m, |m| m.1))
        .bind::<Array<Text>, _>(col(m, |m| m.2.status.clone()))
        .bind::<Array<BigInt>, _>(col(m, |m| m.2.last_seq))
        .bind::<Array<Integer>, _>(col(m, |m| m.2.score_a))
        .bind::<Array<Integer>, _>(col(m, |m| m.2.score_b))
        .bind::<Array<Nullable<Text>>, _>(col(m, |m| m.2.to_move.clone()))
        .bind::<Array<Nullable<Text>>, _>(col(m, |m| m.2.winner.clone()))
        .bind::<Array<Nullable<Text>>, _>(col(m, |m| m.2.result_reason.clone()))
        .bind::<Array<BigInt>, _>(col(m, |m| m.2.clock_a_ms))
        .bind::<Array<BigInt>, _>(col(m, |m| m.2.clock_b_ms))
        .bind::<Array<Timestamp>, _>(col(m, |m| m.2.updated_at))
        .bind::<Array<BigInt>, _>(col(events, |e| e.match_id))
        .bind::<Array<BigInt>, _>(col(events, |e| e.seq))
        .bind::<Array<Timestamp>, _>(col(events, |e| e.at))
        .bind::<Array<Text>, _>(col(events, |e| e.actor.clone()))
        .bind::<Array<Text>, _>(col(events, |e| e.kind.clone()))
        .bind::<Array<Text>, _>(col(events, |e| e.payload.clone()))
        .bind::<Array<BigInt>, _>(col(records, |r| r.match_id))
        .bind::<Array<Text>, _>(col(records, |r| r.idempotency_key.clone()))
        .bind::<Array<Nullable<BigInt>>, _>(col(records, |r| r.user_id))
        .bind::<Array<BigInt>, _>(col(records, |r| r.first_seq))
        .bind::<Array<BigInt>, _>(col(records, |r| r.last_seq))
        .bind::<Array<Text>, _>(col(records, |r| r.response.clone()))
        .bind::<Array<Timestamp>, _>(col(records, |r| r.created_at))
        .bind::<Array<Nullable<BigInt>>, _>(col(&opened, |q| q.0.event_id))
        .bind::<Array<BigInt>, _>(col(&opened, |q| q.0.match_id))
        .bind::<Array<BigInt>, _>(col(&opened, |q| q.0.challenge_seq))
        .bind::<Array<Text>, _>(col(&opened, |q| q.1.kind.clone()))
        .bind::<Array<Text>, _>(col(&opened, |q| q.1.detail.clone()))
        .bind::<Array<Timestamp>, _>(col(&opened, |q| q.1.opened_at))
        .bind::<Array<Bool>, _>(col(&opened, |q| q.0.close))
        .bind::<Array<Timestamp>, _>(col(&opened, |q| q.0.at))
        .bind::<Array<Nullable<Text>>, _>(col(&opened, |q| q.0.ruling.clone()))
        .bind::<Array<BigInt>, _>(col(&touched, |q| q.match_id))
        .bind::<Array<BigInt>, _>(col(&touched, |q| q.challenge_seq))
        .bind::<Array<Bool>, _>(col(&touched, |q| q.close))
        .bind::<Array<Timestamp>, _>(col(&touched, |q| q.at))
        .bind::<Array<Nullable<Text>>, _>(col(&touched, |q| q.ruling.clone()))
        .bind::<Array<Text>, _>(col(records, |r| r.scope))
        .load(pg)?;
    Ok(moved.into_iter().map(|m| m.id).collect())
}

/// Appends events to a match's log.
pub fn append(
    conn: &mut DbConn,
    match_id: i64,
    events: &[Event],
) -> Result<(), crate::error::AppError> {
    let rows = events
        .iter()
        .map(|e| NewEventRow::of(match_id, e))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(insert_events(conn, &rows)?)
}

type EventTuple = (i64, NaiveDateTime, String, String);

/// The events of a match after `after_seq`, in order.
pub fn events_after(
    conn: &mut DbConn,
    match_id: i64,
    after_seq: i64,
) -> Result<Vec<Event>, crate::error::AppError> {
    let rows: Vec<EventTuple> = match_events::table
        .filter(match_events::match_id.eq(match_id))
        .filter(match_events::seq.gt(after_seq))
        .order(match_events::seq.asc())
        .select((
            match_events::seq,
            match_events::at,
            match_events::actor,
            match_events::payload,
        ))
        .load(conn)?;
    rows.into_iter()
        .map(|(seq, at, actor, payload)| {
            Ok(Event {
                seq: seq as u64,
                at: DateTime::<Utc>::from_naive_utc_and_offset(at, Utc),
                actor: serde_json::from_str(&actor).map_err(crate::error::AppError::internal)?,
                payload: serde_json::from_str(&payload)
                    .map_err(crate::error::AppError::internal)?,
            })
        })
        .collect()
}

/// What an idempotency record keeps of its command's first answer.
#[derive(Debug, Clone, Queryable)]
pub struct StoredCommand {
    /// The first seq the command appended.
    pub first_seq: i64,
    /// The last seq the command appended.
    pub last_seq: i64,
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
    match_id: i64,
    scope: KeyScope,
    user_id: i64,
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
    user_id: i64,
    key: &str,
) -> QueryResult<Option<(i64, StoredCommand)>> {
    let row: Option<(i64, i64, i64, String)> = match_commands::table
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

/// The rows of several matches, for a batch of commands. On PostgreSQL they are locked until the
/// transaction ends, in id order so that two instances' batches cannot deadlock; SQLite has a
/// single writer already.
pub fn lock_many(conn: &mut DbConn, ids: &[i64]) -> QueryResult<Vec<MatchRow>> {
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

/// A log row to insert.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = match_events)]
pub struct NewEventRow {
    /// Match.
    pub match_id: i64,
    /// Position in the match's log.
    pub seq: i64,
    /// When (UTC).
    pub at: NaiveDateTime,
    /// Who (JSON).
    pub actor: String,
    /// The payload's kind, for queries.
    pub kind: String,
    /// What (JSON).
    pub payload: String,
}

impl NewEventRow {
    /// The row for one event of a match.
    pub fn of(match_id: i64, e: &Event) -> Result<Self, crate::error::AppError> {
        use crate::error::AppError;
        Ok(Self {
            match_id,
            seq: e.seq as i64,
            at: e.at.naive_utc(),
            actor: serde_json::to_string(&e.actor).map_err(AppError::internal)?,
            kind: e.payload.kind().to_owned(),
            payload: serde_json::to_string(&e.payload).map_err(AppError::internal)?,
        })
    }
}

/// An idempotency record to insert.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = match_commands)]
pub struct NewCommandRow {
    /// Match.
    pub match_id: i64,
    /// The client's key.
    pub idempotency_key: String,
    /// Who sent it.
    pub user_id: Option<i64>,
    /// First seq it appended.
    pub first_seq: i64,
    /// Last seq it appended.
    pub last_seq: i64,
    /// Empty: a repeat's answer is rebuilt from the log (older records hold the JSON).
    pub response: String,
    /// When.
    pub created_at: NaiveDateTime,
    /// The door it came through ([`KeyScope::as_str`]).
    pub scope: &'static str,
}

/// Rows per multi-row statement: well under SQLite's bound-parameter limit.
const INSERT_CHUNK: usize = 256;

/// Appends many log rows in a few multi-row statements.
pub fn insert_events(conn: &mut DbConn, rows: &[NewEventRow]) -> QueryResult<()> {
    for chunk in rows.chunks(INSERT_CHUNK) {
        let query = diesel::insert_into(match_events::table).values(chunk);
        on_inner!(&mut *conn, |c| query.execute(c))?;
    }
    Ok(())
}

/// Records many idempotency keys in a few multi-row statements.
pub fn insert_commands(conn: &mut DbConn, rows: &[NewCommandRow]) -> QueryResult<()> {
    for chunk in rows.chunks(INSERT_CHUNK) {
        let query = diesel::insert_into(match_commands::table).values(chunk);
        on_inner!(&mut *conn, |c| query.execute(c))?;
    }
    Ok(())
}

/// A row of the challenge queue.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize, utoipa::ToSchema)]
#[diesel(table_name = challenges)]
pub struct ChallengeRow {
    /// Row id.
    pub id: i64,
    /// Event.
    pub event_id: Option<i64>,
    /// Match.
    pub match_id: i64,
    /// The engine's challenge id (seq of the challenge event).
    pub challenge_seq: i64,
    /// `word` or `score`.
    pub kind: String,
    /// JSON detail (words, who, the turn).
    pub detail: String,
    /// When raised.
    #[schema(value_type = String)]
    pub opened_at: NaiveDateTime,
    /// The PIC holding it.
    pub claimed_by: Option<i64>,
    /// Since when.
    #[schema(value_type = Option<String>)]
    pub claimed_at: Option<NaiveDateTime>,
    /// When ruled (or withdrawn by a correction).
    #[schema(value_type = Option<String>)]
    pub closed_at: Option<NaiveDateTime>,
    /// The ruling (JSON), once made.
    pub ruling: Option<String>,
}

/// A challenge opened (or re-opened) by a command: the queue row's fixed fields.
#[derive(Debug, Clone)]
pub struct OpenedChallenge {
    /// `word` or `score`.
    pub kind: String,
    /// JSON detail.
    pub detail: String,
    /// When raised.
    pub opened_at: NaiveDateTime,
}

/// What commands did to one row of the PIC queue, merged (see
/// `services::matches::QueueChanges`): applied in this order, opened, closed, ruled.
#[derive(Debug, Clone)]
pub struct QueueChange {
    /// Event, if any.
    pub event_id: Option<i64>,
    /// Match.
    pub match_id: i64,
    /// The challenge (seq of the event that opened it).
    pub challenge_seq: i64,
    /// Opened or re-opened: the row is inserted, or its `closed_at` cleared.
    pub opened: Option<OpenedChallenge>,
    /// Closed (ruled, or withdrawn by a correction) after any opening: `closed_at` set if unset.
    pub close: bool,
    /// A new ruling: set if the row has none.
    pub ruling: Option<String>,
    /// When (the closing time).
    pub at: NaiveDateTime,
}

/// Applies queue changes row by row (SQLite runs in process; see [`write_moves`]).
pub fn apply_queue(conn: &mut DbConn, changes: &[QueueChange]) -> QueryResult<()> {
    for c in changes {
        if let Some(o) = &c.opened {
            open_challenge(
                conn,
                c.event_id,
                c.match_id,
                c.challenge_seq,
                &o.kind,
                &o.detail,
                o.opened_at,
            )?;
        }
        if c.close {
            close_challenge(conn, c.match_id, c.challenge_seq, c.at)?;
        }
        if let Some(r) = &c.ruling {
            set_ruling(conn, c.match_id, c.challenge_seq, r)?;
        }
    }
    Ok(())
}

/// Adds a challenge to the queue (no-op if it is already there).
pub fn open_challenge(
    conn: &mut DbConn,
    event_id: Option<i64>,
    match_id: i64,
    seq: i64,
    kind: &str,
    detail: &str,
    at: NaiveDateTime,
) -> QueryResult<()> {
    let exists: i64 = challenges::table
        .filter(challenges::match_id.eq(match_id))
        .filter(challenges::challenge_seq.eq(seq))
        .count()
        .get_result(conn)?;
    if exists == 0 {
        diesel::insert_into(challenges::table)
            .values((
                challenges::event_id.eq(event_id),
                challenges::match_id.eq(match_id),
                challenges::challenge_seq.eq(seq),
                challenges::kind.eq(kind),
                challenges::detail.eq(detail),
                challenges::opened_at.eq(at),
            ))
            .execute(conn)?;
    } else {
        // Re-opened by a correction.
        diesel::update(
            challenges::table
                .filter(challenges::match_id.eq(match_id))
                .filter(challenges::challenge_seq.eq(seq)),
        )
        .set(challenges::closed_at.eq(None::<NaiveDateTime>))
        .execute(conn)?;
    }
    Ok(())
}

/// Takes a challenge off the queue (ruled, or withdrawn by a correction).
pub fn close_challenge(
    conn: &mut DbConn,
    match_id: i64,
    seq: i64,
    at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::update(
        challenges::table
            .filter(challenges::match_id.eq(match_id))
            .filter(challenges::challenge_seq.eq(seq))
            .filter(challenges::closed_at.is_null()),
    )
    .set(challenges::closed_at.eq(Some(at)))
    .execute(conn)
    .map(|_| ())
}

/// The open challenges of an event, oldest first.
pub fn open_challenges(conn: &mut DbConn, event_id: i64) -> QueryResult<Vec<ChallengeRow>> {
    challenges::table
        .filter(challenges::event_id.eq(event_id))
        .filter(challenges::closed_at.is_null())
        .order(challenges::opened_at.asc())
        .select(ChallengeRow::as_select())
        .load(conn)
}

/// Claims a challenge for a PIC: exactly one concurrent claim wins.
pub fn claim(conn: &mut DbConn, id: i64, user_id: i64, at: NaiveDateTime) -> QueryResult<bool> {
    let n = diesel::update(
        challenges::table
            .filter(challenges::id.eq(id))
            .filter(challenges::claimed_by.is_null())
            .filter(challenges::closed_at.is_null()),
    )
    .set((
        challenges::claimed_by.eq(Some(user_id)),
        challenges::claimed_at.eq(Some(at)),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// Records a challenge's ruling (from the match log) once it is made.
pub fn set_ruling(conn: &mut DbConn, match_id: i64, seq: i64, ruling: &str) -> QueryResult<()> {
    diesel::update(
        challenges::table
            .filter(challenges::match_id.eq(match_id))
            .filter(challenges::challenge_seq.eq(seq))
            .filter(challenges::ruling.is_null()),
    )
    .set(challenges::ruling.eq(Some(ruling)))
    .execute(conn)
    .map(|_| ())
}

/// The closed challenges of an event, newest first (the PIC history).
pub fn closed_challenges(
    conn: &mut DbConn,
    event_id: i64,
    limit: i64,
) -> QueryResult<Vec<ChallengeRow>> {
    challenges::table
        .filter(challenges::event_id.eq(event_id))
        .filter(challenges::closed_at.is_not_null())
        .order(challenges::closed_at.desc())
        .limit(limit)
        .select(ChallengeRow::as_select())
        .load(conn)
}

/// The queue row of a match's challenge (by the seq of the event that opened it).
pub fn find_challenge_of(
    conn: &mut DbConn,
    match_id: i64,
    seq: i64,
) -> QueryResult<Option<ChallengeRow>> {
    challenges::table
        .filter(challenges::match_id.eq(match_id))
        .filter(challenges::challenge_seq.eq(seq))
        .select(ChallengeRow::as_select())
        .first(conn)
        .optional()
}

/// One queued challenge.
pub fn find_challenge(conn: &mut DbConn, id: i64) -> QueryResult<Option<ChallengeRow>> {
    challenges::table
        .find(id)
        .select(ChallengeRow::as_select())
        .first(conn)
        .optional()
}

/// What standings need of a finished match: teams, totals, winner, reason.
pub type FinishedRow = (
    Option<i64>,
    Option<i64>,
    i32,
    i32,
    Option<String>,
    Option<String>,
);

/// The finished (not void) matches of an event, only the columns standings read.
pub fn finished_of_event(conn: &mut DbConn, event_id: i64) -> QueryResult<Vec<FinishedRow>> {
    matches::table
        .filter(matches::event_id.eq(event_id))
        .filter(matches::status.eq("finished"))
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
