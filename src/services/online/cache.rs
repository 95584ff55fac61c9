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
use crate::rules::game::{Side, Sides};
use crate::rules::online::{self as online, OnlineEvent, OnlineState};
use crate::vocab::{OnlineGameId, UserId};

/// Folded online games by id, what never changes about each game, and usernames by id (a name
/// never changes once registered). One per desk, so one per instance.
#[derive(Debug, Default)]
pub struct GameCache {
    states: Mutex<HashMap<OnlineGameId, Arc<OnlineState>>>,
    seats: Mutex<HashMap<OnlineGameId, Arc<Seats>>>,
    names: Mutex<HashMap<UserId, String>>,
}

/// What [`GameCache::learn`] did with another instance's events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Learned {
    /// The held state moved to their last seq.
    Applied,
    /// The held state already had them.
    Known,
    /// They do not follow the held state (events in between were missed): not applied.
    Gap,
    /// The game is not held here.
    NotHeld,
}

/// What never changes about a game once it is made (from its row): who plays which side, the
/// variant, whether it is rated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Seats {
    pub id: OnlineGameId,
    pub player_a: UserId,
    pub player_b: UserId,
    pub variant: String,
    pub rated: bool,
}

impl Seats {
    /// The side `user` plays, if any.
    pub fn side_of(&self, user: Option<UserId>) -> Option<Side> {
        match user {
            Some(u) if u == self.player_a => Some(Side::A),
            Some(u) if u == self.player_b => Some(Side::B),
            _ => None,
        }
    }
}

impl From<&rows::GameRow> for Seats {
    fn from(row: &rows::GameRow) -> Self {
        Self {
            id: row.id,
            player_a: row.player_a,
            player_b: row.player_b,
            variant: row.variant.clone(),
            rated: row.rated,
        }
    }
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
        lock(&self.seats).clear();
        lock(&self.names).clear();
    }

    /// Remembers who plays a game (read with its row).
    fn seat(&self, row: &rows::GameRow) {
        let mut m = lock(&self.seats);
        if m.contains_key(&row.id) {
            return;
        }
        if m.len() >= Self::MAX {
            m.clear();
        }
        m.insert(row.id, Arc::new(Seats::from(row)));
    }

    /// Any committed state of the game this instance holds, and who plays it (for what never
    /// changes: the players, the settings).
    pub(crate) fn held(&self, id: OnlineGameId) -> Option<(Arc<OnlineState>, Arc<Seats>)> {
        let state = self.get(id)?;
        let seats = lock(&self.seats).get(&id).cloned()?;
        Some((state, seats))
    }

    /// The game at seq `at_least` or later, who plays it and both players' names, from memory
    /// alone; `None` when any of it is not held (the caller reads the database). The state is a
    /// committed one, possibly behind the database by moves the caller has not heard of yet.
    pub(crate) fn fresh(
        &self,
        id: OnlineGameId,
        at_least: u64,
    ) -> Option<(Arc<OnlineState>, Arc<Seats>, Sides<String>)> {
        let state = self.get(id).filter(|s| s.last_seq >= at_least)?;
        let seats = lock(&self.seats).get(&id).cloned()?;
        let names = {
            let m = lock(&self.names);
            Sides {
                a: m.get(&seats.player_a)?.clone(),
                b: m.get(&seats.player_b)?.clone(),
            }
        };
        Some((state, seats, names))
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

    /// Applies what another instance committed to a game (heard through the PostgreSQL relay,
    /// `live::Relay::Online`), so a re-read on this instance after the live message is answered
    /// from memory. Only a continuation of the state held is applied: events it already has are
    /// skipped; after a gap (a notification missed, e.g. while the relay reconnected) the state
    /// is left where it was, and a reader asking for the newer seq reads the missing events from
    /// the database ([`GameCache::state`]). A game not held waits for its first reader.
    pub fn learn(&self, id: OnlineGameId, events: &[OnlineEvent]) -> Learned {
        let Some(held) = self.get(id) else {
            return Learned::NotHeld;
        };
        let newer: Vec<&OnlineEvent> = events.iter().filter(|e| e.seq > held.last_seq).collect();
        let Some(first) = newer.first() else {
            return Learned::Known;
        };
        if first.seq != held.last_seq + 1 || newer.windows(2).any(|w| w[1].seq != w[0].seq + 1) {
            tracing::debug!(game = %id, held = held.last_seq, first = first.seq, "relay gap");
            return Learned::Gap;
        }
        let mut state = Arc::unwrap_or_clone(held);
        for e in newer {
            online::apply(&mut state, e);
        }
        // `put` keeps whichever is newer if a reader stored the game meanwhile.
        self.put(id, Arc::new(state));
        Learned::Applied
    }

    /// The seq of the game's state this instance holds, if any (diagnostics and tests).
    pub fn held_seq(&self, id: OnlineGameId) -> Option<u64> {
        self.get(id).map(|s| s.last_seq)
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
        self.seat(row);
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
