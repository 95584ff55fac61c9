//! The match desk: the one door through which a match changes.
//!
//! A tablet's command goes to [`Desk::submit`] (the command writer decides and writes many per
//! transaction, see `services::writer`). A service that must add match commands inside its own
//! transaction (a PIC's ruling, a committee record, creating or re-pairing matches, a GCG
//! import) runs it through [`Desk::write`] and adds them through the [`Work`] it is handed; the
//! clock sweeper is [`Desk::sweep`]. Every path writes match events through the one write
//! routine (`work::Staged::write`), and after each commit the desk applies what changed in one
//! place ([`Core::apply`]): the match cache learns the new states, then live pages (this
//! instance's subscribers and, on PostgreSQL, the other instances) and the standings cache
//! hear of it. A transaction that rolls back changes neither.
//!
//! What lives here may not: read the wall clock (`now` is the injected clock's, handed in by the
//! caller), or know about the web layer.
//!
//! - `cache`: folded states between commands, and reading a state from the log;
//! - `command`: the command request, its sender and door, the answer, idempotency;
//! - `decide`: authorisation (grants to the one actor a command's authority needs) and the
//!   rules' decision, with the rows it will write;
//! - `work`: the one write, the unit of work, the one-command transaction.

mod cache;
mod command;
mod decide;
mod work;

use std::collections::HashMap;
use std::sync::Arc;

use crate::vocab::MatchId;
use chrono::{DateTime, Utc};

pub use cache::MatchCache;
pub use command::{
    CommandOutcome, CommandRequest, Sender, Via, check_idempotency_key, check_key, check_text,
    has_own_door, stored_outcome,
};
pub(crate) use decide::{Decided, authorize, decide, guarded, panic_message, projection, refused};
pub use work::Work;
pub(crate) use work::{Staged, current_at_table, execute as execute_one};

use crate::config::DatabaseUrl;
use crate::db::{DbConn, matches as rows};
use crate::error::AppError;
use crate::live::{Live, LiveMessage, OnlineAppend, Relay};
use crate::rules::game::{self, Command, State};
use crate::services::duplicate::Prerender;
use crate::services::standings::StandingsCache;
use crate::services::writer::{CommandWriter, WriterStats};

/// Where committed changes are told: this instance's live pages, the standings cache, and on
/// PostgreSQL the relay to the other instances.
#[derive(Debug, Clone)]
pub struct Publisher {
    live: Live,
    standings: Arc<StandingsCache>,
    relay: Option<std::sync::mpsc::Sender<Relay>>,
    /// Renders a public Duplicate event's ranking before its pages are woken (none: they are
    /// woken at once, and the first reader renders).
    prerender: Option<Prerender>,
}

impl Publisher {
    /// A publisher to `live` and `standings`, relaying through `relay` when there is one.
    pub fn new(
        live: Live,
        standings: Arc<StandingsCache>,
        relay: Option<std::sync::mpsc::Sender<Relay>>,
    ) -> Self {
        Self {
            live,
            standings,
            relay,
            prerender: None,
        }
    }

    /// The same publisher, rendering Duplicate rankings at commit with `prerender`.
    pub fn rendering(mut self, prerender: Prerender) -> Self {
        self.prerender = Some(prerender);
        self
    }

    /// Tells a commit's changes: online appends to the other instances first (their game
    /// caches are at the new seq before their pages hear of it), then each message to them and
    /// to this instance's pages.
    fn publish(&self, online: Vec<OnlineAppend>, msgs: impl IntoIterator<Item = LiveMessage>) {
        if let Some(relay) = &self.relay {
            for a in online {
                let _ = relay.send(Relay::Online(a));
            }
        }
        for m in msgs {
            if let Some(relay) = &self.relay {
                let _ = relay.send(Relay::Live(m.clone()));
            }
            deliver(&self.live, &self.standings, self.prerender.as_ref(), m);
        }
    }
}

/// Hands a committed change to this instance's live pages and standings cache (what another
/// instance relays arrives here too). With `prerender`, a change that moves a public Duplicate
/// event's ranking reaches that event's pages once its ranking is rendered (and the event's
/// messages after it, in order, after it).
pub fn deliver(
    live: &Live,
    standings: &StandingsCache,
    prerender: Option<&Prerender>,
    m: LiveMessage,
) {
    if let (true, Some(event)) = (m.moves_standings(), m.event_id()) {
        standings.invalidate(event);
    }
    // A Duplicate ranking's bytes are stale from the commit on, before any reader is woken;
    // a slip of the turn in play leaves them as they are (it counts once the top is placed):
    // dropping them on each of a turn's 1,000 slips had a hall's readers, still re-reading the
    // last top, each compute the same ranking again.
    if let LiveMessage::Duplicate {
        event_id: event,
        ranking: true,
        ..
    }
    | LiveMessage::Resync {
        event_id: Some(event),
    } = &m
    {
        standings.duplicate.changed(*event);
    }
    let m = match prerender {
        Some(p) => match p.hold(m) {
            Some(m) => m,
            None => return,
        },
        None => m,
    };
    live.publish(m);
}

/// What one commit changed: the states the cache learns and what live pages are told.
#[derive(Debug, Default)]
pub(crate) struct Changes {
    pub(crate) states: HashMap<MatchId, Arc<State>>,
    pub(crate) live: Vec<LiveMessage>,
    /// Online games' new events, for the other instances' caches (never for pages).
    pub(crate) online: Vec<OnlineAppend>,
}

/// The match cache and the publisher: what the desk and its writer threads share.
#[derive(Debug, Clone)]
pub(crate) struct Core {
    pub(crate) cache: Arc<MatchCache>,
    publisher: Publisher,
}

impl Core {
    /// Whether other instances hear this one's commits (PostgreSQL).
    pub(crate) fn relays(&self) -> bool {
        self.publisher.relay.is_some()
    }

    /// A core whose messages nobody hears (a desk without a server, tests).
    pub(crate) fn offline() -> Self {
        Self {
            cache: Arc::default(),
            publisher: Publisher::new(Live::default(), Arc::default(), None),
        }
    }

    /// Applies what a commit changed, once: the cache first, then live pages, so a page that
    /// reloads on a message reads the new state.
    pub(crate) fn apply(&self, changes: Changes) {
        for (id, state) in changes.states {
            self.cache.put(id, state);
        }
        self.publisher.publish(changes.online, changes.live);
    }

    /// [`Desk::write`], for the writer threads, which hold the core rather than the desk.
    pub(crate) fn write<T>(
        &self,
        conn: &mut DbConn,
        f: impl FnOnce(&mut DbConn, &mut Work<'_>) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let mut work = Work::new(self);
        let out = conn.write_tx(|conn| f(conn, &mut work))?;
        self.apply(work.into_changes());
        Ok(out)
    }

    /// The state of a match as its log says now, read outside any transaction (what is read
    /// is committed, so the cache keeps it; readers never copy it).
    pub(crate) fn read_state(
        &self,
        conn: &mut DbConn,
        match_id: MatchId,
    ) -> Result<Arc<State>, AppError> {
        let (state, newer) = cache::up_to_date(conn, self.cache.get(match_id), match_id)?;
        if newer {
            self.cache.put(match_id, state.clone());
        }
        Ok(state)
    }
}

/// The match desk (see the module docs). One per instance, built with the application state.
#[derive(Debug)]
pub struct Desk {
    core: Core,
    /// The command writer; none for a desk without a server (the CLI, seeding).
    writer: Option<CommandWriter>,
    /// The online games' command writer (`services::online::OnlineWriter`); none likewise.
    online_writer: Option<crate::services::online::OnlineWriter>,
    /// Folded Duplicate games (seed 002), checked against their logs like the match cache.
    duplicate: Arc<crate::services::duplicate::GameCache>,
    /// Folded online games (seed 001) and players' names, checked against their logs alike.
    online: Arc<crate::services::online::GameCache>,
}

impl Desk {
    /// A desk whose tablets' commands are written by `writers` threads on `url`, keeping its
    /// online games in `online` (made first: the relay hands it what other instances commit)
    /// and its Duplicate games in `duplicate` (made first: the publisher renders rankings from
    /// them).
    pub fn start(
        url: &DatabaseUrl,
        publisher: Publisher,
        writers: usize,
        online: Arc<crate::services::online::GameCache>,
        duplicate: Arc<crate::services::duplicate::GameCache>,
    ) -> std::io::Result<Self> {
        let core = Core {
            cache: Arc::default(),
            publisher,
        };
        let writer = CommandWriter::start(url, core.clone(), writers)?;
        // One thread too: a batch takes every move waiting, and SQLite has one writer anyway.
        let online_writer =
            crate::services::online::OnlineWriter::start(url, core.clone(), online.clone(), 1)?;
        Ok(Self {
            core,
            writer: Some(writer),
            online_writer: Some(online_writer),
            duplicate,
            online,
        })
    }

    /// A desk without writer threads or subscribers (the CLI, seeding a benchmark): everything
    /// but [`Desk::submit`].
    pub fn offline() -> Self {
        Self {
            core: Core::offline(),
            writer: None,
            online_writer: None,
            duplicate: Arc::default(),
            online: Arc::default(),
        }
    }

    /// A tablet's command: decided and written by the command writer with the others waiting,
    /// answered once committed (or refused). `now` is when the request arrived.
    pub async fn submit(
        &self,
        now: DateTime<Utc>,
        match_id: MatchId,
        sender: Sender,
        req: CommandRequest,
    ) -> Result<CommandOutcome, AppError> {
        match &self.writer {
            Some(w) => w.execute(now, match_id, sender, req).await,
            None => Err(AppError::Unavailable(
                "this desk takes no commands from tablets".into(),
            )),
        }
    }

    /// An online game's command (checked by `online::ready` or `online::prepare`): decided and
    /// written by the online writer with the others waiting, answered once committed (or
    /// refused), with where its time went.
    pub async fn submit_online(
        &self,
        cmd: crate::services::online::Submission,
    ) -> Result<crate::services::online::Answer, AppError> {
        match &self.online_writer {
            Some(w) => w.execute(cmd).await,
            None => Err(AppError::Unavailable(
                "this desk takes no online commands".into(),
            )),
        }
    }

    /// The online writer (its counters, and holding it for tests); none for a desk without a
    /// server.
    pub fn online_writer(&self) -> Option<&crate::services::online::OnlineWriter> {
        self.online_writer.as_ref()
    }

    /// One command in a transaction of its own, on the caller's connection (what the writer
    /// does with a command it cannot batch).
    pub fn execute(
        &self,
        conn: &mut DbConn,
        now: DateTime<Utc>,
        match_id: MatchId,
        sender: Sender,
        req: &CommandRequest,
    ) -> Result<CommandOutcome, AppError> {
        work::execute(conn, &self.core, now, match_id, sender, req)
    }

    /// A unit of work: runs `f` in one write transaction; the match commands it adds through
    /// the [`Work`] are written inside it, and what they change reaches the cache and live
    /// pages only once the transaction committed. Never called inside another transaction.
    pub fn write<T>(
        &self,
        conn: &mut DbConn,
        f: impl FnOnce(&mut DbConn, &mut Work<'_>) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        self.core.write(conn, f)
    }

    /// The folded online games of this instance.
    pub fn online(&self) -> &Arc<crate::services::online::GameCache> {
        &self.online
    }

    /// The folded Duplicate games of this instance.
    pub fn duplicate(&self) -> &Arc<crate::services::duplicate::GameCache> {
        &self.duplicate
    }

    /// The state of a match as its log says now, for readers outside a transaction (inside
    /// one, [`Work::state`]).
    pub fn state(&self, conn: &mut DbConn, match_id: MatchId) -> Result<Arc<State>, AppError> {
        self.core.read_state(conn, match_id)
    }

    /// The clock sweeper's pass: records `time_expired` on every match where a clock or the
    /// match limit has run out, so live views see the flag fall. Returns how many changed.
    pub fn sweep(&self, conn: &mut DbConn, now: DateTime<Utc>) -> Result<usize, AppError> {
        let mut changed = 0;
        for (id, _) in rows::active(conn)? {
            let state = self.state(conn, id)?;
            if game::due_timeouts(&state, now).is_none() {
                continue;
            }
            let req = CommandRequest {
                idempotency_key: None,
                expected_seq: None,
                command: Command::TimeExpired,
                via: Via::CommandRoute,
                agreed: None,
            };
            match self.execute(conn, now, id, Sender::System, &req) {
                Ok(_) => changed += 1,
                // Someone else recorded it first, or nothing is due after all.
                Err(AppError::Rule { .. } | AppError::Conflict { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(changed)
    }

    /// Whether a writer thread takes work within `timeout` (for `/healthz`).
    pub async fn ping(&self, timeout: std::time::Duration) -> bool {
        match (&self.writer, &self.online_writer) {
            (Some(w), Some(o)) => w.ping(timeout).await && o.ping(timeout).await,
            _ => false,
        }
    }

    /// The command writer's counters since start.
    pub fn stats(&self) -> WriterStats {
        self.writer
            .as_ref()
            .map(CommandWriter::stats)
            .unwrap_or_default()
    }
}

#[cfg(test)]
pub(crate) mod tests;
