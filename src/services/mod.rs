//! Use cases. Each runs in one transaction: load, ask `rules/`, append, update projections.

pub mod accounts;
pub mod authz;
pub mod committee;
pub mod events;
pub mod import;
pub mod lexicons;
pub mod matches;
pub mod pic;
pub mod rounds;
pub mod sessions;
pub mod standings;
pub mod writer;
