//! Issue 18: the public pages players refresh between rounds, signed out: a division's
//! standings (Gibsonized leader marked), pairings by table and alphabetically, results with
//! winner and spread, a page per player (running record, rating change) and per club, the
//! printable sheets, and the home page listing every public event. Private events and unknown
//! divisions, players, clubs and rounds are refused; the event's live stream reaches a signed-out
//! reader of a public individual event.

use serde_json::{Value, json};

use crate::helpers::*;

struct Div {
    app: TestApp,
    chief: Client,
    event_id: i64,
    d: i64,
}

/// A public event, division A: four players of two clubs, round robin over three rounds,
/// Gibsonized for one prize; round 1 paired and scored.
fn scored(public: bool) -> Div {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let ev = created(chief.post_json(
        "/api/v1/individual/events",
        &json!({"name": "Kuching Open", "public": public}),
    ));
    let event_id = ev["id"].as_i64().unwrap();
    let d = created(chief.post_json(
        &format!("/api/v1/individual/events/{event_id}/divisions"),
        &json!({"name": "A", "plan": [{"first": 1, "last": 3, "method": "round_robin"}],
                "gibson_prizes": 1}),
    ))["id"]
        .as_i64()
        .unwrap();
    for (name, rating, club) in [
        ("Zed, Ann", 1600, "Kuala"),
        ("Bob, Ben", 1500, "Kuala"),
        ("Cy, Cat", 1400, "Miri & Co"),
        ("Ali, Dan", 1300, "Miri & Co"),
    ] {
        created(chief.post_json(
            &format!("/api/v1/individual/divisions/{d}/players"),
            &json!({"name": name, "rating": rating, "club": club}),
        ));
    }
    let mut div = Div {
        app,
        chief,
        event_id,
        d,
    };
    div.play_round(&[(420, 380), (300, 350)]);
    div
}

impl Div {
    /// Pairs the next round and records `scores` for its lines by table (first player's first).
    fn play_round(&mut self, scores: &[(i32, i32)]) -> Value {
        let r = created(self.chief.post_json(
            &format!("/api/v1/individual/divisions/{}/rounds", self.d),
            &json!({}),
        ));
        let round = r["round"].as_i64().unwrap();
        let text: String = r["lines"]
            .as_array()
            .unwrap()
            .iter()
            .zip(scores)
            .map(|(l, (a, b))| format!("{} {a} {} {b}\n", l["a"], l["b"]))
            .collect();
        ok(self.chief.post_json(
            &format!(
                "/api/v1/individual/divisions/{}/rounds/{round}/results",
                self.d
            ),
            &json!({ "text": text }),
        ));
        r
    }

    fn page(&self, path: &str) -> String {
        let r = self.app.client().get(path);
        assert_eq!(r.status, 200, "{path}: {}", r.body);
        r.body
    }
}

/// The text of the first element after `marker` (up to the next `<`), inside `row`.
fn cell(row: &str, marker: &str) -> String {
    let at = row
        .find(marker)
        .unwrap_or_else(|| panic!("{marker} in {row}"));
    let rest = &row[at..];
    let rest = &rest[rest.find('>').unwrap() + 1..];
    rest[..rest.find('<').unwrap()].trim().to_owned()
}

/// The rows of `body` that start with `<tr {attr}="…"`, keyed by the attribute's value.
fn rows<'a>(body: &'a str, attr: &str) -> Vec<(String, &'a str)> {
    body.split(&format!("<tr {attr}=\""))
        .skip(1)
        .map(|row| {
            let key = row[..row.find('"').unwrap()].to_owned();
            (key, &row[..row.find("</tr>").unwrap()])
        })
        .collect()
}

#[test]
fn a_division_s_standings_page_shows_each_player_s_record_spread_and_rating_estimate_as_the_api() {
    let t = scored(true);
    let api = ok(t
        .app
        .client()
        .get(&format!("/api/v1/individual/divisions/{}/standings", t.d)));
    let body = t.page(&format!("/individual/divisions/{}/standings", t.d));
    let lines = rows(&body, "data-player");
    assert_eq!(lines.len(), 4, "{body}");
    for ((number, row), want) in lines.iter().zip(api["lines"].as_array().unwrap()) {
        assert_eq!(number, &want["number"].to_string());
        assert_eq!(cell(row, "data-rank"), want["rank"].to_string());
        let record = format!("{}–{}", want["wins"].as_f64().unwrap(), want["losses"]);
        assert_eq!(cell(row, "data-record"), record);
        assert_eq!(cell(row, "data-spread"), want["spread"].to_string());
        assert_eq!(cell(row, "data-estimate"), want["estimate"].to_string());
    }
    // The winner of 350-300 leads with +50; the division is live on the event's stream.
    assert_eq!(cell(lines[0].1, "data-spread"), "50");
    assert!(body.contains(&format!("data-live=\"/events/{}/live\"", t.event_id)));
    assert!(body.contains("href=\"/individual/divisions/"), "{body}");
    // A club with a space and an ampersand links to its page, encoded.
    assert!(body.contains("/clubs/Miri%20%26%20Co"), "{body}");
    // The event page links each division's pages.
    let ev = t.page(&format!("/individual/events/{}", t.event_id));
    for what in ["standings", "pairings", "results"] {
        assert!(
            ev.contains(&format!("href=\"/individual/divisions/{}/{what}\"", t.d)),
            "{ev}"
        );
    }
}

// Gibsonization (issue 18): a lead in wins greater than the rounds left has clinched first.
#[test]
fn a_leader_who_has_clinched_first_is_marked_gibsonized() {
    let mut t = scored(true);
    let d = created(t.chief.post_json(
        &format!("/api/v1/individual/events/{}/divisions", t.event_id),
        &json!({"name": "B", "gibson_prizes": 1, "plan": [
            {"first": 1, "last": 3, "method": "round_robin"}, {"first": 4, "last": 4, "method": "swiss"}]}),
    ))["id"]
        .as_i64()
        .unwrap();
    for name in ["One", "Two", "Three", "Four"] {
        created(t.chief.post_json(
            &format!("/api/v1/individual/divisions/{d}/players"),
            &json!({ "name": name }),
        ));
    }
    // Player 1 wins every game; the others beat each other in a cycle (2 > 3 > 4 > 2): after
    // round 3, 3 wins against 1 each with one round left.
    let beats = |x: i64, y: i64| x == 1 || (y != 1 && matches!((x, y), (2, 3) | (3, 4) | (4, 2)));
    t.d = d;
    for round in 1..=3 {
        let path = format!("/individual/divisions/{d}/standings");
        assert!(!t.page(&path).contains("data-gibsonized"), "round {round}");
        let r = created(t.chief.post_json(
            &format!("/api/v1/individual/divisions/{d}/rounds"),
            &json!({}),
        ));
        let text: String = r["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                let (a, b) = (l["a"].as_i64().unwrap(), l["b"].as_i64().unwrap());
                let (sa, sb) = if beats(a, b) { (400, 300) } else { (300, 400) };
                format!("{a} {sa} {b} {sb}\n")
            })
            .collect();
        ok(t.chief.post_json(
            &format!("/api/v1/individual/divisions/{d}/rounds/{round}/results"),
            &json!({ "text": text }),
        ));
    }
    let body = t.page(&format!("/individual/divisions/{d}/standings"));
    assert!(body.contains("data-player=\"1\" data-gibsonized"), "{body}");
    assert_eq!(body.matches("data-gibsonized").count(), 1, "{body}");
    assert!(body.contains("data-mark=\"gibson\""), "{body}");
}

#[test]
fn pairings_list_every_round_by_table_and_alphabetically_with_side_and_opponent() {
    let mut t = scored(true);
    t.play_round(&[(410, 400), (390, 395)]);
    let body = t.page(&format!("/individual/divisions/{}/pairings", t.d));
    // Latest first.
    let r2 = body.find("data-round=\"2\"").unwrap();
    let r1 = body.find("data-round=\"1\"").unwrap();
    assert!(r2 < r1, "{body}");
    let round1 = &body[r1..];
    let alpha: Vec<String> = rows(round1, "data-alpha")
        .iter()
        .map(|(_, row)| cell(row, "data-name"))
        .collect();
    assert_eq!(alpha, ["Ali, Dan", "Bob, Ben", "Cy, Cat", "Zed, Ann"]);
    let api = ok(t
        .app
        .client()
        .get(&format!("/api/v1/individual/divisions/{}/rounds/1", t.d)));
    for l in api["lines"].as_array().unwrap() {
        let (a, b) = (l["a"].to_string(), l["b"].to_string());
        let row = |n: &str| {
            rows(round1, "data-alpha")
                .into_iter()
                .find(|(k, _)| k == n)
                .unwrap()
                .1
        };
        assert_eq!(cell(row(&a), "data-table"), l["table"].to_string());
        assert!(row(&a).contains("data-side=\"first\""));
        assert!(row(&b).contains("data-side=\"second\""));
        assert!(cell(row(&b), "data-opponent").contains(l["a_name"].as_str().unwrap()));
    }
    // Printable: one round, the latest unless asked, no live stream, a print button.
    let print = t.page(&format!("/individual/divisions/{}/pairings/print", t.d));
    assert!(print.contains("data-round=\"2\"") && !print.contains("data-round=\"1\""));
    assert!(
        print.contains("data-print") && !print.contains("data-live="),
        "{print}"
    );
    assert!(print.contains("/static/individual.css"));
    let print1 = t.page(&format!(
        "/individual/divisions/{}/pairings/print?round=1",
        t.d
    ));
    assert!(print1.contains("data-round=\"1\"") && !print1.contains("data-round=\"2\""));
}

#[test]
fn results_show_scores_winner_and_spread_and_a_pending_game_says_so() {
    let mut t = scored(true);
    // Round 2 paired, only its first line scored.
    let r2 = created(t.chief.post_json(
        &format!("/api/v1/individual/divisions/{}/rounds", t.d),
        &json!({}),
    ));
    let l0 = &r2["lines"][0];
    ok(t.chief.post_json(
        &format!("/api/v1/individual/divisions/{}/rounds/2/results", t.d),
        &json!({"text": format!("{} 333 {} 333", l0["a"], l0["b"])}),
    ));
    let body = t.page(&format!("/individual/divisions/{}/results", t.d));
    let round1 = &body[body.find("data-results=\"1\"").unwrap()..];
    let api = ok(t
        .app
        .client()
        .get(&format!("/api/v1/individual/divisions/{}/rounds/1", t.d)));
    for ((_, row), l) in rows(round1, "data-line")
        .iter()
        .zip(api["lines"].as_array().unwrap())
    {
        let (a, b) = (
            l["score_a"].as_i64().unwrap(),
            l["score_b"].as_i64().unwrap(),
        );
        assert_eq!(cell(row, "data-score-a"), a.to_string());
        assert_eq!(cell(row, "data-score-b"), b.to_string());
        let winner = if a > b { &l["a_name"] } else { &l["b_name"] };
        assert_eq!(cell(row, "data-winner"), winner.as_str().unwrap());
        assert_eq!(cell(row, "data-result-spread"), (a - b).abs().to_string());
    }
    let round2 =
        &body[body.find("data-results=\"2\"").unwrap()..body.find("data-results=\"1\"").unwrap()];
    let lines2 = rows(round2, "data-line");
    assert_eq!(cell(lines2[0].1, "data-winner"), "Tie");
    assert!(lines2[1].1.contains("data-pending"), "{round2}");
    let print = t.page(&format!(
        "/individual/divisions/{}/results/print?round=1",
        t.d
    ));
    assert!(print.contains("data-results=\"1\"") && !print.contains("data-live="));
}

// rule E2: a game left without a result by a player's withdrawal is settled, not awaited: the
// round's line says how it counts (the API, the results page, the director's desk), and stops
// saying so once the withdrawal is taken back.
#[test]
fn a_withdrawn_player_s_unplayed_game_shows_as_a_forfeit_not_as_awaited() {
    let mut t = scored(true);
    let r2 = created(t.chief.post_json(
        &format!("/api/v1/individual/divisions/{}/rounds", t.d),
        &json!({}),
    ));
    let l1 = &r2["lines"][1];
    let (gone, stays) = (l1["b"].as_i64().unwrap(), l1["a"].as_i64().unwrap());
    ok(t.chief.post_json(
        &format!(
            "/api/v1/individual/divisions/{}/players/{gone}/withdraw",
            t.d
        ),
        &json!({"reason": "flight home"}),
    ));
    let round = |t: &mut Div| {
        ok(t.app
            .client()
            .get(&format!("/api/v1/individual/divisions/{}/rounds/2", t.d)))
    };
    let r = round(&mut t);
    assert_eq!(
        r["lines"][1]["withdrawal"],
        json!({"withdrawn": gone, "winner": stays, "counts_as": "forfeit", "spread": 50}),
        "{r}"
    );
    assert_eq!(r["lines"][1]["missing"], false);
    // Still owed, the other game says nothing of a withdrawal.
    assert_eq!(r["lines"][0]["withdrawal"], Value::Null);
    assert_eq!(r["lines"][0]["missing"], true);
    let body = t.page(&format!("/individual/divisions/{}/results", t.d));
    let round2 =
        &body[body.find("data-results=\"2\"").unwrap()..body.find("data-results=\"1\"").unwrap()];
    let lines2 = rows(round2, "data-line");
    let row = lines2[1].1;
    assert!(!row.contains("data-pending"), "{row}");
    assert_eq!(cell(row, "data-winner"), l1["a_name"].as_str().unwrap());
    assert_eq!(cell(row, "data-result-spread"), "50");
    assert_eq!(cell(row, "data-counts-as"), "(forfeit)");
    assert_eq!(cell(row, "data-score-b"), "");
    assert!(row.contains("data-withdrawn"), "{row}");
    assert!(lines2[0].1.contains("data-pending"), "{round2}");
    // The director's desk shows the game settled, the other still awaited.
    let mut page = t.app.client();
    assert_eq!(page.login_form("chief", PASSWORD).status, 303);
    let desk = page.get(&format!("/individual/divisions/{}/desk", t.d));
    assert_eq!(desk.status, 200);
    assert!(
        desk.body.contains(&format!("data-withdrawal=\"{gone}\"")),
        "{}",
        desk.body
    );
    assert_eq!(desk.body.matches("data-owed").count(), 1, "{}", desk.body);
    // Taken back: owed again, and the pages say so.
    ok(t.chief.post_json(
        &format!(
            "/api/v1/individual/divisions/{}/players/{gone}/withdraw/take-back",
            t.d
        ),
        &json!({}),
    ));
    let r = round(&mut t);
    assert_eq!(r["lines"][1]["withdrawal"], Value::Null, "{r}");
    assert_eq!(r["lines"][1]["missing"], true);
    let body = t.page(&format!("/individual/divisions/{}/results", t.d));
    let round2 =
        &body[body.find("data-results=\"2\"").unwrap()..body.find("data-results=\"1\"").unwrap()];
    assert!(
        rows(round2, "data-line")[1].1.contains("data-pending"),
        "{round2}"
    );
}

#[test]
fn a_player_s_page_lists_games_with_running_record_and_rating_change_and_a_club_its_players() {
    let mut t = scored(true);
    t.play_round(&[(500, 300), (300, 500)]);
    let s = ok(t
        .app
        .client()
        .get(&format!("/api/v1/individual/divisions/{}/standings", t.d)));
    let top = s["lines"][0].clone();
    let n = top["number"].as_i64().unwrap();
    let body = t.page(&format!("/individual/divisions/{}/players/{n}", t.d));
    assert!(
        body.contains(&format!("data-player-page=\"{n}\"")),
        "{body}"
    );
    let games = rows(&body, "data-game");
    assert_eq!(games.len(), 2, "{body}");
    // Running record: the standings' games in order, summed.
    let (mut w2, mut l) = (0i64, 0i64);
    let mut spread = 0;
    for ((_, row), g) in games.iter().zip(top["games"].as_array().unwrap()) {
        w2 += g["wins2"].as_i64().unwrap();
        l += i64::from(g["wins2"] == 0);
        spread += g["spread"].as_i64().unwrap();
        #[allow(clippy::cast_precision_loss)]
        let want = format!("{}–{l}", w2 as f64 / 2.0);
        assert_eq!(cell(row, "data-record"), want, "{row}");
        let side = if g["first"] == true {
            "first"
        } else {
            "second"
        };
        assert!(row.contains(&format!("data-side=\"{side}\"")), "{row}");
        assert!(!cell(row, "data-rating-change").is_empty(), "{row}");
    }
    assert_eq!(spread, top["spread"].as_i64().unwrap());
    assert_eq!(cell(&body, "<dd data-spread"), top["spread"].to_string());
    // The club page holds exactly the club's players.
    let club = t.page(&format!(
        "/individual/divisions/{}/clubs/Miri%20%26%20Co",
        t.d
    ));
    let mut players: Vec<String> = rows(&club, "data-player")
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    players.sort();
    assert_eq!(players, ["3", "4"], "{club}");
    assert!(club.contains("Club Miri &#38; Co"), "{club}");
    let print = t.page(&format!("/individual/divisions/{}/standings/print", t.d));
    assert!(
        print.contains("data-print") && !print.contains("data-live="),
        "{print}"
    );
}

#[test]
fn private_events_and_unknown_divisions_players_clubs_and_rounds_are_refused() {
    let t = scored(false);
    let d = t.d;
    let pages = [
        format!("/individual/divisions/{d}/standings"),
        format!("/individual/divisions/{d}/standings/print"),
        format!("/individual/divisions/{d}/pairings"),
        format!("/individual/divisions/{d}/pairings/print"),
        format!("/individual/divisions/{d}/results"),
        format!("/individual/divisions/{d}/results/print"),
        format!("/individual/divisions/{d}/players/1"),
        format!("/individual/divisions/{d}/clubs/Kuala"),
    ];
    let mut outsider = t.app.client();
    t.app.create_user("outsider", PASSWORD, false);
    assert_eq!(outsider.login_form("outsider", PASSWORD).status, 303);
    let mut director = t.app.client();
    assert_eq!(director.login_form("chief", PASSWORD).status, 303);
    for p in &pages {
        let anon = t.app.client().get(p);
        assert!(
            anon.status == 401
                || (anon.status == 303
                    && anon
                        .header("location")
                        .is_some_and(|l| l.starts_with("/login"))),
            "{p}: {} {}",
            anon.status,
            anon.body
        );
        assert_eq!(outsider.get(p).status, 403, "{p}");
        assert_eq!(director.get(p).status, 200, "{p}");
    }
    for p in [
        "/individual/divisions/999999/standings".to_owned(),
        "/individual/divisions/999999/pairings".to_owned(),
        format!("/individual/divisions/{d}/players/99"),
        format!("/individual/divisions/{d}/clubs/Nowhere"),
        format!("/individual/divisions/{d}/pairings?round=7"),
        format!("/individual/divisions/{d}/results/print?round=7"),
    ] {
        assert_eq!(director.get(&p).status, 404, "{p}");
    }
    for p in [
        format!("/individual/divisions/{d}/players/x"),
        format!("/individual/divisions/{d}/pairings?round=-1"),
    ] {
        let r = director.get(&p);
        assert!(r.status == 400 || r.status == 404, "{p}: {}", r.status);
    }
    // The home page shows the private event to nobody signed out.
    let home = t.app.client().get("/");
    assert!(!home.body.contains("Kuching Open"), "{}", home.body);
}

#[test]
fn the_home_page_lists_every_public_event_with_its_public_page_and_a_signed_in_user_s_links() {
    let t = scored(true);
    let mut admin = t.app.bearer("boss", true);
    let team = event(&mut admin, json!({"name": "Team Cup"}))
        .teams_named(&["Alpha", "Bravo"])
        .build();
    let dup = created(admin.post_json(
        "/api/v1/duplicate/events",
        &json!({"name": "Duplicate Night", "english": true}),
    ))["id"]
        .as_i64()
        .unwrap();
    let hidden = created(admin.post_json(
        "/api/v1/individual/events",
        &json!({"name": "Closed Club", "public": false}),
    ))["id"]
        .as_i64()
        .unwrap();
    let home = t.app.client().get("/");
    assert_eq!(home.status, 200);
    let body = home.body;
    for (id, format, href) in [
        (
            t.event_id,
            "individual",
            format!("/individual/events/{}", t.event_id),
        ),
        (team.id, "team", format!("/events/{}/standings", team.id)),
        (dup, "duplicate", format!("/duplicate/events/{dup}/ranking")),
    ] {
        let at = body
            .find(&format!("data-event=\"{id}\" data-format=\"{format}\""))
            .unwrap_or_else(|| panic!("{format} {id}: {body}"));
        assert!(body[at..].contains(&format!("href=\"{href}\"")), "{body}");
    }
    assert!(body.contains("Round 1 of 3"), "{body}");
    assert!(!body.contains("Closed Club") && !body.contains(&format!("data-event=\"{hidden}\"")));
    assert!(body.contains("data-action=\"sign-in\""));
    // Each public page answers signed out.
    for href in [
        format!("/individual/events/{}", t.event_id),
        format!("/events/{}/standings", team.id),
        format!("/duplicate/events/{dup}/ranking"),
    ] {
        assert_eq!(t.app.client().get(&href).status, 200, "{href}");
    }
    // Signed in: the user's own pages, and private events they hold a role in.
    let mut browser = t.app.client();
    assert_eq!(browser.login_form("boss", PASSWORD).status, 303);
    let mine = browser.get("/");
    assert!(mine.body.contains("data-own-links"), "{}", mine.body);
    assert!(mine.body.contains("href=\"/events\""), "{}", mine.body);
    assert!(mine.body.contains("Closed Club"), "{}", mine.body);
    // In French.
    let fr = t.app.client().get("/lang/fr?next=/");
    assert!(fr.status < 400);
}

#[test]
fn a_message_on_the_event_topic_reaches_a_signed_out_reader_of_a_public_individual_event() {
    let t = scored(true);
    let mut live = LiveStream::open(&t.app.base, &format!("/events/{}/live", t.event_id), None);
    t.app
        .state
        .live
        .publish(arbiter::live::LiveMessage::RoundPaired {
            event_id: arbiter::vocab::EventId(t.event_id),
        });
    let text = live.read_until(|t| t.contains("event: change"));
    assert!(text.contains("event: change"), "{text}");
    assert!(text.contains(&t.event_id.to_string()), "{text}");
    // A private event's stream is refused signed out.
    let p = scored(false);
    let r = p.app.client().get(&format!("/events/{}/live", p.event_id));
    assert!(r.status == 401 || r.status == 303, "{}", r.status);
}
