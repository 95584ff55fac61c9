//! The formats Arbiter ships: team play 2v2 (seed 000, T rules) and one-vs-one play (seed 003,
//! N rules). Each is a complete [`Ruleset`]; the table in [`crate::rules`] lists every value.

use serde::{Deserialize, Serialize};

use crate::rules::ruleset::{
    ChallengeOverrun, ChallengeRule, ClockRules, EndConditions, EndRackRule, EntryMode,
    ExchangeRule, ForfeitScoring, MINUTE_MS, ObjectionWindow, OvertimePolicy, RULESET_VERSION,
    Ruleset, ScoreChallengeRule, ScoreCorrections, TileRules,
};

/// The presets shipped with Arbiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Preset {
    /// Team play, 2 vs 2 (seed 000, T rules).
    #[serde(rename = "team-2v2")]
    Team2v2,
    /// One-vs-one tournament play (seed 003, N rules).
    #[serde(rename = "individual")]
    Individual,
}

impl Preset {
    /// The preset's ruleset with no overrides.
    pub fn ruleset(self) -> Ruleset {
        match self {
            Self::Team2v2 => Ruleset {
                version: RULESET_VERSION,
                preset: "team-2v2".into(),
                seats_per_side: 2,
                entry_mode: EntryMode::Sheet,
                tiles: TileRules::english(),
                max_tiles_after_opening: None,
                exchange: ExchangeRule {
                    min_same_letter: Some(3),
                    min_bag: 11,
                },
                challenge_rule: ChallengeRule::Team,
                words_per_challenge: Some(1),
                score_challenge: ScoreChallengeRule {
                    opponent_penalty: true,
                },
                objection: ObjectionWindow {
                    grace_ms: None,
                    hold_ms: None,
                },
                end: EndConditions {
                    consecutive_passes: Some(8),
                    consecutive_scoreless_turns: None,
                    exchange_is_scoreless: false,
                },
                end_rack_rule: EndRackRule::Standard,
                clock: ClockRules {
                    side_ms: 25 * MINUTE_MS,
                    match_limit_ms: Some(60 * MINUTE_MS),
                    challenge_allowance_ms: Some(10 * MINUTE_MS),
                    overtime: OvertimePolicy::NoMoreMoves,
                },
                challenge_overrun: ChallengeOverrun::Challenger,
                score_corrections: ScoreCorrections::ObjectionWindow,
                forfeits: ForfeitScoring::default(),
            },
            Self::Individual => Ruleset {
                version: RULESET_VERSION,
                preset: "individual".into(),
                seats_per_side: 1,
                entry_mode: EntryMode::Sheet,
                tiles: TileRules::english(),
                max_tiles_after_opening: None,
                exchange: ExchangeRule {
                    min_same_letter: None,
                    min_bag: 7,
                },
                challenge_rule: ChallengeRule::Double,
                words_per_challenge: None,
                score_challenge: ScoreChallengeRule {
                    opponent_penalty: false,
                },
                objection: ObjectionWindow {
                    grace_ms: Some(5_000),
                    hold_ms: Some(60_000),
                },
                end: EndConditions {
                    consecutive_passes: None,
                    consecutive_scoreless_turns: Some(6),
                    exchange_is_scoreless: true,
                },
                end_rack_rule: EndRackRule::SubtractAndAdd,
                clock: ClockRules {
                    side_ms: 25 * MINUTE_MS,
                    match_limit_ms: None,
                    challenge_allowance_ms: None,
                    overtime: OvertimePolicy::PenaltyPerStartedMinute {
                        points: 10,
                        floor: Some(0),
                    },
                },
                challenge_overrun: ChallengeOverrun::Challenger,
                score_corrections: ScoreCorrections::UntilSlipVerified,
                forfeits: ForfeitScoring::default(),
            },
        }
    }
}

impl TileRules {
    /// The English set: 100 tiles, racks of 7.
    pub fn english() -> Self {
        Self {
            set: "english".into(),
            total: 100,
            rack_size: 7,
        }
    }
}
