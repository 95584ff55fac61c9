//! The Duplicate bench's clients that follow live streams: the hall display and the console
//! (and, with `--readers-client threads`, each ranking reader) as one OS thread each with a
//! blocking client, as a browser tab would; `readers` runs the ranking readers as one compiled
//! async client instead (the default).

#![allow(dead_code)]

pub mod readers;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use serde_json::Value;

use crate::common::{agent, follow_stream, get, get_if_changed};

// ---------------------------------------------------------------- SSE subscribers

/// What one subscriber saw: (seq, kind, when the frame arrived, when its re-read ended, how the
/// server found what was re-read: its `X-Arbiter-Kept`, `hit` when it was in memory).
pub type Seen = Arc<Mutex<Vec<(u64, String, Instant, Option<Instant>, Option<Kept>)>>>;

/// How the server found a re-read ranking table (its `X-Arbiter-Kept` header).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    /// In memory, fresh (rendered at commit or by an earlier reader).
    Hit,
    /// In memory once a render under way was done.
    Waited,
    /// Read against the database (and rendered, unless the same table was kept).
    Read,
    /// No header (the JSON ranking, or an older server).
    Unknown,
}

impl Kept {
    /// From the header's value.
    pub fn parse(v: &str) -> Kept {
        match v {
            "hit" => Kept::Hit,
            "waited" => Kept::Waited,
            "read" => Kept::Read,
            _ => Kept::Unknown,
        }
    }
}

/// How the server found the readers' re-reads after a placed top (counted by [`Kept`] as an
/// index), and the times from the top placed to the re-read done of the memory hits and of the
/// others apart (ms): the share a frame woke that found the table in memory.
pub fn kept_split(
    readers: &[Seen],
    placed: &std::collections::HashMap<u64, Instant>,
) -> ([usize; 4], Vec<f64>, Vec<f64>) {
    let (mut hits, mut others, mut kept) = (Vec::new(), Vec::new(), [0usize; 4]);
    for r in readers {
        for (seq, kind, _, done, how) in r.lock().unwrap().iter() {
            let (Some(sent), Some(d), Some(how)) = (placed.get(seq), done, how) else {
                continue;
            };
            if kind != "play_placed" {
                continue;
            }
            kept[*how as usize] += 1;
            let ms = (*d - *sent).as_secs_f64() * 1000.0;
            if *how == Kept::Hit {
                hits.push(ms);
            } else {
                others.push(ms);
            }
        }
    }
    (kept, hits, others)
}

/// Readers' conditional re-reads answered with a body (200) and without (304).
pub static READ_FULL: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
pub static READ_NOT_MODIFIED: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(0);

/// What every subscriber shares: where the server is, the barrier all wait at once subscribed,
/// the signal that ends the streams, and whether one could not subscribe.
#[derive(Clone)]
pub struct Hall {
    pub addr: String,
    pub base: String,
    pub ready: Arc<std::sync::Barrier>,
    pub stop: tokio::sync::watch::Receiver<bool>,
    pub failed: Arc<AtomicBool>,
}

/// Follows the stream at `path` (`common::follow_stream`), on a thread of its own as a browser
/// would: `reread` (when given) is fetched after a frame of a kind in `on`, or after every frame
/// when `on` is empty (with the ETag last seen when `conditional`), before the next frame is
/// read; slip frames are kept one in `sample` (a hall's thousand slips per turn would fill
/// memory).
pub fn subscribe(
    hall: &Hall,
    path: String,
    reread: Option<String>,
    on: &'static [&'static str],
    sample: u64,
    conditional: bool,
) -> Seen {
    let seen: Seen = Arc::default();
    let out = seen.clone();
    let hall = hall.clone();
    std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(move || {
            let a = agent();
            let url = reread.map(|r| format!("{}{r}", hall.base));
            let mut etag: Option<String> = None;
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            let on_message = |v: &Value, at: Instant| {
                let kind = v["kind"].as_str().unwrap_or_default().to_owned();
                let seq = v["seq"].as_u64().unwrap_or(0);
                if kind == "slip_recorded" && !seq.is_multiple_of(sample) {
                    return;
                }
                let wanted = on.is_empty() || on.contains(&kind.as_str());
                let done = url.as_deref().filter(|_| wanted).map(|url| {
                    if conditional {
                        let (status, next) = get_if_changed(&a, url, etag.as_deref());
                        let counter = if status == 304 {
                            &READ_NOT_MODIFIED
                        } else {
                            &READ_FULL
                        };
                        counter.fetch_add(1, Ordering::Relaxed);
                        etag = next;
                    } else {
                        get(&a, url, None, false);
                    }
                    Instant::now()
                });
                out.lock().unwrap().push((seq, kind, at, done, None));
            };
            let opened = rt.block_on(follow_stream(
                &hall.addr,
                &path,
                hall.stop.clone(),
                || {
                    hall.ready.wait();
                },
                on_message,
            ));
            if !opened {
                // Counted in, so the bench is not left waiting; it stops at the barrier.
                hall.failed.store(true, Ordering::Relaxed);
                hall.ready.wait();
            }
        })
        .unwrap();
    seen
}

/// One turn's placed top as the ranking readers saw it.
#[derive(Default)]
pub struct TurnFrames {
    /// Readers that got the placed top's own frame (timed).
    pub timed: usize,
    /// Frames of other kinds (or of another seq) that arrived during the turn, by kind: where a
    /// missing placed-top frame went.
    pub others: std::collections::BTreeMap<String, usize>,
    /// Top placed → frame, and → re-read done (ms).
    pub frame: Vec<f64>,
    pub reread: Vec<f64>,
    /// Re-reads the server found in memory.
    pub hits: usize,
}

/// The readers' frames turn by turn; `turns` are the placed tops (seq, when sent) in order.
pub fn per_turn(readers: &[Seen], turns: &[(u64, Instant)]) -> Vec<TurnFrames> {
    let mut out: Vec<TurnFrames> = turns.iter().map(|_| TurnFrames::default()).collect();
    for r in readers {
        for (seq, kind, at, done, how) in r.lock().unwrap().iter() {
            let own = turns
                .iter()
                .position(|(s, _)| s == seq && kind == "play_placed");
            if let Some(i) = own {
                let t = &mut out[i];
                t.timed += 1;
                t.frame.push((*at - turns[i].1).as_secs_f64() * 1000.0);
                if let Some(d) = done {
                    t.reread.push((*d - turns[i].1).as_secs_f64() * 1000.0);
                }
                if *how == Some(Kept::Hit) {
                    t.hits += 1;
                }
            } else if let Some(i) = turns.iter().rposition(|(_, sent)| sent <= at) {
                *out[i].others.entry(kind.clone()).or_default() += 1;
            }
        }
    }
    out
}

/// The game turn by turn: the generator's time on the turn's rack, and the readers' frames of
/// the placed top (how many were timed, where the missing ones went) and their times.
pub fn turn_table(
    turns: &[TurnFrames],
    readers: usize,
    gen_first: &[f64],
    gen_min: &[f64],
    racks: &[String],
) -> String {
    let mut out = String::from(
        "\nTurn by turn (ms): the generator (first run / fastest of 3) on the turn's rack; the readers' frames of the placed top, timed of expected, and the other frames that came instead; top placed → frame and → re-read done.\n\n| turn | rack | generator | frames | instead | frame p50 / p99 | re-read p50 / p99 / max | in memory |\n|---:|---|---:|---:|---|---:|---:|---:|\n",
    );
    for (i, t) in turns.iter().enumerate() {
        let pct = |v: &[f64], q: f64| {
            let mut v = v.to_vec();
            v.sort_by(|a, b| a.total_cmp(b));
            v.get(((v.len().max(1) - 1) as f64 * q) as usize)
                .copied()
                .unwrap_or(f64::NAN)
        };
        let instead: Vec<String> = t.others.iter().map(|(k, n)| format!("{k} {n}")).collect();
        out.push_str(&format!(
            "| {} | {} | {:.1} / {:.1} | {} / {readers} | {} | {:.0} / {:.0} | {:.0} / {:.0} / {:.0} | {} |\n",
            i + 1,
            racks.get(i).map_or("", String::as_str),
            gen_first.get(i).copied().unwrap_or(f64::NAN),
            gen_min.get(i).copied().unwrap_or(f64::NAN),
            t.timed,
            instead.join(", "),
            pct(&t.frame, 0.5),
            pct(&t.frame, 0.99),
            pct(&t.reread, 0.5),
            pct(&t.reread, 0.99),
            pct(&t.reread, 1.0),
            t.hits,
        ));
    }
    out
}
