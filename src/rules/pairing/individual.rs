//! Pairings for individual (1 vs 1) divisions, seed 003 run the way TSH directors run them
//! (issue 18): a pairing plan per division (e.g. rounds 1-7 round robin, 8-14 Swiss, 15 king of
//! the hill) applied round by round, Gibsonization, and manual overrides.
//!
//! Players are plain ids, like teams in the rest of this module, and the team code is reused:
//! round robin is the Berger table ([`super::round_robin`]), Swiss is the same exact matching
//! ([`super::swiss`]: repeats avoided, the bye chosen with the pairs). "Side A" is the player who
//! goes first (N3 draws in casual play; tournaments balance firsts and seconds, "starts"), and
//! both Swiss and king of the hill give first to the player who has gone first less often.
//!
//! Standings are wins (a tie is half a win) then spread, as TSH ranks; they are counted in half
//! wins (`wins2`) so that everything stays an integer.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::swiss::History;
use super::{Pairing, PairingError, SwissEntry, round_robin, swiss, table_number, validate_manual};

/// How one stretch of rounds is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = IndivPairingMethod)]
pub enum Method {
    /// Round robin by Berger tables; a stretch longer than one cycle repeats it with first and
    /// second swapped (a double round robin).
    RoundRobin,
    /// Swiss: closest standings without repeats, firsts and seconds balanced.
    Swiss,
    /// King of the hill: 1 v 2, 3 v 4, … in the standings, repeats allowed (final rounds).
    KingOfTheHill,
    /// The director pairs the round by hand (overrides only).
    Manual,
}

/// One stretch of a plan: rounds `first..=last` paired by `method`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = IndivPlanStretch)]
pub struct Stretch {
    /// First round of the stretch (from 1).
    pub first: u32,
    /// Last round of the stretch.
    pub last: u32,
    /// How its rounds are paired.
    pub method: Method,
}

/// A division's pairing plan, set in advance: stretches covering rounds 1..=n without gaps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    stretches: Vec<Stretch>,
}

/// Why a plan is refused or a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    /// The plan has no stretch.
    #[error("a pairing plan needs at least one stretch of rounds")]
    Empty,
    /// A stretch does not start right after the previous one (or the first not at round 1).
    #[error("stretch {index} must start at round {expected}, not {got}")]
    Gap {
        /// The stretch (from 0).
        index: usize,
        /// The round it should start at.
        expected: u32,
        /// The round it starts at.
        got: u32,
    },
    /// A stretch ends before it starts.
    #[error("stretch {index} ends (round {last}) before it starts (round {first})")]
    Backwards {
        /// The stretch (from 0).
        index: usize,
        /// Its first round.
        first: u32,
        /// Its last round.
        last: u32,
    },
    /// The round is outside the plan.
    #[error("round {0} is not in the pairing plan")]
    NotPlanned(u32),
    /// The round is planned as manual and no (complete) pairing was given.
    #[error("round {0} is paired by hand: give its pairings")]
    ManualRound(u32),
    /// Overrides are not allowed in a round-robin round (its schedule is fixed).
    #[error("round {0} is a round-robin round: its schedule cannot be overridden")]
    FixedSchedule(u32),
    /// A pairing rule refused (unknown player, player twice, unavoidable repeats, …).
    #[error(transparent)]
    Pairing(#[from] PairingError),
}

impl Plan {
    /// The stretches, in order.
    pub fn stretches(&self) -> &[Stretch] {
        &self.stretches
    }

    /// Checks and makes a plan.
    pub fn new(stretches: Vec<Stretch>) -> Result<Self, PlanError> {
        if stretches.is_empty() {
            return Err(PlanError::Empty);
        }
        let mut expected = 1;
        for (index, s) in stretches.iter().enumerate() {
            if s.first != expected {
                return Err(PlanError::Gap {
                    index,
                    expected,
                    got: s.first,
                });
            }
            if s.last < s.first {
                return Err(PlanError::Backwards {
                    index,
                    first: s.first,
                    last: s.last,
                });
            }
            expected = s.last + 1;
        }
        Ok(Self { stretches })
    }

    /// The stretch a round belongs to.
    pub fn stretch(&self, round: u32) -> Result<Stretch, PlanError> {
        self.stretches
            .iter()
            .find(|s| (s.first..=s.last).contains(&round))
            .copied()
            .ok_or(PlanError::NotPlanned(round))
    }

    /// The last round of the plan.
    pub fn rounds(&self) -> u32 {
        self.stretches.last().map_or(0, |s| s.last)
    }
}

/// A player's standing going into a round, as pairing needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The player.
    pub player: i64,
    /// Wins counted in halves: a win 2, a tie 1.
    pub wins2: i64,
    /// Spread so far.
    pub spread: i64,
}

/// Gibsonization (issue 18): a player who has clinched first place is paired so as not to
/// affect the prizes, against the highest-ranked player out of contention for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gibson {
    /// Prize places that depend on the results (first place included).
    pub prizes: usize,
}

/// Everything one round's pairing is made from.
#[derive(Clone, Copy, Debug)]
pub struct RoundInput<'a> {
    /// The round to pair (from 1).
    pub round: u32,
    /// Players to pair (withdrawn players left out), in any order; ranked here by wins, spread.
    pub standings: &'a [Standing],
    /// Every line of the division's earlier rounds (meetings, byes, firsts).
    pub history: &'a [Pairing],
    /// Lines the director fixed for this round; the rest are paired by the plan.
    pub overrides: &'a [Pairing],
    /// Gibsonization, when the division uses it.
    pub gibson: Option<Gibson>,
}

/// Ranks players by wins, then spread; equal players keep the given order.
pub fn rank(standings: &[Standing]) -> Vec<Standing> {
    let mut ranked = standings.to_vec();
    ranked.sort_by(|a, b| b.wins2.cmp(&a.wins2).then(b.spread.cmp(&a.spread)));
    ranked
}

/// The leader, when they have clinched first place: more wins ahead of second place than the
/// rounds left could make up (a lead equal to the rounds left could still end in a tie on wins
/// and is not clinched). `rounds_left` counts this round.
pub fn clinched_leader(ranked: &[Standing], rounds_left: u32) -> Option<i64> {
    let (first, second) = (ranked.first()?, ranked.get(1)?);
    (first.wins2 - second.wins2 > 2 * i64::from(rounds_left)).then_some(first.player)
}

/// The players out of contention for `prizes` places: even winning every round left they
/// cannot reach the wins the player now in the last prize place has. Best ranked first.
pub fn out_of_contention(ranked: &[Standing], prizes: usize, rounds_left: u32) -> Vec<i64> {
    let Some(last_prize) = ranked.get(prizes.saturating_sub(1)) else {
        return Vec::new();
    };
    ranked
        .iter()
        .skip(prizes)
        .filter(|s| s.wins2 + 2 * i64::from(rounds_left) < last_prize.wins2)
        .map(|s| s.player)
        .collect()
}

/// Pairs one round of a division by its plan (issue 18; rules E1 and N1-N9 for the games).
///
/// Order of work: the director's overrides are fixed first (checked like a manual round); then
/// a Gibsonized leader (Swiss and king-of-the-hill stretches) is paired against the
/// highest-ranked player out of contention they have met least (the lowest-ranked player when
/// nobody is out of contention); the rest are paired by the stretch's method. Tables are
/// numbered in that order, byes last.
pub fn pair_round(plan: &Plan, input: &RoundInput<'_>) -> Result<Vec<Pairing>, PlanError> {
    let stretch = plan.stretch(input.round)?;
    let ids: Vec<i64> = input.standings.iter().map(|s| s.player).collect();
    validate_manual(&ids, input.overrides)?;
    let mut seen = HashSet::new();
    if let Some(dup) = ids.iter().find(|p| !seen.insert(**p)) {
        return Err(PairingError::DuplicateTeam(*dup).into());
    }
    let past = History::new(input.history);
    let mut fixed: Vec<Pairing> = input.overrides.to_vec();
    let placed: HashSet<i64> = fixed.iter().flat_map(Pairing::teams).collect();
    let mut rest: Vec<Standing> = rank(input.standings)
        .into_iter()
        .filter(|s| !placed.contains(&s.player))
        .collect();

    let lines = match stretch.method {
        Method::Manual => {
            if !rest.is_empty() || fixed.is_empty() {
                return Err(PlanError::ManualRound(input.round));
            }
            Vec::new()
        }
        Method::RoundRobin => {
            if !fixed.is_empty() {
                return Err(PlanError::FixedSchedule(input.round));
            }
            round_robin_round(&ids, input.round - stretch.first)
        }
        Method::Swiss | Method::KingOfTheHill => {
            if let Some(g) = input.gibson {
                let rounds_left = plan.rounds().saturating_sub(input.round) + 1;
                if let Some(pair) = gibson_pair(&rest, g, rounds_left, &past) {
                    fixed.push(sided(pair.0, pair.1, &past));
                    rest.retain(|s| s.player != pair.0 && s.player != pair.1);
                }
            }
            if stretch.method == Method::Swiss {
                let entries: Vec<SwissEntry> = rest
                    .iter()
                    .map(|s| SwissEntry {
                        team: s.player,
                        match_points: s.wins2,
                        spread: s.spread,
                    })
                    .collect();
                swiss(&entries, input.history)?
            } else {
                king_of_the_hill(&rest, &past)
            }
        }
    };
    Ok(renumber(fixed.into_iter().chain(lines)))
}

/// Round `index` (from 0) of the stretch's round robin: the Berger cycle, repeated with first
/// and second swapped on every other pass (double round robin; each pass balances starts).
fn round_robin_round(players: &[i64], index: u32) -> Vec<Pairing> {
    let schedule = round_robin(players);
    if schedule.is_empty() {
        return players.iter().map(|&team| Pairing::Bye { team }).collect();
    }
    let at = usize::try_from(index).unwrap_or(0);
    let swap = (at / schedule.len()) % 2 == 1;
    schedule[at % schedule.len()]
        .iter()
        .map(|line| match *line {
            Pairing::Match {
                table,
                team_a,
                team_b,
            } if swap => Pairing::Match {
                table,
                team_a: team_b,
                team_b: team_a,
            },
            other => other,
        })
        .collect()
}

/// The Gibson pair (leader, opponent), when the leader has clinched first.
fn gibson_pair(
    ranked: &[Standing],
    g: Gibson,
    rounds_left: u32,
    past: &History,
) -> Option<(i64, i64)> {
    let leader = clinched_leader(ranked, rounds_left)?;
    let out = out_of_contention(ranked, g.prizes.max(1), rounds_left);
    // Highest-ranked among those the leader has met least: a repeat only when all were met.
    let opponent = out
        .iter()
        .copied()
        .filter(|&p| p != leader)
        .min_by_key(|&p| past.meetings(leader, p))
        .or_else(|| ranked.last().map(|s| s.player).filter(|&p| p != leader))?;
    Some((leader, opponent))
}

/// King of the hill: 1 v 2, 3 v 4, … ; with an odd count the lowest-ranked player without the
/// fewest byes' excess sits out (the lowest-ranked among those with the fewest byes).
fn king_of_the_hill(ranked: &[Standing], past: &History) -> Vec<Pairing> {
    let mut players: Vec<i64> = ranked.iter().map(|s| s.player).collect();
    let mut bye = None;
    if players.len() % 2 == 1 {
        let fewest = players.iter().map(|&p| past.byes(p)).min().unwrap_or(0);
        if let Some(at) = players.iter().rposition(|&p| past.byes(p) == fewest) {
            bye = Some(players.remove(at));
        }
    }
    players
        .chunks(2)
        .filter_map(|pair| match pair {
            [a, b] => Some(sided(*a, *b, past)),
            _ => None,
        })
        .chain(bye.map(|team| Pairing::Bye { team }))
        .collect()
}

/// A game with first (side A) to the player who has gone first less often, the higher-ranked
/// (`hi`) when equal.
fn sided(hi: i64, lo: i64, past: &History) -> Pairing {
    let (team_a, team_b) = if past.side_balance(lo) < past.side_balance(hi) {
        (lo, hi)
    } else {
        (hi, lo)
    };
    Pairing::Match {
        table: 0,
        team_a,
        team_b,
    }
}

/// Numbers the games 1, 2, … in order and puts the byes last.
fn renumber(lines: impl Iterator<Item = Pairing>) -> Vec<Pairing> {
    let (games, byes): (Vec<Pairing>, Vec<Pairing>) =
        lines.partition(|l| matches!(l, Pairing::Match { .. }));
    games
        .into_iter()
        .enumerate()
        .map(|(i, l)| match l {
            Pairing::Match { team_a, team_b, .. } => Pairing::Match {
                table: table_number(i),
                team_a,
                team_b,
            },
            bye => bye,
        })
        .chain(byes)
        .collect()
}

/// Firsts and seconds of a player so far (N3 "starts"): (firsts, seconds).
pub fn starts(history: &[Pairing], player: i64) -> (u32, u32) {
    history.iter().fold((0, 0), |(f, s), l| match *l {
        Pairing::Match { team_a, .. } if team_a == player => (f + 1, s),
        Pairing::Match { team_b, .. } if team_b == player => (f, s + 1),
        _ => (f, s),
    })
}
