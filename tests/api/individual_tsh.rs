//! Issue 18: TSH files shaped as real ones (tests/data/tsh) taken over by Arbiter: imported
//! mid-event, the standings TSH's way, the `.t` exported as TSH writes it and imported again
//! to the same division, `tourney.js` in TSH's shape, and broken files refused with their line.

use serde_json::{Value, json};

use arbiter::rules::individual::tsh::{self, Player};

use crate::helpers::*;

fn fixture(name: &str) -> String {
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/tsh")
            .join(name),
    )
    .unwrap()
}

fn setup() -> (TestApp, Client, i64) {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let ev = created(chief.post_json(
        "/api/v1/individual/events",
        &json!({"name": "Taken Over Open", "public": true}),
    ));
    let id = ev["id"].as_i64().unwrap();
    (app, chief, id)
}

fn import(chief: &mut Client, event: i64, name: &str, file: &str) -> Value {
    created(chief.post_json(
        &format!("/api/v1/individual/events/{event}/divisions/import"),
        &json!({"name": name, "plan": [{"first": 1, "last": 7, "method": "swiss"}], "file": file}),
    ))
}

fn export(app: &TestApp, division: i64) -> String {
    let out = app.client().get(&format!(
        "/api/v1/individual/divisions/{division}/division.t"
    ));
    assert_eq!(out.status, 200, "{}", out.body);
    out.body
}

/// What Arbiter computes of a line: name, rating, opponents, scores, tables, off, firsts.
fn kept(p: &Player) -> Player {
    Player {
        fields: p
            .fields
            .iter()
            .filter(|(k, _)| ["board", "off", "p12"].contains(&k.as_str()))
            .cloned()
            .collect(),
        ..p.clone()
    }
}

/// (number, wins, losses, spread) by number.
fn table(s: &Value) -> Vec<(i64, f64, i64, i64)> {
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
            )
        })
        .collect();
    v.sort_by_key(|x| x.0);
    v
}

// Issue 18: a division taken over mid-way (round 4 paired, not scored; a player off with
// TSH's -50 byes) counts as TSH counts it, and its .t comes back as it went in.
#[test]
fn a_mid_event_tsh_file_is_taken_over_and_exported_as_it_went_in() {
    let (app, mut chief, event) = setup();
    let file = fixture("mid_event.t");
    let d = import(&mut chief, event, "A", &file);
    assert_eq!(d["rounds_paired"], 4, "{d}");
    let id = d["id"].as_i64().unwrap();
    let s = ok(chief.get(&format!("/api/v1/individual/divisions/{id}/standings")));
    let t = table(&s);
    // Okafor: 432-389, 365-410, 444-350; Nguyễn: 455-401, a bye (+50), 368-377; Kowalczyk:
    // a bye, 410-365, then off with two -50 byes.
    assert_eq!(t[0], (1, 2.0, 1, 43 - 45 + 94), "{s}");
    assert_eq!(t[5], (6, 2.0, 1, 54 + 50 - 9), "{s}");
    assert_eq!(t[8], (9, 2.0, 2, 50 + 45 - 50 - 50), "{s}");
    // The tie of round 1 is half a win each.
    assert_eq!(t[2].1, 1.5, "{s}");
    let ev = ok(chief.get(&format!("/api/v1/individual/events/{event}")));
    assert_eq!(
        ev["divisions"][0]["withdrawals"].as_array().map(Vec::len),
        Some(1),
        "{ev}"
    );
    // Exported: the same players, pairings, scores (round 4 still unscored), firsts, tables
    // and `off`, in TSH's layout.
    let out = export(&app, id);
    let before = tsh::read("A", &file).unwrap();
    let after = tsh::read("A", &out).unwrap();
    let (x, y): (Vec<_>, Vec<_>) = (
        before.players.iter().map(kept).collect(),
        after.players.iter().map(kept).collect(),
    );
    assert_eq!(x, y, "{out}");
    // Byte for byte: the fields Arbiter does not compute (class, team, rtime, time, newr,
    // rrank) are kept as the file had them.
    assert_eq!(out, file);
    // Imported again and exported: the same file.
    let again = import(&mut chief, event, "B", &out);
    let id2 = again["id"].as_i64().unwrap();
    assert_eq!(export(&app, id2), out);
    let s2 = ok(chief.get(&format!("/api/v1/individual/divisions/{id2}/standings")));
    assert_eq!(table(&s2), t);
}

// Issue 18: tourney.js in TSH's shape, read the way coverage tools read it.
#[test]
fn tourney_js_of_a_taken_over_event_is_what_coverage_tools_read() {
    let (app, mut chief, event) = setup();
    import(&mut chief, event, "A", &fixture("mid_event.t"));
    let js = app
        .client()
        .get(&format!("/api/v1/individual/events/{event}/tourney.js"));
    assert_eq!(js.status, 200, "{}", js.body);
    // As the tools parse it: what follows `newt=`, without the final `;`.
    let body = js.body.strip_prefix("newt=").unwrap();
    let doc: Value = serde_json::from_str(body.trim_end().trim_end_matches(';')).unwrap();
    assert_eq!(doc["config"]["event_name"], "Taken Over Open");
    assert_eq!(doc["config"]["max_rounds"], 7);
    let div = &doc["divisions"][0];
    assert_eq!(
        (div["name"].as_str(), div["maxr"].as_i64()),
        (Some("A"), Some(6))
    );
    assert_eq!(div["maxrp"], 3, "{div}");
    let players = div["players"].as_array().unwrap();
    assert!(players[0].is_null());
    assert_eq!(players.len(), 10);
    let okafor = &players[1];
    assert_eq!(okafor["id"], 1);
    assert_eq!(okafor["pairings"], json!([5, 9, 2, 3]));
    assert_eq!(okafor["scores"], json!([432, 365, 444]));
    assert_eq!(okafor["etc"]["p12"], json!([1, 1, 2, 1]));
    assert_eq!(okafor["etc"]["board"], json!([1, 2, 1, 1]));
    assert_eq!(okafor["etc"]["newr"].as_array().map(Vec::len), Some(4));
    assert_eq!(players[9]["etc"]["off"], json!([-50]));
    // Every player's opponent, by index, has the same round.
    for p in &players[1..] {
        for (r, o) in p["pairings"].as_array().unwrap().iter().enumerate() {
            let o = o.as_u64().unwrap();
            if o > 0 {
                let back = &players[usize::try_from(o).unwrap()]["pairings"][r];
                assert_eq!(back, &p["id"], "round {}", r + 1);
            }
        }
    }
}

// Issue 18: a roster before round 1 (byte order mark, CRLF, comments, a pair's rating) and a
// file with unset values (`00`) and CR line ends are taken over.
#[test]
fn a_roster_and_a_file_with_unset_values_are_taken_over() {
    let (app, mut chief, event) = setup();
    let d = import(&mut chief, event, "A", &fixture("roster.t"));
    assert_eq!(d["rounds_paired"], 0, "{d}");
    let id = d["id"].as_i64().unwrap();
    let back = tsh::read("A", &export(&app, id)).unwrap();
    let names: Vec<(&str, i32)> = back
        .players
        .iter()
        .map(|p| (p.name.as_str(), p.rating))
        .collect();
    assert_eq!(names[2], ("Ó Súilleabháin, Pádraig", 1455));
    assert_eq!(names[4], ("Team Two  Ann Lee+Bo Chan", 1500));
    assert_eq!(names.len(), 7);
    let d = import(&mut chief, event, "B", &fixture("gaps.t"));
    assert_eq!(d["rounds_paired"], 3, "{d}");
    let id = d["id"].as_i64().unwrap();
    let back = tsh::read("B", &export(&app, id)).unwrap();
    // Round 2's unscored game before round 3's result: not scored (00), and counted nowhere.
    assert_eq!(back.players[1].scores, vec![Some(350), None, Some(390)]);
    // Not paired in round 1: no game, as TSH writes a round a player sat out.
    assert_eq!(back.players[4].opponents, vec![Some(0), Some(6), Some(6)]);
    let s = ok(chief.get(&format!("/api/v1/individual/divisions/{id}/standings")));
    assert_eq!(table(&s)[4], (5, 1.0, 0, 24), "{s}");
}

// Issue 18: a broken file is refused naming its line, and nothing is created.
#[test]
fn a_broken_tsh_file_is_refused_with_its_line_and_creates_nothing() {
    let (_app, mut chief, event) = setup();
    for (name, line) in [
        ("invalid/asymmetric.t", "line 3"),
        ("invalid/not_a_number.t", "line 3"),
        ("invalid/score_without_pairing.t", "line 2"),
    ] {
        let r = chief.post_json(
            &format!("/api/v1/individual/events/{event}/divisions/import"),
            &json!({"name": "A", "plan": [{"first": 1, "last": 7, "method": "swiss"}], "file": fixture(name)}),
        );
        assert_eq!(r.status, 400, "{name}: {}", r.body);
        assert_eq!(r.json()["field"], "file", "{}", r.body);
        assert!(r.body.contains(line), "{name}: {}", r.body);
    }
    let ev = ok(chief.get(&format!("/api/v1/individual/events/{event}")));
    assert_eq!(ev["divisions"].as_array().map(Vec::len), Some(0), "{ev}");
}

// Issue 18: TSH reads .t files in ISO-8859-1 unless configured otherwise: the export is
// written so when asked, refused when a name cannot be, and the encoding is checked.
#[test]
fn a_t_file_is_exported_in_latin1_for_tsh_s_default_encoding() {
    let (app, mut chief, event) = setup();
    let d = import(&mut chief, event, "A", &fixture("complete_2006.t"));
    let id = d["id"].as_i64().unwrap();
    let path = format!("/api/v1/individual/divisions/{id}/division.t");
    let (res, bytes) = app
        .client()
        .get_bytes(&format!("{path}?encoding=latin1"), &[]);
    assert_eq!(res.status, 200);
    assert!(
        res.headers["content-type"].contains("iso-8859-1"),
        "{:?}",
        res.headers
    );
    // "Ferreira, Luís": í is one byte, 0xED.
    assert!(bytes.windows(4).any(|w| w == b"Lu\xeds"));
    let text: String = bytes.iter().map(|&b| char::from(b)).collect();
    assert_eq!(text, export(&app, id));
    // Nguyễn has no ISO-8859-1 code: refused, naming the option.
    let d = import(&mut chief, event, "B", &fixture("mid_event.t"));
    let r = app.client().get(&format!(
        "/api/v1/individual/divisions/{}/division.t?encoding=latin1",
        d["id"]
    ));
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["field"], "encoding");
    let r = app.client().get(&format!("{path}?encoding=ebcdic"));
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.json()["field"], "encoding");
}

// Issue 18: a player refused after reading (a rating out of range) is named with its line.
#[test]
fn a_player_refused_after_reading_is_named_with_its_line() {
    let (_app, mut chief, event) = setup();
    let file = "# roster\n\nAble, Ann 1800\nBaker, Bo 99999\n";
    let r = chief.post_json(
        &format!("/api/v1/individual/events/{event}/divisions/import"),
        &json!({"name": "A", "plan": [{"first": 1, "last": 7, "method": "swiss"}], "file": file}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.json()["field"], "file");
    assert!(r.body.contains("line 4: player 2: rating"), "{}", r.body);
}

// Issue 18 (rule E2): a player withdrawn after their round was paired (their game forfeited,
// +50 to the opponent) comes back from the exported .t withdrawn from that round: the rounds
// after it are no game (opponent 0, score 0 in TSH's meaning), not 0-0 byes, and the
// standings and results agree with the original.
#[test]
fn a_withdrawal_after_a_paired_round_survives_export_and_import() {
    let (app, mut chief, event) = setup();
    let d = import(&mut chief, event, "A", &fixture("mid_event.t"));
    let id = d["id"].as_i64().unwrap();
    let base = format!("/api/v1/individual/divisions/{id}");
    // Round 4 paired (1-3, 2-4, 5-7, 6-8): Smith Jr. (7) withdraws before his game is scored.
    ok(chief.post_json(
        &format!("{base}/rounds/4/results"),
        &json!({"text": "1 400 3 380\n2 390 4 420\n6 410 8 400\n"}),
    ));
    let w = ok(chief.post_json(
        &format!("{base}/players/7/withdraw"),
        &json!({"reason": "ill"}),
    ));
    assert_eq!(w["withdrawn_round"], 4, "{w}");
    for round in [5, 6] {
        let r = created(chief.post_json(&format!("{base}/rounds"), &json!({})));
        let text: String = r["lines"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|l| Some(format!("{} 400 {} 350\n", l["a"], l["b"].as_i64()?)))
            .collect();
        assert!(!text.contains(" 7 ") && !text.starts_with("7 "), "{r}");
        ok(chief.post_json(
            &format!("{base}/rounds/{round}/results"),
            &json!({ "text": text }),
        ));
    }
    let out = export(&app, id);
    let file = tsh::read("A", &out).unwrap();
    let smith = &file.players[6];
    // The forfeit: no opponent, -50; its opponent (de la Cruz) +50; then no game, and `off`.
    assert_eq!(smith.opponents[3..], [Some(0), Some(0), Some(0)], "{out}");
    assert_eq!(smith.scores[3..], [Some(-50), Some(0), Some(0)], "{out}");
    assert_eq!(file.players[4].scores[3], Some(50), "{out}");
    assert_eq!(smith.field("off"), Some(&["0".to_owned()][..]), "{out}");
    let again = import(&mut chief, event, "B", &out);
    let id2 = again["id"].as_i64().unwrap();
    let ev = ok(chief.get(&format!("/api/v1/individual/events/{event}")));
    let recs = ev["divisions"][1]["withdrawals"].as_array().unwrap();
    let smith_rec = recs.iter().find(|r| r["number"] == 7).unwrap();
    assert_eq!(smith_rec["from_round"], 4, "{ev}");
    let s = ok(chief.get(&format!("{base}/standings")));
    let s2 = ok(chief.get(&format!("/api/v1/individual/divisions/{id2}/standings")));
    assert_eq!(table(&s2), table(&s));
    assert_eq!(export(&app, id2), out);
    // The results page: no line for Smith Jr. after round 4 (no 0-0 byes).
    for round in [5, 6] {
        let page = app.client().get(&format!(
            "/individual/divisions/{id2}/results?round={round}"
        ));
        assert_eq!(page.status, 200);
        let r = ok(chief.get(&format!(
            "/api/v1/individual/divisions/{id2}/rounds/{round}"
        )));
        let lines = r["lines"].as_array().unwrap();
        assert!(
            lines.iter().all(|l| l["a"] != 7 && l["b"] != 7),
            "round {round}: {r}"
        );
    }
    let csv = |d: i64| {
        let r = app
            .client()
            .get(&format!("/api/v1/individual/divisions/{d}/results.csv"));
        assert_eq!(r.status, 200, "{}", r.body);
        r.body
    };
    // The forfeit's sides are not in the file (p12 0): its line is the same game either way.
    let original = csv(id).replace(
        "4,3,7,\"Smith Jr., Robert\",,5,\"de la Cruz, Ana\",",
        "4,3,5,\"de la Cruz, Ana\",,7,\"Smith Jr., Robert\",",
    );
    assert_eq!(csv(id2), original);
}

// Issue 18: tourney.js carries TSH's `rrank` per player: the seed, then the rank after each
// round with results, as the standings ranked them once that round was in.
#[test]
fn tourney_js_rrank_is_the_rank_after_each_round() {
    let (app, mut chief, event) = setup();
    let d = created(chief.post_json(
        &format!("/api/v1/individual/events/{event}/divisions"),
        &json!({"name": "A", "plan": [{"first": 1, "last": 3, "method": "swiss"}]}),
    ));
    let id = d["id"].as_i64().unwrap();
    let base = format!("/api/v1/individual/divisions/{id}");
    for (name, rating) in [
        ("Ann", 1500),
        ("Bob", 1700),
        ("Cy", 1600),
        ("Di", 1400),
        ("Ed", 1300),
    ] {
        created(chief.post_json(
            &format!("{base}/players"),
            &json!({"name": name, "rating": rating}),
        ));
    }
    let mut after: Vec<Vec<i64>> = vec![Vec::new(); 5];
    for round in 1..=3 {
        let r = created(chief.post_json(&format!("{base}/rounds"), &json!({})));
        // The player going first wins by a spread that differs by table.
        let text: String = r["lines"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .filter_map(|(i, l)| {
                Some(format!(
                    "{} {} {} 350\n",
                    l["a"],
                    360 + 17 * i,
                    l["b"].as_i64()?
                ))
            })
            .collect();
        ok(chief.post_json(
            &format!("{base}/rounds/{round}/results"),
            &json!({ "text": text }),
        ));
        let s = ok(chief.get(&format!("{base}/standings")));
        for l in s["lines"].as_array().unwrap() {
            let n = usize::try_from(l["number"].as_i64().unwrap()).unwrap();
            after[n - 1].push(l["rank"].as_i64().unwrap());
        }
    }
    let js = app
        .client()
        .get(&format!("/api/v1/individual/events/{event}/tourney.js"));
    let body = js.body.strip_prefix("newt=").unwrap();
    let doc: Value = serde_json::from_str(body.trim_end().trim_end_matches(';')).unwrap();
    let players = doc["divisions"][0]["players"].as_array().unwrap();
    // Seeds by rating: Bob 1, Cy 2, Ann 3, Di 4, Ed 5.
    let seeds = [3, 1, 2, 4, 5];
    for (i, p) in players[1..].iter().enumerate() {
        let mut want = vec![seeds[i]];
        want.extend(&after[i]);
        assert_eq!(p["etc"]["rrank"], json!(want), "player {}: {p}", i + 1);
    }
}

// Issue 18: a division with rating classes, teams and TSH's per-round fields (`rtime`,
// `time`, `newr`, `rrank`, `rcrank`, `penalty`) comes back from Arbiter byte for byte; its
// standings rank within each class as the file's `rcrank` does, and tourney.js carries the
// class and `rcrank` (the seed in the class, then the rank in it after each round) as TSH's.
#[test]
fn a_division_with_rating_classes_round_trips_byte_for_byte_and_ranks_within_classes() {
    let (app, mut chief, event) = setup();
    let file = fixture("classes.t");
    let d = import(&mut chief, event, "A", &file);
    let id = d["id"].as_i64().unwrap();
    let players = d["players"].as_array().unwrap();
    assert_eq!(
        (&players[3]["class"], &players[3]["team"]),
        (&json!("B"), &json!("Montréal Nord"))
    );
    assert_eq!(players[6]["team"], "", "{d}");
    assert_eq!(export(&app, id), file);
    // The standings' rank within each class is the file's last `rcrank`.
    let theirs = tsh::read("A", &file).unwrap();
    let s = ok(chief.get(&format!("/api/v1/individual/divisions/{id}/standings")));
    for l in s["lines"].as_array().unwrap() {
        let n = usize::try_from(l["number"].as_i64().unwrap()).unwrap();
        let p = &theirs.players[n - 1];
        let rc: Vec<usize> = p
            .field("rcrank")
            .unwrap()
            .iter()
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(l["class"], p.field("class").unwrap()[0], "{l}");
        assert_eq!(l["class_rank"], json!(rc.last()), "{}: {l}", p.name);
    }
    let js = app
        .client()
        .get(&format!("/api/v1/individual/events/{event}/tourney.js"));
    let doc: Value = serde_json::from_str(
        js.body
            .strip_prefix("newt=")
            .unwrap()
            .trim_end()
            .trim_end_matches(';'),
    )
    .unwrap();
    let ps = doc["divisions"][0]["players"].as_array().unwrap();
    for (i, p) in theirs.players.iter().enumerate() {
        let etc = &ps[i + 1]["etc"];
        let nums = |k: &str| -> Value {
            json!(
                p.field(k)
                    .unwrap()
                    .iter()
                    .map(|v| v.parse::<i64>().unwrap())
                    .collect::<Vec<_>>()
            )
        };
        assert_eq!(etc["class"], json!(p.field("class").unwrap()), "{etc}");
        assert_eq!(etc["rcrank"], nums("rcrank"), "{}: {etc}", p.name);
        assert_eq!(etc["rrank"], nums("rrank"), "{}: {etc}", p.name);
        assert_eq!(etc["rtime"], nums("rtime"), "{etc}");
    }
    // Imported again from the export: the same file again.
    let again = import(&mut chief, event, "B", &export(&app, id));
    assert_eq!(export(&app, again["id"].as_i64().unwrap()), file);
}

// Issue 18: a `.t` class or team longer than Arbiter keeps (40 characters) is refused naming
// its line and field, and nothing is created.
#[test]
fn a_class_or_team_too_long_is_refused_at_its_line() {
    let (_app, mut chief, event) = setup();
    for (key, line) in [("class", 2), ("team", 3)] {
        let long = "x".repeat(41);
        let file = match line {
            2 => format!("Ann 1500\nBob 1400; ; {key} {long}\n"),
            _ => format!("Ann 1500\n\nBob 1400; ; {key} {long}\n"),
        };
        let r = chief.post_json(
            &format!("/api/v1/individual/events/{event}/divisions/import"),
            &json!({"name": "A", "plan": [{"first": 1, "last": 7, "method": "swiss"}], "file": file}),
        );
        assert_eq!(r.status, 400, "{}", r.body);
        assert_eq!(r.json()["field"], "file", "{}", r.body);
        assert!(
            r.body.contains(&format!(
                "line {line}: player 2: {key}: at most 40 characters"
            )),
            "{}",
            r.body
        );
    }
    let ev = ok(chief.get(&format!("/api/v1/individual/events/{event}")));
    assert_eq!(ev["divisions"].as_array().map(Vec::len), Some(0), "{ev}");
}
