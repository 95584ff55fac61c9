//! Withdrawals and taking them back (issue 18): a withdrawal is a record, and so is its correction
//! (a record of the same player with no round); the player is paired again from the next
//! round, and their games of paired rounds that have no result are owed again.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Loaded, PlayerView, division_for_director};
use crate::db::{DbConn, individual as rows};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::services::desk::Desk;
use crate::vocab::{DivisionId, UserId};

/// Why a withdrawal is taken back (it was recorded by mistake, the player came back, …).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = IndivTakeBackRequest)]
pub struct TakeBackRequest {
    /// Why; may be empty.
    pub reason: Option<String>,
}

/// The division's player with this number (404 when there is none).
fn numbered(d: &Loaded, number: i32) -> Result<&rows::IndivPlayerRow, AppError> {
    d.players
        .iter()
        .find(|p| p.number == number)
        .ok_or_else(|| AppError::not_found(format!("no player {number} in this division")))
}

/// A withdrawal's or a take-back's reason: empty, or one line of at most 200 characters.
pub(super) fn check_reason(reason: Option<&str>) -> Result<String, AppError> {
    match reason.map(str::trim) {
        None | Some("") => Ok(String::new()),
        Some(r) if r.chars().count() > 200 => {
            Err(AppError::field("reason", "at most 200 characters"))
        }
        Some(r) if r.chars().any(char::is_control) => {
            Err(AppError::field("reason", "one line of text"))
        }
        Some(r) => Ok(r.to_owned()),
    }
}

/// Takes a player's withdrawal back (the event's director): appends a record with no round
/// (append-only: the withdrawal stays listed before it) and clears the player's
/// `withdrawn_round`. Refused (409) when the player has not withdrawn.
pub fn take_back(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    division_id: DivisionId,
    number: i32,
    req: &TakeBackRequest,
) -> Result<PlayerView, AppError> {
    let reason = check_reason(req.reason.as_deref())?;
    desk.write(conn, |conn, work| {
        let d = division_for_director(conn, user_id, division_id)?;
        work.announce(LiveMessage::Individual {
            event_id: d.div.event_id,
            division_id,
        });
        let p = numbered(&d, number)?;
        if p.withdrawn_round.is_none() {
            return Err(AppError::Conflict {
                message: format!("player {number} has not withdrawn"),
                current: None,
            });
        }
        rows::insert_withdrawal(
            conn,
            &rows::NewWithdrawal {
                division_id,
                player_id: p.id,
                from_round: None,
                reason: &reason,
                recorded_by: Some(user_id),
                created_at: now.naive_utc(),
            },
        )?;
        rows::reinstate(conn, p.id)?;
        let mut v = PlayerView::from(p);
        v.withdrawn_round = None;
        Ok(v)
    })
}

/// Why a player withdraws (the withdrawal is a record: who, when, from which round, by whom).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = IndivWithdrawRequest)]
pub struct WithdrawRequest {
    /// Why (illness, travel, …); may be empty.
    pub reason: Option<String>,
}

/// A withdrawal record as the API shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = IndivWithdrawal)]
pub struct WithdrawalView {
    /// The player's number.
    pub number: i32,
    /// First round not played; none: the withdrawal was taken back.
    pub from_round: Option<i32>,
    /// Why.
    pub reason: String,
    /// Who recorded it (account id).
    pub recorded_by: Option<UserId>,
    /// When.
    pub at: DateTime<Utc>,
}

/// Withdraws a player: they are not paired again, and their games still unscored count as
/// the event's options say (forfeits, or byes for the opponents). The withdrawal is appended
/// as a record; the player's `withdrawn_round` is its projection.
pub fn withdraw(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    division_id: DivisionId,
    number: i32,
    req: &WithdrawRequest,
) -> Result<PlayerView, AppError> {
    let reason = check_reason(req.reason.as_deref())?;
    desk.write(conn, |conn, work| {
        let d = division_for_director(conn, user_id, division_id)?;
        work.announce(LiveMessage::Individual {
            event_id: d.div.event_id,
            division_id,
        });
        let p = numbered(&d, number)?;
        if p.withdrawn_round.is_some() {
            return Err(AppError::Conflict {
                message: format!("player {number} has already withdrawn"),
                current: None,
            });
        }
        // The first round with no final result of theirs: that game on is not played.
        let lines = d.lines();
        let from = (1..=d.last_round())
            .find(|&r| {
                lines.iter().any(|l| {
                    l.round == r
                        && l.result.is_none()
                        && l.b.is_some()
                        && (l.a == i64::from(number) || l.b == Some(i64::from(number)))
                })
            })
            .unwrap_or(d.last_round() + 1);
        let from = i32::try_from(from).unwrap_or(i32::MAX);
        rows::insert_withdrawal(
            conn,
            &rows::NewWithdrawal {
                division_id,
                player_id: p.id,
                from_round: Some(from),
                reason: &reason,
                recorded_by: Some(user_id),
                created_at: now.naive_utc(),
            },
        )?;
        rows::withdraw(conn, p.id, from)?;
        let mut v = PlayerView::from(p);
        v.withdrawn_round = Some(from);
        Ok(v)
    })
}

/// The division's withdrawal records, oldest first (no role check: the caller checked it).
pub(crate) fn withdrawal_views(
    conn: &mut DbConn,
    d: &Loaded,
) -> Result<Vec<WithdrawalView>, AppError> {
    Ok(rows::withdrawals(conn, d.div.id)?
        .into_iter()
        .map(|w| WithdrawalView {
            number: d
                .players
                .iter()
                .find(|p| p.id == w.player_id)
                .map_or(0, |p| p.number),
            from_round: w.from_round,
            reason: w.reason,
            recorded_by: w.recorded_by,
            at: w.created_at.and_utc(),
        })
        .collect())
}
