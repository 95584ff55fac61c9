//! N2 overtime with a limit (online, as Woogles does): a seek under N2 allows each player at
//! most `max_overtime_minutes` of overtime. A player whose running clock passes that limit
//! loses on time, so a game abandoned in overtime ends instead of running for ever.
//!
//! Readings:
//! - Clocks are shown to the second, so the limit is passed when the clock reads one second
//!   past it (−10:01 for 10 minutes): the game ends at `zero + limit + 1 s`, not before.
//! - The player who passed the limit is charged N2 for the full overtime allowed
//!   (`max_overtime_minutes × points`, e.g. 100 for 10 minutes at 10), not for an eleventh
//!   started minute; the opponent is charged for their own overtime, if any. The penalty is
//!   recorded before the loss on time, so the result carries it, and the opponent wins
//!   whatever the scores (the engine's walkout, T18c, with the reason `lost on time`).
//! - Only the running clock can pass the limit: a stopped clock never moves.

use chrono::{DateTime, Utc};

use crate::rules::clock::{ClockMode, after};
use crate::rules::game::{self, Actor, Command, Side, Sides, Status};
use crate::rules::online::decide::{Batch, LOST_ON_TIME, committee};
use crate::rules::online::error::OnlineError;
use crate::rules::online::event::OnlinePayload;
use crate::rules::online::settings::AtZero;
use crate::rules::online::state::OnlineState;

/// The overtime allowed, in ms, when the game is played under N2 with a limit.
fn limit_ms(state: &OnlineState) -> Option<i64> {
    match state.settings.as_ref()?.at_zero {
        AtZero::Overtime {
            max_overtime_minutes,
            ..
        } => Some(i64::from(max_overtime_minutes).saturating_mul(60_000)),
        AtZero::LossOnTime => None,
    }
}

/// The side whose running clock will pass the overtime limit, and the moment it does (the
/// clock then reads the limit and one second over), if the game is being played under N2.
pub(super) fn limit_at(state: &OnlineState) -> Option<(Side, DateTime<Utc>)> {
    let g = &state.game;
    if g.status != Status::InProgress || g.forfeit.is_some() || g.result.is_some() {
        return None;
    }
    let limit = limit_ms(state)?;
    let c = g.clocks.as_ref()?;
    // The ms the clock may still run: down to zero, through the limit, and one second more.
    let runway = |side: Side| {
        c.stored_ms[side]
            .saturating_add(limit)
            .saturating_add(1_000)
    };
    match c.mode {
        ClockMode::Running { side } => Some((side, after(c.since, runway(side)))),
        ClockMode::Challenge { charged } => {
            // T7: a challenger's clock runs only once the allowance is spent.
            let allowance = c.allowance_ms?.max(0);
            Side::BOTH
                .into_iter()
                .filter(|s| charged[*s])
                .map(|s| (s, after(c.since, allowance.saturating_add(runway(s)))))
                .min_by_key(|(_, at)| *at)
        }
        ClockMode::Stopped => None,
    }
}

/// The side past the overtime limit at `now`, and when it passed it.
pub(super) fn past_limit(state: &OnlineState, now: DateTime<Utc>) -> Option<(Side, DateTime<Utc>)> {
    limit_at(state).filter(|(_, at)| *at <= now)
}

/// Records the loss on time of a player past the overtime limit at the batch's time, at the
/// moment the limit was passed: time caught up to then (the flag at zero, a lapsed window),
/// the N2 penalty (the full overtime allowed for that player, their own for the opponent),
/// then the loss on time. Nothing when no clock is past the limit.
pub(super) fn end_past_limit(b: &mut Batch) -> Result<(), OnlineError> {
    let Some((side, at)) = past_limit(&b.state, b.now) else {
        return Ok(());
    };
    let (Some(limit), Some(policy)) = (
        limit_ms(&b.state),
        b.state.game.ruleset().map(|r| r.clock.overtime.clone()),
    ) else {
        return Ok(());
    };
    let now = b.now;
    b.now = b.state.last_at.map_or(at, |t| at.max(t));
    let done = record(b, side, limit, &policy);
    b.now = now;
    done
}

fn record(
    b: &mut Batch,
    side: Side,
    limit: i64,
    policy: &crate::rules::ruleset::OvertimePolicy,
) -> Result<(), OnlineError> {
    if game::due_timeouts(&b.state.game, b.now).is_some() {
        b.game(Command::TimeExpired, &Actor::System)?;
    }
    let scores = b.state.game.scores();
    let mut over_ms = Sides { a: 0, b: 0 };
    let mut points = Sides { a: 0, b: 0 };
    for s in Side::BOTH {
        over_ms[s] = if s == side {
            limit
        } else {
            b.state
                .game
                .clocks
                .as_ref()
                .map_or(0, |c| (-c.remaining_ms(s, b.now)).max(0))
        };
        points[s] = game::overtime_penalty(policy, over_ms[s], scores[s]);
    }
    b.push(
        Actor::System,
        OnlinePayload::Game {
            event: game::Payload::OvertimePenalized { over_ms, points },
        },
    );
    let reason = LOST_ON_TIME.to_string();
    b.game(Command::Walkout { side, reason }, &committee())?;
    Ok(())
}
