//! Render at commit (issue 16: a hall display and 1,000 ranking readers live, p99 < 200 ms).
//!
//! When a change that moves a public Duplicate event's ranking is delivered on this instance
//! (its own commits and those another instance relays), the live ranking page's table is
//! rendered, with its gzip form, in the event's language and in each language a reader asked
//! for in the last minute, BEFORE the event's live pages are woken: every reader the frame wakes
//! finds it in memory, none waits on a flight or renders. (Before, the first reader after a
//! placed top computed and rendered while the other 999 queued behind it.)
//!
//! The render runs on a thread of its own per event, never on the publisher's: the committing
//! request, or the relay thread that delivers every event's changes, only queues the message.
//! The event's later messages queue behind it, so its pages see its changes in order; other
//! events' messages go straight to their pages. A private event's readers keep rendering for
//! themselves (nothing is served to them without asking who reads).
//!
//! The renderer is the web layer's template, handed in at start-up ([`RenderRanking`]), so that
//! services do not depend on it.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crate::error::AppError;
use crate::live::{Live, LiveMessage};
use crate::services::duplicate::{GameCache, RankingView};
use crate::services::standings::StandingsCache;
use crate::vocab::EventId;

/// Draws the live ranking page's table (the web layer's template, handed in at start-up).
pub trait RenderRanking: Send + Sync {
    /// The language a reader who chose none gets on the pages of an event whose default
    /// language is `event_lang`.
    fn default_lang(&self, event_lang: Option<&str>) -> &'static str;
    /// The table of `ranking` in the language `lang` (a code the renderer or a reader named).
    fn render(&self, ranking: &RankingView, lang: &'static str) -> Result<String, AppError>;
}

/// What is done for an event before its held messages are published.
trait Job: Send + Sync {
    /// Known not to need it (a private event): its messages are not held.
    fn skips(&self, event: EventId) -> bool;
    /// Renders `event`'s ranking now (errors are logged: the readers then render, as before).
    fn run(&self, event: EventId);
}

/// Holds a public Duplicate event's live messages while its ranking is rendered (see the module
/// docs). Cloned cheaply; one per instance, built at start-up.
#[derive(Clone)]
pub struct Prerender {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Prerender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prerender")
            .field("held", &self.inner.held.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

struct Inner {
    live: Live,
    job: Box<dyn Job>,
    /// Per event being rendered, its messages not yet published, oldest first.
    pending: Mutex<HashMap<EventId, VecDeque<LiveMessage>>>,
    /// How many events are in `pending` (read without the lock on every message).
    held: AtomicUsize,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// How long a language a reader asked for is still rendered at commit.
const ASKED: Duration = Duration::from_secs(60);

impl Prerender {
    /// Renders with `renderer` on connections from `pool`, the games folded in `games`, into
    /// `standings`' Duplicate bytes, and publishes to `live`.
    pub fn new(
        live: Live,
        pool: crate::db::Pool,
        games: Arc<GameCache>,
        standings: Arc<StandingsCache>,
        renderer: Arc<dyn RenderRanking>,
    ) -> Self {
        Self::with_job(
            live,
            Box::new(Tables {
                pool,
                games,
                standings,
                renderer,
            }),
        )
    }

    fn with_job(live: Live, job: Box<dyn Job>) -> Self {
        Self {
            inner: Arc::new(Inner {
                live,
                job,
                pending: Mutex::default(),
                held: AtomicUsize::new(0),
            }),
        }
    }

    /// Takes `m` when it must wait for a render (it is then published once the render is done,
    /// after the event's messages held before it); hands it back when it may be published now.
    pub fn hold(&self, m: LiveMessage) -> Option<LiveMessage> {
        let Some(event) = m.event_id() else {
            return Some(m);
        };
        let starts = matches!(m, LiveMessage::Duplicate { ranking: true, .. });
        // Most messages (every slip, every other event's) when nothing is being rendered.
        if !starts && self.inner.held.load(Ordering::Acquire) == 0 {
            return Some(m);
        }
        let mut pending = lock(&self.inner.pending);
        if let Some(queue) = pending.get_mut(&event) {
            queue.push_back(m);
            return None;
        }
        if !starts || self.inner.job.skips(event) {
            return Some(m);
        }
        pending.insert(event, VecDeque::from([m]));
        self.inner.held.fetch_add(1, Ordering::AcqRel);
        drop(pending);
        let inner = self.inner.clone();
        let spawned = std::thread::Builder::new()
            .name("duplicate-render".into())
            .spawn(move || inner.drain(event));
        if let Err(e) = spawned {
            tracing::warn!(error = %e, "could not start rendering a Duplicate ranking");
            self.inner.release(event);
        }
        None
    }
}

impl Inner {
    /// Renders and publishes what is held for `event` until nothing is.
    fn drain(&self, event: EventId) {
        loop {
            let batch: Vec<LiveMessage> = {
                let mut pending = lock(&self.pending);
                let Some(queue) = pending.get_mut(&event) else {
                    return;
                };
                if queue.is_empty() {
                    pending.remove(&event);
                    self.held.fetch_sub(1, Ordering::AcqRel);
                    return;
                }
                queue.drain(..).collect()
            };
            // Once for the batch: what it renders is read after every change in it committed.
            if batch
                .iter()
                .any(|m| matches!(m, LiveMessage::Duplicate { ranking: true, .. }))
            {
                self.job.run(event);
            }
            for m in batch {
                self.live.publish(m);
            }
        }
    }

    /// Publishes what is held for `event` at once (no thread could be started).
    fn release(&self, event: EventId) {
        let queue = lock(&self.pending).remove(&event);
        if queue.is_some() {
            self.held.fetch_sub(1, Ordering::AcqRel);
        }
        for m in queue.into_iter().flatten() {
            self.live.publish(m);
        }
    }
}

/// The live ranking page's tables, rendered into the instance's kept bytes.
struct Tables {
    pool: crate::db::Pool,
    games: Arc<GameCache>,
    standings: Arc<StandingsCache>,
    renderer: Arc<dyn RenderRanking>,
}

impl Job for Tables {
    fn skips(&self, event: EventId) -> bool {
        self.standings.duplicate.known_private(event)
    }

    fn run(&self, event: EventId) {
        let bytes = &self.standings.duplicate;
        let Some(flight) = bytes.flight(event) else {
            return;
        };
        // The event's readers that come meanwhile wait for this render as for one of theirs;
        // a reader already rendering is waited for (its table is then kept, not redone). The
        // flight is taken before a connection: its leader may be waiting for one.
        let _lead = flight.lead_blocking();
        let generation = bytes.generation(event);
        let read = self
            .pool
            .get()
            .map_err(AppError::from)
            .and_then(|mut conn| super::views::keyed_ranking(&mut conn, &self.games, None, event));
        let k = match read {
            Ok(k) => k,
            Err(AppError::Unauthorized(_) | AppError::Forbidden(_) | AppError::NotFound(_)) => {
                bytes.not_public(event);
                return;
            }
            Err(e) => {
                tracing::warn!(error = %e, %event, "could not render a Duplicate ranking at commit");
                return;
            }
        };
        let made = super::ranking_bytes::Made {
            generation,
            key: &k.key,
            public: k.public,
            event_lang: k.language.as_deref(),
        };
        let mut langs = bytes.asked(event, ASKED);
        let default = self.renderer.default_lang(k.language.as_deref());
        if !langs.contains(&default) {
            langs.insert(0, default);
        }
        for code in langs {
            let done = bytes.fragment(event, code, &made, || self.renderer.render(&k.view, code));
            if let Err(e) = done {
                tracing::warn!(error = %e, %event, lang = code, "could not render a Duplicate ranking");
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::vocab::{DuplicateGameId, Seq};

    /// Renders only when let go, counting its renders.
    struct Gate {
        go: Mutex<std::sync::mpsc::Receiver<()>>,
        runs: Arc<AtomicUsize>,
    }

    impl Job for Gate {
        fn skips(&self, event: EventId) -> bool {
            event == EventId(9)
        }
        fn run(&self, _: EventId) {
            let _ = lock(&self.go).recv_timeout(Duration::from_secs(5));
            self.runs.fetch_add(1, Ordering::SeqCst);
        }
    }

    fn dup(event: i64, seq: i64, ranking: bool) -> LiveMessage {
        LiveMessage::Duplicate {
            event_id: EventId(event),
            game_id: DuplicateGameId(event),
            seq: Seq(seq),
            last: if ranking {
                "play_placed"
            } else {
                "slip_recorded"
            },
            ranking,
        }
    }

    fn deliver(p: &Prerender, m: LiveMessage) {
        if let Some(m) = p.hold(m) {
            p.inner.live.publish(m);
        }
    }

    // Issue 16: while one event's ranking is rendered, its own pages wait for it and then see
    // its changes in order; another event's changes (and a private one's) go out at once.
    #[test]
    fn an_events_messages_wait_for_its_render_in_order_and_no_other_event_waits() {
        let live = Live::default();
        let mut rx = live.subscribe();
        let (go, gate) = std::sync::mpsc::channel();
        let runs = Arc::new(AtomicUsize::new(0));
        let p = Prerender::with_job(
            live,
            Box::new(Gate {
                go: Mutex::new(gate),
                runs: runs.clone(),
            }),
        );
        deliver(&p, dup(1, 5, true));
        deliver(&p, dup(1, 6, false));
        deliver(&p, dup(2, 1, false));
        deliver(&p, dup(9, 1, true));
        // Event 2's slip and private event 9's top are out while event 1 renders.
        let first = rx.try_recv().unwrap();
        let second = rx.try_recv().unwrap();
        assert_eq!(
            (first.event_id(), second.event_id()),
            (Some(EventId(2)), Some(EventId(9)))
        );
        assert!(rx.try_recv().is_err(), "event 1 waits for its render");
        go.send(()).unwrap();
        let seqs: Vec<i64> = (0..2)
            .map(|_| rx.blocking_recv().unwrap().seq().0)
            .collect();
        assert_eq!(seqs, [5, 6], "in order, after the render");
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        // Nothing held any more: a slip goes out at once.
        for _ in 0..500 {
            if p.inner.held.load(Ordering::Acquire) == 0 {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        deliver(&p, dup(1, 7, false));
        assert_eq!(rx.try_recv().unwrap().seq().0, 7);
    }
}
