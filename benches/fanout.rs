//! Live fan-out (issue 17, "Speed and scale"): how many SSE subscribers one server (or two
//! instances sharing PostgreSQL) keeps, what an idle one costs in memory, and how long a move
//! takes to reach them all.
//!
//! ```sh
//! cargo bench --bench fanout -- --subscribers 10000 --matches 200 --seconds 30
//! cargo bench --bench fanout -- --subscribers 10000 --pg postgres://postgres@127.0.0.1:5432/test
//! #   options: --event-subscribers 100  --pace-ms 1000  --batch 500
//! ```
//!
//! The server is the real binary (`arbiter serve`, release build) in its own process, so its
//! memory is measured alone (`VmRSS` from `/proc`). The subscribers are one compiled client
//! (tokio, plain HTTP/1.1 over TCP, no browser and no script): most follow one match each
//! (`/matches/{id}/live`, as a player or a spectator of that game), a few follow the whole
//! event (`/events/{id}/live`, as a lobby or a hall display). Movers (one thread per match)
//! play through `POST /api/v1/matches/{id}/commands` every `--pace-ms` ±50%; a move's latency
//! is from just before its request is sent to the moment a subscriber has read its frame, on
//! the one clock of this process. With `--pg`, two instances share a fresh database: moves go
//! to the first, every subscriber listens on the second, so each move crosses the
//! `LISTEN/NOTIFY` relay.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{admin_create, agent, created, pct, post, serve, token};
use serde_json::{Value, json};

struct Opts {
    subscribers: usize,
    event_subscribers: usize,
    matches: usize,
    seconds: u64,
    pace_ms: u64,
    batch: usize,
    pg: Option<String>,
}

fn opts() -> Opts {
    let mut o = Opts {
        subscribers: 10_000,
        event_subscribers: 100,
        matches: 200,
        seconds: 30,
        pace_ms: 1000,
        batch: 500,
        pg: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let val = || args.get(i + 1).cloned().unwrap_or_default();
        let num = || val().parse::<u64>().expect("a number");
        match args[i].as_str() {
            "--subscribers" => o.subscribers = num() as usize,
            "--event-subscribers" => o.event_subscribers = num() as usize,
            "--matches" => o.matches = (num() as usize).max(1),
            "--seconds" => o.seconds = num(),
            "--pace-ms" => o.pace_ms = num().max(1),
            "--batch" => o.batch = (num() as usize).max(1),
            "--pg" => o.pg = Some(val()),
            // `cargo bench` passes `--bench`; anything else unknown is ignored the same way.
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    o.event_subscribers = o.event_subscribers.min(o.subscribers);
    o
}

/// When each move of a match was sent: (the seq it was decided on, the send instant).
type SentLog = Arc<Vec<Mutex<Vec<(i64, Instant)>>>>;

#[derive(Default)]
struct Tally {
    latencies_us: Mutex<Vec<u32>>,
    frames: AtomicU64,
    connected: AtomicUsize,
    failed: AtomicUsize,
}

/// One subscriber: opens the stream, then reads frames until told to stop, timing every move
/// frame against the mover's send instant.
async fn subscribe(
    addr: String,
    path: String,
    index: HashMap<i64, usize>,
    sent: SentLog,
    tally: Arc<Tally>,
    stop: tokio::sync::watch::Receiver<bool>,
) {
    let mut local = Vec::new();
    let opened = common::follow_stream(
        &addr,
        &path,
        stop,
        || {
            tally.connected.fetch_add(1, Ordering::Relaxed);
        },
        |msg, now| {
            let (Some(m), Some(seq)) = (msg["match_id"].as_i64(), msg["seq"].as_i64()) else {
                return;
            };
            tally.frames.fetch_add(1, Ordering::Relaxed);
            let Some(&slot) = index.get(&m) else { return };
            let log = sent[slot].lock().unwrap();
            // The move this frame reports: the last one sent before its seq.
            if let Some((_, at)) = log.iter().rev().find(|(before, _)| *before < seq) {
                local.push(now.saturating_duration_since(*at).as_micros() as u32);
            }
        },
    )
    .await;
    if !opened {
        tally.failed.fetch_add(1, Ordering::Relaxed);
    }
    tally.latencies_us.lock().unwrap().extend(local);
}

fn main() {
    let o = opts();
    let tmp = std::env::temp_dir().join(format!("arbiter-fanout-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();

    // A fresh PostgreSQL database when asked (dropped at the end).
    let pg_db = o.pg.as_ref().map(|url| common::pg_fresh(url, "fanout"));
    let db_url = pg_db.as_ref().map(|(_, _, u)| u.as_str());

    // The director's account, made by the CLI as an operator would.
    let password = "fanout-bench-password";
    admin_create(&tmp, db_url, "bench", password);

    let moves_to = serve(&tmp, db_url, "server-a");
    let second = db_url.map(|u| serve(&tmp, Some(u), "server-b"));
    let listen_on = second.as_ref().unwrap_or(&moves_to);

    // An event, two teams, one table account holding every table, and the matches.
    let a = agent();
    let base = &moves_to.base;
    let token = token(&a, base, "bench", password);
    let event = created(
        post(
            &a,
            &format!("{base}/api/v1/events"),
            &token,
            &json!({"name": "Fan-out", "public": true}),
        ),
        "event",
    )["id"]
        .as_i64()
        .unwrap();
    let team = |name: &str| {
        created(
            post(
                &a,
                &format!("{base}/api/v1/events/{event}/teams"),
                &token,
                &json!({"name": name, "players": [format!("{name} 1"), format!("{name} 2")]}),
            ),
            "team",
        )["id"]
            .as_i64()
            .unwrap()
    };
    let (ta, tb) = (team("Ants"), team("Bees"));
    created(
        post(
            &a,
            &format!("{base}/api/v1/events/{event}/accounts"),
            &token,
            &json!({"username": "tables", "password": password, "role": "table", "table": 1}),
        ),
        "table account",
    );
    let mut matches = Vec::with_capacity(o.matches);
    for t in 1..=o.matches as i64 {
        if t > 1 {
            created(
                post(
                    &a,
                    &format!("{base}/api/v1/events/{event}/grants"),
                    &token,
                    &json!({"username": "tables", "role": "table", "table": t}),
                ),
                "table grant",
            );
        }
        let m = created(
            post(
                &a,
                &format!("{base}/api/v1/matches"),
                &token,
                &json!({"event_id": event, "round": 1, "table": t,
                        "side_a": {"team_id": ta}, "side_b": {"team_id": tb}}),
            ),
            "match",
        )["id"]
            .as_i64()
            .unwrap();
        matches.push(m);
    }
    let table_token = common::token(&a, base, "tables", password);

    // Subscribers: the event's followers first, the rest spread over the matches.
    let sent: SentLog = Arc::new(matches.iter().map(|_| Mutex::new(Vec::new())).collect());
    let index: HashMap<i64, usize> = matches.iter().enumerate().map(|(i, m)| (*m, i)).collect();
    let tally = Arc::new(Tally::default());
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let rss_before = listen_on.rss_kib();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let connect_started = Instant::now();
    let mut handles = Vec::with_capacity(o.subscribers);
    let mut warm = None;
    rt.block_on(async {
        for i in 0..o.subscribers {
            let path = if i < o.event_subscribers {
                format!("/events/{event}/live")
            } else {
                format!("/matches/{}/live", matches[i % matches.len()])
            };
            handles.push(tokio::spawn(subscribe(
                listen_on.addr.clone(),
                path,
                index.clone(),
                sent.clone(),
                tally.clone(),
                stop_rx.clone(),
            )));
            if (i + 1) % o.batch == 0 {
                // Let the server accept a batch before the next (its backlog is finite).
                while tally.connected.load(Ordering::Relaxed) + tally.failed.load(Ordering::Relaxed)
                    < i + 1
                {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                // The first batch also warms the server up (its pool's connections, buffers):
                // the cost per subscriber is counted from here.
                if i + 1 == o.batch {
                    warm = Some((listen_on.rss_kib(), tally.connected.load(Ordering::Relaxed)));
                }
            }
        }
        while tally.connected.load(Ordering::Relaxed) + tally.failed.load(Ordering::Relaxed)
            < o.subscribers
        {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    });
    let connect_secs = connect_started.elapsed().as_secs_f64();
    // Idle: give the server a moment to settle, then read its memory.
    std::thread::sleep(Duration::from_secs(2));
    let rss_idle = listen_on.rss_kib();
    let connected = tally.connected.load(Ordering::Relaxed);

    // Keep reading on this runtime while the movers play.
    let reader = std::thread::spawn(move || {
        rt.block_on(async {
            for h in handles {
                let _ = h.await;
            }
        });
    });

    let deadline = Instant::now() + Duration::from_secs(o.seconds);
    let moves = Arc::new(AtomicU64::new(0));
    let move_lat = Arc::new(Mutex::new(Vec::<u32>::new()));
    let errors = Arc::new(AtomicU64::new(0));
    let movers: Vec<_> = matches
        .iter()
        .enumerate()
        .map(|(slot, &m)| {
            let (sent, moves, move_lat, errors) = (
                sent.clone(),
                moves.clone(),
                move_lat.clone(),
                errors.clone(),
            );
            let (url, token, pace) = (
                format!("{}/api/v1/matches/{m}/commands", moves_to.base),
                table_token.clone(),
                o.pace_ms,
            );
            std::thread::spawn(move || {
                let a = agent();
                // The match's log starts with its creation.
                let mut seq = a
                    .get(url.trim_end_matches("/commands"))
                    .header("Authorization", format!("Bearer {token}"))
                    .call()
                    .ok()
                    .and_then(|mut r| r.body_mut().read_to_string().ok())
                    .and_then(|t| serde_json::from_str::<Value>(&t).ok())
                    .and_then(|v| v["last_seq"].as_i64().or(v["state"]["last_seq"].as_i64()))
                    .unwrap_or(1);
                let mut n = 0u64;
                let mut rng = 0x9E37_79B9_7F4A_7C15u64 ^ (m as u64);
                let mut next = Instant::now();
                while Instant::now() < deadline {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let cmd = if n == 0 {
                        json!({"type": "start", "first": "a"})
                    } else {
                        json!({"type": "play", "words": ["QI"], "tiles": 2, "declared": 11})
                    };
                    n += 1;
                    let body = json!({"idempotency_key": format!("fan-{m}-{n}"),
                                      "expected_seq": seq, "command": cmd});
                    let at = Instant::now();
                    sent[slot].lock().unwrap().push((seq, at));
                    let (status, v) = post(&a, &url, &token, &body);
                    move_lat
                        .lock()
                        .unwrap()
                        .push(at.elapsed().as_micros() as u32);
                    if status != 200 {
                        if errors.fetch_add(1, Ordering::Relaxed) == 0 {
                            eprintln!("first refused move: {status} {v}");
                        }
                        break;
                    }
                    moves.fetch_add(1, Ordering::Relaxed);
                    seq = v["state"]["last_seq"].as_i64().unwrap_or(seq + 1);
                    // Stop before the bag runs out: the frames are what is measured.
                    if v["state"]["bag"].as_i64().is_some_and(|b| b < 4) {
                        break;
                    }
                    next += Duration::from_millis(pace / 2 + rng % pace);
                    std::thread::sleep(next.saturating_duration_since(Instant::now()));
                }
            })
        })
        .collect();
    for m in movers {
        m.join().unwrap();
    }
    // The last frames are in flight for a moment.
    std::thread::sleep(Duration::from_secs(2));
    let _ = stop_tx.send(true);
    reader.join().unwrap();

    let mut lat = std::mem::take(&mut *tally.latencies_us.lock().unwrap());
    lat.sort_unstable();
    let mut mv = std::mem::take(&mut *move_lat.lock().unwrap());
    mv.sort_unstable();
    let moves = moves.load(Ordering::Relaxed);
    let per_match = (o.subscribers - o.event_subscribers) as f64 / o.matches as f64;
    let expected = (moves as f64 * (per_match + o.event_subscribers as f64)).round();
    let backend = if o.pg.is_some() {
        "postgres, two instances (moves on A, subscribers on B)"
    } else {
        "sqlite, one instance"
    };
    println!("\n### fan-out: {backend}");
    println!(
        "{} subscribers ({} on the event, the rest on {} matches), connected {} in {:.1} s, {} failed; movers every {} ms ±50% for {} s",
        o.subscribers,
        o.event_subscribers,
        o.matches,
        connected,
        connect_secs,
        tally.failed.load(Ordering::Relaxed),
        o.pace_ms,
        o.seconds
    );
    println!("\n| measure | value |\n|---|---|");
    println!(
        "| server RSS before subscribers | {:.1} MB |",
        rss_before as f64 / 1024.0
    );
    println!(
        "| server RSS with {connected} idle subscribers | {:.1} MB |",
        rss_idle as f64 / 1024.0
    );
    println!(
        "| memory per idle subscriber (all) | {:.1} KiB |",
        (rss_idle.saturating_sub(rss_before)) as f64 / connected.max(1) as f64
    );
    if let Some((rss_warm, n_warm)) = warm {
        println!(
            "| memory per idle subscriber after the first {n_warm} | {:.1} KiB |",
            (rss_idle.saturating_sub(rss_warm)) as f64
                / connected.saturating_sub(n_warm).max(1) as f64
        );
    }
    println!(
        "| moves | {moves} ({:.0}/s), {} refused |",
        moves as f64 / o.seconds as f64,
        errors.load(Ordering::Relaxed)
    );
    println!(
        "| move request p50 / p99 | {:.1} / {:.1} ms |",
        pct(&mv, 50.0),
        pct(&mv, 99.0)
    );
    println!(
        "| frames timed / expected | {} / {expected:.0} |",
        lat.len()
    );
    println!(
        "| move → subscriber p50 / p99 / max | {:.1} / {:.1} / {:.1} ms |",
        pct(&lat, 50.0),
        pct(&lat, 99.0),
        pct(&lat, 100.0)
    );

    drop(second);
    drop(moves_to);
    if let Some((url, name, _)) = pg_db {
        common::pg_drop(&url, &name);
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
