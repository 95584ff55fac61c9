//! Arbiter: tournament operations for word-game (Scrabble-format) events.
//!
//! - [`rules`]: what a game and a match are (pure: no I/O, no clock, no randomness).
//! - [`vocab`]: the words every layer shares: typed ids, roles, statuses (pure data).
//! - [`db`]: how it is kept (diesel over SQLite or PostgreSQL).
//! - [`services`]: use cases, one transaction each.
//! - [`web`]: how people reach it (actix-web pages and the JSON API).
//! - [`startup`]: building the server; `main.rs` only parses the command line.

pub mod auth;
pub mod cli;
pub mod clock;
pub mod config;
pub mod db;
pub mod error;
pub mod live;
pub mod rules;
pub mod services;
pub mod startup;
pub mod text;
pub mod vocab;
pub mod web;
