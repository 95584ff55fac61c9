//! The flat wire form of a [`LiveMessage`] (SSE `data:` and the PostgreSQL relay).

use serde::{Deserialize, Serialize};

use super::LiveMessage;
use crate::vocab::{DivisionId, DuplicateGameId, EventId, MatchId, OnlineGameId, Seq};

/// A [`LiveMessage`] as pages and other instances read it (see there).
#[derive(Serialize, Deserialize)]
pub(super) struct Wire {
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
    /// The individual event's division, for a [`LiveMessage::Individual`] (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    division_id: Option<i64>,
    /// A Duplicate change that can move the event's ranking (absent when false).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    ranking: bool,
}

impl From<LiveMessage> for Wire {
    fn from(m: LiveMessage) -> Self {
        if let LiveMessage::Duplicate {
            event_id,
            game_id,
            seq,
            last,
            ranking,
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
                division_id: None,
                ranking,
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
                division_id: None,
                ranking: false,
            };
        }
        if let LiveMessage::Individual {
            event_id,
            division_id,
        } = m
        {
            // Standings of individual events are not cached with the team standings: `false`.
            return Wire {
                event_id: Some(event_id),
                match_id: 0,
                seq: 0,
                kind: INDIVIDUAL.to_owned(),
                standings: false,
                game_id: None,
                online_game_id: None,
                division_id: Some(division_id.0),
                ranking: false,
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
            LiveMessage::Duplicate { .. }
            | LiveMessage::Online { .. }
            | LiveMessage::Individual { .. } => (None, 0, 0, RESYNC, false),
        };
        Wire {
            event_id,
            match_id,
            seq,
            kind: kind.to_owned(),
            standings,
            game_id: None,
            online_game_id: None,
            division_id: None,
            ranking: false,
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
const DUPLICATE_KINDS: [&str; 10] = [
    "created",
    "rack_drawn",
    "turn_started",
    "top_chosen",
    "play_placed",
    "slip_recorded",
    "undone",
    "ended",
    "players_joined",
    "phone_slip_entered",
];

const CLAIMED: &str = "challenge_claimed";
const RECORD: &str = "committee_record";
const RESYNC: &str = "resync";
const PAIRED: &str = "round_paired";
const ONLINE: &str = "online";
const LOBBY: &str = "lobby";
const INDIVIDUAL: &str = "individual";

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
                ranking: w.ranking,
            });
        }
        if let Some(game) = w.online_game_id {
            return Ok(LiveMessage::Online {
                game_id: OnlineGameId(game),
                seq: Seq(w.seq),
            });
        }
        if let Some(division) = w.division_id {
            return Ok(LiveMessage::Individual {
                event_id: w
                    .event_id
                    .ok_or("an individual division without its event")?,
                division_id: DivisionId(division),
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
            ranking: false,
        };
        let text = serde_json::to_string(&d).unwrap();
        assert_eq!(
            text,
            r#"{"event_id":4,"match_id":0,"seq":5,"kind":"slip_recorded","standings":false,"game_id":9}"#
        );
        assert_eq!(serde_json::from_str::<LiveMessage>(&text).unwrap(), d);
        // Whether it moves the ranking crosses to other instances; every kind is known there
        // (a phone entry or players joining relayed from another instance used to be dropped).
        for kind in DUPLICATE_KINDS {
            let m = LiveMessage::Duplicate {
                event_id: EventId(4),
                game_id: DuplicateGameId(9),
                seq: Seq(6),
                last: kind,
                ranking: true,
            };
            let text = serde_json::to_string(&m).unwrap();
            assert!(text.ends_with(r#","game_id":9,"ranking":true}"#), "{text}");
            assert_eq!(serde_json::from_str::<LiveMessage>(&text).unwrap(), m);
        }
        assert!(
            serde_json::from_str::<LiveMessage>(&text.replace("slip_recorded", "played")).is_err()
        );
        let i = LiveMessage::Individual {
            event_id: EventId(5),
            division_id: DivisionId(2),
        };
        let text = serde_json::to_string(&i).unwrap();
        assert_eq!(
            text,
            r#"{"event_id":5,"match_id":0,"seq":0,"kind":"individual","standings":false,"division_id":2}"#
        );
        assert_eq!(serde_json::from_str::<LiveMessage>(&text).unwrap(), i);
        assert_eq!(i.topics()[0], Some(super::super::Topic::Event(EventId(5))));
        for kind in EVENT_KINDS {
            let wire = format!(
                r#"{{"event_id":null,"match_id":1,"seq":1,"kind":"{kind}","standings":false}}"#
            );
            let back = serde_json::from_str::<LiveMessage>(&wire).unwrap();
            assert_eq!(serde_json::to_string(&back).unwrap(), wire);
        }
    }
}
