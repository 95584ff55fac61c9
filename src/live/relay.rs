//! The relay between instances sharing one PostgreSQL database: each announces what it
//! published through `NOTIFY` and hears the others through `LISTEN`.
//!
//! Besides live messages, an instance relays the events each commit appended to an online
//! game's log, so the other instances' game caches follow the game without reading the
//! database (the opponent's re-read on another instance is answered from memory). Those events
//! hold tiles: they travel only between instances, are handed to the game cache alone, and
//! never reach a page or a stream (which get [`LiveMessage`]s, whose wire form names no tiles).

use std::sync::mpsc;
use std::time::Duration;

use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use super::LiveMessage;
use crate::rules::online::OnlineEvent;
use crate::vocab::OnlineGameId;

/// The PostgreSQL channel instances relay live messages on.
const CHANNEL: &str = "arbiter_live";

/// What an instance hands its relay, in commit order.
#[derive(Debug, Clone, PartialEq)]
pub enum Relay {
    /// A live message, for the other instances' live pages.
    Live(LiveMessage),
    /// What an online game's commit appended, for the other instances' game caches only.
    Online(OnlineAppend),
}

/// The events one commit appended to an online game's log, in seq order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OnlineAppend {
    /// The game.
    pub game_id: OnlineGameId,
    /// Its new events (seq order, no gap).
    pub events: Vec<OnlineEvent>,
}

/// One notification: what an instance committed since its last one. A receiver applies the
/// online appends before it delivers the messages, and an append is sent before the message
/// of its commit, so it is in the same notification or an earlier one: a page woken by a
/// message on another instance finds that instance's cache already at the message's seq.
#[derive(Serialize, Deserialize)]
struct Relayed {
    origin: String,
    msgs: Vec<LiveMessage>,
    #[serde(default)]
    online: Vec<OnlineAppend>,
}

/// The most bytes of items per notification: PostgreSQL refuses a payload of 8,000 bytes or
/// more, and the object around the items takes under 100. A live message is about 120 bytes,
/// a move's events 300-600, so one notification carries a dozen moves or 50 messages, and a
/// busy hall costs one round trip per batch, not per command.
const BUDGET: usize = 7_600;

/// How long the relay waits for this instance's messages before reading the others'.
const RELAY_POLL: Duration = Duration::from_millis(5);

/// Starts the relay thread for an instance sharing a PostgreSQL database with others. What is
/// sent on the returned channel is announced to the other instances; what they announce is
/// handed to `deliver` (for each notification, its online appends first, then its messages).
/// The thread reconnects by itself if the database goes away (what is announced meanwhile is
/// lost: pages and caches check seqs, and read the database when they find a gap).
pub fn spawn_pg_relay(
    url: String,
    deliver: impl Fn(Relay) + Send + 'static,
) -> mpsc::Sender<Relay> {
    let (tx, rx) = mpsc::channel::<Relay>();
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
    rx: &mpsc::Receiver<Relay>,
    deliver: &impl Fn(Relay),
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
                let pending: Vec<Relay> = std::iter::once(first).chain(rx.try_iter()).collect();
                for payload in payloads(origin, &pending)? {
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
                Ok(r) if r.origin != origin => {
                    r.online.into_iter().map(Relay::Online).for_each(deliver);
                    r.msgs.into_iter().map(Relay::Live).for_each(deliver);
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "ignored a malformed live relay message"),
            }
        }
    }
}

/// The notifications' payloads for `pending`, in order, each under [`BUDGET`] bytes of items.
/// An online append too large for one notification is not relayed (the other instances'
/// caches stay behind that game and read it from the database when asked for it).
fn payloads(origin: &str, pending: &[Relay]) -> Result<Vec<String>, serde_json::Error> {
    let origin = serde_json::to_string(origin)?;
    let mut out = Vec::new();
    let (mut msgs, mut online, mut size) = (Vec::<String>::new(), Vec::<String>::new(), 0);
    let flush = |msgs: &mut Vec<String>, online: &mut Vec<String>, out: &mut Vec<String>| {
        if !msgs.is_empty() || !online.is_empty() {
            out.push(format!(
                r#"{{"origin":{origin},"msgs":[{}],"online":[{}]}}"#,
                msgs.join(","),
                online.join(",")
            ));
        }
        msgs.clear();
        online.clear();
    };
    for item in pending {
        let (text, is_msg) = match item {
            Relay::Live(m) => (serde_json::to_string(m)?, true),
            Relay::Online(a) => (serde_json::to_string(a)?, false),
        };
        if text.len() + 1 > BUDGET {
            tracing::debug!(bytes = text.len(), "an online append too large to relay");
            continue;
        }
        if size + text.len() + 1 > BUDGET {
            flush(&mut msgs, &mut online, &mut out);
            size = 0;
        }
        size += text.len() + 1;
        if is_msg {
            msgs.push(text);
        } else {
            online.push(text);
        }
    }
    flush(&mut msgs, &mut online, &mut out);
    Ok(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::rules::game::{Actor, Seat, Side};
    use crate::rules::online::OnlinePayload;
    use crate::vocab::Seq;

    fn append(game: i64, from: u64, n: usize, drew: &str) -> OnlineAppend {
        OnlineAppend {
            game_id: OnlineGameId(game),
            events: (0..n as u64)
                .map(|i| OnlineEvent {
                    seq: from + i,
                    at: Utc.with_ymd_and_hms(2026, 12, 1, 18, 0, 0).unwrap(),
                    actor: Actor::System,
                    payload: OnlinePayload::PlayTiles {
                        seat: Seat::new(Side::A, 1),
                        laid: "QI".into(),
                        drew: drew.into(),
                    },
                })
                .collect(),
        }
    }

    fn moved(game: i64, seq: i64) -> LiveMessage {
        LiveMessage::Online {
            game_id: OnlineGameId(game),
            seq: Seq(seq),
        }
    }

    /// What the receiving instance hands on, notification by notification.
    fn received(payloads: &[String]) -> Vec<Relay> {
        let mut out = Vec::new();
        for p in payloads {
            let r: Relayed = serde_json::from_str(p).unwrap();
            out.extend(r.online.into_iter().map(Relay::Online));
            out.extend(r.msgs.into_iter().map(Relay::Live));
        }
        out
    }

    // Issue 17: every notification stays under PostgreSQL's 8,000 bytes, nothing is lost or
    // reordered across notifications, and each game's events are handed on before its message.
    #[test]
    fn a_busy_batch_is_split_under_the_limit_and_each_append_comes_before_its_message() {
        let mut pending = Vec::new();
        for game in 1..=60 {
            pending.push(Relay::Online(append(game, 7, 2, "ABCDEFG")));
            pending.push(Relay::Live(moved(game, 8)));
        }
        let out = payloads("me", &pending).unwrap();
        assert!(out.len() > 3, "{} notifications", out.len());
        assert!(out.iter().all(|p| p.len() < 8_000));
        let got = received(&out);
        assert_eq!(got.len(), pending.len());
        for game in 1..=60 {
            let at = |want: &Relay| got.iter().position(|r| r == want).unwrap();
            let (a, m) = (&pending[2 * game - 2], &pending[2 * game - 1]);
            assert!(at(a) < at(m), "game {game}");
        }
        // Within each kind the order is the sending order.
        let games = |rs: &[Relay], online: bool| -> Vec<i64> {
            rs.iter()
                .filter_map(|r| match r {
                    Relay::Online(a) if online => Some(a.game_id.0),
                    Relay::Live(LiveMessage::Online { game_id, .. }) if !online => Some(game_id.0),
                    _ => None,
                })
                .collect()
        };
        assert_eq!(games(&got, true), games(&pending, true));
        assert_eq!(games(&got, false), games(&pending, false));
    }

    // An append too large for a notification is left out (the other caches read the game from
    // the database when asked for it); its message and the rest still go.
    #[test]
    fn an_append_too_large_to_notify_is_left_out_and_the_rest_goes() {
        let pending = vec![
            Relay::Online(append(1, 1, 200, "ABCDEFG")),
            Relay::Live(moved(1, 200)),
            Relay::Online(append(2, 3, 1, "XY")),
            Relay::Live(moved(2, 3)),
        ];
        let out = payloads("me", &pending).unwrap();
        assert_eq!(out.len(), 1);
        // Handed on as a receiver does: the notification's appends, then its messages.
        let want = [&pending[2], &pending[1], &pending[3]].map(Clone::clone);
        assert_eq!(received(&out), want.to_vec());
    }

    // An instance's own notifications carry its origin (the relay ignores what it sent), and a
    // notification without appends (an older instance's) is still read.
    #[test]
    fn a_notification_names_its_origin_and_one_without_appends_is_read() {
        let out = payloads("abc", &[Relay::Live(moved(1, 2))]).unwrap();
        let r: Relayed = serde_json::from_str(&out[0]).unwrap();
        assert_eq!(r.origin, "abc");
        let old: Relayed = serde_json::from_str(
            r#"{"origin":"x","msgs":[{"event_id":null,"match_id":0,"seq":2,"kind":"online","standings":false,"online_game_id":1}]}"#,
        )
        .unwrap();
        assert_eq!(old.msgs, vec![moved(1, 2)]);
        assert!(old.online.is_empty());
    }
}
