//! The match engine: team play 2v2 (T1-T19) and one-vs-one play (N1-N9) as an event-sourced state
//! machine, pure.
//!
//! - [`decide`] checks a [`Command`] against the [`State`] and returns the [`Event`]s it produces,
//!   or a [`RuleError`] naming the rule, with the state untouched.
//! - [`apply`] applies one event and cannot fail; [`fold`] replays a stored log.
//! - [`State::view`] is what the API shows at a given `now`; [`due_timeouts`] tells a background
//!   sweeper when a clock has run out so `time_expired` can be recorded for live views.
//!
//! Time is always passed in (`now`); nothing here reads the clock. Every variant of the rules is
//! read from the [`Ruleset`] stored in the match's first event.
//!
//! # Layout, bottom up (each file imports only the ones above it)
//! - vocabulary: `seat` ([`Seat`], [`Side`], [`Actor`]), `command` ([`Command`], with [`Play`]
//!   and [`Exchange`]), `event` ([`Payload`]), `outcome`, `error`, [`sheet`] (sheet-mode words),
//!   `lines` ([`SheetLine`]: the score sheet, one line per change of a score);
//! - [`board_mode`]: the board a board-mode match keeps and how a GCG move is read and scored on
//!   it; it knows nothing of the state;
//! - `state` (the [`State`] and its queries) and `fold` ([`apply`], [`fold`]);
//! - `decide` ([`decide`], time and consequences, one file per command group);
//! - projections that read the state and change nothing: `view` ([`View`], [`ResultSlip`]),
//!   `export` ([`to_gcg`]), and [`import`], which replays a GCG record through `decide`.
//!
//! Nothing here may import actix, diesel, the clock or a random source (see [`crate::rules`]).
//!
//! # Using it
//! ```text
//! create:   decide(&State::default(), Command::Create { ruleset, names }, &actor, now)  -> [created]
//! command:  let state = fold(&stored_events);
//!           let events = decide(&state, cmd, &actor, now)?;   // seqs last_seq+1..
//!           append events (kind = payload.kind(), payload_json = serde_json of payload)
//! show:     state.view(now)           // clocks at `now`, flags caught up
//! sweeper:  next_timeout_at(&state)   // sleep until then, then
//!           due_timeouts(&state, now) == Some(Command::TimeExpired) -> decide it as System
//! ```
//!
//! # JSON
//! - Command: `{"type": "play", "words": ["QI"], "tiles": 2, "declared": 22}` (sheet),
//!   `{"type": "play", "move": "8G QI", "declared": 22}` (board), `{"type": "pass"}`,
//!   `{"type": "exchange", "tiles": "EEEA"}`, `{"type": "challenge_word", "by": "B1", "words":
//!   ["QI"]}`, `{"type": "challenge_score", "by": "A2"}`, `{"type": "rule_word", "challenge": 4,
//!   "valid": true}`, `{"type": "rule_score", "challenge": 4, "actual": 30}`, `{"type": "hold",
//!   "by": "B1"}`, `{"type": "accept"}`, `{"type": "adjust_racks", "racks": {"A1": 5, "B1":
//!   0}}` (values) or `{"type": "adjust_racks", "tiles": {"A2": "QE?"}}` (the tiles left),
//!   `{"type": "disqualify", "side": "a", "reason": "…"}`, `{"type": "correction",
//!   "reverses_seq": 7, "reason": "…"}`, `{"type": "correct_score", "by": "B1", "turn": 0,
//!   "actual": 30}`, `{"type": "verify_slip", "by": "A1"}`, … (see [`Command`]).
//! - Event: `{"seq": 3, "at": "2026-…Z", "actor": {"role": "table", "id": "t1"}, "payload":
//!   {"type": "played", "seat": "A1", "words": ["QI"], "tiles": 2, "declared": 22, "drawn": 2}}`.
//! - View: see [`View`]; sides are `"a"`/`"b"`, seats `"A1"`, per-side values `{"a": …, "b": …}`.

// From the bottom up: vocabulary, the board, the state and its fold, decisions, projections.
// Each imports only what is above it in this list.
mod command;
mod error;
mod event;
mod lines;
mod outcome;
mod seat;
pub mod sheet;

pub mod board_mode;
mod fold;
mod state;

mod decide;

mod export;
pub mod import;
mod view;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;

pub use crate::rules::ruleset::Ruleset;
pub use board_mode::{BoardPlay, BoardTrack};
pub use command::{Authority, Command, Exchange, Play};
pub use decide::{
    decide, decide_and_apply, due_timeouts, next_timeout_at, pending_timeouts,
    score_after_challenge, seat_order,
};
pub use error::RuleError;
pub use event::{Event, Payload};
pub use export::to_gcg;
pub use fold::{apply, fold};
pub use import::{ImportError, import_gcg, import_span_ms};
pub use lines::{SheetEntry, SheetLine};
pub use outcome::{EndReason, GameResult, ResultReason, overtime_penalty, rack_adjustments};
pub use seat::{Actor, Seat, Side, Sides};
pub use state::{
    Adjustment, AdjustmentReason, Challenge, ChallengeKind, ChallengeRuling, Forfeit,
    ScoreCorrection, State, Status, Turn, TurnAction, Window,
};
pub use view::{BestWord, ResultSlip, View, WindowView};
