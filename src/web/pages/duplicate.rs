//! Duplicate pages (seed 002): the referee's console, the arbitrators' slip entry, the hall
//! display (a projector page) and the public ranking. Each is a page with a live region that
//! re-reads its fragment when the event's stream (`/events/{id}/live`) says the game moved.
//! The pages send nothing themselves: their controls call the JSON API (`static/duplicate.js`),
//! which decides who may do what. Page text lives in the catalogues (`locales/*/main.ftl`),
//! in the event's language.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::{Chrome, html, page};
use crate::error::AppError;
use crate::rules::board::{Premium, Square, premium};
use crate::services::duplicate::{self as dup, GameView, RankingView, RecordSlip};
use crate::vocab::{DuplicateGameId, EventId, UserId};
use crate::web::AppState;
use crate::web::i18n::Lang;
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
struct RankingTable<'a> {
    chrome: Chrome,
    ranking: &'a RankingView,
}

/// The live ranking's table as it is rendered at commit, before its readers are woken
/// (`services::duplicate::Prerender`): the template a reader's request renders, in a language.
#[derive(Debug, Clone, Copy)]
pub struct TableRenderer;

impl dup::RenderRanking for TableRenderer {
    fn default_lang(&self, event_lang: Option<&str>) -> &'static str {
        // A reader who chose no language gets the event's, else English (`Lang::from_request`
        // without an Accept-Language header).
        event_lang.and_then(Lang::parse).unwrap_or_default().code()
    }

    fn render(&self, ranking: &RankingView, lang: &'static str) -> Result<String, AppError> {
        let t = RankingTable {
            chrome: Chrome::anonymous(Lang::parse(lang).unwrap_or_default()),
            ranking,
        };
        t.render().map_err(AppError::internal)
    }
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

/// `GET /duplicate/events/{id}/ranking/table`: the ranking's live part, which every reader of
/// the live ranking re-reads after each change. Rendered once per change and language and kept
/// with its gzip form and an ETag (`RankingBytes`, dropped before live pages are woken); an
/// unchanged fragment answers 304 to `If-None-Match`, and a public event's is served without
/// the database while fresh. `Cache-Control: no-cache` on the request reads it against the log.
pub async fn ranking_table(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.as_ref().map(|c| c.uid), id.into_inner());
    let chrome = Chrome::new(&req, user.0, &csrf);
    let revalidate = req
        .headers()
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("no-cache"));
    let fresh = (!revalidate)
        .then(|| {
            state
                .standings
                .duplicate
                .public_fresh_fragment(id, |ev| chrome.lang_in_event(ev).code())
        })
        .flatten();
    // How the table was found, told in `X-Arbiter-Kept` (the bench counts the readers a frame
    // woke that found it in memory): `hit` fresh in memory, `waited` in memory once the render
    // under way (at commit, or another reader's) was done, `read` checked against the log.
    let (body, kept) = match fresh {
        Some(b) => (b, "hit"),
        None => {
            // One reader of a hall renders the new table; the others wait and take it.
            let flight = (!revalidate)
                .then(|| state.standings.duplicate.flight(id))
                .flatten();
            let turn = match flight {
                Some(f) => Some(f.join().await),
                None => None,
            };
            let made_meanwhile = turn.as_ref().and_then(|_| {
                state
                    .standings
                    .duplicate
                    .public_fresh_fragment(id, |ev| chrome.lang_in_event(ev).code())
            });
            if let Some(b) = made_meanwhile {
                (b, "waited")
            } else {
                let (desk, standings) = (state.desk.clone(), state.standings.clone());
                let b = state
                    .db(move |conn| {
                        let lang = |ev: Option<&str>| chrome.lang_in_event(ev).code();
                        let render = |ranking: &RankingView, ev: Option<&str>| {
                            let t = RankingTable {
                                chrome: chrome.clone().in_event(ev),
                                ranking,
                            };
                            t.render().map_err(AppError::internal)
                        };
                        dup::ranking_fragment(
                            conn,
                            &desk,
                            &standings.duplicate,
                            uid,
                            id,
                            lang,
                            render,
                        )
                    })
                    .await?;
                (b, "read")
            }
        }
    };
    let etag = (header::ETAG, body.etag.clone());
    let matches = req
        .headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim() == body.etag || t.trim() == "*");
    let kept = (KEPT, kept);
    if matches {
        return Ok(HttpResponse::NotModified()
            .insert_header(etag)
            .insert_header(kept)
            .finish());
    }
    let gzip = crate::web::api::public::accepts_gzip(&req);
    let mut res = HttpResponse::Ok();
    res.content_type("text/html; charset=utf-8")
        .insert_header((header::VARY, "Accept-Encoding"))
        .insert_header(etag)
        .insert_header(kept)
        // A browser keeps it and asks with its ETag each time (304 when unchanged).
        .insert_header((header::CACHE_CONTROL, "no-cache"));
    if gzip {
        // A response that already has a Content-Encoding is left alone by `Compress`.
        res.insert_header((header::CONTENT_ENCODING, "gzip"));
    }
    Ok(res.body(web::Bytes::from_owner(Lent(body, gzip))))
}

/// The header that tells how a ranking table was found (`hit`, `waited`, `read`).
const KEPT: &str = "x-arbiter-kept";

/// A kept fragment, lent to a response without copying it (`true`: compressed).
struct Lent(std::sync::Arc<dup::EncodedFragment>, bool);

impl AsRef<[u8]> for Lent {
    fn as_ref(&self) -> &[u8] {
        if self.1 {
            &self.0.compressed
        } else {
            &self.0.plain
        }
    }
}
