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
//! their own ([`matches::execute`]), and so are refusals on such a state. If the write itself
//! fails (a repeat of an idempotency key colliding with its first record, or the database),
//! every command of the batch is run again on its own, so one bad command never costs the
//! others their answer.
//!
//! A panic never stops the writer (issue 11: one request used to stop every table of every
//! event). A command that panics while it is decided is refused with a 500 and logged
//! ([`matches::decide_on`]); a panic anywhere else in a batch runs its commands again one by
//! one, each guarded, on a fresh connection; and should the loop itself unwind, the thread
//! starts it again. `/healthz` asks the writer to answer ([`CommandWriter::ping`]), so a writer
//! that is gone or stuck shows there.

use std::collections::HashMap;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};

use crate::config::{Backend, DatabaseUrl};
use crate::db::{DbConn, Manager, matches as rows, users};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::game::State;
use crate::services::authz::Grants;
use crate::services::matches::{
    self, CommandOutcome, CommandRequest, Decided, MatchCache, Sender, decide_on,
};
use crate::vocab::{MatchId, Seq, UserId};

/// What a command's client gets back.
pub type Reply = Result<(CommandOutcome, Option<LiveMessage>), AppError>;

/// Commands written in one transaction at most (a bound on one transaction's length, and so on
/// the latency a large batch adds to its first command).
const MAX_BATCH: usize = 64;

struct Job {
    match_id: MatchId,
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
type WriteFn =
    fn(&mut DbConn, &MatchCache, &mut Seats, DateTime<Utc>, &[Job]) -> (Vec<Reply>, u64, bool);

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
    pub fn start(
        url: &DatabaseUrl,
        cache: Arc<MatchCache>,
        threads: usize,
    ) -> std::io::Result<Self> {
        Self::start_with(url, cache, threads, write)
    }

    fn start_with(
        url: &DatabaseUrl,
        cache: Arc<MatchCache>,
        threads: usize,
        write: WriteFn,
    ) -> std::io::Result<Self> {
        let (queue, jobs) = mpsc::channel::<Work>();
        let jobs = Arc::new(Mutex::new(jobs));
        let stats = Arc::new(Counters::default());
        for i in 0..threads.max(1) {
            let (jobs, cache, stats) = (jobs.clone(), cache.clone(), stats.clone());
            let manager = Manager::new(url.clone());
            std::thread::Builder::new()
                .name(format!("arbiter-writer-{i}"))
                .spawn(move || {
                    // `run` returns when the queue closes (the server stops); should it unwind
                    // instead, it is started again: the writer must outlive any command.
                    while let Err(panic) =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            run(&jobs, &manager, &cache, &stats, write)
                        }))
                    {
                        let why = matches::panic_message(panic.as_ref());
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
        match_id: MatchId,
        sender: Sender,
        req: CommandRequest,
    ) -> Reply {
        matches::check_key(&req)?;
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
    cache: &MatchCache,
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
            Some(c) => write(c, cache, &mut seats, now, &batch),
            None => match manager.connect() {
                Ok(c) => write(conn.insert(c), cache, &mut seats, now, &batch),
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
                let why = matches::panic_message(panic.as_ref());
                tracing::error!(panic = %why, commands = batch.len(), "a batch panicked; running its commands one by one");
                // The connection may be inside the transaction the panic left.
                conn = None;
                seats = Seats::default();
                let replies = alone(&mut conn, manager, cache, now, &batch);
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
    cache: &MatchCache,
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
            matches::execute(c, cache, now, job.match_id, job.sender, &job.req)
        }));
        replies.push(reply.unwrap_or_else(|panic| {
            let why = matches::panic_message(panic.as_ref());
            tracing::error!(match_id = job.match_id.0, command = job.req.command.name(), panic = %why, "a match command panicked; refused");
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

/// The seats of the matches the writer has seen (see [`rows::Seat`]): they never change, so a
/// batch reads only the rows of matches new to this writer.
#[derive(Default)]
struct Seats(HashMap<MatchId, rows::Seat>);

impl Seats {
    const MAX: usize = 20_000;

    fn remember(&mut self, seat: rows::Seat) {
        if self.0.len() >= Self::MAX {
            self.0.clear();
        }
        self.0.insert(seat.id, seat);
    }
}

/// Writes a batch, or failing that each command on its own; one reply per job, in order, the
/// number of transactions it took, and whether the batch failed (the connection may be why).
fn write(
    conn: &mut DbConn,
    cache: &MatchCache,
    seats: &mut Seats,
    now: DateTime<Utc>,
    batch: &[Job],
) -> (Vec<Reply>, u64, bool) {
    let one_by_one = |conn: &mut DbConn, job: &Job| {
        matches::execute(conn, cache, now, job.match_id, job.sender, &job.req)
    };
    match write_batch(conn, cache, seats, now, batch) {
        Ok(written) => {
            for (id, state) in written.states {
                cache.put(id, state);
            }
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

struct Written {
    replies: Vec<Reply>,
    states: HashMap<MatchId, State>,
    /// Jobs decided on a state that turned out stale (another writer had moved the match):
    /// nothing of theirs was written, and they are run again on their own.
    rerun: Vec<usize>,
}

/// One match as the batch moves it.
struct Moving {
    seat: rows::Seat,
    /// The state the batch starts from; its seq is the one the projection must still have.
    start: Arc<State>,
    state: Arc<State>,
    /// What the projection row becomes, once a command of this batch moved the match.
    projection: Option<rows::Projection>,
}

/// Decides the batch on the folded states and writes it. An `Err` is the database's failure
/// (nothing of the batch was written); a command the rules refuse is an `Err` in its reply.
///
/// Nothing is locked while deciding: the states come from the cache (read from the log only for
/// matches this writer has not seen current), and the write moves each projection only from the
/// seq its decisions started at, the same optimistic lock as the one-command path. On PostgreSQL
/// the write is one statement committed on its own: two round trips per batch in all (grants,
/// write) instead of a transaction of seven or more.
fn write_batch(
    conn: &mut DbConn,
    cache: &MatchCache,
    seats: &mut Seats,
    now: DateTime<Utc>,
    batch: &[Job],
) -> Result<Written, AppError> {
    let mut ids: Vec<MatchId> = batch.iter().map(|j| j.match_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut moving: HashMap<MatchId, Moving> = HashMap::new();
    let mut unseen = Vec::new();
    for &id in &ids {
        match (seats.0.get(&id), cache.get(id)) {
            (Some(seat), Some(state)) => {
                moving.insert(id, Moving::from(*seat, state));
            }
            _ => unseen.push(id),
        }
    }
    if !unseen.is_empty() {
        for seat in rows::seats(conn, &unseen)? {
            seats.remember(seat);
            let state = matches::load_state(conn, cache, seat.id)?;
            moving.insert(seat.id, Moving::from(seat, state));
        }
    }
    let mut uids: Vec<UserId> = batch
        .iter()
        .filter_map(|j| match j.sender {
            Sender::User(u) => Some(u),
            Sender::System => None,
        })
        .collect();
    uids.sort_unstable();
    uids.dedup();
    let grants: HashMap<UserId, Grants> = users::admin_and_grants_many(conn, &uids)?
        .into_iter()
        .map(|(uid, (admin, g))| (uid, Grants::from_parts(uid, admin, g)))
        .collect();

    // Keys are not looked up before deciding: a repeat of a command that was written earlier
    // either is refused (and then looked up, below) or collides with its record on the unique
    // (match, door, user, key) index when the batch is written, which sends the batch down the
    // one-by-one path, where it is looked up first. Repeats are rare; a lookup per command is
    // not. Either way the sender is authorised first, and a key is only ever the sender's own:
    // another account's command with the same key is a command of its own (issue 11).
    //
    // Keys answered in this batch, by sender and reply index: a repeat gets a copy of that
    // outcome (a key first used in this batch is not in the database until the batch commits).
    let mut answered: HashMap<(MatchId, UserId, String), usize> = HashMap::new();
    let mut replies: Vec<Reply> = Vec::with_capacity(batch.len());
    let mut events = Vec::new();
    let mut records = Vec::new();
    let mut queue = matches::QueueChanges::default();
    let queue_at = crate::db::now_utc();
    // Matches without a seat (absent, or void): run on their own, whose answer says which.
    let mut seatless: Vec<MatchId> = Vec::new();
    for job in batch {
        let Some(m) = moving.get_mut(&job.match_id) else {
            seatless.push(job.match_id);
            replies.push(Err(AppError::not_found(format!(
                "no match {}",
                job.match_id
            ))));
            continue;
        };
        let grants = match job.sender {
            Sender::User(u) => grants.get(&u),
            Sender::System => None,
        };
        let actors = match matches::authorize(&m.seat, grants, job.sender, &job.req) {
            Ok(actors) => actors,
            Err(refused) => {
                replies.push(Err(refused));
                continue;
            }
        };
        if let (Some(key), Sender::User(uid)) = (&job.req.idempotency_key, job.sender) {
            let id = (job.match_id, uid, key.clone());
            if let Some(first) = answered.get(&id).and_then(|i| replies.get(*i)) {
                let again = match first {
                    Ok((first, _)) => Ok((
                        CommandOutcome {
                            replayed: true,
                            ..first.clone()
                        },
                        None,
                    )),
                    Err(_) => Err(AppError::internal(
                        "the first answer to this key could not be rebuilt",
                    )),
                };
                replies.push(again);
                continue;
            }
        }
        let decided = match decide_on(&m.seat, &m.state, &actors, now, job.sender, &job.req) {
            Ok(d) => d,
            Err(refused) => {
                // A refusal may be a repeat of a command this sender had accepted (its seq is
                // stale now): then the client gets the first answer.
                let first = matches::stored_outcome(
                    conn,
                    job.match_id,
                    job.sender,
                    job.req.via,
                    job.req.idempotency_key.as_deref(),
                )?;
                if let (Some(first), Some(key), Sender::User(uid)) =
                    (first, &job.req.idempotency_key, job.sender)
                {
                    answered.insert((job.match_id, uid, key.clone()), replies.len());
                    replies.push(Ok((first, None)));
                } else {
                    replies.push(Err(refused));
                }
                continue;
            }
        };
        let Decided {
            outcome,
            next,
            record,
            live,
        } = decided;
        for e in &outcome.events {
            events.push(rows::NewEventRow::of(job.match_id, e)?);
        }
        if let Some(r) = record {
            if let Some(uid) = r.user_id {
                answered.insert((r.match_id, uid, r.idempotency_key.clone()), replies.len());
            }
            records.push(r);
        }
        queue.record(m.seat.event_id, job.match_id, &m.state, &next, queue_at)?;
        m.state = Arc::new(next);
        m.projection = Some(matches::projection(&outcome.state, now));
        replies.push(Ok((outcome, live)));
    }

    let moves: Vec<rows::Move> = moving
        .iter_mut()
        .filter_map(|(id, m)| {
            let p = m.projection.take()?;
            Some((*id, Seq::from(m.start.last_seq), p))
        })
        .collect();
    let queue = queue.into_rows();
    let moved = if moves.is_empty() {
        Vec::new()
    } else if conn.backend() == Backend::Postgres {
        rows::write_moves(conn, &moves, &events, &records, &queue)?
    } else {
        conn.write_tx(|conn| rows::write_moves(conn, &moves, &events, &records, &queue))?
    };

    // Matches that did not move were decided on a stale state; so were refusals on a match the
    // batch did not move, unless its seq is still the one they were decided at.
    let mut stale: Vec<MatchId> = moves
        .iter()
        .map(|(id, _, _)| *id)
        .filter(|id| !moved.contains(id))
        .collect();
    let mut unverified: Vec<MatchId> = batch
        .iter()
        .zip(&replies)
        .filter(|(j, r)| r.is_err() && moving.contains_key(&j.match_id))
        .map(|(j, _)| j.match_id)
        .filter(|id| !moves.iter().any(|(m, _, _)| m == id))
        .collect();
    unverified.sort_unstable();
    unverified.dedup();
    if !unverified.is_empty() {
        // The batch is written by now: a failure here must not send it down the one-by-one
        // path (that would apply its commands again). Unverified refusals are rerun instead;
        // they wrote nothing.
        match rows::last_seqs(conn, &unverified) {
            Ok(seqs) => {
                for (id, seq) in seqs {
                    if moving
                        .get(&id)
                        .is_some_and(|m| Seq::from(m.start.last_seq) != seq)
                    {
                        stale.push(id);
                    }
                }
            }
            Err(_) => stale.extend(unverified),
        }
    }
    stale.extend(seatless);
    let rerun = batch
        .iter()
        .enumerate()
        .filter(|(_, j)| stale.contains(&j.match_id))
        .map(|(i, _)| i)
        .collect();
    let states = moving
        .into_iter()
        .filter(|(id, _)| moved.contains(id))
        .map(|(id, m)| (id, Arc::unwrap_or_clone(m.state)))
        .collect();
    Ok(Written {
        replies,
        states,
        rerun,
    })
}

impl Moving {
    fn from(seat: rows::Seat, state: Arc<State>) -> Self {
        Self {
            seat,
            start: state.clone(),
            state,
            projection: None,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::rules::game::Command;

    /// A migrated SQLite database of its own.
    fn database(name: &str) -> DatabaseUrl {
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
            via: matches::Via::CommandRoute,
        };
        w.execute(Utc::now(), match_id, Sender::System, req)
    }

    /// Writes nothing; panics on any batch with match 13 in it.
    fn panics_on_13(
        _: &mut DbConn,
        _: &MatchCache,
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
        let w = CommandWriter::start_with(&url, Arc::default(), 1, panics_on_13).unwrap();
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
        _: &MatchCache,
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
        let w = CommandWriter::start_with(&url, Arc::default(), 1, stuck).unwrap();
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
        let r: Result<(), AppError> = matches::guarded(MatchId(7), "start", || panic!("overflow"));
        match r {
            Err(AppError::Internal(m)) => assert!(m.contains("overflow") && m.contains("7"), "{m}"),
            other => panic!("{other:?}"),
        }
        assert!(matches::guarded(MatchId(7), "start", || Ok(1)).is_ok());
    }
}
