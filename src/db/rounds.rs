//! Rounds of an event and their pairings (E1). A pairing that is redone is voided, never
//! deleted: its rows stay as the record, and its matches are flagged `void` with their logs kept.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::schema::{events, matches, round_pairings, rounds};
use crate::vocab::{
    EventId, MatchId, MatchStatus, PairingId, PairingMethod, ResultReason, RoundId, RoundStatus,
    Side, TeamId, UserId,
};

/// A stored round.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = rounds)]
pub struct RoundRow {
    /// Row id.
    pub id: RoundId,
    /// Its event.
    pub event_id: EventId,
    /// 1-based round number within the event.
    pub round_no: i32,
    /// How it was paired (last).
    pub method: PairingMethod,
    /// Draft (may be re-paired) or started, as of the round's last write.
    pub status: RoundStatus,
    /// How many times the round was paired (1 = never redone).
    pub pairing_no: i32,
    /// Who made it.
    pub created_by: Option<UserId>,
    /// When (UTC).
    pub created_at: NaiveDateTime,
    /// Last change (UTC).
    pub updated_at: NaiveDateTime,
}

/// A new round.
#[derive(Debug, Insertable)]
#[diesel(table_name = rounds)]
pub struct NewRound {
    /// Its event.
    pub event_id: EventId,
    /// Round number.
    pub round_no: i32,
    /// Pairing method.
    pub method: PairingMethod,
    /// Initial status (draft).
    pub status: RoundStatus,
    /// 1 for a new round.
    pub pairing_no: i32,
    /// Author.
    pub created_by: Option<UserId>,
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
    pub id: PairingId,
    /// Its round.
    pub round_id: RoundId,
    /// Which pairing of the round this line belongs to.
    pub pairing_no: i32,
    /// Table, for a match.
    pub table_no: Option<i32>,
    /// Side A, or the team with the bye.
    pub team_a: TeamId,
    /// Side B (none for a bye).
    pub team_b: Option<TeamId>,
    /// The match played at the table.
    pub match_id: Option<MatchId>,
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
    pub round_id: RoundId,
    /// The round's pairing number.
    pub pairing_no: i32,
    /// Table, for a match.
    pub table_no: Option<i32>,
    /// Side A or the bye.
    pub team_a: TeamId,
    /// Side B.
    pub team_b: Option<TeamId>,
    /// The match.
    pub match_id: Option<MatchId>,
    /// When.
    pub created_at: NaiveDateTime,
}

/// Inserts a round.
pub fn insert_round(conn: &mut DbConn, new: &NewRound) -> QueryResult<RoundRow> {
    diesel::insert_into(rounds::table)
        .values(new)
        .returning(rounds::all_columns)
        .get_result(conn)
}

/// The rounds of an event, in order.
pub fn rounds_of(conn: &mut DbConn, event_id: EventId) -> QueryResult<Vec<RoundRow>> {
    rounds::table
        .filter(rounds::event_id.eq(event_id))
        .order(rounds::round_no.asc())
        .select(RoundRow::as_select())
        .load(conn)
}

/// One round of an event by its number.
pub fn find_round(
    conn: &mut DbConn,
    event_id: EventId,
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
    id: RoundId,
    method: PairingMethod,
    status: RoundStatus,
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
pub fn pairings_of(conn: &mut DbConn, round_ids: &[RoundId]) -> QueryResult<Vec<PairingRow>> {
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

/// The byes given in an event's rounds (one entry per bye), void pairings left out.
pub fn byes_of_event(conn: &mut DbConn, event_id: EventId) -> QueryResult<Vec<TeamId>> {
    round_pairings::table
        .inner_join(rounds::table.on(rounds::id.eq(round_pairings::round_id)))
        .filter(rounds::event_id.eq(event_id))
        .filter(round_pairings::void.eq(false))
        .filter(round_pairings::team_b.is_null())
        .select(round_pairings::team_a)
        .load(conn)
}

/// The rounds (numbers, ascending) in which a team has a bye in the current pairings.
pub fn bye_rounds_of_team(conn: &mut DbConn, team_id: TeamId) -> QueryResult<Vec<i32>> {
    round_pairings::table
        .inner_join(rounds::table.on(rounds::id.eq(round_pairings::round_id)))
        .filter(round_pairings::void.eq(false))
        .filter(round_pairings::team_b.is_null())
        .filter(round_pairings::team_a.eq(team_id))
        .select(rounds::round_no)
        .order(rounds::round_no.asc())
        .load(conn)
}

/// Voids the current lines of a round and their matches (the matches' logs are kept). Only
/// matches that have not started are voided: the update re-checks their status, so a match that
/// a tablet started meanwhile is left alone, and the result is false (the caller then rolls
/// back and refuses).
pub fn void_pairings(conn: &mut DbConn, round_id: RoundId) -> QueryResult<bool> {
    let match_ids: Vec<Option<MatchId>> = round_pairings::table
        .filter(round_pairings::round_id.eq(round_id))
        .filter(round_pairings::void.eq(false))
        .select(round_pairings::match_id)
        .load(conn)?;
    let match_ids: Vec<MatchId> = match_ids.into_iter().flatten().collect();
    let voided = diesel::update(
        matches::table
            .filter(matches::id.eq_any(&match_ids))
            .filter(matches::status.eq_any([MatchStatus::New, MatchStatus::Created])),
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
    MatchId,
    Option<i32>,
    MatchStatus,
    i32,
    i32,
    Option<Side>,
    Option<ResultReason>,
);

/// The projection fields a round's page needs, for the given matches.
pub fn match_briefs(conn: &mut DbConn, ids: &[MatchId]) -> QueryResult<Vec<MatchBrief>> {
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
pub fn set_event_lexicon(
    conn: &mut DbConn,
    event_id: EventId,
    lexicon: &str,
) -> QueryResult<usize> {
    diesel::update(events::table.find(event_id))
        .set(events::lexicon.eq(lexicon))
        .execute(conn)
}

/// The role grants of an event with the grantee's username, oldest first.
pub fn grants_of_event(
    conn: &mut DbConn,
    event_id: EventId,
) -> QueryResult<Vec<(super::users::RoleGrant, String)>> {
    use super::schema::{role_grants, users};
    let grants: Vec<super::users::RoleGrant> = role_grants::table
        .filter(role_grants::event_id.eq(event_id))
        .order(role_grants::id.asc())
        .select(super::users::RoleGrant::as_select())
        .load(conn)?;
    let ids: Vec<UserId> = grants.iter().map(|g| g.user_id).collect();
    let names: Vec<(UserId, String)> = users::table
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
