//! Individual (1 vs 1) tournaments as TSH directors run them (seed 003, issue 18): rating
//! estimates and TSH's files. Pairings live with the team pairings, which they reuse
//! ([`crate::rules::pairing::individual`]).
//!
//! - `ratings`: rating estimates for a division, seeded from imported ratings: the division's
//!   method (Glicko-2 there, `elo` for NASPA and WESPA, `absp` for the ABSP) picked in one place;
//! - `late`: how a late entrant's rounds before their first count (a division's rule);
//! - `tsh`: TSH `.t` division files read and written, and the `tourney.js` JSON TSH publishes.
//!
//! Like all of `rules/`, nothing here touches the database, the web, the clock or a random source.

pub mod absp;
pub mod elo;
pub mod late;
pub mod quick;
#[cfg(test)]
mod rating_props;
pub mod ratings;
pub mod slips;
pub mod standings;
pub mod tsh;
