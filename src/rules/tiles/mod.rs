//! Tiles, racks and tile sets (rule C2).
//!
//! A tile set is data: letters with their counts, values and vowel flag, plus a number of blanks.
//! The three built-in sets (English, French, Indonesian) come from `shared/fixtures/tilesets.md`;
//! others can be built with [`TileSet::new`].
//!
//! Letters are the 26 ASCII letters `A`-`Z`. A tile on the board is a [`Tile`]: a natural tile is
//! its uppercase letter, a blank is the lowercase letter it was designated as (it scores 0 and
//! keeps that letter for the rest of the game). On a rack an undesignated blank is `?`.
//!
//! This file holds tiles and racks ([`Tile`], [`Rack`]); `set` holds the tile sets and their
//! data ([`TileSet`]).

use std::fmt;

mod set;

pub use set::{LetterInfo, TileSet, TileSetError};

/// A tile placed (or to be placed) on the board: a letter, either natural or a designated blank.
///
/// Stored as one ASCII byte: `b'A'..=b'Z'` for a natural tile, `b'a'..=b'z'` for a blank.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

impl Tile {
    /// A natural tile showing `letter` (any case; `None` unless it is an ASCII letter).
    pub fn natural(letter: char) -> Option<Tile> {
        letter
            .is_ascii_alphabetic()
            .then(|| Tile(letter.to_ascii_uppercase() as u8))
    }

    /// A blank designated as `letter` (any case; `None` unless it is an ASCII letter).
    pub fn blank(letter: char) -> Option<Tile> {
        letter
            .is_ascii_alphabetic()
            .then(|| Tile(letter.to_ascii_lowercase() as u8))
    }

    /// Reads the board/GCG spelling: uppercase = natural tile, lowercase = blank.
    pub fn from_char(c: char) -> Option<Tile> {
        c.is_ascii_alphabetic().then_some(Tile(c as u8))
    }

    /// True for a blank.
    pub fn is_blank(self) -> bool {
        self.0.is_ascii_lowercase()
    }

    /// The letter this tile stands for, uppercase.
    pub fn letter(self) -> char {
        self.0.to_ascii_uppercase() as char
    }

    /// The letter as an index 0..26 (`A` = 0).
    pub fn index(self) -> usize {
        usize::from(self.0.to_ascii_uppercase() - b'A')
    }

    /// The board/GCG spelling: uppercase for a natural tile, lowercase for a blank.
    pub fn to_char(self) -> char {
        self.0 as char
    }

    /// What this tile is on a rack: its letter, or `?` for a blank.
    pub fn rack_char(self) -> char {
        if self.is_blank() {
            BLANK
        } else {
            self.letter()
        }
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tile({})", self.to_char())
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// The rack symbol of an undesignated blank.
pub const BLANK: char = '?';

/// Index of the blank in [`Rack`] counts (after the 26 letters).
const BLANK_INDEX: usize = 26;

/// A multiset of rack tiles: letters `A`-`Z` and blanks (`?`). Order does not matter.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rack {
    counts: [u8; 27],
    len: u8,
}

/// A rack string held a character that is neither a letter nor `?`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a tile (use A-Z, or ? for a blank)")]
pub struct BadTile(pub char);

impl Rack {
    /// An empty rack.
    pub fn new() -> Rack {
        Rack::default()
    }

    /// Parses a rack such as `AEJ?NOS` (letters in any case, `?` for a blank).
    pub fn parse(s: &str) -> Result<Rack, BadTile> {
        let mut rack = Rack::new();
        for c in s.chars() {
            if c == BLANK {
                rack.add_blank();
            } else if c.is_ascii_alphabetic() {
                rack.add_letter(c);
            } else {
                return Err(BadTile(c));
            }
        }
        Ok(rack)
    }

    /// Adds one tile showing `letter` (must be an ASCII letter; other characters are ignored).
    pub fn add_letter(&mut self, letter: char) {
        if letter.is_ascii_alphabetic() {
            let i = usize::from(letter.to_ascii_uppercase() as u8 - b'A');
            self.counts[i] = self.counts[i].saturating_add(1);
            self.len = self.len.saturating_add(1);
        }
    }

    /// Adds one blank.
    pub fn add_blank(&mut self) {
        self.counts[BLANK_INDEX] = self.counts[BLANK_INDEX].saturating_add(1);
        self.len = self.len.saturating_add(1);
    }

    /// Adds the rack tile a board tile came from (a blank goes back as `?`).
    pub fn add_tile(&mut self, tile: Tile) {
        if tile.is_blank() {
            self.add_blank();
        } else {
            self.add_letter(tile.letter());
        }
    }

    /// Removes the rack tile that `tile` is played from (`?` for a blank). False if absent.
    pub fn take_tile(&mut self, tile: Tile) -> bool {
        let i = if tile.is_blank() {
            BLANK_INDEX
        } else {
            tile.index()
        };
        if self.counts[i] == 0 {
            return false;
        }
        self.counts[i] -= 1;
        self.len -= 1;
        true
    }

    /// Removes every tile of `other` from this rack. False (and the rack unchanged) if some tile
    /// of `other` is not here.
    pub fn take_all(&mut self, other: &Rack) -> bool {
        if !self.contains_all(other) {
            return false;
        }
        for (mine, theirs) in self.counts.iter_mut().zip(other.counts.iter()) {
            *mine -= theirs;
        }
        self.len -= other.len;
        true
    }

    /// True if every tile of `other` is on this rack (with multiplicity).
    pub fn contains_all(&self, other: &Rack) -> bool {
        self.counts
            .iter()
            .zip(other.counts.iter())
            .all(|(mine, theirs)| mine >= theirs)
    }

    /// How many tiles showing `letter` (not blanks).
    pub fn count_letter(&self, letter: char) -> u8 {
        if letter.is_ascii_alphabetic() {
            self.counts[usize::from(letter.to_ascii_uppercase() as u8 - b'A')]
        } else {
            0
        }
    }

    /// How many blanks.
    pub fn blanks(&self) -> u8 {
        self.counts[BLANK_INDEX]
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// True if the rack holds no tile.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The total face value of the rack under `set` (blanks are 0).
    pub fn value(&self, set: &TileSet) -> u32 {
        self.counts[..26]
            .iter()
            .zip(set.values.iter())
            .map(|(&n, &v)| u32::from(n) * u32::from(v))
            .sum()
    }
}

impl fmt::Display for Rack {
    /// Letters in alphabetical order, blanks (`?`) last.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &n) in self.counts.iter().enumerate() {
            let c = if i == BLANK_INDEX {
                BLANK
            } else {
                char::from(b'A' + i as u8)
            };
            for _ in 0..n {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Rack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rack({self})")
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    // rule C2: tile sets are data, with the totals from tilesets.md.
    #[test]
    fn english_set_has_100_tiles_worth_187() {
        let s = TileSet::english();
        assert_eq!(s.total_tiles(), 100);
        assert_eq!(s.total_value(), 187);
        assert_eq!(s.blanks(), 2);
        assert_eq!(s.letter_value('q'), 10);
        assert!(s.is_vowel('E') && !s.is_vowel('Y'));
    }

    #[test]
    fn french_set_has_102_tiles_worth_197() {
        let s = TileSet::french();
        assert_eq!(s.total_tiles(), 102);
        assert_eq!(s.total_value(), 197);
        assert_eq!(s.letter_value('K'), 10);
    }

    // rule D3: the draw's vowel set is tile-set data. French flags Y (unverified, see FRENCH);
    // English and Indonesian do not. An event can replace the set without code.
    #[test]
    fn the_draw_vowel_set_is_data_d3() {
        assert_eq!(TileSet::french().vowel_letters(), "AEIOUY");
        assert_eq!(TileSet::english().vowel_letters(), "AEIOU");
        assert_eq!(TileSet::indonesian().vowel_letters(), "AEIOU");
        let fisf = TileSet::french().with_vowels("aeiou").unwrap();
        assert_eq!(fisf.vowel_letters(), "AEIOU");
        assert!(!fisf.is_vowel('Y') && fisf.is_vowel('E'));
        assert_eq!(
            TileSet::indonesian().with_vowels("AEIOUQ"),
            Err(TileSetError::NotInSet('Q'))
        );
        assert_eq!(
            TileSet::french().with_vowels("AE?"),
            Err(TileSetError::NotALetter('?'))
        );
    }

    #[test]
    fn indonesian_set_has_100_tiles_worth_217_and_no_q_or_x() {
        let s = TileSet::indonesian();
        assert_eq!(s.total_tiles(), 100);
        assert_eq!(s.total_value(), 217);
        assert!(!s.has_letter('Q') && !s.has_letter('X'));
        assert_eq!(s.count('A'), 19);
    }

    // rule C2: a blank scores 0 and keeps its letter.
    #[test]
    fn blank_scores_zero_and_keeps_its_letter() {
        let s = TileSet::english();
        let b = Tile::blank('Z').unwrap();
        assert_eq!(s.tile_value(b), 0);
        assert_eq!(b.letter(), 'Z');
        assert_eq!(b.to_char(), 'z');
        assert_eq!(b.rack_char(), '?');
    }

    #[test]
    fn rack_parses_counts_and_takes_tiles() {
        let mut r = Rack::parse("aej?NOS").unwrap();
        assert_eq!(r.len(), 7);
        assert_eq!(r.to_string(), "AEJNOS?");
        assert!(r.take_tile(Tile::blank('x').unwrap()));
        assert!(!r.take_tile(Tile::blank('x').unwrap()));
        assert!(r.take_tile(Tile::natural('J').unwrap()));
        assert_eq!(r.value(&TileSet::english()), 5);
        assert_eq!(Rack::parse("AB1"), Err(BadTile('1')));
    }

    #[test]
    fn duplicate_letters_are_rejected() {
        assert_eq!(
            TileSet::new("x", &[('A', 1, 1, true), ('a', 1, 1, true)], 0),
            Err(TileSetError::Duplicate('A'))
        );
    }
}
