//! Issue 17, speed: every answer says where the server's time went (`Server-Timing`,
//! `web::timing`), so the online benchmark can tell the server's share of a move's latency
//! from the client's. The stages add up: the database calls lie inside the request, and the
//! writer's turn and its commit inside the database calls. A move also says how long it waited
//! in the online writer's queue, and how many commands its batch wrote (`batch;desc=N`).

use std::collections::BTreeMap;

use serde_json::json;

use crate::helpers::Resp;
use crate::online::{dictionary, start};

/// The header's stages, in milliseconds (and `batch`, a count); fails when it is missing or
/// malformed.
fn stages(r: &Resp) -> BTreeMap<String, f64> {
    let header = r
        .header("server-timing")
        .unwrap_or_else(|| panic!("no Server-Timing on {}: {:?}", r.status, r.headers));
    header
        .split(',')
        .map(|part| {
            if let Some(n) = part.trim().strip_prefix("batch;desc=") {
                let n: f64 = n.parse().unwrap_or_else(|_| panic!("{n} in {header}"));
                return ("batch".to_owned(), n);
            }
            let (name, dur) = part
                .trim()
                .split_once(";dur=")
                .unwrap_or_else(|| panic!("not `name;dur=ms`: {header}"));
            let ms: f64 = dur.parse().unwrap_or_else(|_| panic!("{dur} in {header}"));
            assert!(ms >= 0.0, "{header}");
            (name.to_owned(), ms)
        })
        .collect()
}

#[test]
fn a_move_s_answer_says_how_long_the_request_its_database_calls_and_its_commit_took() {
    let mut g = start(dictionary());
    let sqlite = g.app.db.url.backend() == arbiter::config::Backend::Sqlite;
    let id = g.id;
    let (mover, _) = g.on_turn();
    let r = mover.post_json(
        &format!("/api/v1/online/games/{id}/commands"),
        &json!({"command": {"type": "pass"}, "idempotency_key": "timed-1"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let s = stages(&r);
    for name in [
        "app", "block", "pool", "db", "lock", "commit", "queue", "batch",
    ] {
        assert!(s.contains_key(name), "{name} missing: {s:?}");
    }
    // The database calls ran inside the request, the turn and the commit inside them; the
    // move was written by the online writer, in a batch of at least itself.
    assert!(s["db"] > 0.0, "{s:?}");
    assert!(
        s["app"] >= s["db"] + s["block"] + s["pool"] + s["queue"] - 0.01,
        "{s:?}"
    );
    assert!(s["batch"] >= 1.0, "{s:?}");
    assert!(s["db"] >= s["lock"] + s["commit"] - 0.01, "{s:?}");
    if sqlite {
        // The move was committed: its COMMIT (the WAL's sync) took some time.
        assert!(s["commit"] > 0.0, "{s:?}");
    }
}

#[test]
fn a_read_has_no_writer_turn_and_no_commit_and_each_request_is_timed_on_its_own() {
    let mut g = start(dictionary());
    let id = g.id;
    // A write first: what it took is not counted again in the read after it.
    let (mover, _) = g.on_turn();
    let moved = mover.post_json(
        &format!("/api/v1/online/games/{id}/commands"),
        &json!({"command": {"type": "pass"}}),
    );
    assert_eq!(moved.status, 200, "{}", moved.body);
    let mut ann = g.ann.clone();
    let r = ann.get(&format!("/api/v1/online/games/{id}"));
    assert_eq!(r.status, 200, "{}", r.body);
    let s = stages(&r);
    assert_eq!(
        (s["lock"], s["commit"], s["queue"]),
        (0.0, 0.0, 0.0),
        "{s:?}"
    );
    assert!(!s.contains_key("batch"), "{s:?}");
    assert!(s["app"] > 0.0, "{s:?}");
    // A refusal is timed too (nothing recorded: the game is where it was).
    let before = g.view(&mut ann);
    let r = ann.post_json(
        &format!("/api/v1/online/games/{}/commands", g.id),
        &json!({"command": {"type": "play", "move": "not a move"}}),
    );
    assert!(r.status >= 400, "{}", r.body);
    assert!(stages(&r).contains_key("app"));
    assert_eq!(g.view(&mut ann)["seq"], before["seq"]);
}
