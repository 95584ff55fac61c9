//! Where a request's time went on the server, in a `Server-Timing` header (W3C Server Timing;
//! browsers' developer tools show it, and the online benchmark reads it to tell the server's
//! share of a move's latency from the client's and the network's).
//!
//! Stages, each the sum over the request's database calls, in milliseconds:
//! - `app`: from the moment the request reached the application (its head parsed) to its
//!   answer's head (streams: until they open);
//! - `block`: waiting for a thread of the blocking pool (`web::block`);
//! - `pool`: waiting for a pooled connection;
//! - `db`: the database calls themselves (`AppState::db`'s closures), of which
//! - `lock`: waiting for this process's SQLite writer turn (`DbConn::write_tx`),
//! - `commit`: the write transactions' `COMMIT` (on SQLite with `synchronous = FULL`, the WAL's
//!   sync);
//! - `queue`: an online command waiting in the online writer's queue until a writer thread took
//!   it (`services::online::OnlineWriter`; the batch's own work then counts in `db`, its writer
//!   turn and commit in `lock` and `commit`).
//!
//! An online command's answer also names the number of commands its batch wrote:
//! `batch;desc=N` (a count, so no `dur`).
//!
//! The middleware opens a task-local record for the request; `AppState::db` adds to it. Only
//! durations are sent, never what was read.

use std::cell::Cell;
use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;

use crate::db::WriteTiming;

/// A request's stages so far (see the module docs).
#[derive(Debug, Default)]
pub struct Stages {
    block: Cell<Duration>,
    pool: Cell<Duration>,
    db: Cell<Duration>,
    lock: Cell<Duration>,
    commit: Cell<Duration>,
    queue: Cell<Duration>,
    batch: Cell<Option<usize>>,
}

tokio::task_local! {
    static STAGES: Stages;
}

/// Adds one database call's stages to the request's record (nothing outside a request, e.g.
/// the clock sweeper).
pub fn record(block: Duration, pool: Duration, db: Duration, write: WriteTiming) {
    let _ = STAGES.try_with(|s| {
        let add = |c: &Cell<Duration>, d: Duration| c.set(c.get() + d);
        add(&s.block, block);
        add(&s.pool, pool);
        add(&s.db, db);
        add(&s.lock, write.lock);
        add(&s.commit, write.commit);
    });
}

/// Adds an online command's time in the online writer to the request's record: its wait in the
/// queue, the batch's work as a database call, and the batch's size.
pub fn record_writer(t: &crate::services::online::WriterTiming) {
    record(Duration::ZERO, Duration::ZERO, t.db, t.write);
    let _ = STAGES.try_with(|s| {
        s.queue.set(s.queue.get() + t.queue);
        s.batch.set(Some(t.batch));
    });
}

/// Runs `f` on the blocking pool with the stages above measured (for `AppState::db`).
pub(super) async fn blocking<T, F>(f: F) -> Result<T, actix_web::error::BlockingError>
where
    F: FnOnce() -> (T, Duration, Duration, WriteTiming) + Send + 'static,
    T: Send + 'static,
{
    let sent = Instant::now();
    let (out, block, pool, db, write) = actix_web::web::block(move || {
        let block = sent.elapsed();
        let (out, pool, db, write) = f();
        (out, block, pool, db, write)
    })
    .await?;
    record(block, pool, db, write);
    Ok(out)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Middleware: times the request and adds the `Server-Timing` header to its answer.
pub async fn server_timing(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let stages = Stages::default();
    let (res, stages) = STAGES
        .scope(stages, async move {
            let res = next.call(req).await;
            let stages = STAGES.with(|s| Stages {
                block: Cell::new(s.block.get()),
                pool: Cell::new(s.pool.get()),
                db: Cell::new(s.db.get()),
                lock: Cell::new(s.lock.get()),
                commit: Cell::new(s.commit.get()),
                queue: Cell::new(s.queue.get()),
                batch: Cell::new(s.batch.get()),
            });
            (res, stages)
        })
        .await;
    let mut res = res?;
    let mut value = format!(
        "app;dur={:.3}, block;dur={:.3}, pool;dur={:.3}, db;dur={:.3}, lock;dur={:.3}, commit;dur={:.3}, queue;dur={:.3}",
        ms(started.elapsed()),
        ms(stages.block.get()),
        ms(stages.pool.get()),
        ms(stages.db.get()),
        ms(stages.lock.get()),
        ms(stages.commit.get()),
        ms(stages.queue.get()),
    );
    if let Some(n) = stages.batch.get() {
        value.push_str(&format!(", batch;desc={n}"));
    }
    if let Ok(v) = HeaderValue::from_str(&value) {
        res.headers_mut()
            .insert(HeaderName::from_static("server-timing"), v);
    }
    Ok(res)
}
