//! What a match command is at the desk: the request, who sends it and through which door, its
//! answer, the checks every door makes first, and idempotency (a repeated key gets the first
//! answer, rebuilt from the log).

use serde::{Deserialize, Serialize};

use crate::db::{DbConn, matches as rows};
use crate::error::AppError;
use crate::rules::game::{self, Command, Event, View};
use crate::vocab::{MatchId, Seq, UserId};

/// Who sends a command.
#[derive(Debug, Clone, Copy)]
pub enum Sender {
    /// A signed-in user, acting in whichever role the command needs.
    User(UserId),
    /// The server's clock sweeper.
    System,
}

/// A command as the API receives it.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CommandRequest {
    /// Client-made key: a repeat by the same user through the same door returns the first
    /// result and writes nothing.
    #[serde(default)]
    pub idempotency_key: Option<String>,
    /// The seq the client decided on; a stale one is refused with 409 and the current state.
    #[serde(default)]
    pub expected_seq: Option<Seq>,
    /// What to do.
    pub command: Command,
    /// T19: the sides that confirmed the final scores of a closing (`adjust_racks`). The
    /// end-racks form sends it; when present, both sides must be in it. A program that sends
    /// none closes as before.
    #[serde(default)]
    pub agreed: Option<Vec<crate::vocab::Side>>,
    /// The door the command came through (set by the server, never by the client).
    #[serde(skip)]
    pub via: Via,
}

/// The door a match command comes through. Each official action has one (issue 11): on a match
/// of an event, rulings are made only through the PIC queue (which holds the claim), and
/// disqualifications, walkouts and their withdrawal only through the committee register (which
/// keeps the record), so the command route refuses them there. A match outside any event has no
/// queue and no register: the command route is its only door.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Via {
    /// `POST /api/v1/matches/{id}/commands` (and the server's own clock sweeper).
    #[default]
    CommandRoute,
    /// A PIC's ruling on a claimed challenge (`services::pic::rule`).
    Queue,
    /// The committee register (`services::committee::record`).
    Register,
    /// A director's import of a game record (C8): the record's rulings are part of the record,
    /// not a PIC's act on a live challenge, so they are replayed as they were written.
    Import,
}

impl Via {
    /// Where idempotency keys sent through this door are kept.
    pub(crate) fn scope(self) -> rows::KeyScope {
        match self {
            Via::Queue => rows::KeyScope::Ruling,
            // The register keeps its own keys with its records; its match commands carry none.
            Via::CommandRoute | Via::Register | Via::Import => rows::KeyScope::Command,
        }
    }
}

/// The result of an accepted command.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CommandOutcome {
    /// The match.
    pub match_id: MatchId,
    /// The events appended.
    pub events: Vec<Event>,
    /// The match after them.
    pub state: View,
    /// True when this is the stored first result of a repeated idempotency key.
    #[serde(default)]
    pub replayed: bool,
}

/// Refuses an idempotency key the records cannot hold, and text a command would store that is
/// not one line (see [`check_text`]).
pub fn check_key(req: &CommandRequest) -> Result<(), AppError> {
    check_idempotency_key(req.idempotency_key.as_deref())?;
    check_text(&req.command)
}

/// Refuses an idempotency key the records cannot hold (every write that takes one).
pub fn check_idempotency_key(key: Option<&str>) -> Result<(), AppError> {
    match key {
        Some(k) if k.is_empty() || k.len() > 128 => Err(AppError::field(
            "idempotency_key",
            "an idempotency key has 1 to 128 characters",
        )),
        Some(k) => crate::text::check_token("idempotency_key", k, 128),
        None => Ok(()),
    }
}

/// The free text of a command, as the committee's register checks it: a reason is one line of
/// 1 to 500 characters ([`crate::text::Reason`]). Words and tiles are checked by the rules.
pub fn check_text(command: &Command) -> Result<(), AppError> {
    match command {
        Command::Disqualify { reason, .. }
        | Command::Walkout { reason, .. }
        | Command::Correction { reason, .. } => {
            crate::text::Reason::parse("reason", reason).map(|_| ())
        }
        _ => Ok(()),
    }
}

/// A command's first answer, as a repeat of its key receives it. The record keeps only the seqs
/// the command appended: the answer is rebuilt from the log (those events, and the match as they
/// left it, viewed at the moment they were recorded), which gives the same answer as the first
/// time without writing its text at every command. Older records hold the text itself.
pub fn replayed(
    conn: &mut DbConn,
    match_id: MatchId,
    stored: &rows::StoredCommand,
) -> Result<CommandOutcome, AppError> {
    if !stored.response.is_empty() {
        let mut outcome: CommandOutcome =
            serde_json::from_str(&stored.response).map_err(AppError::internal)?;
        outcome.replayed = true;
        return Ok(outcome);
    }
    let mut log = rows::events_after(conn, match_id, Seq(0))?;
    log.retain(|e| e.seq <= stored.last_seq.get());
    let state = game::fold(&log);
    let at = log
        .last()
        .map(|e| e.at)
        .ok_or_else(|| AppError::internal("an idempotency record without events"))?;
    log.retain(|e| e.seq >= stored.first_seq.get());
    Ok(CommandOutcome {
        match_id,
        state: state.view(at),
        events: log,
        replayed: true,
    })
}

/// The first result of a command `sender` sent through `via` with its idempotency key, if any.
/// Keys are the sender's own: another account's key, or a key of another door, is not found
/// (issue 11). The system sends no keys.
pub fn stored_outcome(
    conn: &mut DbConn,
    match_id: MatchId,
    sender: Sender,
    via: Via,
    key: Option<&str>,
) -> Result<Option<CommandOutcome>, AppError> {
    let (Sender::User(uid), Some(key)) = (sender, key) else {
        return Ok(None);
    };
    match rows::command_response(conn, match_id, via.scope(), uid, key)? {
        Some(stored) => Ok(Some(replayed(conn, match_id, &stored)?)),
        None => Ok(None),
    }
}

/// A command's effects, for callers that run it inside their own transaction.
/// Whether a command has its own door on an event's match (see [`Via`]).
pub fn has_own_door(command: &Command) -> bool {
    matches!(
        command,
        Command::RuleWord { .. }
            | Command::RuleScore { .. }
            | Command::Disqualify { .. }
            | Command::Walkout { .. }
            | Command::Correction { .. }
    )
}

/// T19: a closing sent with its agreements is refused unless both sides agreed; agreements on
/// any other command are refused too (they would mean nothing). Nothing is recorded then.
pub(crate) fn both_agreed(req: &CommandRequest) -> Result<(), AppError> {
    use crate::vocab::Side;
    let Some(sides) = &req.agreed else {
        return Ok(());
    };
    if !matches!(req.command, Command::AdjustRacks { .. }) {
        return Err(AppError::field(
            "agreed",
            "only the end racks (adjust_racks) are agreed by both sides",
        ));
    }
    if sides.contains(&Side::A) && sides.contains(&Side::B) {
        Ok(())
    } else {
        Err(AppError::field(
            "agreed",
            "both sides confirm the final scores before the game is closed (rule T19)",
        ))
    }
}

/// Refuses, on the command route of an event's match, what has its own door there and did not
/// go through it (see [`Via`] and `matches::through_own_door`): a ruling would skip the claim, so a
/// second PIC could rule a challenge another holds, and a disqualification or walkout would
/// leave no record in the register (rules T11, T18, E3). A correction is refused by the
/// register's door itself when the register holds what it takes back.
pub(crate) fn one_door(seat: &rows::Seat, req: &CommandRequest) -> Result<(), AppError> {
    let Some(event) = seat.event_id else {
        return Ok(());
    };
    if req.via != Via::CommandRoute {
        return Ok(());
    }
    let door = match &req.command {
        Command::RuleWord { .. } | Command::RuleScore { .. } => {
            "rulings on this event's challenges go through the PIC queue: claim the challenge \
             (POST /api/v1/challenges/{id}/claim) and rule it (POST /api/v1/challenges/{id}/rule)"
                .to_owned()
        }
        Command::Disqualify { .. } | Command::Walkout { .. } => format!(
            "disqualifications and walkouts are recorded in the committee register \
             (POST /api/v1/events/{event}/committee)"
        ),
        _ => return Ok(()),
    };
    Err(AppError::Forbidden(door))
}
