//! The write side of a match: inserting it, moving its projection under the optimistic lock, and
//! appending its events, idempotency records and PIC queue changes. Every command batch goes
//! through [`write_moves`]: one data-modifying CTE on PostgreSQL, row by row on SQLite.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::{MatchRow, on_inner};
use crate::db::DbConn;
use crate::db::schema::{challenges, match_commands, match_events, matches};
use crate::rules::game::Event;
use crate::vocab::{
    ChallengeType, EventId, MatchId, MatchStatus, ResultReason, Seq, Side, TeamId, UserId,
};

/// A new match (its log starts with `created`).
#[derive(Debug, Insertable)]
#[diesel(table_name = matches)]
pub struct NewMatch<'a> {
    /// Event, if any.
    pub event_id: Option<EventId>,
    /// Round.
    pub round_no: Option<i32>,
    /// Table.
    pub table_no: Option<i32>,
    /// Side A's team.
    pub team_a: Option<TeamId>,
    /// Side B's team.
    pub team_b: Option<TeamId>,
    /// Side A's name.
    pub name_a: &'a str,
    /// Side B's name.
    pub name_b: &'a str,
    /// Initial status.
    pub status: MatchStatus,
    /// 0 until the `created` event is appended.
    pub last_seq: Seq,
    /// Author.
    pub created_by: Option<UserId>,
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
    pub status: MatchStatus,
    /// Last seq.
    pub last_seq: Seq,
    /// Totals.
    pub score_a: i32,
    /// Totals.
    pub score_b: i32,
    /// Side on turn.
    pub to_move: Option<Side>,
    /// Winner.
    pub winner: Option<Side>,
    /// Result reason.
    pub result_reason: Option<ResultReason>,
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

/// Moves the projection from `expected_seq` to the new state. Returns false when another writer
/// got there first (the conditional update is the optimistic lock on both backends), or the
/// match was voided meanwhile.
pub fn advance(
    conn: &mut DbConn,
    id: MatchId,
    expected_seq: Seq,
    p: &Projection,
) -> QueryResult<bool> {
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

/// A projection to move, as [`advance`] takes it: `(match, expected last seq, new fields)`.
pub type Move = (MatchId, Seq, Projection);

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
) -> QueryResult<Vec<MatchId>> {
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
                fn kept<T: Clone>(
                    rows: &[T],
                    moved: &[MatchId],
                    id: impl Fn(&T) -> MatchId,
                ) -> Vec<T> {
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
    id: MatchId,
}

fn write_moves_pg(
    pg: &mut diesel::PgConnection,
    moves: &[Move],
    events: &[NewEventRow],
    records: &[NewCommandRow],
    queue: &[QueueChange],
) -> QueryResult<Vec<MatchId>> {
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
        .bind::<Array<Text>, _>(col(m, |m| m.2.status))
        .bind::<Array<BigInt>, _>(col(m, |m| m.2.last_seq))
        .bind::<Array<Integer>, _>(col(m, |m| m.2.score_a))
        .bind::<Array<Integer>, _>(col(m, |m| m.2.score_b))
        .bind::<Array<Nullable<Text>>, _>(col(m, |m| m.2.to_move))
        .bind::<Array<Nullable<Text>>, _>(col(m, |m| m.2.winner))
        .bind::<Array<Nullable<Text>>, _>(col(m, |m| m.2.result_reason))
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
        .bind::<Array<Text>, _>(col(&opened, |q| q.1.kind.as_str()))
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
pub fn append(conn: &mut DbConn, match_id: MatchId, events: &[Event]) -> QueryResult<()> {
    let rows = events
        .iter()
        .map(|e| NewEventRow::of(match_id, e))
        .collect::<QueryResult<Vec<_>>>()?;
    insert_events(conn, &rows)
}

/// A log row to insert.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = match_events)]
pub struct NewEventRow {
    /// Match.
    pub match_id: MatchId,
    /// Position in the match's log.
    pub seq: Seq,
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
    pub fn of(match_id: MatchId, e: &Event) -> QueryResult<Self> {
        let unwritable = |e: serde_json::Error| diesel::result::Error::SerializationError(e.into());
        Ok(Self {
            match_id,
            seq: Seq::from(e.seq),
            at: e.at.naive_utc(),
            actor: serde_json::to_string(&e.actor).map_err(unwritable)?,
            kind: e.payload.kind().to_owned(),
            payload: serde_json::to_string(&e.payload).map_err(unwritable)?,
        })
    }
}

/// An idempotency record to insert.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = match_commands)]
pub struct NewCommandRow {
    /// Match.
    pub match_id: MatchId,
    /// The client's key.
    pub idempotency_key: String,
    /// Who sent it.
    pub user_id: Option<UserId>,
    /// First seq it appended.
    pub first_seq: Seq,
    /// Last seq it appended.
    pub last_seq: Seq,
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

/// A challenge opened (or re-opened) by a command: the queue row's fixed fields.
#[derive(Debug, Clone)]
pub struct OpenedChallenge {
    /// What is challenged.
    pub kind: ChallengeType,
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
    pub event_id: Option<EventId>,
    /// Match.
    pub match_id: MatchId,
    /// The challenge (seq of the event that opened it).
    pub challenge_seq: Seq,
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
                o.kind,
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
    event_id: Option<EventId>,
    match_id: MatchId,
    seq: Seq,
    kind: ChallengeType,
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
    match_id: MatchId,
    seq: Seq,
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

/// Records a challenge's ruling (from the match log) once it is made.
pub fn set_ruling(conn: &mut DbConn, match_id: MatchId, seq: Seq, ruling: &str) -> QueryResult<()> {
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
