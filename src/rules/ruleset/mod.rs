//! Rulesets: every option of a match format as plain data (RULES.md T1-T19, N1-N8).
//!
//! A ruleset is a preset (`team-2v2` or `individual`) with overrides merged over it, and is stored
//! with the match (inside its `created` event) so that a later change of a preset never changes a
//! match already played. The match engine reads only these fields: there is no `if format == …`
//! anywhere, so a new format is a new preset, not new code.
//!
//! This file holds the options themselves; `presets` the shipped formats ([`Preset`]); `spec`
//! how a match's ruleset is given (a preset with overrides merged over it, [`RulesetSpec`]) and
//! the bounds every ruleset is checked against ([`Ruleset::validate`]).

use serde::{Deserialize, Serialize};

mod presets;
mod spec;

pub use presets::Preset;
pub use spec::{MAX_DURATION_MS, RulesetError, RulesetSpec};

/// A minute, in the milliseconds every duration is given in.
const MINUTE_MS: u64 = 60_000;

/// Version of the ruleset schema; bumped when a field changes meaning.
pub const RULESET_VERSION: u32 = 1;

/// All options of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// Schema version ([`RULESET_VERSION`]) the ruleset was written with.
    pub version: u32,
    /// The preset this ruleset started from, for display only: the engine never reads it.
    pub preset: String,
    /// Players per side: 2 for team play (T1), 1 for individual play (N1).
    pub seats_per_side: u8,
    /// How moves are entered: on a board (GCG) or on a score sheet (words + score).
    pub entry_mode: EntryMode,
    /// Tile counts used for the bag and racks.
    pub tiles: TileRules,
    /// T2: most tiles a play may lay after the opening move (`None`: no limit).
    pub max_tiles_after_opening: Option<u8>,
    /// T9/T10, N4: who may exchange and when.
    pub exchange: ExchangeRule,
    /// T11-T13, N5: what a word challenge costs.
    pub challenge_rule: ChallengeRule,
    /// T13: most words one challenge may name (`None`: the whole play is challenged, N5).
    pub words_per_challenge: Option<u8>,
    /// T8: what an over-declared score costs when an opponent catches it.
    pub score_challenge: ScoreChallengeRule,
    /// T7, N5: how long a finished turn stays open to objections.
    pub objection: ObjectionWindow,
    /// T17, N6: when the game ends before time.
    pub end: EndConditions,
    /// T19, N6-N7: what happens with the tiles left on the racks.
    pub end_rack_rule: EndRackRule,
    /// T3-T5, N1-N2: clocks.
    pub clock: ClockRules,
    /// T7: where challenge time goes once the challenge allowance is spent.
    #[serde(default)]
    pub challenge_overrun: ChallengeOverrun,
    /// T8, N9: until when a turn's score may be corrected.
    #[serde(default)]
    pub score_corrections: ScoreCorrections,
    /// E2: the spread byes and forfeits (disqualifications, walkouts) count with.
    #[serde(default)]
    pub forfeits: ForfeitScoring,
}

/// E2: how matches not decided by score count in the standings. A forfeit (disqualification or
/// walkout, E3) is a win for the other side and a loss for the offender; a bye is a win. Match
/// points are the standings' own (win 2, tie 1, loss 0 by default); these are the spreads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ForfeitScoring {
    /// Spread credited to the side that did not forfeit and debited from the offender (E2;
    /// default 50, a common forfeit margin; some events use 0). From 0 to [`MAX_FORFEIT_SPREAD`].
    pub forfeit_spread: i32,
    /// Spread credited for a bye (default 50, as a forfeit). From 0 to [`MAX_FORFEIT_SPREAD`].
    pub bye_spread: i32,
}

/// The largest forfeit or bye spread a ruleset may set: more than any game's margin, so a typo
/// such as 5000 is refused rather than swamping the standings.
pub const MAX_FORFEIT_SPREAD: i32 = 1000;

impl Default for ForfeitScoring {
    fn default() -> Self {
        Self {
            forfeit_spread: 50,
            bye_spread: 50,
        }
    }
}

/// T7: challenge time past the match's challenge allowance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeOverrun {
    /// The reading chosen for seed 000's silence: each open challenge's time runs on its own
    /// challenger's clock (two challenges by both sides open together run both clocks).
    #[default]
    Challenger,
    /// Both clocks stay stopped however long the challenge takes.
    Paused,
}

/// T8, N9: how long a mis-announced score may still be put right.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScoreCorrections {
    /// T7/T8: only by a score challenge while the play's sheet line is open.
    #[default]
    ObjectionWindow,
    /// N9: also afterwards, by either player and without penalty (`correct_score`), until both
    /// players have verified the results slip (`verify_slip`); the result is final then.
    UntilSlipVerified,
}

/// How moves reach the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EntryMode {
    /// The move is given in GCG notation; the board computes the actual score.
    Board,
    /// Only words, tile count and declared score; the PIC enters the actual score when challenged.
    Sheet,
}

/// Tile counts (C2). The letters themselves belong to the board model's tile set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TileRules {
    /// Name of the tile set (board mode), e.g. `english`.
    pub set: String,
    /// Tiles in the set, blanks included (English 100, French 102).
    pub total: u32,
    /// Tiles on a full rack.
    pub rack_size: u8,
}

/// Exchange eligibility (T9/T10 for team play, N4 for individual play).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExchangeRule {
    /// T9: the player must hold this many tiles of one letter, blanks not counting (`None`: anyone).
    pub min_same_letter: Option<u8>,
    /// T10 (11: "ten or fewer" refused) / N4 (7): fewest tiles the bag must hold.
    pub min_bag: u32,
}

/// What a word challenge does (N5 options, plus the team rule T11-T13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeRule {
    /// T12/T13: valid word → challenged team +10; invalid → play withdrawn, 0, maker's team −10.
    Team,
    /// N5 double: invalid → withdrawn; valid → the challenger loses the next turn.
    Double,
    /// N5 single: invalid → withdrawn; valid → no penalty.
    Single,
    /// 001 §08: invalid plays are refused at entry, so there is nothing to challenge.
    Void,
    /// N5 5-point: valid → the challenged side gets 5 per word challenged.
    FivePoint,
    /// N5 10-point: valid → the challenged side gets 10 per word challenged.
    TenPoint,
}

/// The effects of a [`ChallengeRule`], as numbers the engine applies without knowing the rule's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WordChallengeEffects {
    /// Whether word challenges are accepted at all.
    pub allowed: bool,
    /// Points the challenged side gets when the play is valid.
    pub valid_bonus: i32,
    /// Whether `valid_bonus` is per word challenged (5/10-point) or per challenge (T12).
    pub bonus_per_word: bool,
    /// Whether the challenger loses its next turn when the play is valid (double challenge).
    pub challenger_loses_turn: bool,
    /// Points the word maker's side loses when the play is invalid (T13), beyond the turn's 0.
    pub invalid_penalty: i32,
}

impl ChallengeRule {
    /// The effects of this rule: the one place that maps a rule name to numbers.
    pub fn effects(self) -> WordChallengeEffects {
        let base = WordChallengeEffects {
            allowed: true,
            valid_bonus: 0,
            bonus_per_word: false,
            challenger_loses_turn: false,
            invalid_penalty: 0,
        };
        match self {
            Self::Team => WordChallengeEffects {
                valid_bonus: 10,
                invalid_penalty: 10,
                ..base
            },
            Self::Double => WordChallengeEffects {
                challenger_loses_turn: true,
                ..base
            },
            Self::Single => base,
            Self::Void => WordChallengeEffects {
                allowed: false,
                ..base
            },
            Self::FivePoint => WordChallengeEffects {
                valid_bonus: 5,
                bonus_per_word: true,
                ..base
            },
            Self::TenPoint => WordChallengeEffects {
                valid_bonus: 10,
                bonus_per_word: true,
                ..base
            },
        }
    }
}

/// T8: score challenges.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ScoreChallengeRule {
    /// T8c: an opponent catching an over-declared score records `actual - (declared - actual)`;
    /// when false every over-declaration is simply corrected (T8b for everyone, N rules).
    pub opponent_penalty: bool,
}

/// T7, N5: how long after a turn is finished it may be challenged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectionWindow {
    /// N5: the window closes this long after the finish unless a hold was called
    /// (`None`: open until the next turn's action or an explicit `accept`, T7).
    pub grace_ms: Option<u64>,
    /// N5: a hold keeps the window open this long from the hold (`None`: no holds).
    pub hold_ms: Option<u64>,
}

/// T17, N6: ends of the game other than out-play and time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EndConditions {
    /// T17b: this many consecutive passes end the game (an exchange breaks the run).
    pub consecutive_passes: Option<u32>,
    /// N6: this many consecutive scoreless turns end the game.
    pub consecutive_scoreless_turns: Option<u32>,
    /// N6: whether an exchange counts as a scoreless turn (else it breaks the run).
    pub exchange_is_scoreless: bool,
}

/// T19, N6-N7: the tiles left on the racks at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EndRackRule {
    /// T19 default: each side loses its racks' value; a side that played out gains the others'.
    Standard,
    /// T19 option: racks are ignored.
    None,
    /// N7 default: as `standard`, for one-vs-one play.
    SubtractAndAdd,
    /// N7: the player who went out adds twice the opponent's rack; the opponent loses nothing.
    AddTwice,
    /// N7: the player who went out adds the opponent's rack once; the opponent loses nothing.
    AddOnce,
}

/// The effects of an [`EndRackRule`] as numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndRackEffects {
    /// Whether racks are counted at all.
    pub counted: bool,
    /// How many times the side that played out gains the opponents' racks.
    pub outplay_gain_factor: i32,
    /// Whether the opponents of a side that played out lose their racks' value.
    pub opponents_lose_when_out: bool,
}

impl EndRackRule {
    /// The effects of this rule: the one place that maps a rule name to numbers.
    pub fn effects(self) -> EndRackEffects {
        match self {
            Self::Standard | Self::SubtractAndAdd => EndRackEffects {
                counted: true,
                outplay_gain_factor: 1,
                opponents_lose_when_out: true,
            },
            Self::None => EndRackEffects {
                counted: false,
                outplay_gain_factor: 0,
                opponents_lose_when_out: false,
            },
            Self::AddTwice => EndRackEffects {
                counted: true,
                outplay_gain_factor: 2,
                opponents_lose_when_out: false,
            },
            Self::AddOnce => EndRackEffects {
                counted: true,
                outplay_gain_factor: 1,
                opponents_lose_when_out: false,
            },
        }
    }
}

/// T3-T5, N1-N2: clock budgets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClockRules {
    /// T4/N1: each side's clock, in ms (25 minutes).
    pub side_ms: u64,
    /// T3: the whole match ends this long after the start (`None`: no match limit).
    pub match_limit_ms: Option<u64>,
    /// T7: challenge time is drawn from this allowance, then from the challenger's clock.
    /// `None`: clocks simply stop during challenges (N5).
    pub challenge_allowance_ms: Option<u64>,
    /// What happens when a clock reaches zero.
    pub overtime: OvertimePolicy,
}

/// T5 / N2: a side whose clock is at zero.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum OvertimePolicy {
    /// T5: the side can no longer move (its turns are skipped) but may still challenge.
    NoMoreMoves,
    /// N2: play goes on; `points` off the final score per started minute over, never below `floor`.
    PenaltyPerStartedMinute {
        /// Points per started minute over (10).
        points: u32,
        /// The penalty never takes a score below this (0); `None`: no floor.
        floor: Option<i32>,
    },
}

impl Ruleset {
    /// The word-challenge effects of this ruleset.
    pub fn word_challenge(&self) -> WordChallengeEffects {
        self.challenge_rule.effects()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn presets_are_valid_and_round_trip_through_json() {
        for p in [Preset::Team2v2, Preset::Individual] {
            let r = p.ruleset();
            assert_eq!(r.validate(), Ok(()));
            let back: Ruleset = serde_json::from_value(serde_json::to_value(&r).unwrap()).unwrap();
            assert_eq!(back, r);
        }
    }

    #[test]
    fn team_preset_follows_t_rules() {
        let r = Preset::Team2v2.ruleset();
        assert_eq!(r.seats_per_side, 2); // T1
        assert_eq!(r.clock.side_ms, 25 * 60_000); // T4
        assert_eq!(r.clock.match_limit_ms, Some(60 * 60_000)); // T3
        assert_eq!(r.clock.challenge_allowance_ms, Some(10 * 60_000)); // T7
        assert_eq!(r.clock.overtime, OvertimePolicy::NoMoreMoves); // T5
        assert_eq!(r.exchange.min_same_letter, Some(3)); // T9
        assert_eq!(r.exchange.min_bag, 11); // T10
        assert_eq!(r.end.consecutive_passes, Some(8)); // T17b
        assert_eq!(r.words_per_challenge, Some(1)); // T13
        assert_eq!(r.end_rack_rule, EndRackRule::Standard); // T19
    }

    #[test]
    fn individual_preset_follows_n_rules() {
        let r = Preset::Individual.ruleset();
        assert_eq!(r.seats_per_side, 1); // N1
        assert_eq!(r.exchange.min_bag, 7); // N4
        assert_eq!(r.challenge_rule, ChallengeRule::Double); // N5
        assert_eq!(r.end.consecutive_scoreless_turns, Some(6)); // N6
        assert_eq!(r.end_rack_rule, EndRackRule::SubtractAndAdd); // N7
        assert_eq!(
            r.clock.overtime,
            OvertimePolicy::PenaltyPerStartedMinute {
                points: 10,
                floor: Some(0)
            }
        ); // N2
    }

    #[test]
    fn overrides_merge_field_by_field_over_the_preset() {
        let spec: RulesetSpec = serde_json::from_value(json!({
            "preset": "team-2v2",
            "overrides": {"max_tiles_after_opening": 1, "clock": {"side_ms": 60000},
                          "end_rack_rule": "none", "entry_mode": "board"}
        }))
        .unwrap();
        let r = spec.resolve().unwrap();
        assert_eq!(r.max_tiles_after_opening, Some(1)); // T2 option
        assert_eq!(r.clock.side_ms, 60_000);
        assert_eq!(r.clock.match_limit_ms, Some(60 * 60_000));
        assert_eq!(r.end_rack_rule, EndRackRule::None); // T19 option
        assert_eq!(r.entry_mode, EntryMode::Board);
    }

    #[test]
    fn unknown_or_out_of_range_overrides_are_refused() {
        let base = Preset::Individual.ruleset();
        assert!(matches!(
            base.with_overrides(&json!({"clok": {}})),
            Err(RulesetError::Shape(_))
        ));
        assert!(matches!(
            base.with_overrides(&json!({"seats_per_side": 0})),
            Err(RulesetError::Invalid { .. })
        ));
        assert!(matches!(
            base.with_overrides(&json!({"challenge_rule": "triple"})),
            Err(RulesetError::Shape(_))
        ));
    }

    fn leaves(prefix: &str, v: &serde_json::Value, out: &mut Vec<(String, String)>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, v) in m {
                    let path = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    leaves(&path, v, out);
                }
            }
            v => out.push((prefix.to_string(), v.to_string())),
        }
    }

    #[test]
    fn the_rules_doc_lists_every_option_with_its_value_in_each_preset() {
        let doc = include_str!("../mod.rs");
        let rows: std::collections::BTreeMap<String, (String, String)> = doc
            .lines()
            .filter_map(|l| l.strip_prefix("//! | `"))
            .map(|l| {
                let cells: Vec<&str> = l.split(" | ").collect();
                let cell = |i: usize| cells[i].trim_matches('`').to_string();
                (cell(0), (cell(1), cell(2)))
            })
            .collect();
        let mut expected: std::collections::BTreeMap<String, (String, String)> = Default::default();
        for (i, p) in [Preset::Team2v2, Preset::Individual]
            .into_iter()
            .enumerate()
        {
            let mut out = Vec::new();
            leaves("", &serde_json::to_value(p.ruleset()).unwrap(), &mut out);
            for (path, value) in out {
                let row = expected
                    .entry(path)
                    .or_insert(("—".to_string(), "—".to_string()));
                if i == 0 {
                    row.0 = value;
                } else {
                    row.1 = value;
                }
            }
        }
        assert_eq!(
            rows, expected,
            "src/rules/mod.rs: the ruleset options table"
        );
    }

    #[test]
    fn every_duration_is_bounded_and_the_refusal_names_it() {
        let base = Preset::Team2v2.ruleset();
        for (over, field) in [
            (
                json!({"clock": {"side_ms": 10_000_000_000_000_000u64}}),
                "clock.side_ms",
            ),
            (
                json!({"clock": {"match_limit_ms": 10_000_000_000_000_000u64}}),
                "clock.match_limit_ms",
            ),
            (
                json!({"clock": {"challenge_allowance_ms": 86_400_001}}),
                "clock.challenge_allowance_ms",
            ),
            (
                json!({"objection": {"grace_ms": u64::MAX}}),
                "objection.grace_ms",
            ),
            (
                json!({"objection": {"hold_ms": u64::MAX}}),
                "objection.hold_ms",
            ),
        ] {
            assert_eq!(
                base.with_overrides(&over),
                Err(RulesetError::Invalid {
                    field,
                    why: "must be at most 24 hours (86400000 ms)"
                }),
                "{over}"
            );
        }
        let day = base
            .with_overrides(
                &json!({"clock": {"side_ms": MAX_DURATION_MS, "match_limit_ms": MAX_DURATION_MS}}),
            )
            .unwrap();
        assert_eq!(day.clock.side_ms, 24 * 60 * 60_000);
    }

    #[test]
    fn e2_forfeit_and_bye_spreads_are_options_from_0_to_1000() {
        let r = Preset::Team2v2.ruleset();
        assert_eq!(r.forfeits, ForfeitScoring::default());
        let set = r
            .with_overrides(&json!({"forfeits": {"forfeit_spread": 0, "bye_spread": 1000}}))
            .unwrap();
        assert_eq!(
            (set.forfeits.forfeit_spread, set.forfeits.bye_spread),
            (0, 1000)
        );
        for (over, field) in [
            (json!({"forfeit_spread": -1}), "forfeits.forfeit_spread"),
            (json!({"bye_spread": 1001}), "forfeits.bye_spread"),
        ] {
            match r.with_overrides(&json!({ "forfeits": over })) {
                Err(RulesetError::Invalid { field: f, why }) => {
                    assert_eq!(f, field);
                    assert!(why.contains("0 to 1000"), "{why}");
                }
                other => panic!("{over}: expected a refusal, got {other:?}"),
            }
        }
        // A ruleset stored before the option existed reads as the E2 default.
        let mut old = serde_json::to_value(&r).unwrap();
        old.as_object_mut().unwrap().remove("forfeits");
        let back: Ruleset = serde_json::from_value(old).unwrap();
        assert_eq!(back.forfeits.forfeit_spread, 50);
    }

    #[test]
    fn challenge_rules_are_numbers_n5() {
        assert!(!ChallengeRule::Void.effects().allowed);
        assert!(ChallengeRule::Double.effects().challenger_loses_turn);
        assert_eq!(ChallengeRule::FivePoint.effects().valid_bonus, 5);
        assert_eq!(ChallengeRule::TenPoint.effects().valid_bonus, 10);
        assert_eq!(ChallengeRule::Team.effects().invalid_penalty, 10); // T13
    }
}
