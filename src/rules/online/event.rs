//! The online game's log: the engine's own events (play, pass, exchange, challenges, the end,
//! the result) and the tile movements the server deals, which the engine does not know (it
//! counts tiles; the server holds them). Every draw is recorded with its tiles, so the fold
//! rebuilds both racks and the bag exactly, without a random source.
//!
//! The log holds both racks: it is the server's and is never sent as is. Players and
//! spectators get [`super::view`] and [`super::public_event`].

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::rules::game::{self, Actor, Seat, Sides};
use crate::rules::online::settings::OnlineSettings;

/// One stored event of an online game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnlineEvent {
    /// Position in the log, from 1, without gaps.
    pub seq: u64,
    /// When it was recorded (the server's receive time of the command).
    pub at: DateTime<Utc>,
    /// Who caused it.
    pub actor: Actor,
    /// What happened.
    pub payload: OnlinePayload,
}

/// What happened. JSON tagged by `type`; an engine event is `{"type": "game", "event": {…}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OnlinePayload {
    /// The game exists with these settings and players (the first event).
    Opened {
        /// The seek's settings.
        settings: OnlineSettings,
        /// The players' names (A, B).
        names: Sides<String>,
    },
    /// An event of the match engine (numbered by the engine in its own sequence).
    Game {
        /// The engine's event.
        event: game::Payload,
    },
    /// C2: the opening deal: tiles drawn at random from the bag onto a rack (`?`: a blank).
    Dealt {
        /// The rack's seat.
        seat: Seat,
        /// The tiles drawn.
        tiles: String,
    },
    /// A play's tiles leave the rack for the board and `drew` are drawn from the bag.
    PlayTiles {
        /// The seat.
        seat: Seat,
        /// The rack tiles laid (`?` for a blank).
        laid: String,
        /// The tiles drawn after the play.
        drew: String,
    },
    /// O3: an exchange: `drew` are drawn, then `returned` go back into the bag.
    SwapTiles {
        /// The seat.
        seat: Seat,
        /// The tiles put back.
        returned: String,
        /// The tiles drawn.
        drew: String,
    },
    /// O2/N5: the computer's check of a challenged play: every word it checked (those the
    /// challenge named, or all the play formed) and those not in the dictionary. Public: the
    /// words are on the board.
    WordsChecked {
        /// The sheet index of the play challenged.
        turn: u32,
        /// The words checked, as formed.
        words: Vec<String>,
        /// Those not in the dictionary (empty: the play stands).
        invalid: Vec<String>,
    },
    /// N5: a play challenged off: its tiles come back to the rack and the tiles drawn after
    /// it go back into the bag.
    TakeBack {
        /// The seat.
        seat: Seat,
        /// The play's tiles, back on the rack.
        laid: String,
        /// The tiles drawn after it, back in the bag.
        returned: String,
    },
}

impl OnlinePayload {
    /// The `type` tag (an engine event: `game.<kind>`), for the log's `kind` column.
    pub fn kind(&self) -> String {
        match self {
            OnlinePayload::Opened { .. } => "opened".into(),
            OnlinePayload::Game { event } => format!("game.{}", event.kind()),
            OnlinePayload::Dealt { .. } => "dealt".into(),
            OnlinePayload::PlayTiles { .. } => "play_tiles".into(),
            OnlinePayload::SwapTiles { .. } => "swap_tiles".into(),
            OnlinePayload::TakeBack { .. } => "take_back".into(),
            OnlinePayload::WordsChecked { .. } => "words_checked".into(),
        }
    }
}
