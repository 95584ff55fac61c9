//! Why a command is refused. Every message names the rule it enforces; the state is untouched.

use crate::rules::game::{Seat, Side};

/// A refused command. `Display` is the message for the user; [`RuleError::rule`] the rule ID.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The match has no `created` event yet, or already has one.
    #[error("match: {0}")]
    Lifecycle(&'static str),
    /// The ruleset is unusable.
    #[error("ruleset: {0}")]
    Ruleset(String),
    /// The actor may not issue this command.
    #[error("not allowed: {command} needs {needs}")]
    Forbidden {
        /// The command refused.
        command: &'static str,
        /// Who may issue it.
        needs: &'static str,
    },
    /// The command is malformed for this ruleset (missing or out-of-range field).
    #[error("invalid command: {0}")]
    Invalid(String),
    /// The game is over (T17): no more moves or challenges.
    #[error("rule T17: the game is over")]
    GameOver,
    /// T7: a challenge is open; clocks are stopped until it is ruled.
    #[error("rule T7: a challenge is open; it must be ruled first")]
    ChallengeOpen,
    /// T5: the side's clock is at zero; it can no longer move.
    #[error("rule T5: side {0:?} is out of time and can no longer move (it may still challenge)")]
    OutOfTime(Side),
    /// A player acted for another seat.
    #[error("not your turn: {0} is to move")]
    NotYourTurn(Seat),
    /// C3: the first play lays at least two tiles.
    #[error("rule C3: the first play lays at least 2 tiles")]
    OpeningTooShort,
    /// T2: after the opening, at most this many tiles.
    #[error("rule T2: after the opening a play may lay at most {0} tile(s)")]
    TooManyTiles(u8),
    /// The rack does not hold that many tiles.
    #[error("rule C6: the rack holds only {0} tile(s)")]
    RackTooSmall(u8),
    /// T9: an exchange needs three or more tiles of one letter (blanks do not count).
    #[error("rule T9: exchange needs {0} or more tiles of one letter (blanks do not count)")]
    ExchangeNeedsSameLetter(u8),
    /// T10/N4: too few tiles in the bag to exchange.
    #[error(
        "rule T10/N4: exchange needs at least {min} tiles in the bag; {bag} left (passing is allowed)"
    )]
    ExchangeBagTooSmall {
        /// Tiles in the bag.
        bag: u32,
        /// Fewest allowed.
        min: u32,
    },
    /// N5 void rule: there are no word challenges.
    #[error("rule N5: word challenges are not used under this ruleset")]
    ChallengesNotUsed,
    /// T7/T14: there is no play open to objection (the sheet line is complete).
    #[error("rule T14: no play is open to objection; the sheet line is complete")]
    NoObjectionWindow,
    /// T13: only one word may be challenged per turn.
    #[error("rule T13: only one word challenge per turn, naming at most {0} word(s)")]
    OneWordPerTurn(u8),
    /// N5: a challenge names only words the play formed.
    #[error("rule N5: {word} is not a word this play formed (it formed {formed})")]
    WordNotFormed {
        /// The word named.
        word: String,
        /// The words the play formed, comma-separated.
        formed: String,
    },
    /// N3: both sides drew the same letter; the draw is repeated.
    #[error("rule N3: both drew {0}; put the tiles back in the bag and draw again")]
    Redraw(String),
    /// T14: only opponents challenge words.
    #[error("rule T14: only the opposing side may challenge a word")]
    NotAnOpponent,
    /// T8: one score challenge per turn.
    #[error("rule T8: this turn's score was already challenged")]
    ScoreAlreadyChallenged,
    /// T13: the play was withdrawn; its score is 0.
    #[error("rule T13: the play was withdrawn; there is no score to challenge")]
    PlayWithdrawn,
    /// The seat is not at this table.
    #[error("rule T1: there is no seat {0} in this match")]
    NoSuchSeat(Seat),
    /// N5: hold is not used, too late or already called.
    #[error("rule N5: {0}")]
    Hold(&'static str),
    /// T11: the challenge does not exist or is already ruled (each is ruled exactly once).
    #[error("rule T11: challenge {0} is not open (each challenge is ruled exactly once)")]
    ChallengeNotOpen(u64),
    /// T11: a word ruling for a score challenge or the reverse.
    #[error("rule T11: challenge {0} is of the other kind")]
    WrongChallengeKind(u64),
    /// T8, board mode: the actual score comes from the board.
    #[error("rule T8: in board mode the actual score comes from the board")]
    ActualFromBoard,
    /// Nothing is due for the sweeper.
    #[error("rule T3: no clock has run out")]
    NothingDue,
    /// T17/T19: the game is still being played; racks are counted once it is over.
    #[error("rule T19: the game is not over yet; the racks are counted once it has ended")]
    RacksBeforeEnd,
    /// T19: racks are counted once, after the game ended; these are counted already.
    #[error(
        "rule T19: the racks are already counted (once per game; an official corrects a mistake, E3)"
    )]
    RacksNotDue,
    /// T19: the ruleset does not count the racks (`end_rack_rule: none`).
    #[error("rule T19: this game's rules do not count the tiles left on the racks")]
    RacksNotCounted,
    /// E3: this event cannot be reversed.
    #[error("rule E3: event {0} cannot be reversed: {1}")]
    NotReversible(u64, &'static str),
    /// N9: score corrections after the objection window or slip verification are not used.
    #[error("rule N9: {0}")]
    Slip(&'static str),
    /// N9: both players verified the results slip; the result is final.
    #[error("rule N9: both players have verified the results slip; the result is final")]
    SlipVerified,
    /// An input the rules refuse, about one field of the command (`words`, `tiles.A2`, `actual`):
    /// the message says what is wrong in the player's words.
    #[error("rule {rule}: {message}")]
    Entry {
        /// The command field at fault (`words`, `tiles.A2`).
        field: String,
        /// The rule enforced.
        rule: &'static str,
        /// What is wrong.
        message: String,
    },
    /// Board mode: the move is not legal on the board.
    #[error("rule {rule}: {message}")]
    Board {
        /// The rule (C3, C4, …).
        rule: &'static str,
        /// The board model's explanation.
        message: String,
    },
}

impl RuleError {
    /// The command field the error is about, when it is about one.
    pub fn field(&self) -> Option<&str> {
        match self {
            RuleError::Entry { field, .. } => Some(field),
            _ => None,
        }
    }

    /// The rule ID the error enforces (`T9`, `N5`, …), or a category for non-rule errors.
    pub fn rule(&self) -> &'static str {
        match self {
            RuleError::Lifecycle(_) => "match",
            RuleError::Ruleset(_) => "ruleset",
            RuleError::Forbidden { .. } => "auth",
            RuleError::Invalid(_) => "invalid",
            RuleError::GameOver => "T17",
            RuleError::ChallengeOpen => "T7",
            RuleError::OutOfTime(_) => "T5",
            RuleError::NotYourTurn(_) => "T1",
            RuleError::OpeningTooShort => "C3",
            RuleError::TooManyTiles(_) => "T2",
            RuleError::RackTooSmall(_) => "C6",
            RuleError::ExchangeNeedsSameLetter(_) => "T9",
            RuleError::ExchangeBagTooSmall { .. } => "T10",
            RuleError::ChallengesNotUsed | RuleError::WordNotFormed { .. } => "N5",
            RuleError::Redraw(_) => "N3",
            RuleError::NoObjectionWindow => "T14",
            RuleError::OneWordPerTurn(_) => "T13",
            RuleError::NotAnOpponent => "T14",
            RuleError::ScoreAlreadyChallenged => "T8",
            RuleError::PlayWithdrawn => "T13",
            RuleError::NoSuchSeat(_) => "T1",
            RuleError::Hold(_) => "N5",
            RuleError::ChallengeNotOpen(_) | RuleError::WrongChallengeKind(_) => "T11",
            RuleError::ActualFromBoard => "T8",
            RuleError::NothingDue => "T3",
            RuleError::RacksNotDue | RuleError::RacksBeforeEnd | RuleError::RacksNotCounted => {
                "T19"
            }
            RuleError::NotReversible(..) => "E3",
            RuleError::Slip(_) | RuleError::SlipVerified => "N9",
            RuleError::Board { rule, .. } | RuleError::Entry { rule, .. } => rule,
        }
    }
}
