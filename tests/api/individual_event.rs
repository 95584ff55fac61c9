//! What the whole-event browser test (`tests/browser/individual_event.mjs`, issue 18) found:
//! - TSH's `.t` files counted the way TSH counts them: a bye scored 0 is no game (neither a win
//!   nor a loss: a late entry's earlier rounds, a withdrawn player's later ones), a forfeit is
//!   written as TSH writes one (no opponent, -50 and +50), and a player marked `off` is withdrawn
//!   and not paired again; an exported division imported again gives the same standings;
//! - a withdrawn player's forfeited game is no result still owed: the public standings mark the
//!   leader who has clinched first (Gibsonized) although a round had a forfeit.

use serde_json::{Value, json};

use crate::helpers::*;

fn setup() -> (TestApp, Client, i64) {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let ev = created(chief.post_json(
        "/api/v1/individual/events",
        &json!({"name": "Mid-way Open", "public": true}),
    ));
    let id = ev["id"].as_i64().unwrap();
    (app, chief, id)
}

fn import(chief: &mut Client, event: i64, name: &str, file: &str) -> i64 {
    let d = created(chief.post_json(
        &format!("/api/v1/individual/events/{event}/divisions/import"),
        &json!({"name": name, "plan": [{"first": 1, "last": 3, "method": "swiss"}], "file": file}),
    ));
    d["id"].as_i64().unwrap()
}

/// (number, wins, losses, spread, points) of every line, by number.
fn table(s: &Value) -> Vec<(i64, f64, i64, i64, i64)> {
    let mut v: Vec<_> = s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["number"].as_i64().unwrap(),
                l["wins"].as_f64().unwrap(),
                l["losses"].as_i64().unwrap(),
                l["spread"].as_i64().unwrap(),
                l["points"].as_i64().unwrap(),
            )
        })
        .collect();
    v.sort_by_key(|x| x.0);
    v
}

// Five players, two rounds: Eady entered late (round 1 a bye scored 0), Baker left after round
// 1 (round 2 a bye scored 0, `off`), Dunn's round-2 game was played.
const MIDWAY: &str = "\
Able, Ann     1800  2 3; 400 420; p12 1 1
Baker, Bob    1700  1 0; 350 0; p12 2 0; off 0
Cole, Cy      1600  4 1; 390 300; p12 1 2
Dunn, Di      1500  3 5; 391 380; p12 2 1
Eady, Ed         0  0 4; 0 370; p12 0 2
";

// rule E2 (byes as the file scores them), issue 18 (TSH interoperability).
#[test]
fn a_bye_scored_zero_is_no_game_and_a_player_marked_off_is_not_paired_again() {
    let (_app, mut chief, event) = setup();
    let d = import(&mut chief, event, "A", MIDWAY);
    let s = ok(chief.get(&format!("/api/v1/individual/divisions/{d}/standings")));
    // TSH: wins += result only for a game, or a bye whose spread is not 0.
    assert_eq!(
        table(&s),
        [
            (1, 2.0, 0, 170, 820),
            (2, 0.0, 1, -50, 350),
            (3, 0.0, 2, -121, 690),
            (4, 2.0, 0, 11, 771),
            (5, 0.0, 1, -10, 370),
        ],
        "{s}"
    );
    let ev = ok(chief.get(&format!("/api/v1/individual/events/{event}")));
    let bob = &ev["divisions"][0]["players"][1];
    assert_eq!(bob["withdrawn_round"], 2, "{ev}");
    // Round 3 pairs the four still playing; Baker is off.
    let r3 = created(chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds"),
        &json!({}),
    ));
    let paired: Vec<i64> = r3["lines"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|l| [l["a"].as_i64(), l["b"].as_i64()])
        .flatten()
        .collect();
    assert_eq!(paired.len(), 4, "{r3}");
    assert!(!paired.contains(&2), "{r3}");
}

// rule E2 (a forfeit counts with the forfeit spread), issue 18: exported and imported again,
// the division's standings are the same.
#[test]
fn a_forfeit_is_written_as_tsh_writes_it_and_the_file_reads_back_to_the_same_standings() {
    use arbiter::rules::individual::tsh;
    let (app, mut chief, event) = setup();
    let d = created(chief.post_json(
        &format!("/api/v1/individual/events/{event}/divisions"),
        &json!({"name": "A", "plan": [{"first": 1, "last": 3, "method": "swiss"}]}),
    ))["id"]
        .as_i64()
        .unwrap();
    for (n, r) in [("Ann", 1600), ("Bob", 1500), ("Cy", 1400), ("Di", 1300)] {
        created(chief.post_json(
            &format!("/api/v1/individual/divisions/{d}/players"),
            &json!({"name": n, "rating": r}),
        ));
    }
    let r1 = created(chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds"),
        &json!({}),
    ));
    let game = |i: usize| {
        (
            r1["lines"][i]["a"].as_i64().unwrap(),
            r1["lines"][i]["b"].as_i64().unwrap(),
        )
    };
    let ((a, b), (c, e)) = (game(0), game(1));
    ok(chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds/1/results"),
        &json!({"text": format!("{a} 410 {b} 380")}),
    ));
    // c leaves before their game: forfeited, 50 each way.
    ok(chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/players/{c}/withdraw"),
        &json!({}),
    ));
    let before = ok(chief.get(&format!("/api/v1/individual/divisions/{d}/standings")));
    let out = app
        .client()
        .get(&format!("/api/v1/individual/divisions/{d}/division.t"));
    assert_eq!(out.status, 200, "{}", out.body);
    let file = tsh::read("A", &out.body).unwrap();
    let line = |n: i64| &file.players[usize::try_from(n - 1).unwrap()];
    // TSH's forfeit: no opponent, -50 for the one who forfeits, +50 for the other.
    assert_eq!(
        (&line(c).opponents, &line(c).scores),
        (&vec![Some(0)], &vec![Some(-50)]),
        "{}",
        out.body
    );
    assert_eq!(
        (&line(e).opponents, &line(e).scores),
        (&vec![Some(0)], &vec![Some(50)]),
        "{}",
        out.body
    );
    assert!(
        line(c).fields.iter().any(|(k, _)| k == "off"),
        "{}",
        out.body
    );
    assert_eq!(line(a).opponents, vec![Some(u32::try_from(b).unwrap())]);
    let again = import(&mut chief, event, "B", &out.body);
    let after = ok(chief.get(&format!("/api/v1/individual/divisions/{again}/standings")));
    assert_eq!(table(&after), table(&before), "{}", out.body);
    let ev = ok(chief.get(&format!("/api/v1/individual/events/{event}")));
    assert!(
        ev["divisions"][1]["players"][usize::try_from(c - 1).unwrap()]["withdrawn_round"]
            .as_i64()
            .is_some(),
        "{ev}"
    );
}

// Six players, three rounds: Able won all three; everyone else tied or lost.
const CLINCHING: &str = "\
Able, Ann     1800  2 3 4; 400 410 420; p12 1 1 1
Baker, Bob    1700  1 5 6; 300 340 300; p12 2 1 1
Cole, Cy      1600  4 1 5; 350 310 310; p12 1 2 1
Dunn, Di      1500  3 6 1; 350 330 320; p12 2 1 2
Eady, Ed      1400  6 2 3; 360 340 310; p12 1 2 2
Fong, Flo     1300  5 4 2; 360 330 300; p12 2 2 2
";

// Issue 18 (Gibsonization): after round 4 of 5 Able leads by more than one round can make up;
// a round-4 game forfeited by a withdrawal is no result owed, so the mark shows.
#[test]
fn the_clinched_leader_is_marked_gibsonized_although_a_game_of_the_round_was_forfeited() {
    let (app, mut chief, event) = setup();
    let d = created(chief.post_json(
        &format!("/api/v1/individual/events/{event}/divisions/import"),
        &json!({"name": "A", "plan": [{"first": 1, "last": 5, "method": "swiss"}],
                "gibson_prizes": 1, "file": CLINCHING}),
    ))["id"]
        .as_i64()
        .unwrap();
    let r4 = created(chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds"),
        &json!({}),
    ));
    let games: Vec<(i64, i64)> = r4["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["a"].as_i64().unwrap(), l["b"].as_i64().unwrap()))
        .collect();
    let (with_able, others): (Vec<_>, Vec<_>) =
        games.into_iter().partition(|&(a, b)| a == 1 || b == 1);
    let (a, b) = with_able[0];
    let (w, _) = others[0];
    let (x, y) = others[1];
    let (sa, sb) = if a == 1 { (450, 300) } else { (300, 450) };
    ok(chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/players/{w}/withdraw"),
        &json!({}),
    ));
    ok(chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds/4/results"),
        &json!({"text": format!("{a} {sa} {b} {sb}\n{x} 380 {y} 370")}),
    ));
    let page = app
        .client()
        .get(&format!("/individual/divisions/{d}/standings"));
    assert_eq!(page.status, 200);
    let marked: Vec<&str> = page
        .body
        .split("<tr data-player=\"")
        .skip(1)
        .filter(|row| {
            row.split('>')
                .next()
                .unwrap_or("")
                .contains("data-gibsonized")
        })
        .map(|row| row.split('"').next().unwrap_or(""))
        .collect();
    assert_eq!(marked, ["1"], "{}", page.body);
}
