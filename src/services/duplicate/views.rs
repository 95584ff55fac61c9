//! What Duplicate pages and the API show, folded from a game's log: the game as the referee's
//! console and the hall display see it, the ranking (D9, per game and over the event), the
//! game record.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::event_ruleset;
use crate::db::{DbConn, duplicate as rows};
use crate::error::AppError;
use crate::rules::board::Square;
use crate::rules::duplicate::{
    self as dup, DuplicateRuleset, EndReason, Event, Phase, State, TopCandidate, Verdict,
};
use crate::services::desk::Desk;
use crate::services::events;
use crate::vocab::{DuplicateGameId, EventId, UserId};

/// A Duplicate event with its players and games.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DuplicateEventView {
    /// The event's id.
    pub id: EventId,
    /// Name.
    pub name: String,
    /// Ranking public.
    pub public: bool,
    /// The D options.
    pub ruleset: DuplicateRuleset,
    /// Players by number.
    pub players: Vec<rows::DuplicatePlayerRow>,
    /// Games by number.
    pub games: Vec<rows::DuplicateGameRow>,
}

/// The top placed at a turn.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PlacedTop {
    /// The turn.
    pub turn: u32,
    /// The play.
    pub top: TopCandidate,
}

/// A game as the console and the hall display see it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GameView {
    /// The game.
    pub id: DuplicateGameId,
    /// Its event.
    pub event_id: EventId,
    /// Its number in the event.
    pub game_no: i32,
    /// The log's last seq (send it back as `expected_seq`).
    pub seq: i64,
    /// `awaiting_rack`, `rack_shown`, `running`, `top_chosen` or `ended`.
    pub phase: &'static str,
    /// The turn (0 before the first rack).
    pub turn: u32,
    /// The rack on show.
    pub rack: Option<String>,
    /// The master board, 15 rows of 15 characters (`.` empty, lowercase a blank).
    pub board: Vec<String>,
    /// Tiles left to draw from (bag and kept tiles).
    pub pool: usize,
    /// D4: when the turn's time started, ends, and the warning is due.
    pub started_at: Option<DateTime<Utc>>,
    /// End of the turn's time.
    pub ends_at: Option<DateTime<Utc>>,
    /// The 30-second warning.
    pub warning_at: Option<DateTime<Utc>>,
    /// The server's time when this was read (pages count down from it).
    pub now: DateTime<Utc>,
    /// D6: the current turn's equal tops, once chosen.
    pub candidates: Vec<TopCandidate>,
    /// Which was chosen.
    pub chosen: Option<usize>,
    /// The last top placed.
    pub last_top: Option<PlacedTop>,
    /// D9: the sum of the tops placed.
    pub top_total: u32,
    /// Why the game ended.
    pub ended: Option<EndReason>,
    /// Slips recorded for the current turn.
    pub slips_in: usize,
    /// Players in the game.
    pub players: usize,
    /// The event's reference notation (C7).
    pub notation: dup::Notation,
    /// The turn slips go to now: the last one whose time started.
    pub slip_turn: Option<u32>,
    /// D4: milliseconds left in the turn's time as of `now` (while it runs).
    pub remaining_ms: Option<i64>,
    /// D4: the warning comes this many milliseconds before the end.
    pub warning_ms: u64,
    /// D5: the event's ruling on a writing fault when a slip gives none.
    pub slip_fault: dup::FaultRuling,
}

pub(super) fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::NotCreated => "not_created",
        Phase::AwaitingRack => "awaiting_rack",
        Phase::RackShown => "rack_shown",
        Phase::Running => "running",
        Phase::TopChosen => "top_chosen",
        Phase::Ended => "ended",
    }
}

fn board_rows(state: &State) -> Vec<String> {
    (0..15)
        .map(|r| {
            (0..15)
                .map(|c| {
                    Square::new(r, c)
                        .and_then(|sq| state.board.get(sq))
                        .map_or('.', |t| t.to_char())
                })
                .collect()
        })
        .collect()
}

fn game_view(row: &rows::DuplicateGameRow, s: &State, now: DateTime<Utc>) -> GameView {
    let ruleset = s.ruleset.clone().unwrap_or_default();
    let cur = s.current();
    let top = cur.and_then(|t| t.top.as_ref());
    GameView {
        id: row.id,
        event_id: row.event_id,
        game_no: row.game_no,
        seq: row.last_seq.0,
        phase: phase_name(s.phase()),
        turn: s.turn_number(),
        rack: s.rack().map(|r| r.to_string()),
        board: board_rows(s),
        pool: s.pool().len(),
        started_at: cur.and_then(|t| t.started_at),
        ends_at: cur.and_then(|t| t.ends_at(&ruleset)),
        warning_at: cur.and_then(|t| t.warning_at(&ruleset)),
        now,
        candidates: top.map(|t| t.candidates.clone()).unwrap_or_default(),
        chosen: top.map(|t| t.chosen),
        last_top: s.placed_tops().last().map(|(turn, t)| PlacedTop {
            turn,
            top: t.clone(),
        }),
        top_total: s.top_total(),
        ended: s.ended,
        slips_in: s
            .slips
            .keys()
            .filter(|(t, _)| *t == s.turn_number())
            .count(),
        players: s.players.len(),
        notation: ruleset.notation,
        slip_turn: s
            .turns
            .iter()
            .filter(|t| t.started_at.is_some())
            .map(|t| t.number)
            .max(),
        remaining_ms: cur
            .filter(|_| s.phase() == Phase::Running)
            .and_then(|t| t.ends_at(&ruleset))
            .map(|end| (end - now).num_milliseconds()),
        warning_ms: ruleset.warning_ms,
        slip_fault: ruleset.slip_fault,
    }
}

/// A game, for anyone who may read its event (anyone, for a public event).
pub fn view(
    conn: &mut DbConn,
    desk: &Desk,
    user: Option<UserId>,
    game: DuplicateGameId,
    now: DateTime<Utc>,
) -> Result<GameView, AppError> {
    let v = desk
        .duplicate()
        .read(conn, game, |row, s, _| Ok(game_view(row, s, now)))?;
    if user.is_some() {
        events::readable(conn, user, v.event_id)?;
    }
    Ok(v)
}

/// A game, read by a caller who may or may not be signed in: checks the event is readable.
pub fn view_for(
    conn: &mut DbConn,
    desk: &Desk,
    user: Option<UserId>,
    game: DuplicateGameId,
    now: DateTime<Utc>,
) -> Result<GameView, AppError> {
    let v = desk
        .duplicate()
        .read(conn, game, |row, s, _| Ok(game_view(row, s, now)))?;
    events::readable(conn, user, v.event_id)?;
    Ok(v)
}

/// A Duplicate event with its players and games, for those who may read it.
pub fn event_view(
    conn: &mut DbConn,
    user: Option<UserId>,
    event_id: EventId,
) -> Result<DuplicateEventView, AppError> {
    let ruleset = event_ruleset(conn, event_id)?;
    let ev = events::readable(conn, user, event_id)?;
    Ok(DuplicateEventView {
        id: ev.id,
        name: ev.name,
        public: ev.public,
        ruleset,
        players: rows::players(conn, event_id)?,
        games: rows::games(conn, event_id)?,
    })
}

/// One line of a ranking (D9).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RankingLine {
    /// Rank (equal totals share it).
    pub rank: u32,
    /// The player's number.
    pub number: u32,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// Total (scores, solo bonuses, less warning penalties).
    pub total: i64,
    /// Sum of the tops it is measured against.
    pub tops: u32,
    /// Percentage of the tops, in hundredths (`8734` = 87.34 %).
    pub percent_hundredths: i64,
    /// The same as text (`87.34`).
    pub percent: String,
    /// Solos (D7).
    pub solos: u32,
    /// Warnings (D8).
    pub warnings: u32,
    /// Points off for warnings.
    pub penalty: u32,
}

/// A game's ranking.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct GameRanking {
    /// The game.
    pub game_id: DuplicateGameId,
    /// Its number.
    pub game_no: i32,
    /// Turns with a top placed.
    pub turns: usize,
    /// Sum of its tops.
    pub top_total: u32,
    /// Its ranking.
    pub lines: Vec<RankingLine>,
}

/// The event's ranking: over all its games, and per game (D9).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RankingView {
    /// The event.
    pub event_id: EventId,
    /// Its name.
    pub name: String,
    /// Over all games.
    pub lines: Vec<RankingLine>,
    /// Per game.
    pub games: Vec<GameRanking>,
}

fn percent_text(h: i64) -> String {
    let sign = if h < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", h.abs() / 100, h.abs() % 100)
}

fn lines(
    standings: Vec<dup::Standing<u32>>,
    players: &[rows::DuplicatePlayerRow],
) -> Vec<RankingLine> {
    let by_number: HashMap<u32, &rows::DuplicatePlayerRow> = players
        .iter()
        .filter_map(|p| Some((u32::try_from(p.number).ok()?, p)))
        .collect();
    standings
        .into_iter()
        .map(|s| {
            let p = by_number.get(&s.player);
            RankingLine {
                rank: s.rank,
                number: s.player,
                name: p.map(|p| p.name.clone()).unwrap_or_default(),
                club: p.map(|p| p.club.clone()).unwrap_or_default(),
                total: s.total,
                tops: s.tops,
                percent_hundredths: s.percent_hundredths,
                percent: percent_text(s.percent_hundredths),
                solos: s.solos,
                warnings: s.warnings,
                penalty: s.penalty,
            }
        })
        .collect()
}

/// D9: the event's ranking, for those who may read it.
pub fn ranking(
    conn: &mut DbConn,
    desk: &Desk,
    user: Option<UserId>,
    event_id: EventId,
) -> Result<RankingView, AppError> {
    let k = keyed_ranking(conn, desk.duplicate(), user, event_id)?;
    Ok(Arc::unwrap_or_clone(k.view))
}

/// The ranking as the API sends it (JSON and gzip, with its ETag), encoded once per change and
/// kept in `bytes` (see `ranking_bytes`).
pub fn ranking_bytes(
    conn: &mut DbConn,
    desk: &Desk,
    bytes: &super::RankingBytes,
    user: Option<UserId>,
    event_id: EventId,
) -> Result<Arc<super::EncodedRanking>, AppError> {
    // Read before the database: a change delivered while this computes keeps it unstored.
    let generation = bytes.generation(event_id);
    let k = keyed_ranking(conn, desk.duplicate(), user, event_id)?;
    bytes.encode(event_id, generation, &k.key, k.public, &k.view)
}

/// The ranking's HTML fragment (the live ranking page's table) in one language, rendered once
/// per change and language and kept in `bytes` (see `ranking_bytes`). `lang` names the
/// language from the event's default; `render` draws the fragment (given the event's default
/// language), only when no kept fragment was made for the same ranking and language.
pub fn ranking_fragment(
    conn: &mut DbConn,
    desk: &Desk,
    bytes: &super::RankingBytes,
    user: Option<UserId>,
    event_id: EventId,
    lang: impl FnOnce(Option<&str>) -> &'static str,
    render: impl FnOnce(&RankingView, Option<&str>) -> Result<String, AppError>,
) -> Result<Arc<super::EncodedFragment>, AppError> {
    // Read before the database, as for the JSON.
    let generation = bytes.generation(event_id);
    let k = keyed_ranking(conn, desk.duplicate(), user, event_id)?;
    let code = lang(k.language.as_deref());
    let made = super::ranking_bytes::Made {
        generation,
        key: &k.key,
        public: k.public,
        event_lang: k.language.as_deref(),
    };
    bytes.fragment(event_id, code, &made, || {
        render(&k.view, k.language.as_deref())
    })
}

/// A ranking with what it was computed for: its key, whether the event is public, and the
/// event's default language (its pages' unless a user chose their own).
pub(super) struct Keyed {
    pub(super) key: String,
    pub(super) public: bool,
    pub(super) language: Option<String>,
    pub(super) view: Arc<RankingView>,
}

/// The ranking with the key it was computed for and whether the event is public.
pub(super) fn keyed_ranking(
    conn: &mut DbConn,
    cache: &super::GameCache,
    user: Option<UserId>,
    event_id: EventId,
) -> Result<Keyed, AppError> {
    event_ruleset(conn, event_id)?;
    let ev = events::readable(conn, user, event_id)?;
    let game_rows = rows::games(conn, event_id)?;
    // Recomputed only when a game's log, the players or the name moved: a hall of readers
    // reloading after a turn shares one computation.
    let key = ranking_key(conn, &ev.name, event_id, &game_rows)?;
    if let Some(view) = cache.ranking(event_id, &key) {
        return Ok(Keyed {
            key,
            public: ev.public,
            language: ev.language,
            view,
        });
    }
    let players = rows::players(conn, event_id)?;
    let mut sheets = Vec::new();
    let mut games = Vec::new();
    for g in game_rows {
        let (sheet, turns) = cache.read(conn, g.id, |_, s, d| {
            Ok((d.sheet(s), s.placed_tops().count()))
        })?;
        let sheet = Arc::unwrap_or_clone(sheet);
        games.push(GameRanking {
            game_id: g.id,
            game_no: g.game_no,
            turns,
            top_total: sheet.top_total(),
            lines: lines(dup::rank(std::slice::from_ref(&sheet)), &players),
        });
        sheets.push(sheet);
    }
    let view = RankingView {
        event_id,
        name: ev.name,
        lines: lines(dup::rank(&sheets), &players),
        games,
    };
    let view = Arc::new(view);
    cache.put_ranking(event_id, key.clone(), view.clone());
    Ok(Keyed {
        key,
        public: ev.public,
        language: ev.language,
        view,
    })
}

/// What a ranking depends on: the event's name, its players (count and newest), each game's
/// seq as stored (a game's log is the only thing that moves its scores).
fn ranking_key(
    conn: &mut DbConn,
    name: &str,
    event_id: EventId,
    games: &[rows::DuplicateGameRow],
) -> Result<String, AppError> {
    use crate::db::schema::duplicate_players as p;
    use diesel::prelude::*;
    let (count, newest): (i64, Option<i64>) = p::table
        .filter(p::event_id.eq(event_id))
        .select((diesel::dsl::count_star(), diesel::dsl::max(p::id)))
        .first(conn)?;
    let mut key = format!("{count}:{}:{name}", newest.unwrap_or(0));
    for g in games {
        key.push_str(&format!("|{}@{}", g.id, g.last_seq.0));
    }
    Ok(key)
}

/// A CSV field, quoted, with a formula's first character defused.
pub(super) fn csv_field(s: &str) -> String {
    // Quoted always, quotes doubled; a leading formula character is defused for spreadsheets.
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_owned()
    };
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// D9: the event's ranking over all games as CSV.
pub fn ranking_csv(view: &RankingView) -> String {
    let mut out = String::from("rank,number,name,club,total,tops,percent,solos,warnings,penalty\n");
    for l in &view.lines {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{}\n",
            l.rank,
            l.number,
            csv_field(&l.name),
            csv_field(&l.club),
            l.total,
            l.tops,
            l.percent,
            l.solos,
            l.warnings,
            l.penalty
        ));
    }
    out
}

/// One player's slip in the record.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecordSlip {
    /// The player's number.
    pub player: u32,
    /// What it scored and why.
    pub verdict: Verdict,
}

/// One turn of the record.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecordTurn {
    /// The turn.
    pub turn: u32,
    /// Its rack.
    pub rack: String,
    /// The equal tops.
    pub candidates: Vec<TopCandidate>,
    /// The one chosen.
    pub chosen: Option<usize>,
    /// Chosen by the referee among several (D6).
    pub referee_choice: bool,
    /// Placed on the board.
    pub placed: bool,
    /// The slips, by player.
    pub slips: Vec<RecordSlip>,
}

/// The game record: every turn's rack, tops, choice and slips, and the whole log.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GameRecord {
    /// The game as it stands.
    pub game: GameView,
    /// Turn by turn.
    pub turns: Vec<RecordTurn>,
    /// The append-only log, undone events included.
    pub events: Vec<Event>,
}

/// The game record, for those who may read the event.
pub fn record(
    conn: &mut DbConn,
    desk: &Desk,
    user: Option<UserId>,
    game: DuplicateGameId,
    now: DateTime<Utc>,
) -> Result<GameRecord, AppError> {
    let (row, s) = super::state(conn, desk, game)?;
    events::readable(conn, user, row.event_id)?;
    let turns = s
        .turns
        .iter()
        .map(|t| RecordTurn {
            turn: t.number,
            rack: t.rack.to_string(),
            candidates: t
                .top
                .as_ref()
                .map(|c| c.candidates.clone())
                .unwrap_or_default(),
            chosen: t.top.as_ref().map(|c| c.chosen),
            referee_choice: t.top.as_ref().is_some_and(|c| c.referee_choice),
            placed: t.placed,
            slips: s
                .slips
                .iter()
                .filter(|((turn, _), _)| *turn == t.number)
                .map(|((_, player), v)| RecordSlip {
                    player: *player,
                    verdict: v.clone(),
                })
                .collect(),
        })
        .collect();
    Ok(GameRecord {
        game: game_view(&row, &s, now),
        turns,
        events: s.log.clone(),
    })
}
