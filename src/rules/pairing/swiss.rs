//! Swiss pairing (E1, ranked by E2): the bye, the cost of each possible pairing, and sides.
//! The matching itself is [`super::matching`].

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::rules::pairing::matching::min_cost_perfect_matching;
use crate::rules::pairing::{Pairing, PairingError, table_number};
use crate::rules::standings::StandingRow;

/// A team as Swiss pairing sees it: its standing going into the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissEntry {
    /// The team.
    pub team: i64,
    /// Match points so far (E2).
    pub match_points: i64,
    /// Total spread so far (E2).
    pub spread: i64,
}

impl From<&StandingRow> for SwissEntry {
    fn from(row: &StandingRow) -> Self {
        Self {
            team: row.team,
            match_points: row.match_points,
            spread: row.spread,
        }
    }
}

/// Pairs the next Swiss round (E1).
///
/// `standings` are the teams to pair, best first (pass the E2 standings without teams
/// disqualified from the event or withdrawn). They are ranked by match points, then spread; teams
/// equal on both keep the order given, so the standings' later tiebreaks carry through.
/// `history` is every line of every earlier round; it supplies past meetings, past byes and past
/// sides.
///
/// The round:
/// - the bye (odd count) and the pairs come from one exact minimum-cost perfect matching, the
///   bye being a partner like any other, whose cost is, in strict order of importance: the bye
///   goes to a team with the fewest byes so far; the number of earlier meetings repeated; the
///   bye goes to the lowest-ranked such team; the sum over pairs of the squared match-point
///   difference; the sum of the squared rank difference. Squares prefer many small steps to one
///   large one, so within a score group the result is 1 v 2, 3 v 4, …. So the bye is the
///   lowest-ranked team without one unless that forces a repeat another bye would avoid;
/// - side A goes to the team that has had side A less often than side B so far (the
///   higher-ranked one when equal);
/// - tables are numbered by the higher-ranked team of each pair, the top pair at table 1, and the
///   bye comes last.
///
/// If no round without repeats exists, the result is [`PairingError::RepeatsUnavoidable`]
/// carrying the round with the fewest repeats: repeating a pairing is the director's call, not
/// the software's.
pub fn swiss(standings: &[SwissEntry], history: &[Pairing]) -> Result<Vec<Pairing>, PairingError> {
    let mut seen = HashSet::with_capacity(standings.len());
    for entry in standings {
        if !seen.insert(entry.team) {
            return Err(PairingError::DuplicateTeam(entry.team));
        }
    }
    let mut ranked = standings.to_vec();
    // Stable: ties on both keys keep the caller's order.
    ranked.sort_by(|a, b| {
        b.match_points
            .cmp(&a.match_points)
            .then(b.spread.cmp(&a.spread))
    });

    let past = History::new(history);
    // The bye and the pairs are chosen together (one matching with a "bye" vertex when the
    // count is odd): fixing the bye first can leave only repeats although another team without
    // a bye could sit out and leave a fresh round (issue 18).
    let odd = ranked.len() % 2 == 1;
    let cost = swiss_costs(&ranked, &past, odd);
    let matched = min_cost_perfect_matching(&cost)?;
    let mut bye = None;
    let mut pairs = Vec::with_capacity(matched.len());
    for (i, j) in matched {
        if j == ranked.len() {
            bye = Some(ranked[i].team);
        } else {
            pairs.push((i, j));
        }
    }

    let mut lines = Vec::with_capacity(pairs.len() + 1);
    let mut repeats = Vec::new();
    // `pairs` is sorted by the better rank of each pair, which is the table order.
    for (i, j) in pairs {
        let (hi, lo) = (ranked[i].team, ranked[j].team);
        let (team_a, team_b) = if past.side_balance(lo) < past.side_balance(hi) {
            (lo, hi)
        } else {
            (hi, lo)
        };
        if past.meetings(team_a, team_b) > 0 {
            repeats.push((team_a, team_b));
        }
        lines.push(Pairing::Match {
            table: table_number(lines.len()),
            team_a,
            team_b,
        });
    }
    lines.extend(bye.map(|team| Pairing::Bye { team }));
    if repeats.is_empty() {
        Ok(lines)
    } else {
        Err(PairingError::RepeatsUnavoidable {
            repeats,
            fewest: lines,
        })
    }
}

/// What earlier rounds say about each team.
pub(super) struct History {
    meetings: HashMap<(i64, i64), u64>,
    byes: HashMap<i64, u64>,
    /// Times on side A minus times on side B.
    sides: HashMap<i64, i64>,
}

impl History {
    pub(super) fn new(lines: &[Pairing]) -> Self {
        let mut history = Self {
            meetings: HashMap::new(),
            byes: HashMap::new(),
            sides: HashMap::new(),
        };
        for line in lines {
            match *line {
                Pairing::Match { team_a, team_b, .. } => {
                    *history
                        .meetings
                        .entry(pair_key(team_a, team_b))
                        .or_default() += 1;
                    *history.sides.entry(team_a).or_default() += 1;
                    *history.sides.entry(team_b).or_default() -= 1;
                }
                Pairing::Bye { team } => *history.byes.entry(team).or_default() += 1,
            }
        }
        history
    }

    pub(super) fn meetings(&self, a: i64, b: i64) -> u64 {
        self.meetings.get(&pair_key(a, b)).copied().unwrap_or(0)
    }

    pub(super) fn byes(&self, team: i64) -> u64 {
        self.byes.get(&team).copied().unwrap_or(0)
    }

    pub(super) fn side_balance(&self, team: i64) -> i64 {
        self.sides.get(&team).copied().unwrap_or(0)
    }
}

pub(super) fn pair_key(a: i64, b: i64) -> (i64, i64) {
    (a.min(b), a.max(b))
}

/// The Swiss cost of pairing ranked teams `i` and `j`, for every pair (diagonal unused). With
/// `bye`, one more vertex (the last index) stands for the bye: pairing a team with it gives
/// that team the bye.
///
/// Each criterion is scaled above the largest total the criteria below it can reach over a
/// whole round, so a sum of costs compares rounds lexicographically: a bye to a team with more
/// than the fewest byes first, then repeats, then the bye's rank (lowest-ranked preferred), then
/// closer match points, then closer ranks. In i128 the scaled sums stay exact (doubled weights
/// included) for match points within ±1,000,000 and thousands of teams, far beyond any event.
pub(super) fn swiss_costs(ranked: &[SwissEntry], past: &History, bye: bool) -> Vec<Vec<i128>> {
    let n = ranked.len();
    let k = n + usize::from(bye);
    if k < 2 {
        return vec![vec![0; k]; k];
    }
    let count = |x: usize| i128::try_from(x).unwrap_or(i128::MAX);
    let pairs = count(k / 2);
    let widest = count(n.saturating_sub(1));
    let rank_cap = pairs * widest * widest + 1;
    let (lowest, highest) = ranked.iter().fold((i64::MAX, i64::MIN), |(lo, hi), e| {
        (lo.min(e.match_points), hi.max(e.match_points))
    });
    let points_range = i128::from(highest) - i128::from(lowest);
    let points_cap = pairs * points_range * points_range * rank_cap + rank_cap;
    // The bye's rank tier: at most n - 1 units of `points_cap`.
    let repeat_cap = count(n) * points_cap;
    let most_meetings = ranked
        .iter()
        .enumerate()
        .flat_map(|(i, a)| ranked[i + 1..].iter().map(move |b| (a.team, b.team)))
        .map(|(a, b)| i128::from(past.meetings(a, b)))
        .max()
        .unwrap_or(0);
    let fewest_byes = ranked.iter().map(|e| past.byes(e.team)).min().unwrap_or(0);
    let extra_bye_cap = (pairs * most_meetings + 1) * repeat_cap;
    let mut cost = vec![vec![0i128; k]; k];
    for i in 0..n {
        for j in (i + 1)..n {
            let rank_gap = count(j - i);
            let points_gap =
                i128::from(ranked[i].match_points) - i128::from(ranked[j].match_points);
            let repeats = i128::from(past.meetings(ranked[i].team, ranked[j].team));
            let c = repeats * repeat_cap + points_gap * points_gap * rank_cap + rank_gap * rank_gap;
            cost[i][j] = c;
            cost[j][i] = c;
        }
        if bye {
            let extra = i128::from(past.byes(ranked[i].team) - fewest_byes);
            let c = extra * extra_bye_cap + count(n - 1 - i) * points_cap;
            cost[i][n] = c;
            cost[n][i] = c;
        }
    }
    cost
}
