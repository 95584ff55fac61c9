//! The command writer's own tests: a panicking batch, a stuck writer, a panicking decision.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::rules::game::Command;
use crate::vocab::MatchId;
use std::sync::{Arc, Mutex};

/// A migrated SQLite database of its own (the desk's tests use one too).
pub(crate) fn database(name: &str) -> DatabaseUrl {
    let dir = std::env::temp_dir().join(format!(
        "arbiter_writer_{name}_{}_{}",
        std::process::id(),
        crate::auth::random_token(4)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let url = DatabaseUrl::parse(&format!("sqlite://{}", dir.join("w.db").display())).unwrap();
    let pool = crate::db::build_pool(&url, 1);
    crate::db::run_migrations(&mut pool.get().unwrap()).unwrap();
    url
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap()
}

fn pass(match_id: MatchId, w: &CommandWriter) -> impl std::future::Future<Output = Reply> + '_ {
    let req = CommandRequest {
        idempotency_key: None,
        expected_seq: None,
        command: Command::Pass { seat: None },
        via: desk::Via::CommandRoute,
        agreed: None,
    };
    w.execute(
        DateTime::from_timestamp(1_796_000_000, 0).unwrap(),
        match_id,
        Sender::System,
        req,
    )
}

/// Writes nothing; panics on any batch with match 13 in it.
fn panics_on_13(
    _: &mut DbConn,
    _: &Core,
    _: &mut Seats,
    _: DateTime<Utc>,
    batch: &[Job],
) -> (Vec<Reply>, u64, bool) {
    assert!(
        batch.iter().all(|j| j.match_id != MatchId(13)),
        "a bug in match 13"
    );
    let replies = batch
        .iter()
        .map(|j| Err(AppError::not_found(format!("no match {}", j.match_id))))
        .collect();
    (replies, 1, false)
}

#[test]
fn a_batch_that_panics_is_answered_and_the_writer_goes_on() {
    let url = database("panic");
    let w = CommandWriter::start_with(&url, Core::offline(), 1, panics_on_13).unwrap();
    runtime().block_on(async {
        // The batch's commands are run again alone (the real path: no match 13 here).
        let answered = pass(MatchId(13), &w).await;
        assert!(
            matches!(answered, Err(AppError::NotFound(_))),
            "{answered:?}"
        );
        let next = pass(MatchId(14), &w).await;
        assert!(matches!(next, Err(AppError::NotFound(_))), "{next:?}");
        assert!(w.ping(std::time::Duration::from_secs(30)).await);
    });
}

static STUCK: Mutex<()> = Mutex::new(());
static ENTERED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Waits for the test to let go of [`STUCK`].
fn stuck(
    _: &mut DbConn,
    _: &Core,
    _: &mut Seats,
    _: DateTime<Utc>,
    batch: &[Job],
) -> (Vec<Reply>, u64, bool) {
    ENTERED.store(true, std::sync::atomic::Ordering::SeqCst);
    drop(STUCK.lock());
    let replies = batch.iter().map(|_| Err(AppError::internal("x"))).collect();
    (replies, 1, false)
}

#[test]
fn a_writer_that_does_not_answer_fails_the_ping() {
    let url = database("stuck");
    let w = CommandWriter::start_with(&url, Core::offline(), 1, stuck).unwrap();
    let rt = runtime();
    assert!(rt.block_on(w.ping(std::time::Duration::from_secs(30))));
    let hold = STUCK.lock().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let w = Arc::new(w);
    let sender = w.clone();
    std::thread::spawn(move || {
        let r = runtime().block_on(pass(MatchId(1), &sender));
        let _ = tx.send(r.is_err());
    });
    while !ENTERED.load(std::sync::atomic::Ordering::SeqCst) {
        std::thread::yield_now();
    }
    // The writer is inside the stuck batch: no ping is answered.
    assert!(!rt.block_on(w.ping(std::time::Duration::from_millis(300))));
    drop(hold);
    assert!(rx.recv().unwrap());
    assert!(rt.block_on(w.ping(std::time::Duration::from_secs(30))));
}

#[test]
fn a_panic_while_deciding_is_a_500_for_that_command_alone() {
    let r: Result<(), AppError> = desk::guarded(MatchId(7), "start", || panic!("overflow"));
    match r {
        Err(AppError::Internal(m)) => assert!(m.contains("overflow") && m.contains("7"), "{m}"),
        other => panic!("{other:?}"),
    }
    assert!(desk::guarded(MatchId(7), "start", || Ok(1)).is_ok());
}

/// The real write, with a panic where the cache and live pages learn the committed batch.
fn panics_after_commit(
    conn: &mut DbConn,
    core: &Core,
    seats: &mut Seats,
    now: DateTime<Utc>,
    batch: &[Job],
) -> (Vec<Reply>, u64, bool) {
    write_then(conn, core, seats, now, batch, |_, _| {
        panic!("a bug after the commit")
    })
}

#[test]
fn a_panic_after_the_commit_answers_the_clients_and_runs_nothing_again() {
    let url = database("after_commit");
    let mut conn = crate::db::build_pool(&url, 1).get().unwrap();
    let now = DateTime::from_timestamp(1_796_000_000, 0).unwrap();
    let desk = desk::Desk::offline();
    let (admin, m) = desk::tests::a_match(&mut conn, &desk, now);
    let created = desk.state(&mut conn, m.id).unwrap().last_seq;
    let w = CommandWriter::start_with(&url, Core::offline(), 1, panics_after_commit).unwrap();
    let start = CommandRequest {
        idempotency_key: None,
        expected_seq: None,
        command: serde_json::from_value(serde_json::json!({"type": "start", "first": "a"}))
            .unwrap(),
        via: desk::Via::CommandRoute,
        agreed: None,
    };
    runtime().block_on(async {
        // Committed, so answered as written: run again, the start would be refused (the match
        // has begun) and its client told so although it was recorded.
        let answered = w.execute(now, m.id, Sender::User(admin), start).await;
        let outcome = answered.expect("the committed command's own answer");
        assert!(outcome.state.last_seq > created);
        assert!(w.ping(std::time::Duration::from_secs(30)).await);
    });
    // Written once.
    let log = desk.state(&mut conn, m.id).unwrap();
    assert_eq!(log.last_seq, created + 1);
}
