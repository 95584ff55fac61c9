//! The folded state of an online game: the engine's [`game::State`] (scores, turns, clocks,
//! challenges, the end and the result, folded by the engine's own `apply`) plus the tiles the
//! server holds: both racks and the bag, as multisets. Applying never fails and never checks a
//! rule (decisions did), so replaying the log rebuilds the same state.

use chrono::{DateTime, Utc};

use crate::rules::game::{self, Seat, Side, Sides, Status};
use crate::rules::online::event::{OnlineEvent, OnlinePayload};
use crate::rules::online::settings::OnlineSettings;
use crate::rules::tiles::{Rack, TileSet};

/// The state of one online game. Server-side: it holds both racks; show [`super::view`].
#[derive(Clone, Debug, Default)]
pub struct OnlineState {
    /// The seek's settings (from `opened`).
    pub settings: Option<OnlineSettings>,
    /// The players' names.
    pub names: Sides<String>,
    /// The engine's state: board, sheet, clocks, challenges, result.
    pub game: game::State,
    /// Each player's rack.
    pub racks: Sides<Rack>,
    /// The bag: every tile not on the board or a rack.
    pub bag: Rack,
    /// The rack each turn of the sheet was taken from (same index as `game.turns`), for the
    /// record (C8).
    pub turn_racks: Vec<Rack>,
    /// The tiles of the last play, to take back if it is challenged off (N5).
    pub last_play: Option<PlayTiles>,
    /// O2/N5: the computer's checks of challenged plays, in order.
    pub checks: Vec<WordsCheck>,
    /// The seq of the last event.
    pub last_seq: u64,
    /// The time of the last event.
    pub last_at: Option<DateTime<Utc>>,
}

/// O2/N5: the words the computer checked for a challenge of the play at sheet index `turn`,
/// and those it found invalid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordsCheck {
    /// The sheet index of the play.
    pub turn: u32,
    /// The words checked.
    pub words: Vec<String>,
    /// Those not in the dictionary.
    pub invalid: Vec<String>,
}

/// The tiles a play laid and drew.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayTiles {
    /// The seat.
    pub seat: Seat,
    /// The rack tiles laid.
    pub laid: Rack,
    /// The tiles drawn after it.
    pub drew: Rack,
}

/// Folds a stored log. Events must be in seq order.
pub fn fold<'a>(events: impl IntoIterator<Item = &'a OnlineEvent>) -> OnlineState {
    let mut s = OnlineState::default();
    for e in events {
        apply(&mut s, e);
    }
    s
}

fn parse(tiles: &str) -> Rack {
    Rack::parse(tiles).unwrap_or_default()
}

/// Applies one event. Never fails.
pub fn apply(s: &mut OnlineState, e: &OnlineEvent) {
    match &e.payload {
        OnlinePayload::Opened { settings, names } => {
            s.settings = Some(settings.clone());
            s.names = names.clone();
            s.bag = TileSet::by_name(&settings.tile_set)
                .map(|set| set.full_bag())
                .unwrap_or_default();
        }
        OnlinePayload::Game { event } => {
            let before = s.game.turns.len();
            let ge = game::Event {
                seq: s.game.last_seq + 1,
                at: e.at,
                actor: e.actor.clone(),
                payload: event.clone(),
            };
            game::apply(&mut s.game, &ge);
            // Turns the event made (a play, a pass, an exchange, a lost turn) were taken from
            // the rack as it stands: tile movements are recorded after the engine's event.
            for t in &s.game.turns[before.min(s.game.turns.len())..] {
                s.turn_racks.push(s.racks[t.seat.side]);
            }
        }
        OnlinePayload::Dealt { seat, tiles } => {
            draw(s, seat.side, &parse(tiles));
        }
        OnlinePayload::PlayTiles { seat, laid, drew } => {
            let laid = parse(laid);
            let drew = parse(drew);
            s.racks[seat.side].take_all(&laid);
            draw(s, seat.side, &drew);
            s.last_play = Some(PlayTiles {
                seat: *seat,
                laid,
                drew,
            });
        }
        OnlinePayload::SwapTiles {
            seat,
            returned,
            drew,
        } => {
            draw(s, seat.side, &parse(drew));
            let back = parse(returned);
            s.racks[seat.side].take_all(&back);
            add_all(&mut s.bag, &back);
        }
        OnlinePayload::TakeBack {
            seat,
            laid,
            returned,
        } => {
            let back = parse(returned);
            s.racks[seat.side].take_all(&back);
            add_all(&mut s.bag, &back);
            add_all(&mut s.racks[seat.side], &parse(laid));
            s.last_play = None;
        }
        OnlinePayload::WordsChecked {
            turn,
            words,
            invalid,
        } => s.checks.push(WordsCheck {
            turn: *turn,
            words: words.clone(),
            invalid: invalid.clone(),
        }),
    }
    s.last_seq = e.seq;
    s.last_at = Some(s.last_at.map_or(e.at, |t| t.max(e.at)));
}

fn draw(s: &mut OnlineState, side: Side, tiles: &Rack) {
    s.bag.take_all(tiles);
    add_all(&mut s.racks[side], tiles);
}

fn add_all(into: &mut Rack, tiles: &Rack) {
    for c in tiles.to_string().chars() {
        if c == '?' {
            into.add_blank();
        } else {
            into.add_letter(c);
        }
    }
}

/// A player's seat (one per side online).
pub fn seat(side: Side) -> Seat {
    Seat::new(side, 1)
}

impl OnlineState {
    /// Whether the game is over (result declared or play ended).
    pub fn is_over(&self) -> bool {
        matches!(self.game.status, Status::Ended | Status::Finished)
    }

    /// The side on turn, if play is on.
    pub fn side_to_move(&self) -> Option<Side> {
        self.game.seat_to_move().map(|s| s.side)
    }

    /// C2: the tiles `side` cannot see: the bag and the opponent's rack, as one multiset (the
    /// tracking aid; it says nothing of which are on the rack).
    pub fn unseen_by(&self, side: Side) -> Rack {
        let mut r = self.bag;
        add_all(&mut r, &self.racks[side.other()]);
        r
    }

    /// C2: the tiles a spectator cannot see: the bag and both racks, as one multiset.
    pub fn unseen_by_spectator(&self) -> Rack {
        let mut r = self.unseen_by(Side::A);
        add_all(&mut r, &self.racks[Side::A]);
        r
    }

    /// O2: the passes `side` made on its own last turns, in a row (the opponent's turns
    /// in between do not break the run; the player's own play or exchange does).
    pub fn passes_in_row(&self, side: Side) -> usize {
        self.game
            .turns
            .iter()
            .rev()
            .filter(|t| t.seat.side == side)
            .take_while(|t| t.action == game::TurnAction::Pass)
            .count()
    }
}
