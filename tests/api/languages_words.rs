//! Issue 15, Languages (i18n2): what a page words from data in its own language (score-sheet
//! lines, the score challenger's choices, refusals from the services and the rules), and the
//! director's upload and pairing pages following the event's default language.

use serde_json::{Value, json};

use crate::helpers::{Client, Hall, PASSWORD, TestApp, ok};

fn hall() -> Hall {
    TestApp::builder()
        .spawn()
        .hall()
        .event(json!({"name": "Coupe", "ruleset": {"preset": "team-2v2"}}))
        .build()
}

fn signed_in(h: &Hall, username: &str) -> Client {
    let mut c = h.app.client();
    assert_eq!(c.login_form(username, PASSWORD).status, 303);
    c
}

fn get_in(c: &mut Client, path: &str, accept: &str) -> (u16, String) {
    let (res, body) = c.get_bytes(path, &[("Accept-Language", accept)]);
    (res.status, String::from_utf8(body).unwrap())
}

fn html_lang(html: &str) -> &str {
    html.split_once("<html lang=\"")
        .and_then(|(_, r)| r.split_once('"'))
        .map(|(l, _)| l)
        .expect("an <html lang>")
}

fn cmd(h: &mut Hall, m: i64, command: Value) -> Value {
    ok(h.table.post_json(
        &format!("/api/v1/matches/{m}/commands"),
        &json!({ "command": command }),
    ))
}

/// The score sheet's rows (`<table class="list sheet">`), for asserting on their words only.
fn sheet(page: &str) -> &str {
    page.split_once("class=\"list sheet\"")
        .and_then(|(_, r)| r.split_once("</table>"))
        .map(|(s, _)| s)
        .expect("the score sheet")
}

/// The page's error messages (`class="error…"` elements), without the script's word lists.
fn errors(page: &str) -> String {
    page.split("class=\"error")
        .skip(1)
        .filter_map(|p| p.split_once("</p>").map(|(e, _)| e.to_owned()))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_french_table_page_words_its_sheet_and_score_challengers_in_french() {
    let mut h = hall();
    let m = h.new_match(1);
    cmd(&mut h, m, json!({"type": "start", "first": "a"}));
    cmd(
        &mut h,
        m,
        json!({"type": "play", "words": ["QI"], "tiles": 2, "declared": 11}),
    );
    let mut c = signed_in(&h, "table1");
    // T8: the score challenger's choices say who is an opponent and who a teammate.
    let (_, page) = get_in(&mut c, &format!("/matches/{m}/table"), "fr");
    assert!(page.contains("B1 (adversaire)"), "{page}");
    assert!(page.contains("A2 (coéquipier, sans pénalité)"), "{page}");
    assert!(!page.contains("(opponent)") && !page.contains("no penalty"));
    let (_, page) = get_in(&mut c, &format!("/matches/{m}/table"), "id");
    assert!(page.contains("B1 (lawan)"), "{page}");

    cmd(&mut h, m, json!({"type": "accept"}));
    cmd(&mut h, m, json!({"type": "pass"}));
    cmd(&mut h, m, json!({"type": "exchange", "tiles": "AAA"}));
    let (_, page) = get_in(&mut c, &format!("/matches/{m}/table"), "fr");
    let rows = sheet(&page);
    assert!(rows.contains("<td>passe</td>"), "{rows}");
    assert!(rows.contains("<td>échange de 3</td>"), "{rows}");
    // English keeps its words (the sheet's other tests read them).
    let (_, page) = get_in(&mut c, &format!("/matches/{m}/table"), "en");
    let rows = sheet(&page);
    assert!(
        rows.contains("<td>pass</td>") && rows.contains("<td>exchange 3</td>"),
        "{rows}"
    );
}

#[test]
fn refusals_from_the_services_and_the_rules_are_worded_in_the_pages_language() {
    let mut h = hall();
    let m = h.new_match(1);
    let mut c = signed_in(&h, "table1");
    // The words app.js gives the API's refusals: the rule's shape with its parts, in French.
    let (_, page) = get_in(&mut c, &format!("/matches/{m}/table"), "fr");
    let json = page
        .split_once("<script type=\"application/json\" id=\"arbiter-text\">")
        .and_then(|(_, r)| r.split_once("</script>"))
        .map(|(j, _)| j)
        .expect("the script's words");
    let words: Value = serde_json::from_str(json).unwrap();
    let listed = words["refusals"].as_array().expect("the listed refusals");
    let turn = listed
        .iter()
        .find(|r| r[0] == "not your turn: {seat} is to move")
        .expect("T1's refusal listed");
    assert_eq!(turn[1], "ce n'est pas votre tour : {seat} a le trait");

    // The JSON API keeps the English words (its clients read them), with the rule apart.
    cmd(&mut h, m, json!({"type": "start", "first": "a"}));
    let res = h.table.post_json(
        &format!("/api/v1/matches/{m}/commands"),
        &json!({"command": {"type": "exchange", "tiles": "A"}}),
    );
    assert_eq!(res.status, 422, "{}", res.body);
    let body = res.json();
    assert_eq!(body["rule"], "T9");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("or more tiles of one letter")
    );

    // A refused form on a page: the director's team form, in the event's language (French).
    let e = h.event_id;
    let mut d = signed_in(&h, "director");
    let dc = d.csrf_from(&format!("/events/{e}"));
    let res = d.post_form(
        &format!("/events/{e}/language"),
        &[("csrf", &dc), ("language", "fr")],
    );
    assert_eq!(res.status, 303);
    let res = d.post_form(
        &format!("/events/{e}/teams"),
        &[
            ("csrf", &dc),
            ("name", "Les Zincs"),
            ("player1", "Zoé"),
            ("player2", "Zack"),
            ("captain", "Quelqu'un"),
        ],
    );
    assert_eq!(res.status, 400, "{}", res.body);
    let shown = errors(&res.body);
    assert!(
        shown.contains("le capitaine doit être l&#39;un des joueurs nommés")
            || shown.contains("le capitaine doit être l&#x27;un des joueurs nommés"),
        "{shown}"
    );
    // An error page: another table's device opening this match's tablet page.
    let mut other = signed_in(&h, "table2");
    let (status, page) = get_in(&mut other, &format!("/matches/{m}/table"), "fr");
    assert_eq!(status, 403);
    let shown = errors(&page);
    assert!(
        shown.contains("tablette") || shown.contains("rôle"),
        "{shown}"
    );
}

#[test]
fn the_directors_upload_and_pairing_pages_follow_the_events_language_unless_the_user_chose() {
    let mut h = hall();
    let e = h.event_id;
    ok(h.director.post_json(
        &format!("/api/v1/events/{e}/rounds"),
        &json!({"method": "round_robin"}),
    ));
    let mut d = signed_in(&h, "director");
    let pages = [
        format!("/events/{e}/teams/import"),
        format!("/events/{e}/lexicon"),
        format!("/events/{e}/rounds/1/pairings"),
        format!("/events/{e}/rounds/1/cards"),
        format!("/events/{e}/rounds/1/pairings/print?order=alphabetical"),
    ];
    // No event default yet: the browser's language.
    for p in &pages {
        let (status, page) = get_in(&mut d, p, "id");
        assert_eq!(status, 200, "{p}: {}", errors(&page));
        assert_eq!(html_lang(&page), "id", "{p}");
    }
    let dc = d.csrf_from(&format!("/events/{e}"));
    let res = d.post_form(
        &format!("/events/{e}/language"),
        &[("csrf", &dc), ("language", "fr")],
    );
    assert_eq!(res.status, 303);
    // The event's default beats the browser's and the switcher's cookie.
    for p in &pages {
        let (_, page) = get_in(&mut d, p, "en");
        assert_eq!(html_lang(&page), "fr", "{p}");
    }
    let (_, page) = get_in(&mut d, &format!("/events/{e}/teams/import"), "en");
    assert!(!page.contains(">Import teams<"), "{page}");
    // The user's own setting beats the event's default.
    let csrf = d.csrf_from("/account");
    let res = d.post_form("/account/language", &[("csrf", &csrf), ("language", "id")]);
    assert_eq!(res.status, 303, "{}", res.body);
    for p in &pages {
        let (_, page) = get_in(&mut d, p, "fr");
        assert_eq!(html_lang(&page), "id", "{p}");
    }
}

#[test]
fn a_service_refusal_built_with_its_parts_is_worded_in_the_pages_language() {
    let h = hall();
    let e = h.event_id;
    let mut d = signed_in(&h, "director");
    let path = format!("/events/{e}/teams/import");
    let dc = d.csrf_from(&path);
    let res = d.post_form(
        &format!("/events/{e}/language"),
        &[("csrf", &dc), ("language", "fr")],
    );
    assert_eq!(res.status, 303);
    // An unclosed quote: the CSV reader's refusal names the line (issue 15, services' refusals).
    let bad = "team,player1,player2,captain\n\"Owls,Olga,Otto,Otto\n";
    let res = d.post_form(&path, &[("csrf", &dc), ("csv", bad), ("action", "preview")]);
    assert!(matches!(res.status, 200 | 400), "{}", res.body);
    assert!(
        res.body
            .contains("ligne 2 : un champ entre guillemets n&#x27;est pas fermé")
            || res
                .body
                .contains("ligne 2 : un champ entre guillemets n&#39;est pas fermé"),
        "{}",
        errors(&res.body)
    );
    assert!(!errors(&res.body).contains("a quoted field is not closed"));
}
