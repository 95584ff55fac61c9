//! Events: the facts a match log stores. Each carries its outcome (the recorded score, the
//! points added, whether a play was withdrawn) so that replaying a log never re-derives history
//! from rules that may have changed since.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::rules::game::{Actor, EndReason, GameResult, Seat, Side, Sides};
use crate::rules::ruleset::Ruleset;

/// One stored event: the envelope the event log keeps
/// (`match_events(seq, at, actor, kind = payload.kind(), payload_json = payload)`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Event {
    /// Position in the match log, from 1, without gaps.
    pub seq: u64,
    /// When the event was recorded (the `now` of the command).
    pub at: DateTime<Utc>,
    /// Who caused it.
    pub actor: Actor,
    /// What happened.
    pub payload: Payload,
}

/// Points given to (or, negative, taken from) one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SidePoints {
    /// The side.
    pub side: Side,
    /// The points, negative for a penalty.
    pub points: i32,
}

/// What happened. JSON tagged by `type`, e.g. `{"type": "passed", "seat": "B1"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Payload {
    /// The match exists, with this ruleset.
    Created {
        /// The ruleset every later decision reads.
        ruleset: Ruleset,
        /// N8: the sides' names (players or teams), shown on the results slip.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        names: Option<Sides<String>>,
    },
    /// T1/N3: the draw was recorded; `order` is the turn order (A1, B1, A2, B2 from the first).
    Started {
        /// The side moving first.
        first: Side,
        /// Seats in turn order.
        order: Vec<Seat>,
        /// N3: the tiles drawn for first turn, when the tablet recorded them (`?`: a blank).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        draw: Option<Sides<String>>,
    },
    /// T6: a play was finished and its score declared; the clock switched.
    Played {
        /// Who played.
        seat: Seat,
        /// Words formed (sheet mode; board mode: as computed by the board).
        words: Vec<String>,
        /// Tiles laid from the rack.
        tiles: u8,
        /// Board mode: the GCG move.
        #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
        mv: Option<String>,
        /// The announced score.
        declared: i32,
        /// Board mode: the score computed from the board.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        actual: Option<i32>,
        /// Tiles drawn from the bag after the play.
        drawn: u8,
    },
    /// The player passed.
    Passed {
        /// Who passed.
        seat: Seat,
    },
    /// T9/T10, N4: tiles exchanged.
    Exchanged {
        /// Who exchanged.
        seat: Seat,
        /// The tiles returned.
        tiles: String,
    },
    /// T7/T14: the objection window of a play closed; unchallenged words stand.
    LineClosed {
        /// Index of the turn in the sheet.
        turn: u32,
        /// When it closed.
        at: DateTime<Utc>,
    },
    /// N5: an opponent called hold.
    Held {
        /// Who called it.
        by: Seat,
        /// Index of the turn held.
        turn: u32,
    },
    /// T11, N5: a word challenge was raised; clocks stop (T7).
    WordChallenged {
        /// The challenger.
        by: Seat,
        /// Index of the turn challenged.
        turn: u32,
        /// Words challenged (empty: the whole play).
        words: Vec<String>,
    },
    /// T12/T13, N5: the PIC ruled on a word challenge.
    WordRuled {
        /// The challenge (seq of its `word_challenged` event).
        challenge: u64,
        /// Whether the words are valid.
        valid: bool,
        /// T13: the play is withdrawn and scores 0; its tiles go back to the player.
        withdrawn: bool,
        /// T12/T13, 5/10-point rules: points given or taken.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        points: Option<SidePoints>,
        /// N5 double challenge: the side that loses its next turn.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lost_turn: Option<Side>,
    },
    /// T8: a score challenge was raised; clocks stop (T7).
    ScoreChallenged {
        /// The challenger.
        by: Seat,
        /// Index of the turn challenged.
        turn: u32,
    },
    /// T8a-c: the score challenge was settled.
    ScoreRuled {
        /// The challenge (seq of its `score_challenged` event).
        challenge: u64,
        /// The turn's true score.
        actual: i32,
        /// The score now recorded for the turn.
        recorded: i32,
    },
    /// T5/N2: a side's clock reached zero at `at`.
    ClockFlagged {
        /// The side.
        side: Side,
        /// The exact moment the clock reached zero.
        at: DateTime<Utc>,
    },
    /// T3: the match time limit was reached at `at`.
    MatchTimeUp {
        /// The exact moment.
        at: DateTime<Utc>,
    },
    /// T17, N6: the game is over; clocks stopped at `at`.
    GameEnded {
        /// Why.
        reason: EndReason,
        /// When play stopped.
        at: DateTime<Utc>,
    },
    /// T19, N6-N7: the racks were counted.
    RacksAdjusted {
        /// Value of each seat's remaining tiles.
        racks: BTreeMap<Seat, u32>,
        /// Points added per side (negative: taken).
        points: Sides<i32>,
        /// T19: the tiles left on each rack, when the table entered them (`?` for a blank).
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        tiles: BTreeMap<Seat, String>,
    },
    /// N2/N8: overtime penalties, applied after the rack adjustment.
    OvertimePenalized {
        /// Time over per side (0 if none).
        over_ms: Sides<i64>,
        /// Points taken per side (positive numbers), after the floor.
        points: Sides<i32>,
    },
    /// T18, N6: the result.
    ResultDeclared {
        /// Winner and reason.
        result: GameResult,
    },
    /// T18b: the committee disqualified a side.
    Disqualified {
        /// The side.
        side: Side,
        /// Why.
        reason: String,
        /// Who recorded it (actor label).
        by: String,
    },
    /// T18c: a side walked out.
    WalkedOut {
        /// The side.
        side: Side,
        /// Circumstances.
        reason: String,
        /// Who recorded it (actor label).
        by: String,
    },
    /// N9: a turn's score was put right, without penalty; shown on the results slip.
    ScoreCorrected {
        /// The seat that found the mistake.
        by: Seat,
        /// Index of the turn in the sheet.
        turn: u32,
        /// The score recorded before.
        previous: i32,
        /// The turn's true score, now recorded.
        recorded: i32,
    },
    /// N9: a player verified the results slip.
    SlipVerified {
        /// The seat verifying (for its side).
        by: Seat,
    },
    /// E3: these events are reversed (the mistaken one and its automatic consequences).
    Corrected {
        /// The seqs reversed.
        reverses: Vec<u64>,
        /// Why.
        reason: String,
    },
}

impl Payload {
    /// The `type` tag, for the event log's `kind` column.
    pub fn kind(&self) -> &'static str {
        match self {
            Payload::Created { .. } => "created",
            Payload::Started { .. } => "started",
            Payload::Played { .. } => "played",
            Payload::Passed { .. } => "passed",
            Payload::Exchanged { .. } => "exchanged",
            Payload::LineClosed { .. } => "line_closed",
            Payload::Held { .. } => "held",
            Payload::WordChallenged { .. } => "word_challenged",
            Payload::WordRuled { .. } => "word_ruled",
            Payload::ScoreChallenged { .. } => "score_challenged",
            Payload::ScoreRuled { .. } => "score_ruled",
            Payload::ClockFlagged { .. } => "clock_flagged",
            Payload::MatchTimeUp { .. } => "match_time_up",
            Payload::GameEnded { .. } => "game_ended",
            Payload::RacksAdjusted { .. } => "racks_adjusted",
            Payload::OvertimePenalized { .. } => "overtime_penalized",
            Payload::ResultDeclared { .. } => "result_declared",
            Payload::Disqualified { .. } => "disqualified",
            Payload::WalkedOut { .. } => "walked_out",
            Payload::ScoreCorrected { .. } => "score_corrected",
            Payload::SlipVerified { .. } => "slip_verified",
            Payload::Corrected { .. } => "corrected",
        }
    }

    /// Events that follow from others by rule or by time, never from a person's choice: a
    /// correction may reverse them along with the event they followed.
    pub fn is_automatic(&self) -> bool {
        matches!(
            self,
            Payload::ClockFlagged { .. }
                | Payload::MatchTimeUp { .. }
                | Payload::GameEnded { .. }
                | Payload::OvertimePenalized { .. }
                | Payload::ResultDeclared { .. }
        )
    }

    /// The moment the event takes effect on the clocks, when it differs from the recording time.
    pub fn effective_at(&self) -> Option<DateTime<Utc>> {
        match self {
            Payload::ClockFlagged { at, .. }
            | Payload::MatchTimeUp { at }
            | Payload::GameEnded { at, .. }
            | Payload::LineClosed { at, .. } => Some(*at),
            _ => None,
        }
    }
}
