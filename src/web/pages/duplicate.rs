//! Duplicate pages (seed 002): the referee's console, the arbitrators' slip entry, the hall
//! display (a projector page) and the public ranking. Each is a page with a live region that
//! re-reads its fragment when the event's stream (`/events/{id}/live`) says the game moved.
//! The pages send nothing themselves: their controls call the JSON API (`static/duplicate.js`),
//! which decides who may do what. Page text lives in the catalogues (`locales/*/main.ftl`),
//! in the event's language.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::{Chrome, html, page};
use crate::error::AppError;
use crate::rules::board::{Premium, Square, premium};
use crate::services::duplicate::{self as dup, GameView, RankingView, RecordSlip};
use crate::vocab::{DuplicateGameId, EventId, UserId};
use crate::web::AppState;
use crate::web::session::{CsrfToken, CurrentUser, MaybeUser};

/// One square of the board as a page draws it.
pub struct Cell {
    /// The tile's letter (lowercase: a blank), or empty.
    pub letter: String,
    /// CSS class: `tile`, `blank`, or the premium (`tw`, `dw`, `tl`, `dl`), or empty.
    pub class: &'static str,
}

fn cells(g: &GameView) -> Vec<Vec<Cell>> {
    g.board
        .iter()
        .enumerate()
        .map(|(r, row)| {
            row.chars()
                .enumerate()
                .map(|(c, ch)| {
                    if ch != '.' {
                        return Cell {
                            letter: ch.to_string(),
                            class: if ch.is_lowercase() {
                                "tile blank"
                            } else {
                                "tile"
                            },
                        };
                    }
                    let class = match Square::new(r, c).map(premium) {
                        Some(Premium::TripleWord) => "tw",
                        Some(Premium::DoubleWord) if r == 7 && c == 7 => "dw star",
                        Some(Premium::DoubleWord) => "dw",
                        Some(Premium::TripleLetter) => "tl",
                        Some(Premium::DoubleLetter) => "dl",
                        _ => "",
                    };
                    Cell {
                        letter: String::new(),
                        class,
                    }
                })
                .collect()
        })
        .collect()
}

/// The column letters and row numbers the board is labelled with.
fn col_letters() -> Vec<char> {
    ('A'..='O').collect()
}

/// What every game page shows: the game, its board, and the event's name.
struct GameData {
    game: GameView,
    event_name: String,
    /// The event's default language (its pages are in it unless the user chose one).
    event_lang: Option<String>,
    slips: Vec<(u32, RecordSlip)>,
    /// D5 (phone slips): what players entered from their phones, for the officials.
    phone: Vec<dup::PhoneEntry>,
}

async fn load(
    state: &AppState,
    uid: Option<UserId>,
    id: DuplicateGameId,
    with_slips: bool,
) -> Result<GameData, AppError> {
    let now = state.clock.now();
    let desk = state.desk.clone();
    state
        .db(move |conn| {
            let game = dup::view_for(conn, &desk, uid, id, now)?;
            let event = crate::services::events::event(conn, game.event_id)?;
            let mut slips = Vec::new();
            let mut phone = Vec::new();
            if with_slips && let Some(uid) = uid {
                // Only the event's officials see the phone entries; a reader of a public event
                // sees the slips page without them.
                phone = match dup::phone_entries(conn, &desk, uid, id) {
                    Err(AppError::Forbidden(_)) => Vec::new(),
                    other => other?,
                };
                // The open turns only (the newest two), as for the slips.
                let last = phone.first().map_or(0, |e| e.turn);
                phone.retain(|e| e.turn + 1 >= last);
            }
            if with_slips {
                let rec = dup::record(conn, &desk, uid, id, now)?;
                // The open turn's slips, newest turn first (what the arbitrators work on).
                for t in rec.turns.into_iter().rev().take(2) {
                    slips.extend(t.slips.into_iter().map(|s| (t.turn, s)));
                }
            }
            Ok(GameData {
                game,
                event_name: event.name,
                event_lang: event.language,
                slips,
                phone,
            })
        })
        .await
}

#[derive(Template)]
#[template(path = "duplicate/console.html")]
struct ConsolePage {
    chrome: Chrome,
    event_name: String,
    game: GameView,
    board: Vec<Vec<Cell>>,
    cols: Vec<char>,
}

#[derive(Template)]
#[template(path = "duplicate/console_panel.html")]
struct ConsolePanel {
    chrome: Chrome,
    game: GameView,
    board: Vec<Vec<Cell>>,
    cols: Vec<char>,
}

/// `GET /duplicate/games/{id}/console`: the referee's console.
pub async fn console(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<DuplicateGameId>,
) -> Result<HttpResponse, AppError> {
    let d = load(&state, Some(user.0.uid), id.into_inner(), false).await?;
    // The referee will want the top soon: have the move graph ready (a no-op once built).
    let ev = d.game.event_id;
    let lexicons = state.lexicons.clone();
    let lex = state
        .db(move |conn| Ok(crate::services::events::event(conn, ev)?.lexicon))
        .await?;
    dup::warm(lexicons, ev, lex);
    let p = ConsolePage {
        chrome: Chrome::new(&req, Some(user.0), &csrf).in_event(d.event_lang.as_deref()),
        board: cells(&d.game),
        cols: col_letters(),
        event_name: d.event_name,
        game: d.game,
    };
    page(&p, &p.chrome, StatusCode::OK)
}

/// `GET /duplicate/games/{id}/console/panel`: the console's live part.
pub async fn console_panel(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<DuplicateGameId>,
) -> Result<HttpResponse, AppError> {
    let d = load(&state, Some(user.0.uid), id.into_inner(), false).await?;
    html(&ConsolePanel {
        chrome: Chrome::new(&req, Some(user.0), &csrf).in_event(d.event_lang.as_deref()),
        board: cells(&d.game),
        cols: col_letters(),
        game: d.game,
    })
}

#[derive(Template)]
#[template(path = "duplicate/slips.html")]
struct SlipsPage {
    chrome: Chrome,
    phone: Vec<dup::PhoneEntry>,
    event_name: String,
    game: GameView,
    slips: Vec<(u32, RecordSlip)>,
}

#[derive(Template)]
#[template(path = "duplicate/slips_panel.html")]
struct SlipsPanel {
    chrome: Chrome,
    phone: Vec<dup::PhoneEntry>,
    game: GameView,
    slips: Vec<(u32, RecordSlip)>,
}

/// `GET /duplicate/games/{id}/slips`: keyboard-only slip entry for arbitrators.
pub async fn slips(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<DuplicateGameId>,
) -> Result<HttpResponse, AppError> {
    let d = load(&state, Some(user.0.uid), id.into_inner(), true).await?;
    let p = SlipsPage {
        chrome: Chrome::new(&req, Some(user.0), &csrf).in_event(d.event_lang.as_deref()),
        event_name: d.event_name,
        game: d.game,
        slips: d.slips,
        phone: d.phone,
    };
    page(&p, &p.chrome, StatusCode::OK)
}

/// `GET /duplicate/games/{id}/slips/panel`: the slips entered for the open turns.
pub async fn slips_panel(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<DuplicateGameId>,
) -> Result<HttpResponse, AppError> {
    let d = load(&state, Some(user.0.uid), id.into_inner(), true).await?;
    html(&SlipsPanel {
        chrome: Chrome::new(&req, Some(user.0), &csrf).in_event(d.event_lang.as_deref()),
        game: d.game,
        slips: d.slips,
        phone: d.phone,
    })
}

#[derive(Template)]
#[template(path = "duplicate/hall.html")]
struct HallPage {
    chrome: Chrome,
    event_name: String,
    game: GameView,
    board: Vec<Vec<Cell>>,
    cols: Vec<char>,
}

#[derive(Template)]
#[template(path = "duplicate/hall_panel.html")]
struct HallPanel {
    chrome: Chrome,
    game: GameView,
    board: Vec<Vec<Cell>>,
    cols: Vec<char>,
}

/// `GET /duplicate/games/{id}/hall`: the hall display (read-only, for a projector).
pub async fn hall(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<DuplicateGameId>,
) -> Result<HttpResponse, AppError> {
    let uid = user.0.as_ref().map(|c| c.uid);
    let d = load(&state, uid, id.into_inner(), false).await?;
    let p = HallPage {
        chrome: Chrome::new(&req, user.0, &csrf).in_event(d.event_lang.as_deref()),
        board: cells(&d.game),
        cols: col_letters(),
        event_name: d.event_name,
        game: d.game,
    };
    page(&p, &p.chrome, StatusCode::OK)
}

/// `GET /duplicate/games/{id}/hall/panel`: the hall display's live part.
pub async fn hall_panel(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<DuplicateGameId>,
) -> Result<HttpResponse, AppError> {
    let d = load(
        &state,
        user.0.as_ref().map(|c| c.uid),
        id.into_inner(),
        false,
    )
    .await?;
    html(&HallPanel {
        chrome: Chrome::new(&req, user.0, &csrf).in_event(d.event_lang.as_deref()),
        board: cells(&d.game),
        cols: col_letters(),
        game: d.game,
    })
}

#[derive(Template)]
#[template(path = "duplicate/ranking.html")]
struct RankingPage {
    chrome: Chrome,
    ranking: RankingView,
}

#[derive(Template)]
#[template(path = "duplicate/ranking_table.html")]
struct RankingTable {
    chrome: Chrome,
    ranking: RankingView,
}

/// The ranking and the event's default language.
async fn load_ranking(
    state: &AppState,
    uid: Option<UserId>,
    id: EventId,
) -> Result<(RankingView, Option<String>), AppError> {
    let desk = state.desk.clone();
    state
        .db(move |conn| {
            let ranking = dup::ranking(conn, &desk, uid, id)?;
            let lang = crate::services::events::event(conn, id)?.language;
            Ok((ranking, lang))
        })
        .await
}

/// `GET /duplicate/events/{id}/ranking`: the live ranking (public for a public event).
pub async fn ranking(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (ranking, lang) =
        load_ranking(&state, user.0.as_ref().map(|c| c.uid), id.into_inner()).await?;
    let p = RankingPage {
        chrome: Chrome::new(&req, user.0, &csrf).in_event(lang.as_deref()),
        ranking,
    };
    page(&p, &p.chrome, StatusCode::OK)
}

/// `GET /duplicate/events/{id}/ranking/table`: the ranking's live part.
pub async fn ranking_table(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (ranking, lang) =
        load_ranking(&state, user.0.as_ref().map(|c| c.uid), id.into_inner()).await?;
    html(&RankingTable {
        chrome: Chrome::new(&req, user.0, &csrf).in_event(lang.as_deref()),
        ranking,
    })
}
