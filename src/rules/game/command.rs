//! Commands: what people (and the timeout sweeper) ask of a match.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::rules::game::{Seat, Side, Sides};
use crate::rules::ruleset::Ruleset;

/// A request to change a match. JSON is tagged by `type`, e.g.
/// `{"type": "play", "words": ["QI"], "tiles": 2, "declared": 22}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// Creates the match with its ruleset (the first event of every log).
    Create {
        /// The resolved ruleset (see `RulesetSpec::resolve`).
        ruleset: Ruleset,
        /// N8: the sides' names (players or teams) for the results slip.
        #[serde(default)]
        names: Option<Sides<String>>,
    },
    /// T1/N3: the recorded draw says which side moves first; starts that side's clock.
    Start {
        /// The side that moves first.
        first: Side,
    },
    /// N3/T1: the tablet records the tile each side drew for first turn and the rules decide:
    /// nearest to A goes first, a blank (`?`) beats A, equal letters draw again.
    /// `{"type": "draw", "a": "E", "b": "?"}`. [`Command::Start`] records an outcome instead.
    Draw {
        /// The tile side A drew: a letter, or `?` for a blank.
        a: String,
        /// The tile side B drew.
        b: String,
    },
    /// T6: the player on turn lays a word, says "finish" (the clock switches) and declares the
    /// score, all in one command. Sheet mode: `words` + `tiles`; board mode: `move` (GCG).
    Play {
        /// Sheet mode: the words formed, main word first.
        #[serde(default)]
        words: Vec<String>,
        /// Sheet mode: how many tiles were laid from the rack.
        #[serde(default)]
        tiles: Option<u8>,
        /// Board mode: the move in GCG notation, e.g. `8D QI` (position, then word).
        #[serde(default, rename = "move")]
        mv: Option<String>,
        /// The score the player announces.
        declared: i32,
        /// The seat playing, when known: checked against the seat on turn (T1, T5).
        #[serde(default)]
        seat: Option<Seat>,
        /// Board mode, C2: the player's rack before the play (`?` for a blank), when the
        /// tablet records it; the play's tiles must then come from it.
        #[serde(default)]
        rack: Option<String>,
    },
    /// The player on turn passes (N4; T17b counts passes).
    Pass {
        /// The seat passing, when known: checked against the seat on turn (T1, T5).
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// T9/T10, N4: the player on turn names tiles, returns them and draws as many.
    Exchange {
        /// The tiles returned, `?` for a blank, e.g. `AAAE`.
        tiles: String,
        /// T9: the whole rack, when shown; eligibility is then checked on it instead of `tiles`.
        #[serde(default)]
        rack: Option<String>,
        /// The seat exchanging, when known: checked against the seat on turn (T1, T5).
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// T7/T14: closes the objection window of the last play (the score sheet line is complete).
    /// The next turn's action closes it too.
    Accept,
    /// N5: an opponent calls "hold" within the grace period, keeping the play open to challenge.
    Hold {
        /// The seat calling hold.
        by: Seat,
    },
    /// T11-T13, N5: an opponent challenges words of the last play.
    ChallengeWord {
        /// The challenging seat.
        by: Seat,
        /// The words challenged (T13: one per turn in team play; empty: the whole play).
        #[serde(default)]
        words: Vec<String>,
    },
    /// T8: a teammate or an opponent challenges the declared score of the last play.
    ChallengeScore {
        /// The challenging seat.
        by: Seat,
    },
    /// T11: the PIC rules on a word challenge, exactly once.
    RuleWord {
        /// The challenge id (the seq of its `word_challenged` event).
        challenge: u64,
        /// Whether the challenged words are all valid.
        valid: bool,
    },
    /// T8, sheet mode: the PIC enters the actual score of a challenged turn.
    RuleScore {
        /// The challenge id (the seq of its `score_challenged` event).
        challenge: u64,
        /// The turn's true score.
        actual: i32,
    },
    /// Records any clock that has run out or match limit reached (the background sweeper).
    TimeExpired,
    /// N6: the director announces the end of the game.
    AnnounceEnd,
    /// T19, N6-N7: the value of the tiles left on each rack at the end (missing seats: 0).
    AdjustRacks {
        /// Point value of each seat's remaining tiles.
        racks: BTreeMap<Seat, u32>,
    },
    /// T18b: the committee disqualifies a side.
    Disqualify {
        /// The side disqualified.
        side: Side,
        /// Why.
        reason: String,
    },
    /// T18c: a side walked out.
    Walkout {
        /// The side that walked out.
        side: Side,
        /// Circumstances.
        reason: String,
    },
    /// N9: either player puts right a turn's mis-announced score, without penalty, until both
    /// players have verified the results slip (ruleset `score_corrections:
    /// until_slip_verified`).
    CorrectScore {
        /// The seat that found the mistake.
        by: Seat,
        /// Index of the turn in the sheet.
        turn: u32,
        /// Sheet mode: the turn's true score. Board mode: omitted, the board knows it.
        #[serde(default)]
        actual: Option<i32>,
    },
    /// N9: a player verifies the results slip; once both sides have, the result is final.
    VerifySlip {
        /// The seat verifying.
        by: Seat,
    },
    /// E3: an official reverses a mistaken event (and its automatic consequences).
    Correction {
        /// The seq of the event reversed.
        reverses_seq: u64,
        /// Why.
        reason: String,
    },
}

impl Command {
    /// The command's `type` tag, for logs and errors.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Create { .. } => "create",
            Command::Start { .. } => "start",
            Command::Draw { .. } => "draw",
            Command::Play { .. } => "play",
            Command::Pass { .. } => "pass",
            Command::Exchange { .. } => "exchange",
            Command::Accept => "accept",
            Command::Hold { .. } => "hold",
            Command::ChallengeWord { .. } => "challenge_word",
            Command::ChallengeScore { .. } => "challenge_score",
            Command::RuleWord { .. } => "rule_word",
            Command::RuleScore { .. } => "rule_score",
            Command::TimeExpired => "time_expired",
            Command::AnnounceEnd => "announce_end",
            Command::AdjustRacks { .. } => "adjust_racks",
            Command::Disqualify { .. } => "disqualify",
            Command::Walkout { .. } => "walkout",
            Command::CorrectScore { .. } => "correct_score",
            Command::VerifySlip { .. } => "verify_slip",
            Command::Correction { .. } => "correction",
        }
    }
}
