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

use crate::vocab::{DuplicateGameId, EventId, MatchId, OnlineGameId, Seq};

/// One committed change, as live pages and the other instances hear of it.
///
/// On the wire (SSE `data:` and the PostgreSQL relay) every message is the same flat object,
/// `{"event_id", "match_id", "seq", "kind", "standings"}`, which the pages read; a message that
/// concerns no match says `match_id: 0` and `seq: 0` there, and only there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(into = "Wire")]
pub enum LiveMessage {
    /// Events were appended to a match's log.
    Match {
        /// The event (tournament) the match belongs to.
        event_id: Option<EventId>,
        /// The match.
        match_id: MatchId,
        /// The match's last seq after the change.
        seq: Seq,
        /// The kind of the last event appended (`played`, `word_ruled`, …).
        last: &'static str,
        /// Whether the change can move the event's standings (a result declared or taken
        /// back): cached standings are dropped when it does.
        standings: bool,
    },
    /// A PIC claimed a challenge of a match (the other PICs' pages show it taken).
    ChallengeClaimed {
        /// The event whose queue holds it.
        event_id: Option<EventId>,
        /// The match.
        match_id: MatchId,
    },
    /// The committee recorded a disqualification, walkout or withdrawal (moves standings).
    CommitteeRecord {
        /// The event.
        event_id: EventId,
    },
    /// A round was paired or re-paired: its byes count in the standings from now (E2), and
    /// pages show the new tables.
    RoundPaired {
        /// The event.
        event_id: EventId,
    },
    /// Events were appended to a Duplicate game's log (seed 002).
    Duplicate {
        /// The Duplicate event.
        event_id: EventId,
        /// The game.
        game_id: DuplicateGameId,
        /// The game's last seq after the change.
        seq: Seq,
        /// The kind of the last event appended (`rack_drawn`, `slip_recorded`, …).
        last: &'static str,
    },
    /// Events were appended to an online game's log (seed 001). It names no tiles: each
    /// subscriber reads the game as it may see it (its own rack only).
    Online {
        /// The game.
        game_id: OnlineGameId,
        /// The game's last seq after the change.
        seq: Seq,
    },
    /// The online lobby changed: a seek was offered, taken or withdrawn, or a game began or
    /// ended.
    Lobby,
    /// Refresh everything: the subscriber may have missed messages.
    Resync {
        /// The event whose stream it is sent on, if any.
        event_id: Option<EventId>,
    },
}

impl LiveMessage {
    /// The event the change belongs to.
    pub fn event_id(&self) -> Option<EventId> {
        match self {
            LiveMessage::Match { event_id, .. }
            | LiveMessage::ChallengeClaimed { event_id, .. }
            | LiveMessage::Resync { event_id } => *event_id,
            LiveMessage::Online { .. } | LiveMessage::Lobby => None,
            LiveMessage::CommitteeRecord { event_id }
            | LiveMessage::RoundPaired { event_id }
            | LiveMessage::Duplicate { event_id, .. } => Some(*event_id),
        }
    }

    /// The match it changed, if it concerns one.
    pub fn match_id(&self) -> Option<MatchId> {
        match self {
            LiveMessage::Match { match_id, .. }
            | LiveMessage::ChallengeClaimed { match_id, .. } => Some(*match_id),
            LiveMessage::CommitteeRecord { .. }
            | LiveMessage::RoundPaired { .. }
            | LiveMessage::Resync { .. }
            | LiveMessage::Online { .. }
            | LiveMessage::Lobby
            | LiveMessage::Duplicate { .. } => None,
        }
    }

    /// The match's last seq after the change (0 when no event was appended).
    pub fn seq(&self) -> Seq {
        match self {
            LiveMessage::Match { seq, .. }
            | LiveMessage::Duplicate { seq, .. }
            | LiveMessage::Online { seq, .. } => *seq,
            _ => Seq(0),
        }
    }

    /// Whether cached standings of its event must be dropped.
    pub fn moves_standings(&self) -> bool {
        match self {
            LiveMessage::Match { standings, .. } => *standings,
            LiveMessage::CommitteeRecord { .. } | LiveMessage::RoundPaired { .. } => true,
            LiveMessage::ChallengeClaimed { .. }
            | LiveMessage::Resync { .. }
            | LiveMessage::Online { .. }
            | LiveMessage::Lobby
            | LiveMessage::Duplicate { .. } => false,
        }
    }
}

/// A [`LiveMessage`] as pages and other instances read it (see there).
#[derive(Serialize, Deserialize)]
struct Wire {
    event_id: Option<EventId>,
    match_id: i64,
    seq: i64,
    kind: String,
    standings: bool,
    /// The Duplicate game, for a [`LiveMessage::Duplicate`] (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    game_id: Option<i64>,
    /// The online game, for a [`LiveMessage::Online`] (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    online_game_id: Option<i64>,
}

impl From<LiveMessage> for Wire {
    fn from(m: LiveMessage) -> Self {
        if let LiveMessage::Duplicate {
            event_id,
            game_id,
            seq,
            last,
        } = m
        {
            return Wire {
                event_id: Some(event_id),
                match_id: 0,
                seq: seq.0,
                kind: last.to_owned(),
                standings: false,
                game_id: Some(game_id.0),
                online_game_id: None,
            };
        }
        if let LiveMessage::Online { game_id, seq } = m {
            return Wire {
                event_id: None,
                match_id: 0,
                seq: seq.0,
                kind: ONLINE.to_owned(),
                standings: false,
                game_id: None,
                online_game_id: Some(game_id.0),
            };
        }
        let (event_id, match_id, seq, kind, standings) = match m {
            LiveMessage::Match {
                event_id,
                match_id,
                seq,
                last,
                standings,
            } => (event_id, match_id.0, seq.0, last, standings),
            LiveMessage::ChallengeClaimed { event_id, match_id } => {
                (event_id, match_id.0, 0, CLAIMED, false)
            }
            LiveMessage::CommitteeRecord { event_id } => (Some(event_id), 0, 0, RECORD, true),
            LiveMessage::RoundPaired { event_id } => (Some(event_id), 0, 0, PAIRED, true),
            LiveMessage::Resync { event_id } => (event_id, 0, 0, RESYNC, false),
            LiveMessage::Lobby => (None, 0, 0, LOBBY, false),
            LiveMessage::Duplicate { .. } | LiveMessage::Online { .. } => {
                (None, 0, 0, RESYNC, false)
            }
        };
        Wire {
            event_id,
            match_id,
            seq,
            kind: kind.to_owned(),
            standings,
            game_id: None,
            online_game_id: None,
        }
    }
}

/// Every `Payload::kind`, so a relayed message names its event kind without holding a string.
const EVENT_KINDS: [&str; 22] = [
    "created",
    "started",
    "played",
    "passed",
    "exchanged",
    "line_closed",
    "held",
    "word_challenged",
    "word_ruled",
    "score_challenged",
    "score_ruled",
    "clock_flagged",
    "match_time_up",
    "game_ended",
    "racks_adjusted",
    "overtime_penalized",
    "result_declared",
    "disqualified",
    "walked_out",
    "score_corrected",
    "slip_verified",
    "corrected",
];

/// Every `rules::duplicate::Payload::kind`.
const DUPLICATE_KINDS: [&str; 8] = [
    "created",
    "rack_drawn",
    "turn_started",
    "top_chosen",
    "play_placed",
    "slip_recorded",
    "undone",
    "ended",
];

const CLAIMED: &str = "challenge_claimed";
const RECORD: &str = "committee_record";
const RESYNC: &str = "resync";
const PAIRED: &str = "round_paired";
const ONLINE: &str = "online";
const LOBBY: &str = "lobby";

// By hand: a derive would tie the input's lifetime to the `&'static str` of an event kind.
impl<'de> Deserialize<'de> for LiveMessage {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Wire::deserialize(d)?
            .try_into()
            .map_err(serde::de::Error::custom)
    }
}

impl TryFrom<Wire> for LiveMessage {
    type Error = String;

    fn try_from(w: Wire) -> Result<Self, String> {
        if let Some(game) = w.game_id {
            return Ok(LiveMessage::Duplicate {
                event_id: w.event_id.ok_or("a Duplicate game without its event")?,
                game_id: DuplicateGameId(game),
                seq: Seq(w.seq),
                last: DUPLICATE_KINDS
                    .iter()
                    .find(|k| **k == w.kind)
                    .copied()
                    .ok_or_else(|| format!("unknown Duplicate event kind {:?}", w.kind))?,
            });
        }
        if let Some(game) = w.online_game_id {
            return Ok(LiveMessage::Online {
                game_id: OnlineGameId(game),
                seq: Seq(w.seq),
            });
        }
        Ok(match w.kind.as_str() {
            LOBBY => LiveMessage::Lobby,
            CLAIMED => LiveMessage::ChallengeClaimed {
                event_id: w.event_id,
                match_id: MatchId(w.match_id),
            },
            RECORD => LiveMessage::CommitteeRecord {
                event_id: w.event_id.ok_or("a committee record without its event")?,
            },
            PAIRED => LiveMessage::RoundPaired {
                event_id: w.event_id.ok_or("a round pairing without its event")?,
            },
            RESYNC => LiveMessage::Resync {
                event_id: w.event_id,
            },
            kind => LiveMessage::Match {
                event_id: w.event_id,
                match_id: MatchId(w.match_id),
                seq: Seq(w.seq),
                last: EVENT_KINDS
                    .iter()
                    .find(|k| **k == kind)
                    .copied()
                    .ok_or_else(|| format!("unknown event kind {kind:?}"))?,
                standings: w.standings,
            },
        })
    }
}

/// What a live stream listens to: every change of one event, or of one match. Each topic has
/// its own channel, so a message wakes only the streams that want it (with one channel for the
/// whole server, 10,000 spectators woke for every move of every match, each to drop it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Topic {
    /// Everything of an event (its matches, queue, records, rounds, Duplicate games).
    Event(EventId),
    /// One match's log.
    Match(MatchId),
    /// One online game's log.
    Online(OnlineGameId),
    /// The online lobby.
    Lobby,
}

impl Topic {
    /// Messages a subscriber may fall behind by before it is told to resync. An event's stream
    /// carries all its tables; a match's only its own moves.
    fn capacity(self) -> usize {
        match self {
            Topic::Event(_) | Topic::Lobby => 1024,
            Topic::Match(_) | Topic::Online(_) => 64,
        }
    }
}

type TopicMap = std::collections::HashMap<Topic, broadcast::Sender<LiveMessage>>;

/// The publish side, shared by all handlers.
#[derive(Debug, Clone)]
pub struct Live {
    /// Every message (for subscribers that filter for themselves).
    tx: broadcast::Sender<LiveMessage>,
    /// One channel per topic someone listens to; a topic's channel is dropped by the first
    /// publish that finds no one listening.
    topics: std::sync::Arc<std::sync::Mutex<TopicMap>>,
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
            topics: std::sync::Arc::default(),
            closing: std::sync::Arc::new(closing),
        }
    }
}

impl Live {
    /// Publishes a committed change (no subscribers is fine): to the all-messages channel and
    /// to the channels of its event and match.
    pub fn publish(&self, msg: LiveMessage) {
        let topics = [
            msg.event_id().map(Topic::Event),
            msg.match_id().map(Topic::Match),
            match &msg {
                LiveMessage::Online { game_id, .. } => Some(Topic::Online(*game_id)),
                LiveMessage::Lobby => Some(Topic::Lobby),
                _ => None,
            },
        ];
        if topics.iter().any(Option::is_some) {
            // A poisoned lock only means another publisher panicked mid-send; the map is
            // still a valid map.
            let mut map = self
                .topics
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            for topic in topics.into_iter().flatten() {
                let gone = map
                    .get(&topic)
                    .is_some_and(|tx| tx.send(msg.clone()).is_err());
                if gone {
                    map.remove(&topic);
                }
            }
        }
        let _ = self.tx.send(msg);
    }

    /// A subscription to every message.
    pub fn subscribe(&self) -> broadcast::Receiver<LiveMessage> {
        self.tx.subscribe()
    }

    /// A subscription to one topic's messages.
    pub fn subscribe_to(&self, topic: Topic) -> broadcast::Receiver<LiveMessage> {
        let mut map = self
            .topics
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        map.entry(topic)
            .or_insert_with(|| broadcast::channel(topic.capacity()).0)
            .subscribe()
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
        let map = self
            .topics
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        self.tx.receiver_count() + map.values().map(|tx| tx.receiver_count()).sum::<usize>()
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn messages_keep_their_flat_wire_form() {
        let m = LiveMessage::Match {
            event_id: Some(EventId(3)),
            match_id: MatchId(7),
            seq: Seq(12),
            last: "played",
            standings: false,
        };
        let text = serde_json::to_string(&m).unwrap();
        assert_eq!(
            text,
            r#"{"event_id":3,"match_id":7,"seq":12,"kind":"played","standings":false}"#
        );
        assert_eq!(serde_json::from_str::<LiveMessage>(&text).unwrap(), m);
        let r = LiveMessage::CommitteeRecord {
            event_id: EventId(3),
        };
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(
            text,
            r#"{"event_id":3,"match_id":0,"seq":0,"kind":"committee_record","standings":true}"#
        );
        assert_eq!(serde_json::from_str::<LiveMessage>(&text).unwrap(), r);
        let d = LiveMessage::Duplicate {
            event_id: EventId(4),
            game_id: DuplicateGameId(9),
            seq: Seq(5),
            last: "slip_recorded",
        };
        let text = serde_json::to_string(&d).unwrap();
        assert_eq!(
            text,
            r#"{"event_id":4,"match_id":0,"seq":5,"kind":"slip_recorded","standings":false,"game_id":9}"#
        );
        assert_eq!(serde_json::from_str::<LiveMessage>(&text).unwrap(), d);
        assert!(
            serde_json::from_str::<LiveMessage>(&text.replace("slip_recorded", "played")).is_err()
        );
        for kind in EVENT_KINDS {
            let wire = format!(
                r#"{{"event_id":null,"match_id":1,"seq":1,"kind":"{kind}","standings":false}}"#
            );
            let back = serde_json::from_str::<LiveMessage>(&wire).unwrap();
            assert_eq!(serde_json::to_string(&back).unwrap(), wire);
        }
    }

    #[test]
    fn a_topic_hears_only_its_own_messages_and_is_dropped_when_no_one_listens() {
        let live = Live::default();
        let mut ev = live.subscribe_to(Topic::Event(EventId(1)));
        let mut m7 = live.subscribe_to(Topic::Match(MatchId(7)));
        let mut all = live.subscribe();
        let moved = |m: i64, e: i64| LiveMessage::Match {
            event_id: Some(EventId(e)),
            match_id: MatchId(m),
            seq: Seq(1),
            last: "played",
            standings: false,
        };
        live.publish(moved(8, 1));
        live.publish(moved(7, 1));
        live.publish(moved(9, 2));
        assert_eq!(live.subscribers(), 3);
        assert_eq!(ev.try_recv().unwrap(), moved(8, 1));
        assert_eq!(ev.try_recv().unwrap(), moved(7, 1));
        assert!(ev.try_recv().is_err());
        assert_eq!(m7.try_recv().unwrap(), moved(7, 1));
        assert!(m7.try_recv().is_err());
        for want in [moved(8, 1), moved(7, 1), moved(9, 2)] {
            assert_eq!(all.try_recv().unwrap(), want);
        }
        drop(m7);
        live.publish(moved(7, 1));
        assert!(
            !live
                .topics
                .lock()
                .unwrap()
                .contains_key(&Topic::Match(MatchId(7)))
        );
        assert_eq!(live.subscribers(), 2);
        // A topic subscribed again starts afresh.
        let mut again = live.subscribe_to(Topic::Match(MatchId(7)));
        live.publish(moved(7, 1));
        assert_eq!(again.try_recv().unwrap(), moved(7, 1));
    }
}
