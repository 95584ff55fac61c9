//! Applying events: [`apply`] one event to the [`State`], [`fold`] a stored log. Applying never
//! fails and never checks a rule: every event was checked by [`super::decide`] when it was made,
//! so replaying the log rebuilds the same state.
//!
//! Below the decisions and the view: nothing here imports them.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};

use crate::rules::clock::{ClockMode, Clocks};
use crate::rules::game::board_mode::BoardTrack;
use crate::rules::game::event::SidePoints;
use crate::rules::game::state::turn_index;
use crate::rules::game::{
    Adjustment, AdjustmentReason, Challenge, ChallengeKind, ChallengeRuling, EndReason, Event,
    Forfeit, Payload, ResultReason, ScoreCorrection, Seat, SheetEntry, SheetLine, Side, Sides,
    State, Status, Turn, TurnAction, Window,
};
use crate::rules::ruleset::{ChallengeOverrun, EntryMode};

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
            line(
                s,
                e.seq,
                seat.side,
                Some(*seat),
                Some(turn),
                SheetEntry::Turn,
                *declared,
            );
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
                withdraw(s, e.seq, t);
            }
            if let Some(SidePoints { side, points }) = points {
                s.adjustments.push(Adjustment {
                    seq: e.seq,
                    side: *side,
                    points: *points,
                    reason: AdjustmentReason::WordChallenge,
                });
                let entry = SheetEntry::WordChallenge { valid: *valid };
                line(s, e.seq, *side, None, turn, entry, *points);
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
            let (turn, by) = match s.challenge(*challenge) {
                Some(c) => (Some(c.turn), Some(c.by)),
                None => (None, None),
            };
            if let Some(c) = s.challenges.iter_mut().find(|c| c.id == *challenge) {
                c.ruling = Some(ChallengeRuling::Score {
                    actual: *actual,
                    recorded: *recorded,
                });
            }
            if let Some(i) = turn
                && let Some(t) = s.turns.get_mut(i as usize)
            {
                let change = recorded.saturating_sub(t.recorded);
                t.actual = Some(*actual);
                t.recorded = *recorded;
                let (side, seat) = (t.seat.side, t.seat);
                if let Some(by) = by {
                    let entry = SheetEntry::ScoreChallenge {
                        by,
                        actual: *actual,
                    };
                    line(s, e.seq, side, Some(seat), Some(i), entry, change);
                }
            }
            resume_clock(s, at);
        }
        Payload::ClockFlagged { side, at } => {
            // T5: the flag is written on the sheet, with the seat it caught on turn.
            let on_turn = s.seat_to_move().filter(|seat| seat.side == *side);
            line(s, e.seq, *side, on_turn, None, SheetEntry::OutOfTime, 0);
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
        Payload::RacksAdjusted {
            racks,
            points,
            tiles,
        } => {
            for side in Side::BOTH {
                push_adjustment(s, e.seq, side, points[side], AdjustmentReason::Racks);
                let entry = SheetEntry::Racks {
                    racks: racks.clone(),
                    tiles: tiles.clone(),
                };
                line(s, e.seq, side, None, None, entry, points[side]);
            }
            // T17d: counting the racks does not complete the last sheet line.
            s.racks_counted = true;
        }
        Payload::OvertimePenalized { points, over_ms } => {
            for side in Side::BOTH {
                push_adjustment(s, e.seq, side, -points[side], AdjustmentReason::Overtime);
                let entry = SheetEntry::Overtime {
                    over_ms: over_ms[side],
                };
                line(s, e.seq, side, None, None, entry, -points[side]);
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
                let change = recorded.saturating_sub(t.recorded);
                t.actual = Some(*recorded);
                t.recorded = *recorded;
                let seat = t.seat;
                s.score_corrections.push(ScoreCorrection {
                    seq: e.seq,
                    turn: *turn,
                    seat,
                    by: *by,
                    from: *previous,
                    to: *recorded,
                });
                let entry = SheetEntry::ScoreCorrection { by: *by };
                line(s, e.seq, seat.side, Some(seat), Some(*turn), entry, change);
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

fn push_plain_turn(s: &mut State, seq: u64, seat: Seat, at: DateTime<Utc>, action: TurnAction) {
    let turn = turn_index(s.turns.len());
    line(
        s,
        seq,
        seat.side,
        Some(seat),
        Some(turn),
        SheetEntry::Turn,
        0,
    );
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

/// Writes one line on the score sheet (C8): every change of a score goes through here, so the
/// lines of a side add up to its total.
fn line(
    s: &mut State,
    seq: u64,
    side: Side,
    seat: Option<Seat>,
    turn: Option<u32>,
    entry: SheetEntry,
    points: i32,
) {
    s.sheet.push(SheetLine {
        seq,
        side,
        seat,
        turn,
        entry,
        points,
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
fn withdraw(s: &mut State, seq: u64, turn: u32) {
    let Some(t) = s.turns.get_mut(turn as usize) else {
        return;
    };
    t.withdrawn = true;
    let taken = std::mem::take(&mut t.recorded);
    let (seat, tiles, drawn) = (t.seat, t.tiles, t.drawn);
    line(
        s,
        seq,
        seat.side,
        Some(seat),
        Some(turn),
        SheetEntry::Withdrawn,
        -taken,
    );
    // T13: a withdrawn play has no score left to challenge or rule: its other open challenges
    // close with it (the PIC queue drops them).
    for c in s
        .challenges
        .iter_mut()
        .filter(|c| c.turn == turn && c.ruling.is_none())
    {
        c.ruling = Some(ChallengeRuling::Withdrawn);
    }
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
        // The sheet keeps the count it wrote and takes it back on a line of its own.
        let counted: Vec<(Side, i32)> = s
            .sheet
            .iter()
            .filter(|l| matches!(l.entry, SheetEntry::Racks { .. }))
            .map(|l| (l.side, l.points))
            .collect();
        for side in Side::BOTH {
            let sum: i32 = counted
                .iter()
                .filter(|(s, _)| *s == side)
                .map(|(_, p)| *p)
                .fold(0, i32::saturating_add);
            let back: i32 = s
                .sheet
                .iter()
                .filter(|l| l.side == side && l.entry == SheetEntry::RacksRecounted)
                .map(|l| l.points)
                .fold(0, i32::saturating_add);
            let left = sum.saturating_add(back);
            if left != 0 {
                line(s, seq, side, None, None, SheetEntry::RacksRecounted, -left);
            }
        }
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
