//! HTTP tests against a real server on port 0, one per test, stopped when the test ends. Run on
//! SQLite by default; set `ARBITER_TEST_DATABASE=postgres://postgres@127.0.0.1:5432/postgres` to
//! run them on PostgreSQL. The multi-instance relay test runs on PostgreSQL either way (on
//! `postgres://postgres@127.0.0.1:5432/test` when the variable is unset). Set-ups come from `helpers` (`TestApp::builder()`, `app.hall()`,
//! `event(..)`): a test module adds its own requests, not its own event, teams or accounts.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod helpers;

mod accounts_api;
mod analysis;
mod auth;
mod closing;
mod director;
mod duplicate;
mod duplicate_cache;
mod duplicate_director;
mod duplicate_live;
mod duplicate_phone;
mod duplicate_prepared;
mod duplicate_prerender;
mod duplicate_record;
mod foundation;
mod individual;
mod individual_desk;
mod individual_director;
mod individual_event;
mod individual_late;
mod individual_limits;
mod individual_phone;
mod individual_public;
mod individual_ratings;
mod individual_tsh;
mod inputs;
mod keep_alive;
mod languages;
mod languages_words;
mod match_path;
mod matches;
mod navigation;
mod online;
mod online_cache;
mod online_ends;
mod online_overtime;
mod online_pages;
mod online_preview;
mod online_relay;
mod online_timing;
mod online_variants;
mod online_writer;
mod openapi;
mod ops;
mod page_forms;
mod pic_routes;
mod printing;
mod security;
mod sessions;
mod storage;
