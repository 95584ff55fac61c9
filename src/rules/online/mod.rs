//! Online play (O1-O4, seed 001): two players, the server deals and keeps time, the computer
//! checks words (O1) or rules on challenges (O2), ratings move at the end (O4). Pure, like the
//! rest of [`crate::rules`]: time (`now`) and randomness (`&mut impl Rng`) are passed in, and a
//! refused command returns an [`OnlineError`] and records nothing.
//!
//! A format over the shared core: every rule of play (placement, scoring, exchange, N5
//! challenges, clocks and N2 overtime, N6-N7 end racks, the result) is the match engine's
//! ([`crate::rules::game`]), reached through its commands and folded by its `apply`. This
//! module adds the server's tiles, the dictionary at entry, the computer's rulings, the O1/O2
//! ends, the per-viewer view and the ratings.
//!
//! # Layout
//! - [`settings`]: what a seek offers, and the engine ruleset it makes;
//! - `event` ([`OnlineEvent`]): engine events plus the tiles dealt and drawn;
//! - `state` ([`OnlineState`], [`fold`], [`apply`]): the engine's state plus both racks and the bag;
//! - `decide` ([`decide`], [`OnlineCommand`]): commands to events; `end`: what follows by
//!   rule after each (loss on time, the O1/O2 ends, the end racks);
//! - `view` ([`view()`], [`public_event`]): what a player or a spectator may see;
//! - `export` ([`to_gcg`]): the record of a finished game;
//! - [`rating`]: Glicko-2 per variant (O4).
//!
//! # Using it (for the storage and HTTP layers)
//! ```text
//! open:   decide(&OnlineState::default(), Open { settings, names }, Server, now, rng, graph)
//!         decide(&state, Start, Server, now, rng, graph)          // N3 draw + deal
//! move:   let state = fold(&stored);  decide(&state, cmd, Player(side), now, &mut OsRng, graph)
//! show:   view(&state, Viewer::Player(side) | Viewer::Spectator, now)   // never the other rack
//! live:   public_event(&event, viewer) for each subscriber
//! sweep:  next_timeout_at(&state); due_timeouts(&state, now) -> Some(TimeExpired)
//! end:    state.game.result -> rating::rate_game(before, result.winner) if settings.rated
//! record: to_gcg_text(&state) once finished
//! ```
//!
//! # Readings
//! - O1 "no move possible": neither rack has a play on the board (the move generator's
//!   any-play) and the bag is too small to exchange (N4); passing is always possible and is
//!   not a move. N6's six scoreless turns also end a dictionary-mode game (both players
//!   passing forever would otherwise never end).
//! - O2 "passes three times in a row": three of one player's own turns in a row were passes,
//!   whatever the opponent did in between. Out-play (N6) ends a challenge-mode game too.
//! - O2 "ends on time": a setting: N2 overtime (play on, penalty) or loss on time (the
//!   player at zero loses). A loss on time and a resignation are recorded as the engine's
//!   walkout (T18c) with the reason `lost on time` / `resigned`; the view names them.
//! - The end racks are counted (N6-N7) once the last play can no longer be challenged off.
//! - N2 overtime has a limit (`max_overtime_minutes`, 1-10, as Woogles does): a player whose
//!   clock passes it loses on time, charged the full overtime allowed (`overtime`).

mod decide;
mod end;
mod error;
mod event;
mod export;
mod overtime;
pub mod rating;
pub mod settings;
mod state;
mod view;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;

pub use decide::{
    LOST_ON_TIME, OnlineCommand, RESIGNED, Sender, decide, decide_and_apply, due_timeouts,
    next_timeout_at,
};
pub use error::OnlineError;
pub use event::{OnlineEvent, OnlinePayload};
pub use export::{to_gcg, to_gcg_text};
pub use settings::{AtZero, MAX_OVERTIME_MINUTES, Mode, OnlineSettings};
pub use state::{OnlineState, PlayTiles, WordsCheck, apply, fold, seat};
pub use view::{CheckedView, OnlineEnd, OnlineView, TurnView, Viewer, end_of, public_event, view};
