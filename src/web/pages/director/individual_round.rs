//! A round's pairings by hand (issue 18): for a paired round without results, every line as
//! the director wants it (the API's `PUT …/rounds/{n}`); for the next round, the lines the
//! director fixes before the plan pairs the rest (`POST …/rounds` with lines; every line in a
//! round the plan pairs by hand). The form lists the tables with their players' numbers; a
//! refusal (a player twice, unknown, withdrawn, left out) comes back in the form with the
//! lines as typed.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::individual::Fields;
use super::{FormError, chrome, shown_at_form, status_of};
use crate::error::AppError;
use crate::rules::pairing::individual::Method;
use crate::services::individual::{self as ind, DivisionDesk, OverrideRequest, PairLine};
use crate::vocab::DivisionId;
use crate::web::AppState;
use crate::web::pages::{Chrome, flash_key, page, redirect_with_flash};
use crate::web::session::{CsrfForm, CsrfToken, CurrentUser};

/// At most this many lines are read from a form (a division holds at most 1000 players).
const MAX_ROWS: usize = 600;

/// One line of the form as shown: the two numbers as typed.
pub struct Row {
    /// First player (or the one with a bye).
    pub a: String,
    /// Opponent (empty: a bye).
    pub b: String,
}

#[derive(Template)]
#[template(path = "individual/director_round.html")]
struct RoundPage {
    chrome: Chrome,
    v: DivisionDesk,
    round: u32,
    /// The round is paired already (its lines replace it); else it is the next one.
    paired: bool,
    method: Method,
    rows: Vec<Row>,
    error: Option<String>,
}

impl RoundPage {
    /// Whether a player plays this round (entered by then, not withdrawn).
    fn plays(&self, first_round: &i32, withdrawn: &Option<i32>) -> bool {
        let r = i32::try_from(self.round).unwrap_or(i32::MAX);
        *first_round <= r && withdrawn.is_none_or(|w| w > r)
    }
}

/// The page's data: the desk, and the round's lines when it is paired.
async fn load(
    state: &AppState,
    uid: crate::vocab::UserId,
    id: DivisionId,
    round: u32,
) -> Result<(DivisionDesk, Option<ind::RoundView>), AppError> {
    state
        .db(move |conn| {
            let v = ind::division_desk(conn, uid, id)?;
            let last = v.division.rounds_paired;
            let lines = if round >= 1 && round <= last {
                Some(ind::round_view(conn, Some(uid), id, round)?)
            } else if round == last + 1 && v.next.is_some() {
                None
            } else {
                return Err(AppError::not_found(format!("round {round} is not paired")));
            };
            Ok((v, lines))
        })
        .await
}

fn render(
    cx: (&HttpRequest, &CurrentUser, &CsrfToken),
    (v, paired): (DivisionDesk, bool),
    round: u32,
    rows: Vec<Row>,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let (req, user, csrf) = cx;
    let chrome = chrome(req, user, csrf).in_event(v.language.as_deref());
    let method = v
        .next
        .filter(|(n, _)| *n == round)
        .map(|(_, s)| s.method)
        .or_else(|| {
            // A paired round: the method its stretch of the plan names.
            v.division
                .plan
                .iter()
                .find(|s| (s.first..=s.last).contains(&round))
                .map(|s| s.method)
        })
        // A round beyond the plan is the director's to pair by hand.
        .unwrap_or(Method::Manual);
    page(
        &RoundPage {
            chrome: chrome.clone(),
            v,
            round,
            paired,
            method,
            rows,
            error,
        },
        &chrome,
        status,
    )
}

/// `GET /individual/divisions/{id}/desk/rounds/{round}`: the round's lines in a form.
pub async fn round_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    path: web::Path<(DivisionId, u32)>,
) -> Result<HttpResponse, AppError> {
    let ((id, round), uid) = (path.into_inner(), user.0.uid);
    let (v, lines) = load(&state, uid, id, round).await?;
    let paired = lines.is_some();
    let mut rows: Vec<Row> = lines
        .map(|r| {
            r.lines
                .into_iter()
                .map(|l| Row {
                    a: l.a.to_string(),
                    b: l.b.map(|b| b.to_string()).unwrap_or_default(),
                })
                .collect()
        })
        .unwrap_or_default();
    // Room for a new line or two (a late entry, a bye), or for the whole next round.
    let blank = if paired {
        2
    } else {
        v.division.players.len() / 2 + 1
    };
    rows.extend((0..blank).map(|_| Row {
        a: String::new(),
        b: String::new(),
    }));
    render(
        (&req, &user, &csrf),
        (v, paired),
        round,
        rows,
        None,
        StatusCode::OK,
    )
}

/// The lines typed in the form (a line with only an opponent is that player's bye).
fn lines_of(f: &Fields) -> (Vec<Row>, Result<Vec<PairLine>, AppError>) {
    let count = f
        .get("rows")
        .trim()
        .parse::<usize>()
        .unwrap_or(0)
        .min(MAX_ROWS);
    let rows: Vec<Row> = (1..=count)
        .map(|i| Row {
            a: f.row("a", i).trim().to_owned(),
            b: f.row("b", i).trim().to_owned(),
        })
        .collect();
    let number = |i: usize, v: &str| {
        v.parse::<u32>().ok().filter(|n| *n >= 1).ok_or_else(|| {
            AppError::field("lines", format!("line {i}: a player's number is from 1"))
        })
    };
    let mut lines = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let (a, b) = match (r.a.as_str(), r.b.as_str()) {
            ("", "") => continue,
            ("", b) => (b, ""),
            (a, b) => (a, b),
        };
        let a = match number(i + 1, a) {
            Ok(a) => a,
            Err(e) => return (rows, Err(e)),
        };
        let b = match b {
            "" => None,
            b => match number(i + 1, b) {
                Ok(b) => Some(b),
                Err(e) => return (rows, Err(e)),
            },
        };
        lines.push(PairLine { a, b });
    }
    (rows, Ok(lines))
}

/// `POST /individual/divisions/{id}/desk/rounds/{round}`: replaces a paired round's lines, or
/// pairs the next round with the lines given.
pub async fn save_round(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    path: web::Path<(DivisionId, u32)>,
    form: CsrfForm<Fields>,
) -> Result<HttpResponse, AppError> {
    let ((id, round), uid) = (path.into_inner(), user.0.uid);
    let (rows, lines) = lines_of(&form.0);
    let result = match lines {
        Ok(lines) => {
            let (now, desk) = (state.clock.now(), state.desk.clone());
            state
                .db(move |conn| {
                    let last = ind::division_desk(conn, uid, id)?.division.rounds_paired;
                    let req = OverrideRequest { lines };
                    if round >= 1 && round <= last {
                        ind::override_round(conn, &desk, now, uid, id, round, &req)
                    } else if round == last + 1 {
                        ind::pair_next(conn, &desk, now, uid, id, &req)
                    } else {
                        Err(AppError::not_found(format!("round {round} is not paired")))
                    }
                })
                .await
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(r) => Ok(redirect_with_flash(
            &format!("/individual/divisions/{id}/desk"),
            &flash_key(
                "inddir-flash-pairings-saved",
                &[("round", r.round.to_string())],
            ),
        )),
        Err(e) if shown_at_form(&e) => {
            let (v, lines) = load(&state, uid, id, round).await?;
            let message = FormError::of("lines", &e).message;
            render(
                (&req, &user, &csrf),
                (v, lines.is_some()),
                round,
                rows,
                Some(message),
                status_of(&e),
            )
        }
        Err(e) => Err(e),
    }
}
