//! Group commit for online games' commands (issue 17), modelled on the match commands' writer
//! (`services::writer`).
//!
//! A move used to be a write transaction of its own (`Desk::write`): on SQLite with
//! `synchronous = FULL` one WAL sync per move behind the process's one writer turn, and while a
//! move waited for that turn it held a pooled connection and a blocking-pool thread, so under
//! load the pool filled with waiting writers and every request queued behind them. Here a
//! move's handler hands the command to a queue and awaits its answer (a oneshot: no pooled
//! connection, no blocking thread). A writer thread with a connection of its own (outside the
//! request pool) takes every command waiting (at most `queue::MAX_BATCH`), decides them in
//! order on the games' cached folded states (several commands of one game see each other's
//! effect) and writes them all in one transaction: the events with their idempotency keys, each game's
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
//!   guarded, on a fresh connection (the shared queue's fallback); after the commit nothing is
//!   run again (that could apply a command twice: [`write_with`] catches it, and the batch's
//!   clients get a 500); and should the loop itself unwind, the thread starts it again.
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
//! Here: what a batch of online commands is to the queue both writers share
//! (`services::writer::queue`: the queue, the threads, their restart and panic handling, the
//! ping); `batch` decides and writes one batch; `tests` misbehave on purpose.

mod batch;

use std::sync::{Arc, MutexGuard};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::GameCache;
use super::games::{self, OnlineGameView};
use super::requests::CommandRequest;
use crate::config::DatabaseUrl;
use crate::db::{DbConn, WriteTiming};
use crate::error::AppError;
use crate::rules::movegen::WordGraph;
use crate::services::desk::{Core, panic_message};
use crate::services::writer::WriterStats;
use crate::services::writer::queue::{Batches, Queue, Replies, Taken};
use crate::vocab::{OnlineGameId, UserId};

/// What a command's client gets back.
pub type Reply = Result<OnlineGameView, AppError>;

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

/// What the writer threads share: the desk's core (publishing) and the online games' cache.
#[derive(Clone)]
struct Ctx {
    core: Core,
    cache: Arc<GameCache>,
}

/// How a batch is written (the real [`write`]; tests put in one that misbehaves): one reply per
/// job, the transactions it took, whether the connection may be broken.
type WriteFn = fn(&mut DbConn, &Ctx, &[Job]) -> Replies<OnlineGameView>;

/// The queue of online commands and the threads that write them (see the module docs).
#[derive(Debug)]
pub struct OnlineWriter {
    queue: Queue<Job>,
}

/// One writer thread's batches of online commands.
struct Commands {
    ctx: Ctx,
    write: WriteFn,
}

impl Batches for Commands {
    type Job = Job;
    type Output = OnlineGameView;
    const THREAD: &'static str = "arbiter-online-writer";
    const NAME: &'static str = "online writer";
    const BATCH: &'static str = "an online batch";

    fn begin(&mut self, _: &[Job]) {
        // The batch's SQLite writer turns and commits are counted from here (`answer`).
        crate::db::take_write_timing();
    }

    fn write(&mut self, conn: &mut DbConn, batch: &[Job]) -> Replies<OnlineGameView> {
        (self.write)(conn, &self.ctx, batch)
    }

    fn one(&self, conn: &mut DbConn, job: &Job) -> Reply {
        one(conn, &self.ctx, &job.cmd)
    }

    fn refused(&self, job: &Job, why: &str) -> AppError {
        refused(&job.cmd, why)
    }

    fn answer(&mut self, batch: Vec<Job>, replies: Vec<Reply>, taken: Taken) {
        let turn = crate::db::take_write_timing();
        let n = batch.len();
        for (job, reply) in batch.into_iter().zip(replies) {
            let timing = WriterTiming {
                queue: taken.started.saturating_duration_since(job.queued),
                db: taken.busy,
                write: turn,
                batch: n,
            };
            let _ = job.reply.send(Answer { reply, timing });
        }
    }
}

impl OnlineWriter {
    /// Starts `threads` writer threads on `url`, each with its own connection (see
    /// `services::writer::queue`), publishing through `core` and keeping games in `cache`. They
    /// stop when the writer is dropped.
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
        let queue = Queue::start(url, threads, move || Commands {
            ctx: ctx.clone(),
            write,
        })?;
        Ok(Self { queue })
    }

    /// Whether a writer thread takes work within `timeout`: false when they are gone or stuck
    /// (for `/healthz`).
    pub async fn ping(&self, timeout: Duration) -> bool {
        self.queue.ping(timeout).await
    }

    /// Counters since start.
    pub fn stats(&self) -> WriterStats {
        self.queue.stats()
    }

    /// Commands sent and not yet taken into a batch.
    pub fn waiting(&self) -> u64 {
        self.queue.waiting()
    }

    /// Holds the writer before its next batch until the guard is dropped: the commands sent
    /// meanwhile wait, and are then taken together (at most `queue::MAX_BATCH` to a batch). For
    /// tests that need several commands in one batch; a writer held does not answer pings.
    pub fn hold(&self) -> MutexGuard<'_, ()> {
        self.queue.hold()
    }

    /// Runs a command and answers once it is committed (or refused).
    pub async fn execute(&self, cmd: Submission) -> Result<Answer, AppError> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        self.queue.send(Job {
            cmd,
            queued: Instant::now(),
            reply,
        })?;
        answer
            .await
            .map_err(|_| AppError::internal("the online writer stopped"))
    }
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
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .unwrap_or_else(|panic| Err(refused(cmd, &panic_message(panic.as_ref()))))
}

/// Logs a command that panicked with `why`, and gives its 500.
fn refused(cmd: &Submission, why: &str) -> AppError {
    let name = command_name(&cmd.req);
    tracing::error!(game = cmd.game.0, command = name, panic = %why, "an online command panicked; refused");
    AppError::internal(format!(
        "the {name} command in game {} failed: {why}",
        cmd.game
    ))
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
fn write(conn: &mut DbConn, ctx: &Ctx, batch: &[Job]) -> Replies<OnlineGameView> {
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
) -> Replies<OnlineGameView> {
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
