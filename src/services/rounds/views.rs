//! What directors, captains and the public read of rounds: a round's tables and byes, an
//! event's rounds, the director's event page and its role grants.

use std::collections::HashMap;

use serde::Serialize;

use super::{RoundView, TableLine, TeamRef};
use crate::db::{DbConn, events as event_rows, rounds as rows};
use crate::error::AppError;
use crate::services::authz::Grants;
use crate::vocab::{EventId, GrantId, MatchId, Role, RoundId, RoundStatus, TeamId, UserId};

/// One round of an event with its tables and byes.
pub fn round_view(
    conn: &mut DbConn,
    event_id: EventId,
    round_no: i32,
) -> Result<RoundView, AppError> {
    let round = rows::find_round(conn, event_id, round_no)?
        .ok_or_else(|| AppError::not_found(format!("no round {round_no} in event {event_id}")))?;
    let mut views = views_of(conn, event_id, vec![round])?;
    views
        .pop()
        .ok_or_else(|| AppError::internal("round view missing"))
}

/// Every round of an event, in order.
pub fn rounds(conn: &mut DbConn, event_id: EventId) -> Result<Vec<RoundView>, AppError> {
    event_rows::find_event(conn, event_id)?
        .ok_or_else(|| AppError::not_found(format!("no event {event_id}")))?;
    let rounds = rows::rounds_of(conn, event_id)?;
    views_of(conn, event_id, rounds)
}

fn views_of(
    conn: &mut DbConn,
    event_id: EventId,
    rounds: Vec<rows::RoundRow>,
) -> Result<Vec<RoundView>, AppError> {
    let names: HashMap<TeamId, String> = event_rows::teams_of(conn, event_id)?
        .into_iter()
        .map(|t| (t.id, t.name))
        .collect();
    let team = |id: TeamId| TeamRef {
        id,
        name: names.get(&id).cloned().unwrap_or_default(),
    };
    let ids: Vec<RoundId> = rounds.iter().map(|r| r.id).collect();
    let lines = rows::pairings_of(conn, &ids)?;
    let match_ids: Vec<MatchId> = lines.iter().filter_map(|l| l.match_id).collect();
    let briefs: HashMap<MatchId, rows::MatchBrief> = rows::match_briefs(conn, &match_ids)?
        .into_iter()
        .map(|b| (b.0, b))
        .collect();
    Ok(rounds
        .into_iter()
        .map(|r| {
            let mut tables = Vec::new();
            let mut byes = Vec::new();
            for l in lines.iter().filter(|l| l.round_id == r.id) {
                match (l.team_b, l.match_id.and_then(|id| briefs.get(&id))) {
                    (Some(b), Some(m)) => tables.push(TableLine {
                        table: l.table_no.unwrap_or_default(),
                        match_id: m.0,
                        team_a: team(l.team_a),
                        team_b: team(b),
                        status: m.2,
                        score_a: m.3,
                        score_b: m.4,
                        winner: m.5,
                        result_reason: m.6,
                    }),
                    _ => byes.push(team(l.team_a)),
                }
            }
            let started = tables.iter().any(|t| !t.status.not_begun());
            RoundView {
                id: r.id,
                event_id: r.event_id,
                round: r.round_no,
                method: r.method,
                status: if started {
                    RoundStatus::Started
                } else {
                    RoundStatus::Draft
                },
                pairing_no: r.pairing_no,
                tables,
                byes,
            }
        })
        .collect())
}

/// A role grant as the director's page shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct GrantLine {
    /// Grant id.
    pub id: GrantId,
    /// The account.
    pub username: String,
    /// The role.
    pub role: Role,
    /// A captain's team.
    pub team: Option<TeamRef>,
    /// A table device's table.
    pub table: Option<i32>,
    /// A table device's division (none: every division of the event).
    pub division_id: Option<crate::vocab::DivisionId>,
}

/// Everything the director's event page shows.
#[derive(Debug, Serialize)]
pub struct Dashboard {
    /// The event.
    pub event: crate::services::events::EventView,
    /// Teams with their players.
    pub teams: Vec<crate::services::events::TeamView>,
    /// Rounds with their tables.
    pub rounds: Vec<RoundView>,
    /// Who holds which role.
    pub grants: Vec<GrantLine>,
}

/// The role grants of an event (directors only).
pub fn grants(
    conn: &mut DbConn,
    user_id: UserId,
    event_id: EventId,
) -> Result<Vec<GrantLine>, AppError> {
    Grants::load(conn, user_id)?.require_director(Some(event_id))?;
    crate::services::events::event(conn, event_id)?;
    let names: HashMap<TeamId, String> = event_rows::teams_of(conn, event_id)?
        .into_iter()
        .map(|t| (t.id, t.name))
        .collect();
    Ok(rows::grants_of_event(conn, event_id)?
        .into_iter()
        .map(|(g, username)| GrantLine {
            id: g.id,
            username,
            team: g.team_id.map(|id| TeamRef {
                id,
                name: names.get(&id).cloned().unwrap_or_default(),
            }),
            role: g.role,
            table: g.table_no,
            division_id: g.division_id,
        })
        .collect())
}

/// The director's view of one event.
pub fn dashboard(
    conn: &mut DbConn,
    user_id: UserId,
    event_id: EventId,
) -> Result<Dashboard, AppError> {
    let grants = grants(conn, user_id, event_id)?;
    Ok(Dashboard {
        event: crate::services::events::event(conn, event_id)?.into(),
        teams: crate::services::events::teams(conn, event_id)?,
        rounds: rounds(conn, event_id)?,
        grants,
    })
}

/// The events a user directs, and whether they may create events (administrators and
/// directors without an event scope). Someone who directs nothing is refused.
pub fn directed_events(
    conn: &mut DbConn,
    user_id: UserId,
) -> Result<(Vec<crate::services::events::EventView>, bool), AppError> {
    let g = Grants::load(conn, user_id)?;
    let may_create = g.directs(None);
    let events: Vec<_> = event_rows::list_events(conn)?
        .into_iter()
        .filter(|e| g.directs(Some(e.id)))
        .map(crate::services::events::EventView::from)
        .collect();
    if events.is_empty() && !may_create {
        return Err(AppError::Forbidden(
            "only directors may see the events list".into(),
        ));
    }
    Ok((events, may_create))
}

/// Rounds of an event for a reader: anyone when the event is public, otherwise people with a
/// role in it.
pub fn readable_rounds(
    conn: &mut DbConn,
    user_id: Option<UserId>,
    event_id: EventId,
) -> Result<Vec<RoundView>, AppError> {
    let ev = crate::services::events::event(conn, event_id)?;
    if !ev.public {
        let uid =
            user_id.ok_or_else(|| AppError::Unauthorized("sign in to see this event".into()))?;
        if !Grants::load(conn, uid)?.in_event(Some(event_id)) {
            return Err(AppError::Forbidden("this event is not public".into()));
        }
    }
    rounds(conn, event_id)
}

/// One round for its director (the printable pairings and table cards).
pub fn directed_round(
    conn: &mut DbConn,
    user_id: UserId,
    event_id: EventId,
    round_no: i32,
) -> Result<(crate::services::events::EventView, RoundView), AppError> {
    Grants::load(conn, user_id)?.require_director(Some(event_id))?;
    let ev = crate::services::events::event(conn, event_id)?;
    Ok((ev.into(), round_view(conn, event_id, round_no)?))
}
