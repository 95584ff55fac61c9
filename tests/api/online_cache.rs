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
