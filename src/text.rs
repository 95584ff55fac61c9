//! Text that people type, parsed once at the edge, and text written out where a character can
//! change the meaning of what follows.
//!
//! **In.** Names (events, teams, players, the sides of a match) are a [`Name`]; the committee's
//! reasons and other one-line free text a [`Reason`]. Both are trimmed, bounded in length and hold
//! no control characters: no NUL (PostgreSQL cannot store it in text; it is refused here with a
//! 422, not a database error), no line breaks (a newline in a team name would write extra lines
//! into a GCG file or a log), no bidirectional overrides (which make a name display as another).
//! A refused text answers 422 naming the field.
//!
//! **Out.** [`defuse_formula`] defuses spreadsheet formulas in CSV cells (a cell that starts with
//! `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, as OWASP recommends; the
//! `csv` crate quotes);
//! [`one_line`] turns any control character left in stored text (rows older than these checks)
//! into a space, for line-based formats. Logs print user-supplied strings with `?` (Debug), which
//! escapes them.

use std::borrow::Cow;
use std::fmt;

use crate::error::AppError;

/// Whether `c` may not appear in a name or a reason: C0 and C1 controls (NUL, tab, line
/// breaks, DEL, …), the Unicode line and paragraph separators, and the bidirectional controls.
pub fn is_forbidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' // line and paragraph separators
                | '\u{061C}' | '\u{200E}' | '\u{200F}' // bidi marks
                | '\u{202A}'..='\u{202E}' // bidi embeddings and overrides
                | '\u{2066}'..='\u{2069}' // bidi isolates
        )
}

/// Checks one line of typed text: trimmed, 1 to `max` characters, nothing [`is_forbidden`].
/// Errors name `field`; `what` says what the text is, for the message.
fn check(field: &str, what: &str, raw: &str, max: usize) -> Result<String, AppError> {
    if raw.chars().any(is_forbidden) {
        return Err(AppError::Unprocessable {
            message: format!(
                "{what} may not contain control characters (line breaks, tabs, NUL) or \
                 direction overrides"
            ),
            field: Some(field.to_owned()),
        });
    }
    let t = raw.trim();
    let n = t.chars().count();
    if n == 0 || n > max {
        return Err(AppError::field(
            field,
            format!("{what} has 1 to {max} characters"),
        ));
    }
    Ok(t.to_owned())
}

/// A display name: an event, a team, a player, a side of a match. 1 to [`Name::MAX`]
/// characters after trimming, one line, no control characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Name(String);

impl Name {
    /// The longest name, in characters.
    pub const MAX: usize = 100;

    /// Parses a typed name; errors name `field` (400 for an empty or too long name, 422 for
    /// control characters).
    pub fn parse(field: &str, raw: &str) -> Result<Self, AppError> {
        check(field, "a name", raw, Self::MAX).map(Name)
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The name as a `String`.
    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// One line of free text: the committee's reason, an official's reason for a correction. 1 to
/// [`Reason::MAX`] characters after trimming, no control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason(String);

impl Reason {
    /// The longest reason, in characters.
    pub const MAX: usize = 500;

    /// Parses a typed reason; errors name `field`.
    pub fn parse(field: &str, raw: &str) -> Result<Self, AppError> {
        check(field, "the reason", raw, Self::MAX).map(Reason)
    }

    /// The reason.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Text from a form's textarea as one line: line breaks and tabs become spaces (a person pressing
/// Enter in a reason box means nothing by it). Other control characters are left for
/// [`Reason::parse`] to refuse.
pub fn textarea_line(raw: &str) -> String {
    raw.replace("\r\n", " ").replace(['\r', '\n', '\t'], " ")
}

/// Checks text the API stores verbatim but that is no name (an idempotency key, a word): no
/// control characters, at most `max` bytes. 422 naming `field` otherwise.
pub fn check_token(field: &str, raw: &str, max: usize) -> Result<(), AppError> {
    if raw.chars().any(is_forbidden) {
        return Err(AppError::Unprocessable {
            message: format!("{field} may not contain control characters"),
            field: Some(field.to_owned()),
        });
    }
    if raw.len() > max {
        return Err(AppError::Unprocessable {
            message: format!("{field} has at most {max} bytes"),
            field: Some(field.to_owned()),
        });
    }
    Ok(())
}

/// `s` with every control character replaced by a space, for line-based formats (GCG) that
/// must not be split by a stored name.
pub fn one_line(s: &str) -> Cow<'_, str> {
    if s.chars().any(is_forbidden) {
        Cow::Owned(
            s.chars()
                .map(|c| if is_forbidden(c) { ' ' } else { c })
                .collect(),
        )
    } else {
        Cow::Borrowed(s)
    }
}

/// A CSV cell a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or
/// a carriage return) gets a leading `'`, as OWASP recommends. Quoting is the CSV writer's
/// (the `csv` crate, see `services::standings::to_csv`).
pub fn defuse_formula(s: &str) -> Cow<'_, str> {
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        Cow::Owned(format!("'{s}"))
    } else {
        Cow::Borrowed(s)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_bounded_and_one_line() {
        assert_eq!(
            Name::parse("name", "  Ann Bee ").unwrap().as_str(),
            "Ann Bee"
        );
        assert_eq!(
            Name::parse("name", "Zoë & Ünal").unwrap().as_str(),
            "Zoë & Ünal"
        );
        for bad in ["", "   ", &"x".repeat(101)] {
            let e = Name::parse("name", bad).unwrap_err();
            assert!(matches!(e, AppError::BadRequest { .. }), "{bad:?}: {e:?}");
        }
        for bad in [
            "Ann\nBob",
            "Ann\r",
            "A\0",
            "tab\there",
            "\u{7f}",
            "\u{85}next line",
            "line\u{2028}sep",
            "evil\u{202E}txt.exe",
            "iso\u{2066}late",
        ] {
            let e = Name::parse("players", bad).unwrap_err();
            match e {
                AppError::Unprocessable { field, .. } => {
                    assert_eq!(field.as_deref(), Some("players"))
                }
                other => panic!("{bad:?}: {other:?}"),
            }
        }
        // Joiners are letters' business in many scripts, and emoji.
        assert!(Name::parse("name", "क्‍ष 👩‍👩‍👧").is_ok());
        assert_eq!(
            Name::parse("name", &"é".repeat(100))
                .unwrap()
                .as_str()
                .chars()
                .count(),
            100
        );
    }

    #[test]
    fn reasons_are_one_line_of_at_most_500_characters() {
        assert!(Reason::parse("reason", &"r".repeat(500)).is_ok());
        assert!(Reason::parse("reason", &"r".repeat(501)).is_err());
        assert!(Reason::parse("reason", "phone\nat the table").is_err());
        assert_eq!(
            Reason::parse("reason", &textarea_line("phone\r\nat the\ttable"))
                .unwrap()
                .as_str(),
            "phone at the table"
        );
    }

    #[test]
    fn csv_cells_that_a_spreadsheet_would_run_are_defused() {
        // Quoting is the CSV writer's: see `services::standings` for the written cells.
        assert_eq!(defuse_formula("Anagrammers"), "Anagrammers");
        assert_eq!(
            defuse_formula("=HYPERLINK(\"http://x\")"),
            "'=HYPERLINK(\"http://x\")"
        );
        assert_eq!(defuse_formula("=1+2"), "'=1+2");
        assert_eq!(defuse_formula("+1"), "'+1");
        assert_eq!(defuse_formula("-1"), "'-1");
        assert_eq!(defuse_formula("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(defuse_formula("\tx"), "'\tx");
        assert_eq!(defuse_formula("\rx"), "'\rx");
        assert_eq!(defuse_formula("a,b"), "a,b");
    }

    #[test]
    fn one_line_replaces_control_characters() {
        assert_eq!(one_line("plain"), "plain");
        assert_eq!(one_line("a\nb\r\n#player2 x"), "a b  #player2 x");
    }
}
