//! Live updates: committed match events are published here after their transaction commits,
//! and SSE streams subscribe. Every message carries the match's seq so a reconnecting
//! subscriber can resume from the log. With PostgreSQL, several instances share the database:
//! each relays what it publishes through `NOTIFY` and hears the others through `LISTEN`
//! ([`spawn_pg_relay`]), so a page served by one instance sees changes made through another.

//!
//! - this file: the messages, their topics and the publish side ([`Live`]);
//! - `wire`: the flat JSON form pages and other instances read;
//! - `relay`: the PostgreSQL `LISTEN/NOTIFY` relay between instances.

mod relay;
mod wire;

use serde::Serialize;
use tokio::sync::broadcast;

use crate::vocab::{DivisionId, DuplicateGameId, EventId, MatchId, OnlineGameId, Seq};

pub use relay::{OnlineAppend, Relay, spawn_pg_relay};
use wire::Wire;

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
        /// Whether the change can move the event's ranking (D9: a placed top, a slip corrected
        /// for a turn already placed, an undo, a new game or players; never a slip of the turn
        /// in play): what live ranking pages follow.
        ranking: bool,
    },
    /// Events were appended to an online game's log (seed 001). It names no tiles: each
    /// subscriber reads the game as it may see it (its own rack only).
    Online {
        /// The game.
        game_id: OnlineGameId,
        /// The game's last seq after the change.
        seq: Seq,
    },
    /// An individual event's division changed (seed 003): players, a withdrawal, a round
    /// paired or re-paired, a result or slip record, an import. Pages of the event reload the
    /// division's standings, pairings and missing results.
    Individual {
        /// The individual event.
        event_id: EventId,
        /// The division that changed.
        division_id: DivisionId,
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
            | LiveMessage::Individual { event_id, .. }
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
            | LiveMessage::Individual { .. }
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

    /// The live topics it is published to (its event, its match, its online game, its
    /// Duplicate game's master changes and its Duplicate ranking, or the lobby).
    pub fn topics(&self) -> [Option<Topic>; 4] {
        [
            self.event_id().map(Topic::Event),
            self.match_id().map(Topic::Match),
            match self {
                LiveMessage::Online { game_id, .. } => Some(Topic::Online(*game_id)),
                LiveMessage::Lobby => Some(Topic::Lobby),
                LiveMessage::Duplicate { game_id, last, .. } if moves_duplicate_master(last) => {
                    Some(Topic::DuplicateGame(*game_id))
                }
                _ => None,
            },
            match self {
                LiveMessage::Duplicate {
                    event_id,
                    ranking: true,
                    ..
                } => Some(Topic::DuplicateRanking(*event_id)),
                _ => None,
            },
        ]
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
            | LiveMessage::Individual { .. }
            | LiveMessage::Duplicate { .. } => false,
        }
    }
}

/// Whether a Duplicate event kind changes what every player sees (the rack, the turn and its
/// time, the top, the end): what players' phones follow. Slips and phone entries are not among
/// them: a hall's 1,000 slips per turn would otherwise wake each of 1,000 phones.
pub fn moves_duplicate_master(kind: &str) -> bool {
    matches!(
        kind,
        "created"
            | "rack_drawn"
            | "turn_started"
            | "top_chosen"
            | "play_placed"
            | "undone"
            | "ended"
    )
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
    /// A Duplicate game's master changes (see [`moves_duplicate_master`]).
    DuplicateGame(DuplicateGameId),
    /// What moves a Duplicate event's ranking (`LiveMessage::Duplicate::ranking`): the live
    /// ranking page follows it, so its readers are not woken by each slip (issue 16).
    DuplicateRanking(EventId),
}

impl Topic {
    /// Messages a subscriber may fall behind by before it is told to resync. An event's stream
    /// carries all its tables; a match's only its own moves.
    fn capacity(self) -> usize {
        match self {
            Topic::Event(_) | Topic::Lobby => 1024,
            Topic::Match(_)
            | Topic::Online(_)
            | Topic::DuplicateGame(_)
            | Topic::DuplicateRanking(_) => 64,
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
        let topics = msg.topics();
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

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

    // Issue 16 (phone slips): a game's phones hear its master changes, never its slips.
    #[test]
    fn a_duplicate_games_topic_hears_its_master_changes_only() {
        let live = Live::default();
        let mut phones = live.subscribe_to(Topic::DuplicateGame(DuplicateGameId(5)));
        let mut event = live.subscribe_to(Topic::Event(EventId(1)));
        let dup = |game: i64, seq: i64, last: &'static str| LiveMessage::Duplicate {
            event_id: EventId(1),
            game_id: DuplicateGameId(game),
            seq: Seq(seq),
            last,
            ranking: false,
        };
        for m in [
            dup(5, 1, "rack_drawn"),
            dup(5, 2, "slip_recorded"),
            dup(5, 3, "phone_slip_entered"),
            dup(6, 1, "rack_drawn"),
            dup(5, 4, "turn_started"),
        ] {
            live.publish(m);
        }
        assert_eq!(phones.try_recv().unwrap(), dup(5, 1, "rack_drawn"));
        assert_eq!(phones.try_recv().unwrap(), dup(5, 4, "turn_started"));
        assert!(phones.try_recv().is_err());
        // The event's stream (the officials' pages) still hears everything.
        assert_eq!(std::iter::from_fn(|| event.try_recv().ok()).count(), 5);
    }

    // Issue 16, D9: the ranking's readers hear what moves the ranking, of every game of the
    // event, and nothing else (not the turn in play's slips, not another event's games).
    #[test]
    fn a_duplicate_ranking_topic_hears_what_moves_the_ranking_only() {
        let live = Live::default();
        let mut readers = live.subscribe_to(Topic::DuplicateRanking(EventId(1)));
        let dup =
            |event: i64, game: i64, last: &'static str, ranking: bool| LiveMessage::Duplicate {
                event_id: EventId(event),
                game_id: DuplicateGameId(game),
                seq: Seq(1),
                last,
                ranking,
            };
        for m in [
            dup(1, 5, "rack_drawn", false),
            dup(1, 5, "slip_recorded", false),
            dup(1, 5, "play_placed", true),
            dup(1, 5, "slip_recorded", true),
            dup(2, 7, "play_placed", true),
            dup(1, 6, "created", true),
        ] {
            live.publish(m);
        }
        for want in [
            dup(1, 5, "play_placed", true),
            dup(1, 5, "slip_recorded", true),
            dup(1, 6, "created", true),
        ] {
            assert_eq!(readers.try_recv().unwrap(), want);
        }
        assert!(readers.try_recv().is_err());
    }
}
