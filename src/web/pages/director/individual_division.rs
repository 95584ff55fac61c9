//! A division's desk for its director (issue 18): the players (added, also as late entries
//! once rounds are paired; withdrawn with what the event's options do with their unscored
//! games; a withdrawal taken back), pairing the next round by the plan, the latest round with
//! its quick entry and hand pairing, and every export. Each form calls the API's service; a
//! refused form is shown again with its values and the message in the page's language.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::individual::{Fields, StickyForms};
use super::{FormError, chrome, shown_at_form, status_of};
use crate::error::AppError;
use crate::rules::individual::late::LateRounds;
use crate::rules::individual::standings::WithdrawnGames;
use crate::services::individual::{
    self as ind, DivisionDesk, NewPlayerRequest, OverrideRequest, RatingMethodRequest,
    TakeBackRequest, WithdrawRequest,
};
use crate::vocab::DivisionId;
use crate::web::AppState;
use crate::web::pages::{Chrome, Empty, flash_key, page, redirect_with_flash};
use crate::web::session::{CsrfForm, CsrfToken, CurrentUser};

#[derive(Template)]
#[template(path = "individual/director_division.html")]
struct DivisionPage {
    chrome: Chrome,
    v: DivisionDesk,
    error: Option<FormError>,
    form: Fields,
}

impl StickyForms for DivisionPage {
    fn refusal(&self) -> Option<&FormError> {
        self.error.as_ref()
    }

    fn typed(&self) -> &Fields {
        &self.form
    }
}

impl DivisionPage {
    /// The withdraw form of a player: `withdraw-N`.
    fn withdraw_form(number: &i32) -> String {
        format!("withdraw-{number}")
    }

    /// Whether a withdrawal's unscored games are byes for the opponents (else forfeits).
    fn withdrawal_gives_byes(&self) -> bool {
        self.v.options.withdrawn == WithdrawnGames::Bye
    }

    /// The division's rule for a late entrant's missed rounds, as the catalogues name it.
    fn late_rule(&self) -> &'static str {
        self.v.division.late_rounds.as_str()
    }

    /// The spread the late-entry rule counts a missed round with (0: no game).
    fn late_spread(&self) -> i32 {
        match self.v.division.late_rounds {
            LateRounds::NoGame => 0,
            LateRounds::Forfeit => self.v.options.forfeit_spread,
            LateRounds::Bye => self.v.options.bye_spread,
        }
    }

    /// A player's name by number (for the withdrawal records).
    fn name_of(&self, number: &i32) -> String {
        self.v
            .division
            .players
            .iter()
            .find(|p| p.number == *number)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    }
}

/// What a handler hands to [`render`].
type Cx<'a> = (
    &'a HttpRequest,
    &'a AppState,
    &'a CurrentUser,
    &'a CsrfToken,
);

async fn render(
    cx: Cx<'_>,
    id: DivisionId,
    error: Option<FormError>,
    form: Fields,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let (req, state, user, csrf) = cx;
    let uid = user.0.uid;
    let v = state
        .db(move |conn| ind::division_desk(conn, uid, id))
        .await?;
    let chrome = chrome(req, user, csrf).in_event(v.language.as_deref());
    page(
        &DivisionPage {
            chrome: chrome.clone(),
            v,
            error,
            form,
        },
        &chrome,
        status,
    )
}

/// The desk again after a write: a redirect with its flash, or the form's refusal.
async fn answer<T>(
    cx: Cx<'_>,
    id: DivisionId,
    form_name: &str,
    form: Fields,
    result: Result<T, AppError>,
    flash: impl FnOnce(T) -> String,
) -> Result<HttpResponse, AppError> {
    answer_at(cx, id, form_name, form, result, |v| {
        (String::new(), flash(v))
    })
    .await
}

/// [`answer`], the redirect going to a place on the desk (`#…`, or empty for its top).
async fn answer_at<T>(
    cx: Cx<'_>,
    id: DivisionId,
    form_name: &str,
    form: Fields,
    result: Result<T, AppError>,
    done: impl FnOnce(T) -> (String, String),
) -> Result<HttpResponse, AppError> {
    match result {
        Ok(v) => {
            let (anchor, flash) = done(v);
            Ok(redirect_with_flash(
                &format!("/individual/divisions/{id}/desk{anchor}"),
                &flash,
            ))
        }
        Err(e) if shown_at_form(&e) => {
            let status = status_of(&e);
            render(cx, id, Some(FormError::of(form_name, &e)), form, status).await
        }
        Err(e) => Err(e),
    }
}

/// `GET /individual/divisions/{id}/desk`: the division's desk.
pub async fn division_desk(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<DivisionId>,
) -> Result<HttpResponse, AppError> {
    render(
        (&req, &state, &user, &csrf),
        id.into_inner(),
        None,
        Fields::default(),
        StatusCode::OK,
    )
    .await
}

fn optional(v: &str) -> Option<String> {
    Some(v.trim().to_owned()).filter(|s| !s.is_empty())
}

/// `POST /individual/divisions/{id}/desk/players`: a player, numbered next (a late entry
/// once rounds are paired).
pub async fn add_player(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<DivisionId>,
    form: CsrfForm<Fields>,
) -> Result<HttpResponse, AppError> {
    let (id, uid, f) = (id.into_inner(), user.0.uid, form.0);
    let rating = match f.get("rating").trim() {
        "" => Ok(None),
        r => r
            .parse::<i32>()
            .map(Some)
            .map_err(|_| AppError::field("rating", "a rating is from 0 (unrated) to 4000")),
    };
    let result = match rating {
        Ok(rating) => {
            let body = NewPlayerRequest {
                name: f.get("name").to_owned(),
                rating,
                rating_system: optional(f.get("rating_system")),
                rating_id: optional(f.get("rating_id")),
                club: optional(f.get("club")),
                class: optional(f.get("class")),
                team: optional(f.get("team")),
            };
            let (now, desk) = (state.clock.now(), state.desk.clone());
            state
                .db(move |conn| ind::add_player(conn, &desk, now, uid, id, &body))
                .await
        }
        Err(e) => Err(e),
    };
    // Back at the new player's line, the form just below it: players are added one after
    // another, and the list above the form grows long.
    answer_at((&req, &state, &user, &csrf), id, "player", f, result, |p| {
        let anchor = format!("#player-{}", p.number);
        let flash = flash_key(
            "inddir-flash-player",
            &[
                ("name", p.name),
                ("number", p.number.to_string()),
                ("round", p.first_round.to_string()),
            ],
        );
        (anchor, flash)
    })
    .await
}

/// The two records a player's withdraw form writes: the withdrawal, or its taking back (a
/// correction record; the withdrawal stays listed).
#[derive(Clone, Copy)]
enum WithdrawalRecord {
    Withdraw,
    TakeBack,
}

/// Records a withdrawal or takes one back, with the form's reason; a refusal shows at the
/// player's withdraw form.
async fn record_withdrawal(
    cx: Cx<'_>,
    (id, number): (DivisionId, i32),
    f: Fields,
    record: WithdrawalRecord,
) -> Result<HttpResponse, AppError> {
    let (_, state, user, _) = cx;
    let (uid, reason) = (user.0.uid, optional(f.get("reason")));
    let (now, desk) = (state.clock.now(), state.desk.clone());
    let result = state
        .db(move |conn| match record {
            WithdrawalRecord::Withdraw => ind::withdraw(
                conn,
                &desk,
                now,
                uid,
                id,
                number,
                &WithdrawRequest { reason },
            ),
            WithdrawalRecord::TakeBack => ind::take_back(
                conn,
                &desk,
                now,
                uid,
                id,
                number,
                &TakeBackRequest { reason },
            ),
        })
        .await;
    let form_name = DivisionPage::withdraw_form(&number);
    answer(cx, id, &form_name, f, result, |p| match record {
        WithdrawalRecord::Withdraw => flash_key(
            "inddir-flash-withdrawn",
            &[
                ("name", p.name),
                ("round", p.withdrawn_round.unwrap_or(0).to_string()),
            ],
        ),
        WithdrawalRecord::TakeBack => flash_key("inddir-flash-taken-back", &[("name", p.name)]),
    })
    .await
}

/// `POST /individual/divisions/{id}/desk/players/{number}/withdraw`: withdraws a player.
pub async fn withdraw(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    path: web::Path<(DivisionId, i32)>,
    form: CsrfForm<Fields>,
) -> Result<HttpResponse, AppError> {
    let cx = (&req, state.get_ref(), &user, &csrf);
    record_withdrawal(cx, path.into_inner(), form.0, WithdrawalRecord::Withdraw).await
}

/// `POST /individual/divisions/{id}/desk/players/{number}/take-back`: takes a withdrawal back
/// (a correction record; the withdrawal stays listed).
pub async fn take_back(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    path: web::Path<(DivisionId, i32)>,
    form: CsrfForm<Fields>,
) -> Result<HttpResponse, AppError> {
    let cx = (&req, state.get_ref(), &user, &csrf);
    record_withdrawal(cx, path.into_inner(), form.0, WithdrawalRecord::TakeBack).await
}

/// `POST /individual/divisions/{id}/desk/rounds`: pairs the next round by the plan.
pub async fn pair_round(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<DivisionId>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, AppError> {
    let (id, uid) = (id.into_inner(), user.0.uid);
    let (now, desk) = (state.clock.now(), state.desk.clone());
    let result = state
        .db(move |conn| ind::pair_next(conn, &desk, now, uid, id, &OverrideRequest::default()))
        .await;
    answer(
        (&req, &state, &user, &csrf),
        id,
        "pair",
        Fields::default(),
        result,
        |r| flash_key("inddir-flash-paired", &[("round", r.round.to_string())]),
    )
    .await
}

/// `POST /individual/divisions/{id}/desk/rating-method`: how the division's rating estimates
/// are made (the API's service; an unknown method comes back in the form).
pub async fn set_rating_method(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    id: web::Path<DivisionId>,
    form: CsrfForm<Fields>,
) -> Result<HttpResponse, AppError> {
    let (id, uid, f) = (id.into_inner(), user.0.uid, form.0);
    let body = RatingMethodRequest {
        rating_method: f.get("rating_method").to_owned(),
    };
    let desk = state.desk.clone();
    let result = state
        .db(move |conn| ind::set_rating_method(conn, &desk, uid, id, &body))
        .await;
    answer_at((&req, &state, &user, &csrf), id, "rating", f, result, |d| {
        let flash = flash_key(
            "indr-flash-method",
            &[("method", d.rating_method.name().to_owned())],
        );
        ("#rating-form".to_owned(), flash)
    })
    .await
}
