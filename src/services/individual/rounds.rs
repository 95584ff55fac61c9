//! A division's rounds: pairing the next round by the plan (Gibsonization applied), the
//! director's overrides, quick entry, the missing results, and the results slips (N8, N9).

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Loaded, division_for_director, division_for_reader, plan_error};
use crate::db::{DbConn, individual as rows};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::individual::quick::{self, LineError};
use crate::rules::individual::slips::{self, Command, Side, Slip};
use crate::rules::individual::standings::{self, tally};
use crate::rules::pairing::individual::{Gibson, Method, RoundInput, Standing, pair_round};
use crate::rules::pairing::{Pairing, validate_manual};
use crate::services::authz::Grants;
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
        let t = tally(&meta, &lines, &d.options);
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
