//! The analysis of a game's moves against the top play ([`crate::rules::analysis`]): of a
//! finished online game (its record, with the tile set it was played with), and of a GCG
//! record someone pastes or uploads. Both are bounded before the move generator runs
//! ([`MAX_BYTES`], [`MAX_MOVES`]); the caller runs them off the request thread.

use crate::db::DbConn;
use crate::error::AppError;
use crate::rules::analysis::{self, Analysis, MAX_BYTES, MAX_MOVES, record_tile_set};
use crate::rules::gcg;
use crate::rules::tiles::TileSet;
use crate::services::lexicons::{DEFAULT, LexiconStore};
use crate::vocab::{EventId, OnlineGameId};

/// What the analysis of a finished online game needs from the database: its record and
/// where its word list comes from (read first, so the move generator holds no connection).
#[derive(Debug, Clone)]
pub struct OnlineRecord {
    /// The record (C8).
    pub gcg: String,
    /// The tile set it was played with.
    pub tile_set: String,
    /// Its word list.
    pub lexicon: String,
    /// Where the word list comes from (`services::online::lexicon_source`).
    pub source: EventId,
}

/// A finished online game's record for [`online_game`] (public, like the game; 409 while it
/// is played, 404 for no game).
pub fn online_record(conn: &mut DbConn, game: OnlineGameId) -> Result<OnlineRecord, AppError> {
    let (gcg, settings) = crate::services::online::finished_record(conn, game)?;
    let source = crate::services::online::lexicon_source(conn, &settings.lexicon)?;
    Ok(OnlineRecord {
        gcg,
        tile_set: settings.tile_set,
        lexicon: settings.lexicon,
        source,
    })
}

/// The analysis of a finished online game's record.
pub fn online_game(lexicons: &LexiconStore, rec: &OnlineRecord) -> Result<Analysis, AppError> {
    let record = gcg::read(rec.gcg.as_bytes()).map_err(|e| AppError::internal(e.message))?;
    let set = TileSet::by_name(&rec.tile_set)
        .ok_or_else(|| AppError::internal(format!("tile set {}", rec.tile_set)))?;
    let graph = crate::services::duplicate::graph(lexicons, rec.source, &rec.lexicon)?;
    analysis::analyze(&record, &set, &graph).map_err(AppError::internal)
}

/// The analysis of a pasted or uploaded GCG record, with the bundled word list. Refusals name
/// the field `gcg`: empty, over [`MAX_BYTES`], not readable (the reader's line and reason), an
/// unknown tile distribution, over [`MAX_MOVES`].
pub fn upload(lexicons: &LexiconStore, text: &str) -> Result<Analysis, AppError> {
    if text.trim().is_empty() {
        return Err(AppError::field("gcg", "paste or upload a GCG record"));
    }
    if text.len() > MAX_BYTES {
        return Err(AppError::field(
            "gcg",
            format!("the record is over {MAX_BYTES} bytes; at most {MAX_MOVES} moves are analysed"),
        ));
    }
    let record = gcg::read(text.as_bytes())
        .map_err(|e| AppError::field("gcg", format!("line {}: {}", e.line, e.message)))?;
    let set = record_tile_set(&record).ok_or_else(|| {
        AppError::field(
            "gcg",
            "the record's tile distribution is not known (english, french or indonesian)",
        )
    })?;
    let graph = crate::services::duplicate::graph(lexicons, EventId(0), DEFAULT)?;
    analysis::analyze(&record, &set, &graph).map_err(|e| AppError::field("gcg", e.to_string()))
}
