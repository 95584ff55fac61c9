//! Issue 16, speed: the live ranking page and the hall display follow streams that carry no
//! slip of the turn in play. The ranking page follows what moves the ranking (D9: a placed top,
//! a slip corrected for a turn already placed, a new game); the hall follows its game's master
//! changes. The referee's console and the arbitrators' slip pages keep the event's stream.

use serde_json::json;

use crate::duplicate_cache::{cmd, event, new_game, place_top, slip};
use crate::helpers::*;

/// The kinds of the frames received so far, in order.
fn kinds(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.split(r#""kind":""#).nth(1))
        .filter_map(|k| k.split('"').next())
        .map(str::to_owned)
        .collect()
}

// D9: a turn's slips wake no ranking reader; its placed top does, a slip corrected afterwards
// for that turn does, and so does a new game of the event. Each frame says it moves the ranking.
#[test]
fn the_ranking_stream_tells_what_moves_the_ranking_never_the_slips_of_the_turn_in_play() {
    let app = spawn_app();
    let (mut chief, event_id) = event(&app);
    // The stream is opened first: a public event's ranking changes reach its pages once the
    // table is rendered (render at commit), so a change made just before opening could arrive
    // after it; opened first, every frame of the game is in order.
    let path = format!("/duplicate/events/{event_id}/ranking/live");
    let mut live = LiveStream::open(&app.base, &path, None);
    assert!(live.text.starts_with("HTTP/1.1 200"), "{}", live.text);
    assert!(live.text.contains("text/event-stream"), "{}", live.text);
    let game = new_game(&mut chief, event_id);
    cmd(
        &mut chief,
        game,
        json!({"type": "type_rack", "tiles": "ZESTAIO"}),
    );
    cmd(&mut chief, game, json!({"type": "start_turn"}));
    slip(&mut chief, game, 1, "ZEST", 26);
    slip(&mut chief, game, 2, "ZEST", 30);
    place_top(&mut chief, game);
    live.read_until(|t| t.contains(r#""kind":"play_placed""#));
    // Changes within half a second of a frame make one frame: spaced out here, each is seen.
    let gap = std::time::Duration::from_millis(600);
    std::thread::sleep(gap);
    // Player 3's slip for turn 1, recorded after its top was placed, moves the ranking.
    ok(chief.post_json(
        &format!("/api/v1/duplicate/games/{game}/slips"),
        &json!({"turn": 1, "player": 3, "reference": "8H", "word": "ZEST", "points": 26}),
    ));
    live.read_until(|t| t.contains(r#""kind":"slip_recorded""#));
    std::thread::sleep(gap);
    // The next turn's rack does not.
    cmd(&mut chief, game, json!({"type": "draw"}));
    new_game(&mut chief, event_id);
    let text = live.read_until(|t| t.matches(r#""kind":"created""#).count() == 2);
    assert_eq!(
        kinds(&text),
        ["created", "play_placed", "slip_recorded", "created"],
        "{text}"
    );
    assert_eq!(text.matches(r#""ranking":true"#).count(), 4, "{text}");
    // The event's own stream (the console, the slip pages) still hears every slip.
    let mut officials = LiveStream::open(&app.base, &format!("/events/{event_id}/live"), None);
    ok(chief.post_json(
        &format!("/api/v1/duplicate/games/{game}/slips"),
        &json!({"turn": 1, "player": 3, "reference": "8H", "word": "ZEST", "points": 30}),
    ));
    let text = officials.read_until(|t| t.contains(r#""kind":"slip_recorded""#));
    assert!(text.contains(r#""kind":"slip_recorded""#), "{text}");
    // A reconnect is told at once to re-read.
    let mut again = LiveStream::open(&app.base, &path, Some("1"));
    let text = again.read_until(|t| t.contains("data: "));
    assert!(text.contains(r#""kind":"resync""#), "{text}");
}

// The pages follow those streams: the ranking page its ranking's, the hall display its game's;
// the console and the slip pages the event's.
#[test]
fn the_ranking_page_and_the_hall_follow_streams_without_slips() {
    let app = spawn_app();
    let (mut chief, event_id) = event(&app);
    let game = created(chief.post_json(
        &format!("/api/v1/duplicate/events/{event_id}/games"),
        &json!({}),
    ))["id"]
        .as_i64()
        .unwrap();
    let page = app
        .client()
        .get(&format!("/duplicate/events/{event_id}/ranking"));
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains(&format!(
            "data-live=\"/duplicate/events/{event_id}/ranking/live\""
        )),
        "{}",
        page.body
    );
    let hall = chief.get(&format!("/duplicate/games/{game}/hall"));
    assert_eq!(hall.status, 200);
    assert!(
        hall.body
            .contains(&format!("data-live=\"/duplicate/games/{game}/live\"")),
        "{}",
        hall.body
    );
    let console = chief.get(&format!("/duplicate/games/{game}/console"));
    assert!(
        console
            .body
            .contains(&format!("data-live=\"/events/{event_id}/live\"")),
        "{}",
        console.body
    );
}

// A private event's ranking stream is its readers' only (as its ranking page is); no such
// Duplicate event: 404. Nothing is subscribed for long by a refused request.
#[test]
fn a_private_events_ranking_stream_is_refused_to_strangers() {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let ev = created(chief.post_json(
        "/api/v1/duplicate/events",
        &json!({"name": "Closed", "english": true, "public": false}),
    ));
    let event_id = ev["id"].as_i64().unwrap();
    let stranger = LiveStream::open(
        &app.base,
        &format!("/duplicate/events/{event_id}/ranking/live"),
        None,
    );
    assert!(
        ["303", "403", "404"]
            .iter()
            .any(|c| stranger.text.starts_with(&format!("HTTP/1.1 {c}"))),
        "{}",
        stranger.text
    );
    let missing = LiveStream::open(
        &app.base,
        &format!("/duplicate/events/{}/ranking/live", event_id + 100),
        None,
    );
    assert!(missing.text.starts_with("HTTP/1.1 404"), "{}", missing.text);
}
