//! The score sheet as a paper sheet is kept: one line for every change of a side's score, in
//! the order it happened (C8, T8, T12, T13, T19, N2, N9). A turn's line carries what was
//! recorded when the turn was played; a later ruling or correction of that turn is a line of
//! its own with the points it added or took, so the lines of a side always add up to its total.
//!
//! The fold ([`super::fold`]) writes these lines as it applies events; nothing else does.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::rules::game::{Seat, Side};

/// What a score-sheet line records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SheetEntry {
    /// A turn as played (T6): its declared score; a pass, an exchange or a lost turn scores 0.
    Turn,
    /// T8: a score challenge was settled; the points are the change to the turn's score.
    ScoreChallenge {
        /// The challenger.
        by: Seat,
        /// The turn's true score.
        actual: i32,
    },
    /// T13/N5: the play was challenged off; its score is taken back.
    Withdrawn,
    /// T12/T13, N5 5/10-point: the points a word challenge ruling gave or took.
    WordChallenge {
        /// Whether the words were valid.
        valid: bool,
    },
    /// N9: a turn's score put right without penalty; the points are the change.
    ScoreCorrection {
        /// The seat that found the mistake.
        by: Seat,
    },
    /// T19, N6-N7: the tiles left on the racks.
    Racks {
        /// Value of each seat's remaining tiles (both sides: a side that played out gains the
        /// others' racks).
        racks: BTreeMap<Seat, u32>,
        /// The tiles themselves, when the table entered them.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        tiles: BTreeMap<Seat, String>,
    },
    /// T17d/T13: a game-ending play was withdrawn after the racks were counted: the count is
    /// taken back and the racks are counted again when the game ends again.
    RacksRecounted,
    /// N2: the overtime penalty.
    Overtime {
        /// Time over, in ms.
        over_ms: i64,
    },
    /// T5/N2: the side's clock reached 0:00 (T5: its turns pass to the other side from now on).
    OutOfTime,
}

/// One line of the score sheet: the points it added to (or took from) one side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SheetLine {
    /// The seq of the event that wrote the line.
    pub seq: u64,
    /// The side whose score it changes.
    pub side: Side,
    /// The seat concerned, when one is (the player of the turn, the seat on turn at 0:00).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// The turn it belongs to (index in the turns), when it belongs to one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
    /// What it records.
    pub entry: SheetEntry,
    /// Points added (negative: taken). The lines of a side add up to its total.
    pub points: i32,
}
