//! A finished game's moves against the top play of each position (the move generator's,
//! [`crate::rules::movegen::best_plays`]): what was played and scored, the top play and its
//! score, the difference, and per-player totals. Shared by `arbiter gcg analyze`, the online
//! game's analysis page and the `/analyze` page. Pure: the record, the tile set and the word
//! graph come in, the analysis goes out.
//!
//! Cost: one move generation per move with a recorded rack, so callers bound the input
//! ([`MAX_BYTES`], [`MAX_MOVES`]) before calling [`analyze`].

use serde::Serialize;

use crate::rules::board::Board;
use crate::rules::gcg::{EventKind, Exchanged, Game};
use crate::rules::movegen::{self, WordGraph, text::parse_rack};
use crate::rules::placement::{Placement, validate};
use crate::rules::scoring::score_total;
use crate::rules::tiles::TileSet;

/// Largest record analysed from an upload, in bytes (a long game's GCG is about 3 KB).
pub const MAX_BYTES: usize = 16 * 1024;
/// Most moves analysed in one record (a game has about 30).
pub const MAX_MOVES: usize = 100;

/// One move of the record, against the top play of its position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct MoveLine {
    /// The record's line.
    pub line: usize,
    /// 0 for the first player, 1 for the second.
    pub player: usize,
    /// The player's nickname.
    pub nick: String,
    /// The rack as recorded (empty: not recorded, no top play computed).
    pub rack: String,
    /// What was played: a move in GCG notation, `pass`, `-TILES` (an exchange), or
    /// `withdrawn` (N5: the previous play taken back).
    pub played: String,
    /// The score of the play on the board (0 for a pass, an exchange or a withdrawal).
    pub score: i64,
    /// The top play (GCG), if the rack was recorded and any play exists.
    pub top: Option<String>,
    /// Other plays tied with the top score.
    pub tied: usize,
    /// The top score (0 when no play exists), if the rack was recorded.
    pub top_score: Option<i64>,
    /// `top_score - score`, if the rack was recorded.
    pub difference: Option<i64>,
    /// `phony` (a word not in the list), `unplaceable` (the move cannot be placed), or empty.
    pub note: String,
}

/// One player's totals over the moves analysed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PlayerTotals {
    /// The player's nickname.
    pub nick: String,
    /// Moves with a recorded rack.
    pub moves: usize,
    /// Points scored on them.
    pub played: i64,
    /// Top points available on them.
    pub top: i64,
    /// `top - played`: the sum of the differences.
    pub difference: i64,
    /// Moves scoring the top score.
    pub found_top: usize,
}

/// A record's analysis.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Analysis {
    /// The tile set's name.
    pub tile_set: String,
    /// Each move, in the record's order.
    pub moves: Vec<MoveLine>,
    /// Per player, `#player1` first.
    pub totals: [PlayerTotals; 2],
}

/// Why a record is not analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// More than [`MAX_MOVES`] moves.
    #[error("the record has {0} moves; at most {MAX_MOVES} are analysed")]
    TooManyMoves(usize),
}

/// Analyses `game` on `set` with the word list `graph` (also the judge of phonies).
pub fn analyze(game: &Game, set: &TileSet, graph: &WordGraph) -> Result<Analysis, AnalysisError> {
    let moves = game
        .events
        .iter()
        .filter(|e| {
            matches!(
                e.kind,
                EventKind::Play(_) | EventKind::Pass | EventKind::Exchange(_)
            )
        })
        .count();
    if moves > MAX_MOVES {
        return Err(AnalysisError::TooManyMoves(moves));
    }
    let mut board = Board::new();
    let mut last: Option<Placement> = None;
    let mut totals: [PlayerTotals; 2] = Default::default();
    for (t, p) in totals.iter_mut().zip(&game.players) {
        t.nick = p.nick.clone();
    }
    let mut lines = Vec::new();
    for e in &game.events {
        let nick = game.players[e.player].nick.clone();
        let (played, score, note) = match &e.kind {
            EventKind::Play(mv) => match validate(&board, set, mv, None) {
                Ok(p) => {
                    let score = i64::from(score_total(&board, set, &p));
                    let phony = p.words(&board).iter().any(|w| !graph.contains(&w.text()));
                    (mv.to_string(), score, if phony { "phony" } else { "" })
                }
                Err(_) => (mv.to_string(), 0, "unplaceable"),
            },
            EventKind::Pass => ("pass".into(), 0, ""),
            EventKind::Exchange(Exchanged::Tiles(t)) => (format!("-{t}"), 0, ""),
            EventKind::Exchange(Exchanged::Count(c)) => (format!("-{c}"), 0, ""),
            EventKind::Withdrawn => {
                if let Some(p) = last.take() {
                    p.undo(&mut board);
                }
                lines.push(MoveLine {
                    line: e.line,
                    player: e.player,
                    nick,
                    rack: String::new(),
                    played: "withdrawn".into(),
                    score: 0,
                    top: None,
                    tied: 0,
                    top_score: None,
                    difference: None,
                    note: String::new(),
                });
                continue;
            }
            _ => continue,
        };
        let rack = parse_rack(&e.rack, set).ok().filter(|r| !r.is_empty());
        let mut line = MoveLine {
            line: e.line,
            player: e.player,
            nick,
            rack: if rack.is_some() {
                e.rack.clone()
            } else {
                String::new()
            },
            played,
            score,
            top: None,
            tied: 0,
            top_score: None,
            difference: None,
            note: note.into(),
        };
        if let Some(rack) = rack {
            let top = movegen::best_plays(graph, set, &board, &rack);
            let best = top.first().map_or(0, |p| i64::from(p.score()));
            line.top = top.first().map(ToString::to_string);
            line.tied = top.len().saturating_sub(1);
            line.top_score = Some(best);
            line.difference = Some(best - score);
            let t = &mut totals[e.player];
            t.moves += 1;
            t.played += score;
            t.top += best;
            t.difference += best - score;
            if score >= best {
                t.found_top += 1;
            }
        }
        lines.push(line);
        if let EventKind::Play(mv) = &e.kind
            && let Ok(p) = validate(&board, set, mv, None)
        {
            p.apply(&mut board);
            last = Some(p);
        }
    }
    Ok(Analysis {
        tile_set: set.name().to_owned(),
        moves: lines,
        totals,
    })
}

/// The tile set a record declares (`#tile-distribution`), English when it declares none;
/// `None` for a set not known.
pub fn record_tile_set(game: &Game) -> Option<TileSet> {
    match game.pragma("tile-distribution") {
        Some(d) => TileSet::by_name(d),
        None => Some(TileSet::english()),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn every_move_is_set_against_the_top_play_and_totalled_per_player() {
        let graph =
            WordGraph::from_words(["JETON", "TO", "ON", "NOT", "TON"].map(str::as_bytes)).unwrap();
        let text = "#player1 a Ann\n#player2 b Bob\n>a: DEJMNOT 8F JET +20 20\n>b: ON -  +0 0\n>a: DMNO -  +0 20\n";
        let game = crate::rules::gcg::read(text.as_bytes()).unwrap();
        let a = analyze(&game, &TileSet::english(), &graph).unwrap();
        assert_eq!(a.moves.len(), 3);
        let first = &a.moves[0];
        assert_eq!((first.played.as_str(), first.score), ("8F JET", 20));
        // JETON across or down through the star: tied tops, listed in a fixed order.
        assert!(
            first.top.as_deref().unwrap().ends_with(" JETON"),
            "{first:?}"
        );
        assert!(first.tied >= 1, "{first:?}");
        assert_eq!(first.difference, Some(first.top_score.unwrap() - 20));
        assert_eq!(a.moves[2].played, "pass");
        assert_eq!(a.totals[0].moves, 2);
        assert_eq!(
            a.totals[0].difference,
            a.moves
                .iter()
                .filter(|m| m.player == 0)
                .filter_map(|m| m.difference)
                .sum::<i64>()
        );
    }

    #[test]
    fn a_record_over_the_move_cap_is_refused() {
        let graph = WordGraph::from_words(["ZZ".as_bytes()]).unwrap();
        let mut text = String::from("#player1 a Ann\n#player2 b Bob\n");
        for i in 0..=MAX_MOVES {
            let who = if i % 2 == 0 { 'a' } else { 'b' };
            text.push_str(&format!(">{who}: ABC -  +0 0\n"));
        }
        let game = crate::rules::gcg::read(text.as_bytes()).unwrap();
        assert_eq!(
            analyze(&game, &TileSet::english(), &graph),
            Err(AnalysisError::TooManyMoves(MAX_MOVES + 1))
        );
    }
}
