//! Unit tests of the generator on hand-made positions. The brute-force comparison on random
//! positions and the fixture games are in `tests/movegen.rs`.

use std::collections::HashSet;

use super::*;
use crate::rules::notation::Move;
use crate::rules::placement::validate;
use crate::rules::scoring::score_total;

fn graph(words: &[&str]) -> WordGraph {
    WordGraph::from_words(words.iter().map(|w| w.as_bytes())).unwrap()
}

fn en() -> TileSet {
    TileSet::english()
}

fn rack(s: &str) -> Rack {
    Rack::parse(s).unwrap()
}

fn play(board: &mut Board, pos: &str, word: &str) {
    let p = validate(board, &en(), &Move::parse_gcg(pos, word).unwrap(), None).unwrap();
    p.apply(board);
}

/// Every generated play is legal (placement rules C3-C4), from the rack, scored as the scorer
/// scores it (C5-C6), forms only words of the list, and no placement comes twice.
fn check_plays(g: &WordGraph, board: &Board, r: &Rack, plays: &[Play]) {
    let mut seen = HashSet::new();
    for p in plays {
        let placement =
            validate(board, &en(), &p.to_move(), Some(r)).unwrap_or_else(|e| panic!("{p}: {e}"));
        assert_eq!(placement, p.to_placement(), "{p}");
        assert_eq!(score_total(board, &en(), &placement), p.score(), "{p}");
        for w in placement.words(board) {
            assert!(g.contains(&w.text()), "{p} forms {}", w.text());
        }
        let mut key: Vec<(Square, Tile)> = p.new_tiles().collect();
        key.sort();
        assert!(seen.insert(key), "{p} twice");
    }
}

// rule C3: on an empty board every play covers H8 with at least two tiles, either direction.
#[test]
fn empty_board_plays_cover_the_centre_both_ways() {
    let g = graph(&["AT", "TA", "CAT", "ACT", "TACT"]);
    let b = Board::new();
    let r = rack("CAT");
    let plays = all_plays(&g, &en(), &b, &r);
    check_plays(&g, &b, &r, &plays);
    // AT, TA: 2 starts × 2 directions each; CAT, ACT: 3 × 2 each; TACT needs two Ts.
    assert_eq!(plays.len(), 2 * 4 + 2 * 6);
    let top = top_plays(&g, &en(), &b, &r);
    assert_eq!(top.count, 20);
    // CAT/ACT: C3 A1 T1 = 5, ×2 on the star = 10; the C on a DL? No DL in reach of H8 across
    // within three squares (F8-J8 are plain), so every three-letter play scores 10.
    assert_eq!(top.score(), Some(10));
    assert_eq!(top.plays.len(), 12);
    assert!(top.plays.iter().all(|p| p.tiles_placed() == 3));
    assert!(any_play(&g, &en(), &b, &r));
}

#[test]
fn full_board_has_no_play() {
    let g = graph(&["AA", "AAA"]);
    let mut b = Board::new();
    for sq in Square::all() {
        b.set(sq, Tile::natural('A').unwrap());
    }
    let r = rack("AAAA??");
    assert!(all_plays(&g, &en(), &b, &r).is_empty());
    let top = top_plays(&g, &en(), &b, &r);
    assert_eq!((top.count, top.score()), (0, None));
    assert!(!any_play(&g, &en(), &b, &r));
}

// rule C2: blanks score 0; each designation is its own placement.
#[test]
fn two_blanks_try_every_designation() {
    let g = graph(&["QI", "ZA", "ZZZ"]);
    let b = Board::new();
    let r = rack("??");
    let plays = all_plays(&g, &en(), &b, &r);
    check_plays(&g, &b, &r, &plays);
    // QI and ZA, two starts × two directions each; ZZZ needs three tiles.
    assert_eq!(plays.len(), 8);
    assert!(plays.iter().all(|p| p.score() == 0));
    assert!(plays.iter().any(|p| p.to_string() == "8G qi"));
    assert!(plays.iter().any(|p| p.to_string() == "H7 za"));
}

#[test]
fn a_blank_and_a_natural_tile_are_different_placements() {
    let g = graph(&["AA"]);
    let b = Board::new();
    let r = rack("A?");
    let plays = all_plays(&g, &en(), &b, &r);
    check_plays(&g, &b, &r, &plays);
    // aA and Aa at two starts, two directions: 8 placements, each worth (1 + 0) × 2 = 2.
    assert_eq!(plays.len(), 8);
    assert!(plays.iter().all(|p| p.score() == 2));
}

#[test]
fn no_play_possible_is_reported_as_such() {
    let g = graph(&["CAT", "CATS", "AT"]);
    let mut b = Board::new();
    play(&mut b, "8G", "CAT");
    let r = rack("QXZ");
    assert!(all_plays(&g, &en(), &b, &r).is_empty());
    assert!(!any_play(&g, &en(), &b, &r));
    let top = top_plays(&g, &en(), &b, &r);
    assert_eq!((top.count, top.score(), top.plays.len()), (0, None, 0));
    assert!(any_play(&g, &en(), &b, &rack("S")));
    // An empty rack has no play either.
    assert!(!any_play(&g, &en(), &b, &Rack::new()));
}

// rule C4: one tile forming words both ways is one placement, written across.
#[test]
fn one_tile_making_two_words_is_one_placement() {
    let g = graph(&["CAT", "TA", "AT"]);
    let mut b = Board::new();
    // C A on G8-H8 and an A on I9, set directly (a position, not a game).
    for (sq, c) in [("G8", 'C'), ("H8", 'A'), ("I9", 'A')] {
        b.set(Square::parse(sq).unwrap(), Tile::natural(c).unwrap());
    }
    let r = rack("T");
    let plays = all_plays(&g, &en(), &b, &r);
    check_plays(&g, &b, &r, &plays);
    let mut names: Vec<String> = plays.iter().map(ToString::to_string).collect();
    names.sort();
    // I8 makes CAT and TA, H9 makes TA and AT: each once, across. H7 (TA down), I10 (AT down)
    // and J9 (AT across) make one word each.
    assert_eq!(names, ["8G ..T", "9H T.", "9I .T", "H7 T.", "I9 .T"]);
}

// rule C4: parallel plays score every word they form; plays through several board tiles.
#[test]
fn parallel_plays_and_plays_through_tiles_score_as_the_scorer() {
    let words = [
        "JETON", "AX", "EX", "TA", "OX", "NA", "AXE", "TAXON", "JETONS", "TEA", "ETA", "ATE",
        "EAT", "NE", "EN", "ON", "NO", "TO", "OE", "TOE", "ONE", "NOTE", "TONE", "STONE", "TONES",
        "ONES", "EONS", "NOES", "NOSE",
    ];
    let g = graph(&words);
    let mut b = Board::new();
    play(&mut b, "8D", "JETON");
    play(&mut b, "G7", "T.");
    for rk in ["AXESTON", "S?", "ENOTES", "?X"] {
        let r = rack(rk);
        let plays = all_plays(&g, &en(), &b, &r);
        check_plays(&g, &b, &r, &plays);
        assert!(!plays.is_empty(), "{rk}");
    }
    let plays = all_plays(&g, &en(), &b, &rack("AX"));
    assert!(plays.iter().any(|p| p.to_string() == "9H AX"), "{plays:?}");
}

#[test]
fn letters_outside_the_tile_set_are_never_placed() {
    let g = graph(&["QAT", "AT", "TA"]);
    let b = Board::new();
    let indonesian = TileSet::indonesian();
    let plays = all_plays(&g, &indonesian, &b, &rack("Q?AT"));
    assert!(
        !plays
            .iter()
            .any(|p| p.gcg_word().to_ascii_uppercase().contains('Q'))
    );
    assert!(!plays.is_empty());
}

#[test]
fn plays_print_in_gcg_notation_with_dots_and_lowercase_blanks() {
    let g = graph(&["JETON", "JETONS", "REJOIN"]);
    let mut b = Board::new();
    play(&mut b, "8D", "JETON");
    let plays = all_plays(&g, &en(), &b, &rack("s"));
    assert_eq!(plays.len(), 1);
    assert_eq!(plays[0].to_string(), "8D .....S");
    assert_eq!(plays[0].main_word(&b), "JETONS");
    let plays = all_plays(&g, &en(), &b, &rack("RE?IN"));
    let names: Vec<String> = plays.iter().map(ToString::to_string).collect();
    assert!(names.contains(&"D6 RE.oIN".to_owned()), "{names:?}");
}
