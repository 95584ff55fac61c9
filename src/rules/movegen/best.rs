//! The top-scoring plays (every tie) without generating every play: branch and bound by anchor.
//!
//! Every play is found from exactly one (line, anchor) pair, its leftmost anchor (see
//! [`super::generate`]). Before walking, each pair gets an upper bound on the score of any play
//! it can find, from the squares alone: the play covers a run of the line through the anchor
//! (not reaching back to the previous anchor), fills every empty square of the run with a rack
//! tile, and scores (rules C5-C6)
//!
//! ```text
//! (board tiles + Σ new value × letter premium) × W + Σ cross-words + bingo
//! ```
//!
//! where `W` is the product of the run's word premiums. A new tile's value counts with weight
//! `letter premium × (W + its cross-word's word premium, if it makes one)`, so pairing the
//! rack's highest values with the highest weights (the rearrangement inequality) bounds every
//! way of filling the run, whatever the words. The pairs are walked highest bound first, and the
//! walk stops at the first pair whose bound is below the best score found: no play it could
//! find would tie. Ties at the bound are still walked, so every play tied for the top is listed
//! (rule D6). [`super::top_plays`] (every play generated) is the reference; tests compare them.

use std::ops::ControlFlow;

use crate::rules::board::{Board, SIZE};
use crate::rules::movegen::generate::{BLANK, Lane, Line, PASSES, Position};
use crate::rules::movegen::graph::WordGraph;
use crate::rules::movegen::{Play, keep_if_top};
use crate::rules::scoring::{BINGO_BONUS, BINGO_TILES};
use crate::rules::tiles::{Rack, TileSet};

/// One (line, anchor) pair to walk, with the bound of what it can find.
struct Job {
    bound: u32,
    pass: usize,
    lane: usize,
    anchor: usize,
    prev: Option<usize>,
}

/// Every play tied for the top score of `rack` on `board`, in [`Play::best_first`] order;
/// empty if no play exists. The same list as [`super::top_plays`] gives.
pub(crate) fn best_plays(
    graph: &WordGraph,
    set: &TileSet,
    board: &Board,
    rack: &Rack,
) -> Vec<Play> {
    let Some(pos) = Position::new(graph, set, board, rack) else {
        return Vec::new();
    };
    // The rack's tile values, highest first (a blank is worth 0).
    let mut values: Vec<u32> = Vec::with_capacity(usize::from(pos.rack_len));
    for (i, &n) in pos.rack.iter().enumerate() {
        let v = if i == BLANK {
            0
        } else {
            u32::from(pos.letter_value[i])
        };
        values.extend(std::iter::repeat_n(v, usize::from(n)));
    }
    values.sort_unstable_by(|a, b| b.cmp(a));
    // A square takes a tile only if a rack letter (any, with a blank) passes its cross-check.
    let usable = if pos.rack[BLANK] > 0 {
        u32::MAX
    } else {
        pos.rack_mask()
    };

    let mut jobs = Vec::new();
    for pass in 0..PASSES.len() {
        for lane in 0..SIZE {
            let mut anchors = pos.anchors(pass, lane).peekable();
            if anchors.peek().is_none() {
                continue;
            }
            let line = pos.lane(pass, lane);
            let mut prev = None;
            for anchor in anchors {
                if let Some(bound) = anchor_bound(&line, anchor, prev, usable, &values) {
                    jobs.push(Job {
                        bound,
                        pass,
                        lane,
                        anchor,
                        prev,
                    });
                }
                prev = Some(anchor);
            }
        }
    }
    jobs.sort_unstable_by_key(|j| std::cmp::Reverse(j.bound));

    let mut plays: Vec<Play> = Vec::new();
    for job in jobs {
        if plays.first().is_some_and(|best| job.bound < best.score()) {
            break;
        }
        let mut keep = |p: &Play| {
            keep_if_top(&mut plays, p);
            ControlFlow::Continue(())
        };
        let mut line = Line::new(graph, &pos, job.pass, job.lane, &mut keep);
        let _ = line.walk_anchor(job.anchor, job.prev);
    }
    plays.sort_unstable_by(Play::best_first);
    plays
}

/// The highest score any play found from `anchor` could make (see the module docs), or `None`
/// if no run through it can be filled from the rack.
fn anchor_bound(
    line: &Lane,
    anchor: usize,
    prev: Option<usize>,
    usable: u32,
    values: &[u32],
) -> Option<u32> {
    let mut best: Option<u32> = None;
    let first = prev.map_or(0, |p| p + 1);
    // Each new tile's (letter premium, letter premium × cross-word premium or 0).
    let mut tiles = [(0u32, 0u32); SIZE];
    let mut weights = [0u32; SIZE];
    for start in first..=anchor {
        if start > 0 && line.code[start - 1] != 0 {
            continue; // a word cannot start next to a tile
        }
        let (mut k, mut word_mult, mut board_sum, mut cross_sum) = (0usize, 1u32, 0u32, 0u32);
        for p in start..SIZE {
            if line.code[p] != 0 {
                board_sum += u32::from(line.value[p]);
            } else {
                let cross = &line.cross[p];
                if cross.mask & usable == 0 || k == values.len() {
                    break; // nothing fits here, or the rack is spent: no longer run either
                }
                let (lm, wm) = (u32::from(line.letter_mult[p]), u32::from(line.word_mult[p]));
                word_mult *= wm;
                if cross.has {
                    cross_sum += u32::from(cross.sum) * wm;
                }
                tiles[k] = (lm, if cross.has { lm * wm } else { 0 });
                k += 1;
            }
            let ends_here = p + 1 == SIZE || line.code[p + 1] == 0;
            if p < anchor || !ends_here || k == 0 {
                continue;
            }
            for (w, &(lm, cw)) in weights.iter_mut().zip(&tiles[..k]) {
                *w = lm * word_mult + cw;
            }
            weights[..k].sort_unstable_by(|a, b| b.cmp(a));
            let placed: u32 = weights[..k].iter().zip(values).map(|(w, v)| w * v).sum();
            let bingo = if k >= BINGO_TILES { BINGO_BONUS } else { 0 };
            let bound = board_sum * word_mult + cross_sum + placed + bingo;
            best = Some(best.map_or(bound, |b| b.max(bound)));
        }
    }
    best
}
