//! The director's quick entry (issue 18, as TSH's): one game per line,
//! `player# score opponent# score`, each checked against the round's pairing. A bad line is
//! refused on its own (the others are recorded): unknown player, wrong opponent, a bye, or a
//! game whose result is already recorded (or given on another line) with other scores.

use std::collections::{HashMap, HashSet};

use serde::Serialize;

/// A game of the round as quick entry sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// Player going first.
    pub a: i64,
    /// Opponent (none: a bye).
    pub b: Option<i64>,
    /// Scores recorded so far (A, B).
    pub result: Option<(i32, i32)>,
}

/// A line accepted: game `game` (index in the round) gets scores (A, B).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accepted {
    /// Index of the game in the given round.
    pub game: usize,
    /// Scores (A, B).
    pub scores: (i32, i32),
    /// The same scores were already recorded: nothing to write.
    pub unchanged: bool,
}

/// Why a line is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LineError {
    /// Not four whole numbers.
    #[error("write a line as: player score opponent score")]
    Syntax,
    /// A number that is no player of the division.
    #[error("player {player} is not in this division")]
    UnknownPlayer {
        /// The number given.
        player: i64,
    },
    /// The player is not paired this round (late entry, withdrawn) or has a bye.
    #[error("player {player} has no game this round")]
    NoGame {
        /// The player.
        player: i64,
    },
    /// The two players are not paired together this round.
    #[error("player {player} plays {paired} this round, not {given}")]
    WrongOpponent {
        /// The player.
        player: i64,
        /// Their opponent.
        paired: i64,
        /// The opponent given.
        given: i64,
    },
    /// The game already has other scores (recorded, or on an earlier line).
    #[error("game {a} v {b} is already entered as {score_a}-{score_b}")]
    Twice {
        /// Player going first.
        a: i64,
        /// Opponent.
        b: i64,
        /// A's score as entered.
        score_a: i32,
        /// B's score as entered.
        score_b: i32,
    },
    /// A score no game gives.
    #[error("a score must be between -1000 and 2000")]
    Score,
}

/// Checks each non-blank line; the result has one entry per non-blank line, with its line
/// number (from 1).
pub fn check(
    text: &str,
    players: &HashSet<i64>,
    round: &[Game],
) -> Vec<(usize, Result<Accepted, LineError>)> {
    let mut given: HashMap<usize, (i32, i32)> = HashMap::new();
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let r = check_line(l, players, round, &given);
            if let Ok(a) = &r {
                given.insert(a.game, a.scores);
            }
            (i + 1, r)
        })
        .collect()
}

fn check_line(
    line: &str,
    players: &HashSet<i64>,
    round: &[Game],
    given: &HashMap<usize, (i32, i32)>,
) -> Result<Accepted, LineError> {
    let nums: Vec<i64> = line
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| LineError::Syntax)?;
    let [p, sp, o, so] = nums[..] else {
        return Err(LineError::Syntax);
    };
    for x in [p, o] {
        if !players.contains(&x) {
            return Err(LineError::UnknownPlayer { player: x });
        }
    }
    let score = |s: i64| {
        i32::try_from(s)
            .ok()
            .filter(|s| (-1000..=2000).contains(s))
            .ok_or(LineError::Score)
    };
    let (sp, so) = (score(sp)?, score(so)?);
    let (game, g) = round
        .iter()
        .enumerate()
        .find(|(_, g)| g.b.is_some() && (g.a == p || g.b == Some(p)))
        .ok_or(LineError::NoGame { player: p })?;
    let Some(b) = g.b else {
        return Err(LineError::NoGame { player: p });
    };
    let paired = if g.a == p { b } else { g.a };
    if paired != o {
        return Err(LineError::WrongOpponent {
            player: p,
            paired,
            given: o,
        });
    }
    let scores = if g.a == p { (sp, so) } else { (so, sp) };
    let before = given.get(&game).copied().or(g.result);
    match before {
        Some(s) if s != scores => Err(LineError::Twice {
            a: g.a,
            b,
            score_a: s.0,
            score_b: s.1,
        }),
        _ => Ok(Accepted {
            game,
            scores,
            unchanged: before == Some(scores),
        }),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn each_line_is_checked_against_the_pairing() {
        let players: HashSet<i64> = (1..=5).collect();
        let round = [
            Game {
                a: 1,
                b: Some(2),
                result: None,
            },
            Game {
                a: 3,
                b: Some(4),
                result: Some((350, 300)),
            },
            Game {
                a: 5,
                b: None,
                result: None,
            },
        ];
        let text = "2 380 1 410\n\n1 410 3 2\n4 300 3 350\n3 351 4 300\n9 1 1 1\n5 400 1 3\nx y\n1 411 2 380\n";
        let r = check(text, &players, &round);
        let lines: Vec<usize> = r.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, [1, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(
            r[0].1,
            Ok(Accepted {
                game: 0,
                scores: (410, 380),
                unchanged: false
            })
        );
        assert_eq!(
            r[1].1,
            Err(LineError::WrongOpponent {
                player: 1,
                paired: 2,
                given: 3
            })
        );
        assert!(r[2].1.as_ref().unwrap().unchanged);
        assert!(matches!(r[3].1, Err(LineError::Twice { .. })));
        assert_eq!(r[4].1, Err(LineError::UnknownPlayer { player: 9 }));
        assert_eq!(r[5].1, Err(LineError::NoGame { player: 5 }));
        assert_eq!(r[6].1, Err(LineError::Syntax));
        // The same game given twice differently in one batch.
        assert!(matches!(r[7].1, Err(LineError::Twice { score_a: 410, .. })));
    }
}
