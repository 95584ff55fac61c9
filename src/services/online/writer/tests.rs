//! The online writer's own tests: a panicking batch, a stuck writer, a batch whose write fails,
//! a panicking decision. (What it writes is tested through the API: `tests/api/online_writer.rs`.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::services::online::requests::PlayerCommand;
use crate::services::writer::tests::database;
use std::sync::Mutex;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap()
}

fn ctx() -> Ctx {
    Ctx {
        core: Core::offline(),
        cache: Arc::default(),
    }
}

fn pass(game: i64) -> Submission {
    Submission {
        game: OnlineGameId(game),
        user: UserId(1),
        req: CommandRequest {
            command: PlayerCommand::Pass,
            idempotency_key: None,
        },
        graph: Arc::new(WordGraph::from_words([b"QI".as_slice()]).unwrap()),
        seed: [1; 32],
        now: DateTime::from_timestamp(1_796_000_000, 0).unwrap(),
    }
}

async fn send(w: &OnlineWriter, game: i64) -> Answer {
    w.execute(pass(game)).await.unwrap()
}

/// Writes nothing; panics on any batch with game 13 in it.
fn panics_on_13(_: &mut DbConn, _: &Ctx, batch: &[Job]) -> (Vec<Reply>, u64, bool) {
    assert!(
        batch.iter().all(|j| j.cmd.game != OnlineGameId(13)),
        "a bug in game 13"
    );
    let replies = batch
        .iter()
        .map(|j| Err(AppError::not_found(format!("no game {}", j.cmd.game))))
        .collect();
    (replies, 1, false)
}

#[test]
fn a_batch_that_panics_is_answered_and_the_writer_goes_on() {
    let url = database("online_panic");
    let w = OnlineWriter::start_with(&url, ctx(), 1, panics_on_13).unwrap();
    runtime().block_on(async {
        // The batch's commands are run again alone (the real path: no game 13 here).
        let answered = send(&w, 13).await;
        assert!(
            matches!(answered.reply, Err(AppError::NotFound(_))),
            "{:?}",
            answered.reply
        );
        let next = send(&w, 14).await;
        assert!(matches!(next.reply, Err(AppError::NotFound(_))));
        assert!(w.ping(Duration::from_secs(30)).await);
    });
}

static STUCK: Mutex<()> = Mutex::new(());
static ENTERED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Waits for the test to let go of [`STUCK`].
fn stuck(_: &mut DbConn, _: &Ctx, batch: &[Job]) -> (Vec<Reply>, u64, bool) {
    ENTERED.store(true, std::sync::atomic::Ordering::SeqCst);
    drop(STUCK.lock());
    let replies = batch.iter().map(|_| Err(AppError::internal("x"))).collect();
    (replies, 1, false)
}

#[test]
fn a_writer_that_does_not_answer_fails_the_ping() {
    let url = database("online_stuck");
    let w = Arc::new(OnlineWriter::start_with(&url, ctx(), 1, stuck).unwrap());
    let rt = runtime();
    assert!(rt.block_on(w.ping(Duration::from_secs(30))));
    let hold = STUCK.lock().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let sender = w.clone();
    std::thread::spawn(move || {
        let r = runtime().block_on(send(&sender, 1));
        let _ = tx.send(r.reply.is_err());
    });
    while !ENTERED.load(std::sync::atomic::Ordering::SeqCst) {
        std::thread::yield_now();
    }
    // The writer is inside the stuck batch: no ping is answered.
    assert!(!rt.block_on(w.ping(Duration::from_millis(300))));
    drop(hold);
    assert!(rx.recv().unwrap());
    assert!(rt.block_on(w.ping(Duration::from_secs(30))));
}

/// A batch whose write fails (the database, a key recorded meanwhile): nothing was written.
fn fails(_: &mut DbConn, _: &Ctx, _: &[Job]) -> Result<batch::Committed, AppError> {
    Err(AppError::internal("disk I/O error"))
}

fn write_fails(conn: &mut DbConn, ctx: &Ctx, batch: &[Job]) -> (Vec<Reply>, u64, bool) {
    write_with(conn, ctx, batch, fails)
}

#[test]
fn a_batch_whose_write_fails_runs_every_command_alone_in_one_batch() {
    let url = database("online_fails");
    let w = OnlineWriter::start_with(&url, ctx(), 1, write_fails).unwrap();
    let rt = runtime();
    // Three commands taken together (the writer held while they are sent).
    let answers = {
        let held = w.hold();
        rt.block_on(async {
            let all = futures_util::future::join_all([send(&w, 21), send(&w, 22), send(&w, 23)]);
            let release = async {
                while w.waiting() < 3 {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                drop(held);
            };
            futures_util::future::join(all, release).await.0
        })
    };
    // Each was answered by the one-command path (no such games: 404), none lost to the failure.
    for a in &answers {
        assert!(
            matches!(a.reply, Err(AppError::NotFound(_))),
            "{:?}",
            a.reply
        );
        assert_eq!(a.timing.batch, 3);
    }
    let s = w.stats();
    assert_eq!((s.commands, s.batches), (3, 4), "{s:?}");
    assert!(rt.block_on(w.ping(Duration::from_secs(30))));
}

#[test]
fn a_panic_while_deciding_is_a_500_for_that_command_alone() {
    let cmd = pass(7);
    let r: Result<(), AppError> = guarded(&cmd, || panic!("overflow"));
    match r {
        Err(AppError::Internal(m)) => {
            assert!(
                m.contains("overflow") && m.contains('7') && m.contains("pass"),
                "{m}"
            )
        }
        other => panic!("{other:?}"),
    }
    assert!(guarded(&cmd, || Ok(1)).is_ok());
}
