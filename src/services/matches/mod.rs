//! Matches as the API and pages read them (details, logs, GCG export, the tablet's view, the
//! board preview), and the use cases that change them through the match desk
//! (`services::desk`): creating a match (`create`), importing a GCG record (`import`), and the
//! command route's own doors (rulings and committee records).
//!
//! Nothing here writes match events itself, touches the match cache or tells live pages: the
//! desk does, after the commit.

mod create;
mod import;

use crate::vocab::{EventId, MatchId, Role, Seq, TeamId, UserId};
use chrono::{DateTime, Utc};
use serde::Serialize;

pub(crate) use create::create_in;
pub use create::{NewMatchRequest, SideSpec, create};
pub use import::import_gcg;
// The command vocabulary lives at the desk; web handlers and benches reach it here too.
pub use crate::services::desk::{
    CommandOutcome, CommandRequest, Desk, MatchCache, Sender, Via, check_idempotency_key,
    check_key, check_text, has_own_door, stored_outcome,
};

use crate::db::{DbConn, events as event_rows, matches as rows};
use crate::error::AppError;
use crate::rules::game::{self, Event, State, View};
use crate::rules::ruleset::Ruleset;
use crate::services::authz::Grants;
use crate::services::desk::current_at_table;

/// A match's row, or 404.
fn match_row(conn: &mut DbConn, match_id: MatchId) -> Result<rows::MatchRow, AppError> {
    rows::find(conn, match_id)?.ok_or_else(|| AppError::not_found(format!("no match {match_id}")))
}

/// Runs a command on a match in a transaction of its own, through the desk (retrying by itself
/// when another writer appended first and the client did not pin `expected_seq`).
pub fn execute(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    match_id: MatchId,
    sender: Sender,
    req: &CommandRequest,
) -> Result<CommandOutcome, AppError> {
    desk.execute(conn, now, match_id, sender, req)
}

/// Sends a command of the command route through its own door, when it has one on this match:
/// a ruling through the PIC's claim, a disqualification or walkout (or its correction) through
/// the committee register. `None`: it has none here and goes the ordinary way.
pub fn through_own_door(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    match_id: MatchId,
    user_id: UserId,
    req: &CommandRequest,
) -> Result<Option<CommandOutcome>, AppError> {
    if let Some(outcome) =
        crate::services::pic::rule_from_command(conn, desk, now, user_id, match_id, req)?
    {
        return Ok(Some(outcome));
    }
    crate::services::committee::record_from_command(conn, desk, now, user_id, match_id, req)
}

/// A match as the API shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = Match)]
pub struct MatchDetail {
    /// Match id.
    pub id: MatchId,
    /// Event.
    pub event_id: Option<EventId>,
    /// Round.
    pub round: Option<i32>,
    /// Table.
    pub table: Option<i32>,
    /// The sides' names and teams.
    pub sides: game::Sides<SideInfo>,
    /// The ruleset in force.
    pub ruleset: Option<Ruleset>,
    /// Voided when its round was paired again: kept with its log, takes no commands.
    pub void: bool,
    /// For a voided match: the match its table plays now in that round, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_match: Option<MatchId>,
    /// The state now.
    #[serde(flatten)]
    pub view: View,
}

/// A side's identity.
#[derive(Debug, Clone, Serialize, Default, utoipa::ToSchema)]
pub struct SideInfo {
    /// Team id.
    pub team_id: Option<TeamId>,
    /// Name.
    pub name: String,
}

pub(crate) fn detail(row: &rows::MatchRow, state: &State, now: DateTime<Utc>) -> MatchDetail {
    MatchDetail {
        id: row.id,
        event_id: row.event_id,
        round: row.round_no,
        table: row.table_no,
        sides: game::Sides {
            a: SideInfo {
                team_id: row.team_a,
                name: row.name_a.clone(),
            },
            b: SideInfo {
                team_id: row.team_b,
                name: row.name_b.clone(),
            },
        },
        ruleset: state.ruleset().cloned(),
        void: row.void,
        current_match: None,
        view: state.view(now),
    }
}

/// [`detail`], with the table's current match when this one is void.
fn detail_of(
    conn: &mut DbConn,
    row: &rows::MatchRow,
    state: &State,
    now: DateTime<Utc>,
) -> Result<MatchDetail, AppError> {
    let mut d = detail(row, state, now);
    if row.void {
        d.current_match = current_at_table(conn, row)?;
    }
    Ok(d)
}

/// Who may read a match: anyone when its event is public, otherwise people with a role in it.
fn may_read(conn: &mut DbConn, row: &rows::MatchRow, user: Option<UserId>) -> Result<(), AppError> {
    let public = match row.event_id {
        Some(id) => event_rows::find_event(conn, id)?.is_some_and(|e| e.public),
        None => false,
    };
    if public {
        return Ok(());
    }
    let Some(uid) = user else {
        return Err(AppError::Unauthorized("sign in to see this match".into()));
    };
    let g = Grants::load(conn, uid)?;
    let captain = [row.team_a, row.team_b]
        .into_iter()
        .flatten()
        .any(|t| g.captains(t));
    if g.in_event(row.event_id) || captain || row.created_by == Some(uid) {
        Ok(())
    } else {
        Err(AppError::Forbidden("this match is not public".into()))
    }
}

/// A match and its state at `now`.
pub fn show(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    match_id: MatchId,
    user: Option<UserId>,
) -> Result<MatchDetail, AppError> {
    let row = match_row(conn, match_id)?;
    may_read(conn, &row, user)?;
    let state = desk.state(conn, match_id)?;
    detail_of(conn, &row, &state, now)
}

/// T19: whether `user` may close an ended game of `event` from the match page when the table
/// cannot (an official standing in for the table: the event's director or a PIC).
pub fn closes_for_table(
    conn: &mut DbConn,
    event: Option<EventId>,
    user: Option<UserId>,
) -> Result<bool, AppError> {
    let Some(user) = user else { return Ok(false) };
    let g = Grants::load(conn, user)?;
    Ok(g.directs(event) || g.has(Role::Pic, event))
}

/// A match's log.
pub fn events(
    conn: &mut DbConn,
    match_id: MatchId,
    user: Option<UserId>,
    after: Seq,
) -> Result<Vec<Event>, AppError> {
    let row = match_row(conn, match_id)?;
    may_read(conn, &row, user)?;
    Ok(rows::events_after(conn, match_id, after)?)
}

/// A board-mode match as a GCG record.
pub fn gcg(
    conn: &mut DbConn,
    desk: &Desk,
    match_id: MatchId,
    user: Option<UserId>,
) -> Result<String, AppError> {
    let row = match_row(conn, match_id)?;
    may_read(conn, &row, user)?;
    let state = desk.state(conn, match_id)?;
    let game = game::to_gcg(&state, [&row.name_a, &row.name_b]).ok_or_else(|| {
        AppError::not_found("this match is kept in sheet mode; there is no board to export")
    })?;
    Ok(crate::rules::gcg::write(&game))
}

/// The match a table device should show: the newest live (not void) match at its table.
pub fn current_for_device(conn: &mut DbConn, user_id: UserId) -> Result<Option<MatchId>, AppError> {
    let tables = crate::db::users::tables_of(conn, user_id)?;
    let mut best: Option<rows::MatchRow> = None;
    for (event, table) in tables {
        let (Some(event), Some(table)) = (event, table) else {
            continue;
        };
        for m in rows::of_event(conn, event)? {
            if m.table_no == Some(table)
                && best
                    .as_ref()
                    .is_none_or(|b| (m.round_no, m.id) > (b.round_no, b.id))
            {
                best = Some(m);
            }
        }
    }
    Ok(best.map(|m| m.id))
}

/// A match for its table's tablet: the table device of that table or a director.
pub fn for_table(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    match_id: MatchId,
    user_id: UserId,
) -> Result<MatchDetail, AppError> {
    let row = match_row(conn, match_id)?;
    let g = Grants::load(conn, user_id)?;
    if !(g.at_table(row.event_id, row.table_no) || g.directs(row.event_id)) {
        return Err(AppError::Forbidden(
            "this page is for the tablet of this match's table".into(),
        ));
    }
    let state = desk.state(conn, match_id)?;
    detail_of(conn, &row, &state, now)
}

/// Board mode: what a move would score, before the player confirms it.
pub fn preview(
    conn: &mut DbConn,
    desk: &Desk,
    match_id: MatchId,
    user_id: UserId,
    mv: &str,
) -> Result<crate::rules::game::BoardPlay, AppError> {
    let row = match_row(conn, match_id)?;
    let g = Grants::load(conn, user_id)?;
    if !(g.at_table(row.event_id, row.table_no)
        || g.directs(row.event_id)
        || g.has(Role::Pic, row.event_id))
    {
        return Err(AppError::Forbidden(
            "only the table and officials preview moves".into(),
        ));
    }
    let state = desk.state(conn, match_id)?;
    let track = state.board.as_ref().ok_or_else(|| {
        AppError::field(
            "move",
            "this match is kept in sheet mode: enter words and the score",
        )
    })?;
    let rack_size = state.ruleset().map_or(7, |r| r.tiles.rack_size);
    Ok(track.read(mv, None, rack_size)?)
}
