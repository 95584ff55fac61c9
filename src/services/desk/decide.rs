//! Deciding one command at the desk, before anything is written: who the sender acts as
//! (authorisation maps the user's grants to the one actor the command's authority needs), the
//! rules' decision on the folded state, and the rows it will write (events, idempotency record,
//! projection, PIC queue).

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use super::command::{CommandOutcome, CommandRequest, Sender, one_door};
use crate::db::matches as rows;
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::game::{self, Actor, State, View};
use crate::services::authz::Grants;
use crate::vocab::{EventId, MatchId, Seq};

/// What one command does to a match, before anything is written.
pub(crate) struct Decided {
    /// The client's answer.
    pub(crate) outcome: CommandOutcome,
    /// The match after the command.
    pub(crate) next: State,
    /// The idempotency record, when the client sent a key.
    pub(crate) record: Option<rows::NewCommandRow>,
    /// What live pages are told after the commit.
    pub(crate) live: Option<LiveMessage>,
}

/// The one identity `sender` sends `req` as on this match, or why it may not send it here at
/// all: no role that holds the command's authority, or not through this door. Nothing is told
/// about the match before this passes: not a stored answer, not its state in a 409. `grants` is
/// `None` only for the system.
pub(crate) fn authorize(
    seat: &rows::Seat,
    grants: Option<&Grants>,
    sender: Sender,
    req: &CommandRequest,
) -> Result<Actor, AppError> {
    let actor = match (sender, grants) {
        (Sender::System, _) => Actor::System,
        (Sender::User(_), Some(g)) => g
            .actor_for(seat.event_id, seat.table_no, req.command.authority())
            .ok_or_else(|| {
                AppError::Forbidden(
                    "you hold no role at this match's table or event that allows this".into(),
                )
            })?,
        (Sender::User(_), None) => {
            return Err(AppError::Unauthorized(
                "this account no longer exists".into(),
            ));
        }
    };
    one_door(seat, req)?;
    super::command::both_agreed(req)?;
    Ok(actor)
}

/// Decides one command on a match whose seat and folded state are loaded, as the actor
/// [`authorize`] gave: the part of a command that touches no database, shared by the unit of
/// work and the batching [`crate::services::writer::CommandWriter`].
///
/// A panic while deciding (a bug in the rules) refuses this command with a 500 and is logged;
/// it never takes the writer, and every other table's commands, down with it (issue 11).
pub(crate) fn decide(
    seat: &rows::Seat,
    state: &State,
    actor: &Actor,
    now: DateTime<Utc>,
    sender: Sender,
    req: &CommandRequest,
) -> Result<Decided, AppError> {
    guarded(seat.id, req.command.name(), || {
        if let Some(expected) = req.expected_seq
            && expected != Seq::from(state.last_seq)
        {
            return Err(AppError::Conflict {
                message: format!(
                    "the match has moved on (expected seq {expected}, now {}); look at the current state and decide again",
                    state.last_seq
                ),
                current: serde_json::to_value(state.view(now)).ok(),
            });
        }
        let (events, next) = game::decide_and_apply(state, req.command.clone(), actor, now)?;
        let outcome = CommandOutcome {
            match_id: seat.id,
            state: next.view(now),
            events,
            replayed: false,
        };
        let record = match (
            &req.idempotency_key,
            outcome.events.first(),
            outcome.events.last(),
        ) {
            (Some(key), Some(first), Some(last)) => Some(rows::NewCommandRow {
                match_id: seat.id,
                idempotency_key: key.clone(),
                user_id: match sender {
                    Sender::User(u) => Some(u),
                    Sender::System => None,
                },
                first_seq: Seq::from(first.seq),
                last_seq: Seq::from(last.seq),
                response: String::new(),
                created_at: now.naive_utc(),
                scope: req.via.scope().as_str(),
            }),
            _ => None,
        };
        let live = outcome.events.last().map(|e| LiveMessage::Match {
            event_id: seat.event_id,
            match_id: seat.id,
            seq: Seq::from(e.seq),
            last: e.payload.kind(),
            standings: state.status == game::Status::Finished
                || next.status == game::Status::Finished,
        });
        Ok(Decided {
            outcome,
            next,
            record,
            live,
        })
    })
}

/// Runs `f`, turning a panic into a 500 for this command alone (logged with the match and the
/// command's type).
pub(crate) fn guarded<T>(
    match_id: MatchId,
    command: &str,
    f: impl FnOnce() -> Result<T, AppError>,
) -> Result<T, AppError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .unwrap_or_else(|panic| Err(refused(match_id, command, &panic_message(panic.as_ref()))))
}

/// Logs a command that panicked with `why`, and gives its 500.
pub(crate) fn refused(match_id: MatchId, command: &str, why: &str) -> AppError {
    tracing::error!(match_id = match_id.0, command, panic = %why, "a match command panicked; refused");
    AppError::internal(format!(
        "the {command} command on match {match_id} failed: {why}"
    ))
}

/// A panic's message, when it has one.
pub(crate) fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

/// The projection row's fields for a state's view.
pub(crate) fn projection(view: &View, now: DateTime<Utc>) -> rows::Projection {
    rows::Projection {
        status: view.status,
        last_seq: Seq::from(view.last_seq),
        score_a: view.scores.a,
        score_b: view.scores.b,
        to_move: view.side_to_move,
        winner: view.result.as_ref().and_then(|r| r.winner),
        result_reason: view.result.as_ref().map(|r| r.reason),
        clock_a_ms: view.clocks_ms.a,
        clock_b_ms: view.clocks_ms.b,
        updated_at: now.naive_utc(),
    }
}

/// What commands do to the PIC queue, merged into one change per queue row, so that a batch of
/// commands writes each row once (a PostgreSQL statement cannot change one row twice).
#[derive(Debug, Default)]
pub(crate) struct QueueChanges {
    rows: Vec<rows::QueueChange>,
    index: HashMap<(MatchId, Seq), usize>,
}

impl QueueChanges {
    /// Adds what one command did to a match (`prev` → `next`): challenges opened (or re-opened
    /// by a correction), challenges no longer open (ruled, or gone with a corrected play), and
    /// new rulings. Only the differences are written.
    pub(crate) fn record(
        &mut self,
        event_id: Option<EventId>,
        match_id: MatchId,
        prev: &State,
        next: &State,
        at: chrono::NaiveDateTime,
    ) -> Result<(), AppError> {
        // Most commands touch no challenge: then the queue is already right.
        if prev.challenges == next.challenges {
            return Ok(());
        }
        let was_open = |id: u64| prev.open_challenges().any(|c| c.id == id);
        for c in next.open_challenges().filter(|c| !was_open(c.id)) {
            let detail = serde_json::to_string(c).map_err(AppError::internal)?;
            let row = self.row(event_id, match_id, c.id, at);
            row.opened = Some(rows::OpenedChallenge {
                kind: (&c.kind).into(),
                detail,
                opened_at: c.opened_at.naive_utc(),
            });
            row.close = false;
        }
        for c in prev.open_challenges() {
            if !next.open_challenges().any(|n| n.id == c.id) {
                self.row(event_id, match_id, c.id, at).close = true;
            }
        }
        for c in &next.challenges {
            let newly_ruled = prev.challenge(c.id).is_none_or(|p| p.ruling.is_none());
            if let (Some(ruling), true) = (&c.ruling, newly_ruled) {
                let json = serde_json::to_string(ruling).map_err(AppError::internal)?;
                let row = self.row(event_id, match_id, c.id, at);
                // A row keeps its first ruling (T11: a ruling is applied once).
                row.ruling.get_or_insert(json);
            }
        }
        Ok(())
    }

    fn row(
        &mut self,
        event_id: Option<EventId>,
        match_id: MatchId,
        id: u64,
        at: chrono::NaiveDateTime,
    ) -> &mut rows::QueueChange {
        let key = (match_id, Seq::from(id));
        let i = *self.index.entry(key).or_insert_with(|| {
            self.rows.push(rows::QueueChange {
                event_id,
                match_id,
                challenge_seq: Seq::from(id),
                opened: None,
                close: false,
                ruling: None,
                at,
            });
            self.rows.len() - 1
        });
        &mut self.rows[i]
    }

    /// The merged changes, in the order their rows were first touched.
    pub(crate) fn into_rows(self) -> Vec<rows::QueueChange> {
        self.rows
    }
}
