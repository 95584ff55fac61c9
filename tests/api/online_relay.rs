//! Issue 17, PostgreSQL with two instances: a move made on one instance reaches the other's
//! game cache through the NOTIFY relay (`live::Relay::Online`) before the live message does, so
//! the opponent's re-read there (`?seq=`) is answered from memory at the new seq; a relay gap
//! (a notification missed) is never applied, and the reader gets the new seq from the database;
//! a repeated idempotency key is applied once whichever instance it reaches. These tests need
//! PostgreSQL in every run (`TestApp::builder().postgres()`).

use arbiter::vocab::OnlineGameId;
use serde_json::{Value, json};

use crate::helpers::{Client, LiveStream, Server, TestApp, ok, settings_for, start};
use crate::online::{Game, dictionary, start_on, top};

/// Two instances on one PostgreSQL database: the game's (A, manual clock, seeded dealer) and a
/// second one (B), whose relay is listening; and B's relay session.
struct Two {
    g: Game,
    second: Server,
    cache: std::sync::Arc<arbiter::services::online::GameCache>,
    listener: i32,
}

fn two_instances() -> Two {
    let app = TestApp::builder()
        .manual_clock()
        .dealer_seed(17)
        .postgres()
        .spawn();
    // The first instance's relay is listening before the second's is told apart from it.
    app.db.wait_for_new_listener(&[]);
    let g = start_on(app, dictionary());
    let before = g.app.db.pg_sessions();
    let mut settings = settings_for(&g.app.db);
    settings.secret = g.app.secret.clone();
    let state = arbiter::startup::prepare(&settings).unwrap();
    let cache = state.desk.online().clone();
    let second = start(state);
    g.app.db.wait_for_new_listener(&before);
    let listener = g
        .app
        .db
        .pg_listeners()
        .into_iter()
        .find(|p| !before.contains(p))
        .unwrap();
    Two {
        g,
        second,
        cache,
        listener,
    }
}

fn on(base: &str, who: &Client) -> Client {
    let mut c = Client::new(base);
    c.bearer = who.bearer.clone();
    c
}

/// The game as `who` sees it on `base` (with `?seq=` when given), without the running clocks
/// (the instances run on different clocks).
fn read(base: &str, who: &Client, game: i64, seq: Option<i64>) -> Value {
    let q = seq.map(|s| format!("?seq={s}")).unwrap_or_default();
    let mut v = ok(on(base, who).get(&format!("/api/v1/online/games/{game}{q}")));
    v["view"]["clocks_ms"] = Value::Null;
    v
}

/// Every string in `v`, recursively.
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// The side on turn plays the best opening play or passes (a play draws tiles: the relayed
/// events hold them). Returns the mover, the other player and the answer's seq.
fn move_on(base: &str, g: &mut Game, play: bool) -> (Client, Client, i64) {
    let (mover, other) = g.on_turn();
    let (mover, other) = (mover.clone(), other.clone());
    let command = if play {
        let rack = read(base, &mover, g.id, None)["view"]["rack"]
            .as_str()
            .unwrap()
            .to_owned();
        json!({"type": "play", "move": top(&g.app, &rack).0})
    } else {
        json!({"type": "pass"})
    };
    let answer = ok(on(base, &mover).post_json(
        &format!("/api/v1/online/games/{}/commands", g.id),
        &json!({"command": command}),
    ));
    (mover, other, answer["seq"].as_i64().unwrap())
}

/// Waits for the live message of `seq` on `stream` (it is delivered after the relayed events
/// were applied or refused, so the cache's decision is made by then).
fn heard(stream: &mut LiveStream, seq: i64) {
    let text = stream.read_until(|t| t.contains(&format!("id: {seq}\n")));
    assert!(text.contains(&format!("id: {seq}\n")), "{text}");
    // The message itself names no tile (the events travelled between instances only).
    assert!(
        !text.contains("drew") && !text.contains("laid") && !text.contains("rack"),
        "{text}"
    );
}

#[test]
fn a_move_on_one_instance_is_in_the_other_s_cache_before_its_live_message() {
    let Two {
        mut g,
        second,
        cache,
        ..
    } = two_instances();
    let (first, b, id) = (g.app.base.clone(), second.base.clone(), g.id);
    let spectator = g.app.client();
    // B holds the game (each viewer read it once there).
    let (p, q) = (g.ann.clone(), g.bob.clone());
    for who in [&p, &q, &spectator] {
        read(&b, who, id, None);
    }
    let held = cache.held_seq(OnlineGameId(id)).unwrap();
    let mut stream = LiveStream::open(&b, &format!("/online/games/{id}/live"), None);

    // A play on A: B's cache is at its seq when B's page hears of it, without any read on B.
    let (mover, other, seq) = move_on(&first, &mut g, true);
    heard(&mut stream, seq);
    assert!(seq > i64::try_from(held).unwrap());
    assert_eq!(
        cache.held_seq(OnlineGameId(id)),
        Some(u64::try_from(seq).unwrap())
    );

    // Served from memory, each viewer gets what a fresh fold of the log gives them: the mover
    // their new rack, the opponent their own, the spectator none.
    let cached: Vec<Value> = [&mover, &other, &spectator]
        .iter()
        .map(|who| read(&b, who, id, Some(seq)))
        .collect();
    cache.clear();
    for (who, got) in [&mover, &other, &spectator].iter().zip(&cached) {
        assert_eq!(got["seq"], json!(seq), "{got}");
        assert_eq!(*got, read(&b, who, id, None));
        assert_eq!(*got, read(&first, who, id, None));
    }
    let racks: Vec<String> = cached[..2]
        .iter()
        .map(|v| v["view"]["rack"].as_str().unwrap().to_owned())
        .collect();
    assert_ne!(racks[0], racks[1]);
    assert!(cached[2]["view"].get("rack").is_none(), "{}", cached[2]);
    for (i, v) in cached.iter().enumerate() {
        let mut all = Vec::new();
        strings(v, &mut all);
        for (j, rack) in racks.iter().enumerate() {
            assert!(i == j || !all.contains(rack), "{rack} in {v}");
        }
    }
}

#[test]
fn a_relay_gap_is_not_applied_and_the_reader_gets_the_new_seq_from_the_database() {
    let Two {
        mut g,
        second,
        cache,
        listener,
    } = two_instances();
    let (first, b, id) = (g.app.base.clone(), second.base.clone(), g.id);
    let (p, q) = (g.ann.clone(), g.bob.clone());
    read(&b, &p, id, None);
    read(&b, &q, id, None);
    let held = cache.held_seq(OnlineGameId(id)).unwrap();

    // B's relay loses its connection: the move made meanwhile never reaches B.
    let before = g.app.db.pg_sessions();
    g.app.db.pg_terminate(listener);
    let (_, _, missed) = move_on(&first, &mut g, true);
    g.app.db.wait_for_new_listener(&before);

    // The next move's events reach B, but do not follow what B holds: B's cache stays where it
    // was (a stale state is never moved to a seq it does not have), and the reader naming the
    // new seq is answered from the database at that seq.
    let mut stream = LiveStream::open(&b, &format!("/online/games/{id}/live"), None);
    let (_, other, seq) = move_on(&first, &mut g, false);
    heard(&mut stream, seq);
    assert!(seq > missed && missed > i64::try_from(held).unwrap());
    assert_eq!(cache.held_seq(OnlineGameId(id)), Some(held));
    let got = read(&b, &other, id, Some(seq));
    assert_eq!(got["seq"], json!(seq), "{got}");
    assert_eq!(got["view"]["turns"].as_array().unwrap().len(), 2);
    assert_eq!(got, read(&first, &other, id, None));
    // Reloaded: B holds the game at the new seq, and follows the relay again.
    assert_eq!(
        cache.held_seq(OnlineGameId(id)),
        Some(u64::try_from(seq).unwrap())
    );
    let (_, _, next) = move_on(&first, &mut g, false);
    heard(&mut stream, next);
    assert_eq!(
        cache.held_seq(OnlineGameId(id)),
        Some(u64::try_from(next).unwrap())
    );
}

#[test]
fn a_command_repeated_with_its_key_on_the_other_instance_is_applied_once() {
    let Two {
        mut g,
        second,
        cache,
        ..
    } = two_instances();
    let (first, b, id) = (g.app.base.clone(), second.base.clone(), g.id);
    let (mover, other) = g.on_turn();
    let (mover, other) = (mover.clone(), other.clone());
    read(&b, &mover, id, None);
    let mut stream = LiveStream::open(&b, &format!("/online/games/{id}/live"), None);
    let path = format!("/api/v1/online/games/{id}/commands");
    let body = json!({"command": {"type": "pass"}, "idempotency_key": "twice-1"});

    let once = ok(on(&first, &mover).post_json(&path, &body));
    let seq = once["seq"].as_i64().unwrap();
    heard(&mut stream, seq);
    assert_eq!(
        cache.held_seq(OnlineGameId(id)),
        Some(u64::try_from(seq).unwrap())
    );
    // Sent again to B (a retry through another instance): the game as it is, nothing applied.
    let again = ok(on(&b, &mover).post_json(&path, &body));
    assert_eq!(again["seq"], json!(seq), "{again}");
    assert_eq!(again["view"]["turns"].as_array().unwrap().len(), 1);
    // And once more to A, after B's answer: still one pass, the other player on turn.
    let third = ok(on(&first, &mover).post_json(&path, &body));
    assert_eq!(third["seq"], json!(seq), "{third}");
    let seen = read(&b, &other, id, Some(seq));
    assert_eq!(seen["view"]["turns"].as_array().unwrap().len(), 1);
    assert_eq!(seen, read(&first, &other, id, None));
    assert_eq!(
        cache.held_seq(OnlineGameId(id)),
        Some(u64::try_from(seq).unwrap())
    );
}
