//! C8: a finished online game as GCG, through the engine's export ([`game::to_gcg`]), with the
//! rack each turn was played from (the server knew it) and the lexicon pragma. Only a finished
//! game exports: a live one's record would show the racks.

use crate::rules::game;
use crate::rules::gcg;
use crate::rules::online::error::OnlineError;
use crate::rules::online::state::OnlineState;

/// The game record of a finished game (C8); the GCG's final totals equal the result.
pub fn to_gcg(state: &OnlineState) -> Result<gcg::Game, OnlineError> {
    if state.game.status != game::Status::Finished {
        return Err(OnlineError::NotFinished);
    }
    let names = [state.names.a.as_str(), state.names.b.as_str()];
    let mut record = game::to_gcg(&state.game, names).ok_or(OnlineError::NotFinished)?;
    // The engine writes turns in sheet order: the n-th play, pass or exchange is turn n.
    let mut racks = state.turn_racks.iter();
    for e in &mut record.events {
        if matches!(
            e.kind,
            gcg::EventKind::Play(_) | gcg::EventKind::Pass | gcg::EventKind::Exchange(_)
        ) && let Some(rack) = racks.next()
        {
            e.rack = rack.to_string();
        }
    }
    if let Some(s) = &state.settings {
        record.header.push(gcg::Pragma {
            keyword: "lexicon".into(),
            value: s.lexicon.to_uppercase(),
        });
    }
    Ok(record)
}

/// [`to_gcg`] written as GCG text.
pub fn to_gcg_text(state: &OnlineState) -> Result<String, OnlineError> {
    to_gcg(state).map(|g| gcg::write(&g))
}
