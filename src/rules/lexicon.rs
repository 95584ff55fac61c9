//! Lexicons: word lists loaded into an [`fst::Set`] (rules T11, T16, D2).
//!
//! A word list is plain text, one word per line, any case. Words are stored uppercase. Lines
//! that are not a word (digits, spaces inside, accents) are reported with their line numbers,
//! and the list is refused: an official's dictionary must load exactly or not at all.
//!
//! This is the rules core's one edge with I/O ([`Lexicon::from_path`]); everything else takes
//! bytes or a reader. The vendored default is the public-domain ENABLE list,
//! `lexicons/enable2k.txt` (see `lexicons/SOURCES.md`).

use std::fmt;
use std::io::BufRead;
use std::path::Path;

/// Path of the vendored default word list, relative to the project root.
pub const ENABLE2K_PATH: &str = "lexicons/enable2k.txt";

/// A loaded word list. Cheap to share: it is `Send + Sync`, so one `Arc<Lexicon>` serves every
/// request thread.
#[derive(Clone)]
pub struct Lexicon {
    name: String,
    words: fst::Set<Vec<u8>>,
}

impl fmt::Debug for Lexicon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Lexicon({}, {} words)", self.name, self.len())
    }
}

/// A line of a word list that is not a word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadLine {
    /// 1-based line number.
    pub line: usize,
    /// The line's text (lossily decoded).
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl fmt::Display for BadLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {:?}: {}", self.line, self.text, self.reason)
    }
}

/// A word list could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LexiconError {
    /// Reading failed.
    #[error("cannot read the word list: {0}")]
    Io(#[from] std::io::Error),
    /// Some lines are not words. At most [`MAX_REPORTED`] are listed; `total` counts them all.
    #[error("{total} line(s) of the word list are not words, first: {}", first_line(.lines))]
    BadLines {
        /// The first bad lines, in order.
        lines: Vec<BadLine>,
        /// How many bad lines there are in all.
        total: usize,
    },
    /// The list holds no word.
    #[error("the word list is empty")]
    Empty,
    /// Building the set failed (cannot happen with sorted input; kept rather than panic).
    #[error("cannot build the word set: {0}")]
    Build(#[from] fst::Error),
}

fn first_line(lines: &[BadLine]) -> String {
    lines.first().map(ToString::to_string).unwrap_or_default()
}

/// How many bad lines a [`LexiconError::BadLines`] lists.
pub const MAX_REPORTED: usize = 100;

fn check_word(word: &[u8]) -> Result<(), &'static str> {
    if !word.iter().all(u8::is_ascii_alphabetic) {
        return Err("a word may only hold the letters A-Z");
    }
    Ok(())
}

impl Lexicon {
    /// Reads a word list: one word per line, any case, LF or CRLF. Blank lines are skipped.
    pub fn from_reader(name: &str, reader: impl BufRead) -> Result<Lexicon, LexiconError> {
        let mut words: Vec<Vec<u8>> = Vec::new();
        let mut bad = Vec::new();
        let mut total_bad = 0;
        for (i, line) in reader.split(b'\n').enumerate() {
            let line = line?;
            let word = line.trim_ascii();
            if word.is_empty() {
                continue;
            }
            match check_word(word) {
                Ok(()) => words.push(word.to_ascii_uppercase()),
                Err(reason) => {
                    total_bad += 1;
                    if bad.len() < MAX_REPORTED {
                        bad.push(BadLine {
                            line: i + 1,
                            text: String::from_utf8_lossy(word).into_owned(),
                            reason,
                        });
                    }
                }
            }
        }
        if total_bad > 0 {
            return Err(LexiconError::BadLines {
                lines: bad,
                total: total_bad,
            });
        }
        if words.is_empty() {
            return Err(LexiconError::Empty);
        }
        // fst needs sorted, unique keys; lists in any case or order are accepted.
        words.sort_unstable();
        words.dedup();
        let words = fst::Set::from_iter(words)?;
        Ok(Lexicon {
            name: name.to_owned(),
            words,
        })
    }

    /// Reads a word list from text.
    pub fn from_text(name: &str, text: &str) -> Result<Lexicon, LexiconError> {
        Lexicon::from_reader(name, text.as_bytes())
    }

    /// Reads a word list file; the lexicon is named after the file stem (`enable2k`).
    pub fn from_path(path: &Path) -> Result<Lexicon, LexiconError> {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let file = std::fs::File::open(path)?;
        Lexicon::from_reader(&name, std::io::BufReader::new(file))
    }

    /// The lexicon's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// True if `word` (any case) is in the list.
    pub fn contains(&self, word: &str) -> bool {
        if word.len() > 64 || !word.bytes().all(|b| b.is_ascii_alphabetic()) {
            return false;
        }
        let mut buf = [0u8; 64];
        let key = &mut buf[..word.len()];
        key.copy_from_slice(word.as_bytes());
        key.make_ascii_uppercase();
        self.words.contains(&*key)
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// True if the list holds no word (never, for a loaded list).
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// Calls `f` with every word (uppercase ASCII), in alphabetical order, without allocating:
    /// the move generator builds its word graph from this.
    pub fn for_each_word(&self, mut f: impl FnMut(&[u8])) {
        use fst::Streamer;
        let mut stream = self.words.stream();
        while let Some(key) = stream.next() {
            f(key);
        }
    }

    /// Every word of exactly `n` letters, in alphabetical order.
    pub fn words_of_length(&self, n: usize) -> Vec<String> {
        use fst::Streamer;
        let mut out = Vec::new();
        let mut stream = self.words.stream();
        // Words are A-Z only, so a linear pass with a length filter is simple and, for the
        // lengths people ask about (2 and 3), fast enough (a few ms for 170k words).
        while let Some(key) = stream.next() {
            if key.len() == n {
                out.push(String::from_utf8_lossy(key).into_owned());
            }
        }
        out
    }

    /// The two-letter words, the only list players may consult during play (rule T16).
    pub fn two_letter_words(&self) -> Vec<String> {
        self.words_of_length(2)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn loads_any_case_and_answers_membership() {
        let lex = Lexicon::from_text("t", "qi\r\nZA\nJeton\n\nza\n").unwrap();
        assert_eq!(lex.len(), 3);
        assert!(lex.contains("QI") && lex.contains("jeton") && lex.contains("Za"));
        assert!(!lex.contains("QIS") && !lex.contains("Q1") && !lex.contains(""));
        assert_eq!(lex.two_letter_words(), ["QI", "ZA"]);
    }

    #[test]
    fn bad_lines_are_reported_with_their_numbers() {
        let err = Lexicon::from_text("t", "cat\ndo g\ncafé\nok\n3d\n").unwrap_err();
        match err {
            LexiconError::BadLines { lines, total } => {
                assert_eq!(total, 3);
                assert_eq!(lines.iter().map(|l| l.line).collect::<Vec<_>>(), [2, 3, 5]);
            }
            other => panic!("unexpected {other}"),
        }
        assert!(matches!(
            Lexicon::from_text("t", "\n\n"),
            Err(LexiconError::Empty)
        ));
    }

    #[test]
    fn lexicon_is_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Lexicon>();
    }

    // rule T16: the vendored ENABLE list has 173,528 words, 96 of two letters.
    #[test]
    fn vendored_enable_list_loads() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../main")
            .join(ENABLE2K_PATH);
        let path = if path.exists() {
            path
        } else {
            Path::new(env!("CARGO_MANIFEST_DIR")).join(ENABLE2K_PATH)
        };
        let lex = Lexicon::from_path(&path).unwrap();
        assert_eq!(lex.len(), 173_528);
        assert_eq!(lex.two_letter_words().len(), 96);
        assert!(lex.contains("aardvark") && !lex.contains("qi"));
        assert_eq!(lex.name(), "enable2k");
    }
}
