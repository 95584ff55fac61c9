//! Individual (1 vs 1) tournaments as TSH directors run them (seed 003, issue 18): rating
//! estimates and TSH's files. Pairings live with the team pairings, which they reuse
//! ([`crate::rules::pairing::individual`]).
//!
//! - `late`: how a late entrant's rounds before their first count (a division's rule);
//! - `ratings`: Glicko-2 estimates for a division, seeded from imported ratings;
//! - `tsh`: TSH `.t` division files read and written, and the `tourney.js` JSON TSH publishes.
//!
//! Like all of `rules/`, nothing here touches the database, the web, the clock or a random source.

pub mod late;
pub mod quick;
pub mod ratings;
pub mod slips;
pub mod standings;
pub mod tsh;
