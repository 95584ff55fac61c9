//! Use cases. Each runs in one transaction: load, ask `rules/`, append, update projections.
//!
//! Every change to a match goes through the match desk (`desk`): tablets' commands through
//! `Desk::submit` (written in batches by `writer`), services' own transactions through its unit
//! of work. Only the desk touches the match cache and tells live pages, after the commit.
//! Nothing here imports `web::`. Every `now`, creation stamps included, is an argument the
//! caller read from the injected clock (`AppState::clock`); nothing here reads the wall clock.

pub mod accounts;
pub mod analysis;
pub mod authz;
pub mod committee;
pub mod desk;
pub mod duplicate;
pub mod event_accounts;
pub mod events;
pub mod import;
pub mod individual;
pub mod lexicons;
pub mod matches;
pub mod online;
pub mod pic;
pub mod pins;
pub mod public_events;
pub mod rounds;
pub mod sessions;
pub mod standings;
pub mod writer;
