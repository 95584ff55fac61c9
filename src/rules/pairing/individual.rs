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
//! Players are ranked exactly as the standings rank them (one comparator,
//! [`standings::by_rank`]: wins, a tie half a win, then spread, then total score, then number);
//! wins are counted in halves (`wins2`) so that everything stays an integer.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::swiss::History;
use super::{
    Pairing, PairingError, SwissEntry, round_robin, round_robin_rest, swiss, table_number,
    validate_manual,
};
use crate::rules::individual::standings::{self, RankKey};

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
    /// The players of a round-robin cycle changed (a late entry, a withdrawal) and no
    /// schedule of the cycle's remaining rounds avoids repeating a game already played in it.
    #[error(
        "no schedule of rounds {round}-{last} avoids repeating a game of this round-robin cycle (its players changed since it began): pair round {round} by hand, giving every player's line"
    )]
    RoundRobinRepeats {
        /// The round to pair.
        round: u32,
        /// The cycle's last round.
        last: u32,
    },
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
    /// Total score so far (the standings' third key).
    pub points: i64,
}

impl Standing {
    /// The key the standings rank by.
    pub fn rank_key(&self) -> RankKey {
        RankKey {
            wins2: self.wins2,
            spread: self.spread,
            points: self.points,
            player: self.player,
        }
    }
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
    /// Players to pair (withdrawn players left out), in any order; ranked here as the
    /// standings rank them.
    pub standings: &'a [Standing],
    /// The division's earlier rounds, in order from round 1 (meetings, byes, firsts).
    pub history: &'a [Vec<Pairing>],
    /// Lines the director fixed for this round; the rest are paired by the plan.
    pub overrides: &'a [Pairing],
    /// Gibsonization, when the division uses it.
    pub gibson: Option<Gibson>,
}

/// Ranks players as the standings do (issue 18, rule E2: [`standings::by_rank`], the same
/// function): wins, then spread, then total score, then number.
pub fn rank(standings: &[Standing]) -> Vec<Standing> {
    let mut ranked = standings.to_vec();
    ranked.sort_by(|a, b| standings::by_rank(&a.rank_key(), &b.rank_key()));
    ranked
}

/// The leader, when they have clinched first place: more wins ahead of second place than the
/// rounds left could make up (a lead equal to the rounds left could still end in a tie on wins
/// and is not clinched). `rounds_left` counts this round.
pub fn clinched_leader(ranked: &[Standing], rounds_left: u32) -> Option<i64> {
    let (first, second) = (ranked.first()?, ranked.get(1)?);
    (first.wins2 - second.wins2 > 2 * i64::from(rounds_left)).then_some(first.player)
}

/// Rounds still to play from `round` on, `round` included.
fn rounds_left(plan: &Plan, round: u32) -> u32 {
    plan.rounds().saturating_sub(round) + 1
}

/// Who Gibsonization pairs apart in `round` (issue 18): in a Gibsonized division, in a Swiss
/// or king-of-the-hill round, the leader who has clinched first place with the rounds left
/// ([`clinched_leader`], `ranked` being the players of the round ranked as the standings rank
/// them before it). None in a round-robin or hand-paired round, and outside the plan. The
/// pairing and the standings' "Gibsonized" mark both ask this function, so the mark names the
/// player the round pairs (or will pair) as Gibsonized, and nobody once the plan is played out.
pub fn gibsonized_in(
    plan: &Plan,
    round: u32,
    ranked: &[Standing],
    gibson: Option<Gibson>,
) -> Option<i64> {
    gibson?;
    let stretch = plan.stretch(round).ok()?;
    if !matches!(stretch.method, Method::Swiss | Method::KingOfTheHill) {
        return None;
    }
    clinched_leader(ranked, rounds_left(plan, round))
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
    let flat: Vec<Pairing> = input.history.iter().flatten().copied().collect();
    let past = History::new(&flat);
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
        // A round robin's schedule is not overridden line by line; a whole round given by hand
        // (when the players changed and no schedule avoids repeats) is taken as it is.
        Method::RoundRobin if !fixed.is_empty() && rest.is_empty() => Vec::new(),
        Method::RoundRobin => {
            if !fixed.is_empty() {
                return Err(PlanError::FixedSchedule(input.round));
            }
            round_robin_round(&ids, input.round, stretch, input.history, &past)?
        }
        Method::Swiss | Method::KingOfTheHill => {
            if let Some(pair) = input
                .gibson
                .and_then(|g| gibson_pair(plan, input.round, &rest, g, &past))
            {
                fixed.push(sided(pair.0, pair.1, &past));
                rest.retain(|s| s.player != pair.0 && s.player != pair.1);
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
                swiss(&entries, &flat)?
            } else {
                king_of_the_hill(&rest, &past)
            }
        }
    };
    Ok(renumber(fixed.into_iter().chain(lines)))
}

/// A round of a round-robin stretch (rule E1, issue 18).
///
/// The stretch is played in cycles as long as the Berger table of the players of its first
/// round. While a cycle's rounds so far are exactly the Berger rounds of the players now in
/// (nobody entered late or withdrew), the Berger table goes on. Otherwise the rounds already
/// paired stand and the cycle's remaining rounds are searched for without repeating a game of
/// the cycle (`round_robin_rest`): this round is the first of them, the better-placed player
/// of each game (in the given order) at the lower table, first going to whoever has gone first
/// less often. No such schedule: [`PlanError::RoundRobinRepeats`], never a silent repeat.
fn round_robin_round(
    players: &[i64],
    round: u32,
    stretch: Stretch,
    history: &[Vec<Pairing>],
    past: &History,
) -> Result<Vec<Pairing>, PlanError> {
    let index = round - stretch.first;
    let at_round = |r: u32| {
        usize::try_from(r)
            .ok()
            .and_then(|r| history.get(r.checked_sub(1)?))
            .map_or(&[][..], Vec::as_slice)
    };
    let opening: Vec<i64> = if index == 0 {
        players.to_vec()
    } else {
        at_round(stretch.first)
            .iter()
            .flat_map(Pairing::teams)
            .collect()
    };
    let cycle = u32::try_from(round_robin(&opening).len())
        .unwrap_or(u32::MAX)
        .max(1);
    let start = stretch.first + index / cycle * cycle;
    let last = (start + cycle - 1).min(stretch.last);
    let key = |lines: &[Pairing]| -> HashSet<(i64, Option<i64>)> {
        lines
            .iter()
            .map(|l| match *l {
                Pairing::Match { team_a, team_b, .. } => {
                    (team_a.min(team_b), Some(team_a.max(team_b)))
                }
                Pairing::Bye { team } => (team, None),
            })
            .collect()
    };
    let standard =
        (start..round).all(|r| key(at_round(r)) == key(&berger_round(players, r - stretch.first)));
    if standard {
        return Ok(berger_round(players, index));
    }
    let mut met = HashSet::new();
    let mut had_bye = HashSet::new();
    for line in (start..round).flat_map(at_round) {
        match *line {
            Pairing::Match { team_a, team_b, .. } => {
                met.insert(super::swiss::pair_key(team_a, team_b));
            }
            Pairing::Bye { team } => {
                had_bye.insert(team);
            }
        }
    }
    let rounds = usize::try_from(last - round + 1).unwrap_or(usize::MAX);
    let rest = round_robin_rest::complete(players, &met, &had_bye, rounds)
        .ok_or(PlanError::RoundRobinRepeats { round, last })?;
    Ok(rest
        .first()
        .map(|r| {
            r.games
                .iter()
                .map(|&(a, b)| sided(a, b, past))
                .chain(r.bye.map(|team| Pairing::Bye { team }))
                .collect()
        })
        .unwrap_or_default())
}

/// Round `index` (from 0) of a round robin of `players`: the Berger cycle, repeated with first
/// and second swapped on every other pass (double round robin; each pass balances starts).
fn berger_round(players: &[i64], index: u32) -> Vec<Pairing> {
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
    plan: &Plan,
    round: u32,
    ranked: &[Standing],
    g: Gibson,
    past: &History,
) -> Option<(i64, i64)> {
    let leader = gibsonized_in(plan, round, ranked, Some(g))?;
    let out = out_of_contention(ranked, g.prizes.max(1), rounds_left(plan, round));
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
