//! The pages' routes (and `/healthz`, static files and the live streams), mounted by
//! [`super::routes`] after the API's scope.

use actix_web::web;

use super::{api, assets, live, pages};

/// Every page route, in the order actix tries them.
pub fn routes(cfg: &mut web::ServiceConfig) {
    // Director forms that may carry a word list get a larger body limit than the app's 256 KiB.
    let big_form = || web::PayloadConfig::default().limit(pages::director::LEXICON_FORM_MAX_BYTES);
    // Issue 16: the Duplicate pages in a scope of their own, first. Actix tries a route table
    // in order, each dynamic pattern by a regex (its router was 5-7% of the server in the hall
    // bench's profile, with the ranking table the ~50th pattern tried); a scope's static
    // prefix is one comparison, and inside it the routes a hall re-reads after every change
    // (the ranking's table and streams, the hall's and desks' panels) come first. Every path
    // under `/duplicate/` must be in it: a request the scope takes is not tried elsewhere.
    cfg.service(
        web::scope("/duplicate")
            .route(
                "/events/{id}/ranking/table",
                web::get().to(pages::duplicate::ranking_table),
            )
            .route(
                "/events/{id}/ranking/live",
                web::get().to(live::duplicate_ranking_stream),
            )
            .route(
                "/games/{id}/live",
                web::get().to(live::duplicate_game_stream),
            )
            .route(
                "/games/{id}/hall/panel",
                web::get().to(pages::duplicate::hall_panel),
            )
            .route(
                "/games/{id}/slips/panel",
                web::get().to(pages::duplicate::slips_panel),
            )
            .route(
                "/games/{id}/console/panel",
                web::get().to(pages::duplicate::console_panel),
            )
            .route(
                "/games/{id}/console",
                web::get().to(pages::duplicate::console),
            )
            .route(
                "/games/{id}/console/tops",
                web::get().to(pages::duplicate_print::console_tops),
            )
            .route("/games/{id}/slips", web::get().to(pages::duplicate::slips))
            .route(
                "/games/{id}/phone",
                web::get().to(pages::duplicate_phone::phone),
            )
            .route("/games/{id}/hall", web::get().to(pages::duplicate::hall))
            .route(
                "/events/{id}/ranking",
                web::get().to(pages::duplicate::ranking),
            )
            .route(
                "/events/{id}/results",
                web::get().to(pages::duplicate_print::results),
            ),
    );
    cfg.route("/healthz", web::get().to(api::healthz))
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
        // Issue 18: the director's set-up pages of an individual event (before `/{id}`).
        .route(
            "/individual/events/new",
            web::get().to(pages::director::individual::new_event_form),
        )
        .route(
            "/individual/events/new",
            web::post().to(pages::director::individual::create_event),
        )
        .route(
            "/individual/events/{id}/desk",
            web::get().to(pages::director::individual::event_desk),
        )
        .route(
            "/individual/events/{id}/desk/divisions",
            web::post().to(pages::director::individual::create_division),
        )
        .service(
            web::resource("/individual/events/{id}/desk/import")
                .app_data(big_form())
                .route(web::post().to(pages::director::individual::import_division)),
        )
        .route(
            "/individual/divisions/{id}/desk",
            web::get().to(pages::director::individual_division::division_desk),
        )
        .route(
            "/individual/divisions/{id}/desk/rating-method",
            web::post().to(pages::director::individual_division::set_rating_method),
        )
        .route(
            "/individual/divisions/{id}/desk/players",
            web::post().to(pages::director::individual_division::add_player),
        )
        .route(
            "/individual/divisions/{id}/desk/players/{number}/withdraw",
            web::post().to(pages::director::individual_division::withdraw),
        )
        .route(
            "/individual/divisions/{id}/desk/players/{number}/take-back",
            web::post().to(pages::director::individual_division::take_back),
        )
        .route(
            "/individual/divisions/{id}/desk/rounds",
            web::post().to(pages::director::individual_division::pair_round),
        )
        .route(
            "/individual/divisions/{id}/desk/rounds/{round}",
            web::get().to(pages::director::individual_round::round_form),
        )
        .route(
            "/individual/divisions/{id}/desk/rounds/{round}",
            web::post().to(pages::director::individual_round::save_round),
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
            "/individual/divisions/{id}/slip",
            web::get().to(pages::individual_phone::phone),
        )
        .route(
            "/individual/divisions/{id}/sheet",
            web::get().to(pages::individual_phone::sheet),
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
