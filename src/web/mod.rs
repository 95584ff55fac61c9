//! The web layer: one route table, thin handlers. A handler parses its input into domain types,
//! does its database work in one `web::block`, and renders a page or JSON.

pub mod api;
pub mod assets;
pub mod errors;
pub mod pages;
pub mod session;

use std::sync::Arc;

use actix_web::web;

use crate::auth::{Keys, LoginThrottle};
use crate::config::{Backend, Settings};
use crate::db::Pool;
use crate::error::AppError;

/// What every handler may use; cloned cheaply per worker.
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
    /// Start-up settings.
    pub settings: Arc<Settings>,
    /// Where `now` comes from (a manual clock in tests).
    pub clock: Arc<dyn crate::clock::Clock>,
    /// Folded match states.
    pub matches: Arc<crate::services::matches::MatchCache>,
    /// Committed changes, for live pages.
    pub live: crate::live::Live,
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
        web::block(move || {
            let mut conn = pool.get()?;
            f(&mut conn)
        })
        .await?
    }
}

impl AppState {
    /// Publishes committed changes to live subscribers.
    pub fn publish(&self, msgs: impl IntoIterator<Item = crate::live::LiveMessage>) {
        for m in msgs {
            self.live.publish(m);
        }
    }
}

/// The route table: every URL the server answers.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(api::healthz))
        .route("/static/{file}", web::get().to(assets::serve))
        .route("/", web::get().to(pages::home))
        .route("/login", web::get().to(pages::login_form))
        .route("/login", web::post().to(pages::login))
        .route("/logout", web::post().to(pages::logout))
        .route("/admin/users", web::get().to(pages::users_page))
        .route("/admin/users", web::post().to(pages::create_user))
        .service(
            web::scope("/api/v1")
                .route("/openapi.json", web::get().to(api::openapi))
                .route("/auth/token", web::post().to(api::issue_token))
                .route("/me", web::get().to(api::me))
                .route("/events", web::get().to(api::list_events))
                .route("/events", web::post().to(api::create_event))
                .route("/events/{id}", web::get().to(api::show_event))
                .route("/events/{id}/teams", web::get().to(api::list_teams))
                .route("/events/{id}/teams", web::post().to(api::create_team))
                .route("/events/{id}/grants", web::post().to(api::grant_role))
                .route("/matches", web::post().to(api::create_match))
                .route("/matches/{id}", web::get().to(api::show_match))
                .route("/matches/{id}/commands", web::post().to(api::match_command))
                .route("/matches/{id}/events", web::get().to(api::match_events))
                .route("/matches/{id}/gcg", web::get().to(api::match_gcg)),
        );
}
