//! A game's results slip (N8, N9): its details, the commands on it (the director's final
//! scores, a table device's entry, correction and confirmation), and how it stands.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Loaded, division_for_reader};
use crate::db::{DbConn, individual as rows};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::individual::slips::{self, Command, Side, Slip};
use crate::services::authz::Grants;
use crate::services::desk::Desk;
use crate::vocab::{DivisionId, UserId};

/// Blanks, challenged words, high word and time penalties (N8).
#[derive(Debug, Clone, Default, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = IndivSlipDetails)]
pub struct SlipDetails {
    /// The blanks' letters as played.
    #[serde(default)]
    pub blanks: String,
    /// Challenged words.
    #[serde(default)]
    pub challenged: Vec<String>,
    /// Highest-scoring word.
    #[serde(default)]
    pub high_word: String,
    /// Its score.
    #[serde(default)]
    pub high_score: i32,
    /// Points taken from player A for overtime.
    #[serde(default)]
    pub time_penalty_a: i32,
    /// Points taken from player B for overtime.
    #[serde(default)]
    pub time_penalty_b: i32,
}

/// A command on a game's slip: scores (entry or correction) or a confirmation.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = IndivSlipRequest)]
pub struct SlipRequest {
    /// `scores` or `confirm`.
    pub action: String,
    /// The player acting (table devices); the director acts as the director.
    pub side: Option<Side>,
    /// A's score (with `scores`).
    pub score_a: Option<i32>,
    /// B's score (with `scores`).
    pub score_b: Option<i32>,
    /// Blanks, challenged words, high word, time penalties.
    pub details: Option<SlipDetails>,
}

/// A game's slip: where it stands and its records.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = IndivSlipView)]
pub struct SlipView {
    /// Round.
    pub round: u32,
    /// Table.
    pub table: u32,
    /// Player going first.
    pub a: i32,
    /// Opponent.
    pub b: i32,
    /// Scores as they stand.
    pub score_a: Option<i32>,
    /// Scores as they stand.
    pub score_b: Option<i32>,
    /// A confirmed.
    pub confirmed_a: bool,
    /// B confirmed.
    pub confirmed_b: bool,
    /// Final.
    pub is_final: bool,
    /// Corrections recorded (N9).
    pub corrections: u32,
    /// The details of the latest record that gave them.
    pub details: SlipDetails,
    /// Each record's kind in order (entry, correction, confirm, director).
    pub log: Vec<String>,
}

/// The game at `table` of `round` (404 when there is none).
pub(super) fn find_game(d: &Loaded, round: u32, table: u32) -> Result<rows::PairingRow, AppError> {
    let (r, t) = (
        i32::try_from(round).unwrap_or(i32::MAX),
        i32::try_from(table).unwrap_or(i32::MAX),
    );
    d.pairings
        .iter()
        .find(|p| p.round == r && p.table_no == Some(t) && p.player_b.is_some())
        .cloned()
        .ok_or_else(|| AppError::not_found(format!("no game at table {table} in round {round}")))
}

/// Decides a slip command and appends its record (`user_id`: none for a player's phone).
#[allow(clippy::too_many_arguments)]
pub(super) fn append(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    user_id: Option<UserId>,
    d: &Loaded,
    pairing_id: i64,
    slip: &Slip,
    command: Command,
    details: Option<&SlipDetails>,
) -> Result<(), AppError> {
    let record = slips::decide(slip, command).map_err(|e| AppError::Rule {
        rule: "N9".into(),
        message: e.to_string(),
        field: None,
    })?;
    let seq = d.slips.get(&pairing_id).map_or(0, |(_, log)| log.len());
    rows::insert_slip(
        conn,
        &rows::NewSlip {
            pairing_id,
            seq: i32::try_from(seq + 1).unwrap_or(i32::MAX),
            kind: record.kind.as_str().to_owned(),
            by_player: record.by.map(|s| if s == Side::A { 1 } else { 2 }),
            score_a: record.scores.map(|s| s.0),
            score_b: record.scores.map(|s| s.1),
            details: serde_json::to_string(&details.cloned().unwrap_or_default())
                .map_err(AppError::internal)?,
            user_id,
            created_at: now.naive_utc(),
        },
    )?;
    Ok(())
}

/// Records a slip command: the director's scores are final; a table device (granted the
/// table) enters, corrects or confirms for one player (N9).
#[allow(clippy::too_many_arguments)]
pub fn slip(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    division_id: DivisionId,
    round: u32,
    table: u32,
    req: &SlipRequest,
) -> Result<SlipView, AppError> {
    desk.write(conn, |conn, work| {
        let d = super::load(conn, division_id)?;
        work.announce(LiveMessage::Individual {
            event_id: d.div.event_id,
            division_id,
        });
        let g = Grants::load(conn, user_id)?;
        let game = find_game(&d, round, table)?;
        let ev = Some(d.div.event_id);
        let director = g.directs(ev);
        if !director && !g.at_division_table(ev, division_id, i32::try_from(table).ok()) {
            return Err(AppError::Forbidden(
                "only the event's director or the table's device enters this slip".into(),
            ));
        }
        let slip = d.slips.get(&game.id).map(|(s, _)| *s).unwrap_or_default();
        let command = match (req.action.as_str(), director, req.side) {
            ("scores", _, side) => {
                let a = req
                    .score_a
                    .ok_or_else(|| AppError::field("score_a", "give both scores"))?;
                let b = req
                    .score_b
                    .ok_or_else(|| AppError::field("score_b", "give both scores"))?;
                match side {
                    Some(by) => Command::Scores { by, scores: (a, b) },
                    None if director => Command::Director((a, b)),
                    None => return Err(AppError::field("side", "say which player enters")),
                }
            }
            ("confirm", _, Some(side)) => Command::Confirm(side),
            ("confirm", _, None) => {
                return Err(AppError::field("side", "say which player confirms"));
            }
            _ => return Err(AppError::field("action", "scores or confirm")),
        };
        append(
            conn,
            now,
            Some(user_id),
            &d,
            game.id,
            &slip,
            command,
            req.details.as_ref(),
        )
    })?;
    slip_view(conn, Some(user_id), division_id, round, table)
}

/// A game's slip (readers of the event).
pub fn slip_view(
    conn: &mut DbConn,
    user: Option<UserId>,
    division_id: DivisionId,
    round: u32,
    table: u32,
) -> Result<SlipView, AppError> {
    let (d, _) = division_for_reader(conn, user, division_id)?;
    let game = find_game(&d, round, table)?;
    Ok(slip_of(&d, &game, round, table))
}

/// A game's slip as it stands (no role check: the caller checked it).
pub(super) fn slip_of(d: &Loaded, game: &rows::PairingRow, round: u32, table: u32) -> SlipView {
    let (slip, log) = d.slips.get(&game.id).cloned().unwrap_or_default();
    let details = log
        .iter()
        .rev()
        .find(|r| r.score_a.is_some())
        .and_then(|r| serde_json::from_str(&r.details).ok())
        .unwrap_or_default();
    SlipView {
        round,
        table,
        a: game.player_a,
        b: game.player_b.unwrap_or(0),
        score_a: slip.scores.map(|s| s.0),
        score_b: slip.scores.map(|s| s.1),
        confirmed_a: slip.confirmed_a,
        confirmed_b: slip.confirmed_b,
        is_final: slip.is_final,
        corrections: slip.corrections,
        details,
        log: log.iter().map(|r| r.kind.clone()).collect(),
    }
}
