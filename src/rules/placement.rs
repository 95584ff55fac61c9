//! Placement validation (rules C3-C4) and word extraction.
//!
//! [`validate`] takes a written [`Move`] and the board *before* the play and either returns a
//! [`Placement`] (the new tiles, resolved against the board) or a typed [`PlacementError`]. It
//! never changes the board: [`Placement::apply`] does that and cannot fail. [`from_tiles`] turns
//! tiles dropped on squares (as a web board sends them) into a [`Move`].
//!
//! Word validity (is it in the lexicon?) is not checked here; that is the caller's business
//! with [`crate::rules::lexicon::Lexicon`], because challenge rules decide what an invalid word
//! means.

use crate::rules::board::{Board, Direction, Square};
use crate::rules::notation::{Move, MoveLetter};
use crate::rules::tiles::{Rack, Tile, TileSet};

/// A legal tile placement, resolved against the board it was validated on.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Square of the main word's first letter.
    pub start: Square,
    /// Direction of the main word.
    pub direction: Direction,
    /// Length of the main word (new and played-through tiles).
    pub len: usize,
    /// The new tiles, in reading order.
    pub new_tiles: Vec<(Square, Tile)>,
}

/// One word formed by a play: where it is and its tiles, marking which are new.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormedWord {
    /// Square of the first letter.
    pub start: Square,
    /// Reading direction.
    pub direction: Direction,
    /// The tiles in reading order, each with `true` if placed by this play.
    pub tiles: Vec<(Square, Tile, bool)>,
}

impl FormedWord {
    /// The word's text (uppercase letters; blanks show the letter they stand for).
    pub fn text(&self) -> String {
        self.tiles.iter().map(|(_, t, _)| t.letter()).collect()
    }
}

/// Why a move cannot be placed. Messages name the square or tile at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// A letter is written on an occupied square with a different tile.
    #[error("square {square} is already taken by {by}")]
    SquareTaken {
        /// The square.
        square: Square,
        /// The letter already there.
        by: char,
    },
    /// A `.` (played-through) on an empty square.
    #[error("square {0} is empty, so it cannot be played through ('.')")]
    ThroughEmpty(Square),
    /// The word stops next to a tile it should include.
    #[error("the word does not include the {by} on {square} next to it")]
    WordContinues {
        /// The adjacent occupied square.
        square: Square,
        /// The letter on it.
        by: char,
    },
    /// No new tile is placed.
    #[error("the play places no new tile")]
    NoNewTiles,
    /// A letter that the tile set does not have.
    #[error("there is no {0} tile in this tile set")]
    LetterNotInSet(char),
    /// Rule C3: the first play must cover the centre star.
    #[error("the first play must cover the centre square H8")]
    FirstPlayOffCentre,
    /// Rule C3: the first play needs at least two tiles.
    #[error("the first play must place at least 2 tiles")]
    FirstPlayTooShort,
    /// Rule C4: a later play must touch the tiles already on the board.
    #[error("the play does not connect to any tile on the board")]
    NotConnected,
    /// The tile is not on the player's rack.
    #[error("{tile} is not on the rack {rack}")]
    NotOnRack {
        /// The rack character missing (`?` for a blank).
        tile: char,
        /// The rack as given.
        rack: Rack,
    },
    /// Rule C4: new tiles are not all in one row or one column.
    #[error("the new tiles are not all in one row or one column")]
    NotInLine,
    /// Rule C4: a gap between new tiles.
    #[error("there is a gap at {0} between the new tiles")]
    Gap(Square),
    /// Two new tiles on the same square.
    #[error("two tiles are placed on {0}")]
    DuplicateSquare(Square),
}

/// Checks a written move against the board before the play (rules C3-C4) and resolves it.
///
/// * every letter on an occupied square must match the tile there (it is played through);
///   `.` must stand on an occupied square;
/// * the written word must be the whole word: the squares just before and after it are empty;
/// * at least one new tile, every new letter in `set`;
/// * first play: at least 2 tiles, one on H8 (C3); later plays: connected to the board (C4);
/// * if `rack` is given, every new tile comes from it (a blank from a `?`).
pub fn validate(
    board: &Board,
    set: &TileSet,
    mv: &Move,
    rack: Option<&Rack>,
) -> Result<Placement, PlacementError> {
    let mut new_tiles = Vec::with_capacity(7);
    let mut through = 0usize;
    let mut squares = mv.squares();
    for letter in &mv.letters {
        // `Move::new` guarantees the word fits; a hand-built Move that does not is cut short here
        // and caught below by the length check.
        let Some(sq) = squares.next() else { break };
        match (board.get(sq), letter) {
            (Some(_), MoveLetter::Through) => through += 1,
            (Some(on_board), MoveLetter::Tile(t)) => {
                if on_board.letter() != t.letter() {
                    return Err(PlacementError::SquareTaken {
                        square: sq,
                        by: on_board.letter(),
                    });
                }
                through += 1;
            }
            (None, MoveLetter::Through) => return Err(PlacementError::ThroughEmpty(sq)),
            (None, MoveLetter::Tile(t)) => {
                if !set.has_letter(t.letter()) {
                    return Err(PlacementError::LetterNotInSet(t.letter()));
                }
                new_tiles.push((sq, *t));
            }
        }
    }
    let len = new_tiles.len() + through;
    if len != mv.letters.len() {
        return Err(PlacementError::NotInLine);
    }
    if new_tiles.is_empty() {
        return Err(PlacementError::NoNewTiles);
    }
    // The written word must be maximal, or the real word formed is longer than the record says.
    let before = mv.start.step_back(mv.direction);
    let after = mv.start.offset(mv.direction, len);
    for sq in [before, after].into_iter().flatten() {
        if let Some(t) = board.get(sq) {
            return Err(PlacementError::WordContinues {
                square: sq,
                by: t.letter(),
            });
        }
    }
    if board.is_empty() {
        // rule C3
        if new_tiles.len() < 2 {
            return Err(PlacementError::FirstPlayTooShort);
        }
        if !new_tiles.iter().any(|(sq, _)| *sq == Square::CENTRE) {
            return Err(PlacementError::FirstPlayOffCentre);
        }
    } else if through == 0 {
        // rule C4: no played-through tile, so some new tile must have a neighbour across the line.
        let cross = mv.direction.cross();
        let touches = new_tiles.iter().any(|(sq, _)| {
            [sq.step_back(cross), sq.step(cross)]
                .into_iter()
                .flatten()
                .any(|n| !board.is_empty_at(n))
        });
        if !touches {
            return Err(PlacementError::NotConnected);
        }
    }
    if let Some(rack) = rack {
        let mut left = *rack;
        for (_, t) in &new_tiles {
            if !left.take_tile(*t) {
                return Err(PlacementError::NotOnRack {
                    tile: t.rack_char(),
                    rack: *rack,
                });
            }
        }
    }
    Ok(Placement {
        start: mv.start,
        direction: mv.direction,
        len,
        new_tiles,
    })
}

/// Builds the written move for tiles dropped on squares (rule C4: one line, no gaps).
///
/// The word runs over the whole line of tiles, including board tiles before, between and after
/// the new ones. A single tile reads across if it has a horizontal neighbour, else down. The
/// result still has to go through [`validate`] (connection, first play, rack).
pub fn from_tiles(board: &Board, tiles: &[(Square, Tile)]) -> Result<Move, PlacementError> {
    let Some(&(first, _)) = tiles.first() else {
        return Err(PlacementError::NoNewTiles);
    };
    for (i, (sq, _)) in tiles.iter().enumerate() {
        if let Some(t) = board.get(*sq) {
            return Err(PlacementError::SquareTaken {
                square: *sq,
                by: t.letter(),
            });
        }
        if tiles[..i].iter().any(|(other, _)| other == sq) {
            return Err(PlacementError::DuplicateSquare(*sq));
        }
    }
    let same_row = tiles.iter().all(|(sq, _)| sq.row() == first.row());
    let same_col = tiles.iter().all(|(sq, _)| sq.col() == first.col());
    let direction = match (same_row, same_col) {
        (true, true) => {
            let occupied = |s: Option<Square>| s.is_some_and(|s| !board.is_empty_at(s));
            if occupied(first.step_back(Direction::Across))
                || occupied(first.step(Direction::Across))
            {
                Direction::Across
            } else {
                Direction::Down
            }
        }
        (true, false) => Direction::Across,
        (false, true) => Direction::Down,
        (false, false) => return Err(PlacementError::NotInLine),
    };
    let at = |sq: Square| -> Option<Tile> {
        tiles
            .iter()
            .find(|(s, _)| *s == sq)
            .map(|(_, t)| *t)
            .or_else(|| board.get(sq))
    };
    let key = |sq: &Square| match direction {
        Direction::Across => sq.col(),
        Direction::Down => sq.row(),
    };
    let mut start = tiles
        .iter()
        .map(|(s, _)| *s)
        .min_by_key(key)
        .unwrap_or(first);
    let last = tiles
        .iter()
        .map(|(s, _)| *s)
        .max_by_key(key)
        .unwrap_or(first);
    while let Some(prev) = start.step_back(direction).filter(|s| at(*s).is_some()) {
        start = prev;
    }
    let mut letters = Vec::new();
    let mut sq = Some(start);
    while let Some(s) = sq {
        let Some(tile) = at(s) else {
            if key(&s) < key(&last) {
                return Err(PlacementError::Gap(s));
            }
            break;
        };
        letters.push(if board.is_empty_at(s) {
            MoveLetter::Tile(tile)
        } else {
            MoveLetter::Through
        });
        sq = s.step(direction);
    }
    Ok(Move {
        start,
        direction,
        letters,
    })
}

impl Placement {
    /// Puts the new tiles on `board` (the board it was validated on).
    pub fn apply(&self, board: &mut Board) {
        for &(sq, t) in &self.new_tiles {
            board.set(sq, t);
        }
    }

    /// Takes the new tiles off `board` again (a withdrawn play, rule T15).
    pub fn undo(&self, board: &mut Board) {
        for &(sq, _) in &self.new_tiles {
            board.clear(sq);
        }
    }

    /// The tiles this play takes from the rack (`?` for each blank).
    pub fn rack_tiles(&self) -> Rack {
        let mut r = Rack::new();
        for &(_, t) in &self.new_tiles {
            r.add_tile(t);
        }
        r
    }

    /// The written move for this placement, with `.` for played-through squares.
    pub fn to_move(&self) -> Move {
        let letters = (0..self.len)
            .filter_map(|i| self.start.offset(self.direction, i))
            .map(|sq| match self.new_tiles.iter().find(|(s, _)| *s == sq) {
                Some((_, t)) => MoveLetter::Tile(*t),
                // Not a new tile, so it is on the board: the word plays through it.
                None => MoveLetter::Through,
            })
            .collect();
        Move {
            start: self.start,
            direction: self.direction,
            letters,
        }
    }

    /// Every word this play forms on `board` (the board *before* the play): the main word first
    /// (if it is at least 2 letters long), then one cross-word per new tile that has neighbours
    /// across the line (rule C4: every word formed counts).
    pub fn words(&self, board: &Board) -> Vec<FormedWord> {
        let mut out = Vec::with_capacity(self.new_tiles.len() + 1);
        self.for_each_word(board, |start, direction, tiles| {
            out.push(FormedWord {
                start,
                direction,
                tiles: tiles.to_vec(),
            });
        });
        out
    }

    /// Calls `f(start, direction, tiles)` for every word formed, as [`Placement::words`] lists
    /// them, without allocating per word (the GCG checker scores thousands of plays a second).
    pub fn for_each_word(
        &self,
        board: &Board,
        mut f: impl FnMut(Square, Direction, &[(Square, Tile, bool)]),
    ) {
        let tile_at = |sq: Square| -> Option<(Tile, bool)> {
            match board.get(sq) {
                Some(t) => Some((t, false)),
                None => self
                    .new_tiles
                    .iter()
                    .find(|(s, _)| *s == sq)
                    .map(|(_, t)| (*t, true)),
            }
        };
        let mut buf: Vec<(Square, Tile, bool)> = Vec::with_capacity(15);
        if self.len >= 2 {
            for sq in (0..self.len).filter_map(|i| self.start.offset(self.direction, i)) {
                if let Some((t, new)) = tile_at(sq) {
                    buf.push((sq, t, new));
                }
            }
            f(self.start, self.direction, &buf);
        }
        let cross = self.direction.cross();
        for &(sq, _) in &self.new_tiles {
            let mut start = sq;
            while let Some(prev) = start.step_back(cross).filter(|s| !board.is_empty_at(*s)) {
                start = prev;
            }
            buf.clear();
            let mut cur = Some(start);
            while let Some(s) = cur {
                let Some((t, new)) = tile_at(s) else { break };
                buf.push((s, t, new));
                cur = s.step(cross);
            }
            if buf.len() >= 2 {
                f(start, cross, &buf);
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn en() -> TileSet {
        TileSet::english()
    }

    fn play(board: &mut Board, pos: &str, word: &str) -> Placement {
        let p = validate(board, &en(), &Move::parse_gcg(pos, word).unwrap(), None).unwrap();
        p.apply(board);
        p
    }

    fn err(board: &Board, pos: &str, word: &str) -> PlacementError {
        validate(board, &en(), &Move::parse_gcg(pos, word).unwrap(), None).unwrap_err()
    }

    // rule C3
    #[test]
    fn first_play_must_cover_the_centre() {
        let b = Board::new();
        assert_eq!(err(&b, "7D", "JETON"), PlacementError::FirstPlayOffCentre);
        assert_eq!(err(&b, "8A", "JETON"), PlacementError::FirstPlayOffCentre);
        assert!(validate(&b, &en(), &Move::parse_gcg("8D", "JETON").unwrap(), None).is_ok());
    }

    // rule C3
    #[test]
    fn first_play_needs_two_tiles() {
        let b = Board::new();
        assert_eq!(err(&b, "8H", "A"), PlacementError::FirstPlayTooShort);
    }

    // rule C4
    #[test]
    fn later_play_must_connect() {
        let mut b = Board::new();
        play(&mut b, "8D", "JETON");
        assert_eq!(err(&b, "1A", "CAT"), PlacementError::NotConnected);
        // Parallel play under JETON touches it: connected.
        assert!(validate(&b, &en(), &Move::parse_gcg("9D", "AX").unwrap(), None).is_ok());
    }

    // rule C4: through-squares must match the board.
    #[test]
    fn through_squares_must_match_the_board() {
        let mut b = Board::new();
        play(&mut b, "8D", "JETON");
        assert_eq!(
            err(&b, "E7", "AX").to_string(),
            "square E8 is already taken by E"
        );
        assert_eq!(
            err(&b, "F7", ".B").to_string(),
            "square F7 is empty, so it cannot be played through ('.')"
        );
        // Either spelling of a played-through tile is accepted.
        let dot = validate(&b, &en(), &Move::parse_gcg("E7", "M.T").unwrap(), None).unwrap();
        let letter = validate(&b, &en(), &Move::parse_gcg("E7", "MET").unwrap(), None).unwrap();
        assert_eq!(dot, letter);
        assert_eq!(dot.new_tiles.len(), 2);
    }

    // rule C4: the written word must be the whole word.
    #[test]
    fn word_must_include_adjacent_tiles() {
        let mut b = Board::new();
        play(&mut b, "8D", "JETON");
        assert_eq!(
            err(&b, "8I", "S").to_string(),
            "the word does not include the N on H8 next to it"
        );
    }

    #[test]
    fn tiles_must_come_from_the_rack() {
        let b = Board::new();
        let mv = Move::parse_gcg("8D", "JeTON").unwrap();
        let rack = Rack::parse("JTNOS?A").unwrap();
        assert!(validate(&b, &en(), &mv, Some(&rack)).is_ok());
        let rack = Rack::parse("JTNOSEA").unwrap();
        assert_eq!(
            validate(&b, &en(), &mv, Some(&rack))
                .unwrap_err()
                .to_string(),
            "? is not on the rack AEJNOST"
        );
    }

    #[test]
    fn letters_outside_the_tile_set_are_refused() {
        let b = Board::new();
        let mv = Move::parse_gcg("8D", "QAT").unwrap();
        assert_eq!(
            validate(&b, &TileSet::indonesian(), &mv, None).unwrap_err(),
            PlacementError::LetterNotInSet('Q')
        );
    }

    #[test]
    fn words_lists_main_word_and_cross_words() {
        let mut b = Board::new();
        play(&mut b, "8D", "JETON");
        let p = validate(&b, &en(), &Move::parse_gcg("9C", "BOA").unwrap(), None).unwrap();
        let words: Vec<String> = p.words(&b).iter().map(FormedWord::text).collect();
        assert_eq!(words, ["BOA", "JO", "EA"]);
    }

    // rule C4: one line, no gaps.
    #[test]
    fn from_tiles_builds_the_move_or_names_the_gap() {
        let mut b = Board::new();
        play(&mut b, "8D", "JETON");
        let t = |c| Tile::from_char(c).unwrap();
        let sq = |n| Square::parse(n).unwrap();
        let mv = from_tiles(&b, &[(sq("E9"), t('A')), (sq("E7"), t('M'))]).unwrap();
        assert_eq!(mv.to_string(), "E7 M.A");
        assert_eq!(
            from_tiles(&b, &[(sq("A1"), t('A')), (sq("C1"), t('M'))]),
            Err(PlacementError::Gap(sq("B1")))
        );
        assert_eq!(
            from_tiles(&b, &[(sq("A1"), t('A')), (sq("B2"), t('M'))]),
            Err(PlacementError::NotInLine)
        );
        let single = from_tiles(&b, &[(sq("I8"), t('S'))]).unwrap();
        assert_eq!(single.to_string(), "8D .....S");
    }
}
