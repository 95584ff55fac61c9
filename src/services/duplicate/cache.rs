//! Folded Duplicate games kept between commands, with what is derived from them (the current
//! turn's tops, the game's score sheet), so a slip or a read does not re-fold the whole log.
//!
//! The same approach as the match desk's cache (`services::desk::cache`): a cached state is a
//! starting point, never the truth. Every use reads the game's `last_seq` from the database and
//! applies the events after the cached seq (another instance may have written them); a state
//! ahead of the database (a write that rolled back) is dropped and re-folded.
//!
//! Each game has its own lock, always taken *before* a database transaction is opened: writers
//! of one game queue here rather than racing to a 409, and a state is changed in place (a
//! clone of a late game's state, 20,000 slips and its log, would cost more than the slip).
//! A write that fails after changing the state drops it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use diesel::prelude::*;

use crate::db::schema::duplicate_game_events;
use crate::db::{DbConn, duplicate as rows};
use crate::error::AppError;
use crate::rules::board::Board;
use crate::rules::duplicate::{self as dup, Event, GameSheet, State, TopCandidate};
use crate::rules::tiles::Rack;
use crate::services::desk::{Desk, Work};
use crate::services::duplicate::RankingView;
use crate::vocab::{DuplicateGameId, EventId, Seq};

/// The tops of one position (D6): the turn, its rack and the board they were computed on.
#[derive(Debug, Clone)]
pub(crate) struct Tops {
    turn: u32,
    rack: Rack,
    board: Board,
    /// Every play tied for the top, best first.
    pub(crate) candidates: Vec<TopCandidate>,
}

/// One game's cached state and what was derived from it.
#[derive(Debug, Default)]
pub(crate) struct Entry {
    /// The folded log (`None`: fold it again).
    state: Option<State>,
    /// The current turn's tops, once computed.
    tops: Option<Arc<Tops>>,
    /// The score sheet (D9) at a seq.
    sheet: Option<(u64, Arc<GameSheet<u32>>)>,
}

/// Folded Duplicate games by id (see the module docs). One per desk, so one per instance.
#[derive(Debug, Default)]
pub struct GameCache {
    games: Mutex<HashMap<DuplicateGameId, Arc<Mutex<Entry>>>>,
    /// The latest ranking per event, with the key it was computed for.
    rankings: Mutex<HashMap<EventId, (String, Arc<RankingView>)>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn parse(rows: Vec<rows::GameEventRow>) -> Result<Vec<Event>, AppError> {
    rows.into_iter()
        .map(|r| serde_json::from_str::<Event>(&r.payload).map_err(AppError::internal))
        .collect()
}

/// The game's events after `seq`, in order.
fn events_after(
    conn: &mut DbConn,
    game: DuplicateGameId,
    seq: u64,
) -> Result<Vec<Event>, AppError> {
    let after = Seq(i64::try_from(seq).unwrap_or(i64::MAX));
    let rows = duplicate_game_events::table
        .filter(duplicate_game_events::game_id.eq(game))
        .filter(duplicate_game_events::seq.gt(after))
        .order(duplicate_game_events::seq.asc())
        .select(rows::GameEventRow::as_select())
        .load(conn)?;
    parse(rows)
}

impl GameCache {
    const MAX: usize = 2_000;

    fn entry(&self, game: DuplicateGameId) -> Arc<Mutex<Entry>> {
        let mut m = lock(&self.games);
        if m.len() >= Self::MAX && !m.contains_key(&game) {
            m.clear();
        }
        m.entry(game).or_default().clone()
    }

    /// Forgets every game (tests compare a cached answer with a fresh fold).
    pub fn clear(&self) {
        lock(&self.games).clear();
        lock(&self.rankings).clear();
    }

    /// The event's ranking, when computed for `key`.
    pub(crate) fn ranking(&self, event: EventId, key: &str) -> Option<Arc<RankingView>> {
        lock(&self.rankings)
            .get(&event)
            .filter(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    }

    /// Remembers the event's ranking for `key`.
    pub(crate) fn put_ranking(&self, event: EventId, key: String, view: Arc<RankingView>) {
        let mut m = lock(&self.rankings);
        if m.len() >= Self::MAX {
            m.clear();
        }
        m.insert(event, (key, view));
    }

    /// Reads game `game` as its log says now, outside any transaction: `f` sees the row and
    /// the state (the lock is held meanwhile, so `f` should be quick).
    pub(crate) fn read<T>(
        &self,
        conn: &mut DbConn,
        game: DuplicateGameId,
        f: impl FnOnce(&rows::DuplicateGameRow, &State, &mut Derived<'_>) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let entry = self.entry(game);
        let mut e = lock(&entry);
        let row = find(conn, game)?;
        let mut state = e.state.take();
        catch_up(conn, &row, &mut state)?;
        let Entry { tops, sheet, .. } = &mut *e;
        let state = state.unwrap_or_default();
        let out = f(&row, &state, &mut Derived { tops, sheet });
        // What was read is committed: keep it whatever `f` answered.
        e.state = Some(state);
        out
    }

    /// Runs `f` in one write transaction of the desk on game `game`'s state brought up to the
    /// log inside it (this game's lock is taken first). `f` may change the state in place by
    /// recording events; if the transaction then fails the state is dropped, so nothing
    /// uncommitted is ever kept.
    pub(crate) fn write<T>(
        &self,
        conn: &mut DbConn,
        desk: &Desk,
        game: DuplicateGameId,
        f: impl FnOnce(
            &mut DbConn,
            &mut Work<'_>,
            &rows::DuplicateGameRow,
            &mut State,
        ) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let entry = self.entry(game);
        let mut e = lock(&entry);
        let mut state = e.state.take();
        let mut before = None;
        let out = desk.write(conn, |conn, work| {
            let row = find(conn, game)?;
            catch_up(conn, &row, &mut state)?;
            let s = state.get_or_insert_with(State::default);
            before = Some(s.last_seq);
            f(conn, work, &row, s)
        });
        // A state changed by a transaction that failed is not the log's: dropped. One caught
        // up but not changed holds only committed events (read inside the transaction).
        if out.is_ok() || state.as_ref().map(|s| s.last_seq) == before {
            e.state = state;
        }
        out
    }

    /// Remembers the tops of `game`'s current position.
    pub(crate) fn put_tops(&self, game: DuplicateGameId, tops: Arc<Tops>) {
        let entry = self.entry(game);
        lock(&entry).tops = Some(tops);
    }
}

/// A position whose tops are to be computed (copied out, so the game's lock is not held
/// while the move generator runs).
#[derive(Debug, Clone)]
pub(crate) struct TopsPosition {
    turn: u32,
    rack: Rack,
    board: Board,
    set: crate::rules::tiles::TileSet,
    notation: dup::Notation,
}

impl TopsPosition {
    /// The current turn's position of `state`, if a rack is on show.
    pub(crate) fn of(state: &State) -> Option<TopsPosition> {
        let (set, ruleset, turn) = (
            state.set.as_ref()?,
            state.ruleset.as_ref()?,
            state.current()?,
        );
        (!turn.placed).then(|| TopsPosition {
            turn: turn.number,
            rack: turn.rack,
            board: state.board.clone(),
            set: set.clone(),
            notation: ruleset.notation,
        })
    }

    /// D6: its tops, from the move generator.
    pub(crate) fn compute(self, graph: &crate::rules::movegen::WordGraph) -> Tops {
        let candidates = dup::tops(graph, &self.set, &self.board, &self.rack, self.notation);
        Tops {
            turn: self.turn,
            rack: self.rack,
            board: self.board,
            candidates,
        }
    }
}

impl Tops {
    /// The position of `state`'s current turn is the one these tops were computed on.
    pub(crate) fn matches(&self, state: &State) -> bool {
        state
            .current()
            .is_some_and(|t| t.number == self.turn && t.rack == self.rack)
            && state.board == self.board
    }
}

/// What a read may use and fill: the tops and the score sheet.
pub(crate) struct Derived<'a> {
    tops: &'a mut Option<Arc<Tops>>,
    sheet: &'a mut Option<(u64, Arc<GameSheet<u32>>)>,
}

impl Derived<'_> {
    /// D9: the game's score sheet, computed once per seq.
    pub(crate) fn sheet(&mut self, state: &State) -> Arc<GameSheet<u32>> {
        match self.sheet {
            Some((seq, s)) if *seq == state.last_seq => s.clone(),
            _ => {
                let s = Arc::new(dup::game_sheet(state));
                *self.sheet = Some((state.last_seq, s.clone()));
                s
            }
        }
    }

    /// The current position's tops, when already computed.
    pub(crate) fn tops(&self, state: &State) -> Option<Arc<Tops>> {
        self.tops.clone().filter(|t| t.matches(state))
    }
}

fn find(conn: &mut DbConn, game: DuplicateGameId) -> Result<rows::DuplicateGameRow, AppError> {
    rows::find_game(conn, game)?
        .ok_or_else(|| AppError::not_found(format!("no Duplicate game {game}")))
}

/// Brings `state` (or nothing) up to `row`'s seq: the events after the state's seq are
/// applied, a state ahead of the log is folded again from the start.
fn catch_up(
    conn: &mut DbConn,
    row: &rows::DuplicateGameRow,
    state: &mut Option<State>,
) -> Result<(), AppError> {
    let logged = u64::try_from(row.last_seq.0).unwrap_or(0);
    if state.as_ref().is_some_and(|s| s.last_seq > logged) {
        *state = None;
    }
    let seen = state.as_ref().map_or(0, |s| s.last_seq);
    if seen == logged && state.is_some() {
        return Ok(());
    }
    let newer = events_after(conn, row.id, seen)?;
    match state {
        Some(s) => newer.iter().for_each(|e| dup::apply(s, e)),
        None => *state = Some(dup::fold(&newer)),
    }
    Ok(())
}
