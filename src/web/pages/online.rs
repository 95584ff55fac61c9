//! Online play's pages (issue 17, seed 001): self-registration, the lobby (live over SSE),
//! a game for its players and spectators, profiles and the leaderboard. The pages read the
//! same services as the JSON API; the game page's script (`static/online.js`) sends commands
//! to `/api/v1/online/...` and re-reads the game as its viewer may see it on every live
//! message, so no page, fragment or stream ever holds the opponent's rack.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{Chrome, html, page};
use crate::error::AppError;
use crate::rules::board::{Premium, Square, premium};
use crate::services::lexicons::DEFAULT;
use crate::services::online::{
    self as online, GameSummary, LeaderboardView, OnlineGameView, ProfileView, RegisterRequest,
    SeekView,
};
use crate::vocab::OnlineGameId;
use crate::web::AppState;
use crate::web::session::{
    CsrfForm, CsrfToken, MaybeUser, account_deps, fresh_csrf_cookie, session_cookie,
};

/// A game's settings in the words the lobby and the game page show.
pub struct SettingsLine {
    /// Minutes per player.
    pub minutes: u64,
    /// `dictionary` or the N5 challenge rule (`double`, `single`, `five_point`, `ten_point`).
    pub mode: String,
    /// At zero: `None` for loss on time, or the N2 points per minute and the most overtime
    /// allowed in minutes.
    pub overtime: Option<(u64, u64)>,
    /// Rated or casual.
    pub rated: bool,
}

impl SettingsLine {
    /// The settings in words: minutes, mode and rule, what happens at zero, rated or casual.
    pub fn describe(&self, chrome: &Chrome) -> String {
        let mode = chrome.t(&format!("online-rule-{}", self.mode.replace('_', "-")));
        let zero = match self.overtime {
            Some((points, max)) => {
                chrome.t2("onlined-overtime-limit", "points", points, "max", max)
            }
            None => chrome.t("online-loss-on-time"),
        };
        let rated = chrome.t(if self.rated {
            "online-rated"
        } else {
            "online-casual"
        });
        format!(
            "{} · {mode} · {zero} · {rated}",
            chrome.t1("online-minutes", "n", self.minutes)
        )
    }

    /// Read from the settings' JSON (`rules::online::OnlineSettings`).
    pub fn of(s: &serde_json::Value) -> Self {
        let mode = match s["mode"]["kind"].as_str() {
            Some("challenge") => s["mode"]["rule"].as_str().unwrap_or("double").to_owned(),
            _ => "dictionary".to_owned(),
        };
        let zero = &s["at_zero"];
        let max = zero["max_overtime_minutes"]
            .as_u64()
            .unwrap_or(u64::from(crate::rules::online::MAX_OVERTIME_MINUTES));
        Self {
            minutes: s["minutes"].as_u64().unwrap_or_default(),
            overtime: zero["points"].as_u64().map(|p| (p, max)),
            rated: s["rated"].as_bool().unwrap_or_default(),
            mode,
        }
    }
}

/// A seek with the words the lobby shows for its settings.
pub struct SeekLine {
    /// The seek.
    pub seek: SeekView,
    /// Its settings in words.
    pub settings: SettingsLine,
}

impl SeekLine {
    /// The settings in words (see [`SettingsLine::describe`]).
    pub fn describe(&self, chrome: &Chrome) -> String {
        self.settings.describe(chrome)
    }

    fn of(seek: SeekView) -> Self {
        Self {
            settings: SettingsLine::of(&seek.settings),
            seek,
        }
    }
}

/// The lobby's live region: what the viewer may accept, their own offers, their games and
/// the games others play.
#[derive(Template)]
#[template(path = "online/lobby_panel.html")]
struct LobbyPanel {
    chrome: Chrome,
    me: Option<String>,
    open: Vec<SeekLine>,
    mine: Vec<SeekLine>,
    to_me: Vec<SeekLine>,
    my_games: Vec<GameSummary>,
    watch: Vec<GameSummary>,
}

#[derive(Template)]
#[template(path = "online/lobby.html")]
struct LobbyPage {
    chrome: Chrome,
    signed_in: bool,
    panel: String,
    lexicon: &'static str,
}

async fn lobby_panel(
    req: &HttpRequest,
    state: &AppState,
    user: MaybeUser,
    csrf: &CsrfToken,
) -> Result<LobbyPanel, AppError> {
    let uid = user.0.as_ref().map(|c| c.uid);
    let me = user.0.as_ref().map(|c| c.name.clone());
    let view = state
        .online_db(move |conn, cache| online::lobby(conn, cache, uid))
        .await?;
    let (mut open, mut mine, mut to_me) = (Vec::new(), Vec::new(), Vec::new());
    for s in view.seeks.into_iter().filter(|s| s.status == "open") {
        let line = SeekLine::of(s);
        if Some(&line.seek.by) == me.as_ref() {
            mine.push(line);
        } else if line.seek.opponent.is_some() && line.seek.opponent == me {
            to_me.push(line);
        } else if line.seek.opponent.is_none() {
            open.push(line);
        }
    }
    let plays = |g: &GameSummary| {
        me.as_ref()
            .is_some_and(|m| *m == g.player_a || *m == g.player_b)
    };
    let (my_games, watch) = view.games.into_iter().partition(plays);
    Ok(LobbyPanel {
        chrome: Chrome::new(req, user.0, csrf),
        me,
        open,
        mine,
        to_me,
        my_games,
        watch,
    })
}

/// `GET /online`: the lobby.
pub async fn lobby(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, AppError> {
    let panel = lobby_panel(&req, &state, user, &csrf).await?;
    let p = LobbyPage {
        chrome: panel.chrome.clone(),
        signed_in: panel.me.is_some(),
        panel: panel.render().map_err(AppError::internal)?,
        lexicon: DEFAULT,
    };
    page(&p, &p.chrome, StatusCode::OK)
}

/// `GET /online/lobby/panel`: the lobby's live region, re-read on every lobby message.
pub async fn lobby_fragment(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, AppError> {
    html(&lobby_panel(&req, &state, user, &csrf).await?)
}

#[derive(Template)]
#[template(path = "online/register.html")]
struct RegisterPage {
    chrome: Chrome,
    open: bool,
    username: String,
    error: Option<String>,
}

/// The registration form.
#[derive(Deserialize)]
pub struct RegisterForm {
    /// Username.
    pub username: String,
    /// Password.
    pub password: String,
}

/// `GET /online/register`: the form, or a note that registration is closed.
pub async fn register_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, AppError> {
    let open = state.db(online::registration).await?.registration_open;
    let p = RegisterPage {
        chrome: Chrome::new(&req, user.0, &csrf),
        open,
        username: String::new(),
        error: None,
    };
    page(&p, &p.chrome, StatusCode::OK)
}

/// `POST /online/register`: registers through the service, signs the new player in and goes
/// to the lobby; a refusal is shown on the form with what was typed (the password excepted).
pub async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    csrf: CsrfToken,
    form: CsrfForm<RegisterForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.0;
    let peer = req
        .peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default();
    let (now, svc) = (state.clock.now(), state.online.clone());
    let body = RegisterRequest {
        username: form.username.clone(),
        password: form.password.clone(),
    };
    let done = state
        .db(move |conn| online::register(conn, &svc, now, &peer, &body))
        .await;
    let refused = |e: AppError, open: bool| {
        let status = actix_web::ResponseError::status_code(&e);
        let p = RegisterPage {
            chrome: Chrome::new(&req, None, &csrf),
            open,
            username: form.username.clone(),
            error: Some(e.public_message()),
        };
        page(&p, &p.chrome, status)
    };
    match done {
        Ok(user) => {
            let peer = req
                .peer_addr()
                .map(|a| a.ip().to_string())
                .unwrap_or_default();
            let session = crate::services::accounts::login(
                &account_deps(&state),
                &user.username,
                &form.password,
                &peer,
            )
            .await?;
            Ok(HttpResponse::SeeOther()
                .insert_header((header::LOCATION, "/online"))
                .cookie(session_cookie(
                    session.token,
                    state.settings.session_hours,
                    state.settings.secure_cookies,
                ))
                .cookie(fresh_csrf_cookie(state.settings.secure_cookies))
                .finish())
        }
        // Closed registration (403) says so; any other refusal is shown on the form.
        Err(e @ AppError::Forbidden(_)) => refused(e, false),
        Err(e) if actix_web::ResponseError::status_code(&e).is_client_error() => refused(e, true),
        Err(e) => Err(e),
    }
}

/// One square of the board as the page draws it.
pub struct Cell {
    /// Row, 0-14.
    pub r: usize,
    /// Column, 0-14.
    pub c: usize,
    /// The tile on it (lowercase a blank), or empty.
    pub letter: String,
    /// Its premium (`tw`, `dw`, `tl`, `dl`, `dw star`) or empty.
    pub class: &'static str,
}

fn cells(board: &[String]) -> Vec<Vec<Cell>> {
    (0..15)
        .map(|r| {
            let row: Vec<char> = board
                .get(r)
                .map(|s| s.chars().collect())
                .unwrap_or_default();
            (0..15)
                .map(|c| {
                    let class = match Square::new(r, c).map(premium) {
                        Some(Premium::TripleWord) => "tw",
                        Some(Premium::DoubleWord) if r == 7 && c == 7 => "dw star",
                        Some(Premium::DoubleWord) => "dw",
                        Some(Premium::TripleLetter) => "tl",
                        Some(Premium::DoubleLetter) => "dl",
                        _ => "",
                    };
                    let letter = match row.get(c) {
                        Some(ch) if *ch != '.' => ch.to_string(),
                        _ => String::new(),
                    };
                    Cell {
                        r,
                        c,
                        letter,
                        class,
                    }
                })
                .collect()
        })
        .collect()
}

#[derive(Template)]
#[template(path = "online/game.html")]
struct GamePage {
    chrome: Chrome,
    game: OnlineGameView,
    board: Vec<Vec<Cell>>,
    challenge_mode: bool,
    /// The settings in words (clock, mode, overtime and its limit, rated).
    settings_line: String,
    /// The view as JSON for the page's script (the viewer's own rack only).
    json: String,
}

/// `GET /online/games/{id}`: the game for a player (their own rack, the controls) or a
/// spectator (no rack); reloading it resumes the game where the server has it.
pub async fn game(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<OnlineGameId>,
) -> Result<HttpResponse, AppError> {
    let (uid, now, id) = (user.0.as_ref().map(|c| c.uid), state.clock.now(), *id);
    let game = state
        .online_db(move |conn, cache| online::game_view(conn, cache, uid, id, now))
        .await?;
    let challenge_mode = game
        .view
        .settings
        .as_ref()
        .is_some_and(|s| s.mode != crate::rules::online::Mode::Dictionary);
    // `<` escaped: nothing in the data can end the script element early.
    let json = serde_json::to_string(&game)
        .map_err(AppError::internal)?
        .replace('<', "\\u003c");
    let chrome = Chrome::new(&req, user.0, &csrf);
    let settings_line = match &game.view.settings {
        Some(s) => SettingsLine::of(&serde_json::to_value(s).map_err(AppError::internal)?)
            .describe(&chrome),
        None => String::new(),
    };
    let p = GamePage {
        chrome,
        board: cells(&game.view.board),
        challenge_mode,
        settings_line,
        json,
        game,
    };
    page(&p, &p.chrome, StatusCode::OK)
}

#[derive(Template)]
#[template(path = "online/profile.html")]
struct ProfilePage {
    chrome: Chrome,
    profile: ProfileView,
}

/// `GET /online/players/{username}`: ratings per variant, rating history, games.
pub async fn profile(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    name: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let name = name.into_inner();
    let profile = state
        .online_db(move |conn, cache| online::profile(conn, cache, &name))
        .await?;
    let p = ProfilePage {
        chrome: Chrome::new(&req, user.0, &csrf),
        profile,
    };
    page(&p, &p.chrome, StatusCode::OK)
}

/// The leaderboard's query: a variant, or the first one.
#[derive(Deserialize)]
pub struct BoardQuery {
    /// `lexicon.mode.time`.
    pub variant: Option<String>,
}

#[derive(Template)]
#[template(path = "online/leaderboard.html")]
struct LeaderboardPage {
    chrome: Chrome,
    variants: Vec<String>,
    board: LeaderboardView,
}

/// `GET /online/leaderboard`: one variant's ratings, best first, with a switch between the
/// variants.
pub async fn leaderboard(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    q: web::Query<BoardQuery>,
) -> Result<HttpResponse, AppError> {
    let variants: Vec<String> = ["dictionary", "challenge"]
        .iter()
        .flat_map(|m| {
            ["blitz", "rapid", "regular"]
                .iter()
                .map(move |t| format!("{DEFAULT}.{m}.{t}"))
        })
        .collect();
    let variant = q
        .into_inner()
        .variant
        .unwrap_or_else(|| format!("{DEFAULT}.dictionary.regular"));
    let board = state
        .online_db(move |conn, cache| online::leaderboard(conn, cache, &variant))
        .await?;
    let p = LeaderboardPage {
        chrome: Chrome::new(&req, user.0, &csrf),
        variants,
        board,
    };
    page(&p, &p.chrome, StatusCode::OK)
}
