//! Issue 16, the game record exported: the sheet as CSV (one line per turn and player, with
//! the slip as written and its score) and the master game as GCG, which reads back with the
//! project's own GCG reader and re-scores (rule C8's check) to the game's top total.

use serde_json::json;

use crate::duplicate_cache::{cmd, event, new_game, slip};
use crate::helpers::*;

#[test]
fn the_record_exports_as_a_sheet_and_the_master_game_as_gcg_that_rescores_to_the_tops() {
    let app = spawn_app();
    let (mut chief, event_id) = event(&app);
    let game = new_game(&mut chief, event_id);
    cmd(
        &mut chief,
        game,
        json!({"type": "type_rack", "tiles": "ZESTAIO"}),
    );
    cmd(&mut chief, game, json!({"type": "start_turn"}));
    // ZEST at 8H: (10+1+1+1) x 2 = 26; player 2 writes 24 (a warning), player 3 misspells.
    slip(&mut chief, game, 1, "ZEST", 26);
    slip(&mut chief, game, 2, "ZEST", 24);
    slip(&mut chief, game, 3, "ZSET", 26);
    let g = ok(chief.post_json(
        &format!("/api/v1/duplicate/games/{game}/commands"),
        &json!({"type": "choose_top", "choice": 0}),
    ));
    cmd(&mut chief, game, json!({"type": "place_top"}));
    for _ in 0..2 {
        let g = cmd(&mut chief, game, json!({"type": "draw"}));
        if g["phase"] == "ended" {
            break;
        }
        cmd(&mut chief, game, json!({"type": "start_turn"}));
        cmd(&mut chief, game, json!({"type": "choose_top", "choice": 0}));
        cmd(&mut chief, game, json!({"type": "place_top"}));
    }
    let top1 = &g["candidates"][0];
    let view = ok(chief.get(&format!("/api/v1/duplicate/games/{game}")));
    let top_total = view["top_total"].as_i64().unwrap();
    assert!(top_total > 0);

    let mut anon = app.client();
    let r = anon.get(&format!("/api/v1/duplicate/games/{game}/record.csv"));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.headers["content-type"].starts_with("text/csv"),
        "{:?}",
        r.headers
    );
    let lines: Vec<&str> = r.body.lines().collect();
    assert!(
        lines[0].starts_with("turn,rack,top_reference"),
        "{}",
        r.body
    );
    // Turn 1: one line per slip, then one line for each later turn without slips.
    let turn1: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("1,"))
        .collect();
    assert_eq!(turn1.len(), 3, "{}", r.body);
    let top_score = top1["score"].as_i64().unwrap();
    assert!(
        turn1[0].starts_with(&format!(
            "1,\"AEIOSTZ\",\"{}\",\"{}\",{top_score},",
            top1["reference"].as_str().unwrap(),
            top1["main_word"].as_str().unwrap()
        )),
        "{}",
        turn1[0]
    );
    assert!(
        turn1[0].ends_with(",1,\"8H\",\"ZEST\",26,26,0,\"\""),
        "{}",
        turn1[0]
    );
    assert!(
        turn1[1].ends_with(",2,\"8H\",\"ZEST\",24,26,1,\"\""),
        "{}",
        turn1[1]
    );
    assert!(
        turn1[2].ends_with(",3,\"8H\",\"ZSET\",26,0,0,\"not_allowed\""),
        "{}",
        turn1[2]
    );

    let r = anon.get(&format!("/api/v1/duplicate/games/{game}/record.gcg"));
    assert_eq!(r.status, 200, "{}", r.body);
    let record = arbiter::rules::gcg::read(r.body.as_bytes()).expect("the GCG reads back");
    let placed = view["turn"].as_u64().unwrap() as usize;
    assert_eq!(record.events.len(), placed, "{}", r.body);
    assert_eq!(record.events[0].rack, "AEIOSTZ");
    let problems = arbiter::rules::gcg::check::check(
        &record,
        &arbiter::rules::tiles::TileSet::english(),
        None,
    );
    assert!(problems.is_empty(), "{problems:?}\n{}", r.body);
    assert_eq!(i64::from(record.final_totals()[0]), top_total);

    // An unknown game is a 404, not an empty record.
    assert_eq!(
        anon.get("/api/v1/duplicate/games/999999/record.gcg").status,
        404
    );
    assert_eq!(
        anon.get("/api/v1/duplicate/games/999999/record.csv").status,
        404
    );
}
