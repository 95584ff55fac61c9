//! Sheet mode: the words a player writes for a play (rule C7's third notation: no board, only
//! the words and the tile count). They are bounded by what a board allows, so a play can never
//! carry more than a board could show:
//! - a word has 1 to 15 letters (a board row is 15 squares, [`crate::rules::board::SIZE`]);
//! - a play of `n` tiles forms at most `n + 1` words (the main word, and one cross word per tile
//!   laid), so at most 1 + 15 however large the rack; with a rack of 7, at most 8;
//! - a word is letters of the match's tile set only, as the notation writes them (C7, GCG):
//!   a capital for a tile, a lowercase letter for a blank standing for it; a word holds at most
//!   as many blanks as the set has.
//!
//! [`max_score`] bounds what a sheet-mode play can score, for a PIC's actual score (T8) and a
//! late correction (N9): nobody enters a score the words cannot make.

use crate::rules::board::{SIZE, Square, premium};
use crate::rules::game::RuleError;
use crate::rules::scoring::{BINGO_BONUS, BINGO_TILES};
use crate::rules::tiles::TileSet;

/// The longest word a play can form: a full row or column.
pub const MAX_WORD_LETTERS: usize = SIZE;

/// The words of a sheet-mode play laying `tiles` tiles, written with the tile set `set` (when
/// the set is known): trimmed, empty ones dropped, and checked against the bounds above.
/// Refusals name the field, `words`.
pub fn words(
    words: &[String],
    tiles: Option<u8>,
    set: Option<&TileSet>,
) -> Result<Vec<String>, RuleError> {
    let max_words = 1 + usize::from(tiles.unwrap_or(1).max(1)).min(SIZE);
    // Counted before anything is copied: a list of 20,000 words is refused as it is.
    if words.len() > max_words && words.iter().filter(|w| !w.trim().is_empty()).count() > max_words
    {
        return Err(RuleError::Invalid(format!(
            "sheet mode: a play of {} tile(s) forms at most {max_words} words",
            tiles.unwrap_or(1).max(1)
        )));
    }
    let mut out = Vec::with_capacity(words.len().min(max_words));
    for w in words {
        let w = w.trim();
        if w.is_empty() {
            continue;
        }
        // Bounded by bytes first: `chars().count()` on a 100 KB string is not free.
        if w.len() > 4 * MAX_WORD_LETTERS || w.chars().count() > MAX_WORD_LETTERS {
            return Err(RuleError::Invalid(format!(
                "sheet mode: a word has at most {MAX_WORD_LETTERS} letters (a board row)"
            )));
        }
        // C2: the set's letters when the set is known (the message names the letter).
        if let Some(set) = set {
            in_set(w, set)?;
        }
        if !w.chars().all(char::is_alphabetic) {
            return Err(RuleError::Entry {
                field: "words".into(),
                rule: "C7",
                message: format!("words: a word is letters only ({w:?} is not)"),
            });
        }
        out.push(w.to_owned());
    }
    if out.len() > max_words {
        return Err(RuleError::Invalid(format!(
            "sheet mode: a play of {} tile(s) forms at most {max_words} words",
            tiles.unwrap_or(1).max(1)
        )));
    }
    if out.is_empty() {
        return Err(RuleError::Invalid("sheet mode: name the words".into()));
    }
    Ok(out)
}

/// C2/C7: a word written with the tiles of `set`: capitals for tiles, lowercase for blanks,
/// no more blanks than the set has.
fn in_set(word: &str, set: &TileSet) -> Result<(), RuleError> {
    let refuse = |message: String| RuleError::Entry {
        field: "words".into(),
        rule: "C2",
        message,
    };
    if let Some(c) = word.chars().find(|c| !c.is_ascii() || !set.has_letter(*c)) {
        return Err(refuse(format!(
            "words: {c} in {word} is not a letter of the {} tile set",
            set.name()
        )));
    }
    let blanks = word.chars().filter(char::is_ascii_lowercase).count();
    if blanks > usize::from(set.blanks()) {
        return Err(refuse(format!(
            "words: {word} has {blanks} lowercase letters, which mark blanks, and the set has \
             {} blanks: write the word in capitals, a blank's letter in lowercase",
            set.blanks()
        )));
    }
    Ok(())
}

/// T8/N9, C1/C2/C4/C5/C6: the most a sheet-mode play of these `words` laying `tiles` tiles
/// could score. Each word is placed, in thought, on the stretch of a board line whose premium
/// squares make it worth most: its letters (a blank, lowercase, is worth 0; a letter the set
/// lacks counts as the set's dearest) sorted dearest first onto that stretch's letter premiums
/// sorted highest first, times the word premiums the stretch holds. A player may list only the
/// main word, so each word the play could have formed and did not list (a play of `n` tiles forms
/// at most `n + 1`, C4) is allowed the most a cross word can score: it takes premiums from its one
/// new tile only (C5), so at most ×3 on the fifteen dearest tiles of the set, the new one on a
/// triple letter. The bingo bonus is added when the whole rack was laid (C6). Every real play
/// with these words scores no more, so an actual score above this is a slip of the finger.
pub fn max_score(words: &[String], tiles: u8, set: &TileSet, rack_size: u8) -> i64 {
    let dearest = ('A'..='Z').map(|c| set.letter_value(c)).max().unwrap_or(0);
    let mut total: i64 = 0;
    for w in words {
        let mut values: Vec<u32> = w
            .chars()
            .map(|c| match c {
                c if c.is_ascii_lowercase() => 0,
                c if set.has_letter(c) => u32::from(set.letter_value(c)),
                _ => u32::from(dearest),
            })
            .collect();
        values.sort_unstable_by(|a, b| b.cmp(a));
        total = total.saturating_add(best_line(&values));
    }
    let formed = usize::from(tiles.max(1)) + 1;
    let unlisted = i64::try_from(formed.saturating_sub(words.len())).unwrap_or(0);
    total = total.saturating_add(unlisted.saturating_mul(cross_word_bound(set, dearest)));
    if usize::from(tiles) >= BINGO_TILES.min(usize::from(rack_size)) {
        total = total.saturating_add(i64::from(BINGO_BONUS));
    }
    total
}

/// C4/C5: the most one cross word can score: the fifteen dearest tiles of the set, the new tile
/// (at most the dearest) on a triple letter, the word on a triple word.
fn cross_word_bound(set: &TileSet, dearest: u8) -> i64 {
    let mut values: Vec<u32> = ('A'..='Z')
        .flat_map(|c| {
            std::iter::repeat_n(u32::from(set.letter_value(c)), usize::from(set.count(c)))
        })
        .collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    let letters: u32 = values.iter().take(SIZE).sum();
    (i64::from(letters) + 2 * i64::from(dearest)) * 3
}

/// The most letters of these values (dearest first) can score on any stretch of a board line
/// as long as the word (C1 layout, C5 premiums).
fn best_line(values: &[u32]) -> i64 {
    let len = values.len();
    if len == 0 || len > SIZE {
        return 0;
    }
    let mut best = 0i64;
    for line in 0..SIZE {
        for start in 0..=(SIZE - len) {
            let squares: Vec<Square> = (0..len)
                .filter_map(|k| Square::new(line, start + k))
                .collect();
            // Across a row; the layout is symmetric, so columns give the same values.
            let word_mult: i64 = squares
                .iter()
                .map(|sq| i64::from(premium(*sq).word_multiplier()))
                .product();
            let mut letter_mults: Vec<u32> = squares
                .iter()
                .map(|sq| premium(*sq).letter_multiplier())
                .collect();
            letter_mults.sort_unstable_by(|a, b| b.cmp(a));
            let sum: i64 = values
                .iter()
                .zip(&letter_mults)
                .map(|(v, m)| i64::from(*v) * i64::from(*m))
                .sum();
            best = best.max(sum * word_mult);
        }
    }
    best
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|w| (*w).to_owned()).collect()
    }

    #[test]
    fn words_are_bounded_by_the_board_c7() {
        assert_eq!(
            words(&s(&[" QI ", "", "xi"]), Some(2), None).unwrap(),
            s(&["QI", "xi"])
        );
        assert!(words(&s(&["ABCDEFGHIJKLMNO"]), Some(7), None).is_ok());
        assert!(words(&s(&["ABCDEFGHIJKLMNOP"]), Some(7), None).is_err());
        assert!(words(&s(&[&"A".repeat(100_000)]), Some(7), None).is_err());
        // One tile forms at most two words; seven at most eight.
        assert!(words(&s(&["AB", "BA"]), Some(1), None).is_ok());
        assert!(words(&s(&["AB", "BA", "AA"]), Some(1), None).is_err());
        assert!(words(&s(&["AB"; 8]), Some(7), None).is_ok());
        assert!(words(&s(&["AB"; 9]), Some(7), None).is_err());
        assert!(words(&vec!["AB".to_owned(); 20_000], Some(7), None).is_err());
        for bad in ["Q I", "Q\nI", "Q\u{0}I", "QI2", "Q-I"] {
            assert!(words(&s(&["CAT", bad]), Some(3), None).is_err(), "{bad:?}");
        }
        assert!(words(&s(&["", " "]), Some(2), None).is_err());
        assert!(words(&s(&["ÉTÉ"]), Some(3), None).is_ok());
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod set_tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|w| (*w).to_owned()).collect()
    }

    #[test]
    fn words_are_letters_of_the_tile_set_with_lowercase_blanks_c2_c7() {
        let en = TileSet::english();
        assert_eq!(
            words(&s(&["CAT", "cAT"]), Some(3), Some(&en)).unwrap(),
            s(&["CAT", "cAT"])
        );
        for bad in ["c@t", "C@T", "ÉTÉ", "CAT1"] {
            let e = words(&s(&[bad]), Some(3), Some(&en)).unwrap_err();
            assert_eq!(e.field(), Some("words"), "{bad}");
            assert!(e.to_string().starts_with("rule C2: words: "), "{e}");
        }
        // Three lowercase letters are three blanks; the English set has two.
        let e = words(&s(&["cat"]), Some(3), Some(&en)).unwrap_err();
        assert!(e.to_string().contains("write the word in capitals"), "{e}");
        // Two lowercase letters are the set's two blanks.
        assert!(words(&s(&["caT"]), Some(3), Some(&en)).is_ok());
    }

    #[test]
    fn a_sheet_plays_score_is_bounded_by_the_best_premium_line_t8_c4_c5_c6() {
        let en = TileSet::english();
        // Every word a 2-tile play can form is listed: QI three times at most (C4).
        let qi = max_score(&s(&["QI", "QI", "QI"]), 2, &en, 7);
        assert!((31..300).contains(&qi), "{qi}");
        // A blank is worth nothing.
        assert!(max_score(&s(&["qI", "qI", "qI"]), 2, &en, 7) < qi);
        // Words not listed are allowed a cross word's most: 15 dearest tiles (81), the new one
        // tripled (+20), the word tripled: 303 each.
        assert_eq!(max_score(&s(&["QI"]), 2, &en, 7), qi / 3 + 2 * 303);
        // A 15-letter word across three triple-word squares.
        let big = max_score(&s(&["OXYPHENBUTAZONE"]), 7, &en, 7);
        assert!((1_593 + 50..9_999).contains(&big), "{big}");
        // The whole rack laid adds the bingo bonus (C6), and one more possible cross word.
        assert_eq!(
            max_score(&s(&["AEINRST"]), 7, &en, 7),
            max_score(&s(&["AEINRST"]), 6, &en, 7) + 50 + 303
        );
    }
}
