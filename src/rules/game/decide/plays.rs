//! The turn's own commands: the draw for first turn (T1, N3), plays (T2, T6, C2), passes and
//! exchanges (T9, T10, N4).

use crate::rules::game::decide::guards::{is_person, rack_of, require, turn_seat};
use crate::rules::game::{
    Actor, Exchange, Payload, Play, RuleError, Seat, Side, Sides, State, Status, sheet,
};
use crate::rules::ruleset::{EntryMode, Ruleset};
use crate::rules::tiles::{Rack, TileSet};

/// T1: seats in turn order from the side that moves first: A1, B1, A2, B2 (or A, B).
pub fn seat_order(first: Side, seats_per_side: u8) -> Vec<Seat> {
    (1..=seats_per_side)
        .flat_map(|n| [Seat::new(first, n), Seat::new(first.other(), n)])
        .collect()
}

/// T1: the recorded outcome of the draw.
pub(super) fn start(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    first: Side,
) -> Result<Vec<Payload>, RuleError> {
    require(actor, is_person, "start", "a person")?;
    if s.status != Status::Created {
        return Err(RuleError::Lifecycle("the match has already started"));
    }
    Ok(vec![Payload::Started {
        first,
        order: seat_order(first, r.seats_per_side),
        draw: None,
    }])
}

/// N3: the tiles drawn for first turn decide who starts.
pub(super) fn draw(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    a: String,
    b: String,
) -> Result<Vec<Payload>, RuleError> {
    require(actor, is_person, "draw", "a person")?;
    if s.status != Status::Created {
        return Err(RuleError::Lifecycle("the match has already started"));
    }
    let set = TileSet::by_name(&r.tiles.set);
    let a = drawn_tile(&a, "a", set.as_ref())?;
    let b = drawn_tile(&b, "b", set.as_ref())?;
    // N3: nearest to A goes first; a blank beats A; the same letter draws again.
    let rank = |c: char| {
        if c == '?' {
            0
        } else {
            u32::from(c) - u32::from('A') + 1
        }
    };
    let first = match rank(a).cmp(&rank(b)) {
        std::cmp::Ordering::Less => Side::A,
        std::cmp::Ordering::Greater => Side::B,
        std::cmp::Ordering::Equal => {
            let shown = if a == '?' {
                "a blank".to_string()
            } else {
                a.to_string()
            };
            return Err(RuleError::Redraw(shown));
        }
    };
    Ok(vec![Payload::Started {
        first,
        order: seat_order(first, r.seats_per_side),
        draw: Some(Sides {
            a: a.to_string(),
            b: b.to_string(),
        }),
    }])
}

/// T6: the play of the seat on turn, read as the match's entry mode reads plays: sheet mode takes
/// the words and tiles announced, board mode reads the move on the board (C2-C7).
pub(super) fn play(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    play: Play,
) -> Result<Vec<Payload>, RuleError> {
    let seat = turn_seat(s, actor, play.seat())?;
    let declared = play.declared();
    if declared < 0 {
        return Err(RuleError::Invalid(
            "a declared score is not negative".into(),
        ));
    }
    let (words, tiles, mv, actual) = match (r.entry_mode, play) {
        (EntryMode::Sheet, Play::Sheet { words, tiles, .. }) => {
            // Bounded by the board: word length and words per play (C7).
            // C2: written with the letters of the match's tile set.
            let set = TileSet::by_name(&r.tiles.set);
            let words = sheet::words(&words, tiles, set.as_ref())?;
            let tiles = tiles.ok_or_else(|| {
                RuleError::Invalid("sheet mode: give the number of tiles laid".into())
            })?;
            (words, tiles, None, None)
        }
        (EntryMode::Sheet, Play::Board { rack: Some(_), .. }) => {
            return Err(RuleError::Invalid(
                "sheet mode: the rack is not recorded; give words and tiles".into(),
            ));
        }
        (EntryMode::Sheet, Play::Board { rack: None, .. }) => {
            return Err(RuleError::Invalid(
                "sheet mode: give words and tiles, not a move".into(),
            ));
        }
        (EntryMode::Board, Play::Sheet { .. } | Play::Board { mv: None, .. }) => {
            return Err(RuleError::Invalid(
                "board mode: give the move, e.g. \"8D QI\"".into(),
            ));
        }
        (
            EntryMode::Board,
            Play::Board {
                mv: Some(mv), rack, ..
            },
        ) => {
            let board = s
                .board
                .as_ref()
                .ok_or_else(|| RuleError::Ruleset("no board for this tile set".into()))?;
            // C2: a rack the tablet records must be what the seat holds.
            // An empty rack field (a form left blank) records no rack.
            let rack = match rack.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
                Some(text) => {
                    let rack =
                        Rack::parse(text).map_err(|e| RuleError::Invalid(format!("rack: {e}")))?;
                    if rack.len() > usize::from(rack_of(s, seat)) {
                        return Err(RuleError::Board {
                            rule: "C2",
                            message: format!(
                                "the rack {rack} has {} tiles; {seat} holds {}",
                                rack.len(),
                                rack_of(s, seat)
                            ),
                        });
                    }
                    Some(rack)
                }
                None => None,
            };
            let p = board.read(&mv, rack.as_ref(), r.tiles.rack_size)?;
            (p.words, p.tiles, Some(p.canonical), Some(p.actual))
        }
    };
    if tiles == 0 || tiles > r.tiles.rack_size {
        return Err(RuleError::Invalid(format!(
            "a play lays 1 to {} tiles",
            r.tiles.rack_size
        )));
    }
    if tiles > rack_of(s, seat) {
        return Err(RuleError::RackTooSmall(rack_of(s, seat)));
    }
    if !s.board_has_tiles() {
        if tiles < 2 {
            return Err(RuleError::OpeningTooShort);
        }
    } else if let Some(max) = r.max_tiles_after_opening
        && tiles > max
    {
        return Err(RuleError::TooManyTiles(max));
    }
    let drawn = u8::try_from(s.bag.min(u32::from(tiles))).unwrap_or(tiles);
    Ok(vec![Payload::Played {
        seat,
        words,
        tiles,
        mv,
        declared,
        actual,
        drawn,
    }])
}

/// The seat on turn passes.
pub(super) fn pass(
    s: &State,
    actor: &Actor,
    seat: Option<Seat>,
) -> Result<Vec<Payload>, RuleError> {
    let seat = turn_seat(s, actor, seat)?;
    Ok(vec![Payload::Passed { seat }])
}

/// T9/T10, N4: the seat on turn returns tiles and draws as many.
pub(super) fn exchange(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    exchange: Exchange,
) -> Result<Vec<Payload>, RuleError> {
    let Exchange { tiles, rack, seat } = exchange;
    let seat = turn_seat(s, actor, seat)?;
    let size = r.tiles.rack_size;
    if tiles.is_empty() || tiles.len() > usize::from(size) {
        return Err(RuleError::Invalid(format!(
            "an exchange names 1 to {size} tiles"
        )));
    }
    if tiles.len() > usize::from(rack_of(s, seat)) {
        return Err(RuleError::RackTooSmall(rack_of(s, seat)));
    }
    // T10/N4: the bag must hold enough tiles.
    if s.bag < r.exchange.min_bag {
        return Err(RuleError::ExchangeBagTooSmall {
            bag: s.bag,
            min: r.exchange.min_bag,
        });
    }
    let pool = match rack {
        Some(rack) if !rack.contains_all(&tiles) => {
            return Err(RuleError::Invalid(
                "the exchanged tiles are not all on the rack".into(),
            ));
        }
        Some(rack) => rack,
        None => tiles,
    };
    // T9: three or more of one letter; blanks do not count.
    if let Some(min) = r.exchange.min_same_letter
        && !('A'..='Z').any(|c| {
            let n = pool.count_letter(c);
            n > 0 && n >= min
        })
    {
        return Err(RuleError::ExchangeNeedsSameLetter(min));
    }
    Ok(vec![Payload::Exchanged {
        seat,
        tiles: tiles.to_string(),
    }])
}

/// N3: one drawn tile: a letter of the tile set, or `?` for a blank.
fn drawn_tile(text: &str, field: &str, set: Option<&TileSet>) -> Result<char, RuleError> {
    let mut chars = text.trim().chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(RuleError::Invalid(format!(
            "{field}: one tile, a letter or ? for a blank"
        )));
    };
    let c = c.to_ascii_uppercase();
    let known = match set {
        Some(set) if c == '?' => set.blanks() > 0,
        Some(set) => set.has_letter(c),
        None => c == '?' || c.is_ascii_uppercase(),
    };
    if !known {
        return Err(RuleError::Invalid(format!(
            "{field}: {c} is not a tile of this set (a letter, or ? for a blank)"
        )));
    }
    Ok(c)
}
