//! Individual events (seed 003, issue 18): the event's options row, its divisions with their
//! pairing plans, players per division, the pairings of each round, and each game's slips as
//! an append-only log. Slips are never updated or deleted (N9: a correction is a new record);
//! the only updates are a player's withdrawal round and replacing a round's unscored pairings.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::schema::{
    indiv_divisions, indiv_events, indiv_pairings, indiv_players, indiv_slips, indiv_withdrawals,
};
use crate::vocab::{DivisionId, EventId, UserId};

/// An event run as an individual tournament.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = indiv_events)]
pub struct IndivEventRow {
    /// The event (`events.id`).
    pub event_id: EventId,
    /// `IndividualOptions` as JSON.
    pub options: String,
    /// When.
    pub created_at: NaiveDateTime,
}

/// A division of an individual event.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = indiv_divisions)]
pub struct DivisionRow {
    /// Row id.
    pub id: DivisionId,
    /// The event.
    pub event_id: EventId,
    /// Name ("A", "Open", …).
    pub name: String,
    /// `Plan` as JSON.
    pub plan: String,
    /// Prize places protected by Gibsonization (none: not Gibsonized).
    pub gibson_prizes: Option<i32>,
    /// When.
    pub created_at: NaiveDateTime,
    /// How rating estimates are made (`RatingMethod`'s name: glicko2, naspa, wespa, absp).
    pub rating_method: String,
    /// How a late entrant's rounds before their first count (`LateRounds`, snake_case).
    pub late_rounds: String,
}

/// A new division.
#[derive(Debug, Insertable)]
#[diesel(table_name = indiv_divisions)]
pub struct NewDivision<'a> {
    /// The event.
    pub event_id: EventId,
    /// Name.
    pub name: &'a str,
    /// Plan JSON.
    pub plan: &'a str,
    /// Gibsonization.
    pub gibson_prizes: Option<i32>,
    /// When.
    pub created_at: NaiveDateTime,
    /// The rating method's name.
    pub rating_method: &'a str,
    /// A late entrant's earlier rounds (`LateRounds`, snake_case).
    pub late_rounds: &'a str,
}

/// A player of a division.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = indiv_players)]
pub struct IndivPlayerRow {
    /// Row id.
    pub id: i64,
    /// The division.
    pub division_id: DivisionId,
    /// Number in the division, from 1.
    pub number: i32,
    /// Name.
    pub name: String,
    /// Rating (0: unrated).
    pub rating: i32,
    /// The rating system the rating is from (may be empty).
    pub rating_system: String,
    /// The player's id in that system (may be empty).
    pub rating_id: String,
    /// Club (may be empty).
    pub club: String,
    /// First round played (later than 1: a late entry).
    pub first_round: i32,
    /// First round not played (a withdrawal), if withdrawn.
    pub withdrawn_round: Option<i32>,
    /// When added.
    pub created_at: NaiveDateTime,
    /// The six-digit PIN for the player's phone slips (issue 18; printed for the director).
    pub pin: String,
    /// TSH's rating class (may be empty): the standings rank within it.
    pub class: String,
    /// TSH's team (may be empty).
    pub team: String,
    /// The other fields of the player's `.t` line that Arbiter does not write itself, as
    /// JSON `[[keyword, [value, …]], …]` (kept so the file is written back as it came in).
    pub tsh_fields: String,
}

/// A new player.
#[derive(Debug, Insertable)]
#[diesel(table_name = indiv_players)]
pub struct NewIndivPlayer<'a> {
    /// The division.
    pub division_id: DivisionId,
    /// Number.
    pub number: i32,
    /// Name.
    pub name: &'a str,
    /// Rating.
    pub rating: i32,
    /// Rating system.
    pub rating_system: &'a str,
    /// Id in it.
    pub rating_id: &'a str,
    /// Club.
    pub club: &'a str,
    /// First round.
    pub first_round: i32,
    /// When.
    pub created_at: NaiveDateTime,
    /// The PIN for the player's phone slips.
    pub pin: &'a str,
    /// Rating class.
    pub class: &'a str,
    /// Team.
    pub team: &'a str,
    /// Other `.t` fields (JSON).
    pub tsh_fields: &'a str,
}

/// One line of a round.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = indiv_pairings)]
pub struct PairingRow {
    /// Row id.
    pub id: i64,
    /// The division.
    pub division_id: DivisionId,
    /// Round, from 1.
    pub round: i32,
    /// Table (none for a bye).
    pub table_no: Option<i32>,
    /// The player going first (or sitting out).
    pub player_a: i32,
    /// The opponent (none: a bye).
    pub player_b: Option<i32>,
    /// Set by the director.
    pub manual: bool,
    /// When.
    pub created_at: NaiveDateTime,
}

/// A new line.
#[derive(Debug, Insertable)]
#[diesel(table_name = indiv_pairings)]
pub struct NewPairing {
    /// The division.
    pub division_id: DivisionId,
    /// Round.
    pub round: i32,
    /// Table.
    pub table_no: Option<i32>,
    /// First.
    pub player_a: i32,
    /// Opponent.
    pub player_b: Option<i32>,
    /// Manual.
    pub manual: bool,
    /// When.
    pub created_at: NaiveDateTime,
}

/// One record of a game's slip log.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = indiv_slips)]
pub struct SlipRow {
    /// Row id.
    pub id: i64,
    /// The game (pairing line).
    pub pairing_id: i64,
    /// Position in the game's log, from 1.
    pub seq: i32,
    /// entry | correction | confirm | director.
    pub kind: String,
    /// The player who acted (none: the director).
    pub by_player: Option<i32>,
    /// Score of the player going first.
    pub score_a: Option<i32>,
    /// Score of the opponent.
    pub score_b: Option<i32>,
    /// Blanks, challenged words, high word, time penalties (JSON).
    pub details: String,
    /// The account.
    pub user_id: Option<UserId>,
    /// When.
    pub created_at: NaiveDateTime,
}

/// A new slip record.
#[derive(Debug, Insertable)]
#[diesel(table_name = indiv_slips)]
pub struct NewSlip {
    /// The game.
    pub pairing_id: i64,
    /// Position.
    pub seq: i32,
    /// Kind.
    pub kind: String,
    /// Player.
    pub by_player: Option<i32>,
    /// Score A.
    pub score_a: Option<i32>,
    /// Score B.
    pub score_b: Option<i32>,
    /// Details JSON.
    pub details: String,
    /// Account.
    pub user_id: Option<UserId>,
    /// When.
    pub created_at: NaiveDateTime,
}

/// Marks an event as individual.
pub fn insert_event(conn: &mut DbConn, row: &IndivEventRow) -> QueryResult<()> {
    diesel::insert_into(indiv_events::table)
        .values(row)
        .execute(conn)
        .map(|_| ())
}

/// The individual row of an event, if it is one.
pub fn find_event(conn: &mut DbConn, id: EventId) -> QueryResult<Option<IndivEventRow>> {
    indiv_events::table
        .find(id)
        .select(IndivEventRow::as_select())
        .first(conn)
        .optional()
}

/// Adds a division.
pub fn insert_division(conn: &mut DbConn, new: &NewDivision<'_>) -> QueryResult<DivisionRow> {
    diesel::insert_into(indiv_divisions::table)
        .values(new)
        .returning(indiv_divisions::all_columns)
        .get_result(conn)
}

/// One division.
pub fn find_division(conn: &mut DbConn, id: DivisionId) -> QueryResult<Option<DivisionRow>> {
    indiv_divisions::table
        .find(id)
        .select(DivisionRow::as_select())
        .first(conn)
        .optional()
}

/// The event's divisions in creation order.
pub fn divisions(conn: &mut DbConn, event_id: EventId) -> QueryResult<Vec<DivisionRow>> {
    indiv_divisions::table
        .filter(indiv_divisions::event_id.eq(event_id))
        .order(indiv_divisions::id.asc())
        .select(DivisionRow::as_select())
        .load(conn)
}

/// Adds a player.
pub fn insert_player(conn: &mut DbConn, new: &NewIndivPlayer<'_>) -> QueryResult<IndivPlayerRow> {
    diesel::insert_into(indiv_players::table)
        .values(new)
        .returning(indiv_players::all_columns)
        .get_result(conn)
}

/// The division's players by number.
pub fn players(conn: &mut DbConn, division_id: DivisionId) -> QueryResult<Vec<IndivPlayerRow>> {
    indiv_players::table
        .filter(indiv_players::division_id.eq(division_id))
        .order(indiv_players::number.asc())
        .select(IndivPlayerRow::as_select())
        .load(conn)
}

/// Sets a division's rating method (its name; the caller checked it).
pub fn set_rating_method(conn: &mut DbConn, id: DivisionId, method: &str) -> QueryResult<usize> {
    diesel::update(indiv_divisions::table.find(id))
        .set(indiv_divisions::rating_method.eq(method))
        .execute(conn)
}

/// Sets the withdrawal projection from the player's latest record (the record itself is
/// [`insert_withdrawal`]): the player plays no round from `round` on.
pub fn withdraw(conn: &mut DbConn, player_id: i64, round: i32) -> QueryResult<usize> {
    diesel::update(indiv_players::table.find(player_id))
        .set(indiv_players::withdrawn_round.eq(Some(round)))
        .execute(conn)
}

/// Clears the withdrawal projection when the player's latest record takes the withdrawal
/// back (a record with no round): the player is paired again.
pub fn reinstate(conn: &mut DbConn, player_id: i64) -> QueryResult<usize> {
    diesel::update(indiv_players::table.find(player_id))
        .set(indiv_players::withdrawn_round.eq(None::<i32>))
        .execute(conn)
}

/// A withdrawal record (append-only; a later record of the same player corrects it).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = indiv_withdrawals)]
pub struct WithdrawalRow {
    /// Row id.
    pub id: i64,
    /// The division.
    pub division_id: DivisionId,
    /// The player (`indiv_players.id`).
    pub player_id: i64,
    /// First round not played; none: the withdrawal is taken back.
    pub from_round: Option<i32>,
    /// Why (may be empty).
    pub reason: String,
    /// Who recorded it.
    pub recorded_by: Option<UserId>,
    /// When.
    pub created_at: NaiveDateTime,
}

/// A new withdrawal record.
#[derive(Debug, Insertable)]
#[diesel(table_name = indiv_withdrawals)]
pub struct NewWithdrawal<'a> {
    /// The division.
    pub division_id: DivisionId,
    /// The player.
    pub player_id: i64,
    /// First round not played (none: taken back).
    pub from_round: Option<i32>,
    /// Why.
    pub reason: &'a str,
    /// Who.
    pub recorded_by: Option<UserId>,
    /// When.
    pub created_at: NaiveDateTime,
}

/// Appends a withdrawal record.
pub fn insert_withdrawal(conn: &mut DbConn, new: &NewWithdrawal) -> QueryResult<WithdrawalRow> {
    diesel::insert_into(indiv_withdrawals::table)
        .values(new)
        .returning(indiv_withdrawals::all_columns)
        .get_result(conn)
}

/// The division's withdrawal records, oldest first.
pub fn withdrawals(conn: &mut DbConn, division_id: DivisionId) -> QueryResult<Vec<WithdrawalRow>> {
    indiv_withdrawals::table
        .filter(indiv_withdrawals::division_id.eq(division_id))
        .order(indiv_withdrawals::id.asc())
        .select(WithdrawalRow::as_select())
        .load(conn)
}

/// Adds a line to a round.
pub fn insert_pairing(conn: &mut DbConn, new: &NewPairing) -> QueryResult<PairingRow> {
    diesel::insert_into(indiv_pairings::table)
        .values(new)
        .returning(indiv_pairings::all_columns)
        .get_result(conn)
}

/// Every line of the division, by round then table (byes last).
pub fn pairings(conn: &mut DbConn, division_id: DivisionId) -> QueryResult<Vec<PairingRow>> {
    let mut rows: Vec<PairingRow> = indiv_pairings::table
        .filter(indiv_pairings::division_id.eq(division_id))
        .order(indiv_pairings::id.asc())
        .select(PairingRow::as_select())
        .load(conn)?;
    rows.sort_by_key(|r| (r.round, r.table_no.is_none(), r.table_no, r.player_a));
    Ok(rows)
}

/// Removes a round's lines (a round is re-paired only before any slip names it).
pub fn delete_round(conn: &mut DbConn, division_id: DivisionId, round: i32) -> QueryResult<usize> {
    diesel::delete(
        indiv_pairings::table
            .filter(indiv_pairings::division_id.eq(division_id))
            .filter(indiv_pairings::round.eq(round)),
    )
    .execute(conn)
}

/// Appends a slip record.
pub fn insert_slip(conn: &mut DbConn, new: &NewSlip) -> QueryResult<SlipRow> {
    diesel::insert_into(indiv_slips::table)
        .values(new)
        .returning(indiv_slips::all_columns)
        .get_result(conn)
}

/// Every slip record of the division's games, in log order.
pub fn slips(conn: &mut DbConn, division_id: DivisionId) -> QueryResult<Vec<SlipRow>> {
    indiv_slips::table
        .inner_join(indiv_pairings::table)
        .filter(indiv_pairings::division_id.eq(division_id))
        .order((indiv_slips::pairing_id.asc(), indiv_slips::seq.asc()))
        .select(SlipRow::as_select())
        .load(conn)
}
