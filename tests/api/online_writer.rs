//! Issue 17, speed: online commands go through the online writer, which takes every command
//! waiting, decides them in order on the cached games and writes them in one transaction
//! (`services::online::writer`). What each client is answered is what a fresh read shows; a
//! refusal in a batch costs the others nothing; a key is applied once within a batch and
//! across batches; a rated game ended in a batch moves both ratings in it (O4); and a command
//! decided on a state another instance had moved on is run again alone. On SQLite and, with
//! `ARBITER_TEST_DATABASE`, PostgreSQL.

use std::thread;
use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{Client, Resp, TestApp, ok};
use crate::online::{Game, dictionary, start};
use arbiter::rules::game::Sides;
use arbiter::rules::online::rating::{Rating, rate_game};

/// Another game between the same two players (`ann` offers, side A; `bob` accepts).
fn another(g: &mut Game) -> i64 {
    let seek = ok(g
        .ann
        .post_json("/api/v1/online/seeks", &json!({"settings": dictionary()})));
    let game = ok(g.bob.post_json(
        &format!("/api/v1/online/seeks/{}/accept", seek["id"]),
        &json!({}),
    ));
    game["id"].as_i64().unwrap()
}

/// The game as `who` sees it on the server at `base`, clocks left out (a test's second
/// instance runs on the system clock).
fn view_on(base: &str, who: &Client, game: i64) -> Value {
    let mut c = Client::new(base);
    c.bearer = who.bearer.clone();
    let mut v = ok(c.get(&format!("/api/v1/online/games/{game}")));
    v["view"]["clocks_ms"] = Value::Null;
    v
}

/// An answer's body with the clocks left out.
fn body(r: &Resp) -> Value {
    let mut v = r.json();
    v["view"]["clocks_ms"] = Value::Null;
    v
}

/// `who`'s account on the server at `base`.
fn on(base: &str, who: &Client) -> Client {
    let mut c = Client::new(base);
    c.bearer = who.bearer.clone();
    c
}

/// The mover and the other player of `game`, as clients of the server at `base`.
fn sides(g: &Game, base: &str, game: i64) -> (Client, Client) {
    let v = view_on(base, &g.ann, game);
    if v["view"]["to_move"] == "a" {
        (on(base, &g.ann), on(base, &g.bob))
    } else {
        (on(base, &g.bob), on(base, &g.ann))
    }
}

fn post(who: &Client, game: i64, command: Value, key: Option<&str>) -> Resp {
    let mut c = who.clone();
    let mut req = json!({ "command": command });
    if let Some(k) = key {
        req["idempotency_key"] = json!(k);
    }
    c.post_json(&format!("/api/v1/online/games/{game}/commands"), &req)
}

/// Sends each command from a thread of its own while the writer is held, so that all of them
/// are taken in one batch; their answers, in order.
fn in_one_batch(app: &TestApp, commands: Vec<(Client, i64, Value, Option<String>)>) -> Vec<Resp> {
    let writer = app.state.desk.online_writer().expect("an online writer");
    let before = writer.stats();
    let n = commands.len();
    let held = writer.hold();
    let threads: Vec<_> = commands
        .into_iter()
        .map(|(who, game, command, key)| {
            thread::spawn(move || post(&who, game, command, key.as_deref()))
        })
        .collect();
    while writer.waiting() < n as u64 {
        thread::sleep(Duration::from_millis(5));
    }
    drop(held);
    let answers: Vec<Resp> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    let after = writer.stats();
    assert_eq!(after.commands - before.commands, n as u64, "{after:?}");
    answers
}

#[test]
fn many_concurrent_moves_on_many_games_are_each_applied_once_and_answered_as_a_fresh_read() {
    let mut g = start(dictionary());
    let mut ids = vec![g.id];
    for _ in 0..5 {
        ids.push(another(&mut g));
    }
    let base = g.app.base.clone();
    let writer = g.app.state.desk.online_writer().unwrap();
    let before = writer.stats();
    // Each game in a thread of its own: four passes (six scoreless turns would end it), each
    // with a key, each answer compared with a fresh read by the same player.
    let threads: Vec<_> = ids
        .iter()
        .map(|&id| {
            let (mut mover, mut other) = sides(&g, &base, id);
            let base = base.clone();
            thread::spawn(move || {
                let mut answers = Vec::new();
                for k in 0..4 {
                    let key = format!("g{id}-{k}");
                    let r = post(&mover, id, json!({"type": "pass"}), Some(&key));
                    assert_eq!(r.status, 200, "{}", r.body);
                    assert_eq!(body(&r), view_on(&base, &mover, id));
                    answers.push((key, mover.clone(), body(&r)));
                    std::mem::swap(&mut mover, &mut other);
                }
                answers
            })
        })
        .collect();
    let answers: Vec<Vec<(String, Client, Value)>> =
        threads.into_iter().map(|t| t.join().unwrap()).collect();
    let stats = writer.stats();
    assert_eq!(stats.commands - before.commands, 24, "{stats:?}");

    for (id, game) in ids.iter().zip(&answers) {
        let now = view_on(&base, &g.ann, *id);
        assert_eq!(now["view"]["turns"].as_array().unwrap().len(), 4, "{now}");
        assert_eq!(now["seq"], game[3].2["seq"], "{now}");
        // Every key again (across batches): applied once, answered with the game as it is.
        for (key, who, _) in game {
            let r = post(who, *id, json!({"type": "pass"}), Some(key));
            assert_eq!(r.status, 200, "{}", r.body);
            assert_eq!(body(&r), view_on(&base, who, *id));
        }
        let again = view_on(&base, &g.ann, *id);
        assert_eq!(again["seq"], now["seq"], "{again}");
    }
    // What the cache answered is what a fresh fold answers.
    let cached: Vec<Value> = ids.iter().map(|&id| view_on(&base, &g.ann, id)).collect();
    g.app.state.desk.online().clear();
    for (id, v) in ids.iter().zip(cached) {
        assert_eq!(view_on(&base, &g.ann, *id), v);
    }
}

#[test]
fn a_refused_command_in_a_batch_records_nothing_and_the_others_are_applied() {
    let mut g = start(dictionary());
    let (one, two, three) = (g.id, another(&mut g), another(&mut g));
    let base = g.app.base.clone();
    let (m1, _) = sides(&g, &base, one);
    let (_, not_on_turn) = sides(&g, &base, two);
    let (m3, _) = sides(&g, &base, three);
    let before_two = view_on(&base, &not_on_turn, two);
    let writer = g.app.state.desk.online_writer().unwrap();
    let stats = writer.stats();
    let answers = in_one_batch(
        &g.app,
        vec![
            (m1.clone(), one, json!({"type": "pass"}), None),
            (not_on_turn.clone(), two, json!({"type": "pass"}), None),
            (
                m3.clone(),
                three,
                json!({"type": "pass"}),
                Some("k3".into()),
            ),
        ],
    );
    // One transaction for the batch: the refusal sent nothing down the one-by-one path.
    assert_eq!(writer.stats().batches - stats.batches, 1);
    let refused = &answers[1];
    assert!(
        (400..500).contains(&refused.status),
        "{}: {}",
        refused.status,
        refused.body
    );
    assert_eq!(view_on(&base, &not_on_turn, two), before_two);
    for (r, who, id) in [(&answers[0], &m1, one), (&answers[2], &m3, three)] {
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(body(r), view_on(&base, who, id));
        assert_eq!(body(r)["view"]["turns"].as_array().unwrap().len(), 1);
    }
    // The refused player's command, now on turn, goes through (the refusal held nothing).
    let (m2, _) = sides(&g, &base, two);
    let r = post(&m2, two, json!({"type": "pass"}), None);
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn a_key_repeated_within_one_batch_is_applied_once_and_both_are_answered_with_the_game() {
    let mut g = start(dictionary());
    let (one, two) = (g.id, another(&mut g));
    let base = g.app.base.clone();
    let (m1, _) = sides(&g, &base, one);
    let (m2, _) = sides(&g, &base, two);
    let answers = in_one_batch(
        &g.app,
        vec![
            (
                m1.clone(),
                one,
                json!({"type": "pass"}),
                Some("twice".into()),
            ),
            (
                m2.clone(),
                two,
                json!({"type": "pass"}),
                Some("twice".into()),
            ),
            (
                m1.clone(),
                one,
                json!({"type": "pass"}),
                Some("twice".into()),
            ),
        ],
    );
    for r in &answers {
        assert_eq!(r.status, 200, "{}", r.body);
    }
    // Game one moved once; both its answers are the game as it is. A key is the game's: the
    // same key in game two is a command of its own.
    let now = view_on(&base, &m1, one);
    assert_eq!(now["view"]["turns"].as_array().unwrap().len(), 1, "{now}");
    assert_eq!(body(&answers[0]), now);
    assert_eq!(body(&answers[2]), now);
    assert_eq!(body(&answers[1]), view_on(&base, &m2, two));
    assert_eq!(
        body(&answers[1])["view"]["turns"].as_array().unwrap().len(),
        1
    );
    // Across batches: once more, still one turn.
    let r = post(&m1, one, json!({"type": "pass"}), Some("twice"));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(body(&r), now);
}

/// A player's rating in the games' variant, as the profile shows it.
fn profile_rating(app: &TestApp, name: &str) -> (f64, f64, i64, Vec<Value>) {
    let p = ok(app.client().get(&format!("/api/v1/online/players/{name}")));
    let line = &p["ratings"][0];
    (
        line["rating"].as_f64().unwrap(),
        line["deviation"].as_f64().unwrap(),
        line["games"].as_i64().unwrap(),
        p["history"].as_array().unwrap().clone(),
    )
}

#[test]
fn o4_two_rated_games_ended_in_one_batch_move_both_ratings_in_turn() {
    let mut g = start(dictionary());
    let (x, y, z) = (g.id, another(&mut g), another(&mut g));
    let base = g.app.base.clone();
    let bob = g.bob.clone();
    let (mz, _) = sides(&g, &base, z);
    let answers = in_one_batch(
        &g.app,
        vec![
            (bob.clone(), y, json!({"type": "resign"}), None),
            (mz.clone(), z, json!({"type": "pass"}), None),
            (bob.clone(), x, json!({"type": "resign"}), None),
        ],
    );
    for (r, id) in [(&answers[0], y), (&answers[2], x)] {
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.json()["finished"], true, "{}", r.body);
        assert_eq!(body(r), view_on(&base, &bob, id));
    }
    assert_eq!(answers[1].status, 200, "{}", answers[1].body);
    // Glicko-2 (O4), game by game in id order within the transaction: x first, then y, each
    // from the ratings the one before left. Ann (side A) won both.
    let first = rate_game(
        Sides {
            a: Rating::default(),
            b: Rating::default(),
        },
        Some(arbiter::rules::game::Side::A),
    );
    let second = rate_game(first, Some(arbiter::rules::game::Side::A));
    let (ann, ann_rd, ann_games, ann_history) = profile_rating(&g.app, "ann");
    let (bob_r, bob_rd, bob_games, bob_history) = profile_rating(&g.app, "bob");
    assert!((ann - second.a.rating).abs() < 1e-6, "{ann} {second:?}");
    assert!((ann_rd - second.a.deviation).abs() < 1e-6);
    assert!((bob_r - second.b.rating).abs() < 1e-6, "{bob_r} {second:?}");
    assert!((bob_rd - second.b.deviation).abs() < 1e-6);
    assert_eq!((ann_games, bob_games), (2, 2));
    // The history, newest first: y from x's result, x from the start.
    for (history, after) in [
        (&ann_history, [second.a, first.a]),
        (&bob_history, [second.b, first.b]),
    ] {
        assert_eq!(history.len(), 2, "{history:?}");
        assert_eq!(history[0]["game_id"], y);
        assert_eq!(history[1]["game_id"], x);
        assert!((history[0]["after"].as_f64().unwrap() - after[0].rating).abs() < 1e-6);
        assert!((history[0]["before"].as_f64().unwrap() - after[1].rating).abs() < 1e-6);
        assert!((history[1]["before"].as_f64().unwrap() - 1500.0).abs() < 1e-6);
    }
}

#[test]
fn a_command_decided_on_a_state_another_instance_moved_is_run_again_alone() {
    let g = start(dictionary());
    let mut settings = crate::helpers::settings_for(&g.app.db);
    settings.secret = g.app.secret.clone();
    let second = arbiter::startup::prepare(&settings).unwrap();
    let second_cache = second.desk.online().clone();
    let second = crate::helpers::start(second);
    let (first, id) = (g.app.base.clone(), g.id);
    let sqlite = g.app.db.url.backend() == arbiter::config::Backend::Sqlite;
    let (mover, other) = sides(&g, &first, id);
    // Both instances hold the game at its start.
    let start_view = view_on(&second.base, &mover, id);
    assert_eq!(view_on(&first, &mover, id), start_view);

    // A pass on the second instance. The first instance's cache is behind (on PostgreSQL the
    // relay may have told it already): the other player's pass there is refused on the cached
    // state (not their turn), which is then found stale and run again alone: applied.
    let r = post(&on(&second.base, &mover), id, json!({"type": "pass"}), None);
    assert_eq!(r.status, 200, "{}", r.body);
    if sqlite {
        let held = g
            .app
            .state
            .desk
            .online()
            .held_seq(arbiter::vocab::OnlineGameId(id))
            .unwrap();
        assert!(held < r.json()["seq"].as_u64().unwrap(), "{held}");
    }
    let r = post(&on(&first, &other), id, json!({"type": "pass"}), Some("o1"));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(body(&r), view_on(&first, &other, id));
    assert_eq!(body(&r)["view"]["turns"].as_array().unwrap().len(), 2);

    // Now the second instance is behind: the other player's pass is legal on its cached state
    // but the game moved on; its write misses the seq and, run again alone, it is refused
    // (nothing recorded). The mover's, refused on the cached state, is applied.
    if sqlite {
        assert!(
            second_cache
                .held_seq(arbiter::vocab::OnlineGameId(id))
                .unwrap()
                < r.json()["seq"].as_u64().unwrap()
        );
    }
    let seq = r.json()["seq"].clone();
    let refused = post(&on(&second.base, &other), id, json!({"type": "pass"}), None);
    assert!(
        (400..500).contains(&refused.status),
        "{}: {}",
        refused.status,
        refused.body
    );
    assert_eq!(view_on(&first, &other, id)["seq"], seq);
    let r = post(&on(&second.base, &mover), id, json!({"type": "pass"}), None);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(body(&r)["view"]["turns"].as_array().unwrap().len(), 3);
    assert_eq!(body(&r), view_on(&second.base, &mover, id));
    // A fresh fold on either instance says the same.
    second_cache.clear();
    g.app.state.desk.online().clear();
    assert_eq!(view_on(&first, &mover, id), body(&r));
    // The other player's keyed pass is not applied again on either instance.
    let again = post(
        &on(&second.base, &other),
        id,
        json!({"type": "pass"}),
        Some("o1"),
    );
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(view_on(&first, &mover, id)["seq"], body(&r)["seq"]);
}
