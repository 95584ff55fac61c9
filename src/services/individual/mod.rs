//! Individual (1 vs 1) tournaments as TSH directors run them (seed 003, issue 18): an event of
//! Arbiter's marked individual, its divisions with their pairing plans, players (late entries,
//! withdrawals), rounds paired by the plan, results slips (N8, N9), quick entry, standings
//! with rating estimates, and TSH's files in and out.
//!
//! - this file: requests, the event, divisions and players, and loading a division;
//! - `rounds`: pairing, overrides, quick entry, missing results, slips;
//! - `views`: what the API and pages show (standings, rounds, CSV);
//! - `public`: the public pages' views (Gibsonized leader, alphabetical pairings, players, clubs);
//! - `slip_records`: a game's results slip (N8, N9) entered, corrected and confirmed;
//! - `tsh`: `.t` import and export, `tourney.js`;
//! - `phone`: players' slips from their own phones (number and PIN), the director's PIN sheet;
//! - `withdrawals`: a player's withdrawal and its take-back, as records.

mod director;
mod phone;
mod public;
mod rounds;
mod slip_records;
mod tsh;
mod views;
mod withdrawals;

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::db::{DbConn, events as event_rows, individual as rows};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::individual::late::{self, LateRounds};
use crate::rules::individual::ratings::RatingMethod;
use crate::rules::individual::slips::{self, Kind, Record, Side, Slip};
use crate::rules::individual::standings::{self, Line, Options};
use crate::rules::pairing::individual::{Plan, PlanError, Stretch};
use crate::services::authz::Grants;
use crate::services::desk::Desk;
use crate::vocab::{DivisionId, EventId, UserId};

pub use director::{
    DivisionDesk, EventDesk, RatingMethodRequest, division_desk, event_desk, set_rating_method,
};
pub use phone::{
    PhoneAction, PhonePlayer, PhoneSlipRequest, PhoneView, PinLine, PinSheet, phone_slip,
    phone_status, pin_sheet,
};
pub use public::{
    AlphaLine, ClubPage, Head, PlayerGame, PlayerPage, PublicLine, PublicRound, PublicStandings,
    club_page, player_page, public_rounds, public_standings,
};
pub use rounds::{
    OverrideRequest, PairLine, QuickEntryRequest, QuickEntryResult, QuickLine, missing,
    override_round, pair_next, quick_entry,
};
pub use slip_records::{SlipDetails, SlipRequest, SlipView, slip, slip_view};
pub use tsh::{ImportDivisionRequest, export_t, import_division, tourney_js};
pub use views::{
    DivisionView, IndivEventView, RoundLine, RoundView, StandingLine, StandingsView, event_view,
    results_csv, round_view, standings, standings_csv,
};
pub(crate) use withdrawals::withdrawal_views;
pub use withdrawals::{TakeBackRequest, WithdrawRequest, WithdrawalView, take_back, withdraw};

/// A new individual event.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = NewIndividualEventRequest)]
pub struct NewEventRequest {
    /// Name.
    pub name: String,
    /// Public (default): standings and pairings readable without signing in.
    pub public: Option<bool>,
    /// Byes, forfeits and withdrawals (default: 50 and 50, withdrawals forfeit).
    pub options: Option<Options>,
}

/// A new division.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = NewIndividualDivisionRequest)]
pub struct NewDivisionRequest {
    /// Name ("A", "Open", …), unique in the event.
    pub name: String,
    /// The pairing plan: stretches covering rounds 1..n, e.g. 1-7 round robin, 8-14 Swiss,
    /// 15 king of the hill.
    pub plan: Vec<Stretch>,
    /// Gibsonize, protecting this many prize places (none: no Gibsonization).
    pub gibson_prizes: Option<u32>,
    /// How rating estimates are made: `glicko2` (default), `naspa`, `wespa` or `absp`.
    #[schema(value_type = Option<RatingMethod>)]
    pub rating_method: Option<String>,
    /// How a late entrant's rounds before their first count: `no_game` (TSH's way, the
    /// default), `forfeit` (a loss by the event's forfeit spread) or `bye` (a win by its bye
    /// spread).
    #[schema(value_type = Option<LateRounds>)]
    pub late_rounds: Option<String>,
}

/// A new player (a late entry when the division's rounds have begun).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = NewIndividualPlayerRequest)]
pub struct NewPlayerRequest {
    /// Name (TSH writes "Last, First").
    pub name: String,
    /// Rating (0 or none: unrated).
    pub rating: Option<i32>,
    /// The rating system it is from.
    pub rating_system: Option<String>,
    /// The player's id in that system.
    pub rating_id: Option<String>,
    /// Club.
    pub club: Option<String>,
    /// TSH's rating class ("A", "5/6", …): the standings rank within it.
    pub class: Option<String>,
    /// TSH's team.
    pub team: Option<String>,
}

/// A player as the API shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = IndividualPlayer)]
pub struct PlayerView {
    /// Number in the division.
    pub number: i32,
    /// Name.
    pub name: String,
    /// Rating (0: unrated).
    pub rating: i32,
    /// Rating system.
    pub rating_system: String,
    /// Id in it.
    pub rating_id: String,
    /// Club.
    pub club: String,
    /// First round played (above 1: a late entry).
    pub first_round: i32,
    /// First round not played, when withdrawn.
    pub withdrawn_round: Option<i32>,
    /// TSH's rating class (empty: none).
    pub class: String,
    /// TSH's team (empty: none).
    pub team: String,
}

impl From<&rows::IndivPlayerRow> for PlayerView {
    fn from(p: &rows::IndivPlayerRow) -> Self {
        Self {
            number: p.number,
            name: p.name.clone(),
            rating: p.rating,
            rating_system: p.rating_system.clone(),
            rating_id: p.rating_id.clone(),
            club: p.club.clone(),
            first_round: p.first_round,
            withdrawn_round: p.withdrawn_round,
            class: p.class.clone(),
            team: p.team.clone(),
        }
    }
}

fn check_name(field: &str, name: &str) -> Result<String, AppError> {
    crate::text::Name::parse(field, name).map(crate::text::Name::into_string)
}

fn optional_name(field: &str, v: &Option<String>) -> Result<String, AppError> {
    match v.as_deref().map(str::trim) {
        None | Some("") => Ok(String::new()),
        Some(s) => check_name(field, s),
    }
}

/// A text field of a `.t` line (`class`, `team`): at most 40 characters, none of them a
/// control character; inner runs of spaces become one (TSH splits values on spaces and joins
/// them with one). Empty: none.
fn tsh_text(field: &str, v: Option<&str>) -> Result<String, AppError> {
    let raw = v.unwrap_or("");
    let v = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    if v.chars().count() > 40 || raw.chars().any(char::is_control) {
        return Err(AppError::field(
            field,
            "at most 40 characters, no control characters",
        ));
    }
    Ok(v)
}

fn plan_error(field: &str, e: &PlanError) -> AppError {
    AppError::Unprocessable {
        message: e.to_string(),
        field: Some(field.to_owned()),
    }
}

/// The options of an individual event, or 404 when the event is not one.
pub fn event_options(conn: &mut DbConn, event_id: EventId) -> Result<Options, AppError> {
    let row = rows::find_event(conn, event_id)?
        .ok_or_else(|| AppError::not_found(format!("no individual event {event_id}")))?;
    serde_json::from_str(&row.options).map_err(AppError::internal)
}

/// Creates an individual event (administrators and directors without an event scope).
pub fn create_event(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    user_id: UserId,
    req: &NewEventRequest,
) -> Result<IndivEventView, AppError> {
    let name = check_name("name", &req.name)?;
    let options = req.options.unwrap_or_default();
    let limit = |v: i32| (0..=1000).contains(&v);
    if !limit(options.bye_spread) {
        return Err(AppError::field("options.bye_spread", "from 0 to 1000"));
    }
    if !limit(options.forfeit_spread) {
        return Err(AppError::field("options.forfeit_spread", "from 0 to 1000"));
    }
    let options_json = serde_json::to_string(&options).map_err(AppError::internal)?;
    let spec = serde_json::json!({ "format": "individual" }).to_string();
    conn.write_tx(|conn| {
        Grants::load(conn, user_id)?.require_event_creator()?;
        let ev = event_rows::insert_event(
            conn,
            &event_rows::NewEvent {
                name: &name,
                ruleset_spec: &spec,
                lexicon: "",
                tile_set: "",
                standings: "{}",
                public: req.public.unwrap_or(true),
                created_by: Some(user_id),
                created_at: now.naive_utc(),
            },
        )?;
        rows::insert_event(
            conn,
            &rows::IndivEventRow {
                event_id: ev.id,
                options: options_json.clone(),
                created_at: now.naive_utc(),
            },
        )?;
        Ok(IndivEventView {
            id: ev.id,
            name: ev.name,
            public: ev.public,
            options,
            divisions: Vec::new(),
        })
    })
}

/// A division request checked: name, plan, Gibsonization, rating method, late entrants' missed
/// rounds.
pub(crate) type CheckedDivision = (String, Plan, Option<i32>, RatingMethod, LateRounds);

/// Checks a division request: its name, plan and options.
fn check_division(req: &NewDivisionRequest) -> Result<CheckedDivision, AppError> {
    let name = check_name("name", &req.name)?;
    let plan = Plan::new(req.plan.clone()).map_err(|e| plan_error("plan", &e))?;
    if plan.rounds() > 100 {
        return Err(AppError::field("plan", "at most 100 rounds"));
    }
    let gibson = match req.gibson_prizes {
        None => None,
        Some(n) => Some(
            i32::try_from(n)
                .ok()
                .filter(|n| (1..=100).contains(n))
                .ok_or_else(|| AppError::field("gibson_prizes", "from 1 to 100 prize places"))?,
        ),
    };
    let method = director::check_rating_method(req.rating_method.as_deref(), false)?;
    let late = match req.late_rounds.as_deref() {
        None => LateRounds::default(),
        Some(s) => LateRounds::parse(s)
            .ok_or_else(|| AppError::field("late_rounds", "one of no_game, forfeit, bye"))?,
    };
    Ok((name, plan, gibson, method, late))
}

/// Inserts a checked division (the caller holds the write transaction and checked the role).
fn insert_division(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    event_id: EventId,
    (name, plan, gibson, method, late): &CheckedDivision,
) -> Result<rows::DivisionRow, AppError> {
    event_options(conn, event_id)?;
    if rows::divisions(conn, event_id)?
        .iter()
        .any(|d| d.name == *name)
    {
        return Err(AppError::Conflict {
            message: format!("the event already has a division {name}"),
            current: None,
        });
    }
    let plan_json = serde_json::to_string(plan).map_err(AppError::internal)?;
    Ok(rows::insert_division(
        conn,
        &rows::NewDivision {
            event_id,
            name,
            plan: &plan_json,
            gibson_prizes: *gibson,
            created_at: now.naive_utc(),
            rating_method: method.name(),
            late_rounds: late.as_str(),
        },
    )?)
}

/// Adds a division (the event's director).
pub fn create_division(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
    req: &NewDivisionRequest,
) -> Result<DivisionView, AppError> {
    let checked = check_division(req)?;
    let row = desk.write(conn, |conn, work| {
        Grants::load(conn, user_id)?.require_director(Some(event_id))?;
        let row = insert_division(conn, now, event_id, &checked)?;
        work.announce(LiveMessage::Individual {
            event_id,
            division_id: row.id,
        });
        Ok(row)
    })?;
    views::division_view(conn, row.id)
}

/// Adds a player; once rounds are paired they are a late entry, playing from the next round.
pub fn add_player(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    division_id: DivisionId,
    req: &NewPlayerRequest,
) -> Result<PlayerView, AppError> {
    let name = check_name("name", &req.name)?;
    let rating_system = optional_name("rating_system", &req.rating_system)?;
    let rating_id = optional_name("rating_id", &req.rating_id)?;
    let club = optional_name("club", &req.club)?;
    let class = tsh_text("class", req.class.as_deref())?;
    let team = tsh_text("team", req.team.as_deref())?;
    let rating = req.rating.unwrap_or(0);
    if !(0..=4000).contains(&rating) {
        return Err(AppError::field(
            "rating",
            "a rating is from 0 (unrated) to 4000",
        ));
    }
    // The PIN of their phone slips (issue 18), printed on the director's pairing sheet.
    let pin = crate::services::pins::new_pin()?;
    desk.write(conn, |conn, work| {
        let d = division_for_director(conn, user_id, division_id)?;
        work.announce(LiveMessage::Individual {
            event_id: d.div.event_id,
            division_id,
        });
        // After the plan's last round is paired, a new player would play no game at all: the
        // director is told so rather than shown a round that does not exist.
        let planned = d.plan.rounds();
        if planned > 0 && d.last_round() >= planned {
            return Err(AppError::Conflict {
                message: format!(
                    "all {planned} rounds of the plan are paired: a player added now would play no game"
                ),
                current: None,
            });
        }
        let players = rows::players(conn, d.div.id)?;
        if players.len() >= 1000 {
            return Err(AppError::field(
                "name",
                "a division holds at most 1000 players",
            ));
        }
        let number = players.last().map_or(1, |p| p.number + 1);
        let p = rows::insert_player(
            conn,
            &rows::NewIndivPlayer {
                division_id,
                number,
                name: &name,
                rating,
                rating_system: &rating_system,
                rating_id: &rating_id,
                club: &club,
                first_round: i32::try_from(d.last_round() + 1).unwrap_or(i32::MAX),
                created_at: now.naive_utc(),
                pin: &pin,
                class: &class,
                team: &team,
                tsh_fields: "[]",
            },
        )?;
        Ok(PlayerView::from(&p))
    })
}

/// A division with everything its rounds and standings are made from.
pub(crate) struct Loaded {
    pub div: rows::DivisionRow,
    pub plan: Plan,
    pub rating_method: RatingMethod,
    pub options: Options,
    /// How a late entrant's rounds before their first count.
    pub late: LateRounds,
    pub players: Vec<rows::IndivPlayerRow>,
    pub pairings: Vec<rows::PairingRow>,
    pub slips: HashMap<i64, (Slip, Vec<rows::SlipRow>)>,
}

impl Loaded {
    /// The last round paired (0: none).
    pub fn last_round(&self) -> u32 {
        self.pairings
            .iter()
            .map(|p| u32::try_from(p.round).unwrap_or(0))
            .max()
            .unwrap_or(0)
    }

    /// Players with their withdrawal round, for the standings.
    pub fn meta(&self) -> Vec<(i64, Option<u32>)> {
        self.players
            .iter()
            .map(|p| {
                (
                    i64::from(p.number),
                    p.withdrawn_round.and_then(|w| u32::try_from(w).ok()),
                )
            })
            .collect()
    }

    /// The final result of a line, if any.
    pub fn result(&self, pairing_id: i64) -> Option<(i32, i32)> {
        self.slips
            .get(&pairing_id)
            .filter(|(s, _)| s.is_final)
            .and_then(|(s, _)| s.scores)
    }

    /// Every line with its final result.
    pub fn lines(&self) -> Vec<Line> {
        self.pairings
            .iter()
            .map(|p| Line {
                round: u32::try_from(p.round).unwrap_or(0),
                a: i64::from(p.player_a),
                b: p.player_b.map(i64::from),
                result: self.result(p.id),
            })
            .collect()
    }

    /// The standings' tally of `lines` (rounds up to `through`): the games, the withdrawals'
    /// unscored games, and late entrants' missed rounds as the division's rule counts them.
    pub fn tally(&self, lines: &[Line], through: u32) -> BTreeMap<i64, standings::Row> {
        let mut t = standings::tally(&self.meta(), lines, &self.options);
        let entrants: Vec<(i64, u32)> = self
            .players
            .iter()
            .filter(|p| p.first_round > 1)
            .map(|p| {
                (
                    i64::from(p.number),
                    u32::try_from(p.first_round).unwrap_or(0),
                )
            })
            .collect();
        late::count_missed(&mut t, &entrants, through, self.late, &self.options);
        t
    }

    /// A player's name by number.
    pub fn name(&self, number: i64) -> String {
        self.players
            .iter()
            .find(|p| i64::from(p.number) == number)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    }
}

/// Loads a division (404 when there is none).
pub(crate) fn load(conn: &mut DbConn, division_id: DivisionId) -> Result<Loaded, AppError> {
    let div = rows::find_division(conn, division_id)?
        .ok_or_else(|| AppError::not_found(format!("no division {division_id}")))?;
    let options = event_options(conn, div.event_id)?;
    let plan: Plan = serde_json::from_str(&div.plan).map_err(AppError::internal)?;
    let rating_method = RatingMethod::parse(&div.rating_method).ok_or_else(|| {
        AppError::internal(format!(
            "division {division_id}: rating method {}",
            div.rating_method
        ))
    })?;
    let late = LateRounds::parse(&div.late_rounds).unwrap_or_default();
    let players = rows::players(conn, division_id)?;
    let pairings = rows::pairings(conn, division_id)?;
    let mut logs: HashMap<i64, Vec<rows::SlipRow>> = HashMap::new();
    for s in rows::slips(conn, division_id)? {
        logs.entry(s.pairing_id).or_default().push(s);
    }
    let slips = logs
        .into_iter()
        .map(|(id, log)| {
            let records: Vec<Record> = log.iter().filter_map(record_of).collect();
            (id, (slips::fold(&records), log))
        })
        .collect();
    Ok(Loaded {
        div,
        plan,
        rating_method,
        options,
        late,
        players,
        pairings,
        slips,
    })
}

/// A stored slip row as the rules core's record.
fn record_of(r: &rows::SlipRow) -> Option<Record> {
    Some(Record {
        kind: Kind::parse(&r.kind)?,
        by: match r.by_player {
            Some(1) => Some(Side::A),
            Some(2) => Some(Side::B),
            _ => None,
        },
        scores: r.score_a.zip(r.score_b),
    })
}

/// Loads a division for its event's director (in the caller's transaction).
pub(crate) fn division_for_director(
    conn: &mut DbConn,
    user_id: UserId,
    division_id: DivisionId,
) -> Result<Loaded, AppError> {
    let d = load(conn, division_id)?;
    Grants::load(conn, user_id)?.require_director(Some(d.div.event_id))?;
    Ok(d)
}

/// Loads a division for a reader (anyone when the event is public).
pub(crate) fn division_for_reader(
    conn: &mut DbConn,
    user: Option<UserId>,
    division_id: DivisionId,
) -> Result<(Loaded, event_rows::EventRow), AppError> {
    let d = load(conn, division_id)?;
    let ev = crate::services::events::readable(conn, user, d.div.event_id)?;
    Ok((d, ev))
}
