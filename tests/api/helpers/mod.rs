//! Test harness: a real server on port 0 with a fresh database per test, stopped when the test
//! ends. Here: databases, servers (in-process and the binary) and live streams; the HTTP client
//! is in `client`, the fixture builder (events, teams, accounts with roles) in `fixtures`.
//!
//! The backend comes from `ARBITER_TEST_DATABASE`: unset means a temporary SQLite file;
//! `postgres://user@host:port` means a fresh PostgreSQL database made (and dropped) per test.

#[path = "../../support/pg.rs"]
mod pg;

use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use arbiter::clock::ManualClock;
use arbiter::config::{DatabaseUrl, Settings};
use diesel::prelude::*;

mod client;
mod fixtures;

pub use client::*;
pub use fixtures::*;

static COUNTER: AtomicU64 = AtomicU64::new(0);

fn unique(prefix: &str) -> String {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    format!(
        "{prefix}_{}_{}_{n}",
        std::process::id(),
        arbiter::auth::random_token(4)
    )
}

/// When the rows a test makes straight in the database were made: a fixed instant, as every
/// `now` the tests hand to services is.
pub fn created_at() -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::from_timestamp(1_796_000_000, 0).unwrap()
}

/// The PostgreSQL server URL to make test databases on, if the run asks for one. Any other
/// value fails the test: taken for "not set", it would run the suite on SQLite and pass.
pub fn postgres_server() -> Option<String> {
    let url = std::env::var("ARBITER_TEST_DATABASE").ok()?;
    assert!(
        url.starts_with("postgres://") || url.starts_with("postgresql://"),
        "ARBITER_TEST_DATABASE={url:?} is not a postgres:// URL"
    );
    Some(url)
}

/// The server the PostgreSQL-only tests use when the run names none.
pub const DEFAULT_POSTGRES: &str = "postgres://postgres@127.0.0.1:5432/test";

/// A database that exists for one test.
pub struct TestDb {
    /// Where it is.
    pub url: DatabaseUrl,
    /// The data directory (SQLite file lives here).
    pub dir: PathBuf,
    pg_admin: Option<(String, String)>,
}

impl TestDb {
    /// A fresh, empty database on the backend this run tests.
    pub fn fresh() -> Self {
        match postgres_server() {
            Some(server) => Self::on_postgres(&server),
            None => {
                let dir = Self::data_dir();
                TestDb {
                    url: DatabaseUrl::parse(&format!(
                        "sqlite://{}",
                        dir.join("arbiter.db").display()
                    ))
                    .unwrap(),
                    dir,
                    pg_admin: None,
                }
            }
        }
    }

    /// A fresh database on PostgreSQL whatever the run tests, for what only PostgreSQL does
    /// (several instances on one database): on `ARBITER_TEST_DATABASE`'s server, else on
    /// [`DEFAULT_POSTGRES`]. Fails, saying how to start one, when there is no server.
    pub fn fresh_postgres() -> Self {
        Self::on_postgres(&postgres_server().unwrap_or_else(|| DEFAULT_POSTGRES.to_owned()))
    }

    fn data_dir() -> PathBuf {
        let dir = std::env::temp_dir().join(unique("arbiter_test"));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn on_postgres(server: &str) -> Self {
        let name = unique("arbiter_t");
        let mut admin = PgConnection::establish(server).unwrap_or_else(|e| {
            panic!(
                "cannot connect to the PostgreSQL test server {server}: {e}\n\
                 This test needs PostgreSQL. Start the local one with\n  \
                 pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n\
                 or set ARBITER_TEST_DATABASE=postgres://USER@HOST:PORT/DB to use another."
            )
        });
        diesel::sql_query(format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .unwrap();
        let url = pg::database_url(server, &name);
        TestDb {
            url: DatabaseUrl::parse(&url).unwrap(),
            dir: Self::data_dir(),
            pg_admin: Some((server.to_owned(), name)),
        }
    }

    /// The URL as the command line takes it.
    pub fn url_string(&self) -> String {
        match self.url.backend() {
            arbiter::config::Backend::Sqlite => format!("sqlite://{}", self.url.target()),
            arbiter::config::Backend::Postgres => self.url.target().to_owned(),
        }
    }
}

impl TestDb {
    fn pids(&self, filter: &str) -> Vec<i32> {
        use diesel::sql_types::{Array, Integer};
        let mut conn = PgConnection::establish(self.url.target()).unwrap();
        diesel::select(diesel::dsl::sql::<Array<Integer>>(&format!(
            "coalesce(array_agg(pid), '{{}}'::int4[]) FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid() {filter}"
        )))
        .get_result(&mut conn)
        .unwrap()
    }

    /// PostgreSQL only: the server processes of every session on this database now.
    pub fn pg_sessions(&self) -> Vec<i32> {
        self.pids("")
    }

    /// PostgreSQL only: the sessions whose last statement was `LISTEN` (instances' live relays
    /// that have not announced anything since).
    pub fn pg_listeners(&self) -> Vec<i32> {
        self.pids("AND query ILIKE 'LISTEN%'")
    }

    /// PostgreSQL only: ends the session `pid` (as a lost connection would) and waits until it
    /// is gone.
    pub fn pg_terminate(&self, pid: i32) {
        let mut conn = PgConnection::establish(self.url.target()).unwrap();
        diesel::sql_query("SELECT pg_terminate_backend($1)")
            .bind::<diesel::sql_types::Integer, _>(pid)
            .execute(&mut conn)
            .unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
        while self.pg_sessions().contains(&pid) {
            assert!(
                std::time::Instant::now() < deadline,
                "session {pid} still there"
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    /// PostgreSQL only: waits until a session not among `before` has run `LISTEN` (an
    /// instance's live relay started since), so that what others announce reaches it.
    pub fn wait_for_new_listener(&self, before: &[i32]) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
        while std::time::Instant::now() < deadline {
            let listening = self.pids("AND query ILIKE 'LISTEN%'");
            if listening.iter().any(|p| !before.contains(p)) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("no new session listened on the database");
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some((server, name)) = &self.pg_admin
            && let Ok(mut admin) = PgConnection::establish(server)
        {
            let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut admin);
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A running server and a client for it. Dropping it stops the server, then drops its database.
pub struct TestApp {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The server's secret, to forge tokens in tests.
    pub secret: Vec<u8>,
    /// The server's state (to watch live subscribers, publish, or start a second instance).
    pub state: arbiter::web::AppState,
    /// The clock the server reads, when the test asked to move it by hand.
    clock: Option<Arc<ManualClock>>,
    // Kept for its Drop, which stops the server. Declared before `db`: fields drop in order,
    // and the server must stop before its database is dropped.
    _server: Server,
    /// Its database.
    pub db: TestDb,
}

/// Settings for a test server on `db`.
pub fn settings_for(db: &TestDb) -> Settings {
    Settings {
        bind: "127.0.0.1:0".into(),
        data_dir: db.dir.clone(),
        database: db.url.clone(),
        secret: arbiter::auth::random_token(32).into_bytes(),
        session_hours: 2,
        pool_size: 8,
        sweeper: false,
        secure_cookies: false,
        timeouts: arbiter::config::Timeouts::default(),
    }
}

/// Starts a server on a fresh database (`TestApp::builder()` for other settings).
pub fn spawn_app() -> TestApp {
    TestApp::builder().spawn()
}

/// How a test server is made: `TestApp::builder().manual_clock().spawn()`.
#[derive(Default)]
#[must_use]
pub struct AppBuilder {
    clock: bool,
    postgres: bool,
    sweeper: bool,
    dealer_seed: Option<u64>,
    tweaks: Vec<SettingsTweak>,
}

/// A change to a test server's settings, made before it prepares.
type SettingsTweak = Box<dyn FnOnce(&mut Settings)>;

impl AppBuilder {
    /// A clock that stands still until the test moves it ([`TestApp::clock`]).
    pub fn manual_clock(mut self) -> Self {
        self.clock = true;
        self
    }

    /// A manual clock and the background clock sweeper running.
    pub fn sweeper(mut self) -> Self {
        self.sweeper = true;
        self.manual_clock()
    }

    /// Online games dealt from a generator seeded with `seed` (the same tiles every run).
    pub fn dealer_seed(mut self, seed: u64) -> Self {
        self.dealer_seed = Some(seed);
        self
    }

    /// A PostgreSQL database even when the run tests SQLite ([`TestDb::fresh_postgres`]).
    pub fn postgres(mut self) -> Self {
        self.postgres = true;
        self
    }

    /// Settings changed by `f` before the server prepares.
    pub fn settings(mut self, f: impl FnOnce(&mut Settings) + 'static) -> Self {
        self.tweaks.push(Box::new(f));
        self
    }

    /// Prepares the server on a fresh database and starts it.
    pub fn spawn(self) -> TestApp {
        let db = if self.postgres {
            TestDb::fresh_postgres()
        } else {
            TestDb::fresh()
        };
        let mut settings = settings_for(&db);
        settings.sweeper = self.sweeper;
        for tweak in self.tweaks {
            tweak(&mut settings);
        }
        let mut state = arbiter::startup::prepare(&settings).expect("server prepares");
        let clock = self
            .clock
            .then(|| Arc::new(ManualClock::new(chrono::Utc::now())));
        if let Some(c) = &clock {
            state.clock = c.clone();
        }
        if let Some(seed) = self.dealer_seed {
            state.online = Arc::new(arbiter::services::online::Online::new(
                arbiter::services::online::Dealer::seeded(seed),
            ));
        }
        let server = start(state.clone());
        TestApp {
            base: server.base.clone(),
            secret: settings.secret,
            state,
            clock,
            _server: server,
            db,
        }
    }
}

/// Worker threads per test server: many servers run at once, each serving one test's few
/// connections (the default is one per core).
const TEST_WORKERS: usize = 1;

/// A server running on its own thread. Dropping it stops the server (at once: the test is
/// over) and waits for the thread.
pub struct Server {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    handle: actix_web::dev::ServerHandle,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        // The stop command is sent when `stop` is called; the future only waits for the
        // acknowledgement, which the thread's end below stands for.
        drop(self.handle.stop(false));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Starts a server for a prepared state on its own thread.
pub fn start(state: arbiter::web::AppState) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let (handle_tx, handle_rx) = std::sync::mpsc::channel();
    let thread = std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let server = arbiter::startup::run_with_workers(listener, state, TEST_WORKERS)
                .expect("server starts");
            handle_tx.send(server.handle()).unwrap();
            let _ = server.await;
        })
    });
    Server {
        base: format!("http://127.0.0.1:{port}"),
        handle: handle_rx
            .recv()
            .expect("the server thread hands over its handle"),
        thread: Some(thread),
    }
}

/// The `arbiter` binary serving on a free port, logging to `log`. Dropping it kills the
/// process (a test that stops it itself waits on `child`).
pub struct Binary {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// Its stdout and stderr.
    pub log: PathBuf,
    /// The process.
    pub child: std::process::Child,
}

impl Binary {
    /// `arbiter serve` on `db` at `RUST_LOG=rust_log`, waited for until it answers `/healthz`
    /// (the client panics on a refused connection, and a busy machine may take more than a
    /// moment to start the server).
    pub fn spawn(db: &TestDb, rust_log: &str) -> Self {
        let port = free_port();
        let log = db.dir.join("server.log");
        let file = std::fs::File::create(&log).unwrap();
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
            .env("ARBITER_DATA_DIR", &db.dir)
            .env("DATABASE_URL", db.url_string())
            .env("RUST_LOG", rust_log)
            .stdout(file.try_clone().unwrap())
            .stderr(file)
            .spawn()
            .unwrap();
        let server = Binary {
            base: format!("http://127.0.0.1:{port}"),
            log,
            child,
        };
        let ready = (0..300).any(|_| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
                && Client::new(&server.base).get("/healthz").status == 200
        });
        assert!(ready, "the server did not start");
        server
    }

    /// Kills the process and waits for it.
    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Binary {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A port nobody listens on just now.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A live stream (server-sent events) read on a raw connection.
pub struct LiveStream {
    stream: std::net::TcpStream,
    /// Everything received so far, headers included.
    pub text: String,
}

impl LiveStream {
    /// How long a read may wait for what a test expects before giving up (the test then fails
    /// on what it got; this bounds a hang, it is not a timing assertion).
    const PATIENCE: std::time::Duration = std::time::Duration::from_secs(15);

    /// Opens `path` and returns once the response's headers have arrived: the handler has
    /// subscribed by then, so any change made after this is heard.
    pub fn open(base: &str, path: &str, last_event_id: Option<&str>) -> Self {
        let addr = base.trim_start_matches("http://");
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        let extra = last_event_id
            .map(|id| format!("Last-Event-ID: {id}\r\n"))
            .unwrap_or_default();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n{extra}\r\n"
        )
        .unwrap();
        let mut live = LiveStream {
            stream,
            text: String::new(),
        };
        live.read_until(|t| t.contains("\r\n\r\n"));
        live
    }

    /// Reads until `done` holds for everything received, the server ends the stream, or
    /// [`Self::PATIENCE`] passes; returns everything received.
    pub fn read_until(&mut self, done: impl Fn(&str) -> bool) -> String {
        let deadline = std::time::Instant::now() + Self::PATIENCE;
        let mut buf = [0u8; 4096];
        while !done(&self.text) {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                break;
            }
            self.stream.set_read_timeout(Some(left)).unwrap();
            match self.stream.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => self.text.push_str(&String::from_utf8_lossy(&buf[..n])),
            }
        }
        self.text.clone()
    }
}

impl TestApp {
    /// How to make a server with other settings than [`spawn_app`]'s.
    pub fn builder() -> AppBuilder {
        AppBuilder::default()
    }

    /// A client for this server.
    pub fn client(&self) -> Client {
        Client::new(&self.base)
    }

    /// The clock the server reads; the app must have been built with a manual clock.
    pub fn clock(&self) -> &Arc<ManualClock> {
        self.clock
            .as_ref()
            .expect("built with TestApp::builder().manual_clock()")
    }

    /// Makes an account directly in the database (made at [`created_at`]).
    pub fn create_user(&self, username: &str, password: &str, admin: bool) -> i64 {
        let pool = arbiter::db::build_pool(&self.db.url, 1);
        let mut conn = pool.get().unwrap();
        arbiter::services::accounts::create_user(&mut conn, created_at(), username, password, admin)
            .unwrap()
            .id
            .0
    }

    /// A Bearer token for an account, through the API.
    pub fn token(&self, username: &str, password: &str) -> String {
        let res = self.client().post_json(
            "/api/v1/auth/token",
            &serde_json::json!({"username": username, "password": password}),
        );
        assert_eq!(res.status, 200, "{}", res.body);
        res.json()["token"].as_str().unwrap().to_owned()
    }
}
