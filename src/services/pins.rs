//! Players' PINs: the six digits that, with their number, let a player act from their own
//! phone without an account (Duplicate's phone slips, issue 16; individual events' results
//! slips, issue 18). One place makes them, compares them, and throttles wrong guesses.
//!
//! A PIN has a million values, so a phone page open to anyone would be guessed in an
//! afternoon. [`PinThrottle`] counts wrong PINs per player (of one event or division) and per
//! client address over a sliding window; once either reached its limit every attempt is
//! refused (429, with the wait) until the oldest counted failure leaves the window, whether
//! the PIN is right or not, so a guesser learns nothing while throttled.
//!
//! The counts live in the instance's memory. With several instances on one PostgreSQL each
//! counts on its own: behind a load balancer that spreads requests, a guesser gets up to
//! (instances × limit) tries per window, and a restart forgets the counts. That still bounds a
//! search of a million PINs to years; a table of failures in the database would make the count
//! exact across instances at the price of a write per wrong PIN.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use chrono::{DateTime, TimeDelta, Utc};

use crate::error::AppError;

/// A new six-digit PIN from the operating system's random source (uniform over 000000-999999).
pub fn new_pin() -> Result<String, AppError> {
    use rand::TryRng;
    // The largest multiple of a million below 2^32: values above it would favour low PINs.
    const LIMIT: u32 = 4_294_000_000;
    loop {
        let x = rand::rngs::SysRng
            .try_next_u32()
            .map_err(AppError::internal)?;
        if x < LIMIT {
            return Ok(format!("{:06}", x % 1_000_000));
        }
    }
}

/// Same length and bytes, compared without stopping at the first difference.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// Why a PIN was not accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PinRefusal {
    /// The number and PIN do not match (counted).
    Wrong,
    /// Too many wrong PINs lately for this player or from this address: refused without
    /// comparing, for this many more seconds.
    Throttled {
        /// Seconds until the oldest counted failure leaves the window.
        retry_after: u64,
    },
}

/// Wrong PINs per player and per client address over a sliding window (in memory; see the
/// module's note on several instances).
#[derive(Debug)]
pub struct PinThrottle {
    per_player: usize,
    per_address: usize,
    window: TimeDelta,
    failures: Mutex<HashMap<String, VecDeque<DateTime<Utc>>>>,
}

impl Default for PinThrottle {
    fn default() -> Self {
        Self::new(Self::PER_PLAYER, Self::PER_ADDRESS, Self::WINDOW)
    }
}

impl PinThrottle {
    /// Wrong PINs for one player number before their slip is locked for a while.
    pub const PER_PLAYER: usize = 5;
    /// Wrong PINs from one address (a hall's phones may share one behind its Wi-Fi).
    pub const PER_ADDRESS: usize = 20;
    /// How long a wrong PIN counts.
    pub const WINDOW: TimeDelta = TimeDelta::minutes(10);

    /// A throttle with these limits.
    pub fn new(per_player: usize, per_address: usize, window: TimeDelta) -> Self {
        Self {
            per_player: per_player.max(1),
            per_address: per_address.max(1),
            window,
            failures: Mutex::new(HashMap::new()),
        }
    }

    /// Checks `given` against the player's PIN (`expected`, none when there is no such
    /// player) at `now`. `player` names the player in their event or division
    /// (`"ind:3:7"`), `address` the client. Checking and counting happen under one lock, so
    /// parallel guesses cannot slip past the limit. A right PIN clears the player's count.
    pub fn verify(
        &self,
        player: &str,
        address: &str,
        expected: Option<&str>,
        given: &str,
        now: DateTime<Utc>,
    ) -> Result<(), PinRefusal> {
        let mut failures = self
            .failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let since = now - self.window;
        if failures.len() > 100_000 {
            failures.retain(|_, at| at.back().is_some_and(|t| *t > since));
        }
        let keys = [
            (format!("p:{player}"), self.per_player),
            (format!("ip:{address}"), self.per_address),
        ];
        let mut wait: Option<TimeDelta> = None;
        for (key, limit) in &keys {
            if let Some(at) = failures.get_mut(key) {
                while at.front().is_some_and(|t| *t <= since) {
                    at.pop_front();
                }
                if at.len() >= *limit {
                    // Free again when the oldest failure that keeps it at the limit leaves.
                    let free = at[at.len() - limit] + self.window - now;
                    wait = Some(wait.map_or(free, |w| w.max(free)));
                }
            }
        }
        if let Some(w) = wait {
            let ms = u64::try_from(w.num_milliseconds()).unwrap_or(0);
            return Err(PinRefusal::Throttled {
                retry_after: ms.div_ceil(1000).max(1),
            });
        }
        let ok = expected.is_some_and(|e| !e.is_empty() && same(e, given.trim()));
        if ok {
            failures.remove(&keys[0].0);
            return Ok(());
        }
        for (key, _) in keys {
            failures.entry(key).or_default().push_back(now);
        }
        Err(PinRefusal::Wrong)
    }
}

/// A phone's request as the throttle sees it: the instance's throttle and the client address.
#[derive(Debug, Clone)]
pub struct PinCheck {
    /// The instance's throttle.
    pub throttle: Arc<PinThrottle>,
    /// The client's address (the peer's IP).
    pub address: String,
}

impl PinCheck {
    /// Checks a player's PIN (see [`PinThrottle::verify`]): 403 with `wrong` when it does not
    /// match, 429 while throttled.
    pub fn verify(
        &self,
        player: &str,
        expected: Option<&str>,
        given: &str,
        now: DateTime<Utc>,
        wrong: &str,
    ) -> Result<(), AppError> {
        match self
            .throttle
            .verify(player, &self.address, expected, given, now)
        {
            Ok(()) => Ok(()),
            Err(PinRefusal::Wrong) => Err(AppError::Forbidden(wrong.to_owned())),
            Err(PinRefusal::Throttled { retry_after }) => Err(throttled(retry_after)),
        }
    }
}

/// The 429 for a throttled player, in the words every phone page shows.
pub fn throttled(retry_after: u64) -> AppError {
    let minutes = retry_after.div_ceil(60).max(1);
    AppError::TooManyRequests {
        message: format!(
            "too many wrong PINs: try again in {minutes} min, or ask the director for your PIN"
        ),
        retry_after,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn at(min: i64, sec: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + min * 60 + sec, 0).unwrap()
    }

    #[test]
    fn five_wrong_pins_lock_the_player_even_with_the_right_pin_until_they_expire() {
        let t = PinThrottle::default();
        for i in 0..5 {
            assert_eq!(
                t.verify("ind:1:3", "10.0.0.1", Some("123456"), "000000", at(0, i)),
                Err(PinRefusal::Wrong)
            );
        }
        // Locked: the right PIN is refused too, from any address.
        let r = t.verify("ind:1:3", "10.0.0.2", Some("123456"), "123456", at(1, 0));
        assert_eq!(
            r,
            Err(PinRefusal::Throttled {
                retry_after: 9 * 60
            })
        );
        // Another player from the same address is not affected.
        assert_eq!(
            t.verify("ind:1:4", "10.0.0.1", Some("654321"), "654321", at(1, 0)),
            Ok(())
        );
        // The first failure leaves the window: one more try, and the right PIN clears the count.
        assert_eq!(
            t.verify("ind:1:3", "10.0.0.1", Some("123456"), "123456", at(10, 1)),
            Ok(())
        );
        assert_eq!(
            t.verify("ind:1:3", "10.0.0.1", Some("123456"), "1", at(10, 2)),
            Err(PinRefusal::Wrong)
        );
    }

    #[test]
    fn an_address_guessing_many_players_is_throttled_for_all_of_them() {
        let t = PinThrottle::new(5, 3, TimeDelta::minutes(10));
        for p in 0..3 {
            let key = format!("dup:1:{p}");
            assert_eq!(
                t.verify(&key, "10.0.0.9", Some("123456"), "000000", at(0, p)),
                Err(PinRefusal::Wrong)
            );
        }
        assert!(matches!(
            t.verify("dup:1:7", "10.0.0.9", Some("123456"), "123456", at(0, 30)),
            Err(PinRefusal::Throttled { .. })
        ));
        // A player of no such number counts as wrong, from another address.
        assert_eq!(
            t.verify("dup:1:8", "10.0.0.1", None, "123456", at(0, 30)),
            Err(PinRefusal::Wrong)
        );
    }

    #[test]
    fn pins_have_six_digits() {
        let pins: Vec<String> = (0..50).map(|_| new_pin().unwrap()).collect();
        assert!(
            pins.iter()
                .all(|p| p.len() == 6 && p.bytes().all(|b| b.is_ascii_digit()))
        );
        // Fifty draws from a million values are not all the same.
        assert!(pins.iter().any(|p| *p != pins[0]));
    }
}
