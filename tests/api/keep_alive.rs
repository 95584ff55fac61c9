//! Kept-alive connections (issue 17): a client that sends a request every few seconds, as a
//! player's browser or a table's tablet does, keeps its connection; one idle past the limit is
//! closed by the server.

use std::io::{Read, Write};
use std::time::Duration;

use crate::helpers::*;

/// Sends one GET on `s` and returns the status line, or `None` when the connection is closed.
fn get_on(s: &mut std::net::TcpStream, path: &str) -> Option<String> {
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
        .ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut buf = [0u8; 16 * 1024];
    let n = s.read(&mut buf).ok()?;
    let text = String::from_utf8_lossy(&buf[..n]).into_owned();
    text.lines()
        .next()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
}

#[test]
fn a_connection_idle_longer_than_actix_webs_default_is_kept_and_one_idle_past_the_limit_is_closed()
{
    let app = TestApp::builder()
        .settings(|s| s.timeouts.idle_keep_alive = Duration::from_secs(8))
        .spawn();
    let addr = app.base.trim_start_matches("http://").to_owned();
    let mut s = std::net::TcpStream::connect(&addr).unwrap();
    let first = get_on(&mut s, "/healthz");
    assert!(
        first.as_deref().is_some_and(|l| l.contains(" 200 ")),
        "{first:?}"
    );
    // Six seconds: actix-web's own default (5 s) would have closed it.
    std::thread::sleep(Duration::from_secs(6));
    let again = get_on(&mut s, "/healthz");
    assert!(
        again.as_deref().is_some_and(|l| l.contains(" 200 ")),
        "kept: {again:?}"
    );
    // Past the limit, the server has closed it.
    std::thread::sleep(Duration::from_secs(10));
    assert_eq!(get_on(&mut s, "/healthz"), None, "closed after 8 s idle");
}

#[test]
fn the_default_keep_alive_outlasts_a_move_every_few_seconds() {
    let t = arbiter::config::Timeouts::default();
    assert!(t.idle_keep_alive >= Duration::from_secs(60), "{t:?}");
    assert!(t.idle_keep_alive > t.live_keep_alive);
}
