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
use crate::services::matches::{self, CommandRequest, MatchCache, Sender};

/// Body of `POST /api/v1/events/{id}/committee`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewRecordRequest {
    /// The team concerned.
    pub team_id: i64,
    /// The match; absent: the team is disqualified from the whole event.
    #[serde(default)]
    pub match_id: Option<i64>,
    /// `disqualification` or `walkout` (a walkout needs a match).
    pub kind: String,
    /// Why (required).
    pub reason: String,
    /// The record this one takes back (a correction).
    #[serde(default)]
    pub corrects: Option<i64>,
}

/// A record as shown.
#[derive(Debug, Clone, Serialize)]
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

fn may_record(g: &Grants, event_id: i64) -> Result<(), AppError> {
    if g.has("committee", Some(event_id)) || g.directs(Some(event_id)) {
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
    cache: &MatchCache,
    now: DateTime<Utc>,
    user_id: i64,
    event_id: i64,
    req: &NewRecordRequest,
) -> Result<(RecordView, Vec<LiveMessage>), AppError> {
    let reason = crate::text::Reason::parse("reason", &req.reason)?;
    let reason = reason.as_str();
    let kind = req.kind.as_str();
    if req.corrects.is_none() && !matches!(kind, "disqualification" | "walkout") {
        return Err(AppError::field(
            "kind",
            "kind must be disqualification or walkout",
        ));
    }
    if kind == "walkout" && req.match_id.is_none() {
        return Err(AppError::field(
            "match_id",
            "a walkout happens in a match: choose the match",
        ));
    }
    let (view, executed) = conn.write_tx(|conn| {
        may_record(&Grants::load(conn, user_id)?, event_id)?;
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
                    conn, cache, now, user_id, m, &old.kind, reason,
                )?);
            }
            "withdrawal"
        } else {
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
                let command = if kind == "walkout" {
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
                    idempotency_key: None,
                    expected_seq: None,
                    command,
                };
                executed = Some(matches::execute_in_tx(
                    conn,
                    cache,
                    now,
                    m,
                    Sender::User(user_id),
                    &req,
                )?);
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
            },
        )?;
        let author_name = users::find(conn, user_id)?
            .map(|u| u.username)
            .unwrap_or_default();
        Ok::<_, AppError>((
            RecordView {
                record,
                team: team.name,
                author_name,
                corrected: false,
            },
            executed,
        ))
    })?;
    let mut live: Vec<LiveMessage> = executed
        .and_then(|(outcome, state, live)| {
            if let Some(s) = state {
                cache.put(outcome.match_id, s);
            }
            live
        })
        .into_iter()
        .collect();
    // Event-level records move standings even without a match (E2, E3).
    live.push(LiveMessage {
        event_id: Some(event_id),
        match_id: 0,
        seq: 0,
        kind: "committee_record".into(),
        standings: true,
    });
    Ok((view, live))
}

/// Reverses the last disqualification or walkout in a match's log.
fn reverse_in_match(
    conn: &mut DbConn,
    cache: &MatchCache,
    now: DateTime<Utc>,
    user_id: i64,
    match_id: i64,
    kind: &str,
    reason: &str,
) -> Result<matches::Executed, AppError> {
    let events = match_rows::events_after(conn, match_id, 0)?;
    let target = events
        .iter()
        .rev()
        .find(|e| match e.payload {
            Payload::Disqualified { .. } => kind == "disqualification",
            Payload::WalkedOut { .. } => kind == "walkout",
            _ => false,
        })
        .ok_or_else(|| {
            AppError::field("corrects", "the match log has no such event to take back")
        })?;
    let req = CommandRequest {
        idempotency_key: None,
        expected_seq: None,
        command: Command::Correction {
            reverses_seq: target.seq,
            reason: reason.to_owned(),
        },
    };
    matches::execute_in_tx(conn, cache, now, match_id, Sender::User(user_id), &req)
}

/// The records of an event, for the committee, the director and captains.
pub fn records(conn: &mut DbConn, event_id: i64) -> Result<Vec<RecordView>, AppError> {
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
pub fn disqualified_teams(conn: &mut DbConn, event_id: i64) -> Result<Vec<i64>, AppError> {
    let all = rows::of_event(conn, event_id)?;
    Ok(all
        .iter()
        .filter(|r| r.kind == "disqualification" && r.match_id.is_none())
        .filter(|r| !all.iter().any(|o| o.corrects == Some(r.id)))
        .map(|r| r.team_id)
        .collect())
}

/// Requires the committee role (or directing) for an event.
pub fn require_member(conn: &mut DbConn, user_id: i64, event_id: i64) -> Result<(), AppError> {
    may_record(&Grants::load(conn, user_id)?, event_id)
}
