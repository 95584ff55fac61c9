//! Players' PINs: the six digits that, with their number, let a player act from their own
//! phone without an account (Duplicate's phone slips, issue 16; individual events' results
//! slips, issue 18). One place makes them, compares them, and throttles wrong guesses.
//!
//! A PIN has a million values, so a phone page open to anyone would be guessed in an
//! afternoon. [`PinThrottle`] counts wrong PINs per player (of one event or division) and per
//! client address; once either reached its limit every attempt is refused (429, with the wait)
//! until its window ends, ten minutes after the first wrong PIN that opened it, whether the PIN
//! is right or not, so a guesser learns nothing while throttled.
//!
//! The counts live in the database (`db::pins`, issue 18), so several instances on one
//! PostgreSQL count together and a restart forgets nothing. Cost: one read per attempt (both
//! keys at once), one upsert per wrong PIN (both keys at once); a right PIN after wrong ones
//! clears its player's count, and the first wrong PIN of a window purges the windows that
//! ended. Within an instance the read, the comparison and the count happen in turn under one
//! lock, so parallel guesses cannot slip past the limit together; across instances at most one
//! guess per instance can be in flight past it.
//!
//! Checks run outside any write transaction: a count written inside one would be rolled back
//! with the refusal it belongs to.

use std::sync::{Arc, Mutex};

use chrono::{DateTime, TimeDelta, Utc};

use crate::db::{DbConn, pins as rows};
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

/// Wrong PINs per player and per client address, per window (counted in the database; see
/// the module's note).
#[derive(Debug)]
pub struct PinThrottle {
    per_player: usize,
    per_address: usize,
    window: TimeDelta,
    /// Serialises this instance's checks (see the module's note).
    turn: Mutex<()>,
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
    /// How long a window of wrong PINs lasts, from its first.
    pub const WINDOW: TimeDelta = TimeDelta::minutes(10);

    /// A throttle with these limits.
    pub fn new(per_player: usize, per_address: usize, window: TimeDelta) -> Self {
        Self {
            per_player: per_player.max(1),
            per_address: per_address.max(1),
            window,
            turn: Mutex::new(()),
        }
    }

    /// Checks `given` against the player's PIN (`expected`, none when there is no such
    /// player) at `now`. `player` names the player in their event or division
    /// (`"ind:3:7"`), `address` the client. A right PIN clears the player's count. The outer
    /// error is the database's.
    pub fn verify(
        &self,
        conn: &mut DbConn,
        player: &str,
        address: &str,
        expected: Option<&str>,
        given: &str,
        now: DateTime<Utc>,
    ) -> Result<Result<(), PinRefusal>, diesel::result::Error> {
        let _turn = self
            .turn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let now_ms = now.timestamp_millis();
        let since = now_ms - self.window.num_milliseconds();
        let (p, ip) = (format!("p:{player}"), format!("ip:{address}"));
        let live = rows::live(conn, &[&p, &ip], since)?;
        let limit = |key: &str| {
            if key == p {
                self.per_player
            } else {
                self.per_address
            }
        };
        let wait = live
            .iter()
            .filter(|f| usize::try_from(f.failures).unwrap_or(usize::MAX) >= limit(&f.key))
            .map(|f| f.window_start - since)
            .max();
        if let Some(ms) = wait {
            let ms = u64::try_from(ms).unwrap_or(0);
            return Ok(Err(PinRefusal::Throttled {
                retry_after: ms.div_ceil(1000).max(1),
            }));
        }
        let player_counted = live.iter().any(|f| f.key == p);
        if expected.is_some_and(|e| !e.is_empty() && same(e, given.trim())) {
            if player_counted {
                rows::forget(conn, &p)?;
            }
            return Ok(Ok(()));
        }
        rows::count(conn, [&p, &ip], now_ms, since)?;
        if !player_counted {
            // A window starts: the ended ones go (at most once per key and window).
            rows::purge(conn, since)?;
        }
        Ok(Err(PinRefusal::Wrong))
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
    /// Checks a player's PIN (see [`PinThrottle::verify`]; outside any write transaction):
    /// 403 with `wrong` when it does not match, 429 while throttled.
    pub fn verify(
        &self,
        conn: &mut DbConn,
        player: &str,
        expected: Option<&str>,
        given: &str,
        now: DateTime<Utc>,
        wrong: &str,
    ) -> Result<(), AppError> {
        match self
            .throttle
            .verify(conn, player, &self.address, expected, given, now)?
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
    use diesel::Connection;

    fn at(min: i64, sec: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + min * 60 + sec, 0).unwrap()
    }

    fn db() -> DbConn {
        let mut conn = DbConn::Sqlite(diesel::SqliteConnection::establish(":memory:").unwrap());
        crate::db::run_migrations(&mut conn).unwrap();
        conn
    }

    fn rows(conn: &mut DbConn) -> usize {
        rows::live(conn, &["p:ind:1:3", "ip:10.0.0.1"], 0)
            .unwrap()
            .len()
    }

    #[test]
    fn five_wrong_pins_lock_the_player_even_with_the_right_pin_until_they_expire() {
        let (t, c) = (PinThrottle::default(), &mut db());
        let mut v = |player: &str, address: &str, pin: &str, when| {
            t.verify(c, player, address, Some("123456"), pin, when)
                .unwrap()
        };
        for i in 0..5 {
            assert_eq!(
                v("ind:1:3", "10.0.0.1", "000000", at(0, i)),
                Err(PinRefusal::Wrong)
            );
        }
        // Locked: the right PIN is refused too, from any address.
        assert_eq!(
            v("ind:1:3", "10.0.0.2", "123456", at(1, 0)),
            Err(PinRefusal::Throttled {
                retry_after: 9 * 60
            })
        );
        // Another player from the same address is not affected.
        assert_eq!(v("ind:1:4", "10.0.0.1", "123456", at(1, 0)), Ok(()));
        // The window ends ten minutes after its first wrong PIN: the right PIN gets in.
        assert_eq!(
            v("ind:1:3", "10.0.0.1", "123456", at(9, 59)),
            Err(PinRefusal::Throttled { retry_after: 1 })
        );
        assert_eq!(v("ind:1:3", "10.0.0.1", "123456", at(10, 0)), Ok(()));
        assert_eq!(
            v("ind:1:3", "10.0.0.1", "1", at(10, 2)),
            Err(PinRefusal::Wrong)
        );
    }

    #[test]
    fn an_address_guessing_many_players_is_throttled_for_all_of_them() {
        let (t, c) = (PinThrottle::new(5, 3, TimeDelta::minutes(10)), &mut db());
        for p in 0..3 {
            let key = format!("dup:1:{p}");
            assert_eq!(
                t.verify(c, &key, "10.0.0.9", Some("123456"), "000000", at(0, p))
                    .unwrap(),
                Err(PinRefusal::Wrong)
            );
        }
        assert!(matches!(
            t.verify(
                c,
                "dup:1:7",
                "10.0.0.9",
                Some("123456"),
                "123456",
                at(0, 30)
            )
            .unwrap(),
            Err(PinRefusal::Throttled { .. })
        ));
        // A player of no such number counts as wrong, from another address.
        assert_eq!(
            t.verify(c, "dup:1:8", "10.0.0.1", None, "123456", at(0, 30))
                .unwrap(),
            Err(PinRefusal::Wrong)
        );
    }

    // Issue 18: the counts are the database's, so a second throttle (another instance) on the
    // same database sees them; ended windows are purged when a new one starts.
    #[test]
    fn counts_are_shared_through_the_database_and_old_ones_expire() {
        let c = &mut db();
        let (one, two) = (PinThrottle::default(), PinThrottle::default());
        for i in 0..5 {
            let t = if i % 2 == 0 { &one } else { &two };
            assert_eq!(
                t.verify(c, "ind:1:3", "10.0.0.1", Some("123456"), "0", at(0, i))
                    .unwrap(),
                Err(PinRefusal::Wrong)
            );
        }
        assert!(matches!(
            two.verify(c, "ind:1:3", "10.0.0.1", Some("123456"), "123456", at(0, 9))
                .unwrap(),
            Err(PinRefusal::Throttled { .. })
        ));
        assert_eq!(rows(c), 2);
        // Long after, another player's first wrong PIN starts a window and purges the old rows.
        assert_eq!(
            one.verify(c, "ind:1:4", "10.0.0.2", Some("123456"), "0", at(30, 0))
                .unwrap(),
            Err(PinRefusal::Wrong)
        );
        assert_eq!(rows(c), 0, "the ended windows are gone");
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
