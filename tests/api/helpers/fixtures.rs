//! The fixture builder: accounts signed in over the API, events with teams and grants
//! ([`event`]), and the hall most match tests play in ([`TestApp::hall`]). Set-ups go through
//! here rather than posting their own events, teams and grants.

use serde_json::{Value, json};

use super::{Client, Resp, TestApp};

/// The password of every account the fixtures make.
pub const PASSWORD: &str = "long-password-x";

impl TestApp {
    /// A new account (password [`PASSWORD`]) and an API client signed in as it (Bearer).
    pub fn bearer(&self, username: &str, admin: bool) -> Client {
        self.create_user(username, PASSWORD, admin);
        let mut c = self.client();
        c.bearer = Some(self.token(username, PASSWORD));
        c
    }

    /// The hall most match tests play in (see [`HallBuilder`]).
    pub fn hall(self) -> HallBuilder {
        HallBuilder {
            app: self,
            event: json!({"name": "Hall", "public": true}),
            teams: [
                json!({"name": "Anagrammers", "players": ["Ann", "Bob"]}),
                json!({"name": "Bingo Bunch", "players": ["Cy", "Di"]}),
            ],
        }
    }
}

/// A 200 or 201 answer's JSON body; any other status fails the test, showing the body.
pub fn ok(res: Resp) -> Value {
    assert!(
        res.status == 200 || res.status == 201,
        "{}: {}",
        res.status,
        res.body
    );
    res.json()
}

/// A 201 answer's JSON body; any other status fails the test, showing the body.
pub fn created(res: Resp) -> Value {
    assert_eq!(res.status, 201, "{}", res.body);
    res.json()
}

/// An event made over the API by `by` (a client allowed to create events), with its teams and
/// the grants of accounts that already exist: `event(&mut admin, json!({"name": "Cup"}))
/// .team(json!({..})).grant(json!({"username": "pic", "role": "pic"})).build()`.
#[must_use]
pub struct EventBuilder<'c> {
    by: &'c mut Client,
    body: Value,
    teams: Vec<Value>,
    grants: Vec<Value>,
}

/// Starts an [`EventBuilder`]: `body` is what `POST /api/v1/events` is sent.
pub fn event(by: &mut Client, body: Value) -> EventBuilder<'_> {
    EventBuilder {
        by,
        body,
        teams: Vec::new(),
        grants: Vec::new(),
    }
}

/// What an [`EventBuilder`] made.
pub struct Event {
    /// The event's id.
    pub id: i64,
    /// The teams as the API answered their creation, in the order they were added.
    pub teams: Vec<Value>,
}

impl Event {
    /// The ids of its teams, in order.
    pub fn team_ids(&self) -> Vec<i64> {
        self.teams
            .iter()
            .map(|t| t["id"].as_i64().unwrap())
            .collect()
    }
}

impl EventBuilder<'_> {
    /// A team: what `POST /api/v1/events/{id}/teams` is sent.
    pub fn team(mut self, body: Value) -> Self {
        self.teams.push(body);
        self
    }

    /// Teams named `names`, each with two players (`"{name} one"`, `"{name} two"`).
    pub fn teams_named(mut self, names: &[&str]) -> Self {
        for n in names {
            self.teams
                .push(json!({"name": n, "players": [format!("{n} one"), format!("{n} two")]}));
        }
        self
    }

    /// A grant: what `POST /api/v1/events/{id}/grants` is sent.
    pub fn grant(mut self, body: Value) -> Self {
        self.grants.push(body);
        self
    }

    /// Makes the event, then its teams, then its grants (each answered 201 Created).
    pub fn build(self) -> Event {
        let id = created(self.by.post_json("/api/v1/events", &self.body))["id"]
            .as_i64()
            .unwrap();
        let teams = self
            .teams
            .iter()
            .map(|t| created(self.by.post_json(&format!("/api/v1/events/{id}/teams"), t)))
            .collect();
        for g in &self.grants {
            created(self.by.post_json(&format!("/api/v1/events/{id}/grants"), g));
        }
        Event { id, teams }
    }
}

/// An event with two teams and someone for every role a match meets, each signed in as a
/// program (Bearer): an administrator who directs, the devices of tables 1 and 2, two PICs, a
/// committee member and an account with no role at all.
pub struct Hall {
    /// The server.
    pub app: TestApp,
    /// `director`, an administrator.
    pub director: Client,
    /// `table1`, the device of table 1.
    pub table: Client,
    /// `table2`, the device of table 2.
    pub table2: Client,
    /// `pic`.
    pub pic: Client,
    /// `pic2`, a second PIC.
    pub pic2: Client,
    /// `committee`.
    pub committee: Client,
    /// `outsider`, no role in the event.
    pub outsider: Client,
    /// The event.
    pub event_id: i64,
    /// Its two teams.
    pub teams: (i64, i64),
    /// The teams as the API answered their creation.
    pub team_rows: Vec<Value>,
}

/// A [`Hall`] to be: the event and team bodies can be changed before [`HallBuilder::build`].
#[must_use]
pub struct HallBuilder {
    app: TestApp,
    event: Value,
    teams: [Value; 2],
}

impl HallBuilder {
    /// What `POST /api/v1/events` is sent (default: a public event named "Hall").
    pub fn event(mut self, body: Value) -> Self {
        self.event = body;
        self
    }

    /// Whether the event is public.
    pub fn public(mut self, public: bool) -> Self {
        self.event["public"] = json!(public);
        self
    }

    /// What the two teams are created with (default: Anagrammers (Ann, Bob) and Bingo Bunch
    /// (Cy, Di)).
    pub fn teams(mut self, a: Value, b: Value) -> Self {
        self.teams = [a, b];
        self
    }

    /// Makes the accounts, the event, its teams and the grants.
    pub fn build(self) -> Hall {
        let app = self.app;
        let mut director = app.bearer("director", true);
        let [table, table2, pic, pic2, committee, outsider] =
            ["table1", "table2", "pic", "pic2", "committee", "outsider"]
                .map(|name| app.bearer(name, false));
        let [team_a, team_b] = self.teams;
        let ev = event(&mut director, self.event)
            .team(team_a)
            .team(team_b)
            .grant(json!({"username": "table1", "role": "table", "table": 1}))
            .grant(json!({"username": "table2", "role": "table", "table": 2}))
            .grant(json!({"username": "pic", "role": "pic"}))
            .grant(json!({"username": "pic2", "role": "pic"}))
            .grant(json!({"username": "committee", "role": "committee"}))
            .build();
        let ids = ev.team_ids();
        Hall {
            app,
            director,
            table,
            table2,
            pic,
            pic2,
            committee,
            outsider,
            event_id: ev.id,
            teams: (ids[0], ids[1]),
            team_rows: ev.teams,
        }
    }
}

impl Hall {
    /// A new round-1 match of the two teams at `table`, made by the director.
    pub fn new_match(&mut self, table: i32) -> i64 {
        let m = ok(self.director.post_json(
            "/api/v1/matches",
            &json!({"event_id": self.event_id, "table": table, "round": 1,
                    "side_a": {"team_id": self.teams.0}, "side_b": {"team_id": self.teams.1}}),
        ));
        assert_eq!(m["status"], "created");
        assert_eq!(m["sides"]["a"]["name"], self.team_rows[0]["name"]);
        m["id"].as_i64().unwrap()
    }
}
