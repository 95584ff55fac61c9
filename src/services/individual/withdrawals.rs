//! Taking a withdrawal back (issue 18): a withdrawal is a record, and so is its correction
//! (a record of the same player with no round); the player is paired again from the next
//! round, and their games of paired rounds that have no result are owed again.

use chrono::{DateTime, Utc};
use serde::Deserialize;

use super::{PlayerView, division_for_director};
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
        let p = d
            .players
            .iter()
            .find(|p| p.number == number)
            .ok_or_else(|| AppError::not_found(format!("no player {number} in this division")))?;
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
