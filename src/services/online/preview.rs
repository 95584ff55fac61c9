//! The score of a tentative play, before it is sent: the game page shows it while the player
//! lays tiles. The play is decided exactly as [`super::command`] would decide it (the rack, the
//! placement, O1's dictionary) on a copy of the game, and nothing is recorded or announced.

use chrono::{DateTime, Utc};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::{Deserialize, Serialize};

use super::games::{Graph, load, side_of};
use crate::db::{DbConn, online as rows};
use crate::error::AppError;
use crate::rules::game::TurnAction;
use crate::rules::online::{self as online, OnlineCommand, Sender};
use crate::vocab::{OnlineGameId, UserId};

/// `POST /api/v1/online/games/{id}/preview`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = OnlinePreviewRequest)]
pub struct PreviewRequest {
    /// The tentative play in GCG notation (`8D QI`, lowercase a blank).
    #[serde(rename = "move")]
    pub mv: String,
}

/// What the tentative play would score.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = OnlinePreview)]
pub struct PreviewView {
    /// The move as the board reads it.
    #[serde(rename = "move")]
    pub mv: String,
    /// The words it forms.
    pub words: Vec<String>,
    /// Its score (C5-C6, with the bingo bonus).
    pub score: i32,
}

/// The checks of [`preview`] that need no word graph: the game exists and `user_id` plays in
/// it (a spectator may not probe a player's rack), the move is short printable text. Returns
/// the name of the game's word list, which the preview is checked against.
pub fn check_preview(
    conn: &mut DbConn,
    user_id: UserId,
    game: OnlineGameId,
    req: &PreviewRequest,
) -> Result<String, AppError> {
    let row = rows::find_game(conn, game)?
        .ok_or_else(|| AppError::not_found(format!("no game {game}")))?;
    side_of(&row, Some(user_id))
        .ok_or_else(|| AppError::Forbidden("only the game's players move in it".into()))?;
    super::requests::PlayerCommand::Play { mv: req.mv.clone() }.check()?;
    // O1: the preview checks words against the game's own list, as the command will.
    let (_, state) = super::games::load(conn, game)?;
    Ok(state
        .settings
        .map_or_else(|| super::DEFAULT.to_owned(), |s| s.lexicon))
}

/// Scores `req`'s play for `user_id` as the game stands at `now`, recording nothing: a play
/// the command would refuse (not on turn, not on the rack, misplaced, O1 not a word) is refused
/// the same way.
pub fn preview(
    conn: &mut DbConn,
    graph: Graph<'_>,
    now: DateTime<Utc>,
    user_id: UserId,
    game: OnlineGameId,
    req: &PreviewRequest,
) -> Result<PreviewView, AppError> {
    check_preview(conn, user_id, game, req)?;
    let (row, state) = load(conn, game)?;
    let side = side_of(&row, Some(user_id))
        .ok_or_else(|| AppError::Forbidden("only the game's players move in it".into()))?;
    let graph = graph()?;
    // The tiles drawn after the play are thrown away with the copy: any generator will do.
    let mut rng = StdRng::seed_from_u64(0);
    let before = state.game.turns.len();
    let (_, after) = online::decide_and_apply(
        &state,
        OnlineCommand::Play { mv: req.mv.clone() },
        Sender::Player(side),
        now,
        &mut rng,
        &graph,
    )?;
    let turn = after
        .game
        .turns
        .get(before)
        .ok_or_else(|| AppError::internal("a decided play made no turn"))?;
    let (mv, words) = match &turn.action {
        TurnAction::Play { mv, words } => (mv.clone().unwrap_or_default(), words.clone()),
        _ => (String::new(), Vec::new()),
    };
    Ok(PreviewView {
        mv,
        words,
        score: turn.recorded,
    })
}
