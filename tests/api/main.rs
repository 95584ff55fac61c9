//! HTTP tests against a real server on port 0, one per test, stopped when the test ends. Run on
//! SQLite by default; set `ARBITER_TEST_DATABASE=postgres://postgres@127.0.0.1:5432/postgres` to
//! run them on PostgreSQL. Set-ups come from `helpers` (`TestApp::builder()`, `app.hall()`,
//! `event(..)`): a test module adds its own requests, not its own event, teams or accounts.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod helpers;

mod auth;
mod closing;
mod director;
mod foundation;
mod inputs;
mod match_path;
mod matches;
mod openapi;
mod ops;
mod security;
mod sessions;
mod storage;
