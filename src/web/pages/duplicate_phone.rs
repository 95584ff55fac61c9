//! The player's phone page (issue 16, D4-D5, the event's `phone_slips` option): the player
//! types the number and PIN of their table card, then sees the turn's rack and time and enters
//! their slip until the time is up. The page holds no data of its own: `static/duplicate.js`
//! asks `POST /api/v1/duplicate/games/{id}/phone/status` and `/phone/slip` with the number and
//! PIN, which decide everything (who, whether the option is on, whether time is up). It asks
//! when the game's live stream (`/duplicate/games/{id}/live`, `web::live`) tells of a new rack,
//! turn or top, and when its own countdown reaches the end of time; it polls only while that
//! stream is down.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::{Chrome, page};
use crate::error::AppError;
use crate::vocab::DuplicateGameId;
use crate::web::AppState;
use crate::web::session::{CsrfToken, MaybeUser};

#[derive(Template)]
#[template(path = "duplicate/phone.html")]
struct PhonePage {
    chrome: Chrome,
    game_id: DuplicateGameId,
    game_no: i32,
    /// `french` or `gcg` (C7), for the reminder under the form.
    notation: &'static str,
}

/// `GET /duplicate/games/{id}/phone`: open to anyone (the number and PIN are asked for on the
/// page); a game whose event does not take phone slips says so at the first request.
pub async fn phone(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<DuplicateGameId>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    let (game_no, notation, lang) = state
        .db(move |conn| {
            let row = crate::db::duplicate::find_game(conn, id)?
                .ok_or_else(|| AppError::not_found(format!("no Duplicate game {id}")))?;
            let ruleset = crate::services::duplicate::event_ruleset(conn, row.event_id)?;
            let lang = crate::services::events::event(conn, row.event_id)?.language;
            Ok((row.game_no, ruleset.notation, lang))
        })
        .await?;
    let p = PhonePage {
        chrome: Chrome::new(&req, user.0, &csrf).in_event(lang.as_deref()),
        game_id: id,
        game_no,
        notation: match notation {
            crate::rules::duplicate::Notation::French => "french",
            crate::rules::duplicate::Notation::Gcg => "gcg",
        },
    };
    page(&p, &p.chrome, StatusCode::OK)
}
