//! The Duplicate bench's ranking readers as one compiled client (issue 16, "Speed"): R readers
//! as tasks on one or a few threads (tokio, current-thread runtimes), each holding two plain
//! HTTP/1.1 connections as a browser tab does: the ranking stream, and a keep-alive connection
//! for its re-reads of the ranking (gzip, `If-None-Match` with the ETag it holds).
//!
//! Why: 1,000 OS threads each running a blocking client on the same two cores as the server
//! measured the client's own scheduling as much as the server (a thousand threads woken within
//! the same ~100 ms by one frame). Browsers each have their own machine; one async client on
//! one thread is the nearest fair stand-in on a shared two-core box, and its CPU time is
//! reported beside the server's so the two can be told apart.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::time::Instant;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::{Kept, Seen};

/// Where the readers go and what they share with the rest of the bench.
pub struct Plan {
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// The ranking stream's path.
    pub stream: String,
    /// What each reader re-reads after a frame.
    pub reread: String,
    /// How many readers, and on how many threads.
    pub readers: usize,
    pub threads: usize,
    /// Everyone's start line: the readers' threads count as one party each.
    pub ready: Arc<Barrier>,
    pub stop: tokio::sync::watch::Receiver<bool>,
    pub failed: Arc<AtomicBool>,
    /// Re-reads answered with a body, and with 304.
    pub full: &'static AtomicUsize,
    pub not_modified: &'static AtomicUsize,
}

/// Starts the readers; each thread waits at `ready` once all its readers' streams are open.
/// Returns what each reader saw.
pub fn spawn(plan: Plan) -> Vec<Seen> {
    let plan = Arc::new(plan);
    let seen: Vec<Seen> = (0..plan.readers).map(|_| Seen::default()).collect();
    let threads = plan.threads.max(1);
    for t in 0..threads {
        let mine: Vec<Seen> = seen
            .iter()
            .enumerate()
            .filter(|(i, _)| i % threads == t)
            .map(|(_, s)| s.clone())
            .collect();
        let plan = plan.clone();
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                let opened = Arc::new(AtomicUsize::new(0));
                let n = mine.len();
                let tasks: Vec<_> = mine
                    .into_iter()
                    .map(|seen| tokio::spawn(reader(plan.clone(), opened.clone(), seen)))
                    .collect();
                while opened.load(Ordering::Relaxed) < n && !plan.failed.load(Ordering::Relaxed) {
                    tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                }
                // Blocks this thread until everyone is subscribed: its readers have nothing
                // to do before the game starts (their frames wait in the sockets).
                plan.ready.wait();
                for t in tasks {
                    let _ = t.await;
                }
            });
        });
    }
    seen
}

/// One reader: follows the stream and re-reads after every frame, before reading the next.
async fn reader(plan: Arc<Plan>, opened: Arc<AtomicUsize>, seen: Seen) {
    let mut stop = plan.stop.clone();
    // The page first loads its table, then opens its stream: the re-reads' keep-alive
    // connection is open before the first frame, as a browser tab's is (opened at the first
    // frame, 1,000 readers' connects at once overflowed the listen queue: 1-s SYN retries).
    let mut conn = Conn {
        addr: plan.addr.clone(),
        sock: None,
        buf: Vec::with_capacity(32 * 1024),
    };
    let mut etag: Option<String> = match conn.get(&plan.reread, None).await {
        Ok((200, tag, _)) => tag,
        _ => {
            plan.failed.store(true, Ordering::Relaxed);
            opened.fetch_add(1, Ordering::Relaxed);
            return;
        }
    };
    let Ok(mut sock) = TcpStream::connect(&plan.addr).await else {
        plan.failed.store(true, Ordering::Relaxed);
        return;
    };
    let _ = sock.set_nodelay(true);
    let req = format!(
        "GET {} HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
        plan.stream, plan.addr
    );
    if sock.write_all(req.as_bytes()).await.is_err() {
        plan.failed.store(true, Ordering::Relaxed);
        return;
    }
    let mut buf = vec![0u8; 4096];
    let mut pending = String::new();
    let mut is_open = false;
    loop {
        let n = tokio::select! {
            _ = stop.changed() => break,
            r = sock.read(&mut buf) => match r { Ok(0) | Err(_) => break, Ok(n) => n },
        };
        let at = Instant::now();
        pending.push_str(&String::from_utf8_lossy(&buf[..n]));
        if !is_open {
            let Some(end) = pending.find("\r\n\r\n") else {
                continue;
            };
            if !pending.starts_with("HTTP/1.1 200") {
                plan.failed.store(true, Ordering::Relaxed);
                opened.fetch_add(1, Ordering::Relaxed);
                return;
            }
            is_open = true;
            opened.fetch_add(1, Ordering::Relaxed);
            pending.drain(..end + 4);
        }
        // Frames arrive inside chunks; every `data:` line is one message.
        while let Some(pos) = pending.find("data: ") {
            let Some(end) = pending[pos..].find('\n') else {
                break;
            };
            let line = pending[pos + 6..pos + end].to_owned();
            pending.drain(..pos + end + 1);
            let Ok(msg) = serde_json::from_str::<Value>(line.trim()) else {
                continue;
            };
            let (status, kept) = match conn.get(&plan.reread, etag.as_deref()).await {
                Ok((status, next, kept)) => {
                    if next.is_some() {
                        etag = next;
                    }
                    (status, kept)
                }
                Err(_) => (599, Kept::Unknown),
            };
            let done = Instant::now();
            match status {
                304 => plan.not_modified.fetch_add(1, Ordering::Relaxed),
                _ => plan.full.fetch_add(1, Ordering::Relaxed),
            };
            let kind = msg["kind"].as_str().unwrap_or_default().to_owned();
            let seq = msg["seq"].as_u64().unwrap_or(0);
            seen.lock()
                .unwrap()
                .push((seq, kind, at, Some(done), Some(kept)));
        }
        if pending.len() > 1 << 16 {
            pending.clear();
        }
    }
    if !is_open {
        plan.failed.store(true, Ordering::Relaxed);
        opened.fetch_add(1, Ordering::Relaxed);
    }
}

/// Connections the readers opened for their re-reads: one each at page load, more if the server
/// closed a kept one.
pub static CONNECTS: AtomicUsize = AtomicUsize::new(0);

/// One keep-alive HTTP/1.1 connection for GETs, reopened when the server has closed it.
struct Conn {
    addr: String,
    sock: Option<TcpStream>,
    buf: Vec<u8>,
}

impl Conn {
    /// A conditional GET (gzip accepted): the status, the answer's ETag and how the server
    /// found it (`X-Arbiter-Kept`). The body is read whole (and dropped), as a browser reads
    /// it before swapping the table.
    async fn get(
        &mut self,
        path: &str,
        etag: Option<&str>,
    ) -> std::io::Result<(u16, Option<String>, Kept)> {
        let mut last = None;
        // A kept connection the server closed meanwhile fails once; the second try reopens.
        for _ in 0..2 {
            if self.sock.is_none() {
                CONNECTS.fetch_add(1, Ordering::Relaxed);
                let s = TcpStream::connect(&self.addr).await?;
                let _ = s.set_nodelay(true);
                self.sock = Some(s);
            }
            match self.try_get(path, etag).await {
                Ok(r) => return Ok(r),
                Err(e) => {
                    self.sock = None;
                    last = Some(e);
                }
            }
        }
        Err(last.unwrap_or_else(|| std::io::Error::other("no answer")))
    }

    async fn try_get(
        &mut self,
        path: &str,
        etag: Option<&str>,
    ) -> std::io::Result<(u16, Option<String>, Kept)> {
        let eof = || std::io::Error::from(std::io::ErrorKind::UnexpectedEof);
        let bad =
            |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_owned());
        let sock = self.sock.as_mut().ok_or_else(eof)?;
        let mut req = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nAccept-Encoding: gzip\r\n",
            self.addr
        );
        if let Some(t) = etag {
            req.push_str(&format!("If-None-Match: {t}\r\n"));
        }
        req.push_str("\r\n");
        sock.write_all(req.as_bytes()).await?;
        self.buf.clear();
        let mut chunk = [0u8; 16 * 1024];
        let head_end = loop {
            if let Some(i) = find(&self.buf, b"\r\n\r\n") {
                break i + 4;
            }
            let n = sock.read(&mut chunk).await?;
            if n == 0 {
                return Err(eof());
            }
            self.buf.extend_from_slice(&chunk[..n]);
        };
        let head = String::from_utf8_lossy(&self.buf[..head_end]).into_owned();
        let mut lines = head.split("\r\n");
        let status: u16 = lines
            .next()
            .and_then(|l| l.split(' ').nth(1))
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("status line"))?;
        let (mut length, mut chunked, mut close, mut tag) = (None, false, false, None);
        let mut kept = Kept::Unknown;
        for l in lines {
            let Some((k, v)) = l.split_once(':') else {
                continue;
            };
            let (k, v) = (k.trim().to_ascii_lowercase(), v.trim());
            match k.as_str() {
                "content-length" => length = v.parse::<usize>().ok(),
                "transfer-encoding" => chunked = v.eq_ignore_ascii_case("chunked"),
                "connection" => close = v.eq_ignore_ascii_case("close"),
                "etag" => tag = Some(v.to_owned()),
                "x-arbiter-kept" => kept = Kept::parse(v),
                _ => {}
            }
        }
        let no_body = status == 304 || status == 204;
        if !no_body && chunked {
            // Chunks: a hex size line, the data, CRLF; a size of 0 ends the body.
            let mut pos = head_end;
            loop {
                let line_end = loop {
                    if let Some(i) = find(&self.buf[pos..], b"\r\n") {
                        break pos + i;
                    }
                    let n = sock.read(&mut chunk).await?;
                    if n == 0 {
                        return Err(eof());
                    }
                    self.buf.extend_from_slice(&chunk[..n]);
                };
                let size_text = String::from_utf8_lossy(&self.buf[pos..line_end]).into_owned();
                let size =
                    usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
                        .map_err(|_| bad("chunk size"))?;
                let need = line_end + 2 + size + 2;
                while self.buf.len() < need {
                    let n = sock.read(&mut chunk).await?;
                    if n == 0 {
                        return Err(eof());
                    }
                    self.buf.extend_from_slice(&chunk[..n]);
                }
                pos = need;
                if size == 0 {
                    break;
                }
            }
        } else if !no_body {
            let need = head_end + length.ok_or_else(|| bad("no content-length"))?;
            while self.buf.len() < need {
                let n = sock.read(&mut chunk).await?;
                if n == 0 {
                    return Err(eof());
                }
                self.buf.extend_from_slice(&chunk[..n]);
            }
        }
        if close {
            self.sock = None;
        }
        Ok((status, tag, kept))
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}
