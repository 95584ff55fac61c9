//! Wrong players' PINs, counted per key (a player, a client address) and window
//! (migration 2026-12-05-010001_pin_failures; the rules are `services::pins`'). Times are Unix
//! milliseconds.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

use super::DbConn;
use super::schema::pin_failures;

/// A key's wrong PINs in its current window.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct Failures {
    /// The key (`p:<player>` or `ip:<address>`).
    pub key: String,
    /// Wrong PINs since the window began.
    pub failures: i32,
    /// When the window began.
    pub window_start: i64,
}

/// The counts of `keys` whose window began after `since` (one read).
pub fn live(conn: &mut DbConn, keys: &[&str], since: i64) -> QueryResult<Vec<Failures>> {
    pin_failures::table
        .filter(pin_failures::key.eq_any(keys))
        .filter(pin_failures::window_start.gt(since))
        .select((
            pin_failures::key,
            pin_failures::failures,
            pin_failures::window_start,
        ))
        .load(conn)
}

/// Counts one wrong PIN for each of two keys at `now` (one upsert): a key whose window began
/// at or before `since` starts a new window at `now` with this failure, any other adds one.
pub fn count(conn: &mut DbConn, keys: [&str; 2], now: i64, since: i64) -> QueryResult<usize> {
    // The SET expressions all read the row as it was, on both backends.
    const SET: &str = "ON CONFLICT (key) DO UPDATE SET \
        failures = CASE WHEN pin_failures.window_start <= {since} THEN 1 \
            ELSE pin_failures.failures + 1 END, \
        window_start = CASE WHEN pin_failures.window_start <= {since} THEN excluded.window_start \
            ELSE pin_failures.window_start END";
    match conn {
        DbConn::Sqlite(c) => diesel::sql_query(format!(
            "INSERT INTO pin_failures (key, failures, window_start) VALUES (?, 1, ?), (?, 1, ?) {}",
            SET.replace("{since}", "?")
        ))
        .bind::<Text, _>(keys[0])
        .bind::<BigInt, _>(now)
        .bind::<Text, _>(keys[1])
        .bind::<BigInt, _>(now)
        .bind::<BigInt, _>(since)
        .bind::<BigInt, _>(since)
        .execute(c),
        DbConn::Pg(c) => diesel::sql_query(format!(
            "INSERT INTO pin_failures (key, failures, window_start) \
             VALUES ($1, 1, $2), ($3, 1, $2) {}",
            SET.replace("{since}", "$4")
        ))
        .bind::<Text, _>(keys[0])
        .bind::<BigInt, _>(now)
        .bind::<Text, _>(keys[1])
        .bind::<BigInt, _>(since)
        .execute(c),
    }
}

/// Forgets a key's count (a right PIN clears its player's).
pub fn forget(conn: &mut DbConn, key: &str) -> QueryResult<usize> {
    diesel::delete(pin_failures::table.filter(pin_failures::key.eq(key))).execute(conn)
}

/// Deletes the rows whose window began at or before `since`: they count nothing any more.
pub fn purge(conn: &mut DbConn, since: i64) -> QueryResult<usize> {
    diesel::delete(pin_failures::table.filter(pin_failures::window_start.le(since))).execute(conn)
}
