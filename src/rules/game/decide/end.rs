//! The end of the game and the results slip: the director's announced end (N6), the racks
//! counted (T19, N6-N7), score corrections and slip verification (N9).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use crate::rules::game::decide::guards::{
    check_player_seat, in_progress, is_person, known_seat, require,
};
use crate::rules::game::outcome::rack_adjustments;
use crate::rules::game::{Actor, EndReason, Payload, RuleError, Seat, State, Status, TurnAction};
use crate::rules::ruleset::{EntryMode, Ruleset, ScoreCorrections};

/// N6: the director announces the end of the game.
pub(super) fn announce_end(
    s: &State,
    actor: &Actor,
    now: DateTime<Utc>,
) -> Result<Vec<Payload>, RuleError> {
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

/// T19, N6-N7: the value of the tiles left on each rack.
pub(super) fn adjust_racks(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    racks: BTreeMap<Seat, u32>,
) -> Result<Vec<Payload>, RuleError> {
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

/// N9: a player puts right a turn's score.
pub(super) fn correct_score(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    by: Seat,
    turn: u32,
    actual: Option<i32>,
) -> Result<Vec<Payload>, RuleError> {
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
        EntryMode::Sheet => actual
            .ok_or_else(|| RuleError::Invalid("sheet mode: give the turn's actual score".into()))?,
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

/// N9: a player verifies the results slip.
pub(super) fn verify_slip(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    by: Seat,
) -> Result<Vec<Payload>, RuleError> {
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
