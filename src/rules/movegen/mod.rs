//! The move generator: every legal play of a position, the top play(s), and whether any play
//! exists (Duplicate's top play, rule D6; dictionary mode's "no move possible", rule O1).
//!
//! * [`WordGraph`]: a minimised GADDAG built once per word list (see [`graph`]).
//! * [`for_each_play`], [`all_plays`], [`top_plays`], [`best_plays`], [`any_play`]: generation on a [`Board`]
//!   for a [`Rack`] (blanks as `?`), legal under rules C3-C4, each play with its score under
//!   rules C5-C6, the same as [`crate::rules::scoring`] gives (a test checks that).
//!
//! **One placement** is a distinct set of (square, tile) newly placed: a blank designated E and
//! a natural E are different tiles, each designation of a blank is distinct, and one tile
//! forming words both ways is one placement (written across, as
//! [`crate::rules::placement::from_tiles`] writes it). Exchanges and passes are not plays here.
//!
//! Pure: no I/O. Building the graph from a word list is the caller's (about 0.9 s for ENABLE
//! in release; see BENCHMARKS.md), and so is keeping it ([`WordGraph::to_bytes`] and
//! [`WordGraph::from_bytes`] make a cache file, as `arbiter moves` keeps in the data directory).

mod best;
mod generate;
pub mod graph;
pub mod text;

use std::cmp::Ordering;
use std::fmt;
use std::ops::ControlFlow;

use crate::rules::board::{Board, Direction, SIZE, Square};
use crate::rules::notation::{Move, MoveLetter};
use crate::rules::placement::Placement;
use crate::rules::tiles::{Rack, Tile, TileSet};

pub use graph::{GraphError, WordGraph};

/// A generated play: where its main word starts, which way it reads, its new tiles and score.
///
/// Small and `Copy` (one word of tiles inline), so generating thousands allocates only the list.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Play {
    start: Square,
    direction: Direction,
    len: u8,
    placed: u8,
    score: u32,
    /// The main word's squares in reading order: 0 for a tile already on the board, else the
    /// new tile's byte (uppercase natural, lowercase blank), as [`Tile`] spells it.
    word: [u8; SIZE],
}

impl Play {
    /// Square of the main word's first letter.
    pub fn start(&self) -> Square {
        self.start
    }

    /// Direction of the main word.
    pub fn direction(&self) -> Direction {
        self.direction
    }

    /// Length of the main word (new and played-through tiles).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Never true: a play's main word has at least two letters.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Number of tiles placed from the rack.
    pub fn tiles_placed(&self) -> usize {
        usize::from(self.placed)
    }

    /// The score (rules C5-C6).
    pub fn score(&self) -> u32 {
        self.score
    }

    /// The new tiles with their squares, in reading order.
    pub fn new_tiles(&self) -> impl Iterator<Item = (Square, Tile)> + '_ {
        self.word[..self.len()]
            .iter()
            .enumerate()
            .filter(|(_, b)| **b != 0)
            .filter_map(|(i, &b)| {
                Some((
                    self.start.offset(self.direction, i)?,
                    Tile::from_char(char::from(b))?,
                ))
            })
    }

    /// The written move, `.` for played-through squares.
    pub fn to_move(&self) -> Move {
        Move {
            start: self.start,
            direction: self.direction,
            letters: self.word[..self.len()]
                .iter()
                .map(|&b| match Tile::from_char(char::from(b)) {
                    Some(t) => MoveLetter::Tile(t),
                    None => MoveLetter::Through,
                })
                .collect(),
        }
    }

    /// The play as a [`Placement`], for [`crate::rules::scoring`] and for applying it.
    pub fn to_placement(&self) -> Placement {
        Placement {
            start: self.start,
            direction: self.direction,
            len: self.len(),
            new_tiles: self.new_tiles().collect(),
        }
    }

    /// The main word's letters, uppercase, reading the played-through tiles from `board`.
    pub fn main_word(&self, board: &Board) -> String {
        (0..self.len())
            .filter_map(|i| {
                let sq = self.start.offset(self.direction, i)?;
                match self.word[i] {
                    0 => board.get(sq).map(Tile::letter),
                    b => Some(char::from(b.to_ascii_uppercase())),
                }
            })
            .collect()
    }

    /// The GCG word: new tiles as letters (lowercase for a blank), `.` for board tiles.
    pub fn gcg_word(&self) -> String {
        self.word[..self.len()]
            .iter()
            .map(|&b| if b == 0 { '.' } else { char::from(b) })
            .collect()
    }

    /// Best first: higher score, then a fixed order of position and word so ties list the
    /// same way every time.
    pub fn best_first(a: &Play, b: &Play) -> Ordering {
        b.score
            .cmp(&a.score)
            .then_with(|| a.start.cmp(&b.start))
            .then_with(|| (a.direction as u8).cmp(&(b.direction as u8)))
            .then_with(|| a.word[..a.len()].cmp(&b.word[..b.len()]))
    }
}

impl fmt::Display for Play {
    /// GCG notation, e.g. `8D RETAINS` or `5F VInI.ERA`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}",
            crate::rules::notation::gcg_position(self.start, self.direction),
            self.gcg_word()
        )
    }
}

impl fmt::Debug for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Play({self} {})", self.score)
    }
}

/// Calls `f` with every legal play of `rack` on `board` (rules C3-C4, each placement once),
/// in no particular order, until `f` returns `Break`. Returns `Break` if it was stopped.
pub fn for_each_play(
    graph: &WordGraph,
    set: &TileSet,
    board: &Board,
    rack: &Rack,
    mut f: impl FnMut(&Play) -> ControlFlow<()>,
) -> ControlFlow<()> {
    generate::generate(graph, set, board, rack, &mut f)
}

/// Every legal play, best first (see [`Play::best_first`]).
pub fn all_plays(graph: &WordGraph, set: &TileSet, board: &Board, rack: &Rack) -> Vec<Play> {
    let mut out = Vec::new();
    let _ = for_each_play(graph, set, board, rack, |p| {
        out.push(*p);
        ControlFlow::Continue(())
    });
    out.sort_unstable_by(Play::best_first);
    out
}

/// The number of plays and the top-scoring ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TopPlays {
    /// How many legal plays there are (placements, as the module docs count them).
    pub count: usize,
    /// Every play with the top score, in [`Play::best_first`] order; empty if no play exists.
    pub plays: Vec<Play>,
}

impl TopPlays {
    /// The top score, `None` if no play exists.
    pub fn score(&self) -> Option<u32> {
        self.plays.first().map(Play::score)
    }
}

/// Keeps `p` in `tops` (plays of one score, the best so far) if it ties them, or in their place
/// if it beats them.
fn keep_if_top(tops: &mut Vec<Play>, p: &Play) {
    match tops.first().map(|b| p.score.cmp(&b.score)) {
        Some(Ordering::Less) => {}
        Some(Ordering::Equal) => tops.push(*p),
        Some(Ordering::Greater) | None => {
            tops.clear();
            tops.push(*p);
        }
    }
}

/// The count of legal plays and every play tied for the top score (rule D6 lists the equal tops).
pub fn top_plays(graph: &WordGraph, set: &TileSet, board: &Board, rack: &Rack) -> TopPlays {
    let mut count = 0usize;
    let mut plays: Vec<Play> = Vec::new();
    let _ = for_each_play(graph, set, board, rack, |p| {
        count += 1;
        keep_if_top(&mut plays, p);
        ControlFlow::Continue(())
    });
    plays.sort_unstable_by(Play::best_first);
    TopPlays { count, plays }
}

/// Every play tied for the top score of `rack` on `board`, in [`Play::best_first`] order (empty
/// if no play exists): the list [`top_plays`] gives, found without generating every play (see
/// `best.rs`: lines whose best possible score is below the best found are not walked). For
/// Duplicate's top (rule D6) and the analysis of a game.
pub fn best_plays(graph: &WordGraph, set: &TileSet, board: &Board, rack: &Rack) -> Vec<Play> {
    best::best_plays(graph, set, board, rack)
}

/// True if `rack` has any legal play on `board` (rule O1); stops at the first one found.
pub fn any_play(graph: &WordGraph, set: &TileSet, board: &Board, rack: &Rack) -> bool {
    for_each_play(graph, set, board, rack, |_| ControlFlow::Break(())).is_break()
}

#[cfg(test)]
mod tests;
