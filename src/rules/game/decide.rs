//! `decide`: checks a command against the state and returns the events it produces.
//!
//! A decision runs on a scratch copy of the state in three steps, so that every event it returns
//! was checked against the state it will be applied to:
//! 1. time catches up: clocks that ran out and the match limit since the last event are
//!    recorded first, at the exact moment they happened (T3, T5);
//! 2. the command itself;
//! 3. consequences: the end of the game (T17, N6), overtime (N2) and the result (T18).

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};

use crate::rules::clock::after;
use crate::rules::game::event::SidePoints;
use crate::rules::game::outcome::{overtime_penalty, rack_adjustments};
use crate::rules::game::state::{ChallengeKind, Status, TurnAction};
use crate::rules::game::{
    Actor, Command, EndReason, Event, GameResult, Payload, RuleError, Seat, Side, Sides, State,
};
use crate::rules::ruleset::{EntryMode, OvertimePolicy, Ruleset, ScoreCorrections};
use crate::rules::tiles::Rack;

/// Checks `cmd` from `actor` at `now` and returns the events to append, in order, numbered from
/// `state.last_seq + 1`. Refused commands return the rule they break and produce nothing.
pub fn decide(
    state: &State,
    cmd: Command,
    actor: &Actor,
    now: DateTime<Utc>,
) -> Result<Vec<Event>, RuleError> {
    decide_and_apply(state, cmd, actor, now).map(|(events, _)| events)
}

/// [`decide`], also returning the state with the events applied (the decision's scratch state,
/// so the caller need not copy and fold again).
pub fn decide_and_apply(
    state: &State,
    cmd: Command,
    actor: &Actor,
    now: DateTime<Utc>,
) -> Result<(Vec<Event>, State), RuleError> {
    // A decision never goes back before the last recorded event: clocks never run backwards.
    let now = state.last_at.map_or(now, |t| now.max(t));
    let mut batch = Batch::new(state, actor, now);
    match cmd {
        Command::TimeExpired => {
            batch.catch_up();
            if batch.events.is_empty() {
                return Err(RuleError::NothingDue);
            }
        }
        Command::Correction {
            reverses_seq,
            reason,
        } => {
            // E3: the rollback comes first, so time is caught up on the corrected state.
            require(actor, Actor::is_official, "correction", "an official")?;
            let reverses = reversal(&batch.state, reverses_seq)?;
            batch.push(Payload::Corrected { reverses, reason });
            batch.catch_up();
        }
        cmd => {
            batch.catch_up();
            for p in command_payloads(&batch.state, cmd, actor, now)? {
                batch.push(p);
            }
            batch.catch_up();
        }
    }
    Ok((batch.events, batch.state))
}

/// What a `time_expired` command would record at `now`: clocks run out, the match limit, an
/// out-play's objection window lapsing (N5), and their consequences.
pub fn pending_timeouts(state: &State, now: DateTime<Utc>) -> Vec<Payload> {
    let now = state.last_at.map_or(now, |t| now.max(t));
    if nothing_due(state, now) {
        return Vec::new();
    }
    let mut batch = Batch::new(state, &Actor::System, now);
    batch.catch_up();
    batch.events.into_iter().map(|e| e.payload).collect()
}

/// For a background sweeper: `Some(Command::TimeExpired)` when something is due at `now`.
pub fn due_timeouts(state: &State, now: DateTime<Utc>) -> Option<Command> {
    (!pending_timeouts(state, now).is_empty()).then_some(Command::TimeExpired)
}

/// The state with time caught up to `now` (what a view shows), without recording anything.
/// Borrowed when nothing is due, which is nearly always: a view then copies nothing.
pub(crate) fn caught_up(state: &State, now: DateTime<Utc>) -> std::borrow::Cow<'_, State> {
    let now = state.last_at.map_or(now, |t| now.max(t));
    if nothing_due(state, now) {
        return std::borrow::Cow::Borrowed(state);
    }
    let mut batch = Batch::new(state, &Actor::System, now);
    batch.catch_up();
    std::borrow::Cow::Owned(batch.state)
}

/// True when catching up to `now` would record nothing (the first step of `catch_up`).
fn nothing_due(state: &State, now: DateTime<Utc>) -> bool {
    next_consequence(state, now).is_none() && next_timeout(state, now).is_none()
}

/// Events being decided, applied to a scratch state as they are made.
struct Batch {
    state: State,
    events: Vec<Event>,
    actor: Actor,
    now: DateTime<Utc>,
}

impl Batch {
    fn new(state: &State, actor: &Actor, now: DateTime<Utc>) -> Self {
        Self {
            state: state.clone(),
            events: Vec::new(),
            actor: actor.clone(),
            now,
        }
    }

    fn push(&mut self, payload: Payload) {
        let event = Event {
            seq: self.state.last_seq + 1,
            at: self.now,
            actor: self.actor.clone(),
            payload,
        };
        crate::rules::game::apply(&mut self.state, &event);
        self.events.push(event);
    }

    /// Records what time and rules make happen without anyone asking, in time order.
    fn catch_up(&mut self) {
        // Each step changes the state (a flag, a status), so this ends; the bound is a guard.
        for _ in 0..64 {
            if let Some(p) = next_consequence(&self.state, self.now) {
                self.push(p);
            } else if let Some(p) = next_timeout(&self.state, self.now) {
                self.push(p);
            } else {
                break;
            }
        }
    }
}

/// Time-triggered events in the state's future (or past), each with the moment it happens.
fn timeouts(s: &State) -> Vec<(DateTime<Utc>, Payload)> {
    let mut due: Vec<(DateTime<Utc>, Payload)> = Vec::new();
    let Some(r) = s.ruleset() else { return due };
    if s.status == Status::InProgress {
        if let Some(c) = &s.clocks {
            for side in Side::BOTH {
                if !s.flagged[side]
                    && let Some(at) = c.zero_at(side)
                {
                    due.push((at, Payload::ClockFlagged { side, at }));
                }
            }
        }
        if !s.time_up
            && let (Some(limit), Some(start)) = (r.clock.match_limit_ms, s.started_at)
        {
            let at = after(start, i64::try_from(limit).unwrap_or(i64::MAX));
            due.push((at, Payload::MatchTimeUp { at }));
        }
    }
    // T17d/N5: the objection window of the game's last play lapsing lets the result be
    // declared; other windows lapse silently (the next action closes them anyway).
    if final_line_open(s)
        && s.open_challenges().next().is_none()
        && let (Some(w), Some(at)) = (&s.window, s.window_closes_at())
    {
        due.push((at, Payload::LineClosed { turn: w.turn, at }));
    }
    due
}

/// The earliest time-triggered event due at or before `now`.
fn next_timeout(s: &State, now: DateTime<Utc>) -> Option<Payload> {
    timeouts(s)
        .into_iter()
        .filter(|(at, _)| *at <= now)
        .min_by_key(|(at, _)| *at)
        .map(|(_, p)| p)
}

/// For a background sweeper: when the next time-triggered event falls (a clock reaching zero,
/// the match limit, the last play's objection window lapsing), if nothing else happens first.
/// Sleep until then, then send `time_expired`.
pub fn next_timeout_at(state: &State) -> Option<DateTime<Utc>> {
    timeouts(state).into_iter().map(|(at, _)| at).min()
}

/// T17d: the game is over, however it ended (out-play, passes, time, announced), and its last
/// play's sheet line is not complete: it may still be held, challenged or accepted (a flagged
/// side included, T5), and the result waits. Counting the racks does not complete the line. A
/// forfeit (T18b-c) does not wait: it decides the match whatever the last play scores.
fn final_line_open(s: &State) -> bool {
    s.status == Status::Ended && s.forfeit.is_none() && s.result.is_none() && s.window.is_some()
}

/// The next event that follows by rule from the state (end of game, overtime, result).
fn next_consequence(s: &State, now: DateTime<Utc>) -> Option<Payload> {
    let r = s.ruleset()?;
    let stopped_at = s.clocks.as_ref().map_or(now, |c| c.since);
    match s.status {
        Status::InProgress => {
            // T17c: time ends the game even with a challenge open; the ruling still counts.
            if s.time_up {
                return Some(Payload::GameEnded {
                    reason: EndReason::MatchTimeLimit,
                    at: stopped_at,
                });
            }
            if !s.can_move(Side::A) && !s.can_move(Side::B) {
                return Some(Payload::GameEnded {
                    reason: EndReason::BothClocksOut,
                    at: stopped_at,
                });
            }
            if s.open_challenges().next().is_some() {
                return None;
            }
            let ended = |reason| Some(Payload::GameEnded { reason, at: now });
            // T17a/N6: an out-play with the bag empty ends the game and stops the clocks; the
            // play stays open to objection, and a withdrawal resumes the game.
            if let Some(seat) = s.out_seat() {
                return ended(EndReason::OutPlay { seat });
            }
            let trailing = |counts: &dyn Fn(&crate::rules::game::Turn) -> bool| {
                s.turns.iter().rev().take_while(|t| counts(t)).count()
            };
            if let Some(n) = r.end.consecutive_passes
                && pass_cycles_run(s) >= n as usize
            {
                return ended(EndReason::ConsecutivePasses);
            }
            if let Some(n) = r.end.consecutive_scoreless_turns {
                let run = trailing(&|t| match t.action {
                    TurnAction::Exchange { .. } => r.end.exchange_is_scoreless,
                    _ => t.recorded == 0,
                });
                if run >= n as usize {
                    return ended(EndReason::ScorelessTurns);
                }
            }
            None
        }
        Status::Ended => {
            if let Some(f) = &s.forfeit {
                // T18b-c: the other side wins, whatever the scores.
                return Some(Payload::ResultDeclared {
                    result: GameResult {
                        winner: Some(f.side.other()),
                        reason: f.reason,
                        scores: s.scores(),
                        end: s.end,
                    },
                });
            }
            if s.open_challenges().next().is_some() {
                return None;
            }
            // T17d: the result waits until the last play's sheet line is complete; a window
            // that lapsed by time (N5) is closed first by `timeouts`.
            if final_line_open(s) {
                return None;
            }
            if r.end_rack_rule.effects().counted && !s.racks_counted {
                return None;
            }
            // N8: overtime comes after the racks.
            if matches!(
                r.clock.overtime,
                OvertimePolicy::PenaltyPerStartedMinute { .. }
            ) && !s.overtime_done
            {
                let clocks = s.clocks.as_ref()?;
                let scores = s.scores();
                let mut over_ms = Sides { a: 0, b: 0 };
                let mut points = Sides { a: 0, b: 0 };
                for side in Side::BOTH {
                    over_ms[side] = (-clocks.remaining_ms(side, stopped_at)).max(0);
                    points[side] = overtime_penalty(&r.clock.overtime, over_ms[side], scores[side]);
                }
                return Some(Payload::OvertimePenalized { over_ms, points });
            }
            Some(Payload::ResultDeclared {
                result: GameResult::by_score(s.scores(), s.end),
            })
        }
        Status::Finished => {
            // N9: a score corrected after the result changes the totals: declared again.
            let declared = s.result.as_ref()?;
            let scores = s.scores();
            if declared.scores == scores {
                return None;
            }
            let result = match &s.forfeit {
                Some(_) => GameResult {
                    scores,
                    ..declared.clone()
                },
                None => GameResult::by_score(scores, s.end),
            };
            Some(Payload::ResultDeclared { result })
        }
        _ => None,
    }
}

/// T17b: the run of consecutive passes that counts toward the end: only passes count (an
/// exchange or anything else breaks the run), and every seat must pass in turn. A seat whose turn
/// was skipped because its side is out of time (T5) did not pass, so the skip breaks the run too:
/// "all four players passed in two cycles" cannot happen while a side cannot move, and such a game
/// ends by out-play or time (T17a, T17c), not by the other side's passes alone.
fn pass_cycles_run(s: &State) -> usize {
    let n = s.order.len();
    let position = |seat: Seat| s.order.iter().position(|o| *o == seat);
    let mut run = 0;
    let mut next: Option<Seat> = None;
    for t in s.turns.iter().rev() {
        if t.action != TurnAction::Pass {
            break;
        }
        if let Some(later) = next {
            let follows = match (position(t.seat), position(later)) {
                (Some(i), Some(j)) => n > 0 && (i + 1) % n == j,
                _ => false,
            };
            if !follows {
                break;
            }
        }
        run += 1;
        next = Some(t.seat);
    }
    run
}

fn require(
    actor: &Actor,
    ok: fn(&Actor) -> bool,
    command: &'static str,
    needs: &'static str,
) -> Result<(), RuleError> {
    if ok(actor) {
        Ok(())
    } else {
        Err(RuleError::Forbidden { command, needs })
    }
}

fn is_person(a: &Actor) -> bool {
    !matches!(a, Actor::System)
}

fn is_pic(a: &Actor) -> bool {
    matches!(a, Actor::Pic { .. } | Actor::Director { .. })
}

fn is_committee(a: &Actor) -> bool {
    matches!(a, Actor::Committee { .. } | Actor::Director { .. })
}

/// T1: seats in turn order from the side that moves first: A1, B1, A2, B2 (or A, B).
pub fn seat_order(first: Side, seats_per_side: u8) -> Vec<Seat> {
    (1..=seats_per_side)
        .flat_map(|n| [Seat::new(first, n), Seat::new(first.other(), n)])
        .collect()
}

/// A player acting for a seat must act for their own seat.
fn check_player_seat(actor: &Actor, seat: Seat) -> Result<(), RuleError> {
    match actor {
        Actor::Player { seat: own, .. } if *own != seat => Err(RuleError::Forbidden {
            command: "seat",
            needs: "the player of that seat",
        }),
        _ => Ok(()),
    }
}

fn ruleset(s: &State) -> Result<&Ruleset, RuleError> {
    s.ruleset()
        .ok_or(RuleError::Lifecycle("the match is not created"))
}

fn in_progress(s: &State) -> Result<(), RuleError> {
    match s.status {
        Status::New => Err(RuleError::Lifecycle("the match is not created")),
        Status::Created => Err(RuleError::Lifecycle("the match has not started")),
        Status::InProgress => Ok(()),
        Status::Ended | Status::Finished => Err(RuleError::GameOver),
    }
}

/// The seat that may take a turn action now (T1, T5, T7, T17a).
fn turn_seat(s: &State, actor: &Actor, claimed: Option<Seat>) -> Result<Seat, RuleError> {
    in_progress(s)?;
    require(actor, is_person, "turn", "a person")?;
    if s.open_challenges().next().is_some() {
        return Err(RuleError::ChallengeOpen);
    }
    let seat = s.seat_to_move().ok_or(RuleError::GameOver)?;
    let claimed = claimed.or(match actor {
        Actor::Player { seat, .. } => Some(*seat),
        _ => None,
    });
    if let Some(c) = claimed
        && c != seat
    {
        if !s.order.contains(&c) {
            return Err(RuleError::NoSuchSeat(c));
        }
        if !s.can_move(c.side) {
            return Err(RuleError::OutOfTime(c.side));
        }
        return Err(RuleError::NotYourTurn(seat));
    }
    check_player_seat(actor, seat)?;
    Ok(seat)
}

/// T7, T17d: objections (hold, challenges, accept) are heard while the game is played, and after
/// it ended until the last play's sheet line is complete.
fn objections_heard(s: &State) -> Result<(), RuleError> {
    if final_line_open(s) {
        Ok(())
    } else {
        in_progress(s)
    }
}

/// The play open to objection at `now` and its seat (T7, T14).
fn objection_target(s: &State, now: DateTime<Utc>) -> Result<(u32, Seat), RuleError> {
    objections_heard(s)?;
    let w = s.open_window(now).ok_or(RuleError::NoObjectionWindow)?;
    let t = s
        .turns
        .get(w.turn as usize)
        .ok_or(RuleError::NoObjectionWindow)?;
    Ok((w.turn, t.seat))
}

fn known_seat(s: &State, seat: Seat) -> Result<(), RuleError> {
    if s.order.contains(&seat) {
        Ok(())
    } else {
        Err(RuleError::NoSuchSeat(seat))
    }
}

fn rack_of(s: &State, seat: Seat) -> u8 {
    s.racks.get(&seat).copied().unwrap_or(0)
}

/// Tiles as named by a player: letters, `?` for a blank.
fn parse_tiles(tiles: &str) -> Result<Vec<char>, RuleError> {
    let tiles: Vec<char> = tiles
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if tiles.iter().any(|c| !(c.is_alphabetic() || *c == '?')) {
        return Err(RuleError::Invalid(
            "tiles are letters, with ? for a blank".into(),
        ));
    }
    Ok(tiles)
}

/// N3: one drawn tile: a letter of the tile set, or `?` for a blank.
fn drawn_tile(
    text: &str,
    field: &str,
    set: Option<&crate::rules::tiles::TileSet>,
) -> Result<char, RuleError> {
    let mut chars = text.trim().chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(RuleError::Invalid(format!(
            "{field}: one tile, a letter or ? for a blank"
        )));
    };
    let c = c.to_ascii_uppercase();
    let known = match set {
        Some(set) if c == '?' => set.blanks() > 0,
        Some(set) => set.has_letter(c),
        None => c == '?' || c.is_ascii_uppercase(),
    };
    if !known {
        return Err(RuleError::Invalid(format!(
            "{field}: {c} is not a tile of this set (a letter, or ? for a blank)"
        )));
    }
    Ok(c)
}

/// The words in order, each once (compared without regard to case).
fn distinct(words: &[String]) -> Vec<&String> {
    let mut seen = BTreeSet::new();
    words
        .iter()
        .filter(|w| seen.insert(w.trim().to_uppercase()))
        .collect()
}

/// N5: the words a challenge names, each once and spelled as the play formed them (board mode:
/// the words the board formed; sheet mode: the words the play declared). A word the play did not
/// form is refused.
fn named_words(named: &[String], formed: &[String]) -> Result<Vec<String>, RuleError> {
    let mut out: Vec<String> = Vec::new();
    for w in named.iter().map(|w| w.trim()).filter(|w| !w.is_empty()) {
        let Some(f) = formed.iter().find(|f| f.trim().eq_ignore_ascii_case(w)) else {
            return Err(RuleError::WordNotFormed {
                word: w.to_uppercase(),
                formed: formed.join(", "),
            });
        };
        if !out.iter().any(|o| o.eq_ignore_ascii_case(f)) {
            out.push(f.trim().to_string());
        }
    }
    Ok(out)
}

/// T8a-c: the score recorded after a score challenge.
pub fn score_after_challenge(
    declared: i32,
    actual: i32,
    by_teammate: bool,
    opponent_penalty: bool,
) -> i32 {
    if actual >= declared || by_teammate || !opponent_penalty {
        // T8a (under-declared or exact) and T8b (a teammate's correction).
        actual
    } else {
        // T8c: the excess is taken off once more.
        actual - (declared - actual)
    }
}

fn command_payloads(
    s: &State,
    cmd: Command,
    actor: &Actor,
    now: DateTime<Utc>,
) -> Result<Vec<Payload>, RuleError> {
    if let Command::Create { ruleset, names } = cmd {
        if s.status != Status::New {
            return Err(RuleError::Lifecycle("the match is already created"));
        }
        ruleset
            .validate()
            .map_err(|e| RuleError::Ruleset(e.to_string()))?;
        return Ok(vec![Payload::Created { ruleset, names }]);
    }
    let r = ruleset(s)?;
    match cmd {
        Command::Create { .. } | Command::TimeExpired | Command::Correction { .. } => {
            // Handled by `decide` before this point.
            Err(RuleError::Invalid("command handled elsewhere".into()))
        }
        Command::Start { first } => {
            require(actor, is_person, "start", "a person")?;
            if s.status != Status::Created {
                return Err(RuleError::Lifecycle("the match has already started"));
            }
            Ok(vec![Payload::Started {
                first,
                order: seat_order(first, r.seats_per_side),
                draw: None,
            }])
        }
        Command::Draw { a, b } => {
            require(actor, is_person, "draw", "a person")?;
            if s.status != Status::Created {
                return Err(RuleError::Lifecycle("the match has already started"));
            }
            let set = crate::rules::tiles::TileSet::by_name(&r.tiles.set);
            let a = drawn_tile(&a, "a", set.as_ref())?;
            let b = drawn_tile(&b, "b", set.as_ref())?;
            // N3: nearest to A goes first; a blank beats A; the same letter draws again.
            let rank = |c: char| {
                if c == '?' {
                    0
                } else {
                    u32::from(c) - u32::from('A') + 1
                }
            };
            let first = match rank(a).cmp(&rank(b)) {
                std::cmp::Ordering::Less => Side::A,
                std::cmp::Ordering::Greater => Side::B,
                std::cmp::Ordering::Equal => {
                    let shown = if a == '?' {
                        "a blank".to_string()
                    } else {
                        a.to_string()
                    };
                    return Err(RuleError::Redraw(shown));
                }
            };
            Ok(vec![Payload::Started {
                first,
                order: seat_order(first, r.seats_per_side),
                draw: Some(Sides {
                    a: a.to_string(),
                    b: b.to_string(),
                }),
            }])
        }
        Command::Play {
            words,
            tiles,
            mv,
            declared,
            seat,
            rack,
        } => {
            let seat = turn_seat(s, actor, seat)?;
            if declared < 0 {
                return Err(RuleError::Invalid(
                    "a declared score is not negative".into(),
                ));
            }
            let (words, tiles, mv, actual) = match r.entry_mode {
                EntryMode::Sheet => {
                    if rack.is_some() {
                        return Err(RuleError::Invalid(
                            "sheet mode: the rack is not recorded; give words and tiles".into(),
                        ));
                    }
                    if mv.is_some() {
                        return Err(RuleError::Invalid(
                            "sheet mode: give words and tiles, not a move".into(),
                        ));
                    }
                    // Bounded by the board: word length and words per play (C7).
                    let words = crate::rules::game::sheet::words(&words, tiles)?;
                    let tiles = tiles.ok_or_else(|| {
                        RuleError::Invalid("sheet mode: give the number of tiles laid".into())
                    })?;
                    (words, tiles, None, None)
                }
                EntryMode::Board => {
                    let mv = mv.ok_or_else(|| {
                        RuleError::Invalid("board mode: give the move, e.g. \"8D QI\"".into())
                    })?;
                    let board = s
                        .board
                        .as_ref()
                        .ok_or_else(|| RuleError::Ruleset("no board for this tile set".into()))?;
                    // C2: a rack the tablet records must be what the seat holds.
                    // An empty rack field (a form left blank) records no rack.
                    let rack = match rack.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
                        Some(text) => {
                            let rack = Rack::parse(text)
                                .map_err(|e| RuleError::Invalid(format!("rack: {e}")))?;
                            if rack.len() > usize::from(rack_of(s, seat)) {
                                return Err(RuleError::Board {
                                    rule: "C2",
                                    message: format!(
                                        "the rack {rack} has {} tiles; {seat} holds {}",
                                        rack.len(),
                                        rack_of(s, seat)
                                    ),
                                });
                            }
                            Some(rack)
                        }
                        None => None,
                    };
                    let p = board.read(&mv, rack.as_ref(), r.tiles.rack_size)?;
                    (p.words, p.tiles, Some(p.canonical), Some(p.actual))
                }
            };
            if tiles == 0 || tiles > r.tiles.rack_size {
                return Err(RuleError::Invalid(format!(
                    "a play lays 1 to {} tiles",
                    r.tiles.rack_size
                )));
            }
            if tiles > rack_of(s, seat) {
                return Err(RuleError::RackTooSmall(rack_of(s, seat)));
            }
            if !s.board_has_tiles() {
                if tiles < 2 {
                    return Err(RuleError::OpeningTooShort);
                }
            } else if let Some(max) = r.max_tiles_after_opening
                && tiles > max
            {
                return Err(RuleError::TooManyTiles(max));
            }
            let drawn = u8::try_from(s.bag.min(u32::from(tiles))).unwrap_or(tiles);
            Ok(vec![Payload::Played {
                seat,
                words,
                tiles,
                mv,
                declared,
                actual,
                drawn,
            }])
        }
        Command::Pass { seat } => {
            let seat = turn_seat(s, actor, seat)?;
            Ok(vec![Payload::Passed { seat }])
        }
        Command::Exchange { tiles, rack, seat } => {
            let seat = turn_seat(s, actor, seat)?;
            let named = parse_tiles(&tiles)?;
            let size = r.tiles.rack_size;
            if named.is_empty() || named.len() > usize::from(size) {
                return Err(RuleError::Invalid(format!(
                    "an exchange names 1 to {size} tiles"
                )));
            }
            if named.len() > usize::from(rack_of(s, seat)) {
                return Err(RuleError::RackTooSmall(rack_of(s, seat)));
            }
            // T10/N4: the bag must hold enough tiles.
            if s.bag < r.exchange.min_bag {
                return Err(RuleError::ExchangeBagTooSmall {
                    bag: s.bag,
                    min: r.exchange.min_bag,
                });
            }
            let pool = match &rack {
                Some(rack) => {
                    let rack = parse_tiles(rack)?;
                    let mut left = rack.clone();
                    for t in &named {
                        match left.iter().position(|c| c == t) {
                            Some(i) => {
                                left.swap_remove(i);
                            }
                            None => {
                                return Err(RuleError::Invalid(
                                    "the exchanged tiles are not all on the rack".into(),
                                ));
                            }
                        }
                    }
                    rack
                }
                None => named.clone(),
            };
            // T9: three or more of one letter; blanks do not count.
            if let Some(min) = r.exchange.min_same_letter {
                let mut counts: BTreeMap<char, u8> = BTreeMap::new();
                for c in pool.iter().filter(|c| **c != '?') {
                    *counts.entry(*c).or_insert(0) += 1;
                }
                if counts.values().all(|n| *n < min) {
                    return Err(RuleError::ExchangeNeedsSameLetter(min));
                }
            }
            Ok(vec![Payload::Exchanged {
                seat,
                tiles: named.into_iter().collect(),
            }])
        }
        Command::Accept => {
            require(actor, is_person, "accept", "a person")?;
            let (turn, _) = objection_target(s, now)?;
            if s.open_challenges().next().is_some() {
                return Err(RuleError::ChallengeOpen);
            }
            Ok(vec![Payload::LineClosed { turn, at: now }])
        }
        Command::Hold { by } => {
            require(actor, is_person, "hold", "a person")?;
            if r.objection.hold_ms.is_none() {
                return Err(RuleError::Hold("hold is not used under this ruleset"));
            }
            // N5/T17d: the game-ending play may be held too.
            objections_heard(s)?;
            let w = s.window.as_ref().ok_or(RuleError::NoObjectionWindow)?;
            if w.hold_at.is_some() {
                return Err(RuleError::Hold("hold was already called"));
            }
            if let Some(grace) = r.objection.grace_ms
                && now >= after(w.opened_at, i64::try_from(grace).unwrap_or(i64::MAX))
            {
                return Err(RuleError::Hold(
                    "hold must be called within the grace period",
                ));
            }
            let (turn, player) = objection_target(s, now)?;
            known_seat(s, by)?;
            check_player_seat(actor, by)?;
            if by.side == player.side {
                return Err(RuleError::NotAnOpponent);
            }
            Ok(vec![Payload::Held { by, turn }])
        }
        Command::ChallengeWord { by, words } => {
            require(actor, is_person, "challenge_word", "a person")?;
            if !r.word_challenge().allowed {
                return Err(RuleError::ChallengesNotUsed);
            }
            let (turn, player) = objection_target(s, now)?;
            known_seat(s, by)?;
            check_player_seat(actor, by)?;
            // T14: only the opposing side challenges words.
            if by.side == player.side {
                return Err(RuleError::NotAnOpponent);
            }
            let per = r.words_per_challenge;
            let already = s
                .challenges
                .iter()
                .any(|c| c.turn == turn && matches!(c.kind, ChallengeKind::Word { .. }));
            let formed: &[String] = match s.turns.get(turn as usize).map(|t| &t.action) {
                Some(TurnAction::Play { words, .. }) => words,
                _ => &[],
            };
            let words = named_words(&words, formed)?;
            // T13: one word challenge per turn, naming at most `per` words.
            if already || per.is_some_and(|k| words.is_empty() || words.len() > usize::from(k)) {
                return Err(RuleError::OneWordPerTurn(per.unwrap_or(1)));
            }
            if s.turns.get(turn as usize).is_some_and(|t| t.withdrawn) {
                return Err(RuleError::PlayWithdrawn);
            }
            Ok(vec![Payload::WordChallenged { by, turn, words }])
        }
        Command::ChallengeScore { by } => {
            require(actor, is_person, "challenge_score", "a person")?;
            let (turn, _) = objection_target(s, now)?;
            known_seat(s, by)?;
            check_player_seat(actor, by)?;
            let t = s
                .turns
                .get(turn as usize)
                .ok_or(RuleError::NoObjectionWindow)?;
            if t.withdrawn {
                return Err(RuleError::PlayWithdrawn);
            }
            if s.challenges
                .iter()
                .any(|c| c.turn == turn && c.kind == ChallengeKind::Score)
            {
                return Err(RuleError::ScoreAlreadyChallenged);
            }
            let mut out = vec![Payload::ScoreChallenged { by, turn }];
            // Board mode: the board knows the actual score, so the challenge is settled at once.
            if let Some(actual) = t.actual {
                let recorded = score_after_challenge(
                    t.declared,
                    actual,
                    by.side == t.seat.side,
                    r.score_challenge.opponent_penalty,
                );
                out.push(Payload::ScoreRuled {
                    challenge: s.last_seq + 1,
                    actual,
                    recorded,
                });
            }
            Ok(out)
        }
        Command::RuleWord { challenge, valid } => {
            require(actor, is_pic, "rule_word", "the PIC")?;
            let c = s
                .challenge(challenge)
                .filter(|c| c.ruling.is_none())
                .ok_or(RuleError::ChallengeNotOpen(challenge))?;
            let ChallengeKind::Word { words } = &c.kind else {
                return Err(RuleError::WrongChallengeKind(challenge));
            };
            let t = s
                .turns
                .get(c.turn as usize)
                .ok_or(RuleError::ChallengeNotOpen(challenge))?;
            let fx = r.word_challenge();
            let side = t.seat.side;
            let payload = if valid {
                // T12 / N5 5- and 10-point: the challenged side gains; double: the challenger
                // loses its next turn.
                // N5: each distinct word counts once (a log may predate the check at entry).
                let n = if !fx.bonus_per_word {
                    1
                } else if words.is_empty() {
                    match &t.action {
                        TurnAction::Play { words, .. } => distinct(words).len().max(1),
                        _ => 1,
                    }
                } else {
                    distinct(words).len()
                };
                let bonus = fx
                    .valid_bonus
                    .saturating_mul(i32::try_from(n).unwrap_or(i32::MAX));
                Payload::WordRuled {
                    challenge,
                    valid,
                    withdrawn: false,
                    points: (bonus != 0).then_some(SidePoints {
                        side,
                        points: bonus,
                    }),
                    lost_turn: (fx.challenger_loses_turn && s.status == Status::InProgress)
                        .then_some(c.by.side),
                }
            } else {
                // T13 / N5: the play is withdrawn and scores 0; team play takes 10 more.
                Payload::WordRuled {
                    challenge,
                    valid,
                    withdrawn: true,
                    points: (fx.invalid_penalty != 0).then_some(SidePoints {
                        side,
                        points: -fx.invalid_penalty,
                    }),
                    lost_turn: None,
                }
            };
            Ok(vec![payload])
        }
        Command::RuleScore { challenge, actual } => {
            require(actor, is_pic, "rule_score", "the PIC")?;
            if r.entry_mode == EntryMode::Board {
                return Err(RuleError::ActualFromBoard);
            }
            let c = s
                .challenge(challenge)
                .filter(|c| c.ruling.is_none())
                .ok_or(RuleError::ChallengeNotOpen(challenge))?;
            if c.kind != ChallengeKind::Score {
                return Err(RuleError::WrongChallengeKind(challenge));
            }
            if actual < 0 {
                return Err(RuleError::Invalid("an actual score is not negative".into()));
            }
            let t = s
                .turns
                .get(c.turn as usize)
                .ok_or(RuleError::ChallengeNotOpen(challenge))?;
            let recorded = if t.withdrawn {
                0
            } else {
                score_after_challenge(
                    t.declared,
                    actual,
                    c.by.side == t.seat.side,
                    r.score_challenge.opponent_penalty,
                )
            };
            Ok(vec![Payload::ScoreRuled {
                challenge,
                actual,
                recorded,
            }])
        }
        Command::AnnounceEnd => {
            require(actor, Actor::is_official, "announce_end", "an official")?;
            in_progress(s)?;
            if s.open_challenges().next().is_some() {
                return Err(RuleError::ChallengeOpen);
            }
            Ok(vec![Payload::GameEnded {
                reason: EndReason::Announced,
                at: now,
            }])
        }
        Command::AdjustRacks { racks } => {
            require(actor, is_person, "adjust_racks", "a person")?;
            let due = s.status == Status::Ended
                && s.end.is_some()
                && s.forfeit.is_none()
                && !s.racks_counted
                && r.end_rack_rule.effects().counted;
            if !due {
                return Err(RuleError::RacksNotDue);
            }
            if s.open_challenges().next().is_some() {
                return Err(RuleError::ChallengeOpen);
            }
            for seat in racks.keys() {
                known_seat(s, *seat)?;
            }
            let out = match s.end {
                Some(EndReason::OutPlay { seat }) => Some(seat),
                _ => None,
            };
            let racks: BTreeMap<Seat, u32> = s
                .order
                .iter()
                .map(|seat| {
                    let v = if Some(*seat) == out {
                        0
                    } else {
                        racks.get(seat).copied().unwrap_or(0)
                    };
                    (*seat, v)
                })
                .collect();
            let points = rack_adjustments(r.end_rack_rule, &racks, out.map(|s| s.side));
            Ok(vec![Payload::RacksAdjusted { racks, points }])
        }
        Command::CorrectScore { by, turn, actual } => {
            require(actor, is_person, "correct_score", "a person")?;
            corrections_open(s, r)?;
            known_seat(s, by)?;
            check_player_seat(actor, by)?;
            let t = s
                .turns
                .get(turn as usize)
                .ok_or_else(|| RuleError::Invalid(format!("there is no turn {turn}")))?;
            if !matches!(t.action, TurnAction::Play { .. }) {
                return Err(RuleError::Slip("only a play's score can be corrected"));
            }
            if t.withdrawn {
                return Err(RuleError::PlayWithdrawn);
            }
            if s.open_challenges().any(|c| c.turn == turn) {
                return Err(RuleError::ChallengeOpen);
            }
            let actual = match r.entry_mode {
                // Board mode: the board knows the true score.
                EntryMode::Board => {
                    let board = t.actual.ok_or(RuleError::ActualFromBoard)?;
                    if actual.is_some_and(|a| a != board) {
                        return Err(RuleError::ActualFromBoard);
                    }
                    board
                }
                EntryMode::Sheet => actual.ok_or_else(|| {
                    RuleError::Invalid("sheet mode: give the turn's actual score".into())
                })?,
            };
            if actual < 0 {
                return Err(RuleError::Invalid("an actual score is not negative".into()));
            }
            if actual == t.recorded {
                return Err(RuleError::Slip(
                    "the turn is already recorded at that score",
                ));
            }
            Ok(vec![Payload::ScoreCorrected {
                by,
                turn,
                previous: t.recorded,
                recorded: actual,
            }])
        }
        Command::VerifySlip { by } => {
            require(actor, is_person, "verify_slip", "a person")?;
            if r.score_corrections != ScoreCorrections::UntilSlipVerified {
                return Err(RuleError::Slip(
                    "the results slip is not verified under this ruleset",
                ));
            }
            known_seat(s, by)?;
            check_player_seat(actor, by)?;
            if s.result.is_none() {
                return Err(RuleError::Slip(
                    "the results slip is verified once the result is declared",
                ));
            }
            if s.result_final() {
                return Err(RuleError::SlipVerified);
            }
            if s.slip_verified[by.side] {
                return Err(RuleError::Slip("this side has already verified the slip"));
            }
            Ok(vec![Payload::SlipVerified { by }])
        }
        Command::Disqualify { side, reason } => {
            require(actor, is_committee, "disqualify", "the committee")?;
            forfeit_checks(s, &reason)?;
            Ok(vec![Payload::Disqualified {
                side,
                reason,
                by: actor.label(),
            }])
        }
        Command::Walkout { side, reason } => {
            require(actor, is_committee, "walkout", "the committee")?;
            forfeit_checks(s, &reason)?;
            Ok(vec![Payload::WalkedOut {
                side,
                reason,
                by: actor.label(),
            }])
        }
    }
}

/// N9: whether a score may still be corrected outside its objection window.
fn corrections_open(s: &State, r: &Ruleset) -> Result<(), RuleError> {
    if r.score_corrections != ScoreCorrections::UntilSlipVerified {
        return Err(RuleError::Slip(
            "a score is corrected only by a score challenge while its line is open (T7, T8)",
        ));
    }
    match s.status {
        Status::New => return Err(RuleError::Lifecycle("the match is not created")),
        Status::Created => return Err(RuleError::Lifecycle("the match has not started")),
        _ => {}
    }
    if s.forfeit.is_some() {
        return Err(RuleError::Slip("the match was decided by forfeit (T18b-c)"));
    }
    if s.result_final() {
        return Err(RuleError::SlipVerified);
    }
    Ok(())
}

fn forfeit_checks(s: &State, reason: &str) -> Result<(), RuleError> {
    if s.status == Status::New {
        return Err(RuleError::Lifecycle("the match is not created"));
    }
    if s.forfeit.is_some() {
        return Err(RuleError::Lifecycle("a forfeit is already recorded"));
    }
    if reason.trim().is_empty() {
        return Err(RuleError::Invalid("give a reason".into()));
    }
    Ok(())
}

/// E3: the seqs a correction of `seq` reverses: the event and its automatic consequences.
fn reversal(s: &State, seq: u64) -> Result<Vec<u64>, RuleError> {
    let reversed: BTreeSet<u64> = s
        .log
        .iter()
        .filter_map(|e| match &e.payload {
            Payload::Corrected { reverses, .. } => Some(reverses.iter().copied()),
            _ => None,
        })
        .flatten()
        .collect();
    let target = s
        .log
        .iter()
        .find(|e| e.seq == seq)
        .ok_or(RuleError::NotReversible(seq, "no such event"))?;
    if reversed.contains(&seq) {
        return Err(RuleError::NotReversible(seq, "already reversed"));
    }
    match &target.payload {
        Payload::Created { .. } => {
            return Err(RuleError::NotReversible(seq, "the match's creation stays"));
        }
        Payload::Corrected { .. } => {
            return Err(RuleError::NotReversible(
                seq,
                "a correction is not reversed",
            ));
        }
        p if p.is_automatic() => {
            return Err(RuleError::NotReversible(
                seq,
                "it follows from time or rules; reverse the event that caused it",
            ));
        }
        _ => {}
    }
    let mut out = vec![seq];
    for e in s.log.iter().filter(|e| e.seq > seq) {
        if reversed.contains(&e.seq) || matches!(e.payload, Payload::Corrected { .. }) {
            continue;
        }
        if !e.payload.is_automatic() {
            return Err(RuleError::NotReversible(
                seq,
                "later events depend on it; reverse them first",
            ));
        }
        out.push(e.seq);
    }
    Ok(out)
}
