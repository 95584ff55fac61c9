//! Live updates: committed match events are published here after their transaction commits,
//! and SSE streams subscribe. In-process (one instance); every message carries the match's
//! seq so a reconnecting subscriber can resume from the log.

use serde::Serialize;
use tokio::sync::broadcast;

/// One committed change.
#[derive(Debug, Clone, Serialize)]
pub struct LiveMessage {
    /// The event (tournament) it belongs to.
    pub event_id: Option<i64>,
    /// The match.
    pub match_id: i64,
    /// The match's last seq after the change.
    pub seq: i64,
    /// What changed (`played`, `challenge_claimed`, …).
    pub kind: String,
    /// Whether the change can move the event's standings (a result declared or taken back, a
    /// committee record): cached standings are dropped when it does.
    pub standings: bool,
}

/// The publish side, shared by all handlers.
#[derive(Debug, Clone)]
pub struct Live {
    tx: broadcast::Sender<LiveMessage>,
}

impl Default for Live {
    fn default() -> Self {
        let (tx, _) = broadcast::channel(4096);
        Self { tx }
    }
}

impl Live {
    /// Publishes a committed change (no subscribers is fine).
    pub fn publish(&self, msg: LiveMessage) {
        let _ = self.tx.send(msg);
    }

    /// A new subscription.
    pub fn subscribe(&self) -> broadcast::Receiver<LiveMessage> {
        self.tx.subscribe()
    }
}
