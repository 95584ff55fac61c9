//! Slip checks (rule D5, with C3, C7, D8) on hand-made positions.

use super::*;
use crate::rules::placement::validate;

const WORDS: &[&str] = &["MAISON", "MAISONS", "SAISON", "FED", "ON", "NO"];

fn words() -> WordGraph {
    WordGraph::from_words(WORDS.iter().map(|w| w.as_bytes())).unwrap()
}

fn fr() -> TileSet {
    TileSet::french()
}

/// The master board with MAISON across from H8 (GCG 8H).
fn maison() -> Board {
    let mut b = Board::new();
    let mv = Move::parse_gcg("8H", "MAISON").unwrap();
    validate(&b, &fr(), &mv, None).unwrap().apply(&mut b);
    b
}

fn slip(line: &str) -> SlipInput {
    SlipInput::parse_line(line).unwrap()
}

fn verdict(
    board: &Board,
    rack: &str,
    notation: Notation,
    line: &str,
    ruling: FaultRuling,
) -> Verdict {
    let set = fr();
    let rack = Rack::parse(rack).unwrap();
    let pos = Position {
        set: &set,
        board,
        rack: &rack,
        notation,
    };
    check(&pos, &words(), slip(line), ruling)
}

fn french(board: &Board, rack: &str, line: &str) -> Verdict {
    verdict(board, rack, Notation::French, line, FaultRuling::Warning)
}

// rules D5, C7: a correct slip in French notation scores its true score, no fault.
#[test]
fn a_correct_slip_scores_its_true_score() {
    let v = french(&Board::new(), "AIMNOS?", "7 H8 MAISON 16");
    assert_eq!((v.score, v.true_score, v.warnings), (16, 16, 0));
    assert!(v.faults.is_empty() && v.zero.is_none(), "{v:?}");
    assert_eq!(v.play.unwrap().position, "8H");
    let v = french(&maison(), "SBCDEFG", "7 H-8 MAISONS 8");
    assert_eq!(v.score, 8);
    // The same slip in a GCG event is written 8H.
    let v = verdict(
        &maison(),
        "SBCDEFG",
        Notation::Gcg,
        "7 8H MAISONS 8",
        FaultRuling::Warning,
    );
    assert_eq!(v.score, 8);
}

// rules C3, C7, D5: in a French event 8H reads down; a first word down breaks C3, and the
// word fits across in six places, so nothing is guessed: 0.
#[test]
fn a_first_word_down_is_misplaced_and_never_guessed() {
    let v = french(&Board::new(), "AIMNOS?", "7 8H MAISON 16");
    assert_eq!(v.score, 0);
    match v.zero {
        Some(ZeroReason::Misplaced { why }) => assert!(why.contains("6 other places"), "{why}"),
        z => panic!("{z:?}"),
    }
}

// rules D5, D8, C7: a reference that places the word nowhere, when one position fits, is a
// writing fault: a warning with the true score, or a zero at the referee's choice.
#[test]
fn a_wrong_reference_is_a_fault_scored_where_the_word_fits() {
    let v = french(&maison(), "SBCDEFG", "7 8H MAISONS 8");
    assert_eq!(v.faults, vec![Fault::WrongReference { meant: "H8".into() }]);
    assert_eq!((v.score, v.warnings), (8, 1));
    assert_eq!(v.ruling, Some(FaultRuling::Warning));
    let v = verdict(
        &maison(),
        "SBCDEFG",
        Notation::French,
        "7 8H MAISONS 8",
        FaultRuling::Zero,
    );
    assert_eq!(
        (v.score, v.warnings, v.zero),
        (0, 0, Some(ZeroReason::RuledZero))
    );
}

// rules D5, D8: wrong or missing points are a fault; the turn keeps the true score with a
// warning.
#[test]
fn wrong_or_missing_points_are_a_fault() {
    let v = french(&maison(), "SBCDEFG", "7 H8 MAISONS 9");
    assert_eq!(
        v.faults,
        vec![Fault::WrongPoints {
            written: Some(9),
            actual: 8
        }]
    );
    assert_eq!((v.score, v.warnings), (8, 1));
    let v = french(&maison(), "SBCDEFG", "7 H8 MAISONS -");
    assert_eq!(
        v.faults,
        vec![Fault::WrongPoints {
            written: None,
            actual: 8
        }]
    );
}

// rule D5: a non-allowed (or misspelled) word scores 0, without a warning.
#[test]
fn a_word_not_allowed_scores_zero() {
    let v = french(&maison(), "SBCDEFG", "7 H7 SMAISON 9");
    assert_eq!(
        v.zero,
        Some(ZeroReason::NotAllowed {
            word: "SMAISON".into()
        })
    );
    assert_eq!((v.score, v.warnings), (0, 0));
    let v = french(&maison(), "SBCDEFG", "7 A1 FED 7");
    assert!(
        matches!(v.zero, Some(ZeroReason::Misplaced { .. })),
        "{v:?}"
    );
    let v = french(&maison(), "SBCDEFG", "7 H8 MAI5ONS 8");
    assert!(
        matches!(v.zero, Some(ZeroReason::Unreadable { .. })),
        "{v:?}"
    );
}

// rules C2, D5: blanks are marked lowercase or in brackets; a blank used but not marked is a
// writing fault, and the blank scores 0.
#[test]
fn blanks_must_be_marked() {
    for word in ["MAISONs", "MAISON(s)", "MAISON[S]"] {
        let v = french(&maison(), "?BCDEFG", &format!("7 H8 {word} 7"));
        assert_eq!((v.score, v.warnings), (7, 0), "{word}: {v:?}");
        assert!(v.faults.is_empty());
    }
    let v = french(&maison(), "?BCDEFG", "7 H8 MAISONS 7");
    assert_eq!(v.faults, vec![Fault::BlankNotMarked]);
    assert_eq!((v.score, v.warnings), (7, 1));
    let v = french(&maison(), "?BCDEFG", "7 H8 MAISON(S 7");
    assert!(
        matches!(v.zero, Some(ZeroReason::Unreadable { .. })),
        "{v:?}"
    );
}

// rule D5: a slip line that cannot be read is refused, naming the field.
#[test]
fn unreadable_slip_lines_are_refused_by_field() {
    let e = |line: &str| SlipInput::parse_line(line).unwrap_err().field;
    assert_eq!(e(""), "player");
    assert_eq!(e("x H8 MAISON 3"), "player");
    assert_eq!(e("7"), "reference");
    assert_eq!(e("7 H8"), "word");
    assert_eq!(e("7 H8 MAISON 1O"), "points");
    assert_eq!(e("7 H8 MAISON 10 extra"), "points");
    assert_eq!(slip("7 H8 MAISON").points, None);
}
