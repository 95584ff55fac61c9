//! The rest of a round-robin cycle once its players changed (issue 18, rule E1): a late entry
//! or a withdrawal after some rounds of the cycle were paired. The rounds already paired stand;
//! the Berger table of the new players would repeat games already played, so the remaining
//! rounds of the cycle are searched for instead: every round pairs every player (one bye when
//! the count is odd), no game of the cycle is played twice, and no player sits out twice when
//! that can be avoided.
//!
//! The search is exact on the small fields round robins are played with (backtracking, the
//! player with the fewest possible opponents first, cut as soon as some player has fewer
//! possible opponents left than rounds left) and bounded by a node budget, so a field too large
//! to settle answers "none found" in milliseconds rather than never.

use super::swiss::pair_key;
use std::collections::HashSet;

/// Search steps before giving up (a few hundred milliseconds at most).
const BUDGET: u64 = 2_000_000;

/// One round of the completion: games (in the players' order) and the bye, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Round {
    /// Games, the better-placed player (in the given order) first.
    pub games: Vec<(i64, i64)>,
    /// Who sits out (odd count).
    pub bye: Option<i64>,
}

/// `rounds` rounds of `players` (in the order given) in which no pair of `met` meets and no
/// pair meets twice, one bye per round when the count is odd, never to a player of `had_bye`
/// unless that leaves no schedule (then byes may repeat; games never do). None when no such
/// schedule exists (or none was found within the budget).
pub(super) fn complete(
    players: &[i64],
    met: &HashSet<(i64, i64)>,
    had_bye: &HashSet<i64>,
    rounds: usize,
) -> Option<Vec<Round>> {
    search(players, met, had_bye, rounds).or_else(|| search(players, met, &HashSet::new(), rounds))
}

fn search(
    players: &[i64],
    met: &HashSet<(i64, i64)>,
    had_bye: &HashSet<i64>,
    rounds: usize,
) -> Option<Vec<Round>> {
    let n = players.len();
    let k = n + n % 2;
    if n < 2 || rounds == 0 {
        return Some(Vec::new());
    }
    let mut used = vec![vec![false; k]; k];
    for (i, &a) in players.iter().enumerate() {
        used[i][i] = true;
        for (j, &b) in players.iter().enumerate() {
            if met.contains(&pair_key(a, b)) {
                used[i][j] = true;
            }
        }
        if k > n && had_bye.contains(&a) {
            used[i][n] = true;
            used[n][i] = true;
        }
    }
    if k > n {
        used[n][n] = true;
    }
    let mut s = Search {
        k,
        rounds,
        used,
        mate: vec![vec![None; k]; rounds],
        nodes: 0,
    };
    if !s.feasible(0) || !s.fill(0) {
        return None;
    }
    Some(
        s.mate
            .iter()
            .map(|m| {
                let mut games = Vec::new();
                let mut bye = None;
                for (i, partner) in m.iter().enumerate().take(n) {
                    match *partner {
                        Some(j) if j == n => bye = Some(players[i]),
                        Some(j) if j > i => games.push((players[i], players[j])),
                        _ => {}
                    }
                }
                Round { games, bye }
            })
            .collect(),
    )
}

struct Search {
    k: usize,
    rounds: usize,
    /// Pairs met (before or in the rounds placed so far); the diagonal is set.
    used: Vec<Vec<bool>>,
    /// Each round's partner of each vertex (vertex `n` is the bye when the count is odd).
    mate: Vec<Vec<Option<usize>>>,
    nodes: u64,
}

impl Search {
    fn candidates(&self, r: usize, v: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.k).filter(move |&u| self.mate[r][u].is_none() && !self.used[v][u])
    }

    /// Every vertex still has at least as many possible partners as rounds it must be paired in.
    fn feasible(&self, r: usize) -> bool {
        (0..self.k).all(|x| {
            let need = (self.rounds - r - 1) + usize::from(self.mate[r][x].is_none());
            self.used[x].iter().filter(|u| !**u).count() >= need
        })
    }

    /// Fills round `r` and the rounds after it.
    fn fill(&mut self, r: usize) -> bool {
        if r == self.rounds {
            return true;
        }
        let mut best: Option<(usize, usize)> = None;
        for v in (0..self.k).filter(|&v| self.mate[r][v].is_none()) {
            let c = self.candidates(r, v).count();
            if best.is_none_or(|(_, b)| c < b) {
                best = Some((v, c));
            }
        }
        let Some((v, _)) = best else {
            return self.fill(r + 1);
        };
        let options: Vec<usize> = self.candidates(r, v).collect();
        for u in options {
            self.nodes += 1;
            if self.nodes > BUDGET {
                return false;
            }
            self.set(r, v, u, true);
            if self.feasible(r) && self.fill(r) {
                return true;
            }
            self.set(r, v, u, false);
        }
        false
    }

    fn set(&mut self, r: usize, v: usize, u: usize, on: bool) {
        self.used[v][u] = on;
        self.used[u][v] = on;
        self.mate[r][v] = on.then_some(u);
        self.mate[r][u] = on.then_some(v);
    }
}
