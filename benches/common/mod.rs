//! What the benches that run the real server share: starting `arbiter serve` in its own
//! process (and reading its memory), a fresh PostgreSQL database, the operator's account, and
//! the blocking HTTP helpers used for set-up. Each bench uses what it needs.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

/// One `arbiter serve` process, stopped when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// The process's resident memory (`VmRSS`), in KiB.
    pub fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    }

    /// User and system CPU seconds the process has used so far (`/proc/PID/stat`).
    pub fn cpu_secs(&self) -> f64 {
        let stat =
            std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        // Fields after the command name (which may hold spaces) start after its ')'.
        let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or_default();
        let f: Vec<&str> = rest.split_whitespace().collect();
        let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
        // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
        (ticks(11) + ticks(12)) / 100.0
    }
}

/// A free loopback port.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The arbiter binary on `data`, on SQLite or on `db`. `ARBITER_BENCH_BIN` names another
/// build of it (to compare two builds with the same bench client).
pub fn arbiter(data: &Path, db: Option<&str>) -> Command {
    let bin = std::env::var("ARBITER_BENCH_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_arbiter").to_owned());
    let mut c = Command::new(bin);
    c.arg("--data-dir").arg(data).env("RUST_LOG", "warn");
    match db {
        Some(url) => c.env("DATABASE_URL", url),
        None => c.env_remove("DATABASE_URL"),
    };
    c
}

/// Starts `arbiter serve` and waits for `/healthz`; its log is `data/NAME.log`.
pub fn serve(data: &Path, db: Option<&str>, name: &str) -> Server {
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let log = std::fs::File::create(data.join(format!("{name}.log"))).unwrap();
    let server = Server {
        child: arbiter(data, db)
            .args(["serve", "--bind", &addr])
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("the arbiter binary starts"),
        base: format!("http://{addr}"),
        addr,
    };
    let agent = agent();
    for _ in 0..300 {
        if agent.get(format!("{}/healthz", server.base)).call().is_ok() {
            return server;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    // Dropping the server stops (and waits for) the process.
    panic!("{name} did not answer /healthz; see {}", data.display());
}

/// The operator's administrator account, made by the CLI as an operator would.
pub fn admin_create(data: &Path, db: Option<&str>, username: &str, password: &str) {
    let mut mk = arbiter(data, db)
        .args([
            "admin",
            "create",
            "--username",
            username,
            "--password-stdin",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    writeln!(mk.stdin.take().unwrap(), "{password}").unwrap();
    assert!(mk.wait().unwrap().success(), "arbiter admin create");
}

/// A fresh PostgreSQL database on `url`'s server: (server url, database name, its url).
pub fn pg_fresh(url: &str, bench: &str) -> (String, String, String) {
    use diesel::{Connection, RunQueryDsl};
    let name = format!("arbiter_{bench}_{}", std::process::id());
    let mut admin = diesel::PgConnection::establish(url).expect("PostgreSQL answers");
    diesel::sql_query(format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .unwrap();
    let base = url.rsplit_once('/').map(|(b, _)| b).unwrap_or(url);
    (url.to_owned(), name.clone(), format!("{base}/{name}"))
}

/// Drops a database made by [`pg_fresh`] (after its servers stopped).
pub fn pg_drop(url: &str, name: &str) {
    use diesel::{Connection, RunQueryDsl};
    std::thread::sleep(Duration::from_millis(300));
    if let Ok(mut admin) = diesel::PgConnection::establish(url) {
        let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .execute(&mut admin);
    }
}

/// A blocking client for set-up (status codes are answers, not errors).
pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_per_call(Some(Duration::from_secs(30)))
        .build()
        .new_agent()
}

/// `POST` JSON with a bearer token: (status, body).
pub fn post(agent: &ureq::Agent, url: &str, token: &str, body: &Value) -> (u16, Value) {
    match agent
        .post(url)
        .header("Authorization", format!("Bearer {token}"))
        .send_json(body)
    {
        Ok(mut r) => {
            let status = r.status().as_u16();
            let text = r.body_mut().read_to_string().unwrap_or_default();
            (status, serde_json::from_str(&text).unwrap_or(Value::Null))
        }
        Err(e) => (599, json!({"transport": e.to_string()})),
    }
}

/// GET, with the bearer token when given; unparsed reads ask for gzip as browsers do and only
/// count the bytes.
pub fn get(agent: &ureq::Agent, url: &str, token: Option<&str>, parse: bool) -> (u16, Value) {
    let mut req = agent.get(url);
    if let Some(t) = token {
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

/// A conditional GET as a browser re-reads: gzip, `If-None-Match` with the ETag held. Returns
/// the status and the ETag to hold next.
pub fn get_if_changed(agent: &ureq::Agent, url: &str, etag: Option<&str>) -> (u16, Option<String>) {
    let mut req = agent.get(url).header("Accept-Encoding", "gzip");
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

/// The body of a 200/201 answer; anything else stops the bench, naming `what`.
pub fn created(res: (u16, Value), what: &str) -> Value {
    assert!(res.0 == 200 || res.0 == 201, "{what}: {} {}", res.0, res.1);
    res.1
}

/// A bearer token for an account.
pub fn token(agent: &ureq::Agent, base: &str, username: &str, password: &str) -> String {
    let mut r = agent
        .post(format!("{base}/api/v1/auth/token"))
        .send_json(json!({"username": username, "password": password}))
        .unwrap();
    let status = r.status().as_u16();
    let v: Value = serde_json::from_str(&r.body_mut().read_to_string().unwrap()).unwrap();
    created((status, v), "token")["token"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// The `p`th percentile of sorted microseconds, in milliseconds.
pub fn pct(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p / 100.0).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

/// Follows one live stream (`GET path`, plain HTTP/1.1, no browser): `opened` is called once its
/// 200 answer's headers are read, then `on_message` with each message (a `data:` line, parsed)
/// and the instant its bytes arrived, until `stop` changes or the stream ends. False when the
/// stream never opened.
pub async fn follow_stream(
    addr: &str,
    path: &str,
    mut stop: tokio::sync::watch::Receiver<bool>,
    opened: impl FnOnce(),
    mut on_message: impl FnMut(&Value, std::time::Instant),
) -> bool {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Ok(mut sock) = tokio::net::TcpStream::connect(addr).await else {
        return false;
    };
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n");
    if sock.write_all(req.as_bytes()).await.is_err() {
        return false;
    }
    let mut buf = vec![0u8; 4096];
    let mut pending = String::new();
    let mut opened = Some(opened);
    loop {
        let n = tokio::select! {
            _ = stop.changed() => break,
            r = sock.read(&mut buf) => match r { Ok(0) | Err(_) => break, Ok(n) => n },
        };
        let now = std::time::Instant::now();
        pending.push_str(&String::from_utf8_lossy(&buf[..n]));
        if let Some(open) = opened.take() {
            let Some(end) = pending.find("\r\n\r\n") else {
                opened = Some(open);
                continue;
            };
            if !pending.starts_with("HTTP/1.1 200") {
                return false;
            }
            open();
            pending.drain(..end + 4);
        }
        // Frames arrive inside chunks; every `data:` line is one message.
        while let Some(pos) = pending.find("data: ") {
            let Some(end) = pending[pos..].find('\n') else {
                break;
            };
            let line = pending[pos + 6..pos + end].to_owned();
            pending.drain(..pos + end + 1);
            if let Ok(msg) = serde_json::from_str::<Value>(line.trim()) {
                on_message(&msg, now);
            }
        }
        if pending.len() > 1 << 16 {
            pending.clear();
        }
    }
    opened.is_none()
}

/// This process's user and system CPU seconds so far, every thread (`/proc/self/stat`): the
/// bench's own clients, reported beside the server's.
pub fn own_cpu_secs() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or_default();
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}
