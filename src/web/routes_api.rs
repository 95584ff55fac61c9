//! The JSON API's routes (`/api/v1/…`, mounted by [`super::routes`]), in the order actix tries
//! them: the routes every table, PIC and captain polls come first.

use actix_web::web;

use super::api;

/// The `/api/v1` scope's routes (the scope, its prefix and its middleware are in
/// [`super::routes`]).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg
        // Issue 16 and 17: the Duplicate hall's and online play's requests in scopes of their
        // own, first. Actix tries a route table in order, each dynamic pattern by a regex (its
        // router was 5-7% of the server in the hall bench's profile); a scope's static prefix
        // is one comparison, and inside it the routes every arbitrator, referee and player
        // sends during a game come first. Every path under `/duplicate/` and `/online/` must
        // be in its scope: a request a scope takes is not tried elsewhere.
        .service(
            web::scope("/duplicate")
                .route("/games/{id}/slips", web::post().to(api::duplicate::slip))
                .route(
                    "/games/{id}/commands",
                    web::post().to(api::duplicate::command),
                )
                .route(
                    "/events/{id}/ranking",
                    web::get().to(api::duplicate::ranking),
                )
                .route("/games/{id}", web::get().to(api::duplicate::show_game))
                .route("/events", web::post().to(api::duplicate::create_event))
                .route("/events/{id}", web::get().to(api::duplicate::show_event))
                .route(
                    "/events/{id}/players",
                    web::post().to(api::duplicate::add_player),
                )
                .route(
                    "/events/{id}/games",
                    web::post().to(api::duplicate::create_game),
                )
                .route(
                    "/events/{id}/ranking.csv",
                    web::get().to(api::duplicate::ranking_csv),
                )
                .route("/games/{id}/record", web::get().to(api::duplicate::record))
                .route(
                    "/events/{id}/prepared-games",
                    web::post().to(api::duplicate::prepare),
                )
                .route(
                    "/games/{id}/prepared",
                    web::post().to(api::duplicate::import_prepared),
                )
                .route(
                    "/games/{id}/prepared",
                    web::get().to(api::duplicate::export_prepared),
                )
                .route(
                    "/games/{id}/record.csv",
                    web::get().to(api::duplicate::record_csv),
                )
                .route(
                    "/games/{id}/record.gcg",
                    web::get().to(api::duplicate::record_gcg),
                )
                .route(
                    "/games/{id}/phone/status",
                    web::post().to(api::duplicate::phone_status),
                )
                .route(
                    "/games/{id}/phone/slip",
                    web::post().to(api::duplicate::phone_slip),
                ),
        )
        .service(
            web::scope("/online")
                .route("/games/{id}/commands", web::post().to(api::online::command))
                .route("/games/{id}", web::get().to(api::online::show_game))
                .route("/games/{id}/preview", web::post().to(api::online::preview))
                .route("/lobby", web::get().to(api::online::lobby))
                .route("/seeks", web::post().to(api::online::create_seek))
                .route(
                    "/seeks/{id}/accept",
                    web::post().to(api::online::accept_seek),
                )
                .route("/register", web::post().to(api::online::register))
                .route("/settings", web::get().to(api::online::settings))
                .route("/settings", web::post().to(api::online::set_settings))
                .route(
                    "/seeks/{id}/cancel",
                    web::post().to(api::online::cancel_seek),
                )
                .route(
                    "/seeks/{id}/decline",
                    web::post().to(api::online::decline_seek),
                )
                .route("/games/{id}/record", web::get().to(api::online::record))
                .route(
                    "/games/{id}/analysis",
                    web::get().to(api::analysis::online_game),
                )
                .route("/players/{username}", web::get().to(api::online::profile))
                .route("/leaderboard", web::get().to(api::online::leaderboard)),
        )
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
                    web::PayloadConfig::default().limit(crate::services::import::LEXICON_MAX_BYTES),
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
            "/individual/divisions/{id}/rating-method",
            web::put().to(api::individual::set_rating_method),
        )
        .route(
            "/individual/divisions/{id}/players/{number}/withdraw",
            web::post().to(api::individual::withdraw),
        )
        .route(
            "/individual/divisions/{id}/players/{number}/withdraw/take-back",
            web::post().to(api::individual::take_back),
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
            "/individual/divisions/{id}/phone/status",
            web::post().to(api::individual_phone::phone_status),
        )
        .route(
            "/individual/divisions/{id}/phone/slip",
            web::post().to(api::individual_phone::phone_slip),
        )
        .route(
            "/individual/divisions/{id}/pins",
            web::get().to(api::individual_phone::pins),
        )
        .route("/analyze", web::post().to(api::analysis::upload));
}
