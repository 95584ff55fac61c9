//! Issue 16, speed (the hall's 1,000 ranking readers, p99 < 200 ms): a change that moves a
//! public Duplicate event's ranking is rendered at commit, in the event's language and in each
//! one a reader asked for in the last minute, before the live ranking pages are woken. A reader
//! woken by the frame finds the new table in memory (`X-Arbiter-Kept: hit`); each change is
//! rendered exactly once per language; a private event's readers render for themselves. Rule D9
//! (what moves the ranking). Counts, never times.

use serde_json::json;

use crate::duplicate_cache::{cmd, event, new_game, place_top, slip};
use crate::helpers::*;

/// The ranking table in `lang`: how it was found (`X-Arbiter-Kept`) and its HTML.
fn table(c: &mut Client, event_id: i64, lang: &str) -> (String, String) {
    let (r, body) = c.get_bytes(
        &format!("/duplicate/events/{event_id}/ranking/table"),
        &[("Accept-Language", lang)],
    );
    assert_eq!(r.status, 200);
    let kept = r.header("x-arbiter-kept").unwrap_or_default().to_owned();
    (kept, String::from_utf8(body).unwrap())
}

#[test]
fn a_change_is_rendered_once_per_language_before_the_readers_frame_and_read_from_memory() {
    let app = spawn_app();
    let bytes = &app.state.standings.duplicate;
    let (mut chief, event_id) = event(&app);
    let mut live = LiveStream::open(
        &app.base,
        &format!("/duplicate/events/{event_id}/ranking/live"),
        None,
    );
    let mut anon = app.client();
    // Nothing kept yet: the first readers render, each in their language.
    let renders = bytes.renders();
    assert_eq!(table(&mut anon, event_id, "en").0, "read");
    assert_eq!(table(&mut anon, event_id, "fr").0, "read");
    assert_eq!(bytes.renders(), renders + 2);

    // A new game moves the ranking: rendered in English (the event's) and French (asked for)
    // before the frame, once each; the readers it wakes read both from memory.
    let game = new_game(&mut chief, event_id);
    live.read_until(|t| t.contains(r#""kind":"created""#));
    assert_eq!(bytes.renders(), renders + 4, "once per language");
    let (kept, en) = table(&mut anon, event_id, "en");
    assert_eq!(kept, "hit");
    assert!(en.contains("data-ranking"), "{en}");
    let (kept, fr) = table(&mut anon, event_id, "fr");
    assert_eq!(kept, "hit");
    assert_ne!(fr, en, "the French table is French");
    assert_eq!(
        bytes.renders(),
        renders + 4,
        "nothing rendered for the readers"
    );

    // A turn's rack and slips move no ranking: nothing rendered. Its placed top does.
    cmd(
        &mut chief,
        game,
        json!({"type": "type_rack", "tiles": "ZESTAIO"}),
    );
    cmd(&mut chief, game, json!({"type": "start_turn"}));
    slip(&mut chief, game, 1, "ZEST", 26);
    slip(&mut chief, game, 2, "ZEST", 30);
    assert_eq!(
        bytes.renders(),
        renders + 4,
        "the turn in play moves nothing"
    );
    place_top(&mut chief, game);
    live.read_until(|t| t.contains(r#""kind":"play_placed""#));
    assert_eq!(bytes.renders(), renders + 6);
    let (kept, placed) = table(&mut anon, event_id, "en");
    assert_eq!(
        kept, "hit",
        "the reader the frame woke finds the new table in memory"
    );
    assert!(
        placed.contains(r#"<tr data-player="1"><td class="num">1</td>"#)
            && placed.contains(r#"<td class="num" data-total>26</td>"#),
        "the new ranking: {placed}"
    );
    assert_eq!(table(&mut anon, event_id, "fr").0, "hit");
    // What was rendered at commit is what a reader's request renders.
    bytes.clear();
    assert_eq!(table(&mut anon, event_id, "en"), ("read".into(), placed));
}

// A private event's table is never served without asking who reads: nothing is rendered for it
// at commit; its readers render as before, once per change.
#[test]
fn a_private_events_ranking_is_not_rendered_at_commit() {
    let app = spawn_app();
    let bytes = &app.state.standings.duplicate;
    let mut chief = app.bearer("chief", true);
    let ev = created(chief.post_json(
        "/api/v1/duplicate/events",
        &json!({"name": "Closed", "english": true, "public": false}),
    ));
    let event_id = ev["id"].as_i64().unwrap();
    created(chief.post_json(
        &format!("/api/v1/duplicate/events/{event_id}/players"),
        &json!({"number": 1, "name": "P1"}),
    ));
    let mut page = app.client();
    assert_eq!(page.login_form("chief", PASSWORD).status, 303);
    let renders = bytes.renders();
    assert_eq!(table(&mut page, event_id, "en").0, "read");
    new_game(&mut chief, event_id);
    // The game's frame went out without a render (the event is known to be private).
    assert_eq!(bytes.renders(), renders + 1);
    let (kept, _) = table(&mut page, event_id, "en");
    assert_eq!(kept, "read");
    assert_eq!(
        bytes.renders(),
        renders + 2,
        "its reader renders the change"
    );
}

// PostgreSQL, two instances: a change committed on one reaches the other through the relay,
// which renders it there before its readers are woken (needs PostgreSQL in every run).
#[test]
fn a_change_relayed_from_another_instance_is_rendered_before_this_ones_readers_are_woken() {
    let app = TestApp::builder().postgres().spawn();
    app.db.wait_for_new_listener(&[]);
    let (mut chief, event_id) = event(&app);
    let before = app.db.pg_sessions();
    let mut settings = settings_for(&app.db);
    settings.secret = app.secret.clone();
    let state = arbiter::startup::prepare(&settings).unwrap();
    let theirs = state.standings.clone();
    let second = start(state);
    app.db.wait_for_new_listener(&before);
    let mut live = LiveStream::open(
        &second.base,
        &format!("/duplicate/events/{event_id}/ranking/live"),
        None,
    );
    let mut anon = Client::new(&second.base);
    assert_eq!(table(&mut anon, event_id, "en").0, "read");
    let renders = theirs.duplicate.renders();
    // Made on the first instance, read on the second.
    new_game(&mut chief, event_id);
    live.read_until(|t| t.contains(r#""kind":"created""#));
    assert_eq!(theirs.duplicate.renders(), renders + 1, "rendered on relay");
    let (kept, html) = table(&mut anon, event_id, "en");
    assert_eq!(kept, "hit");
    assert!(
        html.contains("dup-game-line"),
        "the new game is in it: {html}"
    );
}
