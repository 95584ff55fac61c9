//! The server's clock, passed to the rules as `now`. Tests use a [`ManualClock`] so clock rules
//! can be checked through the API to the millisecond.

use std::sync::Mutex;

use chrono::{DateTime, SubsecRound, Utc};

/// Where `now` comes from.
pub trait Clock: Send + Sync {
    /// The current time, truncated to microseconds (what both databases store exactly).
    fn now(&self) -> DateTime<Utc>;
}

/// The real clock.
#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now().trunc_subsecs(6)
    }
}

/// A clock that moves only when told.
#[derive(Debug)]
pub struct ManualClock(Mutex<DateTime<Utc>>);

impl ManualClock {
    /// A clock stopped at `at`.
    pub fn new(at: DateTime<Utc>) -> Self {
        Self(Mutex::new(at.trunc_subsecs(6)))
    }

    /// Moves the clock forward.
    pub fn advance(&self, by: chrono::Duration) {
        if let Ok(mut t) = self.0.lock() {
            *t += by;
        }
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        self.0
            .lock()
            .map(|t| *t)
            .unwrap_or_else(|e| *e.into_inner())
    }
}
