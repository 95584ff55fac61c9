//! GCG game records (rule C8): read, write, and check ([`check`]).
//!
//! The format is described in `tests/data/gcg/FORMAT.md` (copied from the shared fixtures).
//! The reader accepts everything the 31 reference records use: pragmas, placements (with `.` or
//! the letter itself for played-through squares), passes, exchanges by letters or by count,
//! withdrawn phonies (`--`), challenge bonuses, both end-of-game rack conventions and the
//! six-zeros form, time penalties, multi-line notes, Latin-1 (default) and UTF-8
//! (`#character-encoding UTF-8` on line 1), and any mix of CR and LF line ends.
//!
//! [`write()`] always writes UTF-8 with LF line ends; `read(write(g))` is the same game as `g`.
//!
//! The reader and the writer share the record types and stay in one file; their tests (each
//! against the other, and a round-trip property) are in `tests.rs`; checking a record against
//! the rules is [`check`].

pub mod check;

use std::fmt;

use crate::rules::notation::{Move, NotationError};

/// A GCG pragma line, `#keyword value`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pragma {
    /// The keyword without `#` (`title`, `note`, `lexicon`, …).
    pub keyword: String,
    /// Everything after the keyword, trimmed. A multi-line `#note` holds its continuation lines
    /// joined with `\n`.
    pub value: String,
}

/// One of the two players.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Player {
    /// The nickname used on event lines (no spaces).
    pub nick: String,
    /// The full name (may be empty).
    pub name: String,
}

/// What the tiles given back in an exchange were.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exchanged {
    /// The tiles, as written (`?` for a blank).
    Tiles(String),
    /// Only their number is known (`-4`); `-0` is read as a pass.
    Count(u8),
}

/// What an event line does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventKind {
    /// A tile placement, `8D WORD`.
    Play(Move),
    /// A pass, `-` (also how a turn lost to a double challenge is written).
    Pass,
    /// An exchange, `-TILES` or `-N`.
    Exchange(Exchanged),
    /// The player's immediately preceding play is withdrawn (`--`): a phony challenged off.
    Withdrawn,
    /// `(challenge)`: bonus for a play challenged and ruled valid.
    ChallengeBonus,
    /// `(TILES)` with an empty rack field: the player went out and gains for the opponent's
    /// leftover TILES.
    OutBonus(String),
    /// `RACK (TILES)`: the player loses the value of the tiles left on their own rack.
    RackPenalty(String),
    /// `(time)`: overtime penalty.
    TimePenalty,
}

/// An event line: `>NICK: RACK <what> ±SCORE TOTAL [ignored…]`.
#[derive(Debug, Clone, Eq)]
pub struct Event {
    /// 1-based line it was read from (0 for a built event). Not compared by `==`.
    pub line: usize,
    /// 0 for `#player1`, 1 for `#player2`.
    pub player: usize,
    /// The rack field as written (may be partial or empty).
    pub rack: String,
    /// What happened.
    pub kind: EventKind,
    /// The signed change to the player's score.
    pub score: i32,
    /// The player's running total after the event.
    pub total: i32,
    /// Tokens after the total (old Quackle files list cross-words there), space-joined.
    pub rest: String,
    /// Pragmas that follow this event line (notes, `#rack1`, …), in order.
    pub after: Vec<Pragma>,
}

impl PartialEq for Event {
    /// Two events are equal when they record the same thing; `line` says where one was read
    /// from and is not compared (so `read(write(g)) == g`).
    fn eq(&self, other: &Event) -> bool {
        self.player == other.player
            && self.rack == other.rack
            && self.kind == other.kind
            && self.score == other.score
            && self.total == other.total
            && self.rest == other.rest
            && self.after == other.after
    }
}

impl Event {
    /// The notes attached to this event.
    pub fn notes(&self) -> impl Iterator<Item = &str> {
        self.after
            .iter()
            .filter(|p| p.keyword == "note")
            .map(|p| p.value.as_str())
    }
}

/// A game record.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Game {
    /// `#player1` and `#player2`.
    pub players: [Player; 2],
    /// Pragmas before the first event, in order, except the players and the encoding.
    pub header: Vec<Pragma>,
    /// The events in order.
    pub events: Vec<Event>,
}

impl Game {
    /// The value of the first header pragma `keyword` (e.g. `lexicon`), if any.
    pub fn pragma(&self, keyword: &str) -> Option<&str> {
        self.header
            .iter()
            .find(|p| p.keyword == keyword)
            .map(|p| p.value.as_str())
    }

    /// Each player's last recorded total (the final score of a finished game).
    pub fn final_totals(&self) -> [i32; 2] {
        let mut t = [0, 0];
        for e in &self.events {
            t[e.player] = e.total;
        }
        t
    }
}

/// A record that cannot be read, with the line at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct GcgError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn err(line: usize, message: impl fmt::Display) -> GcgError {
    GcgError {
        line,
        message: message.to_string(),
    }
}

/// Splits bytes into lines at CRLF, CR or LF, yielding (1-based number, bytes).
fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut rest = bytes;
    let mut n = 0;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        n += 1;
        let end = rest
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .unwrap_or(rest.len());
        let line = &rest[..end];
        let mut next = end;
        if rest.get(next) == Some(&b'\r') {
            next += 1;
            if rest.get(next) == Some(&b'\n') {
                next += 1;
            }
        } else if rest.get(next) == Some(&b'\n') {
            next += 1;
        }
        rest = &rest[next..];
        Some((n, line))
    })
}

fn decode(line: &[u8], utf8: bool, n: usize) -> Result<std::borrow::Cow<'_, str>, GcgError> {
    if utf8 {
        std::str::from_utf8(line)
            .map(std::borrow::Cow::Borrowed)
            .map_err(|_| {
                err(
                    n,
                    "not valid UTF-8 (the file declares #character-encoding UTF-8)",
                )
            })
    } else if line.is_ascii() {
        // ASCII is the same in Latin-1; skip the copy for the common case.
        Ok(std::borrow::Cow::Borrowed(
            std::str::from_utf8(line).unwrap_or_default(),
        ))
    } else {
        // ISO-8859-1: every byte is the code point of the same number.
        Ok(std::borrow::Cow::Owned(
            line.iter().map(|&b| char::from(b)).collect(),
        ))
    }
}

fn split_keyword(s: &str) -> (&str, &str) {
    match s.find(char::is_whitespace) {
        Some(i) => (&s[..i], s[i..].trim()),
        None => (s, ""),
    }
}

fn is_rack_token(t: &str) -> bool {
    t.chars().all(|c| c.is_alphabetic() || c == '?')
}

fn parse_int(tok: Option<&str>, what: &str, n: usize) -> Result<i32, GcgError> {
    let tok = tok.ok_or_else(|| err(n, format!("the {what} is missing")))?;
    let digits = tok.strip_prefix('+').unwrap_or(tok);
    digits
        .parse()
        .map_err(|_| err(n, format!("'{tok}' is not a {what}")))
}

/// Reads a GCG record from its bytes (Latin-1 unless line 1 declares UTF-8).
pub fn read(bytes: &[u8]) -> Result<Game, GcgError> {
    // A UTF-8 byte-order mark says UTF-8 as clearly as the pragma does.
    let (bytes, had_bom) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => (rest, true),
        None => (bytes, false),
    };
    let mut game = Game::default();
    let mut utf8 = had_bom;
    let mut players_seen = [false, false];
    // True right after a `#note`: following lines without `#`/`>` continue it.
    let mut open_note = false;
    for (n, raw) in lines(bytes) {
        if n == 1 {
            let first = String::from_utf8_lossy(raw);
            let first = first.trim();
            if let Some(enc) = first.strip_prefix("#character-encoding") {
                let enc = enc.trim();
                if enc.eq_ignore_ascii_case("UTF-8") || enc.eq_ignore_ascii_case("UTF8") {
                    utf8 = true;
                } else if !(enc.eq_ignore_ascii_case("ISO-8859-1")
                    || enc.eq_ignore_ascii_case("latin1"))
                {
                    return Err(err(n, format!("unsupported character encoding '{enc}'")));
                }
                continue;
            }
        }
        let text = decode(raw, utf8, n)?;
        let line = text.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(p) = line.strip_prefix('#') {
            let (keyword, value) = split_keyword(p);
            open_note = keyword == "note";
            match keyword {
                "character-encoding" => {
                    return Err(err(n, "#character-encoding must be the first line"));
                }
                "player1" | "player2" if game.events.is_empty() => {
                    let i = usize::from(keyword == "player2");
                    let (nick, name) = split_keyword(value);
                    if nick.is_empty() {
                        return Err(err(n, format!("#{keyword} has no nickname")));
                    }
                    game.players[i] = Player {
                        nick: nick.to_owned(),
                        name: name.to_owned(),
                    };
                    players_seen[i] = true;
                }
                _ => {
                    let pragma = Pragma {
                        keyword: keyword.to_owned(),
                        value: value.to_owned(),
                    };
                    match game.events.last_mut() {
                        Some(e) => e.after.push(pragma),
                        None => game.header.push(pragma),
                    }
                }
            }
        } else if let Some(ev) = line.strip_prefix('>') {
            open_note = false;
            let event = read_event(ev, n, &mut game, &mut players_seen)?;
            game.events.push(event);
        } else if open_note {
            // MAGPIE-style continuation of a multi-line note.
            let target = match game.events.last_mut() {
                Some(e) => e.after.last_mut(),
                None => game.header.last_mut(),
            };
            if let Some(p) = target {
                p.value.push('\n');
                p.value.push_str(text.trim_end());
            }
        } else {
            return Err(err(
                n,
                "the line is neither a pragma (#…) nor an event (>…)",
            ));
        }
    }
    Ok(game)
}

fn read_event(
    ev: &str,
    n: usize,
    game: &mut Game,
    players_seen: &mut [bool; 2],
) -> Result<Event, GcgError> {
    let (nick, rest) = ev
        .split_once(':')
        .ok_or_else(|| err(n, "the event has no ':' after the nickname"))?;
    let nick = nick.trim();
    let player = match game.players.iter().position(|p| p.nick == nick) {
        Some(i) if players_seen[i] => i,
        _ => {
            // Records without #player lines: the first two nicknames seen are the players.
            match players_seen.iter().position(|s| !s) {
                Some(i) if !nick.is_empty() => {
                    game.players[i] = Player {
                        nick: nick.to_owned(),
                        name: String::new(),
                    };
                    players_seen[i] = true;
                    i
                }
                _ => return Err(err(n, format!("'{nick}' is not one of the two players"))),
            }
        }
    };
    let mut toks = rest.split_whitespace().peekable();
    let rack = match toks.peek() {
        Some(t) if is_rack_token(t) => toks.next().unwrap_or_default().to_owned(),
        _ => String::new(),
    };
    let what = toks
        .next()
        .ok_or_else(|| err(n, "the event has no move, score or total"))?;
    let kind = if what == "--" {
        EventKind::Withdrawn
    } else if what == "-" || what == "-0" {
        // Quackle also reads `-0` as a pass.
        EventKind::Pass
    } else if let Some(ex) = what.strip_prefix('-') {
        if ex.bytes().all(|b| b.is_ascii_digit()) {
            let count = ex
                .parse()
                .map_err(|_| err(n, format!("'{what}' is not an exchange count")))?;
            EventKind::Exchange(Exchanged::Count(count))
        } else if is_rack_token(ex) {
            EventKind::Exchange(Exchanged::Tiles(ex.to_owned()))
        } else {
            return Err(err(n, format!("'{what}' is not an exchange")));
        }
    } else if what == "(challenge)" {
        EventKind::ChallengeBonus
    } else if what == "(time)" {
        EventKind::TimePenalty
    } else if let Some(tiles) = what.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        if !is_rack_token(tiles) {
            return Err(err(n, format!("'{what}' is not a list of rack tiles")));
        }
        if rack.is_empty() {
            EventKind::OutBonus(tiles.to_owned())
        } else {
            EventKind::RackPenalty(tiles.to_owned())
        }
    } else {
        let word = toks
            .next()
            .ok_or_else(|| err(n, format!("the play at {what} has no word")))?;
        let mv = Move::parse_gcg(what, word).map_err(|e: NotationError| err(n, e))?;
        EventKind::Play(mv)
    };
    let score = parse_int(toks.next(), "score", n)?;
    let total = parse_int(toks.next(), "total", n)?;
    let rest = toks.collect::<Vec<_>>().join(" ");
    Ok(Event {
        line: n,
        player,
        rack,
        kind,
        score,
        total,
        rest,
        after: Vec::new(),
    })
}

/// Writes a game as GCG: UTF-8 (declared on line 1), LF line ends.
pub fn write(game: &Game) -> String {
    use fmt::Write as _;
    let mut out = String::with_capacity(64 * (game.events.len() + 8));
    out.push_str("#character-encoding UTF-8\n");
    for (i, p) in game.players.iter().enumerate() {
        let _ = write!(out, "#player{} {}", i + 1, p.nick);
        if !p.name.is_empty() {
            // One line whatever the name holds: a line break would start a line of its own.
            let name: String = p
                .name
                .chars()
                .map(|c| {
                    if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
                        ' '
                    } else {
                        c
                    }
                })
                .collect();
            let _ = write!(out, " {name}");
        }
        out.push('\n');
    }
    for p in &game.header {
        write_pragma(&mut out, p);
    }
    for e in &game.events {
        let nick = &game.players[e.player.min(1)].nick;
        let rack = match e.kind {
            // An out bonus is recognised by its empty rack field.
            EventKind::OutBonus(_) => "",
            // A rack penalty is recognised by its filled rack field; the rack is the tiles.
            EventKind::RackPenalty(ref t) if e.rack.is_empty() => t.as_str(),
            _ => e.rack.as_str(),
        };
        let _ = write!(out, ">{nick}: {rack} ");
        let _ = match &e.kind {
            EventKind::Play(mv) => write!(out, "{} {}", mv.gcg_position(), mv.word()),
            EventKind::Pass => write!(out, "-"),
            EventKind::Exchange(Exchanged::Tiles(t)) => write!(out, "-{t}"),
            EventKind::Exchange(Exchanged::Count(c)) => write!(out, "-{c}"),
            EventKind::Withdrawn => write!(out, "--"),
            EventKind::ChallengeBonus => write!(out, "(challenge)"),
            EventKind::OutBonus(t) | EventKind::RackPenalty(t) => write!(out, "({t})"),
            EventKind::TimePenalty => write!(out, "(time)"),
        };
        let _ = write!(out, " {:+} {}", e.score, e.total);
        if !e.rest.is_empty() {
            let _ = write!(out, " {}", e.rest);
        }
        out.push('\n');
        for p in &e.after {
            write_pragma(&mut out, p);
        }
    }
    out
}

fn write_pragma(out: &mut String, p: &Pragma) {
    out.push('#');
    out.push_str(&p.keyword);
    if !p.value.is_empty() {
        out.push(' ');
        out.push_str(&p.value);
    }
    out.push('\n');
}

#[cfg(test)]
mod tests;
