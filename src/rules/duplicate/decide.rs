//! Decisions: each referee or arbitrator command checked against the [`State`], giving the
//! [`Payload`] to record or a [`DuplicateError`] with the state untouched. The caller stamps
//! it with a seq, `now` and who recorded it ([`record`]) and stores it.
//!
//! A turn runs: rack ([`draw_rack`] or [`type_rack`], D3) → [`start_turn`] (D4) → slips
//! ([`record_slip`], D5, any time from the start, corrections later too) → [`choose_top`]
//! (D6) → [`place_top`] → the next rack. [`undo`] reverses the latest master event;
//! [`end_game`] ends a game no rack can continue.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};
use rand::Rng;

use crate::rules::duplicate::draw::{self, parse_tiles};
use crate::rules::duplicate::slip::{Position, WordList, check};
use crate::rules::duplicate::{
    DuplicateError, DuplicateRuleset, EndReason, Event, FaultRuling, Official, Payload, Phase,
    RackSource, SlipInput, State, TopCandidate, apply, tops,
};
use crate::rules::movegen::WordGraph;
use crate::rules::tiles::{Rack, TileSet};

type Result<T> = std::result::Result<T, DuplicateError>;

/// Stamps `payload` with the next seq, `at` and `by`, applies it to `state` and returns the
/// event to store.
pub fn record(state: &mut State, at: DateTime<Utc>, by: Official, payload: Payload) -> Event {
    let event = Event {
        seq: state.last_seq + 1,
        at,
        by,
        payload,
    };
    apply(state, &event);
    event
}

fn phase_is(state: &State, want: &[Phase], action: &'static str, rule: &'static str) -> Result<()> {
    let phase = state.phase();
    match phase {
        Phase::NotCreated => Err(DuplicateError::Lifecycle("the game is not created")),
        Phase::Ended if !want.contains(&Phase::Ended) => Err(DuplicateError::GameOver),
        p if want.contains(&p) => Ok(()),
        _ => Err(DuplicateError::Phase {
            action,
            phase,
            rule,
        }),
    }
}

fn ruleset(state: &State) -> Result<(&DuplicateRuleset, &TileSet)> {
    match (&state.ruleset, &state.set) {
        (Some(r), Some(s)) => Ok((r, s)),
        _ => Err(DuplicateError::Lifecycle("the game is not created")),
    }
}

/// Creates the game: a checked ruleset and the players' numbers (at least one, no repeats).
pub fn create(state: &State, ruleset: DuplicateRuleset, players: Vec<u32>) -> Result<Payload> {
    if state.ruleset.is_some() {
        return Err(DuplicateError::Lifecycle("the game is already created"));
    }
    ruleset.validate()?;
    if players.is_empty() {
        return Err(DuplicateError::Players("at least one player".into()));
    }
    let mut seen = BTreeSet::new();
    if let Some(p) = players.iter().find(|p| !seen.insert(**p)) {
        return Err(DuplicateError::Players(format!(
            "player {p} is listed twice"
        )));
    }
    Ok(Payload::Created { ruleset, players })
}

/// Players added to the event after the game was created join a game not yet over (any new
/// number, none twice). Refused once the game has ended: its ranking is final.
pub fn join(state: &State, players: Vec<u32>) -> Result<Payload> {
    phase_is(
        state,
        &[
            Phase::AwaitingRack,
            Phase::RackShown,
            Phase::Running,
            Phase::TopChosen,
        ],
        "add players",
        "D1",
    )?;
    if players.is_empty() {
        return Err(DuplicateError::Players("at least one player".into()));
    }
    let mut seen = BTreeSet::new();
    if let Some(p) = players
        .iter()
        .find(|p| !seen.insert(**p) || state.players.contains(p))
    {
        return Err(DuplicateError::Players(format!(
            "player {p} is already in the game"
        )));
    }
    Ok(Payload::PlayersJoined { players })
}

/// D1, D3: the server draws the next rack; if none can meet the constraint, the game ends.
pub fn draw_rack(state: &State, rng: &mut impl Rng) -> Result<Payload> {
    phase_is(state, &[Phase::AwaitingRack], "draw a rack", "D1")?;
    let (r, set) = ruleset(state)?;
    let turn = state.turn_number() + 1;
    match draw::draw(set, &state.bag, &state.leftover, r.draw_minimum(turn), rng) {
        Ok(d) => Ok(Payload::RackDrawn {
            turn,
            rack: d.rack.to_string(),
            source: RackSource::Drawn { redraws: d.redraws },
        }),
        Err(draw::DrawError::Impossible { .. }) => Ok(Payload::Ended {
            reason: EndReason::DrawImpossible,
        }),
        Err(e) => Err(e.into()),
    }
}

/// D3: the referee typed the tiles drawn from a real bag (`redraw`: all had gone back first).
pub fn type_rack(state: &State, drawn: &str, redraw: bool) -> Result<Payload> {
    phase_is(state, &[Phase::AwaitingRack], "type a rack", "D1")?;
    let (r, set) = ruleset(state)?;
    let turn = state.turn_number() + 1;
    let drawn = parse_tiles(drawn)?;
    let rack = draw::check_rack(
        set,
        &state.bag,
        &state.leftover,
        &drawn,
        redraw,
        r.draw_minimum(turn),
    )?;
    Ok(Payload::RackDrawn {
        turn,
        rack: rack.to_string(),
        source: RackSource::Typed { redraw },
    })
}

/// D3: a prepared game's rack for the next turn, checked as a rack drawn from the pool.
pub fn prepared_rack(state: &State, rack: &str) -> Result<Payload> {
    phase_is(state, &[Phase::AwaitingRack], "set a prepared rack", "D1")?;
    let (r, set) = ruleset(state)?;
    let turn = state.turn_number() + 1;
    let rack = parse_tiles(rack)?;
    let rack = draw::check_rack(
        set,
        &state.bag,
        &state.leftover,
        &rack,
        true,
        r.draw_minimum(turn),
    )?;
    Ok(Payload::RackDrawn {
        turn,
        rack: rack.to_string(),
        source: RackSource::Prepared,
    })
}

/// D4: starts the turn's time (at the event's `at`).
pub fn start_turn(state: &State) -> Result<Payload> {
    phase_is(state, &[Phase::RackShown], "start the turn", "D4")?;
    Ok(Payload::TurnStarted {
        turn: state.turn_number(),
    })
}

/// D6: the top from the move generator. With several equal tops the referee's `choice`
/// (an index into them) is required and recorded; with one it may be left out.
pub fn choose_top(state: &State, graph: &WordGraph, choice: Option<usize>) -> Result<Payload> {
    phase_is(state, &[Phase::Running], "choose the top", "D6")?;
    let (r, set) = ruleset(state)?;
    let rack = state.rack().unwrap_or_default();
    let candidates = tops(graph, set, &state.board, &rack, r.notation);
    choose_among(state, candidates, choice)
}

/// D6: [`choose_top`] with the tops already computed for the current position (a cache of
/// the caller's: `candidates` must be [`tops`] of this very board and rack).
pub fn choose_among(
    state: &State,
    candidates: Vec<TopCandidate>,
    choice: Option<usize>,
) -> Result<Payload> {
    phase_is(state, &[Phase::Running], "choose the top", "D6")?;
    let count = candidates.len();
    let chosen = match (count, choice) {
        (0, _) => return Err(DuplicateError::NoPlay),
        (1, None) => 0,
        (_, None) => return Err(DuplicateError::ChoiceNeeded(count)),
        (_, Some(c)) if c >= count => {
            return Err(DuplicateError::ChoiceOutOfRange { choice: c, count });
        }
        (_, Some(c)) => c,
    };
    Ok(Payload::TopChosen {
        turn: state.turn_number(),
        candidates,
        chosen,
        referee_choice: count > 1,
    })
}

/// D6: puts the chosen top on the master board.
pub fn place_top(state: &State) -> Result<Payload> {
    phase_is(state, &[Phase::TopChosen], "place the top", "D6")?;
    let top = state
        .current()
        .and_then(|t| t.top.as_ref())
        .and_then(|t| t.play())
        .cloned()
        .ok_or(DuplicateError::NoPlay)?;
    Ok(Payload::PlayPlaced {
        turn: state.turn_number(),
        top,
    })
}

/// D5: checks a player's slip for `turn` on that turn's board and rack. A second slip for the
/// same player and turn is a correction (a new event that replaces the first). `ruling` is the
/// referee's choice for writing faults (the ruleset's default when `None`).
pub fn record_slip(
    state: &State,
    words: &impl WordList,
    turn: u32,
    slip: SlipInput,
    ruling: Option<FaultRuling>,
) -> Result<Payload> {
    phase_is(
        state,
        &[
            Phase::Running,
            Phase::TopChosen,
            Phase::AwaitingRack,
            Phase::RackShown,
            Phase::Ended,
        ],
        "record a slip",
        "D5",
    )?;
    let (r, set) = ruleset(state)?;
    if !state.players.contains(&slip.player) {
        return Err(DuplicateError::UnknownPlayer(slip.player));
    }
    let record = state
        .turns
        .iter()
        .find(|t| t.number == turn && t.started_at.is_some())
        .ok_or(DuplicateError::UnknownTurn(turn))?;
    let pos = Position {
        set,
        board: &record.board_before,
        rack: &record.rack,
        notation: r.notation,
    };
    let player = slip.player;
    let verdict = check(&pos, words, slip, ruling.unwrap_or(r.slip_fault));
    Ok(Payload::SlipRecorded {
        turn,
        player,
        verdict,
    })
}

/// The longest reference, word and points a phone slip may hold (a 15-letter word, `H-15`).
const PHONE_REFERENCE_MAX: usize = 8;
const PHONE_WORD_MAX: usize = 15;
const PHONE_POINTS_MAX: u32 = 2_000;

/// D4, D5 (the `phone_slips` option): a player's own slip entered from their phone at `now`,
/// for the turn whose time is running. Taken until the turn's time is up (`now` before its
/// end, on the server's clock) and while the referee has not chosen the top; not checked yet
/// (see [`check_phone_slips`]). A second entry replaces the first.
pub fn enter_phone_slip(state: &State, now: DateTime<Utc>, slip: SlipInput) -> Result<Payload> {
    let (r, _) = ruleset(state)?;
    if !r.phone_slips {
        return Err(DuplicateError::PhoneSlipsOff);
    }
    if !state.players.contains(&slip.player) {
        return Err(DuplicateError::UnknownPlayer(slip.player));
    }
    let turn = state.turn_number();
    match state.phase() {
        Phase::Running => {}
        Phase::Ended => return Err(DuplicateError::GameOver),
        Phase::TopChosen => return Err(DuplicateError::TimeUp(turn)),
        _ => return Err(DuplicateError::NoTurnRunning),
    }
    let ends = state.current().and_then(|t| t.ends_at(r));
    if ends.is_none_or(|end| now >= end) {
        return Err(DuplicateError::TimeUp(turn));
    }
    let bad = |field, why: &str| {
        Err(DuplicateError::Slip(crate::rules::duplicate::SlipError {
            field,
            why: why.to_owned(),
        }))
    };
    let reference = slip.reference.trim().to_owned();
    let word = slip.word.trim().to_owned();
    if reference.is_empty() || reference.chars().count() > PHONE_REFERENCE_MAX {
        return bad("reference", "write the reference, e.g. H8");
    }
    if word.is_empty()
        || word.chars().count() > PHONE_WORD_MAX
        || !word.chars().all(char::is_alphabetic)
    {
        return bad("word", "write the word in letters (a blank in lower case)");
    }
    if slip.points.is_some_and(|p| p > PHONE_POINTS_MAX) {
        return bad("points", "points are at most 2000");
    }
    Ok(Payload::PhoneSlipEntered {
        turn,
        slip: SlipInput {
            player: slip.player,
            reference,
            word,
            points: slip.points,
        },
    })
}

/// D5 (the `phone_slips` option): the checks of turn `turn`'s phone slips, once it is closed:
/// each player's last entry checked exactly like an arbitrator's slip ([`record_slip`], the
/// event's ruling on writing faults). A player who already has a slip for the turn (entered by
/// an arbitrator, or checked before) is left as they are: the arbitrators' record wins.
pub fn check_phone_slips(
    state: &State,
    words: &impl WordList,
    turn: u32,
) -> Result<Vec<(u32, Payload)>> {
    state
        .phone
        .iter()
        .filter(|((t, player), _)| *t == turn && !state.slips.contains_key(&(turn, *player)))
        .map(|((_, player), (slip, _))| {
            Ok((
                *player,
                record_slip(state, words, turn, slip.clone(), None)?,
            ))
        })
        .collect()
}

/// Undoes the latest master event still in effect (a new record; nothing is deleted).
pub fn undo(state: &State, reason: &str) -> Result<Payload> {
    if state.ruleset.is_none() {
        return Err(DuplicateError::Lifecycle("the game is not created"));
    }
    let undone: BTreeSet<u64> = state
        .log
        .iter()
        .filter_map(|e| match e.payload {
            Payload::Undone { reverses, .. } => Some(reverses),
            _ => None,
        })
        .collect();
    let target = state
        .log
        .iter()
        .rev()
        .filter(|e| !undone.contains(&e.seq))
        .find(|e| e.payload.undoable() || matches!(e.payload, Payload::Created { .. }))
        .filter(|e| e.payload.undoable())
        .ok_or(DuplicateError::NothingToUndo)?;
    Ok(Payload::Undone {
        reverses: target.seq,
        reason: reason.trim().to_owned(),
    })
}

/// Ends a game no rack can continue: D3 (the pool cannot meet the constraint) or no play with
/// the rack on show (D6). Refused while the game can go on.
pub fn end_game(state: &State, graph: &WordGraph) -> Result<Payload> {
    phase_is(
        state,
        &[Phase::AwaitingRack, Phase::RackShown, Phase::Running],
        "end the game",
        "D3",
    )?;
    let (r, set) = ruleset(state)?;
    let reason = if state.phase() == Phase::AwaitingRack {
        let min = r.draw_minimum(state.turn_number() + 1);
        (!draw::possible(set, &state.pool(), min)).then_some(EndReason::DrawImpossible)
    } else {
        let rack: Rack = state.rack().unwrap_or_default();
        tops(graph, set, &state.board, &rack, r.notation)
            .is_empty()
            .then_some(EndReason::NoPlay)
    };
    reason
        .map(|reason| Payload::Ended { reason })
        .ok_or(DuplicateError::NotOver)
}
