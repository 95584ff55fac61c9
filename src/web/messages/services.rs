//! The services' and the web layer's refusals (issue 15): their English shapes and catalogue
//! keys, as [`super::REFUSALS`] lists the rules core's. `tests/i18n.rs` finds every refusal the
//! services build from a literal and fails when one has no entry here or there.

/// English refusal shapes of the services and their catalogue keys (first match wins, after
/// [`super::REFUSALS`]).
pub const SERVICE_REFUSALS: &[(&str, &str)] = &[
    ("1 to {max} minutes of overtime", "err-onlined-max-overtime"),
    ("1 to {max} minutes per player", "err-minutes-per-player"),
    ("{field} has 1 to {max} characters", "err-text-length"),
    (
        "{field} is at most 40 printable characters",
        "err-printable-40",
    ),
    (
        "{field} may not contain control characters (line breaks, tabs, NUL) or direction overrides",
        "err-control-chars-long",
    ),
    ("a .t file is at most 1 MiB", "err-t-file-size"),
    (
        "a name has characters ISO-8859-1 cannot write: ask for utf-8",
        "err-t-latin1",
    ),
    ("encoding is utf-8 or latin1", "err-t-encoding"),
    ("a captain's grant names the team", "err-captain-team"),
    ("a division holds at most 1000 players", "err-division-size"),
    (
        "a match outside an event needs a ruleset",
        "err-match-ruleset",
    ),
    (
        "a new event uses the bundled enable2k list; upload another word list to the event after creating it",
        "err-new-event-lexicon",
    ),
    ("a player's number is from 1", "err-player-number"),
    (
        "a prepared game holds 1 to {max} turns",
        "err-prepared-turns",
    ),
    (
        "a prepared game is already imported into this game",
        "err-prepared-twice",
    ),
    ("a rating is from 0 (unrated) to 4000", "err-rating-range"),
    (
        "a table device's grant names the table number",
        "err-table-grant",
    ),
    (
        "a variant is lexicon.mode.time, e.g. enable2k.dictionary.regular",
        "err-variant-shape",
    ),
    ("a word list may have at most {n} MiB", "err-word-list-size"),
    (
        "an idempotency key has 1 to {n} characters",
        "err-idempotency-length",
    ),
    (
        "an idempotency key is 1 to {n} printable characters",
        "err-idempotency-printable",
    ),
    ("at most 100 rounds", "err-max-rounds"),
    ("at most 20 words", "err-max-words"),
    ("at most 64 KiB of lines", "err-lines-size"),
    (
        "at most {n} points per overtime minute",
        "err-overtime-points",
    ),
    ("choose round_robin, swiss or manual", "err-pairing-method"),
    ("choose team-2v2 or individual", "err-event-format"),
    (
        "event {id} is a Duplicate event: its games are played from the referee's console, not as matches",
        "err-duplicate-not-match",
    ),
    ("field `{field}`: {why}", "err-field-why"),
    ("from 0 to 1000", "err-0-1000"),
    ("from 1 to 100 prize places", "err-prize-places"),
    (
        "give a team_id or a name (1-100 characters)",
        "err-team-or-name",
    ),
    ("give both scores", "err-both-scores"),
    (
        "kind must be disqualification or walkout",
        "err-record-kind-2",
    ),
    (
        "kind must be disqualification, walkout or withdrawal",
        "err-record-kind-3",
    ),
    ("line {n}: a quoted field is not closed", "err-csv-quote"),
    ("line {n}: {why}", "err-line-why"),
    ("no Duplicate event {id}", "err-no-duplicate-event"),
    ("no Duplicate game {id}", "err-no-duplicate-game"),
    ("no account named {name}", "err-no-account-named"),
    ("no account {id}", "err-no-account-id"),
    ("no division {id}", "err-no-division"),
    ("no event {id}", "err-no-event-id"),
    (
        "no game at table {table} in round {round}",
        "err-no-game-at-table",
    ),
    ("no game {id}", "err-no-game"),
    ("no grant {grant} in event {id}", "err-no-grant-in-event"),
    ("no grant {grant}", "err-no-grant"),
    ("no individual event {id}", "err-no-individual-event"),
    ("no match {id}", "err-no-match"),
    (
        "no pages in language {code}: choose en, id or fr",
        "err-no-language",
    ),
    (
        "no player {n} in this division",
        "err-no-player-in-division",
    ),
    (
        "no prepared game was imported into game {id}",
        "err-no-prepared",
    ),
    ("no round {round} in event {id}", "err-no-round"),
    ("no seek {id}", "err-no-seek"),
    ("no such file", "err-no-file"),
    ("no such language", "err-no-such-language"),
    ("no such player", "err-no-such-player"),
    ("no team {id}", "err-no-team"),
    (
        "only the challenged player declines a challenge",
        "err-decline-not-yours",
    ),
    (
        "only the end racks (adjust_racks) are agreed by both sides",
        "err-agree-end-racks",
    ),
    (
        "only the event's director imports a GCG record",
        "err-gcg-director",
    ),
    (
        "only the event's director or the table's device enters this slip",
        "err-slip-who",
    ),
    (
        "only the game's players move in it",
        "err-online-not-player",
    ),
    (
        "only the table and officials preview moves",
        "err-preview-who",
    ),
    ("only who offered a seek withdraws it", "err-seek-not-yours"),
    ("player {n} has already withdrawn", "err-already-withdrawn"),
    ("player {n} is not in any line", "err-player-not-paired"),
    ("player {n}: not a name", "err-t-name"),
    ("player {n}: rating", "err-t-rating"),
    (
        "player number {n} is taken in this event",
        "err-player-number-taken",
    ),
    (
        "print the pairings by table or alphabetical",
        "err-print-order",
    ),
    (
        "record {n} concerns another match",
        "err-record-other-match",
    ),
    (
        "record {n} is a {kind}: name that kind (or withdrawal) to take it back",
        "err-record-kind-back",
    ),
    (
        "registration is closed; ask an administrator for an account",
        "err-registration-closed",
    ),
    (
        "role must be director, committee, pic, captain, table, referee or arbitrator",
        "err-role-name",
    ),
    (
        "round {round} has results: it cannot be paired again",
        "err-round-has-results",
    ),
    ("round {round} is not paired", "err-round-not-paired"),
    (
        "round {round} still misses results: {list}",
        "err-round-missing-results",
    ),
    ("say which player confirms", "err-who-confirms"),
    ("say which player enters", "err-who-enters"),
    ("scores or confirm", "err-scores-or-confirm"),
    ("send the body as {type}", "err-body-type"),
    ("team {id} is not in this event", "err-team-not-in-event"),
    ("that already exists ({what})", "err-exists"),
    (
        "that idempotency key was used for another command",
        "err-idempotency-reused",
    ),
    (
        "the Authorization header must be `Bearer <token>`",
        "err-bearer",
    ),
    ("the CSV could not be read: {why}", "err-csv-unreadable"),
    ("the CSV is larger than {n} KiB", "err-csv-size"),
    (
        "the JSON body could not be read: {why}",
        "err-json-unreadable",
    ),
    ("the JSON body is not valid: {why}", "err-json-invalid"),
    ("the division has no player to pair", "err-division-empty"),
    (
        "the event already has a division {name}",
        "err-division-exists",
    ),
    (
        "the event's word list {name} is not uploaded yet",
        "err-word-list-missing",
    ),
    ("the file has {n} rounds, the plan fewer", "err-t-rounds"),
    ("the form could not be read: {why}", "err-form-unreadable"),
    ("the form is not valid: {why}", "err-form-invalid"),
    ("the form is too large", "err-form-size"),
    (
        "the game has started: a prepared game is imported before its first rack",
        "err-prepared-started",
    ),
    (
        "the game is at seq {now}, not {seq}; reload and retry",
        "err-game-seq",
    ),
    (
        "the game moved on while this was decided; reload and retry",
        "err-game-moved",
    ),
    (
        "the overrides are not valid JSON: {why}",
        "err-overrides-json",
    ),
    ("the request body is too large", "err-body-size"),
    ("the ruleset is a JSON object", "err-ruleset-object"),
    ("the seek is {state} already", "err-seek-state"),
    ("the seek was taken or withdrawn meanwhile", "err-seek-gone"),
    (
        "the upload could not be read: {why}",
        "err-upload-unreadable",
    ),
    (
        "this challenge belongs to no event queue",
        "err-challenge-no-queue",
    ),
    (
        "this challenge is for another player",
        "err-challenge-other-player",
    ),
    // Players' phone slips (issue 18) and the PIN throttle shared with Duplicate's.
    (
        "too many wrong PINs: try again in {minutes} min, or ask the director for your PIN",
        "err-pin-throttled",
    ),
    (
        "this player number and PIN do not match; ask the director for your PIN",
        "err-inds-pin",
    ),
    (
        "this is not your game: open the slip of your own table",
        "err-inds-not-yours",
    ),
    (
        "the scores changed since you saw them: check them again",
        "err-inds-changed",
    ),
    (
        "a word is at most 15 letters (no digits, spaces or signs)",
        "err-inds-word",
    ),
    ("the blanks are at most 4 letters", "err-inds-blanks"),
    ("at most 20 challenged words", "err-inds-challenged"),
    ("a word scores from 0 to 2000", "err-inds-high-score"),
    ("a time penalty is from 0 to 1000", "err-inds-penalty"),
    (
        "this division cannot be written as a .t file: {why}",
        "err-t-export",
    ),
    (
        "this key already created match {id}, at another table or round",
        "err-key-match",
    ),
    (
        "this key already recorded record {id}, for another team",
        "err-key-record",
    ),
    (
        "this match is kept in sheet mode: enter words and the score",
        "err-sheet-mode-enter",
    ),
    (
        "this match is kept in sheet mode; there is no board to export",
        "err-sheet-mode-export",
    ),
    ("unknown tile set {name}", "err-unknown-tile-set"),
    ("you cannot accept your own seek", "err-own-seek"),
    ("you cannot challenge yourself", "err-challenge-self"),
    ("at most 200 characters", "err-max-200"),
    ("one line of text", "err-one-line"),
    ("no word list {name} on this site", "err-no-word-list-site"),
    ("a quoted field is not closed", "err-quoted-field"),
    // The director's pages of an individual event (issue 18, branch inddir).
    ("player {n} has not withdrawn", "err-inddir-not-withdrawn"),
    ("player {p} cannot play themselves", "err-inddir-self"),
    (
        "player {p} has withdrawn from round {r}",
        "err-inddir-withdrawn",
    ),
    ("player {p} plays from round {r}", "err-inddir-not-yet"),
    ("player {p} appears more than once", "err-inddir-twice"),
    (
        "a round is a whole number from 1",
        "err-inddir-round-number",
    ),
    ("choose how the rounds are paired", "err-inddir-method"),
    ("choose forfeits or byes", "err-inddir-withdrawn-games"),
    // Online games read from memory (issue 17, branch onl3).
    (
        "seq is a whole number from 0 (the live message's id)",
        "err-onl3-seq",
    ),
    // A table device's division on the grant form (issue 18).
    ("choose a division", "ind18-err-choose-division"),
    (
        "division {n} is not in this event",
        "ind18-err-division-elsewhere",
    ),
    (
        "only a table device's grant names a division",
        "ind18-err-division-not-table",
    ),
    // A division's rating method (issue 18, branch ratings).
    (
        "unknown rating method {name}: choose glicko2, naspa, wespa or absp",
        "indr-err-method",
    ),
    // Late entries, rating classes and TSH's text fields (issue 18).
    ("one of no_game, forfeit, bye", "ind19-err-late-rounds"),
    (
        "at most 40 characters, no control characters",
        "ind19-err-tsh-text",
    ),
    (
        "all {n} rounds of the plan are paired: a player added now would play no game",
        "ind19-err-plan-paired",
    ),
    (
        "player {n}: {field}: at most 40 characters",
        "ind19-err-t-text",
    ),
    ("no rating class {c} in this division", "ind19-err-no-class"),
];
