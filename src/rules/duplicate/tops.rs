//! The turn's top plays (rule D6) from the move generator, with every tie.
//!
//! Rule C3 as RULES.md reads seed 002: in Duplicate the first word is placed across. The
//! generator knows only C3's general form (centre star, one line), so on an empty board its
//! down plays are dropped here. The premium layout is symmetric about the diagonal, so every
//! down opening has an across twin with the same score and dropping them never loses the top.
//!
//! D6's tie rule ("the one that opens the game more") is a judgement the seed leaves to the
//! referee; nothing here ranks openings. Equal tops are listed in a fixed order
//! ([`crate::rules::movegen::Play::best_first`]) and the referee's choice is an input, recorded
//! with the candidates.

use serde::{Deserialize, Serialize};

use crate::rules::board::{Board, Direction};
use crate::rules::duplicate::Notation;
use crate::rules::movegen::{Play, WordGraph, best_plays};
use crate::rules::notation::{french_position, gcg_position};
use crate::rules::tiles::{Rack, TileSet};

/// One play tied for the top score, as the console and the record show it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TopCandidate {
    /// GCG position (`8D` across, `D8` down); the record's own, whatever the event's notation.
    pub position: String,
    /// GCG word: new tiles as letters (lowercase for a blank), `.` for board tiles.
    pub word: String,
    /// The main word as read on the board, uppercase.
    pub main_word: String,
    /// The position in the event's notation (C7), as slips write it.
    pub reference: String,
    /// The score (C5-C6).
    pub score: u32,
}

impl TopCandidate {
    fn from_play(play: &Play, board: &Board, notation: Notation) -> TopCandidate {
        let (start, dir) = (play.start(), play.direction());
        TopCandidate {
            position: gcg_position(start, dir),
            word: play.gcg_word(),
            main_word: play.main_word(board),
            reference: reference(notation, start, dir),
            score: play.score(),
        }
    }
}

/// A position written in `notation` (C7).
pub fn reference(notation: Notation, start: crate::rules::board::Square, dir: Direction) -> String {
    match notation {
        Notation::French => french_position(start, dir),
        Notation::Gcg => gcg_position(start, dir),
    }
}

/// D6: every play tied for the top score of `rack` on `board`, best first; empty if no play
/// exists. On an empty board only across plays count (C3 in Duplicate).
pub fn tops(
    graph: &WordGraph,
    set: &TileSet,
    board: &Board,
    rack: &Rack,
    notation: Notation,
) -> Vec<TopCandidate> {
    best_plays(graph, set, board, rack)
        .iter()
        .filter(|p| !board.is_empty() || p.direction() == Direction::Across)
        .map(|p| TopCandidate::from_play(p, board, notation))
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::rules::notation::Move;
    use crate::rules::placement::validate;

    fn graph(words: &[&str]) -> WordGraph {
        WordGraph::from_words(words.iter().map(|w| w.as_bytes())).unwrap()
    }

    // rules C3 and D6: the first top is across only, with every tie listed.
    #[test]
    fn the_first_top_is_placed_across_and_ties_are_all_listed() {
        let g = graph(&["ZA", "AZ"]);
        let set = TileSet::french();
        let t = tops(
            &g,
            &set,
            &Board::new(),
            &Rack::parse("AZ").unwrap(),
            Notation::French,
        );
        assert!(!t.is_empty());
        assert!(
            t.iter()
                .all(|c| c.position.chars().next().unwrap().is_ascii_digit())
        );
        // ZA and AZ score alike in several across spots over H8: every one is listed.
        let best = t[0].score;
        assert!(t.iter().all(|c| c.score == best));
        assert!(t.len() >= 2, "{t:?}");
        assert!(t.iter().any(|c| c.main_word == "ZA") && t.iter().any(|c| c.main_word == "AZ"));
        // French references: across is letter first (row H).
        assert!(t.iter().all(|c| c.reference.starts_with('H')), "{t:?}");
    }

    // rule D6: later tops may read down, and the candidate is a legal, scored placement.
    #[test]
    fn later_tops_may_read_down() {
        let g = graph(&["ZA", "AZ", "ZAS"]);
        let set = TileSet::french();
        let mut b = Board::new();
        let p = validate(&b, &set, &Move::parse_gcg("8H", "ZA").unwrap(), None).unwrap();
        p.apply(&mut b);
        let t = tops(&g, &set, &b, &Rack::parse("S").unwrap(), Notation::Gcg);
        assert_eq!(t.len(), 1, "{t:?}");
        assert_eq!(t[0].main_word, "ZAS");
        assert_eq!(t[0].position, "8H");
        assert_eq!(t[0].reference, "8H");
        assert!(tops(&g, &set, &b, &Rack::parse("Q").unwrap(), Notation::Gcg).is_empty());
    }
}
