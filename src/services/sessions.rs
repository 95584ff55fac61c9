//! Checking a token's session on every request, cheaply: a valid signature is not enough, the
//! session must still be open and its account enabled. The answer is cached for a few seconds;
//! this instance forgets its cached answers the moment it ends a session or disables an account,
//! so here a revocation takes effect at once (other instances sharing a PostgreSQL database
//! follow within [`SessionCache::TTL`]).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::db::{DbConn, sessions};
use crate::error::AppError;
use crate::vocab::UserId;

/// The account behind an open session, as the database says now (not as the token says).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// User id.
    pub user_id: UserId,
    /// Current username.
    pub username: String,
    /// Administrator now.
    pub is_admin: bool,
    /// The account's own language for the pages, if chosen (`None`: not chosen).
    pub language: Option<String>,
}

/// Recent session checks: session id → the account, or `None` for a session that is not open.
#[derive(Debug, Default)]
pub struct SessionCache {
    entries: Mutex<HashMap<String, (Instant, Option<Account>)>>,
}

impl SessionCache {
    /// How long an answer is reused.
    pub const TTL: Duration = Duration::from_secs(5);

    /// A cached answer still fresh: `Some(None)` means "known not to be open".
    pub fn get(&self, sid: &str) -> Option<Option<Account>> {
        let map = self.entries.lock().ok()?;
        map.get(sid)
            .filter(|(at, _)| at.elapsed() < Self::TTL)
            .map(|(_, a)| a.clone())
    }

    fn put(&self, sid: &str, account: Option<Account>) {
        if let Ok(mut map) = self.entries.lock() {
            if map.len() > 50_000 {
                map.retain(|_, (at, _)| at.elapsed() < Self::TTL);
            }
            map.insert(sid.to_owned(), (Instant::now(), account));
        }
    }

    /// Forgets one session's answer.
    pub fn forget_session(&self, sid: &str) {
        if let Ok(mut map) = self.entries.lock() {
            map.remove(sid);
        }
    }

    /// Forgets every answer about a user's sessions.
    pub fn forget_user(&self, user_id: UserId) {
        if let Ok(mut map) = self.entries.lock() {
            map.retain(|_, (_, a)| a.as_ref().is_none_or(|a| a.user_id != user_id));
        }
    }

    /// Checks a session against the database at `now` (the injected clock's) and caches the
    /// answer.
    pub fn load(
        &self,
        conn: &mut DbConn,
        sid: &str,
        user_id: UserId,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Option<Account>, AppError> {
        let now = now.naive_utc();
        let account = sessions::lookup(conn, sid)?
            .filter(|s| {
                s.user_id == user_id && s.ended_at.is_none() && s.expires_at > now && !s.disabled
            })
            .map(|s| Account {
                user_id: s.user_id,
                username: s.username,
                is_admin: s.is_admin,
                language: s.language,
            });
        self.put(sid, account.clone());
        Ok(account)
    }
}
