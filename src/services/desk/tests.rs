//! The desk's after-commit rule: the shared cache learns a state only once its transaction
//! committed, so a unit of work that rolls back leaves it where the database is.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::services::matches::{self, NewMatchRequest, SideSpec};

/// A connection to a migrated SQLite database of its own.
fn connection() -> crate::db::PooledConn {
    let url = crate::services::writer::tests::database("desk");
    crate::db::build_pool(&url, 1).get().unwrap()
}

fn start() -> CommandRequest {
    CommandRequest {
        idempotency_key: None,
        expected_seq: None,
        command: serde_json::from_value(serde_json::json!({"type": "start", "first": "a"}))
            .unwrap(),
        via: Via::CommandRoute,
        agreed: None,
    }
}

/// A director and a fresh match between Ann and Bob, made through `desk` (not started).
pub(crate) fn a_match(
    conn: &mut crate::db::DbConn,
    desk: &Desk,
    now: chrono::DateTime<chrono::Utc>,
) -> (crate::vocab::UserId, crate::services::matches::MatchDetail) {
    let admin =
        crate::services::accounts::create_user(conn, now, "chief", "a long password 1", true)
            .unwrap()
            .id;
    let spec = serde_json::from_value(serde_json::json!({"preset": "individual"})).unwrap();
    let m = matches::create(
        conn,
        desk,
        now,
        admin,
        &NewMatchRequest {
            event_id: None,
            round: None,
            table: None,
            side_a: SideSpec {
                team_id: None,
                name: Some("Ann".into()),
            },
            side_b: SideSpec {
                team_id: None,
                name: Some("Bob".into()),
            },
            ruleset: Some(spec),
            idempotency_key: None,
        },
    )
    .unwrap();
    (admin, m)
}

#[test]
fn a_unit_of_work_that_rolls_back_leaves_the_cache_as_the_database_is() {
    let mut conn = connection();
    let conn = &mut *conn;
    // A fixed instant: the rollback test needs no clock.
    let now = chrono::DateTime::from_timestamp(1_796_000_000, 0).unwrap();
    let desk = Desk::offline();
    let (admin, m) = a_match(conn, &desk, now);
    let created = desk
        .core
        .cache
        .get(m.id)
        .expect("learnt after the commit")
        .last_seq;

    // The command is written inside the transaction, which then fails as a whole.
    let failed: Result<(), AppError> = desk.write(conn, |conn, work| {
        let started = work.command(conn, now, m.id, Sender::User(admin), &start())?;
        assert!(started.state.last_seq > created);
        assert_eq!(work.state(conn, m.id)?.last_seq, started.state.last_seq);
        Err(AppError::internal(
            "the record after it could not be written",
        ))
    });
    assert!(failed.is_err());
    assert_eq!(desk.core.cache.get(m.id).unwrap().last_seq, created);
    assert_eq!(desk.state(conn, m.id).unwrap().last_seq, created);

    // The same command committed: now the cache learns it.
    let done = desk
        .write(conn, |conn, work| {
            work.command(conn, now, m.id, Sender::User(admin), &start())
        })
        .unwrap();
    assert_eq!(
        desk.core.cache.get(m.id).unwrap().last_seq,
        done.state.last_seq
    );
}
