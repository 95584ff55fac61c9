//! C8: importing a GCG record into a created board-mode match, replayed through the same
//! commands live play sends, in one unit of work of the desk.

use chrono::{DateTime, Utc};

use super::{MatchDetail, detail, match_row};
use crate::db::DbConn;
use crate::error::AppError;
use crate::rules::game;
use crate::services::authz::Grants;
use crate::services::desk::{CommandRequest, Desk, Sender, Via};
use crate::vocab::{MatchId, UserId};

/// C8: replays a GCG record into a created, not yet started board-mode match, through the same
/// commands live play sends (one transaction: the whole record or nothing). Director only.
/// Returns the match after it.
pub fn import_gcg(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    match_id: MatchId,
    user_id: UserId,
    text: &str,
) -> Result<MatchDetail, AppError> {
    let row = match_row(conn, match_id)?;
    let g = Grants::load(conn, user_id)?;
    let allowed = match row.event_id {
        Some(_) => g.directs(row.event_id),
        None => row.created_by == Some(user_id) || g.directs(None),
    };
    if !allowed {
        return Err(AppError::Forbidden(
            "only the event's director imports a GCG record".into(),
        ));
    }
    let game = crate::rules::gcg::read(text.as_bytes())
        .map_err(|e| AppError::field("gcg", e.to_string()))?;
    // The replay's commands see each other inside the unit of work: the shared cache learns
    // the match only if the whole record committed.
    let state = desk.write(conn, |conn, work| {
        let start = work.state(conn, match_id)?;
        let span = start
            .ruleset()
            .map_or(0, |r| game::import_span_ms(&game, r));
        // The replay ends now if it can (no event in the future), but never starts before the
        // match's last event: decisions never go back in time.
        let base = crate::rules::clock::after(now, -span);
        let base = start.last_at.map_or(base, |t| base.max(t));
        let mut failure: Option<AppError> = None;
        let result = game::import_gcg(&game, (*start).clone(), &mut |ms, command| {
            let req = CommandRequest {
                idempotency_key: None,
                expected_seq: None,
                command,
                via: Via::Import,
                agreed: None,
            };
            let at = crate::rules::clock::after(base, ms);
            let done = work
                .command(conn, at, match_id, Sender::User(user_id), &req)
                .and_then(|_| work.state(conn, match_id));
            match done {
                Ok(next) => Ok(std::sync::Arc::unwrap_or_clone(next)),
                Err(e) => {
                    let message = e.to_string();
                    failure = Some(e);
                    Err(game::ImportError { line: 0, message })
                }
            }
        });
        match result {
            Ok(state) => Ok(state),
            // A command the rules refuse makes the record unreplayable (C8, naming the rule
            // that refused it); other failures (403, a conflict) keep their own status.
            Err(e) => Err(match failure {
                Some(AppError::Rule { message, .. }) => AppError::Rule {
                    rule: "C8".into(),
                    field: None,
                    message: format!("rule C8: the record cannot be replayed here: {message}"),
                },
                Some(other) => other,
                None => AppError::Rule {
                    rule: "C8".into(),
                    field: None,
                    message: e.to_string(),
                },
            }),
        }
    })?;
    Ok(detail(&row, &state, now))
}
