//! Live updates: committed match events are published here after their transaction commits,
//! and SSE streams subscribe. Every message carries the match's seq so a reconnecting
//! subscriber can resume from the log. With PostgreSQL, several instances share the database:
//! each relays what it publishes through `NOTIFY` and hears the others through `LISTEN`
//! ([`spawn_pg_relay`]), so a page served by one instance sees changes made through another.

use std::sync::mpsc;
use std::time::Duration;

use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use crate::vocab::{EventId, MatchId, Seq};

/// One committed change.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LiveMessage {
    /// The event (tournament) it belongs to.
    pub event_id: Option<EventId>,
    /// The match.
    pub match_id: MatchId,
    /// The match's last seq after the change.
    pub seq: Seq,
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
    /// Set once when the server begins to stop: every live stream ends at once, so a graceful
    /// stop does not wait for connections that never finish on their own.
    closing: std::sync::Arc<tokio::sync::watch::Sender<bool>>,
}

impl Default for Live {
    fn default() -> Self {
        let (tx, _) = broadcast::channel(4096);
        let (closing, _) = tokio::sync::watch::channel(false);
        Self {
            tx,
            closing: std::sync::Arc::new(closing),
        }
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

    /// Ends every live stream, and any opened from now on (the server is stopping).
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// Changes to `true` when [`Live::close`] is called.
    pub fn closing(&self) -> tokio::sync::watch::Receiver<bool> {
        self.closing.subscribe()
    }

    /// Live streams open now (each holds one subscription).
    pub fn subscribers(&self) -> usize {
        self.tx.receiver_count()
    }
}

/// The PostgreSQL channel instances relay live messages on.
const CHANNEL: &str = "arbiter_live";

/// One notification: the messages an instance committed since its last one.
#[derive(Serialize, Deserialize)]
struct Relayed {
    origin: String,
    msgs: Vec<LiveMessage>,
}

/// Messages per notification: keeps a payload well under PostgreSQL's 8,000-byte limit (a
/// message is about 120 bytes), while a busy hall costs one round trip per batch, not per
/// command.
const PER_NOTIFY: usize = 40;

/// Starts the relay thread for an instance sharing a PostgreSQL database with others. Messages
/// sent on the returned channel are announced to the other instances; messages they announce
/// are handed to `deliver`. The thread reconnects by itself if the database goes away.
pub fn spawn_pg_relay(
    url: String,
    deliver: impl Fn(LiveMessage) + Send + 'static,
) -> mpsc::Sender<LiveMessage> {
    let (tx, rx) = mpsc::channel::<LiveMessage>();
    let origin = crate::auth::random_token(8);
    let spawned = std::thread::Builder::new().name("pg-live-relay".into()).spawn(move || {
        loop {
            match relay_session(&url, &origin, &rx, &deliver) {
                // The instance is shutting down.
                Ok(()) => return,
                Err(e) => {
                    tracing::warn!(error = %e, "live relay lost its PostgreSQL connection; retrying");
                    std::thread::sleep(Duration::from_secs(2));
                }
            }
        }
    });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "could not start the live relay; live pages see only this instance");
    }
    tx
}

fn relay_session(
    url: &str,
    origin: &str,
    rx: &mpsc::Receiver<LiveMessage>,
    deliver: &impl Fn(LiveMessage),
) -> Result<(), Box<dyn std::error::Error>> {
    let mut conn = diesel::PgConnection::establish(url)?;
    diesel::sql_query(format!("LISTEN {CHANNEL}")).execute(&mut conn)?;
    loop {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(first) => {
                let pending: Vec<LiveMessage> =
                    std::iter::once(first).chain(rx.try_iter()).collect();
                for chunk in pending.chunks(PER_NOTIFY) {
                    let payload = serde_json::to_string(&Relayed {
                        origin: origin.to_owned(),
                        msgs: chunk.to_vec(),
                    })?;
                    diesel::sql_query("SELECT pg_notify($1, $2)")
                        .bind::<diesel::sql_types::Text, _>(CHANNEL)
                        .bind::<diesel::sql_types::Text, _>(payload)
                        .execute(&mut conn)?;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(()),
        }
        for n in conn.notifications_iter() {
            let n = n?;
            match serde_json::from_str::<Relayed>(&n.payload) {
                Ok(r) if r.origin != origin => r.msgs.into_iter().for_each(deliver),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "ignored a malformed live relay message"),
            }
        }
    }
}
