//! Positions as text, for the `arbiter moves` command and its JSON lines: a board is 15 lines
//! of 15 characters (`.` empty, uppercase a natural tile, lowercase a blank), row 1 first and
//! column A first; a rack is letters and `?` for a blank. Errors name the line and column.

use crate::rules::board::{Board, SIZE, Square};
use crate::rules::tiles::{Rack, Tile, TileSet};

/// Most tiles a rack holds.
pub const RACK_MAX: usize = 7;

/// A board text that is not a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardTextError {
    /// Not 15 rows.
    #[error("expected 15 rows, found {0}")]
    Rows(usize),
    /// A row that is not 15 squares long.
    #[error("row {row}: expected 15 squares, found {found}")]
    RowLength {
        /// 1-based row.
        row: usize,
        /// Its length in characters.
        found: usize,
    },
    /// A character that is neither `.` nor a letter.
    #[error(
        "row {row}, column {col}: '{ch}' is not a tile (use . for empty, A-Z, a-z for a blank)"
    )]
    BadChar {
        /// 1-based row.
        row: usize,
        /// Column letter.
        col: char,
        /// The character.
        ch: char,
    },
    /// A letter the tile set does not have.
    #[error("row {row}, column {col}: there is no {letter} tile in the {set} tile set")]
    NotInSet {
        /// 1-based row.
        row: usize,
        /// Column letter.
        col: char,
        /// The letter.
        letter: char,
        /// The tile set's name.
        set: String,
    },
}

/// Reads a board from rows of text (see the module docs). A trailing empty line and CRLF line
/// ends are accepted.
pub fn parse_board_rows<S: AsRef<str>>(rows: &[S], set: &TileSet) -> Result<Board, BoardTextError> {
    if rows.len() != SIZE {
        return Err(BoardTextError::Rows(rows.len()));
    }
    let mut board = Board::new();
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_ref().trim_end_matches('\r');
        let n = row.chars().count();
        if n != SIZE {
            return Err(BoardTextError::RowLength {
                row: r + 1,
                found: n,
            });
        }
        for (c, ch) in row.chars().enumerate() {
            let col = char::from(b'A' + c as u8);
            if ch == '.' {
                continue;
            }
            let tile = Tile::from_char(ch).ok_or(BoardTextError::BadChar {
                row: r + 1,
                col,
                ch,
            })?;
            if !set.has_letter(tile.letter()) {
                return Err(BoardTextError::NotInSet {
                    row: r + 1,
                    col,
                    letter: tile.letter(),
                    set: set.name().to_owned(),
                });
            }
            if let Some(sq) = Square::new(r, c) {
                board.set(sq, tile);
            }
        }
    }
    Ok(board)
}

/// Reads a board file's text: 15 lines (a final line end is optional).
pub fn parse_board(text: &str, set: &TileSet) -> Result<Board, BoardTextError> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    let rows: Vec<&str> = body.split('\n').collect();
    parse_board_rows(&rows, set)
}

/// A rack text that is not a rack.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RackTextError {
    /// A character that is neither a letter nor `?`.
    #[error("rack {rack}: '{ch}' is not a tile (use A-Z, or ? for a blank)")]
    BadChar {
        /// The rack as given.
        rack: String,
        /// The character.
        ch: char,
    },
    /// A letter the tile set does not have.
    #[error("rack {rack}: there is no {letter} tile in the {set} tile set")]
    NotInSet {
        /// The rack as given.
        rack: String,
        /// The letter.
        letter: char,
        /// The tile set's name.
        set: String,
    },
    /// More than [`RACK_MAX`] tiles.
    #[error("rack {rack}: {len} tiles, a rack holds at most 7")]
    TooLong {
        /// The rack as given.
        rack: String,
        /// Its number of tiles.
        len: usize,
    },
}

/// Reads a rack: letters in any case and `?` for a blank, at most 7 tiles, every letter in `set`.
pub fn parse_rack(text: &str, set: &TileSet) -> Result<Rack, RackTextError> {
    let rack = Rack::parse(text).map_err(|bad| RackTextError::BadChar {
        rack: text.to_owned(),
        ch: bad.0,
    })?;
    if let Some(letter) = text
        .chars()
        .filter(char::is_ascii_alphabetic)
        .find(|&c| !set.has_letter(c))
    {
        return Err(RackTextError::NotInSet {
            rack: text.to_owned(),
            letter: letter.to_ascii_uppercase(),
            set: set.name().to_owned(),
        });
    }
    if rack.len() > RACK_MAX {
        return Err(RackTextError::TooLong {
            rack: text.to_owned(),
            len: rack.len(),
        });
    }
    Ok(rack)
}
