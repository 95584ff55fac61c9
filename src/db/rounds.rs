//! Rounds of an event and their pairings (E1). A pairing that is redone is voided, never
//! deleted: its rows stay as the record, and its matches are flagged `void` with their logs kept.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::schema::{events, matches, round_pairings, rounds};

/// A stored round.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = rounds)]
pub struct RoundRow {
    /// Row id.
    pub id: i64,
    /// Its event.
    pub event_id: i64,
    /// 1-based round number within the event.
    pub round_no: i32,
    /// `round_robin`, `swiss` or `manual`.
    pub method: String,
    /// `draft` (may be re-paired) or `started`, as of the round's last write.
    pub status: String,
    /// How many times the round was paired (1 = never redone).
    pub pairing_no: i32,
    /// Who made it.
    pub created_by: Option<i64>,
    /// When (UTC).
    pub created_at: NaiveDateTime,
    /// Last change (UTC).
    pub updated_at: NaiveDateTime,
}

/// A new round.
#[derive(Debug, Insertable)]
#[diesel(table_name = rounds)]
pub struct NewRound<'a> {
    /// Its event.
    pub event_id: i64,
    /// Round number.
    pub round_no: i32,
    /// Pairing method.
    pub method: &'a str,
    /// Initial status (`draft`).
    pub status: &'a str,
    /// 1 for a new round.
    pub pairing_no: i32,
    /// Author.
    pub created_by: Option<i64>,
    /// When.
    pub created_at: NaiveDateTime,
    /// When.
    pub updated_at: NaiveDateTime,
}

/// One line of a round: a table with two teams, or a bye (`team_b` and `match_id` empty).
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = round_pairings)]
pub struct PairingRow {
    /// Row id.
    pub id: i64,
    /// Its round.
    pub round_id: i64,
    /// Which pairing of the round this line belongs to.
    pub pairing_no: i32,
    /// Table, for a match.
    pub table_no: Option<i32>,
    /// Side A, or the team with the bye.
    pub team_a: i64,
    /// Side B (none for a bye).
    pub team_b: Option<i64>,
    /// The match played at the table.
    pub match_id: Option<i64>,
    /// Part of a redone pairing.
    pub void: bool,
    /// When (UTC).
    pub created_at: NaiveDateTime,
}

/// A new pairing line.
#[derive(Debug, Insertable)]
#[diesel(table_name = round_pairings)]
pub struct NewPairing {
    /// Its round.
    pub round_id: i64,
    /// The round's pairing number.
    pub pairing_no: i32,
    /// Table, for a match.
    pub table_no: Option<i32>,
    /// Side A or the bye.
    pub team_a: i64,
    /// Side B.
    pub team_b: Option<i64>,
    /// The match.
    pub match_id: Option<i64>,
    /// When.
    pub created_at: NaiveDateTime,
}

/// Inserts a round.
pub fn insert_round(conn: &mut DbConn, new: &NewRound<'_>) -> QueryResult<RoundRow> {
    diesel::insert_into(rounds::table)
        .values(new)
        .returning(rounds::all_columns)
        .get_result(conn)
}

/// The rounds of an event, in order.
pub fn rounds_of(conn: &mut DbConn, event_id: i64) -> QueryResult<Vec<RoundRow>> {
    rounds::table
        .filter(rounds::event_id.eq(event_id))
        .order(rounds::round_no.asc())
        .select(RoundRow::as_select())
        .load(conn)
}

/// One round of an event by its number.
pub fn find_round(
    conn: &mut DbConn,
    event_id: i64,
    round_no: i32,
) -> QueryResult<Option<RoundRow>> {
    rounds::table
        .filter(rounds::event_id.eq(event_id))
        .filter(rounds::round_no.eq(round_no))
        .select(RoundRow::as_select())
        .first(conn)
        .optional()
}

/// Records a round's method, status and pairing number.
pub fn update_round(
    conn: &mut DbConn,
    id: i64,
    method: &str,
    status: &str,
    pairing_no: i32,
    at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::update(rounds::table.find(id))
        .set((
            rounds::method.eq(method),
            rounds::status.eq(status),
            rounds::pairing_no.eq(pairing_no),
            rounds::updated_at.eq(at),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Inserts a pairing line.
pub fn insert_pairing(conn: &mut DbConn, new: &NewPairing) -> QueryResult<PairingRow> {
    diesel::insert_into(round_pairings::table)
        .values(new)
        .returning(round_pairings::all_columns)
        .get_result(conn)
}

/// The current (not void) lines of the given rounds, by round and table (byes last).
pub fn pairings_of(conn: &mut DbConn, round_ids: &[i64]) -> QueryResult<Vec<PairingRow>> {
    let mut rows: Vec<PairingRow> = round_pairings::table
        .filter(round_pairings::round_id.eq_any(round_ids))
        .filter(round_pairings::void.eq(false))
        .order((round_pairings::round_id.asc(), round_pairings::id.asc()))
        .select(PairingRow::as_select())
        .load(conn)?;
    // Both backends sort NULL differently; put byes (no table) last by hand.
    rows.sort_by_key(|r| (r.round_id, r.table_no.is_none(), r.table_no, r.id));
    Ok(rows)
}

/// Voids the current lines of a round and their matches (the matches' logs are kept). Only
/// matches that have not started are voided: the update re-checks their status, so a match that
/// a tablet started meanwhile is left alone, and the result is false (the caller then rolls
/// back and refuses).
pub fn void_pairings(conn: &mut DbConn, round_id: i64) -> QueryResult<bool> {
    let match_ids: Vec<Option<i64>> = round_pairings::table
        .filter(round_pairings::round_id.eq(round_id))
        .filter(round_pairings::void.eq(false))
        .select(round_pairings::match_id)
        .load(conn)?;
    let match_ids: Vec<i64> = match_ids.into_iter().flatten().collect();
    let voided = diesel::update(
        matches::table
            .filter(matches::id.eq_any(&match_ids))
            .filter(matches::status.eq_any(["new", "created"])),
    )
    .set(matches::void.eq(true))
    .execute(conn)?;
    diesel::update(
        round_pairings::table
            .filter(round_pairings::round_id.eq(round_id))
            .filter(round_pairings::void.eq(false)),
    )
    .set(round_pairings::void.eq(true))
    .execute(conn)?;
    Ok(voided == match_ids.len())
}

/// Status, table and result of the given matches, as `(id, table, status, score_a, score_b,
/// winner, result_reason)`.
pub type MatchBrief = (
    i64,
    Option<i32>,
    String,
    i32,
    i32,
    Option<String>,
    Option<String>,
);

/// The projection fields a round's page needs, for the given matches.
pub fn match_briefs(conn: &mut DbConn, ids: &[i64]) -> QueryResult<Vec<MatchBrief>> {
    matches::table
        .filter(matches::id.eq_any(ids))
        .select((
            matches::id,
            matches::table_no,
            matches::status,
            matches::score_a,
            matches::score_b,
            matches::winner,
            matches::result_reason,
        ))
        .load(conn)
}

/// Records the lexicon an event uses (its uploaded list lives at
/// `<data dir>/lexicons/<event id>.txt`).
pub fn set_event_lexicon(conn: &mut DbConn, event_id: i64, lexicon: &str) -> QueryResult<usize> {
    diesel::update(events::table.find(event_id))
        .set(events::lexicon.eq(lexicon))
        .execute(conn)
}

/// The role grants of an event with the grantee's username, oldest first.
pub fn grants_of_event(
    conn: &mut DbConn,
    event_id: i64,
) -> QueryResult<Vec<(super::users::RoleGrant, String)>> {
    use super::schema::{role_grants, users};
    let grants: Vec<super::users::RoleGrant> = role_grants::table
        .filter(role_grants::event_id.eq(event_id))
        .order(role_grants::id.asc())
        .select(super::users::RoleGrant::as_select())
        .load(conn)?;
    let ids: Vec<i64> = grants.iter().map(|g| g.user_id).collect();
    let names: Vec<(i64, String)> = users::table
        .filter(users::id.eq_any(&ids))
        .select((users::id, users::username))
        .load(conn)?;
    Ok(grants
        .into_iter()
        .map(|g| {
            let name = names
                .iter()
                .find(|(id, _)| *id == g.user_id)
                .map(|(_, n)| n.clone())
                .unwrap_or_default();
            (g, name)
        })
        .collect())
}
