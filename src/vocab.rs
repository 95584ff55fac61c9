//! The vocabulary every layer speaks: typed ids, and the closed sets of values (roles, statuses,
//! record kinds) that were strings before. A string never stands for a closed set: text from a
//! form, a token or a row is parsed into one of these types once, at the edge, and an unknown
//! value is an error there, never a default.
//!
//! What lives here: plain data with `serde` (JSON is unchanged: ids are bare numbers, enums their
//! `snake_case` names), `as_str`/`FromStr`, and their OpenAPI schemas (`utoipa`, documentation
//! only). What may not: diesel, actix, askama. How these
//! types are stored is the database's business (`db::types` implements `ToSql`/`FromSql` for
//! both backends), so `rules/` and the other layers can use them without a storage dependency.
//! The match-level enums the rules engine owns (a match's status, why it was won, a side) are
//! defined in `rules::game` and re-exported here under their vocabulary names. Because of that
//! re-export the rules core does not import this module (it would be a cycle, rules → vocab →
//! rules): its pairing and standings name teams by the bare `i64`, and `services` wraps them in
//! [`TeamId`] at the edge.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use crate::rules::game::{ResultReason, Side, Status as MatchStatus};

/// Declares an id newtype over the 64-bit row id both backends use.
macro_rules! ids {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize,
            Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map(Self)
            }
        }

        // Documented as the integer it is on the wire, under the id's own name.
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                <i64 as utoipa::PartialSchema>::schema()
            }
        }

        impl utoipa::ToSchema for $name {}
    )*};
}

ids! {
    /// A match (`matches.id`).
    MatchId;
    /// An event, i.e. a tournament (`events.id`).
    EventId;
    /// A team of an event (`teams.id`).
    TeamId;
    /// A player of a team (`players.id`).
    PlayerId;
    /// An account (`users.id`).
    UserId;
    /// A role grant (`role_grants.id`).
    GrantId;
    /// A row of the PIC's challenge queue (`challenges.id`); the challenge inside its match is
    /// named by the [`Seq`] of the event that opened it.
    ChallengeId;
    /// A round of an event (`rounds.id`).
    RoundId;
    /// A line of a round's pairing (`round_pairings.id`).
    PairingId;
    /// A committee record (`committee_records.id`).
    RecordId;
    /// A game of a Duplicate event (`duplicate_games.id`).
    DuplicateGameId;
    /// An online game (`online_games.id`, seed 001).
    OnlineGameId;
    /// An online seek or direct challenge (`online_seeks.id`, seed 001).
    SeekId;
    /// A division of an individual event (`indiv_divisions.id`, seed 003).
    DivisionId;
    /// A position in a match's event log (`match_events.seq`, `matches.last_seq`): 1 for the
    /// `created` event, 0 before it.
    Seq;
}

impl Seq {
    /// The seq as the rules engine counts it (events carry `u64`).
    pub fn get(self) -> u64 {
        u64::try_from(self.0).unwrap_or_default()
    }
}

impl From<u64> for Seq {
    fn from(seq: u64) -> Self {
        Seq(i64::try_from(seq).unwrap_or(i64::MAX))
    }
}

/// A stored text was none of the values of a closed set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{value:?} is not a known {what}")]
pub struct UnknownValue {
    /// Which set (`role`, `match status`, …).
    pub what: &'static str,
    /// The text that was found.
    pub value: String,
}

impl UnknownValue {
    fn new(what: &'static str, value: &str) -> Self {
        Self {
            what,
            value: value.to_owned(),
        }
    }
}

/// Declares `as_str`, `FromStr`, `Display` and `ALL` for a fieldless enum from its text names.
macro_rules! text_enum {
    ($name:ident, $what:literal, { $($variant:ident => $text:literal,)* }) => {
        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The name as stored and as JSON spells it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }
        }

        impl FromStr for $name {
            type Err = UnknownValue;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s {
                    $($text => Ok($name::$variant),)*
                    _ => Err(UnknownValue::new($what, s)),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

/// A role granted to an account for an event (administrators are a flag on the account).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Runs the event: teams, rounds, grants.
    Director,
    /// Records disqualifications and walkouts (E3).
    Committee,
    /// Person in charge: rules on challenges.
    Pic,
    /// Leads one team.
    Captain,
    /// The device at one table.
    Table,
    /// Runs a Duplicate game: racks, turns, tops, undo (D1, D3, D4, D6).
    Referee,
    /// Enters players' slips in a Duplicate game (D5).
    Arbitrator,
}

text_enum!(Role, "role", {
    Director => "director",
    Committee => "committee",
    Pic => "pic",
    Captain => "captain",
    Table => "table",
    Referee => "referee",
    Arbitrator => "arbitrator",
});

/// What a committee record says (E3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RecordKind {
    /// The team is disqualified (from one match, or the event).
    Disqualification,
    /// The team walked out.
    Walkout,
    /// Takes an earlier record back.
    Withdrawal,
}

text_enum!(RecordKind, "record kind", {
    Disqualification => "disqualification",
    Walkout => "walkout",
    Withdrawal => "withdrawal",
});

/// Where a round stands: a draft may be paired again, a started round may not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RoundStatus {
    /// Paired, no match begun: may be re-paired.
    Draft,
    /// A match of the round has begun.
    Started,
}

text_enum!(RoundStatus, "round status", {
    Draft => "draft",
    Started => "started",
});

/// How a round is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PairingMethod {
    /// Berger tables.
    RoundRobin,
    /// By match points then spread, no repeats.
    Swiss,
    /// As the director enters it.
    Manual,
}

text_enum!(PairingMethod, "pairing method", {
    RoundRobin => "round_robin",
    Swiss => "swiss",
    Manual => "manual",
});

impl PairingMethod {
    /// The method for people: `round robin` rather than `round_robin`.
    pub fn label(self) -> &'static str {
        match self {
            PairingMethod::RoundRobin => "round robin",
            other => other.as_str(),
        }
    }
}

/// What a challenge in the PIC's queue is about (T11): the words of a play, or its score. The
/// rules' `ChallengeKind` carries the words; this is its name, as the queue stores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeType {
    /// The words are challenged (acceptable or not, T12-T13).
    Word,
    /// The announced score is challenged (T8).
    Score,
}

text_enum!(ChallengeType, "challenge type", {
    Word => "word",
    Score => "score",
});

impl From<&crate::rules::game::ChallengeKind> for ChallengeType {
    fn from(kind: &crate::rules::game::ChallengeKind) -> Self {
        match kind {
            crate::rules::game::ChallengeKind::Word { .. } => ChallengeType::Word,
            crate::rules::game::ChallengeKind::Score => ChallengeType::Score,
        }
    }
}

text_enum!(MatchStatus, "match status", {
    New => "new",
    Created => "created",
    InProgress => "in_progress",
    Ended => "ended",
    Finished => "finished",
});

impl MatchStatus {
    /// The status for people: `in progress` rather than `in_progress`.
    pub fn label(self) -> &'static str {
        match self {
            MatchStatus::InProgress => "in progress",
            other => other.as_str(),
        }
    }

    /// Not begun yet: its round may still be paired again.
    pub fn not_begun(self) -> bool {
        matches!(self, MatchStatus::New | MatchStatus::Created)
    }
}

text_enum!(ResultReason, "result reason", {
    Score => "score",
    Disqualification => "disqualification",
    Walkout => "walkout",
});

text_enum!(Side, "side", {
    A => "a",
    B => "b",
});

/// One of a user's grants as the session token carries it, for navigation only (every action
/// checks the stored grants). Its text form is the token's: `director:EVENT`, `committee:EVENT`,
/// `pic:EVENT`, `captain:EVENT:TEAM`, `table:EVENT:N` (EVENT empty for a grant in every event).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RoleTag {
    /// The role.
    pub role: Role,
    /// The event it applies to; `None` for every event.
    pub event: Option<EventId>,
    /// What it is narrowed to inside the event.
    pub scope: TagScope,
}

/// What a [`RoleTag`] is narrowed to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TagScope {
    /// The whole event.
    Event,
    /// A captain's team.
    Team(TeamId),
    /// A table device's table.
    Table(i32),
}

impl fmt::Display for RoleTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.role)?;
        if let Some(e) = self.event {
            write!(f, "{e}")?;
        }
        match self.scope {
            TagScope::Event => Ok(()),
            TagScope::Team(t) => write!(f, ":{t}"),
            TagScope::Table(n) => write!(f, ":{n}"),
        }
    }
}

impl FromStr for RoleTag {
    type Err = UnknownValue;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || UnknownValue::new("role tag", s);
        let mut parts = s.split(':');
        let role: Role = parts.next().unwrap_or_default().parse()?;
        let event = match parts.next().ok_or_else(bad)? {
            "" => None,
            e => Some(e.parse().map_err(|_| bad())?),
        };
        let scope = match (role, parts.next()) {
            (_, None) => TagScope::Event,
            (Role::Captain, Some(t)) => TagScope::Team(t.parse().map_err(|_| bad())?),
            (Role::Table, Some(n)) => TagScope::Table(n.parse().map_err(|_| bad())?),
            (_, Some(_)) => return Err(bad()),
        };
        if parts.next().is_some() {
            return Err(bad());
        }
        Ok(Self { role, event, scope })
    }
}

impl TryFrom<String> for RoleTag {
    type Error = UnknownValue;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<RoleTag> for String {
    fn from(tag: RoleTag) -> String {
        tag.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_enum_value_reads_back_from_its_text() {
        for r in Role::ALL {
            assert_eq!(r.as_str().parse::<Role>(), Ok(*r));
        }
        for s in MatchStatus::ALL {
            assert_eq!(s.as_str().parse::<MatchStatus>(), Ok(*s));
        }
        for r in ResultReason::ALL {
            assert_eq!(r.as_str().parse::<ResultReason>(), Ok(*r));
        }
        for k in RecordKind::ALL {
            assert_eq!(k.as_str().parse::<RecordKind>(), Ok(*k));
        }
        for m in PairingMethod::ALL {
            assert_eq!(m.as_str().parse::<PairingMethod>(), Ok(*m));
        }
        for t in ChallengeType::ALL {
            assert_eq!(t.as_str().parse::<ChallengeType>(), Ok(*t));
        }
    }

    #[test]
    fn enum_text_is_the_json_name() {
        for s in MatchStatus::ALL {
            assert_eq!(serde_json::to_value(s).ok(), Some(s.as_str().into()));
        }
        for r in ResultReason::ALL {
            assert_eq!(serde_json::to_value(r).ok(), Some(r.as_str().into()));
        }
        for r in Role::ALL {
            assert_eq!(serde_json::to_value(r).ok(), Some(r.as_str().into()));
        }
        for s in [Side::A, Side::B] {
            assert_eq!(serde_json::to_value(s).ok(), Some(s.as_str().into()));
        }
        for m in PairingMethod::ALL {
            assert_eq!(serde_json::to_value(m).ok(), Some(m.as_str().into()));
        }
        for t in ChallengeType::ALL {
            assert_eq!(serde_json::to_value(t).ok(), Some(t.as_str().into()));
        }
    }

    #[test]
    fn unknown_pairing_methods_and_challenge_types_are_errors() {
        let err = "dutch".parse::<PairingMethod>().unwrap_err();
        assert_eq!(err.to_string(), "\"dutch\" is not a known pairing method");
        let err = "phony".parse::<ChallengeType>().unwrap_err();
        assert_eq!(err.to_string(), "\"phony\" is not a known challenge type");
    }

    #[test]
    fn an_unknown_result_reason_is_an_error_not_a_score() {
        let err = "forfeit".parse::<ResultReason>().unwrap_err();
        assert_eq!(err.to_string(), "\"forfeit\" is not a known result reason");
    }

    #[test]
    fn ids_are_bare_numbers_in_json() {
        assert_eq!(serde_json::to_string(&MatchId(42)).unwrap(), "42");
        assert_eq!(serde_json::from_str::<TeamId>("7").unwrap(), TeamId(7));
        assert_eq!(
            serde_json::to_string(&Some(UserId(3))).unwrap(),
            serde_json::to_string(&Some(3i64)).unwrap()
        );
    }

    #[test]
    fn role_tags_keep_the_token_text() {
        for text in [
            "director:4",
            "pic:",
            "committee:12",
            "captain:4:17",
            "table:4:3",
        ] {
            let tag: RoleTag = text.parse().unwrap();
            assert_eq!(tag.to_string(), text);
        }
        let tag: RoleTag = "table:4:3".parse().unwrap();
        assert_eq!(tag.scope, TagScope::Table(3));
        assert_eq!(tag.event, Some(EventId(4)));
    }

    #[test]
    fn malformed_role_tags_are_refused() {
        for text in [
            "",
            "admin:1",
            "pic",
            "pic:x",
            "table:1:x",
            "pic:1:2",
            "captain:1:2:3",
        ] {
            assert!(text.parse::<RoleTag>().is_err(), "{text}");
        }
    }
}
