//! The events the home page lists (issue 18): every public event, and the private ones the
//! caller holds a role in, each with its format, the date it was made, how far it has got and
//! the public page that shows it (team standings, the individual event, the Duplicate ranking).

use chrono::NaiveDate;

use crate::db::{DbConn, duplicate, events as rows, individual, rounds};
use crate::error::AppError;
use crate::services::authz::Grants;
use crate::vocab::{EventId, UserId};

/// How an event is played, as far as the home page tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Teams of two (and 1v1 played through the same pages).
    Team,
    /// An individual tournament with divisions.
    Individual,
    /// Duplicate.
    Duplicate,
}

/// How far an event has got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Nothing paired or played yet.
    NotStarted,
    /// Team rounds paired so far.
    Rounds(usize),
    /// Individual: the furthest round paired of the longest plan.
    RoundOf(u32, u32),
    /// Duplicate games made so far.
    Games(usize),
}

/// One event on the home page.
#[derive(Debug, Clone)]
pub struct ListedEvent {
    /// Id.
    pub id: EventId,
    /// Name.
    pub name: String,
    /// Format.
    pub format: Format,
    /// The day it was made (UTC).
    pub created: NaiveDate,
    /// How far it has got.
    pub progress: Progress,
    /// Readable without signing in.
    pub public: bool,
    /// Its public page.
    pub href: String,
}

fn listed(conn: &mut DbConn, e: rows::EventRow) -> Result<ListedEvent, AppError> {
    let (format, progress, href) = if duplicate::find_event(conn, e.id)?.is_some() {
        let games = duplicate::games(conn, e.id)?.len();
        let progress = if games == 0 {
            Progress::NotStarted
        } else {
            Progress::Games(games)
        };
        let href = format!("/duplicate/events/{}/ranking", e.id);
        (Format::Duplicate, progress, href)
    } else if individual::find_event(conn, e.id)?.is_some() {
        let (mut paired, mut planned) = (0u32, 0u32);
        for d in individual::divisions(conn, e.id)? {
            let last = individual::pairings(conn, d.id)?
                .iter()
                .map(|p| u32::try_from(p.round).unwrap_or(0))
                .max()
                .unwrap_or(0);
            let plan: crate::rules::pairing::individual::Plan =
                serde_json::from_str(&d.plan).map_err(AppError::internal)?;
            paired = paired.max(last);
            planned = planned.max(plan.rounds());
        }
        let progress = if paired == 0 {
            Progress::NotStarted
        } else {
            Progress::RoundOf(paired, planned)
        };
        let href = format!("/individual/events/{}", e.id);
        (Format::Individual, progress, href)
    } else {
        let n = rounds::rounds_of(conn, e.id)?.len();
        let progress = if n == 0 {
            Progress::NotStarted
        } else {
            Progress::Rounds(n)
        };
        let href = format!("/events/{}/standings", e.id);
        (Format::Team, progress, href)
    };
    Ok(ListedEvent {
        id: e.id,
        name: e.name,
        format,
        created: e.created_at.date(),
        progress,
        public: e.public,
        href,
    })
}

/// The events `user` may see, newest first: public ones, and private ones they hold a role in.
pub fn listed_events(
    conn: &mut DbConn,
    user: Option<UserId>,
) -> Result<Vec<ListedEvent>, AppError> {
    let grants = match user {
        Some(uid) => Some(Grants::load(conn, uid)?),
        None => None,
    };
    let mut out = Vec::new();
    for e in rows::list_events(conn)? {
        if e.public || grants.as_ref().is_some_and(|g| g.in_event(Some(e.id))) {
            out.push(listed(conn, e)?);
        }
    }
    Ok(out)
}
