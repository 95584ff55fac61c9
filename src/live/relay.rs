//! The relay between instances sharing one PostgreSQL database: each announces what it
//! published through `NOTIFY` and hears the others through `LISTEN`.

use std::sync::mpsc;
use std::time::Duration;

use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use super::LiveMessage;

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

/// How long the relay waits for this instance's messages before reading the others'.
const RELAY_POLL: Duration = Duration::from_millis(5);

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
        // The wait is also how often the other instances' notifications are read (diesel
        // offers no socket to wait on): at 100 ms a move reached the other instance's
        // subscribers 50-100 ms late (fan-out bench); a poll every 5 ms is a cheap
        // non-blocking read.
        match rx.recv_timeout(RELAY_POLL) {
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
