//! TSH's files (issue 18): the `.t` division file read and written, and the `tourney.js`
//! JSON that TSH publishes for live coverage.
//!
//! A `.t` file has one player per line, numbered from 1 in line order:
//!
//! ```text
//! Smith, Ann     1823  2 3 0; 412 388 50; p12 1 2 0
//! ```
//!
//! the name (anything, spaces and commas included), the rating, then the opponent of each
//! round so far (a player number; 0 is a bye); after `;` the player's score in each round (for
//! a bye or forfeit, the spread it counts); after further `;` optional fields, each a keyword
//! and its values (`p12`: 1 went first, 2 went second, 0 neither; `newr`: ratings after each
//! round; others are kept as they are). Blank lines and lines starting with `#` are skipped.
//! Every refusal names its line.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// One player's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The name as written (TSH writes "Last, First").
    pub name: String,
    /// Rating (0: unrated).
    pub rating: i32,
    /// Opponent in each round: a player number from 1, or 0 for a bye.
    pub opponents: Vec<u32>,
    /// Score in each round played so far (may be fewer than `opponents`: a round paired but
    /// not yet scored).
    pub scores: Vec<i32>,
    /// Other fields (`p12`, `newr`, `off`, …) in file order, values as written.
    pub fields: Vec<(String, Vec<String>)>,
}

impl Player {
    /// Firsts and seconds by round (`p12`): 1 first, 2 second, 0 neither (bye), when recorded.
    pub fn firsts(&self) -> Option<Vec<u8>> {
        let (_, values) = self.fields.iter().find(|(k, _)| k == "p12")?;
        values.iter().map(|v| v.parse().ok()).collect()
    }
}

/// A division: its players, numbered from 1 in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Division {
    /// Division name (TSH names divisions by file, e.g. `a.t` is "A").
    pub name: String,
    /// Players in file order.
    pub players: Vec<Player>,
}

/// What is wrong with a line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// No name before the numbers.
    #[error("no player name")]
    NoName,
    /// No rating after the name.
    #[error("no rating after the name")]
    NoRating,
    /// A value that should be a whole number is not.
    #[error("{field}: {value:?} is not a whole number")]
    NotANumber {
        /// Where (`opponents`, `scores`, `p12`).
        field: &'static str,
        /// What was written.
        value: String,
    },
    /// An opponent number that is no player of the division.
    #[error(
        "round {round}: opponent {opponent} is not a player of this division ({players} players)"
    )]
    NoSuchOpponent {
        /// Round from 1.
        round: usize,
        /// The number written.
        opponent: u32,
        /// Players in the division.
        players: usize,
    },
    /// A player paired with themselves.
    #[error("round {0}: a player cannot play themselves")]
    SelfPairing(usize),
    /// The opponent's line names someone else for that round.
    #[error("round {round}: plays {opponent}, whose line has {theirs} for that round")]
    Asymmetric {
        /// Round from 1.
        round: usize,
        /// The opponent named here.
        opponent: u32,
        /// Whom the opponent's line names.
        theirs: u32,
    },
    /// More scores than rounds paired.
    #[error("{scores} scores for {rounds} paired rounds")]
    TooManyScores {
        /// Scores given.
        scores: usize,
        /// Rounds paired.
        rounds: usize,
    },
    /// An extra field without its keyword.
    #[error("an empty field after ';'")]
    EmptyField,
    /// A name holding `;` or a line break cannot be written back.
    #[error("the name cannot hold ';' or a line break")]
    BadName,
}

/// A refused `.t` file: the line (from 1) and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {error}")]
pub struct TshError {
    /// The line of the file, from 1 (for a division being written: the player's number).
    pub line: usize,
    /// What is wrong with it.
    pub error: LineError,
}

fn number<T: std::str::FromStr>(field: &'static str, value: &str) -> Result<T, LineError> {
    value.parse().map_err(|_| LineError::NotANumber {
        field,
        value: value.to_owned(),
    })
}

fn parse_line(text: &str) -> Result<Player, LineError> {
    let mut parts = text.split(';');
    let head: Vec<&str> = parts
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    // The name ends where the trailing run of numbers begins: rating, then opponents.
    let numbers = head
        .iter()
        .rev()
        .take_while(|t| t.parse::<i64>().is_ok())
        .count();
    if numbers == 0 {
        return Err(if head.is_empty() {
            LineError::NoName
        } else {
            LineError::NoRating
        });
    }
    let name_end = head.len() - numbers;
    if name_end == 0 {
        return Err(LineError::NoName);
    }
    let name = head[..name_end].join(" ");
    let rating = number("rating", head[name_end])?;
    let opponents = head[name_end + 1..]
        .iter()
        .map(|t| number("opponents", t))
        .collect::<Result<Vec<u32>, _>>()?;
    let scores = match parts.next() {
        Some(s) => s
            .split_whitespace()
            .map(|t| number("scores", t))
            .collect::<Result<Vec<i32>, _>>()?,
        None => Vec::new(),
    };
    if scores.len() > opponents.len() {
        return Err(LineError::TooManyScores {
            scores: scores.len(),
            rounds: opponents.len(),
        });
    }
    let mut fields = Vec::new();
    for part in parts {
        let mut words = part.split_whitespace();
        let key = words.next().ok_or(LineError::EmptyField)?.to_owned();
        let values: Vec<String> = words.map(str::to_owned).collect();
        if key == "p12" {
            for v in &values {
                number::<u8>("p12", v)?;
            }
        }
        fields.push((key, values));
    }
    Ok(Player {
        name,
        rating,
        opponents,
        scores,
        fields,
    })
}

/// Reads a `.t` file. Refused with the line number: a line without name or rating, a value
/// that is not a number, an opponent who is not in the division, a player paired with
/// themselves, two lines that disagree on who plays whom, more scores than rounds.
pub fn read(name: &str, text: &str) -> Result<Division, TshError> {
    let mut players = Vec::new();
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let player = parse_line(trimmed).map_err(|error| TshError { line: i + 1, error })?;
        players.push(player);
        lines.push(i + 1);
    }
    let division = Division {
        name: name.to_owned(),
        players,
    };
    check(&division).map_err(|(index, error)| TshError {
        line: lines.get(index).copied().unwrap_or(0),
        error,
    })?;
    Ok(division)
}

/// The pairings must name players of the division (checked for every line first, so a number
/// out of range is reported on its own line) and agree with each other.
fn check(d: &Division) -> Result<(), (usize, LineError)> {
    let count = d.players.len();
    for (i, p) in d.players.iter().enumerate() {
        if p.name.contains(';') || p.name.contains('\n') || p.name.trim().is_empty() {
            return Err((i, LineError::BadName));
        }
        let me = u32::try_from(i + 1).unwrap_or(u32::MAX);
        for (r, &opp) in p.opponents.iter().enumerate() {
            if opp == me {
                return Err((i, LineError::SelfPairing(r + 1)));
            }
            if usize::try_from(opp).map_or(true, |o| o > count) {
                return Err((
                    i,
                    LineError::NoSuchOpponent {
                        round: r + 1,
                        opponent: opp,
                        players: count,
                    },
                ));
            }
        }
    }
    for (i, p) in d.players.iter().enumerate() {
        let me = u32::try_from(i + 1).unwrap_or(u32::MAX);
        for (r, &opp) in p.opponents.iter().enumerate() {
            let them = usize::try_from(opp)
                .ok()
                .and_then(|o| o.checked_sub(1))
                .and_then(|o| d.players.get(o));
            // A bye has no opponent; a round the opponent's line has not reached yet is not a
            // disagreement.
            if let Some(&theirs) = them.and_then(|t| t.opponents.get(r))
                && theirs != me
            {
                return Err((
                    i,
                    LineError::Asymmetric {
                        round: r + 1,
                        opponent: opp,
                        theirs,
                    },
                ));
            }
        }
    }
    Ok(())
}

/// Writes a division as a `.t` file that [`read`] (and TSH) read back to the same division.
/// Refused, numbered by player, when the division could not be read back (a name holding `;`,
/// pairings that disagree).
pub fn write(d: &Division) -> Result<String, TshError> {
    check(d).map_err(|(index, error)| TshError {
        line: index + 1,
        error,
    })?;
    let width = d
        .players
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for p in &d.players {
        let mut line = format!("{:<width$} {:>4}", p.name, p.rating);
        for o in &p.opponents {
            line.push_str(&format!(" {o}"));
        }
        line.push(';');
        for s in &p.scores {
            line.push_str(&format!(" {s}"));
        }
        for (key, values) in &p.fields {
            line.push_str(&format!("; {key}"));
            for v in values {
                line.push_str(&format!(" {v}"));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    Ok(out)
}

/// The `tourney.js` TSH publishes for live coverage: `newt=` and a JSON object with the
/// event's `config` and its `divisions`, each with `players` indexed by player number (index 0
/// is `null`), each player with `id`, `name`, `rating`, `pairings` (0: bye), `scores` and
/// `etc` (`p12`: firsts; `newr`: rating estimates after each round, when given).
pub fn tourney_js(event_name: &str, divisions: &[(Division, Option<Vec<Vec<i64>>>)]) -> String {
    let divisions: Vec<Value> = divisions
        .iter()
        .map(|(d, newr)| {
            let players =
                std::iter::once(Value::Null).chain(d.players.iter().enumerate().map(|(i, p)| {
                    let mut etc = serde_json::Map::new();
                    for (key, values) in &p.fields {
                        let values: Vec<Value> = values
                            .iter()
                            .map(|v| v.parse::<i64>().map_or_else(|_| json!(v), |n| json!(n)))
                            .collect();
                        etc.insert(key.clone(), Value::Array(values));
                    }
                    if let Some(r) = newr.as_ref().and_then(|n| n.get(i)) {
                        etc.insert("newr".into(), json!(r));
                    }
                    json!({
                        "id": i + 1,
                        "name": p.name,
                        "rating": p.rating,
                        "pairings": p.opponents,
                        "scores": p.scores,
                        "etc": etc,
                    })
                }));
            json!({"name": d.name, "players": players.collect::<Vec<_>>()})
        })
        .collect();
    let doc = json!({
        "config": {"event_name": event_name},
        "divisions": divisions,
    });
    format!("newt={doc};\n")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
