//! Refusals in the page's language (issue 15): the services and the rules core write their
//! refusals in English (the JSON API's `message`, unchanged); a page shows the same refusal in
//! its language. Each refusal's English shape is listed here with its catalogue key: `{name}`
//! stands for the part that varies (a seat, a number, a word) and becomes the key's argument.
//! A `why` argument is itself a refusal and is worded the same way. The rule ID (`rule T7: …`)
//! is not part of the words: pages show it small beside them.
//!
//! `tests/i18n.rs` checks that every key here is in every catalogue and that every refusal the
//! rules core can give (each `RuleError`, each placement and slip reason) matches an entry.

use crate::web::i18n::{Lang, MESSAGES};

mod formats;
mod services;
pub use formats::FORMAT_REFUSALS;
pub use services::SERVICE_REFUSALS;

/// Every listed shape: the match rules' first, then the other formats', then the services'.
pub fn all_refusals() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    REFUSALS
        .iter()
        .chain(FORMAT_REFUSALS)
        .chain(SERVICE_REFUSALS)
}

/// English refusal shapes and their catalogue keys. The first match wins, so a specific shape
/// comes before a general one.
pub const REFUSALS: &[(&str, &str)] = &[
    // Quick entry of an individual division's results (rules::individual::quick::LineError).
    (
        "write a line as: player score opponent score",
        "err-indd-syntax",
    ),
    (
        "player {player} is not in this division",
        "err-indd-unknown",
    ),
    ("player {player} has no game this round", "err-indd-no-game"),
    (
        "player {player} plays {paired} this round, not {given}",
        "err-indd-wrong-opponent",
    ),
    (
        "game {a} v {b} is already entered as {scores}",
        "err-indd-twice",
    ),
    (
        "a score must be between -1000 and 2000",
        "err-indd-score-range",
    ),
    // rules core (rules::game::RuleError): what the table page shows after a refused command.
    ("the game is over", "err-game-over"),
    (
        "a challenge is open; it must be ruled first",
        "err-challenge-open",
    ),
    (
        "side {side} is out of time and can no longer move (it may still challenge)",
        "err-out-of-time",
    ),
    ("not your turn: {seat} is to move", "err-not-your-turn"),
    ("the first play lays at least 2 tiles", "err-opening-short"),
    (
        "after the opening a play may lay at most {n} tile(s)",
        "err-too-many-tiles",
    ),
    ("the rack holds only {n} tile(s)", "err-rack-too-small"),
    (
        "exchange needs {n} or more tiles of one letter (blanks do not count)",
        "err-exchange-same-letter",
    ),
    (
        "exchange needs at least {min} tiles in the bag; {bag} left (passing is allowed)",
        "err-exchange-bag",
    ),
    (
        "word challenges are not used under this ruleset",
        "err-challenges-not-used",
    ),
    (
        "no play is open to objection; the sheet line is complete",
        "err-no-objection",
    ),
    (
        "only one word challenge per turn, naming at most {n} word(s)",
        "err-one-word",
    ),
    (
        "{word} is not a word this play formed (it formed {formed})",
        "err-word-not-formed",
    ),
    (
        "both drew {tile}; put the tiles back in the bag and draw again",
        "err-redraw",
    ),
    (
        "only the opposing side may challenge a word",
        "err-not-opponent",
    ),
    (
        "this turn's score was already challenged",
        "err-score-challenged",
    ),
    (
        "the play was withdrawn; there is no score to challenge",
        "err-play-withdrawn",
    ),
    ("there is no seat {seat} in this match", "err-no-seat"),
    (
        "challenge {n} is not open (each challenge is ruled exactly once)",
        "err-challenge-not-open",
    ),
    ("challenge {n} is of the other kind", "err-wrong-kind"),
    (
        "in board mode the actual score comes from the board",
        "err-actual-from-board",
    ),
    ("no clock has run out", "err-nothing-due"),
    (
        "the game is not over yet; the racks are counted once it has ended",
        "err-racks-before-end",
    ),
    (
        "the racks are already counted (once per game; an official corrects a mistake, E3)",
        "err-racks-not-due",
    ),
    (
        "this game's rules do not count the tiles left on the racks",
        "err-racks-not-counted",
    ),
    ("event {n} cannot be reversed: {why}", "err-not-reversible"),
    (
        "both players have verified the results slip; the result is final",
        "err-slip-verified",
    ),
    ("not allowed: {command} needs {needs}", "err-not-allowed"),
    ("hold is not used under this ruleset", "err-hold-not-used"),
    ("hold was already called", "err-hold-called"),
    (
        "this side has already verified the slip",
        "err-slip-side-verified",
    ),
    (
        "only a play's score can be corrected",
        "err-only-play-score",
    ),
    ("the match has already started", "err-match-started"),
    ("the match has not started", "err-match-not-started"),
    (
        "the match was decided by forfeit (T18b-c)",
        "err-match-forfeit",
    ),
    ("a forfeit is already recorded", "err-forfeit-recorded"),
    ("already reversed", "err-already-reversed"),
    // Placement (rules::placement), in board mode and on Duplicate slips.
    (
        "square {square} is already taken by {tile}",
        "err-square-taken",
    ),
    (
        "square {square} is empty, so it cannot be played through ('.')",
        "err-square-empty",
    ),
    (
        "the word does not include the {tile} on {square} next to it",
        "err-word-misses-tile",
    ),
    ("the play places no new tile", "err-no-new-tile"),
    (
        "there is no {tile} tile in this tile set",
        "err-no-such-tile",
    ),
    (
        "the first play must cover the centre square H8",
        "err-first-centre",
    ),
    (
        "the first play must place at least 2 tiles",
        "err-first-two",
    ),
    (
        "the play does not connect to any tile on the board",
        "err-not-connected",
    ),
    ("{tile} is not on the rack {rack}", "err-not-on-rack"),
    (
        "the new tiles are not all in one row or one column",
        "err-not-in-line",
    ),
    (
        "there is a gap at {square} between the new tiles",
        "err-gap",
    ),
    ("two tiles are placed on {square}", "err-two-on-square"),
    ("the match is not created", "err-match-not-created"),
    ("the match is already created", "err-match-created"),
    // Phone slips (issue 16, services::duplicate::phone).
    (
        "time is up for turn {turn}; your slip was not recorded",
        "err-dupc-time-up",
    ),
    (
        "this event does not take slips from players' phones",
        "err-dupc-phone-off",
    ),
    (
        "this player number and PIN do not match; check your table card",
        "err-dupc-pin",
    ),
    (
        "no turn is running; wait for the referee to start the next one",
        "err-dupc-no-turn",
    ),
    (
        "slip reference: write the reference, e.g. H8",
        "err-dupc-reference",
    ),
    (
        "slip word: write the word in letters (a blank in lower case)",
        "err-dupc-word",
    ),
    ("slip points: points are at most 2000", "err-dupc-points"),
    // Duplicate slips (rules::duplicate::slip): why a slip scores 0.
    (
        "{why}; the word fits in {n} other places",
        "err-fits-elsewhere",
    ),
    ("the first word is placed across", "err-first-across"),
    ("{reference} is not a reference", "err-not-reference"),
    ("a blank is one letter in {pair}", "err-blank-one-letter"),
    ("'{c}' is not a letter", "err-not-a-letter"),
    ("the word is empty", "err-word-empty"),
    // The table's desk and the PIC.
    (
        "both sides confirm the final scores before the game is closed (rule T19)",
        "err-confirm-final",
    ),
    (
        "the match has moved on (expected seq {expected}, now {now}); look at the current state and decide again",
        "err-moved-on",
    ),
    (
        "another change to this match was recorded at the same moment; please retry",
        "err-same-moment",
    ),
    (
        "another change was made at the same moment; please retry",
        "err-same-moment",
    ),
    (
        "the match is changing too quickly; please retry",
        "err-too-quick",
    ),
    (
        "you hold no role at this match's table or event that allows this",
        "err-no-role-here",
    ),
    (
        "this page is for the tablet of this match's table",
        "err-table-tablet-only",
    ),
    ("another PIC took this challenge just now", "err-pic-taken"),
    ("this challenge has already been ruled", "err-already-ruled"),
    ("this challenge is held by {who}", "err-held-by"),
    ("enter the turn's actual score", "err-enter-actual"),
    ("the actual score is a whole number", "err-actual-number"),
    ("say whether the word is acceptable", "err-say-acceptable"),
    (
        "only a PIC of this event may see and rule challenges",
        "err-pic-only",
    ),
    ("no such challenge", "err-no-challenge"),
    // The committee.
    (
        "only the event committee may record disqualifications and walkouts",
        "err-committee-only",
    ),
    ("choose a match", "err-choose-match"),
    ("no such match in this event", "err-no-match-here"),
    ("no such team in this event", "err-no-team-here"),
    ("no such record for this team", "err-no-record"),
    (
        "that record has already been corrected",
        "err-record-corrected",
    ),
    (
        "that team does not play in this match",
        "err-team-not-in-match",
    ),
    (
        "a walkout happens in a match: choose the match",
        "err-walkout-match",
    ),
    (
        "that side plays without a team record; the register records teams",
        "err-side-no-team",
    ),
    (
        "the match log has no such event to take back",
        "err-no-log-event",
    ),
    // The director.
    (
        "only directors may see the events list",
        "err-directors-only",
    ),
    (
        "new events are created by an administrator or a director of every event: ask an administrator",
        "err-new-event-admin",
    ),
    ("choose a team", "err-choose-team"),
    ("a table is a number from 1", "err-table-number"),
    ("a team cannot play itself", "err-team-itself"),
    (
        "an event needs at least two teams to pair a round",
        "err-two-teams",
    ),
    ("a round needs at least one line", "err-round-line"),
    ("table number too large", "err-table-too-large"),
    ("line {line}: no team named {name}", "err-line-no-team"),
    ("choose round robin, Swiss or manual", "err-choose-method"),
    (
        "the captain must be one of the names given",
        "err-captain-named",
    ),
    (
        "the captain must be one of the players",
        "err-captain-named",
    ),
    (
        "a team named {name} is already in this event",
        "err-team-exists",
    ),
    (
        "a team has two players and at most two reserves",
        "err-team-size",
    ),
    ("no account has that name", "err-no-account-name"),
    ("{name} already holds this role", "err-holds-role"),
    ("the CSV holds no team", "err-csv-empty"),
    (
        "{n} row(s) have errors, so nothing was imported: {rows}",
        "err-csv-rows",
    ),
    ("the word list holds no word", "err-words-empty"),
    (
        "the word list has {n} bad line(s): {lines}",
        "err-words-bad",
    ),
    (
        "a lexicon name has 1 to 40 letters, digits, '-', '_' or '.'",
        "err-lexicon-name",
    ),
    (
        "{name} is the bundled list; give the uploaded list another name",
        "err-lexicon-bundled",
    ),
    (
        "the event's word list ({name}) has not been uploaded yet: the director uploads it on the event's word-list page",
        "err-lexicon-missing",
    ),
    // Accounts and sessions.
    ("sign in to see this event", "err-sign-in-event"),
    ("sign in to see this match", "err-sign-in-match"),
    ("this event is not public", "err-event-private"),
    ("this match is not public", "err-match-private"),
    ("this account no longer exists", "err-account-gone"),
    (
        "This account is disabled. Ask an administrator",
        "err-account-disabled",
    ),
    (
        "Too many sign-ins at once. Try again in a moment",
        "err-too-many-sign-ins",
    ),
    (
        "Too many failed sign-ins for this account or from this address. Try again in {n} s",
        "err-sign-in-locked",
    ),
    (
        "This form has expired or came from another site (missing or wrong CSRF token). Reload the page and try again",
        "err-csrf",
    ),
    ("the current password is not right", "err-password-wrong"),
    ("you cannot disable your own account", "err-disable-self"),
    ("the username {name} is taken", "err-username-taken"),
    (
        "a username has 3 to 40 letters, digits, dots, dashes or underscores",
        "err-username-shape",
    ),
    ("{field} has at most {max} bytes", "err-too-long"),
    (
        "{field} may not contain control characters",
        "err-control-chars",
    ),
    ("no such account", "err-no-account"),
    ("no such event", "err-no-event"),
    ("There is no page at this address", "err-no-page"),
    // Online play (issue 17): what the online pages show after a refused command or form.
    (
        "only the game's players move in it",
        "err-online-players-only",
    ),
    (
        "the game moved on while this was decided; reload and retry",
        "err-online-moved-on",
    ),
    (
        "not in the dictionary: {words}",
        "err-online-not-in-dictionary",
    ),
    (
        "dictionary mode checks words at entry; there is nothing to challenge",
        "err-online-nothing-to-challenge",
    ),
    (
        "{missing} not on your rack {rack}",
        "err-online-not-on-rack",
    ),
    (
        "side {side} is not a player of this game or may not do this now",
        "err-online-not-a-player",
    ),
    (
        "too many accounts registered from this address; try again later",
        "err-registration-limit",
    ),
    // Analysis (issue 17): the `gcg` field's refusals; the reader's reason stays as it is.
    ("paste or upload a GCG record", "err-gcg-empty"),
    (
        "the record is over {max} bytes; at most {moves} moves are analysed",
        "err-gcg-too-big",
    ),
    (
        "the record's tile distribution is not known (english, french or indonesian)",
        "err-gcg-tiles",
    ),
    (
        "the record has {n} moves; at most {max} are analysed",
        "err-gcg-too-many",
    ),
    // Online seeks (issue 17): tile sets and word lists.
    (
        "no such tile set: english, french or indonesian",
        "err-online-tile-set",
    ),
    (
        "no word list {name} on this site: {default}, or a list uploaded for an event",
        "err-online-lexicon",
    ),
];

/// The rule ID of a rules-core refusal (`rule T7: …` gives `T7`), if it names one.
pub fn rule_of(english: &str) -> Option<&str> {
    let rest = english.strip_prefix("rule ")?;
    let (id, _) = rest.split_once(": ")?;
    (!id.is_empty() && !id.contains(' ')).then_some(id)
}

/// The words of a refusal without its rule ID or command prefix.
fn words_of(english: &str) -> &str {
    let mut t = english.trim();
    if let Some(id) = rule_of(t) {
        t = &t["rule ".len() + id.len() + ": ".len()..];
    }
    for prefix in ["invalid command: ", "match: "] {
        t = t.strip_prefix(prefix).unwrap_or(t);
    }
    t.trim_end_matches('.')
}

/// A refusal in `lang`, when its shape is listed (here or in `i18n::MESSAGES`); `None` for text
/// the catalogue does not know.
pub fn translate(lang: Lang, english: &str) -> Option<String> {
    let text = words_of(english);
    if let Some((_, key)) = MESSAGES.iter().find(|(e, _)| e.eq_ignore_ascii_case(text)) {
        return Some(lang.t(key));
    }
    all_refusals().find_map(|(shape, key)| {
        let args = matches(shape, text)?;
        let args: Vec<(&str, String)> = args
            .into_iter()
            .map(|(n, v)| {
                let v = if n == "why" {
                    translate(lang, &v).unwrap_or(v)
                } else {
                    v
                };
                (n, v)
            })
            .collect();
        Some(lang.t_args(key, &args))
    })
}

/// The `{name}` parts of `text` when it has `shape` (case aside), each at least one character.
fn matches<'s>(shape: &'s str, text: &str) -> Option<Vec<(&'s str, String)>> {
    let lower = text.to_ascii_lowercase();
    let mut parts = shape.split('{');
    let first = parts.next()?.to_ascii_lowercase();
    if !lower.starts_with(&first) {
        return None;
    }
    let holes: Vec<(&str, &str)> = parts.map(|p| p.split_once('}')).collect::<Option<_>>()?;
    let mut pos = first.len();
    let mut args = Vec::with_capacity(holes.len());
    for (i, (name, lit)) in holes.iter().enumerate() {
        let lit = lit.to_ascii_lowercase();
        let rest = lower.get(pos..)?;
        let one = rest.chars().next()?.len_utf8();
        let end = if i + 1 == holes.len() {
            if !rest.ends_with(&lit) || rest.len() < one + lit.len() {
                return None;
            }
            lower.len() - lit.len()
        } else {
            pos + one + rest.get(one..)?.find(&lit)?
        };
        args.push((*name, text.get(pos..end)?.to_owned()));
        pos = end + lit.len();
    }
    (pos == lower.len()).then_some(args)
}

/// The listed refusals worded in `lang` with `{name}` left where each part goes, for
/// `static/app.js` to word the API's refusals on the table page (as `[shape, words]` pairs).
pub fn refusals_for_script(lang: Lang) -> serde_json::Value {
    all_refusals()
        .map(|(shape, key)| {
            let names: Vec<(&str, String)> = shape
                .split('{')
                .skip(1)
                .filter_map(|p| p.split_once('}'))
                .map(|(n, _)| (n, format!("{{{n}}}")))
                .collect();
            serde_json::json!([shape, lang.t_args(key, &names)])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_is_matched_with_its_parts() {
        assert_eq!(
            matches(
                "not your turn: {seat} is to move",
                "not your turn: B2 is to move"
            ),
            Some(vec![("seat", "B2".to_owned())])
        );
        assert_eq!(
            matches(
                "{tile} is not on the rack {rack}",
                "Q is not on the rack AEIRST?"
            ),
            Some(vec![
                ("tile", "Q".to_owned()),
                ("rack", "AEIRST?".to_owned())
            ])
        );
        assert_eq!(matches("the game is over", "the game is over now"), None);
        assert_eq!(matches("no such event", "no such"), None);
        assert_eq!(matches("{n} left", " left"), None);
    }

    #[test]
    fn a_rule_refusal_is_worded_without_its_rule_id() {
        let en = "rule T7: a challenge is open; it must be ruled first";
        assert_eq!(rule_of(en), Some("T7"));
        let fr = translate(Lang::Fr, en).unwrap_or_default();
        assert!(
            !fr.is_empty() && !fr.contains("T7") && !fr.contains("challenge is open"),
            "{fr}"
        );
        assert_eq!(translate(Lang::Fr, "something nobody listed"), None);
    }

    #[test]
    fn a_why_is_worded_too() {
        let en = "the first word is placed across; the word fits in 2 other places";
        let fr = translate(Lang::Fr, en).unwrap_or_default();
        assert!(fr.contains('2') && !fr.contains("placed across"), "{fr}");
    }
}
