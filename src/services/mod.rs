//! Use cases. Each runs in one transaction: load, ask `rules/`, append, update projections.

pub mod accounts;
pub mod authz;
pub mod events;
pub mod import;
pub mod matches;
