//! Rating estimates for an individual division (issue 18), seeded from the players' imported
//! ratings, for the division's games so far. How they are made is data: a division's
//! [`RatingMethod`] names Glicko-2 (this file) or a rating system's own published method
//! ([`super::elo`] for NASPA and WESPA, [`super::absp`] for the ABSP), and [`estimate_with`] is
//! the one place that picks it.
//!
//! Glicko-2: the whole event is one rating period (as a tournament is rated at its end), so each
//! player's estimate is computed from their seed and their games against their opponents'
//! *seeds*; the change shown on the standings is `after - before`. The arithmetic is the
//! maintained `skillratings` crate's Glicko-2 (Glickman's published algorithm), not our own.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

/// How a division's rating estimates are made (issue 18): a division option, stored by name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RatingMethod {
    /// Glicko-2 (the `skillratings` crate), for rating systems that publish no method.
    #[default]
    Glicko2,
    /// NASPA's published method as TSH's `nsa2008` rates it ([`super::elo::NASPA`]).
    Naspa,
    /// WESPA's, as TSH's `wespa` rates it ([`super::elo::WESPA`]).
    Wespa,
    /// The ABSP's per-game ratings, as TSH's `ABSP.pm` rates them ([`super::absp`]).
    Absp,
}

impl RatingMethod {
    /// Every method, in the order forms offer them.
    pub const ALL: [Self; 4] = [Self::Glicko2, Self::Naspa, Self::Wespa, Self::Absp];

    /// Its name (the API's, the stored one, the catalogues' `indiv-rating-method` key).
    pub fn name(self) -> &'static str {
        match self {
            Self::Glicko2 => "glicko2",
            Self::Naspa => "naspa",
            Self::Wespa => "wespa",
            Self::Absp => "absp",
        }
    }

    /// The method of a name (`None`: not one of [`Self::ALL`]).
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// Estimates with a division's method: the one dispatch point (standings, player pages,
/// `tourney.js` and CSV all come here).
pub fn estimate_with(
    method: RatingMethod,
    seeds: &[Seed],
    games: &[Game],
) -> Result<Vec<Estimate>, RatingError> {
    match method {
        RatingMethod::Glicko2 => estimate(seeds, games, &RatingConfig::default()),
        RatingMethod::Naspa => super::elo::estimate(&super::elo::NASPA, seeds, games),
        RatingMethod::Wespa => super::elo::estimate(&super::elo::WESPA, seeds, games),
        RatingMethod::Absp => super::absp::estimate(seeds, games),
    }
}

/// A player's seed: the imported rating, and how sure it is.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seed {
    /// The player.
    pub player: i64,
    /// The imported rating; `None`: unrated (starts at the config's unrated rating).
    pub rating: Option<f64>,
    /// Its deviation; `None`: the config's default for rated or unrated players.
    pub deviation: Option<f64>,
    /// Rated games played before the event (NASPA's and WESPA's multipliers halve from 50);
    /// `None`: unknown, counted as 0 as TSH does.
    pub career_games: Option<u32>,
}

/// A finished game: totals decide it (a tie is half a win each; N6-N8 make the totals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// Its round (NASPA rates events of more than 16 rounds in segments).
    pub round: u32,
    /// First player.
    pub a: i64,
    /// Second player.
    pub b: i64,
    /// First player's total.
    pub score_a: i32,
    /// Second player's total.
    pub score_b: i32,
}

/// The constants of the estimate.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingConfig {
    /// Glicko-2 tau (volatility constraint; Glickman suggests 0.3 to 1.2).
    pub tau: f64,
    /// Deviation of an imported rating with none given.
    pub rated_deviation: f64,
    /// Starting rating of an unrated player.
    pub unrated_rating: f64,
    /// Starting deviation of an unrated player.
    pub unrated_deviation: f64,
    /// Starting volatility.
    pub volatility: f64,
}

impl Default for RatingConfig {
    fn default() -> Self {
        Self {
            tau: 0.5,
            rated_deviation: 100.0,
            unrated_rating: 1500.0,
            unrated_deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// One player's estimate.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The player.
    pub player: i64,
    /// Rating before the event (the seed; Glicko-2's unrated start for an unrated player;
    /// under the other methods an unrated player's first estimate: nothing to change from).
    pub before: f64,
    /// Estimated rating after the games so far.
    pub after: f64,
    /// Its deviation (Glicko-2 only).
    pub deviation: Option<f64>,
    /// `after - before`, rounded to the nearest point.
    pub change: i64,
}

/// Why an estimate cannot be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RatingError {
    /// A game names a player with no seed.
    #[error("game {game}: player {player} is not in the division")]
    UnknownPlayer {
        /// The game (from 0).
        game: usize,
        /// The player.
        player: i64,
    },
    /// A game pairs a player with themselves.
    #[error("game {0}: a player cannot play themselves")]
    SelfGame(usize),
    /// A player is seeded twice.
    #[error("player {0} is seeded twice")]
    DuplicateSeed(i64),
    /// A seed or constant is not a finite positive number where one is needed.
    #[error("{0} must be a finite number (deviations and tau above 0)")]
    NotFinite(&'static str),
}

/// A game's outcome for its first player: 1 a win, 0.5 a tie, 0 a loss.
pub(crate) fn score_of(g: &Game) -> f64 {
    match g.score_a.cmp(&g.score_b) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Less => 0.0,
        std::cmp::Ordering::Equal => 0.5,
    }
}

/// The checked inputs of the published methods: each player's seed rating (`None`: unrated;
/// a rating of 0 or less is unrated, as in TSH) and career games by index in seed order, and
/// each game as `(round, index a, index b, a's score)`.
pub(crate) struct Checked {
    /// Seed rating by index.
    pub rating: Vec<Option<f64>>,
    /// Career games by index.
    pub career: Vec<u32>,
    /// The games.
    pub games: Vec<(u32, usize, usize, f64)>,
}

/// Checks seeds and games as every method does (the same refusals as Glicko-2's).
pub(crate) fn check(seeds: &[Seed], games: &[Game]) -> Result<Checked, RatingError> {
    let mut index: HashMap<i64, usize> = HashMap::with_capacity(seeds.len());
    for (i, s) in seeds.iter().enumerate() {
        if s.rating.is_some_and(|r| !r.is_finite()) {
            return Err(RatingError::NotFinite("a seed's rating"));
        }
        if index.insert(s.player, i).is_some() {
            return Err(RatingError::DuplicateSeed(s.player));
        }
    }
    let mut out = Vec::with_capacity(games.len());
    for (i, g) in games.iter().enumerate() {
        if g.a == g.b {
            return Err(RatingError::SelfGame(i));
        }
        let at = |player: i64| {
            index
                .get(&player)
                .copied()
                .ok_or(RatingError::UnknownPlayer { game: i, player })
        };
        out.push((g.round, at(g.a)?, at(g.b)?, score_of(g)));
    }
    Ok(Checked {
        rating: seeds
            .iter()
            .map(|s| s.rating.filter(|r| *r > 0.0))
            .collect(),
        career: seeds.iter().map(|s| s.career_games.unwrap_or(0)).collect(),
        games: out,
    })
}

/// Glicko-2 estimates for every seeded player, in seed order.
pub fn estimate(
    seeds: &[Seed],
    games: &[Game],
    config: &RatingConfig,
) -> Result<Vec<Estimate>, RatingError> {
    let positive = |x: f64| x.is_finite() && x > 0.0;
    if !positive(config.tau)
        || !positive(config.rated_deviation)
        || !positive(config.unrated_deviation)
        || !positive(config.volatility)
        || !config.unrated_rating.is_finite()
    {
        return Err(RatingError::NotFinite("the rating constants"));
    }
    let mut start: HashMap<i64, Glicko2Rating> = HashMap::with_capacity(seeds.len());
    for s in seeds {
        let rating = s.rating.unwrap_or(config.unrated_rating);
        let deviation = s.deviation.unwrap_or(if s.rating.is_some() {
            config.rated_deviation
        } else {
            config.unrated_deviation
        });
        if !rating.is_finite() || !positive(deviation) {
            return Err(RatingError::NotFinite("a seed's rating and deviation"));
        }
        let seeded = Glicko2Rating {
            rating,
            deviation,
            volatility: config.volatility,
        };
        if start.insert(s.player, seeded).is_some() {
            return Err(RatingError::DuplicateSeed(s.player));
        }
    }
    let mut results: BTreeMap<i64, Vec<(Glicko2Rating, Outcomes)>> = BTreeMap::new();
    for (i, g) in games.iter().enumerate() {
        if g.a == g.b {
            return Err(RatingError::SelfGame(i));
        }
        let seed_of = |player: i64| {
            start
                .get(&player)
                .copied()
                .ok_or(RatingError::UnknownPlayer { game: i, player })
        };
        let (ra, rb) = (seed_of(g.a)?, seed_of(g.b)?);
        let (oa, ob) = match g.score_a.cmp(&g.score_b) {
            std::cmp::Ordering::Greater => (Outcomes::WIN, Outcomes::LOSS),
            std::cmp::Ordering::Less => (Outcomes::LOSS, Outcomes::WIN),
            std::cmp::Ordering::Equal => (Outcomes::DRAW, Outcomes::DRAW),
        };
        results.entry(g.a).or_default().push((rb, oa));
        results.entry(g.b).or_default().push((ra, ob));
    }
    let glicko = Glicko2Config {
        tau: config.tau,
        ..Glicko2Config::new()
    };
    Ok(seeds
        .iter()
        .filter_map(|s| {
            let before = *start.get(&s.player)?;
            // No games yet: the estimate is the seed (the rating period has not begun for them).
            let after = match results.get(&s.player) {
                Some(r) => glicko2_rating_period(&before, r, &glicko),
                None => before,
            };
            let change = (after.rating - before.rating).round();
            Some(Estimate {
                player: s.player,
                before: before.rating,
                after: after.rating,
                deviation: Some(after.deviation),
                // Ratings are a few thousand at most: the cast cannot overflow.
                #[allow(clippy::cast_possible_truncation)]
                change: change as i64,
            })
        })
        .collect())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn seed(player: i64, rating: f64, deviation: f64) -> Seed {
        Seed {
            player,
            rating: Some(rating),
            deviation: Some(deviation),
            career_games: None,
        }
    }

    fn won(a: i64, b: i64) -> Game {
        Game {
            round: 1,
            a,
            b,
            score_a: 400,
            score_b: 350,
        }
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", glicko.net/glicko/glicko2.pdf),
    /// computed by hand there: a 1500 (RD 200) player beats a 1400 (RD 30) and loses to a 1550
    /// (RD 100) and a 1700 (RD 300), tau 0.5: r' = 1464.06, RD' = 151.52. Within 1 point.
    #[test]
    fn issue18_glicko2_matches_the_hand_computed_example_within_one_point() {
        let seeds = [
            seed(1, 1500.0, 200.0),
            seed(2, 1400.0, 30.0),
            seed(3, 1550.0, 100.0),
            seed(4, 1700.0, 300.0),
        ];
        let games = [won(1, 2), won(3, 1), won(4, 1)];
        let est = estimate(&seeds, &games, &RatingConfig::default()).unwrap();
        let p1 = est[0];
        assert!((p1.after - 1464.06).abs() < 1.0, "{p1:?}");
        assert!((p1.deviation.unwrap() - 151.52).abs() < 1.0, "{p1:?}");
        assert_eq!(p1.change, -36);
        // The 1400 lost to a lower-deviation... higher-deviation player rated above them: down.
        assert!(
            est[1].change < 0 && est[2].change > 0 && est[3].change > 0,
            "{est:?}"
        );
    }

    #[test]
    fn issue18_equal_seeds_move_symmetrically_ties_move_nothing_and_no_games_keep_the_seed() {
        let seeds = [
            seed(1, 1600.0, 100.0),
            seed(2, 1600.0, 100.0),
            seed(3, 1700.0, 80.0),
        ];
        let est = estimate(&seeds, &[won(1, 2)], &RatingConfig::default()).unwrap();
        assert!(
            (est[0].after - 1600.0 + (est[1].after - 1600.0)).abs() < 1e-6,
            "{est:?}"
        );
        assert!(est[0].change > 0);
        assert_eq!((est[2].after, est[2].change), (1700.0, 0));
        let tie = Game {
            score_b: 400,
            ..won(1, 2)
        };
        let est = estimate(&seeds, &[tie], &RatingConfig::default()).unwrap();
        assert!((est[0].after - 1600.0).abs() < 1e-6, "{est:?}");
        // Unrated players start at the configured 1500.
        let unrated = [Seed {
            player: 9,
            rating: None,
            deviation: None,
            career_games: None,
        }];
        let est = estimate(&unrated, &[], &RatingConfig::default()).unwrap();
        assert_eq!(est[0].before, 1500.0);
    }

    #[test]
    fn issue18_bad_games_and_seeds_are_refused() {
        let seeds = [seed(1, 1600.0, 100.0), seed(2, 1500.0, 100.0)];
        let cfg = RatingConfig::default();
        assert_eq!(
            estimate(&seeds, &[won(1, 7)], &cfg),
            Err(RatingError::UnknownPlayer { game: 0, player: 7 })
        );
        assert_eq!(
            estimate(&seeds, &[won(2, 2)], &cfg),
            Err(RatingError::SelfGame(0))
        );
        assert_eq!(
            estimate(&[seeds[0], seeds[0]], &[], &cfg),
            Err(RatingError::DuplicateSeed(1))
        );
        assert!(matches!(
            estimate(&[seed(1, f64::NAN, 100.0)], &[], &cfg),
            Err(RatingError::NotFinite(_))
        ));
        let bad = RatingConfig { tau: 0.0, ..cfg };
        assert!(matches!(
            estimate(&seeds, &[], &bad),
            Err(RatingError::NotFinite(_))
        ));
    }
}
