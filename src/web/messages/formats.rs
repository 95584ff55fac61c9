//! The refusals of the formats' rules (Duplicate, individual, online, pairings, tile sets, word
//! lists, GCG and `.t` files), worded by shape as [`super::REFUSALS`] words the match's: the
//! English shape without its rule ID, and its catalogue key. `tests/i18n.rs` reads every
//! `#[error]` of `src/rules` and fails when one has no words.

/// English refusal shapes of the formats' rules and their catalogue keys.
pub const FORMAT_REFUSALS: &[(&str, &str)] = &[
    ("'{ch}' in the word is not a letter or '.'", "err-word-char"),
    ("'{ch}' is not a letter A-Z", "err-not-letter"),
    (
        "'{pos}' is not a position: expected {form}",
        "err-not-position",
    ),
    (
        "'{ch}' is not a tile (use A-Z, or ? for a blank)",
        "err-not-tile",
    ),
    ("the game is not finished", "err-game-not-finished"),
    ("{word} from {start} runs off the board", "err-off-board"),
    (
        "{n} line(s) of the word list are not words, first: {first}",
        "err-word-list-lines",
    ),
    (
        "{name} must be a finite number (deviations and tau above 0)",
        "err-glicko-number",
    ),
    ("{n} scores for {m} paired rounds", "err-t-scores"),
    ("{field}: {value} is not a whole number", "err-not-whole"),
    (
        "a pairing plan needs at least one stretch of rounds",
        "err-plan-empty",
    ),
    ("a score must be between -1000 and 2000", "err-score-range"),
    ("an empty field after ';'", "err-t-empty-field"),
    ("cannot build the word set: {why}", "err-word-set"),
    ("cannot read the word list: {why}", "err-word-list-read"),
    (
        "club {club} did not play the same game (its tops or ruleset differ)",
        "err-club-other-game",
    ),
    ("column {c} is off the board", "err-column-off"),
    (
        "duplicate ruleset does not fit: {why}",
        "err-duplicate-ruleset",
    ),
    (
        "duplicate ruleset option {option}: {why}",
        "err-duplicate-option",
    ),
    ("expected 15 rows, found {n}", "err-rows-15"),
    (
        "game {a} v {b} is already entered as {sa}-{sb}",
        "err-game-entered",
    ),
    ("game {n}: a player cannot play themselves", "err-game-self"),
    (
        "game {n}: player {p} is not in the division",
        "err-game-player-division",
    ),
    ("letter {l} is listed twice", "err-letter-twice"),
    (
        "match {a} v {b}: the named winner disagrees with the totals",
        "err-winner-totals",
    ),
    ("no player name", "err-t-no-name"),
    (
        "the name cannot hold ';' or a line break, start with '#' or end in a number",
        "err-t-name-readback",
    ),
    (
        "the line would not read back as written",
        "err-t-not-read-back",
    ),
    ("no rating after the name", "err-t-no-rating"),
    (
        "no round without a repeat pairing exists ({n} repeat(s) at best)",
        "err-no-repeat-free",
    ),
    ("no scores to confirm yet", "err-nothing-to-confirm"),
    ("not a word graph file (bad header)", "err-graph-header"),
    ("nothing to undo", "err-nothing-to-undo"),
    (
        "player {p} has no game this round",
        "err-no-game-this-round",
    ),
    ("player {p} is not in this division", "err-not-in-division"),
    ("player {p} is seeded twice", "err-seeded-twice"),
    (
        "player {p} plays {paired} this round, not {given}",
        "err-wrong-opponent",
    ),
    ("prepared game does not fit: {why}", "err-prepared-fit"),
    (
        "prepared game version {v} is not supported",
        "err-prepared-version",
    ),
    (
        "rack {n}: '{ch}' is not a tile (use A-Z, or ? for a blank)",
        "err-rack-not-tile",
    ),
    (
        "rack {n}: {k} tiles, a rack holds at most 7",
        "err-rack-over-7",
    ),
    (
        "rack {n}: there is no {t} tile in the {set} tile set",
        "err-rack-no-such-tile",
    ),
    (
        "round {r} is a round-robin round: its schedule cannot be overridden",
        "err-rr-fixed",
    ),
    (
        "no schedule of rounds {round}-{last} avoids repeating a game of this round-robin cycle (its players changed since it began): pair round {round} by hand, giving every player's line",
        "err-indfix-rr-repeats",
    ),
    (
        "round {r} is not in the pairing plan",
        "err-round-not-in-plan",
    ),
    (
        "round {r} is paired by hand: give its pairings",
        "err-round-by-hand",
    ),
    (
        "round {r}: a player cannot play themselves",
        "err-round-self",
    ),
    (
        "round {r}: opponent {o} is not a player of this division ({n} players)",
        "err-t-opponent",
    ),
    (
        "round {r}: plays {o}, whose line has {x} for that round",
        "err-t-mismatch",
    ),
    (
        "round {r}: a score but no pairing (00)",
        "err-t-score-unpaired",
    ),
    ("row {r} is off the board", "err-row-off"),
    (
        "row {r}, column {c}: '{ch}' is not a tile (use . for empty, A-Z, a-z for a blank)",
        "err-board-char",
    ),
    (
        "row {r}, column {c}: there is no {t} tile in the {set} tile set",
        "err-board-no-such-tile",
    ),
    ("row {r}: expected 15 squares, found {n}", "err-row-15"),
    ("{tiles} not on your rack {rack}", "err-not-on-your-rack"),
    ("GCG line {n}: {why}", "err-gcg-line-n"),
    (
        "{n} redraws did not meet the constraint; draw by hand",
        "err-redraws",
    ),
    ("no {t} is left to draw ({left} left)", "err-none-left"),
    (
        "the game goes on: a rack can still be drawn and played",
        "err-game-goes-on",
    ),
    (
        "the rack holds {v} vowel(s) and {c} consonant(s), at least {min} of each are needed; put all the tiles back and draw again",
        "err-d3-constraint",
    ),
    ("the rack must hold {n} tiles, not {got}", "err-rack-size"),
    (
        "the tiles left cannot make a rack with {v} vowel(s) and {c} consonant(s); the game is over",
        "err-d3-impossible",
    ),
    ("player {n} is not in this game", "err-not-in-game"),
    ("turn {n} has not started", "err-turn-not-started"),
    (
        "{n} plays tie for the top; the referee chooses the one that opens the game more",
        "err-d6-tie",
    ),
    (
        "choice {n} is not one of the {k} equal tops",
        "err-d6-choice",
    ),
    (
        "no play exists with this rack; end the game",
        "err-d6-no-play",
    ),
    (
        "dictionary mode checks words at entry; there is nothing to challenge",
        "err-o1-nothing",
    ),
    ("not in the dictionary: {words}", "err-o1-not-word"),
    ("cannot {action} now ({phase})", "err-cannot-now"),
    ("ruleset option {option}: {why}", "err-ruleset-option"),
    (
        "ruleset override does not fit: {why}",
        "err-ruleset-override",
    ),
    (
        "side {side} is not a player of this game or may not do this now",
        "err-online-side",
    ),
    ("slip {field}: {why}", "err-slip-field"),
    (
        "stretch {i} ends (round {last}) before it starts (round {first})",
        "err-stretch-order",
    ),
    (
        "stretch {i} must start at round {expected}, not {got}",
        "err-stretch-start",
    ),
    ("table {n} is used twice", "err-table-twice"),
    ("tables are numbered from 1", "err-tables-from-1"),
    ("team {n} appears more than once", "err-team-twice"),
    ("team {n} cannot play itself", "err-team-self"),
    (
        "the name cannot hold ';' or a line break",
        "err-t-name-chars",
    ),
    ("the position is empty", "err-position-empty"),
    (
        "the slip is final: only the director can change it",
        "err-slip-final",
    ),
    ("the word graph is corrupt: {why}", "err-graph-corrupt"),
    ("the word list is empty", "err-word-list-empty"),
    (
        "the word list is too large for the word graph ({n} arcs)",
        "err-graph-size",
    ),
    ("there is no {t} in this tile set", "err-no-tile-in-set"),
    (
        "turn {n}: the tops differ from the recorded ones (is it the same word list?)",
        "err-tops-differ",
    ),
    ("turn {n}: {why}", "err-turn-why"),
    (
        "write a line as: player score opponent score",
        "err-quick-line",
    ),
    ("team {n} is not in this event", "err-team-not-in-event-n"),
];
