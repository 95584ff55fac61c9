//! Folded match states kept between commands, and reading a match's state from its log.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::db::{DbConn, matches as rows};
use crate::error::AppError;
use crate::rules::game::{self, State};

/// Folded match states by match id, so a command reads only the events it has not seen.
/// Always checked against the log (events after the cached seq are applied), so it is safe
/// with several instances writing to one database. It learns a state only after the state's
/// transaction committed (see [`super::Desk`]).
#[derive(Debug, Default)]
pub struct MatchCache {
    states: Mutex<HashMap<i64, Arc<State>>>,
}

impl MatchCache {
    const MAX: usize = 20_000;

    /// The cached state of a match, if any (it may be behind the log).
    pub fn get(&self, id: i64) -> Option<Arc<State>> {
        self.states.lock().ok()?.get(&id).cloned()
    }

    /// Remembers a committed state (an older one than the cache holds is ignored).
    pub(crate) fn put(&self, id: i64, state: Arc<State>) {
        if let Ok(mut m) = self.states.lock() {
            if m.len() >= Self::MAX {
                m.clear();
            }
            let newer = m.get(&id).is_none_or(|old| old.last_seq <= state.last_seq);
            if newer {
                m.insert(id, state);
            }
        }
    }
}

/// `base` (a state of match `id`, or none) brought up to the log as `conn` sees it. Nothing is
/// remembered: inside a transaction the log may hold events that are never committed.
pub(crate) fn up_to_date(
    conn: &mut DbConn,
    base: Option<Arc<State>>,
    id: i64,
) -> Result<(Arc<State>, bool), AppError> {
    let seen = base.as_ref().map_or(0, |s| s.last_seq as i64);
    let newer = rows::events_after(conn, id, seen)?;
    if newer.is_empty() {
        return Ok((base.unwrap_or_default(), false));
    }
    let mut state = base.map(Arc::unwrap_or_clone).unwrap_or_default();
    for e in &newer {
        game::apply(&mut state, e);
    }
    Ok((Arc::new(state), true))
}
