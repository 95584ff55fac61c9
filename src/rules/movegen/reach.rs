//! What the squares a walk may still cover can add to a play's score, at most (rules C5-C6):
//! the walk's cut for the top plays ([`super::best`]). Cheap on purpose (O(1) per step, from
//! sums over the line made once): each term is bounded on its own, so the sum bounds every way
//! the walk can go on from where it is, whatever the words.

use crate::rules::board::SIZE;
use crate::rules::movegen::generate::Lane;
use crate::rules::scoring::{BINGO_BONUS, BINGO_TILES};

/// A run of squares, summed up for the bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Reach {
    /// Product of the word premiums of its empty squares.
    word_mult: u32,
    /// Face value of its board tiles.
    board: u32,
    /// Its empty squares' cross-words: the board tiles' value times the square's word premium.
    cross: u32,
    /// The highest letter premium of its empty squares.
    letter_mult: u32,
    /// The highest letter premium × word premium of its empty squares with a cross-word.
    cross_mult: u32,
    /// Its empty squares.
    empty: u32,
}

impl Reach {
    /// No square.
    pub(super) const NONE: Reach = Reach {
        word_mult: 1,
        board: 0,
        cross: 0,
        letter_mult: 0,
        cross_mult: 0,
        empty: 0,
    };

    /// This run and square `i` of `line`.
    fn with(self, line: &Lane, i: usize) -> Reach {
        if line.code[i] != 0 {
            return Reach {
                board: self.board + u32::from(line.value[i]),
                ..self
            };
        }
        let (lm, wm) = (u32::from(line.letter_mult[i]), u32::from(line.word_mult[i]));
        let cross = &line.cross[i];
        Reach {
            word_mult: self.word_mult * wm,
            board: self.board,
            cross: self.cross
                + if cross.has {
                    u32::from(cross.sum) * wm
                } else {
                    0
                },
            letter_mult: self.letter_mult.max(lm),
            cross_mult: if cross.has {
                self.cross_mult.max(lm * wm)
            } else {
                self.cross_mult
            },
            empty: self.empty + 1,
        }
    }

    /// Both runs.
    pub(super) fn and(self, other: Reach) -> Reach {
        Reach {
            word_mult: self.word_mult * other.word_mult,
            board: self.board + other.board,
            cross: self.cross + other.cross,
            letter_mult: self.letter_mult.max(other.letter_mult),
            cross_mult: self.cross_mult.max(other.cross_mult),
            empty: self.empty + other.empty,
        }
    }

    /// For each `x`, the squares right of `x` (`x + 1 ..`).
    pub(super) fn right_of(line: &Lane) -> [Reach; SIZE] {
        let mut out = [Reach::NONE; SIZE];
        for x in (0..SIZE - 1).rev() {
            out[x] = out[x + 1].with(line, x + 1);
        }
        out
    }

    /// For each `x` from `first`, the squares `first .. x` (left of `x`, from `first`).
    pub(super) fn left_of(line: &Lane, first: usize) -> [Reach; SIZE] {
        let mut out = [Reach::NONE; SIZE];
        for x in first + 1..SIZE {
            out[x] = out[x - 1].with(line, x - 1);
        }
        out
    }

    /// The most a play can score that has `main` (letters, with letter premiums), `word_mult`
    /// and `cross` so far with `placed` tiles, and may still place up to `tiles` tiles worth
    /// `value` in all on this run's empty squares and take in its board tiles.
    pub(super) fn bound(
        self,
        main: u32,
        word_mult: u32,
        cross: u32,
        placed: u32,
        tiles: u32,
        value: u32,
    ) -> u32 {
        let bingo = if (placed + tiles.min(self.empty)) as usize >= BINGO_TILES {
            BINGO_BONUS
        } else {
            0
        };
        (main + self.board + value * self.letter_mult) * word_mult * self.word_mult
            + cross
            + self.cross
            + value * self.cross_mult
            + bingo
    }
}
