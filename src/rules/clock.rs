//! Match clocks by arithmetic (T3-T5, T7, N1-N2).
//!
//! Nothing ticks: the clocks store each side's remaining time and the challenge allowance as they
//! were at the last switch (`since`), plus which of them is running. Remaining time at any `now`
//! is computed from those numbers, so a restart of the server changes no clock and every value
//! can be checked against a stopwatch to the millisecond.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::rules::game::{Side, Sides};

/// What is running.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ClockMode {
    /// Nothing runs (before the start, after the end).
    Stopped,
    /// T4/N1: only the clock of the side to move runs.
    Running {
        /// The side whose clock runs.
        side: Side,
    },
    /// T7: a challenge is open, both side clocks are stopped; the time is drawn from the
    /// challenge allowance and, once it is spent, from the challengers' clocks.
    Challenge {
        /// The sides charged once the allowance is spent: each side with an open challenge of its
        /// own that can still move (T5); none under `challenge_overrun: paused`.
        charged: Sides<bool>,
    },
}

/// The stored clock fields (what a projection row keeps).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// Each side's remaining ms at `since`; negative in overtime (N2).
    pub stored_ms: Sides<i64>,
    /// The challenge allowance left at `since` (`None`: the ruleset has none, clocks just stop).
    pub allowance_ms: Option<i64>,
    /// What is running since `since`.
    pub mode: ClockMode,
    /// The time of the last switch.
    pub since: DateTime<Utc>,
}

/// Milliseconds from `from` to `to`, never negative: a clock never runs backwards.
pub fn elapsed_ms(from: DateTime<Utc>, to: DateTime<Utc>) -> i64 {
    (to - from).num_milliseconds().max(0)
}

/// `at` plus `ms` milliseconds, saturating at the ends of the calendar: a duration no ruleset
/// allows (rulesets stored before durations were bounded) gives a moment that never comes,
/// never a panic.
pub fn after(at: DateTime<Utc>, ms: i64) -> DateTime<Utc> {
    Duration::try_milliseconds(ms)
        .and_then(|d| at.checked_add_signed(d))
        .unwrap_or(if ms < 0 {
            DateTime::<Utc>::MIN_UTC
        } else {
            DateTime::<Utc>::MAX_UTC
        })
}

impl Clocks {
    /// Both clocks full and stopped.
    pub fn new(side_ms: u64, allowance_ms: Option<u64>, at: DateTime<Utc>) -> Self {
        let full = i64::try_from(side_ms).unwrap_or(i64::MAX);
        Self {
            stored_ms: Sides { a: full, b: full },
            allowance_ms: allowance_ms.map(|a| i64::try_from(a).unwrap_or(i64::MAX)),
            mode: ClockMode::Stopped,
            since: at,
        }
    }

    /// The side's remaining time at `now` (negative in overtime).
    pub fn remaining_ms(&self, side: Side, now: DateTime<Utc>) -> i64 {
        let stored = self.stored_ms[side];
        let e = elapsed_ms(self.since, now);
        match self.mode {
            ClockMode::Running { side: s } if s == side => stored.saturating_sub(e),
            ClockMode::Challenge { charged } if charged[side] => {
                stored.saturating_sub(self.challenge_overflow(e))
            }
            _ => stored,
        }
    }

    /// The challenge allowance left at `now`.
    pub fn allowance_remaining_ms(&self, now: DateTime<Utc>) -> Option<i64> {
        let a = self.allowance_ms?;
        match self.mode {
            ClockMode::Challenge { .. } => {
                Some(a.saturating_sub(elapsed_ms(self.since, now)).max(0))
            }
            _ => Some(a),
        }
    }

    /// T7: challenge time beyond the allowance, charged to the challenger. With no allowance in
    /// the ruleset (N5) clocks simply stop and nothing is charged.
    fn challenge_overflow(&self, elapsed: i64) -> i64 {
        match self.allowance_ms {
            Some(a) => elapsed.saturating_sub(a.max(0)).max(0),
            None => 0,
        }
    }

    /// Folds the time since the last switch into the stored fields and starts `mode` at `at`.
    pub fn switch(&mut self, mode: ClockMode, at: DateTime<Utc>) {
        let at = at.max(self.since);
        let a = self.remaining_ms(Side::A, at);
        let b = self.remaining_ms(Side::B, at);
        self.allowance_ms = self.allowance_remaining_ms(at);
        self.stored_ms = Sides { a, b };
        self.mode = mode;
        self.since = at;
    }

    /// When `side`'s clock reaches zero if nothing else happens, or `None` if it is not running
    /// down (or already at or below zero).
    pub fn zero_at(&self, side: Side) -> Option<DateTime<Utc>> {
        let stored = self.stored_ms[side];
        if stored <= 0 {
            return None;
        }
        match self.mode {
            ClockMode::Running { side: s } if s == side => Some(after(self.since, stored)),
            ClockMode::Challenge { charged } if charged[side] => {
                let a = self.allowance_ms?;
                Some(after(self.since, a.max(0).saturating_add(stored)))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 29, 10, 0, 0).unwrap()
    }
    fn at(ms: i64) -> DateTime<Utc> {
        after(t0(), ms)
    }

    #[test]
    fn only_the_side_to_move_runs_t4() {
        let mut c = Clocks::new(1_500_000, Some(600_000), t0());
        c.switch(ClockMode::Running { side: Side::A }, t0());
        assert_eq!(c.remaining_ms(Side::A, at(61_000)), 1_439_000);
        assert_eq!(c.remaining_ms(Side::B, at(61_000)), 1_500_000);
        c.switch(ClockMode::Running { side: Side::B }, at(61_000));
        assert_eq!(c.remaining_ms(Side::A, at(100_000)), 1_439_000);
        assert_eq!(c.remaining_ms(Side::B, at(100_000)), 1_461_000);
    }

    #[test]
    fn challenge_draws_on_the_allowance_then_the_challenger_t7() {
        let mut c = Clocks::new(1_500_000, Some(600_000), t0());
        c.switch(
            ClockMode::Challenge {
                charged: Sides { a: false, b: true },
            },
            t0(),
        );
        assert_eq!(c.allowance_remaining_ms(at(500_000)), Some(100_000));
        assert_eq!(c.remaining_ms(Side::B, at(500_000)), 1_500_000);
        assert_eq!(c.remaining_ms(Side::A, at(700_000)), 1_500_000);
        assert_eq!(c.allowance_remaining_ms(at(700_000)), Some(0));
        assert_eq!(c.remaining_ms(Side::B, at(700_000)), 1_400_000);
        assert_eq!(c.zero_at(Side::B), Some(at(2_100_000)));
    }

    #[test]
    fn without_allowance_a_challenge_just_stops_the_clocks_n5() {
        let mut c = Clocks::new(1_500_000, None, t0());
        c.switch(
            ClockMode::Challenge {
                charged: Sides { a: true, b: false },
            },
            t0(),
        );
        assert_eq!(c.remaining_ms(Side::A, at(3_000_000)), 1_500_000);
        assert_eq!(c.zero_at(Side::A), None);
    }

    #[test]
    fn durations_past_the_calendar_saturate_instead_of_panicking() {
        // Rulesets stored before durations were bounded may hold any u64 (issue 11).
        let mut c = Clocks::new(u64::MAX, Some(u64::MAX), t0());
        c.switch(ClockMode::Running { side: Side::A }, t0());
        assert_eq!(c.zero_at(Side::A), Some(DateTime::<Utc>::MAX_UTC));
        c.switch(
            ClockMode::Challenge {
                charged: Sides { a: false, b: true },
            },
            at(1_000),
        );
        assert_eq!(c.zero_at(Side::B), Some(DateTime::<Utc>::MAX_UTC));
        assert_eq!(c.remaining_ms(Side::B, DateTime::<Utc>::MAX_UTC), i64::MAX);
        assert_eq!(after(t0(), i64::MIN), DateTime::<Utc>::MIN_UTC);
        assert_eq!(
            after(t0(), 10_000_000_000_000_000),
            DateTime::<Utc>::MAX_UTC
        );
    }

    #[test]
    fn overtime_goes_negative_n2() {
        let mut c = Clocks::new(1_000, None, t0());
        c.switch(ClockMode::Running { side: Side::A }, t0());
        assert_eq!(c.zero_at(Side::A), Some(at(1_000)));
        assert_eq!(c.remaining_ms(Side::A, at(62_000)), -61_000);
    }
}
