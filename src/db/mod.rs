//! Storage: the connection pool over SQLite or PostgreSQL, the schema, how the vocabulary's
//! types are stored ([`types`]), and one query module per aggregate.
//!
//! Query functions take `&mut DbConn`, never the pool, so a service can run several of them
//! inside one transaction. They take and return the typed ids and enums of `crate::vocab`, and
//! return `diesel::QueryResult`: turning a database error into an HTTP answer is the services'
//! and the web layer's business (`AppError: From<diesel::result::Error>`). Nothing here imports
//! `services` or `web`.

pub mod committee;
pub mod duplicate;
pub mod events;
pub mod individual;
pub mod matches;
pub mod online;
pub mod pins;
pub mod rounds;
pub mod schema;
pub mod sessions;
pub mod types;
pub mod users;

use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{self, ManageConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use crate::config::{Backend, DatabaseUrl};

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// One connection to either backend.
#[derive(diesel::MultiConnection)]
pub enum DbConn {
    /// The embedded default.
    Sqlite(diesel::SqliteConnection),
    /// The scale-out backend.
    Pg(diesel::PgConnection),
}

impl DbConn {
    /// Which engine is behind this connection.
    pub fn backend(&self) -> Backend {
        match self {
            DbConn::Sqlite(_) => Backend::Sqlite,
            DbConn::Pg(_) => Backend::Postgres,
        }
    }

    /// Runs `f` in a write transaction. On SQLite this is `BEGIN IMMEDIATE`: a deferred
    /// read-then-write transaction would fail with "database is locked" under concurrent writers
    /// even with a busy timeout, because SQLite cannot upgrade a reader that others have passed.
    pub fn write_tx<T, E, F>(&mut self, f: F) -> Result<T, E>
    where
        F: FnOnce(&mut DbConn) -> Result<T, E>,
        E: From<diesel::result::Error>,
    {
        use diesel::connection::{AnsiTransactionManager, TransactionManager};
        // The query functions take `&mut DbConn`, so the transaction is opened on the inner
        // SQLite connection by hand (as `immediate_transaction` does) and `f` gets the wrapper;
        // nested `transaction` calls inside `f` become savepoints on the same state.
        let DbConn::Sqlite(inner) = self else {
            return self.transaction(f);
        };
        // Already inside a write transaction (one service composing another, e.g. a round
        // creating its matches): nest as a savepoint, which `transaction` does at depth > 0.
        if AnsiTransactionManager::transaction_manager_status_mut(inner)
            .transaction_depth()?
            .is_some()
        {
            return self.transaction(f);
        }
        // SQLite has one writer at a time. Writers of this process queue here, in turn, rather
        // than sleeping in busy_timeout's back-off steps (1 to 100 ms), which made the latency
        // tail under load; busy_timeout still covers other processes (the CLI, a backup).
        let asked = std::time::Instant::now();
        let _turn = SQLITE_WRITER
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        add_write_timing(asked.elapsed(), std::time::Duration::ZERO);
        let DbConn::Sqlite(inner) = self else {
            return self.transaction(f);
        };
        AnsiTransactionManager::begin_transaction_sql(inner, "BEGIN IMMEDIATE")?;
        let result = f(self);
        match (self, result) {
            (DbConn::Sqlite(inner), Ok(value)) => {
                let committing = std::time::Instant::now();
                let committed = AnsiTransactionManager::commit_transaction(inner);
                add_write_timing(std::time::Duration::ZERO, committing.elapsed());
                if let Err(e) = committed {
                    let _ = AnsiTransactionManager::rollback_transaction(inner);
                    return Err(e.into());
                }
                Ok(value)
            }
            (DbConn::Sqlite(inner), Err(e)) => {
                AnsiTransactionManager::rollback_transaction(inner)?;
                Err(e)
            }
            // A connection does not change backend while `f` runs.
            (DbConn::Pg(_), result) => result,
        }
    }
}

/// The in-process queue of SQLite writers (see `DbConn::write_tx`).
static SQLITE_WRITER: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Where this thread's SQLite write transactions spent their time since the last
/// [`take_write_timing`] (the `Server-Timing` header's `lock` and `commit`, `web::timing`).
#[derive(Debug, Default, Clone, Copy)]
pub struct WriteTiming {
    /// Waiting for the writer turn ([`DbConn::write_tx`]'s queue).
    pub lock: Duration,
    /// `COMMIT` (the WAL's sync with `synchronous = FULL`).
    pub commit: Duration,
}

thread_local! {
    static WRITE_TIMING: std::cell::Cell<WriteTiming> = std::cell::Cell::new(WriteTiming::default());
}

fn add_write_timing(lock: Duration, commit: Duration) {
    WRITE_TIMING.with(|t| {
        let mut v = t.get();
        v.lock += lock;
        v.commit += commit;
        t.set(v);
    });
}

/// This thread's write timing since the last call, which starts it again from zero.
pub fn take_write_timing() -> WriteTiming {
    WRITE_TIMING.with(|t| t.replace(WriteTiming::default()))
}

/// A pooled connection.
pub type PooledConn = r2d2::PooledConnection<Manager>;
/// The pool every request borrows from.
pub type Pool = r2d2::Pool<Manager>;

/// Opens connections to the configured backend itself, so that a failure reports the driver's
/// own message (the derive's `establish` tries every backend and hides the real error), and so
/// that every SQLite connection gets its pragmas.
#[derive(Debug, Clone)]
pub struct Manager {
    url: DatabaseUrl,
}

impl Manager {
    /// A manager for `url` (the pool's, or a long-lived connection of its own).
    pub fn new(url: DatabaseUrl) -> Self {
        Self { url }
    }
}

/// Why a connection could not be made or kept.
#[derive(Debug, thiserror::Error)]
pub enum ConnError {
    /// The driver refused to connect.
    #[error(transparent)]
    Connection(#[from] diesel::ConnectionError),
    /// A set-up statement or health query failed.
    #[error(transparent)]
    Query(#[from] diesel::result::Error),
}

impl ManageConnection for Manager {
    type Connection = DbConn;
    type Error = ConnError;

    fn connect(&self) -> Result<DbConn, ConnError> {
        match self.url.backend() {
            Backend::Sqlite => {
                let mut c = diesel::SqliteConnection::establish(self.url.target())?;
                // WAL lets readers run beside the one writer; busy_timeout makes writers queue
                // instead of failing; foreign keys are off by default in SQLite. `synchronous =
                // FULL` syncs the WAL at every commit: an acknowledged ruling survives a power cut
                // at the venue, not only a crash of the process (NORMAL would lose the last
                // commits). The command writer's group commit pays that sync once per batch.
                c.batch_execute(
                    "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
                     PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON;",
                )?;
                Ok(DbConn::Sqlite(c))
            }
            Backend::Postgres => Ok(DbConn::Pg(diesel::PgConnection::establish(
                self.url.target(),
            )?)),
        }
    }

    fn is_valid(&self, conn: &mut DbConn) -> Result<(), ConnError> {
        conn.batch_execute("SELECT 1").map_err(ConnError::from)
    }

    fn has_broken(&self, _conn: &mut DbConn) -> bool {
        false
    }
}

/// Builds the pool. It does not connect eagerly, so a server whose database is down still starts
/// and reports 503 on `/healthz` until the database is back.
pub fn build_pool(url: &DatabaseUrl, size: u32) -> Pool {
    r2d2::Pool::builder()
        .max_size(size)
        .min_idle(Some(0))
        .connection_timeout(Duration::from_secs(5))
        .build_unchecked(Manager::new(url.clone()))
}

/// Applies pending migrations and returns the newest applied version.
pub fn run_migrations(
    conn: &mut DbConn,
) -> Result<String, Box<dyn std::error::Error + Send + Sync>> {
    match conn {
        DbConn::Sqlite(c) => {
            c.run_pending_migrations(SQLITE_MIGRATIONS)?;
        }
        DbConn::Pg(c) => {
            c.run_pending_migrations(POSTGRES_MIGRATIONS)?;
        }
    }
    Ok(migration_version(conn)?.unwrap_or_default())
}

/// The newest migration version recorded in the database, if any.
pub fn migration_version(
    conn: &mut DbConn,
) -> Result<Option<String>, Box<dyn std::error::Error + Send + Sync>> {
    let versions = match conn {
        DbConn::Sqlite(c) => c.applied_migrations()?,
        DbConn::Pg(c) => c.applied_migrations()?,
    };
    Ok(versions.into_iter().map(|v| v.to_string()).max())
}
