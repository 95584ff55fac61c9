//! Why an online command is refused. A refusal records nothing: the state is as it was.

use crate::rules::game::{RuleError, Side};
use crate::rules::ruleset::RulesetError;

impl From<RulesetError> for OnlineError {
    fn from(e: RulesetError) -> Self {
        OnlineError::Settings(e.to_string())
    }
}

/// A refused online command. Rules the engine checks (turn, placement C3-C4, exchange bag N4,
/// the objection window N5, …) come through as [`OnlineError::Rule`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OnlineError {
    /// The game's lifecycle does not allow it (not opened, already opened or started).
    #[error("game: {0}")]
    Lifecycle(&'static str),
    /// The settings cannot make a ruleset.
    #[error("settings: {0}")]
    Settings(String),
    /// Not the player's turn, or a spectator acting.
    #[error("side {0:?} is not a player of this game or may not do this now")]
    NotAPlayer(Side),
    /// C2: the play or exchange names tiles the player's rack does not hold (a blank counts
    /// as `?`).
    #[error("rule C2: {missing} not on your rack {rack}")]
    NotOnRack {
        /// The tiles missing, `?` for a blank.
        missing: String,
        /// The player's rack.
        rack: String,
    },
    /// O1: a word the play forms is not in the dictionary; refused without penalty.
    #[error("rule O1: not in the dictionary: {}", words.join(", "))]
    NotInDictionary {
        /// The invalid words, as formed.
        words: Vec<String>,
    },
    /// O1: dictionary mode has no challenges (words are checked at entry).
    #[error("rule O1: dictionary mode checks words at entry; there is nothing to challenge")]
    NoChallenges,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The GCG export is for finished games (a live one would show the racks).
    #[error("rule C8: the game is not finished")]
    NotFinished,
    /// A rule of the engine.
    #[error(transparent)]
    Rule(#[from] RuleError),
}
