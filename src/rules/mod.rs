//! The rules core: what a word game *is*, independent of how it is stored or shown.
//!
//! Everything in here is pure. Nothing in `rules/` imports actix, diesel or askama, reads the
//! clock, draws random numbers or touches the network. Time (`now`) and randomness are passed in
//! by the caller, and illegal commands come back as typed errors with the state untouched.
//! The one exception to "no I/O" is the lexicon loader at the edge, which reads a word list.
//!
//! Inside this module, refer to siblings as `crate::rules::…` so the module also builds on its
//! own (see `tests/` and the benchmarks).

// Board, tiles and notation (rules C1-C8).
pub mod board;
pub mod gcg;
pub mod lexicon;
pub mod notation;
pub mod placement;
pub mod scoring;
pub mod tiles;

// Match engine (rules T1-T19, N1-N8).
pub mod clock;
pub mod game;
pub mod ruleset;

// Event standings and pairings (rules E1-E2).
pub mod pairing;
pub mod standings;

// Move generation: all plays, top plays, any play (rules D6, O1).
pub mod movegen;
