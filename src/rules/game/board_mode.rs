//! Board mode: moves in GCG notation, checked and scored on the board model (C3-C7).
//!
//! This is the part of the engine that knows about boards. Sheet mode never creates a
//! [`BoardTrack`]; board mode keeps one in the state and replays every play onto it, so the
//! board, like everything else, is a fold of the events. It sits below the state and the
//! decisions and knows neither: it takes moves and racks and answers with placements, scores
//! and [`RuleError`]s. The game record as GCG (C8) is [`super::export`].

use std::collections::BTreeMap;

use crate::rules::board::{Board, SIZE, Square};
use crate::rules::game::RuleError;
use crate::rules::notation::Move;
use crate::rules::placement::{Placement, PlacementError, validate};
use crate::rules::scoring::score;
use crate::rules::tiles::{Rack, Tile, TileSet};

/// The board of a board-mode match and the placement of every play on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardTrack {
    /// The board as it stands.
    pub board: Board,
    /// The tile set (letter values).
    pub set: TileSet,
    /// Turn index → its placement, to take a withdrawn play back off (T15).
    placements: BTreeMap<u32, Placement>,
}

/// A play read from GCG and scored on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPlay {
    /// The move, written back in canonical GCG (`8D QI`).
    pub canonical: String,
    /// The words formed, main word first.
    pub words: Vec<String>,
    /// Tiles laid.
    pub tiles: u8,
    /// The score the board gives (C5, C6).
    pub actual: i32,
}

/// Splits `8D QI` (or `8D`, `QI` given as one string with any spacing) into position and word.
pub(super) fn parse(mv: &str) -> Result<Move, RuleError> {
    let mut parts = mv.split_whitespace();
    let (Some(pos), Some(word), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(RuleError::Board {
            rule: "C7",
            message: format!("{mv:?}: expected a position and a word, e.g. \"8D QI\""),
        });
    };
    Move::parse_gcg(pos, word).map_err(|e| RuleError::Board {
        rule: "C7",
        message: e.to_string(),
    })
}

fn placement_rule(e: &PlacementError) -> &'static str {
    match e {
        PlacementError::FirstPlayOffCentre | PlacementError::FirstPlayTooShort => "C3",
        PlacementError::LetterNotInSet(_) => "C2",
        _ => "C4",
    }
}

impl BoardTrack {
    /// An empty board for the named tile set, if the set exists.
    pub fn new(set: &str) -> Option<Self> {
        Some(Self {
            board: Board::new(),
            set: TileSet::by_name(set)?,
            placements: BTreeMap::new(),
        })
    }

    /// C5-C6: the per-word breakdown of the play made at `turn`, scored on the board as it stood
    /// before it (later plays taken off first), for the PIC ruling on a score challenge (T8).
    pub fn breakdown(&self, turn: u32) -> Option<crate::rules::scoring::PlayScore> {
        let placement = self.placements.get(&turn)?;
        let mut before = self.board.clone();
        for (_, later) in self.placements.range(turn..).rev() {
            later.undo(&mut before);
        }
        Some(score(&before, &self.set, placement))
    }

    /// C2: the tiles not yet on the board: the tile set minus the board (a blank on the board
    /// takes a `?`). Every tile a play lays, and every rack, comes from these.
    pub fn unseen(&self) -> Rack {
        let mut pool = self.set.full_bag();
        for (_, t) in self.board.tiles() {
            pool.take_tile(t);
        }
        pool
    }

    /// C2-C7: reads a GCG move, checks it against the board and scores it. The tiles it lays
    /// must be among the tiles not yet on the board, at most `rack_size` of them, and come from
    /// `rack` when the player's rack is known.
    pub fn read(
        &self,
        mv: &str,
        rack: Option<&Rack>,
        rack_size: u8,
    ) -> Result<BoardPlay, RuleError> {
        let parsed = parse(mv)?;
        let placement =
            validate(&self.board, &self.set, &parsed, None).map_err(|e| RuleError::Board {
                rule: placement_rule(&e),
                message: e.to_string(),
            })?;
        let c2 = |message: String| RuleError::Board {
            rule: "C2",
            message,
        };
        if placement.new_tiles.len() > usize::from(rack_size) {
            return Err(c2(format!(
                "a play lays at most {rack_size} tiles (a rack holds {rack_size}); this one lays {}",
                placement.new_tiles.len()
            )));
        }
        let unseen = self.unseen();
        if let Some(rack) = rack {
            check_rack(rack, &unseen, &self.set, rack_size)?;
        }
        let mut left = unseen;
        let mut from_rack = rack.copied();
        for (_, t) in &placement.new_tiles {
            if !left.take_tile(*t) {
                return Err(c2(missing_tile(*t, &self.set)));
            }
            if let Some(r) = from_rack.as_mut()
                && !r.take_tile(*t)
            {
                let what = if t.is_blank() {
                    "a blank (?)".to_string()
                } else {
                    t.letter().to_string()
                };
                return Err(c2(format!(
                    "{what} is not on the rack {}",
                    rack.map(Rack::to_string).unwrap_or_default()
                )));
            }
        }
        let scored = score(&self.board, &self.set, &placement);
        Ok(BoardPlay {
            canonical: placement.to_move().to_string(),
            words: scored.words.iter().map(|w| w.word.clone()).collect(),
            tiles: u8::try_from(placement.new_tiles.len()).unwrap_or(u8::MAX),
            actual: i32::try_from(scored.total).unwrap_or(i32::MAX),
        })
    }

    /// Puts a decided play on the board. A move that no longer fits (a log written by another
    /// version) leaves the board as it is rather than failing the fold.
    pub fn place(&mut self, turn: u32, mv: &str) {
        let Ok(parsed) = parse(mv) else { return };
        if let Ok(p) = validate(&self.board, &self.set, &parsed, None) {
            p.apply(&mut self.board);
            self.placements.insert(turn, p);
        }
    }

    /// T15: a withdrawn play frees its squares (and their premiums).
    pub fn withdraw(&mut self, turn: u32) {
        if let Some(p) = self.placements.remove(&turn) {
            p.undo(&mut self.board);
        }
    }

    /// The board as 15 rows of letters, `.` for empty, lowercase for blanks.
    pub fn rows(&self) -> Vec<String> {
        (0..SIZE)
            .map(|r| {
                (0..SIZE)
                    .map(|c| {
                        Square::new(r, c)
                            .and_then(|sq| self.board.get(sq))
                            .map_or('.', |t| t.to_char())
                    })
                    .collect()
            })
            .collect()
    }
}

/// C2: why a tile cannot be laid: every tile of it is already on the board (or the set has none).
fn missing_tile(t: Tile, set: &TileSet) -> String {
    if t.is_blank() {
        let n = set.blanks();
        format!(
            "the tile set has {n} blank(s) and all are already on the board; {} cannot be a blank",
            t.letter()
        )
    } else {
        let n = set.count(t.letter());
        format!(
            "the tile set has {n} {} tile(s) and all are already on the board",
            t.letter()
        )
    }
}

/// C2: a rack shown with a play holds at most `rack_size` tiles, all among those not yet on the
/// board.
pub fn check_rack(
    rack: &Rack,
    unseen: &Rack,
    set: &TileSet,
    rack_size: u8,
) -> Result<(), RuleError> {
    if rack.len() > usize::from(rack_size) {
        return Err(RuleError::Board {
            rule: "C2",
            message: format!(
                "a rack holds at most {rack_size} tiles; {rack} has {}",
                rack.len()
            ),
        });
    }
    if !unseen.contains_all(rack) {
        let mut left = *unseen;
        let mut message = format!("the rack {rack} is not among the tiles left");
        for c in rack.to_string().chars() {
            let t = if c == '?' {
                Tile::blank('A')
            } else {
                Tile::natural(c)
            };
            if let Some(t) = t
                && !left.take_tile(t)
            {
                message = if t.is_blank() {
                    format!(
                        "the rack {rack} holds more blanks than the {} the set has left",
                        set.blanks()
                    )
                } else {
                    format!("the rack {rack}: {}", missing_tile(t, set))
                };
                break;
            }
        }
        return Err(RuleError::Board {
            rule: "C2",
            message,
        });
    }
    Ok(())
}
