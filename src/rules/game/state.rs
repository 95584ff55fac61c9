//! The state of a match, folded from its events, and what the API shows of it.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::rules::clock::{ClockMode, Clocks, after};
use crate::rules::game::board_mode::BoardTrack;
use crate::rules::game::event::SidePoints;
use crate::rules::game::{EndReason, Event, GameResult, Payload, ResultReason, Seat, Side, Sides};
use crate::rules::ruleset::{
    ChallengeOverrun, EntryMode, OvertimePolicy, Ruleset, ScoreCorrections,
};

/// Where a match stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// No `created` event yet.
    #[default]
    New,
    /// Created, waiting for the draw (T1/N3).
    Created,
    /// Being played.
    InProgress,
    /// Play is over (T17/N6); racks, overtime or rulings are still to be recorded.
    Ended,
    /// The result is declared (T18).
    Finished,
}

/// What a turn was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TurnAction {
    /// A play (T6).
    Play {
        /// Words formed.
        words: Vec<String>,
        /// Board mode: the GCG move.
        #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
        mv: Option<String>,
    },
    /// A pass.
    Pass,
    /// An exchange (T9/T10, N4).
    Exchange {
        /// The tiles returned.
        tiles: String,
    },
    /// N5 double challenge: the turn lost by an unsuccessful challenger.
    LostTurn,
}

/// One line of the score sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Turn {
    /// The seq of the event that made the turn.
    pub seq: u64,
    /// Who was on turn.
    pub seat: Seat,
    /// When the turn was finished.
    pub at: DateTime<Utc>,
    /// What was done.
    pub action: TurnAction,
    /// Tiles laid from the rack.
    pub tiles: u8,
    /// Tiles drawn from the bag afterwards.
    pub drawn: u8,
    /// The announced score (T6).
    pub declared: i32,
    /// The true score when known (board mode, or after a score challenge).
    pub actual: Option<i32>,
    /// The score that counts.
    pub recorded: i32,
    /// T13/N5: the play was challenged off and scores 0.
    pub withdrawn: bool,
}

/// Why a side's score changed outside its turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AdjustmentReason {
    /// T12/T13, N5 5/10-point: a word challenge ruling.
    WordChallenge,
    /// T19, N6-N7: tiles left on the racks.
    Racks,
    /// N2: overtime.
    Overtime,
}

/// Points added to or taken from a side outside its turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Adjustment {
    /// The seq of the event that made it.
    pub seq: u64,
    /// The side.
    pub side: Side,
    /// Points (negative: taken).
    pub points: i32,
    /// Why.
    pub reason: AdjustmentReason,
}

/// What is challenged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChallengeKind {
    /// T11-T13, N5: words.
    Word {
        /// The words (empty: the whole play).
        words: Vec<String>,
    },
    /// T8: the declared score.
    Score,
}

/// How a challenge was ruled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChallengeRuling {
    /// T12/T13: the words were valid or not.
    Word {
        /// Whether valid.
        valid: bool,
    },
    /// T8: the actual score and the score recorded.
    Score {
        /// The true score.
        actual: i32,
        /// The score recorded.
        recorded: i32,
    },
    /// T18b-c: the match was forfeited while the challenge was open; nothing left to rule.
    Dropped,
}

/// A challenge (the PIC queue shows the open ones).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Challenge {
    /// The id: the seq of the event that opened it.
    pub id: u64,
    /// The turn challenged (index in the sheet).
    pub turn: u32,
    /// The challenger.
    pub by: Seat,
    /// When it was opened.
    pub opened_at: DateTime<Utc>,
    /// What is challenged.
    pub kind: ChallengeKind,
    /// The ruling, once made (T11: exactly once).
    pub ruling: Option<ChallengeRuling>,
}

/// T7/N5: the objection window of the last play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    /// The play's turn index.
    pub turn: u32,
    /// When the play was finished.
    pub opened_at: DateTime<Utc>,
    /// N5: when hold was called.
    pub hold_at: Option<DateTime<Utc>>,
}

/// N9: a turn's score put right after its line was complete, as the results slip shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ScoreCorrection {
    /// The seq of the `score_corrected` event.
    pub seq: u64,
    /// Index of the turn in the sheet.
    pub turn: u32,
    /// Who played the turn.
    pub seat: Seat,
    /// Who found the mistake.
    pub by: Seat,
    /// The score recorded before.
    pub from: i32,
    /// The score recorded now.
    pub to: i32,
}

/// A side that lost by forfeit (T18b-c).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Forfeit {
    /// The side that forfeited.
    pub side: Side,
    /// Disqualification or walkout.
    pub reason: ResultReason,
}

/// The folded state of one match. Not a storage format: store the events and [`fold`] them
/// (the API shows [`View`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// The ruleset from the `created` event.
    pub ruleset: Option<Ruleset>,
    /// Where the match stands.
    pub status: Status,
    /// T1: seats in turn order.
    pub order: Vec<Seat>,
    /// Turn counter: `order[to_move % order.len()]` is on turn.
    pub to_move: usize,
    /// The clocks (from the start).
    pub clocks: Option<Clocks>,
    /// When play started (T3 counts from here).
    pub started_at: Option<DateTime<Utc>>,
    /// T5/N2: sides whose clock has reached zero.
    pub flagged: Sides<bool>,
    /// T3: the match time limit was reached.
    pub time_up: bool,
    /// Tiles in the bag.
    pub bag: u32,
    /// Tiles on each rack.
    pub racks: BTreeMap<Seat, u8>,
    /// The score sheet.
    pub turns: Vec<Turn>,
    /// Points outside turns.
    pub adjustments: Vec<Adjustment>,
    /// Every challenge, open and ruled.
    pub challenges: Vec<Challenge>,
    /// The open objection window, if any.
    pub window: Option<Window>,
    /// N5 double: a side that loses its next turn.
    pub lost_turn_pending: Sides<bool>,
    /// Why play ended.
    pub end: Option<EndReason>,
    /// T19: racks counted.
    pub racks_counted: bool,
    /// N2: overtime applied.
    pub overtime_done: bool,
    /// T18b-c: disqualification or walkout.
    pub forfeit: Option<Forfeit>,
    /// T18: the result.
    pub result: Option<GameResult>,
    /// N9: score corrections made after the objection window.
    pub score_corrections: Vec<ScoreCorrection>,
    /// N9: the sides whose player verified the results slip (since the last correction).
    pub slip_verified: Sides<bool>,
    /// The seq of the last event.
    pub last_seq: u64,
    /// The latest time of any event: decisions never go back before it.
    pub last_at: Option<DateTime<Utc>>,
    /// Every event applied, reversed ones included, so a correction can re-fold (E3). Shared
    /// (`Arc`): a decision works on a copy of the state, and copying the log is then cheap.
    pub log: Vec<std::sync::Arc<Event>>,
    /// Board mode: the board with every standing play on it.
    pub board: Option<BoardTrack>,
}

/// Folds a stored log into a state. Events must be in seq order.
pub fn fold<'a>(events: impl IntoIterator<Item = &'a Event>) -> State {
    let mut state = State::default();
    for e in events {
        apply(&mut state, e);
    }
    state
}

/// Applies one event. Never fails: events were checked by `decide` when they were made.
pub fn apply(state: &mut State, event: &Event) {
    state.log.push(std::sync::Arc::new(event.clone()));
    if matches!(event.payload, Payload::Corrected { .. }) {
        rebuild(state);
    } else {
        apply_one(state, event);
    }
    state.last_seq = event.seq;
    state.last_at = Some(state.last_at.map_or(event.at, |t| t.max(event.at)));
}

/// E3: re-folds the log without the reversed events.
fn rebuild(state: &mut State) {
    let log = std::mem::take(&mut state.log);
    let reversed: BTreeSet<u64> = log
        .iter()
        .filter_map(|e| match &e.payload {
            Payload::Corrected { reverses, .. } => Some(reverses.iter().copied()),
            _ => None,
        })
        .flatten()
        .collect();
    let mut fresh = State::default();
    for e in &log {
        if !reversed.contains(&e.seq) && !matches!(e.payload, Payload::Corrected { .. }) {
            apply_one(&mut fresh, e);
        }
    }
    fresh.last_at = log.iter().map(|e| e.at).max();
    fresh.last_seq = log.last().map_or(0, |e| e.seq);
    fresh.log = log;
    *state = fresh;
}

fn apply_one(s: &mut State, e: &Event) {
    let at = e.at;
    s.last_seq = e.seq;
    match &e.payload {
        Payload::Created { ruleset, .. } => {
            s.ruleset = Some(ruleset.clone());
            s.status = Status::Created;
            if ruleset.entry_mode == EntryMode::Board {
                s.board = BoardTrack::new(&ruleset.tiles.set);
            }
        }
        Payload::Started { first, order, .. } => {
            let Some(r) = s.ruleset.clone() else { return };
            s.order = order.clone();
            s.to_move = 0;
            s.status = Status::InProgress;
            s.started_at = Some(at);
            let rack = r.tiles.rack_size;
            let dealt = u32::from(rack) * u32::try_from(order.len()).unwrap_or(0);
            s.bag = r.tiles.total.saturating_sub(dealt);
            s.racks = order.iter().map(|seat| (*seat, rack)).collect();
            let mut clocks = Clocks::new(r.clock.side_ms, r.clock.challenge_allowance_ms, at);
            clocks.switch(ClockMode::Running { side: *first }, at);
            s.clocks = Some(clocks);
        }
        Payload::Played {
            seat,
            words,
            tiles,
            mv,
            declared,
            actual,
            drawn,
        } => {
            let rack = s.racks.entry(*seat).or_insert(0);
            *rack = rack.saturating_sub(*tiles).saturating_add(*drawn);
            s.bag = s.bag.saturating_sub(u32::from(*drawn));
            s.turns.push(Turn {
                seq: e.seq,
                seat: *seat,
                at,
                action: TurnAction::Play {
                    words: words.clone(),
                    mv: mv.clone(),
                },
                tiles: *tiles,
                drawn: *drawn,
                declared: *declared,
                actual: *actual,
                recorded: *declared,
                withdrawn: false,
            });
            let turn = turn_index(s.turns.len() - 1);
            if let (Some(b), Some(mv)) = (s.board.as_mut(), mv) {
                b.place(turn, mv);
            }
            s.window = Some(Window {
                turn,
                opened_at: at,
                hold_at: None,
            });
            advance(s, at);
        }
        Payload::Passed { seat } => {
            push_plain_turn(s, e.seq, *seat, at, TurnAction::Pass);
            s.window = None;
            advance(s, at);
        }
        Payload::Exchanged { seat, tiles } => {
            let action = TurnAction::Exchange {
                tiles: tiles.clone(),
            };
            push_plain_turn(s, e.seq, *seat, at, action);
            s.window = None;
            advance(s, at);
        }
        Payload::LineClosed { turn, .. } => {
            if s.window.as_ref().is_some_and(|w| w.turn == *turn) {
                s.window = None;
            }
        }
        Payload::Held { .. } => {
            if let Some(w) = s.window.as_mut() {
                w.hold_at = Some(at);
            }
        }
        Payload::WordChallenged { by, turn, words } => {
            s.challenges.push(Challenge {
                id: e.seq,
                turn: *turn,
                by: *by,
                opened_at: at,
                kind: ChallengeKind::Word {
                    words: words.clone(),
                },
                ruling: None,
            });
            resume_clock(s, at);
        }
        Payload::ScoreChallenged { by, turn } => {
            s.challenges.push(Challenge {
                id: e.seq,
                turn: *turn,
                by: *by,
                opened_at: at,
                kind: ChallengeKind::Score,
                ruling: None,
            });
            resume_clock(s, at);
        }
        Payload::WordRuled {
            challenge,
            valid,
            withdrawn,
            points,
            lost_turn,
        } => {
            let turn = s.challenge(*challenge).map(|c| c.turn);
            if let Some(c) = s.challenges.iter_mut().find(|c| c.id == *challenge) {
                c.ruling = Some(ChallengeRuling::Word { valid: *valid });
            }
            if *withdrawn && let Some(t) = turn {
                withdraw(s, t);
            }
            if let Some(SidePoints { side, points }) = points {
                s.adjustments.push(Adjustment {
                    seq: e.seq,
                    side: *side,
                    points: *points,
                    reason: AdjustmentReason::WordChallenge,
                });
            }
            if let Some(side) = lost_turn {
                s.lost_turn_pending[*side] = true;
                if s.status == Status::InProgress
                    && s.seat_to_move().is_some_and(|seat| seat.side == *side)
                {
                    settle_turn(s, at);
                }
            }
            resume_clock(s, at);
        }
        Payload::ScoreRuled {
            challenge,
            actual,
            recorded,
        } => {
            let turn = s.challenge(*challenge).map(|c| c.turn);
            if let Some(c) = s.challenges.iter_mut().find(|c| c.id == *challenge) {
                c.ruling = Some(ChallengeRuling::Score {
                    actual: *actual,
                    recorded: *recorded,
                });
            }
            if let Some(t) = turn.and_then(|t| s.turns.get_mut(t as usize)) {
                t.actual = Some(*actual);
                t.recorded = *recorded;
            }
            resume_clock(s, at);
        }
        Payload::ClockFlagged { side, at } => {
            s.flagged[*side] = true;
            // T5: the flagged side's turn is skipped at the moment its clock reached zero.
            settle_turn(s, *at);
            resume_clock(s, *at);
        }
        Payload::MatchTimeUp { at } => {
            s.time_up = true;
            stop_clocks(s, *at);
        }
        Payload::GameEnded { reason, at } => {
            s.end = Some(*reason);
            s.status = Status::Ended;
            // T17d: however the game ends, the last play stays open to objection until its
            // sheet line is complete (`accept`, or the N5 grace/hold lapsing).
            stop_clocks(s, *at);
        }
        Payload::RacksAdjusted { points, .. } => {
            for side in Side::BOTH {
                push_adjustment(s, e.seq, side, points[side], AdjustmentReason::Racks);
            }
            // T17d: counting the racks does not complete the last sheet line.
            s.racks_counted = true;
        }
        Payload::OvertimePenalized { points, .. } => {
            for side in Side::BOTH {
                push_adjustment(s, e.seq, side, -points[side], AdjustmentReason::Overtime);
            }
            s.overtime_done = true;
        }
        Payload::ResultDeclared { result } => {
            s.result = Some(result.clone());
            s.status = Status::Finished;
            s.window = None;
            stop_clocks(s, at);
        }
        Payload::Disqualified { side, .. } => {
            forfeit(s, *side, ResultReason::Disqualification, at);
        }
        Payload::WalkedOut { side, .. } => {
            forfeit(s, *side, ResultReason::Walkout, at);
        }
        Payload::ScoreCorrected {
            by,
            turn,
            previous,
            recorded,
        } => {
            if let Some(t) = s.turns.get_mut(*turn as usize) {
                t.actual = Some(*recorded);
                t.recorded = *recorded;
                s.score_corrections.push(ScoreCorrection {
                    seq: e.seq,
                    turn: *turn,
                    seat: t.seat,
                    by: *by,
                    from: *previous,
                    to: *recorded,
                });
            }
            // N9: the slip changed, so earlier verifications no longer hold.
            s.slip_verified = Sides { a: false, b: false };
        }
        Payload::SlipVerified { by } => {
            s.slip_verified[by.side] = true;
        }
        Payload::Corrected { .. } => {}
    }
}

fn turn_index(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

fn push_plain_turn(s: &mut State, seq: u64, seat: Seat, at: DateTime<Utc>, action: TurnAction) {
    s.turns.push(Turn {
        seq,
        seat,
        at,
        action,
        tiles: 0,
        drawn: 0,
        declared: 0,
        actual: None,
        recorded: 0,
        withdrawn: false,
    });
}

fn push_adjustment(s: &mut State, seq: u64, side: Side, points: i32, reason: AdjustmentReason) {
    if points != 0 {
        s.adjustments.push(Adjustment {
            seq,
            side,
            points,
            reason,
        });
    }
}

fn forfeit(s: &mut State, side: Side, reason: ResultReason, at: DateTime<Utc>) {
    s.forfeit = Some(Forfeit { side, reason });
    // The PIC queue must not keep challenges of a match that is over by forfeit.
    for c in s.challenges.iter_mut().filter(|c| c.ruling.is_none()) {
        c.ruling = Some(ChallengeRuling::Dropped);
    }
    s.status = Status::Ended;
    s.window = None;
    stop_clocks(s, at);
}

fn stop_clocks(s: &mut State, at: DateTime<Utc>) {
    if let Some(c) = s.clocks.as_mut() {
        c.switch(ClockMode::Stopped, at);
    }
}

/// T13: the play goes back: its tiles to the rack, the tiles drawn to the bag, its score to 0.
fn withdraw(s: &mut State, turn: u32) {
    let Some(t) = s.turns.get_mut(turn as usize) else {
        return;
    };
    t.withdrawn = true;
    t.recorded = 0;
    let (seat, tiles, drawn) = (t.seat, t.tiles, t.drawn);
    let rack = s.racks.entry(seat).or_insert(0);
    *rack = rack.saturating_sub(drawn).saturating_add(tiles);
    s.bag = s.bag.saturating_add(u32::from(drawn));
    if let Some(b) = s.board.as_mut() {
        b.withdraw(turn);
    }
    // Nothing is left to object to in a withdrawn play: its sheet line is complete (T17d).
    if s.window.as_ref().is_some_and(|w| w.turn == turn) {
        s.window = None;
    }
    // T17d: racks counted while the last play was open counted the wrong tiles: the play's
    // tiles are back on a rack, so the racks are counted again.
    if s.racks_counted {
        s.racks_counted = false;
        s.adjustments
            .retain(|a| a.reason != AdjustmentReason::Racks);
    }
    // T13/T17a: a game-ending out-play challenged off: the game goes on.
    if s.status == Status::Ended && s.end == Some(EndReason::OutPlay { seat }) {
        s.status = Status::InProgress;
        s.end = None;
        s.window = None;
    }
}

/// The next seat is on turn; the clock switches to it (T6).
fn advance(s: &mut State, at: DateTime<Utc>) {
    s.to_move += 1;
    settle_turn(s, at);
    resume_clock(s, at);
}

/// Skips the turns of a side that lost a turn (N5 double) or can no longer move (T5).
fn settle_turn(s: &mut State, at: DateTime<Utc>) {
    let n = s.order.len();
    if n == 0 || s.status != Status::InProgress {
        return;
    }
    for _ in 0..(2 * n) {
        let seat = s.order[s.to_move % n];
        let side = seat.side;
        if s.lost_turn_pending[side] {
            s.lost_turn_pending[side] = false;
            push_plain_turn(s, s.last_seq, seat, at, TurnAction::LostTurn);
            s.window = None;
            s.to_move += 1;
            continue;
        }
        if !s.can_move(side) && s.can_move(side.other()) {
            s.to_move += 1;
            continue;
        }
        break;
    }
}

/// Sets the clocks to what the state says should run: the challenge (T7) while one is open,
/// else the side to move (T4), else nothing.
fn resume_clock(s: &mut State, at: DateTime<Utc>) {
    let mode = if s.status != Status::InProgress || s.time_up {
        ClockMode::Stopped
    } else if s.open_challenges().next().is_some() {
        // T7: past the allowance each open challenge runs its own challenger's clock (both
        // clocks when both sides have one open), unless the ruleset keeps them paused; T5: a
        // side that can no longer move has no time left to draw on.
        let mut charged = Sides { a: false, b: false };
        let overrun = s
            .ruleset
            .as_ref()
            .map_or(ChallengeOverrun::Challenger, |r| r.challenge_overrun);
        if overrun == ChallengeOverrun::Challenger {
            for c in s.open_challenges() {
                charged[c.by.side] |= s.can_move(c.by.side);
            }
        }
        ClockMode::Challenge { charged }
    } else {
        match s.seat_to_move() {
            Some(seat) => ClockMode::Running { side: seat.side },
            None => ClockMode::Stopped,
        }
    };
    if let Some(c) = s.clocks.as_mut() {
        c.switch(mode, at);
    }
}

impl State {
    /// The ruleset; `None` before the `created` event.
    pub fn ruleset(&self) -> Option<&Ruleset> {
        self.ruleset.as_ref()
    }

    /// T5: whether a side may still move (always, unless it is flagged under "no more moves").
    pub fn can_move(&self, side: Side) -> bool {
        let stops = self
            .ruleset
            .as_ref()
            .is_some_and(|r| r.clock.overtime == OvertimePolicy::NoMoreMoves);
        !(self.flagged[side] && stops)
    }

    /// The seat on turn, if the game is being played and someone can move.
    pub fn seat_to_move(&self) -> Option<Seat> {
        if self.status != Status::InProgress || self.order.is_empty() {
            return None;
        }
        let seat = self.order[self.to_move % self.order.len()];
        self.can_move(seat.side).then_some(seat)
    }

    /// A challenge by id.
    pub fn challenge(&self, id: u64) -> Option<&Challenge> {
        self.challenges.iter().find(|c| c.id == id)
    }

    /// Challenges waiting for a ruling (T11 queue).
    pub fn open_challenges(&self) -> impl Iterator<Item = &Challenge> {
        self.challenges.iter().filter(|c| c.ruling.is_none())
    }

    /// Each side's total: recorded turn scores plus adjustments.
    pub fn scores(&self) -> Sides<i32> {
        let mut s = Sides { a: 0i32, b: 0i32 };
        for t in &self.turns {
            s[t.seat.side] = s[t.seat.side].saturating_add(t.recorded);
        }
        for a in &self.adjustments {
            s[a.side] = s[a.side].saturating_add(a.points);
        }
        s
    }

    /// Whether a non-withdrawn play is on the board (T2: the opening is behind us).
    pub fn board_has_tiles(&self) -> bool {
        self.turns
            .iter()
            .any(|t| matches!(t.action, TurnAction::Play { .. }) && !t.withdrawn)
    }

    /// When the objection window closes by time (N5), or `None` when it stays open until the
    /// next action or an `accept` (T7).
    pub fn window_closes_at(&self) -> Option<DateTime<Utc>> {
        let w = self.window.as_ref()?;
        let r = self.ruleset.as_ref()?;
        let grace = i64::try_from(r.objection.grace_ms?).unwrap_or(i64::MAX);
        match (w.hold_at, r.objection.hold_ms) {
            (Some(h), Some(ms)) => Some(after(h, i64::try_from(ms).unwrap_or(i64::MAX))),
            _ => Some(after(w.opened_at, grace)),
        }
    }

    /// The play open to objection at `now` (T7/N5), if any.
    pub fn open_window(&self, now: DateTime<Utc>) -> Option<&Window> {
        let w = self.window.as_ref()?;
        match self.window_closes_at() {
            // Closed from the closing moment on, as the sweeper records it.
            Some(c) if now >= c => None,
            _ => Some(w),
        }
    }

    /// T17a: the seat that played out with the bag empty, if any.
    pub fn out_seat(&self) -> Option<Seat> {
        if self.bag != 0 || self.status == Status::Created {
            return None;
        }
        self.racks
            .iter()
            .find(|(_, n)| **n == 0)
            .map(|(seat, _)| *seat)
    }

    /// What the API shows at `now`: clocks and flags are brought up to date first.
    pub fn view(&self, now: DateTime<Utc>) -> View {
        let s = crate::rules::game::decide::caught_up(self, now);
        let now = s.last_at.map_or(now, |t| now.max(t));
        let clocks_ms = match &s.clocks {
            Some(c) => Sides {
                a: c.remaining_ms(Side::A, now),
                b: c.remaining_ms(Side::B, now),
            },
            None => {
                let full = s
                    .ruleset
                    .as_ref()
                    .map_or(0, |r| i64::try_from(r.clock.side_ms).unwrap_or(i64::MAX));
                Sides { a: full, b: full }
            }
        };
        let challenge_allowance_ms = match &s.clocks {
            Some(c) => c.allowance_remaining_ms(now),
            None => s
                .ruleset
                .as_ref()
                .and_then(|r| r.clock.challenge_allowance_ms)
                .map(|a| i64::try_from(a).unwrap_or(i64::MAX)),
        };
        let match_remaining_ms = match (&s.ruleset, s.started_at) {
            (Some(r), Some(start)) => r.clock.match_limit_ms.map(|l| {
                let end = if s.status == Status::InProgress {
                    now
                } else {
                    s.clocks.as_ref().map_or(now, |c| c.since)
                };
                let l = i64::try_from(l).unwrap_or(i64::MAX);
                (l - crate::rules::clock::elapsed_ms(start, end)).max(0)
            }),
            _ => None,
        };
        let objection_window = s.open_window(now).map(|w| WindowView {
            turn: w.turn,
            seat: s.turns.get(w.turn as usize).map(|t| t.seat),
            closes_at: s.window_closes_at(),
            held: w.hold_at.is_some(),
        });
        let seat_to_move = s.seat_to_move();
        View {
            status: s.status,
            // The log's last seq, not the caught-up one: flags and limits shown above are not
            // recorded yet, and a client sends this back as `expected_seq`, which must match the
            // log (the command then records them first).
            last_seq: self.last_seq,
            side_to_move: seat_to_move.map(|seat| seat.side),
            seat_to_move,
            order: s.order.clone(),
            scores: s.scores(),
            clocks_ms,
            clock_mode: s.clocks.as_ref().map_or(ClockMode::Stopped, |c| c.mode),
            challenge_allowance_ms,
            match_remaining_ms,
            flagged: s.flagged,
            bag: s.started_at.map(|_| s.bag),
            racks: s.racks.clone(),
            open_challenges: s.open_challenges().cloned().collect(),
            objection_window,
            turns: s.turns.clone(),
            adjustments: s.adjustments.clone(),
            end: s.end,
            forfeit: s.forfeit.clone(),
            result: s.result.clone(),
            board: s.board.as_ref().map(BoardTrack::rows),
            slip: s.slip(),
        }
    }
}

/// N8: the results slip.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ResultSlip {
    /// Final totals.
    pub scores: Sides<i32>,
    /// A's total minus B's.
    pub spread: i32,
    /// Every word challenged, with the ruling (`true`: valid).
    pub challenged_words: Vec<(String, bool)>,
    /// The highest-scoring play: seat, words and recorded score.
    pub best_play: Option<(Seat, Vec<String>, i32)>,
    /// N8: the highest-scoring word, with its score (see [`BestWord`]).
    pub best_word: Option<BestWord>,
    /// Board mode: the letters the blanks stand for, in the order they stand on the board.
    pub blanks: Vec<char>,
    /// N9: scores put right after their line was complete, each a record of its own.
    pub corrections: Vec<ScoreCorrection>,
    /// N9: the sides whose player has verified this slip.
    pub verified: Sides<bool>,
    /// N9: the result is final (both players verified the slip, or the ruleset does not ask them
    /// to); score corrections are refused from then on.
    pub result_final: bool,
    /// N8: both sides' names (players or teams), as the match was created.
    pub names: Option<Sides<String>>,
}

/// N8: the highest-scoring word of the game. Board mode: each word formed scores as the board
/// scores it (C5, premiums under the new tiles), the bingo bonus (C6) going with the main word,
/// whatever a score challenge recorded for the turn. Sheet mode knows only turn scores, so a
/// turn's recorded score stands for its main word. Withdrawn plays do not count; on equal
/// scores the earlier word is listed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BestWord {
    /// Who played it.
    pub seat: Seat,
    /// The turn (index in the sheet).
    pub turn: u32,
    /// The word.
    pub word: String,
    /// Its score.
    pub score: i32,
}

impl State {
    /// N8: the results slip, once the result is declared.
    pub fn slip(&self) -> Option<ResultSlip> {
        let result = self.result.as_ref()?;
        let mut challenged_words = Vec::new();
        for c in &self.challenges {
            if let (ChallengeKind::Word { words }, Some(ChallengeRuling::Word { valid })) =
                (&c.kind, &c.ruling)
            {
                let words = if words.is_empty() {
                    match self.turns.get(c.turn as usize).map(|t| &t.action) {
                        Some(TurnAction::Play { words, .. }) => words.clone(),
                        _ => Vec::new(),
                    }
                } else {
                    words.clone()
                };
                challenged_words.extend(words.into_iter().map(|w| (w, *valid)));
            }
        }
        let best_play = self
            .turns
            .iter()
            .filter(|t| !t.withdrawn)
            .filter_map(|t| match &t.action {
                TurnAction::Play { words, .. } => Some((t.seat, words.clone(), t.recorded)),
                _ => None,
            })
            .max_by_key(|(_, _, score)| *score);
        let best_word = self.best_word();
        let names = self.log.first().and_then(|e| match &e.payload {
            Payload::Created { names, .. } => names.clone(),
            _ => None,
        });
        let blanks = self
            .board
            .as_ref()
            .map(|b| {
                b.rows()
                    .iter()
                    .flat_map(|r| r.chars().filter(|c| c.is_lowercase()).collect::<Vec<_>>())
                    .map(|c| c.to_ascii_uppercase())
                    .collect()
            })
            .unwrap_or_default();
        Some(ResultSlip {
            scores: result.scores,
            spread: result.scores.a - result.scores.b,
            challenged_words,
            best_play,
            best_word,
            blanks,
            corrections: self.score_corrections.clone(),
            verified: self.slip_verified,
            result_final: self.result_final(),
            names,
        })
    }

    /// N9: whether the result is final: declared and, where the ruleset asks for it, the slip
    /// verified by both sides.
    pub fn result_final(&self) -> bool {
        let verify = self
            .ruleset
            .as_ref()
            .is_some_and(|r| r.score_corrections == ScoreCorrections::UntilSlipVerified);
        // T18b-c: a forfeit is the committee's decision; nothing on the slip changes it.
        self.result.is_some()
            && (!verify || self.forfeit.is_some() || (self.slip_verified.a && self.slip_verified.b))
    }

    /// N8: the highest-scoring word (see [`BestWord`]).
    fn best_word(&self) -> Option<BestWord> {
        let mut best: Option<BestWord> = None;
        for (i, t) in self.turns.iter().enumerate() {
            let TurnAction::Play { words, .. } = &t.action else {
                continue;
            };
            if t.withdrawn {
                continue;
            }
            let turn = turn_index(i);
            let scored: Vec<(String, i32)> =
                match self.board.as_ref().and_then(|b| b.breakdown(turn)) {
                    Some(p) => p
                        .words
                        .iter()
                        .enumerate()
                        .map(|(k, w)| {
                            let bonus = if k == 0 { p.bingo_bonus } else { 0 };
                            let score = i32::try_from(w.score + bonus).unwrap_or(i32::MAX);
                            (w.word.clone(), score)
                        })
                        .collect(),
                    None => words
                        .first()
                        .map(|w| (w.clone(), t.recorded))
                        .into_iter()
                        .collect(),
                };
            for (word, score) in scored {
                if best.as_ref().is_none_or(|b| score > b.score) {
                    best = Some(BestWord {
                        seat: t.seat,
                        turn,
                        word,
                        score,
                    });
                }
            }
        }
        best
    }
}

/// The objection window as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct WindowView {
    /// The turn open to objection.
    pub turn: u32,
    /// Who played it.
    pub seat: Option<Seat>,
    /// When it closes by time (N5), `null` when it stays open until the next action (T7).
    pub closes_at: Option<DateTime<Utc>>,
    /// N5: whether a hold was called.
    pub held: bool,
}

/// What `GET /api/v1/matches/{id}` shows: the state at `now`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = MatchState)]
pub struct View {
    /// Where the match stands.
    pub status: Status,
    /// The last seq in the log (the client sends it back as `expected_seq`). Clocks that ran
    /// out since, and what follows from them, are shown but not counted: they are recorded,
    /// with their own seqs, before the next command.
    pub last_seq: u64,
    /// The side on turn.
    pub side_to_move: Option<Side>,
    /// The seat on turn.
    pub seat_to_move: Option<Seat>,
    /// Seats in turn order (T1).
    pub order: Vec<Seat>,
    /// Totals.
    pub scores: Sides<i32>,
    /// Remaining ms per side at `now` (negative in overtime, N2).
    pub clocks_ms: Sides<i64>,
    /// What is running.
    pub clock_mode: ClockMode,
    /// T7: challenge allowance left (`null`: none in this ruleset).
    pub challenge_allowance_ms: Option<i64>,
    /// T3: match time left.
    pub match_remaining_ms: Option<i64>,
    /// T5: sides whose clock reached zero.
    pub flagged: Sides<bool>,
    /// Tiles in the bag (from the start).
    pub bag: Option<u32>,
    /// Tiles on each rack.
    pub racks: BTreeMap<Seat, u8>,
    /// The challenges waiting for a ruling.
    pub open_challenges: Vec<Challenge>,
    /// The play open to objection.
    pub objection_window: Option<WindowView>,
    /// The score sheet.
    pub turns: Vec<Turn>,
    /// Points outside turns.
    pub adjustments: Vec<Adjustment>,
    /// Why play ended.
    pub end: Option<EndReason>,
    /// T18b-c.
    pub forfeit: Option<Forfeit>,
    /// The result.
    pub result: Option<GameResult>,
    /// Board mode: 15 rows of letters, `.` for empty, lowercase for blanks.
    pub board: Option<Vec<String>>,
    /// N8: the results slip, once the result is declared.
    pub slip: Option<ResultSlip>,
}
