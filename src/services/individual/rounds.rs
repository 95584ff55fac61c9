//! A division's rounds: pairing the next round by the plan (Gibsonization applied), the
//! director's overrides, quick entry and the missing results (the slips: `slip_records`).

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::slip_records::append;
use super::{Loaded, division_for_director, plan_error};
use crate::db::{DbConn, individual as rows};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::individual::quick::{self, LineError};
use crate::rules::individual::slips::Command;
use crate::rules::individual::standings;
use crate::rules::pairing::individual::{Gibson, Method, RoundInput, Standing, pair_round};
use crate::rules::pairing::{Pairing, validate_manual};
use crate::services::desk::Desk;
use crate::vocab::{DivisionId, UserId};

/// One line of a round as the director gives it.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = IndivPairLine)]
pub struct PairLine {
    /// Player going first (or sitting out, when `b` is none).
    pub a: u32,
    /// Opponent; none: a bye.
    pub b: Option<u32>,
}

/// Pair the next round, with lines the director fixes (Swiss and king-of-the-hill rounds; a
/// round-robin round only as a whole, every player's line, e.g. when the players changed and
/// no schedule of the cycle avoids a repeat).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = IndivPairRequest)]
pub struct OverrideRequest {
    /// Lines fixed by hand; the rest are paired by the plan. For a round paired by hand
    /// (`PUT`), every line of the round.
    #[serde(default)]
    pub lines: Vec<PairLine>,
}

fn to_pairings(lines: &[PairLine]) -> Vec<Pairing> {
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| match l.b {
            Some(b) => Pairing::Match {
                table: u32::try_from(i + 1).unwrap_or(u32::MAX),
                team_a: i64::from(l.a),
                team_b: i64::from(b),
            },
            None => Pairing::Bye {
                team: i64::from(l.a),
            },
        })
        .collect()
}

/// The division's rounds so far, in order from round 1.
fn history(d: &Loaded) -> Vec<Vec<Pairing>> {
    let mut rounds = vec![Vec::new(); usize::try_from(d.last_round()).unwrap_or(0)];
    for p in &d.pairings {
        let line = match p.player_b {
            Some(b) => Pairing::Match {
                table: p.table_no.and_then(|t| u32::try_from(t).ok()).unwrap_or(1),
                team_a: i64::from(p.player_a),
                team_b: i64::from(b),
            },
            None => Pairing::Bye {
                team: i64::from(p.player_a),
            },
        };
        let at = usize::try_from(p.round).ok().and_then(|r| r.checked_sub(1));
        if let Some(round) = at.and_then(|r| rounds.get_mut(r)) {
            round.push(line);
        }
    }
    rounds
}

/// The players who play round `round`: entered by then and not withdrawn.
fn active(d: &Loaded, round: u32) -> Vec<i64> {
    let r = i32::try_from(round).unwrap_or(i32::MAX);
    d.players
        .iter()
        .filter(|p| p.first_round <= r && p.withdrawn_round.is_none_or(|w| w > r))
        .map(|p| i64::from(p.number))
        .collect()
}

fn store_round(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    division_id: DivisionId,
    round: u32,
    lines: &[Pairing],
    manual: bool,
) -> Result<(), AppError> {
    let round = i32::try_from(round).unwrap_or(i32::MAX);
    for l in lines {
        let (table_no, a, b) = match *l {
            Pairing::Match {
                table,
                team_a,
                team_b,
            } => (i32::try_from(table).ok(), team_a, Some(team_b)),
            Pairing::Bye { team } => (None, team, None),
        };
        let num = |x: i64| i32::try_from(x).map_err(AppError::internal);
        rows::insert_pairing(
            conn,
            &rows::NewPairing {
                division_id,
                round,
                table_no,
                player_a: num(a)?,
                player_b: b.map(num).transpose()?,
                manual,
                created_at: now.naive_utc(),
            },
        )?;
    }
    Ok(())
}

/// Pairs the division's next round by its plan (the director). Swiss and king-of-the-hill
/// rounds need every result of the round before (409 naming the missing games).
pub fn pair_next(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    division_id: DivisionId,
    req: &OverrideRequest,
) -> Result<super::RoundView, AppError> {
    let round = desk.write(conn, |conn, work| {
        let d = division_for_director(conn, user_id, division_id)?;
        work.announce(LiveMessage::Individual {
            event_id: d.div.event_id,
            division_id,
        });
        let round = d.last_round() + 1;
        let stretch = d.plan.stretch(round).map_err(|e| plan_error("round", &e))?;
        let meta = d.meta();
        let lines = d.lines();
        if stretch.method != Method::RoundRobin {
            let owed: Vec<String> = lines
                .iter()
                .filter(|l| l.round + 1 == round && standings::missing(l, &meta))
                .map(|l| format!("{} v {}", l.a, l.b.unwrap_or(0)))
                .collect();
            if !owed.is_empty() {
                return Err(AppError::Conflict {
                    message: format!(
                        "round {} still misses results: {}",
                        round - 1,
                        owed.join(", ")
                    ),
                    current: None,
                });
            }
        }
        let ids = active(&d, round);
        super::director::check_lines(&d, &ids, &req.lines)?;
        if ids.is_empty() {
            return Err(AppError::Conflict {
                message: "the division has no player to pair".into(),
                current: None,
            });
        }
        let t = d.tally(&lines, d.last_round());
        let standings: Vec<Standing> = ids
            .iter()
            .map(|p| Standing {
                player: *p,
                wins2: t.get(p).map_or(0, |r| r.wins2),
                spread: t.get(p).map_or(0, |r| r.spread),
                points: t.get(p).map_or(0, |r| r.points),
            })
            .collect();
        let past = history(&d);
        let overrides = to_pairings(&req.lines);
        let input = RoundInput {
            round,
            standings: &standings,
            history: &past,
            overrides: &overrides,
            gibson: d.div.gibson_prizes.map(|p| Gibson {
                prizes: usize::try_from(p).unwrap_or(1),
            }),
        };
        let paired = pair_round(&d.plan, &input).map_err(|e| plan_error("lines", &e))?;
        store_round(
            conn,
            now,
            division_id,
            round,
            &paired,
            !req.lines.is_empty(),
        )?;
        Ok(round)
    })?;
    super::round_view(conn, Some(user_id), division_id, round)
}

/// Replaces an already paired round by the director's lines (before any result of it).
pub fn override_round(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    division_id: DivisionId,
    round: u32,
    req: &OverrideRequest,
) -> Result<super::RoundView, AppError> {
    desk.write(conn, |conn, work| {
        let d = division_for_director(conn, user_id, division_id)?;
        work.announce(LiveMessage::Individual {
            event_id: d.div.event_id,
            division_id,
        });
        if round == 0 || round > d.last_round() {
            return Err(AppError::not_found(format!("round {round} is not paired")));
        }
        let r = i32::try_from(round).unwrap_or(i32::MAX);
        if d.pairings
            .iter()
            .any(|p| p.round == r && d.slips.contains_key(&p.id))
        {
            return Err(AppError::Conflict {
                message: format!("round {round} has results: it cannot be paired again"),
                current: None,
            });
        }
        let ids = active(&d, round);
        super::director::check_lines(&d, &ids, &req.lines)?;
        let lines = to_pairings(&req.lines);
        validate_manual(&ids, &lines).map_err(|e| AppError::field("lines", e.to_string()))?;
        let placed: HashSet<i64> = lines.iter().flat_map(Pairing::teams).collect();
        if let Some(p) = ids.iter().find(|p| !placed.contains(p)) {
            return Err(AppError::field(
                "lines",
                format!("player {p} is not in any line"),
            ));
        }
        rows::delete_round(conn, division_id, r)?;
        store_round(conn, now, division_id, round, &lines, true)
    })?;
    super::round_view(conn, Some(user_id), division_id, round)
}

/// The director's quick entry: the text of `player# score opponent# score` lines.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = IndivQuickEntryRequest)]
pub struct QuickEntryRequest {
    /// One game per line.
    pub text: String,
}

/// What became of one line.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = IndivQuickLine)]
pub struct QuickLine {
    /// Line number in the text, from 1.
    pub line: usize,
    /// Recorded (or already recorded with the same scores).
    pub ok: bool,
    /// Why not, when refused.
    pub error: Option<String>,
}

/// The lines, and the games still missing after them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = IndivQuickEntryResult)]
pub struct QuickEntryResult {
    /// One per non-blank line.
    pub lines: Vec<QuickLine>,
    /// Games recorded by this entry.
    pub recorded: usize,
    /// The round's games still without a result.
    pub missing: Vec<super::RoundLine>,
}

/// Records the good lines of a quick entry as the director's (final) results; bad lines
/// record nothing and say why.
pub fn quick_entry(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    division_id: DivisionId,
    round: u32,
    req: &QuickEntryRequest,
) -> Result<QuickEntryResult, AppError> {
    if req.text.len() > 64 * 1024 {
        return Err(AppError::field("text", "at most 64 KiB of lines"));
    }
    let (lines, recorded) = desk.write(conn, |conn, work| {
        let d = division_for_director(conn, user_id, division_id)?;
        work.announce(LiveMessage::Individual {
            event_id: d.div.event_id,
            division_id,
        });
        let r = i32::try_from(round).unwrap_or(i32::MAX);
        let games: Vec<&rows::PairingRow> = d.pairings.iter().filter(|p| p.round == r).collect();
        if games.is_empty() {
            return Err(AppError::not_found(format!("round {round} is not paired")));
        }
        let view: Vec<quick::Game> = games
            .iter()
            .map(|p| quick::Game {
                a: i64::from(p.player_a),
                b: p.player_b.map(i64::from),
                result: d.slips.get(&p.id).and_then(|(s, _)| s.scores),
            })
            .collect();
        let players: HashSet<i64> = d.players.iter().map(|p| i64::from(p.number)).collect();
        let checked = quick::check(&req.text, &players, &view);
        let mut recorded = 0;
        let mut out = Vec::new();
        for (line, res) in checked {
            match res {
                Ok(a) => {
                    if !a.unchanged {
                        let p = games[a.game];
                        let slip = d.slips.get(&p.id).map(|(s, _)| *s).unwrap_or_default();
                        append(
                            conn,
                            now,
                            Some(user_id),
                            &d,
                            p.id,
                            &slip,
                            Command::Director(a.scores),
                            None,
                        )?;
                        recorded += 1;
                    }
                    out.push(QuickLine {
                        line,
                        ok: true,
                        error: None,
                    });
                }
                Err(e) => out.push(QuickLine {
                    line,
                    ok: false,
                    error: Some(line_message(&e)),
                }),
            }
        }
        Ok((out, recorded))
    })?;
    Ok(QuickEntryResult {
        lines,
        recorded,
        missing: missing(conn, Some(user_id), division_id, round)?,
    })
}

fn line_message(e: &LineError) -> String {
    e.to_string()
}

/// The round's games still without a final result (readers of the event).
pub fn missing(
    conn: &mut DbConn,
    user: Option<UserId>,
    division_id: DivisionId,
    round: u32,
) -> Result<Vec<super::RoundLine>, AppError> {
    let v = super::round_view(conn, user, division_id, round)?;
    Ok(v.lines.into_iter().filter(|l| l.missing).collect())
}
