//! What clients send: a seek, a player's command.

use serde::Deserialize;

use crate::error::AppError;
use crate::rules::online::{OnlineCommand, OnlineSettings};

/// `POST /api/v1/online/seeks`: an open seek, or a direct challenge when `opponent` is named.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = OnlineNewSeek)]
pub struct NewSeekRequest {
    /// The game's settings: `{"lexicon": "enable2k", "tile_set": "english", "mode":
    /// {"kind": "dictionary"} | {"kind": "challenge", "rule": "double"}, "minutes": 25,
    /// "at_zero": {"kind": "overtime", "points": 10, "max_overtime_minutes": 10} | {"kind":
    /// "loss_on_time"}, "rated": true}` (`max_overtime_minutes`: 1 to 10, default 10).
    #[schema(value_type = Object)]
    pub settings: OnlineSettings,
    /// A direct challenge to this player (username); absent: anyone may accept.
    #[serde(default)]
    pub opponent: Option<String>,
}

/// A player's move or request in their game.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = OnlinePlayerCommand)]
pub enum PlayerCommand {
    /// A word in GCG notation (`8D QI`, `H8 quIz`: lowercase a blank); scored by the board.
    Play {
        /// The move.
        #[serde(rename = "move")]
        mv: String,
    },
    /// O3: exchange these tiles (`?` a blank), any number.
    Exchange {
        /// The tiles.
        tiles: String,
    },
    /// O3: pass.
    Pass,
    /// Resign: the opponent wins.
    Resign,
    /// N5: hold the opponent's last play open to challenge (challenge mode).
    Hold,
    /// O2/N5: challenge the opponent's last play (some words, or all when empty).
    Challenge {
        /// The words challenged.
        #[serde(default)]
        words: Vec<String>,
    },
    /// Accept the opponent's last play (closes its window).
    Accept,
}

impl PlayerCommand {
    /// The rules core's command.
    pub fn to_online(&self) -> OnlineCommand {
        match self.clone() {
            PlayerCommand::Play { mv } => OnlineCommand::Play { mv },
            PlayerCommand::Exchange { tiles } => OnlineCommand::Exchange { tiles },
            PlayerCommand::Pass => OnlineCommand::Pass,
            PlayerCommand::Resign => OnlineCommand::Resign,
            PlayerCommand::Hold => OnlineCommand::Hold,
            PlayerCommand::Challenge { words } => OnlineCommand::Challenge { words },
            PlayerCommand::Accept => OnlineCommand::Accept,
        }
    }

    /// Refuses oversized text before the rules read it.
    pub fn check(&self) -> Result<(), AppError> {
        let long = |field: &str, s: &str| {
            if s.chars().count() > 40 || s.chars().any(char::is_control) {
                Err(AppError::field(
                    field,
                    format!("{field} is at most 40 printable characters"),
                ))
            } else {
                Ok(())
            }
        };
        match self {
            PlayerCommand::Play { mv } => long("move", mv),
            PlayerCommand::Exchange { tiles } => long("tiles", tiles),
            PlayerCommand::Challenge { words } if words.len() > 20 => {
                Err(AppError::field("words", "at most 20 words"))
            }
            PlayerCommand::Challenge { words } => words.iter().try_for_each(|w| long("words", w)),
            _ => Ok(()),
        }
    }
}

/// `POST /api/v1/online/games/{id}/commands`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = OnlineCommandRequest)]
pub struct CommandRequest {
    /// What the player does.
    pub command: PlayerCommand,
    /// A client key: the same command sent twice with it is applied once.
    #[serde(default)]
    pub idempotency_key: Option<String>,
}

/// Checks a client's idempotency key: 1 to 100 printable characters (blank: none).
pub fn check_key(key: &Option<String>) -> Result<Option<String>, AppError> {
    match key.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(k) if k.len() > 100 || k.chars().any(char::is_control) => Err(AppError::field(
            "idempotency_key",
            "an idempotency key is 1 to 100 printable characters",
        )),
        Some(k) => Ok(Some(k.to_owned())),
    }
}
