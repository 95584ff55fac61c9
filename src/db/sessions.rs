//! Server-side sessions: one row per sign-in, named by the token's `sid`.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::schema::{sessions, users};
use crate::vocab::UserId;

/// A new session row.
#[derive(Debug, Insertable)]
#[diesel(table_name = sessions)]
pub struct NewSession<'a> {
    /// Random id, the token's `sid`.
    pub id: &'a str,
    /// Whose session.
    pub user_id: UserId,
    /// When it began (UTC).
    pub created_at: NaiveDateTime,
    /// When its token expires (UTC).
    pub expires_at: NaiveDateTime,
}

/// What a request's session check needs, in one query.
#[derive(Debug, Clone, Queryable)]
pub struct SessionRow {
    /// Whose session.
    pub user_id: UserId,
    /// When its token expires (UTC).
    pub expires_at: NaiveDateTime,
    /// When it was ended, if it was.
    pub ended_at: Option<NaiveDateTime>,
    /// The account's name now.
    pub username: String,
    /// Whether the account is an administrator now.
    pub is_admin: bool,
    /// Whether the account is disabled now.
    pub disabled: bool,
    /// The account's own language for the pages, if chosen.
    pub language: Option<String>,
}

/// Records a new session.
pub fn insert(conn: &mut DbConn, new: &NewSession<'_>) -> QueryResult<usize> {
    diesel::insert_into(sessions::table)
        .values(new)
        .execute(conn)
}

/// A session with its account, if the id exists.
pub fn lookup(conn: &mut DbConn, sid: &str) -> QueryResult<Option<SessionRow>> {
    sessions::table
        .inner_join(users::table)
        .filter(sessions::id.eq(sid))
        .select((
            sessions::user_id,
            sessions::expires_at,
            sessions::ended_at,
            users::username,
            users::is_admin,
            users::disabled,
            users::language,
        ))
        .first(conn)
        .optional()
}

/// Ends one session.
pub fn end(conn: &mut DbConn, sid: &str, now: NaiveDateTime) -> QueryResult<usize> {
    diesel::update(
        sessions::table
            .filter(sessions::id.eq(sid))
            .filter(sessions::ended_at.is_null()),
    )
    .set(sessions::ended_at.eq(now))
    .execute(conn)
}

/// Ends every open session of a user but `keep` (the caller's own, after a password change).
pub fn end_all(
    conn: &mut DbConn,
    user_id: UserId,
    keep: Option<&str>,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let open = sessions::table
        .filter(sessions::user_id.eq(user_id))
        .filter(sessions::ended_at.is_null())
        .filter(sessions::id.ne(keep.unwrap_or_default()));
    diesel::update(open)
        .set(sessions::ended_at.eq(now))
        .execute(conn)
}

/// Forgets sessions whose tokens expired before `before`: they can no longer be used anyway.
pub fn purge_expired(conn: &mut DbConn, before: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(sessions::table.filter(sessions::expires_at.lt(before))).execute(conn)
}
