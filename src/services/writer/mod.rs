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
//! (`desk::decide`); a panic anywhere else in a batch before its commit runs its commands again
//! one by one, each guarded, on a fresh connection; after the commit nothing is run again: a
//! panic while the cache and live pages learn the batch is logged and its clients are still
//! answered, and each stale command run alone after it is guarded; should the loop itself
//! unwind, the thread starts it again.
//! `/healthz` asks the writer to answer ([`CommandWriter::ping`]), so a writer that is gone or
//! stuck shows there.
//!
//! The writer belongs to the match desk (`services::desk`), which starts it: it writes through
//! the desk's one write routine (`Staged::write`), and after each commit hands what changed to
//! the desk (`Core::apply`: the cache, then live pages) before it answers the clients. Here:
//! what a batch of match commands is to the shared queue; `queue` is that queue, its threads
//! and their panic handling (shared with the online games' writer, `services::online::writer`);
//! `batch` decides and writes one batch; `tests` misbehave on purpose. Nothing here publishes
//! or touches the cache by itself.

mod batch;
pub(crate) mod queue;

use chrono::{DateTime, Utc};

use crate::config::DatabaseUrl;
use crate::db::DbConn;
use crate::error::AppError;
use crate::services::desk::{
    self, Changes, CommandOutcome, CommandRequest, Core, Sender, panic_message,
};
use crate::vocab::MatchId;
use batch::{Seats, write_batch};
use queue::{Queue, Replies, Taken};

/// What a command's client gets back.
pub type Reply = Result<CommandOutcome, AppError>;

struct Job {
    match_id: MatchId,
    sender: Sender,
    req: CommandRequest,
    now: DateTime<Utc>,
    reply: tokio::sync::oneshot::Sender<Reply>,
}

/// How a batch is written (the real [`write`]; tests put in one that misbehaves).
type WriteFn = fn(&mut DbConn, &Core, &mut Seats, DateTime<Utc>, &[Job]) -> Replies<CommandOutcome>;

/// The queue of match commands and the threads that write them (see the module docs).
#[derive(Debug)]
pub struct CommandWriter {
    queue: Queue<Job>,
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

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job")
            .field("match_id", &self.match_id)
            .finish()
    }
}

/// One writer thread's batches of match commands.
struct Commands {
    core: Core,
    write: WriteFn,
    seats: Seats,
    /// The current batch's clock: the latest `now` of its commands, never earlier than the last
    /// batch's (commands on one match are decided in order, and a clock must not run backwards
    /// between them).
    now: DateTime<Utc>,
}

impl queue::Batches for Commands {
    type Job = Job;
    type Output = CommandOutcome;
    const THREAD: &'static str = "arbiter-writer";
    const NAME: &'static str = "command writer";
    const BATCH: &'static str = "a batch";

    fn begin(&mut self, batch: &[Job]) {
        self.now = batch.iter().map(|j| j.now).fold(self.now, DateTime::max);
    }

    fn write(&mut self, conn: &mut DbConn, batch: &[Job]) -> Replies<CommandOutcome> {
        (self.write)(conn, &self.core, &mut self.seats, self.now, batch)
    }

    fn forget(&mut self) {
        self.seats = Seats::default();
    }

    fn one(&self, conn: &mut DbConn, job: &Job) -> Reply {
        desk::execute_one(
            conn,
            &self.core,
            self.now,
            job.match_id,
            job.sender,
            &job.req,
        )
    }

    fn refused(&self, job: &Job, why: &str) -> AppError {
        desk::refused(job.match_id, job.req.command.name(), why)
    }

    fn answer(&mut self, batch: Vec<Job>, replies: Vec<Reply>, _: Taken) {
        for (job, reply) in batch.into_iter().zip(replies) {
            let _ = job.reply.send(reply);
        }
    }
}

impl CommandWriter {
    /// Starts `threads` writer threads on `url`, each with its own connection (see `queue`).
    /// They stop when the writer is dropped.
    pub(crate) fn start(url: &DatabaseUrl, core: Core, threads: usize) -> std::io::Result<Self> {
        Self::start_with(url, core, threads, write)
    }

    fn start_with(
        url: &DatabaseUrl,
        core: Core,
        threads: usize,
        write: WriteFn,
    ) -> std::io::Result<Self> {
        let queue = Queue::start(url, threads, move || Commands {
            core: core.clone(),
            write,
            seats: Seats::default(),
            now: DateTime::<Utc>::MIN_UTC,
        })?;
        Ok(Self { queue })
    }

    /// Whether a writer thread takes work within `timeout`: false when they are gone or stuck
    /// (for `/healthz`).
    pub async fn ping(&self, timeout: std::time::Duration) -> bool {
        self.queue.ping(timeout).await
    }

    /// Counters since start.
    pub fn stats(&self) -> WriterStats {
        self.queue.stats()
    }

    /// Runs a command and answers once it is committed (or refused). `now` is when the request
    /// arrived; a batch is decided at the latest `now` of its commands.
    pub async fn execute(
        &self,
        now: DateTime<Utc>,
        match_id: MatchId,
        sender: Sender,
        req: CommandRequest,
    ) -> Reply {
        desk::check_key(&req)?;
        let (reply, answer) = tokio::sync::oneshot::channel();
        self.queue.send(Job {
            match_id,
            sender,
            req,
            now,
            reply,
        })?;
        answer
            .await
            .map_err(|_| AppError::internal("the command writer stopped"))?
    }
}

/// Writes a batch, or failing that each command on its own; one reply per job, in order, the
/// number of transactions it took, and whether the batch failed (the connection may be why).
fn write(
    conn: &mut DbConn,
    core: &Core,
    seats: &mut Seats,
    now: DateTime<Utc>,
    batch: &[Job],
) -> Replies<CommandOutcome> {
    write_then(conn, core, seats, now, batch, Core::apply)
}

/// [`write`], with what the commit is followed by given (`Core::apply`; a test's panics).
fn write_then(
    conn: &mut DbConn,
    core: &Core,
    seats: &mut Seats,
    now: DateTime<Utc>,
    batch: &[Job],
    apply: impl FnOnce(&Core, Changes),
) -> Replies<CommandOutcome> {
    let one_by_one = |conn: &mut DbConn, job: &Job| {
        desk::execute_one(conn, core, now, job.match_id, job.sender, &job.req)
    };
    match write_batch(conn, core, seats, now, batch) {
        Ok(written) => {
            // Committed: from here on nothing may run a written command again (the queue reruns
            // a batch that panics). A panic while the cache and live pages learn the batch costs
            // them this batch only: a decision on a cached state older than the database's is
            // found stale at its write and run again alone, and pages catch up at their next
            // message. The clients still get their answers.
            let applied = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                apply(core, written.changes)
            }));
            if let Err(panic) = applied {
                tracing::error!(panic = %panic_message(panic.as_ref()), commands = batch.len(), "the cache and live pages missed a committed batch (panic)");
            }
            let mut replies = written.replies;
            for &i in &written.rerun {
                let job = &batch[i];
                replies[i] = desk::guarded(job.match_id, job.req.command.name(), || {
                    one_by_one(conn, job)
                });
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
