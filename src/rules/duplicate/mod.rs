//! Duplicate Scrabble (seed 002, rules D1-D9 with C3 and C7): the pure core the referee's
//! console, the hall display and the slip pages stand on.
//!
//! Every player has their own board and the same rack (D1); the referee draws it under the D3
//! constraint, the turn runs for three minutes (D4), players write slips (D5), the top play is
//! placed on every board (D6), and players are ranked by total and by percentage of the tops
//! (D7-D9). The master game is an append-only log of [`Event`]s folded into a [`State`];
//! undo and slip corrections are new events.
//!
//! # Layout, bottom up (each file imports only the ones above it)
//! - `ruleset`: [`DuplicateRuleset`], the options as data with defaults and bounds;
//! - `draw`: the D3 draw (server-drawn with an `Rng` passed in, or typed by hand);
//! - `tops`: D6's equal tops from the move generator, C3's first word across;
//! - `slip`: D5, a slip read and checked on a turn's board ([`check`], [`Verdict`]);
//! - `event` ([`Payload`]) and `state` ([`State`], [`apply`], [`fold`]);
//! - `error` ([`DuplicateError`]) and `decide`: one function per referee or arbitrator
//!   command, each giving the payload to [`record`] or a refusal;
//! - projections and tools: `ranking` (D7-D9, games summed, clubs merged) and `prepared`
//!   (games drawn in advance, exported, imported and replayed).
//!
//! Tests cite rule IDs beside each module; whole games (a 12-turn English game with ENABLE, a
//! French one, prepared games, merged clubs, the fold) are in `tests/`.
//!
//! Nothing here reads the clock or a random source: `now` and the `Rng` are passed in.
//!
//! # Using it
//! ```text
//! create:  record(&mut s, now, Official::Referee(id), create(&s, ruleset, players)?)
//! turn:    draw_rack(&s, &mut rng)? | type_rack(&s, "EAIRS", false)? → start_turn(&s)?
//!          record_slip(&s, &graph, turn, SlipInput::parse_line("12 H8 MAISON 24")?, None)?
//!          choose_top(&s, &graph, choice)? → place_top(&s)?
//! show:    s.phase(), s.rack(), s.board, s.top_total(), game_sheet(&s), rank(&[sheet])
//! ```
//!
//! # Readings where the seed is silent
//! - **D3 near the end**: with fewer than 7 tiles left the rack is the whole pool and must still
//!   meet the minimum; the game ends when the pool cannot.
//! - **D5 faults**: each writing fault (wrong reference, unmarked blank, wrong or missing
//!   points) is one warning under a `warning` ruling, with the play's true score; a `zero`
//!   ruling scores the turn 0. A wrong reference is recognised only when the word goes legally
//!   at exactly one other position; otherwise the slip is misplaced and scores 0.
//! - **D6**: "the one that opens the game more" is the referee's judgement: equal tops are
//!   listed and the choice is an input, recorded with them. A rack with no play ends the game.
//! - **D7**: a solo is a player alone in finding the top score among the field ranked
//!   together (the merged clubs, for a prepared game); the bonus needs `solo.min_players`.
//! - **D8**: warnings count per game.

mod decide;
mod draw;
mod error;
mod event;
pub mod prepared;
pub mod ranking;
mod ruleset;
pub mod slip;
mod state;
mod tops;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;

pub use decide::{
    check_phone_slips, choose_among, choose_top, create, draw_rack, end_game, enter_phone_slip,
    join, place_top, prepared_rack, record, record_slip, start_turn, type_rack, undo,
};
pub use draw::{
    DrawError, Drawn, RACK_SIZE, balance, check_rack, draw, meets, possible, take_random,
};
pub use error::DuplicateError;
pub use event::{EndReason, Event, Official, Payload, RackSource};
pub use prepared::{PreparedError, PreparedGame, PreparedTurn};
pub use ranking::{
    GameSheet, MergeError, PlayerLine, Standing, game_sheet, merge_clubs, moves_ranking, rank,
};
pub use ruleset::{
    DrawRule, DuplicateRuleset, DuplicateRulesetError, FaultRuling, Notation, SoloRule, WarningRule,
};
pub use slip::{Fault, SlipError, SlipInput, Verdict, WordList, ZeroReason, check};
pub use state::{ChosenTop, Phase, State, TurnRecord, apply, fold};
pub use tops::{TopCandidate, reference, tops};
