//! What the director's set-up pages of an individual event show (issue 18): the event with its
//! options and divisions, and a division's desk (players with their unscored games, the round
//! the plan pairs next, the latest round). Writes go through the same functions as the API.

use std::collections::HashMap;

use serde::Deserialize;

use super::{DivisionView, IndivEventView, RoundView, division_for_director, event_options};
use crate::db::{DbConn, individual as rows};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::individual::ratings::RatingMethod;
use crate::rules::individual::standings::Options;
use crate::rules::pairing::individual::Stretch;
use crate::services::authz::Grants;
use crate::services::desk::Desk;
use crate::vocab::{DivisionId, EventId, UserId};

/// An individual event as its director's page shows it.
#[derive(Debug)]
pub struct EventDesk {
    /// The event with its divisions.
    pub event: IndivEventView,
    /// The default language of the event's pages, if set.
    pub language: Option<String>,
}

/// The event for its director (404 when it is not an individual event).
pub fn event_desk(
    conn: &mut DbConn,
    user_id: UserId,
    event_id: EventId,
) -> Result<EventDesk, AppError> {
    Grants::load(conn, user_id)?.require_director(Some(event_id))?;
    let event = super::event_view(conn, Some(user_id), event_id)?;
    let language = crate::services::events::event(conn, event_id)?.language;
    Ok(EventDesk { event, language })
}

/// A division's desk.
#[derive(Debug)]
pub struct DivisionDesk {
    /// The event.
    pub event_id: EventId,
    /// Its name.
    pub event_name: String,
    /// The default language of the event's pages, if set.
    pub language: Option<String>,
    /// Byes, forfeits and what a withdrawal does.
    pub options: Options,
    /// The division with its players and withdrawal records.
    pub division: DivisionView,
    /// The round the plan pairs next and its stretch (none: every planned round is paired).
    pub next: Option<(u32, Stretch)>,
    /// The latest round paired.
    pub current: Option<RoundView>,
    /// Per player number: games of paired rounds still without a result (what a withdrawal
    /// would turn into forfeits or byes).
    pub unscored: HashMap<i32, usize>,
}

impl DivisionDesk {
    /// A player's games still without a result.
    pub fn unscored_of(&self, number: &i32) -> usize {
        self.unscored.get(number).copied().unwrap_or(0)
    }

    /// Games of the latest round still owed.
    pub fn missing(&self) -> usize {
        self.current
            .as_ref()
            .map_or(0, |r| r.lines.iter().filter(|l| l.missing).count())
    }
}

/// A division for its event's director.
pub fn division_desk(
    conn: &mut DbConn,
    user_id: UserId,
    division_id: crate::vocab::DivisionId,
) -> Result<DivisionDesk, AppError> {
    let d = division_for_director(conn, user_id, division_id)?;
    let ev = crate::services::events::event(conn, d.div.event_id)?;
    let options = event_options(conn, d.div.event_id)?;
    let last = d.last_round();
    let next = d.plan.stretch(last + 1).ok().map(|s| (last + 1, s));
    let current = match last {
        0 => None,
        r => Some(super::views::round_of(&d, r)?),
    };
    let mut unscored = HashMap::new();
    for l in d.lines() {
        if let (None, Some(b)) = (l.result, l.b) {
            for p in [l.a, b] {
                if let Ok(n) = i32::try_from(p) {
                    *unscored.entry(n).or_insert(0) += 1;
                }
            }
        }
    }
    let division = super::views::division_view(conn, division_id)?;
    Ok(DivisionDesk {
        event_id: d.div.event_id,
        event_name: ev.name,
        language: ev.language,
        options,
        division,
        next,
        current,
        unscored,
    })
}

/// Checks the lines a director gives for a round (a whole round by hand, or the lines fixed
/// before the plan pairs the rest) against the division, so a refusal names the player and
/// why: not in the division, withdrawn, not entered yet, twice, or against themselves.
/// `active` are the players of the round.
pub(super) fn check_lines(
    d: &super::Loaded,
    active: &[i64],
    lines: &[super::PairLine],
) -> Result<(), AppError> {
    let refuse = |m: String| AppError::field("lines", m);
    let mut seen = std::collections::HashSet::new();
    for l in lines {
        if l.b == Some(l.a) {
            return Err(refuse(format!("player {} cannot play themselves", l.a)));
        }
        for p in std::iter::once(l.a).chain(l.b) {
            let n = i64::from(p);
            let Some(row) = d.players.iter().find(|x| i64::from(x.number) == n) else {
                return Err(refuse(format!("player {p} is not in this division")));
            };
            if !active.contains(&n) {
                return Err(refuse(match row.withdrawn_round {
                    Some(w) => format!("player {p} has withdrawn from round {w}"),
                    None => format!("player {p} plays from round {}", row.first_round),
                }));
            }
            if !seen.insert(n) {
                return Err(refuse(format!("player {p} appears more than once")));
            }
        }
    }
    Ok(())
}

/// A division's rating method, chosen again (issue 18).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = IndivRatingMethodRequest)]
pub struct RatingMethodRequest {
    /// `glicko2`, `naspa`, `wespa` or `absp`.
    #[schema(value_type = RatingMethod)]
    pub rating_method: String,
}

/// Sets how a division's rating estimates are made (its director). The estimates are computed
/// from the games whenever they are read, so every page shows the new method's at once; open
/// pages are told to refresh. An unknown method is a 422 naming `rating_method`, nothing changed.
pub fn set_rating_method(
    conn: &mut DbConn,
    desk: &Desk,
    user_id: UserId,
    division_id: DivisionId,
    req: &RatingMethodRequest,
) -> Result<DivisionView, AppError> {
    let method = check_rating_method(Some(&req.rating_method), true)?;
    desk.write(conn, |conn, work| {
        let d = division_for_director(conn, user_id, division_id)?;
        rows::set_rating_method(conn, division_id, method.name())?;
        work.announce(LiveMessage::Individual {
            event_id: d.div.event_id,
            division_id,
        });
        Ok(())
    })?;
    super::views::division_view(conn, division_id)
}

/// The rating method a request names (none or empty: Glicko-2, unless `required`); an unknown
/// name is a 422 naming the field, before anything is recorded.
pub(crate) fn check_rating_method(
    name: Option<&str>,
    required: bool,
) -> Result<RatingMethod, AppError> {
    match name.map(str::trim) {
        None | Some("") if !required => Ok(RatingMethod::default()),
        n => {
            let n = n.unwrap_or("");
            RatingMethod::parse(n).ok_or_else(|| AppError::Unprocessable {
                message: format!(
                    "unknown rating method {n:?}: choose glicko2, naspa, wespa or absp"
                ),
                field: Some("rating_method".to_owned()),
            })
        }
    }
}
