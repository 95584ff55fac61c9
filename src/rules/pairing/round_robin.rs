//! Round robin by Berger tables (E1).

use std::collections::HashSet;

use crate::rules::pairing::{Pairing, table_number};

/// All rounds of a single round robin by Berger tables (E1): every pair of teams meets exactly
/// once, in `n - 1` rounds for an even count and `n` rounds for an odd count, where each team has
/// exactly one bye (the bye takes the place of Berger's highest number). Sides follow Berger's
/// colours, so each team's count of side A and side B differ by at most one.
///
/// `teams[i]` plays as Berger number `i + 1`. Repeated ids are dropped (first one kept); fewer
/// than two teams give no rounds.
pub fn round_robin(teams: &[i64]) -> Vec<Vec<Pairing>> {
    let mut seen = HashSet::with_capacity(teams.len());
    let teams: Vec<i64> = teams.iter().copied().filter(|t| seen.insert(*t)).collect();
    if teams.len() < 2 {
        return Vec::new();
    }
    // Berger numbers 1..=m; with an odd count, number m is the bye.
    let m = teams.len() + teams.len() % 2;
    let team_of = |number: usize| teams.get(number - 1).copied();
    let half = m / 2;
    (0..m - 1)
        .map(|round| {
            // Between rounds every number except m moves `m / 2` places round the circle
            // (mod m - 1): that rotation is what produces the Berger tables.
            let at = |seat: usize| (seat - 1 + round * half) % (m - 1) + 1;
            // Table 1 holds number m, which alternates sides: B in odd rounds (1-based).
            let first = if round % 2 == 0 {
                (at(1), m)
            } else {
                (m, at(1))
            };
            let boards = std::iter::once(first).chain((2..=half).map(|t| (at(t), at(m + 1 - t))));
            let mut lines = Vec::with_capacity(half);
            let mut bye = None;
            for (a, b) in boards {
                match (team_of(a), team_of(b)) {
                    (Some(team_a), Some(team_b)) => lines.push(Pairing::Match {
                        table: table_number(lines.len()),
                        team_a,
                        team_b,
                    }),
                    (Some(team), None) | (None, Some(team)) => bye = Some(Pairing::Bye { team }),
                    (None, None) => {}
                }
            }
            lines.extend(bye);
            lines
        })
        .collect()
}
