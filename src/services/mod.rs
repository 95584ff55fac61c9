//! Use cases. Each runs in one transaction: load, ask `rules/`, append, update projections.
//!
//! Every change to a match goes through the match desk (`desk`): tablets' commands through
//! `Desk::submit` (written in batches by `writer`), services' own transactions through its unit
//! of work. Only the desk touches the match cache and tells live pages, after the commit.
//! Nothing here imports `web::`. `now` comes from the injected clock, except three creation
//! stamps still read from the wall clock (`created_at` of a new account, event or grant).

pub mod accounts;
pub mod authz;
pub mod committee;
pub mod desk;
pub mod events;
pub mod import;
pub mod lexicons;
pub mod matches;
pub mod pic;
pub mod rounds;
pub mod sessions;
pub mod standings;
pub mod writer;
