//! The state of a match: the score sheet, racks, clocks, challenges and result that the events
//! fold into ([`super::fold`]), and the questions the rules ask of it.
//!
//! Only types and read-only queries live here. Applying events is [`super::fold`], deciding
//! them [`super::decide`], showing them [`super::view`]; this module imports none of those.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::rules::clock::{Clocks, after};
use crate::rules::game::board_mode::BoardTrack;
use crate::rules::game::{
    EndReason, Event, GameResult, ResultReason, Seat, SheetLine, Side, Sides,
};
use crate::rules::ruleset::{OvertimePolicy, Ruleset, ScoreCorrections};
use crate::rules::tiles::Rack;

/// Where a match stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// No `created` event yet.
    #[default]
    New,
    /// Created, waiting for the draw (T1/N3).
    Created,
    /// Being played.
    InProgress,
    /// Play is over (T17/N6); racks, overtime or rulings are still to be recorded.
    Ended,
    /// The result is declared (T18).
    Finished,
}

/// What a turn was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TurnAction {
    /// A play (T6).
    Play {
        /// Words formed.
        words: Vec<String>,
        /// Board mode: the GCG move.
        #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
        mv: Option<String>,
    },
    /// A pass.
    Pass,
    /// An exchange (T9/T10, N4).
    Exchange {
        /// The tiles returned.
        tiles: String,
    },
    /// N5 double challenge: the turn lost by an unsuccessful challenger.
    LostTurn,
}

/// One line of the score sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Turn {
    /// The seq of the event that made the turn.
    pub seq: u64,
    /// Who was on turn.
    pub seat: Seat,
    /// When the turn was finished.
    pub at: DateTime<Utc>,
    /// What was done.
    pub action: TurnAction,
    /// Tiles laid from the rack.
    pub tiles: u8,
    /// Tiles drawn from the bag afterwards.
    pub drawn: u8,
    /// The announced score (T6).
    pub declared: i32,
    /// The true score when known (board mode, or after a score challenge).
    pub actual: Option<i32>,
    /// The score that counts.
    pub recorded: i32,
    /// T13/N5: the play was challenged off and scores 0.
    pub withdrawn: bool,
}

/// Why a side's score changed outside its turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AdjustmentReason {
    /// T12/T13, N5 5/10-point: a word challenge ruling.
    WordChallenge,
    /// T19, N6-N7: tiles left on the racks.
    Racks,
    /// N2: overtime.
    Overtime,
}

/// Points added to or taken from a side outside its turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Adjustment {
    /// The seq of the event that made it.
    pub seq: u64,
    /// The side.
    pub side: Side,
    /// Points (negative: taken).
    pub points: i32,
    /// Why.
    pub reason: AdjustmentReason,
}

/// What is challenged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChallengeKind {
    /// T11-T13, N5: words.
    Word {
        /// The words (empty: the whole play).
        words: Vec<String>,
    },
    /// T8: the declared score.
    Score,
}

/// How a challenge was ruled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChallengeRuling {
    /// T12/T13: the words were valid or not.
    Word {
        /// Whether valid.
        valid: bool,
    },
    /// T8: the actual score and the score recorded.
    Score {
        /// The true score.
        actual: i32,
        /// The score recorded.
        recorded: i32,
    },
    /// T18b-c: the match was forfeited while the challenge was open; nothing left to rule.
    Dropped,
    /// T13: the play was withdrawn by another challenge while this one was open; there is no
    /// score or word left to rule on.
    Withdrawn,
}

/// A challenge (the PIC queue shows the open ones).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Challenge {
    /// The id: the seq of the event that opened it.
    pub id: u64,
    /// The turn challenged (index in the sheet).
    pub turn: u32,
    /// The challenger.
    pub by: Seat,
    /// When it was opened.
    pub opened_at: DateTime<Utc>,
    /// What is challenged.
    pub kind: ChallengeKind,
    /// The ruling, once made (T11: exactly once).
    pub ruling: Option<ChallengeRuling>,
}

/// T7/N5: the objection window of the last play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    /// The play's turn index.
    pub turn: u32,
    /// When the play was finished.
    pub opened_at: DateTime<Utc>,
    /// N5: when hold was called.
    pub hold_at: Option<DateTime<Utc>>,
}

/// N9: a turn's score put right after its line was complete, as the results slip shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ScoreCorrection {
    /// The seq of the `score_corrected` event.
    pub seq: u64,
    /// Index of the turn in the sheet.
    pub turn: u32,
    /// Who played the turn.
    pub seat: Seat,
    /// Who found the mistake.
    pub by: Seat,
    /// The score recorded before.
    pub from: i32,
    /// The score recorded now.
    pub to: i32,
}

/// A side that lost by forfeit (T18b-c).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Forfeit {
    /// The side that forfeited.
    pub side: Side,
    /// Disqualification or walkout.
    pub reason: ResultReason,
}

/// The folded state of one match. Not a storage format: store the events and [`fold`] them
/// (the API shows [`View`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// The ruleset from the `created` event.
    pub ruleset: Option<Ruleset>,
    /// Where the match stands.
    pub status: Status,
    /// T1: seats in turn order.
    pub order: Vec<Seat>,
    /// Turn counter: `order[to_move % order.len()]` is on turn.
    pub to_move: usize,
    /// The clocks (from the start).
    pub clocks: Option<Clocks>,
    /// When play started (T3 counts from here).
    pub started_at: Option<DateTime<Utc>>,
    /// T5/N2: sides whose clock has reached zero.
    pub flagged: Sides<bool>,
    /// T3: the match time limit was reached.
    pub time_up: bool,
    /// Tiles in the bag.
    pub bag: u32,
    /// Tiles on each rack.
    pub racks: BTreeMap<Seat, u8>,
    /// The score sheet.
    pub turns: Vec<Turn>,
    /// Points outside turns.
    pub adjustments: Vec<Adjustment>,
    /// The score sheet: one line per change of a side's score (C8); each side's lines add up
    /// to its total in [`State::scores`].
    pub sheet: Vec<SheetLine>,
    /// Every challenge, open and ruled.
    pub challenges: Vec<Challenge>,
    /// The open objection window, if any.
    pub window: Option<Window>,
    /// N5 double: a side that loses its next turn.
    pub lost_turn_pending: Sides<bool>,
    /// Why play ended.
    pub end: Option<EndReason>,
    /// T19: racks counted.
    pub racks_counted: bool,
    /// N2: overtime applied.
    pub overtime_done: bool,
    /// T18b-c: disqualification or walkout.
    pub forfeit: Option<Forfeit>,
    /// T18: the result.
    pub result: Option<GameResult>,
    /// N9: score corrections made after the objection window.
    pub score_corrections: Vec<ScoreCorrection>,
    /// N9: the sides whose player verified the results slip (since the last correction).
    pub slip_verified: Sides<bool>,
    /// The seq of the last event.
    pub last_seq: u64,
    /// The latest time of any event: decisions never go back before it.
    pub last_at: Option<DateTime<Utc>>,
    /// Every event applied, reversed ones included, so a correction can re-fold (E3). Shared
    /// (`Arc`): a decision works on a copy of the state, and copying the log is then cheap.
    pub log: Vec<std::sync::Arc<Event>>,
    /// Board mode: the board with every standing play on it.
    pub board: Option<BoardTrack>,
}

/// A turn's index in the sheet as the events number it.
pub(super) fn turn_index(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

impl State {
    /// The ruleset; `None` before the `created` event.
    pub fn ruleset(&self) -> Option<&Ruleset> {
        self.ruleset.as_ref()
    }

    /// T5: whether a side may still move (always, unless it is flagged under "no more moves").
    pub fn can_move(&self, side: Side) -> bool {
        let stops = self
            .ruleset
            .as_ref()
            .is_some_and(|r| r.clock.overtime == OvertimePolicy::NoMoreMoves);
        !(self.flagged[side] && stops)
    }

    /// The seat on turn, if the game is being played and someone can move.
    pub fn seat_to_move(&self) -> Option<Seat> {
        if self.status != Status::InProgress || self.order.is_empty() {
            return None;
        }
        let seat = self.order[self.to_move % self.order.len()];
        self.can_move(seat.side).then_some(seat)
    }

    /// A challenge by id.
    pub fn challenge(&self, id: u64) -> Option<&Challenge> {
        self.challenges.iter().find(|c| c.id == id)
    }

    /// Challenges waiting for a ruling (T11 queue).
    pub fn open_challenges(&self) -> impl Iterator<Item = &Challenge> {
        self.challenges.iter().filter(|c| c.ruling.is_none())
    }

    /// Each side's total: recorded turn scores plus adjustments.
    pub fn scores(&self) -> Sides<i32> {
        let mut s = Sides { a: 0i32, b: 0i32 };
        for t in &self.turns {
            s[t.seat.side] = s[t.seat.side].saturating_add(t.recorded);
        }
        for a in &self.adjustments {
            s[a.side] = s[a.side].saturating_add(a.points);
        }
        s
    }

    /// Whether a non-withdrawn play is on the board (T2: the opening is behind us).
    pub fn board_has_tiles(&self) -> bool {
        self.turns
            .iter()
            .any(|t| matches!(t.action, TurnAction::Play { .. }) && !t.withdrawn)
    }

    /// When the objection window closes by time (N5), or `None` when it stays open until the
    /// next action or an `accept` (T7).
    pub fn window_closes_at(&self) -> Option<DateTime<Utc>> {
        let w = self.window.as_ref()?;
        let r = self.ruleset.as_ref()?;
        let grace = i64::try_from(r.objection.grace_ms?).unwrap_or(i64::MAX);
        match (w.hold_at, r.objection.hold_ms) {
            (Some(h), Some(ms)) => Some(after(h, i64::try_from(ms).unwrap_or(i64::MAX))),
            _ => Some(after(w.opened_at, grace)),
        }
    }

    /// The play open to objection at `now` (T7/N5), if any.
    pub fn open_window(&self, now: DateTime<Utc>) -> Option<&Window> {
        let w = self.window.as_ref()?;
        match self.window_closes_at() {
            // Closed from the closing moment on, as the sweeper records it.
            Some(c) if now >= c => None,
            _ => Some(w),
        }
    }

    /// T17a: the seat that played out with the bag empty, if any.
    pub fn out_seat(&self) -> Option<Seat> {
        if self.bag != 0 || self.status == Status::Created {
            return None;
        }
        self.racks
            .iter()
            .find(|(_, n)| **n == 0)
            .map(|(seat, _)| *seat)
    }

    /// T19: the game is over and its racks are still to be counted (the ruleset counts them).
    pub fn racks_due(&self) -> bool {
        self.status == Status::Ended
            && self.end.is_some()
            && self.forfeit.is_none()
            && !self.racks_counted
            && self
                .ruleset
                .as_ref()
                .is_some_and(|r| r.end_rack_rule.effects().counted)
    }

    /// Board mode with the bag empty: the tiles on all racks together are the set less the
    /// board's tiles (C2). `None` when that is not known (sheet mode, tiles still in the bag).
    pub fn tiles_on_racks(&self) -> Option<Rack> {
        let track = self.board.as_ref()?;
        if self.bag != 0 || self.status == Status::New || self.status == Status::Created {
            return None;
        }
        let mut unseen = track.set.full_bag();
        for (_, tile) in track.board.tiles() {
            // The board and the set disagree only on a log that broke the rules: unknown then.
            if !unseen.take_tile(tile) {
                return None;
            }
        }
        Some(unseen)
    }

    /// T19, board mode: the racks the board tells, when only one seat still holds tiles (the
    /// others played out or emptied theirs): that seat holds every tile not on the board.
    pub fn known_racks(&self) -> BTreeMap<Seat, String> {
        let holding: Vec<Seat> = self
            .racks
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(s, _)| *s)
            .collect();
        match (self.tiles_on_racks(), holding.as_slice()) {
            (Some(rack), [seat]) if rack.len() == usize::from(self.racks[seat]) => {
                [(*seat, rack.to_string())].into_iter().collect()
            }
            _ => BTreeMap::new(),
        }
    }

    /// N9: whether the result is final: declared and, where the ruleset asks for it, the slip
    /// verified by both sides.
    pub fn result_final(&self) -> bool {
        let verify = self
            .ruleset
            .as_ref()
            .is_some_and(|r| r.score_corrections == ScoreCorrections::UntilSlipVerified);
        // T18b-c: a forfeit is the committee's decision; nothing on the slip changes it.
        self.result.is_some()
            && (!verify || self.forfeit.is_some() || (self.slip_verified.a && self.slip_verified.b))
    }
}
