//! Scoring (rules C5-C6), with a per-word breakdown a PIC can show.
//!
//! * C5: a new tile's letter premium applies before word premiums; word premiums under new tiles
//!   multiply together (two triple words = ×9); premiums under tiles already on the board do not
//!   count; a new tile's premium counts in every word it is part of.
//! * C6: placing 7 tiles adds 50 after premiums.
//!
//! Every function takes the board *before* the play.

use crate::rules::board::{Board, Direction, Square, premium};
use crate::rules::notation::Move;
use crate::rules::placement::{Placement, PlacementError, validate};
use crate::rules::tiles::{Rack, Tile, TileSet};

/// Tiles a play must place to earn the bingo bonus (rule C6).
pub const BINGO_TILES: usize = 7;
/// The bingo bonus (rule C6).
pub const BINGO_BONUS: u32 = 50;

/// One word's share of a play's score.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct WordScore {
    /// The word, uppercase (a blank shows its letter).
    pub word: String,
    /// Square of its first letter.
    #[schema(value_type = String, example = "D8")]
    pub start: Square,
    /// Its direction.
    pub direction: Direction,
    /// Its score with premiums.
    pub score: u32,
}

/// A play's score: each word formed (main word first), the bingo bonus, and the total.
/// Serializes as `{"words":[{"word":"JETON","start":"D8","direction":"across","score":40}],
/// "bingo_bonus":0,"total":40}` for a PIC's screen.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct PlayScore {
    /// Every word formed, main word first.
    pub words: Vec<WordScore>,
    /// [`BINGO_BONUS`] if 7 tiles were placed, else 0.
    pub bingo_bonus: u32,
    /// Sum of the word scores plus the bingo bonus.
    pub total: u32,
}

/// Scores one word given as tiles with "new" flags (rule C5).
fn word_score(set: &TileSet, tiles: &[(Square, Tile, bool)]) -> u32 {
    let mut sum = 0u32;
    let mut word_mult = 1u32;
    for &(sq, tile, new) in tiles {
        let value = u32::from(set.tile_value(tile));
        if new {
            // Premiums only under tiles placed this turn (C5).
            let p = premium(sq);
            sum += value * p.letter_multiplier();
            word_mult *= p.word_multiplier();
        } else {
            sum += value;
        }
    }
    sum * word_mult
}

fn bingo(placement: &Placement) -> u32 {
    if placement.new_tiles.len() >= BINGO_TILES {
        BINGO_BONUS
    } else {
        0
    }
}

/// The score of a validated placement, with its breakdown (rules C5-C6).
pub fn score(board: &Board, set: &TileSet, placement: &Placement) -> PlayScore {
    let mut words = Vec::with_capacity(placement.new_tiles.len() + 1);
    placement.for_each_word(board, |start, direction, tiles| {
        words.push(WordScore {
            word: tiles.iter().map(|(_, t, _)| t.letter()).collect(),
            start,
            direction,
            score: word_score(set, tiles),
        });
    });
    let bingo_bonus = bingo(placement);
    let total = words.iter().map(|w| w.score).sum::<u32>() + bingo_bonus;
    PlayScore {
        words,
        bingo_bonus,
        total,
    }
}

/// Only the total of [`score`], without building the breakdown.
pub fn score_total(board: &Board, set: &TileSet, placement: &Placement) -> u32 {
    let mut total = bingo(placement);
    placement.for_each_word(board, |_, _, tiles| total += word_score(set, tiles));
    total
}

/// Validates `mv` on `board` (see [`validate`]) and scores it.
pub fn score_move(
    board: &Board,
    set: &TileSet,
    mv: &Move,
    rack: Option<&Rack>,
) -> Result<(Placement, PlayScore), PlacementError> {
    let placement = validate(board, set, mv, rack)?;
    let s = score(board, set, &placement);
    Ok((placement, s))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::rules::notation::parse_word;
    use proptest::prelude::*;

    fn en() -> TileSet {
        TileSet::english()
    }

    /// Plays a GCG move on `b`, returning its score.
    fn play(b: &mut Board, pos: &str, word: &str) -> PlayScore {
        let (p, s) = score_move(b, &en(), &Move::parse_gcg(pos, word).unwrap(), None).unwrap();
        p.apply(b);
        s
    }

    // rule C5: letter premium (D8 is DL) before the centre double word.
    #[test]
    fn first_play_jeton_scores_40() {
        let mut b = Board::new();
        // J on D8 (DL) 16 + E T O N 4 = 20, ×2 on the star = 40 (quackle_boys1.gcg line 6).
        let s = play(&mut b, "8D", "JETON");
        assert_eq!(s.total, 40);
        assert_eq!(
            serde_json::to_string(&s).unwrap(),
            r#"{"words":[{"word":"JETON","start":"D8","direction":"across","score":40}],"bingo_bonus":0,"total":40}"#
        );
    }

    // rule C2: a blank scores 0; rule C6: 7 tiles add 50.
    #[test]
    fn blank_bingo_through_the_star() {
        let mut b = Board::new();
        play(&mut b, "8D", "JETON");
        // quackle_boys1.gcg line 7: h2 rEDYEING +64, through the N on H8.
        let s = play(&mut b, "H2", "rEDYEI.G");
        assert_eq!(s.bingo_bonus, 50);
        assert_eq!(s.total, 64);
    }

    // rule C5: two word premiums multiply (triple-triple ×9).
    #[test]
    fn triple_triple_multiplies_by_nine() {
        // Across row 1 from A1 to H1, through nothing: A1 TW, D1 DL, H1 TW.
        let mut empty = Board::new();
        empty.set(Square::parse("H2").unwrap(), Tile::from_char('A').unwrap());
        let mv = Move::new(
            Square::parse("A1").unwrap(),
            Direction::Across,
            parse_word("BEATINGS").unwrap(),
        )
        .unwrap();
        // Row 1 and column H: H1 is above H2 (A), so the S on H1 forms the cross-word SA.
        let p = validate(&empty, &en(), &mv, None).unwrap();
        let s = score(&empty, &en(), &p);
        // BEATINGS: B3 E1 A1 T1(DL on D1 → 2) I1 N1 G2 S1 = 3+1+1+2+1+1+2+1 = 12, ×9 = 108.
        // SA: S1 + A1 = 2, ×3 (H1 TW under the new S) = 6. 8 tiles ≥ 7 → +50.
        assert_eq!(s.words[0].score, 108);
        assert_eq!(s.words[1].word, "SA");
        assert_eq!(s.words[1].score, 6);
        assert_eq!(s.total, 108 + 6 + 50);
    }

    // rule C5: premiums only count when the tile is placed.
    #[test]
    fn premiums_under_old_tiles_do_not_count() {
        let mut b = Board::new();
        play(&mut b, "8D", "JETON");
        // Extending JETON with S at I8 (no premium): J on D8's DL no longer counts.
        let s = play(&mut b, "8D", ".....S");
        assert_eq!(s.total, 8 + 1 + 1 + 1 + 1 + 1);
    }

    // rule C5: a new tile's premium counts in every word it is part of.
    #[test]
    fn new_tile_premium_counts_in_both_words() {
        let mut b = Board::new();
        play(&mut b, "8G", "AT");
        // Z on G7 (DL) is in both OZ (across) and ZA (down).
        let s = play(&mut b, "7F", "OZ");
        // OZ across: O on F7 (plain) 1 + Z on G7 (DL) 20 = 21. ZA down: Z 20 + A 1 = 21.
        assert_eq!(
            s.words.iter().map(|w| w.score).collect::<Vec<_>>(),
            [21, 21]
        );
        assert_eq!(s.total, 42);
    }

    fn arb_first_move() -> impl Strategy<Value = Move> {
        (
            proptest::collection::vec(
                prop::sample::select(b"ABCDEFGHIJKLMNOPQRSTUVWXYZe".to_vec()),
                2..=8,
            ),
            0usize..8,
            any::<bool>(),
        )
            .prop_map(|(letters, back, across)| {
                let n = letters.len();
                let back = back.min(n - 1);
                let dir = if across {
                    Direction::Across
                } else {
                    Direction::Down
                };
                // Start `back` squares before the centre so the word covers H8 (rule C3).
                let start = match dir {
                    Direction::Across => Square::new(7, 7 - back),
                    Direction::Down => Square::new(7 - back, 7),
                }
                .unwrap_or(Square::CENTRE);
                let word: String = letters.iter().map(|&c| char::from(c)).collect();
                Move::new(start, dir, parse_word(&word).unwrap()).unwrap()
            })
    }

    fn arb_second_move() -> impl Strategy<Value = (usize, usize, bool, Vec<u8>)> {
        (
            // Near the centre, so most generated plays touch the first one and get scored.
            3usize..12,
            3usize..12,
            any::<bool>(),
            proptest::collection::vec(prop::sample::select(b"AEIOSTRNQZXb".to_vec()), 1..=7),
        )
    }

    proptest! {
        // rule C1/C5: the layout is symmetric, so transposing board and move keeps the score.
        #[test]
        fn transposing_board_and_move_keeps_the_score(
            first in arb_first_move(),
            (row, col, across, letters) in arb_second_move(),
        ) {
            let set = en();
            let mut board = Board::new();
            let (p, _) = score_move(&board, &set, &first, None).unwrap();
            p.apply(&mut board);
            let dir = if across { Direction::Across } else { Direction::Down };
            // Lay the letters on empty squares from (row, col), playing through board tiles.
            let mut tiles = Vec::new();
            let mut sq = Square::new(row, col);
            let mut left = letters.iter();
            while let Some(s) = sq {
                if board.is_empty_at(s) {
                    match left.next() {
                        Some(&c) => tiles.push((s, Tile::from_char(char::from(c)).unwrap())),
                        None => break,
                    }
                }
                sq = s.step(dir);
            }
            let Ok(mv) = crate::rules::placement::from_tiles(&board, &tiles) else {
                return Ok(());
            };
            let Ok((p2, s2)) = score_move(&board, &set, &mv, None) else {
                return Ok(());
            };
            let tb = board.transposed();
            let (tp, ts) = score_move(&tb, &set, &mv.transposed(), None).unwrap();
            prop_assert_eq!(s2.total, ts.total);
            prop_assert_eq!(p2.new_tiles.len(), tp.new_tiles.len());
            // And the score equals the sum of its breakdown.
            prop_assert_eq!(
                s2.total,
                s2.words.iter().map(|w| w.score).sum::<u32>() + s2.bingo_bonus
            );
            prop_assert_eq!(s2.total, score_total(&board, &set, &p2));
        }

        // rule C5/C6: a play's score is the sum of its word breakdown plus the bingo bonus.
        #[test]
        fn score_is_the_sum_of_the_breakdown(first in arb_first_move()) {
            let (p, s) = score_move(&Board::new(), &en(), &first, None).unwrap();
            prop_assert_eq!(s.total, s.words.iter().map(|w| w.score).sum::<u32>() + s.bingo_bonus);
            prop_assert_eq!(s.bingo_bonus, if p.new_tiles.len() >= 7 { 50 } else { 0 });
        }
    }
}
