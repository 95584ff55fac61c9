//! Prepared games through the API (issue 16): a game's racks drawn in advance from a seed
//! (D3-checked, with their tops), exported as JSON, and imported into another event's game so
//! several clubs play the same game. An import is replayed whole by the rules core before
//! anything is stored (every rack against the bag and D3, every top computed again, D6); the
//! game's console then takes the prepared racks in turn when the referee draws.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use super::{Need, official};
use crate::db::DbConn;
use crate::db::schema::duplicate_prepared as dp;
use crate::error::AppError;
use crate::rules::duplicate::prepared::{self, PreparedError};
use crate::rules::duplicate::{self as dup, Payload, PreparedGame, State};
use crate::rules::movegen::WordGraph;
use crate::services::desk::Desk;
use crate::vocab::{DuplicateGameId, EventId, UserId};

/// Body of `POST /api/v1/duplicate/events/{id}/prepared-games`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PrepareRequest {
    /// The seed the racks are drawn from (default: a random one, given in the export).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Stop after this many turns (1 to 60; default: until the draw cannot go on).
    #[serde(default)]
    pub turns: Option<usize>,
}

/// What an import stored.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PreparedImported {
    /// The game.
    pub game_id: DuplicateGameId,
    /// Prepared turns its console will take in turn.
    pub turns: usize,
    /// The sum of the prepared tops.
    pub top_total: u32,
}

/// D3, D6: prepares a game under the event's ruleset (its referee or director): racks drawn
/// from `seed`, each top computed, the first of equal tops placed.
pub fn prepare(
    conn: &mut DbConn,
    graph: &WordGraph,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
    req: &PrepareRequest,
) -> Result<PreparedGame, AppError> {
    let turns = match req.turns {
        None => prepared::MAX_TURNS,
        Some(n) if (1..=prepared::MAX_TURNS).contains(&n) => n,
        Some(_) => {
            return Err(AppError::field(
                "turns",
                format!("a prepared game holds 1 to {} turns", prepared::MAX_TURNS),
            ));
        }
    };
    official(conn, user_id, event_id, Need::Referee)?;
    let ruleset = super::event_ruleset(conn, event_id)?;
    let seed = req.seed.unwrap_or_else(rand::random);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let game = prepared::prepare_up_to(ruleset, graph, Some(seed), &mut rng, |_, _| 0, now, turns)?;
    if game.turns.is_empty() {
        return Err(AppError::Rule {
            rule: "D3".into(),
            message: "no rack with a play could be drawn".into(),
            field: None,
        });
    }
    Ok(game)
}

fn refusal(e: PreparedError) -> AppError {
    match e {
        PreparedError::Shape(_) | PreparedError::Version(_) | PreparedError::Turns => {
            AppError::field("prepared", e.to_string())
        }
        PreparedError::Turn { turn, ref error } => AppError::Rule {
            rule: error.rule().to_owned(),
            message: e.to_string(),
            field: Some(format!("turns[{}]", turn.saturating_sub(1))),
        },
        PreparedError::TopsDiffer(turn) => AppError::Rule {
            rule: "D6".into(),
            message: e.to_string(),
            field: Some(format!("turns[{}].tops", turn.saturating_sub(1))),
        },
    }
}

/// The prepared game imported into `game`, if any.
pub fn imported(
    conn: &mut DbConn,
    game: DuplicateGameId,
) -> Result<Option<PreparedGame>, AppError> {
    let body: Option<String> = dp::table
        .find(game)
        .select(dp::body)
        .first(conn)
        .optional()?;
    body.map(|b| serde_json::from_str(&b).map_err(AppError::internal))
        .transpose()
}

/// The prepared game imported into a game, for those who may read its event.
pub fn export(
    conn: &mut DbConn,
    user: Option<UserId>,
    game: DuplicateGameId,
) -> Result<PreparedGame, AppError> {
    let (event_id, _) = super::game_lexicon(conn, game)?;
    crate::services::events::readable(conn, user, event_id)?;
    imported(conn, game)?.ok_or_else(|| {
        AppError::not_found(format!("no prepared game was imported into game {game}"))
    })
}

fn not_started(state: &State) -> Result<(), AppError> {
    if state.turns.is_empty() && state.ended.is_none() {
        return Ok(());
    }
    Err(AppError::Conflict {
        message: "the game has started: a prepared game is imported before its first rack".into(),
        current: None,
    })
}

/// Imports a prepared game (its referee or director): replayed under this game's own ruleset
/// and word list, refused whole at the first rack or top that does not replay; stored once,
/// before the game's first rack.
#[allow(clippy::too_many_arguments)]
pub fn import(
    conn: &mut DbConn,
    desk: &Desk,
    graph: &dyn Fn() -> Result<std::sync::Arc<WordGraph>, AppError>,
    now: DateTime<Utc>,
    user_id: UserId,
    game: DuplicateGameId,
    body: &serde_json::Value,
) -> Result<PreparedImported, AppError> {
    // Who asks is checked before what they sent is read: a stranger learns nothing from it.
    let (row, state) = super::state(conn, desk, game)?;
    official(conn, user_id, row.event_id, Need::Referee)?;
    let mut prepared = PreparedGame::from_json(&body.to_string()).map_err(refusal)?;
    not_started(&state)?;
    if imported(conn, game)?.is_some() {
        return Err(AppError::Conflict {
            message: "a prepared game is already imported into this game".into(),
            current: None,
        });
    }
    // The club's own options (solo bonus, times…) stay; the racks and tops must replay under
    // its tile set, draw rule and word list.
    let ruleset = state
        .ruleset
        .clone()
        .ok_or_else(|| AppError::internal("a game without its ruleset"))?;
    prepared.ruleset = ruleset;
    let (replayed, _) =
        prepared::replay(&prepared, &*graph()?, state.players.clone(), now).map_err(refusal)?;
    let body = serde_json::to_string(&prepared).map_err(AppError::internal)?;
    desk.duplicate()
        .write(conn, desk, game, |conn, _, _, state| {
            not_started(state)?;
            diesel::insert_into(dp::table)
                .values((
                    dp::game_id.eq(game),
                    dp::body.eq(&body),
                    dp::imported_by.eq(Some(user_id)),
                    dp::created_at.eq(now.naive_utc()),
                ))
                .execute(conn)?;
            Ok(())
        })?;
    Ok(PreparedImported {
        game_id: game,
        turns: prepared.turns.len(),
        top_total: replayed.top_total(),
    })
}

/// D1, D3: the next rack of a game: its prepared one when a prepared game was imported and
/// has a rack for the turn, otherwise drawn by the server.
pub(super) fn next_rack(
    conn: &mut DbConn,
    game: DuplicateGameId,
    state: &State,
    rng: &mut impl rand::Rng,
) -> Result<Payload, AppError> {
    let turn = usize::try_from(state.turn_number()).unwrap_or(usize::MAX);
    match imported(conn, game)?.and_then(|p| p.turns.get(turn).cloned()) {
        Some(t) => Ok(dup::prepared_rack(state, &t.rack)?),
        None => Ok(dup::draw_rack(state, rng)?),
    }
}

/// D6: the choice the imported prepared game recorded for the current turn, when the turn's
/// rack and `tops` are the prepared ones (a typed rack or an undone top makes another
/// position, and then there is no default).
pub(super) fn prepared_choice(
    conn: &mut DbConn,
    game: DuplicateGameId,
    state: &State,
    tops: &[dup::TopCandidate],
) -> Result<Option<usize>, AppError> {
    let Some(turn) = state.current() else {
        return Ok(None);
    };
    let index = usize::try_from(turn.number.saturating_sub(1)).unwrap_or(usize::MAX);
    let Some(prepared) = imported(conn, game)?.and_then(|p| p.turns.get(index).cloned()) else {
        return Ok(None);
    };
    let same_rack = crate::rules::tiles::Rack::parse(&prepared.rack).ok() == Some(turn.rack);
    Ok(
        (same_rack && prepared.tops == tops && prepared.chosen < tops.len())
            .then_some(prepared.chosen),
    )
}
