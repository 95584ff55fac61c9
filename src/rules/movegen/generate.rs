//! Gordon's GADDAG generation, one board line at a time.
//!
//! Both directions run the same code: across plays on the board's rows, down plays on the rows
//! of the transposed board (the premium layout is symmetric, rule C1). For each line the
//! generator knows, per square: the tile there, the letters allowed by the cross-word through
//! it (cross-check) and that cross-word's face value (cross-score). From each anchor (an empty
//! square next to a tile, or the centre star on an empty board) it walks the graph leftwards,
//! takes the separator, and walks rightwards, keeping the score as it goes (rules C5-C6).
//!
//! Each placement is produced once: a play is found from its leftmost anchor (the walk never
//! places a tile on the previous anchor of the line), and a one-tile play that forms an across
//! word is left to the across pass, so the down pass skips it.

use std::ops::ControlFlow;

use crate::rules::board::{Board, Direction, SIZE, Square, premium};
use crate::rules::movegen::Play;
use crate::rules::movegen::graph::{Arc, SEP, WordGraph};
use crate::rules::scoring::{BINGO_BONUS, BINGO_TILES};
use crate::rules::tiles::{Rack, TileSet};

const CELLS: usize = SIZE * SIZE;
pub(super) const BLANK: usize = 26;

/// The board as letter codes (0 empty, 1-26 `A`-`Z`) and face values, in one orientation.
struct Grid {
    code: [u8; CELLS],
    value: [u8; CELLS],
}

impl Grid {
    fn from_board(board: &Board, set: &TileSet, transpose: bool) -> Grid {
        let mut g = Grid {
            code: [0; CELLS],
            value: [0; CELLS],
        };
        for (sq, tile) in board.tiles() {
            let (r, c) = if transpose {
                (sq.col(), sq.row())
            } else {
                (sq.row(), sq.col())
            };
            g.code[r * SIZE + c] = tile.index() as u8 + 1;
            g.value[r * SIZE + c] = set.tile_value(tile);
        }
        g
    }
}

/// What the word running along a grid row through an empty square allows there.
#[derive(Clone, Copy)]
pub(super) struct Cross {
    /// Allowed letters, bit `i` for letter code `i + 1`.
    pub(super) mask: u32,
    /// Face value of the tiles of the cross-word already on the board.
    pub(super) sum: u16,
    /// True if there is a cross-word at all (a tile on either side).
    pub(super) has: bool,
}

/// The cross-checks of every empty square of `g`, for words along `g`'s rows.
fn row_cross_checks(graph: &WordGraph, g: &Grid, allowed: u32) -> [Cross; CELLS] {
    let open = Cross {
        mask: allowed,
        sum: 0,
        has: false,
    };
    let mut out = [open; CELLS];
    for r in 0..SIZE {
        let row = &g.code[r * SIZE..(r + 1) * SIZE];
        let vals = &g.value[r * SIZE..(r + 1) * SIZE];
        for c in 0..SIZE {
            if row[c] != 0 {
                continue;
            }
            let left_start = (0..c).rev().take_while(|&i| row[i] != 0).last();
            let right_end = (c + 1..SIZE).take_while(|&i| row[i] != 0).last();
            if left_start.is_none() && right_end.is_none() {
                continue;
            }
            let left = left_start.map_or(c..c, |s| s..c);
            let right = right_end.map_or(c + 1..c + 1, |e| c + 1..e + 1);
            let sum: u16 = vals[left.clone()]
                .iter()
                .chain(&vals[right.clone()])
                .map(|&v| u16::from(v))
                .sum();
            let mut mask = 0u32;
            if !left.is_empty() {
                // rev(L) ^ x R: walk the left part from the square outwards, then the separator.
                let after_sep = graph
                    .walk(graph.root(), row[left].iter().rev().copied().chain([SEP]))
                    .map_or(0, Arc::child);
                for arc in graph.node_arcs(after_sep) {
                    let ok = if right.is_empty() {
                        arc.accepts()
                    } else {
                        graph
                            .walk(arc.child(), row[right.clone()].iter().copied())
                            .is_some_and(Arc::accepts)
                    };
                    if ok {
                        mask |= 1 << (arc.label() - 1);
                    }
                }
            } else {
                // rev(x R) = rev(R) x: walk the right part backwards, then any accepting letter.
                let node = graph
                    .walk(graph.root(), row[right].iter().rev().copied())
                    .map_or(0, Arc::child);
                for arc in graph.node_arcs(node) {
                    if arc.label() != SEP && arc.accepts() {
                        mask |= 1 << (arc.label() - 1);
                    }
                }
            }
            out[r * SIZE + c] = Cross {
                mask: mask & allowed,
                sum,
                has: true,
            };
        }
    }
    out
}

/// Running score of the play being built (rules C5-C6).
#[derive(Clone, Copy, Default)]
struct Acc {
    /// Main word: letter values with letter premiums under new tiles.
    main: u32,
    /// Product of the word premiums under new tiles.
    word_mult: u32,
    /// Sum of the scores of the cross-words formed so far.
    cross: u32,
    /// Tiles placed.
    placed: u8,
}

/// One line being generated, and the walk's mutable state.
pub(super) struct Line<'a, F> {
    graph: &'a WordGraph,
    direction: Direction,
    /// Which row (across) or column (down) this is.
    index: usize,
    lane: Lane,
    /// Tile bytes placed on empty squares by the current walk.
    placed: [u8; SIZE],
    anchor: usize,
    /// The previous anchor of the line: the walk may not place a tile on or left of it.
    prev_anchor: Option<usize>,
    rack: [u8; 27],
    rack_len: u8,
    /// The natural letters left on the rack, bit `i` for letter code `i + 1`.
    rack_mask: u32,
    letter_value: [u8; 27],
    emit: &'a mut F,
    stop: bool,
}

impl<F: FnMut(&Play) -> ControlFlow<()>> Line<'_, F> {
    /// Reads the board tile at `pos`, or tries every rack tile the cross-check allows there.
    fn step(&mut self, pos: usize, node: u32, start: usize, rightward: bool, acc: Acc) {
        let code = self.lane.code[pos];
        if code != 0 {
            if let Some(arc) = self.graph.find(node, code) {
                let acc = Acc {
                    main: acc.main + u32::from(self.lane.value[pos]),
                    ..acc
                };
                self.go_on(pos, arc, start, rightward, acc);
            }
            return;
        }
        if self.rack_len == 0 {
            return;
        }
        // Letters both allowed here and on the rack (any letter if a blank is left).
        let mask = self.lane.cross[pos].mask
            & if self.rack[BLANK] > 0 {
                u32::MAX
            } else {
                self.rack_mask
            };
        if mask == 0 {
            return;
        }
        let graph = self.graph;
        for arc in graph.node_arcs(node) {
            let label = arc.label();
            if label == SEP || mask & (1 << (label - 1)) == 0 {
                continue;
            }
            let li = usize::from(label - 1);
            if self.rack[li] > 0 {
                self.rack[li] -= 1;
                self.rack_len -= 1;
                if self.rack[li] == 0 {
                    self.rack_mask &= !(1 << li);
                }
                self.placed[pos] = b'A' + label - 1;
                let acc = self.add_tile(pos, u32::from(self.letter_value[li]), acc);
                self.go_on(pos, arc, start, rightward, acc);
                self.rack[li] += 1;
                self.rack_len += 1;
                self.rack_mask |= 1 << li;
            }
            if self.rack[BLANK] > 0 && !self.stop {
                self.rack[BLANK] -= 1;
                self.rack_len -= 1;
                self.placed[pos] = b'a' + label - 1;
                let acc = self.add_tile(pos, 0, acc);
                self.go_on(pos, arc, start, rightward, acc);
                self.rack[BLANK] += 1;
                self.rack_len += 1;
            }
            if self.stop {
                return;
            }
        }
    }

    /// True if the walk could go on at `pos`: a board tile, or an empty square that a tile
    /// left on the rack may take. Checked before recursing, which saves most dead calls.
    #[inline]
    fn can_enter(&self, pos: usize) -> bool {
        self.lane.code[pos] != 0 || (self.rack_len > 0 && self.lane.cross[pos].mask != 0)
    }

    /// The score after placing a tile worth `value` on `pos` (rule C5: its premiums count in
    /// the main word and in its cross-word).
    #[inline]
    fn add_tile(&self, pos: usize, value: u32, acc: Acc) -> Acc {
        let lm = u32::from(self.lane.letter_mult[pos]);
        let wm = u32::from(self.lane.word_mult[pos]);
        let cross = &self.lane.cross[pos];
        Acc {
            main: acc.main + value * lm,
            word_mult: acc.word_mult * wm,
            cross: if cross.has {
                acc.cross + (u32::from(cross.sum) + value * lm) * wm
            } else {
                acc.cross
            },
            placed: acc.placed + 1,
        }
    }

    /// After the letter on `pos` (reached by `arc`): record the word if it is whole, and go on.
    fn go_on(&mut self, pos: usize, arc: Arc, start: usize, rightward: bool, acc: Acc) {
        if rightward {
            let right_free = pos + 1 >= SIZE || self.lane.code[pos + 1] == 0;
            if arc.accepts() && right_free && acc.placed > 0 {
                self.record(start, pos, acc);
            }
            if pos + 1 < SIZE && arc.child() != 0 && !self.stop && self.can_enter(pos + 1) {
                self.step(pos + 1, arc.child(), start, true, acc);
            }
            return;
        }
        // Leftward: the word so far covers pos..=anchor.
        let left_free = pos == 0 || self.lane.code[pos - 1] == 0;
        let right_free = self.anchor + 1 >= SIZE || self.lane.code[self.anchor + 1] == 0;
        if arc.accepts() && left_free && right_free && acc.placed > 0 {
            self.record(pos, self.anchor, acc);
        }
        let child = arc.child();
        if child == 0 || self.stop {
            return;
        }
        if pos > 0 {
            let next = pos - 1;
            // A board tile must be taken in; an empty square only up to the previous anchor,
            // because plays covering that anchor are found from it.
            let may = self.lane.code[next] != 0
                || (self.prev_anchor.is_none_or(|a| next > a) && self.can_enter(next));
            if may {
                self.step(next, child, start, false, acc);
            }
        }
        if left_free
            && self.anchor + 1 < SIZE
            && !self.stop
            && self.can_enter(self.anchor + 1)
            && let Some(sep) = self.graph.find(child, SEP)
            && sep.child() != 0
        {
            self.step(self.anchor + 1, sep.child(), pos, true, acc);
        }
    }

    fn record(&mut self, start: usize, end: usize, acc: Acc) {
        if self.direction == Direction::Down && acc.placed == 1 {
            // A single tile that also forms an across word was found by the across pass.
            if let Some(p) = (start..=end).find(|&i| self.lane.code[i] == 0)
                && self.lane.cross[p].has
            {
                return;
            }
        }
        let bingo = if usize::from(acc.placed) >= BINGO_TILES {
            BINGO_BONUS
        } else {
            0
        };
        let score = acc.main * acc.word_mult + acc.cross + bingo;
        let mut word = [0u8; SIZE];
        for (i, w) in (start..=end).zip(word.iter_mut()) {
            if self.lane.code[i] == 0 {
                *w = self.placed[i];
            }
        }
        let (row, col) = match self.direction {
            Direction::Across => (self.index, start),
            Direction::Down => (start, self.index),
        };
        let Some(sq) = Square::new(row, col) else {
            return;
        };
        let play = Play {
            start: sq,
            direction: self.direction,
            len: (end - start + 1) as u8,
            placed: acc.placed,
            score,
            word,
        };
        if (self.emit)(&play).is_break() {
            self.stop = true;
        }
    }
}

/// One board line in one orientation, as generation reads it.
#[derive(Clone, Copy)]
pub(super) struct Lane {
    /// Letter codes (0 empty, 1-26 `A`-`Z`) and face values of the tiles on the line.
    pub(super) code: [u8; SIZE],
    pub(super) value: [u8; SIZE],
    /// The cross-check of each empty square (words across the line).
    pub(super) cross: [Cross; SIZE],
    pub(super) letter_mult: [u8; SIZE],
    pub(super) word_mult: [u8; SIZE],
}

/// What generation needs of a position, in both orientations, computed once.
pub(super) struct Position {
    grids: [Grid; 2],
    /// Cross-checks for each pass: pass 0 (across) reads the down words, and so on.
    cross: [[Cross; CELLS]; 2],
    anchor: [bool; CELLS],
    letter_mult: [u8; CELLS],
    word_mult: [u8; CELLS],
    pub(super) letter_value: [u8; 27],
    /// The rack: letter counts by code - 1, blanks at index 26.
    pub(super) rack: [u8; 27],
    pub(super) rack_len: u8,
}

/// The two passes: across on the board's rows, down on the transposed board's rows.
pub(super) const PASSES: [Direction; 2] = [Direction::Across, Direction::Down];

impl Position {
    /// `None` if the rack is empty (no play).
    pub(super) fn new(
        graph: &WordGraph,
        set: &TileSet,
        board: &Board,
        rack: &Rack,
    ) -> Option<Position> {
        let mut allowed = 0u32;
        let mut letter_value = [0u8; 27];
        let mut rack_counts = [0u8; 27];
        for (i, lv) in letter_value.iter_mut().enumerate().take(26) {
            let letter = char::from(b'A' + i as u8);
            if set.has_letter(letter) {
                allowed |= 1 << i;
            }
            *lv = set.letter_value(letter);
            rack_counts[i] = rack.count_letter(letter);
        }
        rack_counts[BLANK] = rack.blanks();
        let rack_len: u8 = rack_counts.iter().sum();
        if rack_len == 0 {
            return None;
        }
        let grids = [
            Grid::from_board(board, set, false),
            Grid::from_board(board, set, true),
        ];
        // Anchors are the same squares in both orientations (transposed).
        let mut anchor = [false; CELLS];
        if board.is_empty() {
            anchor[Square::CENTRE.row() * SIZE + Square::CENTRE.col()] = true;
        } else {
            let g = &grids[0];
            for r in 0..SIZE {
                for c in 0..SIZE {
                    if g.code[r * SIZE + c] != 0 {
                        continue;
                    }
                    let filled = |rr: usize, cc: usize| g.code[rr * SIZE + cc] != 0;
                    anchor[r * SIZE + c] = (r > 0 && filled(r - 1, c))
                        || (r + 1 < SIZE && filled(r + 1, c))
                        || (c > 0 && filled(r, c - 1))
                        || (c + 1 < SIZE && filled(r, c + 1));
                }
            }
        }
        let mut letter_mult = [1u8; CELLS];
        let mut word_mult = [1u8; CELLS];
        for sq in Square::all() {
            let p = premium(sq);
            letter_mult[sq.row() * SIZE + sq.col()] = p.letter_multiplier() as u8;
            word_mult[sq.row() * SIZE + sq.col()] = p.word_multiplier() as u8;
        }
        // The cross-words of a pass run along the other orientation's rows.
        let cross = [
            row_cross_checks(graph, &grids[1], allowed),
            row_cross_checks(graph, &grids[0], allowed),
        ];
        Some(Position {
            grids,
            cross,
            anchor,
            letter_mult,
            word_mult,
            letter_value,
            rack: rack_counts,
            rack_len,
        })
    }

    /// The anchors of `lane` in `pass`, left to right.
    pub(super) fn anchors(&self, pass: usize, lane: usize) -> impl Iterator<Item = usize> + '_ {
        (0..SIZE).filter(move |&i| {
            if pass == 0 {
                self.anchor[lane * SIZE + i]
            } else {
                self.anchor[i * SIZE + lane]
            }
        })
    }

    /// The natural letters on the rack, bit `i` for letter code `i + 1`.
    pub(super) fn rack_mask(&self) -> u32 {
        self.rack[..26]
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .fold(0, |m, (i, _)| m | (1 << i))
    }

    /// Line `lane` of pass `pass`.
    pub(super) fn lane(&self, pass: usize, lane: usize) -> Lane {
        let grid = &self.grids[pass];
        let cross = &self.cross[pass];
        let base = lane * SIZE;
        let mut out = Lane {
            code: [0; SIZE],
            value: [0; SIZE],
            cross: [cross[0]; SIZE],
            letter_mult: [1; SIZE],
            word_mult: [1; SIZE],
        };
        for i in 0..SIZE {
            out.code[i] = grid.code[base + i];
            out.value[i] = grid.value[base + i];
            // Square (lane, i) of this orientation is square (i, lane) of the other.
            out.cross[i] = cross[i * SIZE + lane];
            // The layout is symmetric under transposition, so the same table serves both.
            out.letter_mult[i] = self.letter_mult[base + i];
            out.word_mult[i] = self.word_mult[base + i];
        }
        out
    }
}

impl<'a, F: FnMut(&Play) -> ControlFlow<()>> Line<'a, F> {
    /// Generation on `lane` of `pass`, reporting plays to `emit`.
    pub(super) fn new(
        graph: &'a WordGraph,
        pos: &Position,
        pass: usize,
        lane: usize,
        emit: &'a mut F,
    ) -> Line<'a, F> {
        Line {
            graph,
            direction: PASSES[pass],
            index: lane,
            lane: pos.lane(pass, lane),
            placed: [0; SIZE],
            anchor: 0,
            prev_anchor: None,
            rack: pos.rack,
            rack_len: pos.rack_len,
            rack_mask: pos.rack_mask(),
            letter_value: pos.letter_value,
            emit,
            stop: false,
        }
    }

    /// Every play whose leftmost anchor is `anchor` (`prev_anchor` is the line's anchor
    /// before it, if any). Returns `Break` if `emit` stopped it.
    pub(super) fn walk_anchor(
        &mut self,
        anchor: usize,
        prev_anchor: Option<usize>,
    ) -> ControlFlow<()> {
        let line = self;
        line.anchor = anchor;
        line.prev_anchor = prev_anchor;
        let acc = Acc {
            word_mult: 1,
            ..Acc::default()
        };
        line.step(anchor, line.graph.root(), anchor, false, acc);
        if line.stop {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// Calls `emit` with every legal placement of `rack` on `board` (see the module docs), until it
/// returns `Break`. Letters outside `set` are never placed, nor designated for a blank.
pub(crate) fn generate<F: FnMut(&Play) -> ControlFlow<()>>(
    graph: &WordGraph,
    set: &TileSet,
    board: &Board,
    rack: &Rack,
    emit: &mut F,
) -> ControlFlow<()> {
    let Some(pos) = Position::new(graph, set, board, rack) else {
        return ControlFlow::Continue(());
    };
    for pass in 0..PASSES.len() {
        for lane in 0..SIZE {
            let mut anchors = pos.anchors(pass, lane).peekable();
            if anchors.peek().is_none() {
                continue;
            }
            let mut line = Line::new(graph, &pos, pass, lane, &mut *emit);
            let mut prev = None;
            for a in anchors {
                line.walk_anchor(a, prev)?;
                prev = Some(a);
            }
        }
    }
    ControlFlow::Continue(())
}
