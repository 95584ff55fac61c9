//! The batch write of the command writer, straight against the database: on PostgreSQL it is one
//! statement, on SQLite row by row in a transaction, and both must leave the same rows.

use arbiter::db::matches::{self as rows, OpenedChallenge, Projection, QueueChange};
use arbiter::db::{DbConn, build_pool, run_migrations};
use arbiter::vocab::{MatchId, MatchStatus, Seq, Side};
use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::helpers::TestDb;

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
            kind: "word".into(),
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
    let created = at("2026-11-29 09:00:00");
    let m = rows::insert(
        &mut conn,
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
    .id;

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
