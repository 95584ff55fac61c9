//! Duplicate benchmark (issue 16, "Speed"): a hall of N players (1,000) plays a full English
//! Duplicate game through the HTTP API of an in-process server (bench profile). Per turn the
//! referee draws, starts the turn, N slips are entered by arbitrator clients at once (most
//! find the top, some write wrong points, a misspelled word or another legal play), the top is
//! chosen and placed. Meanwhile a hall display and R ranking readers (1,000) follow the event's
//! SSE stream: the hall re-reads the game on every master change, the readers re-read the
//! ranking when a top is placed, as a browser does: gzip accepted, and `If-None-Match` with the
//! ETag of the ranking they hold (the server encodes the ranking once per change and serves it
//! from memory; an unchanged one answers 304).
//!
//! ```text
//! cargo bench --bench duplicate -- [--players 1000] [--readers 1000] [--arbitrators 16]
//!     [--backend sqlite|postgres] [--pg postgres://postgres@127.0.0.1:5432/test] [--seed 1]
//! ```
//!
//! Measured: each slip's answer time; from the last slip of a turn sent to the ranking read
//! with it (the target: < 200 ms); the top of a turn, both the move generator alone on the
//! turn's position and the referee's `choose_top` answer (< 10 ms); from a top placed (its
//! request sent) to each SSE subscriber's frame and to each reader's ranking (p99 < 200 ms).
//! Prints markdown for BENCHMARKS.md.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter::config::{Backend, DatabaseUrl, Settings};
use arbiter::rules::duplicate as dup;
use arbiter::rules::movegen::{Play, all_plays};
use diesel::prelude::*;
use serde_json::{Value, json};

struct Opts {
    players: usize,
    readers: usize,
    arbitrators: usize,
    backend: Backend,
    pg: String,
    seed: u64,
}

fn opts() -> Opts {
    let mut o = Opts {
        players: 1000,
        readers: 1000,
        arbitrators: 16,
        backend: Backend::Sqlite,
        pg: "postgres://postgres@127.0.0.1:5432/test".into(),
        seed: 1,
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
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    o
}

// ---------------------------------------------------------------- the database

struct Store {
    dir: std::path::PathBuf,
    url: DatabaseUrl,
    pg_admin: Option<(String, String)>,
}

impl Store {
    fn fresh(o: &Opts) -> Store {
        let tag = format!("{}_{}", std::process::id(), arbiter::auth::random_token(6));
        let dir = std::env::temp_dir().join(format!("arbiter_dup_{tag}"));
        std::fs::create_dir_all(&dir).unwrap();
        match o.backend {
            Backend::Sqlite => Store {
                url: DatabaseUrl::parse(&format!("sqlite://{}", dir.join("arbiter.db").display()))
                    .unwrap(),
                dir,
                pg_admin: None,
            },
            Backend::Postgres => {
                let name = format!("arbiter_dup_{}", tag.to_lowercase());
                let mut admin = PgConnection::establish(&o.pg).expect("connect to PostgreSQL");
                diesel::sql_query(format!("CREATE DATABASE {name}"))
                    .execute(&mut admin)
                    .unwrap();
                let after = o.pg.find("://").map_or(0, |i| i + 3);
                let base = match o.pg[after..].find('/') {
                    Some(i) => &o.pg[..after + i],
                    None => o.pg.as_str(),
                };
                Store {
                    url: DatabaseUrl::parse(&format!("{base}/{name}")).unwrap(),
                    dir,
                    pg_admin: Some((o.pg.clone(), name)),
                }
            }
        }
    }

    fn cleanup(&self) {
        if let Some((server, name)) = &self.pg_admin
            && let Ok(mut admin) = PgConnection::establish(server)
        {
            let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut admin);
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

// ---------------------------------------------------------------- HTTP

#[derive(Clone)]
struct Client {
    agent: ureq::Agent,
    base: String,
    token: Option<String>,
}

impl Client {
    fn new(base: &str, token: Option<String>, body_limit: Option<Duration>) -> Client {
        let limit = Some(Duration::from_secs(60));
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_connect(Some(Duration::from_secs(30)))
            .timeout_send_request(limit)
            .timeout_recv_response(limit)
            .timeout_recv_body(body_limit)
            .build();
        Client {
            agent: config.into(),
            base: base.to_owned(),
            token,
        }
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let mut req = self.agent.post(format!("{}{path}", self.base));
        if let Some(t) = &self.token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        match req.send_json(body) {
            Ok(mut r) => {
                let status = r.status().as_u16();
                let text = r.body_mut().read_to_string().unwrap_or_default();
                (
                    status,
                    serde_json::from_str(&text).unwrap_or(json!({"body": text})),
                )
            }
            Err(e) => (599, json!({"transport": e.to_string()})),
        }
    }

    /// A conditional GET as a browser re-reads: gzip, `If-None-Match` with the ETag held. Returns
    /// the status and the ETag to hold next.
    fn get_if_changed(&self, path: &str, etag: Option<&str>) -> (u16, Option<String>) {
        let mut req = self
            .agent
            .get(format!("{}{path}", self.base))
            .header("Accept-Encoding", "gzip");
        if let Some(t) = etag {
            req = req.header("If-None-Match", t);
        }
        match req.call() {
            Ok(mut r) => {
                let status = r.status().as_u16();
                let next = r
                    .headers()
                    .get("etag")
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned)
                    .or_else(|| etag.map(str::to_owned));
                let _ = r.body_mut().read_to_vec();
                (status, next)
            }
            Err(_) => (599, etag.map(str::to_owned)),
        }
    }

    /// GET; unparsed reads ask for gzip as browsers do and only count the bytes.
    fn get(&self, path: &str, parse: bool) -> (u16, Value) {
        let mut req = self.agent.get(format!("{}{path}", self.base));
        if let Some(t) = &self.token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        if !parse {
            req = req.header("Accept-Encoding", "gzip");
        }
        match req.call() {
            Ok(mut r) => {
                let status = r.status().as_u16();
                let bytes = r.body_mut().read_to_vec().unwrap_or_default();
                let v = if parse {
                    serde_json::from_slice(&bytes).unwrap_or(Value::Null)
                } else {
                    json!(bytes.len())
                };
                (status, v)
            }
            Err(e) => (599, json!({"transport": e.to_string()})),
        }
    }
}

fn start_arbiter(state: arbiter::web::AppState) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let server = arbiter::startup::run(listener, state).expect("server starts");
            let _ = server.await;
        })
    });
    let base = format!("http://127.0.0.1:{port}");
    let c = Client::new(&base, None, None);
    for _ in 0..400 {
        if c.get("/healthz", true).0 == 200 {
            return base;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    panic!("the server did not come up");
}

fn token(state: &arbiter::web::AppState, user: &arbiter::db::users::User) -> String {
    let now = chrono::Utc::now();
    let expires = now + chrono::Duration::hours(6);
    let sid = arbiter::auth::random_token(16);
    let mut conn = state.pool.get().unwrap();
    arbiter::db::sessions::insert(
        &mut conn,
        &arbiter::db::sessions::NewSession {
            id: &sid,
            user_id: user.id,
            created_at: now.naive_utc(),
            expires_at: expires.naive_utc(),
        },
    )
    .unwrap();
    let claims: arbiter::auth::Claims = serde_json::from_value(json!({
        "sub": user.id.to_string(),
        "uid": user.id,
        "name": user.username,
        "adm": user.is_admin,
        "sid": sid,
        "iat": now.timestamp(),
        "exp": expires.timestamp(),
    }))
    .unwrap();
    state.keys.issue(&claims).unwrap()
}

// ---------------------------------------------------------------- SSE subscribers

/// What one subscriber saw: (seq, kind, when the frame arrived, when its re-read ended).
type Seen = Arc<Mutex<Vec<(u64, String, Instant, Option<Instant>)>>>;

/// Readers' conditional re-reads answered with a body (200) and without (304).
static READ_FULL: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static READ_NOT_MODIFIED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Follows the event's stream. `reread` is fetched after a frame of a kind in `on` (with the
/// ETag last seen when `conditional`); slip frames are kept one in `sample` (a hall's thousand
/// slips per turn would fill memory).
fn subscribe(
    base: &str,
    event_id: i64,
    reread: String,
    on: &'static [&'static str],
    sample: u64,
    conditional: bool,
    ready: Arc<std::sync::Barrier>,
) -> Seen {
    let seen: Seen = Arc::default();
    let out = seen.clone();
    let base = base.to_owned();
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let c = Client::new(&base, None, None);
            let res = c
                .agent
                .get(format!("{base}/events/{event_id}/live"))
                .call()
                .unwrap();
            ready.wait();
            let mut etag: Option<String> = None;
            let reader = BufReader::new(res.into_body().into_reader());
            for line in reader.lines() {
                let Ok(line) = line else { break };
                let Some(data) = line.strip_prefix("data: ") else {
                    continue;
                };
                let at = Instant::now();
                let v: Value = serde_json::from_str(data).unwrap_or(Value::Null);
                let kind = v["kind"].as_str().unwrap_or_default().to_owned();
                let seq = v["seq"].as_u64().unwrap_or(0);
                if kind == "slip_recorded" && !seq.is_multiple_of(sample) {
                    continue;
                }
                let done = on.contains(&kind.as_str()).then(|| {
                    if conditional {
                        let (status, next) = c.get_if_changed(&reread, etag.as_deref());
                        let counter = if status == 304 {
                            &READ_NOT_MODIFIED
                        } else {
                            &READ_FULL
                        };
                        counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        etag = next;
                    } else {
                        c.get(&reread, false);
                    }
                    Instant::now()
                });
                out.lock().unwrap().push((seq, kind, at, done));
            }
        })
        .unwrap();
    seen
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
    let store = Store::fresh(&o);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| bench(&o, &store)));
    store.cleanup();
    std::process::exit(if result.is_err() { 1 } else { 0 });
}

#[allow(clippy::too_many_lines)]
fn bench(o: &Opts, store: &Store) {
    let settings = Settings {
        bind: "127.0.0.1:0".into(),
        data_dir: store.dir.clone(),
        database: store.url.clone(),
        secret: arbiter::auth::random_token(32).into_bytes(),
        session_hours: 6,
        pool_size: 16,
        sweeper: false,
        secure_cookies: false,
        timeouts: arbiter::config::Timeouts::default(),
    };
    let state = arbiter::startup::prepare(&settings).expect("server prepares");
    let base = start_arbiter(state.clone());
    let director = {
        let mut conn = state.pool.get().unwrap();
        let hash = arbiter::auth::hash_password("long-password-x").unwrap();
        arbiter::db::users::insert(
            &mut conn,
            &arbiter::db::users::NewUser {
                username: "director",
                password_hash: &hash,
                is_admin: true,
                created_at: chrono::Utc::now().naive_utc(),
            },
        )
        .unwrap()
    };
    let chief = Client::new(
        &base,
        Some(token(&state, &director)),
        Some(Duration::from_secs(60)),
    );
    let (s, ev) = chief.post(
        "/api/v1/duplicate/events",
        &json!({"name": "Bench hall", "english": true, "public": true}),
    );
    assert_eq!(s, 201, "{ev}");
    let event_id = ev["id"].as_i64().unwrap();
    let lexicon = ev["ruleset"]["lexicon"].as_str().unwrap().to_owned();
    let t = Instant::now();
    for n in 1..=o.players {
        let (s, b) = chief.post(
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
    let (s, g) = chief.post(
        &format!("/api/v1/duplicate/events/{event_id}/games"),
        &json!({}),
    );
    assert_eq!(s, 201, "{g}");
    let game = g["id"].as_i64().unwrap();
    let graph = arbiter::services::duplicate::graph(
        &state.lexicons,
        arbiter::vocab::EventId(event_id),
        &lexicon,
    )
    .unwrap();

    // The hall display and the ranking readers, subscribed before the game starts.
    let ready = Arc::new(std::sync::Barrier::new(o.readers + 2));
    let hall = subscribe(
        &base,
        event_id,
        format!("/api/v1/duplicate/games/{game}"),
        &["rack_drawn", "turn_started", "top_chosen", "play_placed"],
        97,
        false,
        ready.clone(),
    );
    let readers: Vec<Seen> = (0..o.readers)
        .map(|_| {
            subscribe(
                &base,
                event_id,
                format!("/api/v1/duplicate/events/{event_id}/ranking"),
                &["play_placed"],
                97,
                true,
                ready.clone(),
            )
        })
        .collect();
    ready.wait();
    eprintln!("{} subscribers connected", o.readers + 1);

    let cmd = |body: Value| -> (Value, Duration) {
        let t = Instant::now();
        let (s, v) = chief.post(&format!("/api/v1/duplicate/games/{game}/commands"), &body);
        assert_eq!(s, 200, "{body}: {v}");
        (v, t.elapsed())
    };
    let mut slip_ms = Vec::new();
    let mut last_to_ranking = Vec::new();
    let mut turn_slips_ms = Vec::new();
    let mut top_api = Vec::new();
    let mut top_gen = Vec::new();
    let mut placed: HashMap<u64, Instant> = HashMap::new();
    let mut slip_sent: HashMap<u64, Instant> = HashMap::new();
    let mut verdicts: HashMap<String, usize> = HashMap::new();
    let mut turns = 0;
    let game_started = Instant::now();
    loop {
        let (g, _) = cmd(json!({"type": "draw"}));
        if g["phase"] == "ended" {
            break;
        }
        turns += 1;
        let turn = g["turn"].as_u64().unwrap() as u32;
        cmd(json!({"type": "start_turn"}));
        // The turn's position, read in process: the move generator alone, timed, and the
        // plays the slips are made of (not timed).
        let (_, st) = {
            let mut conn = state.pool.get().unwrap();
            arbiter::services::duplicate::state(
                &mut conn,
                &state.desk,
                arbiter::vocab::DuplicateGameId(game),
            )
            .unwrap()
        };
        let (set, notation) = (
            st.set.clone().unwrap(),
            st.ruleset.clone().unwrap().notation,
        );
        let rack = st.rack().unwrap();
        let t = Instant::now();
        let tops = dup::tops(&graph, &set, &st.board, &rack, notation);
        top_gen.push(ms(t.elapsed()));
        let mut plays: Vec<(String, String, u32)> = Vec::new();
        if let Some(top) = tops.first() {
            let all = all_plays(&graph, &set, &st.board, &rack);
            let best = all
                .iter()
                .find(|p| {
                    p.score() == top.score
                        && arbiter::rules::notation::gcg_position(p.start(), p.direction())
                            == top.position
                        && p.gcg_word() == top.word
                })
                .unwrap_or(&all[0]);
            plays.push((top.reference.clone(), slip_word(best, &st.board), top.score));
            for p in all
                .iter()
                .filter(|p| {
                    !st.board.is_empty()
                        || p.direction() == arbiter::rules::board::Direction::Across
                })
                .step_by(7)
                .take(40)
            {
                plays.push((
                    dup::reference(notation, p.start(), p.direction()),
                    slip_word(p, &st.board),
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
                    std::thread::spawn(move || {
                        for p in (1..=players).filter(|p| p % arbs == a) {
                            let body = slip_for(p as u32, turn, seed, &plays);
                            let sent = Instant::now();
                            let (s, v) =
                                c.post(&format!("/api/v1/duplicate/games/{game}/slips"), &body);
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
            let rank = chief.get(
                &format!("/api/v1/duplicate/events/{event_id}/ranking"),
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
        eprintln!(
            "turn {turn}: slips {:.0} ms, last slip → ranking {:.1} ms, top {:.1} ms (generator {:.1} ms)",
            turn_slips_ms.last().copied().unwrap_or(0.0),
            last_to_ranking.last().copied().unwrap_or(0.0),
            top_api.last().unwrap(),
            top_gen.last().unwrap()
        );
    }
    let game_secs = game_started.elapsed().as_secs_f64();
    // Let the last reads finish.
    std::thread::sleep(Duration::from_secs(5));

    let mut sse_placed = Vec::new();
    let mut sse_slip = Vec::new();
    let mut ranking_read = Vec::new();
    let mut hall_read = Vec::new();
    let mut collect = |seen: &Seen, reread: &mut Vec<f64>| {
        for (seq, kind, at, done) in seen.lock().unwrap().iter() {
            if kind == "play_placed"
                && let Some(sent) = placed.get(seq)
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
    collect(&hall, &mut hall_read);
    for r in &readers {
        collect(r, &mut ranking_read);
    }

    let mut out = String::new();
    out.push_str(&format!(
        "{} backend, {} players, {} readers + 1 hall display, {} arbitrator clients; {turns} turns in {game_secs:.1} s; verdicts {verdicts:?}\n\n",
        o.backend.name(),
        o.players,
        o.readers,
        o.arbitrators
    ));
    out.push_str(&format!(
        "Readers' ranking re-reads (gzip, If-None-Match): {} with a body, {} not modified (304).\n\n",
        READ_FULL.load(std::sync::atomic::Ordering::Relaxed),
        READ_NOT_MODIFIED.load(std::sync::atomic::Ordering::Relaxed)
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
        line("top placed → hall's game re-read done", &mut hall_read),
        line("slip sent → its SSE frame (1 slip in 97)", &mut sse_slip),
    ] {
        out.push_str(&l);
        out.push('\n');
    }
    println!("{out}");
}
