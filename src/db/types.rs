//! How the vocabulary (`crate::vocab`) is stored: ids as `BIGINT`, closed sets as their text
//! names, on both backends and through the `MultiConnection`'s own backend.
//!
//! The impls are generic over the backend and delegate to `i64` and `str`. That matters for the
//! `MultiConnection` derive: its backend boxes each bind as the value's *static* type and pushes
//! it to the inner connection later, so a custom type must hand it an `i64` or a `&str` (which
//! every inner backend knows), not itself. Reading back an unknown text is a deserialisation
//! error, never a default.

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::{BigInt, Text};

use crate::vocab::{
    ChallengeId, ChallengeType, DivisionId, DuplicateGameId, EventId, GrantId, MatchId,
    MatchStatus, OnlineGameId, PairingId, PairingMethod, PlayerId, RecordId, RecordKind,
    ResultReason, Role, RoundId, RoundStatus, SeekId, Seq, Side, TeamId, UserId,
};

/// Derives diesel's `AsExpression` and `FromSqlRow` for a type defined elsewhere (the derive's
/// `foreign_derive` mode: it implements the traits for the proxy's field type, exactly as the
/// derive on the type itself would), so `vocab` and `rules` stay free of diesel.
macro_rules! as_expression {
    ($t:ty, $st:ident) => {
        const _: () = {
            #[derive(diesel::AsExpression, diesel::FromSqlRow)]
            #[diesel(foreign_derive)]
            #[diesel(sql_type = $st)]
            #[allow(dead_code, reason = "only its derives are used")]
            struct Proxy($t);
        };
    };
}

/// Ids: stored as the row's `BIGINT`.
macro_rules! sql_ids {
    ($($t:ty),*) => {$(
        as_expression!($t, BigInt);

        impl<DB: Backend> ToSql<BigInt, DB> for $t
        where
            i64: ToSql<BigInt, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                ToSql::<BigInt, DB>::to_sql(&self.0, out)
            }
        }

        impl<DB: Backend> FromSql<BigInt, DB> for $t
        where
            i64: FromSql<BigInt, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
                i64::from_sql(bytes).map(Self)
            }
        }
    )*};
}

sql_ids!(
    MatchId,
    EventId,
    TeamId,
    PlayerId,
    UserId,
    GrantId,
    ChallengeId,
    RoundId,
    PairingId,
    RecordId,
    DuplicateGameId,
    OnlineGameId,
    SeekId,
    DivisionId,
    Seq
);

/// Closed sets: stored as their text name (`as_str`), read back with `FromStr`.
macro_rules! sql_texts {
    ($($t:ty),*) => {$(
        as_expression!($t, Text);

        impl<DB: Backend> ToSql<Text, DB> for $t
        where
            str: ToSql<Text, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                ToSql::<Text, DB>::to_sql(self.as_str(), out)
            }
        }

        impl<DB: Backend> FromSql<Text, DB> for $t
        where
            String: FromSql<Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
                Ok(String::from_sql(bytes)?.parse::<$t>()?)
            }
        }
    )*};
}

sql_texts!(
    Role,
    MatchStatus,
    ResultReason,
    RecordKind,
    RoundStatus,
    Side,
    PairingMethod,
    ChallengeType
);
