//! Group commit for online games' commands (issue 17), modelled on the match commands' writer
//! (`services::writer`).
//!
//! A move used to be a write transaction of its own (`Desk::write`): on SQLite with
//! `synchronous = FULL` one WAL sync per move behind the process's one writer turn, and while a
//! move waited for that turn it held a pooled connection and a blocking-pool thread, so under
//! load the pool filled with waiting writers and every request queued behind them. Here a
//! move's handler hands the command to a queue and awaits its answer (a oneshot: no pooled
//! connection, no blocking thread). A writer thread with a connection of its own (outside the
//! request pool) takes every command waiting (at most [`MAX_BATCH`]), decides them in order on
//! the games' cached folded states (several commands of one game see each other's effect) and
//! writes them all in one transaction: the events with their idempotency keys, each game's
//! projection moved only from the seq its decisions started at (the optimistic lock of the
//! one-command path), and the ratings of a rated game the batch ends (O4: in the transaction
//! that ends it). After the commit the cache learns the new states, the other instances' caches
//! and the live pages hear of them (`Core::apply`, as for matches), and then each client is
//! answered: a client is answered only once its command is committed.
//!
//! - A command the rules refuse is answered with its error and writes nothing; the others go on.
//! - A command decided on a stale state (another instance, the clock sweeper or the one-command
//!   path moved the game since it was cached: the projection's seq, checked inside the
//!   transaction, is not the one its decisions started at) is not written, and every command
//!   of that game in the batch is run again alone on the one-command path
//!   ([`super::games::command`]); so are refusals on a game whose seq turns out to have moved.
//! - If the batch's write fails (a repeated idempotency key colliding with a record another
//!   instance made meanwhile, the database), nothing of it was written and every command is run
//!   again alone, so one bad command never costs the others their answer.
//! - A repeated idempotency key is applied once: a key recorded before the batch, or applied
//!   earlier in it, is answered with the game as it is.
//! - A panic never stops the writer: a command that panics while it is decided is refused with a
//!   500; a panic elsewhere before the commit runs the batch's commands again one by one, each
//!   guarded; after the commit nothing is run again (that could apply a command twice); and
//!   should the loop itself unwind, the thread starts it again.
//!
//! **PostgreSQL uses the same queue.** It is correct with several instances for the same
//! reasons the match writer is: nothing is locked while deciding, each game's projection moves
//! only from the seq the batch decided on (inside the transaction; a concurrent writer's row
//! lock makes the update wait and then miss), a stale game's commands go down the one-command
//! path, and a key another instance recorded meanwhile fails the write on the unique index and
//! sends the batch one by one. It also helps there: one commit (one WAL flush) per batch, the
//! keys looked up in one query, and a waiting move holds no pooled connection. The batch's
//! games are written in id order, so two instances' batches take their rows in one order.
//!
//! Here: the queue, the threads and their panic handling; `batch` decides and writes one batch;
//! `tests` misbehave on purpose.

mod batch;

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, mpsc};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::GameCache;
use super::games::{self, OnlineGameView};
use super::requests::CommandRequest;
use crate::config::DatabaseUrl;
use crate::db::{DbConn, Manager, WriteTiming};
use crate::error::AppError;
use crate::rules::movegen::WordGraph;
use crate::services::desk::{Core, panic_message};
use crate::services::writer::WriterStats;
use crate::vocab::{OnlineGameId, UserId};

/// What a command's client gets back.
pub type Reply = Result<OnlineGameView, AppError>;

/// Commands written in one transaction at most (a bound on one transaction's length, and so on
/// the latency a large batch adds to its first command).
const MAX_BATCH: usize = 64;

/// Where a command's time went in the writer (the `Server-Timing` stages, `web::timing`).
#[derive(Debug, Default, Clone, Copy)]
pub struct WriterTiming {
    /// Waiting in the queue until a writer thread took the command.
    pub queue: Duration,
    /// The batch's work, from taking it to the answers: deciding, writing, committing.
    pub db: Duration,
    /// Of that, the SQLite writer turn and the `COMMIT` (summed over the batch's transactions).
    pub write: WriteTiming,
    /// Commands in the batch.
    pub batch: usize,
}

/// A command's answer and where its time went.
#[derive(Debug)]
pub struct Answer {
    /// The game as the player sees it, or why the command was refused.
    pub reply: Reply,
    /// The writer's share of the request's time.
    pub timing: WriterTiming,
}

/// A command as the handler hands it over: checked (the key, the text, the player, see
/// `games::ready`), with the game's word graph and the generator its draws come from.
pub struct Submission {
    /// The game.
    pub game: OnlineGameId,
    /// Its sender, one of the game's players.
    pub user: UserId,
    /// What they asked.
    pub req: CommandRequest,
    /// The game's word list's move graph.
    pub graph: Arc<WordGraph>,
    /// The seed of the generator its draws come from (`Dealer::seed`; a command run again
    /// alone draws the same tiles).
    pub seed: [u8; 32],
    /// When the request arrived (the move's time).
    pub now: DateTime<Utc>,
}

struct Job {
    cmd: Submission,
    queued: Instant,
    reply: tokio::sync::oneshot::Sender<Answer>,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job").field("game", &self.cmd.game).finish()
    }
}

/// What the writer threads are asked to do.
enum Work {
    /// A command to decide and write.
    Command(Box<Job>),
    /// "Are you there?": answered as soon as a writer thread takes it.
    Ping(tokio::sync::oneshot::Sender<()>),
}

/// What the writer threads share: the desk's core (publishing) and the online games' cache.
#[derive(Clone)]
struct Ctx {
    core: Core,
    cache: Arc<GameCache>,
}

/// How a batch is written (the real [`write`]; tests put in one that misbehaves): one reply per
/// job, the transactions it took, whether the connection may be broken.
type WriteFn = fn(&mut DbConn, &Ctx, &[Job]) -> (Vec<Reply>, u64, bool);

/// The queue of online commands and the threads that write them (see the module docs).
#[derive(Debug)]
pub struct OnlineWriter {
    queue: mpsc::Sender<Work>,
    stats: Arc<Counters>,
    gate: Arc<Mutex<()>>,
}

#[derive(Debug, Default)]
struct Counters {
    batches: AtomicU64,
    commands: AtomicU64,
    busy_us: AtomicU64,
    /// Commands sent and not yet taken into a batch.
    waiting: AtomicU64,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl OnlineWriter {
    /// Starts `threads` writer threads on `url`, each with its own connection (outside the
    /// request pool), publishing through `core` and keeping games in `cache`. They stop when
    /// the writer is dropped.
    pub(crate) fn start(
        url: &DatabaseUrl,
        core: Core,
        cache: Arc<GameCache>,
        threads: usize,
    ) -> std::io::Result<Self> {
        Self::start_with(url, Ctx { core, cache }, threads, write)
    }

    fn start_with(
        url: &DatabaseUrl,
        ctx: Ctx,
        threads: usize,
        write: WriteFn,
    ) -> std::io::Result<Self> {
        let (queue, jobs) = mpsc::channel::<Work>();
        let jobs = Arc::new(Mutex::new(jobs));
        let stats = Arc::new(Counters::default());
        let gate = Arc::new(Mutex::new(()));
        for i in 0..threads.max(1) {
            let (jobs, ctx, stats, gate) = (jobs.clone(), ctx.clone(), stats.clone(), gate.clone());
            let manager = Manager::new(url.clone());
            std::thread::Builder::new()
                .name(format!("arbiter-online-writer-{i}"))
                .spawn(move || {
                    // `run` returns when the queue closes (the server stops); should it unwind
                    // instead, it is started again: the writer must outlive any command.
                    while let Err(panic) =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            run(&jobs, &manager, &ctx, &stats, &gate, write)
                        }))
                    {
                        let why = panic_message(panic.as_ref());
                        tracing::error!(panic = %why, "the online writer panicked; restarting it");
                    }
                })?;
        }
        Ok(Self { queue, stats, gate })
    }

    /// Whether a writer thread takes work within `timeout`: false when they are gone or stuck
    /// (for `/healthz`).
    pub async fn ping(&self, timeout: Duration) -> bool {
        let (tx, rx) = tokio::sync::oneshot::channel();
        if self.queue.send(Work::Ping(tx)).is_err() {
            return false;
        }
        matches!(tokio::time::timeout(timeout, rx).await, Ok(Ok(())))
    }

    /// Counters since start.
    pub fn stats(&self) -> WriterStats {
        WriterStats {
            batches: self.stats.batches.load(Relaxed),
            commands: self.stats.commands.load(Relaxed),
            busy_us: self.stats.busy_us.load(Relaxed),
        }
    }

    /// Commands sent and not yet taken into a batch.
    pub fn waiting(&self) -> u64 {
        self.stats.waiting.load(Relaxed)
    }

    /// Holds the writer before its next batch until the guard is dropped: the commands sent
    /// meanwhile wait, and are then taken together (at most [`MAX_BATCH`] to a batch). For
    /// tests that need several commands in one batch; a writer held does not answer pings.
    pub fn hold(&self) -> MutexGuard<'_, ()> {
        lock(&self.gate)
    }

    /// Runs a command and answers once it is committed (or refused).
    pub async fn execute(&self, cmd: Submission) -> Result<Answer, AppError> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        self.stats.waiting.fetch_add(1, Relaxed);
        let job = Job {
            cmd,
            queued: Instant::now(),
            reply,
        };
        if self.queue.send(Work::Command(Box::new(job))).is_err() {
            self.stats.waiting.fetch_sub(1, Relaxed);
            return Err(AppError::Unavailable("the server is shutting down".into()));
        }
        answer
            .await
            .map_err(|_| AppError::internal("the online writer stopped"))
    }
}

fn run(
    jobs: &Mutex<mpsc::Receiver<Work>>,
    manager: &Manager,
    ctx: &Ctx,
    stats: &Counters,
    gate: &Mutex<()>,
    write: WriteFn,
) {
    use diesel::r2d2::ManageConnection;
    // Connected on first use, and again after a batch failed (the connection may be why).
    let mut conn: Option<DbConn> = None;
    loop {
        let batch = {
            // A thread that unwound while holding the lock left nothing half-done in it.
            let jobs = lock(jobs);
            let Ok(first) = jobs.recv() else { return };
            // Waits here while the writer is held (`hold`): what is sent meanwhile is taken
            // with the first.
            drop(lock(gate));
            let mut batch = Vec::new();
            let mut work = Some(first);
            while let Some(w) = work.take() {
                match w {
                    Work::Command(job) => batch.push(*job),
                    Work::Ping(answer) => {
                        let _ = answer.send(());
                    }
                }
                if batch.len() < MAX_BATCH {
                    work = jobs.try_recv().ok();
                }
            }
            batch
        };
        if batch.is_empty() {
            continue;
        }
        stats.waiting.fetch_sub(batch.len() as u64, Relaxed);
        let started = Instant::now();
        crate::db::take_write_timing();
        let written = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match &mut conn {
            Some(c) => write(c, ctx, &batch),
            None => match manager.connect() {
                Ok(c) => write(conn.insert(c), ctx, &batch),
                Err(e) => {
                    let message = format!("the database is unavailable: {e}");
                    let replies = batch
                        .iter()
                        .map(|_| Err(AppError::Unavailable(message.clone())))
                        .collect();
                    (replies, 0, true)
                }
            },
        }));
        let (replies, transactions, failed) = match written {
            Ok(done) => done,
            Err(panic) => {
                // `write` commits nothing it has not answered, and catches its own panics once
                // a batch is committed: what panicked here wrote nothing.
                let why = panic_message(panic.as_ref());
                tracing::error!(panic = %why, commands = batch.len(), "an online batch panicked; running its commands one by one");
                conn = None;
                let replies = alone(&mut conn, manager, ctx, &batch);
                (replies, batch.len() as u64, true)
            }
        };
        if failed {
            conn = None;
        }
        let (db, turn) = (started.elapsed(), crate::db::take_write_timing());
        stats.batches.fetch_add(transactions, Relaxed);
        stats.commands.fetch_add(batch.len() as u64, Relaxed);
        stats.busy_us.fetch_add(db.as_micros() as u64, Relaxed);
        let n = batch.len();
        for (job, reply) in batch.into_iter().zip(replies) {
            let timing = WriterTiming {
                queue: started.saturating_duration_since(job.queued),
                db,
                write: turn,
                batch: n,
            };
            // The client may have gone; its command stands either way.
            let _ = job.reply.send(Answer { reply, timing });
        }
    }
}

/// Runs each command of a batch that panicked on its own, each guarded: one that panics again
/// gets a 500 (and the next one a fresh connection), the others their answers.
fn alone(conn: &mut Option<DbConn>, manager: &Manager, ctx: &Ctx, batch: &[Job]) -> Vec<Reply> {
    use diesel::r2d2::ManageConnection;
    let mut replies = Vec::with_capacity(batch.len());
    for job in batch {
        if conn.is_none() {
            match manager.connect() {
                Ok(c) => *conn = Some(c),
                Err(e) => {
                    replies.push(Err(AppError::Unavailable(format!(
                        "the database is unavailable: {e}"
                    ))));
                    continue;
                }
            }
        }
        let Some(c) = conn.as_mut() else {
            replies.push(Err(AppError::internal("no connection")));
            continue;
        };
        let reply = one(c, ctx, &job.cmd);
        if matches!(&reply, Err(AppError::Internal(_))) {
            // Possibly a panic inside a transaction: the next command gets a fresh connection.
            *conn = None;
        }
        replies.push(reply);
    }
    replies
}

/// One command in a transaction of its own (the one-command path), guarded: a panic is a 500.
fn one(conn: &mut DbConn, ctx: &Ctx, cmd: &Submission) -> Reply {
    let graph = || Ok(cmd.graph.clone());
    let mut rng = StdRng::from_seed(cmd.seed);
    guarded(cmd, || {
        games::command(
            conn, &ctx.core, &ctx.cache, &graph, &mut rng, cmd.now, cmd.user, cmd.game, &cmd.req,
        )
    })
}

/// Runs `f`, turning a panic into a 500 for this command alone (logged with its game).
fn guarded<T>(cmd: &Submission, f: impl FnOnce() -> Result<T, AppError>) -> Result<T, AppError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|panic| {
        let why = panic_message(panic.as_ref());
        let name = command_name(&cmd.req);
        tracing::error!(game = cmd.game.0, command = name, panic = %why, "an online command panicked; refused");
        Err(AppError::internal(format!(
            "the {name} command in game {} failed: {why}",
            cmd.game
        )))
    })
}

fn command_name(req: &CommandRequest) -> &'static str {
    use super::requests::PlayerCommand as P;
    match req.command {
        P::Play { .. } => "play",
        P::Exchange { .. } => "exchange",
        P::Pass => "pass",
        P::Resign => "resign",
        P::Hold => "hold",
        P::Challenge { .. } => "challenge",
        P::Accept => "accept",
    }
}

/// Writes a batch, or failing that each command on its own (see the module docs).
fn write(conn: &mut DbConn, ctx: &Ctx, batch: &[Job]) -> (Vec<Reply>, u64, bool) {
    write_with(conn, ctx, batch, batch::decide_and_write)
}

/// How a batch is decided and written (the real [`batch::decide_and_write`]; tests put in one
/// whose write fails).
type BatchFn = fn(&mut DbConn, &Ctx, &[Job]) -> Result<batch::Committed, AppError>;

fn write_with(
    conn: &mut DbConn,
    ctx: &Ctx,
    batch: &[Job],
    decide_and_write: BatchFn,
) -> (Vec<Reply>, u64, bool) {
    let committed = match decide_and_write(conn, ctx, batch) {
        Ok(c) => c,
        Err(e) => {
            // Nothing of the batch was written.
            tracing::info!(error = %e, commands = batch.len(), "online batch not written; running its commands one by one");
            let replies = batch.iter().map(|j| one(conn, ctx, &j.cmd)).collect();
            return (replies, 1 + batch.len() as u64, true);
        }
    };
    let wrote = u64::from(committed.wrote());
    // Committed: from here on nothing may run a written command again, so a panic while the
    // answers are built costs the batch's clients a 500 (a reload shows their move), no more.
    let answered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        batch::answer(conn, ctx, batch, committed)
    }));
    let written = match answered {
        Ok(w) => w,
        Err(panic) => {
            let why = panic_message(panic.as_ref());
            tracing::error!(panic = %why, commands = batch.len(), "answering a committed online batch panicked");
            let replies = batch
                .iter()
                .map(|_| {
                    Err(AppError::internal(format!(
                        "the command may have been recorded, but its answer failed ({why}); reload the game"
                    )))
                })
                .collect();
            return (replies, wrote, true);
        }
    };
    let mut replies = written.replies;
    for &i in &written.rerun {
        replies[i] = one(conn, ctx, &batch[i].cmd);
    }
    (replies, wrote + written.rerun.len() as u64, false)
}

#[cfg(test)]
mod tests;
