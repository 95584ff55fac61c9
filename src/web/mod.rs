//! The web layer: how people and programs reach Arbiter over HTTP.
//!
//! - `pages/`: server-rendered pages (askama), one module per audience (table, PIC,
//!   committee, director, captains and the public, accounts);
//! - `api/`: the JSON API under `/api/v1`, split by the same audiences;
//! - `live`: server-sent events for live pages; `session`: who is asking, and CSRF;
//!   `errors`, `limits`, `assets`: error pages and JSON errors, body time limits, static files.
//!
//! Every URL the server answers is in the one route table below ([`routes`]), in one place so
//! its order (actix tries routes in turn) and its security review stay readable. Handlers are
//! thin: they parse input into service types, call services in one `web::block`, and render a
//! page or JSON. Nothing here is imported by `services`, `db` or `rules`.

pub mod api;
pub mod assets;
pub mod errors;
pub mod i18n;
pub mod limits;
pub mod live;
pub mod messages;
pub mod pages;
mod routes_api;
mod routes_pages;
pub mod session;
pub mod timing;

use std::sync::Arc;

use actix_web::web;

use crate::auth::{Keys, LoginThrottle};
use crate::config::{Backend, Settings};
use crate::db::Pool;
use crate::error::AppError;

/// What every handler may use; cloned cheaply per worker. Built in one place,
/// `startup::AppState::new` (the composition root); a match changes only through `desk`.
#[derive(Clone)]
pub struct AppState {
    /// Database connections.
    pub pool: Pool,
    /// Which backend the pool talks to.
    pub backend: Backend,
    /// Token and CSRF keys.
    pub keys: Arc<Keys>,
    /// Failed-login bookkeeping.
    pub throttle: Arc<LoginThrottle>,
    /// Wrong players' PINs (phone slips of Duplicate and individual events).
    pub pins: Arc<crate::services::pins::PinThrottle>,
    /// Recent session checks (see `services::sessions`).
    pub sessions: Arc<crate::services::sessions::SessionCache>,
    /// Start-up settings.
    pub settings: Arc<Settings>,
    /// Where `now` comes from (a manual clock in tests): the one clock; every `now` handed to
    /// services and the desk is read from it.
    pub clock: Arc<dyn crate::clock::Clock>,
    /// The match desk: the one door through which a match changes (its cache, the command
    /// writer, the publisher of committed changes).
    pub desk: Arc<crate::services::desk::Desk>,
    /// Committed changes, for live pages (the desk publishes; streams subscribe here).
    pub live: crate::live::Live,
    /// Word lists per event.
    pub lexicons: Arc<crate::services::lexicons::LexiconStore>,
    /// Recently computed standings (dropped by the desk when a change moves them).
    pub standings: Arc<crate::services::standings::StandingsCache>,
    /// Online play's dealer and registration limit (seed 001).
    pub online: Arc<crate::services::online::Online>,
}

impl AppState {
    /// Runs `f` with a pooled connection on the blocking thread pool: diesel and `pool.get()`
    /// itself block, and must not stall the async executor.
    pub async fn db<T, F>(&self, f: F) -> Result<T, AppError>
    where
        F: FnOnce(&mut crate::db::DbConn) -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.pool.clone();
        timing::blocking(move || {
            let asked = std::time::Instant::now();
            let conn = pool.get();
            let pool_wait = asked.elapsed();
            let started = std::time::Instant::now();
            crate::db::take_write_timing();
            let out = conn.map_err(AppError::from).and_then(|mut c| f(&mut c));
            (
                out,
                pool_wait,
                started.elapsed(),
                crate::db::take_write_timing(),
            )
        })
        .await?
    }

    /// [`AppState::db`] with this instance's online games (`services::online::GameCache`) at
    /// hand, for the online handlers.
    pub async fn online_db<T, F>(&self, f: F) -> Result<T, AppError>
    where
        F: FnOnce(
                &mut crate::db::DbConn,
                &crate::services::online::GameCache,
            ) -> Result<T, AppError>
            + Send
            + 'static,
        T: Send + 'static,
    {
        let cache = self.desk.online().clone();
        self.db(move |conn| f(conn, &cache)).await
    }

    /// What a player's PIN is checked with: the throttle and the client's address.
    pub fn pin_check(&self, req: &actix_web::HttpRequest) -> crate::services::pins::PinCheck {
        crate::services::pins::PinCheck {
            throttle: self.pins.clone(),
            address: req
                .peer_addr()
                .map(|a| a.ip().to_string())
                .unwrap_or_default(),
        }
    }
}

/// The route table: every URL the server answers, in the order actix tries them. The API
/// first: its scope's prefix test spares API requests the page routes' patterns.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api/v1")
            .configure(routes_api::routes)
            // Marks requests routed here: CSRF is decided by route, not by the path's spelling.
            .wrap(actix_web::middleware::from_fn(session::api_scope)),
    )
    .configure(routes_pages::routes);
}
