//! HTTP tests against a real server on port 0. Run on SQLite by default; set
//! `ARBITER_TEST_DATABASE=postgres://postgres@127.0.0.1:5432/postgres` to run them on PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod helpers;

mod auth;
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
