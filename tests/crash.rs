//! Crash test: the real binary is killed with SIGKILL in the middle of play and restarted on the
//! same data. Every command a client saw acknowledged must still be in the log, with the same seq
//! and payload (0 lost); nothing may be in the log twice and no idempotency key may take effect
//! twice (0 doubled); and the clocks the restarted server shows must be the clocks folded from the
//! stored events.
//!
//! - `ARBITER_CRASH_SEED`: chooses the mix of commands and the kill moment (printed; default fixed).
//! - `ARBITER_CRASH_BIN`: the server binary to test (default: this build's `arbiter`), so CI can
//!   point it at a release build.
//! - `ARBITER_TEST_DATABASE=postgres://…`: run on a fresh PostgreSQL database instead of SQLite.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter::rules::game::{self, Event, View};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use serde_json::{Value, json};

const TABLES: usize = 56;
const SECRET: &str = "crash-test-secret-that-survives-restarts";
const PASSWORD: &str = "crash-test-password-1";
const DEFAULT_SEED: u64 = 20_261_129;
/// Per table: a bound on commands, so a run that never reaches its kill point still ends.
const MAX_COMMANDS_PER_TABLE: usize = 400;

#[path = "support/pg.rs"]
mod pg;
#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

/// Where the data lives: a temporary directory, and a fresh PostgreSQL database when asked for.
struct Store {
    dir: PathBuf,
    pg: Option<(String, String, String)>,
}

impl Store {
    fn fresh(seed: u64) -> Self {
        let tag = format!(
            "{}_{seed}_{}",
            std::process::id(),
            arbiter::auth::random_token(4)
        );
        let dir = std::env::temp_dir().join(format!("arbiter_crash_{tag}"));
        std::fs::create_dir_all(&dir).unwrap();
        let server = std::env::var("ARBITER_TEST_DATABASE")
            .ok()
            .filter(|u| u.starts_with("postgres://") || u.starts_with("postgresql://"));
        let pg = server.map(|server| {
            let name = format!("arbiter_crash_{}", tag.to_lowercase());
            let mut admin = PgConnection::establish(&server).expect("connect to PostgreSQL");
            diesel::sql_query(format!("CREATE DATABASE {name}"))
                .execute(&mut admin)
                .unwrap();
            let url = pg::database_url(&server, &name);
            (server, name, url)
        });
        Store { dir, pg }
    }

    fn backend(&self) -> &'static str {
        if self.pg.is_some() {
            "postgres"
        } else {
            "sqlite"
        }
    }

    /// Runs the binary with this store's data directory and database.
    fn command(&self) -> Command {
        let mut cmd = Command::new(binary());
        cmd.arg("--data-dir")
            .arg(&self.dir)
            .env("ARBITER_SECRET", SECRET)
            .env("RUST_LOG", "warn")
            .env_remove("ARBITER_DATA_DIR")
            .env_remove("ARBITER_BIND");
        match &self.pg {
            Some((_, _, url)) => cmd.env("DATABASE_URL", url),
            None => cmd.env_remove("DATABASE_URL"),
        };
        cmd
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        if let Some((server, name, _)) = &self.pg
            && let Ok(mut admin) = PgConnection::establish(server)
        {
            let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut admin);
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn binary() -> PathBuf {
    std::env::var_os("ARBITER_CRASH_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_arbiter")))
}

fn create_admin(store: &Store, username: &str) {
    let mut child = store
        .command()
        .args([
            "admin",
            "create",
            "--username",
            username,
            "--password-stdin",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arbiter admin create");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(format!("{PASSWORD}\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "admin create {username}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A running server process.
struct Server {
    child: Child,
    base: String,
}

impl Server {
    fn start(store: &Store, log: &Path) -> Server {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .unwrap();
        let child = store
            .command()
            .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("start the server");
        let server = Server {
            child,
            base: format!("http://127.0.0.1:{port}"),
        };
        let client = Client::new(&server.base, None);
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok((200, _)) = client.get("/healthz") {
                return server;
            }
            assert!(Instant::now() < deadline, "the server did not come up");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// SIGKILL: no shutdown, no flush, nothing.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A blocking JSON client with a bearer token.
#[derive(Clone)]
struct Client {
    agent: ureq::Agent,
    base: String,
    token: Option<String>,
}

type Reply = Result<(u16, Value), String>;

impl Client {
    fn new(base: &str, token: Option<String>) -> Self {
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(30)))
            .build();
        Client {
            agent: config.into(),
            base: base.to_owned(),
            token,
        }
    }

    fn read(res: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Reply {
        let mut res = res.map_err(|e| e.to_string())?;
        let status = res.status().as_u16();
        let text = res.body_mut().read_to_string().map_err(|e| e.to_string())?;
        Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
    }

    fn get(&self, path: &str) -> Reply {
        let mut req = self.agent.get(format!("{}{path}", self.base));
        if let Some(t) = &self.token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        Self::read(req.call())
    }

    fn post(&self, path: &str, body: &Value) -> Reply {
        let mut req = self.agent.post(format!("{}{path}", self.base));
        if let Some(t) = &self.token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        Self::read(req.send_json(body))
    }

    fn ok(&self, path: &str, body: &Value) -> Value {
        let (status, v) = self.post(path, body).unwrap();
        assert!(
            status == 200 || status == 201,
            "{path} {body} → {status} {v}"
        );
        v
    }

    fn login(base: &str, username: &str) -> Client {
        let c = Client::new(base, None);
        let v = c.ok(
            "/api/v1/auth/token",
            &json!({"username": username, "password": PASSWORD}),
        );
        Client::new(base, Some(v["token"].as_str().unwrap().to_owned()))
    }
}

/// Who sent a command (to resend it with the same credentials).
#[derive(Clone, Copy, Debug)]
enum Role {
    Table,
    Pic,
    Committee,
}

/// A command as sent.
#[derive(Clone, Debug)]
struct Sent {
    role: Role,
    key: String,
    body: Value,
}

/// What one table saw.
#[derive(Debug, Default)]
struct TableLog {
    match_id: i64,
    /// Acknowledged commands and the events the server returned for each.
    acked: Vec<(Sent, Vec<Value>)>,
    /// The command on the wire when the server died, if any: it may or may not have committed.
    inflight: Option<Sent>,
    refused: usize,
}

struct Clients {
    table: Client,
    pic: Client,
    committee: Client,
}

impl Clients {
    fn of(&self, role: Role) -> &Client {
        match role {
            Role::Table => &self.table,
            Role::Pic => &self.pic,
            Role::Committee => &self.committee,
        }
    }
}

/// Plays one table until the server dies, the match is over, or the command bound is reached.
fn play_table(
    clients: &Clients,
    table: usize,
    log: &mut TableLog,
    rng: &mut Rng,
    acks: &AtomicU64,
    stop: &AtomicBool,
) {
    let path = format!("/api/v1/matches/{}/commands", log.match_id);
    let mut seq: i64 = 1;
    let mut view: Option<View> = None;
    let mut n = 0usize;
    let mut challenged_turn: Option<u32> = None;
    while n < MAX_COMMANDS_PER_TABLE && !stop.load(Ordering::SeqCst) {
        n += 1;
        let (role, command) = match next_command(view.as_ref(), rng, &mut challenged_turn) {
            Some(c) => c,
            None => return,
        };
        let sent = Sent {
            role,
            key: format!("t{table}-c{n}-{}", rng.next() % 1_000_000),
            body: json!({"idempotency_key": null, "expected_seq": seq, "command": command}),
        };
        let mut sent = sent;
        sent.body["idempotency_key"] = json!(sent.key.clone());
        log.inflight = Some(sent.clone());
        match clients.of(role).post(&path, &sent.body) {
            Err(_) => return, // the server is gone; `inflight` stays for the check.
            Ok((200, v)) => {
                log.inflight = None;
                assert_eq!(v["replayed"], false, "first send replayed: {v}");
                let events = v["events"].as_array().unwrap().clone();
                let state: View = serde_json::from_value(v["state"].clone()).unwrap();
                seq = state.last_seq as i64;
                view = Some(state);
                log.acked.push((sent, events));
                acks.fetch_add(1, Ordering::SeqCst);
            }
            Ok((status, v)) => {
                log.inflight = None;
                // The script is random: a command the rules refuse is fine, a conflict or a
                // server error is not (one client per match, every command pinned to its seq).
                assert!(status == 422, "table {table}: {} → {status} {v}", sent.body);
                log.refused += 1;
            }
        }
    }
}

fn opponents(seat: &str) -> [&'static str; 2] {
    if seat.starts_with('A') {
        ["B1", "B2"]
    } else {
        ["A1", "A2"]
    }
}

const WORDS: [&str; 12] = [
    "QI", "ZA", "CAT", "JINX", "OXEN", "QUIZ", "ZOEAE", "AXE", "FJORD", "LYNX", "WAXY", "VEX",
];

/// The next command of a table's script, from the state it last saw.
fn next_command(
    view: Option<&View>,
    rng: &mut Rng,
    challenged: &mut Option<u32>,
) -> Option<(Role, Value)> {
    let Some(v) = view else {
        let first = if rng.chance(50) { "a" } else { "b" };
        return Some((Role::Table, json!({"type": "start", "first": first})));
    };
    let status = serde_json::to_value(v.status).unwrap();
    if let Some(c) = v.open_challenges.first() {
        let id = c.id;
        return Some(if c.kind == game::ChallengeKind::Score {
            let actual = rng.range(0, 60);
            (
                Role::Pic,
                json!({"type": "rule_score", "challenge": id, "actual": actual}),
            )
        } else {
            (
                Role::Pic,
                json!({"type": "rule_word", "challenge": id, "valid": rng.chance(70)}),
            )
        });
    }
    match status.as_str() {
        Some("in_progress") => {}
        Some("ended") => {
            if v.objection_window.is_some() {
                return Some((Role::Table, json!({"type": "accept"})));
            }
            if v.result.is_none() {
                let racks: BTreeMap<String, u64> = v
                    .order
                    .iter()
                    .map(|s| (s.to_string(), rng.range(0, 12)))
                    .collect();
                return Some((Role::Table, json!({"type": "adjust_racks", "racks": racks})));
            }
            return None;
        }
        _ => return None,
    }
    // An objection right after a play: a word or a score challenge by an opponent.
    if let Some(w) = &v.objection_window
        && *challenged != Some(w.turn)
        && let Some(seat) = w.seat
    {
        let seat = seat.to_string();
        let by = opponents(&seat)[rng.range(0, 1) as usize];
        let word = match v.turns.get(w.turn as usize).map(|t| &t.action) {
            Some(game::TurnAction::Play { words, .. }) => words.first().cloned(),
            _ => None,
        };
        if let Some(word) = word {
            if rng.chance(12) {
                *challenged = Some(w.turn);
                return Some((
                    Role::Table,
                    json!({"type": "challenge_word", "by": by, "words": [word]}),
                ));
            }
            if rng.chance(8) {
                *challenged = Some(w.turn);
                return Some((Role::Table, json!({"type": "challenge_score", "by": by})));
            }
        }
    }
    if rng.chance(1) {
        return Some((
            Role::Committee,
            json!({"type": "disqualify", "side": if rng.chance(50) { "a" } else { "b" },
                   "reason": "crash test: phone at the table"}),
        ));
    }
    let seat = v.seat_to_move?;
    let rack = u64::from(v.racks.get(&seat).copied().unwrap_or(0));
    let roll = rng.range(0, 99);
    if roll < 6 {
        return Some((Role::Table, json!({"type": "pass"})));
    }
    if roll < 10 && v.bag.unwrap_or(0) >= 11 && rack >= 4 {
        return Some((Role::Table, json!({"type": "exchange", "tiles": "EEEI"})));
    }
    if rack == 0 {
        return Some((Role::Table, json!({"type": "pass"})));
    }
    let tiles = if rack == 1 {
        1
    } else {
        rng.range(2, rack.min(5))
    };
    let word = WORDS[rng.range(0, WORDS.len() as u64 - 1) as usize];
    Some((
        Role::Table,
        json!({"type": "play", "words": [word], "tiles": tiles, "declared": rng.range(2, 70)}),
    ))
}

fn events_of(client: &Client, match_id: i64) -> Vec<Value> {
    let (status, v) = client
        .get(&format!("/api/v1/matches/{match_id}/events"))
        .unwrap();
    assert_eq!(status, 200, "{v}");
    v.as_array().unwrap().clone()
}

#[test]
fn a_killed_server_loses_and_doubles_nothing() {
    let seed = std::env::var("ARBITER_CRASH_SEED")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or(DEFAULT_SEED);
    let mut rng = Rng(seed);
    let store = Store::fresh(seed);
    // The kill comes after this many acknowledged commands (about 6-20 per table).
    let kill_after = rng.range(6 * TABLES as u64, 20 * TABLES as u64);
    println!(
        "crash test: seed {seed} (set ARBITER_CRASH_SEED to change), {} backend, {TABLES} tables, \
         kill after {kill_after} acknowledged commands, binary {}",
        store.backend(),
        binary().display()
    );
    let log_path = store.dir.join("server.log");

    for name in [
        "director", "pic", "tablet1", "tablet2", "tablet3", "tablet4",
    ] {
        create_admin(&store, name);
    }
    let server = Server::start(&store, &log_path);
    let base = server.base.clone();
    let director = Client::login(&base, "director");
    let pic = Client::login(&base, "pic");
    let tablets: Vec<Client> = (1..=4)
        .map(|i| Client::login(&base, &format!("tablet{i}")))
        .collect();

    let ev = director.ok(
        "/api/v1/events",
        &json!({"name": "Crash cup", "ruleset": {"preset": "team-2v2"}}),
    );
    let event_id = ev["id"].as_i64().unwrap();
    director.ok(
        &format!("/api/v1/events/{event_id}/grants"),
        &json!({"username": "pic", "role": "pic"}),
    );
    let mut logs = Vec::new();
    for t in 1..=TABLES {
        let team = |side: &str| {
            director.ok(
                &format!("/api/v1/events/{event_id}/teams"),
                &json!({"name": format!("Table {t} {side}"), "players": [format!("{side}{t} one"), format!("{side}{t} two")]}),
            )["id"]
                .as_i64()
                .unwrap()
        };
        let (a, b) = (team("A"), team("B"));
        director.ok(
            &format!("/api/v1/events/{event_id}/grants"),
            &json!({"username": format!("tablet{}", 1 + t % 4), "role": "table", "table": t}),
        );
        let m = director.ok(
            "/api/v1/matches",
            &json!({"event_id": event_id, "round": 1, "table": t,
                    "side_a": {"team_id": a}, "side_b": {"team_id": b}}),
        );
        logs.push(TableLog {
            match_id: m["id"].as_i64().unwrap(),
            ..TableLog::default()
        });
    }

    // Play every table at once; kill the server when enough commands are acknowledged.
    let acks = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicU64::new(0));
    let logs: Vec<Arc<Mutex<TableLog>>> =
        logs.into_iter().map(|l| Arc::new(Mutex::new(l))).collect();
    let handles: Vec<_> = logs
        .iter()
        .enumerate()
        .map(|(i, log)| {
            let clients = Clients {
                table: tablets[(i + 1) % 4].clone(),
                pic: pic.clone(),
                committee: director.clone(),
            };
            let (log, acks, stop, done) = (log.clone(), acks.clone(), stop.clone(), done.clone());
            let mut rng = Rng(seed ^ ((i as u64 + 1) * 0x1000_0000_0001));
            std::thread::spawn(move || {
                let mut log = log.lock().unwrap();
                play_table(&clients, i + 1, &mut log, &mut rng, &acks, &stop);
                done.fetch_add(1, Ordering::SeqCst);
            })
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(30);
    while acks.load(Ordering::SeqCst) < kill_after
        && done.load(Ordering::SeqCst) < TABLES as u64
        && Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(1));
    }
    let at_kill = acks.load(Ordering::SeqCst);
    server.kill();
    stop.store(true, Ordering::SeqCst);
    for h in handles {
        h.join().unwrap();
    }
    let logs: Vec<TableLog> = logs
        .into_iter()
        .map(|l| Arc::try_unwrap(l).unwrap().into_inner().unwrap())
        .collect();
    let inflight = logs.iter().filter(|l| l.inflight.is_some()).count();
    let acked: usize = logs.iter().map(|l| l.acked.len()).sum();
    let refused: usize = logs.iter().map(|l| l.refused).sum();
    println!(
        "killed after {at_kill} acknowledged commands ({acked} in all, {refused} refused by the \
         rules), {inflight} commands on the wire"
    );
    assert!(
        done.load(Ordering::SeqCst) < TABLES as u64 || inflight > 0,
        "every table finished before the kill: nothing was mid-play"
    );

    // Restart on the same data.
    let server = Server::start(&store, &log_path);
    let base = server.base.clone();
    let relog = |c: &Client| Client::new(&base, c.token.clone());
    let director = relog(&director);
    let pic = relog(&pic);
    let tablets: Vec<Client> = tablets.iter().map(relog).collect();

    let mut lost = 0usize;
    let mut doubled = 0usize;
    let mut inflight_committed = 0usize;
    for (i, log) in logs.iter().enumerate() {
        let clients = Clients {
            table: tablets[(i + 1) % 4].clone(),
            pic: pic.clone(),
            committee: director.clone(),
        };
        let table = i + 1;
        let m = log.match_id;
        let stored = events_of(&director, m);
        // No gaps, no repeats: seqs are exactly 1..=n.
        let seqs: Vec<u64> = stored.iter().map(|e| e["seq"].as_u64().unwrap()).collect();
        assert_eq!(
            seqs,
            (1..=seqs.len() as u64).collect::<Vec<_>>(),
            "table {table}: the log's seqs"
        );
        assert_eq!(stored[0]["payload"]["type"], "created");
        // Every acknowledged event is stored at its seq, unchanged; together they are the log.
        let mut expect_seq = 2u64;
        for (sent, events) in &log.acked {
            for e in events {
                let seq = e["seq"].as_u64().unwrap();
                if seq != expect_seq {
                    doubled += 1;
                }
                match stored.get(seq as usize - 1) {
                    Some(s) if s == e => {}
                    Some(s) => {
                        lost += 1;
                        eprintln!("table {table}: acknowledged {e} but stored {s} ({sent:?})");
                    }
                    None => {
                        lost += 1;
                        eprintln!("table {table}: acknowledged {e} is missing ({sent:?})");
                    }
                }
                expect_seq = seq + 1;
            }
        }
        let acked_len = (expect_seq - 1) as usize;
        assert!(stored.len() >= acked_len);

        // The last acknowledged command again, same key: the stored first result, nothing written.
        if let Some((sent, events)) = log.acked.last() {
            let (status, v) = clients
                .of(sent.role)
                .post(&format!("/api/v1/matches/{m}/commands"), &sent.body)
                .unwrap();
            assert_eq!(status, 200, "table {table}: resend → {v}");
            assert_eq!(
                v["replayed"], true,
                "table {table}: resend took effect: {v}"
            );
            assert_eq!(&v["events"].as_array().unwrap()[..], &events[..]);
            let after = events_of(&director, m);
            if after.len() != stored.len() {
                doubled += after.len() - stored.len();
            }
        }

        // The command on the wire at the kill: committed whole or not at all, and once.
        if let Some(sent) = &log.inflight {
            let (status, v) = clients
                .of(sent.role)
                .post(&format!("/api/v1/matches/{m}/commands"), &sent.body)
                .unwrap();
            let after = events_of(&director, m);
            match status {
                200 if v["replayed"] == true => {
                    inflight_committed += 1;
                    assert_eq!(
                        &v["events"].as_array().unwrap()[..],
                        &stored[acked_len..],
                        "table {table}: the in-flight command's stored events"
                    );
                    assert_eq!(after.len(), stored.len(), "table {table}: replay wrote");
                }
                200 => {
                    assert_eq!(
                        stored.len(),
                        acked_len,
                        "table {table}: events of no command"
                    );
                    let n = v["events"].as_array().unwrap().len();
                    assert_eq!(after.len(), acked_len + n, "table {table}");
                }
                _ => {
                    assert_eq!(
                        status, 422,
                        "table {table}: in-flight resend → {status} {v}"
                    );
                    assert_eq!(
                        stored.len(),
                        acked_len,
                        "table {table}: events of no command"
                    );
                    assert_eq!(after.len(), stored.len());
                }
            }
        } else {
            assert_eq!(
                stored.len(),
                acked_len,
                "table {table}: events nobody asked for"
            );
        }

        // Clocks: the server's view at its `now` equals the fold of the stored events at that
        // `now`, which lies between the two instants around the request.
        let before: DateTime<Utc> = Utc::now();
        let (status, shown) = director.get(&format!("/api/v1/matches/{m}")).unwrap();
        let after_t: DateTime<Utc> = Utc::now();
        assert_eq!(status, 200, "{shown}");
        let events: Vec<Event> =
            serde_json::from_value(Value::Array(events_of(&director, m))).unwrap();
        let folded = game::fold(&events);
        let (early, late) = (folded.view(before), folded.view(after_t));
        assert_eq!(shown["last_seq"].as_u64().unwrap(), early.last_seq);
        assert_eq!(shown["scores"], serde_json::to_value(early.scores).unwrap());
        assert_eq!(shown["status"], serde_json::to_value(early.status).unwrap());
        assert_eq!(
            shown["result"],
            serde_json::to_value(&early.result).unwrap()
        );
        for side in ["a", "b"] {
            let got = shown["clocks_ms"][side].as_i64().unwrap();
            let hi = serde_json::to_value(early.clocks_ms).unwrap()[side]
                .as_i64()
                .unwrap();
            let lo = serde_json::to_value(late.clocks_ms).unwrap()[side]
                .as_i64()
                .unwrap();
            assert!(
                lo - 1 <= got && got <= hi + 1,
                "table {table}: clock {side} shows {got} ms, the events give {lo}..={hi} ms"
            );
        }
    }
    println!(
        "after restart: {lost} lost, {doubled} doubled; {inflight_committed} of {inflight} \
         in-flight commands had committed"
    );
    assert_eq!(lost, 0, "acknowledged events lost");
    assert_eq!(doubled, 0, "events or keys that took effect twice");
    drop(server);
}
