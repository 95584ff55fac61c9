//! Duplicate benchmark (issue 16, "Speed"): a hall of N players (1,000) plays a full English
//! Duplicate game through the HTTP API of the real server (`arbiter serve`, bench profile, in its
//! own process, as the other server benches run it: `benches/common`). Per turn the
//! referee draws, starts the turn, N slips are entered by arbitrator clients at once (most
//! find the top, some write wrong points, a misspelled word or another legal play), the top is
//! chosen and placed. Meanwhile a hall display, R ranking readers (1,000) and the referee's
//! console follow the streams their pages follow: the hall its game's master changes
//! (`/duplicate/games/{id}/live`: racks, turns, tops; no slips) and re-reads its panel on each;
//! the readers what moves the ranking (`/duplicate/events/{id}/ranking/live`: placed tops, late
//! slips, new games; no slip of the turn in play) and re-read the ranking page's table on each,
//! as a browser does: gzip accepted, and `If-None-Match` with the ETag they hold (the server
//! renders the table once per change and serves it from memory; an unchanged one answers 304);
//! `--reread api` makes them re-read the JSON ranking instead. The console follows the event's
//! stream (every slip: one frame in 97 is timed) and re-reads nothing.
//!
//! ```text
//! cargo bench --bench duplicate -- [--players 1000] [--readers 1000] [--arbitrators 16]
//!     [--backend sqlite|postgres] [--pg postgres://postgres@127.0.0.1:5432/test] [--seed 1]
//! ```
//!
//! A debug run with a small hall proves it works (a debug build's move generator is slow, so
//! the game takes minutes): `cargo test --bench duplicate --no-run`, then the binary it names
//! with `--players 12 --readers 5 --arbitrators 2`.
//!
//! Measured: each slip's answer time; from the last slip of a turn sent to the ranking read
//! with it (the target: < 200 ms); the top of a turn, both the move generator alone on the
//! turn's position and the referee's `choose_top` answer (< 10 ms); from a top placed (its
//! request sent) to each SSE subscriber's frame and to each reader's ranking (p99 < 200 ms);
//! how many frames each reader got per turn. Prints markdown for BENCHMARKS.md.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod duplicate_clients;

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter::config::Backend;
use arbiter::rules::duplicate as dup;
use arbiter::rules::movegen::text::{parse_board_rows, parse_rack};
use arbiter::rules::movegen::{Play, all_plays};
use arbiter::rules::tiles::TileSet;
use common::{admin_create, agent, get, post, serve};
use duplicate_clients::{Hall, Kept, READ_FULL, READ_NOT_MODIFIED, Seen, readers, subscribe};
use serde_json::{Value, json};

struct Opts {
    players: usize,
    readers: usize,
    arbitrators: usize,
    backend: Backend,
    pg: String,
    seed: u64,
    /// What readers re-read: the ranking page's table (`page`, as the page does) or the API's
    /// JSON ranking (`api`).
    reread_api: bool,
    /// How the readers are run: `async` (default: one compiled client, tasks on
    /// `reader_threads` threads) or `threads` (one OS thread each with a blocking client, as
    /// the runs before 2026-12-01 18:00 did).
    threaded_readers: bool,
    /// Threads of the async readers' runtime.
    reader_threads: usize,
}

fn opts() -> Opts {
    let mut o = Opts {
        players: 1000,
        readers: 1000,
        arbitrators: 16,
        backend: Backend::Sqlite,
        pg: "postgres://postgres@127.0.0.1:5432/test".into(),
        seed: 1,
        reread_api: false,
        threaded_readers: false,
        reader_threads: 1,
    };
    let args: Vec<String> = std::env::args().collect();
    let mut i = 1;
    while i < args.len() {
        let v = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--players" => o.players = v.parse().unwrap(),
            "--readers" => o.readers = v.parse().unwrap(),
            "--arbitrators" => o.arbitrators = v.parse().unwrap(),
            "--backend" => {
                o.backend = match v.as_str() {
                    "postgres" => Backend::Postgres,
                    _ => Backend::Sqlite,
                }
            }
            "--pg" => o.pg = v,
            "--seed" => o.seed = v.parse().unwrap(),
            "--reread" => o.reread_api = v == "api",
            "--readers-client" => o.threaded_readers = v == "threads",
            "--reader-threads" => o.reader_threads = v.parse().unwrap(),
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    o
}

// ---------------------------------------------------------------- slips

/// The word as a slip writes it: the main word with blanks in lowercase.
fn slip_word(play: &Play, board: &arbiter::rules::board::Board) -> String {
    let main = play.main_word(board);
    let gcg = play.gcg_word();
    main.chars()
        .zip(gcg.chars().chain(std::iter::repeat('.')))
        .map(|(m, g)| if g == '.' { m } else { g })
        .collect()
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Player `p`'s slip on a turn: 70% the top, 10% the top with wrong points, 10% misspelled,
/// 10% another legal play.
fn slip_for(p: u32, turn: u32, seed: u64, plays: &[(String, String, u32)]) -> Value {
    let r = splitmix(seed ^ (u64::from(turn) << 32) ^ u64::from(p));
    let (reference, word, points) = &plays[0];
    let (reference, word, points) = match r % 10 {
        0 => (reference.clone(), word.clone(), points + 2),
        1 => (reference.clone(), word.chars().rev().collect(), *points),
        2 => plays[(r >> 8) as usize % plays.len()].clone(),
        _ => (reference.clone(), word.clone(), *points),
    };
    json!({"player": p, "turn": turn, "reference": reference, "word": word, "points": points})
}

/// A slip's seq, when it was sent, its answer time and its verdict's kind.
type SlipResult = (u64, Instant, Duration, String);

// ---------------------------------------------------------------- stats

fn pct(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let i = ((p / 100.0) * (v.len() - 1) as f64).round() as usize;
    v[i.min(v.len() - 1)]
}

fn line(name: &str, v: &mut [f64]) -> String {
    format!(
        "| {name} | {} | {:.1} | {:.1} | {:.1} | {:.1} |",
        v.len(),
        pct(v, 50.0),
        pct(v, 90.0),
        pct(v, 99.0),
        pct(v, 100.0)
    )
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

// ---------------------------------------------------------------- the game

fn main() {
    let o = opts();
    let tag = format!("{}_{}", std::process::id(), arbiter::auth::random_token(6));
    let tmp = std::env::temp_dir().join(format!("arbiter_dup_{tag}"));
    std::fs::create_dir_all(&tmp).unwrap();
    let pg_db = matches!(o.backend, Backend::Postgres).then(|| common::pg_fresh(&o.pg, "dup"));
    let db = pg_db.as_ref().map(|(_, _, url)| url.as_str());
    // The server stops when `bench` returns or unwinds, before its database is dropped.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| bench(&o, &tmp, db)));
    if let Some((url, name, _)) = &pg_db {
        common::pg_drop(url, name);
    }
    let _ = std::fs::remove_dir_all(&tmp);
    std::process::exit(if result.is_err() { 1 } else { 0 });
}

#[allow(clippy::too_many_lines)]
fn bench(o: &Opts, tmp: &std::path::Path, db: Option<&str>) {
    let password = "long-password-x";
    admin_create(tmp, db, "director", password);
    let server = serve(tmp, db, "server");
    let base = server.base.clone();
    let chief = agent();
    let token = common::token(&chief, &base, "director", password);
    let post = |path: &str, body: &Value| post(&chief, &format!("{base}{path}"), &token, body);
    let (s, ev) = post(
        "/api/v1/duplicate/events",
        &json!({"name": "Bench hall", "english": true, "public": true}),
    );
    assert_eq!(s, 201, "{ev}");
    let event_id = ev["id"].as_i64().unwrap();
    let ruleset: dup::DuplicateRuleset = serde_json::from_value(ev["ruleset"].clone()).unwrap();
    let t = Instant::now();
    for n in 1..=o.players {
        let (s, b) = post(
            &format!("/api/v1/duplicate/events/{event_id}/players"),
            &json!({"number": n, "name": format!("Player {n}"), "club": format!("Club {}", n % 40)}),
        );
        assert_eq!(s, 201, "{b}");
    }
    eprintln!(
        "{} players in {:.1} s",
        o.players,
        t.elapsed().as_secs_f64()
    );
    let (s, g) = post(
        &format!("/api/v1/duplicate/events/{event_id}/games"),
        &json!({}),
    );
    assert_eq!(s, 201, "{g}");
    let game = g["id"].as_i64().unwrap();
    // The bench's own move graph of the event's list (the server builds its own), for the
    // generator's time alone and the plays the slips are made of.
    let lexicons = arbiter::services::lexicons::LexiconStore::new(tmp.to_owned());
    let graph = arbiter::services::duplicate::graph(
        &lexicons,
        arbiter::vocab::EventId(event_id),
        &ruleset.lexicon,
    )
    .unwrap();
    let (set, notation) = (
        TileSet::by_name(&ruleset.tile_set).unwrap(),
        ruleset.notation,
    );

    // The hall display, the ranking readers and the console, subscribed before the game
    // starts, each on the stream its page follows.
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let subs = Hall {
        addr: server.addr.clone(),
        base: base.clone(),
        // The main thread, the hall, the console, and each reader's thread (one per reader
        // for `threads`, else the async client's threads).
        ready: Arc::new(std::sync::Barrier::new(
            3 + if o.threaded_readers {
                o.readers
            } else {
                o.reader_threads.max(1)
            },
        )),
        stop: stopped,
        failed: Arc::default(),
    };
    let hall = subscribe(
        &subs,
        format!("/duplicate/games/{game}/live"),
        Some(format!("/duplicate/games/{game}/hall/panel")),
        &[],
        97,
        false,
    );
    let reread = if o.reread_api {
        format!("/api/v1/duplicate/events/{event_id}/ranking")
    } else {
        format!("/duplicate/events/{event_id}/ranking/table")
    };
    let stream = format!("/duplicate/events/{event_id}/ranking/live");
    let readers: Vec<Seen> = if o.threaded_readers {
        (0..o.readers)
            .map(|_| subscribe(&subs, stream.clone(), Some(reread.clone()), &[], 97, true))
            .collect()
    } else {
        readers::spawn(readers::Plan {
            addr: subs.addr.clone(),
            stream,
            reread: reread.clone(),
            readers: o.readers,
            threads: o.reader_threads,
            ready: subs.ready.clone(),
            stop: subs.stop.clone(),
            failed: subs.failed.clone(),
            full: &READ_FULL,
            not_modified: &READ_NOT_MODIFIED,
        })
    };
    let console = subscribe(
        &subs,
        format!("/events/{event_id}/live"),
        None,
        &[],
        97,
        false,
    );
    subs.ready.wait();
    assert!(
        !subs.failed.load(Ordering::Relaxed),
        "a subscriber could not open its stream"
    );
    eprintln!("{} subscribers connected", o.readers + 2);

    let cmd = |body: Value| -> (Value, Duration) {
        let t = Instant::now();
        let (s, v) = post(&format!("/api/v1/duplicate/games/{game}/commands"), &body);
        assert_eq!(s, 200, "{body}: {v}");
        (v, t.elapsed())
    };
    let mut slip_ms = Vec::new();
    let mut last_to_ranking = Vec::new();
    let mut turn_slips_ms = Vec::new();
    let mut top_api = Vec::new();
    let mut top_gen = Vec::new();
    let mut top_gen_min = Vec::new();
    let mut turn_log: Vec<(u64, Instant)> = Vec::new();
    let mut turn_rack: Vec<String> = Vec::new();
    let mut placed: HashMap<u64, Instant> = HashMap::new();
    let mut slip_sent: HashMap<u64, Instant> = HashMap::new();
    let mut verdicts: HashMap<String, usize> = HashMap::new();
    let mut turns = 0;
    let load_at_start = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let game_started = Instant::now();
    let cpu_at_start = (server.cpu_secs(), common::own_cpu_secs());
    loop {
        let (g, _) = cmd(json!({"type": "draw"}));
        if g["phase"] == "ended" {
            break;
        }
        turns += 1;
        let turn = g["turn"].as_u64().unwrap() as u32;
        cmd(json!({"type": "start_turn"}));
        // The turn's position, as the API shows it (not timed): the move generator alone on
        // it, timed, and the plays the slips are made of (not timed).
        let (_, st) = get(
            &chief,
            &format!("{base}/api/v1/duplicate/games/{game}"),
            Some(&token),
            true,
        );
        let rows: Vec<&str> = st["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        let board = parse_board_rows(&rows, &set).unwrap();
        let rack = parse_rack(st["rack"].as_str().unwrap(), &set).unwrap();
        // Timed three times: the fastest is the generator's own cost, the slowest shows what
        // the server's threads (the last turn's frames and re-reads) took of this core.
        let mut runs = [0.0f64; 3];
        let mut tops = Vec::new();
        for r in &mut runs {
            let t = Instant::now();
            tops = dup::tops(&graph, &set, &board, &rack, notation);
            *r = ms(t.elapsed());
        }
        top_gen.push(runs[0]);
        top_gen_min.push(runs.iter().copied().fold(f64::MAX, f64::min));
        turn_rack.push(st["rack"].as_str().unwrap_or_default().to_owned());
        let mut plays: Vec<(String, String, u32)> = Vec::new();
        if let Some(top) = tops.first() {
            let all = all_plays(&graph, &set, &board, &rack);
            let best = all
                .iter()
                .find(|p| {
                    p.score() == top.score
                        && arbiter::rules::notation::gcg_position(p.start(), p.direction())
                            == top.position
                        && p.gcg_word() == top.word
                })
                .unwrap_or(&all[0]);
            plays.push((top.reference.clone(), slip_word(best, &board), top.score));
            for p in all
                .iter()
                .filter(|p| {
                    !board.is_empty() || p.direction() == arbiter::rules::board::Direction::Across
                })
                .step_by(7)
                .take(40)
            {
                plays.push((
                    dup::reference(notation, p.start(), p.direction()),
                    slip_word(p, &board),
                    p.score(),
                ));
            }
        }
        // The slips, entered by the arbitrators at once.
        if !plays.is_empty() {
            let plays = Arc::new(plays);
            let results: Arc<Mutex<Vec<SlipResult>>> = Arc::default();
            let turn_start = Instant::now();
            let handles: Vec<_> = (0..o.arbitrators)
                .map(|a| {
                    let (c, plays, results) = (chief.clone(), plays.clone(), results.clone());
                    let (players, arbs, seed) = (o.players, o.arbitrators, o.seed);
                    let (url, token) = (
                        format!("{base}/api/v1/duplicate/games/{game}/slips"),
                        token.clone(),
                    );
                    std::thread::spawn(move || {
                        for p in (1..=players).filter(|p| p % arbs == a) {
                            let body = slip_for(p as u32, turn, seed, &plays);
                            let sent = Instant::now();
                            let (s, v) = common::post(&c, &url, &token, &body);
                            assert_eq!(s, 200, "{body}: {v}");
                            let kind = if v["verdict"]["zero"].is_object() {
                                "zero"
                            } else if v["verdict"]["warnings"].as_u64().unwrap_or(0) > 0 {
                                "warning"
                            } else {
                                "scored"
                            };
                            results.lock().unwrap().push((
                                v["seq"].as_u64().unwrap(),
                                sent,
                                sent.elapsed(),
                                kind.to_owned(),
                            ));
                        }
                    })
                })
                .collect();
            handles.into_iter().for_each(|h| h.join().unwrap());
            let done = Instant::now();
            let rank = get(
                &chief,
                &format!("{base}/api/v1/duplicate/events/{event_id}/ranking"),
                Some(&token),
                true,
            );
            let ranked = Instant::now();
            assert_eq!(rank.0, 200);
            turn_slips_ms.push(ms(done - turn_start));
            let results = results.lock().unwrap();
            let last_sent = results.iter().map(|r| r.1).max().unwrap();
            last_to_ranking.push(ms(ranked - last_sent));
            for (seq, sent, took, kind) in results.iter() {
                slip_ms.push(ms(*took));
                *verdicts.entry(kind.clone()).or_default() += 1;
                if seq % 97 == 0 {
                    slip_sent.insert(*seq, *sent);
                }
            }
        }
        let (g, took) = cmd(json!({"type": "choose_top", "choice": 0}));
        top_api.push(ms(took));
        assert_eq!(g["phase"], "top_chosen");
        let sent = Instant::now();
        let (g, _) = cmd(json!({"type": "place_top"}));
        placed.insert(g["seq"].as_u64().unwrap(), sent);
        turn_log.push((g["seq"].as_u64().unwrap(), sent));
        eprintln!(
            "turn {turn}: slips {:.0} ms, last slip → ranking {:.1} ms, top {:.1} ms (generator {:.1} ms)",
            turn_slips_ms.last().copied().unwrap_or(0.0),
            last_to_ranking.last().copied().unwrap_or(0.0),
            top_api.last().unwrap(),
            top_gen.last().unwrap()
        );
    }
    let game_secs = game_started.elapsed().as_secs_f64();
    let cpu = (
        server.cpu_secs() - cpu_at_start.0,
        common::own_cpu_secs() - cpu_at_start.1,
    );
    let load_at_end = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    // Let the last reads finish.
    std::thread::sleep(Duration::from_secs(5));
    stop.send_replace(true);

    let mut sse_placed = Vec::new();
    let mut sse_slip = Vec::new();
    let mut ranking_read = Vec::new();
    let mut hall_read = Vec::new();
    // `reread`: where the subscriber's re-reads after a placed top go (none for the console,
    // whose placed-top frames are not counted with the hall's and the readers').
    let mut collect = |seen: &Seen, mut reread: Option<&mut Vec<f64>>| {
        for (seq, kind, at, done, _) in seen.lock().unwrap().iter() {
            if kind == "play_placed"
                && let Some(sent) = placed.get(seq)
                && let Some(reread) = reread.as_deref_mut()
            {
                sse_placed.push(ms(*at - *sent));
                if let Some(d) = done {
                    reread.push(ms(*d - *sent));
                }
            }
            if kind == "slip_recorded"
                && let Some(sent) = slip_sent.get(seq)
            {
                sse_slip.push(ms(*at - *sent));
            }
        }
    };
    collect(&hall, Some(&mut hall_read));
    let mut frames = 0usize;
    for r in &readers {
        frames += r.lock().unwrap().len();
        collect(r, Some(&mut ranking_read));
    }
    collect(&console, None);
    // The re-read alone, from the frame's arrival to the table read (where the time goes).
    let mut reread_alone: Vec<f64> = readers
        .iter()
        .flat_map(|r| {
            r.lock()
                .unwrap()
                .iter()
                .filter(|(seq, kind, ..)| kind == "play_placed" && placed.contains_key(seq))
                .filter_map(|(_, _, at, done, _)| done.map(|d| ms(d - *at)))
                .collect::<Vec<_>>()
        })
        .collect();
    let per_turn = frames as f64 / (o.readers.max(1) * turns.max(1)) as f64;
    // How the server found each re-read after a placed top (its `X-Arbiter-Kept`).
    let (kept, mut read_hit, mut read_other) = duplicate_clients::kept_split(&readers, &placed);
    let told = kept.iter().sum::<usize>().max(1);
    // Before the lines below sort the samples.
    let turns_text = duplicate_clients::turn_table(
        &duplicate_clients::per_turn(&readers, &turn_log),
        o.readers,
        &top_gen,
        &top_gen_min,
        &turn_rack,
    );

    let mut out = String::new();
    out.push_str(&format!(
        "{} backend, {} players, {} readers + 1 hall display + 1 console, {} arbitrator clients; {turns} turns in {game_secs:.1} s; verdicts {verdicts:?}\n\n",
        o.backend.name(),
        o.players,
        o.readers,
        o.arbitrators
    ));
    out.push_str(&format!(
        "Readers ({}) follow the ranking stream and re-read {} (gzip, If-None-Match): {} with a body, {} not modified (304); {per_turn:.2} frames per reader per turn. CPU during the game: server {:.1} s, bench client {:.1} s. Load average at the start: {}; at the end: {}.\n\n",
        if o.threaded_readers {
            "one OS thread each, blocking client".to_owned()
        } else {
            format!("one async client on {} thread(s)", o.reader_threads.max(1))
        },
        if o.reread_api { "the JSON ranking" } else { "the ranking page's table" },
        READ_FULL.load(std::sync::atomic::Ordering::Relaxed),
        READ_NOT_MODIFIED.load(std::sync::atomic::Ordering::Relaxed),
        cpu.0,
        cpu.1,
        load_at_start.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
        load_at_end.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    ));
    out.push_str(&format!(
        "Readers' connections for their re-reads: {} (one each at page load; more when the server closed a kept one).\n\n",
        duplicate_clients::readers::CONNECTS.load(std::sync::atomic::Ordering::Relaxed),
    ));
    out.push_str(&format!(
        "Readers' re-reads after a placed top, as the server found them (`X-Arbiter-Kept`): in memory {} ({:.1}%), in memory after waiting for a render under way {}, read against the database {}, not told {}.\n\n",
        kept[Kept::Hit as usize],
        100.0 * kept[Kept::Hit as usize] as f64 / told as f64,
        kept[Kept::Waited as usize],
        kept[Kept::Read as usize],
        kept[Kept::Unknown as usize],
    ));
    out.push_str("| what (ms) | n | p50 | p90 | p99 | max |\n|---|---:|---:|---:|---:|---:|\n");
    for l in [
        line("one slip, answer time", &mut slip_ms),
        line(
            "a turn's slips, first sent to last answered",
            &mut turn_slips_ms,
        ),
        line(
            "last slip sent → ranking read with it (target < 200)",
            &mut last_to_ranking,
        ),
        line(
            "top: move generator alone on the turn's position (target < 10)",
            &mut top_gen,
        ),
        line(
            "top: move generator alone, fastest of 3 runs (its own cost)",
            &mut top_gen_min.clone(),
        ),
        line(
            "top: referee's `choose_top` answer (target < 10)",
            &mut top_api,
        ),
        line(
            "top placed → SSE frame, hall + readers (target p99 < 200)",
            &mut sse_placed,
        ),
        line(
            "top placed → ranking re-read done, per reader (target p99 < 200)",
            &mut ranking_read,
        ),
        line(
            "… of which found in memory (`X-Arbiter-Kept: hit`)",
            &mut read_hit,
        ),
        line(
            "… of which not (waited for a render, or read the database)",
            &mut read_other,
        ),
        line(
            "frame → ranking re-read done, per reader (the re-read alone)",
            &mut reread_alone,
        ),
        line("top placed → hall's panel re-read done", &mut hall_read),
        line(
            "slip sent → its SSE frame, console (1 slip in 97)",
            &mut sse_slip,
        ),
    ] {
        out.push_str(&l);
        out.push('\n');
    }
    out.push_str(&turns_text);
    println!("{out}");
}
