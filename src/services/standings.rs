//! Standings (E2) from the match projections, byes and the committee's records.

use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::{round_pairings, rounds};
use crate::db::{DbConn, events as event_rows, matches as match_rows};
use crate::error::AppError;
use crate::rules::standings::{
    self, MatchResult, ResultReason, Side, StandingsInput, StandingsRule,
};

/// A standings line with the team's name.
#[derive(Debug, Clone, Serialize)]
pub struct StandingView {
    /// The computed line.
    #[serde(flatten)]
    pub row: standings::StandingRow,
    /// Team name.
    pub name: String,
}

fn side(s: Option<&str>) -> Option<Side> {
    match s {
        Some("a") => Some(Side::A),
        Some("b") => Some(Side::B),
        _ => None,
    }
}

/// A finished match as the standings rules want it; `None` for matches still being played.
pub fn result_of(m: &match_rows::MatchRow) -> Option<MatchResult> {
    if m.status != "finished" {
        return None;
    }
    let reason = match m.result_reason.as_deref() {
        Some("disqualification") => ResultReason::Disqualification,
        Some("walkout") => ResultReason::Walkout,
        _ => ResultReason::Score,
    };
    Some(MatchResult {
        team_a: m.team_a?,
        team_b: m.team_b?,
        score_a: m.score_a,
        score_b: m.score_b,
        winner: side(m.winner.as_deref()),
        reason,
    })
}

/// The byes given in an event's rounds (one entry per bye).
fn byes(conn: &mut DbConn, event_id: i64) -> QueryResult<Vec<i64>> {
    round_pairings::table
        .inner_join(rounds::table.on(rounds::id.eq(round_pairings::round_id)))
        .filter(rounds::event_id.eq(event_id))
        .filter(round_pairings::void.eq(false))
        .filter(round_pairings::team_b.is_null())
        .select(round_pairings::team_a)
        .load(conn)
}

/// The event's standings rule (stored as JSON; `{}` means the E2 defaults).
pub fn rule_of(event: &event_rows::EventRow) -> StandingsRule {
    serde_json::from_str(&event.standings).unwrap_or_default()
}

/// The standings of an event now.
pub fn event_standings(conn: &mut DbConn, event_id: i64) -> Result<Vec<StandingView>, AppError> {
    let event = event_rows::find_event(conn, event_id)?
        .ok_or_else(|| AppError::not_found(format!("no event {event_id}")))?;
    let teams = event_rows::teams_of(conn, event_id)?;
    let team_ids: Vec<i64> = teams.iter().map(|t| t.id).collect();
    let results: Vec<MatchResult> = match_rows::of_event(conn, event_id)?
        .iter()
        .filter_map(result_of)
        .collect();
    let byes = byes(conn, event_id)?;
    let disqualified = crate::services::committee::disqualified_teams(conn, event_id)?;
    let rows = standings::compute(
        &rule_of(&event),
        &StandingsInput {
            teams: &team_ids,
            results: &results,
            byes: &byes,
            disqualified: &disqualified,
        },
    )
    .map_err(AppError::internal)?;
    let names: std::collections::HashMap<i64, &str> =
        teams.iter().map(|t| (t.id, t.name.as_str())).collect();
    Ok(rows
        .into_iter()
        .map(|row| StandingView {
            name: names.get(&row.team).copied().unwrap_or("?").to_owned(),
            row,
        })
        .collect())
}

/// Standings as CSV (rank, team, played, wins, ties, losses, match points, spread, total score,
/// disqualified).
pub fn to_csv(rows: &[StandingView]) -> String {
    let mut out = String::from(
        "rank,team,played,wins,ties,losses,match_points,spread,total_score,disqualified\n",
    );
    for r in rows {
        let name = if r.name.contains([',', '"', '\n']) {
            format!("\"{}\"", r.name.replace('"', "\"\""))
        } else {
            r.name.clone()
        };
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{}\n",
            r.row.rank,
            name,
            r.row.played,
            r.row.wins,
            r.row.ties,
            r.row.losses,
            r.row.match_points,
            r.row.spread,
            r.row.total_score,
            r.row.disqualified
        ));
    }
    out
}
