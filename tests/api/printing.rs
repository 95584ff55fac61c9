//! Issue 15 (polish): the director's printed sheets. Pairings print by table and alphabetically
//! (as TSH prints them: every player and team with their table, side and opponent), linked from
//! the pairings page; an unknown order is refused.

use serde_json::json;

use crate::helpers::{Client, PASSWORD, TestApp, event, ok};

/// Five teams (two tables and a bye in a round-robin round 1), their director signed in as a
/// browser, and an outsider.
fn paired() -> (TestApp, i64, Client, serde_json::Value) {
    let app = TestApp::builder().spawn();
    let mut admin = app.bearer("boss", true);
    let ev = event(&mut admin, json!({"name": "Print Cup"}))
        .teams_named(&["delta", "Alpha", "Echo", "bravo", "Charlie"])
        .build();
    let round = ok(admin.post_json(
        &format!("/api/v1/events/{}/rounds", ev.id),
        &json!({"method": "round_robin"}),
    ));
    let mut browser = app.client();
    assert_eq!(browser.login_form("boss", PASSWORD).status, 303);
    (app, ev.id, browser, round)
}

/// The `data-line` names of the alphabetical sheet, in order, and each line's table cell.
fn lines(body: &str) -> Vec<(String, String, String)> {
    body.split("<tr data-line=\"")
        .skip(1)
        .map(|row| {
            let name = row[..row.find('"').unwrap()].to_owned();
            let cell = |attr: &str| {
                let at = row.find(attr).unwrap() + attr.len() + 1;
                let rest = &row[at..];
                rest[..rest.find("</td>").unwrap()].to_owned()
            };
            (name, cell("data-table"), cell("data-opponent"))
        })
        .collect()
}

#[test]
fn the_alphabetical_sheet_lists_every_player_and_team_by_name_with_table_and_opponent() {
    let (_app, id, mut dir, round) = paired();
    let page = dir.get(&format!("/events/{id}/rounds/1/pairings"));
    assert_eq!(page.status, 200);
    for order in ["table", "alphabetical"] {
        assert!(
            page.body.contains(&format!(
                "href=\"/events/{id}/rounds/1/pairings/print?order={order}\" data-print-link=\"{order}\""
            )),
            "the pairings page links the {order} sheet: {}",
            page.body
        );
    }
    let sheet = dir.get(&format!(
        "/events/{id}/rounds/1/pairings/print?order=alphabetical"
    ));
    assert_eq!(sheet.status, 200, "{}", sheet.body);
    assert!(sheet.body.contains("data-print-order=\"alphabetical\""));
    let got = lines(&sheet.body);
    // Five teams and their ten players, by name whatever the case.
    assert_eq!(got.len(), 15, "{got:?}");
    let names: Vec<&str> = got.iter().map(|l| l.0.as_str()).collect();
    let mut sorted = names.clone();
    sorted.sort_by_key(|n| n.to_lowercase());
    assert_eq!(names, sorted);
    assert_eq!(&names[..3], ["Alpha", "Alpha one", "Alpha two"]);
    // Each team's line and its players' lines name the table and opponent the round gave it.
    let mut checked = 0;
    for t in round["tables"].as_array().unwrap() {
        let table = t["table"].to_string();
        for (me, them) in [("team_a", "team_b"), ("team_b", "team_a")] {
            let (mine, theirs) = (
                t[me]["name"].as_str().unwrap(),
                t[them]["name"].as_str().unwrap(),
            );
            for who in [
                mine.to_owned(),
                format!("{mine} one"),
                format!("{mine} two"),
            ] {
                let l = got.iter().find(|l| l.0 == who).unwrap();
                assert_eq!((&l.1, &l.2), (&table, &theirs.to_owned()), "{who}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 12);
    let bye = round["byes"][0]["name"].as_str().unwrap();
    let l = got.iter().find(|l| l.0 == bye).unwrap();
    assert_eq!((l.1.as_str(), l.2.as_str()), ("—", "<em>bye</em>"));
}

#[test]
fn the_by_table_sheet_lists_the_tables_in_order_then_the_bye() {
    let (_app, id, mut dir, round) = paired();
    for path in [
        format!("/events/{id}/rounds/1/pairings/print?order=table"),
        format!("/events/{id}/rounds/1/pairings/print"),
    ] {
        let sheet = dir.get(&path);
        assert_eq!(sheet.status, 200, "{}", sheet.body);
        assert!(sheet.body.contains("data-print-order=\"table\""));
        let mut at = 0;
        for t in round["tables"].as_array().unwrap() {
            let row = format!("<tr data-table-line=\"{}\">", t["table"]);
            let found = sheet.body[at..].find(&row).expect("tables in order") + at;
            let rest = &sheet.body[found..];
            let rest = &rest[..rest.find("</tr>").unwrap()];
            assert!(rest.contains(t["team_a"]["name"].as_str().unwrap()));
            assert!(rest.contains(t["team_b"]["name"].as_str().unwrap()));
            at = found;
        }
        let bye = format!("<tr data-bye=\"{}\">", round["byes"][0]["id"]);
        assert!(sheet.body[at..].contains(&bye), "the bye comes last");
    }
}

#[test]
fn an_unknown_print_order_and_other_people_are_refused() {
    let (app, id, mut dir, _) = paired();
    let bad = dir.get(&format!(
        "/events/{id}/rounds/1/pairings/print?order=rating"
    ));
    assert_eq!(bad.status, 400);
    assert!(
        bad.body.contains("by table or alphabetical"),
        "{}",
        bad.body
    );
    let missing = dir.get(&format!("/events/{id}/rounds/9/pairings/print?order=table"));
    assert_eq!(missing.status, 404, "{}", missing.body);
    app.create_user("nobody", PASSWORD, false);
    let mut nobody = app.client();
    assert_eq!(nobody.login_form("nobody", PASSWORD).status, 303);
    let r = nobody.get(&format!(
        "/events/{id}/rounds/1/pairings/print?order=alphabetical"
    ));
    assert_eq!(r.status, 403);
    assert!(!r.body.contains("Alpha one"));
}

#[test]
fn table_cards_say_the_table_and_both_sides_one_card_per_table() {
    let (_app, id, mut dir, round) = paired();
    let cards = dir.get(&format!("/events/{id}/rounds/1/cards"));
    assert_eq!(cards.status, 200);
    let tables = round["tables"].as_array().unwrap();
    assert_eq!(
        cards.body.matches("class=\"card director-card\"").count(),
        tables.len()
    );
    for t in tables {
        let at = cards
            .body
            .find(&format!("data-card-table=\"{}\"", t["table"]))
            .unwrap();
        let card = &cards.body[at..];
        let card = &card[..card.find("</section>").unwrap()];
        assert!(card.contains(&format!("A: {}", t["team_a"]["name"].as_str().unwrap())));
        assert!(card.contains(&format!("B: {}", t["team_b"]["name"].as_str().unwrap())));
    }
}
