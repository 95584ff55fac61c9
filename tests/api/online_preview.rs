//! Issue 17: `POST /api/v1/online/games/{id}/preview`, the score of a tentative play before it
//! is sent (the game page shows it), and its refusals.

use serde_json::json;

use crate::helpers::ok;
use crate::online::{dictionary, phony, start, top};

#[test]
fn a_preview_scores_the_play_as_the_command_would_and_records_nothing() {
    let mut g = start(dictionary());
    let (player, other) = g.on_turn();
    let (mut player, mut other) = (player.clone(), other.clone());
    let before = g.view(&mut player);
    let rack = before["view"]["rack"].as_str().unwrap().to_owned();
    let (mv, score) = top(&g.app, &rack);
    let url = format!("/api/v1/online/games/{}/preview", g.id);

    let p = ok(player.post_json(&url, &json!({"move": mv})));
    assert_eq!(p["score"].as_u64(), Some(score), "{p}");
    assert!(!p["words"].as_array().unwrap().is_empty(), "{p}");
    let same = g.view(&mut player);
    assert_eq!(same["seq"], before["seq"], "a preview records nothing");
    assert_eq!(same["view"]["rack"], before["view"]["rack"]);

    // Refusals: the opponent (not on turn), a spectator, nobody signed in, a phony (O1), tiles
    // not on the rack, a malformed move, an unknown game; none records anything.
    let res = other.post_json(&url, &json!({"move": mv}));
    assert_eq!(res.status, 422, "{}", res.body);
    let mut carol = g.app.bearer("carol", false);
    assert_eq!(carol.post_json(&url, &json!({"move": mv})).status, 403);
    assert_eq!(
        g.app.client().post_json(&url, &json!({"move": mv})).status,
        401
    );
    let res = player.post_json(&url, &json!({"move": phony(&g.app, &rack)}));
    assert_eq!(res.status, 422, "{}", res.body);
    assert_eq!(res.json()["rule"], "O1", "{}", res.body);
    let missing: String = ('A'..='Z').filter(|c| !rack.contains(*c)).take(2).collect();
    let res = player.post_json(&url, &json!({"move": format!("8H {missing}")}));
    assert!(res.status == 422 || res.status == 400, "{}", res.body);
    let res = player.post_json(&url, &json!({"move": "nonsense"}));
    assert!(res.status == 422 || res.status == 400, "{}", res.body);
    let res = player.post_json(&url, &json!({"move": "8H ".to_owned() + &"A".repeat(60)}));
    assert_eq!(res.status, 400, "{}", res.body);
    assert_eq!(res.json()["field"], "move", "{}", res.body);
    let res = player.post_json(
        &format!("/api/v1/online/games/{}/preview", g.id + 999),
        &json!({"move": mv}),
    );
    assert_eq!(res.status, 404, "{}", res.body);
    let res = player.post_json(&url, &json!({"mv": mv}));
    assert_eq!(res.status, 400, "{}", res.body);
    let after = g.view(&mut player);
    assert_eq!(after["seq"], before["seq"]);
    assert_eq!(after["view"]["scores"], before["view"]["scores"]);
}
