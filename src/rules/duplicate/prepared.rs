//! Prepared games: a game's racks drawn in advance (D3-checked) with their tops, exported and
//! imported as JSON, so several clubs can play the same game and merge into one ranking.
//!
//! A rack depends on the tiles the previous top left, so preparing a game plays its master
//! game through: draw, top (the referee's D6 choice among equal tops comes from `choose`),
//! place, until the draw cannot go on. [`replay`] checks a prepared game against a word
//! graph and gives the master log a club's console starts from: every rack is checked
//! against the bag (D3) and every top computed again must be the recorded one (another word
//! list gives other tops, and the import is refused).

use chrono::{DateTime, Utc};
use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::rules::duplicate::{
    DuplicateError, DuplicateRuleset, Event, Official, Payload, State, TopCandidate, choose_top,
    create, draw_rack, place_top, prepared_rack, record, start_turn, tops,
};
use crate::rules::movegen::WordGraph;

/// The version of the prepared-game JSON.
pub const PREPARED_VERSION: u32 = 1;

/// Most turns a prepared game may hold (a French game lasts about 20).
pub const MAX_TURNS: usize = 60;

/// A prepared game as exported.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PreparedGame {
    /// Always [`PREPARED_VERSION`].
    pub version: u32,
    /// The seed the racks were drawn from, when the server drew them (for the record only:
    /// replaying uses the racks).
    #[serde(default)]
    pub seed: Option<u64>,
    /// The ruleset it was prepared under.
    pub ruleset: DuplicateRuleset,
    /// The turns, in order.
    pub turns: Vec<PreparedTurn>,
}

/// One prepared turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PreparedTurn {
    /// The whole rack, e.g. `AEINRS?`.
    pub rack: String,
    /// Every play tied for the top.
    pub tops: Vec<TopCandidate>,
    /// The one placed.
    pub chosen: usize,
}

/// A prepared game that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PreparedError {
    /// The JSON does not fit.
    #[error("prepared game does not fit: {0}")]
    Shape(String),
    /// An unknown version.
    #[error("prepared game version {0} is not supported")]
    Version(u32),
    /// Too many turns, or none.
    #[error("a prepared game holds 1 to {MAX_TURNS} turns")]
    Turns,
    /// A turn is refused by the rules.
    #[error("turn {turn}: {error}")]
    Turn {
        /// The turn, from 1.
        turn: usize,
        /// Why.
        error: DuplicateError,
    },
    /// A top computed now differs from the recorded one (another word list?).
    #[error("turn {0}: the tops differ from the recorded ones (is it the same word list?)")]
    TopsDiffer(usize),
}

/// Plays the master game through from `rng` and records its racks and tops. `choose` is the
/// D6 choice among equal tops (called only when several tie; its index is clamped to them).
pub fn prepare(
    ruleset: DuplicateRuleset,
    graph: &WordGraph,
    seed: Option<u64>,
    rng: &mut impl Rng,
    choose: impl FnMut(u32, &[TopCandidate]) -> usize,
    at: DateTime<Utc>,
) -> Result<PreparedGame, DuplicateError> {
    prepare_up_to(ruleset, graph, seed, rng, choose, at, MAX_TURNS)
}

/// [`prepare`], stopping after `max_turns` turns (at most [`MAX_TURNS`]): a game cut short
/// on purpose, or a club's practice round.
pub fn prepare_up_to(
    ruleset: DuplicateRuleset,
    graph: &WordGraph,
    seed: Option<u64>,
    rng: &mut impl Rng,
    mut choose: impl FnMut(u32, &[TopCandidate]) -> usize,
    at: DateTime<Utc>,
    max_turns: usize,
) -> Result<PreparedGame, DuplicateError> {
    let max_turns = max_turns.min(MAX_TURNS);
    let mut state = State::default();
    let by = Official::System;
    let created = create(&state, ruleset.clone(), vec![1])?;
    record(&mut state, at, by.clone(), created);
    let mut turns = Vec::new();
    while turns.len() < max_turns {
        let drawn = draw_rack(&state, rng)?;
        if matches!(drawn, Payload::Ended { .. }) {
            break;
        }
        record(&mut state, at, by.clone(), drawn);
        let started = start_turn(&state)?;
        record(&mut state, at, by.clone(), started);
        let (Some(set), Some(rack)) = (state.set.as_ref(), state.rack()) else {
            break;
        };
        let candidates = tops(graph, set, &state.board, &rack, ruleset.notation);
        let pick = match candidates.len() {
            0 => break,
            1 => 0,
            n => choose(state.turn_number(), &candidates).min(n - 1),
        };
        let top = choose_top(&state, graph, Some(pick))?;
        let Payload::TopChosen {
            candidates, chosen, ..
        } = &top
        else {
            break;
        };
        turns.push(PreparedTurn {
            rack: state.rack().unwrap_or_default().to_string(),
            tops: candidates.clone(),
            chosen: *chosen,
        });
        record(&mut state, at, by.clone(), top);
        let placed = place_top(&state)?;
        record(&mut state, at, by.clone(), placed);
    }
    Ok(PreparedGame {
        version: PREPARED_VERSION,
        seed,
        ruleset,
        turns,
    })
}

impl PreparedGame {
    /// The JSON export.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads an export (shape and version only; [`replay`] checks the game itself).
    pub fn from_json(text: &str) -> Result<PreparedGame, PreparedError> {
        let g: PreparedGame =
            serde_json::from_str(text).map_err(|e| PreparedError::Shape(e.to_string()))?;
        if g.version != PREPARED_VERSION {
            return Err(PreparedError::Version(g.version));
        }
        if g.turns.is_empty() || g.turns.len() > MAX_TURNS {
            return Err(PreparedError::Turns);
        }
        Ok(g)
    }
}

/// Replays a prepared game for `players` into a master log (every turn placed), checking each
/// rack (D3) and each top (D6) again. A club's game starts from the log's racks: the console
/// takes the next prepared rack with [`prepared_rack`] instead of drawing.
pub fn replay(
    game: &PreparedGame,
    graph: &WordGraph,
    players: Vec<u32>,
    at: DateTime<Utc>,
) -> Result<(State, Vec<Event>), PreparedError> {
    let mut state = State::default();
    let by = Official::System;
    let mut log = Vec::new();
    let fail = |turn| move |error| PreparedError::Turn { turn, error };
    let created = create(&state, game.ruleset.clone(), players).map_err(fail(0))?;
    log.push(record(&mut state, at, by.clone(), created));
    for (i, turn) in game.turns.iter().enumerate() {
        let n = i + 1;
        let rack = prepared_rack(&state, &turn.rack).map_err(fail(n))?;
        log.push(record(&mut state, at, by.clone(), rack));
        let started = start_turn(&state).map_err(fail(n))?;
        log.push(record(&mut state, at, by.clone(), started));
        let top = choose_top(&state, graph, Some(turn.chosen)).map_err(fail(n))?;
        let Payload::TopChosen { candidates, .. } = &top else {
            return Err(PreparedError::TopsDiffer(n));
        };
        if *candidates != turn.tops {
            return Err(PreparedError::TopsDiffer(n));
        }
        log.push(record(&mut state, at, by.clone(), top));
        let placed = place_top(&state).map_err(fail(n))?;
        log.push(record(&mut state, at, by.clone(), placed));
    }
    Ok((state, log))
}
