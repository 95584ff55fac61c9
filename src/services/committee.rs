//! The event committee (T18, E3): disqualifications and walkouts, with reason, time and author.
//! Nothing is deleted: a mistaken record is answered by a new one, and a match's result follows
//! through a `correction` event in its log.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::db::{DbConn, committee as rows, events as event_rows, matches as match_rows, users};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::game::{Command, Payload, Side};
use crate::services::authz::Grants;
use crate::services::desk::{
    CommandOutcome, CommandRequest, Desk, Sender, Via, Work, check_idempotency_key, check_key,
    stored_outcome,
};
use crate::vocab::{EventId, MatchId, RecordId, RecordKind, Role, Seq, TeamId, UserId};

/// Body of `POST /api/v1/events/{id}/committee`.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewRecordRequest {
    /// The team concerned.
    pub team_id: TeamId,
    /// The match; absent: the team is disqualified from the whole event.
    #[serde(default)]
    pub match_id: Option<MatchId>,
    /// `disqualification` or `walkout` (a walkout needs a match).
    pub kind: String,
    /// Why (required).
    pub reason: String,
    /// The record this one takes back (a correction).
    #[serde(default)]
    pub corrects: Option<RecordId>,
    /// Client-made key: the same author sending it again gets the record made the first time,
    /// and nothing is recorded twice.
    #[serde(default)]
    pub idempotency_key: Option<String>,
}

/// A record as shown.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = Record)]
pub struct RecordView {
    /// The stored record.
    #[serde(flatten)]
    pub record: rows::RecordRow,
    /// Team name.
    pub team: String,
    /// Author's username.
    pub author_name: String,
    /// Whether a later record takes this one back.
    pub corrected: bool,
}

fn may_record(g: &Grants, event_id: EventId) -> Result<(), AppError> {
    if g.has(Role::Committee, Some(event_id)) || g.directs(Some(event_id)) {
        Ok(())
    } else {
        Err(AppError::Forbidden(
            "only the event committee may record disqualifications and walkouts".into(),
        ))
    }
}

/// Records a disqualification or walkout (or, with `corrects`, takes one back). When it concerns
/// a match, the match's log gets the matching event in the same transaction.
pub fn record(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
    req: &NewRecordRequest,
) -> Result<RecordView, AppError> {
    let (view, _) = record_keyed(conn, desk, now, user_id, event_id, req, None)?;
    Ok(view)
}

/// Refuses a record the register cannot hold.
fn check(req: &NewRecordRequest) -> Result<(), AppError> {
    // One line of 1 to 500 characters, no control characters (issue 11).
    crate::text::Reason::parse("reason", &req.reason)?;
    let kind = req.kind.parse::<RecordKind>().ok();
    if req.corrects.is_none()
        && !matches!(
            kind,
            Some(RecordKind::Disqualification | RecordKind::Walkout)
        )
    {
        return Err(AppError::field(
            "kind",
            "kind must be disqualification or walkout",
        ));
    }
    if kind == Some(RecordKind::Walkout) && req.match_id.is_none() {
        return Err(AppError::field(
            "match_id",
            "a walkout happens in a match: choose the match",
        ));
    }
    check_idempotency_key(req.idempotency_key.as_deref())
}

/// [`record_once`], once more if its key collided with a record made at the same moment.
fn record_keyed(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
    req: &NewRecordRequest,
    match_key: Option<&str>,
) -> Result<Recorded, AppError> {
    check(req)?;
    match record_once(conn, desk, now, user_id, event_id, req, match_key) {
        // Two sends of one key at the same moment (PostgreSQL): the loser's key collided with
        // the winner's record, and now finds it.
        Err(AppError::Conflict { current: None, .. }) if req.idempotency_key.is_some() => {
            record_once(conn, desk, now, user_id, event_id, req, match_key)
        }
        other => other,
    }
}

/// A record as shown, and the match command it recorded (none for a repeat of the author's
/// key, or a record of the whole event).
type Recorded = (RecordView, Option<CommandOutcome>);

/// Records once. `match_key` is the idempotency key of the match command it sends, when the
/// record came through the match's command route (see [`record_from_command`]).
fn record_once(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
    req: &NewRecordRequest,
    match_key: Option<&str>,
) -> Result<Recorded, AppError> {
    let reason = req.reason.trim();
    desk.write(conn, |conn, work| {
        may_record(&Grants::load(conn, user_id)?, event_id)?;
        // A resent record (issue 11): the author's first record with this key, unchanged.
        if let Some(key) = &req.idempotency_key
            && let Some(first) = rows::find_by_key(conn, user_id, key)?
        {
            if (first.event_id, first.team_id) != (event_id, req.team_id) {
                return Err(AppError::field(
                    "idempotency_key",
                    format!(
                        "this key already recorded record {}, for another team",
                        first.id
                    ),
                ));
            }
            let view = view_of(conn, first)?;
            return Ok((view, None));
        }
        let team = event_rows::find_team(conn, req.team_id)?
            .filter(|t| t.event_id == event_id)
            .ok_or_else(|| AppError::field("team_id", "no such team in this event"))?;
        let mut executed = None;
        let stored_kind = if let Some(corrected_id) = req.corrects {
            let old = rows::find(conn, corrected_id)?
                .filter(|r| r.event_id == event_id && r.team_id == team.id && r.corrects.is_none())
                .ok_or_else(|| AppError::field("corrects", "no such record for this team"))?;
            if rows::of_event(conn, event_id)?
                .iter()
                .any(|r| r.corrects == Some(old.id))
            {
                return Err(AppError::field(
                    "corrects",
                    "that record has already been corrected",
                ));
            }
            if let Some(m) = old.match_id {
                executed = Some(reverse_in_match(
                    conn, work, now, user_id, m, old.kind, reason, match_key,
                )?);
            }
            RecordKind::Withdrawal
        } else {
            // `check` let only these two through.
            let kind = match req.kind.parse::<RecordKind>() {
                Ok(RecordKind::Walkout) => RecordKind::Walkout,
                _ => RecordKind::Disqualification,
            };
            if let Some(m) = req.match_id {
                let row = match_rows::find(conn, m)?
                    .filter(|r| r.event_id == Some(event_id))
                    .ok_or_else(|| AppError::field("match_id", "no such match in this event"))?;
                let side = if row.team_a == Some(team.id) {
                    Side::A
                } else if row.team_b == Some(team.id) {
                    Side::B
                } else {
                    return Err(AppError::field(
                        "team_id",
                        "that team does not play in this match",
                    ));
                };
                let command = if kind == RecordKind::Walkout {
                    Command::Walkout {
                        side,
                        reason: reason.to_owned(),
                    }
                } else {
                    Command::Disqualify {
                        side,
                        reason: reason.to_owned(),
                    }
                };
                let req = CommandRequest {
                    idempotency_key: match_key.map(str::to_owned),
                    expected_seq: None,
                    command,
                    via: Via::Register,
                    agreed: None,
                };
                executed = Some(work.command(conn, now, m, Sender::User(user_id), &req)?);
            }
            kind
        };
        let record = rows::insert(
            conn,
            &rows::NewRecord {
                event_id,
                team_id: team.id,
                match_id: if req.corrects.is_some() {
                    None
                } else {
                    req.match_id
                },
                kind: stored_kind,
                reason,
                author: user_id,
                corrects: req.corrects,
                created_at: now.naive_utc(),
                idempotency_key: req.idempotency_key.as_deref(),
            },
        )?;
        let author_name = users::find(conn, user_id)?
            .map(|u| u.username)
            .unwrap_or_default();
        // Event-level records move standings even without a match (E2, E3).
        work.announce(LiveMessage::CommitteeRecord { event_id });
        Ok((
            RecordView {
                record,
                team: team.name,
                author_name,
                corrected: false,
            },
            executed,
        ))
    })
}

/// A disqualification, walkout, or correction of one, sent as a match command
/// (`POST /matches/{id}/commands`) on a match of an event: it is recorded in the register,
/// exactly as `POST /events/{id}/committee` records it, so the register and the match's log
/// never disagree (issue 11). `None` when the register has no part in it (a match outside any
/// event, a correction of another kind of event, or one whose record the register lacks): the
/// command then goes the ordinary way.
pub fn record_from_command(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    match_id: MatchId,
    req: &CommandRequest,
) -> Result<Option<CommandOutcome>, AppError> {
    if !matches!(
        req.command,
        Command::Disqualify { .. } | Command::Walkout { .. } | Command::Correction { .. }
    ) {
        return Ok(None);
    }
    check_key(req)?;
    // The record and its match command are one transaction; a repeat that races its first
    // send collides with the first's key record there, and gets a 409 rather than a second
    // record.
    let Some(row) = match_rows::find(conn, match_id)? else {
        return Ok(None);
    };
    let Some(event_id) = row.event_id else {
        return Ok(None);
    };
    let record = match &req.command {
        Command::Disqualify { side, reason } | Command::Walkout { side, reason } => {
            let team_id = match side {
                Side::A => row.team_a,
                Side::B => row.team_b,
            }
            .ok_or_else(|| {
                AppError::field(
                    "command",
                    "that side plays without a team record; the register records teams",
                )
            })?;
            let kind = if matches!(req.command, Command::Walkout { .. }) {
                RecordKind::Walkout
            } else {
                RecordKind::Disqualification
            };
            NewRecordRequest {
                team_id,
                match_id: Some(match_id),
                kind: kind.as_str().into(),
                reason: reason.clone(),
                corrects: None,
                idempotency_key: None,
            }
        }
        Command::Correction {
            reverses_seq,
            reason,
        } => {
            let state = desk.state(conn, match_id)?;
            let kind = match state.log.iter().find(|e| e.seq == *reverses_seq) {
                Some(e) if matches!(e.payload, Payload::Disqualified { .. }) => {
                    RecordKind::Disqualification
                }
                Some(e) if matches!(e.payload, Payload::WalkedOut { .. }) => RecordKind::Walkout,
                _ => return Ok(None),
            };
            let all = rows::of_event(conn, event_id)?;
            let Some(old) = all.iter().rev().find(|r| {
                r.match_id == Some(match_id)
                    && r.kind == kind
                    && r.corrects.is_none()
                    && !all.iter().any(|o| o.corrects == Some(r.id))
            }) else {
                return Ok(None);
            };
            NewRecordRequest {
                team_id: old.team_id,
                match_id: None,
                kind: RecordKind::Withdrawal.as_str().into(),
                reason: reason.clone(),
                corrects: Some(old.id),
                idempotency_key: None,
            }
        }
        _ => return Ok(None),
    };
    // Authorised first (issue 11); then a repeat of the sender's key gets its first answer.
    require_member(conn, user_id, event_id)?;
    if let Some(first) = stored_outcome(
        conn,
        match_id,
        Sender::User(user_id),
        Via::Register,
        req.idempotency_key.as_deref(),
    )? {
        return Ok(Some(first));
    }
    if let Some(expected) = req.expected_seq {
        let last = Seq::from(desk.state(conn, match_id)?.last_seq);
        if expected != last {
            return Err(AppError::Conflict {
                message: format!(
                    "the match has moved on (expected seq {expected}, now {last}); look at the current state and decide again"
                ),
                current: None,
            });
        }
    }
    let (_, outcome) = record_keyed(
        conn,
        desk,
        now,
        user_id,
        event_id,
        &record,
        req.idempotency_key.as_deref(),
    )?;
    let outcome =
        outcome.ok_or_else(|| AppError::internal("a match record without its match command"))?;
    Ok(Some(outcome))
}

/// A stored record as shown.
fn view_of(conn: &mut DbConn, record: rows::RecordRow) -> Result<RecordView, AppError> {
    let team = event_rows::find_team(conn, record.team_id)?
        .map(|t| t.name)
        .unwrap_or_default();
    let author_name = users::find(conn, record.author)?
        .map(|u| u.username)
        .unwrap_or_default();
    let corrected = rows::of_event(conn, record.event_id)?
        .iter()
        .any(|r| r.corrects == Some(record.id));
    Ok(RecordView {
        record,
        team,
        author_name,
        corrected,
    })
}

/// Reverses the last disqualification or walkout in a match's log.
#[allow(clippy::too_many_arguments)]
fn reverse_in_match(
    conn: &mut DbConn,
    work: &mut Work<'_>,
    now: DateTime<Utc>,
    user_id: UserId,
    match_id: MatchId,
    kind: RecordKind,
    reason: &str,
    key: Option<&str>,
) -> Result<CommandOutcome, AppError> {
    let events = match_rows::events_after(conn, match_id, Seq(0))?;
    let target = events
        .iter()
        .rev()
        .find(|e| match e.payload {
            Payload::Disqualified { .. } => kind == RecordKind::Disqualification,
            Payload::WalkedOut { .. } => kind == RecordKind::Walkout,
            _ => false,
        })
        .ok_or_else(|| {
            AppError::field("corrects", "the match log has no such event to take back")
        })?;
    let req = CommandRequest {
        idempotency_key: key.map(str::to_owned),
        expected_seq: None,
        command: Command::Correction {
            reverses_seq: target.seq,
            reason: reason.to_owned(),
        },
        via: Via::Register,
        agreed: None,
    };
    work.command(conn, now, match_id, Sender::User(user_id), &req)
}

/// The records of an event, for the committee, the director and captains.
pub fn records(conn: &mut DbConn, event_id: EventId) -> Result<Vec<RecordView>, AppError> {
    let all = rows::of_event(conn, event_id)?;
    let teams = event_rows::teams_of(conn, event_id)?;
    let mut out = Vec::with_capacity(all.len());
    for r in &all {
        let team = teams
            .iter()
            .find(|t| t.id == r.team_id)
            .map(|t| t.name.clone())
            .unwrap_or_default();
        let author_name = users::find(conn, r.author)?
            .map(|u| u.username)
            .unwrap_or_default();
        let corrected = all.iter().any(|o| o.corrects == Some(r.id));
        out.push(RecordView {
            record: r.clone(),
            team,
            author_name,
            corrected,
        });
    }
    Ok(out)
}

/// Teams disqualified from the whole event (records without a match, not taken back).
pub fn disqualified_teams(conn: &mut DbConn, event_id: EventId) -> Result<Vec<TeamId>, AppError> {
    let all = rows::of_event(conn, event_id)?;
    Ok(all
        .iter()
        .filter(|r| r.kind == RecordKind::Disqualification && r.match_id.is_none())
        .filter(|r| !all.iter().any(|o| o.corrects == Some(r.id)))
        .map(|r| r.team_id)
        .collect())
}

/// Requires the committee role (or directing) for an event.
pub fn require_member(
    conn: &mut DbConn,
    user_id: UserId,
    event_id: EventId,
) -> Result<(), AppError> {
    may_record(&Grants::load(conn, user_id)?, event_id)
}
