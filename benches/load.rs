//! Load benchmark: N tables play full team matches at once through the HTTP API, with PIC
//! clients ruling the challenges and standings readers polling, against an in-process server in
//! the bench (release) profile. Measured in the same run for comparison: the raw rate of
//! single-row diesel commits on the same database and pool, and a bare actix-web handler's rate
//! under the same client code and concurrency. Then a standings phase: 1,000 teams × 15 rounds of
//! finished matches seeded through the services layer, and the standings endpoint hammered.
//!
//! ```text
//! cargo bench --bench load -- [--tables 200] [--backend sqlite|postgres] [--seconds 30]
//!     [--pace-ms 1000] [--pics tables/10, at least 4] [--readers 16] [--standings-teams 1000] [--rounds 15]
//!     [--standings-clients 64] [--pg postgres://postgres@127.0.0.1:5432/test] [--no-write]
//! ```
//!
//! Every phase has a count bound and a time bound; the bench stops by itself. Results are
//! printed as markdown and written into BENCHMARKS.md, section "Load" (one block per backend and
//! table count, replaced on a rerun).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::net::TcpListener;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter::config::{Backend, DatabaseUrl, Settings};
use arbiter::db::DbConn;
use arbiter::rules::game::{ChallengeKind, Command, Status, TurnAction, View};
use arbiter::services::matches::{self as svc, CommandRequest, NewMatchRequest, SideSpec};
use arbiter::vocab::{EventId, Role, TeamId, UserId};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use serde_json::{Value, json};

// ---------------------------------------------------------------- options

#[derive(Debug, Clone)]
struct Opts {
    tables: usize,
    backend: Backend,
    seconds: u64,
    pace_ms: u64,
    pics: usize,
    readers: usize,
    read_ms: u64,
    standings_teams: usize,
    rounds: usize,
    standings_clients: usize,
    standings_seconds: u64,
    raw_seconds: u64,
    pg: String,
    write: bool,
    seed: u64,
}

fn opts() -> Opts {
    let mut o = Opts {
        tables: 200,
        backend: Backend::Sqlite,
        seconds: 30,
        pace_ms: 1000,
        // 0: one PIC per ten tables (at least 4), set after the arguments are read.
        pics: 0,
        readers: 16,
        read_ms: 250,
        standings_teams: 1000,
        rounds: 15,
        standings_clients: 64,
        standings_seconds: 10,
        raw_seconds: 5,
        pg: std::env::var("ARBITER_TEST_DATABASE")
            .ok()
            .filter(|u| u.starts_with("postgres"))
            .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/test".into()),
        write: true,
        seed: 7,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let val = args.get(i + 1).cloned().unwrap_or_default();
        let num = || -> u64 {
            val.parse()
                .unwrap_or_else(|_| panic!("{} needs a number, got {val:?}", args[i]))
        };
        let mut takes_value = true;
        match args[i].as_str() {
            "--tables" => o.tables = num() as usize,
            "--backend" => {
                o.backend = match val.as_str() {
                    "sqlite" => Backend::Sqlite,
                    "postgres" | "pg" => Backend::Postgres,
                    other => panic!("--backend sqlite|postgres, not {other:?}"),
                }
            }
            "--seconds" => o.seconds = num(),
            "--pace-ms" => o.pace_ms = num(),
            "--pics" => o.pics = num().max(1) as usize,
            "--readers" => o.readers = num() as usize,
            "--read-ms" => o.read_ms = num(),
            "--standings-teams" => o.standings_teams = (num() as usize).max(2) / 2 * 2,
            "--rounds" => o.rounds = num() as usize,
            "--standings-clients" => o.standings_clients = num().max(1) as usize,
            "--standings-seconds" => o.standings_seconds = num(),
            "--raw-seconds" => o.raw_seconds = num(),
            "--pg" => o.pg = val.clone(),
            "--seed" => o.seed = num(),
            "--no-write" => {
                o.write = false;
                takes_value = false;
            }
            // `cargo bench` adds `--bench`; anything else unknown is ignored too.
            _ => takes_value = false,
        }
        i += if takes_value { 2 } else { 1 };
    }
    if o.pics == 0 {
        // A hall has a PIC for every ten or so tables; with too few, tables wait on rulings
        // and the phase measures the PICs' patience rather than the server.
        o.pics = (o.tables / 10).max(4);
    }
    o
}

// ---------------------------------------------------------------- database

/// A fresh database for this run: a SQLite file in a temporary directory, or a PostgreSQL
/// database made on the server and dropped at the end.
struct Store {
    dir: std::path::PathBuf,
    url: DatabaseUrl,
    pg_admin: Option<(String, String)>,
}

impl Store {
    fn fresh(o: &Opts) -> Store {
        let tag = format!("{}_{}", std::process::id(), arbiter::auth::random_token(6));
        let dir = std::env::temp_dir().join(format!("arbiter_load_{tag}"));
        std::fs::create_dir_all(&dir).unwrap();
        match o.backend {
            Backend::Sqlite => Store {
                url: DatabaseUrl::parse(&format!("sqlite://{}", dir.join("arbiter.db").display()))
                    .unwrap(),
                dir,
                pg_admin: None,
            },
            Backend::Postgres => {
                let name = format!("arbiter_load_{}", tag.to_lowercase());
                let mut admin = PgConnection::establish(&o.pg).expect("connect to PostgreSQL");
                diesel::sql_query(format!("CREATE DATABASE {name}"))
                    .execute(&mut admin)
                    .unwrap();
                let after_scheme = o.pg.find("://").map_or(0, |i| i + 3);
                let base = match o.pg[after_scheme..].find('/') {
                    Some(i) => &o.pg[..after_scheme + i],
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

diesel::table! {
    bench_scratch (id) {
        id -> BigInt,
        v -> Text,
    }
}

/// Single-row commits on the same database through the same pool set-up, `writers` threads.
/// One-row commits per second by `writers` threads. `relaxed` turns off the per-commit sync
/// (SQLite `synchronous = NORMAL`, PostgreSQL `synchronous_commit = off`): a reference only, the
/// server does not run that way.
fn raw_commit_rate(url: &DatabaseUrl, writers: usize, seconds: u64, relaxed: bool) -> f64 {
    let pool = arbiter::db::build_pool(url, writers as u32);
    let ddl = match url.backend() {
        Backend::Sqlite => {
            "CREATE TABLE IF NOT EXISTS bench_scratch (id INTEGER PRIMARY KEY, v TEXT NOT NULL)"
        }
        Backend::Postgres => {
            "CREATE TABLE IF NOT EXISTS bench_scratch (id BIGSERIAL PRIMARY KEY, v TEXT NOT NULL)"
        }
    };
    pool.get().unwrap().batch_execute(ddl).unwrap();
    let count = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    let handles: Vec<_> = (0..writers)
        .map(|_| {
            let (pool, count) = (pool.clone(), count.clone());
            std::thread::spawn(move || {
                let mut conn = pool.get().unwrap();
                if relaxed {
                    match conn.backend() {
                        Backend::Postgres => conn.batch_execute("SET synchronous_commit = off"),
                        Backend::Sqlite => conn.batch_execute("PRAGMA synchronous = NORMAL"),
                    }
                    .unwrap();
                }
                for _ in 0..10_000_000u64 {
                    if Instant::now() >= deadline {
                        break;
                    }
                    conn.write_tx(|c: &mut DbConn| {
                        diesel::insert_into(bench_scratch::table)
                            .values(bench_scratch::v.eq("a row of about the size of an event"))
                            .execute(c)
                    })
                    .unwrap();
                    count.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    count.load(Ordering::Relaxed) as f64 / start.elapsed().as_secs_f64()
}

// ---------------------------------------------------------------- HTTP client

/// A blocking client: one keep-alive connection per thread, like a tablet.
#[derive(Clone)]
struct Client {
    agent: ureq::Agent,
    base: String,
    token: Option<String>,
}

impl Client {
    fn new(base: &str, token: Option<String>) -> Client {
        // Timeouts per phase, not a global one: with a global (or resolve) timeout ureq resolves
        // every request's host on a new thread, and thousands of threads started and stopped per
        // second in the server's own process cost it more than the requests did.
        let limit = Some(Duration::from_secs(30));
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_connect(Some(Duration::from_secs(10)))
            .timeout_send_request(limit)
            .timeout_recv_response(limit)
            .timeout_recv_body(limit)
            .build();
        Client {
            agent: config.into(),
            base: base.to_owned(),
            token,
        }
    }

    fn finish(
        res: Result<ureq::http::Response<ureq::Body>, ureq::Error>,
        parse: bool,
    ) -> (u16, Value) {
        match res {
            Ok(mut r) => {
                let status = r.status().as_u16();
                let text = r.body_mut().read_to_string().unwrap_or_default();
                let v = if parse {
                    serde_json::from_str(&text).unwrap_or(Value::Null)
                } else {
                    Value::Null
                };
                (status, v)
            }
            Err(e) => (599, json!({"transport": e.to_string()})),
        }
    }

    /// GET. Unparsed reads ask for gzip, as every browser does, and count the bytes as sent
    /// (a poller that does not parse the body has no reason to inflate it); parsed ones ask for
    /// plain JSON.
    fn get(&self, path: &str, parse: bool) -> (u16, Value) {
        let mut req = self.agent.get(format!("{}{path}", self.base));
        if let Some(t) = &self.token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        if parse {
            return Self::finish(req.call(), true);
        }
        match req.header("Accept-Encoding", "gzip").call() {
            Ok(mut r) => {
                let _ = r.body_mut().read_to_vec();
                (r.status().as_u16(), Value::Null)
            }
            Err(e) => (599, json!({"transport": e.to_string()})),
        }
    }

    /// A body's size plain and gzip-compressed, checking that the compressed one inflates to
    /// the same bytes.
    fn sizes(&self, path: &str) -> (usize, usize) {
        use std::io::Read;
        let url = format!("{}{path}", self.base);
        let plain = self
            .agent
            .get(&url)
            .call()
            .unwrap()
            .body_mut()
            .read_to_vec()
            .unwrap();
        let mut res = self
            .agent
            .get(&url)
            .header("Accept-Encoding", "gzip")
            .call()
            .unwrap();
        let gzip = res.body_mut().read_to_vec().unwrap();
        let mut inflated = Vec::new();
        if res
            .headers()
            .get("content-encoding")
            .is_some_and(|v| v == "gzip")
        {
            flate2::read::GzDecoder::new(&gzip[..])
                .read_to_end(&mut inflated)
                .unwrap();
            assert!(inflated == plain, "the gzip body inflates to the plain one");
        }
        (plain.len(), gzip.len())
    }

    /// Sends a match command; on 200, the match as the answer leaves it (parsed straight into
    /// the typed view, as a tablet would, rather than through a JSON tree).
    fn command(&self, path: &str, body: &Value) -> (u16, Result<View, String>) {
        #[derive(serde::Deserialize)]
        struct Answered {
            state: View,
        }
        let mut req = self.agent.post(format!("{}{path}", self.base));
        if let Some(t) = &self.token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        match req.send_json(body) {
            Ok(mut r) => {
                let status = r.status().as_u16();
                let text = r.body_mut().read_to_string().unwrap_or_default();
                if status == 200 {
                    match serde_json::from_str::<Answered>(&text) {
                        Ok(a) => (status, Ok(a.state)),
                        Err(e) => (status, Err(format!("{e}: {text}"))),
                    }
                } else {
                    (status, Err(text))
                }
            }
            Err(e) => (599, Err(e.to_string())),
        }
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let mut req = self.agent.post(format!("{}{path}", self.base));
        if let Some(t) = &self.token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        Self::finish(req.send_json(body), true)
    }
}

/// Latency samples by action, in microseconds.
#[derive(Default)]
struct Samples(BTreeMap<String, Vec<u32>>);

impl Samples {
    fn add(&mut self, kind: &str, d: Duration) {
        self.0
            .entry(kind.to_owned())
            .or_default()
            .push(d.as_micros().min(u32::MAX as u128) as u32);
    }
    fn merge(&mut self, other: Samples) {
        for (k, mut v) in other.0 {
            self.0.entry(k).or_default().append(&mut v);
        }
    }
}

fn pct(sorted: &[u32], p: usize) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[(sorted.len() - 1) * p / 100] as f64 / 1000.0
}

/// Closed loop: `clients` threads GET `path` back to back for `seconds`.
fn hammer(base: &str, path: &str, clients: usize, seconds: u64, token: Option<String>) -> Run {
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    let handles: Vec<_> = (0..clients)
        .map(|_| {
            let c = Client::new(base, token.clone());
            let path = path.to_owned();
            std::thread::spawn(move || {
                let mut s = Samples::default();
                let mut errors = 0u64;
                for _ in 0..100_000_000u64 {
                    if Instant::now() >= deadline {
                        break;
                    }
                    let t = Instant::now();
                    let (status, _) = c.get(&path, false);
                    if status != 200 {
                        errors += 1;
                    }
                    s.add("get", t.elapsed());
                }
                (s, errors)
            })
        })
        .collect();
    let mut all = Samples::default();
    let mut errors = 0;
    for h in handles {
        let (s, e) = h.join().unwrap();
        all.merge(s);
        errors += e;
    }
    Run {
        elapsed: start.elapsed(),
        samples: all,
        errors,
        ..Run::default()
    }
}

#[derive(Default)]
struct Run {
    elapsed: Duration,
    samples: Samples,
    errors: u64,
    matches_finished: u64,
    error_examples: Vec<String>,
}

impl Run {
    fn count(&self, f: impl Fn(&str) -> bool) -> usize {
        self.samples
            .0
            .iter()
            .filter(|(k, _)| f(k))
            .map(|(_, v)| v.len())
            .sum()
    }
    fn rate(&self, f: impl Fn(&str) -> bool) -> f64 {
        self.count(f) as f64 / self.elapsed.as_secs_f64()
    }
}

// ---------------------------------------------------------------- servers

fn start_bare() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            use actix_web::{App, HttpServer, web};
            let server = HttpServer::new(|| {
                App::new().route("/", web::get().to(|| async { "{\"ok\":true}" }))
            })
            .listen(listener)
            .unwrap()
            .run();
            let _ = server.await;
        })
    });
    format!("http://127.0.0.1:{port}")
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
    let c = Client::new(&base, None);
    for _ in 0..200 {
        if c.get("/healthz", false).0 == 200 {
            return base;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    panic!("the server did not come up");
}

// ---------------------------------------------------------------- set-up through the db layer

struct Setup {
    event_id: EventId,
    /// Team ids, two per table.
    teams: Vec<TeamId>,
    director: Client,
    committee: Client,
    pic: Client,
    tables: Vec<Client>,
}

fn token(state: &arbiter::web::AppState, user: &arbiter::db::users::User) -> String {
    let now = chrono::Utc::now();
    let expires = now + chrono::Duration::hours(6);
    // A token is honoured only while its server-side session is open: open one, as sign-in does.
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
    // Through serde, so fields the claims gain later with a default need no change here.
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

fn new_user(conn: &mut DbConn, name: &str, hash: &str, admin: bool) -> arbiter::db::users::User {
    arbiter::db::users::insert(
        conn,
        &arbiter::db::users::NewUser {
            username: name,
            password_hash: hash,
            is_admin: admin,
            created_at: chrono::Utc::now().naive_utc(),
        },
    )
    .unwrap()
}

fn grant(conn: &mut DbConn, user: UserId, role: Role, event: EventId, table: Option<i32>) {
    arbiter::db::users::grant(
        conn,
        &arbiter::db::users::NewRoleGrant {
            user_id: user,
            role,
            event_id: Some(event),
            team_id: None,
            table_no: table,
            granted_by: None,
            created_at: chrono::Utc::now().naive_utc(),
            division_id: None,
        },
    )
    .unwrap();
}

/// An event with 2 teams per table, one table-device account per table, a PIC, a committee
/// member and a director, made through the db and services layers (not measured).
fn set_up(state: &arbiter::web::AppState, base: &str, tables: usize, name: &str) -> Setup {
    let mut conn = state.pool.get().unwrap();
    let hash = arbiter::auth::hash_password("load-bench-password").unwrap();
    let director = new_user(&mut conn, &format!("{name}-director"), &hash, true);
    let ev = arbiter::services::events::create_event(
        &mut conn,
        state.clock.now(),
        director.id,
        &serde_json::from_value(json!({"name": name, "ruleset": {"preset": "team-2v2"}})).unwrap(),
    )
    .unwrap();
    let teams = make_teams(&mut conn, state.clock.now(), ev.id, tables * 2);
    let (pic, committee, table_users) = conn
        .write_tx(|c: &mut DbConn| {
            let pic = new_user(c, &format!("{name}-pic"), &hash, false);
            grant(c, pic.id, Role::Pic, ev.id, None);
            let committee = new_user(c, &format!("{name}-committee"), &hash, false);
            grant(c, committee.id, Role::Committee, ev.id, None);
            let mut users = Vec::new();
            for t in 1..=tables {
                let u = new_user(c, &format!("{name}-table{t}"), &hash, false);
                grant(c, u.id, Role::Table, ev.id, Some(t as i32));
                users.push(u);
            }
            Ok::<_, diesel::result::Error>((pic, committee, users))
        })
        .unwrap();
    let client = |u: &arbiter::db::users::User| Client::new(base, Some(token(state, u)));
    Setup {
        event_id: ev.id,
        teams,
        director: client(&director),
        committee: client(&committee),
        pic: client(&pic),
        tables: table_users.iter().map(client).collect(),
    }
}

fn make_teams(
    conn: &mut DbConn,
    now: chrono::DateTime<chrono::Utc>,
    event_id: EventId,
    n: usize,
) -> Vec<TeamId> {
    let at = now.naive_utc();
    conn.write_tx(|c: &mut DbConn| {
        let mut ids = Vec::new();
        for i in 0..n {
            let team = arbiter::db::events::insert_team(c, event_id, &format!("Team {i:04}"), at)?;
            arbiter::db::events::insert_player(c, team.id, &format!("P{i} one"), 1, true, at)?;
            arbiter::db::events::insert_player(c, team.id, &format!("P{i} two"), 2, false, at)?;
            ids.push(team.id);
        }
        Ok::<_, diesel::result::Error>(ids)
    })
    .unwrap()
}

// ---------------------------------------------------------------- the table script

#[path = "../tests/support/rng.rs"]
mod rng;
use rng::Rng;

const WORDS: [&str; 12] = [
    "QI", "ZA", "CAT", "JINX", "OXEN", "QUIZ", "ZOEAE", "AXE", "FJORD", "LYNX", "WAXY", "VEX",
];

/// A ruling the table waits for.
struct PicJob {
    match_id: i64,
    challenge: u64,
    score: bool,
    expected_seq: u64,
    reply: mpsc::Sender<Option<View>>,
}

/// The next table command after `v` (the PIC's rulings are sent by PIC threads).
fn table_command(v: &View, rng: &mut Rng, challenged: &mut Option<u32>) -> Option<Value> {
    match v.status {
        Status::Created => {
            let first = if rng.chance(50) { "a" } else { "b" };
            return Some(json!({"type": "start", "first": first}));
        }
        Status::Ended => {
            if v.objection_window.is_some() {
                return Some(json!({"type": "accept"}));
            }
            if v.result.is_none() {
                let racks: BTreeMap<String, u64> = v
                    .order
                    .iter()
                    .filter(|s| v.racks.get(s).copied().unwrap_or(0) > 0)
                    .map(|s| (s.to_string(), rng.range(1, 15)))
                    .collect();
                return Some(json!({"type": "adjust_racks", "racks": racks}));
            }
            return None;
        }
        Status::InProgress => {}
        _ => return None,
    }
    if let Some(w) = &v.objection_window
        && *challenged != Some(w.turn)
        && let Some(seat) = w.seat
        && let Some(TurnAction::Play { words, .. }) =
            v.turns.get(w.turn as usize).map(|t| &t.action)
    {
        let opp = if seat.to_string().starts_with('A') {
            ["B1", "B2"]
        } else {
            ["A1", "A2"]
        };
        let by = opp[rng.range(0, 1) as usize];
        if rng.chance(8) {
            *challenged = Some(w.turn);
            return Some(json!({"type": "challenge_word", "by": by, "words": [&words[0]]}));
        }
        if rng.chance(5) {
            *challenged = Some(w.turn);
            return Some(json!({"type": "challenge_score", "by": by}));
        }
    }
    let seat = v.seat_to_move?;
    let rack = u64::from(v.racks.get(&seat).copied().unwrap_or(0));
    let bag = u64::from(v.bag.unwrap_or(0));
    let roll = rng.range(0, 99);
    if rack == 0 || roll < 6 {
        return Some(json!({"type": "pass"}));
    }
    if roll < 10 && bag >= 11 && rack >= 4 {
        return Some(json!({"type": "exchange", "tiles": "EEEI"}));
    }
    // Late in the game, a player goes out.
    let tiles = if bag == 0 && rack <= 5 {
        rack
    } else if rack == 1 {
        1
    } else {
        rng.range(2, rack.min(5))
    };
    let word = WORDS[rng.range(0, WORDS.len() as u64 - 1) as usize];
    Some(json!({"type": "play", "words": [word], "tiles": tiles, "declared": rng.range(4, 80)}))
}

fn command_kind(cmd: &Value) -> String {
    cmd["type"].as_str().unwrap_or("?").to_owned()
}

struct TableCtx {
    table: usize,
    base_teams: (TeamId, TeamId),
    event_id: EventId,
    client: Client,
    director: Client,
    committee: Client,
    pics: mpsc::Sender<PicJob>,
    deadline: Instant,
    pace_ms: u64,
    rng: Rng,
}

/// Plays matches at one table until the deadline (or 100 matches): create, start, turns,
/// challenges sent to the PIC queue, the end and the racks, or a disqualification.
fn run_table(mut t: TableCtx) -> Run {
    let mut run = Run::default();
    let mut key = 0u64;
    'matches: for round in 1..=100 {
        if Instant::now() >= t.deadline {
            break;
        }
        let start = Instant::now();
        let (status, m) = t.director.post(
            "/api/v1/matches",
            &json!({"event_id": t.event_id, "round": round, "table": t.table,
                    "side_a": {"team_id": t.base_teams.0}, "side_b": {"team_id": t.base_teams.1}}),
        );
        run.samples.add("create_match", start.elapsed());
        if status != 201 {
            run.errors += 1;
            run.error_examples.push(format!("create {status}: {m}"));
            break;
        }
        let id = m["id"].as_i64().unwrap();
        let path = format!("/api/v1/matches/{id}/commands");
        let mut view: View = serde_json::from_value(m.clone()).unwrap();
        let mut challenged = None;
        let dq_at = t.rng.chance(3).then(|| t.rng.range(5, 40));
        for n in 0..400u64 {
            if Instant::now() >= t.deadline {
                break 'matches;
            }
            if t.pace_ms > 0 {
                let ms = t.rng.range(t.pace_ms / 2, t.pace_ms * 3 / 2);
                std::thread::sleep(Duration::from_millis(ms));
            }
            let (client, cmd) = if dq_at == Some(n) {
                let side = if t.rng.chance(50) { "a" } else { "b" };
                (
                    &t.committee,
                    json!({"type": "disqualify", "side": side, "reason": "phone at the table"}),
                )
            } else {
                match table_command(&view, &mut t.rng, &mut challenged) {
                    Some(c) => (&t.client, c),
                    None => break,
                }
            };
            key += 1;
            let kind = command_kind(&cmd);
            let body = json!({"idempotency_key": format!("t{}-{key}", t.table),
                              "expected_seq": view.last_seq, "command": cmd});
            let start = Instant::now();
            let (status, v) = client.command(&path, &body);
            run.samples.add(&kind, start.elapsed());
            match v {
                Ok(v) if status == 200 => view = v,
                Ok(_) | Err(_) => {
                    run.errors += 1;
                    if run.error_examples.len() < 3 {
                        run.error_examples
                            .push(format!("{kind} {status}: {v:?} after {:?}", view.status));
                    }
                    continue 'matches;
                }
            }
            // A challenge waits for the PIC.
            if let Some(c) = view.open_challenges.first() {
                let (tx, rx) = mpsc::channel();
                let job = PicJob {
                    match_id: id,
                    challenge: c.id,
                    score: c.kind == ChallengeKind::Score,
                    expected_seq: view.last_seq,
                    reply: tx,
                };
                t.pics.send(job).unwrap();
                match rx.recv_timeout(Duration::from_secs(30)) {
                    Ok(Some(v)) => view = v,
                    _ => continue 'matches,
                }
            }
        }
        if view.status == Status::Finished {
            run.matches_finished += 1;
        }
    }
    run
}

fn run_pic(
    client: Client,
    jobs: Arc<Mutex<mpsc::Receiver<PicJob>>>,
    until: Instant,
    seed: u64,
) -> Run {
    let mut run = Run::default();
    let mut rng = Rng(seed);
    let mut key = 0;
    while Instant::now() < until {
        let job = {
            let rx = jobs.lock().unwrap();
            rx.recv_timeout(Duration::from_millis(50))
        };
        let job = match job {
            Ok(job) => job,
            Err(mpsc::RecvTimeoutError::Timeout) => continue,
            // Every table has stopped.
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        };
        key += 1;
        let (kind, cmd) = if job.score {
            (
                "rule_score",
                json!({"type": "rule_score", "challenge": job.challenge, "actual": rng.range(0, 60)}),
            )
        } else {
            (
                "rule_word",
                json!({"type": "rule_word", "challenge": job.challenge, "valid": rng.chance(70)}),
            )
        };
        let body = json!({"idempotency_key": format!("pic{seed}-{key}"),
                          "expected_seq": job.expected_seq, "command": cmd});
        let start = Instant::now();
        let (status, v) =
            client.command(&format!("/api/v1/matches/{}/commands", job.match_id), &body);
        run.samples.add(kind, start.elapsed());
        match v {
            Ok(v) if status == 200 => {
                let _ = job.reply.send(Some(v));
            }
            Ok(_) | Err(_) => {
                run.errors += 1;
                if run.error_examples.len() < 3 {
                    run.error_examples.push(format!("{kind} {status}: {v:?}"));
                }
                let _ = job.reply.send(None);
            }
        }
    }
    run
}

fn run_reader(base: &str, path: String, until: Instant, every: Duration) -> Run {
    let c = Client::new(base, None);
    let mut run = Run::default();
    // Let the first matches exist before polling them.
    std::thread::sleep(Duration::from_millis(500));
    for _ in 0..1_000_000u64 {
        if Instant::now() >= until {
            break;
        }
        let start = Instant::now();
        let (status, v) = c.get(&path, false);
        run.samples.add("read (poll)", start.elapsed());
        if status != 200 {
            run.errors += 1;
            if run.error_examples.len() < 3 {
                run.error_examples.push(format!("{path} {status}: {v}"));
            }
        }
        std::thread::sleep(every);
    }
    run
}

/// One load phase: every table plays at once, PICs rule, readers poll.
fn load_phase(o: &Opts, base: &str, setup: &Setup, pace_ms: u64, read_path: &str) -> Run {
    let start = Instant::now();
    let deadline = start + Duration::from_secs(o.seconds);
    let (tx, rx) = mpsc::channel::<PicJob>();
    let rx = Arc::new(Mutex::new(rx));
    let pics: Vec<_> = (0..o.pics)
        .map(|i| {
            let (c, rx) = (setup.pic.clone(), rx.clone());
            let until = deadline + Duration::from_secs(2);
            let seed = o.seed * 1000 + i as u64;
            std::thread::spawn(move || run_pic(c, rx, until, seed))
        })
        .collect();
    let readers: Vec<_> = (0..o.readers)
        .map(|_| {
            let (base, path) = (base.to_owned(), read_path.to_owned());
            let every = Duration::from_millis(o.read_ms);
            std::thread::spawn(move || run_reader(&base, path, deadline, every))
        })
        .collect();
    let tables: Vec<_> = (0..o.tables)
        .map(|i| {
            let ctx = TableCtx {
                table: i + 1,
                base_teams: (setup.teams[2 * i], setup.teams[2 * i + 1]),
                event_id: setup.event_id,
                client: setup.tables[i].clone(),
                director: setup.director.clone(),
                committee: setup.committee.clone(),
                pics: tx.clone(),
                deadline,
                pace_ms,
                rng: Rng(o.seed ^ ((i as u64 + 1) << 20) ^ pace_ms),
            };
            std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || run_table(ctx))
                .unwrap()
        })
        .collect();
    drop(tx);
    let mut all = Run::default();
    for h in tables {
        absorb(h.join().unwrap(), &mut all);
    }
    all.elapsed = start.elapsed();
    for h in pics.into_iter().chain(readers) {
        absorb(h.join().unwrap(), &mut all);
    }
    all
}

fn absorb(r: Run, all: &mut Run) {
    all.samples.merge(r.samples);
    all.errors += r.errors;
    all.matches_finished += r.matches_finished;
    for e in r.error_examples {
        if all.error_examples.len() < 8 {
            all.error_examples.push(e);
        }
    }
}

// ---------------------------------------------------------------- standings phase

/// Seeds `teams` teams and `rounds` rounds of finished matches (scores, racks, a result)
/// through the services layer, on `threads` connections.
fn seed_standings(
    state: &arbiter::web::AppState,
    o: &Opts,
    threads: usize,
) -> (EventId, usize, Duration) {
    let start = Instant::now();
    let mut conn = state.pool.get().unwrap();
    let hash = arbiter::auth::hash_password("load-bench-password").unwrap();
    let director = new_user(&mut conn, "standings-director", &hash, true);
    let ev = arbiter::services::events::create_event(
        &mut conn,
        state.clock.now(),
        director.id,
        &serde_json::from_value(
            json!({"name": "Standings cup", "ruleset": {"preset": "team-2v2"}}),
        )
        .unwrap(),
    )
    .unwrap();
    let teams = Arc::new(make_teams(
        &mut conn,
        state.clock.now(),
        ev.id,
        o.standings_teams,
    ));
    drop(conn);
    let made = Arc::new(AtomicU64::new(0));
    // Its own pool: the seeding connections' settings must not leak into the server's.
    let seed_pool = arbiter::db::build_pool(&state.settings.database, threads as u32);
    let pairs = o.standings_teams / 2;
    let jobs: Vec<(usize, usize)> = (1..=o.rounds)
        .flat_map(|r| (0..pairs).map(move |p| (r, p)))
        .collect();
    let jobs = Arc::new(Mutex::new(jobs));
    let handles: Vec<_> = (0..threads)
        .map(|w| {
            let (pool, teams, jobs, made) =
                (seed_pool.clone(), teams.clone(), jobs.clone(), made.clone());
            let (event_id, uid, n) = (ev.id, director.id, o.standings_teams);
            std::thread::spawn(move || {
                let mut conn = pool.get().unwrap();
                // Seeding only: these connections need not wait for the WAL flush.
                match conn.backend() {
                    Backend::Postgres => conn.batch_execute("SET synchronous_commit = off"),
                    Backend::Sqlite => conn.batch_execute("PRAGMA synchronous = NORMAL"),
                }
                .unwrap();
                let cache = svc::Desk::offline();
                let mut rng = Rng(w as u64 + 99);
                loop {
                    let Some((round, p)) = jobs.lock().unwrap().pop() else {
                        break;
                    };
                    // A simple rotation: round r pairs team p with team p + r (mod n).
                    let a = teams[(2 * p) % n];
                    let b = teams[(2 * p + 2 * round - 1) % n];
                    let now = chrono::Utc::now();
                    let m = svc::create(
                        &mut conn,
                        &cache,
                        now,
                        uid,
                        &NewMatchRequest {
                            event_id: Some(event_id),
                            round: Some(round as i32),
                            table: Some(p as i32 + 1),
                            side_a: SideSpec {
                                team_id: Some(a),
                                name: None,
                            },
                            side_b: SideSpec {
                                team_id: Some(b),
                                name: None,
                            },
                            ruleset: None,
                            idempotency_key: None,
                        },
                    )
                    .unwrap();
                    let mut cmds = vec![json!({"type": "start", "first": "a"})];
                    for _ in 0..4 {
                        cmds.push(json!({"type": "play", "words": ["QUIZ"], "tiles": 4,
                                         "declared": rng.range(10, 90)}));
                    }
                    cmds.push(json!({"type": "announce_end"}));
                    cmds.push(json!({"type": "adjust_racks",
                                     "racks": {"A1": rng.range(0, 20), "B1": rng.range(0, 20)}}));
                    for c in cmds {
                        let req = CommandRequest {
                            idempotency_key: None,
                            expected_seq: None,
                            command: serde_json::from_value::<Command>(c).unwrap(),
                            via: svc::Via::CommandRoute,
                            agreed: None,
                        };
                        svc::execute(
                            &mut conn,
                            &cache,
                            chrono::Utc::now(),
                            m.id,
                            svc::Sender::User(uid),
                            &req,
                        )
                        .unwrap();
                    }
                    made.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    (
        ev.id,
        made.load(Ordering::Relaxed) as usize,
        start.elapsed(),
    )
}

// ---------------------------------------------------------------- report

struct Report {
    lines: Vec<String>,
}

impl Report {
    fn line(&mut self, s: impl Into<String>) {
        let s = s.into();
        println!("{s}");
        self.lines.push(s);
    }

    fn latencies(&mut self, title: &str, run: &Run) {
        self.line(format!(
            "\n{title}: {:.1} s, {} errors\n",
            run.elapsed.as_secs_f64(),
            run.errors
        ));
        self.line("| action | count | per s | p50 ms | p95 ms | p99 ms | max ms |");
        self.line("|---|---:|---:|---:|---:|---:|---:|");
        let mut all_cmds: Vec<u32> = Vec::new();
        for (k, v) in &run.samples.0 {
            let mut v = v.clone();
            v.sort_unstable();
            if is_command(k) {
                all_cmds.extend_from_slice(&v);
            }
            self.line(format!(
                "| {k} | {} | {:.0} | {:.2} | {:.2} | {:.2} | {:.2} |",
                v.len(),
                v.len() as f64 / run.elapsed.as_secs_f64(),
                pct(&v, 50),
                pct(&v, 95),
                pct(&v, 99),
                pct(&v, 100)
            ));
        }
        all_cmds.sort_unstable();
        if all_cmds.is_empty() {
            return self.errors(run);
        }
        self.line(format!(
            "| **all table actions** | {} | {:.0} | {:.2} | {:.2} | {:.2} | {:.2} |",
            all_cmds.len(),
            all_cmds.len() as f64 / run.elapsed.as_secs_f64(),
            pct(&all_cmds, 50),
            pct(&all_cmds, 95),
            pct(&all_cmds, 99),
            pct(&all_cmds, 100)
        ));
        self.errors(run);
    }

    fn errors(&mut self, run: &Run) {
        for e in &run.error_examples {
            self.line(format!("\n- error: `{}`", e.replace('`', "'")));
        }
    }
}

fn is_command(kind: &str) -> bool {
    !matches!(kind, "create_match" | "read (poll)" | "get")
}

fn p99_commands(run: &Run) -> f64 {
    let mut v: Vec<u32> = run
        .samples
        .0
        .iter()
        .filter(|(k, _)| is_command(k))
        .flat_map(|(_, v)| v.iter().copied())
        .collect();
    v.sort_unstable();
    pct(&v, 99)
}

fn write_benchmarks(block_id: &str, body: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("BENCHMARKS.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|_| "# Benchmarks\n".into());
    let begin = format!("<!-- load:{block_id}:begin -->");
    let end = format!("<!-- load:{block_id}:end -->");
    let block = format!("{begin}\n{body}\n{end}");
    // The "Load" section runs from its heading to the next `## ` heading (or the end).
    let (before, section, after) = match text.find("\n## Load") {
        Some(at) => {
            let rest = &text[at + 1..];
            let len = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3 + 1);
            (
                &text[..at + 1],
                rest[..len].to_owned(),
                &text[at + 1 + len..],
            )
        }
        None => (
            text.as_str(),
            "\n## Load\n\n`cargo bench --bench load -- --tables 200 --backend sqlite` (see \
             benches/load.rs). Blocks below are rewritten by the bench.\n"
                .to_owned(),
            "",
        ),
    };
    let section = match (section.find(&begin), section.find(&end)) {
        (Some(b), Some(e)) => format!("{}{block}{}", &section[..b], &section[e + end.len()..]),
        _ => format!("{}\n{block}\n", section.trim_end()),
    };
    let mut out = before.to_owned();
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(section.trim_end());
    out.push('\n');
    if !after.is_empty() {
        out.push('\n');
        out.push_str(after);
    }
    std::fs::write(&path, out).unwrap();
}

// ---------------------------------------------------------------- main

fn main() {
    let o = opts();
    let store = Store::fresh(&o);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| bench(&o, &store)));
    store.cleanup();
    if result.is_err() {
        std::process::exit(1);
    }
    // Server threads are still running; leave without waiting for them.
    std::process::exit(0);
}

fn bench(o: &Opts, store: &Store) {
    let settings = Settings {
        bind: "127.0.0.1:0".into(),
        data_dir: store.dir.clone(),
        database: store.url.clone(),
        secret: arbiter::auth::random_token(32).into_bytes(),
        session_hours: 6,
        pool_size: 16,
        sweeper: true,
        secure_cookies: false,
        timeouts: arbiter::config::Timeouts::default(),
    };
    let state = arbiter::startup::prepare(&settings).expect("server prepares");
    let base = start_arbiter(state.clone());
    let backend = o.backend.name();
    let started = chrono::Utc::now();
    eprintln!(
        "load bench: {backend}, {} tables, {} s per phase, pool {}",
        o.tables, o.seconds, settings.pool_size
    );

    // (a) raw commits on the same database, as many writers as the server has connections.
    let raw = raw_commit_rate(
        &store.url,
        settings.pool_size as usize,
        o.raw_seconds,
        false,
    );
    let raw_relaxed = raw_commit_rate(&store.url, settings.pool_size as usize, o.raw_seconds, true);
    eprintln!("raw commits: {raw:.0}/s ({raw_relaxed:.0}/s without a sync per commit)");

    // (b) a bare handler, same client code, same concurrency as the tables and readers.
    let bare_base = start_bare();
    let conc = o.tables + o.readers;
    let bare = hammer(&bare_base, "/", conc, o.raw_seconds, None);
    let bare_rate = bare.rate(|_| true);
    let bare_st = hammer(&bare_base, "/", o.standings_clients, o.raw_seconds, None);
    let bare_st_rate = bare_st.rate(|_| true);
    eprintln!(
        "bare handler: {bare_rate:.0}/s ({conc} clients), {bare_st_rate:.0}/s ({} clients)",
        o.standings_clients
    );

    let setup = set_up(&state, &base, o.tables, "Load cup");
    let standings_path = format!("/api/v1/events/{}/standings", setup.event_id);
    let has_standings = Client::new(&base, None).get(&standings_path, false).0 == 200;
    let read_path = if has_standings {
        standings_path.clone()
    } else {
        eprintln!("no standings route yet: readers poll GET /api/v1/matches/{{id}} instead");
        "/api/v1/matches/1".to_owned()
    };

    // Saturation: every table sends its next command as soon as the last one is answered.
    let w0 = state.desk.stats();
    let sat = load_phase(o, &base, &setup, 0, &read_path);
    let sat_rate = sat.rate(is_command);
    let w1 = state.desk.stats();
    let (batches, commands) = (w1.batches - w0.batches, w1.commands - w0.commands);
    let batch_note = format!(
        "{commands} commands in {batches} transactions ({:.1} per commit), writer busy {:.0}% of the phase",
        commands as f64 / batches.max(1) as f64,
        (w1.busy_us - w0.busy_us) as f64 / 1e4 / sat.elapsed.as_secs_f64()
    );
    eprintln!("group commit: {batch_note}");
    eprintln!("saturation: {sat_rate:.0} actions/s");
    // Paced: each table acts every `pace_ms` (±50%), a compressed but realistic event.
    let setup2 = set_up(&state, &base, o.tables, "Paced cup");
    let paced = load_phase(o, &base, &setup2, o.pace_ms, &read_path);

    // Standings: 1,000 teams × 15 rounds, then hammer the endpoint.
    let (st_event, st_matches, st_seed) = seed_standings(&state, o, 4);
    let st_path = format!("/api/v1/events/{st_event}/standings");
    let (st_status, _) = Client::new(&base, None).get(&st_path, false);
    let st_sizes = Client::new(&base, None).sizes(&st_path);
    let st = (st_status == 200).then(|| {
        hammer(
            &base,
            &st_path,
            o.standings_clients,
            o.standings_seconds,
            None,
        )
    });

    // Report.
    let mut r = Report { lines: Vec::new() };
    r.line(format!(
        "### {backend}, {} tables ({} UTC, {} s per phase, 2 shared cores, pool {})\n",
        o.tables,
        started.format("%Y-%m-%d %H:%M"),
        o.seconds,
        settings.pool_size
    ));
    let p99_sat = p99_commands(&sat);
    let p99_paced = p99_commands(&paced);
    r.line("| target | measured | comparison | verdict |");
    r.line("|---|---:|---:|---|");
    r.line(format!(
        "| table actions ≥ 50% of raw commits | {sat_rate:.0} actions/s | raw {raw:.0} commits/s ({} writers) → {:.0}% | {} |",
        settings.pool_size,
        100.0 * sat_rate / raw,
        if sat_rate >= 0.5 * raw { "met" } else { "**missed**" }
    ));
    r.line(format!(
        "| p99 ≤ 20 ms at {} tables | paced: {p99_paced:.1} ms; saturated: {p99_sat:.1} ms | paced = 1 action per table per {} ms ±50% ({:.0} actions/s) | {} |",
        o.tables,
        o.pace_ms,
        paced.rate(is_command),
        if p99_paced <= 20.0 { "met (paced)" } else { "**missed**" }
    ));
    match &st {
        Some(st) => {
            let rate = st.rate(|_| true);
            r.line(format!(
                "| standings {} teams × {} rounds ≥ 25% of bare handler | {rate:.0} req/s ({} errors) | bare {bare_st_rate:.0} req/s ({} clients) → {:.1}% | {} |",
                o.standings_teams,
                o.rounds,
                st.errors,
                o.standings_clients,
                100.0 * rate / bare_st_rate,
                if rate >= 0.25 * bare_st_rate { "met" } else { "**missed**" }
            ));
        }
        None => r.line(format!(
            "| standings {} teams × {} rounds ≥ 25% of bare handler | not measured: `GET {st_path}` answered {st_status} | bare {bare_st_rate:.0} req/s | **not measured** |",
            o.standings_teams, o.rounds
        )),
    }
    r.line(format!(
        "\nSaturated group commit: {batch_note}. \
         Raw commits are measured with the server's durability (a WAL sync per commit); \
         without it (reference only) the same writers commit {raw_relaxed:.0}/s. \
         Bare handler with the load's concurrency ({conc} clients): {bare_rate:.0} req/s. \
         Matches finished: {} saturated, {} paced. Standings seed: {st_matches} finished matches in {:.0} s{}.",
        sat.matches_finished,
        paced.matches_finished,
        st_seed.as_secs_f64(),
        if has_standings {
            String::new()
        } else {
            "; readers polled `GET /api/v1/matches/{id}` (no standings route at run time)".into()
        }
    ));
    if let Some(st) = &st {
        r.latencies(
            &format!(
                "Standings endpoint, {} clients back to back asking for gzip as browsers do (body {} bytes of JSON, {} bytes sent)",
                o.standings_clients,
                st_sizes.0,
                st_sizes.1
            ),
            st,
        );
    }
    r.latencies(
        &format!(
            "Saturated: {} tables, no think time, {} PICs, {} readers every {} ms",
            o.tables, o.pics, o.readers, o.read_ms
        ),
        &sat,
    );
    r.latencies(
        &format!(
            "Paced: {} tables, one action per {} ms ±50%",
            o.tables, o.pace_ms
        ),
        &paced,
    );
    if o.write {
        write_benchmarks(&format!("{backend}:{}", o.tables), &r.lines.join("\n"));
        eprintln!("written to BENCHMARKS.md (section Load)");
    }
}
