//! The group-commit queue both writers share: the match commands' ([`super::CommandWriter`]) and
//! the online games' (`services::online::OnlineWriter`).
//!
//! A handler hands a job to the queue and awaits its answer (a oneshot: no pooled connection, no
//! blocking thread while it waits). Writer threads, each with a connection of its own (outside
//! the request pool: a writer never waits behind readers for a connection, and its connection
//! is not checked with a round trip before every batch), take every job waiting, at most
//! [`MAX_BATCH`], and give them to the writer's [`Batches`] to decide and write in one
//! transaction; each job's client is answered only after that write committed (or its job was
//! refused), so an acknowledged command is as durable as with a transaction of its own. What a
//! batch decides and writes is the writer's own (`batch` beside each); here only the queue,
//! the threads, and what happens when something fails:
//!
//! - The database cannot be reached: every job of the batch is answered 503, and the next batch
//!   connects again.
//! - The batch's write fails, or reports the connection may be broken: the next batch gets a
//!   fresh connection (running the batch's jobs alone after a failed write is the writer's own).
//! - A panic while a batch is written (issue 11: one request used to stop every table of every
//!   event) runs its jobs again one by one on the one-command path, each guarded (one that
//!   panics again is refused with a 500), on a fresh connection; after any 500 the next job gets
//!   a fresh connection too (a panic may have left it inside a transaction). A panic let out
//!   after a commit would run the committed jobs again too, so each writer catches its own
//!   once its batch is committed (see their docs).
//! - Should a writer thread's loop itself unwind, the thread starts it again, with the writer's
//!   state made anew: the writer must outlive any command.
//!
//! `/healthz` asks the writer to answer ([`Queue::ping`]), so a writer that is gone or stuck
//! shows there. Threads stop when the queue is dropped.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, mpsc};
use std::time::{Duration, Instant};

use super::WriterStats;
use crate::config::DatabaseUrl;
use crate::db::{DbConn, Manager};
use crate::error::AppError;
use crate::services::desk::panic_message;

/// Jobs written in one transaction at most (a bound on one transaction's length, and so on the
/// latency a large batch adds to its first job).
pub(crate) const MAX_BATCH: usize = 64;

/// What writing a batch gives back: one reply per job, in order; the transactions it took; and
/// whether the connection may be broken (the next batch then gets a fresh one).
pub(crate) type Replies<T> = (Vec<Result<T, AppError>>, u64, bool);

/// What a writer does with the batches its queue takes: one per writer thread, made anew when
/// the thread's loop starts again, so it may keep state between batches.
pub(crate) trait Batches {
    /// A job as the queue carries it (with the oneshot its client awaits).
    type Job: Send + 'static;
    /// A job's answer when it is not refused.
    type Output;
    /// The threads' names, numbered (`arbiter-writer-0`).
    const THREAD: &'static str;
    /// The writer in logs: "the {NAME} panicked; restarting it".
    const NAME: &'static str;
    /// A batch in logs: "{BATCH} panicked; running its commands one by one".
    const BATCH: &'static str;

    /// Called once a batch is taken, before it is written; what it sets up holds for the
    /// batch's jobs run alone too.
    fn begin(&mut self, _batch: &[Self::Job]) {}

    /// Decides and writes the batch (see [`Replies`]). A panic let out is caught by the queue,
    /// which runs every job of the batch again alone, committed or not.
    fn write(&mut self, conn: &mut DbConn, batch: &[Self::Job]) -> Replies<Self::Output>;

    /// Forgets what is kept between batches after one panicked (it may be half updated).
    fn forget(&mut self) {}

    /// Runs one job in a transaction of its own (the one-command path); the queue catches a
    /// panic.
    fn one(&self, conn: &mut DbConn, job: &Self::Job) -> Result<Self::Output, AppError>;

    /// Logs a job whose run alone panicked with `why`, and gives its 500.
    fn refused(&self, job: &Self::Job, why: &str) -> AppError;

    /// Sends each job its reply (the client may have gone; its job stands either way).
    fn answer(
        &mut self,
        batch: Vec<Self::Job>,
        replies: Vec<Result<Self::Output, AppError>>,
        taken: Taken,
    );
}

/// When a batch was taken, and how long writing it took (idle time waiting for jobs excluded).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Taken {
    /// When the thread took the batch.
    pub(crate) started: Instant,
    /// From then until its replies were ready.
    pub(crate) busy: Duration,
}

/// What the writer threads are asked to do.
enum Work<J> {
    /// A job to decide and write.
    Job(Box<J>),
    /// "Are you there?": answered as soon as a writer thread takes it.
    Ping(tokio::sync::oneshot::Sender<()>),
}

/// The sending end of a writer's queue (see the module docs).
pub(crate) struct Queue<J> {
    sender: mpsc::Sender<Work<J>>,
    shared: Arc<Shared<J>>,
}

/// What the queue and its threads share.
struct Shared<J> {
    jobs: Mutex<mpsc::Receiver<Work<J>>>,
    /// Held by [`Queue::hold`]; a thread takes it, for a moment, before each batch.
    gate: Mutex<()>,
    stats: Counters,
}

#[derive(Debug, Default)]
struct Counters {
    batches: AtomicU64,
    commands: AtomicU64,
    busy_us: AtomicU64,
    /// Jobs sent and not yet taken into a batch.
    waiting: AtomicU64,
}

impl<J> std::fmt::Debug for Queue<J> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Queue")
            .field("stats", &self.shared.stats)
            .finish_non_exhaustive()
    }
}

/// A thread that unwound while holding the lock left nothing half done in it.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<J: Send + 'static> Queue<J> {
    /// Starts `threads` writer threads on `url`, each with its own connection and its own
    /// [`Batches`] from `make`.
    pub(crate) fn start<B, F>(url: &DatabaseUrl, threads: usize, make: F) -> std::io::Result<Self>
    where
        B: Batches<Job = J>,
        F: Fn() -> B + Clone + Send + 'static,
    {
        let (sender, jobs) = mpsc::channel::<Work<J>>();
        let shared = Arc::new(Shared {
            jobs: Mutex::new(jobs),
            gate: Mutex::new(()),
            stats: Counters::default(),
        });
        for i in 0..threads.max(1) {
            let (shared, make) = (shared.clone(), make.clone());
            let manager = Manager::new(url.clone());
            std::thread::Builder::new()
                .name(format!("{}-{i}", B::THREAD))
                .spawn(move || {
                    // `run` returns when the queue closes (the server stops); should it unwind
                    // instead, it is started again.
                    while let Err(panic) =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            run(&shared, &manager, &mut make())
                        }))
                    {
                        let why = panic_message(panic.as_ref());
                        tracing::error!(panic = %why, "the {} panicked; restarting it", B::NAME);
                    }
                })?;
        }
        Ok(Self { sender, shared })
    }

    /// Queues a job; a 503 once the server is stopping.
    pub(crate) fn send(&self, job: J) -> Result<(), AppError> {
        self.shared.stats.waiting.fetch_add(1, Relaxed);
        if self.sender.send(Work::Job(Box::new(job))).is_err() {
            self.shared.stats.waiting.fetch_sub(1, Relaxed);
            return Err(AppError::Unavailable("the server is shutting down".into()));
        }
        Ok(())
    }

    /// Whether a writer thread takes work within `timeout`: false when they are gone or stuck
    /// (for `/healthz`).
    pub(crate) async fn ping(&self, timeout: Duration) -> bool {
        let (tx, rx) = tokio::sync::oneshot::channel();
        if self.sender.send(Work::Ping(tx)).is_err() {
            return false;
        }
        matches!(tokio::time::timeout(timeout, rx).await, Ok(Ok(())))
    }

    /// Counters since start.
    pub(crate) fn stats(&self) -> WriterStats {
        let s = &self.shared.stats;
        WriterStats {
            batches: s.batches.load(Relaxed),
            commands: s.commands.load(Relaxed),
            busy_us: s.busy_us.load(Relaxed),
        }
    }

    /// Jobs sent and not yet taken into a batch.
    pub(crate) fn waiting(&self) -> u64 {
        self.shared.stats.waiting.load(Relaxed)
    }

    /// Holds the threads before their next batch until the guard is dropped: the jobs sent
    /// meanwhile wait, and are then taken together (at most [`MAX_BATCH`] to a batch). For
    /// tests that need several jobs in one batch; a queue held does not answer pings.
    pub(crate) fn hold(&self) -> MutexGuard<'_, ()> {
        lock(&self.shared.gate)
    }
}

impl<J> Shared<J> {
    /// The next batch (possibly empty: only pings), or `None` once the queue is closed.
    fn take(&self) -> Option<Vec<J>> {
        let jobs = lock(&self.jobs);
        let first = jobs.recv().ok()?;
        // Waits here while the queue is held (`hold`): what is sent meanwhile is taken with the
        // first.
        drop(lock(&self.gate));
        let mut batch = Vec::new();
        let mut work = Some(first);
        while let Some(w) = work.take() {
            match w {
                Work::Job(job) => batch.push(*job),
                Work::Ping(answer) => {
                    let _ = answer.send(());
                }
            }
            if batch.len() < MAX_BATCH {
                work = jobs.try_recv().ok();
            }
        }
        Some(batch)
    }
}

/// One writer thread's loop, until the queue closes.
fn run<B: Batches>(shared: &Shared<B::Job>, manager: &Manager, batches: &mut B) {
    use diesel::r2d2::ManageConnection;
    // Connected on first use, and again after a batch failed (the connection may be why).
    let mut conn: Option<DbConn> = None;
    loop {
        let Some(batch) = shared.take() else { return };
        if batch.is_empty() {
            continue;
        }
        shared.stats.waiting.fetch_sub(batch.len() as u64, Relaxed);
        batches.begin(&batch);
        let started = Instant::now();
        let written = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match &mut conn {
            Some(c) => batches.write(c, &batch),
            None => match manager.connect() {
                Ok(c) => batches.write(conn.insert(c), &batch),
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
                tracing::error!(panic = %why, commands = batch.len(), "{} panicked; running its commands one by one", B::BATCH);
                // The connection may be inside the transaction the panic left.
                conn = None;
                batches.forget();
                let replies = alone(batches, &mut conn, manager, &batch);
                (replies, batch.len() as u64, true)
            }
        };
        if failed {
            conn = None;
        }
        let busy = started.elapsed();
        let stats = &shared.stats;
        stats.batches.fetch_add(transactions, Relaxed);
        stats.commands.fetch_add(batch.len() as u64, Relaxed);
        stats.busy_us.fetch_add(busy.as_micros() as u64, Relaxed);
        batches.answer(batch, replies, Taken { started, busy });
    }
}

/// Runs each job of a batch that panicked on its own, each guarded: one that panics again gets a
/// 500, the others their answers; after a 500 the next job gets a fresh connection.
fn alone<B: Batches>(
    batches: &B,
    conn: &mut Option<DbConn>,
    manager: &Manager,
    batch: &[B::Job],
) -> Vec<Result<B::Output, AppError>> {
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
        let reply = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| batches.one(c, job)))
            .unwrap_or_else(|panic| Err(batches.refused(job, &panic_message(panic.as_ref()))));
        if matches!(&reply, Err(AppError::Internal(_))) {
            // A panic, or the database: possibly inside a transaction.
            *conn = None;
        }
        replies.push(reply);
    }
    replies
}
