//! The event's ranking (D9) as the bytes the API sends, made once per change and served to
//! every reader from memory (issue 16: a hall of 1,000 readers re-reading the ranking after
//! each placed top). The JSON and its gzip form are kept with an ETag; a public event's are
//! served without touching the database while fresh.
//!
//! Fresh means: no Duplicate change of the event was delivered since the bytes were made (the
//! desk's publisher calls [`RankingBytes::changed`] for this instance's commits and for those
//! another instance relays, before live pages hear of them), and they are less than a second
//! old (what moves a ranking without a Duplicate message, a renamed event or a player added
//! before any game, shows within that second, as for the team standings). A reader that made
//! bytes while a change was being delivered keeps them to itself: bytes are stored only when
//! the event's generation is the one read before computing them.
//!
//! The live ranking page's HTML fragment is kept the same way, once per language (the page
//! re-reads it after each change, a hall of readers at once): rendered once per change and
//! language, with its gzip form and an ETag, dropped by the same [`RankingBytes::changed`].
//! For a public event it is rendered at commit (`prerender`), before the live pages are woken,
//! in the event's language and in each one a reader asked for in the last minute: the readers
//! a frame wakes find it in memory.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::error::AppError;
use crate::services::duplicate::RankingView;
use crate::vocab::EventId;

/// A ranking's encoded bodies.
#[derive(Debug)]
pub struct EncodedRanking {
    /// The strong ETag (quoted), a hash of the JSON (the same ranking, the same ETag).
    pub etag: String,
    /// The JSON.
    pub plain: Vec<u8>,
    /// The same JSON gzip-compressed.
    pub compressed: Vec<u8>,
    /// The event is public (its bytes may be served without asking who reads).
    pub public: bool,
    /// What the ranking was computed for.
    key: String,
}

/// The ranking's HTML fragment in one language, with its gzip form.
#[derive(Debug)]
pub struct EncodedFragment {
    /// The strong ETag (quoted), a hash of the HTML (one per ranking and language).
    pub etag: String,
    /// The HTML.
    pub plain: Vec<u8>,
    /// The same HTML gzip-compressed.
    pub compressed: Vec<u8>,
    /// The event is public (its fragment may be served without asking who reads).
    pub public: bool,
    /// The event's default language when it was rendered (which language a reader gets).
    event_lang: Option<String>,
    /// What the ranking was computed for.
    key: String,
}

/// What a fragment was made from: the event's generation read before the database, the
/// ranking's key, whether the event is public, and its default language.
#[derive(Debug)]
pub struct Made<'a> {
    /// The generation read before computing the ranking.
    pub generation: u64,
    /// The ranking's key.
    pub key: &'a str,
    /// The event is public.
    pub public: bool,
    /// The event's default language.
    pub event_lang: Option<&'a str>,
}

#[derive(Debug)]
struct Kept<T> {
    at: Instant,
    generation: u64,
    bytes: Arc<T>,
}

/// One event's fragments by language, and when a reader last asked for each language (which
/// ones are rendered at commit).
#[derive(Debug, Default)]
struct Fragments {
    kept: HashMap<&'static str, Kept<EncodedFragment>>,
    asked: HashMap<&'static str, Instant>,
}

#[derive(Debug)]
struct Entry {
    at: Instant,
    generation: u64,
    bytes: Arc<EncodedRanking>,
}

/// Encoded rankings by event, with each event's change generation (see the module docs).
#[derive(Debug, Default)]
pub struct RankingBytes {
    entries: Mutex<HashMap<EventId, Entry>>,
    generations: Mutex<HashMap<EventId, u64>>,
    /// HTML fragments by event, then by language code.
    fragments: Mutex<HashMap<EventId, Fragments>>,
    /// Per public event, the lock its readers take to compute (see [`RankingBytes::flight`]).
    flights: Mutex<HashMap<EventId, Flight>>,
    /// Whether each event was public when its ranking was last encoded.
    public: Mutex<HashMap<EventId, bool>>,
    /// Fragments rendered since start (by readers and at commit): what tests count.
    renders: AtomicU64,
}

/// One public event's readers' flight: the reader that finds nothing fresh and nobody
/// computing leads (computes and keeps the bytes); the others wait for it and are let go
/// together when it is done. (It was a mutex that every reader took in turn: a thousand
/// readers after a placed top were handed it one by one, each handing over only once its own
/// worker thread came round to it, behind the frames and requests queued there; the last
/// reader of a hall waited out that whole chain.)
#[derive(Debug, Clone, Default)]
pub struct Flight(Arc<tokio::sync::RwLock<()>>);

/// A reader's place in a [`Flight`].
#[derive(Debug)]
pub enum Turn {
    /// Computes; the others wait until this is dropped.
    Lead(tokio::sync::OwnedRwLockWriteGuard<()>),
    /// Waited for a leader (or found none); holds nothing, so it keeps no one waiting.
    Followed,
}

impl Flight {
    /// Leads when nobody computes, otherwise waits for the leader to be done.
    pub async fn join(&self) -> Turn {
        match self.0.clone().try_write_owned() {
            Ok(lead) => Turn::Lead(lead),
            Err(_) => {
                // Readers are granted together when the leader's write guard drops.
                drop(self.0.read().await);
                Turn::Followed
            }
        }
    }

    /// Leads from a thread outside the async runtime (the render at commit), waiting for a
    /// reader that leads now: readers that come meanwhile wait for this one.
    pub fn lead_blocking(&self) -> tokio::sync::RwLockWriteGuard<'_, ()> {
        self.0.blocking_write()
    }

    /// The same flight (for tests).
    pub fn same(&self, other: &Flight) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl RankingBytes {
    const FRESH: Duration = Duration::from_secs(1);
    const MAX: usize = 2_000;

    /// A Duplicate change of `event` was committed (here or on another instance): its bytes are
    /// no longer fresh.
    pub fn changed(&self, event: EventId) {
        *lock(&self.generations).entry(event).or_insert(0) += 1;
        lock(&self.entries).remove(&event);
        if let Some(f) = lock(&self.fragments).get_mut(&event) {
            f.kept.clear();
        }
    }

    /// The event's change generation (read before computing a ranking).
    pub fn generation(&self, event: EventId) -> u64 {
        lock(&self.generations).get(&event).copied().unwrap_or(0)
    }

    /// A public event's fresh bytes: served without the database.
    pub fn public_fresh(&self, event: EventId) -> Option<Arc<EncodedRanking>> {
        let generation = self.generation(event);
        lock(&self.entries)
            .get(&event)
            .filter(|e| e.generation == generation && e.at.elapsed() < Self::FRESH)
            .filter(|e| e.bytes.public)
            .map(|e| e.bytes.clone())
    }

    /// The bytes for a ranking computed for `key` at `generation`: the kept ones when made for
    /// the same key (their freshness renewed), otherwise encoded now and kept if no change was
    /// delivered meanwhile.
    pub fn encode(
        &self,
        event: EventId,
        generation: u64,
        key: &str,
        public: bool,
        view: &RankingView,
    ) -> Result<Arc<EncodedRanking>, AppError> {
        let kept = lock(&self.entries)
            .get(&event)
            .filter(|e| e.bytes.key == key && e.bytes.public == public)
            .map(|e| e.bytes.clone());
        self.seen(event, public);
        let bytes = match kept {
            Some(b) => b,
            None => Arc::new(encode(key, public, view)?),
        };
        if self.generation(event) == generation {
            let mut m = lock(&self.entries);
            if m.len() >= Self::MAX && !m.contains_key(&event) {
                m.clear();
            }
            m.insert(
                event,
                Entry {
                    at: Instant::now(),
                    generation,
                    bytes: bytes.clone(),
                },
            );
        }
        Ok(bytes)
    }

    /// A public event's fresh HTML fragment in the language `lang` names from the event's
    /// default language: served without the database.
    pub fn public_fresh_fragment(
        &self,
        event: EventId,
        lang: impl FnOnce(Option<&str>) -> &'static str,
    ) -> Option<Arc<EncodedFragment>> {
        let generation = self.generation(event);
        let fresh = |k: &&Kept<EncodedFragment>| {
            k.generation == generation && k.at.elapsed() < Self::FRESH && k.bytes.public
        };
        let mut m = lock(&self.fragments);
        let f = m.get_mut(&event)?;
        // Every fresh fragment of the event was rendered knowing its default language.
        let any = f.kept.values().find(|k| fresh(k))?;
        let code = lang(any.bytes.event_lang.as_deref());
        let found = f.kept.get(code).filter(fresh).map(|k| k.bytes.clone());
        if found.is_some() {
            f.asked.insert(code, Instant::now());
        }
        found
    }

    /// The languages readers of `event` asked its fragment in within `within` (rendered at
    /// commit besides the event's own).
    pub fn asked(&self, event: EventId, within: Duration) -> Vec<&'static str> {
        let mut m = lock(&self.fragments);
        let Some(f) = m.get_mut(&event) else {
            return Vec::new();
        };
        f.asked.retain(|_, at| at.elapsed() < within);
        let mut langs: Vec<_> = f.asked.keys().copied().collect();
        langs.sort_unstable();
        langs
    }

    /// The HTML fragment of a ranking `made` as said, in language `lang`: the kept one when
    /// rendered for the same key (its freshness renewed), otherwise rendered now and kept if no
    /// change was delivered meanwhile.
    pub fn fragment(
        &self,
        event: EventId,
        lang: &'static str,
        made: &Made<'_>,
        render: impl FnOnce() -> Result<String, AppError>,
    ) -> Result<Arc<EncodedFragment>, AppError> {
        let kept = lock(&self.fragments)
            .get(&event)
            .and_then(|f| f.kept.get(lang))
            .filter(|k| k.bytes.key == made.key && k.bytes.public == made.public)
            .filter(|k| k.bytes.event_lang.as_deref() == made.event_lang)
            .map(|k| k.bytes.clone());
        self.seen(event, made.public);
        let bytes = match kept {
            Some(b) => b,
            None => {
                self.renders.fetch_add(1, Ordering::Relaxed);
                let plain = render()?.into_bytes();
                // Of the content, not the key: a slip of the turn in play moves the key (the
                // game's seq) but not the table, and a reader holding it gets a 304.
                let mut h = std::collections::hash_map::DefaultHasher::new();
                plain.hash(&mut h);
                Arc::new(EncodedFragment {
                    etag: format!("\"drh{event}-{lang}-{:016x}\"", h.finish()),
                    compressed: gzip(&plain)?,
                    plain,
                    public: made.public,
                    event_lang: made.event_lang.map(str::to_owned),
                    key: made.key.to_owned(),
                })
            }
        };
        let mut m = lock(&self.fragments);
        if m.len() >= Self::MAX && !m.contains_key(&event) {
            m.clear();
        }
        let f = m.entry(event).or_default();
        f.asked.insert(lang, Instant::now());
        if self.generation(event) == made.generation {
            f.kept.insert(
                lang,
                Kept {
                    at: Instant::now(),
                    generation: made.generation,
                    bytes: bytes.clone(),
                },
            );
        }
        Ok(bytes)
    }

    /// The flight a reader of `event` joins before computing its ranking when it found nothing
    /// fresh, and then looks again: of a hall of readers re-reading at once after a change, one
    /// computes and the others take its bytes (before, up to the pool's size computed and
    /// rendered the same 1,000 lines side by side). `None` for an event known to be private:
    /// nothing is served to its readers without asking who reads, so they would only queue.
    pub fn flight(&self, event: EventId) -> Option<Flight> {
        if self.known_private(event) {
            return None;
        }
        let mut m = lock(&self.flights);
        if m.len() >= Self::MAX && !m.contains_key(&event) {
            m.clear();
        }
        Some(m.entry(event).or_default().clone())
    }

    /// Whether `event` is known to be private (its readers render for themselves, nothing is
    /// rendered at commit).
    pub fn known_private(&self, event: EventId) -> bool {
        lock(&self.public).get(&event) == Some(&false)
    }

    /// `event` cannot be read without signing in: nothing is rendered for it at commit.
    pub fn not_public(&self, event: EventId) {
        self.seen(event, false);
    }

    /// How many fragments were rendered since start (each change and language once, when
    /// all goes as designed).
    pub fn renders(&self) -> u64 {
        self.renders.load(Ordering::Relaxed)
    }

    fn seen(&self, event: EventId, public: bool) {
        let mut m = lock(&self.public);
        if m.len() >= Self::MAX && !m.contains_key(&event) {
            m.clear();
        }
        m.insert(event, public);
    }

    /// Forgets every ranking (tests compare a cached answer with a fresh one).
    pub fn clear(&self) {
        lock(&self.entries).clear();
        lock(&self.fragments).clear();
    }
}

/// `plain` gzip-compressed (once per change, not per reader).
fn gzip(plain: &[u8]) -> Result<Vec<u8>, AppError> {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(
        Vec::with_capacity(plain.len() / 8),
        flate2::Compression::default(),
    );
    gz.write_all(plain).map_err(AppError::internal)?;
    gz.finish().map_err(AppError::internal)
}

fn encode(key: &str, public: bool, view: &RankingView) -> Result<EncodedRanking, AppError> {
    let plain = serde_json::to_vec(view).map_err(AppError::internal)?;
    // 1,000 lines are ~200 KB of JSON and a tenth of it compressed: compressed once here, not
    // per reader.
    let compressed = gzip(&plain)?;
    // Of the content, as for the fragment.
    let mut h = std::collections::hash_map::DefaultHasher::new();
    plain.hash(&mut h);
    Ok(EncodedRanking {
        etag: format!("\"dr{}-{:016x}\"", view.event_id, h.finish()),
        plain,
        compressed,
        public,
        key: key.to_owned(),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn view() -> RankingView {
        RankingView {
            event_id: EventId(3),
            name: "Open".into(),
            lines: Vec::new(),
            games: Vec::new(),
        }
    }

    #[test]
    fn bytes_stay_fresh_until_a_change_is_delivered() {
        let c = RankingBytes::default();
        let ev = EventId(3);
        let g = c.generation(ev);
        let b = c.encode(ev, g, "k1", true, &view()).unwrap();
        assert!(Arc::ptr_eq(&c.public_fresh(ev).unwrap(), &b));
        // The same key again reuses the bytes (same ETag, nothing encoded).
        let again = c.encode(ev, g, "k1", true, &view()).unwrap();
        assert!(Arc::ptr_eq(&again, &b));
        c.changed(ev);
        assert!(c.public_fresh(ev).is_none());
        // Another key with the same ranking (a slip of the turn in play): the same ETag.
        let same = c.encode(ev, c.generation(ev), "k2", true, &view()).unwrap();
        assert_eq!(same.etag, b.etag);
        let mut moved = view();
        moved.name = "Open (renamed)".into();
        let other = c.encode(ev, c.generation(ev), "k3", true, &moved).unwrap();
        assert_ne!(other.etag, b.etag);
    }

    #[test]
    fn bytes_made_while_a_change_was_delivered_are_not_kept() {
        let c = RankingBytes::default();
        let ev = EventId(3);
        let before = c.generation(ev);
        c.changed(ev);
        c.encode(ev, before, "old", true, &view()).unwrap();
        assert!(c.public_fresh(ev).is_none());
    }

    fn made(generation: u64, key: &str) -> Made<'_> {
        Made {
            generation,
            key,
            public: true,
            event_lang: None,
        }
    }

    #[test]
    fn fragments_are_kept_per_language_until_a_change_is_delivered() {
        let c = RankingBytes::default();
        let ev = EventId(3);
        let en = c
            .fragment(ev, "en", &made(0, "k1"), || Ok("<table>en</table>".into()))
            .unwrap();
        let fr = c
            .fragment(ev, "fr", &made(0, "k1"), || Ok("<table>fr</table>".into()))
            .unwrap();
        assert_ne!(en.etag, fr.etag);
        // Each language gets its own, never the other's, and nothing is rendered twice.
        let again = c
            .fragment(ev, "en", &made(0, "k1"), || panic!("rendered twice"))
            .unwrap();
        assert!(Arc::ptr_eq(&again, &en));
        assert!(Arc::ptr_eq(
            &c.public_fresh_fragment(ev, |_| "fr").unwrap(),
            &fr
        ));
        assert!(c.public_fresh_fragment(ev, |_| "id").is_none());
        // The event's default language is what the reader's language is chosen from.
        let chosen = c.public_fresh_fragment(ev, |d| if d.is_none() { "en" } else { "fr" });
        assert!(Arc::ptr_eq(&chosen.unwrap(), &en));
        c.changed(ev);
        assert!(c.public_fresh_fragment(ev, |_| "en").is_none());
        let next = c
            .fragment(ev, "en", &made(c.generation(ev), "k2"), || {
                Ok("<table>2</table>".into())
            })
            .unwrap();
        assert_ne!(next.etag, en.etag);
        assert_eq!(next.plain, b"<table>2</table>");
    }

    #[test]
    fn a_fragment_made_while_a_change_was_delivered_is_not_kept() {
        let c = RankingBytes::default();
        let ev = EventId(3);
        c.changed(ev);
        c.fragment(ev, "en", &made(0, "old"), || Ok(String::new()))
            .unwrap();
        assert!(c.public_fresh_fragment(ev, |_| "en").is_none());
    }

    #[test]
    fn a_private_events_bytes_are_never_served_without_asking() {
        let c = RankingBytes::default();
        let ev = EventId(3);
        c.encode(ev, 0, "k", false, &view()).unwrap();
        assert!(c.public_fresh(ev).is_none());
        // Its readers do not queue behind one another either.
        assert!(c.flight(ev).is_none());
    }

    #[test]
    fn a_public_events_readers_share_one_flight() {
        let c = RankingBytes::default();
        let ev = EventId(4);
        // Unknown yet: a flight, the same for every reader.
        let (a, b) = (c.flight(ev).unwrap(), c.flight(ev).unwrap());
        assert!(a.same(&b));
        c.encode(ev, 0, "k", true, &view()).unwrap();
        assert!(c.flight(ev).unwrap().same(&a));
        assert!(c.flight(EventId(5)).is_some_and(|f| !f.same(&a)));
    }

    // Issue 16 (the hall's 1,000 ranking readers): one reader leads, the others wait for it
    // and are all let go when it is done, none holding anything the others wait for. Here
    // the followers meet at a barrier after their turn: a flight that handed a lock to one
    // follower at a time (held until its answer was made) never lets the second one through.
    #[test]
    fn followers_are_let_go_together_when_the_leader_is_done() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        rt.block_on(async {
            let flight = Flight::default();
            let Turn::Lead(lead) = flight.join().await else {
                panic!("the first reader leads");
            };
            let meet = Arc::new(tokio::sync::Barrier::new(3));
            let followers: Vec<_> = (0..3)
                .map(|_| {
                    let (flight, meet) = (flight.clone(), meet.clone());
                    tokio::spawn(async move {
                        let turn = flight.join().await;
                        assert!(matches!(turn, Turn::Followed), "the others follow");
                        meet.wait().await;
                        turn
                    })
                })
                .collect();
            tokio::task::yield_now().await;
            assert!(
                followers.iter().all(|f| !f.is_finished()),
                "they wait for the leader"
            );
            drop(lead);
            for f in followers {
                let turn = tokio::time::timeout(Duration::from_secs(5), f).await;
                assert!(turn.is_ok(), "every follower went on");
            }
            // Nobody is left holding it: the next reader leads.
            assert!(matches!(flight.join().await, Turn::Lead(_)));
        });
    }
}
