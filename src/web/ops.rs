//! Event operations pages: the table's tablet, the match scoreboard, the PIC's queue, the
//! committee, standings and team pages. Live regions re-render from the fragment routes when
//! the SSE stream says something changed.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::AppState;
use super::board_view::Board;
use super::pages::{Chrome, Empty, page, redirect_with_flash};
use super::session::{CsrfForm, CsrfToken, CurrentUser, MaybeUser};
use crate::db;
use crate::error::AppError;
use crate::services::{committee, events, matches, pic, standings};

fn html<T: Template>(t: &T) -> Result<HttpResponse, AppError> {
    let body = t.render().map_err(AppError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body))
}

#[derive(Template)]
#[template(path = "ops/match.html")]
struct MatchPage {
    chrome: Chrome,
    b: Board,
    controls: bool,
    two_letter: Vec<String>,
}

#[derive(Template)]
#[template(path = "ops/board_fragment.html")]
struct BoardFragment {
    b: Board,
    controls: bool,
}

#[derive(Template)]
#[template(path = "ops/notice.html")]
struct Notice {
    chrome: Chrome,
    title: String,
    message: String,
}

/// `GET /matches/{id}`: the scoreboard and score sheet (public events: anyone).
pub async fn match_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now, cache) = (
        user.0.as_ref().map(|c| c.uid),
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
    );
    let d = state
        .db(move |conn| matches::show(conn, &cache, now, id, uid))
        .await?;
    {
        let p = MatchPage {
            chrome: Chrome::new(&req, user.0, &csrf),
            b: Board::from_detail(&d),
            controls: false,
            two_letter: Vec::new(),
        };
        page(&p, &p.chrome, StatusCode::OK)
    }
}

/// `GET /matches/{id}/table`: the table's tablet: clocks, buttons, score entry, the sheet.
pub async fn table_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now, cache) = (
        user.0.uid,
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
    );
    let lexicons = state.lexicons.clone();
    let (d, twos) = state
        .db(move |conn| {
            let d = matches::for_table(conn, &cache, now, uid, id)?;
            let twos = match d.event_id {
                Some(e) => {
                    let ev = events::event(conn, e)?;
                    lexicons.for_event(e, &ev.lexicon)?.two_letter_words()
                }
                None => lexicons.builtin()?.two_letter_words(),
            };
            Ok((
                d,
                twos.into_iter()
                    .map(|w| w.to_uppercase())
                    .collect::<Vec<_>>(),
            ))
        })
        .await?;
    {
        let p = MatchPage {
            chrome: Chrome::new(&req, Some(user.0), &csrf),
            b: Board::from_detail(&d),
            controls: true,
            two_letter: twos,
        };
        page(&p, &p.chrome, StatusCode::OK)
    }
}

/// Query of the board fragment.
#[derive(Deserialize)]
pub struct BoardQuery {
    #[serde(default)]
    controls: Option<u8>,
}

/// `GET /matches/{id}/board`: the live part of the match pages.
pub async fn board_fragment(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<i64>,
    q: web::Query<BoardQuery>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now, cache) = (
        user.0.as_ref().map(|c| c.uid),
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
    );
    let controls = q.controls == Some(1);
    let d = state
        .db(move |conn| match (controls, uid) {
            (true, Some(u)) => matches::for_table(conn, &cache, now, u, id),
            (true, None) => Err(AppError::Unauthorized("sign in first".into())),
            (false, _) => matches::show(conn, &cache, now, id, uid),
        })
        .await?;
    html(&BoardFragment {
        b: Board::from_detail(&d),
        controls,
    })
}

/// `GET /table`: a table device goes to the match at its table.
pub async fn table_home(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, AppError> {
    let uid = user.0.uid;
    match state
        .db(move |conn| matches::current_for_device(conn, uid))
        .await?
    {
        Some(id) => Ok(HttpResponse::SeeOther()
            .insert_header((header::LOCATION, format!("/matches/{id}/table")))
            .finish()),
        None => {
            let p = Notice {
            chrome: Chrome::new(&req, Some(user.0), &csrf),
            title: "No match at this table yet".into(),
            message: "When the director pairs the round, this table's match appears here. Reload the page then.".into(),
        };
            page(&p, &p.chrome, StatusCode::OK)
        }
    }
}

#[derive(Template)]
#[template(path = "ops/pic.html")]
struct PicPage {
    chrome: Chrome,
    q: pic::Queue,
    csrf: String,
}

#[derive(Template)]
#[template(path = "ops/pic_fragment.html")]
struct PicFragment {
    q: pic::Queue,
    csrf: String,
}

async fn load_queue(state: &AppState, uid: i64, event: i64) -> Result<pic::Queue, AppError> {
    let (now, cache, lex) = (
        state.clock.now(),
        state.desk.clone(),
        state.lexicons.clone(),
    );
    state
        .db(move |conn| pic::queue(conn, &cache, &lex, now, uid, event))
        .await
}

/// `GET /events/{id}/pic`: the PIC's queue.
pub async fn pic_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let q = load_queue(&state, user.0.uid, id.into_inner()).await?;
    {
        let p = PicPage {
            chrome: Chrome::new(&req, Some(user.0), &csrf),
            q,
            csrf: csrf.0.clone(),
        };
        page(&p, &p.chrome, StatusCode::OK)
    }
}

/// `GET /events/{id}/pic/queue`: the live part of the PIC page.
pub async fn pic_fragment(
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let q = load_queue(&state, user.0.uid, id.into_inner()).await?;
    html(&PicFragment { q, csrf: csrf.0 })
}

/// `POST /challenges/{id}/claim`.
pub async fn claim_challenge(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
    _f: CsrfForm<Empty>,
) -> Result<HttpResponse, AppError> {
    let (uid, id, now, desk) = (
        user.0.uid,
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
    );
    let (event, result) = state
        .db(move |conn| {
            Ok((
                pic::event_of(conn, id)?,
                pic::claim(conn, &desk, now, uid, id),
            ))
        })
        .await?;
    let back = format!("/events/{event}/pic");
    match result {
        Ok(_) => Ok(redirect_with_flash(
            &back,
            "Challenge taken: it is yours to rule.",
        )),
        Err(AppError::Conflict { message, .. }) => Ok(redirect_with_flash(&back, &message)),
        Err(e) => Err(e),
    }
}

/// The ruling form.
#[derive(Deserialize)]
pub struct RuleForm {
    #[serde(default)]
    valid: Option<String>,
    #[serde(default)]
    actual: Option<String>,
}

/// `POST /challenges/{id}/rule`.
pub async fn rule_challenge(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<i64>,
    form: CsrfForm<RuleForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.0;
    let actual = match form.actual.as_deref().map(str::trim) {
        Some("") | None => None,
        Some(a) => Some(
            a.parse::<i32>()
                .map_err(|_| AppError::field("actual", "the actual score is a whole number"))?,
        ),
    };
    let valid = form.valid.as_deref().map(|v| v == "true");
    let body = pic::RulingRequest {
        valid,
        actual,
        idempotency_key: None,
    };
    let (uid, id, now, cache) = (
        user.0.uid,
        id.into_inner(),
        state.clock.now(),
        state.desk.clone(),
    );
    let (event, result) = state
        .db(move |conn| {
            Ok((
                pic::event_of(conn, id)?,
                pic::rule(conn, &cache, now, uid, id, &body),
            ))
        })
        .await?;
    let back = format!("/events/{event}/pic");
    match result {
        Ok(_) => Ok(redirect_with_flash(&back, "Ruling applied.")),
        Err(
            e @ (AppError::Conflict { .. }
            | AppError::Rule { .. }
            | AppError::BadRequest { .. }
            | AppError::Unprocessable { .. }),
        ) => Ok(redirect_with_flash(&back, &e.public_message())),
        Err(e) => Err(e),
    }
}

#[derive(Template)]
#[template(path = "ops/committee.html")]
struct CommitteePage {
    chrome: Chrome,
    event: events::EventView,
    teams: Vec<db::events::TeamRow>,
    matches: Vec<db::matches::MatchRow>,
    records: Vec<committee::RecordView>,
    error: Option<String>,
}

async fn committee_page_for(
    req: &HttpRequest,
    state: &AppState,
    user: crate::auth::Claims,
    csrf: &CsrfToken,
    event: i64,
    error: Option<String>,
) -> Result<HttpResponse, AppError> {
    let uid = user.uid;
    let (ev, teams, ms, records) = state
        .db(move |conn| {
            committee::require_member(conn, uid, event)?;
            let ev = events::event(conn, event)?;
            Ok((
                ev,
                db::events::teams_of(conn, event)?,
                db::matches::of_event(conn, event)?,
                committee::records(conn, event)?,
            ))
        })
        .await?;
    let status = if error.is_some() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    let page = CommitteePage {
        chrome: Chrome::new(req, Some(user), csrf),
        event: ev.into(),
        teams,
        matches: ms,
        records,
        error,
    };
    let body = page.render().map_err(AppError::internal)?;
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(body))
}

/// `GET /events/{id}/committee`.
pub async fn committee_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    committee_page_for(&req, &state, user.0, &csrf, id.into_inner(), None).await
}

/// The committee form.
#[derive(Deserialize)]
pub struct CommitteeForm {
    team_id: i64,
    #[serde(default)]
    match_id: Option<String>,
    kind: String,
    reason: String,
    #[serde(default)]
    corrects: Option<i64>,
}

/// `POST /events/{id}/committee`: records, or shows the form again with the reason.
pub async fn record_committee(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<i64>,
    form: CsrfForm<CommitteeForm>,
) -> Result<HttpResponse, AppError> {
    let f = form.0;
    let event = id.into_inner();
    let match_id = match f.match_id.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(m) => Some(
            m.parse::<i64>()
                .map_err(|_| AppError::field("match_id", "choose a match"))?,
        ),
    };
    let body = committee::NewRecordRequest {
        team_id: f.team_id,
        match_id,
        kind: f.kind,
        // A reason box is a textarea: a line break typed in it is a space.
        reason: crate::text::textarea_line(&f.reason),
        corrects: f.corrects,
        idempotency_key: None,
    };
    let (uid, now, cache) = (user.0.uid, state.clock.now(), state.desk.clone());
    match state
        .db(move |conn| committee::record(conn, &cache, now, uid, event, &body))
        .await
    {
        Ok(_) => Ok(redirect_with_flash(
            &format!("/events/{event}/committee"),
            "Recorded.",
        )),
        Err(
            e @ (AppError::BadRequest { .. }
            | AppError::Unprocessable { .. }
            | AppError::Rule { .. }
            | AppError::Conflict { .. }),
        ) => committee_page_for(&req, &state, user.0, &csrf, event, Some(e.public_message())).await,
        Err(e) => Err(e),
    }
}

#[derive(Template)]
#[template(path = "ops/standings.html")]
struct StandingsPage {
    chrome: Chrome,
    event: events::EventView,
    standings: Vec<standings::StandingView>,
    live: Vec<db::matches::MatchRow>,
}

#[derive(Template)]
#[template(path = "ops/standings_fragment.html")]
struct StandingsFragment {
    standings: Vec<standings::StandingView>,
    live: Vec<db::matches::MatchRow>,
}

type StandingsData = (
    events::EventView,
    Vec<standings::StandingView>,
    Vec<db::matches::MatchRow>,
);

async fn load_standings(
    state: &AppState,
    uid: Option<i64>,
    event: i64,
) -> Result<StandingsData, AppError> {
    let cache = state.standings.clone();
    state
        .db(move |conn| {
            let ev = events::readable(conn, event, uid)?;
            let rows = cache.get(conn, event)?.0.as_ref().clone();
            let live = db::matches::of_event(conn, event)?
                .into_iter()
                .filter(|m| m.status != "finished")
                .collect();
            Ok((ev.into(), rows, live))
        })
        .await
}

/// `GET /events/{id}/standings`.
pub async fn standings_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (event, standings, live) =
        load_standings(&state, user.0.as_ref().map(|c| c.uid), id.into_inner()).await?;
    {
        let p = StandingsPage {
            chrome: Chrome::new(&req, user.0, &csrf),
            event,
            standings,
            live,
        };
        page(&p, &p.chrome, StatusCode::OK)
    }
}

/// `GET /events/{id}/standings/table`: the live part of the standings page.
pub async fn standings_fragment(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (_, standings, live) =
        load_standings(&state, user.0.as_ref().map(|c| c.uid), id.into_inner()).await?;
    html(&StandingsFragment { standings, live })
}

/// `GET /events/{id}/standings.csv`.
pub async fn standings_csv(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    let (_, rows, _) = load_standings(&state, user.0.as_ref().map(|c| c.uid), id).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"standings-{id}.csv\""),
        ))
        .body(standings::to_csv(&rows)))
}

#[derive(Template)]
#[template(path = "ops/team.html")]
struct TeamPageT {
    chrome: Chrome,
    p: events::TeamPage,
}

/// `GET /teams/{id}`.
pub async fn team_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.as_ref().map(|c| c.uid), id.into_inner());
    let p = state
        .db(move |conn| events::team_page(conn, id, uid))
        .await?;
    {
        let p = TeamPageT {
            chrome: Chrome::new(&req, user.0, &csrf),
            p,
        };
        page(&p, &p.chrome, StatusCode::OK)
    }
}
