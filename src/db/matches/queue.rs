//! The PIC's challenge queue: reads, and the claim (the one change a queue row gets outside a
//! match's batch; opening, closing and ruling are written with the match's events, in `write`).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::schema::challenges;
use crate::vocab::{ChallengeId, ChallengeType, EventId, MatchId, Seq, UserId};

/// A row of the challenge queue.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize, utoipa::ToSchema)]
#[diesel(table_name = challenges)]
pub struct ChallengeRow {
    /// Row id.
    pub id: ChallengeId,
    /// Event.
    pub event_id: Option<EventId>,
    /// Match.
    pub match_id: MatchId,
    /// The engine's challenge id (seq of the challenge event).
    pub challenge_seq: Seq,
    /// What is challenged: the words or the score.
    pub kind: ChallengeType,
    /// JSON detail (words, who, the turn).
    pub detail: String,
    /// When raised.
    #[schema(value_type = String)]
    pub opened_at: NaiveDateTime,
    /// The PIC holding it.
    pub claimed_by: Option<UserId>,
    /// Since when.
    #[schema(value_type = Option<String>)]
    pub claimed_at: Option<NaiveDateTime>,
    /// When ruled (or withdrawn by a correction).
    #[schema(value_type = Option<String>)]
    pub closed_at: Option<NaiveDateTime>,
    /// The ruling (JSON), once made.
    pub ruling: Option<String>,
}

/// The open challenges of an event, oldest first.
pub fn open_challenges(conn: &mut DbConn, event_id: EventId) -> QueryResult<Vec<ChallengeRow>> {
    challenges::table
        .filter(challenges::event_id.eq(event_id))
        .filter(challenges::closed_at.is_null())
        .order(challenges::opened_at.asc())
        .select(ChallengeRow::as_select())
        .load(conn)
}

/// Claims a challenge for a PIC: exactly one concurrent claim wins.
pub fn claim(
    conn: &mut DbConn,
    id: ChallengeId,
    user_id: UserId,
    at: NaiveDateTime,
) -> QueryResult<bool> {
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

/// The closed challenges of an event, newest first (the PIC history).
pub fn closed_challenges(
    conn: &mut DbConn,
    event_id: EventId,
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
    match_id: MatchId,
    seq: Seq,
) -> QueryResult<Option<ChallengeRow>> {
    challenges::table
        .filter(challenges::match_id.eq(match_id))
        .filter(challenges::challenge_seq.eq(seq))
        .select(ChallengeRow::as_select())
        .first(conn)
        .optional()
}

/// One queued challenge.
pub fn find_challenge(conn: &mut DbConn, id: ChallengeId) -> QueryResult<Option<ChallengeRow>> {
    challenges::table
        .find(id)
        .select(ChallengeRow::as_select())
        .first(conn)
        .optional()
}
