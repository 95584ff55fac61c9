//! Known limits of individual tournaments, fixed (issue 18):
//! - pairing ranks ties as the standings do (wins, spread, total score, number; rule E2);
//! - a late entry (or a withdrawal) during a round robin keeps the rounds paired and repeats no
//!   game of the cycle, or says why it cannot (rule E1);
//! - the Gibsonized mark names the player the round being played (or paired next) pairs as
//!   Gibsonized, and nobody once the plan is played out: the winner is marked as such;
//! - wrong PINs are counted in the database: two instances on one database count together.

use serde_json::{Value, json};

use crate::helpers::*;

fn event(app: &TestApp) -> (Client, i64) {
    let mut chief = app.bearer("chief", true);
    let ev = created(chief.post_json(
        "/api/v1/individual/events",
        &json!({"name": "Limits Open", "public": true}),
    ));
    (chief, ev["id"].as_i64().unwrap())
}

fn division(chief: &mut Client, event: i64, plan: Value, players: usize) -> i64 {
    let d = created(chief.post_json(
        &format!("/api/v1/individual/events/{event}/divisions"),
        &json!({"name": "A", "plan": plan}),
    ));
    let id = d["id"].as_i64().unwrap();
    for n in 1..=players {
        created(chief.post_json(
            &format!("/api/v1/individual/divisions/{id}/players"),
            &json!({"name": format!("Player {n}"), "rating": 1500}),
        ));
    }
    id
}

fn pair(chief: &mut Client, d: i64) -> Value {
    created(chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds"),
        &json!({}),
    ))
}

fn lines(round: &Value) -> Vec<(i64, Option<i64>)> {
    round["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["a"].as_i64().unwrap(), l["b"].as_i64()))
        .collect()
}

/// Records every game of the round with the scores `score` gives by table order.
fn results(
    chief: &mut Client,
    d: i64,
    round: u32,
    paired: &Value,
    score: impl Fn(usize) -> (i32, i32),
) {
    let text: Vec<String> = lines(paired)
        .iter()
        .filter_map(|&(a, b)| Some((a, b?)))
        .enumerate()
        .map(|(i, (a, b))| {
            let (sa, sb) = score(i);
            format!("{a} {sa} {b} {sb}")
        })
        .collect();
    let r = ok(chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds/{round}/results"),
        &json!({"text": text.join("\n")}),
    ));
    assert!(r["missing"].as_array().unwrap().is_empty(), "{r}");
}

// Rule E2, issue 18: king of the hill pairs 1 v 2, 3 v 4, … in the standings' order, ties on
// wins and spread broken by total score as the printed standings break them.
#[test]
fn e2_king_of_the_hill_pairs_in_the_printed_standings_order_total_score_included() {
    let app = spawn_app();
    let (mut chief, event) = event(&app);
    let plan = json!([{"first": 1, "last": 1, "method": "swiss"},
                      {"first": 2, "last": 2, "method": "king_of_the_hill"}]);
    let d = division(&mut chief, event, plan, 6);
    let r1 = pair(&mut chief, d);
    // Every winner +100, every loser -100: only total score orders them; the lower tables
    // score more, so the number order and the standings order differ.
    results(&mut chief, d, 1, &r1, |i| {
        let i = i32::try_from(i).unwrap();
        (400 + 50 * i, 300 + 50 * i)
    });
    let s = ok(chief.get(&format!("/api/v1/individual/divisions/{d}/standings")));
    let rows: Vec<(i64, f64, i64, i64)> = s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["number"].as_i64().unwrap(),
                l["wins"].as_f64().unwrap(),
                l["spread"].as_i64().unwrap(),
                l["points"].as_i64().unwrap(),
            )
        })
        .collect();
    let mut by_number_ties = rows.clone();
    by_number_ties.sort_by(|x, y| y.1.total_cmp(&x.1).then(y.2.cmp(&x.2)).then(x.0.cmp(&y.0)));
    assert_ne!(rows, by_number_ties, "total score decides some ties: {s}");
    let order: Vec<i64> = rows.iter().map(|r| r.0).collect();
    let r2 = pair(&mut chief, d);
    let mut got: Vec<(i64, i64)> = lines(&r2)
        .iter()
        .map(|&(a, b)| (a.min(b.unwrap()), a.max(b.unwrap())))
        .collect();
    got.sort_unstable();
    let mut want: Vec<(i64, i64)> = order
        .chunks(2)
        .map(|p| (p[0].min(p[1]), p[0].max(p[1])))
        .collect();
    want.sort_unstable();
    assert_eq!(got, want, "standings {order:?}, round 2 {r2}");
}

fn met(rounds: &[Value]) -> Vec<(i64, i64)> {
    rounds
        .iter()
        .flat_map(lines)
        .filter_map(|(a, b)| b.map(|b| (a.min(b), a.max(b))))
        .collect()
}

// Rule E1, issue 18: a late entry after round 2 of a 7-round round robin of eight: rounds 1-2
// stand, rounds 3-7 pair the nine players with no game repeated; everyone meets everyone at
// most once, and the late entry has no game before round 3.
#[test]
fn e1_a_late_entry_after_round_2_of_a_round_robin_repeats_no_game() {
    let app = spawn_app();
    let (mut chief, event) = event(&app);
    let d = division(
        &mut chief,
        event,
        json!([{"first": 1, "last": 7, "method": "round_robin"}]),
        8,
    );
    let mut rounds = vec![pair(&mut chief, d), pair(&mut chief, d)];
    let before = rounds.clone();
    let late = created(chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/players"),
        &json!({"name": "Late Larry"}),
    ));
    assert_eq!(
        (late["number"].as_i64(), late["first_round"].as_i64()),
        (Some(9), Some(3))
    );
    for _ in 3..=7 {
        rounds.push(pair(&mut chief, d));
    }
    for (r, round) in rounds.iter().enumerate() {
        let mut seen: Vec<i64> = lines(round)
            .iter()
            .flat_map(|&(a, b)| std::iter::once(a).chain(b))
            .collect();
        seen.sort_unstable();
        let want: Vec<i64> = (1..=if r < 2 { 8 } else { 9 }).collect();
        assert_eq!(seen, want, "round {}: everyone once", r + 1);
    }
    for r in 1..=2 {
        let again = ok(chief.get(&format!("/api/v1/individual/divisions/{d}/rounds/{r}")));
        assert_eq!(lines(&again), lines(&before[r - 1]), "round {r} stands");
    }
    let games = met(&rounds);
    let distinct: std::collections::HashSet<_> = games.iter().collect();
    assert_eq!(distinct.len(), games.len(), "a game repeated: {games:?}");
}

// Rule E1, issue 18: a withdrawal before the last round of a five-player round robin leaves no
// repeat-free last round: 422 naming why, nothing paired; the director then pairs the round by
// hand, every line given.
#[test]
fn e1_a_round_robin_that_would_repeat_is_refused_with_the_reason_then_paired_by_hand() {
    let app = spawn_app();
    let (mut chief, event) = event(&app);
    let plan = json!([{"first": 1, "last": 5, "method": "round_robin"}]);
    // A twin division shows round 5 as the Berger table plays it.
    let twin = division(&mut chief, event, plan.clone(), 5);
    let d = {
        let d = created(chief.post_json(
            &format!("/api/v1/individual/events/{event}/divisions"),
            &json!({"name": "B", "plan": plan}),
        ));
        let id = d["id"].as_i64().unwrap();
        for n in 1..=5 {
            created(chief.post_json(
                &format!("/api/v1/individual/divisions/{id}/players"),
                &json!({"name": format!("Player {n}"), "rating": 1500}),
            ));
        }
        id
    };
    for _ in 1..=4 {
        pair(&mut chief, twin);
        pair(&mut chief, d);
    }
    let (gone, _) = lines(&pair(&mut chief, twin))
        .into_iter()
        .find(|l| l.1.is_some())
        .unwrap();
    ok(chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/players/{gone}/withdraw"),
        &json!({}),
    ));
    let r = chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds"),
        &json!({}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["field"], "lines", "{}", r.body);
    assert!(
        r.body
            .contains("avoids repeating a game of this round-robin cycle"),
        "{}",
        r.body
    );
    let ev = ok(chief.get(&format!("/api/v1/individual/events/{event}")));
    assert_eq!(ev["divisions"][1]["rounds_paired"], 4, "nothing paired");
    let left: Vec<i64> = (1..=5).filter(|&n| n != gone).collect();
    let by_hand = json!({"lines": [{"a": left[0], "b": left[1]}, {"a": left[2], "b": left[3]}]});
    let r5 = created(chief.post_json(
        &format!("/api/v1/individual/divisions/{d}/rounds"),
        &by_hand,
    ));
    assert_eq!(r5["round"], 5);
    assert!(
        r5["lines"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["manual"] == true),
        "{r5}"
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

fn marks(s: &Value) -> Vec<(i64, bool, Value)> {
    s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["gibsonized"] == true || !l["first_place"].is_null())
        .map(|l| {
            (
                l["number"].as_i64().unwrap(),
                l["gibsonized"].as_bool().unwrap(),
                l["first_place"].clone(),
            )
        })
        .collect()
}

/// The numbers of the page's rows carrying `attr`.
fn rows_with(page: &str, attr: &str) -> Vec<String> {
    page.split("<tr data-player=\"")
        .skip(1)
        .filter(|row| row.split('>').next().unwrap_or("").contains(attr))
        .map(|row| row.split('"').next().unwrap_or("").to_owned())
        .collect()
}

// Issue 18 (Gibsonization): "Gibsonized" marks the player the round being played (or paired
// next) pairs as Gibsonized: Able after round 4 of 5 and during round 5; once round 5 is
// complete nobody is Gibsonized and Able is the winner, in the standings JSON and on the page.
#[test]
fn the_gibsonized_mark_ends_with_the_plan_and_the_winner_is_marked_won() {
    let app = spawn_app();
    let (mut chief, event) = event(&app);
    let d = created(chief.post_json(
        &format!("/api/v1/individual/events/{event}/divisions/import"),
        &json!({"name": "A", "plan": [{"first": 1, "last": 5, "method": "swiss"}],
                "gibson_prizes": 1, "file": CLINCHING}),
    ))["id"]
        .as_i64()
        .unwrap();
    let standings =
        |c: &mut Client| ok(c.get(&format!("/api/v1/individual/divisions/{d}/standings")));
    let r4 = pair(&mut chief, d);
    results(&mut chief, d, 4, &r4, score_round(&r4));
    assert_eq!(
        marks(&standings(&mut chief)),
        vec![(1, true, json!("clinched"))]
    );
    let r5 = pair(&mut chief, d);
    assert_eq!(
        marks(&standings(&mut chief)),
        vec![(1, true, json!("clinched"))],
        "during round 5"
    );
    results(&mut chief, d, 5, &r5, score_round(&r5));
    assert_eq!(
        marks(&standings(&mut chief)),
        vec![(1, false, json!("won"))]
    );
    let page = app
        .client()
        .get(&format!("/individual/divisions/{d}/standings"));
    assert_eq!(page.status, 200);
    assert!(
        rows_with(&page.body, "data-gibsonized").is_empty(),
        "{}",
        page.body
    );
    assert_eq!(
        rows_with(&page.body, "data-first-place=\"won\""),
        ["1"],
        "{}",
        page.body
    );
    assert!(
        page.body.contains("data-mark=\"won\">Winner</span>"),
        "{}",
        page.body
    );
}

/// Scores for a round's games in table order: Able (1) wins 450-300 whichever side; every other
/// game the first player wins 380-370.
fn score_round(round: &Value) -> impl Fn(usize) -> (i32, i32) {
    let games: Vec<(i64, i64)> = lines(round)
        .iter()
        .filter_map(|&(a, b)| Some((a, b?)))
        .collect();
    move |i| match games[i] {
        (1, _) => (450, 300),
        (_, 1) => (300, 450),
        _ => (380, 370),
    }
}

/// Sign-in-free phone status of `player` with `pin` on the server at `base`.
fn status(base: &str, d: i64, player: i64, pin: &str) -> Resp {
    Client::new(base).post_json(
        &format!("/api/v1/individual/divisions/{d}/phone/status"),
        &json!({"player": player, "pin": pin}),
    )
}

/// Wrong PINs sent to two instances on one database count together: three on the first and
/// two on the second lock the player on both, the right PIN included; another player is free.
fn wrong_pins_count_across_instances(app: TestApp) {
    let (mut chief, event) = event(&app);
    let d = division(
        &mut chief,
        event,
        json!([{"first": 1, "last": 3, "method": "round_robin"}]),
        4,
    );
    pair(&mut chief, d);
    let sheet = ok(chief.get(&format!("/api/v1/individual/divisions/{d}/pins")));
    let pin = |n: i64| {
        sheet["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["number"] == n)
            .unwrap()["pin"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (pin1, pin2) = (pin(1), pin(2));
    let wrong = if pin1 == "111111" { "222222" } else { "111111" };
    let mut settings = settings_for(&app.db);
    settings.secret = app.secret.clone();
    let second = start(arbiter::startup::prepare(&settings).unwrap());
    for base in [&app.base, &app.base, &app.base, &second.base, &second.base] {
        assert_eq!(status(base, d, 1, wrong).status, 403);
    }
    for base in [&app.base, &second.base] {
        let r = status(base, d, 1, &pin1);
        assert_eq!(r.status, 429, "{base}: {}", r.body);
        assert!(r.header("retry-after").is_some());
    }
    assert_eq!(status(&second.base, d, 2, &pin2).status, 200);
}

// Issue 18: the PIN throttle's counts are the database's (PostgreSQL: several instances).
#[test]
fn with_postgresql_two_instances_count_wrong_pins_together() {
    wrong_pins_count_across_instances(TestApp::builder().postgres().spawn());
}

// Issue 18: the same on SQLite (one instance and a restart share the file's counts).
#[test]
fn on_the_default_database_wrong_pins_are_counted_in_it() {
    wrong_pins_count_across_instances(spawn_app());
}

// Issue 18, table devices per division: table numbers restart in each division, so a table
// device may be limited to one division (`division_id` on its grant): table 1 of division A
// takes its slip, table 1 of division B refuses it (403, nothing recorded). A grant without a
// division serves that table in every division, as before. Refused with the field named, and
// nothing granted: a division of another event, a division on another role's grant.
#[test]
fn a_table_device_limited_to_a_division_is_refused_on_another_division() {
    let app = spawn_app();
    let (mut chief, event) = event(&app);
    let plan = json!([{"first": 1, "last": 3, "method": "round_robin"}]);
    let a = division(&mut chief, event, plan.clone(), 4);
    let b = {
        let d = created(chief.post_json(
            &format!("/api/v1/individual/events/{event}/divisions"),
            &json!({"name": "B", "plan": plan}),
        ))["id"]
            .as_i64()
            .unwrap();
        for n in 1..=4 {
            created(chief.post_json(
                &format!("/api/v1/individual/divisions/{d}/players"),
                &json!({"name": format!("B player {n}")}),
            ));
        }
        d
    };
    pair(&mut chief, a);
    pair(&mut chief, b);
    let account = |chief: &mut Client, name: &str, division: Option<i64>| {
        chief.post_json(
            &format!("/api/v1/events/{event}/accounts"),
            &json!({"username": name, "password": PASSWORD, "role": "table", "table": 1,
                    "division_id": division}),
        )
    };
    let made = created(account(&mut chief, "board-a1", Some(a)));
    assert_eq!(made["grant"]["division_id"], a, "{made}");
    created(account(&mut chief, "board-any1", None));
    let slip = |who: &str, d: i64| {
        let mut c = app.client();
        c.bearer = Some(app.token(who, PASSWORD));
        c.post_json(
            &format!("/api/v1/individual/divisions/{d}/rounds/1/tables/1/slip"),
            &json!({"action": "scores", "side": "a", "score_a": 400, "score_b": 350}),
        )
    };
    let log = |chief: &mut Client, d: i64| {
        ok(chief.get(&format!(
            "/api/v1/individual/divisions/{d}/rounds/1/tables/1/slip"
        )))["log"]
            .clone()
    };
    let refused = slip("board-a1", b);
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert_eq!(log(&mut chief, b), json!([]), "nothing recorded on B");
    ok(slip("board-a1", a));
    assert_eq!(log(&mut chief, a), json!(["entry"]));
    // The event-wide device serves table 1 of both divisions.
    ok(slip("board-any1", b));
    assert_eq!(log(&mut chief, b), json!(["entry"]));

    // Refusals (400) name the field and grant nothing.
    let other = created(chief.post_json(
        "/api/v1/individual/events",
        &json!({"name": "Another Open", "public": true}),
    ))["id"]
        .as_i64()
        .unwrap();
    let elsewhere = division(
        &mut chief,
        other,
        json!([{"first": 1, "last": 1, "method": "swiss"}]),
        0,
    );
    let grants_before = ok(chief.get(&format!("/api/v1/events/{event}/grants")));
    let r = account(&mut chief, "board-x1", Some(elsewhere));
    assert_eq!(
        (r.status, r.json()["field"].clone()),
        (400, json!("division_id")),
        "{}",
        r.body
    );
    app.bearer("pic-1", false);
    let r = chief.post_json(
        &format!("/api/v1/events/{event}/grants"),
        &json!({"username": "pic-1", "role": "pic", "division_id": a}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.json()["field"], "division_id", "{}", r.body);
    assert_eq!(
        ok(chief.get(&format!("/api/v1/events/{event}/grants"))),
        grants_before
    );
    let r = app.client().post_json(
        "/api/v1/auth/token",
        &json!({"username": "board-x1", "password": PASSWORD}),
    );
    assert_eq!(r.status, 401, "no account made: {}", r.body);
}

// Issue 18, table devices per division, on the director's grant form: the event's divisions
// to choose from (none: all divisions); a division of another event refused on the re-rendered
// form with the field marked, nothing granted; the event's own division granted.
#[test]
fn the_grant_form_offers_the_event_s_divisions_for_a_table_device() {
    let app = spawn_app();
    let (mut chief, event) = event(&app);
    let a = division(
        &mut chief,
        event,
        json!([{"first": 1, "last": 1, "method": "swiss"}]),
        2,
    );
    let (_, other) = {
        let ev = created(chief.post_json(
            "/api/v1/individual/events",
            &json!({"name": "Another Open", "public": true}),
        ));
        ((), ev["id"].as_i64().unwrap())
    };
    let elsewhere = division(
        &mut chief,
        other,
        json!([{"first": 1, "last": 1, "method": "swiss"}]),
        0,
    );
    app.create_user("boss", PASSWORD, true);
    app.create_user("board-1", PASSWORD, false);
    let mut boss = app.client();
    assert_eq!(boss.login_form("boss", PASSWORD).status, 303);
    let page = boss.get(&format!("/events/{event}"));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains(r#"<select name="division_id""#),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains(&format!(r#"<option value="{a}">A</option>"#)),
        "{}",
        page.body
    );
    assert!(page.body.contains("All divisions"), "{}", page.body);
    let csrf = boss.csrf_from(&format!("/events/{event}"));
    let grants_before = ok(chief.get(&format!("/api/v1/events/{event}/grants")));
    let form = |d: String| {
        vec![
            ("csrf".to_owned(), csrf.clone()),
            ("username".to_owned(), "board-1".to_owned()),
            ("role".to_owned(), "table".to_owned()),
            ("team_id".to_owned(), String::new()),
            ("table".to_owned(), "1".to_owned()),
            ("division_id".to_owned(), d),
        ]
    };
    let post = |boss: &mut Client, f: Vec<(String, String)>| {
        let f: Vec<(&str, &str)> = f.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        boss.post_form(&format!("/events/{event}/grants"), &f)
    };
    let r = post(&mut boss, form(elsewhere.to_string()));
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("is not in this event"), "{}", r.body);
    assert!(
        r.body
            .contains(r#"<select name="division_id" aria-invalid="true""#),
        "{}",
        r.body
    );
    assert_eq!(
        ok(chief.get(&format!("/api/v1/events/{event}/grants"))),
        grants_before
    );
    let r = post(&mut boss, form(a.to_string()));
    assert_eq!(r.status, 303, "{}", r.body);
    let grants = ok(chief.get(&format!("/api/v1/events/{event}/grants")));
    let g = grants
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["username"] == "board-1")
        .unwrap();
    assert_eq!(
        (g["division_id"].as_i64(), g["table"].as_i64()),
        (Some(a), Some(1)),
        "{grants}"
    );
    // The grant's line names its division.
    let page = boss.get(&format!("/events/{event}"));
    assert!(page.body.contains(" · A</td>"), "{}", page.body);
}
