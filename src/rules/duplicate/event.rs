//! The master game's events: the facts its append-only log stores. Each carries what the
//! decision found (the candidates of a top, the verdict of a slip), so replaying the log never
//! runs the move generator or the lexicon again.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::rules::duplicate::{DuplicateRuleset, SlipInput, TopCandidate, Verdict};

/// One stored event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = DuplicateEvent)]
pub struct Event {
    /// Position in the game's log, from 1, without gaps.
    pub seq: u64,
    /// When it was recorded (the `now` of the command).
    pub at: DateTime<Utc>,
    /// Who recorded it.
    pub by: Official,
    /// What happened.
    pub payload: Payload,
}

/// Who records Duplicate events.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "role", content = "id", rename_all = "snake_case")]
pub enum Official {
    /// The referee: draws, tops, turns, undo (D1, D6).
    Referee(String),
    /// An arbitrator entering slips (D5).
    Arbitrator(String),
    /// The server itself (a prepared game replayed).
    System,
    /// A player entering their own slip from their phone (the `phone_slips` option, D5).
    Player(u32),
}

/// How a rack came to be.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RackSource {
    /// The server drew it; all the tiles went back `redraws` times first (D3).
    Drawn {
        /// Full redraws before this rack.
        redraws: u32,
    },
    /// The referee typed the tiles drawn from a real bag.
    Typed {
        /// All the tiles had gone back first (D3), so the rack is all new.
        redraw: bool,
    },
    /// From a prepared game, checked against the bag like a rack drawn from the pool.
    Prepared,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = DuplicateEndReason)]
pub enum EndReason {
    /// D3: the tiles left cannot make a rack that meets the constraint.
    DrawImpossible,
    /// No play exists with the rack.
    NoPlay,
}

/// What happened. JSON tagged by `type`, e.g. `{"type": "turn_started", "turn": 3}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = DuplicatePayload)]
pub enum Payload {
    /// The game exists, with its ruleset and its players' numbers.
    Created {
        /// The ruleset every later decision reads.
        ruleset: DuplicateRuleset,
        /// The players' numbers (as on their slips).
        players: Vec<u32>,
    },
    /// D1, D3: the turn's rack (the whole rack, kept tiles included).
    RackDrawn {
        /// The turn, from 1.
        turn: u32,
        /// The rack, e.g. `AEINRS?`.
        rack: String,
        /// Drawn by the server, typed, or prepared.
        source: RackSource,
    },
    /// D4: the turn's time started at the event's `at`.
    TurnStarted {
        /// The turn.
        turn: u32,
    },
    /// D6: the top. `candidates` are every play tied for the top score; `chosen` indexes it.
    TopChosen {
        /// The turn.
        turn: u32,
        /// Every play tied for the top, best first.
        candidates: Vec<TopCandidate>,
        /// The one placed.
        chosen: usize,
        /// True when the referee chose among equal tops (D6); false with a single top.
        referee_choice: bool,
    },
    /// D6: the chosen top was placed on the master board.
    PlayPlaced {
        /// The turn.
        turn: u32,
        /// The top placed.
        top: TopCandidate,
    },
    /// D5: a player's slip for a turn and its verdict. A later one for the same player and
    /// turn replaces it (a correction is a new event).
    SlipRecorded {
        /// The turn.
        turn: u32,
        /// The player's number.
        player: u32,
        /// What was written and what it scores.
        verdict: Verdict,
    },
    /// An earlier master event is undone (a new record; nothing is deleted).
    Undone {
        /// The seq of the event undone.
        reverses: u64,
        /// Why.
        reason: String,
    },
    /// The game is over.
    Ended {
        /// Why.
        reason: EndReason,
    },
    /// Players added to the event after the game was created join it: they write slips from
    /// now on, and the turns before score 0 for them.
    PlayersJoined {
        /// The new players' numbers.
        players: Vec<u32>,
    },
    /// D4, D5 (the `phone_slips` option): what a player entered from their phone while the
    /// turn's time ran, not checked yet. A later entry for the same player and turn replaces
    /// it; when the turn closes, the last one is checked like an arbitrator's slip.
    PhoneSlipEntered {
        /// The turn.
        turn: u32,
        /// What the player entered.
        slip: SlipInput,
    },
}

impl Payload {
    /// The event's kind as stored (`rack_drawn`, …).
    pub fn kind(&self) -> &'static str {
        match self {
            Payload::Created { .. } => "created",
            Payload::RackDrawn { .. } => "rack_drawn",
            Payload::TurnStarted { .. } => "turn_started",
            Payload::TopChosen { .. } => "top_chosen",
            Payload::PlayPlaced { .. } => "play_placed",
            Payload::SlipRecorded { .. } => "slip_recorded",
            Payload::Undone { .. } => "undone",
            Payload::Ended { .. } => "ended",
            Payload::PlayersJoined { .. } => "players_joined",
            Payload::PhoneSlipEntered { .. } => "phone_slip_entered",
        }
    }

    /// Master events can be undone; slips are corrected by a new slip, creation never.
    pub fn undoable(&self) -> bool {
        matches!(
            self,
            Payload::RackDrawn { .. }
                | Payload::TurnStarted { .. }
                | Payload::TopChosen { .. }
                | Payload::PlayPlaced { .. }
                | Payload::Ended { .. }
        )
    }
}
