//! The game record exported (issue 16): a readable sheet as CSV, one line per turn and player
//! (rack, top, the referee's choice, the slip as written and what it scored), and the master
//! game as GCG (C8), written by `rules::gcg` so it reads back with the project's own reader
//! and re-scores to the same totals.

use super::views::csv_field;
use crate::db::DbConn;
use crate::error::AppError;
use crate::rules::duplicate::State;
use crate::rules::gcg::{self, EventKind, Game, Pragma};
use crate::rules::notation::Move;
use crate::services::desk::Desk;
use crate::services::events;
use crate::vocab::{DuplicateGameId, UserId};

/// A game's state for someone who may read its event.
fn readable(
    conn: &mut DbConn,
    desk: &Desk,
    user: Option<UserId>,
    game: DuplicateGameId,
) -> Result<(String, i32, State), AppError> {
    let (row, s) = super::state(conn, desk, game)?;
    let ev = events::readable(conn, user, row.event_id)?;
    Ok((ev.name, row.game_no, s))
}

/// The record as CSV: one line per turn and player, turns without slips once.
pub fn record_csv(
    conn: &mut DbConn,
    desk: &Desk,
    user: Option<UserId>,
    game: DuplicateGameId,
) -> Result<String, AppError> {
    let (_, _, s) = readable(conn, desk, user, game)?;
    let mut out = String::from(
        "turn,rack,top_reference,top_word,top_score,tied_tops,referee_choice,player,reference,word,points_written,score,warnings,zero\n",
    );
    for t in &s.turns {
        let top = t.top.as_ref().and_then(|c| c.play());
        let head = format!(
            "{},{},{},{},{},{},{}",
            t.number,
            csv_field(&t.rack.to_string()),
            csv_field(top.map_or("", |p| p.reference.as_str())),
            csv_field(top.map_or("", |p| p.main_word.as_str())),
            top.map_or(String::new(), |p| p.score.to_string()),
            t.top.as_ref().map_or(0, |c| c.candidates.len()),
            t.top.as_ref().is_some_and(|c| c.referee_choice),
        );
        let mut any = false;
        for ((_, player), v) in s.slips.range((t.number, 0)..=(t.number, u32::MAX)) {
            any = true;
            let zero = v
                .zero
                .as_ref()
                .and_then(|z| serde_json::to_value(z).ok())
                .and_then(|z| z["kind"].as_str().map(str::to_owned))
                .unwrap_or_default();
            out.push_str(&format!(
                "{head},{player},{},{},{},{},{},{}\n",
                csv_field(&v.slip.reference),
                csv_field(&v.slip.word),
                v.slip.points.map_or(String::new(), |p| p.to_string()),
                v.score,
                v.warnings,
                csv_field(&zero),
            ));
        }
        if !any {
            out.push_str(&format!("{head},,,,,,,\n"));
        }
    }
    Ok(out)
}

/// The master game as a GCG record: one player ("Master") playing every placed top, with
/// the turn's rack and the running top total.
pub fn master_gcg(s: &State, title: &str) -> String {
    let mut game = Game::default();
    game.players[0] = gcg::Player {
        nick: "Master".into(),
        name: "Duplicate master game".into(),
    };
    game.players[1] = gcg::Player {
        nick: "Nobody".into(),
        name: String::new(),
    };
    let ruleset = s.ruleset.clone().unwrap_or_default();
    game.header.push(Pragma {
        keyword: "title".into(),
        value: title.to_owned(),
    });
    game.header.push(Pragma {
        keyword: "lexicon".into(),
        value: ruleset.lexicon.clone(),
    });
    game.header.push(Pragma {
        keyword: "tile-distribution".into(),
        value: ruleset.tile_set.clone(),
    });
    let mut total = 0i32;
    for t in s.turns.iter().filter(|t| t.placed) {
        let Some(top) = t.top.as_ref().and_then(|c| c.play()) else {
            continue;
        };
        let Ok(mv) = Move::parse_gcg(&top.position, &top.word) else {
            continue;
        };
        let score = i32::try_from(top.score).unwrap_or(i32::MAX);
        total = total.saturating_add(score);
        game.events.push(gcg::Event {
            line: 0,
            player: 0,
            rack: t.rack.to_string(),
            kind: EventKind::Play(mv),
            score,
            total,
            rest: String::new(),
            after: vec![Pragma {
                keyword: "note".into(),
                value: format!("turn {}", t.number),
            }],
        });
    }
    gcg::write(&game)
}

/// The master game as GCG, for someone who may read the event.
pub fn record_gcg(
    conn: &mut DbConn,
    desk: &Desk,
    user: Option<UserId>,
    game: DuplicateGameId,
) -> Result<String, AppError> {
    let (name, game_no, s) = readable(conn, desk, user, game)?;
    Ok(master_gcg(&s, &format!("{name}, game {game_no}")))
}
