//! Slips (rule D5): what a player wrote (reference, word with blanks marked, points) checked
//! against the master board of the turn (before its top) and the lexicon.
//!
//! * The word is read as written, the whole word (letters already on the board included);
//!   a blank is a lowercase letter or a letter in brackets (`MAIS(o)N`, `MAIS[o]N`).
//! * A non-allowed or misspelled word, or a placement that is not legal, scores 0 (D5).
//! * Writing faults (D5): a reference that does not place the word where it is legal while
//!   exactly one other position does (the word is then scored there), a blank not marked
//!   where the rack holds one, points missing or not the true score. Each fault gets the
//!   referee's ruling: a warning per fault with the true score (D8), or a zero.
//! * A reference is read in the event's notation only (C7); a GCG-style reference in a
//!   French event is a wrong reference, never reinterpreted silently.

use serde::{Deserialize, Serialize};

use crate::rules::board::{Board, Direction, Square};
use crate::rules::duplicate::{FaultRuling, Notation, reference};
use crate::rules::lexicon::Lexicon;
use crate::rules::movegen::WordGraph;
use crate::rules::notation::{Move, MoveLetter, parse_french_position, parse_gcg_position};
use crate::rules::placement::{Placement, PlacementError, validate};
use crate::rules::scoring::score_total;
use crate::rules::tiles::{Rack, Tile, TileSet};

/// A word list the slips are checked against (D2).
pub trait WordList {
    /// True if `word` (uppercase) is allowed.
    fn allows(&self, word: &str) -> bool;
}

impl WordList for Lexicon {
    fn allows(&self, word: &str) -> bool {
        self.contains(word)
    }
}

impl WordList for WordGraph {
    fn allows(&self, word: &str) -> bool {
        self.contains(word)
    }
}

/// What a player wrote on a slip.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SlipInput {
    /// The player's number.
    pub player: u32,
    /// The reference as written (`H8`, `8-H`, …).
    pub reference: String,
    /// The word as written, blanks marked.
    pub word: String,
    /// The points written (`None`: left blank).
    pub points: Option<u32>,
}

/// A slip line that cannot be read; names the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("slip {field}: {why}")]
pub struct SlipError {
    /// `player`, `reference`, `word` or `points`.
    pub field: &'static str,
    /// What is wrong.
    pub why: String,
}

impl SlipInput {
    /// Reads a typed line `player reference word [points]`, e.g. `12 H8 MAISoN 24`
    /// (`-` or nothing for points left blank).
    pub fn parse_line(line: &str) -> Result<SlipInput, SlipError> {
        let bad = |field, why: &str| SlipError {
            field,
            why: why.to_owned(),
        };
        let mut parts = line.split_whitespace();
        let player = parts
            .next()
            .ok_or_else(|| bad("player", "missing"))?
            .parse::<u32>()
            .map_err(|_| bad("player", "must be a number"))?;
        let reference = parts.next().ok_or_else(|| bad("reference", "missing"))?;
        let word = parts.next().ok_or_else(|| bad("word", "missing"))?;
        let points = match parts.next() {
            None | Some("-") => None,
            Some(p) => Some(
                p.parse::<u32>()
                    .map_err(|_| bad("points", "must be a number or -"))?,
            ),
        };
        if parts.next().is_some() {
            return Err(bad("points", "unexpected text after the points"));
        }
        Ok(SlipInput {
            player,
            reference: reference.to_owned(),
            word: word.to_owned(),
            points,
        })
    }
}

/// A writing fault (D5).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Fault {
    /// The reference does not place the word; it was scored at `meant`.
    WrongReference {
        /// The reference that places it, in the event's notation.
        meant: String,
    },
    /// A blank used but not marked.
    BlankNotMarked,
    /// Points missing or not the true score.
    WrongPoints {
        /// As written.
        written: Option<u32>,
        /// The true score.
        actual: u32,
    },
}

/// Why a slip scores 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ZeroReason {
    /// The word cannot be read.
    Unreadable {
        /// What is wrong.
        why: String,
    },
    /// The word cannot be placed as written, nor at a single other position.
    Misplaced {
        /// Why.
        why: String,
    },
    /// A word formed is not allowed or is misspelled.
    NotAllowed {
        /// The word.
        word: String,
    },
    /// The referee ruled the writing faults a zero (D5).
    RuledZero,
}

/// A play as the slip check read it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SlipPlay {
    /// GCG position.
    pub position: String,
    /// GCG word (`.` for board tiles, lowercase blanks).
    pub word: String,
    /// The main word, uppercase.
    pub main_word: String,
}

/// What a slip scores for its turn, before the solo bonus and warning penalties.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = DuplicateVerdict)]
pub struct Verdict {
    /// The slip as written.
    pub slip: SlipInput,
    /// The play it was scored as, if one could be read.
    pub play: Option<SlipPlay>,
    /// The play's true score (0 without a play).
    pub true_score: u32,
    /// Writing faults.
    pub faults: Vec<Fault>,
    /// The referee's ruling on them (`None` without faults).
    pub ruling: Option<FaultRuling>,
    /// Why it scores 0, if it does.
    pub zero: Option<ZeroReason>,
    /// The score for the turn.
    pub score: u32,
    /// Warnings given (D8).
    pub warnings: u32,
}

/// The turn a slip is checked on.
pub struct Position<'a> {
    /// The tile set.
    pub set: &'a TileSet,
    /// The master board before the turn's top.
    pub board: &'a Board,
    /// The turn's rack.
    pub rack: &'a Rack,
    /// The event's notation (C7).
    pub notation: Notation,
}

/// Reads a slip word: letters, blanks lowercase or in brackets.
fn parse_word(word: &str) -> Result<Vec<Tile>, String> {
    let mut out = Vec::with_capacity(word.len());
    let mut chars = word.trim().chars();
    while let Some(c) = chars.next() {
        let tile = match c {
            '(' | '[' => {
                let close = if c == '(' { ')' } else { ']' };
                let letter = chars.next().and_then(Tile::blank);
                match (letter, chars.next()) {
                    (Some(t), Some(end)) if end == close => t,
                    _ => return Err(format!("a blank is one letter in {c}{close}")),
                }
            }
            c => Tile::from_char(c).ok_or_else(|| format!("'{c}' is not a letter"))?,
        };
        out.push(tile);
    }
    if out.is_empty() {
        return Err("the word is empty".into());
    }
    Ok(out)
}

/// C7: the square and direction a reference names in `notation`, or `None` if it names none.
pub fn read_reference(notation: Notation, text: &str) -> Option<(Square, Direction)> {
    match notation {
        Notation::French => parse_french_position(text).ok(),
        Notation::Gcg => parse_gcg_position(text).ok(),
    }
}

/// The word laid from `start` along `dir`, or `None` if it runs off the board.
fn laid(start: Square, dir: Direction, tiles: &[Tile]) -> Option<Move> {
    Move::new(
        start,
        dir,
        tiles.iter().map(|t| MoveLetter::Tile(*t)).collect(),
    )
    .ok()
}

/// Turns natural letters the rack cannot supply into blanks, if it holds enough (a blank used
/// but not marked). `None` when nothing changes or it does not help.
fn mark_blanks(board: &Board, rack: &Rack, mv: &Move) -> Option<Move> {
    let mut left = *rack;
    let mut changed = false;
    let mut letters = mv.letters.clone();
    for (letter, sq) in letters.iter_mut().zip(mv.squares()) {
        if let MoveLetter::Tile(t) = letter
            && board.is_empty_at(sq)
            && !left.take_tile(*t)
        {
            let blank = Tile::blank(t.letter())?;
            if !left.take_tile(blank) {
                return None;
            }
            *letter = MoveLetter::Tile(blank);
            changed = true;
        }
    }
    changed.then(|| Move {
        letters,
        ..mv.clone()
    })
}

/// Places `mv` legally from the rack, marking blanks if needed. Returns the placement and
/// whether blanks had to be marked.
fn place(pos: &Position, mv: &Move) -> Result<(Placement, bool), String> {
    // C3 in Duplicate: the first word is placed across.
    if pos.board.is_empty() && mv.direction == Direction::Down {
        return Err("rule C3: the first word is placed across".into());
    }
    place_line(pos, mv).map_err(|e| e.to_string())
}

fn place_line(pos: &Position, mv: &Move) -> Result<(Placement, bool), PlacementError> {
    match validate(pos.board, pos.set, mv, Some(pos.rack)) {
        Ok(p) => Ok((p, false)),
        Err(e @ PlacementError::NotOnRack { .. }) => mark_blanks(pos.board, pos.rack, mv)
            .and_then(|m| validate(pos.board, pos.set, &m, Some(pos.rack)).ok())
            .map(|p| (p, true))
            .ok_or(e),
        Err(e) => Err(e),
    }
}

fn first_not_allowed(words: &impl WordList, board: &Board, p: &Placement) -> Option<String> {
    p.words(board)
        .into_iter()
        .map(|w| w.text())
        .find(|w| !words.allows(w))
}

/// D5: checks a slip on the turn's position. `ruling` is the referee's choice for writing
/// faults (the ruleset's default when `None`).
pub fn check(
    pos: &Position,
    words: &impl WordList,
    slip: SlipInput,
    ruling: FaultRuling,
) -> Verdict {
    let mut verdict = Verdict {
        slip,
        play: None,
        true_score: 0,
        faults: Vec::new(),
        ruling: None,
        zero: None,
        score: 0,
        warnings: 0,
    };
    let tiles = match parse_word(&verdict.slip.word) {
        Ok(t) => t,
        Err(why) => {
            verdict.zero = Some(ZeroReason::Unreadable { why });
            return verdict;
        }
    };
    let written = read_reference(pos.notation, &verdict.slip.reference);
    let as_written = written
        .and_then(|(sq, dir)| laid(sq, dir, &tiles))
        .ok_or_else(|| format!("{} is not a reference", verdict.slip.reference.trim()))
        .and_then(|mv| place(pos, &mv));
    let (placement, blanks) = match as_written {
        Ok(found) => found,
        Err(why) => {
            // Where else does the word go, legally and with allowed words only?
            let mut elsewhere = Vec::new();
            for sq in Square::all() {
                for dir in [Direction::Across, Direction::Down] {
                    if written == Some((sq, dir)) {
                        continue;
                    }
                    if let Some(found) = laid(sq, dir, &tiles).and_then(|m| place(pos, &m).ok())
                        && first_not_allowed(words, pos.board, &found.0).is_none()
                    {
                        elsewhere.push(found);
                    }
                }
            }
            if elsewhere.len() != 1 {
                let why = match elsewhere.len() {
                    0 => why,
                    n => format!("{why}; the word fits in {n} other places"),
                };
                verdict.zero = Some(ZeroReason::Misplaced { why });
                return verdict;
            }
            let Some(found) = elsewhere.pop() else {
                return verdict;
            };
            verdict.faults.push(Fault::WrongReference {
                meant: reference(pos.notation, found.0.start, found.0.direction),
            });
            found
        }
    };
    if blanks {
        verdict.faults.push(Fault::BlankNotMarked);
    }
    let mv = placement.to_move();
    verdict.play = Some(SlipPlay {
        position: mv.gcg_position(),
        word: mv.word(),
        main_word: placement
            .words(pos.board)
            .first()
            .map(|w| w.text())
            .unwrap_or_default(),
    });
    if let Some(word) = first_not_allowed(words, pos.board, &placement) {
        verdict.zero = Some(ZeroReason::NotAllowed { word });
        verdict.faults.clear();
        return verdict;
    }
    verdict.true_score = score_total(pos.board, pos.set, &placement);
    if verdict.slip.points != Some(verdict.true_score) {
        verdict.faults.push(Fault::WrongPoints {
            written: verdict.slip.points,
            actual: verdict.true_score,
        });
    }
    if verdict.faults.is_empty() {
        verdict.score = verdict.true_score;
        return verdict;
    }
    verdict.ruling = Some(ruling);
    match ruling {
        FaultRuling::Warning => {
            verdict.score = verdict.true_score;
            verdict.warnings = verdict.faults.len() as u32;
        }
        FaultRuling::Zero => verdict.zero = Some(ZeroReason::RuledZero),
    }
    verdict
}

#[cfg(test)]
#[path = "slip_tests.rs"]
#[allow(clippy::unwrap_used)]
mod tests;
