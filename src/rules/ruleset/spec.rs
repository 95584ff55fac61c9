//! How a match's ruleset is given (a preset with overrides merged over it) and the bounds every
//! ruleset is checked against before a match may use it.

use serde::{Deserialize, Serialize};

use crate::rules::ruleset::{
    EntryMode, MAX_FORFEIT_SPREAD, MINUTE_MS, Preset, RULESET_VERSION, Ruleset,
};

/// The longest duration a ruleset may give (clocks, match limit, allowance, objection times).
pub const MAX_DURATION_MS: u64 = 24 * 60 * MINUTE_MS;

/// How a match's ruleset is given: a preset and a partial ruleset merged over it.
///
/// JSON: `{"preset": "team-2v2", "overrides": {"clock": {"side_ms": 1200000}}}`. Overrides are a
/// partial ruleset: objects merge field by field, anything else replaces the preset's value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesetSpec {
    /// The preset to start from.
    pub preset: Preset,
    /// Fields to change, shaped like a [`Ruleset`].
    #[serde(default)]
    pub overrides: serde_json::Value,
}

/// A ruleset that cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RulesetError {
    /// The overrides do not fit the ruleset's shape (unknown field, wrong type).
    #[error("ruleset override does not fit: {0}")]
    Shape(String),
    /// A value is out of its range.
    #[error("ruleset option {field}: {why}")]
    Invalid {
        /// The option at fault.
        field: &'static str,
        /// Why it is refused.
        why: &'static str,
    },
}

impl RulesetError {
    /// The input at fault, under `prefix` (the request's ruleset member): the option itself
    /// when one is out of range (`ruleset.clock.side_ms`), else the whole ruleset.
    pub fn field(&self, prefix: &str) -> String {
        match self {
            RulesetError::Invalid { field, .. } => format!("{prefix}.{field}"),
            RulesetError::Shape(_) => prefix.to_owned(),
        }
    }
}

impl RulesetSpec {
    /// The preset with the overrides merged over it, checked.
    pub fn resolve(&self) -> Result<Ruleset, RulesetError> {
        self.preset.ruleset().with_overrides(&self.overrides)
    }
}

impl Ruleset {
    /// This ruleset with `overrides` (a partial ruleset in JSON) merged over it, checked.
    pub fn with_overrides(&self, overrides: &serde_json::Value) -> Result<Ruleset, RulesetError> {
        let mut merged =
            serde_json::to_value(self).map_err(|e| RulesetError::Shape(e.to_string()))?;
        if !overrides.is_null() {
            merge(&mut merged, overrides);
        }
        let ruleset: Ruleset =
            serde_json::from_value(merged).map_err(|e| RulesetError::Shape(e.to_string()))?;
        ruleset.validate()?;
        Ok(ruleset)
    }

    /// Refuses values the engine cannot run with.
    pub fn validate(&self) -> Result<(), RulesetError> {
        let invalid = |field, why| Err(RulesetError::Invalid { field, why });
        if self.version != RULESET_VERSION {
            return invalid("version", "unknown ruleset version");
        }
        if !(1..=4).contains(&self.seats_per_side) {
            return invalid("seats_per_side", "must be 1 to 4");
        }
        if self.tiles.rack_size == 0 {
            return invalid("tiles.rack_size", "must be at least 1");
        }
        let dealt = u64::from(self.tiles.rack_size) * 2 * u64::from(self.seats_per_side);
        if u64::from(self.tiles.total) < dealt {
            return invalid("tiles.total", "too few tiles to fill every rack");
        }
        if self.entry_mode == EntryMode::Board {
            // Board mode scores with the tile set's letter values, so the set must be known
            // and the bag must hold exactly its tiles.
            match crate::rules::tiles::TileSet::by_name(&self.tiles.set) {
                None => return invalid("tiles.set", "unknown tile set for board mode"),
                Some(set) if set.total_tiles() != self.tiles.total => {
                    return invalid("tiles.total", "differs from the tile set's size");
                }
                Some(_) => {}
            }
        }
        if self.max_tiles_after_opening == Some(0) {
            return invalid("max_tiles_after_opening", "must be at least 1");
        }
        if self.words_per_challenge == Some(0) {
            return invalid("words_per_challenge", "must be at least 1");
        }
        if self.clock.side_ms == 0 {
            return invalid("clock.side_ms", "must be positive");
        }
        // Every duration is bounded, so that clock arithmetic on any moment of a match stays
        // far inside the calendar (a day covers every format; issue 11).
        let durations = [
            ("clock.side_ms", Some(self.clock.side_ms)),
            ("clock.match_limit_ms", self.clock.match_limit_ms),
            (
                "clock.challenge_allowance_ms",
                self.clock.challenge_allowance_ms,
            ),
            ("objection.grace_ms", self.objection.grace_ms),
            ("objection.hold_ms", self.objection.hold_ms),
        ];
        for (field, ms) in durations {
            if ms.is_some_and(|ms| ms > MAX_DURATION_MS) {
                return invalid(field, "must be at most 24 hours (86400000 ms)");
            }
        }
        // E2: a negative spread would reward the offender; an enormous one is a typo.
        let spreads = [
            ("forfeits.forfeit_spread", self.forfeits.forfeit_spread),
            ("forfeits.bye_spread", self.forfeits.bye_spread),
        ];
        for (field, spread) in spreads {
            if !(0..=MAX_FORFEIT_SPREAD).contains(&spread) {
                return invalid(field, "must be from 0 to 1000 points of spread");
            }
        }
        Ok(())
    }
}

/// Deep merge: objects merge key by key, anything else replaces.
fn merge(base: &mut serde_json::Value, over: &serde_json::Value) {
    match (base, over) {
        (serde_json::Value::Object(b), serde_json::Value::Object(o)) => {
            for (k, v) in o {
                match b.get_mut(k) {
                    Some(slot) => merge(slot, v),
                    None => {
                        b.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        (slot, v) => *slot = v.clone(),
    }
}
