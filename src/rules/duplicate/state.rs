//! The master game's state, folded from its log: board, bag, rack, turn number, the turns with
//! their tops, the slips, the cumulative top total. [`apply`] never fails and never checks a
//! rule (every event was checked when it was decided), so replaying a log rebuilds the same
//! state; an `undone` event re-folds the log without the event it reverses.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};

use crate::rules::board::Board;
use crate::rules::duplicate::draw::union;
use crate::rules::duplicate::{
    DuplicateRuleset, EndReason, Event, Payload, SlipInput, TopCandidate, Verdict,
};
use crate::rules::notation::Move;
use crate::rules::placement::validate;
use crate::rules::tiles::{Rack, TileSet};

/// One turn of the master game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnRecord {
    /// The turn, from 1.
    pub number: u32,
    /// Its rack (kept tiles included).
    pub rack: Rack,
    /// The master board before its top: slips of this turn are checked on it (D5).
    pub board_before: Board,
    /// D4: when its time started (`None`: not yet).
    pub started_at: Option<DateTime<Utc>>,
    /// D6: the top chosen, with every candidate.
    pub top: Option<ChosenTop>,
    /// The chosen top is on the master board.
    pub placed: bool,
}

impl TurnRecord {
    /// D4: when the turn's time ends (`None` before it starts).
    pub fn ends_at(&self, ruleset: &DuplicateRuleset) -> Option<DateTime<Utc>> {
        let ms = i64::try_from(ruleset.turn_ms).ok()?;
        Some(self.started_at? + chrono::Duration::milliseconds(ms))
    }

    /// D4: when the referee warns that time is nearly up (30 s before the end by default).
    pub fn warning_at(&self, ruleset: &DuplicateRuleset) -> Option<DateTime<Utc>> {
        let ms = i64::try_from(ruleset.warning_ms).ok()?;
        Some(self.ends_at(ruleset)? - chrono::Duration::milliseconds(ms))
    }
}

/// D6: a chosen top and the equal tops it was chosen among.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChosenTop {
    /// Every play tied for the top score.
    pub candidates: Vec<TopCandidate>,
    /// Index of the one chosen.
    pub chosen: usize,
    /// The referee chose among several.
    pub referee_choice: bool,
}

impl ChosenTop {
    /// The chosen play.
    pub fn play(&self) -> Option<&TopCandidate> {
        self.candidates.get(self.chosen)
    }
}

/// Where the game stands: what the referee's console offers next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// No `created` event yet.
    NotCreated,
    /// Waiting for the next rack (D3).
    AwaitingRack,
    /// The rack is shown; the turn's time has not started (D4).
    RackShown,
    /// The turn's time is running (D4); slips come in (D5).
    Running,
    /// The top is chosen, not placed yet (D6).
    TopChosen,
    /// The game is over.
    Ended,
}

/// The master game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// The ruleset (from `created`).
    pub ruleset: Option<DuplicateRuleset>,
    /// Its tile set, vowels applied.
    pub set: Option<TileSet>,
    /// The players' numbers.
    pub players: Vec<u32>,
    /// The master board.
    pub board: Board,
    /// The tiles in the bag (not on the board or the rack).
    pub bag: Rack,
    /// The tiles left from the last rack once its top was placed (kept for the next draw).
    pub leftover: Rack,
    /// Every turn so far.
    pub turns: Vec<TurnRecord>,
    /// D5: the latest verdict per (turn, player).
    pub slips: BTreeMap<(u32, u32), Verdict>,
    /// D5 (`phone_slips`): the latest phone entry per (turn, player), with when it came.
    pub phone: BTreeMap<(u32, u32), (SlipInput, DateTime<Utc>)>,
    /// Why the game ended, once it has.
    pub ended: Option<EndReason>,
    /// The last event's seq (0 before any).
    pub last_seq: u64,
    /// The log folded so far, undone events included.
    pub log: Vec<Event>,
}

impl State {
    /// What comes next.
    pub fn phase(&self) -> Phase {
        if self.ruleset.is_none() {
            return Phase::NotCreated;
        }
        if self.ended.is_some() {
            return Phase::Ended;
        }
        match self.turns.last() {
            None => Phase::AwaitingRack,
            Some(t) if t.placed => Phase::AwaitingRack,
            Some(t) if t.top.is_some() => Phase::TopChosen,
            Some(t) if t.started_at.is_some() => Phase::Running,
            Some(_) => Phase::RackShown,
        }
    }

    /// The current turn (the last one drawn), if any.
    pub fn current(&self) -> Option<&TurnRecord> {
        self.turns.last()
    }

    /// The current turn's number (0 before the first rack).
    pub fn turn_number(&self) -> u32 {
        self.turns.last().map_or(0, |t| t.number)
    }

    /// The rack on show: the current turn's while its top is not placed.
    pub fn rack(&self) -> Option<Rack> {
        self.turns.last().filter(|t| !t.placed).map(|t| t.rack)
    }

    /// D9: the sum of the tops placed so far.
    pub fn top_total(&self) -> u32 {
        self.placed_tops().map(|(_, t)| t.score).sum()
    }

    /// The tops on the board, by turn number.
    pub fn placed_tops(&self) -> impl Iterator<Item = (u32, &TopCandidate)> {
        self.turns
            .iter()
            .filter(|t| t.placed)
            .filter_map(|t| Some((t.number, t.top.as_ref()?.play()?)))
    }

    /// The pool the next draw comes from: the bag and the kept tiles (D3).
    pub fn pool(&self) -> Rack {
        union(&self.bag, &self.leftover)
    }
}

/// Folds a stored log, in seq order.
pub fn fold<'a>(events: impl IntoIterator<Item = &'a Event>) -> State {
    let mut state = State::default();
    for e in events {
        state.log.push(e.clone());
    }
    rebuild(&mut state);
    state
}

/// Applies one event. Never fails.
pub fn apply(state: &mut State, event: &Event) {
    state.log.push(event.clone());
    if matches!(event.payload, Payload::Undone { .. }) {
        rebuild(state);
    } else {
        apply_one(state, event);
        state.last_seq = event.seq;
    }
}

/// Re-folds the log without the undone events.
fn rebuild(state: &mut State) {
    let log = std::mem::take(&mut state.log);
    let undone: BTreeSet<u64> = log
        .iter()
        .filter_map(|e| match e.payload {
            Payload::Undone { reverses, .. } => Some(reverses),
            _ => None,
        })
        .collect();
    let mut fresh = State::default();
    for e in &log {
        if !undone.contains(&e.seq) && !matches!(e.payload, Payload::Undone { .. }) {
            apply_one(&mut fresh, e);
        }
    }
    fresh.last_seq = log.last().map_or(0, |e| e.seq);
    fresh.log = log;
    *state = fresh;
}

fn apply_one(s: &mut State, e: &Event) {
    match &e.payload {
        Payload::Created { ruleset, players } => {
            s.set = ruleset.tiles().ok();
            s.bag = s.set.as_ref().map(TileSet::full_bag).unwrap_or_default();
            s.ruleset = Some(ruleset.clone());
            s.players = players.clone();
        }
        Payload::RackDrawn { turn, rack, .. } => {
            let rack = Rack::parse(rack).unwrap_or_default();
            let mut pool = s.pool();
            pool.take_all(&rack);
            s.bag = pool;
            s.leftover = Rack::new();
            // A new rack for a turn voids slips checked on an earlier, undone rack of it.
            s.slips.retain(|(t, _), _| t != turn);
            s.phone.retain(|(t, _), _| t != turn);
            s.turns.push(TurnRecord {
                number: *turn,
                rack,
                board_before: s.board.clone(),
                started_at: None,
                top: None,
                placed: false,
            });
        }
        Payload::TurnStarted { .. } => {
            if let Some(t) = s.turns.last_mut() {
                t.started_at = Some(e.at);
            }
        }
        Payload::TopChosen {
            candidates,
            chosen,
            referee_choice,
            ..
        } => {
            if let Some(t) = s.turns.last_mut() {
                t.top = Some(ChosenTop {
                    candidates: candidates.clone(),
                    chosen: *chosen,
                    referee_choice: *referee_choice,
                });
            }
        }
        Payload::PlayPlaced { top, .. } => place(s, top),
        Payload::SlipRecorded {
            turn,
            player,
            verdict,
        } => {
            if s.turns.iter().any(|t| t.number == *turn) {
                s.slips.insert((*turn, *player), verdict.clone());
            }
        }
        Payload::Ended { reason } => s.ended = Some(*reason),
        Payload::PlayersJoined { players } => {
            for p in players {
                if !s.players.contains(p) {
                    s.players.push(*p);
                }
            }
        }
        Payload::PhoneSlipEntered { turn, slip } => {
            if s.turns.iter().any(|t| t.number == *turn) {
                s.phone.insert((*turn, slip.player), (slip.clone(), e.at));
            }
        }
        Payload::Undone { .. } => {}
    }
}

fn place(s: &mut State, top: &TopCandidate) {
    let (Some(set), Some(turn)) = (s.set.as_ref(), s.turns.last_mut()) else {
        return;
    };
    // Checked when `place_top` decided it; a record that no longer reads is left off the
    // board rather than guessed at.
    let Ok(mv) = Move::parse_gcg(&top.position, &top.word) else {
        return;
    };
    let Ok(placement) = validate(&s.board, set, &mv, Some(&turn.rack)) else {
        return;
    };
    placement.apply(&mut s.board);
    let mut left = turn.rack;
    left.take_all(&placement.rack_tiles());
    s.leftover = left;
    turn.placed = true;
}
