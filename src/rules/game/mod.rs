//! The match engine: team play 2v2 (T1-T19) and one-vs-one play (N1-N8) as an event-sourced state
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

pub mod board_mode;
mod command;
mod decide;
mod error;
mod event;
mod outcome;
mod seat;
mod state;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;

pub use crate::rules::ruleset::Ruleset;
pub use board_mode::{BoardPlay, BoardTrack, to_gcg};
pub use command::Command;
pub use decide::{
    decide, due_timeouts, next_timeout_at, pending_timeouts, score_after_challenge, seat_order,
};
pub use error::RuleError;
pub use event::{Event, Payload};
pub use outcome::{EndReason, GameResult, ResultReason, overtime_penalty, rack_adjustments};
pub use seat::{Actor, Seat, Side, Sides};
pub use state::{
    Adjustment, AdjustmentReason, Challenge, ChallengeKind, ChallengeRuling, Forfeit, ResultSlip,
    State, Status, Turn, TurnAction, View, Window, WindowView, apply, fold,
};
