//! Standings (E2) from the match projections, byes and the committee's records.

use serde::Serialize;

use crate::db::{DbConn, events as event_rows, matches as match_rows, rounds as round_rows};
use crate::error::AppError;
use crate::rules::standings::{self, MatchResult, StandingsInput, StandingsRule};
use crate::vocab::{EventId, MatchStatus, ResultReason};

/// A standings line with the team's name.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StandingView {
    /// The computed line.
    #[serde(flatten)]
    pub row: standings::StandingRow,
    /// Team name.
    pub name: String,
}

/// A finished match as the standings rules want it; `None` for matches still being played.
pub fn result_of(m: &match_rows::MatchRow) -> Option<MatchResult> {
    if m.status != MatchStatus::Finished {
        return None;
    }
    result_from(&(
        m.team_a,
        m.team_b,
        m.score_a,
        m.score_b,
        m.winner,
        m.result_reason,
    ))
}

/// A finished match's standings fields as the standings rules want them.
fn result_from(r: &match_rows::FinishedRow) -> Option<MatchResult> {
    let (team_a, team_b, score_a, score_b, winner, reason) = *r;
    Some(MatchResult {
        team_a: team_a?.0,
        team_b: team_b?.0,
        score_a,
        score_b,
        winner,
        // The fold sets a finished match's reason with its result; a NULL (never written by
        // this program) reads as T18a, as it always did. An unknown text fails when read.
        reason: reason.unwrap_or(ResultReason::Score),
    })
}

/// The event's standings rule: match points as stored (JSON; `{}` means the E2 defaults), the
/// forfeit and bye spreads from the event's ruleset (E2 `forfeits`, default 50 each).
pub fn rule_of(event: &event_rows::EventRow) -> StandingsRule {
    let stored: StandingsRule = serde_json::from_str(&event.standings).unwrap_or_default();
    let forfeits = forfeit_scoring(event);
    StandingsRule {
        forfeit_spread: forfeits.forfeit_spread,
        bye_spread: forfeits.bye_spread,
        ..stored
    }
}

/// How byes and forfeits score in the event (E2), from its ruleset. The ruleset was checked
/// when the event was made; one that no longer resolves reads as the defaults.
pub fn forfeit_scoring(event: &event_rows::EventRow) -> crate::rules::ruleset::ForfeitScoring {
    serde_json::from_str::<crate::rules::ruleset::RulesetSpec>(&event.ruleset_spec)
        .ok()
        .and_then(|spec| spec.resolve().ok())
        .map(|r| r.forfeits)
        .unwrap_or_default()
}

/// The standings of an event now.
pub fn event_standings(
    conn: &mut DbConn,
    event_id: EventId,
) -> Result<Vec<StandingView>, AppError> {
    let event = event_rows::find_event(conn, event_id)?
        .ok_or_else(|| AppError::not_found(format!("no event {event_id}")))?;
    let teams = event_rows::teams_of(conn, event_id)?;
    // The standings rules name teams by their plain ids.
    let team_ids: Vec<i64> = teams.iter().map(|t| t.id.0).collect();
    let results: Vec<MatchResult> = match_rows::finished_of_event(conn, event_id)?
        .iter()
        .filter_map(result_from)
        .collect();
    let byes: Vec<i64> = round_rows::byes_of_event(conn, event_id)?
        .into_iter()
        .map(|t| t.0)
        .collect();
    let disqualified: Vec<i64> = crate::services::committee::disqualified_teams(conn, event_id)?
        .into_iter()
        .map(|t| t.0)
        .collect();
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
        teams.iter().map(|t| (t.id.0, t.name.as_str())).collect();
    Ok(rows
        .into_iter()
        .map(|row| StandingView {
            name: names.get(&row.team).copied().unwrap_or("?").to_owned(),
            row,
        })
        .collect())
}

/// Standings as CSV (rank, team, played, wins, ties, losses, match points, spread, total score,
/// disqualified), one line per team ending in `\n`. Written through the `csv` crate, which
/// quotes a cell holding a comma, a quote or a line break; a team name a spreadsheet would run
/// as a formula is defused first (`text::defuse_formula`).
pub fn to_csv(rows: &[StandingView]) -> Result<String, AppError> {
    let mut out = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    let failed = |e: csv::Error| AppError::internal(format!("standings CSV: {e}"));
    out.write_record([
        "rank",
        "team",
        "played",
        "wins",
        "ties",
        "losses",
        "match_points",
        "spread",
        "total_score",
        "disqualified",
    ])
    .map_err(failed)?;
    for r in rows {
        out.write_record([
            r.row.rank.to_string(),
            crate::text::defuse_formula(&r.name).into_owned(),
            r.row.played.to_string(),
            r.row.wins.to_string(),
            r.row.ties.to_string(),
            r.row.losses.to_string(),
            r.row.match_points.to_string(),
            r.row.spread.to_string(),
            r.row.total_score.to_string(),
            r.row.disqualified.to_string(),
        ])
        .map_err(failed)?;
    }
    let bytes = out
        .into_inner()
        .map_err(|e| AppError::internal(format!("standings CSV: {e}")))?;
    String::from_utf8(bytes).map_err(AppError::internal)
}

/// An event's standings as computed once per change and shared by every request until the
/// next: the lines, and the bytes the web layer makes of them to send (kept here so that they,
/// too, are made once per change, not per request).
#[derive(Debug)]
pub struct Snapshot {
    /// The lines in rank order.
    pub rows: Vec<StandingView>,
    encoded: std::sync::OnceLock<std::sync::Arc<Encoded>>,
}

/// What the web layer made of a snapshot's rows to send: plain bytes, made by the caller of
/// [`Snapshot::encoded`] (this module neither serialises for HTTP nor compresses).
#[derive(Debug)]
pub struct Encoded {
    /// The body as is.
    pub plain: Vec<u8>,
    /// The same body compressed.
    pub compressed: Vec<u8>,
}

impl Snapshot {
    /// The rows' encoded bytes, made by `encode` the first time they are asked for.
    pub fn encoded(
        &self,
        encode: impl FnOnce(&[StandingView]) -> Result<Encoded, AppError>,
    ) -> Result<std::sync::Arc<Encoded>, AppError> {
        if let Some(e) = self.encoded.get() {
            return Ok(e.clone());
        }
        // Two requests may both encode a fresh snapshot; the first one stored is kept.
        let made = std::sync::Arc::new(encode(&self.rows)?);
        Ok(self.encoded.get_or_init(|| made).clone())
    }
}

/// Standings computed recently, per event. Standings change only when a result is declared or
/// taken back or the committee records something; those changes drop the entry at once (see
/// `LiveMessage::standings`), and entries also expire after a second so that other instances'
/// changes show up.
#[derive(Debug, Default)]
pub struct StandingsCache {
    entries: std::sync::Mutex<std::collections::HashMap<EventId, Cached>>,
    /// Duplicate events' rankings (seed 002) as the API sends them, dropped on the same
    /// deliveries (see `services::duplicate::RankingBytes`).
    pub duplicate: crate::services::duplicate::RankingBytes,
}

#[derive(Debug, Clone)]
struct Cached {
    at: std::time::Instant,
    public: bool,
    snapshot: std::sync::Arc<Snapshot>,
}

impl StandingsCache {
    const FRESH: std::time::Duration = std::time::Duration::from_secs(1);

    fn fresh(&self, event_id: EventId) -> Option<Cached> {
        let map = self.entries.lock().ok()?;
        map.get(&event_id)
            .filter(|c| c.at.elapsed() < Self::FRESH)
            .cloned()
    }

    /// The encoded standings of a public event, when fresh and already encoded: served without
    /// touching the database.
    pub fn public_encoded(&self, event_id: EventId) -> Option<std::sync::Arc<Encoded>> {
        self.fresh(event_id)
            .filter(|c| c.public)
            .and_then(|c| c.snapshot.encoded.get().cloned())
    }

    /// The standings of an event, fresh from the cache or computed now.
    pub fn get(
        &self,
        conn: &mut DbConn,
        event_id: EventId,
    ) -> Result<std::sync::Arc<Snapshot>, AppError> {
        if let Some(c) = self.fresh(event_id) {
            return Ok(c.snapshot);
        }
        let public = event_rows::find_event(conn, event_id)?.is_some_and(|e| e.public);
        let snapshot = std::sync::Arc::new(Snapshot {
            rows: event_standings(conn, event_id)?,
            encoded: std::sync::OnceLock::new(),
        });
        if let Ok(mut map) = self.entries.lock() {
            map.insert(
                event_id,
                Cached {
                    at: std::time::Instant::now(),
                    public,
                    snapshot: snapshot.clone(),
                },
            );
        }
        Ok(snapshot)
    }

    /// Drops an event's entry after a change that can move its standings.
    pub fn invalidate(&self, event_id: EventId) {
        if let Ok(mut map) = self.entries.lock() {
            map.remove(&event_id);
        }
    }
}

/// The matches of an event still being played, for the live part of the standings page.
pub fn unfinished_matches(
    conn: &mut DbConn,
    event_id: EventId,
) -> Result<Vec<match_rows::MatchRow>, AppError> {
    Ok(match_rows::of_event(conn, event_id)?
        .into_iter()
        .filter(|m| m.status != MatchStatus::Finished)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(name: &str) -> StandingView {
        StandingView {
            row: standings::StandingRow {
                team: 1,
                rank: 1,
                played: 2,
                wins: 1,
                ties: 0,
                losses: 1,
                match_points: 2,
                spread: -5,
                total_score: 700,
                disqualified: false,
            },
            name: name.to_owned(),
        }
    }

    #[test]
    fn the_standings_csv_quotes_separators_and_defuses_formulas() {
        let csv = to_csv(&[
            line("Anagrammers"),
            line("a,b"),
            line("Team \"Q\""),
            line("=HYPERLINK(\"http://x\")"),
            line("+1"),
            line("\rx"),
        ])
        .unwrap();
        let lines: Vec<&str> = csv.split('\n').collect();
        assert_eq!(
            lines[0],
            "rank,team,played,wins,ties,losses,match_points,spread,total_score,disqualified"
        );
        assert_eq!(lines[1], "1,Anagrammers,2,1,0,1,2,-5,700,false");
        assert!(lines[2].starts_with("1,\"a,b\",2,"), "{csv}");
        assert!(lines[3].starts_with("1,\"Team \"\"Q\"\"\",2,"), "{csv}");
        assert!(
            lines[4].starts_with("1,\"'=HYPERLINK(\"\"http://x\"\")\",2,"),
            "{csv}"
        );
        assert!(lines[5].starts_with("1,'+1,2,"), "{csv}");
        assert!(csv.contains("1,\"'\rx\",2,"), "{csv}");
        assert!(csv.ends_with("false\n"), "{csv}");
    }
}
