//! Events (tournaments), teams and players.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::schema::{events, players, teams};
use crate::vocab::{EventId, PlayerId, TeamId, UserId};

/// A stored event.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = events)]
pub struct EventRow {
    /// Row id.
    pub id: EventId,
    /// Display name.
    pub name: String,
    /// Ruleset spec JSON (preset + overrides).
    pub ruleset_spec: String,
    /// Lexicon name.
    pub lexicon: String,
    /// Tile set name.
    pub tile_set: String,
    /// Standings rule JSON (E2).
    pub standings: String,
    /// Whether standings and scores are public.
    pub public: bool,
    /// Who made it.
    pub created_by: Option<UserId>,
    /// When (UTC).
    pub created_at: chrono::NaiveDateTime,
    /// The default language of the event's pages (`en`, `id`, `fr`), if the director chose one.
    pub language: Option<String>,
}

/// A new event.
#[derive(Debug, Insertable)]
#[diesel(table_name = events)]
pub struct NewEvent<'a> {
    /// Display name.
    pub name: &'a str,
    /// Ruleset spec JSON.
    pub ruleset_spec: &'a str,
    /// Lexicon name.
    pub lexicon: &'a str,
    /// Tile set name.
    pub tile_set: &'a str,
    /// Standings rule JSON.
    pub standings: &'a str,
    /// Public read access.
    pub public: bool,
    /// Author.
    pub created_by: Option<UserId>,
    /// When.
    pub created_at: chrono::NaiveDateTime,
}

/// A team of an event.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize, utoipa::ToSchema)]
#[diesel(table_name = teams)]
pub struct TeamRow {
    /// Row id.
    pub id: TeamId,
    /// Its event.
    pub event_id: EventId,
    /// Display name (unique in the event).
    pub name: String,
    /// When (UTC).
    #[schema(value_type = String)]
    pub created_at: chrono::NaiveDateTime,
}

/// A player of a team.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize, utoipa::ToSchema)]
#[diesel(table_name = players)]
pub struct PlayerRow {
    /// Row id.
    pub id: PlayerId,
    /// Team.
    pub team_id: TeamId,
    /// Name.
    pub name: String,
    /// 1 and 2 play; 3 and up are reserves.
    pub position: i32,
    /// The team's captain.
    pub is_captain: bool,
    /// Linked account.
    pub user_id: Option<UserId>,
    /// When (UTC).
    #[schema(value_type = String)]
    pub created_at: chrono::NaiveDateTime,
}

/// Inserts an event.
pub fn insert_event(conn: &mut DbConn, new: &NewEvent<'_>) -> QueryResult<EventRow> {
    diesel::insert_into(events::table)
        .values(new)
        .returning(events::all_columns)
        .get_result(conn)
}

/// One event.
pub fn find_event(conn: &mut DbConn, id: EventId) -> QueryResult<Option<EventRow>> {
    events::table
        .find(id)
        .select(EventRow::as_select())
        .first(conn)
        .optional()
}

/// All events, newest first.
pub fn list_events(conn: &mut DbConn) -> QueryResult<Vec<EventRow>> {
    events::table
        .order(events::id.desc())
        .select(EventRow::as_select())
        .load(conn)
}

/// Inserts a team, made `at`.
pub fn insert_team(
    conn: &mut DbConn,
    event_id: EventId,
    name: &str,
    at: NaiveDateTime,
) -> QueryResult<TeamRow> {
    diesel::insert_into(teams::table)
        .values((
            teams::event_id.eq(event_id),
            teams::name.eq(name),
            teams::created_at.eq(at),
        ))
        .returning(teams::all_columns)
        .get_result(conn)
}

/// Inserts a player, added `at`.
pub fn insert_player(
    conn: &mut DbConn,
    team_id: TeamId,
    name: &str,
    position: i32,
    is_captain: bool,
    at: NaiveDateTime,
) -> QueryResult<PlayerRow> {
    diesel::insert_into(players::table)
        .values((
            players::team_id.eq(team_id),
            players::name.eq(name),
            players::position.eq(position),
            players::is_captain.eq(is_captain),
            players::created_at.eq(at),
        ))
        .returning(players::all_columns)
        .get_result(conn)
}

/// One team.
pub fn find_team(conn: &mut DbConn, id: TeamId) -> QueryResult<Option<TeamRow>> {
    teams::table
        .find(id)
        .select(TeamRow::as_select())
        .first(conn)
        .optional()
}

/// The teams of an event, by name.
pub fn teams_of(conn: &mut DbConn, event_id: EventId) -> QueryResult<Vec<TeamRow>> {
    teams::table
        .filter(teams::event_id.eq(event_id))
        .order(teams::name.asc())
        .select(TeamRow::as_select())
        .load(conn)
}

/// The players of the given teams, by team and position.
pub fn players_of(conn: &mut DbConn, team_ids: &[TeamId]) -> QueryResult<Vec<PlayerRow>> {
    players::table
        .filter(players::team_id.eq_any(team_ids))
        .order((players::team_id.asc(), players::position.asc()))
        .select(PlayerRow::as_select())
        .load(conn)
}

/// Sets (or, with `None`, clears) an event's default language for its pages.
pub fn set_event_language(
    conn: &mut DbConn,
    id: EventId,
    language: Option<&str>,
) -> QueryResult<usize> {
    diesel::update(events::table.find(id))
        .set(events::language.eq(language))
        .execute(conn)
}
