//! The rules core: what a word game *is*, independent of how it is stored or shown.
//!
//! Everything in here is pure. Nothing in `rules/` imports actix, diesel or askama, reads the
//! clock, draws random numbers or touches the network. Time (`now`) and randomness are passed in
//! by the caller, and illegal commands come back as typed errors with the state untouched.
//! The one exception to "no I/O" is the lexicon loader at the edge, which reads a word list.
//!
//! Inside this module, refer to siblings as `crate::rules::…` so the module also builds on its
//! own (see `tests/` and the benchmarks).
//!
//! # Layout
//! - the board and its tiles: [`board`], [`tiles`] (tiles and racks; tile sets in `tiles/set`),
//!   [`notation`], [`placement`], [`scoring`], [`gcg`] (game records), [`lexicon`];
//! - the match engine: [`game`] (commands, events, the state and its fold, decisions split by
//!   command group, views), [`clock`], [`ruleset`] (options; presets in `ruleset/presets`,
//!   overrides and bounds in `ruleset/spec`);
//! - the event: [`standings`], [`pairing`] (round robin, Swiss, manual rounds, and the matching
//!   Swiss uses, one file each);
//! - [`movegen`]: move generation for analysis;
//! - [`online`]: online play (O1-O4): server-dealt games over the match engine, the
//!   per-viewer view, the computer's dictionary and rulings, Glicko-2 ratings per variant;
//! - [`duplicate`]: Duplicate games (D1-D9): the ruleset, the D3 draw, tops, slips, the
//!   master game's log and fold, rankings and prepared games.
//!
//! Dependencies run one way inside a module too: in [`game`], the state and its fold know
//! nothing of decisions, and decisions nothing of the view.
//!
//! # Ruleset options
//!
//! A match's ruleset ([`ruleset::Ruleset`]) is a preset with overrides merged over it, e.g.
//! `{"preset": "team-2v2", "overrides": {"clock": {"side_ms": 1200000}}}`. Every option, with
//! its value in each preset (JSON; `—`: absent in that preset), is below; a test checks this
//! table against the presets, so an option added without a row here fails the build's tests.
//!
//! | option | `team-2v2` | `individual` | rule: meaning |
//! |---|---|---|---|
//! | `version` | `1` | `1` | schema version of the ruleset |
//! | `preset` | `"team-2v2"` | `"individual"` | the preset it started from (display only) |
//! | `seats_per_side` | `2` | `1` | T1, N1: players per side |
//! | `entry_mode` | `"sheet"` | `"sheet"` | `sheet` (words + declared score) or `board` (GCG move, the board scores) |
//! | `tiles.set` | `"english"` | `"english"` | C2: tile set (board mode scores with its letter values) |
//! | `tiles.total` | `100` | `100` | C2: tiles in the set, blanks included |
//! | `tiles.rack_size` | `7` | `7` | tiles on a full rack |
//! | `max_tiles_after_opening` | `null` | `null` | T2: most tiles a play may lay after the opening (`null`: no limit) |
//! | `exchange.min_same_letter` | `3` | `null` | T9: an exchange needs this many tiles of one letter, blanks not counting (`null`: anyone) |
//! | `exchange.min_bag` | `11` | `7` | T10, N4: fewest tiles in the bag for an exchange |
//! | `challenge_rule` | `"team"` | `"double"` | T12-T13, N5: `team`, `double`, `single`, `void`, `five_point`, `ten_point` |
//! | `words_per_challenge` | `1` | `null` | T13: most words one challenge names (`null`: the whole play) |
//! | `score_challenge.opponent_penalty` | `true` | `false` | T8c: an opponent catching an over-declared score records actual − excess |
//! | `objection.grace_ms` | `null` | `5000` | N5: the play closes this long after the finish unless held (`null`: open until the next action or `accept`, T7) |
//! | `objection.hold_ms` | `null` | `60000` | N5: a hold keeps the play open this long (`null`: no holds) |
//! | `end.consecutive_passes` | `8` | `null` | T17b: this many passes in turn end the game |
//! | `end.consecutive_scoreless_turns` | `null` | `6` | N6: this many scoreless turns end the game |
//! | `end.exchange_is_scoreless` | `false` | `true` | N6: an exchange counts as a scoreless turn |
//! | `end_rack_rule` | `"standard"` | `"subtract_and_add"` | T19, N7: `standard`, `none`, `subtract_and_add`, `add_twice`, `add_once` |
//! | `clock.side_ms` | `1500000` | `1500000` | T4, N1: each side's clock (25 minutes) |
//! | `clock.match_limit_ms` | `3600000` | `null` | T3: the match ends this long after the start (`null`: no limit) |
//! | `clock.challenge_allowance_ms` | `600000` | `null` | T7: challenge time is drawn from this allowance first (`null`: clocks just stop, N5) |
//! | `clock.overtime.kind` | `"no_more_moves"` | `"penalty_per_started_minute"` | T5: a side at zero can no longer move; N2: play on, with a penalty |
//! | `clock.overtime.points` | — | `10` | N2: points off per started minute over |
//! | `clock.overtime.floor` | — | `0` | N2: the penalty never takes a score below this (`null`: no floor) |
//! | `challenge_overrun` | `"challenger"` | `"challenger"` | T7: past the allowance, `challenger` runs each open challenge's own challenger's clock; `paused` runs none |
//! | `score_corrections` | `"objection_window"` | `"until_slip_verified"` | T8, N9: `objection_window` (score challenges only while the line is open) or `until_slip_verified` (also `correct_score` afterwards, until both players `verify_slip`) |
//! | `forfeits.forfeit_spread` | `50` | `50` | E2: spread a forfeit (disqualification, walkout) credits the other side and debits the offender, 0 to 1000 |
//! | `forfeits.bye_spread` | `50` | `50` | E2: spread a bye credits, 0 to 1000 |
//!
//! A ruleset stored before `challenge_overrun`, `score_corrections` and `forfeits` existed reads
//! them as `challenger`, `objection_window` and 50/50.
//!
//! # Readings where the seeds are silent
//!
//! - **T17d, the last play.** However a game ends (out-play, passes, one clock then the other,
//!   the match limit, an announced end), its last play stays open to hold (N5), word and score
//!   challenges (a side out of time included, T5) until its sheet line is complete: `accept`, the
//!   N5 grace or hold lapsing, or the play being withdrawn (nothing is left to object to). Entering
//!   the end racks (`adjust_racks`) or announcing the end does not complete it, and the result is
//!   declared only once it is complete. A play withdrawn after the racks were entered puts its
//!   tiles back on a rack, so the racks are entered again; an out-play withdrawn resumes the game.
//! - **T18b-c, forfeits do not wait** for the last line: a disqualification or walkout decides the
//!   match whatever the last play scores, so its result is declared at once and open challenges
//!   are dropped from the PIC queue.
//! - **T17b with a side out of time.** Eight passes end the game only when all four players
//!   passed in turn, two full cycles. A side whose clock is at zero cannot move, so its skipped
//!   turns are not passes and break the run: the other side's passes alone never end the game,
//!   which then ends by out-play or time (T17a, T17c). The same holds for any
//!   `end.consecutive_passes`: every seat passes in turn.
//! - **T7, two challenges at once** (a teammate's score correction and an opponent's word
//!   challenge): the allowance runs down once, by the wall clock; past it, under `challenger`,
//!   each open challenge runs its own challenger's clock, so both sides' clocks run while both
//!   are open and only the challenger's once the other is ruled. A challenger out of time (T5)
//!   has nothing to draw on.
//! - **N9, score corrections.** Under `until_slip_verified` either player may put right any
//!   play's score (`correct_score`; board mode takes the board's score) without penalty, during
//!   the game or after the result, which is then declared again. Each correction is a
//!   `score_corrected` event listed on the slip. Each side verifies the slip once (`verify_slip`);
//!   a correction voids earlier verifications; once both sides have verified, the result is final
//!   and corrections are refused (rule N9). A forfeit's result is final at once.
//! - **T13 with two challenges on one play.** A play withdrawn by a word challenge takes its
//!   other open challenges with it (ruled `withdrawn`, gone from the PIC queue): no score is left
//!   to rule.
//! - **T8, an actual score within reach.** In sheet mode the PIC's actual score (and an N9
//!   correction) may not exceed what the listed words could make on the board's best premium
//!   stretch, plus a cross word's most (15 dearest tiles, ×3) for each word a play of that many
//!   tiles could form and did not list, plus the bingo bonus when the rack was laid
//!   (`sheet::max_score`). Board mode takes the board's score.
//! - **T19, racks as tiles.** The table may enter the tiles left on each rack (`adjust_racks` with
//!   `tiles`), valued with the match's tile set: letters of the set, `?` for a blank, no more tiles
//!   than the sheet says the seat holds. A side that played out holds none.
//! - **C8, the sheet adds up.** Every change of a score is a sheet line of its own (a turn as
//!   declared, a score-challenge change, a withdrawal, a ±10, a correction, the racks, overtime);
//!   a clock reaching 0:00 is a line of 0 (T5).
//! - **C2/C7, sheet-mode words** are letters of the event's tile set, a blank's letter in
//!   lowercase, no more lowercase letters in a word than the set has blanks.

// Board, tiles and notation (rules C1-C8).
pub mod board;
pub mod gcg;
pub mod lexicon;
pub mod notation;
pub mod placement;
pub mod scoring;
pub mod tiles;

// Match engine (rules T1-T19, N1-N9).
pub mod clock;
pub mod game;
pub mod ruleset;

// Event standings and pairings (rules E1-E2).
pub mod individual;
pub mod pairing;
pub mod standings;

// Move generation: all plays, top plays, any play (rules D6, O1).
/// A game's moves against the top play (`arbiter gcg analyze`, the analysis pages).
pub mod analysis;
pub mod movegen;

// Duplicate (rules D1-D9).
pub mod duplicate;

// Online play (rules O1-O4).
pub mod online;
