//! C8: a GCG record replayed into a board-mode match through the match's own commands, so the
//! log is the one live play would have written (plays, passes, exchanges, word challenges and
//! their rulings, end racks, and overtime made by letting the clock run).
//!
//! [`import_gcg`] is pure: it hands each command, with the milliseconds since the start at which
//! it happens, to the caller's `run`, which decides and records it and returns the match after
//! it. The caller chooses the match's ruleset; the record must fit it (5- or 10-point challenges
//! for `(challenge)` lines, the end-rack rule of its end-rack lines, per-minute overtime for
//! `(time)` lines). The import ends by comparing the match's totals with the record's, so a
//! record that does not fit is refused rather than stored with other totals.

use std::collections::BTreeMap;

use crate::rules::game::{Command, Exchange, Play, Seat, Side, State, Status};
use crate::rules::gcg::{EventKind, Exchanged, Game};
use crate::rules::ruleset::{EntryMode, OvertimePolicy, Ruleset};
use crate::rules::tiles::{Rack, TileSet};

/// Why a record could not be imported, with the GCG line at fault (0: the record as a whole).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("rule C8: GCG line {line}: {message}")]
pub struct ImportError {
    /// 1-based line of the record (0 when no single line is at fault).
    pub line: usize,
    /// What went wrong (a refusal names its rule).
    pub message: String,
}

fn fail(line: usize, message: impl std::fmt::Display) -> ImportError {
    ImportError {
        line,
        message: message.to_string(),
    }
}

/// Player 1 of the record is side A, player 2 side B.
fn side_of(player: usize) -> Side {
    if player == 0 { Side::A } else { Side::B }
}

/// The seat written after the total (team play), if any.
fn seat_token(rest: &str) -> Option<Seat> {
    rest.split_whitespace().next()?.parse().ok()
}

/// N2: the overtime that costs exactly `penalty` points at `per` points per started minute.
fn overtime_for(penalty: i32, per: u32, line: usize) -> Result<i64, ImportError> {
    let per = i32::try_from(per).unwrap_or(i32::MAX).max(1);
    if penalty <= 0 || penalty % per != 0 {
        return Err(fail(
            line,
            format!("a time penalty of {penalty} is not a whole number of minutes at {per} each"),
        ));
    }
    Ok(i64::from(penalty / per - 1) * 60_000 + 1_000)
}

/// How long the import's clock runs (the overtime it makes for `(time)` lines), so a caller can
/// start the replay that long before `now` and no event lies in the future.
pub fn import_span_ms(game: &Game, ruleset: &Ruleset) -> i64 {
    let OvertimePolicy::PenaltyPerStartedMinute { points, .. } = ruleset.clock.overtime else {
        return 0;
    };
    let mut players: BTreeMap<usize, i64> = BTreeMap::new();
    for e in game
        .events
        .iter()
        .filter(|e| e.kind == EventKind::TimePenalty)
    {
        if let Ok(over) = overtime_for(-e.score, points, e.line) {
            players.insert(e.player, over);
        }
    }
    let side = i64::try_from(ruleset.clock.side_ms).unwrap_or(i64::MAX);
    players
        .values()
        .map(|over| side.saturating_add(*over))
        .sum()
}

/// Replays `game` into the match `state` (created, board mode, not started) through `run`, and
/// checks that the match ends with the record's totals. Returns the match after the import.
pub fn import_gcg(
    game: &Game,
    state: State,
    run: &mut dyn FnMut(i64, Command) -> Result<State, ImportError>,
) -> Result<State, ImportError> {
    let r: Ruleset = state
        .ruleset()
        .cloned()
        .ok_or_else(|| fail(0, "the match is not created"))?;
    if r.entry_mode != EntryMode::Board {
        return Err(fail(0, "only a board-mode match can take a GCG record"));
    }
    if state.status != Status::Created {
        return Err(fail(
            0,
            "the match has already started; import into a new match",
        ));
    }
    let set = TileSet::by_name(&r.tiles.set)
        .ok_or_else(|| fail(0, format!("unknown tile set {}", r.tiles.set)))?;
    let first = game
        .events
        .iter()
        .find(|e| {
            matches!(
                e.kind,
                EventKind::Play(_) | EventKind::Pass | EventKind::Exchange(_)
            )
        })
        .ok_or_else(|| fail(0, "the record has no move"))?;
    // N2: a side's overtime is made by letting its clock run before its first move.
    let mut overtime: BTreeMap<usize, i64> = BTreeMap::new();
    for e in game
        .events
        .iter()
        .filter(|e| e.kind == EventKind::TimePenalty)
    {
        let per = match r.clock.overtime {
            OvertimePolicy::PenaltyPerStartedMinute { points, .. } => points,
            OvertimePolicy::NoMoreMoves => {
                return Err(fail(
                    e.line,
                    "the record has a time penalty; the match's ruleset has none (rule N2)",
                ));
            }
        };
        let over = overtime_for(-e.score, per, e.line)?;
        overtime.insert(e.player, over);
    }
    let mut ms: i64 = 0;
    let mut state = run(
        ms,
        Command::Start {
            first: side_of(first.player),
        },
    )?;
    let mut moved = [false; 2];
    let mut racks: BTreeMap<Seat, u32> = BTreeMap::new();
    let events = &game.events;
    for (i, e) in events.iter().enumerate() {
        let side = side_of(e.player);
        let at = |m: &str| fail(e.line, m);
        let turn = |state: &State| -> Option<Seat> { state.seat_to_move() };
        match &e.kind {
            EventKind::Play(_) | EventKind::Pass | EventKind::Exchange(_) => {
                if !moved[e.player] {
                    moved[e.player] = true;
                    if let Some(over) = overtime.get(&e.player) {
                        ms += i64::try_from(r.clock.side_ms).unwrap_or(i64::MAX) + over;
                    }
                }
                if turn(&state).map(|s| s.side) != Some(side) {
                    return Err(at(&format!(
                        "side {side:?} moves out of turn (the match has {:?} to move)",
                        turn(&state)
                    )));
                }
                let seat = seat_token(&e.rest);
                let cmd = match &e.kind {
                    EventKind::Play(m) => Command::Play(Play::Board {
                        mv: Some(m.to_string()),
                        rack: None,
                        declared: e.score.max(0),
                        seat,
                    }),
                    EventKind::Pass => Command::Pass { seat },
                    EventKind::Exchange(Exchanged::Tiles(t)) => {
                        let tiles = Rack::parse(t).map_err(|e| at(&format!("exchange: {e}")))?;
                        Command::Exchange(Exchange {
                            tiles,
                            rack: None,
                            seat,
                        })
                    }
                    EventKind::Exchange(Exchanged::Count(n)) => {
                        // Tiles not shown: as many blanks, which name no letter (T9 then
                        // refuses them where it applies, as for any unseen exchange).
                        let mut tiles = Rack::new();
                        for _ in 0..*n {
                            tiles.add_blank();
                        }
                        Command::Exchange(Exchange {
                            tiles,
                            rack: None,
                            seat,
                        })
                    }
                    _ => continue,
                };
                state = run(ms, cmd)?;
            }
            EventKind::Withdrawn | EventKind::ChallengeBonus => {
                // The challenger is the other side; the play is the last one on the sheet.
                let t = state
                    .turns
                    .iter()
                    .rev()
                    .find(|t| t.seat.side == side && !t.withdrawn)
                    .ok_or_else(|| at("no play of this player to challenge"))?;
                let by = state
                    .order
                    .iter()
                    .copied()
                    .find(|s| s.side != side)
                    .ok_or_else(|| at("no opponent seat"))?;
                let valid = e.kind == EventKind::ChallengeBonus;
                let words = match (&t.action, valid) {
                    (crate::rules::game::TurnAction::Play { words, .. }, true) => {
                        let per = r.word_challenge().valid_bonus;
                        if per <= 0 || e.score % per != 0 {
                            return Err(at(&format!(
                                "a challenge bonus of {} does not fit this ruleset's challenge rule (rule N5)",
                                e.score
                            )));
                        }
                        let n = usize::try_from(e.score / per).unwrap_or(0);
                        if r.word_challenge().bonus_per_word {
                            words.iter().take(n.max(1)).cloned().collect()
                        } else {
                            Vec::new()
                        }
                    }
                    _ => Vec::new(),
                };
                state = run(ms, Command::ChallengeWord { by, words })?;
                let id = state
                    .open_challenges()
                    .last()
                    .map(|c| c.id)
                    .ok_or_else(|| at("the challenge was not opened"))?;
                state = run(
                    ms,
                    Command::RuleWord {
                        challenge: id,
                        valid,
                    },
                )?;
            }
            EventKind::OutBonus(tiles) | EventKind::RackPenalty(tiles) => {
                let value = Rack::parse(tiles)
                    .map_err(|err| at(&err.to_string()))?
                    .value(&set);
                // An out line names the opponent's tiles; a penalty line the player's own.
                let owner = match &e.kind {
                    EventKind::OutBonus(_) => side.other(),
                    _ => side,
                };
                let seat = state
                    .order
                    .iter()
                    .copied()
                    .find(|s| s.side == owner && state.racks.get(s).copied().unwrap_or(0) > 0)
                    .or_else(|| state.order.iter().copied().find(|s| s.side == owner))
                    .ok_or_else(|| at("no seat for this rack"))?;
                racks.insert(seat, value);
                let more = events.get(i + 1).is_some_and(|n| {
                    matches!(n.kind, EventKind::OutBonus(_) | EventKind::RackPenalty(_))
                });
                if !more {
                    state = run(
                        ms,
                        Command::AdjustRacks {
                            racks: std::mem::take(&mut racks),
                            tiles: BTreeMap::new(),
                        },
                    )?;
                }
            }
            EventKind::TimePenalty => {}
        }
    }
    // The last line is complete: close an objection window still open (T7/T14).
    if state.status != Status::Finished
        && state.window.is_some()
        && let Ok(s) = run(ms, Command::Accept)
    {
        state = s;
    }
    let totals = game.final_totals();
    let scores = state.scores();
    if [scores.a, scores.b] != totals {
        return Err(fail(
            0,
            format!(
                "after the import the match stands {}-{}, the record ends {}-{}; check the match's ruleset (challenge rule, end-rack rule, overtime) against the record",
                scores.a, scores.b, totals[0], totals[1]
            ),
        ));
    }
    Ok(state)
}
