//! Use cases. Each runs in one transaction: load, ask `rules/`, append, update projections.

pub mod accounts;
