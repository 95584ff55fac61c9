//! Event standings from finished match results (RULES.md E2, with T18 deciding each match).
//!
//! Standings are a pure fold: the caller hands in every finished match, every bye and the teams
//! the committee removed from the event (E3), and gets back ranked rows. Nothing is cached, so a
//! committee correction (a new record, E3) changes the standings simply by changing the input.
//!
//! Choices this module makes where E2 leaves room (all documented on the items below):
//! - A forfeit (disqualification or walkout) is scored by the rule alone: the offender gets
//!   `-forfeit_spread`, the opponent `+forfeit_spread`, and the scores recorded on the sheet when
//!   the match stopped are **not** added to either team's total score. An abandoned game's partial
//!   totals say nothing about playing strength, and counting them would let the timing of a
//!   walkout move the total-score tiebreak.
//! - A forfeit where both teams are at fault (`winner: None`) is a loss for both, each with
//!   `-forfeit_spread`.
//! - A bye counts as a game played and a win worth `bye_spread`, with no total score.
//! - Teams disqualified from the whole event keep their results (their opponents' wins stand) but
//!   are ranked after every other team and flagged.
//!
//! The work is linear in the number of results plus `n log n` for the final sort, so 1,000 teams
//! over 15 rounds is a few milliseconds.
//!
//! The E2/E3 tests are in `tests.rs`.

use std::cmp::Ordering;
use std::collections::HashMap;

use serde::{Deserialize, Serialize};

/// How results turn into standings (E2); stored with the event as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct StandingsRule {
    /// Match points for a win (E2 default 2). Forfeit wins and byes earn this too.
    pub win: i32,
    /// Match points for a tie (E2 default 1).
    pub tie: i32,
    /// Match points for a loss (E2 default 0). Forfeit losses earn this too.
    pub loss: i32,
    /// Spread credited to the non-offending side of a disqualification or walkout, and debited
    /// from the offender (default 50, a common forfeit margin; some events use 0).
    pub forfeit_spread: i32,
    /// Spread credited for a bye (default 50, as forfeits).
    pub bye_spread: i32,
}

impl Default for StandingsRule {
    fn default() -> Self {
        Self {
            win: 2,
            tie: 1,
            loss: 0,
            forfeit_spread: 50,
            bye_spread: 50,
        }
    }
}

// One `Side` and one `ResultReason` for the whole crate: the match's own (T18), so a stored
// result reads back into the same type the game produced.
pub use crate::rules::game::{ResultReason, Side};

/// A finished match as standings need it; ids are the event's team ids.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchResult {
    /// The team on side A.
    pub team_a: i64,
    /// The team on side B.
    pub team_b: i64,
    /// Side A's final total (ignored for forfeits, see the module doc).
    pub score_a: i32,
    /// Side B's final total (ignored for forfeits).
    pub score_b: i32,
    /// The winner. For [`ResultReason::Score`] it must agree with the totals (`None` for equal
    /// totals). For a forfeit it is the side that did *not* forfeit; `None` means both did.
    pub winner: Option<Side>,
    /// How the match was decided.
    pub reason: ResultReason,
}

/// Everything standings are computed from.
#[derive(Clone, Copy, Debug, Default)]
pub struct StandingsInput<'a> {
    /// Every team of the event, so a team that has not played yet still gets a row. Teams that
    /// appear only in results, byes or `disqualified` get a row too.
    pub teams: &'a [i64],
    /// Every finished match of the event, in any order.
    pub results: &'a [MatchResult],
    /// One entry per bye given; a team with two byes appears twice.
    pub byes: &'a [i64],
    /// Teams disqualified from the whole event (E3): ranked last and flagged.
    pub disqualified: &'a [i64],
}

/// One line of the standings table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct StandingRow {
    /// 1-based rank; teams equal on every E2 criterion share a rank (1, 2, 2, 4).
    pub rank: u32,
    /// The team.
    pub team: i64,
    /// Matches played, byes included.
    pub played: u32,
    /// Wins, forfeit wins and byes included.
    pub wins: u32,
    /// Ties.
    pub ties: u32,
    /// Losses, forfeit losses included.
    pub losses: u32,
    /// Match points under the rule.
    pub match_points: i64,
    /// Points for minus points against, forfeit and bye spreads included.
    pub spread: i64,
    /// Sum of the team's own totals in matches decided by score.
    pub total_score: i64,
    /// Disqualified from the event (E3): such rows come after all others.
    pub disqualified: bool,
}

/// Results that cannot be turned into standings.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    /// A match lists the same team on both sides.
    #[error("team {0} cannot play itself")]
    SelfMatch(i64),
    /// A match decided by score names a winner its totals contradict (T18a).
    #[error("match {team_a} v {team_b}: the named winner disagrees with the totals")]
    WinnerContradictsScores {
        /// Side A of the match.
        team_a: i64,
        /// Side B of the match.
        team_b: i64,
    },
}

/// How one match (or bye) ended for one team.
#[derive(Clone, Copy)]
enum Outcome {
    Win,
    Tie,
    Loss,
}

#[derive(Default)]
struct Tally {
    played: u32,
    wins: u32,
    ties: u32,
    losses: u32,
    match_points: i64,
    spread: i64,
    total_score: i64,
    disqualified: bool,
}

impl Tally {
    fn record(&mut self, rule: &StandingsRule, outcome: Outcome, spread: i64, score: i64) {
        self.played += 1;
        match outcome {
            Outcome::Win => {
                self.wins += 1;
                self.match_points += i64::from(rule.win);
            }
            Outcome::Tie => {
                self.ties += 1;
                self.match_points += i64::from(rule.tie);
            }
            Outcome::Loss => {
                self.losses += 1;
                self.match_points += i64::from(rule.loss);
            }
        }
        self.spread += spread;
        self.total_score += score;
    }
}

/// Rows indexed by team id, created on first sight so the fold stays linear.
struct Table {
    index: HashMap<i64, usize>,
    rows: Vec<(i64, Tally)>,
}

impl Table {
    fn row(&mut self, team: i64) -> &mut Tally {
        let next = self.rows.len();
        let at = *self.index.entry(team).or_insert(next);
        if at == next {
            self.rows.push((team, Tally::default()));
        }
        &mut self.rows[at].1
    }
}

/// Computes the E2 standings: match points, then spread, then total score, then team id (only so
/// the order is deterministic; teams equal on the first three share a rank). Event-disqualified
/// teams come last, ranked among themselves the same way.
///
/// Fails only on inconsistent input (a team playing itself, a winner that contradicts the
/// totals), so a bad record is caught rather than silently ranked.
pub fn compute(
    rule: &StandingsRule,
    input: &StandingsInput<'_>,
) -> Result<Vec<StandingRow>, StandingsError> {
    let mut table = Table {
        index: HashMap::with_capacity(input.teams.len()),
        rows: Vec::with_capacity(input.teams.len()),
    };
    for &team in input.teams {
        table.row(team);
    }
    for result in input.results {
        record_match(rule, &mut table, result)?;
    }
    for &team in input.byes {
        table
            .row(team)
            .record(rule, Outcome::Win, i64::from(rule.bye_spread), 0);
    }
    for &team in input.disqualified {
        table.row(team).disqualified = true;
    }

    let mut rows = table.rows;
    rows.sort_unstable_by(|(ta, a), (tb, b)| rank_order(a, b).then(ta.cmp(tb)));

    let mut out: Vec<StandingRow> = Vec::with_capacity(rows.len());
    let mut previous: Option<&Tally> = None;
    let mut rank = 0u32;
    for (position, (team, tally)) in rows.iter().enumerate() {
        // Competition ranking: a team equal to the one above shares its rank, the next distinct
        // team takes its position (1, 2, 2, 4).
        if previous.is_none_or(|p| rank_order(p, tally) != Ordering::Equal) {
            rank = u32::try_from(position + 1).unwrap_or(u32::MAX);
        }
        previous = Some(tally);
        out.push(StandingRow {
            rank,
            team: *team,
            played: tally.played,
            wins: tally.wins,
            ties: tally.ties,
            losses: tally.losses,
            match_points: tally.match_points,
            spread: tally.spread,
            total_score: tally.total_score,
            disqualified: tally.disqualified,
        });
    }
    Ok(out)
}

/// E2 order without the team-id tiebreak: in-event teams first, then more match points, more
/// spread, more total score.
fn rank_order(a: &Tally, b: &Tally) -> Ordering {
    a.disqualified
        .cmp(&b.disqualified)
        .then(b.match_points.cmp(&a.match_points))
        .then(b.spread.cmp(&a.spread))
        .then(b.total_score.cmp(&a.total_score))
}

fn record_match(
    rule: &StandingsRule,
    table: &mut Table,
    result: &MatchResult,
) -> Result<(), StandingsError> {
    if result.team_a == result.team_b {
        return Err(StandingsError::SelfMatch(result.team_a));
    }
    let (a_outcome, b_outcome, a_spread, a_score, b_score) = match result.reason {
        ResultReason::Score => {
            // T18(a): the higher total wins, equal totals tie.
            let by_score = match result.score_a.cmp(&result.score_b) {
                Ordering::Greater => Some(Side::A),
                Ordering::Less => Some(Side::B),
                Ordering::Equal => None,
            };
            if by_score != result.winner {
                return Err(StandingsError::WinnerContradictsScores {
                    team_a: result.team_a,
                    team_b: result.team_b,
                });
            }
            let (a, b) = match by_score {
                Some(Side::A) => (Outcome::Win, Outcome::Loss),
                Some(Side::B) => (Outcome::Loss, Outcome::Win),
                None => (Outcome::Tie, Outcome::Tie),
            };
            let a_score = i64::from(result.score_a);
            let b_score = i64::from(result.score_b);
            (a, b, a_score - b_score, a_score, b_score)
        }
        ResultReason::Disqualification | ResultReason::Walkout => {
            // E2: the offender loses, the opponent wins, the spread is the rule's; recorded
            // totals are left out (module doc).
            let margin = i64::from(rule.forfeit_spread);
            match result.winner {
                Some(Side::A) => (Outcome::Win, Outcome::Loss, margin, 0, 0),
                Some(Side::B) => (Outcome::Loss, Outcome::Win, -margin, 0, 0),
                None => {
                    // Both at fault: two losses, each debited the forfeit margin.
                    table
                        .row(result.team_a)
                        .record(rule, Outcome::Loss, -margin, 0);
                    table
                        .row(result.team_b)
                        .record(rule, Outcome::Loss, -margin, 0);
                    return Ok(());
                }
            }
        }
    };
    table
        .row(result.team_a)
        .record(rule, a_outcome, a_spread, a_score);
    table
        .row(result.team_b)
        .record(rule, b_outcome, -a_spread, b_score);
    Ok(())
}

#[cfg(test)]
mod tests;
