//! The bodies of the Duplicate API's writes, and what a slip answers.

use serde::Deserialize;

use crate::rules::duplicate::{self as dup, FaultRuling};

/// Body of `POST /api/v1/duplicate/events`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewDuplicateEventRequest {
    /// Display name.
    pub name: String,
    /// The D options (missing ones take their defaults: French tiles, French references,
    /// 3-minute turns, solo bonus 10, warnings -5 from the fourth). `english: true` starts from
    /// English Duplicate instead (English tiles, GCG references, ENABLE).
    #[serde(default)]
    #[schema(value_type = Option<crate::rules::duplicate::DuplicateRuleset>)]
    pub ruleset: Option<serde_json::Value>,
    /// Start from English Duplicate's options rather than French ones.
    #[serde(default)]
    pub english: bool,
    /// Ranking visible without signing in (default: true).
    #[serde(default)]
    pub public: Option<bool>,
}

/// Body of `POST /api/v1/duplicate/events/{id}/players`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewDuplicatePlayerRequest {
    /// The number the player writes on slips (unique in the event).
    pub number: u32,
    /// Name.
    pub name: String,
    /// Licence number.
    #[serde(default)]
    pub licence: Option<String>,
    /// Club.
    #[serde(default)]
    pub club: Option<String>,
}

/// A referee's command (D1, D3, D4, D6), JSON tagged by `type`.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum RefereeCommand {
    /// D1, D3: the server draws the rack (or ends the game when none can meet D3).
    Draw,
    /// D3: the tiles the referee drew by hand from a real bag.
    TypeRack {
        /// The tiles, e.g. `EAIRS?T` (`?` a blank).
        tiles: String,
        /// All the tiles went back first (the rack is all new).
        #[serde(default)]
        redraw: bool,
    },
    /// D4: start the turn's time.
    StartTurn,
    /// D6: the top from the move generator; `choice` indexes the equal tops.
    ChooseTop {
        /// Which of the equal tops (required when there are several).
        #[serde(default)]
        choice: Option<usize>,
    },
    /// D6: place the chosen top on the master board.
    PlaceTop,
    /// Undo the latest master event (a new record).
    Undo {
        /// Why.
        #[serde(default)]
        reason: String,
    },
    /// D3, D6: end a game no rack can continue.
    EndGame,
}

/// Body of `POST /api/v1/duplicate/games/{id}/commands`.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct RefereeRequest {
    /// The command.
    #[serde(flatten)]
    pub command: RefereeCommand,
    /// The game's seq the command was decided on: 409 when a master event (not a slip) came after it.
    #[serde(default)]
    pub expected_seq: Option<i64>,
    /// A client-made key: a repeat returns the game and writes nothing.
    #[serde(default)]
    pub idempotency_key: Option<String>,
}

/// Body of `POST /api/v1/duplicate/games/{id}/slips` (D5).
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SlipRequest {
    /// The turn (default: the turn on show).
    #[serde(default)]
    pub turn: Option<u32>,
    /// The player's number.
    pub player: u32,
    /// The reference as written, in the event's notation (C7: never guessed).
    pub reference: String,
    /// The word as written (blanks in lowercase).
    pub word: String,
    /// The points written (missing: left blank).
    #[serde(default)]
    pub points: Option<u32>,
    /// The referee's ruling on writing faults (default: the event's).
    #[serde(default)]
    pub ruling: Option<FaultRuling>,
    /// A client-made key: a repeat returns the first verdict and writes nothing.
    #[serde(default)]
    pub idempotency_key: Option<String>,
}

/// A slip's verdict as recorded.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct SlipOutcome {
    /// The game's seq after it.
    pub seq: i64,
    /// The turn.
    pub turn: u32,
    /// The player.
    pub player: u32,
    /// What the slip scores and why.
    pub verdict: dup::Verdict,
}
