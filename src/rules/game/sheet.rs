//! Sheet mode: the words a player writes for a play (rule C7's third notation: no board, only
//! the words and the tile count). They are bounded by what a board allows, so a play can never
//! carry more than a board could show:
//! - a word has 1 to 15 letters (a board row is 15 squares, [`crate::rules::board::SIZE`]);
//! - a play of `n` tiles forms at most `n + 1` words (the main word, and one cross word per tile
//!   laid), so at most 1 + 15 however large the rack; with a rack of 7, at most 8;
//! - a word is letters only (lowercase stands for a blank).

use crate::rules::board::SIZE;
use crate::rules::game::RuleError;

/// The longest word a play can form: a full row or column.
pub const MAX_WORD_LETTERS: usize = SIZE;

/// The words of a sheet-mode play laying `tiles` tiles: trimmed, blanks dropped, and checked
/// against the bounds above.
pub fn words(words: &[String], tiles: Option<u8>) -> Result<Vec<String>, RuleError> {
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
        if !w.chars().all(char::is_alphabetic) {
            return Err(RuleError::Invalid(format!(
                "sheet mode: a word is letters only ({:?} is not)",
                w
            )));
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
            words(&s(&[" QI ", "", "xi"]), Some(2)).unwrap(),
            s(&["QI", "xi"])
        );
        assert!(words(&s(&["ABCDEFGHIJKLMNO"]), Some(7)).is_ok());
        assert!(words(&s(&["ABCDEFGHIJKLMNOP"]), Some(7)).is_err());
        assert!(words(&s(&[&"A".repeat(100_000)]), Some(7)).is_err());
        // One tile forms at most two words; seven at most eight.
        assert!(words(&s(&["AB", "BA"]), Some(1)).is_ok());
        assert!(words(&s(&["AB", "BA", "AA"]), Some(1)).is_err());
        assert!(words(&s(&["AB"; 8]), Some(7)).is_ok());
        assert!(words(&s(&["AB"; 9]), Some(7)).is_err());
        assert!(words(&vec!["AB".to_owned(); 20_000], Some(7)).is_err());
        for bad in ["Q I", "Q\nI", "Q\u{0}I", "QI2", "Q-I"] {
            assert!(words(&s(&["CAT", bad]), Some(3)).is_err(), "{bad:?}");
        }
        assert!(words(&s(&["", " "]), Some(2)).is_err());
        assert!(words(&s(&["ÉTÉ"]), Some(3)).is_ok());
    }
}
