//! Rounds entered by hand (E1): checked, not built.

use std::collections::HashSet;

use crate::rules::pairing::{Pairing, PairingError};

/// Checks a round a director entered by hand (E1): only teams of the event, each at most once,
/// no team against itself, table numbers from 1 and distinct. Teams may be left out (absent
/// teams simply do not play).
pub fn validate_manual(teams: &[i64], round: &[Pairing]) -> Result<(), PairingError> {
    let known: HashSet<i64> = teams.iter().copied().collect();
    let mut placed = HashSet::with_capacity(round.len() * 2);
    let mut tables = HashSet::with_capacity(round.len());
    for line in round {
        if let Pairing::Match {
            table,
            team_a,
            team_b,
        } = *line
        {
            if team_a == team_b {
                return Err(PairingError::SelfPairing(team_a));
            }
            if table == 0 {
                return Err(PairingError::TableZero);
            }
            if !tables.insert(table) {
                return Err(PairingError::DuplicateTable(table));
            }
        }
        for team in line.teams() {
            if !known.contains(&team) {
                return Err(PairingError::UnknownTeam(team));
            }
            if !placed.insert(team) {
                return Err(PairingError::DuplicateTeam(team));
            }
        }
    }
    Ok(())
}
