//! TSH interoperability (issue 18): a `.t` division file imported to take an event over
//! mid-way (players, ratings, pairings and scores so far, results final as the director's),
//! `.t` exported per division, and the `tourney.js` TSH publishes for live coverage.

use chrono::{DateTime, Utc};
use serde::Deserialize;

use super::{
    DivisionView, Loaded, NewDivisionRequest, check_division, division_for_reader, insert_division,
    load,
};
use crate::db::{DbConn, individual as rows};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::individual::standings::{WithdrawnGames, ranked};
use crate::rules::individual::tsh::{self, CoverageDivision, Division, Player};
use crate::rules::pairing::individual::Stretch;
use crate::services::authz::Grants;
use crate::services::desk::Desk;
use crate::vocab::{DivisionId, EventId, UserId};

/// A division created from a TSH `.t` file.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = IndivImportDivisionRequest)]
pub struct ImportDivisionRequest {
    /// Name of the new division.
    pub name: String,
    /// Its pairing plan for the whole event (rounds already in the file included).
    pub plan: Vec<Stretch>,
    /// Gibsonization.
    pub gibson_prizes: Option<u32>,
    /// How rating estimates are made: `glicko2` (default), `naspa`, `wespa` or `absp`.
    #[schema(value_type = Option<crate::rules::individual::ratings::RatingMethod>)]
    pub rating_method: Option<String>,
    /// How a late entrant's rounds before their first count (`no_game`, `forfeit`, `bye`).
    #[schema(value_type = Option<crate::rules::individual::late::LateRounds>)]
    pub late_rounds: Option<String>,
    /// The `.t` file's text.
    pub file: String,
}

/// Creates a division from a `.t` file (the event's director). The file's rounds are stored
/// as they are (sides from `p12`, else the lower number first) with their scores final.
pub fn import_division(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
    req: &ImportDivisionRequest,
) -> Result<DivisionView, AppError> {
    if req.file.len() > 1024 * 1024 {
        return Err(AppError::field("file", "a .t file is at most 1 MiB"));
    }
    let checked = check_division(&NewDivisionRequest {
        name: req.name.clone(),
        plan: req.plan.clone(),
        gibson_prizes: req.gibson_prizes,
        rating_method: req.rating_method.clone(),
        late_rounds: req.late_rounds.clone(),
    })?;
    let file =
        tsh::read(&req.name, &req.file).map_err(|e| AppError::field("file", e.to_string()))?;
    if file.players.len() > 1000 {
        return Err(AppError::field(
            "file",
            "a division holds at most 1000 players",
        ));
    }
    let lines = tsh::player_lines(&req.file);
    for (i, p) in file.players.iter().enumerate() {
        let line = lines.get(i).copied().unwrap_or(0);
        crate::text::Name::parse("file", &p.name).map_err(|_| {
            AppError::field("file", format!("line {line}: player {}: not a name", i + 1))
        })?;
        if !(0..=4000).contains(&p.rating) {
            return Err(AppError::field(
                "file",
                format!("line {line}: player {}: rating", i + 1),
            ));
        }
        for key in ["class", "team"] {
            super::tsh_text(key, Some(&text_field(p, key))).map_err(|_| {
                AppError::field(
                    "file",
                    format!(
                        "line {line}: player {}: {key}: at most 40 characters",
                        i + 1
                    ),
                )
            })?;
        }
    }
    let rounds = file
        .players
        .iter()
        .map(|p| {
            p.opponents
                .iter()
                .rposition(Option::is_some)
                .map_or(0, |r| r + 1)
        })
        .max()
        .unwrap_or(0);
    if rounds > checked.1.rounds() as usize {
        return Err(AppError::field(
            "plan",
            format!("the file has {rounds} rounds, the plan fewer"),
        ));
    }
    let at = now.naive_utc();
    let div = desk.write(conn, |conn, work| {
        Grants::load(conn, user_id)?.require_director(Some(event_id))?;
        let div = insert_division(conn, now, event_id, &checked)?;
        work.announce(LiveMessage::Individual {
            event_id,
            division_id: div.id,
        });
        let mut ids = Vec::with_capacity(file.players.len());
        for (i, p) in file.players.iter().enumerate() {
            let pin = crate::services::pins::new_pin()?;
            let kept = serde_json::to_string(&kept_fields(p)).map_err(AppError::internal)?;
            let row = rows::insert_player(
                conn,
                &rows::NewIndivPlayer {
                    division_id: div.id,
                    number: num(i + 1)?,
                    name: &p.name,
                    rating: p.rating,
                    rating_system: "",
                    rating_id: "",
                    club: "",
                    first_round: 1,
                    created_at: at,
                    pin: &pin,
                    class: &text_field(p, "class"),
                    team: &text_field(p, "team"),
                    tsh_fields: &kept,
                },
            )?;
            ids.push(row.id);
        }
        // TSH's `off`: the player is no longer paired. Their rounds after their last game are
        // the byes TSH gives an inactive player (scored as `off` says), or not paired: they
        // are withdrawn from the round after that game.
        let mut withdrawn_from = vec![None; file.players.len()];
        for ((p, id), out) in file.players.iter().zip(&ids).zip(&mut withdrawn_from) {
            if !p.is_off() {
                continue;
            }
            let played = |r: usize| matches!(p.opponents.get(r), Some(Some(o)) if *o > 0);
            let from = num((0..rounds).rposition(played).map_or(1, |r| r + 2))?;
            *out = Some(from);
            rows::insert_withdrawal(
                conn,
                &rows::NewWithdrawal {
                    division_id: div.id,
                    player_id: *id,
                    from_round: Some(from),
                    reason: "",
                    recorded_by: Some(user_id),
                    created_at: at,
                },
            )?;
            rows::withdraw(conn, *id, from)?;
        }
        let options = super::event_options(conn, event_id)?;
        for r in 0..rounds {
            let mut lines = round_lines(&file, r);
            if options.withdrawn == WithdrawnGames::Forfeit {
                rejoin_forfeit(
                    &mut lines,
                    &file,
                    r,
                    &withdrawn_from,
                    options.forfeit_spread,
                );
            }
            for (a, b, table) in lines {
                let score = |n: usize| file.score(n, r);
                // An inactive player's bye not scored yet scores what their `off` says.
                let off = |n: usize| {
                    let p = file.players.get(n - 1).filter(|p| p.is_off())?;
                    Some(
                        p.field("off")?
                            .first()
                            .and_then(|v| v.parse().ok())
                            .unwrap_or(0),
                    )
                };
                let result = match b {
                    None => score(a).or_else(|| off(a)).map(|s| (s, 0)),
                    // A forfeit joined again (no opponent in the file) stays unscored.
                    Some(b)
                        if file.players.get(a - 1).and_then(|p| p.opponents.get(r))
                            == Some(&u32::try_from(b).ok()) =>
                    {
                        score(a).zip(score(b))
                    }
                    Some(_) => None,
                };
                // A withdrawn player's round scored 0 (or unscored with `off 0`) is no game
                // in TSH's meaning, as the export writes it: not paired, so no 0-0 bye shows
                // on the results (rule E2).
                let out = withdrawn_from
                    .get(a - 1)
                    .copied()
                    .flatten()
                    .is_some_and(|from| num(r + 1).is_ok_and(|r| r >= from));
                if b.is_none() && out && matches!(result, None | Some((0, _))) {
                    continue;
                }
                let line = rows::insert_pairing(
                    conn,
                    &rows::NewPairing {
                        division_id: div.id,
                        round: num(r + 1)?,
                        table_no: table
                            .map(i32::try_from)
                            .transpose()
                            .map_err(AppError::internal)?,
                        player_a: num(a)?,
                        player_b: b.map(num).transpose()?,
                        manual: true,
                        created_at: at,
                    },
                )?;
                // A bye scored the event's bye spread is counted as Arbiter counts its own
                // byes, without a slip, so it reads as the original did (rule E2).
                let own_bye = b.is_none() && !out && result == Some((options.bye_spread, 0));
                if let Some((sa, sb)) = result.filter(|_| !own_bye) {
                    rows::insert_slip(
                        conn,
                        &rows::NewSlip {
                            pairing_id: line.id,
                            seq: 1,
                            kind: "director".into(),
                            by_player: None,
                            score_a: Some(sa),
                            score_b: Some(sb),
                            details: "{}".into(),
                            user_id: Some(user_id),
                            created_at: at,
                        },
                    )?;
                }
            }
        }
        Ok::<_, AppError>(div)
    })?;
    super::views::division_view(conn, div.id)
}

/// The forfeit of a player withdrawn from round `r` (from 0), as the export writes it: no
/// opponent, minus the forfeit spread, and exactly one other player without opponent plus
/// it. Joined again as their game, unscored, so the withdrawal forfeits it as it did before
/// the export (rule E2), on the smallest free table.
fn rejoin_forfeit(
    lines: &mut Vec<(usize, Option<usize>, Option<u32>)>,
    file: &Division,
    r: usize,
    withdrawn_from: &[Option<i32>],
    spread: i32,
) {
    let score = |n: usize| file.score(n, r);
    let from_here = |n: usize| {
        withdrawn_from
            .get(n - 1)
            .copied()
            .flatten()
            .is_some_and(|f| usize::try_from(f) == Ok(r + 1))
    };
    let byes = |s: i32| -> Vec<usize> {
        lines
            .iter()
            .filter(|l| l.1.is_none() && score(l.0) == Some(s))
            .map(|l| l.0)
            .collect()
    };
    let losers: Vec<usize> = byes(-spread)
        .into_iter()
        .filter(|&n| from_here(n))
        .collect();
    let winners: Vec<usize> = byes(spread)
        .into_iter()
        .filter(|&n| !from_here(n))
        .collect();
    let (&[loser], &[winner]) = (losers.as_slice(), winners.as_slice()) else {
        return;
    };
    let taken: std::collections::BTreeSet<u32> = lines.iter().filter_map(|l| l.2).collect();
    let table = (1..).find(|t| !taken.contains(t));
    lines.retain(|l| l.0 != loser && l.0 != winner);
    let (a, b) = (loser.min(winner), loser.max(winner));
    lines.push((a, Some(b), table));
}

/// The fields of a `.t` line that Arbiter writes itself from what it stores: tables, firsts,
/// a withdrawal (`off`); and those it stores in their own columns (`class`, `team`).
const OWN_FIELDS: [&str; 5] = ["board", "class", "off", "p12", "team"];

/// A text field's values joined as TSH joins them (one space); empty when the line has none.
fn text_field(p: &Player, key: &str) -> String {
    p.field(key).map(|v| v.join(" ")).unwrap_or_default()
}

/// The line's other fields (`rtime`, `time`, `newr`, `rrank`, `penalty`, …), kept as written
/// so the division is written back as it came in.
fn kept_fields(p: &Player) -> Vec<(String, Vec<String>)> {
    p.fields
        .iter()
        .filter(|(k, _)| !OWN_FIELDS.contains(&k.as_str()))
        .cloned()
        .collect()
}

fn num(n: usize) -> Result<i32, AppError> {
    i32::try_from(n).map_err(AppError::internal)
}

/// A round (from 0) of the file as lines (player going first, opponent or none for a bye,
/// table). Sides from `p12` on either line (1 first, 2 second; otherwise the lower number
/// first); tables from `board` when every game of the round has its own, else numbered in
/// order.
fn round_lines(file: &Division, r: usize) -> Vec<(usize, Option<usize>, Option<u32>)> {
    let mut lines = Vec::new();
    for (i, p) in file.players.iter().enumerate() {
        let me = i + 1;
        let Some(Some(opp)) = p.opponents.get(r).copied() else {
            continue;
        };
        let opp = opp as usize;
        if opp == 0 {
            lines.push((me, None, None));
            continue;
        }
        if opp < me {
            continue;
        }
        let Some(them) = file.players.get(opp - 1) else {
            continue;
        };
        // Unknown (3 must draw, 4 not yet known, not recorded): the lower number first.
        let me_first = !matches!((p.first(r), them.first(r)), (Some(2), _) | (_, Some(1)));
        let board = p.board(r).or_else(|| them.board(r));
        let (a, b) = if me_first { (me, opp) } else { (opp, me) };
        lines.push((a, Some(b), board));
    }
    let boards: Vec<u32> = lines
        .iter()
        .filter(|l| l.1.is_some())
        .filter_map(|l| l.2)
        .collect();
    let games = lines.iter().filter(|l| l.1.is_some()).count();
    let distinct = boards
        .iter()
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let own_tables = boards.len() == games && distinct == games;
    let mut table = 0;
    for l in &mut lines {
        if l.1.is_none() {
            l.2 = None;
        } else if !own_tables {
            table += 1;
            l.2 = Some(table);
        }
    }
    lines
}

/// The division as TSH's `Division`: opponents (0: bye or no game), scores (a bye or forfeit
/// scores its spread; `00` for a game not scored yet before a scored one), `board` (the
/// tables), `p12` and `off`.
fn division_of(d: &Loaded) -> Division {
    let lines = d.lines();
    let t = d.tally(&lines, d.last_round());
    let rounds = d.last_round();
    let players = d
        .players
        .iter()
        .map(|p| {
            let me = i64::from(p.number);
            let mut opponents = Vec::new();
            let mut scores = Vec::new();
            let mut p12 = Vec::new();
            let mut boards = Vec::new();
            for r in 1..=rounds {
                let row = d.pairings.iter().find(|l| {
                    i64::from(l.round) == i64::from(r)
                        && (i64::from(l.player_a) == me || l.player_b.map(i64::from) == Some(me))
                });
                let line = lines
                    .iter()
                    .find(|l| l.round == r && (l.a == me || l.b == Some(me)));
                let outcome = t
                    .get(&me)
                    .and_then(|row| row.games.iter().find(|g| g.round == r));
                let out = p
                    .withdrawn_round
                    .is_some_and(|w| i64::from(r) >= i64::from(w));
                let table = row.and_then(|l| l.table_no).unwrap_or(0);
                // (opponent, score; none: not scored yet, p12, board).
                let (opp, score, first, board) = match (outcome, line) {
                    // Byes and forfeits as TSH writes them: no opponent, the spread they count
                    // (a forfeit is -50 for the one who forfeits, +50 for the other), no table.
                    (Some(o), _) if o.opponent.is_none() || o.forfeit => {
                        (0, Some(o.spread), "0", 0)
                    }
                    (Some(o), _) => (
                        o.opponent.unwrap_or(0),
                        Some(i64::from(o.score.unwrap_or(0))),
                        if o.first { "1" } else { "2" },
                        table,
                    ),
                    // No game for them (a late entry's early rounds, a withdrawn player's later
                    // ones, or their unscored game turned into the opponent's bye): a bye scored
                    // 0, which TSH counts as no game.
                    (None, None) => (0, Some(0), "0", 0),
                    (None, Some(_)) if out => (0, Some(0), "0", 0),
                    (None, Some(l)) => (
                        if l.a == me { l.b.unwrap_or(0) } else { l.a },
                        None,
                        if l.b.is_some() && l.a == me { "1" } else { "2" },
                        table,
                    ),
                };
                opponents.push(Some(u32::try_from(opp).unwrap_or(0)));
                scores.push(score.map(|s| i32::try_from(s).unwrap_or(0)));
                p12.push(first.to_owned());
                boards.push(board.to_string());
            }
            // Rounds not scored yet at the end are left out, as TSH leaves them.
            while scores.last() == Some(&None) {
                scores.pop();
            }
            let mut fields = Vec::new();
            if rounds > 0 {
                fields.push(("board".to_owned(), boards));
            }
            // TSH's mark of a player who is no longer paired, with the score of their byes
            // since (0: no game; -50 when a file's `off -50` byes were imported).
            if let Some(w) = p.withdrawn_round {
                let bye = t
                    .get(&me)
                    .and_then(|row| {
                        row.games.iter().rev().find(|g| {
                            g.opponent.is_none() && !g.forfeit && i64::from(g.round) >= i64::from(w)
                        })
                    })
                    .map_or(0, |g| g.spread);
                fields.push(("off".to_owned(), vec![bye.to_string()]));
            }
            fields.push(("p12".to_owned(), p12));
            for (key, value) in [("class", &p.class), ("team", &p.team)] {
                if !value.is_empty() {
                    fields.push((
                        key.to_owned(),
                        value.split(' ').map(str::to_owned).collect(),
                    ));
                }
            }
            // The file's own fields, as it had them (a stored row that does not read is none).
            let kept: Vec<(String, Vec<String>)> =
                serde_json::from_str(&p.tsh_fields).unwrap_or_default();
            fields.extend(
                kept.into_iter()
                    .filter(|(k, _)| !OWN_FIELDS.contains(&k.as_str())),
            );
            Player {
                name: p.name.clone(),
                rating: p.rating,
                opponents,
                scores,
                fields,
            }
        })
        .collect();
    Division {
        name: d.div.name.clone(),
        players,
    }
}

/// The division's `.t` file (readers).
pub fn export_t(
    conn: &mut DbConn,
    user: Option<UserId>,
    division_id: DivisionId,
) -> Result<String, AppError> {
    let (d, _) = division_for_reader(conn, user, division_id)?;
    tsh::write(&division_of(&d)).map_err(|e| AppError::Conflict {
        message: format!("this division cannot be written as a .t file: {e}"),
        current: None,
    })
}

/// Each player's rank after each round with results (rule E2's order, as the standings rank
/// them with that round's results and no later one), by player in order.
fn ranks_by_round(d: &Loaded) -> Vec<Vec<usize>> {
    let lines = d.lines();
    let last = lines
        .iter()
        .filter(|l| l.result.is_some())
        .map(|l| l.round)
        .max()
        .unwrap_or(0);
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); d.players.len()];
    for r in 1..=last {
        let through: Vec<_> = lines.iter().filter(|l| l.round <= r).cloned().collect();
        let rows = ranked(d.tally(&through, r).into_values());
        for (p, v) in d.players.iter().zip(&mut out) {
            if let Some(i) = rows
                .iter()
                .position(|row| row.player == i64::from(p.number))
            {
                v.push(i + 1);
            }
        }
    }
    out
}

/// The event's `tourney.js` (readers): every division, with rating estimates after each round.
pub fn tourney_js(
    conn: &mut DbConn,
    user: Option<UserId>,
    event_id: EventId,
) -> Result<String, AppError> {
    super::event_options(conn, event_id)?;
    let ev = crate::services::events::readable(conn, user, event_id)?;
    let mut divisions = Vec::new();
    for row in rows::divisions(conn, event_id)? {
        let d = load(conn, row.id)?;
        let mut newr: Vec<Vec<i64>> = vec![Vec::new(); d.players.len()];
        for r in 1..=d.last_round() {
            for (i, e) in super::views::estimates(&d, Some(r))?.iter().enumerate() {
                #[allow(clippy::cast_possible_truncation)]
                if let Some(v) = newr.get_mut(i) {
                    v.push(e.after.round() as i64);
                }
            }
        }
        divisions.push(CoverageDivision {
            division: division_of(&d),
            max_rounds: d.plan.rounds(),
            newr,
            rrank: ranks_by_round(&d),
        });
    }
    Ok(tsh::tourney_js(&ev.name, &divisions))
}
