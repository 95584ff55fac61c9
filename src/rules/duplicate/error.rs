//! Why a Duplicate command is refused. Every message names the rule; nothing is recorded.

use crate::rules::duplicate::{DrawError, DuplicateRulesetError, Phase, SlipError};

/// A refused command. `Display` is the message for the user; [`DuplicateError::rule`] the rule
/// ID and [`DuplicateError::field`] the input at fault, where there is one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DuplicateError {
    /// The game has no `created` event yet, or already has one.
    #[error("game: {0}")]
    Lifecycle(&'static str),
    /// The ruleset is unusable.
    #[error("{0}")]
    Ruleset(#[from] DuplicateRulesetError),
    /// The players' list is empty or names a player twice.
    #[error("players: {0}")]
    Players(String),
    /// The command does not fit where the game stands.
    #[error("rule {rule}: cannot {action} now ({phase:?})")]
    Phase {
        /// What was asked.
        action: &'static str,
        /// Where the game stands.
        phase: Phase,
        /// The rule that orders the turn.
        rule: &'static str,
    },
    /// A draw refused (D3).
    #[error("{0}")]
    Draw(#[from] DrawError),
    /// D6: no play exists with the rack; the game ends.
    #[error("rule D6: no play exists with this rack; end the game")]
    NoPlay,
    /// D6: several equal tops, and no choice was given.
    #[error(
        "rule D6: {0} plays tie for the top; the referee chooses the one that opens the game more"
    )]
    ChoiceNeeded(usize),
    /// D6: the choice is not one of the equal tops.
    #[error("rule D6: choice {choice} is not one of the {count} equal tops")]
    ChoiceOutOfRange {
        /// The index given.
        choice: usize,
        /// How many tops tie.
        count: usize,
    },
    /// D5: the slip names a player not in the game.
    #[error("rule D5: player {0} is not in this game")]
    UnknownPlayer(u32),
    /// D5: the slip's turn has not started.
    #[error("rule D5: turn {0} has not started")]
    UnknownTurn(u32),
    /// D5: the slip cannot be read.
    #[error("rule D5: {0}")]
    Slip(#[from] SlipError),
    /// There is nothing left to undo.
    #[error("nothing to undo")]
    NothingToUndo,
    /// D3/D6: the game is not over yet.
    #[error("rule D3: the game goes on: a rack can still be drawn and played")]
    NotOver,
    /// The game is over.
    #[error("rule D3: the game is over")]
    GameOver,
    /// D5: the event does not take slips from players' phones.
    #[error("rule D5: this event does not take slips from players' phones")]
    PhoneSlipsOff,
    /// D4: the turn's time is up; the phone slip came too late and is not recorded.
    #[error("rule D4: time is up for turn {0}; your slip was not recorded")]
    TimeUp(u32),
    /// D4: no turn's time is running.
    #[error("rule D4: no turn is running; wait for the referee to start the next one")]
    NoTurnRunning,
}

impl DuplicateError {
    /// The rule ID the refusal enforces (`""` for lifecycle errors).
    pub fn rule(&self) -> &'static str {
        match self {
            DuplicateError::Lifecycle(_)
            | DuplicateError::Ruleset(_)
            | DuplicateError::Players(_)
            | DuplicateError::NothingToUndo => "",
            DuplicateError::Phase { rule, .. } => rule,
            DuplicateError::Draw(_) | DuplicateError::NotOver | DuplicateError::GameOver => "D3",
            DuplicateError::NoPlay
            | DuplicateError::ChoiceNeeded(_)
            | DuplicateError::ChoiceOutOfRange { .. } => "D6",
            DuplicateError::UnknownPlayer(_)
            | DuplicateError::UnknownTurn(_)
            | DuplicateError::Slip(_)
            | DuplicateError::PhoneSlipsOff => "D5",
            DuplicateError::TimeUp(_) | DuplicateError::NoTurnRunning => "D4",
        }
    }

    /// The input at fault, for a form or a JSON error (`ruleset.turn_ms`, `rack`, `choice`).
    pub fn field(&self) -> Option<String> {
        match self {
            DuplicateError::Ruleset(e) => Some(
                e.field()
                    .map_or("ruleset".into(), |f| format!("ruleset.{f}")),
            ),
            DuplicateError::Players(_) => Some("players".into()),
            DuplicateError::Draw(_) => Some("rack".into()),
            DuplicateError::ChoiceNeeded(_) | DuplicateError::ChoiceOutOfRange { .. } => {
                Some("choice".into())
            }
            DuplicateError::UnknownPlayer(_) => Some("player".into()),
            DuplicateError::UnknownTurn(_) => Some("turn".into()),
            DuplicateError::Slip(e) => Some(e.field.into()),
            _ => None,
        }
    }
}
