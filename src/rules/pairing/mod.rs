//! Pairings for an event's rounds (RULES.md E1): round robin, Swiss, and checks for manual rounds.
//!
//! - **Round robin** follows the Berger tables, so a printed schedule matches the ones directors
//!   already know, and sides alternate the way Berger alternates colours.
//! - **Swiss** pairs by match points, then spread (E2 order), never repeating a pairing when a
//!   repeat-free round exists. It is an exact minimum-cost perfect matching, computed as a
//!   maximum-weight matching with Edmonds' blossom algorithm (primal-dual, O(n³) on the dense
//!   graph; see `matching`). A greedy "pair down the list and backtrack" draw
//!   can miss a repeat-free round that exists, or settle for a worse one; the matching cannot.
//!   The dense graph costs about 32·(2n)² bytes: 5 MB for 200 teams, the largest events we plan
//!   for (1,000 teams would need about 130 MB; pair such a field by round robin or in pools).
//! - **Manual** rounds are checked, not built: each team at most once, only known teams.
//!
//! Tables are numbered from 1 in ranking order (the top pairing plays at table 1); a bye has no
//! table. Nothing here draws random numbers: equal cases are settled by the order the caller gives.
//!
//! # Layout
//! - this file: a round's lines ([`Pairing`]) and why a round cannot be made ([`PairingError`]);
//! - `round_robin`: Berger tables; `swiss`: ranking, history and the Swiss cost of a pairing;
//! - `manual`: checks for a round entered by hand;
//! - `individual`: 1 vs 1 divisions (issue 18): a pairing plan per division, king of the hill,
//!   Gibsonization, overrides, reusing the round robin and Swiss above; `round_robin_rest`:
//!   the rest of a round-robin cycle whose players changed (late entries, withdrawals);
//! - `matching`: the exact minimum-cost perfect matching Swiss relies on (Edmonds' blossom
//!   algorithm), which knows nothing of teams.
//!
//! Like all of `rules/`, nothing here touches the database, the web or a random source.

pub mod individual;
mod manual;
mod matching;
mod round_robin;
mod round_robin_rest;
mod swiss;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod individual_tests;

use serde::{Deserialize, Serialize};

pub use manual::validate_manual;
pub use round_robin::round_robin;
pub use swiss::{SwissEntry, swiss};

/// One line of a round: two teams at a table, or a team sitting out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pairing {
    /// Two teams meet at a numbered table; `team_a` takes side A.
    Match {
        /// Table number, from 1.
        table: u32,
        /// The team on side A.
        team_a: i64,
        /// The team on side B.
        team_b: i64,
    },
    /// The team has no opponent this round (scored as a win by E2, see `standings`).
    Bye {
        /// The team sitting out.
        team: i64,
    },
}

impl Pairing {
    /// The teams on this line: one for a bye, two for a match.
    pub fn teams(&self) -> impl Iterator<Item = i64> {
        let (first, second) = match *self {
            Pairing::Match { team_a, team_b, .. } => (team_a, Some(team_b)),
            Pairing::Bye { team } => (team, None),
        };
        std::iter::once(first).chain(second)
    }
}

/// Why a round cannot be paired or a manual round is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// The same team is listed twice (in the standings given to Swiss, or in one round).
    #[error("team {0} appears more than once")]
    DuplicateTeam(i64),
    /// A manual round names a team that is not in the event.
    #[error("team {0} is not in this event")]
    UnknownTeam(i64),
    /// A manual round pairs a team with itself.
    #[error("team {0} cannot play itself")]
    SelfPairing(i64),
    /// A manual round uses a table number twice.
    #[error("table {0} is used twice")]
    DuplicateTable(u32),
    /// A manual round uses table 0 (tables are numbered from 1).
    #[error("tables are numbered from 1")]
    TableZero,
    /// Swiss: every complete round repeats at least one earlier pairing. `fewest` is the best
    /// round there is (fewest repeats, then closest standings) for a director who accepts it;
    /// `repeats` lists its repeated pairs.
    #[error("no round without a repeat pairing exists ({} repeat(s) at best)", repeats.len())]
    RepeatsUnavoidable {
        /// The repeated pairs of `fewest`, as (side A, side B).
        repeats: Vec<(i64, i64)>,
        /// The round with the fewest repeats, numbered as usual.
        fewest: Vec<Pairing>,
    },
    /// The matcher returned a matching that leaves a team out. This is a bug, reported as an
    /// error rather than a panic so a director sees a message instead of a crash.
    #[error("internal error: the Swiss matching left a team unpaired")]
    IncompleteMatching,
}

/// Table number for the `index`-th match line (0-based).
fn table_number(index: usize) -> u32 {
    u32::try_from(index + 1).unwrap_or(u32::MAX)
}
