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
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
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
    result_from(&(
        m.team_a,
        m.team_b,
        m.score_a,
        m.score_b,
        m.winner.clone(),
        m.result_reason.clone(),
    ))
}

/// A finished match's standings fields as the standings rules want them.
fn result_from(r: &match_rows::FinishedRow) -> Option<MatchResult> {
    let (team_a, team_b, score_a, score_b, winner, reason) = r;
    let reason = match reason.as_deref() {
        Some("disqualification") => ResultReason::Disqualification,
        Some("walkout") => ResultReason::Walkout,
        _ => ResultReason::Score,
    };
    Some(MatchResult {
        team_a: (*team_a)?,
        team_b: (*team_b)?,
        score_a: *score_a,
        score_b: *score_b,
        winner: side(winner.as_deref()),
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
    let results: Vec<MatchResult> = match_rows::finished_of_event(conn, event_id)?
        .iter()
        .filter_map(result_from)
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
        // Quoted when needed, and a name a spreadsheet would run as a formula is defused.
        let name = crate::text::csv_cell(&r.name);
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

/// Standings computed recently, per event. Standings change only when a result is declared or
/// taken back or the committee records something; those changes drop the entry at once (see
/// `LiveMessage::standings`), and entries also expire after a second so that other instances'
/// changes show up.
#[derive(Debug, Default)]
pub struct StandingsCache {
    entries: std::sync::Mutex<std::collections::HashMap<i64, Cached>>,
}

#[derive(Debug, Clone)]
struct Cached {
    at: std::time::Instant,
    public: bool,
    rows: std::sync::Arc<Vec<StandingView>>,
    body: StandingsBody,
}

/// The standings as the API sends them: JSON, and the same JSON gzip-compressed once per change
/// (1,000 teams are ~150 KB of JSON and ~15 KB compressed; every browser accepts gzip, and
/// compressing per request would cost more than computing the standings).
#[derive(Debug, Clone)]
pub struct StandingsBody {
    /// `application/json`.
    pub json: actix_web::web::Bytes,
    /// The same bytes, gzip-compressed.
    pub gzip: actix_web::web::Bytes,
}

impl StandingsBody {
    fn of(rows: &[StandingView]) -> Result<Self, AppError> {
        use std::io::Write;
        let json = serde_json::to_vec(rows).map_err(AppError::internal)?;
        let mut gz = flate2::write::GzEncoder::new(
            Vec::with_capacity(json.len() / 8),
            flate2::Compression::default(),
        );
        gz.write_all(&json).map_err(AppError::internal)?;
        let gzip = gz.finish().map_err(AppError::internal)?;
        Ok(Self {
            json: json.into(),
            gzip: gzip.into(),
        })
    }
}

impl StandingsCache {
    const FRESH: std::time::Duration = std::time::Duration::from_secs(1);

    fn fresh(&self, event_id: i64) -> Option<Cached> {
        let map = self.entries.lock().ok()?;
        map.get(&event_id)
            .filter(|c| c.at.elapsed() < Self::FRESH)
            .cloned()
    }

    /// The standings of a public event, when fresh: served without touching the database.
    pub fn public_body(&self, event_id: i64) -> Option<StandingsBody> {
        self.fresh(event_id).filter(|c| c.public).map(|c| c.body)
    }

    /// The standings of an event (fresh from the cache or computed now), with their body.
    pub fn get(
        &self,
        conn: &mut DbConn,
        event_id: i64,
    ) -> Result<(std::sync::Arc<Vec<StandingView>>, StandingsBody), AppError> {
        if let Some(c) = self.fresh(event_id) {
            return Ok((c.rows, c.body));
        }
        let public = event_rows::find_event(conn, event_id)?.is_some_and(|e| e.public);
        let rows = std::sync::Arc::new(event_standings(conn, event_id)?);
        let body = StandingsBody::of(&rows)?;
        if let Ok(mut map) = self.entries.lock() {
            map.insert(
                event_id,
                Cached {
                    at: std::time::Instant::now(),
                    public,
                    rows: rows.clone(),
                    body: body.clone(),
                },
            );
        }
        Ok((rows, body))
    }

    /// Drops an event's entry after a change that can move its standings.
    pub fn invalidate(&self, event_id: i64) {
        if let Ok(mut map) = self.entries.lock() {
            map.remove(&event_id);
        }
    }
}
