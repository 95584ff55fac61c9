//! What follows by rule after every command, without anyone asking: a loss on time (O2), the
//! ends O1 and O2 give (by the engine's announced end, in the server's name) and the end racks
//! (N6-N7), counted by the engine from the racks the server holds.

use crate::rules::game::{Command, Side, Status};
use crate::rules::movegen::{WordGraph, any_play};
use crate::rules::online::decide::{Batch, LOST_ON_TIME, committee, director, server_actor};
use crate::rules::online::error::OnlineError;
use crate::rules::online::settings::{AtZero, Mode, O2_PASSES, OnlineSettings};
use crate::rules::online::state::seat;

/// What follows by rule from the state: a loss on time (O2), the ends O1 and O2 give, and the
/// end racks (N6-N7, counted by the engine from the server's racks).
pub(super) fn consequences(b: &mut Batch, dictionary: &WordGraph) -> Result<(), OnlineError> {
    let Some(settings) = b.state.settings.clone() else {
        return Ok(());
    };
    for _ in 0..8 {
        let g = &b.state.game;
        let open = g.open_challenges().next().is_some();
        if settings.at_zero == AtZero::LossOnTime
            && g.forfeit.is_none()
            && g.result.is_none()
            && g.status != Status::Created
            && let Some(side) = Side::BOTH.into_iter().find(|s| g.flagged[*s])
        {
            // O2: the game ends on time: the player at zero loses.
            let reason = LOST_ON_TIME.to_string();
            b.game(Command::Walkout { side, reason }, &committee())?;
            continue;
        }
        if g.status == Status::InProgress
            && !open
            && g.open_window(b.now).is_none()
            && ends_now(b, &settings, dictionary)
        {
            b.game(Command::AnnounceEnd, &director())?;
            continue;
        }
        // The racks are counted once the last play can no longer be challenged off (its
        // tiles would go back), so no rack is shown while the game may still resume.
        if g.racks_due() && !open && g.window.is_none() {
            let tiles = Side::BOTH
                .into_iter()
                .filter(|s| !b.state.racks[*s].is_empty())
                .map(|s| (seat(s), b.state.racks[s].to_string()))
                .collect();
            let racks = Default::default();
            b.game(Command::AdjustRacks { racks, tiles }, &server_actor())?;
            continue;
        }
        break;
    }
    Ok(())
}

/// O1: neither player can make any play (no word fits either rack, and the bag is too small
/// to exchange); O2: one player has passed three of their own turns in a row.
fn ends_now(b: &Batch, settings: &OnlineSettings, dictionary: &WordGraph) -> bool {
    match settings.mode {
        Mode::Challenge { .. } => Side::BOTH
            .into_iter()
            .any(|s| b.state.passes_in_row(s) >= O2_PASSES),
        Mode::Dictionary => {
            let (Some(track), Some(r)) = (b.state.game.board.as_ref(), b.state.game.ruleset())
            else {
                return false;
            };
            if b.state.bag.len() >= r.exchange.min_bag as usize {
                return false;
            }
            !Side::BOTH
                .into_iter()
                .any(|s| any_play(dictionary, &track.set, &track.board, &b.state.racks[s]))
        }
    }
}
