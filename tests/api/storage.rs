//! The batch write of the command writer, straight against the database: on PostgreSQL it is one
//! statement, on SQLite row by row in a transaction, and both must leave the same rows.

use arbiter::db::matches::{self as rows, OpenedChallenge, Projection, QueueChange};
use arbiter::db::{DbConn, build_pool, run_migrations};
use arbiter::vocab::{ChallengeType, MatchId, MatchStatus, PairingMethod, RoundStatus, Seq, Side};
use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::helpers::{TestDb, created_at};

fn at(s: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M:%S").unwrap()
}

fn projection(seq: i64) -> Projection {
    Projection {
        status: MatchStatus::InProgress,
        last_seq: Seq(seq),
        score_a: 0,
        score_b: 0,
        to_move: Some(Side::A),
        winner: None,
        result_reason: None,
        clock_a_ms: 1_500_000,
        clock_b_ms: 1_500_000,
        updated_at: at("2026-11-29 10:00:00"),
    }
}

fn change(m: MatchId, seq: i64, opened: bool, close: bool, ruling: Option<&str>) -> QueueChange {
    QueueChange {
        event_id: None,
        match_id: m,
        challenge_seq: Seq(seq),
        opened: opened.then(|| OpenedChallenge {
            kind: ChallengeType::Word,
            detail: format!("{{\"id\":{seq}}}"),
            opened_at: at("2026-11-29 10:00:00"),
        }),
        close,
        ruling: ruling.map(str::to_owned),
        at: at("2026-11-29 10:05:00"),
    }
}

fn write(conn: &mut DbConn, m: MatchId, from: i64, queue: &[QueueChange]) -> Vec<MatchId> {
    let moves = [(m, Seq(from), projection(from + 1))];
    match conn {
        DbConn::Pg(_) => rows::write_moves(conn, &moves, &[], &[], queue).unwrap(),
        DbConn::Sqlite(_) => conn
            .write_tx(|c| rows::write_moves(c, &moves, &[], &[], queue))
            .unwrap(),
    }
}

/// A match outside any event, made at 09:00.
fn new_match(conn: &mut DbConn) -> MatchId {
    let created = at("2026-11-29 09:00:00");
    rows::insert(
        conn,
        &rows::NewMatch {
            event_id: None,
            round_no: None,
            table_no: Some(1),
            team_a: None,
            team_b: None,
            name_a: "A",
            name_b: "B",
            status: MatchStatus::Created,
            last_seq: Seq(0),
            created_by: None,
            created_at: created,
            updated_at: created,
        },
    )
    .unwrap()
    .id
}

/// `(seq, closed, ruling)` of each queue row of the match.
fn queue_rows(conn: &mut DbConn, m: MatchId) -> Vec<(i64, bool, Option<String>)> {
    use arbiter::db::schema::challenges::dsl as c;
    let rows: Vec<(i64, Option<NaiveDateTime>, Option<String>)> = c::challenges
        .filter(c::match_id.eq(m))
        .order(c::challenge_seq.asc())
        .select((c::challenge_seq, c::closed_at, c::ruling))
        .load(conn)
        .unwrap();
    rows.into_iter()
        .map(|(seq, closed, ruling)| (seq, closed.is_some(), ruling))
        .collect()
}

#[test]
fn a_batch_writes_queue_rows_once_each_whatever_its_commands_did_to_them() {
    let db = TestDb::fresh();
    let pool = build_pool(&db.url, 2);
    let mut conn = pool.get().unwrap();
    run_migrations(&mut conn).unwrap();
    let m = new_match(&mut conn);

    // Opened and left open; opened and ruled in the same batch (challenge and ruling together).
    let moved = write(
        &mut conn,
        m,
        0,
        &[
            change(m, 1, true, false, None),
            change(m, 2, true, true, Some("r2")),
        ],
    );
    assert_eq!(moved, vec![m]);
    assert_eq!(
        queue_rows(&mut conn, m),
        vec![(1, false, None), (2, true, Some("r2".into()))]
    );

    // Ruled later: only updated. A ruling for a challenge never queued (settled at once) adds no
    // row, and a second ruling does not replace the first (T11).
    write(
        &mut conn,
        m,
        1,
        &[
            change(m, 1, false, true, Some("r1")),
            change(m, 9, false, false, Some("settled")),
            change(m, 2, false, false, Some("again")),
        ],
    );
    assert_eq!(
        queue_rows(&mut conn, m),
        vec![(1, true, Some("r1".into())), (2, true, Some("r2".into()))]
    );

    // Re-opened by a correction: open again, ruling kept.
    write(&mut conn, m, 2, &[change(m, 1, true, false, None)]);
    assert_eq!(queue_rows(&mut conn, m)[0], (1, false, Some("r1".into())));

    // A stale batch (the match is at 3, not 2) writes nothing at all.
    let moved = write(&mut conn, m, 2, &[change(m, 5, true, false, None)]);
    assert!(moved.is_empty());
    assert_eq!(queue_rows(&mut conn, m).len(), 2);
    let last: i64 = arbiter::db::schema::matches::table
        .find(m)
        .select(arbiter::db::schema::matches::last_seq)
        .first(&mut conn)
        .unwrap();
    assert_eq!(last, 3);
}

/// A read error's text with the reason diesel keeps beside it (the field's own error).
fn chain(e: &diesel::result::Error) -> String {
    let reason = match e {
        diesel::result::Error::DeserializationError(inner) => inner
            .downcast_ref::<diesel::result::DeserializeFieldError>()
            .map(|f| f.error.to_string())
            .unwrap_or_default(),
        _ => String::new(),
    };
    format!("{e}: {reason}")
}

#[test]
fn an_unknown_stored_challenge_type_or_pairing_method_is_a_read_error_not_a_default() {
    let db = TestDb::fresh();
    let pool = build_pool(&db.url, 2);
    let mut conn = pool.get().unwrap();
    run_migrations(&mut conn).unwrap();
    let created = at("2026-11-29 09:00:00");
    let m = new_match(&mut conn);
    write(&mut conn, m, 0, &[change(m, 1, true, false, None)]);
    let row = rows::find_challenge_of(&mut conn, m, Seq(1))
        .unwrap()
        .unwrap();
    assert_eq!(row.kind, ChallengeType::Word, "stored and read back");
    diesel::sql_query("UPDATE challenges SET kind = 'phony'")
        .execute(&mut conn)
        .unwrap();
    let err = rows::find_challenge_of(&mut conn, m, Seq(1)).unwrap_err();
    assert!(
        chain(&err).contains("\"phony\" is not a known challenge type"),
        "{}",
        chain(&err)
    );

    let admin = arbiter::services::accounts::create_user(
        &mut conn,
        created_at(),
        "chief",
        "a long password 1",
        true,
    )
    .unwrap();
    let event = arbiter::services::events::create_event(
        &mut conn,
        created_at(),
        admin.id,
        &serde_json::from_value(serde_json::json!({"name": "Stored words"})).unwrap(),
    )
    .unwrap();
    arbiter::db::rounds::insert_round(
        &mut conn,
        &arbiter::db::rounds::NewRound {
            event_id: event.id,
            round_no: 1,
            method: PairingMethod::Swiss,
            status: RoundStatus::Draft,
            pairing_no: 1,
            created_by: Some(admin.id),
            created_at: created,
            updated_at: created,
        },
    )
    .unwrap();
    let rounds = arbiter::db::rounds::rounds_of(&mut conn, event.id).unwrap();
    assert_eq!(rounds[0].method, PairingMethod::Swiss);
    diesel::sql_query("UPDATE rounds SET method = 'dutch'")
        .execute(&mut conn)
        .unwrap();
    let err = arbiter::db::rounds::rounds_of(&mut conn, event.id).unwrap_err();
    assert!(
        chain(&err).contains("\"dutch\" is not a known pairing method"),
        "{}",
        chain(&err)
    );
}
