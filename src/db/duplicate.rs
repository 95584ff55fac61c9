//! Duplicate events (seed 002): the event's ruleset row, its players, its games with their
//! projection (the last seq) and each game's append-only log. Nothing here updates or deletes
//! an event row; the only update is the game's `last_seq`, moved from the seq its command was
//! decided on (the optimistic lock: a stale seq moves no row).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::schema::{duplicate_events, duplicate_game_events, duplicate_games, duplicate_players};
use crate::vocab::{DuplicateGameId, EventId, Seq, UserId};

/// An event run as Duplicate.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = duplicate_events)]
pub struct DuplicateEventRow {
    /// The event (`events.id`).
    pub event_id: EventId,
    /// `DuplicateRuleset` as JSON.
    pub ruleset: String,
    /// When.
    pub created_at: NaiveDateTime,
}

/// A player of a Duplicate event.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize, utoipa::ToSchema)]
#[diesel(table_name = duplicate_players)]
pub struct DuplicatePlayerRow {
    /// Row id.
    pub id: i64,
    /// The event.
    pub event_id: EventId,
    /// The number written on slips.
    pub number: i32,
    /// Name.
    pub name: String,
    /// Licence number (may be empty).
    pub licence: String,
    /// Club (may be empty).
    pub club: String,
    /// When added.
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    /// D5 (phone slips): the PIN on the player's table card. Never sent in the event's JSON
    /// (readers of a public event would see it); the director's page shows it.
    #[serde(skip)]
    pub pin: String,
}

/// A new player.
#[derive(Debug, Insertable)]
#[diesel(table_name = duplicate_players)]
pub struct NewDuplicatePlayer<'a> {
    /// The event.
    pub event_id: EventId,
    /// Slip number.
    pub number: i32,
    /// Name.
    pub name: &'a str,
    /// Licence.
    pub licence: &'a str,
    /// Club.
    pub club: &'a str,
    /// When.
    pub created_at: NaiveDateTime,
    /// The PIN printed on the player's table card (phone slips).
    pub pin: &'a str,
}

/// A game of a Duplicate event.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize, utoipa::ToSchema)]
#[diesel(table_name = duplicate_games)]
pub struct DuplicateGameRow {
    /// Row id.
    pub id: DuplicateGameId,
    /// The event.
    pub event_id: EventId,
    /// The game's number in the event, from 1.
    pub game_no: i32,
    /// Last seq of its log.
    pub last_seq: Seq,
    /// Who created it.
    pub created_by: Option<UserId>,
    /// When.
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

/// A new game.
#[derive(Debug, Insertable)]
#[diesel(table_name = duplicate_games)]
pub struct NewDuplicateGame {
    /// The event.
    pub event_id: EventId,
    /// Number in the event.
    pub game_no: i32,
    /// 0: the log is empty until the `created` event is written with it.
    pub last_seq: Seq,
    /// Who.
    pub created_by: Option<UserId>,
    /// When.
    pub created_at: NaiveDateTime,
}

/// One stored event of a game's log.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = duplicate_game_events)]
pub struct GameEventRow {
    /// Row id.
    pub id: i64,
    /// The game.
    pub game_id: DuplicateGameId,
    /// Position in the log.
    pub seq: Seq,
    /// When (UTC).
    pub at: NaiveDateTime,
    /// `Official` as JSON.
    pub actor: String,
    /// `Payload::kind`.
    pub kind: String,
    /// The whole `rules::duplicate::Event` as JSON.
    pub payload: String,
    /// The account that sent the command.
    pub user_id: Option<UserId>,
    /// The client's idempotency key.
    pub idempotency_key: Option<String>,
}

/// A new event of a game's log.
#[derive(Debug, Insertable)]
#[diesel(table_name = duplicate_game_events)]
pub struct NewGameEvent {
    /// The game.
    pub game_id: DuplicateGameId,
    /// Position.
    pub seq: Seq,
    /// When.
    pub at: NaiveDateTime,
    /// Who (JSON).
    pub actor: String,
    /// Kind.
    pub kind: String,
    /// The event (JSON).
    pub payload: String,
    /// The account.
    pub user_id: Option<UserId>,
    /// Idempotency key.
    pub idempotency_key: Option<String>,
}

/// Marks an event as Duplicate.
pub fn insert_event(conn: &mut DbConn, row: &DuplicateEventRow) -> QueryResult<()> {
    diesel::insert_into(duplicate_events::table)
        .values(row)
        .execute(conn)
        .map(|_| ())
}

/// The Duplicate row of an event, if it is one.
pub fn find_event(conn: &mut DbConn, id: EventId) -> QueryResult<Option<DuplicateEventRow>> {
    duplicate_events::table
        .find(id)
        .select(DuplicateEventRow::as_select())
        .first(conn)
        .optional()
}

/// Adds a player.
pub fn insert_player(
    conn: &mut DbConn,
    new: &NewDuplicatePlayer<'_>,
) -> QueryResult<DuplicatePlayerRow> {
    diesel::insert_into(duplicate_players::table)
        .values(new)
        .returning(duplicate_players::all_columns)
        .get_result(conn)
}

/// The event's players by number.
pub fn players(conn: &mut DbConn, event_id: EventId) -> QueryResult<Vec<DuplicatePlayerRow>> {
    duplicate_players::table
        .filter(duplicate_players::event_id.eq(event_id))
        .order(duplicate_players::number.asc())
        .select(DuplicatePlayerRow::as_select())
        .load(conn)
}

/// Adds a game.
pub fn insert_game(conn: &mut DbConn, new: &NewDuplicateGame) -> QueryResult<DuplicateGameRow> {
    diesel::insert_into(duplicate_games::table)
        .values(new)
        .returning(duplicate_games::all_columns)
        .get_result(conn)
}

/// One game.
pub fn find_game(conn: &mut DbConn, id: DuplicateGameId) -> QueryResult<Option<DuplicateGameRow>> {
    duplicate_games::table
        .find(id)
        .select(DuplicateGameRow::as_select())
        .first(conn)
        .optional()
}

/// The event's games by number.
pub fn games(conn: &mut DbConn, event_id: EventId) -> QueryResult<Vec<DuplicateGameRow>> {
    duplicate_games::table
        .filter(duplicate_games::event_id.eq(event_id))
        .order(duplicate_games::game_no.asc())
        .select(DuplicateGameRow::as_select())
        .load(conn)
}

/// A game's log, in seq order.
pub fn log(conn: &mut DbConn, game: DuplicateGameId) -> QueryResult<Vec<GameEventRow>> {
    duplicate_game_events::table
        .filter(duplicate_game_events::game_id.eq(game))
        .order(duplicate_game_events::seq.asc())
        .select(GameEventRow::as_select())
        .load(conn)
}

/// The event recorded under an idempotency key, if any.
pub fn by_key(
    conn: &mut DbConn,
    game: DuplicateGameId,
    key: &str,
) -> QueryResult<Option<GameEventRow>> {
    duplicate_game_events::table
        .filter(duplicate_game_events::game_id.eq(game))
        .filter(duplicate_game_events::idempotency_key.eq(key))
        .select(GameEventRow::as_select())
        .first(conn)
        .optional()
}

/// Appends `event` and moves the game's `last_seq` from `from` to its seq. Returns false (and
/// writes nothing) when the game is no longer at `from`: another command got there first.
pub fn append(conn: &mut DbConn, from: Seq, event: &NewGameEvent) -> QueryResult<bool> {
    let moved = diesel::update(
        duplicate_games::table
            .filter(duplicate_games::id.eq(event.game_id))
            .filter(duplicate_games::last_seq.eq(from)),
    )
    .set(duplicate_games::last_seq.eq(event.seq))
    .execute(conn)?;
    if moved != 1 {
        return Ok(false);
    }
    diesel::insert_into(duplicate_game_events::table)
        .values(event)
        .execute(conn)?;
    Ok(true)
}
