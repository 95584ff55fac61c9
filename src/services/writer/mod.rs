//! Group commit for match commands.
//!
//! Every table in the hall sends its commands here. Instead of one transaction per command (on
//! SQLite with `synchronous = FULL`, one WAL sync each; on PostgreSQL, a dozen round trips), a
//! writer thread takes whatever commands are waiting, decides them in order on the cached folded
//! states and writes them all at once: the events, the idempotency records, the PIC queue rows
//! and the projection rows, each projection moved only from the seq its decisions started at
//! (the optimistic lock of the one-command path). On PostgreSQL the write is one statement, so
//! a batch costs two round trips (the senders' grants, the write); on SQLite it is one
//! transaction. Each client is answered only after the write committed, so an acknowledged
//! command is as durable as it was with a transaction of its own.
//!
//! A command the rules refuse is answered with its error and writes nothing; the others in the
//! batch go on. Commands decided on a state that was stale (another instance, or the
//! one-command path, moved the match since it was cached) are not written and are run again on
//! their own (`desk::work::execute`), and so are refusals on such a state. If the write itself
//! fails (a repeat of an idempotency key colliding with its first record, or the database),
//! every command of the batch is run again on its own, so one bad command never costs the
//! others their answer.
//!
//! A panic never stops the writer (issue 11: one request used to stop every table of every
//! event). A command that panics while it is decided is refused with a 500 and logged
//! (`desk::decide`); a panic anywhere else in a batch runs its commands again one by
//! one, each guarded, on a fresh connection; and should the loop itself unwind, the thread
//! starts it again. `/healthz` asks the writer to answer ([`CommandWriter::ping`]), so a writer
//! that is gone or stuck shows there.
//!
//! The writer belongs to the match desk (`services::desk`), which starts it: it writes through
//! the desk's one write routine (`Staged::write`), and after each commit hands what changed to
//! the desk (`Core::apply`: the cache, then live pages) before it answers the clients. Here:
//! the queue, the threads and their panic handling; `batch` decides and writes one batch;
//! `tests` misbehave on purpose. Nothing here publishes or touches the cache by itself.

mod batch;

use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};

use crate::config::DatabaseUrl;
use crate::db::{DbConn, Manager};
use crate::error::AppError;
use crate::services::desk::{self, CommandOutcome, CommandRequest, Core, Sender, panic_message};
use batch::{Seats, write_batch};

/// What a command's client gets back.
pub type Reply = Result<CommandOutcome, AppError>;

/// Commands written in one transaction at most (a bound on one transaction's length, and so on
/// the latency a large batch adds to its first command).
const MAX_BATCH: usize = 64;

struct Job {
    match_id: i64,
    sender: Sender,
    req: CommandRequest,
    now: DateTime<Utc>,
    reply: tokio::sync::oneshot::Sender<Reply>,
}

/// What the writer threads are asked to do.
enum Work {
    /// A command to decide and write.
    Command(Box<Job>),
    /// "Are you there?": answered as soon as a writer thread takes it.
    Ping(tokio::sync::oneshot::Sender<()>),
}

/// How a batch is written (the real [`write`]; tests put in one that misbehaves).
type WriteFn = fn(&mut DbConn, &Core, &mut Seats, DateTime<Utc>, &[Job]) -> (Vec<Reply>, u64, bool);

/// The queue of match commands and the threads that write them (see the module docs).
#[derive(Debug)]
pub struct CommandWriter {
    queue: mpsc::Sender<Work>,
    stats: Arc<Counters>,
}

/// What the writer has done since it started (for the load benchmark and operators).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct WriterStats {
    /// Transactions written (batches, and commands rerun alone after a failed batch).
    pub batches: u64,
    /// Commands answered.
    pub commands: u64,
    /// Time spent writing, in microseconds (idle time waiting for commands excluded).
    pub busy_us: u64,
}

#[derive(Debug, Default)]
struct Counters {
    batches: std::sync::atomic::AtomicU64,
    commands: std::sync::atomic::AtomicU64,
    busy_us: std::sync::atomic::AtomicU64,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job")
            .field("match_id", &self.match_id)
            .finish()
    }
}

impl CommandWriter {
    /// Starts `threads` writer threads on `url`, each with its own connection (outside the
    /// request pool: a writer never waits behind readers for a connection, and its connection
    /// is not checked with a round trip before every batch). They stop when the writer is
    /// dropped.
    pub(crate) fn start(url: &DatabaseUrl, core: Core, threads: usize) -> std::io::Result<Self> {
        Self::start_with(url, core, threads, write)
    }

    fn start_with(
        url: &DatabaseUrl,
        core: Core,
        threads: usize,
        write: WriteFn,
    ) -> std::io::Result<Self> {
        let (queue, jobs) = mpsc::channel::<Work>();
        let jobs = Arc::new(Mutex::new(jobs));
        let stats = Arc::new(Counters::default());
        for i in 0..threads.max(1) {
            let (jobs, core, stats) = (jobs.clone(), core.clone(), stats.clone());
            let manager = Manager::new(url.clone());
            std::thread::Builder::new()
                .name(format!("arbiter-writer-{i}"))
                .spawn(move || {
                    // `run` returns when the queue closes (the server stops); should it unwind
                    // instead, it is started again: the writer must outlive any command.
                    while let Err(panic) =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            run(&jobs, &manager, &core, &stats, write)
                        }))
                    {
                        let why = panic_message(panic.as_ref());
                        tracing::error!(panic = %why, "the command writer panicked; restarting it");
                    }
                })?;
        }
        Ok(Self { queue, stats })
    }

    /// Whether a writer thread takes work within `timeout`: false when they are gone or stuck
    /// (for `/healthz`).
    pub async fn ping(&self, timeout: std::time::Duration) -> bool {
        let (tx, rx) = tokio::sync::oneshot::channel();
        if self.queue.send(Work::Ping(tx)).is_err() {
            return false;
        }
        matches!(tokio::time::timeout(timeout, rx).await, Ok(Ok(())))
    }

    /// Counters since start.
    pub fn stats(&self) -> WriterStats {
        use std::sync::atomic::Ordering::Relaxed;
        WriterStats {
            batches: self.stats.batches.load(Relaxed),
            commands: self.stats.commands.load(Relaxed),
            busy_us: self.stats.busy_us.load(Relaxed),
        }
    }

    /// Runs a command and answers once it is committed (or refused). `now` is when the request
    /// arrived; a batch is decided at the latest `now` of its commands.
    pub async fn execute(
        &self,
        now: DateTime<Utc>,
        match_id: i64,
        sender: Sender,
        req: CommandRequest,
    ) -> Reply {
        desk::check_key(&req)?;
        let (reply, answer) = tokio::sync::oneshot::channel();
        self.queue
            .send(Work::Command(Box::new(Job {
                match_id,
                sender,
                req,
                now,
                reply,
            })))
            .map_err(|_| AppError::Unavailable("the server is shutting down".into()))?;
        answer
            .await
            .map_err(|_| AppError::internal("the command writer stopped"))?
    }
}

fn run(
    jobs: &Mutex<mpsc::Receiver<Work>>,
    manager: &Manager,
    core: &Core,
    stats: &Counters,
    write: WriteFn,
) {
    use diesel::r2d2::ManageConnection;
    use std::sync::atomic::Ordering::Relaxed;
    let mut last_now = DateTime::<Utc>::MIN_UTC;
    // Connected on first use, and again after a batch failed (the connection may be why).
    let mut conn: Option<DbConn> = None;
    let mut seats = Seats::default();
    loop {
        let batch = {
            // A thread that unwound while holding the lock left nothing half-done in it.
            let jobs = jobs
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let Ok(first) = jobs.recv() else { return };
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
        // One `now` per batch, never earlier than the last one: commands on one match are
        // decided in order, and a clock must not run backwards between them.
        let now = batch.iter().map(|j| j.now).fold(last_now, DateTime::max);
        last_now = now;
        let started = std::time::Instant::now();
        let written = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match &mut conn {
            Some(c) => write(c, core, &mut seats, now, &batch),
            None => match manager.connect() {
                Ok(c) => write(conn.insert(c), core, &mut seats, now, &batch),
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
                let why = panic_message(panic.as_ref());
                tracing::error!(panic = %why, commands = batch.len(), "a batch panicked; running its commands one by one");
                // The connection may be inside the transaction the panic left.
                conn = None;
                seats = Seats::default();
                let replies = alone(&mut conn, manager, core, now, &batch);
                (replies, batch.len() as u64, true)
            }
        };
        if failed {
            conn = None;
        }
        stats.batches.fetch_add(transactions, Relaxed);
        stats.commands.fetch_add(batch.len() as u64, Relaxed);
        stats
            .busy_us
            .fetch_add(started.elapsed().as_micros() as u64, Relaxed);
        for (job, reply) in batch.into_iter().zip(replies) {
            // The client may have gone; its command stands either way.
            let _ = job.reply.send(reply);
        }
    }
}

/// Runs each command of a batch that panicked on its own, each guarded: one that panics again
/// gets a 500 (and the next one a fresh connection), the others their answers.
fn alone(
    conn: &mut Option<DbConn>,
    manager: &Manager,
    core: &Core,
    now: DateTime<Utc>,
    batch: &[Job],
) -> Vec<Reply> {
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
        let reply = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            desk::execute_one(c, core, now, job.match_id, job.sender, &job.req)
        }));
        replies.push(reply.unwrap_or_else(|panic| {
            let why = panic_message(panic.as_ref());
            tracing::error!(match_id = job.match_id, command = job.req.command.name(), panic = %why, "a match command panicked; refused");
            *conn = None;
            Err(AppError::internal(format!(
                "the {} command on match {} failed: {why}",
                job.req.command.name(),
                job.match_id
            )))
        }));
    }
    replies
}

/// Writes a batch, or failing that each command on its own; one reply per job, in order, the
/// number of transactions it took, and whether the batch failed (the connection may be why).
fn write(
    conn: &mut DbConn,
    core: &Core,
    seats: &mut Seats,
    now: DateTime<Utc>,
    batch: &[Job],
) -> (Vec<Reply>, u64, bool) {
    let one_by_one = |conn: &mut DbConn, job: &Job| {
        desk::execute_one(conn, core, now, job.match_id, job.sender, &job.req)
    };
    match write_batch(conn, core, seats, now, batch) {
        Ok(written) => {
            core.apply(written.changes);
            let mut replies = written.replies;
            for &i in &written.rerun {
                replies[i] = one_by_one(conn, &batch[i]);
            }
            (replies, 1 + written.rerun.len() as u64, false)
        }
        Err(e) => {
            tracing::info!(error = %e, commands = batch.len(), "batch not written; running its commands one by one");
            let replies = batch.iter().map(|j| one_by_one(conn, j)).collect();
            (replies, 1 + batch.len() as u64, true)
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
