//! Command-line tasks other than serving: account administration, record checking and analysis,
//! and the move generator.

pub mod admin;
pub mod backup;
pub mod demo;
pub mod gcg;
pub mod moves;
