//! `arbiter demo`: fills a database with a demo event so a newcomer sees every page at once:
//! eight teams, an account for each role, a finished round, and a round in progress with open
//! challenges.

use std::io::Write;

use chrono::Utc;
use serde_json::json;

use crate::config::DatabaseUrl;
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::rules::game::Command;
use crate::services::matches::{self, CommandRequest, Desk, Sender};
use crate::services::{accounts, committee, events, pic, rounds};
use crate::vocab::{EventId, MatchId, RecordKind, Role, Seq, UserId};

/// The demo event's name (a second run refuses rather than duplicate it).
pub const EVENT_NAME: &str = "Arbiter Demo Cup";

const TEAMS: [(&str, [&str; 2]); 8] = [
    ("Anagram Avengers", ["Ada", "Ben"]),
    ("Bingo Bandits", ["Cleo", "Dev"]),
    ("Consonant Crew", ["Eli", "Fay"]),
    ("Double Letters", ["Gus", "Hana"]),
    ("Exchange Rate", ["Ivo", "Jun"]),
    ("Phony Detectors", ["Kai", "Lea"]),
    ("Quiz Kids", ["Max", "Nia"]),
    ("Triple Word", ["Oto", "Pia"]),
];

/// One account the demo made.
pub struct Account {
    /// Login name.
    pub username: String,
    /// Its generated password.
    pub password: String,
    /// What it is for.
    pub role: String,
}

fn err(e: AppError) -> String {
    e.to_string()
}

fn user(
    conn: &mut DbConn,
    accounts_out: &mut Vec<Account>,
    name: &str,
    admin: bool,
    role: &str,
) -> Result<UserId, String> {
    let password = crate::auth::generate_password();
    let u = accounts::create_user(conn, Utc::now(), name, &password, admin).map_err(err)?;
    accounts_out.push(Account {
        username: name.into(),
        password,
        role: role.into(),
    });
    Ok(u.id)
}

fn grant(
    conn: &mut DbConn,
    by: UserId,
    event: EventId,
    username: &str,
    role: Role,
    extra: serde_json::Value,
) -> Result<(), String> {
    let mut body = json!({"username": username, "role": role.as_str()});
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        b.extend(e.clone());
    }
    let req: events::GrantRequest = serde_json::from_value(body).map_err(|e| e.to_string())?;
    events::grant(conn, Utc::now(), by, event, &req).map_err(err)?;
    Ok(())
}

struct Table<'a> {
    conn: &'a mut DbConn,
    cache: &'a Desk,
    device: UserId,
    match_id: MatchId,
}

impl Table<'_> {
    fn send(&mut self, command: serde_json::Value) -> Result<matches::CommandOutcome, String> {
        let command: Command = serde_json::from_value(command).map_err(|e| e.to_string())?;
        let req = CommandRequest {
            idempotency_key: None,
            expected_seq: None,
            command,
            via: matches::Via::CommandRoute,
            agreed: None,
        };
        matches::execute(
            self.conn,
            self.cache,
            Utc::now(),
            self.match_id,
            Sender::User(self.device),
            &req,
        )
        .map_err(err)
    }

    fn play(&mut self, words: &[&str], tiles: u8, declared: i32) -> Result<(), String> {
        self.send(json!({"type": "play", "words": words, "tiles": tiles, "declared": declared}))
            .map(|_| ())
    }
}

/// Fills the database; returns the accounts made.
pub fn run(db: &DatabaseUrl, out: &mut dyn Write) -> Result<Vec<Account>, String> {
    let pool = db::build_pool(db, 1);
    let mut conn = pool.get().map_err(|e| format!("database: {e}"))?;
    db::run_migrations(&mut conn).map_err(|e| format!("database: {e}"))?;
    if db::events::list_events(&mut conn)
        .map_err(|e| e.to_string())?
        .iter()
        .any(|e| e.name == EVENT_NAME)
    {
        return Err(format!(
            "the demo event {EVENT_NAME:?} is already in this database"
        ));
    }
    let conn = &mut *conn;
    // No server runs: a desk without writer threads or live subscribers.
    let cache = Desk::offline();
    let mut made = Vec::new();
    let admin = match db::users::find_by_username(conn, "admin").map_err(|e| e.to_string())? {
        Some(u) => u.id,
        None => user(conn, &mut made, "admin", true, "administrator: every page")?,
    };
    let ev = events::create_event(
        conn,
        Utc::now(),
        admin,
        &serde_json::from_value(
            json!({"name": EVENT_NAME, "ruleset": {"preset": "team-2v2"}, "public": true}),
        )
        .map_err(|e| e.to_string())?,
    )
    .map_err(err)?;
    let event = ev.id;
    user(
        conn,
        &mut made,
        "director",
        false,
        &format!("director: /events/{event}"),
    )?;
    grant(conn, admin, event, "director", Role::Director, json!({}))?;
    user(
        conn,
        &mut made,
        "committee",
        false,
        &format!("committee: /events/{event}/committee"),
    )?;
    grant(conn, admin, event, "committee", Role::Committee, json!({}))?;
    let pic1 = user(
        conn,
        &mut made,
        "pic1",
        false,
        &format!("PIC: /events/{event}/pic"),
    )?;
    grant(conn, admin, event, "pic1", Role::Pic, json!({}))?;
    user(
        conn,
        &mut made,
        "pic2",
        false,
        &format!("PIC: /events/{event}/pic"),
    )?;
    grant(conn, admin, event, "pic2", Role::Pic, json!({}))?;
    let mut team_ids = Vec::new();
    for (i, (name, players)) in TEAMS.iter().enumerate() {
        let req: events::NewTeamRequest =
            serde_json::from_value(json!({"name": name, "players": players, "captain": 0}))
                .map_err(|e| e.to_string())?;
        let team = events::create_team(conn, Utc::now(), admin, event, &req).map_err(err)?;
        let captain = format!("captain{}", i + 1);
        user(
            conn,
            &mut made,
            &captain,
            false,
            &format!("captain of {name}: /teams/{}", team.team.id),
        )?;
        grant(
            conn,
            admin,
            event,
            &captain,
            Role::Captain,
            json!({"team_id": team.team.id}),
        )?;
        team_ids.push(team.team.id);
    }
    let mut devices = Vec::new();
    for t in 1..=4 {
        let name = format!("table{t}");
        devices.push(user(
            conn,
            &mut made,
            &name,
            false,
            &format!("tablet of table {t}: /table"),
        )?);
        grant(conn, admin, event, &name, Role::Table, json!({"table": t}))?;
    }

    // Round 1, finished.
    let round_robin = rounds::PairRequest {
        method: Some(rounds::Method::RoundRobin),
        ..Default::default()
    };
    let r1 =
        rounds::create_round(conn, &cache, Utc::now(), admin, event, &round_robin).map_err(err)?;
    let r1_matches: Vec<MatchId> = r1.tables.iter().map(|t| t.match_id).collect();
    for (i, m) in r1_matches.iter().enumerate() {
        let mut t = Table {
            conn: &mut *conn,
            cache: &cache,
            device: devices[i % 4],
            match_id: *m,
        };
        t.send(json!({"type": "start", "first": "a"}))?;
        let plays: [(&[&str], u8, i32); 6] = [
            (&["ZEBRA"], 5, 36),
            (&["JINX"], 4, 42),
            (&["OXEN", "ZO"], 3, 27),
            (&["WAVY"], 4, 30),
            (&["GLOBE"], 4, 18),
            (&["QUOTA", "AB"], 4, 33 + i as i32),
        ];
        for (words, tiles, declared) in plays {
            t.play(words, tiles, declared)?;
        }
        if i == 3 {
            // The committee records a walkout at table 4.
            let team = r1.tables[i].team_b.id;
            let req = committee::NewRecordRequest {
                team_id: team,
                match_id: Some(*m),
                kind: RecordKind::Walkout.as_str().into(),
                reason: "left the hall during play (demo)".into(),
                corrects: None,
                idempotency_key: None,
            };
            committee::record(conn, &cache, Utc::now(), admin, event, &req).map_err(err)?;
            continue;
        }
        for _ in 0..8 {
            t.send(json!({"type": "pass"}))?;
        }
        t.send(json!({"type": "adjust_racks", "racks": {"A1": 4, "B1": 7, "A2": 0, "B2": 3}}))?;
    }

    // Round 2, in progress, with open challenges at tables 1 and 2.
    let r2 =
        rounds::create_round(conn, &cache, Utc::now(), admin, event, &round_robin).map_err(err)?;
    let r2_matches: Vec<MatchId> = r2.tables.iter().map(|t| t.match_id).collect();
    // Tables 1-3 are in play, table 4 waits for its draw. Table 1 has a word challenge waiting
    // for a PIC; table 2 a score challenge that pic1 has taken.
    for (i, m) in r2_matches.iter().enumerate().take(3) {
        let mut t = Table {
            conn: &mut *conn,
            cache: &cache,
            device: devices[i % 4],
            match_id: *m,
        };
        t.send(json!({"type": "start", "first": "a"}))?;
        t.play(&["HOUSE"], 5, 24)?;
        t.play(&["MIXT"], 4, 28)?;
        match i {
            0 => {
                t.play(&["ZORBLE"], 5, 31)?;
                t.send(json!({"type": "challenge_word", "by": "B2", "words": ["ZORBLE"]}))?;
            }
            1 => {
                t.play(&["FJORD"], 5, 40)?;
                let o = t.send(json!({"type": "challenge_score", "by": "B1"}))?;
                let seq = o
                    .events
                    .first()
                    .map(|e| Seq::from(e.seq))
                    .unwrap_or_default();
                let at = pic::ChallengeRef::InMatch(*m, seq);
                pic::claim(conn, &cache, Utc::now(), pic1, at).map_err(err)?;
            }
            _ => t.play(&["QUEEN"], 4, 26)?,
        }
    }
    writeln!(out, "Demo event {EVENT_NAME:?} is ready (event {event}).")
        .map_err(|e| e.to_string())?;
    Ok(made)
}
