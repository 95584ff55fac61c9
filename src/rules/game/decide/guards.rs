//! Who may act and when: the checks every command group shares (T1, T5, T7, T17d).

use chrono::{DateTime, Utc};

use crate::rules::game::decide::time::final_line_open;
use crate::rules::game::{Actor, RuleError, Seat, State, Status};
use crate::rules::ruleset::Ruleset;

pub(super) fn require(
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

pub(super) fn is_person(a: &Actor) -> bool {
    !matches!(a, Actor::System)
}

pub(super) fn is_pic(a: &Actor) -> bool {
    matches!(a, Actor::Pic { .. } | Actor::Director { .. })
}

pub(super) fn is_committee(a: &Actor) -> bool {
    matches!(a, Actor::Committee { .. } | Actor::Director { .. })
}

/// A player acting for a seat must act for their own seat.
pub(super) fn check_player_seat(actor: &Actor, seat: Seat) -> Result<(), RuleError> {
    match actor {
        Actor::Player { seat: own, .. } if *own != seat => Err(RuleError::Forbidden {
            command: "seat",
            needs: "the player of that seat",
        }),
        _ => Ok(()),
    }
}

pub(super) fn ruleset(s: &State) -> Result<&Ruleset, RuleError> {
    s.ruleset()
        .ok_or(RuleError::Lifecycle("the match is not created"))
}

pub(super) fn in_progress(s: &State) -> Result<(), RuleError> {
    match s.status {
        Status::New => Err(RuleError::Lifecycle("the match is not created")),
        Status::Created => Err(RuleError::Lifecycle("the match has not started")),
        Status::InProgress => Ok(()),
        Status::Ended | Status::Finished => Err(RuleError::GameOver),
    }
}

/// The seat that may take a turn action now (T1, T5, T7, T17a).
pub(super) fn turn_seat(
    s: &State,
    actor: &Actor,
    claimed: Option<Seat>,
) -> Result<Seat, RuleError> {
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
pub(super) fn objections_heard(s: &State) -> Result<(), RuleError> {
    if final_line_open(s) {
        Ok(())
    } else {
        in_progress(s)
    }
}

/// The play open to objection at `now` and its seat (T7, T14).
pub(super) fn objection_target(s: &State, now: DateTime<Utc>) -> Result<(u32, Seat), RuleError> {
    objections_heard(s)?;
    let w = s.open_window(now).ok_or(RuleError::NoObjectionWindow)?;
    let t = s
        .turns
        .get(w.turn as usize)
        .ok_or(RuleError::NoObjectionWindow)?;
    Ok((w.turn, t.seat))
}

pub(super) fn known_seat(s: &State, seat: Seat) -> Result<(), RuleError> {
    if s.order.contains(&seat) {
        Ok(())
    } else {
        Err(RuleError::NoSuchSeat(seat))
    }
}

pub(super) fn rack_of(s: &State, seat: Seat) -> u8 {
    s.racks.get(&seat).copied().unwrap_or(0)
}
