//! Move notation (rule C7): one [`Move`] type, two parsers.
//!
//! * **GCG** (`shared/fixtures/gcg/FORMAT.md`): rows are numbers 1-15, columns letters A-O.
//!   Number first is across (`8D` = row 8, column D, reading right), letter first is down
//!   (`D8` = column D, row 8, reading down). Column letters may be lowercase in old files.
//! * **French Duplicate references**: rows are *letters* A-O and columns numbers 1-15. Letter
//!   first is across (`H8`, `H-8` = row H, column 8), number first is down (`8H`, `8-H`).
//!
//! The position is the square of the word's first letter, played-through tiles included. In the
//! word, `.` marks a played-through square; a letter may also stand on an occupied square (older
//! GCG files and French references spell the whole word), which placement checks against the
//! board. A lowercase letter is a blank.
//!
//! The two notations give different meanings to the same text (`H8` is down in GCG and across
//! in French), so callers must pick the parser; nothing here guesses.

use std::fmt;

use crate::rules::board::{Direction, SIZE, Square};
use crate::rules::tiles::Tile;

/// One letter of a move's word, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveLetter {
    /// A letter: a new tile, or (if the square is occupied) the letter of the tile played through.
    Tile(Tile),
    /// `.`: the square already holds a tile that the word plays through.
    Through,
}

/// A tile placement as written: where the word starts, which way it reads, and its letters.
///
/// A `Move` only says what was written; whether it is legal on a given board is decided by
/// [`crate::rules::placement::validate`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    /// Square of the word's first letter (played-through tiles included).
    pub start: Square,
    /// Reading direction.
    pub direction: Direction,
    /// The whole main word in reading order.
    pub letters: Vec<MoveLetter>,
}

/// A position or word that cannot be read. The message names what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Nothing where a position was expected.
    #[error("the position is empty")]
    EmptyPosition,
    /// The position is not a number and a letter.
    #[error("'{0}' is not a position: expected {1}")]
    BadPosition(String, &'static str),
    /// A column outside A-O (GCG) or 1-15 (French).
    #[error("column {0} is off the board")]
    ColumnOffBoard(String),
    /// A row outside 1-15 (GCG) or A-O (French).
    #[error("row {0} is off the board")]
    RowOffBoard(String),
    /// The word is empty.
    #[error("the word is empty")]
    EmptyWord,
    /// A character in the word that is neither a letter nor `.`.
    #[error("'{0}' in the word is not a letter or '.'")]
    BadLetter(char),
    /// The word does not fit on the board from its start square.
    #[error("{word} from {start} runs off the board")]
    OffBoard {
        /// The word as written.
        word: String,
        /// The start square's name.
        start: Square,
    },
}

const GCG_EXPECTED: &str = "a row number and a column letter, like 8D (across) or D8 (down)";
const FRENCH_EXPECTED: &str =
    "a row letter and a column number, like H8 or H-8 (across) or 8H or 8-H (down)";

/// Splits `8D` / `D8` / `8-D` into (leading part, trailing part, digits_first).
fn split_position<'a>(
    pos: &'a str,
    expected: &'static str,
) -> Result<(&'a str, &'a str, bool), NotationError> {
    let pos = pos.trim();
    if pos.is_empty() {
        return Err(NotationError::EmptyPosition);
    }
    let bad = || NotationError::BadPosition(pos.to_owned(), expected);
    let digits_first = pos.starts_with(|c: char| c.is_ascii_digit());
    let split = pos
        .find(|c: char| c.is_ascii_digit() != digits_first)
        .ok_or_else(bad)?;
    let (head, tail) = pos.split_at(split);
    // An optional '-' between the two parts (`H-8`, `8-H`) ends up on one side or the other.
    let head = head.strip_suffix('-').unwrap_or(head);
    let tail = tail.strip_prefix('-').unwrap_or(tail);
    let tail_ok = if digits_first {
        !tail.is_empty() && tail.chars().all(|c| c.is_ascii_alphabetic())
    } else {
        !tail.is_empty() && tail.chars().all(|c| c.is_ascii_digit())
    };
    let head_ok =
        !head.is_empty() && (digits_first || head.chars().all(|c| c.is_ascii_alphabetic()));
    if !tail_ok || !head_ok {
        return Err(bad());
    }
    Ok((head, tail, digits_first))
}

fn number_index(s: &str) -> Option<usize> {
    let n: usize = s.parse().ok()?;
    (1..=SIZE).contains(&n).then(|| n - 1)
}

fn letter_index(s: &str) -> Option<usize> {
    let mut cs = s.chars();
    let c = cs.next()?.to_ascii_uppercase();
    if cs.next().is_some() || !c.is_ascii_uppercase() {
        return None;
    }
    let i = usize::from(c as u8 - b'A');
    (i < SIZE).then_some(i)
}

/// Reads a GCG position: `8D` (row 8, column D, across) or `D8` (column D, row 8, down).
pub fn parse_gcg_position(pos: &str) -> Result<(Square, Direction), NotationError> {
    let (head, tail, digits_first) = split_position(pos, GCG_EXPECTED)?;
    let (rows, cols, dir) = if digits_first {
        (head, tail, Direction::Across)
    } else {
        (tail, head, Direction::Down)
    };
    let col = letter_index(cols)
        .ok_or_else(|| NotationError::ColumnOffBoard(cols.to_ascii_uppercase()))?;
    let row = number_index(rows).ok_or_else(|| NotationError::RowOffBoard(rows.to_owned()))?;
    let sq = Square::new(row, col).ok_or_else(|| NotationError::RowOffBoard(rows.to_owned()))?;
    Ok((sq, dir))
}

/// Reads a French Duplicate reference: `H8`/`H-8` (row H, column 8, across) or `8H`/`8-H`
/// (column 8, row H, down).
pub fn parse_french_position(pos: &str) -> Result<(Square, Direction), NotationError> {
    let (head, tail, digits_first) = split_position(pos, FRENCH_EXPECTED)?;
    let (rows, cols, dir) = if digits_first {
        (tail, head, Direction::Down)
    } else {
        (head, tail, Direction::Across)
    };
    let row =
        letter_index(rows).ok_or_else(|| NotationError::RowOffBoard(rows.to_ascii_uppercase()))?;
    let col = number_index(cols).ok_or_else(|| NotationError::ColumnOffBoard(cols.to_owned()))?;
    let sq = Square::new(row, col).ok_or_else(|| NotationError::ColumnOffBoard(cols.to_owned()))?;
    Ok((sq, dir))
}

/// Writes a GCG position (`8D` across, `D8` down).
pub fn gcg_position(start: Square, direction: Direction) -> String {
    match direction {
        Direction::Across => format!("{}{}", start.row_number(), start.col_letter()),
        Direction::Down => format!("{}{}", start.col_letter(), start.row_number()),
    }
}

/// Writes a French Duplicate reference (`H8` across, `8H` down; rows are letters).
pub fn french_position(start: Square, direction: Direction) -> String {
    let row = char::from(b'A' + start.row() as u8);
    let col = start.col() + 1;
    match direction {
        Direction::Across => format!("{row}{col}"),
        Direction::Down => format!("{col}{row}"),
    }
}

/// Reads a word: letters (lowercase = blank) and `.` for played-through squares.
pub fn parse_word(word: &str) -> Result<Vec<MoveLetter>, NotationError> {
    if word.is_empty() {
        return Err(NotationError::EmptyWord);
    }
    word.chars()
        .map(|c| {
            if c == '.' {
                Ok(MoveLetter::Through)
            } else {
                Tile::from_char(c)
                    .map(MoveLetter::Tile)
                    .ok_or(NotationError::BadLetter(c))
            }
        })
        .collect()
}

impl Move {
    /// Builds a move, checking that the word fits on the board.
    pub fn new(
        start: Square,
        direction: Direction,
        letters: Vec<MoveLetter>,
    ) -> Result<Move, NotationError> {
        let mv = Move {
            start,
            direction,
            letters,
        };
        if mv.letters.is_empty() {
            return Err(NotationError::EmptyWord);
        }
        if start.offset(direction, mv.letters.len() - 1).is_none() {
            return Err(NotationError::OffBoard {
                word: mv.word(),
                start,
            });
        }
        Ok(mv)
    }

    /// Parses GCG notation: position (`8D`, `D8`) and word (`JAVE..N`, `RE.IgION`).
    pub fn parse_gcg(position: &str, word: &str) -> Result<Move, NotationError> {
        let (start, direction) = parse_gcg_position(position)?;
        Move::new(start, direction, parse_word(word)?)
    }

    /// Parses a French Duplicate reference (`H8`, `H-8`, `8H`, `8-H`) and word.
    pub fn parse_french(position: &str, word: &str) -> Result<Move, NotationError> {
        let (start, direction) = parse_french_position(position)?;
        Move::new(start, direction, parse_word(word)?)
    }

    /// The squares the word covers, in reading order (one per letter).
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.letters.len()).filter_map(|i| self.start.offset(self.direction, i))
    }

    /// The word as written: letters (lowercase = blank) and `.` for played-through squares.
    pub fn word(&self) -> String {
        self.letters
            .iter()
            .map(|l| match l {
                MoveLetter::Tile(t) => t.to_char(),
                MoveLetter::Through => '.',
            })
            .collect()
    }

    /// GCG position of this move.
    pub fn gcg_position(&self) -> String {
        gcg_position(self.start, self.direction)
    }

    /// French reference of this move.
    pub fn french_position(&self) -> String {
        french_position(self.start, self.direction)
    }

    /// The same move on the transposed board.
    pub fn transposed(&self) -> Move {
        Move {
            start: self.start.transposed(),
            direction: self.direction.cross(),
            letters: self.letters.clone(),
        }
    }
}

impl fmt::Display for Move {
    /// GCG notation, e.g. `8D JAVE..N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.gcg_position(), self.word())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    // rule C7: 8D = row 8, column D, across; D8 = column D, row 8, down.
    #[test]
    fn gcg_number_first_is_across_letter_first_is_down() {
        assert_eq!(
            parse_gcg_position("8D").unwrap(),
            (sq("D8"), Direction::Across)
        );
        assert_eq!(
            parse_gcg_position("D8").unwrap(),
            (sq("D8"), Direction::Down)
        );
        assert_eq!(
            parse_gcg_position("h2").unwrap(),
            (sq("H2"), Direction::Down)
        );
        assert_eq!(
            parse_gcg_position("15a").unwrap(),
            (sq("A15"), Direction::Across)
        );
    }

    // rule C7: French references, rows lettered: H-8 across, 8-H down.
    #[test]
    fn french_letter_first_is_across_number_first_is_down() {
        // Row B (2nd row), column 10 = square J2.
        assert_eq!(
            parse_french_position("B10").unwrap(),
            (sq("J2"), Direction::Across)
        );
        assert_eq!(
            parse_french_position("B-10").unwrap(),
            (sq("J2"), Direction::Across)
        );
        assert_eq!(
            parse_french_position("10B").unwrap(),
            (sq("J2"), Direction::Down)
        );
        assert_eq!(
            parse_french_position("10-b").unwrap(),
            (sq("J2"), Direction::Down)
        );
    }

    #[test]
    fn errors_name_what_is_wrong() {
        assert_eq!(
            parse_gcg_position("8P").unwrap_err().to_string(),
            "column P is off the board"
        );
        assert_eq!(
            parse_gcg_position("16A").unwrap_err().to_string(),
            "row 16 is off the board"
        );
        assert_eq!(
            parse_gcg_position("A0").unwrap_err().to_string(),
            "row 0 is off the board"
        );
        assert_eq!(
            parse_french_position("P8").unwrap_err().to_string(),
            "row P is off the board"
        );
        assert_eq!(
            parse_french_position("8-16").unwrap_err().to_string(),
            "'8-16' is not a position: expected a row letter and a column number, like H8 or H-8 (across) or 8H or 8-H (down)"
        );
        assert_eq!(
            parse_french_position("H16").unwrap_err().to_string(),
            "column 16 is off the board"
        );
        assert!(matches!(
            parse_gcg_position("8"),
            Err(NotationError::BadPosition(..))
        ));
        assert_eq!(
            Move::parse_gcg("8K", "JAVELINS").unwrap_err().to_string(),
            "JAVELINS from K8 runs off the board"
        );
        assert_eq!(
            Move::parse_gcg("8D", "JA1").unwrap_err(),
            NotationError::BadLetter('1')
        );
    }

    #[test]
    fn positions_and_words_round_trip() {
        let m = Move::parse_gcg("E3", "JAVE..N").unwrap();
        assert_eq!(m.to_string(), "E3 JAVE..N");
        assert_eq!(m.letters[4], MoveLetter::Through);
        let f = Move::parse_french(&m.french_position(), &m.word()).unwrap();
        assert_eq!(f, m);
        let blank = Move::parse_gcg("8G", "RE.IgION").unwrap();
        assert_eq!(
            blank.letters[4],
            MoveLetter::Tile(Tile::blank('G').unwrap())
        );
        assert_eq!(blank.transposed().gcg_position(), "H7");
    }
}
