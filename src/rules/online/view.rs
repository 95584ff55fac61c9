//! What a player or a spectator is shown: the board, scores, clocks, the sheet and the tiles
//! they may know. A player sees their own rack; nobody sees the opponent's rack or the bag's
//! contents apart from the unseen tiles as one multiset (bag + opponent's rack: the tracking
//! aid), nor which tiles the opponent exchanged or drew. [`public_event`] is the same rule for
//! the live stream: an event as a viewer may receive it.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::rules::game::{self, EndReason, GameResult, Side, Sides, Status, TurnAction};
use crate::rules::online::decide::{LOST_ON_TIME, RESIGNED};
use crate::rules::online::event::{OnlineEvent, OnlinePayload};
use crate::rules::online::settings::{Mode, OnlineSettings};
use crate::rules::online::state::OnlineState;

/// Who is looking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// A player, by side.
    Player(Side),
    /// Anyone else.
    Spectator,
}

/// How an online game ended, in O1/O2 terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnlineEnd {
    /// N6: a player played out with the bag empty.
    OutPlay,
    /// O1: no play was possible for either player.
    NoPlayPossible,
    /// O2: a player passed three times in a row.
    ThreePasses,
    /// N6: six scoreless turns.
    ScorelessTurns,
    /// O2: a clock reached zero (loss on time), or both did.
    Time,
    /// A player resigned.
    Resigned,
}

/// One turn as anyone may see it (an exchange shows only its number of tiles).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnView {
    /// Who played.
    pub side: Side,
    /// `play`, `pass`, `exchange` or `lost_turn`.
    pub kind: String,
    /// A play's move (GCG).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
    /// A play's words.
    pub words: Vec<String>,
    /// Tiles laid or exchanged.
    pub tiles: u8,
    /// The score recorded.
    pub score: i32,
    /// N5: challenged off.
    pub withdrawn: bool,
    /// O2/N5: the computer's check when the play was challenged (its last, if several).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<CheckedView>,
}

/// O2/N5: the words the computer checked for a challenge, and those not in the dictionary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckedView {
    /// Every word checked (those named, or all the play formed).
    pub words: Vec<String>,
    /// Those found invalid (empty: the play stands).
    pub invalid: Vec<String>,
}

/// The game as one viewer sees it. JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OnlineView {
    /// The settings.
    pub settings: Option<OnlineSettings>,
    /// The players' names.
    pub names: Sides<String>,
    /// Who is looking.
    pub viewer: Viewer,
    /// Where the game stands.
    pub status: Status,
    /// The side on turn.
    pub to_move: Option<Side>,
    /// The board, 15 rows, `.` empty, lowercase a blank.
    pub board: Vec<String>,
    /// Scores.
    pub scores: Sides<i32>,
    /// Milliseconds left on each clock at `now` (negative: overtime).
    pub clocks_ms: Option<Sides<i64>>,
    /// The viewer's own rack (players only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rack: Option<String>,
    /// Tiles on each rack.
    pub rack_counts: Sides<usize>,
    /// Tiles in the bag.
    pub bag_count: usize,
    /// C2: the tiles the viewer cannot see (bag + opponent's rack for a player, bag + both
    /// racks for a spectator), as one sorted multiset.
    pub unseen: String,
    /// The sheet.
    pub turns: Vec<TurnView>,
    /// N5: the last play may still be held or challenged.
    pub challengeable: bool,
    /// How the game ended.
    pub end: Option<OnlineEnd>,
    /// The result.
    pub result: Option<GameResult>,
}

/// The game as `viewer` sees it at `now`.
pub fn view(state: &OnlineState, viewer: Viewer, now: DateTime<Utc>) -> OnlineView {
    let g = &state.game;
    let unseen = match viewer {
        Viewer::Player(side) => state.unseen_by(side),
        Viewer::Spectator => state.unseen_by_spectator(),
    };
    let turns = g
        .turns
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let checked = state
                .checks
                .iter()
                .rev()
                .find(|c| c.turn as usize == i)
                .map(|c| CheckedView {
                    words: c.words.clone(),
                    invalid: c.invalid.clone(),
                });
            let (kind, mv, words, tiles) = match &t.action {
                TurnAction::Play { words, mv } => ("play", mv.clone(), words.clone(), t.tiles),
                TurnAction::Pass => ("pass", None, Vec::new(), 0),
                TurnAction::Exchange { tiles } => {
                    let n = u8::try_from(tiles.chars().count()).unwrap_or(u8::MAX);
                    ("exchange", None, Vec::new(), n)
                }
                TurnAction::LostTurn => ("lost_turn", None, Vec::new(), 0),
            };
            TurnView {
                side: t.seat.side,
                kind: kind.into(),
                mv,
                words,
                tiles,
                score: t.recorded,
                withdrawn: t.withdrawn,
                checked,
            }
        })
        .collect();
    OnlineView {
        settings: state.settings.clone(),
        names: state.names.clone(),
        viewer,
        status: g.status,
        to_move: state.side_to_move(),
        board: g.board.as_ref().map(|b| b.rows()).unwrap_or_default(),
        scores: g.scores(),
        clocks_ms: g.clocks.as_ref().map(|c| Sides {
            a: c.remaining_ms(Side::A, now),
            b: c.remaining_ms(Side::B, now),
        }),
        rack: match viewer {
            Viewer::Player(side) => Some(state.racks[side].to_string()),
            Viewer::Spectator => None,
        },
        rack_counts: Sides {
            a: state.racks.a.len(),
            b: state.racks.b.len(),
        },
        bag_count: state.bag.len(),
        unseen: unseen.to_string(),
        turns,
        challengeable: state
            .settings
            .as_ref()
            .is_some_and(|s| s.mode != Mode::Dictionary)
            && g.open_window(now).is_some()
            && g.open_challenges().next().is_none(),
        end: end_of(state),
        result: g.result.clone(),
    }
}

/// How the game ended, read from the engine's end and forfeit.
pub fn end_of(state: &OnlineState) -> Option<OnlineEnd> {
    let g = &state.game;
    let dictionary = state
        .settings
        .as_ref()
        .is_some_and(|s| s.mode == Mode::Dictionary);
    if g.forfeit.is_some() {
        let reason = g.log.iter().rev().find_map(|e| match &e.payload {
            game::Payload::WalkedOut { reason, .. } => Some(reason.clone()),
            _ => None,
        });
        return match reason.as_deref() {
            Some(LOST_ON_TIME) => Some(OnlineEnd::Time),
            Some(RESIGNED) | Some(_) | None => Some(OnlineEnd::Resigned),
        };
    }
    Some(match g.end? {
        EndReason::OutPlay { .. } => OnlineEnd::OutPlay,
        EndReason::Announced if dictionary => OnlineEnd::NoPlayPossible,
        EndReason::Announced | EndReason::ConsecutivePasses => OnlineEnd::ThreePasses,
        EndReason::ScorelessTurns => OnlineEnd::ScorelessTurns,
        EndReason::MatchTimeLimit | EndReason::BothClocksOut => OnlineEnd::Time,
    })
}

/// An event as `viewer` may receive it on the live stream: tiles that only their player may
/// know (a deal, the tiles drawn, the tiles exchanged, drawn tiles going back) are blanked out
/// (`""`; an engine exchange keeps only its number of tiles, e.g. `"3"`) for everyone else.
/// Tiles laid on the board are public.
pub fn public_event(event: &OnlineEvent, viewer: Viewer) -> OnlineEvent {
    let own = |seat: &game::Seat| viewer == Viewer::Player(seat.side);
    let mut e = event.clone();
    match &mut e.payload {
        OnlinePayload::Dealt { seat, tiles } if !own(seat) => tiles.clear(),
        OnlinePayload::PlayTiles { seat, drew, .. } if !own(seat) => drew.clear(),
        OnlinePayload::SwapTiles {
            seat,
            returned,
            drew,
        } if !own(seat) => {
            returned.clear();
            drew.clear();
        }
        OnlinePayload::TakeBack { seat, returned, .. } if !own(seat) => returned.clear(),
        OnlinePayload::Game {
            event: game::Payload::Exchanged { seat, tiles },
        } if !own(seat) => *tiles = tiles.chars().count().to_string(),
        _ => {}
    }
    e
}
