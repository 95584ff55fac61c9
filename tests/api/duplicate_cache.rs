//! Issue 16, speed: the desk keeps Duplicate games folded between commands. What a cached game
//! answers is what a fresh fold of its log answers, and a write made by another instance on the
//! same database is seen (the cache is checked against the stored seq before it is trusted).

use serde_json::{Value, json};

use crate::helpers::*;

/// An English Duplicate event with players 1-3, its director (`chief`) running the game.
pub(crate) fn event(app: &TestApp) -> (Client, i64) {
    let mut chief = app.bearer("chief", true);
    let ev = created(chief.post_json(
        "/api/v1/duplicate/events",
        &json!({"name": "Duplicate Cache", "english": true, "public": true}),
    ));
    let event_id = ev["id"].as_i64().unwrap();
    for n in 1..=3 {
        created(chief.post_json(
            &format!("/api/v1/duplicate/events/{event_id}/players"),
            &json!({"number": n, "name": format!("P{n}")}),
        ));
    }
    (chief, event_id)
}

pub(crate) fn cmd(c: &mut Client, game: i64, body: Value) -> Value {
    ok(c.post_json(&format!("/api/v1/duplicate/games/{game}/commands"), &body))
}

/// A new game of the event (its id).
pub(crate) fn new_game(c: &mut Client, event_id: i64) -> i64 {
    created(c.post_json(
        &format!("/api/v1/duplicate/events/{event_id}/games"),
        &json!({}),
    ))["id"]
        .as_i64()
        .unwrap()
}

/// Chooses the turn's top (the first when several tie: D6 asks) and places it.
pub(crate) fn place_top(c: &mut Client, game: i64) {
    let r = c.post_json(
        &format!("/api/v1/duplicate/games/{game}/commands"),
        &json!({"type": "choose_top"}),
    );
    if r.status == 422 {
        cmd(c, game, json!({"type": "choose_top", "choice": 0}));
    }
    cmd(c, game, json!({"type": "place_top"}));
}

pub(crate) fn slip(c: &mut Client, game: i64, player: u32, word: &str, points: u32) -> Value {
    ok(c.post_json(
        &format!("/api/v1/duplicate/games/{game}/slips"),
        &json!({"player": player, "reference": "8H", "word": word, "points": points}),
    ))
}

/// The record and the ranking as read now, without the read time (two reads differ in it).
fn snapshot(c: &mut Client, event_id: i64, game: i64) -> Value {
    let mut record = ok(c.get(&format!("/api/v1/duplicate/games/{game}/record")));
    for k in ["now", "remaining_ms"] {
        record["game"].as_object_mut().unwrap().remove(k);
    }
    // Read against the log: a second instance on SQLite relays nothing, so the first one's
    // ranking bytes would stay fresh for up to a second (see `ranking_bytes`).
    let (r, body) = c.get_bytes(
        &format!("/api/v1/duplicate/events/{event_id}/ranking"),
        &[("Cache-Control", "no-cache")],
    );
    assert_eq!(r.status, 200);
    let ranking: Value = serde_json::from_slice(&body).unwrap();
    json!({"record": record, "ranking": ranking})
}

#[test]
fn a_cached_game_answers_as_a_fresh_fold_of_its_log() {
    let app = spawn_app();
    let (mut chief, event_id) = event(&app);
    let game = created(chief.post_json(
        &format!("/api/v1/duplicate/events/{event_id}/games"),
        &json!({}),
    ))["id"]
        .as_i64()
        .unwrap();
    let check = |chief: &mut Client| {
        let cached = snapshot(chief, event_id, game);
        app.state.desk.duplicate().clear();
        let fresh = snapshot(chief, event_id, game);
        assert_eq!(
            cached, fresh,
            "the cache answered otherwise than a fresh fold"
        );
        cached
    };
    cmd(
        &mut chief,
        game,
        json!({"type": "type_rack", "tiles": "ZESTAIO"}),
    );
    check(&mut chief);
    cmd(&mut chief, game, json!({"type": "start_turn"}));
    // Slips one by one (each advances the cached state in place), a correction, a refusal
    // (which must leave the cache as it was).
    slip(&mut chief, game, 1, "ZEST", 26);
    slip(&mut chief, game, 2, "ZEST", 24);
    let r = chief.post_json(
        &format!("/api/v1/duplicate/games/{game}/slips"),
        &json!({"player": 9, "reference": "8H", "word": "ZEST", "points": 26}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    slip(&mut chief, game, 2, "ZEST", 26);
    let s = check(&mut chief);
    assert_eq!(
        s["record"]["turns"][0]["slips"].as_array().unwrap().len(),
        2
    );
    // The top (computed once for the turn, kept) and an undo (which re-folds).
    let r = chief.post_json(
        &format!("/api/v1/duplicate/games/{game}/commands"),
        &json!({"type": "choose_top"}),
    );
    if r.status == 422 {
        cmd(&mut chief, game, json!({"type": "choose_top", "choice": 0}));
    } else {
        assert_eq!(r.status, 200, "{}", r.body);
    }
    cmd(&mut chief, game, json!({"type": "place_top"}));
    let before_undo = check(&mut chief);
    cmd(&mut chief, game, json!({"type": "undo", "reason": "typo"}));
    let s = check(&mut chief);
    assert_eq!(s["record"]["game"]["phase"], "top_chosen", "{s}");
    cmd(&mut chief, game, json!({"type": "place_top"}));
    cmd(&mut chief, game, json!({"type": "draw"}));
    let s = check(&mut chief);
    assert_eq!(s["record"]["game"]["turn"], 2);
    assert_eq!(
        s["ranking"]["lines"], before_undo["ranking"]["lines"],
        "placing again gives the same ranking"
    );
}

#[test]
fn a_second_instance_s_writes_are_seen_by_the_first_instance_s_cache() {
    let app = spawn_app();
    let (mut chief, event_id) = event(&app);
    let game = created(chief.post_json(
        &format!("/api/v1/duplicate/events/{event_id}/games"),
        &json!({}),
    ))["id"]
        .as_i64()
        .unwrap();
    let mut settings = settings_for(&app.db);
    settings.secret = app.secret.clone();
    let second = start(arbiter::startup::prepare(&settings).unwrap());
    let mut other = Client::new(&second.base);
    other.bearer = chief.bearer.clone();

    cmd(
        &mut chief,
        game,
        json!({"type": "type_rack", "tiles": "ZESTAIO"}),
    );
    cmd(&mut chief, game, json!({"type": "start_turn"}));
    slip(&mut chief, game, 1, "ZEST", 26);
    // Both caches hold the game at the same seq.
    let first_view = snapshot(&mut chief, event_id, game);
    assert_eq!(first_view, snapshot(&mut other, event_id, game));

    // The second instance records a slip: the first sees it on its next read, and writes
    // after it (no 409: its cache catches up inside the write).
    slip(&mut other, game, 2, "ZEST", 26);
    let seen = snapshot(&mut chief, event_id, game);
    assert_eq!(
        seen["record"]["turns"][0]["slips"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(seen, snapshot(&mut other, event_id, game));
    let v = slip(&mut chief, game, 3, "ZEST", 26);
    assert_eq!(v["seq"], 6, "{v}");
    // The first instance undoes the turn's start; the second, whose cache is behind, reads it.
    cmd(&mut chief, game, json!({"type": "undo"}));
    let g = ok(other.get(&format!("/api/v1/duplicate/games/{game}")));
    assert_eq!(g["phase"], "rack_shown", "{g}");
    let theirs = snapshot(&mut other, event_id, game);
    app.state.desk.duplicate().clear();
    assert_eq!(theirs, snapshot(&mut chief, event_id, game));
}

// Issue 16: the ranking is encoded once per change and served with an ETag: a reader holding
// the current one gets 304, any change of a game gives a new body and a new ETag at once (the
// change is delivered before readers are woken), gzip when asked.
#[test]
fn the_ranking_is_served_as_cached_bytes_with_an_etag_that_moves_with_every_change() {
    let app = spawn_app();
    let (mut chief, event_id) = event(&app);
    let game = created(chief.post_json(
        &format!("/api/v1/duplicate/events/{event_id}/games"),
        &json!({}),
    ))["id"]
        .as_i64()
        .unwrap();
    cmd(
        &mut chief,
        game,
        json!({"type": "type_rack", "tiles": "ZESTAIO"}),
    );
    cmd(&mut chief, game, json!({"type": "start_turn"}));
    let path = format!("/api/v1/duplicate/events/{event_id}/ranking");
    let mut anon = app.client();
    let first = anon.get(&path);
    assert_eq!(first.status, 200);
    let etag = first.header("etag").unwrap().to_owned();
    assert!(etag.starts_with('"'), "a strong ETag: {etag}");
    let (same, body) = anon.get_bytes(&path, &[("If-None-Match", &etag)]);
    assert_eq!((same.status, body.len()), (304, 0));
    assert_eq!(anon.get(&path).header("etag"), Some(etag.as_str()));
    // A slip of the turn in play does not move the ranking (D9: only placed turns count): the
    // ETag held still answers 304, read from memory or against the log. The top does: the next
    // read, at once, is the new one.
    slip(&mut chief, game, 1, "ZEST", 26);
    let (same, _) = anon.get_bytes(&path, &[("If-None-Match", &etag)]);
    assert_eq!(same.status, 304, "the ranking did not move");
    let (same, _) = anon.get_bytes(
        &path,
        &[("If-None-Match", &etag), ("Cache-Control", "no-cache")],
    );
    assert_eq!(same.status, 304, "the same ranking read against the log");
    place_top(&mut chief, game);
    let (moved, body) = anon.get_bytes(&path, &[("If-None-Match", &etag)]);
    assert_eq!(moved.status, 200);
    let new_etag = moved.header("etag").unwrap().to_owned();
    assert_ne!(new_etag, etag);
    let v: Value = serde_json::from_slice(&body).unwrap();
    let p1 = v["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["number"] == 1)
        .unwrap();
    assert_eq!(p1["total"], 26, "{v}");
    // Gzip when asked, the same JSON.
    let (gz, bytes) = anon.get_bytes(&path, &[("Accept-Encoding", "gzip")]);
    assert_eq!(gz.header("content-encoding"), Some("gzip"));
    let mut plain = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut plain).unwrap();
    assert_eq!(serde_json::from_slice::<Value>(&plain).unwrap(), v);
}

// Issue 16: the live ranking page's HTML fragment is rendered once per change and language and
// kept like the JSON: two reads between changes are the same bytes with the same ETag, the
// ETag held answers 304, each language gets its own (never another's), gzip when asked, and a
// change gives the new ranking at once (dropped before live pages are woken). Rule D9.
#[test]
fn the_ranking_fragment_is_kept_per_language_with_an_etag_until_a_change() {
    let app = spawn_app();
    let (mut chief, event_id) = event(&app);
    let game = created(chief.post_json(
        &format!("/api/v1/duplicate/events/{event_id}/games"),
        &json!({}),
    ))["id"]
        .as_i64()
        .unwrap();
    cmd(
        &mut chief,
        game,
        json!({"type": "type_rack", "tiles": "ZESTAIO"}),
    );
    cmd(&mut chief, game, json!({"type": "start_turn"}));
    let path = format!("/duplicate/events/{event_id}/ranking/table");
    let mut anon = app.client();
    let read = |c: &mut Client, lang: &str, etag: Option<&str>| {
        let mut h = vec![("Accept-Language", lang)];
        if let Some(t) = etag {
            h.push(("If-None-Match", t));
        }
        let (r, body) = c.get_bytes(&path, &h);
        let etag = r.header("etag").map(str::to_owned);
        (r.status, etag, body)
    };
    let (status, en_tag, en) = read(&mut anon, "en", None);
    assert_eq!(status, 200);
    let en_tag = en_tag.expect("an ETag");
    assert!(en_tag.starts_with('"'), "a strong ETag: {en_tag}");
    let en_text = String::from_utf8(en.clone()).unwrap();
    assert!(en_text.contains("data-ranking"), "{en_text}");
    // The same bytes and ETag again; the ETag held: 304 without a body.
    let (_, again_tag, again) = read(&mut anon, "en", None);
    assert_eq!((again_tag.as_deref(), &again), (Some(en_tag.as_str()), &en));
    let (status, _, body) = read(&mut anon, "en", Some(&en_tag));
    assert_eq!((status, body.len()), (304, 0));
    // French: its own words, its own ETag; the English one is still English.
    let (_, fr_tag, fr) = read(&mut anon, "fr", None);
    let fr_tag = fr_tag.unwrap();
    assert_ne!(fr_tag, en_tag);
    assert_ne!(fr, en, "the French fragment is not the English one");
    assert_eq!(read(&mut anon, "fr", None).2, fr);
    assert_eq!(read(&mut anon, "en", None).2, en);
    let (status, _, _) = read(&mut anon, "en", Some(&fr_tag));
    assert_eq!(status, 200, "another language's ETag is not this one's");
    // Kept: a fragment rendered once is what a fresh rendering gives.
    app.state.standings.duplicate.clear();
    assert_eq!(read(&mut anon, "en", None).2, en);
    // Gzip when asked, the same HTML.
    let (gz, bytes) = anon.get_bytes(
        &path,
        &[("Accept-Language", "en"), ("Accept-Encoding", "gzip")],
    );
    assert_eq!(gz.header("content-encoding"), Some("gzip"));
    let mut plain = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut plain).unwrap();
    assert_eq!(plain, en);
    // The top placed: the next read, at once, is the new ranking, with a new ETag.
    slip(&mut chief, game, 1, "ZEST", 26);
    place_top(&mut chief, game);
    let (status, moved_tag, moved) = read(&mut anon, "en", Some(&en_tag));
    assert_eq!(status, 200, "the change dropped the kept fragment");
    assert_ne!(moved_tag.as_deref(), Some(en_tag.as_str()));
    let moved = String::from_utf8(moved).unwrap();
    assert!(
        moved.contains(r#"<tr data-player="1"><td class="num">1</td>"#)
            && moved.contains(r#"<td class="num" data-total>26</td>"#),
        "player 1 first with 26: {moved}"
    );
    let (status, _, _) = read(&mut anon, "fr", Some(&fr_tag));
    assert_eq!(status, 200, "the French one is dropped too");
}

// A private event's fragment is kept too, but never served to who may not read the event.
#[test]
fn a_private_events_ranking_fragment_is_refused_to_strangers_even_when_kept() {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let ev = created(chief.post_json(
        "/api/v1/duplicate/events",
        &json!({"name": "Closed", "english": true, "public": false}),
    ));
    let path = format!("/duplicate/events/{}/ranking/table", ev["id"]);
    let mut page = app.client();
    assert_eq!(page.login_form("chief", PASSWORD).status, 303);
    let (seen, body) = page.get_bytes(&path, &[]);
    assert_eq!(seen.status, 200);
    let etag = seen.header("etag").unwrap().to_owned();
    let mut anon = app.client();
    // Signed out: sent to sign in (303), whatever ETag is held.
    let (r, _) = anon.get_bytes(&path, &[("If-None-Match", &etag)]);
    assert!(matches!(r.status, 303 | 403 | 404), "{}", r.status);
    let (r, stranger) = anon.get_bytes(&path, &[]);
    assert!(matches!(r.status, 303 | 403 | 404), "{}", r.status);
    assert_ne!(stranger, body);
}
