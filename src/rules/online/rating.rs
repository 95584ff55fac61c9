//! O4: ratings move after every rated game: Glicko-2 (Glickman, "Example of the Glicko-2
//! system"), computed by the maintained `skillratings` crate rather than by hand here.
//!
//! A rating belongs to a [`Variant`] (lexicon × mode × time class): a player has one rating per
//! variant, and a game moves only the ratings of its own variant. [`rate_game`] is a pure
//! function from the two ratings before and the result to the two ratings after; the caller
//! stores them in the same transaction that records the result.

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2, glicko2_rating_period};

use crate::rules::game::{Side, Sides};
use crate::rules::online::settings::{Mode, OnlineSettings};
use crate::rules::online::state::OnlineState;

/// A time class, from the minutes each player has (the usual online bands).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeClass {
    /// Under 5 minutes each.
    Blitz,
    /// 5 to under 15 minutes each.
    Rapid,
    /// 15 minutes or more each.
    Regular,
}

impl TimeClass {
    /// The class of a game with `minutes` per player.
    pub fn of_minutes(minutes: u32) -> Self {
        match minutes {
            0..5 => Self::Blitz,
            5..15 => Self::Rapid,
            _ => Self::Regular,
        }
    }
}

/// Dictionary (O1) or challenge (O2) play, as a rating key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModeClass {
    /// O1.
    Dictionary,
    /// O2 (whatever the N5 challenge rule).
    Challenge,
}

/// O4: what a rating is kept for: lexicon (× tile set) × mode × time class. Data, used as a storage key
/// (`key()`), e.g. `enable.challenge.regular`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Variant {
    /// The lexicon's name.
    pub lexicon: String,
    /// The tile set's name (C2): a French-tiles game is rated apart from an English one.
    pub tile_set: String,
    /// Dictionary or challenge mode.
    pub mode: ModeClass,
    /// The time class.
    pub time: TimeClass,
}

impl Variant {
    /// The variant a game's settings put it in.
    pub fn of(settings: &OnlineSettings) -> Self {
        Self {
            lexicon: settings.lexicon.to_lowercase(),
            tile_set: settings.tile_set.to_lowercase(),
            mode: match settings.mode {
                Mode::Dictionary => ModeClass::Dictionary,
                Mode::Challenge { .. } => ModeClass::Challenge,
            },
            time: TimeClass::of_minutes(settings.minutes),
        }
    }

    /// A stable text key for storage: `lexicon.mode.time`, the lexicon written `lexicon+tiles`
    /// for a tile set other than English (`enable2k+french.dictionary.regular`), so English
    /// games keep the key they always had.
    pub fn key(&self) -> String {
        let mode = match self.mode {
            ModeClass::Dictionary => "dictionary",
            ModeClass::Challenge => "challenge",
        };
        let time = match self.time {
            TimeClass::Blitz => "blitz",
            TimeClass::Rapid => "rapid",
            TimeClass::Regular => "regular",
        };
        if self.tile_set == "english" {
            format!("{}.{mode}.{time}", self.lexicon)
        } else {
            format!("{}+{}.{mode}.{time}", self.lexicon, self.tile_set)
        }
    }
}

/// A Glicko-2 rating: rating, deviation (RD) and volatility, on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating (a new player: 1500).
    pub rating: f64,
    /// The rating deviation (a new player: 350).
    pub deviation: f64,
    /// The volatility (a new player: 0.06).
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player's rating: 1500, RD 350, volatility 0.06 (Glickman's defaults).
    fn default() -> Self {
        Glicko2Rating::new().into()
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Self {
        Self {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Self {
        Self {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// The system constant τ (Glickman suggests 0.3 to 1.2; his example uses 0.5).
pub const TAU: f64 = 0.5;

fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    }
}

/// O4: the two ratings after one rated game, each game its own rating period. `winner` is the
/// side that won (`None`: a tie). Pure: the ratings before and the result in, the ratings out.
pub fn rate_game(before: Sides<Rating>, winner: Option<Side>) -> Sides<Rating> {
    let outcome = match winner {
        Some(Side::A) => Outcomes::WIN,
        Some(Side::B) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (a, b) = glicko2(&before.a.into(), &before.b.into(), &outcome, &config());
    Sides {
        a: a.into(),
        b: b.into(),
    }
}

/// O4: what a finished game does to its players' ratings: `None` for a casual game or one
/// not finished; otherwise its variant and the ratings after ([`rate_game`] on the declared
/// result). The caller reads `before` for that variant and stores the result in the same
/// transaction that records the end.
pub fn game_ratings(
    state: &OnlineState,
    before: Sides<Rating>,
) -> Option<(Variant, Sides<Rating>)> {
    let settings = state.settings.as_ref().filter(|s| s.rated)?;
    let result = state.game.result.as_ref()?;
    Some((Variant::of(settings), rate_game(before, result.winner)))
}

/// One player's rating after a rating period of several games: each opponent's rating and the
/// player's score against them (1 a win, 0.5 a tie, 0 a loss). For a period batched by the
/// caller (and for checking against Glickman's worked example).
pub fn rate_period(player: Rating, games: &[(Rating, f64)]) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|(opp, score)| {
            let outcome = if *score > 0.75 {
                Outcomes::WIN
            } else if *score < 0.25 {
                Outcomes::LOSS
            } else {
                Outcomes::DRAW
            };
            ((*opp).into(), outcome)
        })
        .collect();
    glicko2_rating_period(&player.into(), &results, &config()).into()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// O4: Glickman's worked example ("Example of the Glicko-2 system", 2013): a 1500 player
    /// (RD 200, σ 0.06, τ 0.5) beats a 1400 (RD 30), loses to a 1550 (RD 100) and to a 1700
    /// (RD 300); by hand: r' = 1464.06, RD' = 151.52, σ' = 0.05999.
    #[test]
    fn o4_glickmans_example_by_hand() {
        let after = rate_period(
            r(1500.0, 200.0),
            &[
                (r(1400.0, 30.0), 1.0),
                (r(1550.0, 100.0), 0.0),
                (r(1700.0, 300.0), 0.0),
            ],
        );
        assert!((after.rating - 1464.06).abs() < 1.0, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 1.0, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.0001, "{after:?}");
    }

    /// O4: one game, hand-computed with the same formulas: two new players (1500, RD 350);
    /// g(φ) = 0.6690, E = 0.5, v = 1/(g²·E·(1−E)) ⇒ φ' = 1/√(1/φ² + 1/v); the winner gains
    /// and the loser loses the same amount, about 162.3, RD to about 290.3.
    #[test]
    fn o4_one_game_between_new_players() {
        let after = rate_game(Sides::<Rating>::default(), Some(Side::A));
        assert!((after.a.rating - 1662.3).abs() < 1.0, "{after:?}");
        assert!((after.b.rating - 1337.7).abs() < 1.0, "{after:?}");
        assert!((after.a.deviation - 290.3).abs() < 1.0, "{after:?}");
        let tie = rate_game(Sides::<Rating>::default(), None);
        assert!((tie.a.rating - 1500.0).abs() < 1e-6);
        let lost = rate_game(Sides::<Rating>::default(), Some(Side::B));
        assert!((lost.b.rating - 1662.3).abs() < 1.0);
    }

    #[test]
    fn o4_a_variant_is_lexicon_mode_and_time_class() {
        assert_eq!(TimeClass::of_minutes(3), TimeClass::Blitz);
        assert_eq!(TimeClass::of_minutes(10), TimeClass::Rapid);
        assert_eq!(TimeClass::of_minutes(25), TimeClass::Regular);
        let mut v = Variant {
            lexicon: "enable".into(),
            tile_set: "english".into(),
            mode: ModeClass::Challenge,
            time: TimeClass::Regular,
        };
        assert_eq!(v.key(), "enable.challenge.regular");
        // C2: another tile set is another variant.
        v.tile_set = "french".into();
        assert_eq!(v.key(), "enable+french.challenge.regular");
    }
}
