//! Folded online games and players' names kept between requests, so a move, a player's
//! re-read after the opponent's live message, or the lobby does not read and fold the whole
//! log or look every name up again.
//!
//! As with the match desk's cache (`services::desk::cache`), a cached state is a starting point,
//! never the truth: every use compares it with the game row's `last_seq`, read in the same
//! query that finds the game, and applies the events after the cached seq (another instance on
//! the same PostgreSQL database may have written them). A state ahead of the database (a write
//! that rolled back) is folded again from the start. Only committed states are remembered.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::db::{DbConn, online as rows, users};
use crate::error::AppError;
use crate::rules::online::{self as online, OnlineEvent, OnlineState};
use crate::vocab::{OnlineGameId, UserId};

/// Folded online games by id, and usernames by id (a name never changes once registered).
/// One per desk, so one per instance.
#[derive(Debug, Default)]
pub struct GameCache {
    states: Mutex<HashMap<OnlineGameId, Arc<OnlineState>>>,
    names: Mutex<HashMap<UserId, String>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl GameCache {
    /// Beyond this many games (or names) the map starts again: it is a cache, and 20,000 games
    /// of ~100 events are well within memory.
    const MAX: usize = 20_000;

    /// Forgets every game and name (tests compare a cached answer with a fresh fold).
    pub fn clear(&self) {
        lock(&self.states).clear();
        lock(&self.names).clear();
    }

    fn get(&self, id: OnlineGameId) -> Option<Arc<OnlineState>> {
        lock(&self.states).get(&id).cloned()
    }

    /// Remembers a committed state (one older than the cache holds is ignored).
    pub(crate) fn put(&self, id: OnlineGameId, state: Arc<OnlineState>) {
        let mut m = lock(&self.states);
        if m.len() >= Self::MAX {
            m.clear();
        }
        if m.get(&id).is_none_or(|old| old.last_seq <= state.last_seq) {
            m.insert(id, state);
        }
    }

    /// The game's state as its row says it is (`row.last_seq`). Outside a transaction the
    /// result is remembered; inside one (`committed: false`) it is not, as the log may hold
    /// events that are never committed.
    pub(crate) fn state(
        &self,
        conn: &mut DbConn,
        row: &rows::GameRow,
        committed: bool,
    ) -> Result<Arc<OnlineState>, AppError> {
        let wanted = u64::try_from(row.last_seq.0).unwrap_or(0);
        let base = self.get(row.id).filter(|s| s.last_seq <= wanted);
        if let Some(s) = &base
            && s.last_seq == wanted
        {
            return Ok(s.clone());
        }
        let seen = base.as_ref().map_or(0, |s| s.last_seq);
        let newer = rows::log_after(conn, row.id, seen)?
            .into_iter()
            .map(|r| serde_json::from_str::<OnlineEvent>(&r.payload).map_err(AppError::internal))
            .collect::<Result<Vec<_>, _>>()?;
        let mut state = base.map(Arc::unwrap_or_clone).unwrap_or_default();
        for e in &newer {
            online::apply(&mut state, e);
        }
        let state = Arc::new(state);
        if committed {
            self.put(row.id, state.clone());
        }
        Ok(state)
    }

    /// A player's username (`#id` for an account that no longer exists).
    pub(crate) fn username(&self, conn: &mut DbConn, id: UserId) -> Result<String, AppError> {
        if let Some(n) = lock(&self.names).get(&id) {
            return Ok(n.clone());
        }
        let Some(user) = users::find(conn, id)? else {
            return Ok(format!("#{id}"));
        };
        let mut m = lock(&self.names);
        if m.len() >= Self::MAX {
            m.clear();
        }
        m.insert(id, user.username.clone());
        Ok(user.username)
    }
}
