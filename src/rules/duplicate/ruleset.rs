//! The Duplicate ruleset as data (rules D2-D8, C7): every option an event may set, with its
//! default and its bounds. A ruleset is read from JSON with the defaults filling what is left
//! out ([`DuplicateRuleset::from_json`]) and is refused, naming the option, when a value is out
//! of range ([`DuplicateRuleset::validate`]).

use serde::{Deserialize, Serialize};

use crate::rules::tiles::TileSet;

/// The longest turn a ruleset may give (an hour; D4's three minutes is the default).
pub const MAX_TURN_MS: u64 = 60 * 60 * 1000;
/// The shortest turn a ruleset may give.
pub const MIN_TURN_MS: u64 = 10 * 1000;

/// Rule C7: how the event's slips and references write a position. The two systems clash
/// (`H8` is across in one and down in the other), so the event names one and nothing guesses.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Notation {
    /// Rows lettered A-O, columns numbered: `H8`/`H-8` across, `8H`/`8-H` down (the default).
    #[default]
    French,
    /// GCG: `8H` across, `H8` down (English events).
    Gcg,
}

/// Rule D5: what a slip that breaks the writing rules gets, at the referee's choice.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum FaultRuling {
    /// The play's true score, and a warning (D8).
    #[default]
    Warning,
    /// Zero for the turn.
    Zero,
}

/// Rule D3: the draw constraint, as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct DrawRule {
    /// Turns 1..=`early_turns` need `early_min` vowels and consonants (15).
    pub early_turns: u32,
    /// Vowels and consonants each, in the early turns (2).
    pub early_min: u8,
    /// Vowels and consonants each, from turn `early_turns + 1` (1).
    pub late_min: u8,
}

impl Default for DrawRule {
    fn default() -> Self {
        DrawRule {
            early_turns: 15,
            early_min: 2,
            late_min: 1,
        }
    }
}

/// Rule D7: the solo bonus and its condition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SoloRule {
    /// Whether a solo earns a bonus at all (on by default).
    pub enabled: bool,
    /// The bonus (10).
    pub bonus: u32,
    /// The bonus is given only when the game (or the merged field) has at least this many
    /// players (2: with one player every top would be a solo).
    pub min_players: u32,
}

impl Default for SoloRule {
    fn default() -> Self {
        SoloRule {
            enabled: true,
            bonus: 10,
            min_players: 2,
        }
    }
}

/// Rule D8: warnings for slip errors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct WarningRule {
    /// Warnings that cost nothing (3: the fourth is the first penalised).
    pub free: u32,
    /// Points off for each warning past `free` (5).
    pub penalty: u32,
}

impl Default for WarningRule {
    fn default() -> Self {
        WarningRule {
            free: 3,
            penalty: 5,
        }
    }
}

/// A Duplicate game's ruleset. JSON: every field optional, e.g.
/// `{"notation": "gcg", "tile_set": "english", "lexicon": "enable2k"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct DuplicateRuleset {
    /// D2: the tile set's name (`french`, the default; `english`, `indonesian`).
    pub tile_set: String,
    /// D3: the letters the draw counts as vowels, replacing the tile set's own (`null`: the
    /// set's, A E I O U Y for French; see `tiles/set.rs` on Y).
    pub vowels: Option<String>,
    /// D2: the id of the event's word list (uploaded; ODS is not public).
    pub lexicon: String,
    /// C7: the notation slips and references use.
    pub notation: Notation,
    /// D3: the draw constraint.
    pub draw: DrawRule,
    /// D4: the time for one turn (180000 ms).
    pub turn_ms: u64,
    /// D4: the warning comes this long before the end (30000 ms).
    pub warning_ms: u64,
    /// D7: the solo bonus.
    pub solo: SoloRule,
    /// D8: warnings and their penalty.
    pub warnings: WarningRule,
    /// D5: the referee's ruling on a writing fault when none is given with the slip.
    pub slip_fault: FaultRuling,
    /// D5 (issue 16): players may enter their own slip from their phone during the turn,
    /// locked when its time is up and checked like an arbitrator's (off by default).
    pub phone_slips: bool,
}

impl Default for DuplicateRuleset {
    fn default() -> Self {
        DuplicateRuleset {
            tile_set: "french".into(),
            vowels: None,
            lexicon: "ods".into(),
            notation: Notation::French,
            draw: DrawRule::default(),
            turn_ms: 3 * 60 * 1000,
            warning_ms: 30 * 1000,
            solo: SoloRule::default(),
            warnings: WarningRule::default(),
            slip_fault: FaultRuling::Warning,
            phone_slips: false,
        }
    }
}

/// A ruleset that cannot be used; names the option at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DuplicateRulesetError {
    /// The JSON does not fit the ruleset's shape (unknown field, wrong type).
    #[error("duplicate ruleset does not fit: {0}")]
    Shape(String),
    /// A value is out of its range.
    #[error("duplicate ruleset option {field}: {why}")]
    Invalid {
        /// The option at fault (`draw.early_min`).
        field: &'static str,
        /// Why it is refused.
        why: String,
    },
}

impl DuplicateRulesetError {
    /// The option at fault, or `None` when the whole ruleset did not parse.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            DuplicateRulesetError::Invalid { field, .. } => Some(field),
            DuplicateRulesetError::Shape(_) => None,
        }
    }
}

impl DuplicateRuleset {
    /// English Duplicate: English tiles, GCG references (C7), the vendored ENABLE list.
    pub fn english() -> DuplicateRuleset {
        DuplicateRuleset {
            tile_set: "english".into(),
            lexicon: "enable2k".into(),
            notation: Notation::Gcg,
            ..DuplicateRuleset::default()
        }
    }

    /// Reads a ruleset from JSON (missing fields take their defaults) and checks it.
    pub fn from_json(value: &serde_json::Value) -> Result<DuplicateRuleset, DuplicateRulesetError> {
        let r: DuplicateRuleset = serde_json::from_value(value.clone())
            .map_err(|e| DuplicateRulesetError::Shape(e.to_string()))?;
        r.validate()?;
        Ok(r)
    }

    /// The tile set with the draw's vowels (D2, D3).
    pub fn tiles(&self) -> Result<TileSet, DuplicateRulesetError> {
        let set = TileSet::by_name(&self.tile_set).ok_or(DuplicateRulesetError::Invalid {
            field: "tile_set",
            why: format!("unknown tile set {:?}", self.tile_set),
        })?;
        match &self.vowels {
            None => Ok(set),
            Some(v) => set
                .with_vowels(v)
                .map_err(|e| DuplicateRulesetError::Invalid {
                    field: "vowels",
                    why: e.to_string(),
                }),
        }
    }

    /// Refuses values a game cannot run with.
    pub fn validate(&self) -> Result<(), DuplicateRulesetError> {
        let invalid = |field, why: &str| {
            Err(DuplicateRulesetError::Invalid {
                field,
                why: why.to_owned(),
            })
        };
        let set = self.tiles()?;
        if self.vowels.is_some() && set.vowel_letters().is_empty() {
            return invalid("vowels", "at least one vowel is needed for the draw (D3)");
        }
        let id = self.lexicon.trim();
        if id.is_empty() || id.len() > 64 {
            return invalid("lexicon", "must name a word list (1 to 64 characters)");
        }
        // D3: a rack of 7 must be able to hold the minimum of each kind.
        if u32::from(self.draw.early_min) * 2 > 7 {
            return invalid("draw.early_min", "must be at most 3 (a rack holds 7 tiles)");
        }
        if u32::from(self.draw.late_min) * 2 > 7 {
            return invalid("draw.late_min", "must be at most 3 (a rack holds 7 tiles)");
        }
        if self.draw.early_turns > 100 {
            return invalid("draw.early_turns", "must be at most 100");
        }
        if !(MIN_TURN_MS..=MAX_TURN_MS).contains(&self.turn_ms) {
            return invalid("turn_ms", "must be 10000 to 3600000 ms (10 s to 1 hour)");
        }
        if self.warning_ms >= self.turn_ms {
            return invalid("warning_ms", "must be shorter than the turn");
        }
        if self.solo.bonus > 100 {
            return invalid("solo.bonus", "must be at most 100");
        }
        if self.solo.min_players == 0 {
            return invalid("solo.min_players", "must be at least 1");
        }
        if self.warnings.penalty > 100 {
            return invalid("warnings.penalty", "must be at most 100");
        }
        if self.warnings.free > 100 {
            return invalid("warnings.free", "must be at most 100");
        }
        Ok(())
    }

    /// D3: how many vowels and how many consonants turn `turn` (from 1) needs.
    pub fn draw_minimum(&self, turn: u32) -> u8 {
        if turn <= self.draw.early_turns {
            self.draw.early_min
        } else {
            self.draw.late_min
        }
    }

    /// D8: the points a player with `warnings` warnings in a game loses.
    pub fn warning_penalty(&self, warnings: u32) -> u32 {
        warnings.saturating_sub(self.warnings.free) * self.warnings.penalty
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    // rules D2, D3, D4, D7, D8, C7: the defaults are the seed's.
    #[test]
    fn defaults_are_the_seeds_french_game() {
        let r = DuplicateRuleset::from_json(&json!({})).unwrap();
        assert_eq!(r, DuplicateRuleset::default());
        assert_eq!(r.tiles().unwrap().total_tiles(), 102);
        assert_eq!(r.notation, Notation::French);
        assert_eq!((r.turn_ms, r.warning_ms), (180_000, 30_000));
        assert_eq!(r.draw_minimum(15), 2);
        assert_eq!(r.draw_minimum(16), 1);
        assert!(r.solo.enabled && r.solo.bonus == 10);
        assert_eq!(r.slip_fault, FaultRuling::Warning);
    }

    // rule D8: from the fourth warning, -5 each.
    #[test]
    fn warnings_cost_from_the_fourth() {
        let r = DuplicateRuleset::default();
        assert_eq!(r.warning_penalty(0), 0);
        assert_eq!(r.warning_penalty(3), 0);
        assert_eq!(r.warning_penalty(4), 5);
        assert_eq!(r.warning_penalty(6), 15);
    }

    // rule C7: English events write GCG references; a partial JSON keeps the other defaults.
    #[test]
    fn english_events_use_gcg_references_and_overrides_merge_with_defaults() {
        let r = DuplicateRuleset::from_json(&json!({"tile_set": "english", "notation": "gcg",
            "lexicon": "enable2k", "solo": {"min_players": 16}}))
        .unwrap();
        assert_eq!(r.notation, Notation::Gcg);
        assert_eq!(r.solo.min_players, 16);
        assert_eq!(r.solo.bonus, 10);
        assert_eq!(DuplicateRuleset::english().notation, Notation::Gcg);
    }

    // Every option has its refusal, naming the field.
    #[test]
    fn out_of_range_options_are_refused_by_name() {
        let cases = [
            (json!({"tile_set": "klingon"}), "tile_set"),
            (json!({"vowels": "AE1"}), "vowels"),
            (json!({"vowels": ""}), "vowels"),
            (json!({"lexicon": " "}), "lexicon"),
            (json!({"draw": {"early_min": 4}}), "draw.early_min"),
            (json!({"draw": {"late_min": 4}}), "draw.late_min"),
            (json!({"draw": {"early_turns": 1000}}), "draw.early_turns"),
            (json!({"turn_ms": 5000}), "turn_ms"),
            (json!({"turn_ms": 7200000}), "turn_ms"),
            (json!({"warning_ms": 180000}), "warning_ms"),
            (json!({"solo": {"bonus": 1000}}), "solo.bonus"),
            (json!({"solo": {"min_players": 0}}), "solo.min_players"),
            (json!({"warnings": {"penalty": 500}}), "warnings.penalty"),
            (json!({"warnings": {"free": 500}}), "warnings.free"),
        ];
        for (json, field) in cases {
            let e = DuplicateRuleset::from_json(&json).unwrap_err();
            assert_eq!(e.field(), Some(field), "{json}: {e}");
        }
        let e = DuplicateRuleset::from_json(&json!({"solo_bonus": 10})).unwrap_err();
        assert!(matches!(e, DuplicateRulesetError::Shape(_)), "{e}");
        assert_eq!(e.field(), None);
    }

    // rule D3: the vowel set is data the event may replace.
    #[test]
    fn the_event_may_replace_the_draw_vowels() {
        let r = DuplicateRuleset::from_json(&json!({"vowels": "AEIOU"})).unwrap();
        assert!(!r.tiles().unwrap().is_vowel('Y'));
        assert!(DuplicateRuleset::default().tiles().unwrap().is_vowel('Y'));
    }
}
