//! Creating a match: its row and its `created` event, through the desk's unit of work (so a
//! round's matches are created inside the round's own transaction, and the cache learns them
//! only once it committed). A create's idempotency key returns the match made the first time.

use chrono::{DateTime, Utc};
use serde::Deserialize;

use super::{MatchDetail, detail, match_row};
use crate::db::{DbConn, events as event_rows, matches as rows};
use crate::error::AppError;
use crate::rules::game::{self, Actor, Command, State};
use crate::services::authz::Grants;
use crate::services::desk::{CommandOutcome, Decided, Desk, Work, check_idempotency_key};
use crate::vocab::{EventId, MatchStatus, Seq, TeamId, UserId};

/// What the API needs to create a match.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewMatchRequest {
    /// The event; its ruleset applies unless `ruleset` is given.
    #[serde(default)]
    pub event_id: Option<EventId>,
    /// Round number.
    #[serde(default)]
    pub round: Option<i32>,
    /// Table number (table devices are granted per table).
    #[serde(default)]
    pub table: Option<i32>,
    /// Side A: a team of the event, or a name.
    pub side_a: SideSpec,
    /// Side B.
    pub side_b: SideSpec,
    /// A ruleset spec (preset + overrides); default: the event's.
    #[serde(default)]
    pub ruleset: Option<crate::rules::ruleset::RulesetSpec>,
    /// Client-made key: the same user creating again with it gets the match made the first
    /// time (as it was then) instead of a second one.
    #[serde(default)]
    pub idempotency_key: Option<String>,
}

/// One side of a new match.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// A team of the event.
    #[serde(default)]
    pub team_id: Option<TeamId>,
    /// A display name (for a side without a team record, e.g. a 1v1 player).
    #[serde(default)]
    pub name: Option<String>,
}

fn side_identity(
    conn: &mut DbConn,
    event_id: Option<EventId>,
    spec: &SideSpec,
    field: &str,
) -> Result<(Option<TeamId>, String), AppError> {
    match (spec.team_id, &spec.name) {
        (Some(team_id), _) => {
            let team = event_rows::find_team(conn, team_id)?
                .ok_or_else(|| AppError::field(field, format!("no team {team_id}")))?;
            if Some(team.event_id) != event_id {
                return Err(AppError::field(
                    field,
                    format!("team {team_id} is not in this event"),
                ));
            }
            Ok((Some(team.id), team.name))
        }
        (None, Some(name)) => Ok((None, crate::text::Name::parse(field, name)?.into_string())),
        (None, None) => Err(AppError::field(
            field,
            "give a team_id or a name (1-100 characters)",
        )),
    }
}

/// Creates a match and its `created` event. With an idempotency key the same user gets the
/// match made the first time instead (issue 11: a create resent after a dropped connection
/// made a second, empty match at the table).
pub fn create(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    req: &NewMatchRequest,
) -> Result<MatchDetail, AppError> {
    check_idempotency_key(req.idempotency_key.as_deref())?;
    let once =
        |conn: &mut DbConn| desk.write(conn, |conn, work| create_in(conn, work, now, user_id, req));
    match once(conn) {
        // Two creates with one key at the same moment (PostgreSQL): the loser's key collided
        // with the winner's record, and now finds it.
        Err(AppError::Conflict { current: None, .. }) if req.idempotency_key.is_some() => {
            once(conn)
        }
        other => other,
    }
}

/// The match `user_id` already created with `key`, as the first answer showed it, if any.
fn created_before(
    conn: &mut DbConn,
    user_id: UserId,
    key: &str,
    req: &NewMatchRequest,
) -> Result<Option<MatchDetail>, AppError> {
    let Some((match_id, stored)) = rows::created_with_key(conn, user_id, key)? else {
        return Ok(None);
    };
    let row = match_row(conn, match_id)?;
    if (row.event_id, row.round_no, row.table_no) != (req.event_id, req.round, req.table) {
        return Err(AppError::field(
            "idempotency_key",
            format!("this key already created match {match_id}, at another table or round"),
        ));
    }
    let mut log = rows::events_after(conn, match_id, Seq(0))?;
    log.retain(|e| e.seq <= stored.last_seq.get());
    let at = log
        .last()
        .map(|e| e.at)
        .ok_or_else(|| AppError::internal("a created match without events"))?;
    Ok(Some(detail(&row, &game::fold(&log), at)))
}

/// [`create`] inside the caller's unit of work (a round pairs all its tables in one).
pub(crate) fn create_in(
    conn: &mut DbConn,
    work: &mut Work<'_>,
    now: DateTime<Utc>,
    user_id: UserId,
    req: &NewMatchRequest,
) -> Result<MatchDetail, AppError> {
    let grants = Grants::load(conn, user_id)?;
    grants.require_director(req.event_id)?;
    if let Some(key) = &req.idempotency_key
        && let Some(first) = created_before(conn, user_id, key, req)?
    {
        return Ok(first);
    }
    let event = match req.event_id {
        Some(id) => Some(
            event_rows::find_event(conn, id)?
                .ok_or_else(|| AppError::field("event_id", format!("no event {id}")))?,
        ),
        None => None,
    };
    // A Duplicate event stores `{"format": "duplicate"}`, not a match ruleset: its games are run
    // from the referee's console, never as matches.
    if let Some(ev) = &event
        && serde_json::from_str::<crate::rules::ruleset::RulesetSpec>(&ev.ruleset_spec).is_err()
    {
        return Err(AppError::field(
            "event_id",
            format!(
                "event {} is a Duplicate event: its games are played from the referee's console, \
                 not as matches",
                ev.id
            ),
        ));
    }
    let spec = match (&req.ruleset, &event) {
        (Some(spec), _) => spec.clone(),
        (None, Some(ev)) => serde_json::from_str(&ev.ruleset_spec).map_err(AppError::internal)?,
        (None, None) => {
            return Err(AppError::field(
                "ruleset",
                "a match outside an event needs a ruleset",
            ));
        }
    };
    let ruleset = spec.resolve().map_err(|e| AppError::ruleset(&e))?;
    let (team_a, name_a) = side_identity(conn, req.event_id, &req.side_a, "side_a")?;
    let (team_b, name_b) = side_identity(conn, req.event_id, &req.side_b, "side_b")?;
    if team_a.is_some() && team_a == team_b {
        return Err(AppError::field("side_b", "a team cannot play itself"));
    }
    let row = rows::insert(
        conn,
        &rows::NewMatch {
            event_id: req.event_id,
            round_no: req.round,
            table_no: req.table,
            team_a,
            team_b,
            name_a: &name_a,
            name_b: &name_b,
            status: MatchStatus::New,
            last_seq: Seq(0),
            created_by: Some(user_id),
            created_at: now.naive_utc(),
            updated_at: now.naive_utc(),
        },
    )?;
    let actor = Actor::Director {
        id: user_id.to_string(),
    };
    // N8: the names go on the results slip, so the log carries them from the start.
    let names = Some(game::Sides {
        a: name_a.clone(),
        b: name_b.clone(),
    });
    let (events, state) = game::decide_and_apply(
        &State::default(),
        Command::Create { ruleset, names },
        &actor,
        now,
    )?;
    let record = match (&req.idempotency_key, events.first(), events.last()) {
        (Some(key), Some(first), Some(last)) => Some(rows::NewCommandRow {
            match_id: row.id,
            idempotency_key: key.clone(),
            user_id: Some(user_id),
            first_seq: Seq::from(first.seq),
            last_seq: Seq::from(last.seq),
            response: String::new(),
            created_at: now.naive_utc(),
            scope: rows::KeyScope::Create.as_str(),
        }),
        _ => None,
    };
    let shown = detail(&row, &state, now);
    let decided = Decided {
        outcome: CommandOutcome {
            match_id: row.id,
            state: shown.view.clone(),
            events,
            replayed: false,
        },
        next: state,
        record,
        live: None,
    };
    work.create(conn, &row, decided, now)?;
    Ok(shown)
}
