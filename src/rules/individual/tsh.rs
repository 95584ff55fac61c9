//! TSH's files (issue 18): the `.t` division file read and written, and the `tourney.js`
//! JSON that TSH publishes for live coverage. The format is TSH's own (its `TFile.pm` reads
//! and writes it; see `tests/data/tsh/README.md` for the sources):
//!
//! ```text
//! Smith, Ann              1823 2 3 0; 412 388 50; board 1 2 0; p12 1 2 0
//! ```
//!
//! One player per line, numbered from 1 in line order: the name (anything, spaces, commas,
//! digits and apostrophes included; it ends where the rating begins), the rating (`1823`; TSH
//! also reads `1500.5` and a pair's `1500+1420`), then the opponent of each round so far (a
//! player number; 0 is a bye or forfeit; `00` a round not paired); after `;` the player's score
//! in each round (for a bye or forfeit, the spread it counts: 50, -50, or 0 for no game; `00`
//! not scored); after further `;` optional fields, each a keyword and its values, `\;` and
//! `\\` escaped (`p12`: 1 went first, 2 second, 0 neither, 3 must draw, 4 not known yet;
//! `board`: the table of each round, 0 none; `off`: no longer paired, with the score of the
//! byes TSH gives them; `newr`, `rrank`, `class`, `team`, `rtime`, … kept as they are).
//! Lines may end in LF, CRLF or CR; a UTF-8 byte order mark, blank lines and lines starting
//! with `#` are skipped. A refusal names its line.

use serde::{Deserialize, Serialize};

mod write;
pub use write::{CoverageDivision, to_latin1, tourney_js, write};

/// One player's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The name as written (TSH writes "Last, First"), inner spaces kept.
    pub name: String,
    /// Rating (0: unrated). Of a decimal or a pair's `1500+1420` rating, the first whole number.
    pub rating: i32,
    /// Opponent in each round: a player number from 1, 0 for a bye or forfeit, none (`00`)
    /// for a round in which the player is not paired.
    pub opponents: Vec<Option<u32>>,
    /// Score in each round (may be fewer than `opponents`: a round paired but not yet
    /// scored); none (`00`): not scored.
    pub scores: Vec<Option<i32>>,
    /// Other fields (`p12`, `board`, `off`, `newr`, …), values as written.
    pub fields: Vec<(String, Vec<String>)>,
}

impl Player {
    /// A field's values, when the line has it.
    pub fn field(&self, key: &str) -> Option<&[String]> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_slice())
    }

    /// Who went first in a round (from 0), from `p12`: 1 first, 2 second, 0 neither (bye),
    /// 3 must draw, 4 not known yet; none when not recorded.
    pub fn first(&self, round: usize) -> Option<u8> {
        self.field("p12")?.get(round)?.parse().ok()
    }

    /// The table of a round (from 0), from `board`; none when not recorded or 0.
    pub fn board(&self, round: usize) -> Option<u32> {
        self.field("board")?
            .get(round)?
            .parse()
            .ok()
            .filter(|b| *b > 0)
    }

    /// TSH's `off`: the player is no longer paired.
    pub fn is_off(&self) -> bool {
        self.field("off").is_some()
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

impl Division {
    /// Player `number`'s (from 1) score in round `round` (from 0); none when the player or the
    /// score is not there (`00`, or not entered yet).
    pub fn score(&self, number: usize, round: usize) -> Option<i32> {
        let player = self.players.get(number.checked_sub(1)?)?;
        player.scores.get(round).copied().flatten()
    }
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
        /// Where (`rating`, `opponents`, `scores`, `p12`).
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
    /// The opponent's line names someone else (or no one) for that round.
    #[error("round {round}: plays {opponent}, whose line has {} for that round",
        theirs.map_or("no pairing".to_owned(), |t| t.to_string()))]
    Asymmetric {
        /// Round from 1.
        round: usize,
        /// The opponent named here.
        opponent: u32,
        /// Whom the opponent's line names (none: no pairing).
        theirs: Option<u32>,
    },
    /// More scores than rounds paired.
    #[error("{scores} scores for {rounds} paired rounds")]
    TooManyScores {
        /// Scores given.
        scores: usize,
        /// Rounds paired.
        rounds: usize,
    },
    /// A score in a round the player is not paired in.
    #[error("round {0}: a score but no pairing (00)")]
    ScoreWithoutPairing(usize),
    /// A name that would not read back as itself: holding `;` or a line break, starting with
    /// `#`, or ending in a number (which TSH would read as the rating).
    #[error("the name cannot hold ';' or a line break, start with '#' or end in a number")]
    BadName,
    /// A line that would not read back as written (a field keyword or value with spaces).
    #[error("the line would not read back as written")]
    NotReadBack,
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
    // `FromStr` for integers takes a leading `+`, which TSH's numbers never have.
    if value.starts_with('+') {
        return Err(LineError::NotANumber {
            field,
            value: value.to_owned(),
        });
    }
    value.parse().map_err(|_| LineError::NotANumber {
        field,
        value: value.to_owned(),
    })
}

/// `00`: TSH's mark of a value not set (a round not paired, a score not entered).
fn maybe<T: std::str::FromStr>(field: &'static str, value: &str) -> Result<Option<T>, LineError> {
    if value == "00" {
        Ok(None)
    } else {
        number(field, value).map(Some)
    }
}

fn digits(t: &str) -> bool {
    !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
}

/// TSH's rating: whole numbers joined by `.` or `+` (`1823`, `1500.5`, `1500+1420`).
fn rating_like(t: &str) -> bool {
    t.split(['.', '+']).all(digits)
}

/// The line's text without TSH's trailing `; # 12` (a line number some tools append).
fn without_line_note(text: &str) -> &str {
    let Some(i) = text.rfind(';') else {
        return text;
    };
    let note = text[i + 1..].trim();
    match note.strip_prefix('#') {
        Some(n) if n.starts_with(' ') && digits(n.trim()) => &text[..=i],
        _ => text,
    }
}

/// Splits the fields after the scores on `;`, undoing TSH's `\;` and `\\`.
fn split_fields(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.peek() {
                Some(&n @ ('\\' | ';')) => {
                    cur.push(n);
                    chars.next();
                }
                _ => cur.push('\\'),
            },
            ';' => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out
}

/// Parses one line (trimmed, no comment) as TSH does: the name is the shortest start of the
/// line followed by a rating and nothing but opponent numbers before the first `;`.
fn parse_line(text: &str) -> Result<Player, LineError> {
    let text = without_line_note(text);
    let (head, rest) = match text.split_once(';') {
        Some((h, r)) => (h, Some(r)),
        None => (text, None),
    };
    let tokens: Vec<&str> = head.split_whitespace().collect();
    let at = (1..tokens.len())
        .find(|&k| rating_like(tokens[k]) && tokens[k + 1..].iter().all(|t| digits(t)));
    let Some(k) = at else {
        if tokens.is_empty() || (rating_like(tokens[0]) && tokens[1..].iter().all(|t| digits(t))) {
            return Err(LineError::NoName);
        }
        // The first non-number after a rating is what spoils the line.
        if let Some(j) = (1..tokens.len()).find(|&j| rating_like(tokens[j]))
            && let Some(bad) = tokens[j + 1..].iter().find(|t| !digits(t))
        {
            return Err(LineError::NotANumber {
                field: "opponents",
                value: (*bad).to_owned(),
            });
        }
        return Err(LineError::NoRating);
    };
    // The name as written, up to the rating: inner spaces kept, tabs read as spaces.
    let offset = tokens[k].as_ptr() as usize - head.as_ptr() as usize;
    let name = head[..offset]
        .trim_end()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let whole = tokens[k].split(['.', '+']).next().unwrap_or_default();
    let rating = number("rating", whole)?;
    let opponents = tokens[k + 1..]
        .iter()
        .map(|t| maybe("opponents", t))
        .collect::<Result<Vec<Option<u32>>, _>>()?;
    let (scores, extra) = match rest {
        Some(r) => r.split_once(';').map_or((r, None), |(s, e)| (s, Some(e))),
        None => ("", None),
    };
    let scores = scores
        .split_whitespace()
        .map(|t| maybe("scores", t))
        .collect::<Result<Vec<Option<i32>>, _>>()?;
    let mut fields: Vec<(String, Vec<String>)> = Vec::new();
    for part in extra.map(split_fields).unwrap_or_default() {
        let mut words = part.split_whitespace();
        // TSH skips an empty field (`; ;`).
        let Some(key) = words.next() else { continue };
        let values: Vec<String> = words.map(str::to_owned).collect();
        // A keyword without values: TSH writes it out of the file, so it is none here.
        if values.is_empty() {
            continue;
        }
        if key == "p12" {
            for v in &values {
                maybe::<u8>("p12", v)?;
            }
        }
        // A keyword given twice: the last one counts, as in TSH.
        match fields.iter_mut().find(|(k, _)| k == key) {
            Some(f) => f.1 = values,
            None => fields.push((key.to_owned(), values)),
        }
    }
    Ok(Player {
        name,
        rating,
        opponents,
        scores,
        fields,
    })
}

/// The file's lines with their numbers from 1, whatever the line ends (LF, CRLF, CR).
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n')
        .flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r'))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}

/// The line (from 1) of each player of a `.t` file, in order, for refusals about a player
/// found after reading (a name too long, a rating out of range).
pub fn player_lines(text: &str) -> Vec<usize> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    lines(text)
        .filter(|(_, l)| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('#')
        })
        .map(|(n, _)| n)
        .collect()
}

/// Reads a `.t` file. Refused with the line number: a line without name or rating, a value
/// that is not a number, an opponent who is not in the division, a player paired with
/// themselves, two lines that disagree on who plays whom, a score with no pairing.
pub fn read(name: &str, text: &str) -> Result<Division, TshError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut players = Vec::new();
    let mut numbers = Vec::new();
    for (n, raw) in lines(text) {
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let player = parse_line(trimmed).map_err(|error| TshError { line: n, error })?;
        players.push(player);
        numbers.push(n);
    }
    let division = Division {
        name: name.to_owned(),
        players,
    };
    check(&division).map_err(|(index, error)| TshError {
        line: numbers.get(index).copied().unwrap_or(0),
        error,
    })?;
    Ok(division)
}

/// The pairings must name players of the division (checked for every line first, so a number
/// out of range is reported on its own line) and agree with each other; scores need rounds.
fn check(d: &Division) -> Result<(), (usize, LineError)> {
    let count = d.players.len();
    for (i, p) in d.players.iter().enumerate() {
        let me = u32::try_from(i + 1).unwrap_or(u32::MAX);
        for (r, &opp) in p.opponents.iter().enumerate() {
            let Some(opp) = opp else { continue };
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
        if p.scores.len() > p.opponents.len() {
            return Err((
                i,
                LineError::TooManyScores {
                    scores: p.scores.len(),
                    rounds: p.opponents.len(),
                },
            ));
        }
        if let Some(r) = (0..p.scores.len())
            .find(|&r| p.scores[r].is_some() && p.opponents.get(r).copied().flatten().is_none())
        {
            return Err((i, LineError::ScoreWithoutPairing(r + 1)));
        }
    }
    for (i, p) in d.players.iter().enumerate() {
        let me = u32::try_from(i + 1).unwrap_or(u32::MAX);
        for (r, &opp) in p.opponents.iter().enumerate() {
            let Some(opp) = opp.filter(|o| *o > 0) else {
                continue;
            };
            let theirs = usize::try_from(opp)
                .ok()
                .and_then(|o| d.players.get(o - 1))
                .and_then(|t| t.opponents.get(r).copied().flatten());
            if theirs != Some(me) {
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
