//! Properties every rating method keeps (issue 18), checked on many made-up divisions: a win
//! in place of a loss never lowers a player's estimate, the order players and games are given
//! in changes nothing, and the Elo core without acceleration moves points from loser to winner
//! (sum zero). The divisions come from a fixed linear congruential sequence: no randomness.

#![allow(clippy::unwrap_used)]

use super::elo::{self, EloSystem};
use super::ratings::{Game, RatingMethod, Seed, estimate_with};

/// A fixed sequence of numbers (Knuth's MMIX constants).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below
    }
}

/// A division: 6-11 players (one in five unrated, unless `rated`), 1-8 rounds of random
/// pairings, scores from 250 to 549 (ties happen).
fn division(lcg: &mut Lcg, rated: bool) -> (Vec<Seed>, Vec<Game>) {
    let n = 6 + lcg.next(6);
    let seeds: Vec<Seed> = (1..=n)
        .map(|p| Seed {
            player: i64::try_from(p).unwrap(),
            rating: (rated || lcg.next(5) > 0).then(|| 700.0 + lcg.next(1500) as f64),
            deviation: None,
            career_games: Some(u32::try_from(lcg.next(120)).unwrap()),
        })
        .collect();
    let mut games = Vec::new();
    for round in 1..=1 + lcg.next(8) {
        let mut order: Vec<i64> = seeds.iter().map(|s| s.player).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, usize::try_from(lcg.next(i as u64 + 1)).unwrap());
        }
        for pair in order.chunks_exact(2) {
            games.push(Game {
                round: u32::try_from(round).unwrap(),
                a: pair[0],
                b: pair[1],
                score_a: 250 + i32::try_from(lcg.next(300)).unwrap(),
                score_b: 250 + i32::try_from(lcg.next(300)).unwrap(),
            });
        }
    }
    (seeds, games)
}

fn after(est: &[super::ratings::Estimate], player: i64) -> f64 {
    est.iter().find(|e| e.player == player).unwrap().after
}

#[test]
fn issue18_a_win_instead_of_a_loss_never_lowers_an_estimate_under_any_method() {
    let mut lcg = Lcg(18);
    for _ in 0..150 {
        let (seeds, games) = division(&mut lcg, false);
        let at = usize::try_from(lcg.next(games.len() as u64)).unwrap();
        let mut lost = games.clone();
        let mut won = games.clone();
        let g = games[at];
        // Player a loses the game in one world and wins it in the other.
        (lost[at].score_a, lost[at].score_b) = (300, 400);
        (won[at].score_a, won[at].score_b) = (400, 300);
        for method in RatingMethod::ALL {
            let l = estimate_with(method, &seeds, &lost).unwrap();
            let w = estimate_with(method, &seeds, &won).unwrap();
            assert!(
                after(&w, g.a) >= after(&l, g.a),
                "{method:?}: {} < {} ({seeds:?} {won:?})",
                after(&w, g.a),
                after(&l, g.a)
            );
            assert!(after(&w, g.b) <= after(&l, g.b), "{method:?}");
        }
    }
}

#[test]
fn issue18_the_order_of_players_and_games_changes_no_estimate() {
    let mut lcg = Lcg(3);
    for _ in 0..60 {
        let (seeds, games) = division(&mut lcg, false);
        let mut seeds_rev = seeds.clone();
        seeds_rev.reverse();
        let mut games_rev: Vec<Game> = games
            .iter()
            .map(|g| Game {
                a: g.b,
                b: g.a,
                score_a: g.score_b,
                score_b: g.score_a,
                ..*g
            })
            .collect();
        games_rev.reverse();
        for method in RatingMethod::ALL {
            let one = estimate_with(method, &seeds, &games).unwrap();
            let two = estimate_with(method, &seeds_rev, &games_rev).unwrap();
            for s in &seeds {
                let (x, y) = (after(&one, s.player), after(&two, s.player));
                assert!((x - y).abs() < 1e-6, "{method:?} player {}", s.player);
            }
        }
    }
}

#[test]
fn issue18_elo_without_acceleration_moves_points_from_loser_to_winner() {
    // Everyone rated below 1800 with 50+ career games: one multiplier (20) for all; no
    // acceleration, no floor, no bands: every game's points leave one side for the other,
    // so the changes sum to zero up to each player's rounding (half a point).
    let mut lcg = Lcg(7);
    for curve in [elo::Curve::NaspaLogistic, elo::Curve::WespaLogistic] {
        let plain = EloSystem {
            curve,
            boundaries: false,
            acceleration: 0.0,
            segments: false,
            floor: None,
            iterations: 50,
        };
        for _ in 0..60 {
            let (mut seeds, games) = division(&mut lcg, true);
            for s in &mut seeds {
                s.rating = s.rating.map(|r| r.min(1790.0));
                s.career_games = Some(60);
            }
            let est = elo::estimate(&plain, &seeds, &games).unwrap();
            let sum: f64 = est.iter().map(|e| e.after - e.before).sum();
            assert!(sum.abs() <= 0.5 * est.len() as f64, "{sum} {est:?}");
        }
    }
}

#[test]
fn issue18_without_games_every_method_keeps_the_seeds_and_ties_between_equals_move_nothing() {
    let seeds: Vec<Seed> = (1..=4)
        .map(|p| Seed {
            player: p,
            rating: Some(1600.0),
            deviation: None,
            career_games: None,
        })
        .collect();
    let tie = Game {
        round: 1,
        a: 1,
        b: 2,
        score_a: 377,
        score_b: 377,
    };
    for method in RatingMethod::ALL {
        for games in [&[][..], &[tie][..]] {
            let est = estimate_with(method, &seeds, games).unwrap();
            assert!(
                est.iter()
                    .all(|e| (e.after - 1600.0).abs() < 1e-6 && e.change == 0),
                "{method:?} {est:?}"
            );
        }
    }
}

#[test]
fn issue18_method_names_round_trip_and_unknown_names_are_none() {
    for m in RatingMethod::ALL {
        assert_eq!(RatingMethod::parse(m.name()), Some(m));
        assert_eq!(serde_json::to_value(m).unwrap(), m.name());
    }
    assert_eq!(RatingMethod::parse("elo"), None);
    assert_eq!(RatingMethod::parse("NASPA"), None);
    assert_eq!(RatingMethod::default(), RatingMethod::Glicko2);
}
