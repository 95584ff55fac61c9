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
pub mod session;

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
        web::block(move || {
            let mut conn = pool.get()?;
            f(&mut conn)
        })
        .await?
    }
}

/// The route table: every URL the server answers, in the order actix tries them.
pub fn routes(cfg: &mut web::ServiceConfig) {
    // Director forms that may carry a word list get a larger body limit than the app's 256 KiB.
    let big_form = || web::PayloadConfig::default().limit(pages::director::LEXICON_FORM_MAX_BYTES);
    // The API first: its scope's prefix test spares API requests the page routes' patterns.
    cfg.service(
        web::scope("/api/v1")
            // Matched in order, each dynamic pattern by a regex: the routes every table,
            // PIC and captain polls come first.
            .route(
                "/matches/{id}/commands",
                web::post().to(api::table::match_command),
            )
            .route("/matches/{id}", web::get().to(api::table::show_match))
            .route(
                "/events/{id}/standings",
                web::get().to(api::public::standings),
            )
            .route(
                "/events/{id}/challenges",
                web::get().to(api::pic::challenge_queue),
            )
            .route("/openapi.json", web::get().to(api::openapi))
            .route("/auth/token", web::post().to(api::account::issue_token))
            // Sign-out, password changes, disabling accounts.
            .route("/auth/logout", web::post().to(api::account::logout))
            .route(
                "/me/password",
                web::post().to(api::account::change_password),
            )
            .route("/users", web::get().to(api::account::list_users))
            .route("/users", web::post().to(api::account::create_user))
            .route("/users/{id}", web::get().to(api::account::show_user))
            .route("/me/language", web::post().to(api::account::set_language))
            .route(
                "/users/{id}/password",
                web::post().to(api::account::reset_password),
            )
            .route("/users/{id}/disable", web::post().to(api::account::disable))
            .route("/users/{id}/enable", web::post().to(api::account::enable))
            .route("/me", web::get().to(api::account::me))
            .route("/events", web::get().to(api::public::list_events))
            .route("/events", web::post().to(api::director::create_event))
            .route("/events/{id}", web::get().to(api::public::show_event))
            .route("/events/{id}/teams", web::get().to(api::public::list_teams))
            .route(
                "/events/{id}/teams",
                web::post().to(api::director::create_team),
            )
            .route(
                "/events/{id}/grants",
                web::post().to(api::director::grant_role),
            )
            .route(
                "/events/{id}/accounts",
                web::post().to(api::director::create_event_account),
            )
            .route(
                "/events/{id}/language",
                web::post().to(api::director::set_event_language),
            )
            // Rounds, pairings, CSV import, word list, grants list.
            .route(
                "/events/{id}/rounds",
                web::get().to(api::public::list_rounds),
            )
            .route(
                "/events/{id}/rounds",
                web::post().to(api::director::create_round),
            )
            .route(
                "/events/{id}/rounds/{n}",
                web::get().to(api::public::show_round),
            )
            .route(
                "/events/{id}/rounds/{n}/repair",
                web::post().to(api::director::repair_round),
            )
            .route(
                "/events/{id}/teams/import",
                web::post().to(api::director::import_teams),
            )
            .route(
                "/events/{id}/grants",
                web::get().to(api::director::list_grants),
            )
            .route(
                "/events/{id}/grants/{grant}/revoke",
                web::post().to(api::director::revoke_grant),
            )
            .service(
                // Word lists are larger than the 256 KiB other bodies may be.
                web::resource("/events/{id}/lexicon")
                    .app_data(
                        web::PayloadConfig::default()
                            .limit(crate::services::import::LEXICON_MAX_BYTES),
                    )
                    .route(web::put().to(api::director::upload_lexicon))
                    .route(web::post().to(api::director::upload_lexicon)),
            )
            .route("/matches", web::post().to(api::director::create_match))
            .route(
                "/matches/{id}/events",
                web::get().to(api::table::match_events),
            )
            .route("/matches/{id}/gcg", web::get().to(api::table::match_gcg))
            .route(
                "/matches/{id}/gcg",
                web::post().to(api::director::import_match_gcg),
            )
            .route("/matches/{id}/preview", web::post().to(api::table::preview))
            .route(
                "/matches/{id}/challenges/{seq}/claim",
                web::post().to(api::pic::claim_in_match),
            )
            .route(
                "/matches/{id}/challenges/{seq}/rule",
                web::post().to(api::pic::rule_in_match),
            )
            // Aliases by queue row id, kept for the clients that use them.
            .route("/challenges/{id}/claim", web::post().to(api::pic::claim))
            .route("/challenges/{id}/rule", web::post().to(api::pic::rule))
            .route(
                "/events/{id}/committee",
                web::get().to(api::committee::committee_records),
            )
            .route(
                "/events/{id}/committee",
                web::post().to(api::committee::committee_record),
            )
            .route("/teams/{id}", web::get().to(api::public::team))
            .route(
                "/individual/events",
                web::post().to(api::individual::create_event),
            )
            .route(
                "/individual/events/{id}",
                web::get().to(api::individual::show_event),
            )
            .route(
                "/individual/events/{id}/divisions",
                web::post().to(api::individual::create_division),
            )
            .route(
                "/individual/events/{id}/divisions/import",
                web::post().to(api::individual::import_division),
            )
            .route(
                "/individual/events/{id}/tourney.js",
                web::get().to(api::individual::tourney_js),
            )
            .route(
                "/individual/divisions/{id}/players",
                web::post().to(api::individual::add_player),
            )
            .route(
                "/individual/divisions/{id}/players/{number}/withdraw",
                web::post().to(api::individual::withdraw),
            )
            .route(
                "/individual/divisions/{id}/standings",
                web::get().to(api::individual::standings),
            )
            .route(
                "/individual/divisions/{id}/standings.csv",
                web::get().to(api::individual::standings_csv),
            )
            .route(
                "/individual/divisions/{id}/results.csv",
                web::get().to(api::individual::results_csv),
            )
            .route(
                "/individual/divisions/{id}/division.t",
                web::get().to(api::individual::export_t),
            )
            .route(
                "/individual/divisions/{id}/rounds",
                web::post().to(api::individual_rounds::pair_next),
            )
            .route(
                "/individual/divisions/{id}/rounds/{round}",
                web::get().to(api::individual_rounds::show_round),
            )
            .route(
                "/individual/divisions/{id}/rounds/{round}",
                web::put().to(api::individual_rounds::override_round),
            )
            .route(
                "/individual/divisions/{id}/rounds/{round}/missing",
                web::get().to(api::individual_rounds::missing),
            )
            .route(
                "/individual/divisions/{id}/rounds/{round}/results",
                web::post().to(api::individual_rounds::quick_entry),
            )
            .route(
                "/individual/divisions/{id}/rounds/{round}/tables/{table}/slip",
                web::get().to(api::individual_rounds::show_slip),
            )
            .route(
                "/individual/divisions/{id}/rounds/{round}/tables/{table}/slip",
                web::post().to(api::individual_rounds::slip),
            )
            .route(
                "/duplicate/events",
                web::post().to(api::duplicate::create_event),
            )
            .route(
                "/duplicate/events/{id}",
                web::get().to(api::duplicate::show_event),
            )
            .route(
                "/duplicate/events/{id}/players",
                web::post().to(api::duplicate::add_player),
            )
            .route(
                "/duplicate/events/{id}/games",
                web::post().to(api::duplicate::create_game),
            )
            .route(
                "/duplicate/events/{id}/ranking",
                web::get().to(api::duplicate::ranking),
            )
            .route(
                "/duplicate/events/{id}/ranking.csv",
                web::get().to(api::duplicate::ranking_csv),
            )
            .route(
                "/duplicate/games/{id}",
                web::get().to(api::duplicate::show_game),
            )
            .route(
                "/duplicate/games/{id}/record",
                web::get().to(api::duplicate::record),
            )
            .route(
                "/duplicate/events/{id}/prepared-games",
                web::post().to(api::duplicate::prepare),
            )
            .route(
                "/duplicate/games/{id}/prepared",
                web::post().to(api::duplicate::import_prepared),
            )
            .route(
                "/duplicate/games/{id}/prepared",
                web::get().to(api::duplicate::export_prepared),
            )
            .route(
                "/duplicate/games/{id}/record.csv",
                web::get().to(api::duplicate::record_csv),
            )
            .route(
                "/duplicate/games/{id}/record.gcg",
                web::get().to(api::duplicate::record_gcg),
            )
            .route(
                "/duplicate/games/{id}/commands",
                web::post().to(api::duplicate::command),
            )
            .route(
                "/duplicate/games/{id}/slips",
                web::post().to(api::duplicate::slip),
            )
            .route(
                "/duplicate/games/{id}/phone/status",
                web::post().to(api::duplicate::phone_status),
            )
            .route(
                "/duplicate/games/{id}/phone/slip",
                web::post().to(api::duplicate::phone_slip),
            )
            .route("/online/register", web::post().to(api::online::register))
            .route("/online/settings", web::get().to(api::online::settings))
            .route(
                "/online/settings",
                web::post().to(api::online::set_settings),
            )
            .route("/online/lobby", web::get().to(api::online::lobby))
            .route("/online/seeks", web::post().to(api::online::create_seek))
            .route(
                "/online/seeks/{id}/cancel",
                web::post().to(api::online::cancel_seek),
            )
            .route(
                "/online/seeks/{id}/decline",
                web::post().to(api::online::decline_seek),
            )
            .route(
                "/online/seeks/{id}/accept",
                web::post().to(api::online::accept_seek),
            )
            .route("/online/games/{id}", web::get().to(api::online::show_game))
            .route(
                "/online/games/{id}/commands",
                web::post().to(api::online::command),
            )
            .route(
                "/online/games/{id}/preview",
                web::post().to(api::online::preview),
            )
            .route(
                "/online/games/{id}/record",
                web::get().to(api::online::record),
            )
            .route(
                "/online/games/{id}/analysis",
                web::get().to(api::analysis::online_game),
            )
            .route("/analyze", web::post().to(api::analysis::upload))
            .route(
                "/online/players/{username}",
                web::get().to(api::online::profile),
            )
            .route(
                "/online/leaderboard",
                web::get().to(api::online::leaderboard),
            )
            // Marks requests routed here: CSRF is decided by route, not by the path's spelling.
            .wrap(actix_web::middleware::from_fn(session::api_scope)),
    )
    .route("/healthz", web::get().to(api::healthz))
    .route("/static/{file}", web::get().to(assets::serve))
    .route("/", web::get().to(pages::public::home))
    .route("/login", web::get().to(pages::account::login_form))
    .route("/login", web::post().to(pages::account::login))
    .route("/logout", web::post().to(pages::account::logout))
    .route("/admin/users", web::get().to(pages::account::users_page))
    .route("/admin/users", web::post().to(pages::account::create_user))
    // Password changes, disabling accounts.
    .route("/account", web::get().to(pages::account::account_page))
    .route(
        "/account/password",
        web::post().to(pages::account::change_password),
    )
    // Issue 15, Languages: the account's own language and the header's switcher.
    .route(
        "/account/language",
        web::post().to(pages::account::set_language),
    )
    .route(
        "/lang/{code}",
        web::get().to(pages::account::switch_language),
    )
    .route(
        "/admin/users/{id}/password",
        web::post().to(pages::account::reset_password),
    )
    .route(
        "/admin/users/{id}/disable",
        web::post().to(pages::account::disable),
    )
    .route(
        "/admin/users/{id}/enable",
        web::post().to(pages::account::enable),
    )
    // The director's pages: events, teams, grants, word list, rounds.
    .route(
        "/events",
        web::get().to(pages::director::listing::events_page),
    )
    .service(
        web::resource("/events/new")
            .app_data(big_form())
            .route(web::get().to(pages::director::listing::new_event_form))
            .route(web::post().to(pages::director::listing::create_event)),
    )
    .route(
        "/duplicate/games/{id}/console",
        web::get().to(pages::duplicate::console),
    )
    .route(
        "/duplicate/games/{id}/console/tops",
        web::get().to(pages::duplicate_print::console_tops),
    )
    .route(
        "/duplicate/games/{id}/console/panel",
        web::get().to(pages::duplicate::console_panel),
    )
    .route(
        "/duplicate/games/{id}/slips",
        web::get().to(pages::duplicate::slips),
    )
    .route(
        "/duplicate/games/{id}/slips/panel",
        web::get().to(pages::duplicate::slips_panel),
    )
    .route(
        "/duplicate/games/{id}/phone",
        web::get().to(pages::duplicate_phone::phone),
    )
    .route(
        "/duplicate/games/{id}/hall",
        web::get().to(pages::duplicate::hall),
    )
    .route(
        "/duplicate/games/{id}/hall/panel",
        web::get().to(pages::duplicate::hall_panel),
    )
    .route(
        "/individual/events/{id}",
        web::get().to(pages::individual::event),
    )
    // Issue 18: a division's public pages (standings, pairings, results, players, clubs).
    .route(
        "/individual/divisions/{id}/standings",
        web::get().to(pages::individual_public::standings),
    )
    .route(
        "/individual/divisions/{id}/standings/print",
        web::get().to(pages::individual_public::standings_print),
    )
    .route(
        "/individual/divisions/{id}/pairings",
        web::get().to(pages::individual_public::pairings),
    )
    .route(
        "/individual/divisions/{id}/pairings/print",
        web::get().to(pages::individual_public::pairings_print),
    )
    .route(
        "/individual/divisions/{id}/results",
        web::get().to(pages::individual_public::results),
    )
    .route(
        "/individual/divisions/{id}/results/print",
        web::get().to(pages::individual_public::results_print),
    )
    .route(
        "/individual/divisions/{id}/players/{number}",
        web::get().to(pages::individual_public::player),
    )
    .route(
        "/individual/divisions/{id}/clubs/{club}",
        web::get().to(pages::individual_public::club),
    )
    .route(
        "/individual/divisions/{id}/rounds/{round}/entry",
        web::get().to(pages::individual_desk::entry),
    )
    .route(
        "/individual/divisions/{id}/rounds/{round}/entry",
        web::post().to(pages::individual_desk::record_entry),
    )
    .route(
        "/individual/divisions/{id}/rounds/{round}/entry/missing",
        web::get().to(pages::individual_desk::entry_missing),
    )
    .route(
        "/duplicate/events/{id}/ranking",
        web::get().to(pages::duplicate::ranking),
    )
    .route(
        "/duplicate/events/{id}/ranking/table",
        web::get().to(pages::duplicate::ranking_table),
    )
    .route(
        "/duplicate/events/{id}/results",
        web::get().to(pages::duplicate_print::results),
    )
    .route("/events/{id}", web::get().to(pages::director::dashboard))
    // Issue 16: the director's page of a Duplicate event (options, players, games).
    .route(
        "/events/{id}/duplicate",
        web::get().to(pages::director::duplicate::duplicate_page),
    )
    .route(
        "/events/{id}/duplicate/players",
        web::post().to(pages::director::duplicate::add_player),
    )
    .route(
        "/events/{id}/duplicate/games",
        web::post().to(pages::director::duplicate::create_game),
    )
    .route(
        "/events/{id}/teams",
        web::post().to(pages::director::add_team),
    )
    .route(
        "/events/{id}/teams/import",
        web::get().to(pages::director::uploads::import_form),
    )
    .route(
        "/events/{id}/teams/import",
        web::post().to(pages::director::uploads::import_teams),
    )
    .route(
        "/events/{id}/grants",
        web::post().to(pages::director::grant_role),
    )
    .route(
        "/events/{id}/language",
        web::post().to(pages::director::set_language),
    )
    .route(
        "/events/{id}/grants/{grant}/revoke",
        web::post().to(pages::director::revoke_grant),
    )
    .service(
        web::resource("/events/{id}/lexicon")
            .app_data(big_form())
            .route(web::get().to(pages::director::uploads::lexicon_form))
            .route(web::post().to(pages::director::uploads::upload_lexicon)),
    )
    .route(
        "/events/{id}/rounds",
        web::post().to(pages::director::pairings::create_round),
    )
    .route(
        "/events/{id}/rounds/{n}/repair",
        web::post().to(pages::director::pairings::repair_round),
    )
    .route(
        "/events/{id}/rounds/{n}/pairings",
        web::get().to(pages::director::pairings::pairings_page),
    )
    .route(
        "/events/{id}/rounds/{n}/pairings/print",
        web::get().to(pages::director::pairings::pairings_print),
    )
    .route(
        "/events/{id}/rounds/{n}/cards",
        web::get().to(pages::director::pairings::cards_page),
    )
    .route("/table", web::get().to(pages::table::table_home))
    .route("/matches/{id}", web::get().to(pages::table::match_page))
    .route(
        "/matches/{id}/table",
        web::get().to(pages::table::table_page),
    )
    .route(
        "/matches/{id}/board",
        web::get().to(pages::table::board_fragment),
    )
    .route("/matches/{id}/live", web::get().to(live::match_stream))
    .route("/online", web::get().to(pages::online::lobby))
    .route(
        "/online/lobby/panel",
        web::get().to(pages::online::lobby_fragment),
    )
    .route(
        "/online/register",
        web::get().to(pages::online::register_form),
    )
    .route("/online/register", web::post().to(pages::online::register))
    .route(
        "/online/leaderboard",
        web::get().to(pages::online::leaderboard),
    )
    .route(
        "/online/players/{username}",
        web::get().to(pages::online::profile),
    )
    .route("/online/games/{id}", web::get().to(pages::online::game))
    .route(
        "/online/lobby/live",
        web::get().to(live::online_lobby_stream),
    )
    .route(
        "/online/games/{id}/analysis",
        web::get().to(pages::analysis::online_game),
    )
    .service(
        web::resource("/analyze")
            .route(web::get().to(pages::analysis::form))
            .route(web::post().to(pages::analysis::upload)),
    )
    .route(
        "/online/games/{id}/live",
        web::get().to(live::online_game_stream),
    )
    .route("/events/{id}/live", web::get().to(live::event_stream))
    .route("/events/{id}/pic", web::get().to(pages::pic::pic_page))
    .route(
        "/events/{id}/pic/queue",
        web::get().to(pages::pic::pic_fragment),
    )
    .route(
        "/matches/{id}/challenges/{seq}/claim",
        web::post().to(pages::pic::claim_in_match),
    )
    .route(
        "/matches/{id}/challenges/{seq}/rule",
        web::post().to(pages::pic::rule_in_match),
    )
    // Aliases by queue row id (a page rendered before the routes above existed).
    .route(
        "/challenges/{id}/claim",
        web::post().to(pages::pic::claim_challenge),
    )
    .route(
        "/challenges/{id}/rule",
        web::post().to(pages::pic::rule_challenge),
    )
    .route(
        "/events/{id}/committee",
        web::get().to(pages::committee::committee_page),
    )
    .route(
        "/events/{id}/committee",
        web::post().to(pages::committee::record_committee),
    )
    .route(
        "/events/{id}/standings",
        web::get().to(pages::public::standings_page),
    )
    .route(
        "/events/{id}/standings/table",
        web::get().to(pages::public::standings_fragment),
    )
    .route(
        "/events/{id}/standings.csv",
        web::get().to(pages::public::standings_csv),
    )
    .route("/teams/{id}", web::get().to(pages::public::team_page))
    .route(
        "/teams/{id}/fragment",
        web::get().to(pages::public::team_fragment),
    );
}
