//! Issue 16, prepared games through the API: racks drawn in advance from a seed (D3) with
//! their tops (D6), exported as JSON, imported into another event's game whose draws then take
//! them. Refusals record nothing: a tampered file, racks that break D3 or the tile set, a game
//! already started.

use serde_json::{Value, json};

use crate::duplicate_cache::{cmd, event, new_game};
use crate::helpers::*;

fn import(c: &mut Client, game: i64, body: &Value) -> Resp {
    c.post_json(&format!("/api/v1/duplicate/games/{game}/prepared"), body)
}

#[test]
fn a_prepared_game_is_exported_imported_by_another_event_and_its_racks_drawn_in_turn() {
    let app = spawn_app();
    let (mut chief, club_a) = event(&app);
    let p = ok(chief.post_json(
        &format!("/api/v1/duplicate/events/{club_a}/prepared-games"),
        &json!({"seed": 7, "turns": 3}),
    ));
    assert_eq!(p["seed"], 7);
    let turns = p["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 3, "{p}");
    assert!(
        turns
            .iter()
            .all(|t| !t["tops"].as_array().unwrap().is_empty())
    );
    // Refusals of the request itself: turns out of range, the wrong role.
    let r = chief.post_json(
        &format!("/api/v1/duplicate/events/{club_a}/prepared-games"),
        &json!({"turns": 0}),
    );
    assert_eq!(
        (r.status, r.json()["field"].as_str()),
        (400, Some("turns")),
        "{}",
        r.body
    );
    let mut outsider = app.bearer("outsider", false);
    let r = outsider.post_json(
        &format!("/api/v1/duplicate/events/{club_a}/prepared-games"),
        &json!({"turns": 1}),
    );
    assert_eq!(r.status, 403, "{}", r.body);

    // Another club's event and game.
    let club_b = created(chief.post_json(
        "/api/v1/duplicate/events",
        &json!({"name": "Club B", "english": true, "public": true}),
    ))["id"]
        .as_i64()
        .unwrap();
    created(chief.post_json(
        &format!("/api/v1/duplicate/events/{club_b}/players"),
        &json!({"number": 1, "name": "Eve"}),
    ));
    let game = new_game(&mut chief, club_b);
    let seq = |c: &mut Client| ok(c.get(&format!("/api/v1/duplicate/games/{game}")))["seq"].clone();
    let seq0 = seq(&mut chief);
    let mut refused = |body: Value, status: u16, rule: &str| {
        let r = import(&mut chief, game, &body);
        assert_eq!(r.status, status, "{}", r.body);
        if !rule.is_empty() {
            assert_eq!(r.json()["rule"], rule, "{}", r.body);
        }
        assert_eq!(
            chief
                .get(&format!("/api/v1/duplicate/games/{game}/prepared"))
                .status,
            404,
            "nothing stored"
        );
    };
    // A tampered top (its score raised): the replayed top differs (D6).
    let mut tampered = p.clone();
    let s = tampered["turns"][0]["tops"][0]["score"].as_u64().unwrap();
    tampered["turns"][0]["tops"][0]["score"] = json!(s + 1);
    refused(tampered, 422, "D6");
    // A rack the tile set cannot give (one Z in English) and one that breaks D3 (one vowel).
    let mut tiles = p.clone();
    tiles["turns"][0]["rack"] = json!("ZZAEIRS");
    refused(tiles, 422, "D3");
    let mut d3 = p.clone();
    d3["turns"][0]["rack"] = json!("BCDFGHA");
    refused(d3, 422, "D3");
    // Shapes: another version, no turns.
    let mut version = p.clone();
    version["version"] = json!(99);
    refused(version, 400, "");
    let mut empty = p.clone();
    empty["turns"] = json!([]);
    refused(empty, 400, "");
    assert_eq!(seq(&mut chief), seq0, "refusals record nothing");

    // The import: stored, exported again as it was, refused a second time.
    let done = created(import(&mut chief, game, &p));
    assert_eq!(done["turns"], 3, "{done}");
    let again = ok(chief.get(&format!("/api/v1/duplicate/games/{game}/prepared")));
    assert_eq!(again["turns"], p["turns"]);
    assert_eq!(import(&mut chief, game, &p).status, 409);
    // The referee's draws take the prepared racks in turn; the tops are the prepared ones.
    for t in turns {
        let g = cmd(&mut chief, game, json!({"type": "draw"}));
        let rack: String = {
            let mut r: Vec<char> = t["rack"].as_str().unwrap().chars().collect();
            r.sort_unstable();
            r.into_iter().collect()
        };
        let mut shown: Vec<char> = g["rack"].as_str().unwrap().chars().collect();
        shown.sort_unstable();
        assert_eq!(shown.into_iter().collect::<String>(), rack, "{g}");
        cmd(&mut chief, game, json!({"type": "start_turn"}));
        let g = cmd(
            &mut chief,
            game,
            json!({"type": "choose_top", "choice": t["chosen"]}),
        );
        assert_eq!(g["candidates"], t["tops"]);
        cmd(&mut chief, game, json!({"type": "place_top"}));
    }

    // A game already started cannot take one.
    let started = new_game(&mut chief, club_b);
    cmd(&mut chief, started, json!({"type": "draw"}));
    let r = import(&mut chief, started, &p);
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(
        chief
            .get(&format!("/api/v1/duplicate/games/{started}/prepared"))
            .status,
        404
    );
}

// rule D6: when a prepared turn's tops tie, the choice the prepared file recorded is the one
// the referee's console offers first; the referee may still choose another.
#[test]
fn a_prepared_games_tie_choice_is_the_consoles_default_and_stays_changeable() {
    let app = spawn_app();
    let (mut chief, club_a) = event(&app);
    // A prepared game whose first turn ties (a first word across the star often does: the same
    // word shifted along row 8 scores the same).
    let (p, tied) = (1..40)
        .find_map(|seed| {
            let p = ok(chief.post_json(
                &format!("/api/v1/duplicate/events/{club_a}/prepared-games"),
                &json!({"seed": seed, "turns": 1}),
            ));
            let n = p["turns"][0]["tops"].as_array().unwrap().len();
            (n > 1).then_some((p, n))
        })
        .expect("a seed whose first turn ties");
    // The club recorded the last of the equal tops (prepare picks the first).
    let mut p = p;
    p["turns"][0]["chosen"] = json!(tied - 1);
    let game = new_game(&mut chief, club_a);
    created(import(&mut chief, game, &p));
    cmd(&mut chief, game, json!({"type": "draw"}));
    cmd(&mut chief, game, json!({"type": "start_turn"}));
    // The API still asks for the choice (D6); the console's list offers the prepared one.
    let r = chief.post_json(
        &format!("/api/v1/duplicate/games/{game}/commands"),
        &json!({"type": "choose_top"}),
    );
    assert_eq!((r.status, r.json()["rule"].as_str()), (422, Some("D6")));
    let mut page = app.client();
    assert_eq!(page.login_form("chief", PASSWORD).status, 303);
    let list = page.get(&format!("/duplicate/games/{game}/console/tops"));
    assert_eq!(list.status, 200);
    assert!(
        list.body
            .contains(&format!("data-dup-default=\"{}\"", tied - 1)),
        "{}",
        list.body
    );
    assert_eq!(list.body.matches("data-dup-prepared-choice").count(), 1);
    assert_eq!(list.body.matches("data-dup-choice=").count(), tied);
    // Changeable: the referee takes the first instead, and it is recorded as their choice.
    let g = cmd(&mut chief, game, json!({"type": "choose_top", "choice": 0}));
    assert_eq!(g["chosen"], 0);
    assert_eq!(g["candidates"], p["turns"][0]["tops"]);

    // A game without a prepared file offers no default.
    let plain = new_game(&mut chief, club_a);
    cmd(&mut chief, plain, json!({"type": "draw"}));
    cmd(&mut chief, plain, json!({"type": "start_turn"}));
    let list = page.get(&format!("/duplicate/games/{plain}/console/tops"));
    assert!(!list.body.contains("data-dup-default"), "{}", list.body);
}
