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
    pub uid: i64,
    /// Username at login time (for display without a query).
    pub name: String,
    /// Site administrator.
    pub adm: bool,
    /// Role tags for navigation (see `services::accounts::role_tags`); never used to authorise.
    #[serde(default)]
    pub roles: Vec<String>,
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

/// Slows down repeated failed logins per username and per client address: after three failures
/// each further attempt waits twice as long as the last (up to 8 s), until a success or 15 quiet
/// minutes reset the count. The wait is served before the password is checked.
#[derive(Debug, Default)]
pub struct LoginThrottle {
    failures: Mutex<HashMap<String, (u32, Instant)>>,
}

impl LoginThrottle {
    const FREE_ATTEMPTS: u32 = 3;
    const RESET_AFTER: Duration = Duration::from_secs(15 * 60);
    const MAX_DELAY: Duration = Duration::from_secs(8);

    /// How long to wait before checking this attempt.
    pub fn delay_for(&self, keys: &[&str]) -> Duration {
        let Ok(map) = self.failures.lock() else {
            return Self::MAX_DELAY;
        };
        keys.iter()
            .filter_map(|k| map.get(*k))
            .filter(|(_, at)| at.elapsed() < Self::RESET_AFTER)
            .map(|(n, _)| Self::delay_after(*n))
            .max()
            .unwrap_or_default()
    }

    fn delay_after(failures: u32) -> Duration {
        if failures < Self::FREE_ATTEMPTS {
            return Duration::ZERO;
        }
        let exp = (failures - Self::FREE_ATTEMPTS).min(6);
        (Duration::from_millis(250) * 2u32.pow(exp)).min(Self::MAX_DELAY)
    }

    /// Records a failed attempt.
    pub fn failed(&self, keys: &[&str]) {
        if let Ok(mut map) = self.failures.lock() {
            if map.len() > 100_000 {
                map.retain(|_, (_, at)| at.elapsed() < Self::RESET_AFTER);
            }
            for k in keys {
                let e = map.entry((*k).to_owned()).or_insert((0, Instant::now()));
                if e.1.elapsed() >= Self::RESET_AFTER {
                    e.0 = 0;
                }
                e.0 += 1;
                e.1 = Instant::now();
            }
        }
    }

    /// Clears the count after a successful login.
    pub fn succeeded(&self, keys: &[&str]) {
        if let Ok(mut map) = self.failures.lock() {
            for k in keys {
                map.remove(*k);
            }
        }
    }
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
    }

    #[test]
    fn tokens_round_trip_and_expire() {
        let keys = Keys::new(b"0123456789abcdef0123456789abcdef").unwrap();
        let now = chrono::Utc::now().timestamp();
        let claims = Claims {
            sub: "7".into(),
            roles: vec![],
            uid: 7,
            name: "ann".into(),
            adm: false,
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
    fn throttle_grows_after_three_failures_and_resets_on_success() {
        let t = LoginThrottle::default();
        for _ in 0..3 {
            assert_eq!(t.delay_for(&["u:ann"]), Duration::ZERO);
            t.failed(&["u:ann"]);
        }
        assert_eq!(t.delay_for(&["u:ann"]), Duration::from_millis(250));
        t.failed(&["u:ann"]);
        assert_eq!(t.delay_for(&["u:ann"]), Duration::from_millis(500));
        for _ in 0..20 {
            t.failed(&["u:ann"]);
        }
        assert_eq!(t.delay_for(&["u:ann"]), Duration::from_secs(8));
        t.succeeded(&["u:ann"]);
        assert_eq!(t.delay_for(&["u:ann"]), Duration::ZERO);
    }

    #[test]
    fn generated_passwords_are_long_enough_and_differ() {
        let a = generate_password();
        assert_eq!(a.len(), 19);
        assert!(validate_new_password(&a).is_ok());
        assert_ne!(a, generate_password());
    }
}
