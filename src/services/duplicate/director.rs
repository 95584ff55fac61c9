//! The director's side of a Duplicate event: the page that lists its games with where each
//! stands, and players added after games were created joining the games not yet over.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{DuplicateEventView, append, event_view, fresh as load};
use crate::db::{DbConn, duplicate as rows};
use crate::error::AppError;
use crate::rules::duplicate::{self as dup, Official, Phase};
use crate::services::authz::Grants;
use crate::services::desk::Work;
use crate::vocab::{DuplicateGameId, EventId, UserId};

/// A game as the director's list shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GameSummary {
    /// The game.
    pub id: DuplicateGameId,
    /// Its number in the event.
    pub game_no: i32,
    /// `awaiting_rack`, `rack_shown`, `running`, `top_chosen` or `ended`.
    pub phase: &'static str,
    /// The turn (0 before the first rack).
    pub turn: u32,
    /// Players in the game.
    pub players: usize,
    /// D9: the sum of its tops so far.
    pub top_total: u32,
}

/// The director's page of a Duplicate event: its options, players and games.
#[derive(Debug, Serialize)]
pub struct DirectorView {
    /// The event, its ruleset and players.
    pub event: DuplicateEventView,
    /// Its games, by number.
    pub games: Vec<GameSummary>,
    /// The number the next player would get (one past the highest).
    pub next_number: u32,
    /// The event's default page language.
    pub language: Option<String>,
}

/// The director's view of a Duplicate event (its director or an administrator).
pub fn director_view(
    conn: &mut DbConn,
    user_id: UserId,
    event_id: EventId,
) -> Result<DirectorView, AppError> {
    Grants::load(conn, user_id)?.require_director(Some(event_id))?;
    let event = event_view(conn, Some(user_id), event_id)?;
    let mut games = Vec::new();
    for g in &event.games {
        let (_, s) = load(conn, g.id)?;
        games.push(GameSummary {
            id: g.id,
            game_no: g.game_no,
            phase: super::views::phase_name(s.phase()),
            turn: s.turn_number(),
            players: s.players.len(),
            top_total: s.top_total(),
        });
    }
    let next_number = event
        .players
        .iter()
        .filter_map(|p| u32::try_from(p.number).ok())
        .max()
        .unwrap_or(0)
        + 1;
    let language = crate::services::events::event(conn, event_id)?.language;
    Ok(DirectorView {
        event,
        games,
        next_number,
        language,
    })
}

/// A player just added to the event joins every game of it not yet over, in the caller's
/// transaction (rule D1: every player plays the same racks from the turn they join).
pub(super) fn join_open_games(
    conn: &mut DbConn,
    work: &mut Work<'_>,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
    number: u32,
) -> Result<Vec<DuplicateGameId>, AppError> {
    let mut joined = Vec::new();
    for g in rows::games(conn, event_id)? {
        let (row, mut state) = load(conn, g.id)?;
        if matches!(state.phase(), Phase::Ended | Phase::NotCreated) {
            continue;
        }
        let payload = dup::join(&state, vec![number])?;
        let by = Official::Referee(user_id.to_string());
        append(
            conn,
            work,
            &row,
            &mut state,
            now,
            by,
            Some(user_id),
            payload,
            None,
        )?;
        joined.push(row.id);
    }
    Ok(joined)
}

/// D6: the plays tied for the top of the turn running, for the console to list when the
/// referee must choose among them (the event's officials; empty outside a running turn), and
/// the one the console offers first: the choice recorded in the imported prepared game for this
/// turn, when its tops are these (the referee may still choose another).
pub fn equal_tops(
    conn: &mut DbConn,
    graph: &dyn Fn() -> Result<std::sync::Arc<crate::rules::movegen::WordGraph>, AppError>,
    user_id: UserId,
    game: DuplicateGameId,
) -> Result<(Vec<dup::TopCandidate>, Option<usize>), AppError> {
    let (row, state) = load(conn, game)?;
    super::official(conn, user_id, row.event_id, super::Need::Arbitrator)?;
    let (Some(r), Some(set)) = (&state.ruleset, &state.set) else {
        return Ok((Vec::new(), None));
    };
    if state.phase() != Phase::Running {
        return Ok((Vec::new(), None));
    }
    let rack = state.rack().unwrap_or_default();
    let tops = dup::tops(&*graph()?, set, &state.board, &rack, r.notation);
    let default = super::prepared::prepared_choice(conn, game, &state, &tops)?;
    Ok((tops, default))
}
