//! The committee's records (E3): inserted, never changed.

use diesel::prelude::*;

use super::DbConn;
use super::schema::committee_records;

/// A stored record.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize, utoipa::ToSchema)]
#[diesel(table_name = committee_records)]
pub struct RecordRow {
    /// Row id.
    pub id: i64,
    /// Event.
    pub event_id: i64,
    /// The team concerned.
    pub team_id: i64,
    /// The match, or none for the whole event.
    pub match_id: Option<i64>,
    /// `disqualification`, `walkout` or `withdrawal` (a correction taking an earlier one back).
    pub kind: String,
    /// Why.
    pub reason: String,
    /// Who recorded it.
    pub author: i64,
    /// The record this one corrects.
    pub corrects: Option<i64>,
    /// When (UTC).
    #[schema(value_type = String)]
    pub created_at: chrono::NaiveDateTime,
    /// The author's idempotency key (kept out of every view).
    #[serde(skip_serializing)]
    pub idempotency_key: Option<String>,
}

/// A new record.
#[derive(Debug, Insertable)]
#[diesel(table_name = committee_records)]
pub struct NewRecord<'a> {
    /// Event.
    pub event_id: i64,
    /// Team.
    pub team_id: i64,
    /// Match, if any.
    pub match_id: Option<i64>,
    /// Kind.
    pub kind: &'a str,
    /// Why.
    pub reason: &'a str,
    /// Author.
    pub author: i64,
    /// Corrected record.
    pub corrects: Option<i64>,
    /// When.
    pub created_at: chrono::NaiveDateTime,
    /// The author's idempotency key, if any.
    pub idempotency_key: Option<&'a str>,
}

/// Inserts a record.
pub fn insert(conn: &mut DbConn, new: &NewRecord<'_>) -> QueryResult<RecordRow> {
    diesel::insert_into(committee_records::table)
        .values(new)
        .returning(committee_records::all_columns)
        .get_result(conn)
}

/// One record.
pub fn find(conn: &mut DbConn, id: i64) -> QueryResult<Option<RecordRow>> {
    committee_records::table
        .find(id)
        .select(RecordRow::as_select())
        .first(conn)
        .optional()
}

/// The record `author` made with this idempotency key.
pub fn find_by_key(conn: &mut DbConn, author: i64, key: &str) -> QueryResult<Option<RecordRow>> {
    committee_records::table
        .filter(committee_records::author.eq(author))
        .filter(committee_records::idempotency_key.eq(key))
        .select(RecordRow::as_select())
        .first(conn)
        .optional()
}

/// An event's records, oldest first.
pub fn of_event(conn: &mut DbConn, event_id: i64) -> QueryResult<Vec<RecordRow>> {
    committee_records::table
        .filter(committee_records::event_id.eq(event_id))
        .order(committee_records::id.asc())
        .select(RecordRow::as_select())
        .load(conn)
}
