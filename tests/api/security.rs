//! Security: every route × every role, CSRF on every form, cookie flags, security headers,
//! login throttling, token expiry, oversized bodies (413), passwords kept out of logs, and the
//! online backup.
//!
//! The authorisation matrix takes its routes from the route table in the source
//! (`openapi::route_table`), so a new route without an expectation here fails the test.

use std::io::{Read, Write};
use std::time::Duration;

use serde_json::{Value, json};

use super::openapi::{Route, route_table};
use crate::helpers::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Anonymous,
    /// The table device of table 2 (the match is at table 1).
    OtherTable,
    /// The captain of a team that is not in the match.
    OtherCaptain,
    Pic,
    Committee,
    /// The event's director (not an administrator).
    Director,
    Admin,
}

const ROLES: [Role; 7] = [
    Role::Anonymous,
    Role::OtherTable,
    Role::OtherCaptain,
    Role::Pic,
    Role::Committee,
    Role::Director,
    Role::Admin,
];

/// Who a route is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Policy {
    /// Anyone.
    Public,
    /// Anyone signed in.
    Signed,
    /// Anyone with a role in the (private) event.
    Reader,
    /// The event's director (and administrators).
    Director,
    /// The event's PICs (and its director).
    Pic,
    /// The event's committee (and its director).
    Committee,
    /// Playing commands and move previews: the match's table, a PIC, the director.
    Play,
    /// The tablet page of the match's table: that table's device or the director.
    TableOf,
    /// Administrators only (accounts, new events).
    Admin,
    /// A private Duplicate event's readers: its referee (the PIC account), arbitrator (the
    /// committee account), director, administrators.
    DupReader,
    /// Running a Duplicate game: its referee (the PIC account), director, administrators.
    DupReferee,
    /// Slips: the arbitrator (the committee account), the referee, director, administrators.
    DupSlips,
}

fn allowed(policy: Policy, role: Role) -> bool {
    use Role::*;
    match policy {
        Policy::Public => true,
        Policy::Signed | Policy::Reader => role != Anonymous,
        Policy::Director | Policy::TableOf => matches!(role, Director | Admin),
        Policy::Pic | Policy::Play => matches!(role, Pic | Director | Admin),
        Policy::Committee => matches!(role, Committee | Director | Admin),
        Policy::Admin => role == Admin,
        Policy::DupReader | Policy::DupSlips => matches!(role, Pic | Committee | Director | Admin),
        Policy::DupReferee => matches!(role, Pic | Director | Admin),
    }
}

/// The expected policy of every route. A route missing here fails the matrix.
fn policy(r: &Route) -> Policy {
    use Policy::*;
    let api = r.path.starts_with("/api/v1/");
    let path = r.path.trim_start_matches("/api/v1");
    match (r.method.as_str(), path, api) {
        ("post", "/duplicate/events", true) => Admin,
        ("post", "/duplicate/events/{id}/players", true) => Director,
        ("post", "/duplicate/events/{id}/games" | "/duplicate/games/{id}/commands", true) => {
            DupReferee
        }
        ("post", "/duplicate/games/{id}/slips", true) => DupSlips,
        // Phone slips (issue 16): no account; the player's number and table-card PIN in the
        // body identify them (the fixture's event takes no phone slips: 422, rule D5).
        (
            "post",
            "/duplicate/games/{id}/phone/status" | "/duplicate/games/{id}/phone/slip",
            true,
        ) => Public,
        ("get", "/duplicate/games/{id}/phone", false) => Public,
        (
            "post",
            "/duplicate/events/{id}/prepared-games" | "/duplicate/games/{id}/prepared",
            true,
        ) => DupReferee,
        ("get", "/events/{id}/duplicate", false) => Director,
        ("post", "/events/{id}/duplicate/players", false) => Director,
        ("post", "/events/{id}/duplicate/games", false) => DupReferee,
        // A game's live stream: its event's readers (this event takes no phone slips; with
        // them it is open to anyone, see `duplicate_phone.rs`).
        ("get", "/duplicate/games/{id}/live", false) => DupReader,
        ("get", p, _) if p.starts_with("/duplicate/") => DupReader,
        // Individual events (issue 18): a private one is read and run by its director; the
        // fixture's other accounts hold no role in it. Its public pages (standings, pairings,
        // results, players, clubs and their print views) follow the same rule; a public event's
        // are read signed out (`individual_public::private_events_and_unknown_…`).
        // Players' phone slips (issue 18): no account; the player's number and PIN in the
        // body identify them (the fixture's body has player 1's PIN: every role is let in).
        (
            "post",
            "/individual/divisions/{id}/phone/status" | "/individual/divisions/{id}/phone/slip",
            true,
        ) => Public,
        ("get", "/individual/divisions/{id}/slip", false) => Public,
        ("post", "/individual/events", true) => Admin,
        // The director's set-up pages (issue 18): a new event is for event creators (the
        // fixture's director directs one event only); the rest follow the line below.
        ("get" | "post", "/individual/events/new", false) => Admin,
        // A results slip at a table (issue 18): the director, or that table's device, limited
        // to one division when its grant names one (table numbers restart in each division; a
        // device of division A is refused at the same table of B:
        // `individual_limits::a_table_device_limited_to_a_division_is_refused_on_another_…`).
        // No identity here is a device of an individual event's table.
        ("post", "/individual/divisions/{id}/rounds/{round}/tables/{table}/slip", true) => Director,
        ("get" | "post" | "put", p, _) if p.starts_with("/individual/") => Director,
        // Accounts through the API (issue 18).
        ("post", "/users", true) | ("get", "/users/{id}", true) => Admin,
        ("post", "/me/language", true) => Signed,
        ("post", "/events/{id}/accounts", true) => Director,
        // Online play (seed 001): reading is public, registering is open, the rest signed in.
        ("get", p, true) if p.starts_with("/online/") => Public,
        ("get", p, false) if p.starts_with("/online/") => Public,
        // Online pages (issue 17): the lobby is public; registering needs only the form's token.
        ("get", "/online", false) | ("post", "/online/register", false) => Public,
        ("post", "/online/register", true) => Public,
        ("post", "/online/settings", true) => Admin,
        ("post", p, true) if p.starts_with("/online/") => Signed,
        // The analysis of a pasted GCG record (issue 17): signed-in accounts (it costs CPU).
        ("post", "/analyze", true) | ("get" | "post", "/analyze", false) => Signed,
        ("get", "/healthz" | "/static/{file}" | "/" | "/login", false) => Public,
        ("post", "/login" | "/logout", false) => Public,
        ("get", "/openapi.json", true) | ("post", "/auth/token", true) => Public,
        ("get", "/events", true) => Public,
        ("get", "/me", true) | ("get", "/table", false) => Signed,
        ("post", "/auth/logout" | "/me/password", true) => Signed,
        ("get", "/account", false) | ("post", "/account/password", false) => Signed,
        ("post", "/account/language", false) => Signed,
        ("get", "/lang/{code}", false) => Public,
        ("get" | "post", "/admin/users", false) => Admin,
        ("get", "/users", true) => Admin,
        ("post", p, _)
            if [
                "/users/{id}/password",
                "/users/{id}/disable",
                "/users/{id}/enable",
                "/admin/users/{id}/password",
                "/admin/users/{id}/disable",
                "/admin/users/{id}/enable",
            ]
            .contains(&p) =>
        {
            Admin
        }
        ("post", "/events/{id}/grants/{grant}/revoke", _) => Director,
        ("get" | "post", "/events/new", false) | ("post", "/events", true) => Admin,
        ("get", "/events", false) => Director,
        ("get", "/events/{id}", false) => Director,
        ("get", "/events/{id}/teams/import", false)
        | ("get", "/events/{id}/lexicon", false)
        | (
            "get",
            "/events/{id}/rounds/{n}/pairings"
            | "/events/{id}/rounds/{n}/pairings/print"
            | "/events/{id}/rounds/{n}/cards",
            false,
        )
        | ("get", "/events/{id}/grants", true) => Director,
        ("post" | "put", _, _)
            if [
                "/events/{id}/teams",
                "/events/{id}/teams/import",
                "/events/{id}/grants",
                "/events/{id}/language",
                "/events/{id}/lexicon",
                "/events/{id}/rounds",
                "/events/{id}/rounds/{n}/repair",
                "/matches",
            ]
            .contains(&path) =>
        {
            Director
        }
        ("get", "/events/{id}/pic" | "/events/{id}/pic/queue", false)
        | ("get", "/events/{id}/challenges", true)
        | ("post", "/challenges/{id}/claim" | "/challenges/{id}/rule", _)
        | (
            "post",
            "/matches/{id}/challenges/{seq}/claim" | "/matches/{id}/challenges/{seq}/rule",
            _,
        ) => Pic,
        ("get" | "post", "/events/{id}/committee", _) => Committee,
        ("post", "/matches/{id}/commands" | "/matches/{id}/preview", true) => Play,
        ("post", "/matches/{id}/gcg", true) => Director,
        ("get", "/matches/{id}/table", false) => TableOf,
        ("get", p, _)
            if [
                "/events/{id}",
                "/events/{id}/teams",
                "/events/{id}/rounds",
                "/events/{id}/rounds/{n}",
                "/events/{id}/standings",
                "/events/{id}/standings/table",
                "/events/{id}/standings.csv",
                "/events/{id}/live",
                "/matches/{id}",
                "/matches/{id}/board",
                "/matches/{id}/live",
                "/matches/{id}/events",
                "/matches/{id}/gcg",
                "/teams/{id}",
                "/teams/{id}/fragment",
            ]
            .contains(&p) =>
        {
            Reader
        }
        _ => panic!(
            "{} {} has no expectation in the authorisation matrix: add it to `policy`",
            r.method, r.path
        ),
    }
}

/// One signed-in identity, as a program (Bearer) and as a browser (cookie + CSRF token).
struct Identity {
    bearer: Option<String>,
    cookies: String,
    csrf: String,
}

/// The event every test here works on: private, two teams in a match at table 1 (round 1),
/// a third team, an account per role, and an open word challenge.
struct Fixture {
    app: TestApp,
    event: i64,
    /// A private Duplicate event: the PIC account is its referee, the committee account its
    /// arbitrator, the director its director.
    dup_event: i64,
    /// A game of it.
    dup_game: i64,
    /// A private individual event (its director is the director account)…
    ind_event: i64,
    /// …and a division of it, four players, round 1 paired by round robin.
    ind_division: i64,
    /// Player 1's PIN in it (phone slips), and their table in round 1.
    ind_pin: String,
    ind_table: i64,
    teams: [i64; 3],
    round: i32,
    match_id: i64,
    challenge: i64,
    /// The challenge's seq in its match.
    challenge_seq: i64,
    ids: Vec<(Role, Identity)>,
    /// An account with no role in the event (the administrator's account actions).
    spare: i64,
    /// Grants to revoke: the API's, the page's.
    spare_grants: Vec<i64>,
}

fn browser(app: &TestApp, name: Option<&str>) -> Identity {
    let mut c = app.client();
    if let Some(name) = name {
        let res = c.login_form(name, PASSWORD);
        assert_eq!(res.status, 303, "{name} signs in: {}", res.body);
    }
    // After signing in: the CSRF seed is new for the session.
    let csrf = c.csrf_from("/login");
    let cookies = c
        .cookies
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("; ");
    Identity {
        bearer: name.map(|n| app.token(n, PASSWORD)),
        cookies,
        csrf,
    }
}

fn fixture() -> Fixture {
    let app = spawn_app();
    let usernames = [
        (Role::OtherTable, "table2"),
        (Role::OtherCaptain, "captain3"),
        (Role::Pic, "pic"),
        (Role::Committee, "committee"),
        (Role::Director, "director"),
        (Role::Admin, "admin1"),
    ];
    for (role, name) in usernames {
        app.create_user(name, PASSWORD, role == Role::Admin);
    }
    let mut admin = app.client();
    admin.bearer = Some(app.token("admin1", PASSWORD));
    let ev = crate::helpers::event(&mut admin, json!({"name": "Closed teams", "public": false}))
        .team(json!({"name": "Anagrammers", "players": ["Ann", "Bob"]}))
        .team(json!({"name": "Bingo Bunch", "players": ["Cy", "Di"]}))
        .team(json!({"name": "Crossworders", "players": ["Ed", "Flo"]}))
        .grant(json!({"username": "director", "role": "director"}))
        .grant(json!({"username": "pic", "role": "pic"}))
        .grant(json!({"username": "committee", "role": "committee"}))
        .grant(json!({"username": "table2", "role": "table", "table": 2}))
        .build();
    let (event, teams) = (ev.id, <[i64; 3]>::try_from(ev.team_ids()).unwrap());
    ok(admin.post_json(
        &format!("/api/v1/events/{event}/grants"),
        &json!({"username": "captain3", "role": "captain", "team_id": teams[2]}),
    ));
    let round = ok(admin.post_json(
        &format!("/api/v1/events/{event}/rounds"),
        &json!({"method": "manual", "pairs": [{"team_a": teams[0], "team_b": teams[1], "table": 1}]}),
    ));
    let match_id = round["tables"][0]["match_id"].as_i64().unwrap();
    let round_no = round["round"].as_i64().unwrap() as i32;
    // A word challenge for the PIC queue.
    let mut director = app.client();
    director.bearer = Some(app.token("director", PASSWORD));
    for cmd in [
        json!({"type": "start", "first": "a"}),
        json!({"type": "play", "words": ["QI"], "tiles": 2, "declared": 22}),
        json!({"type": "challenge_word", "by": "B1", "words": ["QI"]}),
    ] {
        ok(director.post_json(
            &format!("/api/v1/matches/{match_id}/commands"),
            &json!({ "command": cmd }),
        ));
    }
    let queue = ok(director.get(&format!("/api/v1/events/{event}/challenges")));
    let challenge = queue["open"][0]["id"].as_i64().unwrap();
    let challenge_seq = queue["open"][0]["seq"].as_i64().unwrap();
    // An account for the administrator's account actions, and grants to revoke (one per route:
    // the first role allowed revokes it, so the next one finds none).
    let spare = app.create_user("spare", PASSWORD, false);
    let mut spare_grants = Vec::new();
    for table in [8, 9] {
        spare_grants.push(
            ok(admin.post_json(
                &format!("/api/v1/events/{event}/grants"),
                &json!({"username": "spare", "role": "table", "table": table}),
            ))["id"]
                .as_i64()
                .unwrap(),
        );
    }
    let dup_event = ok(admin.post_json(
        "/api/v1/duplicate/events",
        &json!({"name": "Closed Duplicate", "english": true, "public": false}),
    ))["id"]
        .as_i64()
        .unwrap();
    ok(admin.post_json(
        &format!("/api/v1/duplicate/events/{dup_event}/players"),
        &json!({"number": 1, "name": "Ann"}),
    ));
    for (username, role) in [
        ("director", "director"),
        ("pic", "referee"),
        ("committee", "arbitrator"),
    ] {
        ok(admin.post_json(
            &format!("/api/v1/events/{dup_event}/grants"),
            &json!({"username": username, "role": role}),
        ));
    }
    let dup_game = ok(admin.post_json(
        &format!("/api/v1/duplicate/events/{dup_event}/games"),
        &json!({}),
    ))["id"]
        .as_i64()
        .unwrap();
    let ind_event = ok(admin.post_json(
        "/api/v1/individual/events",
        &json!({"name": "Closed Open", "public": false}),
    ))["id"]
        .as_i64()
        .unwrap();
    ok(admin.post_json(
        &format!("/api/v1/events/{ind_event}/grants"),
        &json!({"username": "director", "role": "director"}),
    ));
    let ind_division = ok(admin.post_json(
        &format!("/api/v1/individual/events/{ind_event}/divisions"),
        &json!({"name": "A", "plan": [{"first": 1, "last": 3, "method": "round_robin"}]}),
    ))["id"]
        .as_i64()
        .unwrap();
    for name in ["Ann", "Bob", "Cy", "Di"] {
        ok(admin.post_json(
            &format!("/api/v1/individual/divisions/{ind_division}/players"),
            // A club, so that the division's club page (issue 18) has something to show.
            &json!({"name": name, "rating": 1500, "club": "Kuala"}),
        ));
    }
    ok(admin.post_json(
        &format!("/api/v1/individual/divisions/{ind_division}/rounds"),
        &json!({}),
    ));
    let sheet = ok(admin.get(&format!("/api/v1/individual/divisions/{ind_division}/pins")));
    let one = sheet["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["number"] == 1)
        .unwrap()
        .clone();
    let (ind_pin, ind_table) = (
        one["pin"].as_str().unwrap().to_owned(),
        one["table"].as_i64().unwrap(),
    );
    let mut ids = vec![(Role::Anonymous, browser(&app, None))];
    for (role, name) in usernames {
        ids.push((role, browser(&app, Some(name))));
    }
    Fixture {
        app,
        event,
        dup_event,
        dup_game,
        ind_event,
        ind_division,
        ind_pin,
        ind_table,
        teams,
        round: round_no,
        match_id,
        challenge,
        challenge_seq,
        ids,
        spare,
        spare_grants,
    }
}

impl Fixture {
    fn identity(&self, role: Role) -> &Identity {
        &self.ids.iter().find(|(r, _)| *r == role).unwrap().1
    }

    fn path(&self, pattern: &str) -> String {
        let id = if pattern.contains("/individual/events/{id}") {
            self.ind_event
        } else if pattern.contains("/individual/divisions/{id}") {
            self.ind_division
        } else if pattern.contains("/duplicate/events/{id}")
            || pattern.starts_with("/events/{id}/duplicate")
        {
            self.dup_event
        } else if pattern.contains("/duplicate/games/{id}") {
            self.dup_game
        } else if pattern.contains("/events/{id}") {
            self.event
        } else if pattern.contains("/matches/{id}") {
            self.match_id
        } else if pattern.contains("/challenges/{id}") {
            self.challenge
        } else if pattern.contains("/teams/{id}") {
            self.teams[0]
        } else if pattern.contains("/users/{id}") {
            self.spare
        } else {
            0
        };
        pattern
            .replace("{id}", &id.to_string())
            .replace("{n}", &self.round.to_string())
            .replace("{seq}", &self.challenge_seq.to_string())
            .replace("{round}", "1")
            .replace("{table}", "1")
            .replace("{number}", "1")
            .replace("{club}", "Kuala")
            .replace("{file}", "app.css")
            .replace("{code}", "fr")
            .replace(
                "{grant}",
                &self.spare_grants[usize::from(!pattern.starts_with("/api/"))].to_string(),
            )
            + if pattern == "/api/v1/events/{id}/lexicon" {
                "?name=security_list"
            } else {
                ""
            }
    }
}

/// A record quick to analyse (one position, a short rack).
const SHORT_GCG: &str = "#player1 a A\n#player2 b B\n>a: CAT -  +0 0\n";

/// What a request sends.
#[derive(Debug, Clone)]
enum Body {
    None,
    Json(Value),
    Form(Vec<(String, String)>),
    Text(String),
}

fn form(fields: &[(&str, &str)]) -> Body {
    Body::Form(
        fields
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
    )
}

/// A well-formed body for each writing route, so that the answer is about who asks.
fn body_for(fx: &Fixture, r: &Route, role: Role) -> Body {
    if r.method == "get" {
        return Body::None;
    }
    let tag = format!("{role:?}").to_lowercase();
    let team = fx.teams[0].to_string();
    let api = r.path.starts_with("/api/");
    let path = r.path.trim_start_matches("/api/v1");
    match (api, path) {
        (true, "/duplicate/events") => {
            Body::Json(json!({"name": format!("Duplicate of {tag}"), "english": true}))
        }
        (true, "/duplicate/events/{id}/players") => Body::Json(
            json!({"number": 10 + ROLES.iter().position(|r| *r == role).unwrap_or(0), "name": tag}),
        ),
        (true, "/duplicate/events/{id}/games") => Body::Json(json!({})),
        (true, "/duplicate/games/{id}/commands") => Body::Json(json!({"type": "undo"})),
        (true, "/duplicate/events/{id}/prepared-games") => {
            Body::Json(json!({"seed": 7, "turns": 2}))
        }
        // Not a prepared game: refused as input (400), after the caller's role was checked.
        (true, "/duplicate/games/{id}/prepared") => Body::Json(json!({})),
        (true, "/duplicate/games/{id}/phone/status") => {
            Body::Json(json!({"player": 1, "pin": "000000"}))
        }
        (true, "/duplicate/games/{id}/phone/slip") => Body::Json(
            json!({"player": 1, "pin": "000000", "reference": "8H", "word": "QI", "points": 22}),
        ),
        (true, "/individual/divisions/{id}/phone/status") => {
            Body::Json(json!({"player": 1, "pin": fx.ind_pin}))
        }
        (true, "/individual/divisions/{id}/phone/slip") => Body::Json(
            json!({"player": 1, "pin": fx.ind_pin, "round": 1, "table": fx.ind_table,
                   "action": "scores", "score_a": 300, "score_b": 200}),
        ),
        (true, "/duplicate/games/{id}/slips") => Body::Json(
            json!({"turn": 1, "player": 1, "reference": "8H", "word": "QI", "points": 22}),
        ),
        (true, "/auth/token") => Body::Json(json!({"username": "admin1", "password": PASSWORD})),
        (true, "/users") => {
            Body::Json(json!({"username": format!("made-{tag}"), "password": PASSWORD}))
        }
        (true, "/me/language" | "/events/{id}/language") => Body::Json(json!({"language": "fr"})),
        (true, "/events/{id}/accounts") => Body::Json(
            json!({"username": format!("acct-{tag}"), "password": PASSWORD, "role": "pic"}),
        ),
        (true, "/individual/events") => {
            Body::Json(json!({"name": format!("Open of {tag}"), "public": false}))
        }
        (true, "/individual/events/{id}/divisions") => Body::Json(
            json!({"name": format!("D {tag}"), "plan": [{"first": 1, "last": 3, "method": "swiss"}]}),
        ),
        (true, "/individual/events/{id}/divisions/import") => Body::Json(json!({
            "name": format!("T {tag}"),
            "plan": [{"first": 1, "last": 5, "method": "swiss"}],
            "file": "Smith, Ann  1823  2; 412; p12 1\nJones, Bob  1750  1; 380; p12 2\n",
        })),
        (true, "/individual/divisions/{id}/players") => {
            Body::Json(json!({"name": format!("Late {tag}"), "rating": 1400}))
        }
        (true, "/individual/divisions/{id}/players/{number}/withdraw") => Body::Json(json!({})),
        (true, "/individual/divisions/{id}/rating-method") => {
            Body::Json(json!({"rating_method": "naspa"}))
        }
        (true, "/individual/divisions/{id}/players/{number}/withdraw/take-back") => {
            Body::Json(json!({"reason": "recorded by mistake"}))
        }
        (true, "/individual/divisions/{id}/rounds") => Body::Json(json!({})),
        (true, "/individual/divisions/{id}/rounds/{round}") => {
            Body::Json(json!({"lines": [{"a": 1, "b": 4}, {"a": 2, "b": 3}]}))
        }
        (true, "/individual/divisions/{id}/rounds/{round}/results") => {
            Body::Json(json!({"text": "1 400 4 300"}))
        }
        (true, "/individual/divisions/{id}/rounds/{round}/tables/{table}/slip") => {
            Body::Json(json!({"action": "scores", "score_a": 400, "score_b": 350}))
        }
        (true, "/online/register") => {
            Body::Json(json!({"username": format!("reg-{tag}"), "password": PASSWORD}))
        }
        (true, "/online/settings") => Body::Json(json!({"registration_open": true})),
        (true, "/online/seeks") => Body::Json(json!({"settings": {"lexicon": "enable2k",
            "tile_set": "english", "mode": {"kind": "dictionary"}, "minutes": 25,
            "at_zero": {"kind": "loss_on_time"}, "rated": false}})),
        (
            true,
            "/online/seeks/{id}/cancel"
            | "/online/seeks/{id}/decline"
            | "/online/seeks/{id}/accept",
        ) => Body::Json(json!({})),
        (true, "/online/games/{id}/commands") => Body::Json(json!({"command": {"type": "pass"}})),
        (true, "/online/games/{id}/preview") => Body::Json(json!({"move": "8H QI"})),
        (false, "/online/register") => {
            form(&[("username", &format!("page-{tag}")), ("password", PASSWORD)])
        }
        (true, "/analyze") => Body::Json(json!({"gcg": SHORT_GCG})),
        (false, "/analyze") => form(&[("gcg", SHORT_GCG)]),
        (true, "/events") => Body::Json(json!({"name": format!("Event of {tag}")})),
        (true, "/events/{id}/teams") => Body::Json(
            json!({"name": format!("Team {tag}"), "players": [format!("{tag} 1"), format!("{tag} 2")]}),
        ),
        (true, "/events/{id}/teams/import") => Body::Json(
            json!({"csv": format!("Import {tag},P1 {tag},P2 {tag},P1 {tag}\n"), "dry_run": true}),
        ),
        (true, "/events/{id}/grants") => {
            Body::Json(json!({"username": "committee", "role": "committee"}))
        }
        (true, "/events/{id}/lexicon") => Body::Text("QI\nZA\nCAT\n".into()),
        (true, "/events/{id}/rounds") => {
            Body::Json(json!({"method": "manual", "pairs": [{"team_a": fx.teams[2], "table": 3}]}))
        }
        (true, "/events/{id}/rounds/{n}/repair") => Body::Json(json!({})),
        (true, "/matches") => Body::Json(
            json!({"event_id": fx.event, "table": 7, "side_a": {"name": "X"}, "side_b": {"name": "Y"}}),
        ),
        (true, "/matches/{id}/commands") => Body::Json(json!({"command": {"type": "pass"}})),
        (true, "/matches/{id}/preview") => Body::Json(json!({"move": "8D QI"})),
        (true, "/matches/{id}/gcg") => Body::Json(json!({"gcg": ">x"})),
        (true, "/challenges/{id}/claim") => Body::Json(json!({})),
        (true, "/challenges/{id}/rule") => Body::Json(json!({"valid": true})),
        (true, "/matches/{id}/challenges/{seq}/claim") => Body::Json(json!({})),
        (true, "/matches/{id}/challenges/{seq}/rule") => Body::Json(json!({"valid": true})),
        (true, "/auth/logout" | "/users/{id}/disable" | "/users/{id}/enable") => {
            Body::Json(json!({}))
        }
        (true, "/events/{id}/grants/{grant}/revoke") => Body::Json(json!({})),
        // A wrong current password: the answer (400) is about the password, not the caller, and
        // no session of the fixture ends.
        (true, "/me/password") => Body::Json(
            json!({"current_password": "not-the-password", "new_password": "another-long-password"}),
        ),
        (true, "/users/{id}/password") => {
            Body::Json(json!({"new_password": "another-long-password"}))
        }
        (false, "/account/password") => form(&[
            ("current_password", "not-the-password"),
            ("new_password", "another-long-password"),
        ]),
        (false, "/admin/users/{id}/password") => form(&[("new_password", "another-long-password")]),
        (false, "/admin/users/{id}/disable" | "/admin/users/{id}/enable") => form(&[]),
        (false, "/events/{id}/grants/{grant}/revoke") => form(&[]),
        (true, "/events/{id}/committee") => Body::Json(
            json!({"team_id": fx.teams[2], "kind": "disqualification", "reason": "test"}),
        ),
        (false, "/login") => form(&[("username", "admin1"), ("password", PASSWORD)]),
        (false, "/logout") => form(&[]),
        (false, "/admin/users") => form(&[
            ("username", &format!("new_{tag}")),
            ("password", "another-long-password"),
        ]),
        (false, "/events/new") => form(&[
            ("name", &format!("Page event {tag}")),
            ("preset", "team-2v2"),
            ("tile_set", "english"),
            ("lexicon", "default"),
        ]),
        (false, "/events/{id}/teams") => form(&[
            ("name", &format!("Page team {tag}")),
            ("player1", "One"),
            ("player2", "Two"),
        ]),
        (false, "/events/{id}/teams/import") => form(&[
            ("csv", &format!("Form {tag},A {tag},B {tag},A {tag}\n")),
            ("action", "preview"),
        ]),
        (false, "/events/{id}/grants") => form(&[("username", "pic"), ("role", "pic")]),
        (false, "/events/{id}/language") => form(&[("language", "fr")]),
        (false, "/events/{id}/duplicate/players") => {
            let number = (20 + ROLES.iter().position(|r| *r == role).unwrap_or(0)).to_string();
            form(&[("number", &number), ("name", &tag)])
        }
        (false, "/events/{id}/duplicate/games") => form(&[]),
        (false, "/account/language") => form(&[("language", "id")]),
        (false, "/events/{id}/lexicon") => form(&[
            ("lexicon_name", &format!("list_{tag}")),
            ("words", "QI\nZA\n"),
        ]),
        (false, "/events/{id}/rounds") => form(&[("method", "manual"), ("pairs", "")]),
        (false, "/events/{id}/rounds/{n}/repair") => form(&[("method", "manual")]),
        (false, "/challenges/{id}/claim") => form(&[]),
        (false, "/challenges/{id}/rule") => form(&[("valid", "1")]),
        (false, "/matches/{id}/challenges/{seq}/claim") => form(&[]),
        (false, "/matches/{id}/challenges/{seq}/rule") => form(&[("valid", "1")]),
        (false, "/individual/divisions/{id}/rounds/{round}/entry") => {
            form(&[("text", "1 400 4 300")])
        }
        // The director's set-up pages of an individual event (issue 18).
        (false, "/individual/events/new") => form(&[
            ("name", &format!("Page open {tag}")),
            ("bye_spread", "50"),
            ("forfeit_spread", "50"),
            ("withdrawn", "forfeit"),
        ]),
        (false, "/individual/events/{id}/desk/divisions") => form(&[
            ("name", &format!("PD {tag}")),
            ("first1", "1"),
            ("last1", "3"),
            ("method1", "swiss"),
        ]),
        (false, "/individual/events/{id}/desk/import") => form(&[
            ("name", &format!("PT {tag}")),
            ("first1", "1"),
            ("last1", "5"),
            ("method1", "swiss"),
            (
                "file",
                "Smith, Ann  1823  2; 412\nJones, Bob  1750  1; 380\n",
            ),
        ]),
        (false, "/individual/divisions/{id}/desk/players") => {
            form(&[("name", &format!("Page late {tag}")), ("rating", "1400")])
        }
        (false, "/individual/divisions/{id}/desk/rating-method") => {
            form(&[("rating_method", "wespa")])
        }
        (
            false,
            "/individual/divisions/{id}/desk/players/{number}/withdraw"
            | "/individual/divisions/{id}/desk/players/{number}/take-back"
            | "/individual/divisions/{id}/desk/rounds",
        ) => form(&[]),
        (false, "/individual/divisions/{id}/desk/rounds/{round}") => form(&[
            ("rows", "2"),
            ("a1", "1"),
            ("b1", "4"),
            ("a2", "2"),
            ("b2", "3"),
        ]),
        (false, "/events/{id}/committee") => form(&[
            ("team_id", &team),
            ("kind", "disqualification"),
            ("reason", "test"),
        ]),
        _ => panic!("no body for {} {}", r.method, r.path),
    }
}

/// A raw answer: status, headers (lower-case names), and the start of the body.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Sends one request over a plain socket and reads the head and up to 64 KiB of the body, so
/// live streams (which never end) answer too.
fn send(base: &str, method: &str, path: &str, headers: &[(String, String)], body: &[u8]) -> Answer {
    let addr = base.trim_start_matches("http://");
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_millis(1500)))
        .unwrap();
    let mut head = format!(
        "{} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        method.to_uppercase(),
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body).unwrap();
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        match s.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => {
                buf.extend_from_slice(&chunk[..n]);
                if buf.len() > 64 * 1024 {
                    break;
                }
            }
            // A stream that keeps the connection open: what came so far is enough.
            Err(_) => break,
        }
    }
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line from {method} {path}: {text:?}"));
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_lowercase(), v.trim().to_owned()))
        .collect();
    Answer {
        status,
        headers,
        body: body.to_owned(),
    }
}

/// How a route is called as `who`: API routes with the Bearer token, pages with the cookie
/// (and the CSRF token in forms, unless `csrf` is false).
fn call(fx: &Fixture, r: &Route, role: Role, body: Body, csrf: bool) -> Answer {
    let id = fx.identity(role);
    let api = r.path.starts_with("/api/");
    let mut headers = Vec::new();
    if api {
        if let Some(t) = &id.bearer {
            headers.push(("Authorization".to_owned(), format!("Bearer {t}")));
        }
    } else {
        headers.push(("Cookie".to_owned(), id.cookies.clone()));
    }
    let bytes = match body {
        Body::None => Vec::new(),
        Body::Json(v) => {
            headers.push(("Content-Type".into(), "application/json".into()));
            v.to_string().into_bytes()
        }
        Body::Text(t) => {
            headers.push(("Content-Type".into(), "text/plain".into()));
            t.into_bytes()
        }
        Body::Form(mut fields) => {
            if csrf {
                fields.push(("csrf".into(), id.csrf.clone()));
            }
            headers.push((
                "Content-Type".into(),
                "application/x-www-form-urlencoded".into(),
            ));
            serde_urlencoded::to_string(&fields).unwrap().into_bytes()
        }
    };
    send(&fx.app.base, &r.method, &fx.path(&r.path), &headers, &bytes)
}

fn refused(a: &Answer) -> bool {
    a.status == 401
        || a.status == 403
        || (a.status == 303
            && a.header("location")
                .is_some_and(|l| l.starts_with("/login")))
}

/// Writes that change what later requests see go last, in this order.
fn order(r: &Route) -> u8 {
    match (r.method.as_str(), r.path.as_str()) {
        ("get", _) => 0,
        (_, p) if p.ends_with("/claim") => 2,
        (_, p) if p.ends_with("/rule") => 3,
        (_, p) if p.ends_with("/committee") => 4,
        // Signing out ends the session the later requests of that role use.
        (_, "/logout" | "/api/v1/auth/logout") => 5,
        _ => 1,
    }
}

#[test]
fn every_route_answers_every_role_as_the_matrix_says() {
    let fx = fixture();
    let mut routes = route_table();
    routes.sort_by_key(order);
    // Read from the route table's source: an empty scan would check nothing.
    assert!(routes.len() >= 40, "{routes:?}");
    let mut failures = Vec::new();
    for r in &routes {
        let p = policy(r);
        // Roles that must be refused first: a permitted write may change what later ones see.
        let mut roles = ROLES.to_vec();
        roles.sort_by_key(|role| allowed(p, *role));
        for role in roles {
            let a = call(&fx, r, role, body_for(&fx, r, role), true);
            let want = allowed(p, role);
            let good = if want {
                // A sheet-mode match has no GCG record: that 404 is an answer, not a refusal.
                let no_board = r.path.ends_with("/gcg") && a.status == 404;
                // The grant was revoked by the first role allowed to.
                let revoked = r.path.ends_with("/revoke") && a.status == 404 && role == Role::Admin;
                // The fixture has no online seek or game: their 404 is an answer.
                let no_online = r.path.contains("/online/") && a.status == 404;
                // The fixture's Duplicate game was not prepared in advance: nothing to export.
                let not_prepared = r.path.ends_with("/prepared") && a.status == 404;
                !refused(&a)
                    && a.status < 500
                    && (a.status != 404 || no_board || revoked || no_online || not_prepared)
                    && a.status != 405
            } else {
                refused(&a)
            };
            if !good {
                failures.push(format!(
                    "{} {} as {role:?} ({p:?}): expected {}, got {} {}",
                    r.method.to_uppercase(),
                    r.path,
                    if want { "allowed" } else { "refused" },
                    a.status,
                    a.body.chars().take(160).collect::<String>()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} authorisation mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// CSRF
// ---------------------------------------------------------------------------------------------

#[test]
fn every_form_post_without_the_csrf_token_is_refused() {
    let fx = fixture();
    let posts: Vec<Route> = route_table()
        .into_iter()
        .filter(|r| r.method == "post" && !r.path.starts_with("/api/"))
        .collect();
    assert!(posts.len() >= 10, "{posts:?}");
    for r in &posts {
        // As the administrator, who may do all of them with the token.
        let role = if r.path == "/login" {
            Role::Anonymous
        } else {
            Role::Admin
        };
        let a = call(&fx, r, role, body_for(&fx, r, role), false);
        assert_eq!(a.status, 403, "{} without a token: {}", r.path, a.body);
        assert!(a.body.contains("CSRF"), "{}: {}", r.path, a.body);
        // A token made for another browser's seed is refused too.
        let other = fx.identity(Role::Director).csrf.clone();
        let mut b = body_for(&fx, r, role);
        if let Body::Form(f) = &mut b {
            f.push(("csrf".into(), other));
        }
        let a = call(&fx, r, role, b, false);
        assert_eq!(a.status, 403, "{} with another's token: {}", r.path, a.body);
    }
}

#[test]
fn api_writes_with_the_session_cookie_need_the_csrf_header() {
    let fx = fixture();
    let admin = fx.identity(Role::Admin);
    let writes: Vec<Route> = route_table()
        .into_iter()
        .filter(|r| {
            // Signing in and registering act for nobody signed in: no session to forge. Nor do
            // phone slips (Duplicate's and individual events'): the player's number and PIN in
            // the body are who acts.
            r.method != "get"
                && r.path.starts_with("/api/")
                && r.path != "/api/v1/auth/token"
                && r.path != "/api/v1/online/register"
                && !r.path.starts_with("/api/v1/duplicate/games/{id}/phone/")
                && !r
                    .path
                    .starts_with("/api/v1/individual/divisions/{id}/phone/")
        })
        .collect();
    for r in &writes {
        let mut headers = vec![
            ("Cookie".to_owned(), admin.cookies.clone()),
            ("Content-Type".to_owned(), "application/json".to_owned()),
        ];
        let body = match body_for(&fx, r, Role::Admin) {
            Body::Json(v) => v.to_string(),
            Body::Text(t) => t,
            _ => String::new(),
        };
        let a = send(
            &fx.app.base,
            &r.method,
            &fx.path(&r.path),
            &headers,
            body.as_bytes(),
        );
        assert_eq!(
            a.status, 403,
            "{} {} by cookie without the header: {}",
            r.method, r.path, a.body
        );
        assert_eq!(
            serde_json::from_str::<Value>(&a.body).unwrap()["error"],
            "forbidden"
        );
        headers.push(("X-CSRF-Token".into(), "0".repeat(64)));
        let a = send(
            &fx.app.base,
            &r.method,
            &fx.path(&r.path),
            &headers,
            body.as_bytes(),
        );
        assert_eq!(
            a.status, 403,
            "{} {} with a wrong header: {}",
            r.method, r.path, a.body
        );
    }
    // With the right header the cookie session works for the API.
    let a = send(
        &fx.app.base,
        "post",
        &format!("/api/v1/events/{}/teams", fx.event),
        &[
            ("Cookie".into(), admin.cookies.clone()),
            ("Content-Type".into(), "application/json".into()),
            ("X-CSRF-Token".into(), admin.csrf.clone()),
        ],
        json!({"name": "By cookie", "players": ["P", "Q"]})
            .to_string()
            .as_bytes(),
    );
    assert_eq!(a.status, 201, "{}", a.body);
}

// ---------------------------------------------------------------------------------------------
// Cookies and headers
// ---------------------------------------------------------------------------------------------

fn set_cookie<'a>(a: &'a Answer, name: &str) -> &'a str {
    a.headers
        .iter()
        .filter(|(k, _)| k == "set-cookie")
        .map(|(_, v)| v.as_str())
        .find(|v| v.starts_with(&format!("{name}=")))
        .unwrap_or_else(|| panic!("no {name} cookie in {:?}", a.headers))
}

fn assert_flags(cookie: &str, secure: bool) {
    let attrs: Vec<String> = cookie
        .split(';')
        .skip(1)
        .map(|s| s.trim().to_lowercase())
        .collect();
    for want in ["httponly", "samesite=strict", "path=/"] {
        assert!(attrs.iter().any(|a| a == want), "{want} missing: {cookie}");
    }
    assert_eq!(attrs.iter().any(|a| a == "secure"), secure, "{cookie}");
}

fn login_answer(base: &str) -> (Answer, Answer) {
    let first = send(base, "get", "/login", &[], b"");
    let seed = set_cookie(&first, "arbiter_csrf")
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let csrf = csrf_in(&first.body).unwrap();
    let body = serde_urlencoded::to_string([
        ("csrf", csrf.as_str()),
        ("username", "cookie_user"),
        ("password", PASSWORD),
    ])
    .unwrap();
    let login = send(
        base,
        "post",
        "/login",
        &[
            ("Cookie".into(), seed),
            (
                "Content-Type".into(),
                "application/x-www-form-urlencoded".into(),
            ),
        ],
        body.as_bytes(),
    );
    (first, login)
}

#[test]
fn session_and_csrf_cookies_are_httponly_strict_and_secure_when_configured() {
    let app = spawn_app();
    app.create_user("cookie_user", PASSWORD, false);
    let (first, login) = login_answer(&app.base);
    assert_eq!(login.status, 303, "{}", login.body);
    assert_flags(set_cookie(&first, "arbiter_csrf"), false);
    assert_flags(set_cookie(&login, "arbiter_session"), false);

    // The same with secure_cookies on.
    let secure = TestApp::builder()
        .settings(|s| s.secure_cookies = true)
        .spawn();
    secure.create_user("cookie_user", PASSWORD, false);
    let (first, login) = login_answer(&secure.base);
    assert_eq!(login.status, 303, "{}", login.body);
    assert_flags(set_cookie(&first, "arbiter_csrf"), true);
    assert_flags(set_cookie(&login, "arbiter_session"), true);
}

fn assert_security_headers(a: &Answer, what: &str) {
    let csp = a
        .header("content-security-policy")
        .unwrap_or_else(|| panic!("{what}: no CSP"));
    assert!(!csp.contains("unsafe-inline"), "{what}: {csp}");
    assert!(!csp.contains("unsafe-eval"), "{what}: {csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
    assert!(csp.contains("script-src 'self'"), "{what}: {csp}");
    assert_eq!(
        a.header("x-content-type-options"),
        Some("nosniff"),
        "{what}"
    );
    assert_eq!(a.header("x-frame-options"), Some("DENY"), "{what}");
    assert!(
        a.header("x-request-id").is_some_and(|v| !v.is_empty()),
        "{what}"
    );
}

#[test]
fn pages_api_errors_and_static_files_carry_the_security_headers() {
    let fx = fixture();
    let event = fx.event;
    for (role, path) in [
        (Role::Anonymous, "/".to_owned()),
        (Role::Anonymous, "/login".to_owned()),
        (Role::Anonymous, "/static/app.css".to_owned()),
        (Role::Anonymous, "/no/such/page".to_owned()),
        (Role::Anonymous, "/healthz".to_owned()),
        (Role::Anonymous, "/api/v1/openapi.json".to_owned()),
        (Role::Anonymous, "/api/v1/me".to_owned()),
        (Role::Anonymous, "/api/v1/no-such-thing".to_owned()),
        (Role::Director, format!("/events/{event}")),
        (Role::Director, format!("/api/v1/events/{event}/rounds")),
        (Role::Pic, format!("/events/{event}")),
    ] {
        let id = fx.identity(role);
        let mut headers = vec![("Cookie".to_owned(), id.cookies.clone())];
        if let Some(t) = &id.bearer {
            headers.push(("Authorization".into(), format!("Bearer {t}")));
        }
        let a = send(&fx.app.base, "get", &path, &headers, b"");
        assert_security_headers(&a, &format!("{path} as {role:?} ({})", a.status));
    }
    // Pages load no inline script: every <script> has a src, but for the page's words for
    // app.js (issue 15), a JSON data block the browser does not run.
    let home = send(&fx.app.base, "get", "/login", &[], b"");
    for tag in home.body.split("<script").skip(1) {
        let tag = tag.split('>').next().unwrap_or_default();
        assert!(
            tag.contains("src=") || tag == r#" type="application/json" id="arbiter-text""#,
            "inline script on /login: <script{tag}>"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Logins and tokens
// ---------------------------------------------------------------------------------------------

#[test]
fn repeated_failed_logins_are_slowed_and_a_right_password_still_works() {
    // The throttle unit: five free failures per name, then refused until a cell comes back.
    let t = arbiter::auth::LoginThrottle::default();
    for _ in 0..6 {
        assert_eq!(t.check("victim", "192.0.2.1"), Ok(()));
        t.failed("victim", "192.0.2.1");
    }
    assert!(
        matches!(t.check("victim", "192.0.2.7"), Err(arbiter::auth::Throttled::RetryAfter(w)) if w > Duration::ZERO),
        "the name is not throttled after six failures"
    );
    assert_eq!(t.check("someone-else", "192.0.2.7"), Ok(()));

    // Over HTTP: wrong passwords stay 401 with one message for both mistakes, and the right
    // password afterwards still signs in.
    let app = spawn_app();
    app.create_user("victim", PASSWORD, false);
    let mut c = app.client();
    let mut messages = Vec::new();
    for i in 0..5 {
        let res = c.post_json(
            "/api/v1/auth/token",
            &json!({"username": "victim", "password": format!("wrong-{i}")}),
        );
        assert_eq!(res.status, 401, "{}", res.body);
        messages.push(res.json()["message"].clone());
    }
    let unknown = c.post_json(
        "/api/v1/auth/token",
        &json!({"username": "nobody-here", "password": "wrong"}),
    );
    assert_eq!(unknown.status, 401);
    assert_eq!(unknown.json()["message"], messages[0], "messages differ");
    assert!(messages.iter().all(|m| *m == messages[0]));
    let res = c.post_json(
        "/api/v1/auth/token",
        &json!({"username": "victim", "password": PASSWORD}),
    );
    assert_eq!(res.status, 200, "{}", res.body);
}

/// A session token signed with `secret`, made as the server makes them (HS256 JWT), for the
/// server-side session `sid`.
fn forge(secret: &[u8], uid: i64, admin: bool, sid: &str, iat: i64, exp: i64) -> String {
    let claims = json!({
        "sub": uid.to_string(), "uid": uid, "name": "forged", "adm": admin, "sid": sid,
        "roles": [], "iat": iat, "exp": exp,
    });
    jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        &claims,
        &jsonwebtoken::EncodingKey::from_secret(secret).unwrap(),
    )
    .unwrap()
}

#[test]
fn expired_and_foreign_tokens_are_refused() {
    let app = spawn_app();
    let uid = app.create_user("expiring", PASSWORD, true);
    let now = chrono::Utc::now().timestamp();
    let mut c = app.client();
    let keys = arbiter::auth::Keys::new(&app.secret).unwrap();
    let sid = keys.verify(&app.token("expiring", PASSWORD)).unwrap().sid;

    c.bearer = Some(forge(&app.secret, uid, true, &sid, now - 60, now + 600));
    assert_eq!(
        c.get("/api/v1/me").status,
        200,
        "a fresh token signed with the key for an open session is valid"
    );
    // Signed with the key but for no session the server started.
    c.bearer = Some(forge(
        &app.secret,
        uid,
        true,
        "made-up",
        now - 60,
        now + 600,
    ));
    assert_eq!(c.get("/api/v1/me").status, 401);

    c.bearer = Some(forge(&app.secret, uid, true, &sid, now - 7200, now - 1));
    let res = c.get("/api/v1/me");
    assert_eq!(res.status, 401, "{}", res.body);
    assert!(res.json()["message"].as_str().unwrap().contains("expired"));

    // Signed with another secret.
    c.bearer = Some(forge(
        b"another-secret-of-enough-length",
        uid,
        true,
        &sid,
        now,
        now + 600,
    ));
    assert_eq!(c.get("/api/v1/me").status, 401);

    // An expired session cookie means signed out: pages send the browser to the login form.
    let mut b = app.client();
    b.cookies.insert(
        "arbiter_session".into(),
        forge(&app.secret, uid, true, &sid, now - 7200, now - 1),
    );
    let res = b.get("/admin/users");
    assert_eq!(res.status, 303);
    assert!(res.header("location").unwrap().starts_with("/login"));

    // The tokens the server issues expire after the configured session length (2 h in tests).
    let res = app
        .client()
        .post_json(
            "/api/v1/auth/token",
            &json!({"username": "expiring", "password": PASSWORD}),
        )
        .json();
    let exp = chrono::DateTime::parse_from_rfc3339(res["expires_at"].as_str().unwrap()).unwrap();
    let hours = (exp.timestamp() - now) as f64 / 3600.0;
    assert!((1.9..=2.1).contains(&hours), "expires in {hours} h");
}

// ---------------------------------------------------------------------------------------------
// Oversized input
// ---------------------------------------------------------------------------------------------

#[test]
fn oversized_bodies_forms_and_uploads_get_413() {
    let fx = fixture();
    let base = &fx.app.base;
    let admin = fx.identity(Role::Admin);
    let bearer = (
        "Authorization".to_owned(),
        format!("Bearer {}", admin.bearer.clone().unwrap()),
    );
    let big = "A".repeat(300 * 1024);

    // JSON over 256 KiB.
    let body = json!({"name": big, "players": ["a", "b"]}).to_string();
    for path in [
        "/api/v1/auth/token".to_owned(),
        format!("/api/v1/events/{}/teams", fx.event),
        format!("/api/v1/matches/{}/commands", fx.match_id),
    ] {
        let a = send(
            base,
            "post",
            &path,
            &[
                bearer.clone(),
                ("Content-Type".into(), "application/json".into()),
            ],
            body.as_bytes(),
        );
        assert_eq!(a.status, 413, "{path}: {}", a.body);
        let err: Value = serde_json::from_str(&a.body).unwrap();
        assert_eq!(err["error"], "payload_too_large", "{path}");
    }

    // A word list over 8 MiB.
    let words = "WORD\n".repeat(8 * 1024 * 1024 / 5 + 10);
    let a = send(
        base,
        "put",
        &format!("/api/v1/events/{}/lexicon?name=huge", fx.event),
        &[bearer.clone(), ("Content-Type".into(), "text/plain".into())],
        words.as_bytes(),
    );
    assert_eq!(a.status, 413, "{}", a.body);

    // Forms: a page answers 413 with an HTML page.
    let form_body = |fields: &[(&str, &str)]| serde_urlencoded::to_string(fields).unwrap();
    let page_headers = vec![
        ("Cookie".to_owned(), admin.cookies.clone()),
        (
            "Content-Type".to_owned(),
            "application/x-www-form-urlencoded".to_owned(),
        ),
    ];
    for (path, body) in [
        (
            format!("/events/{}/teams", fx.event),
            form_body(&[
                ("csrf", &admin.csrf),
                ("name", &big),
                ("player1", "a"),
                ("player2", "b"),
            ]),
        ),
        (
            "/login".to_owned(),
            form_body(&[("csrf", &admin.csrf), ("username", &big), ("password", "x")]),
        ),
        (
            format!("/events/{}/lexicon", fx.event),
            form_body(&[
                ("csrf", &admin.csrf),
                ("lexicon_name", "huge"),
                ("words", &"WORD\n".repeat(3 * 1024 * 1024)),
            ]),
        ),
    ] {
        let a = send(base, "post", &path, &page_headers, body.as_bytes());
        assert_eq!(
            a.status,
            413,
            "{path}: {}",
            a.body.chars().take(300).collect::<String>()
        );
        assert!(
            a.header("content-type")
                .unwrap_or_default()
                .starts_with("text/html"),
            "{path}: {:?}",
            a.header("content-type")
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Passwords never logged
// ---------------------------------------------------------------------------------------------

fn strip_ansi(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // ESC [ … final letter
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn passwords_never_reach_the_log_even_at_debug_level() {
    let db = TestDb::fresh();
    let secret_password = format!("Never-Logged-{}", arbiter::auth::random_token(6));
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let mut create = std::process::Command::new(bin)
        .args([
            "admin",
            "create",
            "--username",
            "logwatch",
            "--password-stdin",
        ])
        .env("ARBITER_DATA_DIR", &db.dir)
        .env("DATABASE_URL", db.url_string())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    create
        .stdin
        .take()
        .unwrap()
        .write_all(format!("{secret_password}\n").as_bytes())
        .unwrap();
    let out = create.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut log = String::from_utf8_lossy(&out.stdout).into_owned();
    log.push_str(&String::from_utf8_lossy(&out.stderr));

    let mut server = Binary::spawn(&db, "debug");
    let (base, out_file) = (server.base.clone(), server.log.clone());
    let result = std::panic::catch_unwind(|| {
        let mut c = Client::new(&base);
        // The API, the login form, a wrong password, and a new account made on the page.
        let res = c.post_json(
            "/api/v1/auth/token",
            &json!({"username": "logwatch", "password": secret_password}),
        );
        assert_eq!(res.status, 200, "{}", res.body);
        let res = c.post_json(
            "/api/v1/auth/token",
            &json!({"username": "logwatch", "password": format!("{secret_password}x")}),
        );
        assert_eq!(res.status, 401);
        let res = c.login_form("logwatch", &secret_password);
        assert_eq!(res.status, 303, "{}", res.body);
        let csrf = c.csrf_from("/admin/users");
        let res = c.post_form(
            "/admin/users",
            &[
                ("csrf", &csrf),
                ("username", "second"),
                ("password", &format!("{secret_password}-2")),
            ],
        );
        assert!(res.status < 400, "{}: {}", res.status, res.body);
    });
    server.stop();
    log.push_str(&std::fs::read_to_string(&out_file).unwrap_or_default());
    if let Err(e) = result {
        std::panic::resume_unwind(e);
    }
    // Without the terminal colour codes.
    let log = strip_ansi(&log);
    assert!(log.contains("request"), "the server logged nothing: {log}");
    assert!(
        !log.contains(&secret_password),
        "a password reached the log:\n{log}"
    );
    // Request lines carry a request id.
    assert!(log.contains("request_id="), "{log}");
}

// ---------------------------------------------------------------------------------------------
// Backup
// ---------------------------------------------------------------------------------------------

#[test]
fn a_live_database_is_backed_up_and_the_copy_opens() {
    let fx = fixture();
    let to = fx.app.db.dir.join("backup.db");
    let result = arbiter::cli::backup::backup(&fx.app.db.url, &to);
    if postgres_server().is_some() {
        assert!(result.unwrap_err().contains("pg_dump"));
        return;
    }
    // While the server runs and keeps writing.
    let report = result.unwrap();
    assert!(report.bytes > 0);
    let copy = arbiter::config::DatabaseUrl::parse(&format!("sqlite://{}", to.display())).unwrap();
    let mut conn = arbiter::db::build_pool(&copy, 1).get().unwrap();
    // The seven accounts of the fixture and the first-start administrator.
    assert_eq!(arbiter::db::users::count(&mut conn).unwrap(), 8);
    let teams =
        arbiter::db::events::teams_of(&mut conn, arbiter::vocab::EventId(fx.event)).unwrap();
    assert_eq!(teams.len(), 3);
    // A server started on the copy serves the same event.
    let db = TestDb::fresh();
    let restored = db.dir.join("arbiter.db");
    std::fs::copy(&to, &restored).unwrap();
    let mut settings = settings_for(&db);
    settings.database =
        arbiter::config::DatabaseUrl::parse(&format!("sqlite://{}", restored.display())).unwrap();
    let server = start(arbiter::startup::prepare(&settings).unwrap());
    let base = server.base.clone();
    let mut c = Client::new(&base);
    c.bearer = Some({
        let mut t = Client::new(&base);
        t.post_json(
            "/api/v1/auth/token",
            &json!({"username": "admin1", "password": PASSWORD}),
        )
        .json()["token"]
            .as_str()
            .unwrap()
            .to_owned()
    });
    let m = ok(c.get(&format!("/api/v1/matches/{}", fx.match_id)));
    assert_eq!(m["open_challenges"].as_array().unwrap().len(), 1, "{m}");
    // The target must be new: a second backup to the same file is refused.
    assert!(
        arbiter::cli::backup::backup(&fx.app.db.url, &to)
            .unwrap_err()
            .contains("exists")
    );
}

#[test]
fn extractor_errors_under_the_api_are_json_errors() {
    let app = spawn_app();
    app.create_user("x_admin", PASSWORD, true);
    let mut c = app.client();
    c.bearer = Some(app.token("x_admin", PASSWORD));
    for path in [
        "/api/v1/matches/not-a-number",
        "/api/v1/events/99999999999999999999999/teams",
        "/api/v1/matches/1/events?after=soon",
    ] {
        let res = c.get(path);
        assert!(
            res.status == 400 || res.status == 404,
            "{path}: {}",
            res.status
        );
        let body = res.json();
        assert!(
            body["error"].is_string() && body["message"].is_string(),
            "{path}: {body}"
        );
    }
    let res = c.post_json("/api/v1/events/1/lexicon", &json!({}));
    assert_eq!(res.status, 400, "{}", res.body);
    assert_eq!(res.json()["field"], "name");
}
