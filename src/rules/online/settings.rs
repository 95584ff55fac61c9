//! What a seek offers (O1-O4): lexicon, tile set, dictionary or challenge mode, minutes per
//! player and what happens at zero, rated or casual. Settings are data stored in the game's
//! first event; [`OnlineSettings::ruleset`] turns them into the engine's [`Ruleset`] (the
//! `individual` preset, N rules, with the online options over it), so every rule of play is
//! the engine's and nothing here scores, places or rules on a challenge.

use serde::{Deserialize, Serialize};

use crate::rules::ruleset::{
    ChallengeRule, EntryMode, OvertimePolicy, Preset, Ruleset, RulesetError,
};

/// Dictionary or challenge mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Mode {
    /// O1: the computer's dictionary refuses invalid words at entry, without penalty.
    Dictionary,
    /// O2: phonies may be played and challenged under an N5 rule (`double`, `single`,
    /// `five_point`, `ten_point`).
    Challenge {
        /// The N5 challenge rule.
        rule: ChallengeRule,
    },
}

/// What happens when a player's clock reaches zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AtZero {
    /// N2: play on; `points` off the final score per started minute over (floor 0). A
    /// player whose overtime passes `max_overtime_minutes` loses on time (as Woogles does), so
    /// an abandoned game ends.
    Overtime {
        /// Points per started minute.
        points: u32,
        /// The most overtime a player may run, in minutes (1 to [`MAX_OVERTIME_MINUTES`]);
        /// settings stored before it existed read as the default.
        #[serde(default = "default_max_overtime")]
        max_overtime_minutes: u32,
    },
    /// O2 "the game ends on time": the player whose clock reaches zero loses.
    LossOnTime,
}

/// A game's settings, as a seek offers them. JSON: `{"lexicon": "enable", "tile_set":
/// "english", "mode": {"kind": "challenge", "rule": "double"}, "minutes": 25, "at_zero":
/// {"kind": "overtime", "points": 10}, "rated": true}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnlineSettings {
    /// The lexicon's name (the caller loads it; it is part of the rating variant, O4).
    pub lexicon: String,
    /// C2: the tile set.
    pub tile_set: String,
    /// O1 or O2.
    pub mode: Mode,
    /// N1: minutes on each player's clock.
    pub minutes: u32,
    /// N2 or loss on time.
    pub at_zero: AtZero,
    /// O4: whether ratings move at the end.
    pub rated: bool,
}

/// The longest overtime a seek may allow, and the default, in minutes.
pub const MAX_OVERTIME_MINUTES: u32 = 10;

fn default_max_overtime() -> u32 {
    MAX_OVERTIME_MINUTES
}

/// Passes in a row (of one player's own turns) that end a challenge-mode game (O2).
pub const O2_PASSES: usize = 3;

impl OnlineSettings {
    /// Standard settings: ENABLE, English tiles, 25 minutes, N2 overtime at 10 a minute for at
    /// most 10 minutes, rated.
    pub fn standard(mode: Mode) -> Self {
        Self {
            lexicon: "enable".into(),
            tile_set: "english".into(),
            mode,
            minutes: 25,
            at_zero: AtZero::Overtime {
                points: 10,
                max_overtime_minutes: MAX_OVERTIME_MINUTES,
            },
            rated: true,
        }
    }

    /// The engine's ruleset for these settings: the `individual` preset (N1-N9) in board
    /// mode with the tile set, clock and challenge rule of the seek.
    ///
    /// - O1 dictionary mode: `challenge_rule: void` (words are checked at entry), no objection
    ///   window (nothing to hold or challenge); N6's six scoreless turns stay as the end of a
    ///   game both players keep passing.
    /// - O2 challenge mode: the N5 rule, grace 5 s and hold 60 s; the engine's own end by
    ///   passes or scoreless turns is off: O2 ends the game on time, when one player passes
    ///   three times in a row (decided in `online::decide`), or by out-play.
    /// - O3: exchange needs 7 tiles in the bag (N4), any number of tiles, no letter condition.
    /// - Loss on time: the engine's "no more moves" at zero; `online::decide` then records the
    ///   loss.
    pub fn ruleset(&self) -> Result<Ruleset, RulesetError> {
        let mut r = Preset::Individual.ruleset();
        r.preset = "online".into();
        r.entry_mode = EntryMode::Board;
        let set =
            crate::rules::tiles::TileSet::by_name(&self.tile_set).ok_or(RulesetError::Invalid {
                field: "tile_set",
                why: "no such tile set",
            })?;
        r.tiles.set = self.tile_set.clone();
        r.tiles.total = set.total_tiles();
        r.exchange.min_same_letter = None;
        r.clock.side_ms = u64::from(self.minutes).saturating_mul(60_000);
        r.clock.overtime = match self.at_zero {
            AtZero::Overtime {
                max_overtime_minutes: m,
                ..
            } if !(1..=MAX_OVERTIME_MINUTES).contains(&m) => {
                return Err(RulesetError::Invalid {
                    field: "at_zero.max_overtime_minutes",
                    why: "1 to 10 minutes of overtime",
                });
            }
            AtZero::Overtime { points, .. } => OvertimePolicy::PenaltyPerStartedMinute {
                points,
                floor: Some(0),
            },
            AtZero::LossOnTime => OvertimePolicy::NoMoreMoves,
        };
        // N9's slip verification is a table's; online the server computes every score.
        r.score_corrections = crate::rules::ruleset::ScoreCorrections::ObjectionWindow;
        match self.mode {
            Mode::Dictionary => {
                r.challenge_rule = ChallengeRule::Void;
                r.objection.grace_ms = Some(0);
                r.objection.hold_ms = None;
            }
            Mode::Challenge { rule } => {
                if matches!(rule, ChallengeRule::Void | ChallengeRule::Team) {
                    return Err(RulesetError::Invalid {
                        field: "mode.rule",
                        why: "challenge mode takes double, single, five_point or ten_point",
                    });
                }
                r.challenge_rule = rule;
                r.end.consecutive_scoreless_turns = None;
                r.end.consecutive_passes = None;
            }
        }
        r.validate()?;
        Ok(r)
    }
}
