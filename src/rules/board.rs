//! The 15×15 board and its premium squares (rule C1).
//!
//! Rows are numbered 1-15 from the top and columns lettered A-O from the left. A square's *name*
//! is column letter + row number (`H8` is the centre star, `A1` the top-left corner), as in
//! `shared/fixtures/tilesets.md`. That name says nothing about direction; move notation lives in
//! [`crate::rules::notation`].

use std::fmt;

use crate::rules::tiles::Tile;

/// Board size: 15 rows and 15 columns.
pub const SIZE: usize = 15;

/// A square on the board, 0-based internally (`row` 0 is row 1, `col` 0 is column A).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    row: u8,
    col: u8,
}

impl Square {
    /// The centre star, H8 (rule C1).
    pub const CENTRE: Square = Square { row: 7, col: 7 };

    /// The square at 0-based `row` and `col`, or `None` if off the board.
    pub fn new(row: usize, col: usize) -> Option<Square> {
        (row < SIZE && col < SIZE).then_some(Square {
            row: row as u8,
            col: col as u8,
        })
    }

    /// 0-based row (0 = row 1).
    pub fn row(self) -> usize {
        usize::from(self.row)
    }

    /// 0-based column (0 = column A).
    pub fn col(self) -> usize {
        usize::from(self.col)
    }

    /// Row number as written, 1-15.
    pub fn row_number(self) -> usize {
        usize::from(self.row) + 1
    }

    /// Column letter as written, `A`-`O`.
    pub fn col_letter(self) -> char {
        char::from(b'A' + self.col)
    }

    /// The same square with rows and columns swapped.
    pub fn transposed(self) -> Square {
        Square {
            row: self.col,
            col: self.row,
        }
    }

    /// The next square in `dir`, or `None` at the edge.
    pub fn step(self, dir: Direction) -> Option<Square> {
        match dir {
            Direction::Across => Square::new(self.row(), self.col() + 1),
            Direction::Down => Square::new(self.row() + 1, self.col()),
        }
    }

    /// The previous square in `dir`, or `None` at the edge.
    pub fn step_back(self, dir: Direction) -> Option<Square> {
        match dir {
            Direction::Across => self
                .col()
                .checked_sub(1)
                .and_then(|c| Square::new(self.row(), c)),
            Direction::Down => self
                .row()
                .checked_sub(1)
                .and_then(|r| Square::new(r, self.col())),
        }
    }

    /// The square `n` steps along `dir`, or `None` if that is off the board.
    pub fn offset(self, dir: Direction, n: usize) -> Option<Square> {
        match dir {
            Direction::Across => Square::new(self.row(), self.col() + n),
            Direction::Down => Square::new(self.row() + n, self.col()),
        }
    }

    /// Index into a row-major 225-cell array.
    fn index(self) -> usize {
        self.row() * SIZE + self.col()
    }

    /// Parses a square name: column letter + row number (`H8`, `a1`).
    pub fn parse(name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let c = chars.next()?.to_ascii_uppercase();
        if !c.is_ascii_uppercase() {
            return None;
        }
        let row: usize = chars.as_str().parse().ok()?;
        Square::new(row.checked_sub(1)?, usize::from(c as u8 - b'A'))
    }

    /// All 225 squares, row by row.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SIZE * SIZE).map(|i| Square {
            row: (i / SIZE) as u8,
            col: (i % SIZE) as u8,
        })
    }
}

impl fmt::Display for Square {
    /// The square's name, e.g. `H8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.col_letter(), self.row_number())
    }
}

impl serde::Serialize for Square {
    /// As its name, `"H8"`, so JSON clients see the same text as people.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Square::parse(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("{name} is not a square A1-O15")))
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// The direction a word reads in (`"across"` / `"down"` in JSON).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Left to right along a row.
    Across,
    /// Top to bottom along a column.
    Down,
}

impl Direction {
    /// The other direction.
    pub fn cross(self) -> Direction {
        match self {
            Direction::Across => Direction::Down,
            Direction::Down => Direction::Across,
        }
    }
}

/// A premium square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Premium {
    /// No premium.
    None,
    /// Double letter.
    DoubleLetter,
    /// Triple letter.
    TripleLetter,
    /// Double word (the centre star is one).
    DoubleWord,
    /// Triple word.
    TripleWord,
}

impl Premium {
    /// Multiplier applied to the tile's value.
    pub fn letter_multiplier(self) -> u32 {
        match self {
            Premium::DoubleLetter => 2,
            Premium::TripleLetter => 3,
            _ => 1,
        }
    }

    /// Multiplier applied to the whole word.
    pub fn word_multiplier(self) -> u32 {
        match self {
            Premium::DoubleWord => 2,
            Premium::TripleWord => 3,
            _ => 1,
        }
    }
}

// The standard layout (rule C1), row 1 first; T = TW, D = DW (and the star), t = TL, d = DL.
const LAYOUT: [&[u8; 15]; 15] = [
    b"T..d...T...d..T",
    b".D...t...t...D.",
    b"..D...d.d...D..",
    b"d..D...d...D..d",
    b"....D.....D....",
    b".t...t...t...t.",
    b"..d...d.d...d..",
    b"T..d...D...d..T",
    b"..d...d.d...d..",
    b".t...t...t...t.",
    b"....D.....D....",
    b"d..D...d...D..d",
    b"..D...d.d...D..",
    b".D...t...t...D.",
    b"T..d...T...d..T",
];

/// The premium of a square on the standard board (rule C1).
pub fn premium(sq: Square) -> Premium {
    match LAYOUT[sq.row()][sq.col()] {
        b'T' => Premium::TripleWord,
        b'D' => Premium::DoubleWord,
        b't' => Premium::TripleLetter,
        b'd' => Premium::DoubleLetter,
        _ => Premium::None,
    }
}

/// The tiles on a 15×15 board. Premiums are a property of the square (see [`premium`]), so a
/// board is only the tiles; a premium counts when the square is empty before the play.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    // 0 = empty, otherwise the tile's byte (see `Tile`).
    cells: [u8; SIZE * SIZE],
    tiles: u8,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// An empty board.
    pub fn new() -> Board {
        Board {
            cells: [0; SIZE * SIZE],
            tiles: 0,
        }
    }

    /// The tile on `sq`, if any.
    pub fn get(&self, sq: Square) -> Option<Tile> {
        match self.cells[sq.index()] {
            0 => None,
            b => Tile::from_char(char::from(b)),
        }
    }

    /// True if no tile is on `sq`.
    pub fn is_empty_at(&self, sq: Square) -> bool {
        self.cells[sq.index()] == 0
    }

    /// True if the board holds no tile at all (the next play is the first play, rule C3).
    pub fn is_empty(&self) -> bool {
        self.tiles == 0
    }

    /// Number of tiles on the board.
    pub fn tile_count(&self) -> usize {
        usize::from(self.tiles)
    }

    /// Puts `tile` on `sq`, replacing what was there.
    pub fn set(&mut self, sq: Square, tile: Tile) {
        let cell = &mut self.cells[sq.index()];
        if *cell == 0 {
            self.tiles += 1;
        }
        *cell = tile.to_char() as u8;
    }

    /// Takes the tile off `sq` (a withdrawn play frees its squares, premiums included: rule T15).
    pub fn clear(&mut self, sq: Square) -> Option<Tile> {
        let old = self.get(sq);
        if old.is_some() {
            self.cells[sq.index()] = 0;
            self.tiles -= 1;
        }
        old
    }

    /// The board with rows and columns swapped. The standard layout is symmetric, so every
    /// play scores the same on the transposed board with its direction swapped.
    pub fn transposed(&self) -> Board {
        let mut out = Board::new();
        for sq in Square::all() {
            if let Some(t) = self.get(sq) {
                out.set(sq.transposed(), t);
            }
        }
        out
    }

    /// Every tile on the board with its square, row by row.
    pub fn tiles(&self) -> impl Iterator<Item = (Square, Tile)> + '_ {
        Square::all().filter_map(|sq| self.get(sq).map(|t| (sq, t)))
    }
}

impl fmt::Display for Board {
    /// A text grid: one line per row, `.` for an empty square, lowercase for blanks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..SIZE {
            for col in 0..SIZE {
                let c = match self.cells[row * SIZE + col] {
                    0 => '.',
                    b => char::from(b),
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(\n{self})")
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn count(p: Premium) -> usize {
        Square::all().filter(|&s| premium(s) == p).count()
    }

    // rule C1: standard layout, counts from tilesets.md.
    #[test]
    fn layout_has_the_standard_premium_counts() {
        assert_eq!(count(Premium::TripleWord), 8);
        assert_eq!(count(Premium::DoubleWord), 17);
        assert_eq!(count(Premium::TripleLetter), 12);
        assert_eq!(count(Premium::DoubleLetter), 24);
    }

    // rule C1: centre square H8 is a double-word star.
    #[test]
    fn centre_star_is_h8_and_double_word() {
        assert_eq!(Square::CENTRE.to_string(), "H8");
        assert_eq!(premium(Square::CENTRE), Premium::DoubleWord);
    }

    #[test]
    fn named_squares_have_the_listed_premiums() {
        for (name, p) in [
            ("A1", Premium::TripleWord),
            ("H15", Premium::TripleWord),
            ("D1", Premium::DoubleLetter),
            ("F2", Premium::TripleLetter),
            ("N14", Premium::DoubleWord),
            ("O12", Premium::DoubleLetter),
            ("B6", Premium::TripleLetter),
            ("G13", Premium::DoubleLetter),
            ("E1", Premium::None),
        ] {
            assert_eq!(premium(Square::parse(name).unwrap()), p, "{name}");
        }
    }

    #[test]
    fn layout_is_symmetric_under_transpose_and_mirrors() {
        for sq in Square::all() {
            let (r, c) = (sq.row(), sq.col());
            assert_eq!(premium(sq), premium(sq.transposed()));
            assert_eq!(premium(sq), premium(Square::new(14 - r, c).unwrap()));
            assert_eq!(premium(sq), premium(Square::new(r, 14 - c).unwrap()));
        }
    }

    #[test]
    fn square_names_parse_and_print() {
        let sq = Square::parse("o15").unwrap();
        assert_eq!((sq.row(), sq.col()), (14, 14));
        assert_eq!(sq.to_string(), "O15");
        assert!(Square::parse("P1").is_none());
        assert!(Square::parse("A16").is_none());
        assert!(Square::parse("A0").is_none());
    }

    #[test]
    fn squares_serialize_as_their_names() {
        let sq = Square::parse("H8").unwrap();
        assert_eq!(serde_json::to_string(&sq).unwrap(), "\"H8\"");
        assert_eq!(
            serde_json::from_str::<Square>("\"o15\"")
                .unwrap()
                .to_string(),
            "O15"
        );
        assert!(serde_json::from_str::<Square>("\"P1\"").is_err());
        assert_eq!(serde_json::to_string(&Direction::Down).unwrap(), "\"down\"");
    }

    #[test]
    fn set_clear_and_transpose() {
        let mut b = Board::new();
        let sq = Square::parse("D8").unwrap();
        b.set(sq, Tile::from_char('q').unwrap());
        assert_eq!(b.tile_count(), 1);
        let t = b.transposed();
        assert_eq!(t.get(Square::parse("H4").unwrap()), Tile::from_char('q'));
        assert_eq!(b.clear(sq), Tile::from_char('q'));
        assert!(b.is_empty());
    }
}
