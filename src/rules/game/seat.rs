//! Sides, seats and who acts (T1, N1, E3).

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One of the two sides of a match: a team (T1) or a single player (N1).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The side listed first when the match was created.
    A,
    /// The other side.
    B,
}

impl Side {
    /// The opposing side.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// Both sides, A first.
    pub const BOTH: [Side; 2] = [Side::A, Side::B];
}

/// A value per side; JSON `{"a": …, "b": …}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Sides<T> {
    /// Side A's value.
    pub a: T,
    /// Side B's value.
    pub b: T,
}

impl<T> Index<Side> for Sides<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }
}

impl<T> IndexMut<Side> for Sides<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::A => &mut self.a,
            Side::B => &mut self.b,
        }
    }
}

/// A seat at the table: a side and a player number from 1 (T1: A1, B1, A2, B2).
/// JSON: the string `"A1"`, `"B2"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Seat {
    /// The seat's side.
    pub side: Side,
    /// Player number within the side, from 1.
    pub n: u8,
}

impl Seat {
    /// The seat `n` (from 1) of `side`.
    pub fn new(side: Side, n: u8) -> Self {
        Self { side, n }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self.side {
            Side::A => 'A',
            Side::B => 'B',
        };
        write!(f, "{s}{}", self.n)
    }
}

impl FromStr for Seat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let mut chars = s.chars();
        let side = match chars.next() {
            Some('A' | 'a') => Side::A,
            Some('B' | 'b') => Side::B,
            _ => return Err(format!("seat {s:?}: expected A1, B1, A2, …")),
        };
        let n: u8 = chars
            .as_str()
            .parse()
            .map_err(|_| format!("seat {s:?}: expected A1, B1, A2, …"))?;
        if n == 0 {
            return Err(format!("seat {s:?}: players are numbered from 1"));
        }
        Ok(Seat { side, n })
    }
}

impl TryFrom<String> for Seat {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        s.parse()
    }
}

/// The API document's view of a seat: the string form `"A1"` (serde goes through `String`).
impl utoipa::PartialSchema for Seat {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .pattern(Some("^[ABab][1-9][0-9]?$"))
            .description(Some(
                "A seat: side letter then player number from 1 (`A1`, `B2`).",
            ))
            .into()
    }
}

impl utoipa::ToSchema for Seat {}

impl From<Seat> for String {
    fn from(s: Seat) -> String {
        s.to_string()
    }
}

/// Who issues a command; recorded with every event (E3: who recorded it).
///
/// JSON: `{"role": "pic", "id": "u42"}`, `{"role": "player", "seat": "A1"}`, `{"role": "system"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum Actor {
    /// The table's device, acting for whoever is at the table.
    Table {
        /// The device or user id.
        id: String,
    },
    /// A player acting for their own seat only.
    Player {
        /// The player's seat.
        seat: Seat,
        /// The user id.
        id: String,
    },
    /// A person in charge: rules on challenges (T11).
    Pic {
        /// The user id.
        id: String,
    },
    /// The committee: disqualifications and walkouts (T18, E3).
    Committee {
        /// The user id.
        id: String,
    },
    /// The event director: may do anything an official may.
    Director {
        /// The user id.
        id: String,
    },
    /// The server itself (the timeout sweeper).
    System,
}

impl Actor {
    /// Whether this actor is an official (PIC, committee or director).
    pub fn is_official(&self) -> bool {
        matches!(
            self,
            Actor::Pic { .. } | Actor::Committee { .. } | Actor::Director { .. }
        )
    }

    /// A short label for the log, e.g. `pic:u42`.
    pub fn label(&self) -> String {
        match self {
            Actor::Table { id } => format!("table:{id}"),
            Actor::Player { seat, id } => format!("player:{seat}:{id}"),
            Actor::Pic { id } => format!("pic:{id}"),
            Actor::Committee { id } => format!("committee:{id}"),
            Actor::Director { id } => format!("director:{id}"),
            Actor::System => "system".into(),
        }
    }
}
