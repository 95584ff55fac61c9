//! NASPA's and WESPA's published rating methods (issue 18), as TSH's reference implementation
//! rates a division (its `nsa2008` and `wespa` rating systems). Written from the published
//! description ("How the NSA rating system works": expected wins from the rating difference,
//! excess wins times a multiplier by rating and career games, acceleration and feedback) and
//! TSH's documented procedure; not a port.
//!
//! A division is rated in segments (NASPA: events of more than 16 rounds in two or three;
//! WESPA: one). In each segment, in this order:
//! 1. unrated players get an iterated performance rating: the integer rating at which their
//!    expected wins against their opponents (rated ones at their rating, unrated ones at their
//!    current estimate) equal their wins (0 wins count as 5%, all wins as 95%), at least 500
//!    and at most the strongest rated opponent (else unrated) plus 400 times their win
//!    ratio; repeated until no estimate moves;
//! 2. rated players gain `multiplier × (wins − expected wins)`; NASPA prorates the change
//!    across the multiplier bands at 1800 and 2000, WESPA keeps the starting multiplier;
//! 3. acceleration: a rated player whose gain exceeds 5 points a game gains that excess again
//!    (WESPA: two thirds of it), and each of their rated opponents gains 1/20 of it per game
//!    (feedback);
//! 4. NASPA floors ratings at 1; every rating is rounded to a whole number.
//!
//! Byes and forfeits are not games here (the caller passes games with both scores only).

use super::ratings::{Estimate, Game, RatingError, Seed, check};

/// The expected-wins curve of a rating system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Curve {
    /// NASPA since 2009: `1 − 1/(1 + e^(0.0031879·d))` (0.57903 at d = 100).
    NaspaLogistic,
    /// WESPA: `1/(1 + e^(−d/172))`.
    WespaLogistic,
}

impl Curve {
    /// Expected wins of a player rated `d` points above their opponent.
    pub fn expect(self, d: f64) -> f64 {
        match self {
            Self::NaspaLogistic => 1.0 - 1.0 / (1.0 + (0.003_187_9 * d).exp()),
            Self::WespaLogistic => 1.0 / (1.0 + (-d / 172.0).exp()),
        }
    }
}

/// The constants that make a rating system of the family.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloSystem {
    /// Expected wins.
    pub curve: Curve,
    /// Prorate a change across the multiplier bands (1800, 2000).
    pub boundaries: bool,
    /// Share of the acceleration excess added (0: none).
    pub acceleration: f64,
    /// Rate events of more than 16 rounds in segments.
    pub segments: bool,
    /// Lowest rating a rated player can fall to.
    pub floor: Option<f64>,
    /// Most rounds of the newcomers' performance-rating iteration before averaging.
    pub iterations: usize,
}

/// NASPA (TSH `nsa2008`): logistic curve, bands, full acceleration, segments, floor 1.
pub const NASPA: EloSystem = EloSystem {
    curve: Curve::NaspaLogistic,
    boundaries: true,
    acceleration: 1.0,
    segments: true,
    floor: Some(1.0),
    iterations: 50,
};

/// WESPA (TSH `wespa`): its own curve, no bands, two-thirds acceleration, one segment.
pub const WESPA: EloSystem = EloSystem {
    curve: Curve::WespaLogistic,
    boundaries: false,
    acceleration: 2.0 / 3.0,
    segments: false,
    floor: None,
    iterations: 50,
};

/// Points per excess win: by career games (fewer than 50, or 50 and more) and rating band.
pub fn multiplier(career_games: u32, rating: f64) -> f64 {
    let band = if rating < 1800.0 {
        0
    } else if rating < 2000.0 {
        1
    } else {
        2
    };
    if career_games < 50 {
        [30.0, 24.0, 15.0][band]
    } else {
        [20.0, 16.0, 10.0][band]
    }
}

/// NASPA's segments of an event of `rounds` rounds, as inclusive round ranges from 1: one up
/// to 16 rounds, two halves up to 35, thirds beyond.
pub fn segments(rounds: u32) -> Vec<(u32, u32)> {
    let n0 = rounds.saturating_sub(1);
    if n0 < 16 {
        vec![(1, rounds)]
    } else if n0 < 35 {
        let s1 = n0 / 2;
        vec![(1, s1 + 1), (s1 + 2, rounds)]
    } else {
        let (s1, s2) = (n0 / 3, (2 * n0 + 1) / 3);
        vec![(1, s1 + 1), (s1 + 2, s2 + 1), (s2 + 2, rounds)]
    }
}

/// A rating after `excess` wins over expectation, from `start`.
pub fn convert_excess(system: &EloSystem, career: u32, start: f64, excess: f64) -> f64 {
    let (mut rating, mut excess) = (start, excess);
    // Each pass crosses at most one band boundary; three bands, so a few passes suffice.
    for _ in 0..8 {
        if excess == 0.0 {
            break;
        }
        let m = multiplier(career, rating);
        let next = rating + m * excess;
        if !system.boundaries || multiplier(career, next) == m {
            return next;
        }
        // The part of the change up to the band's edge at this multiplier, the rest at the
        // next band's (the edges as TSH draws them: 1800 and 2000 going up, 1799 and 1999 down).
        let edge = if rating < 1800.0 {
            1800.0
        } else if rating < 2000.0 {
            if excess > 0.0 { 2000.0 } else { 1799.0 }
        } else {
            1999.0
        };
        excess -= (edge - rating) / m;
        rating = edge;
    }
    rating
}

/// TSH's integer bisection on 0..3000 for the root of an increasing `f`: the last midpoint
/// tried (within a point of the root).
fn search(f: impl Fn(f64) -> f64) -> f64 {
    let (mut low, mut high, mut mid) = (0u32, 3000u32, 0u32);
    while high - low > 1 {
        mid = (low + high) / 2;
        if f(f64::from(mid)) < 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    f64::from(mid)
}

/// One segment's games of a player: `(opponent, own score)`.
type Games = Vec<Vec<(usize, f64)>>;

/// The newcomers' performance ratings (step 1) for the players unrated at the segment's start.
fn rate_newcomers(system: &EloSystem, old: &[Option<f64>], games: &Games) -> Vec<Option<f64>> {
    let unrated: Vec<usize> = (0..old.len())
        .filter(|&i| old[i].is_none() && !games[i].is_empty())
        .collect();
    let mut curr: Vec<Option<f64>> = old.to_vec();
    // Start: the mean of their rated opponents' ratings, else 1500.
    for &i in &unrated {
        let rated: Vec<f64> = games[i].iter().filter_map(|&(j, _)| old[j]).collect();
        #[allow(clippy::cast_precision_loss)]
        let start = if rated.is_empty() {
            1500.0
        } else {
            rated.iter().sum::<f64>() / rated.len() as f64
        };
        curr[i] = Some(start);
    }
    let step = |curr: &[Option<f64>]| -> Vec<Option<f64>> {
        let mut next = curr.to_vec();
        for &i in &unrated {
            let g = &games[i];
            #[allow(clippy::cast_precision_loss)]
            let n = g.len() as f64;
            let wins: f64 = g.iter().map(|&(_, s)| s).sum();
            let target = if wins <= 0.0 {
                0.05 * n
            } else if wins >= n {
                0.95 * n
            } else {
                wins
            };
            let opp = |j: usize| curr[j].unwrap_or(1500.0);
            let f = |x: f64| {
                g.iter()
                    .map(|&(j, _)| system.curve.expect(x - opp(j)))
                    .sum::<f64>()
                    - target
            };
            let mut r = search(f).max(500.0);
            let max_rated = g.iter().filter_map(|&(j, _)| old[j]).fold(0.0, f64::max);
            let max_unrated = g
                .iter()
                .filter(|&&(j, _)| old[j].is_none())
                .map(|&(j, _)| opp(j))
                .fold(0.0, f64::max);
            let strongest = if max_rated > 0.0 {
                max_rated
            } else {
                max_unrated
            };
            if strongest > 0.0 {
                r = r.min(strongest + 400.0 * wins / n);
            }
            next[i] = Some(r);
        }
        next
    };
    for _ in 0..system.iterations {
        let next = step(&curr);
        let moved = unrated.iter().any(|&i| next[i] != curr[i]);
        curr = next;
        if !moved {
            return curr;
        }
    }
    // No fixed point (estimates cycling): the mean of as many further rounds, as TSH does.
    let mut sums = vec![0.0; old.len()];
    for _ in 0..system.iterations {
        curr = step(&curr);
        for &i in &unrated {
            sums[i] += curr[i].unwrap_or(0.0);
        }
    }
    #[allow(clippy::cast_precision_loss)]
    let rounds = system.iterations as f64;
    for &i in &unrated {
        curr[i] = Some(sums[i] / rounds);
    }
    curr
}

/// One segment: ratings at its start (`None`: unrated) to ratings at its end.
fn rate_segment(
    system: &EloSystem,
    old: &[Option<f64>],
    career: &[u32],
    games: &Games,
) -> Vec<Option<f64>> {
    let effective = rate_newcomers(system, old, games);
    let mut new = effective.clone();
    let mut feedback = vec![0.0; old.len()];
    for (i, g) in games.iter().enumerate() {
        let Some(start) = old[i] else { continue };
        if g.is_empty() {
            continue;
        }
        let excess: f64 = g
            .iter()
            .map(|&(j, s)| s - system.curve.expect(start - effective[j].unwrap_or(1500.0)))
            .sum();
        new[i] = Some(convert_excess(system, career[i], start, excess));
    }
    if system.acceleration > 0.0 {
        for (i, g) in games.iter().enumerate() {
            let (Some(start), Some(now)) = (old[i], new[i]) else {
                continue;
            };
            #[allow(clippy::cast_precision_loss)]
            let bonus = system.acceleration * (now - start - 5.0 * g.len() as f64);
            if bonus > 0.0 {
                new[i] = Some(now + bonus);
                for &(j, _) in g.iter().filter(|&&(j, _)| old[j].is_some()) {
                    feedback[j] += bonus / 20.0;
                }
            }
        }
    }
    (0..old.len())
        .map(|i| {
            let mut r = new[i]?;
            if let (Some(floor), Some(_)) = (system.floor, old[i]) {
                r = r.max(floor);
            }
            // TSH rounds with int(0.5 + r).
            Some((r + feedback[i] + 0.5).trunc())
        })
        .collect()
}

/// Estimates for every seeded player, in seed order, by `system` (NASPA or WESPA).
pub fn estimate(
    system: &EloSystem,
    seeds: &[Seed],
    games: &[Game],
) -> Result<Vec<Estimate>, RatingError> {
    let c = check(seeds, games)?;
    let rounds = c.games.iter().map(|g| g.0).max().unwrap_or(0);
    let parts = if system.segments {
        segments(rounds)
    } else {
        vec![(1, rounds)]
    };
    let mut rating = c.rating.clone();
    for (first, last) in parts {
        let mut g: Games = vec![Vec::new(); seeds.len()];
        for &(_, a, b, s) in c.games.iter().filter(|g| (first..=last).contains(&g.0)) {
            g[a].push((b, s));
            g[b].push((a, 1.0 - s));
        }
        rating = rate_segment(system, &rating, &c.career, &g);
    }
    Ok(estimates(seeds, &c.rating, &rating))
}

/// The estimates of the final ratings (an unrated player without games stays at 0).
pub(crate) fn estimates(
    seeds: &[Seed],
    before: &[Option<f64>],
    after: &[Option<f64>],
) -> Vec<Estimate> {
    seeds
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let after = after[i].unwrap_or(0.0);
            let before = before[i].unwrap_or(after);
            #[allow(clippy::cast_possible_truncation)]
            let change = (after - before).round() as i64;
            Estimate {
                player: s.player,
                before,
                after,
                deviation: None,
                change,
            }
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn seed(player: i64, rating: Option<f64>, career: u32) -> Seed {
        Seed {
            player,
            rating,
            deviation: None,
            career_games: Some(career),
        }
    }

    fn beat(round: u32, a: i64, b: i64) -> Game {
        Game {
            round,
            a,
            b,
            score_a: 420,
            score_b: 380,
        }
    }

    fn after(est: &[Estimate], player: i64) -> f64 {
        est.iter().find(|e| e.player == player).unwrap().after
    }

    /// The published example: 1800 against 1700 expects 0.57903 wins; WESPA's curve gives
    /// 1/(1 + e^-1) = 0.731059 at 172 points.
    #[test]
    fn issue18_curves_match_the_published_values() {
        assert!((Curve::NaspaLogistic.expect(100.0) - 0.57903).abs() < 5e-6);
        assert!((Curve::NaspaLogistic.expect(0.0) - 0.5).abs() < 1e-12);
        assert!((Curve::WespaLogistic.expect(172.0) - 0.731_059).abs() < 1e-6);
        // Symmetric: what one side expects the other does not.
        for d in [-700.0, -35.0, 12.5, 400.0] {
            let (n, w) = (Curve::NaspaLogistic, Curve::WespaLogistic);
            assert!((n.expect(d) + n.expect(-d) - 1.0).abs() < 1e-12);
            assert!((w.expect(d) + w.expect(-d) - 1.0).abs() < 1e-12);
        }
    }

    /// The published multiplier table, and NASPA's segments (16 rounds: one; 17: 9 + 8;
    /// 36: 12 + 12 + 12).
    #[test]
    fn issue18_multipliers_and_segments_follow_the_tables() {
        assert_eq!(multiplier(0, 1799.0), 30.0);
        assert_eq!(multiplier(49, 1800.0), 24.0);
        assert_eq!(multiplier(10, 2000.0), 15.0);
        assert_eq!(multiplier(50, 1500.0), 20.0);
        assert_eq!(multiplier(50, 1999.0), 16.0);
        assert_eq!(multiplier(400, 2100.0), 10.0);
        assert_eq!(segments(16), vec![(1, 16)]);
        assert_eq!(segments(17), vec![(1, 9), (10, 17)]);
        assert_eq!(segments(36), vec![(1, 12), (13, 24), (25, 36)]);
    }

    /// NASPA, two 1500s (fewer than 50 career games: multiplier 30), one game won.
    /// Expected 0.5 each: the winner gains 30 × 0.5 = 15, more than 5 a game, so
    /// acceleration adds 15 − 5 = 10 (1525) and the loser, a rated opponent, gets feedback
    /// 10/20 = 0.5: 1500 − 15 + 0.5 = 1485.5, rounded half up to 1486.
    #[test]
    fn issue18_naspa_win_between_equals_gets_acceleration_and_feedback() {
        let seeds = [seed(1, Some(1500.0), 0), seed(2, Some(1500.0), 0)];
        let est = estimate(&NASPA, &seeds, &[beat(1, 1, 2)]).unwrap();
        assert_eq!((after(&est, 1), after(&est, 2)), (1525.0, 1486.0));
        assert_eq!((est[0].change, est[1].change), (25, -14));
    }

    /// NASPA, 1800 (100 career games: multiplier 16) loses to 1700 (multiplier 20).
    /// Loser: excess −0.579029; 1800 − 16 × 0.579029 = 1790.74 leaves the 1800 band, so the
    /// change is prorated: 1800 → 1799 costs 1/16 of a win, the rest (−0.516529) at 20:
    /// 1799 − 10.3306 = 1788.6694. Winner: 1700 + 20 × 0.579029 = 1711.5806; the gain is
    /// 6.5806 over 5 × 1 game: acceleration 6.5806 (1718.1612 → 1718) and feedback
    /// 6.5806/20 = 0.3290 to the loser (1788.9984 → 1789).
    #[test]
    fn issue18_naspa_prorates_across_the_1800_band_and_feeds_back() {
        let seeds = [seed(1, Some(1800.0), 100), seed(2, Some(1700.0), 100)];
        let est = estimate(&NASPA, &seeds, &[beat(1, 2, 1)]).unwrap();
        assert_eq!((after(&est, 1), after(&est, 2)), (1789.0, 1718.0));
        // Without the band (WESPA's rule) the loser would keep multiplier 16.
        let r = convert_excess(&WESPA, 100, 1800.0, -0.579_029_3);
        assert!((r - (1800.0 - 16.0 * 0.579_029_3)).abs() < 1e-9);
        let r = convert_excess(&NASPA, 100, 1800.0, -0.579_029_3);
        assert!((r - 1_788.669_413).abs() < 1e-5, "{r}");
    }

    /// NASPA, an unrated player losing twice to a 1600: 0 wins count as 5%, so their
    /// performance rating solves 2 × E(x − 1600) = 0.1, E = 0.05: x = 1600 + ln(1/0.95 − 1) /
    /// 0.0031879 = 676.37; TSH's integer bisection on 0..3000 ends on 677 (at least 500, at
    /// most 1600 + 400 × 0/2). The 1600 then expects 2 × E(923) = 1.89981 and gains
    /// 30 × 0.100191 = 3.0057 (under 5 a game: no acceleration): 1603.
    #[test]
    fn issue18_naspa_rates_a_newcomer_by_performance_first() {
        let seeds = [seed(1, Some(1600.0), 0), seed(3, None, 0)];
        let games = [beat(1, 1, 3), beat(2, 1, 3)];
        let est = estimate(&NASPA, &seeds, &games).unwrap();
        assert_eq!((after(&est, 1), after(&est, 3)), (1603.0, 677.0));
        // An unrated player has nothing to change from; one without games stays unrated.
        assert_eq!(est[1].change, 0);
        let alone = estimate(&NASPA, &[seed(9, None, 0)], &[]).unwrap();
        assert_eq!((alone[0].after, alone[0].change), (0.0, 0));
    }

    /// A newcomer who wins everything is held to the strongest rated opponent + 400.
    #[test]
    fn issue18_naspa_caps_a_perfect_newcomer() {
        let seeds = [
            seed(1, Some(1000.0), 0),
            seed(2, Some(1100.0), 0),
            seed(3, None, 0),
        ];
        let est = estimate(&NASPA, &seeds, &[beat(1, 3, 1), beat(2, 3, 2)]).unwrap();
        assert_eq!(after(&est, 3), 1500.0);
    }

    /// WESPA, the same two 1500s: 1515, then two thirds of (15 − 5) = 6.667 acceleration
    /// (1521.667 → 1522); the loser gets 6.667/20 = 0.333 feedback (1485.333 → 1485).
    /// Across 1800, WESPA keeps the starting multiplier where NASPA prorates: two 1790s,
    /// NASPA winner 1790 → 1800 (a third of a win at 30), the rest at 24: 1804, plus
    /// acceleration 1804 − 1790 − 5 = 9: 1813; WESPA winner 1790 + 15 = 1805, plus
    /// 2/3 × 10: 1811.667 → 1812.
    #[test]
    fn issue18_wespa_keeps_the_multiplier_and_accelerates_by_two_thirds() {
        let seeds = [seed(1, Some(1500.0), 0), seed(2, Some(1500.0), 0)];
        let est = estimate(&WESPA, &seeds, &[beat(1, 1, 2)]).unwrap();
        assert_eq!((after(&est, 1), after(&est, 2)), (1522.0, 1485.0));
        let seeds = [seed(1, Some(1790.0), 0), seed(2, Some(1790.0), 0)];
        let naspa = estimate(&NASPA, &seeds, &[beat(1, 1, 2)]).unwrap();
        let wespa = estimate(&WESPA, &seeds, &[beat(1, 1, 2)]).unwrap();
        assert_eq!(after(&naspa, 1), 1813.0);
        assert_eq!(after(&wespa, 1), 1812.0);
    }

    /// NASPA rates 17 rounds as 1-9 then 10-17: the second segment starts from the first's
    /// rounded ratings, so a newcomer rated in the first is a rated player in the second.
    #[test]
    fn issue18_naspa_rates_long_events_in_segments() {
        let seeds = [seed(1, Some(1500.0), 0), seed(2, Some(1500.0), 0)];
        // Nine wins for 1 in rounds 1-9, eight for 2 in rounds 10-17.
        let games: Vec<Game> = (1..=17)
            .map(|r| if r <= 9 { beat(r, 1, 2) } else { beat(r, 2, 1) })
            .collect();
        let split = estimate(&NASPA, &seeds, &games).unwrap();
        let one = EloSystem {
            segments: false,
            ..NASPA
        };
        let whole = estimate(&one, &seeds, &games).unwrap();
        // One segment sees 9-8 between equals; two see 9-0, then 0-8 from far apart.
        assert_ne!(after(&split, 1), after(&whole, 1));
        // The second segment is rounds 10-17 rated from where rounds 1-9 left them.
        let first = estimate(&NASPA, &seeds, &games[..9]).unwrap();
        assert!(after(&first, 1) > 1600.0, "{first:?}");
        let mid = [
            seed(1, Some(after(&first, 1)), 0),
            seed(2, Some(after(&first, 2)), 0),
        ];
        let second = estimate(&one, &mid, &games[9..]).unwrap();
        assert_eq!(
            (after(&split, 1), after(&split, 2)),
            (after(&second, 1), after(&second, 2))
        );
    }
}
