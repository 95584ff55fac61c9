//! The online bench's clients: the accounts and games set up through the API ([`set_up`]), a
//! keep-alive HTTP/1.1 connection that reads the server's `Server-Timing` ([`Http`],
//! [`Timing`]), the live streams' followers that time each frame against its move
//! ([`follow`]), the lobby readers, the client's threads with their timer lag probe, and the
//! players' move generator ([`Words`]). The games themselves are played in `online.rs`.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter::rules::lexicon::Lexicon;
use arbiter::rules::movegen::text::{parse_board_rows, parse_rack};
use arbiter::rules::movegen::{WordGraph, for_each_play};
use arbiter::rules::tiles::TileSet;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use crate::common::{self, agent, created, post};

/// One keep-alive HTTP/1.1 connection (answers read by Content-Length or chunks). Like a
/// browser, it opens a new connection when the server has closed an idle one: the server closes
/// a connection idle for its keep-alive (`Timeouts::idle_keep_alive`, 75 s; actix-web's own
/// default of 5 s closed most of them between two moves at one move per 5 s ±50%), and answers
/// 408 to one opened but not used within its request timeout.
pub struct Http {
    io: Option<BufReader<TcpStream>>,
    host: String,
    last_used: Instant,
}

/// Idle longer than this, the connection is replaced before a request rather than found
/// closed by it (the server's keep-alive is 75 s).
const IDLE_REUSE: Duration = Duration::from_secs(70);

impl Http {
    pub async fn connect(addr: &str) -> std::io::Result<Http> {
        let mut h = Http {
            io: None,
            host: addr.to_owned(),
            last_used: Instant::now(),
        };
        h.reconnect().await?;
        Ok(h)
    }

    async fn reconnect(&mut self) -> std::io::Result<()> {
        let s = TcpStream::connect(&self.host).await?;
        s.set_nodelay(true)?;
        self.io = Some(BufReader::new(s));
        self.last_used = Instant::now();
        Ok(())
    }

    /// One request; sent again once on a fresh connection when the kept one was closed under
    /// it (the commands carry idempotency keys, so a repeat is applied once).
    pub async fn call(
        &mut self,
        method: &str,
        path: &str,
        token: &str,
        body: Option<&Value>,
    ) -> std::io::Result<(u16, Value, Timing)> {
        if self.io.is_none() || self.last_used.elapsed() > IDLE_REUSE {
            self.reconnect().await?;
        }
        let answer = match self.call_once(method, path, token, body).await {
            Ok((408, _, _)) | Err(_) => {
                self.reconnect().await?;
                self.call_once(method, path, token, body).await
            }
            ok => ok,
        };
        self.last_used = Instant::now();
        if answer.is_err() {
            self.io = None;
        }
        answer
    }

    async fn call_once(
        &mut self,
        method: &str,
        path: &str,
        token: &str,
        body: Option<&Value>,
    ) -> std::io::Result<(u16, Value, Timing)> {
        let Some(io) = self.io.as_mut() else {
            return Err(std::io::ErrorKind::NotConnected.into());
        };
        let body = body.map(Value::to_string).unwrap_or_default();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {token}\r\n\
             Accept: application/json\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n",
            self.host,
            body.len()
        );
        io.get_mut().write_all(head.as_bytes()).await?;
        io.get_mut().write_all(body.as_bytes()).await?;
        let mut line = String::new();
        io.read_line(&mut line).await?;
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let (mut length, mut chunked, mut timing) = (0usize, false, Timing::default());
        loop {
            line.clear();
            if io.read_line(&mut line).await? == 0 {
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            let lower = l.to_ascii_lowercase();
            if let Some(v) = lower.strip_prefix("content-length:") {
                length = v.trim().parse().unwrap_or(0);
            } else if lower.starts_with("transfer-encoding:") && lower.contains("chunked") {
                chunked = true;
            } else if let Some(v) = lower.strip_prefix("server-timing:") {
                timing = Timing::parse(v);
            }
        }
        let mut bytes = Vec::new();
        if chunked {
            loop {
                line.clear();
                io.read_line(&mut line).await?;
                let n = usize::from_str_radix(line.trim(), 16).unwrap_or(0);
                let mut chunk = vec![0; n + 2];
                io.read_exact(&mut chunk).await?;
                if n == 0 {
                    break;
                }
                bytes.extend_from_slice(&chunk[..n]);
            }
        } else {
            bytes.resize(length, 0);
            io.read_exact(&mut bytes).await?;
        }
        Ok((
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            timing,
        ))
    }
}

/// The server's `Server-Timing` header (`web::timing`), in microseconds.
#[derive(Default, Clone, Copy)]
pub struct Timing {
    /// The request in the application, head parsed to answer's head.
    pub app: u32,
    /// Waiting for a blocking-pool thread.
    pub block: u32,
    /// Waiting for a pooled connection.
    pub pool: u32,
    /// The database calls.
    pub db: u32,
    /// Waiting for the SQLite writer turn.
    pub lock: u32,
    /// COMMIT (the WAL sync).
    pub commit: u32,
    /// Waiting in the online writer's queue.
    pub queue: u32,
    /// Commands in the online writer's batch the move was written in (a count; 0: not said).
    pub batch: u32,
}

impl Timing {
    /// `app;dur=1.234, block;dur=0.010, …` (milliseconds).
    pub fn parse(v: &str) -> Timing {
        let mut t = Timing::default();
        for part in v.split(',') {
            if let Some(n) = part.trim().strip_prefix("batch;desc=") {
                t.batch = n.trim().trim_matches('"').parse().unwrap_or(0);
                continue;
            }
            let Some((name, dur)) = part.trim().split_once(";dur=") else {
                continue;
            };
            let us = (dur.trim().parse::<f64>().unwrap_or(0.0) * 1000.0) as u32;
            match name {
                "app" => t.app = us,
                "block" => t.block = us,
                "pool" => t.pool = us,
                "db" => t.db = us,
                "lock" => t.lock = us,
                "commit" => t.commit = us,
                "queue" => t.queue = us,
                _ => {}
            }
        }
        t
    }
}

/// When each move of a game was sent: (the seq it was decided on, the send instant).
pub type SentLog = Arc<Vec<Mutex<Vec<(i64, Instant)>>>>;

/// What the followers counted, shared by all of them.
#[derive(Default)]
pub struct Tally {
    /// Move → frame at the opponent's stream.
    pub opponent_us: Mutex<Vec<u32>>,
    /// Move → frame at a spectator's stream.
    pub spectator_us: Mutex<Vec<u32>>,
    pub lobby_frames: AtomicU64,
    pub connected: AtomicUsize,
    pub failed: AtomicUsize,
    /// `--pg`: the last seq each game's opponent heard on its stream (by slot), which the
    /// opponent's re-read waits for.
    pub heard: Vec<tokio::sync::watch::Sender<i64>>,
}

/// Whose stream a follower is.
#[derive(Clone, Copy)]
pub enum Follower {
    Opponent,
    Spectator,
    Lobby,
}

/// One live stream: opens it, then times every frame of its game against the move's send
/// instant until told to stop.
pub async fn follow(
    addr: String,
    path: String,
    who: Follower,
    index: Arc<HashMap<i64, usize>>,
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
            if matches!(who, Follower::Lobby) {
                tally.lobby_frames.fetch_add(1, Ordering::Relaxed);
                return;
            }
            let (Some(g), Some(seq)) = (msg["online_game_id"].as_i64(), msg["seq"].as_i64()) else {
                return;
            };
            let Some(&slot) = index.get(&g) else { return };
            if let (Follower::Opponent, Some(h)) = (who, tally.heard.get(slot)) {
                h.send_if_modified(|s| std::mem::replace(s, seq.max(*s)) < seq);
            }
            let log = sent[slot].lock().unwrap();
            if let Some((_, at)) = log.iter().rev().find(|(before, _)| *before < seq) {
                local.push(now.saturating_duration_since(*at).as_micros() as u32);
            }
        },
    )
    .await;
    if !opened {
        tally.failed.fetch_add(1, Ordering::Relaxed);
    }
    match who {
        Follower::Opponent => tally.opponent_us.lock().unwrap().extend(local),
        Follower::Spectator => tally.spectator_us.lock().unwrap().extend(local),
        Follower::Lobby => {}
    }
}

/// The client's threads (`--client-threads`), each a one-thread tokio runtime: game `i`'s
/// streams and its players run on thread `i % n`. Dropping the value stops them.
pub struct ClientThreads {
    handles: Vec<tokio::runtime::Handle>,
    stop: Vec<tokio::sync::oneshot::Sender<()>>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl ClientThreads {
    pub fn start(n: usize) -> ClientThreads {
        let mut c = ClientThreads {
            handles: Vec::new(),
            stop: Vec::new(),
            threads: Vec::new(),
        };
        for i in 0..n {
            let (handle_tx, handle_rx) = std::sync::mpsc::channel();
            let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
            c.threads.push(
                std::thread::Builder::new()
                    .name(format!("client-{i}"))
                    .spawn(move || {
                        let rt = tokio::runtime::Builder::new_current_thread()
                            .enable_all()
                            .build()
                            .unwrap();
                        handle_tx.send(rt.handle().clone()).unwrap();
                        let _ = rt.block_on(stop_rx);
                    })
                    .unwrap(),
            );
            c.handles.push(handle_rx.recv().unwrap());
            c.stop.push(stop_tx);
        }
        c
    }

    pub fn on(&self, i: usize) -> &tokio::runtime::Handle {
        &self.handles[i % self.handles.len()]
    }

    /// Every thread's runtime.
    pub fn all(&self) -> &[tokio::runtime::Handle] {
        &self.handles
    }
}

impl Drop for ClientThreads {
    fn drop(&mut self) {
        for s in self.stop.drain(..) {
            let _ = s.send(());
        }
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// How late a client thread runs what is due on it: every 5 ms, how long past its instant a
/// timer fired (a thread busy with other sockets or work shows here as lag).
pub async fn lag_probe(deadline: Instant, lags: Arc<Mutex<Vec<u32>>>) {
    let mut local = Vec::new();
    loop {
        let due = Instant::now() + Duration::from_millis(5);
        if due >= deadline {
            break;
        }
        tokio::time::sleep_until(due.into()).await;
        local.push(due.elapsed().as_micros() as u32);
    }
    lags.lock().unwrap().extend(local);
}

/// Lobby traffic: reads the lobby every 2 s until the deadline.
pub async fn lobby_reader(addr: String, token: String, deadline: Instant, reads: Arc<AtomicU64>) {
    let Ok(mut c) = Http::connect(&addr).await else {
        return;
    };
    while Instant::now() < deadline {
        if let Ok((200, _, _)) = c.call("GET", "/api/v1/online/lobby", &token, None).await {
            reads.fetch_add(1, Ordering::Relaxed);
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
}

/// Makes the accounts and their tokens (`--setup-threads` at a time: hashing passwords is
/// what costs) and pairs them into games through seeks.
pub fn set_up(
    games: usize,
    setup_threads: usize,
    base: &str,
    admin_token: &str,
    password: &str,
) -> Vec<Game> {
    let players = 2 * games;
    let next = Arc::new(AtomicUsize::new(0));
    let tokens: Arc<Mutex<Vec<Option<String>>>> = Arc::new(Mutex::new(vec![None; players]));
    let threads: Vec<_> = (0..setup_threads)
        .map(|_| {
            let (next, tokens) = (next.clone(), tokens.clone());
            let (base, admin_token, password) =
                (base.to_owned(), admin_token.to_owned(), password.to_owned());
            std::thread::spawn(move || {
                let a = agent();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= players {
                        break;
                    }
                    let username = format!("player{i}");
                    created(
                        post(
                            &a,
                            &format!("{base}/api/v1/users"),
                            &admin_token,
                            &json!({"username": username, "password": password}),
                        ),
                        "account",
                    );
                    let t = common::token(&a, &base, &username, &password);
                    tokens.lock().unwrap()[i] = Some(t);
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let tokens: Vec<String> = std::mem::take(&mut *tokens.lock().unwrap())
        .into_iter()
        .map(Option::unwrap)
        .collect();
    let a = agent();
    // An hour each: the clocks never run out while the bench plays.
    let settings = json!({"lexicon": "enable2k", "tile_set": "english",
        "mode": {"kind": "dictionary"}, "minutes": 60,
        "at_zero": {"kind": "loss_on_time"}, "rated": false});
    (0..games)
        .map(|g| {
            let (ta, tb) = (tokens[2 * g].clone(), tokens[2 * g + 1].clone());
            let seek = created(
                post(
                    &a,
                    &format!("{base}/api/v1/online/seeks"),
                    &ta,
                    &json!({ "settings": settings }),
                ),
                "seek",
            );
            let id = seek["id"].as_i64().unwrap();
            let accepted = created(
                post(
                    &a,
                    &format!("{base}/api/v1/online/seeks/{id}/accept"),
                    &tb,
                    &json!({}),
                ),
                "accept",
            );
            Game {
                id: accepted["id"].as_i64().expect("the game accepting made"),
                tokens: [ta, tb],
            }
        })
        .collect()
}

/// A game as the bench plays it: its id, both players' tokens, and the side to move.
pub struct Game {
    /// The game's id.
    pub id: i64,
    /// Player A's and player B's bearer tokens.
    pub tokens: [String; 2],
}

/// The client's move generator: the word graph and the tile set.
pub struct Words {
    graph: WordGraph,
    set: TileSet,
}

impl Words {
    /// The bundled ENABLE list's graph, and the English tiles.
    pub fn load() -> Words {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lexicons/enable2k.txt");
        let lexicon = Lexicon::from_path(&path).expect("the bundled ENABLE list");
        Words {
            graph: WordGraph::from_lexicon(&lexicon).expect("its word graph"),
            set: TileSet::english(),
        }
    }

    /// The command for a player's turn: the first legal play found, else an exchange of one
    /// tile while the bag holds seven, else a pass.
    pub fn command(&self, view: &Value) -> Value {
        let rows: Vec<&str> = view["board"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let rack_text = view["rack"].as_str().unwrap_or_default();
        let mut found = None;
        if let (Ok(board), Ok(rack)) = (
            parse_board_rows(&rows, &self.set),
            parse_rack(rack_text, &self.set),
        ) {
            let _ = for_each_play(&self.graph, &self.set, &board, &rack, |p| {
                found = Some(p.to_string());
                ControlFlow::Break(())
            });
        }
        match found {
            Some(mv) => json!({"type": "play", "move": mv}),
            None if view["bag_count"].as_u64().unwrap_or(0) >= 7 && !rack_text.is_empty() => {
                json!({"type": "exchange", "tiles": &rack_text[..1]})
            }
            None => json!({"type": "pass"}),
        }
    }
}
