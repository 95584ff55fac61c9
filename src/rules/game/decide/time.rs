//! Time and consequences: what happens without anyone asking. Clocks running out (T5), the match
//! limit (T3) and the last play's objection window lapsing (N5) are due at a moment; the end of
//! the game (T17, N6), overtime (N2) and the result (T18) follow by rule from the state.

use chrono::{DateTime, Utc};

use crate::rules::clock::after;
use crate::rules::game::outcome::overtime_penalty;
use crate::rules::game::{
    EndReason, GameResult, Payload, Seat, Side, Sides, State, Status, Turn, TurnAction,
};
use crate::rules::ruleset::OvertimePolicy;

/// Time-triggered events in the state's future (or past), each with the moment it happens.
pub(super) fn timeouts(s: &State) -> Vec<(DateTime<Utc>, Payload)> {
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
pub(super) fn next_timeout(s: &State, now: DateTime<Utc>) -> Option<Payload> {
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
pub(super) fn final_line_open(s: &State) -> bool {
    s.status == Status::Ended && s.forfeit.is_none() && s.result.is_none() && s.window.is_some()
}

/// The next event that follows by rule from the state (end of game, overtime, result).
pub(super) fn next_consequence(s: &State, now: DateTime<Utc>) -> Option<Payload> {
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
            let trailing = |counts: &dyn Fn(&Turn) -> bool| {
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
