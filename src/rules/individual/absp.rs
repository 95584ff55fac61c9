//! The ABSP's rating method (issue 18) as TSH's `ABSP` module rates a division: every game
//! has a rating, the opponent's rating plus 50 for a win, minus 50 for a loss (a tie: the
//! opponent's rating), and the event's rating is the mean of a player's game ratings. Written
//! from that description; not a port.
//!
//! - Phase 1: unrated players are estimated from their games against rated players (no such
//!   game: 80, the floor of an unrated player's estimate).
//! - Phase 2: unrated players again, their unrated opponents now at their phase-1 estimates.
//! - Phase 3: rated players, each rated opponent's rating held within 40 of their own, unrated
//!   opponents at their phase-2 estimates; the floor is 40.
//!
//! Every estimate is rounded to a whole number. The ABSP itself then folds an event's game
//! ratings into a player's rolling average over their recent games, which needs a history
//! Arbiter does not hold: the estimate shown is the event's rating, as TSH shows it.

use super::elo::estimates;
use super::ratings::{Estimate, Game, RatingError, Seed, check};

/// Points a win adds to the opponent's rating (a loss takes them away).
pub const RESULT_POINTS: f64 = 50.0;
/// How far from their own rating a rated player's rated opponent counts.
pub const CLAMP: f64 = 40.0;
/// Lowest estimate of a rated player.
pub const RATED_FLOOR: f64 = 40.0;
/// Lowest estimate of an unrated player.
pub const UNRATED_FLOOR: f64 = 80.0;

/// One game's rating: the opponent's (as counted) ± 50.
pub fn game_rating(opponent: f64, score: f64) -> f64 {
    opponent + RESULT_POINTS * (2.0 * score - 1.0)
}

/// The mean game rating of player `i` with `opponent` giving each opponent's counted rating
/// (`None`: the game does not count), floored and rounded; `None` without a counted game.
fn mean(games: &[(usize, f64)], floor: f64, opponent: impl Fn(usize) -> Option<f64>) -> f64 {
    let rated: Vec<f64> = games
        .iter()
        .filter_map(|&(j, s)| opponent(j).map(|r| game_rating(r, s)))
        .collect();
    #[allow(clippy::cast_precision_loss)]
    let m = if rated.is_empty() {
        0.0
    } else {
        rated.iter().sum::<f64>() / rated.len() as f64
    };
    (m.max(floor) + 0.5).trunc()
}

/// ABSP estimates for every seeded player, in seed order.
pub fn estimate(seeds: &[Seed], games: &[Game]) -> Result<Vec<Estimate>, RatingError> {
    let c = check(seeds, games)?;
    let n = seeds.len();
    let mut g: Vec<Vec<(usize, f64)>> = vec![Vec::new(); n];
    for &(_, a, b, s) in &c.games {
        g[a].push((b, s));
        g[b].push((a, 1.0 - s));
    }
    let old = &c.rating;
    let phase1: Vec<Option<f64>> = (0..n)
        .map(|i| match old[i] {
            Some(_) => None,
            None => Some(mean(&g[i], UNRATED_FLOOR, |j| old[j])),
        })
        .collect();
    let mut after: Vec<Option<f64>> = vec![None; n];
    for i in 0..n {
        if old[i].is_none() && !g[i].is_empty() {
            after[i] = Some(mean(&g[i], UNRATED_FLOOR, |j| old[j].or(phase1[j])));
        }
    }
    let phase3: Vec<Option<f64>> = (0..n)
        .map(|i| {
            let own = old[i]?;
            Some(if g[i].is_empty() {
                own
            } else {
                mean(&g[i], RATED_FLOOR, |j| match old[j] {
                    Some(r) => Some(r.clamp(own - CLAMP, own + CLAMP)),
                    None => after[j],
                })
            })
        })
        .collect();
    for (a, p) in after.iter_mut().zip(phase3) {
        if p.is_some() {
            *a = p;
        }
    }
    Ok(estimates(seeds, old, &after))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn seed(player: i64, rating: Option<f64>) -> Seed {
        Seed {
            player,
            rating,
            deviation: None,
            career_games: None,
        }
    }

    fn game(round: u32, a: i64, score_a: i32, b: i64, score_b: i32) -> Game {
        Game {
            round,
            a,
            b,
            score_a,
            score_b,
        }
    }

    fn after(est: &[Estimate], player: i64) -> f64 {
        est.iter().find(|e| e.player == player).unwrap().after
    }

    /// TSH's own example (ABSP.pm's synopsis), traced by hand: 150, 140 and 130; 1 beats 2
    /// 400-350, 1 beats 3 450-300, 2 beats 3 350-300 (the byes are not games).
    /// 1: (140 + 50 + 130 + 50) / 2 = 185. 2: (150 − 50 + 130 + 50) / 2 = 140.
    /// 3: (150 − 50 + 140 − 50) / 2 = 95 (both opponents within 40 of 130).
    #[test]
    fn issue18_absp_rates_tsh_s_example_by_game_ratings() {
        let seeds = [
            seed(1, Some(150.0)),
            seed(2, Some(140.0)),
            seed(3, Some(130.0)),
        ];
        let games = [
            game(1, 1, 400, 2, 350),
            game(2, 1, 450, 3, 300),
            game(3, 2, 350, 3, 300),
        ];
        let est = estimate(&seeds, &games).unwrap();
        let changes: Vec<i64> = est.iter().map(|e| e.change).collect();
        assert_eq!(
            (after(&est, 1), after(&est, 2), after(&est, 3)),
            (185.0, 140.0, 95.0)
        );
        assert_eq!(changes, vec![35, 0, -35]);
    }

    /// A rated opponent counts at most 40 from one's own rating: 100 beating 200 counts the
    /// 200 as 140, game rating 190; a tie counts the opponent's rating alone.
    #[test]
    fn issue18_absp_holds_rated_opponents_within_40_and_ties_add_nothing() {
        let seeds = [seed(1, Some(100.0)), seed(2, Some(200.0))];
        let est = estimate(&seeds, &[game(1, 1, 400, 2, 300)]).unwrap();
        // 2: 100 held to 160, lost: 110.
        assert_eq!((after(&est, 1), after(&est, 2)), (190.0, 110.0));
        let tie = estimate(&seeds, &[game(1, 1, 350, 2, 350)]).unwrap();
        assert_eq!((after(&tie, 1), after(&tie, 2)), (140.0, 160.0));
    }

    /// Unrated players: phase 1 from rated opponents only, phase 2 with unrated opponents at
    /// their phase-1 estimates, then rated players meet them at their phase-2 estimates.
    /// 4 (unrated) beats 1 (150) and loses to 5 (unrated). Phase 1: 4 is 150 + 50 = 200 (the
    /// game against 5 does not count yet); 5 has no rated opponent: 80, the unrated floor.
    /// Phase 2: 4 is (150 + 50 + 80 − 50) / 2 = 115; 5 beat 4 at 200: 250. Phase 3: 1 lost
    /// to 4 at 115 (unrated: not held within 40 of 150): 115 − 50 = 65.
    #[test]
    fn issue18_absp_estimates_unrated_players_in_two_phases() {
        let seeds = [seed(1, Some(150.0)), seed(4, None), seed(5, None)];
        let games = [game(1, 4, 400, 1, 350), game(2, 5, 420, 4, 300)];
        let est = estimate(&seeds, &games).unwrap();
        assert_eq!(
            (after(&est, 1), after(&est, 4), after(&est, 5)),
            (65.0, 115.0, 250.0)
        );
        // Floors: a rated player at 40, an unrated one at 80.
        let low = [seed(1, Some(20.0)), seed(2, Some(10.0))];
        let est = estimate(&low, &[game(1, 1, 300, 2, 400)]).unwrap();
        assert_eq!(after(&est, 1), RATED_FLOOR);
    }
}
