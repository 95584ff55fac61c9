//! Building and starting the server. Tests call [`run`] with a listener on port 0.

use std::net::TcpListener;
use std::sync::Arc;

use actix_web::dev::Server;
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpServer, web};

use crate::auth::{Keys, LoginThrottle};
use crate::config::Settings;
use crate::error::AppError;
use crate::web::{AppState, errors, routes, session};

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database could not be opened or migrated.
    #[error("database: {0}")]
    Database(String),
    /// The listener or workers could not start.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// Bad configuration.
    #[error("configuration: {0}")]
    Config(String),
}

/// Opens the database, applies migrations, and creates the first administrator when there is no
/// account at all (its password is printed to the log once: the only way in on a fresh install).
pub fn prepare(settings: &Settings) -> Result<AppState, StartError> {
    if settings.database.backend() == crate::config::Backend::Sqlite
        && let Some(parent) = std::path::Path::new(settings.database.target()).parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent)?;
    }
    let pool = crate::db::build_pool(&settings.database, settings.pool_size);
    let mut conn = pool
        .get()
        .map_err(|e| StartError::Database(e.to_string()))?;
    let version =
        crate::db::run_migrations(&mut conn).map_err(|e| StartError::Database(e.to_string()))?;
    tracing::info!(database = settings.database.backend().name(), migration = %version, "database ready");
    bootstrap_admin(&mut conn).map_err(|e| StartError::Database(e.to_string()))?;
    drop(conn);
    AppState::new(pool, settings)
}

/// The composition root: the only place the application state, and the match desk in it, is
/// built. (The web layer adds only a helper for handlers, `AppState::db`.)
impl AppState {
    /// The state for a pool and settings, with the system clock and empty caches.
    pub fn new(pool: crate::db::Pool, settings: &Settings) -> Result<Self, StartError> {
        let keys = Keys::new(&settings.secret).map_err(StartError::Config)?;
        let live = crate::live::Live::default();
        let standings: Arc<crate::services::standings::StandingsCache> = Arc::default();
        let online: Arc<crate::services::online::GameCache> = Arc::default();
        let duplicate: Arc<crate::services::duplicate::GameCache> = Arc::default();
        // Issue 16: a public Duplicate event's live ranking table is rendered (by the web
        // layer's template) when a change is delivered, before its readers are woken.
        let prerender = crate::services::duplicate::Prerender::new(
            live.clone(),
            pool.clone(),
            duplicate.clone(),
            standings.clone(),
            Arc::new(crate::web::pages::duplicate::TableRenderer),
        );
        let relay = (settings.database.backend() == crate::config::Backend::Postgres).then(|| {
            let (live, standings, online) = (live.clone(), standings.clone(), online.clone());
            let prerender = prerender.clone();
            crate::live::spawn_pg_relay(settings.database.target().to_owned(), move |r| match r {
                crate::live::Relay::Live(m) => {
                    crate::services::desk::deliver(&live, &standings, Some(&prerender), m);
                }
                crate::live::Relay::Online(a) => {
                    online.learn(a.game_id, &a.events);
                }
            })
        });
        let publisher =
            crate::services::desk::Publisher::new(live.clone(), standings.clone(), relay)
                .rendering(prerender);
        // One writer thread per instance: SQLite has a single writer anyway, and on PostgreSQL
        // measured two and four threads made smaller batches and a worse tail (BENCHMARKS.md).
        let writers = 1;
        let desk = crate::services::desk::Desk::start(
            &settings.database,
            publisher,
            writers,
            online,
            duplicate,
        )?;
        Ok(AppState {
            pool,
            desk: Arc::new(desk),
            backend: settings.database.backend(),
            keys: Arc::new(keys),
            throttle: Arc::new(LoginThrottle::default()),
            pins: Arc::default(),
            sessions: Arc::default(),
            settings: Arc::new(settings.clone()),
            clock: Arc::new(crate::clock::SystemClock),
            live,
            lexicons: Arc::new(crate::services::lexicons::LexiconStore::new(
                settings.data_dir.clone(),
            )),
            standings,
            online: Arc::default(),
        })
    }
}

fn bootstrap_admin(conn: &mut crate::db::DbConn) -> Result<(), AppError> {
    if crate::db::users::count(conn)? > 0 {
        return Ok(());
    }
    let password = crate::auth::generate_password();
    // Start-up: the system clock is the only one there is yet.
    let now = crate::clock::Clock::now(&crate::clock::SystemClock);
    crate::services::accounts::create_user(conn, now, "admin", &password, true)?;
    // Deliberately the one password ever written to the log: without it nobody can sign in.
    tracing::warn!(
        "no accounts existed: created administrator `admin` with one-time password {password} \
         (create your own with `arbiter admin create`)"
    );
    Ok(())
}

/// Starts the server on `listener`. The returned future runs until the server stops; its
/// handle stops it gracefully (Ctrl-C and SIGTERM do the same, ending live streams at once:
/// call `state.live.close()` first when stopping through the handle).
pub fn run(listener: TcpListener, state: AppState) -> Result<Server, StartError> {
    serve(listener, state, None)
}

/// [`run`] with `workers` worker threads instead of one per core: the tests run many servers
/// at once, each for a handful of connections.
pub fn run_with_workers(
    listener: TcpListener,
    state: AppState,
    workers: usize,
) -> Result<Server, StartError> {
    serve(listener, state, Some(workers))
}

fn serve(
    listener: TcpListener,
    state: AppState,
    workers: Option<usize>,
) -> Result<Server, StartError> {
    if state.settings.sweeper {
        actix_web::rt::spawn(sweep_clocks(state.clone()));
    }
    let timeouts = state.settings.timeouts;
    let live = state.live.clone();
    let data = web::Data::new(state);
    let builder = HttpServer::new(move || {
        App::new()
            .app_data(data.clone())
            .app_data(crate::web::api::json_config())
            .app_data(web::FormConfig::default().limit(256 * 1024))
            .app_data(web::PayloadConfig::default().limit(256 * 1024))
            .wrap(from_fn(crate::web::limits::body_deadline))
            .wrap(from_fn(session::ensure_csrf_cookie))
            .wrap(from_fn(errors::frame))
            .wrap(Compress::default())
            // Outermost: the whole of the server's time, compression included.
            .wrap(from_fn(crate::web::timing::server_timing))
            .configure(routes)
            .default_service(web::to(errors::not_found))
    })
    .client_request_timeout(timeouts.request_head)
    .keep_alive(timeouts.idle_keep_alive)
    .shutdown_timeout(10)
    // Signals are handled below, so that live streams end before the graceful stop waits.
    .disable_signals();
    let builder = match workers {
        Some(n) => builder.workers(n),
        None => builder,
    };
    let server = builder.listen(listener)?.run();
    actix_web::rt::spawn(stop_on_signal(server.handle(), live));
    Ok(server)
}

/// Ctrl-C and SIGTERM: end every live stream (they never finish on their own), then stop
/// gracefully, finishing the requests in flight. SIGQUIT stops at once.
async fn stop_on_signal(handle: actix_web::dev::ServerHandle, live: crate::live::Live) {
    let graceful = wait_for_signal().await;
    if graceful {
        tracing::info!("stopping: ending live streams, finishing requests in flight");
    }
    live.close();
    handle.stop(graceful).await;
}

/// Waits for a stop signal; true for a graceful one (SIGINT, SIGTERM), false for SIGQUIT.
#[cfg(unix)]
async fn wait_for_signal() -> bool {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut term), Ok(mut quit)) =
        (signal(SignalKind::terminate()), signal(SignalKind::quit()))
    else {
        tracing::warn!("cannot listen for SIGTERM; only Ctrl-C stops the server gracefully");
        ctrl_c().await;
        return true;
    };
    tokio::select! {
        _ = ctrl_c() => true,
        _ = term.recv() => true,
        _ = quit.recv() => false,
    }
}

/// Waits for Ctrl-C.
#[cfg(not(unix))]
async fn wait_for_signal() -> bool {
    ctrl_c().await;
    true
}

/// Ctrl-C; never, if it cannot be listened for.
async fn ctrl_c() {
    if tokio::signal::ctrl_c().await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// Records `time_expired` on matches whose clocks ran out, once a second, so live views see a
/// flag fall without anyone touching the match. Nothing ticks in memory: a restart loses nothing.
async fn sweep_clocks(state: AppState) {
    let mut tick = tokio::time::interval(std::time::Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let now = state.clock.now();
        let desk = state.desk.clone();
        if let Err(e) = state.db(move |conn| desk.sweep(conn, now)).await {
            tracing::warn!(error = %e, "clock sweep failed");
        }
        // Online games (seed 001): a loss on time is recorded though nobody moves.
        let (desk, lexicons) = (state.desk.clone(), state.lexicons.clone());
        let swept = state
            .db(move |conn| crate::services::online::sweep(conn, &desk, &lexicons, now))
            .await;
        if let Err(e) = swept {
            tracing::warn!(error = %e, "online clock sweep failed");
        }
    }
}
