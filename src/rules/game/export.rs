//! The match as a GCG record (C8, board mode): every change of score as a line, so the record's
//! final totals are the match's.
//!
//! A projection of the folded [`State`], like the view: it reads the state and the board and
//! changes nothing. Nothing here decides or applies events.

use crate::rules::game::board_mode::parse;
use crate::rules::game::{AdjustmentReason, Payload, Seat, Side, Sides, State, TurnAction};
use crate::rules::gcg;
use crate::rules::tiles::{Rack, Tile, TileSet};

/// C8: the match as a GCG record (board mode). Side A is `#player1`, side B `#player2`. Every
/// change of score is a line, so the record's final totals are the match's: plays at their
/// recorded score, withdrawn plays (`--`), word-challenge points (`(challenge)`, negative for a
/// team's T13 penalty), end racks (`(TILES)` for the side that played out, `TILES (TILES)` for a
/// side that loses its racks) and overtime (`(time)`). In team play the nick is the side and the
/// seat follows each line's total (`>A: 8G QI +22 22 A1`), a token GCG readers ignore
/// (tests/data/gcg/FORMAT.md §3). Only the values of end racks are entered, so their letters are
/// the tiles left off the board that make up that value (exact in 1v1 after an out-play).
pub fn to_gcg(state: &State, names: [&str; 2]) -> Option<gcg::Game> {
    let track = state.board.as_ref()?;
    let team = state.ruleset().is_some_and(|r| r.seats_per_side > 1);
    let player = |side: Side| match side {
        Side::A => 0usize,
        Side::B => 1usize,
    };
    let mut game = gcg::Game {
        players: [
            gcg::Player {
                nick: "A".into(),
                name: names[0].into(),
            },
            gcg::Player {
                nick: "B".into(),
                name: names[1].into(),
            },
        ],
        ..gcg::Game::default()
    };
    let mut totals = [0i32; 2];
    let mut push = |game: &mut gcg::Game,
                    side: Side,
                    rack: String,
                    kind: gcg::EventKind,
                    score: i32,
                    seat: Option<Seat>| {
        let p = player(side);
        totals[p] += score;
        game.events.push(gcg::Event {
            line: 0,
            player: p,
            rack,
            kind,
            score,
            total: totals[p],
            rest: seat
                .filter(|_| team)
                .map(|s| s.to_string())
                .unwrap_or_default(),
            after: Vec::new(),
        });
    };
    // Turns and adjustments in the order they were recorded.
    let mut items: Vec<(u64, u8, usize)> = Vec::new();
    for (i, t) in state.turns.iter().enumerate() {
        items.push((t.seq, 0, i));
    }
    for (i, a) in state.adjustments.iter().enumerate() {
        items.push((a.seq, 1, i));
    }
    items.sort();
    let mut unseen = track.unseen();
    let mut racks_done = false;
    for (seq, what, i) in items {
        if what == 0 {
            let t = &state.turns[i];
            let side = t.seat.side;
            let seat = Some(t.seat);
            match &t.action {
                TurnAction::Play { mv: Some(mv), .. } => {
                    let Ok(m) = parse(mv) else { continue };
                    let score = if t.withdrawn { t.declared } else { t.recorded };
                    push(
                        &mut game,
                        side,
                        String::new(),
                        gcg::EventKind::Play(m),
                        score,
                        seat,
                    );
                    if t.withdrawn {
                        let kind = gcg::EventKind::Withdrawn;
                        push(&mut game, side, String::new(), kind, -score, seat);
                    }
                }
                TurnAction::Play { mv: None, .. } => {}
                TurnAction::Pass | TurnAction::LostTurn => {
                    push(
                        &mut game,
                        side,
                        String::new(),
                        gcg::EventKind::Pass,
                        0,
                        seat,
                    );
                }
                TurnAction::Exchange { tiles } => {
                    let kind = gcg::EventKind::Exchange(gcg::Exchanged::Tiles(tiles.clone()));
                    push(&mut game, side, String::new(), kind, 0, seat);
                }
            }
        } else {
            let a = &state.adjustments[i];
            match a.reason {
                AdjustmentReason::WordChallenge => {
                    // The seat whose play was ruled on.
                    let seat = state
                        .log
                        .iter()
                        .find(|e| e.seq == seq)
                        .and_then(|e| match &e.payload {
                            Payload::WordRuled { challenge, .. } => state.challenge(*challenge),
                            _ => None,
                        })
                        .and_then(|c| state.turns.get(c.turn as usize))
                        .map(|t| t.seat)
                        .filter(|s| s.side == a.side);
                    let kind = gcg::EventKind::ChallengeBonus;
                    push(&mut game, a.side, String::new(), kind, a.points, seat);
                }
                AdjustmentReason::Overtime => {
                    let kind = gcg::EventKind::TimePenalty;
                    push(&mut game, a.side, String::new(), kind, a.points, None);
                }
                AdjustmentReason::Racks if !racks_done => {
                    // Both sides' rack lines come from the one `racks_adjusted` event.
                    racks_done = true;
                    for (side, kind, points) in rack_lines(state, seq, &mut unseen, &track.set) {
                        let rack = match &kind {
                            gcg::EventKind::RackPenalty(t) => t.clone(),
                            _ => String::new(),
                        };
                        push(&mut game, side, rack, kind, points, None);
                    }
                }
                AdjustmentReason::Racks => {}
            }
        }
    }
    Some(game)
}

/// T19, N6-N7: the end-rack lines of the `racks_adjusted` event `seq`: an out line for the side
/// that played out (the opponents' tiles), then a penalty line for each side that loses points.
fn rack_lines(
    state: &State,
    seq: u64,
    unseen: &mut Rack,
    set: &TileSet,
) -> Vec<(Side, gcg::EventKind, i32)> {
    let Some((racks, points)) =
        state
            .log
            .iter()
            .find(|e| e.seq == seq)
            .and_then(|e| match &e.payload {
                Payload::RacksAdjusted { racks, points, .. } => Some((racks.clone(), *points)),
                _ => None,
            })
    else {
        return Vec::new();
    };
    let value = |side: Side| -> u32 {
        racks
            .iter()
            .filter(|(s, _)| s.side == side)
            .map(|(_, v)| *v)
            .sum()
    };
    let a = tiles_worth(unseen, set, value(Side::A));
    let b = tiles_worth(unseen, set, value(Side::B));
    let tiles_of = Sides { a, b };
    let mut out = Vec::new();
    for side in Side::BOTH {
        if points[side] > 0 {
            let t = tiles_of[side.other()].clone();
            out.push((side, gcg::EventKind::OutBonus(t), points[side]));
        }
    }
    for side in Side::BOTH {
        if points[side] < 0 {
            let t = tiles_of[side].clone();
            out.push((side, gcg::EventKind::RackPenalty(t), points[side]));
        }
    }
    out
}

/// Tiles not on the board worth exactly `value` (taken out of `unseen`); `?` when none are (a
/// blank is worth 0, so the line still reads).
fn tiles_worth(unseen: &mut Rack, set: &TileSet, value: u32) -> String {
    if unseen.value(set) == value && !unseen.is_empty() {
        let all = unseen.to_string();
        *unseen = Rack::new();
        return all;
    }
    // Subset sum over the letters left (at most 100 tiles, values up to a few hundred).
    let tiles: Vec<char> = unseen.to_string().chars().filter(|c| *c != '?').collect();
    let target = usize::try_from(value).unwrap_or(usize::MAX);
    if target == 0 || target > 1000 {
        return "?".into();
    }
    let mut from: Vec<Option<(usize, usize)>> = vec![None; target + 1];
    let mut reached = vec![false; target + 1];
    reached[0] = true;
    for (i, c) in tiles.iter().enumerate() {
        let v = usize::from(set.letter_value(*c));
        if v == 0 {
            continue;
        }
        for sum in (v..=target).rev() {
            if !reached[sum] && reached[sum - v] {
                reached[sum] = true;
                from[sum] = Some((i, sum - v));
            }
        }
    }
    if !reached[target] {
        return "?".into();
    }
    let mut picked = Vec::new();
    let mut sum = target;
    while let Some((i, prev)) = from[sum] {
        picked.push(tiles[i]);
        sum = prev;
    }
    picked.sort_unstable();
    for c in &picked {
        if let Some(t) = Tile::natural(*c) {
            unseen.take_tile(t);
        }
    }
    picked.into_iter().collect()
}
