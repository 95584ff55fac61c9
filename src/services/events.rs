//! Events (tournaments), teams, players and role grants.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::db::{self, DbConn, events as rows, users};
use crate::error::AppError;
use crate::rules::ruleset::RulesetSpec;
use crate::services::authz::Grants;
use crate::vocab::{DivisionId, EventId, GrantId, Role, TeamId, UserId};

/// Body of `POST /api/v1/events`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewEventRequest {
    /// Display name.
    pub name: String,
    /// Format preset and overrides (default: team play 2v2).
    #[serde(default)]
    pub ruleset: Option<RulesetSpec>,
    /// Lexicon name (default: the bundled ENABLE list).
    #[serde(default)]
    pub lexicon: Option<String>,
    /// Tile set (default: english).
    #[serde(default)]
    pub tile_set: Option<String>,
    /// Standings and scores visible without signing in (default: true).
    #[serde(default)]
    pub public: Option<bool>,
}

/// An event as the API shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EventView {
    /// Id.
    pub id: EventId,
    /// Name.
    pub name: String,
    /// Ruleset spec.
    /// A team or 1v1 event holds a `RulesetSpec` (`{"preset": …, "overrides": …}`); a Duplicate
    /// event `{"format": "duplicate"}` (its D ruleset is on the Duplicate event).
    #[schema(value_type = EventRuleset)]
    pub ruleset: serde_json::Value,
    /// Lexicon.
    pub lexicon: String,
    /// Tile set.
    pub tile_set: String,
    /// Public read access.
    pub public: bool,
    /// How results count in the standings (E2): match points, and the spread of byes and
    /// forfeits as the ruleset's `forfeits` sets it.
    pub scoring: crate::rules::standings::StandingsRule,
    /// The default language of the event's pages (`en`, `id`, `fr`), if the director chose one.
    pub language: Option<String>,
}

/// The document's shape of [`EventView::ruleset`] (never built: the stored JSON is sent as is).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
#[serde(untagged)]
pub enum EventRuleset {
    /// A team or 1v1 event: its match ruleset.
    Match(crate::rules::ruleset::RulesetSpec),
    /// A Duplicate event.
    Duplicate(DuplicateFormat),
}

/// `{"format": "duplicate"}`: the event's D ruleset is on its Duplicate event.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct DuplicateFormat {
    /// Always `duplicate`.
    pub format: String,
}

impl From<rows::EventRow> for EventView {
    fn from(r: rows::EventRow) -> Self {
        EventView {
            scoring: crate::services::standings::rule_of(&r),
            id: r.id,
            ruleset: serde_json::from_str(&r.ruleset_spec).unwrap_or_default(),
            name: r.name,
            lexicon: r.lexicon,
            tile_set: r.tile_set,
            public: r.public,
            language: r.language,
        }
    }
}

/// A typed name, checked once (see [`crate::text::Name`]).
fn check_name(field: &str, name: &str) -> Result<String, AppError> {
    crate::text::Name::parse(field, name).map(crate::text::Name::into_string)
}

/// Creates an event (administrators and directors without an event scope).
pub fn create_event(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    user_id: UserId,
    req: &NewEventRequest,
) -> Result<EventView, AppError> {
    let name = check_name("name", &req.name)?;
    let spec = req.ruleset.clone().unwrap_or(RulesetSpec {
        preset: crate::rules::ruleset::Preset::Team2v2,
        overrides: serde_json::Value::Null,
    });
    spec.resolve().map_err(|e| AppError::ruleset(&e))?;
    let tile_set = req.tile_set.clone().unwrap_or_else(|| "english".into());
    if crate::rules::tiles::TileSet::by_name(&tile_set).is_none() {
        return Err(AppError::field(
            "tile_set",
            format!("unknown tile set {tile_set:?}"),
        ));
    }
    // Other word lists arrive by upload (`/events/{id}/lexicon`), which records their name.
    let lexicon = req
        .lexicon
        .clone()
        .unwrap_or_else(|| crate::services::lexicons::DEFAULT.into());
    if lexicon != crate::services::lexicons::DEFAULT {
        return Err(AppError::field(
            "lexicon",
            "a new event uses the bundled enable2k list; upload another word list to the event after creating it",
        ));
    }
    let spec_json = serde_json::to_string(&spec).map_err(AppError::internal)?;
    conn.write_tx(|conn| {
        Grants::load(conn, user_id)?.require_event_creator()?;
        let row = rows::insert_event(
            conn,
            &rows::NewEvent {
                name: &name,
                ruleset_spec: &spec_json,
                lexicon: &lexicon,
                tile_set: &tile_set,
                standings: "{}",
                public: req.public.unwrap_or(true),
                created_by: Some(user_id),
                created_at: now.naive_utc(),
            },
        )?;
        Ok(row.into())
    })
}

/// One event.
pub fn event(conn: &mut DbConn, id: EventId) -> Result<rows::EventRow, AppError> {
    rows::find_event(conn, id)?.ok_or_else(|| AppError::not_found(format!("no event {id}")))
}

/// Body of `POST /api/v1/events/{id}/teams`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTeamRequest {
    /// Team name (unique in the event).
    pub name: String,
    /// Players in seat order; the first two play, more are reserves.
    pub players: Vec<String>,
    /// Index of the captain in `players` (default 0).
    #[serde(default)]
    pub captain: Option<usize>,
}

/// A team with its players.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TeamView {
    /// Team.
    #[serde(flatten)]
    pub team: rows::TeamRow,
    /// Players in seat order.
    pub players: Vec<rows::PlayerRow>,
}

/// Adds a team of two players (and optional reserves) with a captain (E1).
pub fn create_team(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
    req: &NewTeamRequest,
) -> Result<TeamView, AppError> {
    let name = check_name("name", &req.name)?;
    if req.players.len() < 2 || req.players.len() > 4 {
        return Err(AppError::field(
            "players",
            "a team has two players and at most two reserves",
        ));
    }
    let names: Vec<String> = req
        .players
        .iter()
        .map(|p| check_name("players", p))
        .collect::<Result<_, _>>()?;
    let captain = req.captain.unwrap_or(0);
    if captain >= names.len() {
        return Err(AppError::field(
            "captain",
            "the captain must be one of the players",
        ));
    }
    conn.write_tx(|conn| {
        Grants::load(conn, user_id)?.require_director(Some(event_id))?;
        event(conn, event_id)?;
        if rows::teams_of(conn, event_id)?
            .iter()
            .any(|t| t.name.eq_ignore_ascii_case(&name))
        {
            return Err(AppError::field(
                "name",
                format!("a team named {name} is already in this event"),
            ));
        }
        let team = rows::insert_team(conn, event_id, &name, now.naive_utc())?;
        let mut players = Vec::new();
        for (i, p) in names.iter().enumerate() {
            players.push(rows::insert_player(
                conn,
                team.id,
                p,
                i as i32 + 1,
                i == captain,
                now.naive_utc(),
            )?);
        }
        Ok(TeamView { team, players })
    })
}

/// The teams of an event with their players.
pub fn teams(conn: &mut DbConn, event_id: EventId) -> Result<Vec<TeamView>, AppError> {
    event(conn, event_id)?;
    let teams = rows::teams_of(conn, event_id)?;
    let ids: Vec<TeamId> = teams.iter().map(|t| t.id).collect();
    let mut players = rows::players_of(conn, &ids)?;
    Ok(teams
        .into_iter()
        .map(|team| {
            let mine: Vec<_> = players
                .iter()
                .filter(|p| p.team_id == team.id)
                .cloned()
                .collect();
            players.retain(|p| p.team_id != team.id);
            TeamView {
                team,
                players: mine,
            }
        })
        .collect())
}

/// The names of the seats of a match's two sides, for the scoreboard ("B2 — Carol"): each
/// team's players by position (seat `n` is position `n`); a side without a team has none.
pub fn seat_names(
    conn: &mut DbConn,
    teams: [Option<TeamId>; 2],
) -> Result<[Vec<(i32, String)>; 2], AppError> {
    let ids: Vec<TeamId> = teams.iter().flatten().copied().collect();
    let players = rows::players_of(conn, &ids)?;
    Ok(teams.map(|team| {
        players
            .iter()
            .filter(|p| Some(p.team_id) == team)
            .map(|p| (p.position, p.name.clone()))
            .collect()
    }))
}

/// The teams of an event, without their players.
pub fn team_rows(conn: &mut DbConn, event_id: EventId) -> Result<Vec<rows::TeamRow>, AppError> {
    Ok(rows::teams_of(conn, event_id)?)
}

/// The matches of an event, every round.
pub fn matches_of(
    conn: &mut DbConn,
    event_id: EventId,
) -> Result<Vec<db::matches::MatchRow>, AppError> {
    Ok(db::matches::of_event(conn, event_id)?)
}

/// Body of `POST /api/v1/events/{id}/grants`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GrantRequest {
    /// The account.
    pub username: String,
    /// `director`, `committee`, `pic`, `captain` or `table`.
    pub role: String,
    /// For captains.
    #[serde(default)]
    pub team_id: Option<TeamId>,
    /// For table devices.
    #[serde(default)]
    pub table: Option<i32>,
    /// For a table device of an individual event: the division it serves (table numbers
    /// restart in each division); none: every division of the event.
    #[serde(default)]
    pub division_id: Option<DivisionId>,
}

/// Grants an event role to an account.
pub fn grant(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
    req: &GrantRequest,
) -> Result<users::RoleGrant, AppError> {
    let role = grant_role_of(req)?;
    conn.write_tx(|conn| {
        Grants::load(conn, user_id)?.require_director(Some(event_id))?;
        event(conn, event_id)?;
        let username = req.username.trim();
        // A name no account can have is not looked up (a NUL would be a database error).
        crate::services::accounts::validate_username(username)
            .map_err(|_| AppError::field("username", "no account has that name"))?;
        let target = users::find_by_username(conn, username)?
            .ok_or_else(|| AppError::field("username", format!("no account named {username}")))?;
        insert_grant(conn, now, user_id, event_id, &target, role, req)
    })
}

/// The role a grant request names, with the fields that role needs (checked before any
/// database work, so a malformed request touches nothing).
pub(crate) fn grant_role_of(req: &GrantRequest) -> Result<Role, AppError> {
    let role: Role = req.role.parse().map_err(|_| {
        AppError::field(
            "role",
            "role must be director, committee, pic, captain, table, referee or arbitrator",
        )
    })?;
    if role == Role::Captain && req.team_id.is_none() {
        return Err(AppError::field(
            "team_id",
            "a captain's grant names the team",
        ));
    }
    if role == Role::Table && req.table.is_none_or(|t| t <= 0) {
        return Err(AppError::field(
            "table",
            "a table device's grant names the table number",
        ));
    }
    if role != Role::Table && req.division_id.is_some() {
        return Err(AppError::field(
            "division_id",
            "only a table device's grant names a division",
        ));
    }
    Ok(role)
}

/// Records `role` for `target` in the event, inside the caller's transaction (the caller has
/// checked the director's authority and the event).
pub(crate) fn insert_grant(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    director: UserId,
    event_id: EventId,
    target: &users::User,
    role: Role,
    req: &GrantRequest,
) -> Result<users::RoleGrant, AppError> {
    if let Some(team_id) = req.team_id {
        let team = rows::find_team(conn, team_id)?;
        if team.is_none_or(|t| t.event_id != event_id) {
            return Err(AppError::field(
                "team_id",
                format!("team {team_id} is not in this event"),
            ));
        }
    }
    // Issue 18: a table device limited to one division of the event's (individual) divisions.
    if let Some(division_id) = req.division_id {
        let division = crate::db::individual::find_division(conn, division_id)?;
        if division.is_none_or(|d| d.event_id != event_id) {
            return Err(AppError::field(
                "division_id",
                format!("division {division_id} is not in this event"),
            ));
        }
    }
    let new = users::NewRoleGrant {
        user_id: target.id,
        role,
        event_id: Some(event_id),
        team_id: if role == Role::Captain {
            req.team_id
        } else {
            None
        },
        table_no: if role == Role::Table { req.table } else { None },
        granted_by: Some(director),
        created_at: now.naive_utc(),
        division_id: req.division_id,
    };
    // A grant is held once (a unique index says so too, for two requests at once): a
    // repeat is a 409 that changes nothing.
    let held = users::grants_of(conn, target.id)?.into_iter().any(|g| {
        g.role == new.role
            && g.event_id == new.event_id
            && g.team_id == new.team_id
            && g.table_no == new.table_no
            && g.division_id == new.division_id
    });
    if held {
        return Err(AppError::Conflict {
            message: format!("{} already holds this role", target.username),
            current: None,
        });
    }
    Ok(users::grant(conn, &new)?)
}

/// Revokes one of the event's role grants (its director or an administrator). The holder's
/// next request is judged without it: grants are read from the database on every action.
pub fn revoke_grant(
    conn: &mut DbConn,
    user_id: UserId,
    event_id: EventId,
    grant_id: GrantId,
) -> Result<users::RoleGrant, AppError> {
    conn.write_tx(|conn| {
        Grants::load(conn, user_id)?.require_director(Some(event_id))?;
        event(conn, event_id)?;
        let in_event =
            users::find_grant(conn, grant_id)?.is_some_and(|g| g.event_id == Some(event_id));
        if !in_event {
            return Err(AppError::not_found(format!(
                "no grant {grant_id} in event {event_id}"
            )));
        }
        users::revoke(conn, grant_id)?
            .ok_or_else(|| AppError::not_found(format!("no grant {grant_id}")))
    })
}

/// The events a caller may see: public ones, and private ones where they hold a role.
pub fn visible_events(conn: &mut DbConn, user: Option<UserId>) -> Result<Vec<EventView>, AppError> {
    let grants = match user {
        Some(uid) => Some(Grants::load(conn, uid)?),
        None => None,
    };
    Ok(rows::list_events(conn)?
        .into_iter()
        .filter(|e| e.public || grants.as_ref().is_some_and(|g| g.in_event(Some(e.id))))
        .map(EventView::from)
        .collect())
}

/// An event, if the caller may read it: anyone when it is public, otherwise people with a role
/// in it (captains of its teams included).
pub fn readable(
    conn: &mut DbConn,
    user: Option<UserId>,
    event_id: EventId,
) -> Result<rows::EventRow, AppError> {
    let ev = event(conn, event_id)?;
    if ev.public {
        return Ok(ev);
    }
    let Some(uid) = user else {
        return Err(AppError::Unauthorized("sign in to see this event".into()));
    };
    if Grants::load(conn, uid)?.in_event(Some(event_id)) {
        Ok(ev)
    } else {
        Err(AppError::Forbidden("this event is not public".into()))
    }
}

/// A team with its players and its matches, for the team page.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TeamPage {
    /// Team and players.
    pub team: TeamView,
    /// Event.
    pub event: EventView,
    /// The team's matches (not void), by round.
    pub matches: Vec<crate::db::matches::MatchRow>,
    /// Rounds in which the team has a bye (E2: each counts as a win).
    pub bye_rounds: Vec<i32>,
}

impl TeamPage {
    /// A finished match's result as a catalogue key and the names it needs (`winner`, `other`):
    /// the winner, and why when it was a forfeit (E3), so a team disqualified while ahead never
    /// looks the winner. `None` until the match is finished.
    pub fn result_of(
        &self,
        m: &crate::db::matches::MatchRow,
    ) -> Option<(&'static str, String, String)> {
        use crate::rules::game::{ResultReason, Side};
        if m.status != crate::vocab::MatchStatus::Finished {
            return None;
        }
        let name = |side: Side| match side {
            Side::A => m.name_a.clone(),
            Side::B => m.name_b.clone(),
        };
        let (key, w) = match (m.result_reason, m.winner) {
            (Some(ResultReason::Disqualification), Some(w)) => ("result-disqualified", Some(w)),
            (Some(ResultReason::Walkout), Some(w)) => ("result-walked-out", Some(w)),
            (Some(ResultReason::Disqualification | ResultReason::Walkout), None) => {
                ("result-both-forfeited", None)
            }
            (_, Some(w)) => ("result-wins", Some(w)),
            (_, None) => ("result-tie", None),
        };
        Some(match w {
            Some(w) => (key, name(w), name(w.other())),
            None => (key, String::new(), String::new()),
        })
    }

    /// Whether a finished match was forfeited (its sheet score is not the result).
    pub fn forfeited(&self, m: &crate::db::matches::MatchRow) -> bool {
        matches!(
            m.result_reason,
            Some(
                crate::rules::game::ResultReason::Disqualification
                    | crate::rules::game::ResultReason::Walkout
            )
        )
    }
}

/// The team page's content.
pub fn team_page(
    conn: &mut DbConn,
    team_id: TeamId,
    user: Option<UserId>,
) -> Result<TeamPage, AppError> {
    let team = rows::find_team(conn, team_id)?
        .ok_or_else(|| AppError::not_found(format!("no team {team_id}")))?;
    let ev = readable(conn, user, team.event_id)?;
    let players = rows::players_of(conn, &[team.id])?;
    let matches = crate::db::matches::of_event(conn, ev.id)?
        .into_iter()
        .filter(|m| m.team_a == Some(team.id) || m.team_b == Some(team.id))
        .collect();
    let bye_rounds = crate::db::rounds::bye_rounds_of_team(conn, team.id)?;
    Ok(TeamPage {
        team: TeamView { team, players },
        event: ev.into(),
        matches,
        bye_rounds,
    })
}

/// Sets the default language of an event's pages (issue 15): `None` lets each visitor's own
/// choice decide. The event's director (or an administrator) only; the code is checked by the
/// caller against the catalogues' languages.
pub fn set_language(
    conn: &mut DbConn,
    user_id: UserId,
    event_id: EventId,
    language: Option<&'static str>,
) -> Result<(), AppError> {
    conn.write_tx(|conn| {
        Grants::load(conn, user_id)?.require_director(Some(event_id))?;
        event(conn, event_id)?;
        rows::set_event_language(conn, event_id, language)?;
        Ok(())
    })
}
