//! Rounds and pairings (E1): round robin, Swiss and manual rounds, each creating one match per
//! table through [`matches::create`] inside the round's own transaction (a unit of work of the
//! match desk), so a round is paired completely or not at all, and the match cache learns its
//! matches only once the round committed.
//!
//! The algorithms are `rules::pairing` and `rules::standings`; this module only gathers their
//! input from the database:
//! - round robin uses the event's teams in the order they were added (team id) as Berger
//!   numbers; round `n` plays the Berger schedule's round `n` (wrapping for a second cycle);
//! - Swiss ranks the teams by the E2 standings of every finished, non-void match of the event
//!   plus the byes recorded by earlier rounds, and avoids every earlier pairing of the event;
//!   it is refused while an earlier round still has a match being played;
//! - manual rounds are checked by `rules::pairing::validate_manual`.
//!
//! A round may be re-paired while none of its matches has started (the projection's status is
//! still `created`). Re-pairing voids the old lines and their matches (kept, with their logs,
//! flagged `void`) and pairs again.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::db::{DbConn, events as event_rows, matches as match_rows, rounds as rows};
use crate::error::AppError;
use crate::rules::pairing::{self, Pairing, PairingError, SwissEntry};
use crate::rules::standings::{self, MatchResult};
use crate::services::authz::Grants;
use crate::services::desk::{Desk, Work};
use crate::services::matches::{self, NewMatchRequest, SideSpec};
use crate::vocab::{
    EventId, MatchId, MatchStatus, ResultReason, RoundId, RoundStatus, Side, TeamId, UserId,
};

mod print;
mod views;

pub use print::{AlphaLine, PrintOrder, alphabetical, printed_round};

pub use views::{
    Dashboard, GrantLine, dashboard, directed_events, directed_round, grants, readable_rounds,
    round_view, rounds,
};

/// How a round is paired (the vocabulary's [`PairingMethod`], under the name this module has
/// always used).
pub use crate::vocab::PairingMethod as Method;

/// One line of a manual round.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ManualPair {
    /// Table number (default: the line's position among the matches, from 1).
    #[serde(default)]
    pub table: Option<u32>,
    /// Side A, or the team with the bye.
    pub team_a: TeamId,
    /// Side B; none gives `team_a` a bye.
    #[serde(default)]
    pub team_b: Option<TeamId>,
}

/// Body of `POST /api/v1/events/{id}/rounds` and `…/rounds/{n}/repair`.
#[derive(Debug, Clone, Deserialize, Default, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PairRequest {
    /// How to pair (for a re-pairing, default: the round's method).
    #[serde(default)]
    pub method: Option<Method>,
    /// The lines of a manual round.
    #[serde(default)]
    pub pairs: Vec<ManualPair>,
    /// Swiss only: when every round repeats an earlier pairing, accept the round with the
    /// fewest repeats instead of refusing.
    #[serde(default)]
    pub accept_repeats: bool,
}

/// A team as a round shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct TeamRef {
    /// Team id.
    pub id: TeamId,
    /// Name.
    pub name: String,
}

/// A table of a round with its match.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct TableLine {
    /// Table number.
    pub table: i32,
    /// The match played there.
    pub match_id: MatchId,
    /// Side A.
    pub team_a: TeamRef,
    /// Side B.
    pub team_b: TeamRef,
    /// The match's status.
    pub status: MatchStatus,
    /// Side A's total.
    pub score_a: i32,
    /// Side B's total.
    pub score_b: i32,
    /// The winner; none for a tie or while not finished.
    pub winner: Option<Side>,
    /// Why, once finished.
    pub result_reason: Option<ResultReason>,
}

/// A round with its tables and byes.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RoundView {
    /// Round id.
    pub id: RoundId,
    /// Its event.
    pub event_id: EventId,
    /// Round number.
    pub round: i32,
    /// How it was paired (last).
    pub method: Method,
    /// Draft while no match has started (it may be re-paired), then started.
    pub status: RoundStatus,
    /// How many times it was paired (1 = never redone).
    pub pairing_no: i32,
    /// The tables, top pairing first.
    pub tables: Vec<TableLine>,
    /// Teams with a bye this round.
    pub byes: Vec<TeamRef>,
}

impl RoundView {
    /// Whether the round may still be re-paired.
    pub fn is_draft(&self) -> bool {
        self.status == RoundStatus::Draft
    }

    /// Where the round stands, for people: a started round whose every table is finished is
    /// finished (the stored status only says whether it may be paired again).
    pub fn status_label(&self) -> &'static str {
        let all_finished = !self.tables.is_empty()
            && self
                .tables
                .iter()
                .all(|t| t.status == crate::vocab::MatchStatus::Finished);
        match self.status {
            RoundStatus::Draft => "draft",
            RoundStatus::Started if all_finished => "finished",
            RoundStatus::Started => "started",
        }
    }
}

fn pairing_error(e: PairingError) -> AppError {
    match e {
        PairingError::IncompleteMatching => AppError::internal(e),
        PairingError::RepeatsUnavoidable { .. } => AppError::Rule {
            rule: "E1".into(),
            field: None,
            message: format!(
                "{e}; send accept_repeats to pair the round with the fewest repeats, or pair it by hand"
            ),
        },
        other => AppError::field("pairs", other.to_string()),
    }
}

/// Creates the event's next round and its matches.
pub fn create_round(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
    req: &PairRequest,
) -> Result<RoundView, AppError> {
    let method = req
        .method
        .ok_or_else(|| AppError::field("method", "choose round_robin, swiss or manual"))?;
    desk.write(conn, |conn, work| {
        Grants::load(conn, user_id)?.require_director(Some(event_id))?;
        event_rows::find_event(conn, event_id)?
            .ok_or_else(|| AppError::not_found(format!("no event {event_id}")))?;
        let existing = rows::rounds_of(conn, event_id)?;
        let round_no = existing.last().map_or(1, |r| r.round_no + 1);
        let at = now.naive_utc();
        let round = rows::insert_round(
            conn,
            &rows::NewRound {
                event_id,
                round_no,
                method,
                status: RoundStatus::Draft,
                pairing_no: 1,
                created_by: Some(user_id),
                created_at: at,
                updated_at: at,
            },
        )?;
        pair_and_create(conn, work, now, user_id, &round, method, req)?;
        round_view(conn, event_id, round_no)
    })
}

/// Pairs a round again, voiding its current pairing; refused once any of its matches started.
pub fn repair_round(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
    round_no: i32,
    req: &PairRequest,
) -> Result<RoundView, AppError> {
    desk.write(conn, |conn, work| {
        Grants::load(conn, user_id)?.require_director(Some(event_id))?;
        let round = rows::find_round(conn, event_id, round_no)?.ok_or_else(|| {
            AppError::not_found(format!("no round {round_no} in event {event_id}"))
        })?;
        let current = round_view(conn, event_id, round_no)?;
        if let Some(started) = current.tables.iter().find(|t| !t.status.not_begun()) {
            return Err(AppError::Rule {
                rule: "E1".into(),
                field: None,
                message: format!(
                    "round {round_no} has started (the match at table {} is {}); a pairing can \
                     only be redone before any match of its round starts",
                    started.table,
                    started.status.label()
                ),
            });
        }
        let method = match req.method {
            Some(m) => m,
            None => round.method,
        };
        if !rows::void_pairings(conn, round.id)? {
            // A match started between the check above and the voiding (the transaction is
            // rolled back).
            return Err(AppError::Rule {
                rule: "E1".into(),
                field: None,
                message: format!(
                    "round {round_no} has started (a match began just now); a pairing can only \
                     be redone before any match of its round starts"
                ),
            });
        }
        let round = rows::RoundRow {
            pairing_no: round.pairing_no + 1,
            ..round
        };
        pair_and_create(conn, work, now, user_id, &round, method, req)?;
        round_view(conn, event_id, round_no)
    })
}

/// Computes the round's lines and records them with one match per table.
fn pair_and_create(
    conn: &mut DbConn,
    work: &mut Work<'_>,
    now: DateTime<Utc>,
    user_id: UserId,
    round: &rows::RoundRow,
    method: Method,
    req: &PairRequest,
) -> Result<(), AppError> {
    let event_id = round.event_id;
    // The pairing rules name teams by their plain ids.
    let teams: Vec<i64> = {
        let mut t: Vec<i64> = event_rows::teams_of(conn, event_id)?
            .iter()
            .map(|t| t.id.0)
            .collect();
        t.sort_unstable();
        t
    };
    if teams.len() < 2 && method != Method::Manual {
        return Err(AppError::Rule {
            rule: "E1".into(),
            field: None,
            message: "an event needs at least two teams to pair a round".into(),
        });
    }
    let lines = match method {
        Method::RoundRobin => {
            let schedule = pairing::round_robin(&teams);
            let at = usize::try_from(round.round_no - 1).unwrap_or(0) % schedule.len().max(1);
            schedule.get(at).cloned().unwrap_or_default()
        }
        Method::Swiss => swiss_lines(conn, event_id, round.round_no, &teams, req)?,
        Method::Manual => manual_lines(&teams, &req.pairs)?,
    };
    if lines.is_empty() {
        return Err(AppError::field("pairs", "a round needs at least one line"));
    }
    let at = now.naive_utc();
    for line in &lines {
        let (table_no, team_a, team_b, match_id) = match *line {
            Pairing::Match {
                table,
                team_a,
                team_b,
            } => {
                let table = i32::try_from(table)
                    .map_err(|_| AppError::field("pairs", "table number too large"))?;
                let m = matches::create_in(
                    conn,
                    work,
                    now,
                    user_id,
                    &NewMatchRequest {
                        event_id: Some(event_id),
                        round: Some(round.round_no),
                        table: Some(table),
                        side_a: SideSpec {
                            team_id: Some(TeamId(team_a)),
                            name: None,
                        },
                        side_b: SideSpec {
                            team_id: Some(TeamId(team_b)),
                            name: None,
                        },
                        ruleset: None,
                        idempotency_key: None,
                    },
                )?;
                (
                    Some(table),
                    TeamId(team_a),
                    Some(TeamId(team_b)),
                    Some(m.id),
                )
            }
            Pairing::Bye { team } => (None, TeamId(team), None, None),
        };
        rows::insert_pairing(
            conn,
            &rows::NewPairing {
                round_id: round.id,
                pairing_no: round.pairing_no,
                table_no,
                team_a,
                team_b,
                match_id,
                created_at: at,
            },
        )?;
    }
    rows::update_round(
        conn,
        round.id,
        method,
        RoundStatus::Draft,
        round.pairing_no,
        at,
    )?;
    Ok(())
}

fn manual_lines(teams: &[i64], pairs: &[ManualPair]) -> Result<Vec<Pairing>, AppError> {
    let mut next_table = 0u32;
    let lines: Vec<Pairing> = pairs
        .iter()
        .map(|p| match p.team_b {
            Some(team_b) => {
                next_table += 1;
                Pairing::Match {
                    table: p.table.unwrap_or(next_table),
                    team_a: p.team_a.0,
                    team_b: team_b.0,
                }
            }
            None => Pairing::Bye { team: p.team_a.0 },
        })
        .collect();
    pairing::validate_manual(teams, &lines).map_err(pairing_error)?;
    Ok(lines)
}

fn swiss_lines(
    conn: &mut DbConn,
    event_id: EventId,
    round_no: i32,
    teams: &[i64],
    req: &PairRequest,
) -> Result<Vec<Pairing>, AppError> {
    let event = event_rows::find_event(conn, event_id)?
        .ok_or_else(|| AppError::not_found(format!("no event {event_id}")))?;
    let all = match_rows::of_event(conn, event_id)?;
    if let Some(open) = all
        .iter()
        .find(|m| m.round_no.is_some_and(|r| r < round_no) && m.status != MatchStatus::Finished)
    {
        return Err(AppError::Rule {
            rule: "E1".into(),
            field: None,
            message: format!(
                "round {} is not finished (table {} is {}); Swiss pairs from finished results",
                open.round_no.unwrap_or_default(),
                open.table_no.unwrap_or_default(),
                open.status.label()
            ),
        });
    }
    let results: Vec<MatchResult> = all
        .iter()
        .filter_map(crate::services::standings::result_of)
        .collect();
    // Earlier rounds' lines: the meetings to avoid, the byes given, the sides taken.
    let earlier: Vec<RoundId> = rows::rounds_of(conn, event_id)?
        .iter()
        .filter(|r| r.round_no < round_no)
        .map(|r| r.id)
        .collect();
    let history: Vec<Pairing> = rows::pairings_of(conn, &earlier)?
        .iter()
        .map(|p| match (p.team_b, p.table_no) {
            (Some(team_b), table) => Pairing::Match {
                table: table.and_then(|t| u32::try_from(t).ok()).unwrap_or(0),
                team_a: p.team_a.0,
                team_b: team_b.0,
            },
            (None, _) => Pairing::Bye { team: p.team_a.0 },
        })
        .collect();
    let byes: Vec<i64> = history
        .iter()
        .filter_map(|p| match p {
            Pairing::Bye { team } => Some(*team),
            Pairing::Match { .. } => None,
        })
        .collect();
    // Teams the committee disqualified from the event rank last and are left out of pairing.
    let disqualified: Vec<i64> = crate::services::committee::disqualified_teams(conn, event_id)?
        .into_iter()
        .map(|t| t.0)
        .collect();
    let rows = standings::compute(
        &crate::services::standings::rule_of(&event),
        &standings::StandingsInput {
            teams,
            results: &results,
            byes: &byes,
            disqualified: &disqualified,
        },
    )
    .map_err(AppError::internal)?;
    let entries: Vec<SwissEntry> = rows
        .iter()
        .filter(|r| !r.disqualified)
        .map(SwissEntry::from)
        .collect();
    match pairing::swiss(&entries, &history) {
        Ok(lines) => Ok(lines),
        Err(PairingError::RepeatsUnavoidable { fewest, .. }) if req.accept_repeats => Ok(fewest),
        Err(e) => Err(pairing_error(e)),
    }
}

/// Reads a manual round typed one line per table, `Team A v Team B` (or `vs`); a line with one
/// team gives it a bye. Tables are numbered by line.
pub fn parse_manual_lines(
    text: &str,
    teams: &[(TeamId, String)],
) -> Result<Vec<ManualPair>, AppError> {
    let find = |line: usize, name: &str| {
        teams
            .iter()
            .find(|(_, n)| n.eq_ignore_ascii_case(name.trim()))
            .map(|(id, _)| *id)
            .ok_or_else(|| {
                AppError::field(
                    "pairs",
                    format!("line {line}: no team named {}", name.trim()),
                )
            })
    };
    let mut pairs = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let lower = line.to_ascii_lowercase();
        let split = [" vs ", " v "]
            .iter()
            .find_map(|sep| lower.find(sep).map(|at| (at, sep.len())));
        let pair = match split {
            Some((at, len)) => ManualPair {
                table: None,
                team_a: find(i + 1, &line[..at])?,
                team_b: Some(find(i + 1, &line[at + len..])?),
            },
            None => ManualPair {
                table: None,
                team_a: find(i + 1, line)?,
                team_b: None,
            },
        };
        pairs.push(pair);
    }
    Ok(pairs)
}
