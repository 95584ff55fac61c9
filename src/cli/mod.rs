//! Command-line tasks other than serving: account administration and record checking.

pub mod admin;
pub mod backup;
pub mod demo;
pub mod gcg;
