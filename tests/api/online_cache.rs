//! Issue 17, speed: each instance keeps online games folded between requests
//! (`services::online::GameCache`). What a cached game answers is what a fresh fold of its log
//! answers, and a move made on another instance sharing the database is seen at once: the
//! cache is checked against the game row's seq before it is trusted.

use serde_json::{Value, json};

use crate::helpers::*;
use crate::online::{dictionary, start};

/// The game as `who` sees it on the server at `base`, without the running clocks (the test's
/// first instance runs on a manual clock, the second on the system's).
fn view_on(base: &str, who: &Client, game: i64) -> Value {
    let mut c = Client::new(base);
    c.bearer = who.bearer.clone();
    let mut v = ok(c.get(&format!("/api/v1/online/games/{game}")));
    v["view"]["clocks_ms"] = Value::Null;
    v
}

fn pass_on(base: &str, who: &Client, game: i64) -> Value {
    let mut c = Client::new(base);
    c.bearer = who.bearer.clone();
    ok(c.post_json(
        &format!("/api/v1/online/games/{game}/commands"),
        &json!({"command": {"type": "pass"}}),
    ))
}

#[test]
fn moves_made_on_another_instance_are_seen_by_this_instance_s_cached_game() {
    let mut g = start(dictionary());
    let mut settings = settings_for(&g.app.db);
    settings.secret = g.app.secret.clone();
    let second = arbiter::startup::prepare(&settings).unwrap();
    let second_cache = second.desk.online().clone();
    let second = crate::helpers::start(second);
    let (first, id) = (g.app.base.clone(), g.id);

    // Both instances read the game (each caches it at seq N).
    let (mover, other) = g.on_turn();
    let (mover, other) = (mover.clone(), other.clone());
    let before = view_on(&first, &other, id);
    assert_eq!(before, view_on(&second.base, &other, id));

    // A move on the second instance: the first instance's cache is behind and catches up.
    let moved = pass_on(&second.base, &mover, id);
    let seen = view_on(&first, &other, id);
    assert_eq!(seen["seq"], moved["seq"], "{seen}");
    assert_eq!(seen["view"]["turns"].as_array().unwrap().len(), 1);
    assert_ne!(seen["view"]["to_move"], before["view"]["to_move"]);

    // The first instance writes after it (no 409: the write folds from the row's seq), and
    // the second, whose cache is now behind, reads the two moves.
    let answered = pass_on(&first, &other, id);
    let theirs = view_on(&second.base, &mover, id);
    assert_eq!(theirs["seq"], answered["seq"]);
    assert_eq!(theirs["view"]["turns"].as_array().unwrap().len(), 2);

    // What the caches answer is what a fresh fold answers.
    let cached = view_on(&second.base, &other, id);
    second_cache.clear();
    g.app.state.desk.online().clear();
    assert_eq!(cached, view_on(&second.base, &other, id));
    assert_eq!(cached, view_on(&first, &other, id));
}

/// The game as `who` sees it with `?seq=` (the opponent's re-read after a live message).
fn view_at(base: &str, who: &Client, game: i64, seq: &Value) -> Value {
    let mut c = Client::new(base);
    c.bearer = who.bearer.clone();
    let mut v = ok(c.get(&format!("/api/v1/online/games/{game}?seq={seq}")));
    v["view"]["clocks_ms"] = Value::Null;
    v
}

#[test]
fn a_move_is_answered_from_the_state_in_hand_as_a_fresh_read_would_answer_it() {
    let mut g = start(dictionary());
    let base = g.app.base.clone();
    let (mover, _) = g.on_turn();
    let mover = mover.clone();
    let mut answered = pass_on(&base, &mover, g.id);
    answered["view"]["clocks_ms"] = Value::Null;
    g.app.state.desk.online().clear();
    assert_eq!(answered, view_on(&base, &mover, g.id));
}

#[test]
fn a_reader_naming_a_seq_is_answered_from_memory_with_the_same_rack_rule() {
    let mut g = start(dictionary());
    let mut settings = settings_for(&g.app.db);
    settings.secret = g.app.secret.clone();
    let second = crate::helpers::start(arbiter::startup::prepare(&settings).unwrap());
    let (first, id) = (g.app.base.clone(), g.id);
    let (mover, other) = g.on_turn();
    let (mover, other) = (mover.clone(), other.clone());
    let spectator = g.app.client();

    // A move on the first instance: the opponent's re-read naming its seq is what a plain read
    // answers, for each viewer (a player their own rack, a spectator none).
    let moved = pass_on(&first, &mover, id);
    let seq = &moved["seq"];
    for who in [&mover, &other, &spectator] {
        assert_eq!(view_at(&first, who, id, seq), view_on(&first, who, id));
    }
    let spectator_view = view_at(&first, &spectator, id, seq);
    assert!(
        spectator_view["view"].get("rack").is_none(),
        "{spectator_view}"
    );
    assert!(spectator_view["you"].is_null());
    let (mine, theirs) = (
        view_at(&first, &other, id, seq)["view"]["rack"].clone(),
        view_on(&first, &mover, id)["view"]["rack"].clone(),
    );
    assert!(mine.is_string() && theirs.is_string() && mine != theirs);
    assert!(
        !view_at(&first, &other, id, seq)
            .to_string()
            .contains(theirs.as_str().unwrap())
    );

    // Served from memory: a move on the second instance leaves the first one's cache behind; a
    // reader naming the old seq gets the game the first instance holds (not read again), one
    // naming the new seq gets the new game (read, since memory is not that new). On PostgreSQL
    // the relay may have told the first instance of the move already (`GameCache::learn`):
    // then it holds the new game.
    let later = pass_on(&second.base, &other, id);
    let old = view_at(&first, &mover, id, seq);
    let relayed = g.app.db.url.backend() == arbiter::config::Backend::Postgres;
    assert!(
        old["seq"] == moved["seq"] || (relayed && old["seq"] == later["seq"]),
        "{old}"
    );
    let new = view_at(&first, &mover, id, &later["seq"]);
    assert_eq!(new["seq"], later["seq"], "{new}");
    assert_eq!(new["view"]["turns"].as_array().unwrap().len(), 2);
    // A seq beyond the game's: the game as it is.
    let ahead = json!(later["seq"].as_i64().unwrap() + 10);
    assert_eq!(view_at(&first, &mover, id, &ahead), new);
}

#[test]
fn a_seq_that_is_not_a_whole_number_from_zero_is_refused_naming_it() {
    let g = start(dictionary());
    let mut c = Client::new(&g.app.base);
    c.bearer = g.ann.bearer.clone();
    let before = view_on(&g.app.base, &g.ann, g.id);
    for bad in ["-1", "x", "1.5", ""] {
        let r = c.get(&format!("/api/v1/online/games/{}?seq={bad}", g.id));
        assert_eq!(r.status, 400, "{bad}: {}", r.body);
        assert_eq!(r.json()["field"], "seq", "{bad}: {}", r.body);
    }
    // Nothing moved.
    assert_eq!(view_on(&g.app.base, &g.ann, g.id), before);
}
