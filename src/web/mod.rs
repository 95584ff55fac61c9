//! The web layer: one route table, thin handlers. A handler parses its input into domain types,
//! does its database work in one `web::block`, and renders a page or JSON.

pub mod account;
pub mod account_api;
pub mod api;
pub mod assets;
pub mod board_view;
pub mod director;
pub mod director_api;
pub mod errors;
pub mod limits;
pub mod live;
pub mod openapi;
pub mod ops;
pub mod ops_api;
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
    /// Recent session checks (see `services::sessions`).
    pub sessions: Arc<crate::services::sessions::SessionCache>,
    /// Start-up settings.
    pub settings: Arc<Settings>,
    /// Where `now` comes from (a manual clock in tests).
    pub clock: Arc<dyn crate::clock::Clock>,
    /// Folded match states.
    pub matches: Arc<crate::services::matches::MatchCache>,
    /// Writes table commands, many per transaction.
    pub writer: Arc<crate::services::writer::CommandWriter>,
    /// Committed changes, for live pages.
    pub live: crate::live::Live,
    /// Word lists per event.
    pub lexicons: Arc<crate::services::lexicons::LexiconStore>,
    /// Recently computed standings.
    pub standings: Arc<crate::services::standings::StandingsCache>,
    /// With PostgreSQL: announces this instance's changes to the others (see `live`).
    pub relay: Option<std::sync::mpsc::Sender<crate::live::LiveMessage>>,
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
            if let Some(relay) = &self.relay {
                let _ = relay.send(m.clone());
            }
            deliver(&self.live, &self.standings, m);
        }
    }
}

/// Hands a committed change to this instance's live pages and caches.
pub fn deliver(
    live: &crate::live::Live,
    standings: &crate::services::standings::StandingsCache,
    m: crate::live::LiveMessage,
) {
    if let (true, Some(event)) = (m.standings, m.event_id) {
        standings.invalidate(event);
    }
    live.publish(m);
}

/// The route table: every URL the server answers.
pub fn routes(cfg: &mut web::ServiceConfig) {
    // The API first: its scope's prefix test spares API requests the page routes' patterns.
    cfg.service(
        web::scope("/api/v1")
            // Matched in order, each dynamic pattern by a regex: the routes every table,
            // PIC and captain polls come first.
            .route("/matches/{id}/commands", web::post().to(api::match_command))
            .route("/matches/{id}", web::get().to(api::show_match))
            .route("/events/{id}/standings", web::get().to(ops_api::standings))
            .route(
                "/events/{id}/challenges",
                web::get().to(ops_api::challenge_queue),
            )
            .route("/openapi.json", web::get().to(api::openapi))
            .route("/auth/token", web::post().to(api::issue_token))
            // Sign-out, password changes, disabling accounts (web::account_api).
            .configure(account_api::routes)
            .route("/me", web::get().to(api::me))
            .route("/events", web::get().to(api::list_events))
            .route("/events", web::post().to(api::create_event))
            .route("/events/{id}", web::get().to(api::show_event))
            .route("/events/{id}/teams", web::get().to(api::list_teams))
            .route("/events/{id}/teams", web::post().to(api::create_team))
            .route("/events/{id}/grants", web::post().to(api::grant_role))
            // Rounds, pairings, CSV import, word list, grants list (web::director_api).
            .configure(director_api::routes)
            .route("/matches", web::post().to(api::create_match))
            .route("/matches/{id}/events", web::get().to(api::match_events))
            .route("/matches/{id}/gcg", web::get().to(api::match_gcg))
            .route("/matches/{id}/gcg", web::post().to(api::import_match_gcg))
            .route("/matches/{id}/preview", web::post().to(ops_api::preview))
            .route("/challenges/{id}/claim", web::post().to(ops_api::claim))
            .route("/challenges/{id}/rule", web::post().to(ops_api::rule))
            .route(
                "/events/{id}/committee",
                web::get().to(ops_api::committee_records),
            )
            .route(
                "/events/{id}/committee",
                web::post().to(ops_api::committee_record),
            )
            .route("/teams/{id}", web::get().to(ops_api::team))
            // Marks requests routed here: CSRF is decided by route, not by the path's spelling.
            .wrap(actix_web::middleware::from_fn(session::api_scope)),
    )
    .route("/healthz", web::get().to(api::healthz))
    .route("/static/{file}", web::get().to(assets::serve))
    .route("/", web::get().to(pages::home))
    .route("/login", web::get().to(pages::login_form))
    .route("/login", web::post().to(pages::login))
    .route("/logout", web::post().to(pages::logout))
    .route("/admin/users", web::get().to(pages::users_page))
    .route("/admin/users", web::post().to(pages::create_user))
    // Password changes, disabling accounts (web::account).
    .configure(account::routes)
    // The director's pages: events, teams, grants, word list, rounds (web::director).
    .configure(director::routes)
    .route("/table", web::get().to(ops::table_home))
    .route("/matches/{id}", web::get().to(ops::match_page))
    .route("/matches/{id}/table", web::get().to(ops::table_page))
    .route("/matches/{id}/board", web::get().to(ops::board_fragment))
    .route("/matches/{id}/live", web::get().to(live::match_stream))
    .route("/events/{id}/live", web::get().to(live::event_stream))
    .route("/events/{id}/pic", web::get().to(ops::pic_page))
    .route("/events/{id}/pic/queue", web::get().to(ops::pic_fragment))
    .route(
        "/challenges/{id}/claim",
        web::post().to(ops::claim_challenge),
    )
    .route("/challenges/{id}/rule", web::post().to(ops::rule_challenge))
    .route("/events/{id}/committee", web::get().to(ops::committee_page))
    .route(
        "/events/{id}/committee",
        web::post().to(ops::record_committee),
    )
    .route("/events/{id}/standings", web::get().to(ops::standings_page))
    .route(
        "/events/{id}/standings/table",
        web::get().to(ops::standings_fragment),
    )
    .route(
        "/events/{id}/standings.csv",
        web::get().to(ops::standings_csv),
    )
    .route("/teams/{id}", web::get().to(ops::team_page));
}
