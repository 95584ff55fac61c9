//! Credentials: password hashes, session tokens (JWT), CSRF tokens and login throttling.
//! Nothing here logs a password or a token.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier, phc::PasswordHash};
use hmac::{Hmac, KeyInit, Mac};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngExt;
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::vocab::{RoleTag, UserId};

/// Random URL-safe text of `n` bytes of entropy (hex), for secrets, passwords and CSRF seeds.
pub fn random_token(n: usize) -> String {
    let mut rng = rand::rng();
    (0..n)
        .map(|_| format!("{:02x}", rng.random::<u8>()))
        .collect()
}

/// A password that is easy to read aloud and type on a tablet: 4 groups of 4 letters and digits,
/// without look-alikes (0/O, 1/l/I). About 80 bits.
pub fn generate_password() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::rng();
    let groups: Vec<String> = (0..4)
        .map(|_| {
            (0..4)
                .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
                .collect()
        })
        .collect();
    groups.join("-")
}

/// Why a password was refused when an account was made.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PasswordError {
    /// Too short to be safe.
    #[error("password must be at least 8 characters")]
    TooShort,
    /// Longer than argon2 needs and a cheap way to make the server work hard.
    #[error("password must be at most 256 characters")]
    TooLong,
}

/// Checks a new password's length.
pub fn validate_new_password(p: &str) -> Result<(), PasswordError> {
    match p.chars().count() {
        n if n < 8 => Err(PasswordError::TooShort),
        n if n > 256 => Err(PasswordError::TooLong),
        _ => Ok(()),
    }
}

/// Hashes a password with argon2id and a fresh salt.
pub fn hash_password(password: &str) -> Result<String, String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| format!("hashing failed: {e}"))
}

/// Whether `password` matches a stored hash. A malformed hash never matches.
pub fn verify_password(password: &str, hash: &str) -> bool {
    match PasswordHash::new(hash) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// [`verify_password`] with argon2's working memory (~19 MiB with the default parameters) taken
/// from `memory`, which grows to what the hash needs and is kept by the caller for the next
/// check. Login checks reuse a few such buffers instead of allocating one per attempt: freed
/// 19 MiB blocks stayed in the allocator's per-thread arenas, and parallel logins grew the
/// server by over a gigabyte.
pub fn verify_password_in(password: &str, hash: &str, memory: &mut Vec<argon2::Block>) -> bool {
    let Ok(parsed) = PasswordHash::new(hash) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (&parsed.salt, &parsed.hash) else {
        return false;
    };
    let Ok(algorithm) = argon2::Algorithm::try_from(parsed.algorithm.as_str()) else {
        return false;
    };
    let version = match parsed.version.map(argon2::Version::try_from).transpose() {
        Ok(v) => v.unwrap_or_default(),
        Err(_) => return false,
    };
    let Ok(params) = argon2::Params::try_from(&parsed) else {
        return false;
    };
    let blocks = params.block_count();
    if memory.len() < blocks {
        memory.resize(blocks, argon2::Block::default());
    }
    let mut out = vec![0u8; expected.len()];
    let Some(work) = memory.get_mut(..blocks) else {
        return false;
    };
    Argon2::new(algorithm, version, params)
        .hash_password_into_with_memory(password.as_bytes(), salt.as_ref(), &mut out, work)
        .is_ok()
        && out.len() == expected.as_bytes().len()
        && out
            .iter()
            .zip(expected.as_bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

/// A hash to verify against when the user does not exist, so that a wrong name and a wrong
/// password take the same time and give nothing away.
pub fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash_password("not-a-real-password").unwrap_or_default())
}

/// What a session token says.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Claims {
    /// Subject: the user id as text (the JWT spec wants a string here).
    pub sub: String,
    /// User id, typed.
    pub uid: UserId,
    /// Username at login time (for display without a query).
    pub name: String,
    /// Site administrator when the token was issued: shown in pages only. What the requests
    /// are allowed is read from the database (`web::session` replaces this with the current flag).
    pub adm: bool,
    /// The server-side session this token belongs to (`sessions.id`); a token whose session
    /// has ended, or that names none, is refused.
    #[serde(default)]
    pub sid: String,
    /// Role tags for navigation (see `services::accounts::role_tags`); never used to authorise.
    #[serde(default)]
    pub roles: Vec<RoleTag>,
    /// The account's own language for the pages, as the database says now (filled in per request
    /// like `adm`; never in the token, so a change applies at once).
    #[serde(default, skip)]
    pub lang: Option<String>,
    /// Issued at (seconds since the epoch).
    pub iat: i64,
    /// Expires at (seconds since the epoch).
    pub exp: i64,
}

/// Signs and checks session tokens and CSRF tokens with the server secret.
#[derive(Clone)]
pub struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    secret: Vec<u8>,
}

impl std::fmt::Debug for Keys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keys(..)")
    }
}

/// Why a token was refused.
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    /// Past its expiry.
    #[error("the session has expired; sign in again")]
    Expired,
    /// Malformed, or signed with another key.
    #[error("the token is not valid")]
    Invalid,
}

impl Keys {
    /// Keys from the server secret.
    pub fn new(secret: &[u8]) -> Result<Self, String> {
        Ok(Self {
            encoding: EncodingKey::from_secret(secret).map_err(|e| e.to_string())?,
            decoding: DecodingKey::from_secret(secret).map_err(|e| e.to_string())?,
            secret: secret.to_vec(),
        })
    }

    /// A signed session token.
    pub fn issue(&self, claims: &Claims) -> Result<String, String> {
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &self.encoding)
            .map_err(|e| e.to_string())
    }

    /// The claims of a valid, unexpired token.
    pub fn verify(&self, token: &str) -> Result<Claims, TokenError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation)
            .map(|d| d.claims)
            .map_err(|e| match e.kind() {
                jsonwebtoken::errors::ErrorKind::ExpiredSignature => TokenError::Expired,
                _ => TokenError::Invalid,
            })
    }

    /// The CSRF token that goes with a browser's CSRF seed cookie: an HMAC of the seed, so a
    /// page on another site can neither read nor forge it.
    pub fn csrf_token(&self, seed: &str) -> String {
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.secret) else {
            return String::new();
        };
        mac.update(b"csrf:");
        mac.update(seed.as_bytes());
        mac.finalize()
            .into_bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// Whether `token` is the CSRF token for `seed` (compared in constant time).
    pub fn csrf_ok(&self, seed: &str, token: &str) -> bool {
        if seed.is_empty() {
            return false;
        }
        let expected = self.csrf_token(seed);
        expected.len() == token.len()
            && expected
                .bytes()
                .zip(token.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0
    }
}

/// Refuses logins for a while after repeated failures, per username and per client address
/// independently; bounds how many passwords are checked at once.
///
/// Only failures count: each failed login takes one cell from a GCRA quota (the `governor`
/// crate) for the username and one for the address. A key whose quota ran out is refused with
/// 429 and the time until its next cell, without checking the password, so a burst of parallel
/// guesses costs one argon2 run per remaining cell and the rest are refused at once. A success
/// never refills or resets another key: signing in as X leaves the address's count of other
/// users' failures as it was. Argon2 needs ~19 MiB per check, so at most
/// [`LoginThrottle::VERIFYING`] run at a time; a login that cannot start one within
/// [`LoginThrottle::QUEUE_WAIT`] is refused with 429 too.
#[derive(Debug)]
pub struct LoginThrottle {
    users: KeyedLimiter,
    addresses: KeyedLimiter,
    /// Keys whose quota ran out, and when their next cell comes. governor answers "not until"
    /// only when a cell is taken, and a login must be refused before its password is checked.
    blocked: Mutex<HashMap<String, Instant>>,
    verifying: tokio::sync::Semaphore,
    /// argon2 working memory, one buffer per slot, reused.
    memory: Mutex<Vec<Vec<argon2::Block>>>,
}

type KeyedLimiter = governor::DefaultKeyedRateLimiter<String>;

/// Why a login was not attempted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Throttled {
    /// Too many recent failures for this username or address: try again after this long.
    RetryAfter(Duration),
    /// Too many passwords being checked at once.
    Busy,
}

impl Default for LoginThrottle {
    fn default() -> Self {
        Self::new(Self::USER_QUOTA, Self::ADDRESS_QUOTA)
    }
}

impl LoginThrottle {
    /// Per username: 5 failures in a row, then one more every 30 s.
    pub const USER_QUOTA: (u32, Duration) = (5, Duration::from_secs(30));
    /// Per address (a hall may sit behind one): 20 failures, then one more every 3 s.
    pub const ADDRESS_QUOTA: (u32, Duration) = (20, Duration::from_secs(3));
    /// Password checks at once.
    pub const VERIFYING: usize = 4;
    /// How long a login may wait for a password check to start.
    pub const QUEUE_WAIT: Duration = Duration::from_secs(5);

    /// A throttle with `(burst, one cell per period)` quotas for usernames and addresses.
    pub fn new(user: (u32, Duration), address: (u32, Duration)) -> Self {
        let limiter = |(burst, period): (u32, Duration)| {
            let quota = governor::Quota::with_period(period)
                .unwrap_or_else(|| governor::Quota::per_second(nonzero(1)))
                .allow_burst(nonzero(burst));
            governor::RateLimiter::keyed(quota)
        };
        Self {
            users: limiter(user),
            addresses: limiter(address),
            blocked: Mutex::new(HashMap::new()),
            verifying: tokio::sync::Semaphore::new(Self::VERIFYING),
            memory: Mutex::new(Vec::new()),
        }
    }

    fn keys(username: &str, address: &str) -> [String; 2] {
        [
            format!("u:{}", username.trim().to_lowercase()),
            format!("ip:{address}"),
        ]
    }

    /// Whether a login for `username` from `address` may be checked now.
    pub fn check(&self, username: &str, address: &str) -> Result<(), Throttled> {
        let Ok(blocked) = self.blocked.lock() else {
            return Err(Throttled::Busy);
        };
        let now = Instant::now();
        let wait = Self::keys(username, address)
            .iter()
            .filter_map(|k| blocked.get(k))
            .filter(|until| **until > now)
            .map(|until| *until - now)
            .max();
        match wait {
            Some(w) => Err(Throttled::RetryAfter(w)),
            None => Ok(()),
        }
    }

    /// Runs the password check `verify` on the blocking pool once one of the bounded slots is
    /// free (and the keys are still allowed: parallel guesses queue here while the first ones
    /// fail), with one of the slots' reusable argon2 buffers (see [`verify_password_in`]).
    /// Records a failure; a success changes no count.
    pub async fn verify<F>(
        &self,
        username: &str,
        address: &str,
        verify: F,
    ) -> Result<bool, Throttled>
    where
        F: FnOnce(&mut Vec<argon2::Block>) -> bool + Send + 'static,
    {
        let permit = tokio::time::timeout(Self::QUEUE_WAIT, self.verifying.acquire())
            .await
            .map_err(|_| Throttled::Busy)?
            .map_err(|_| Throttled::Busy)?;
        self.check(username, address)?;
        let mut memory = self
            .memory
            .lock()
            .ok()
            .and_then(|mut m| m.pop())
            .unwrap_or_default();
        let (ok, memory) = tokio::task::spawn_blocking(move || {
            let ok = verify(&mut memory);
            (ok, memory)
        })
        .await
        .map_err(|_| Throttled::Busy)?;
        if let Ok(mut m) = self.memory.lock() {
            m.push(memory);
        }
        drop(permit);
        if !ok {
            self.failed(username, address);
        }
        Ok(ok)
    }

    /// Records a failed login: one cell from each key's quota.
    pub fn failed(&self, username: &str, address: &str) {
        let [user, addr] = Self::keys(username, address);
        let mut newly_blocked = Vec::new();
        for (limiter, key) in [(&self.users, user), (&self.addresses, addr)] {
            if let Err(not_until) = limiter.check_key(&key) {
                // The default clock is std's monotonic one: its instants are `Instant`s.
                newly_blocked.push((key, not_until.earliest_possible()));
            }
            if limiter.len() > 100_000 {
                limiter.retain_recent();
            }
        }
        if newly_blocked.is_empty() {
            return;
        }
        if let Ok(mut blocked) = self.blocked.lock() {
            if blocked.len() > 100_000 {
                let now = Instant::now();
                blocked.retain(|_, until| *until > now);
            }
            blocked.extend(newly_blocked);
        }
    }
}

fn nonzero(n: u32) -> std::num::NonZeroU32 {
    std::num::NonZeroU32::new(n.max(1)).unwrap_or(std::num::NonZeroU32::MIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_only_against_their_own_hash() {
        let h = hash_password("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("correct horsf", &h));
        assert!(!verify_password("correct horse", "garbage"));
        let mut memory = Vec::new();
        assert!(verify_password_in("correct horse", &h, &mut memory));
        assert!(!verify_password_in("correct horsf", &h, &mut memory));
        assert!(!verify_password_in("correct horse", "garbage", &mut memory));
        assert_eq!(
            memory.len(),
            19 * 1024,
            "the default parameters' 19 MiB, kept"
        );
    }

    #[test]
    fn tokens_round_trip_and_expire() {
        let keys = Keys::new(b"0123456789abcdef0123456789abcdef").unwrap();
        let now = chrono::Utc::now().timestamp();
        let claims = Claims {
            sub: "7".into(),
            roles: vec![],
            uid: UserId(7),
            name: "ann".into(),
            adm: false,
            sid: "s1".into(),
            lang: None,
            iat: now,
            exp: now + 60,
        };
        let t = keys.issue(&claims).unwrap();
        assert_eq!(keys.verify(&t).unwrap(), claims);
        let old = Claims {
            exp: now - 1,
            ..claims.clone()
        };
        assert!(matches!(
            keys.verify(&keys.issue(&old).unwrap()),
            Err(TokenError::Expired)
        ));
        let other = Keys::new(b"another-secret-another-secret-xx").unwrap();
        assert!(matches!(other.verify(&t), Err(TokenError::Invalid)));
    }

    #[test]
    fn csrf_tokens_are_bound_to_their_seed() {
        let keys = Keys::new(b"0123456789abcdef0123456789abcdef").unwrap();
        let t = keys.csrf_token("seed-a");
        assert!(keys.csrf_ok("seed-a", &t));
        assert!(!keys.csrf_ok("seed-b", &t));
        assert!(!keys.csrf_ok("", &keys.csrf_token("")));
    }

    #[test]
    fn throttle_counts_failures_per_username_and_per_address_independently() {
        let t = LoginThrottle::new((3, Duration::from_secs(600)), (5, Duration::from_secs(600)));
        // Three failures for ann are free; the fourth empties her quota and blocks her name.
        for _ in 0..4 {
            assert_eq!(t.check("ann", "10.0.0.1"), Ok(()));
            t.failed("ann", "10.0.0.1");
        }
        assert!(
            matches!(t.check("ANN ", "10.0.0.9"), Err(Throttled::RetryAfter(w)) if w > Duration::from_secs(60))
        );
        // Another name from the same address is still allowed until the address's own quota runs out.
        assert_eq!(t.check("bob", "10.0.0.1"), Ok(()));
        t.failed("bob", "10.0.0.1");
        t.failed("bob", "10.0.0.1");
        assert!(matches!(
            t.check("cy", "10.0.0.1"),
            Err(Throttled::RetryAfter(_))
        ));
        assert_eq!(t.check("cy", "10.0.0.2"), Ok(()));
    }

    #[test]
    fn generated_passwords_are_long_enough_and_differ() {
        let a = generate_password();
        assert_eq!(a.len(), 19);
        assert!(validate_new_password(&a).is_ok());
        assert_ne!(a, generate_password());
    }
}
