//! What the API shows of a match: the [`View`] at a given `now` (clocks run down, flags caught
//! up) and the N8 results slip ([`ResultSlip`]).
//!
//! A projection: it reads the [`State`] and changes nothing. It sits above the decisions,
//! because showing a match at `now` means catching time up first ([`super::decide`]).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::rules::clock::ClockMode;
use crate::rules::game::board_mode::BoardTrack;
use crate::rules::game::decide::caught_up;
use crate::rules::game::state::turn_index;
use crate::rules::game::{
    Adjustment, Challenge, ChallengeKind, ChallengeRuling, EndReason, Forfeit, GameResult, Payload,
    ScoreCorrection, Seat, SheetLine, Side, Sides, State, Status, Turn, TurnAction,
};

impl State {
    /// What the API shows at `now`: clocks and flags are brought up to date first.
    pub fn view(&self, now: DateTime<Utc>) -> View {
        let s = caught_up(self, now);
        let now = s.last_at.map_or(now, |t| now.max(t));
        let clocks_ms = match &s.clocks {
            Some(c) => Sides {
                a: c.remaining_ms(Side::A, now),
                b: c.remaining_ms(Side::B, now),
            },
            None => {
                let full = s
                    .ruleset
                    .as_ref()
                    .map_or(0, |r| i64::try_from(r.clock.side_ms).unwrap_or(i64::MAX));
                Sides { a: full, b: full }
            }
        };
        let challenge_allowance_ms = match &s.clocks {
            Some(c) => c.allowance_remaining_ms(now),
            None => s
                .ruleset
                .as_ref()
                .and_then(|r| r.clock.challenge_allowance_ms)
                .map(|a| i64::try_from(a).unwrap_or(i64::MAX)),
        };
        let match_remaining_ms = match (&s.ruleset, s.started_at) {
            (Some(r), Some(start)) => r.clock.match_limit_ms.map(|l| {
                let end = if s.status == Status::InProgress {
                    now
                } else {
                    s.clocks.as_ref().map_or(now, |c| c.since)
                };
                let l = i64::try_from(l).unwrap_or(i64::MAX);
                (l - crate::rules::clock::elapsed_ms(start, end)).max(0)
            }),
            _ => None,
        };
        let objection_window = s.open_window(now).map(|w| WindowView {
            turn: w.turn,
            seat: s.turns.get(w.turn as usize).map(|t| t.seat),
            closes_at: s.window_closes_at(),
            held: w.hold_at.is_some(),
        });
        let seat_to_move = s.seat_to_move();
        View {
            status: s.status,
            // The log's last seq, not the caught-up one: flags and limits shown above are not
            // recorded yet, and a client sends this back as `expected_seq`, which must match the
            // log (the command then records them first).
            last_seq: self.last_seq,
            side_to_move: seat_to_move.map(|seat| seat.side),
            seat_to_move,
            order: s.order.clone(),
            scores: s.scores(),
            clocks_ms,
            clock_mode: s.clocks.as_ref().map_or(ClockMode::Stopped, |c| c.mode),
            challenge_allowance_ms,
            match_remaining_ms,
            flagged: s.flagged,
            bag: s.started_at.map(|_| s.bag),
            racks: s.racks.clone(),
            open_challenges: s.open_challenges().cloned().collect(),
            objection_window,
            turns: s.turns.clone(),
            adjustments: s.adjustments.clone(),
            sheet: s.sheet.clone(),
            racks_due: s.racks_due(),
            known_racks: if s.racks_due() {
                s.known_racks()
            } else {
                BTreeMap::new()
            },
            end: s.end,
            forfeit: s.forfeit.clone(),
            result: s.result.clone(),
            board: s.board.as_ref().map(BoardTrack::rows),
            slip: s.slip(),
        }
    }
}

/// N8: the results slip.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ResultSlip {
    /// Final totals.
    pub scores: Sides<i32>,
    /// A's total minus B's.
    pub spread: i32,
    /// Every word challenged, with the ruling (`true`: valid).
    pub challenged_words: Vec<(String, bool)>,
    /// The highest-scoring play: seat, words and recorded score.
    pub best_play: Option<(Seat, Vec<String>, i32)>,
    /// N8: the highest-scoring word, with its score (see [`BestWord`]).
    pub best_word: Option<BestWord>,
    /// Board mode: the letters the blanks stand for, in the order they stand on the board.
    pub blanks: Vec<char>,
    /// N9: scores put right after their line was complete, each a record of its own.
    pub corrections: Vec<ScoreCorrection>,
    /// N9: the sides whose player has verified this slip.
    pub verified: Sides<bool>,
    /// N9: the result is final (both players verified the slip, or the ruleset does not ask them
    /// to); score corrections are refused from then on.
    pub result_final: bool,
    /// N8: both sides' names (players or teams), as the match was created.
    pub names: Option<Sides<String>>,
}

/// N8: the highest-scoring word of the game. Board mode: each word formed scores as the board
/// scores it (C5, premiums under the new tiles), the bingo bonus (C6) going with the main word,
/// whatever a score challenge recorded for the turn. Sheet mode knows only turn scores, so a
/// turn's recorded score stands for its main word. Withdrawn plays do not count; on equal
/// scores the earlier word is listed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BestWord {
    /// Who played it.
    pub seat: Seat,
    /// The turn (index in the sheet).
    pub turn: u32,
    /// The word.
    pub word: String,
    /// Its score.
    pub score: i32,
}

impl State {
    /// N8: the results slip, once the result is declared.
    pub fn slip(&self) -> Option<ResultSlip> {
        let result = self.result.as_ref()?;
        let mut challenged_words = Vec::new();
        for c in &self.challenges {
            if let (ChallengeKind::Word { words }, Some(ChallengeRuling::Word { valid })) =
                (&c.kind, &c.ruling)
            {
                let words = if words.is_empty() {
                    match self.turns.get(c.turn as usize).map(|t| &t.action) {
                        Some(TurnAction::Play { words, .. }) => words.clone(),
                        _ => Vec::new(),
                    }
                } else {
                    words.clone()
                };
                challenged_words.extend(words.into_iter().map(|w| (w, *valid)));
            }
        }
        let best_play = self
            .turns
            .iter()
            .filter(|t| !t.withdrawn)
            .filter_map(|t| match &t.action {
                TurnAction::Play { words, .. } => Some((t.seat, words.clone(), t.recorded)),
                _ => None,
            })
            .max_by_key(|(_, _, score)| *score);
        let best_word = self.best_word();
        let names = self.log.first().and_then(|e| match &e.payload {
            Payload::Created { names, .. } => names.clone(),
            _ => None,
        });
        let blanks = self
            .board
            .as_ref()
            .map(|b| {
                b.rows()
                    .iter()
                    .flat_map(|r| r.chars().filter(|c| c.is_lowercase()).collect::<Vec<_>>())
                    .map(|c| c.to_ascii_uppercase())
                    .collect()
            })
            .unwrap_or_default();
        Some(ResultSlip {
            scores: result.scores,
            spread: result.scores.a - result.scores.b,
            challenged_words,
            best_play,
            best_word,
            blanks,
            corrections: self.score_corrections.clone(),
            verified: self.slip_verified,
            result_final: self.result_final(),
            names,
        })
    }

    /// N8: the highest-scoring word (see [`BestWord`]).
    fn best_word(&self) -> Option<BestWord> {
        let mut best: Option<BestWord> = None;
        for (i, t) in self.turns.iter().enumerate() {
            let TurnAction::Play { words, .. } = &t.action else {
                continue;
            };
            if t.withdrawn {
                continue;
            }
            let turn = turn_index(i);
            let scored: Vec<(String, i32)> =
                match self.board.as_ref().and_then(|b| b.breakdown(turn)) {
                    Some(p) => p
                        .words
                        .iter()
                        .enumerate()
                        .map(|(k, w)| {
                            let bonus = if k == 0 { p.bingo_bonus } else { 0 };
                            let score = i32::try_from(w.score + bonus).unwrap_or(i32::MAX);
                            (w.word.clone(), score)
                        })
                        .collect(),
                    None => words
                        .first()
                        .map(|w| (w.clone(), t.recorded))
                        .into_iter()
                        .collect(),
                };
            for (word, score) in scored {
                if best.as_ref().is_none_or(|b| score > b.score) {
                    best = Some(BestWord {
                        seat: t.seat,
                        turn,
                        word,
                        score,
                    });
                }
            }
        }
        best
    }
}

/// The objection window as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct WindowView {
    /// The turn open to objection.
    pub turn: u32,
    /// Who played it.
    pub seat: Option<Seat>,
    /// When it closes by time (N5), `null` when it stays open until the next action (T7).
    pub closes_at: Option<DateTime<Utc>>,
    /// N5: whether a hold was called.
    pub held: bool,
}

/// What `GET /api/v1/matches/{id}` shows: the state at `now`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = MatchState)]
pub struct View {
    /// Where the match stands.
    pub status: Status,
    /// The last seq in the log (the client sends it back as `expected_seq`). Clocks that ran
    /// out since, and what follows from them, are shown but not counted: they are recorded,
    /// with their own seqs, before the next command.
    pub last_seq: u64,
    /// The side on turn.
    pub side_to_move: Option<Side>,
    /// The seat on turn.
    pub seat_to_move: Option<Seat>,
    /// Seats in turn order (T1).
    pub order: Vec<Seat>,
    /// Totals.
    pub scores: Sides<i32>,
    /// Remaining ms per side at `now` (negative in overtime, N2).
    pub clocks_ms: Sides<i64>,
    /// What is running.
    pub clock_mode: ClockMode,
    /// T7: challenge allowance left (`null`: none in this ruleset).
    pub challenge_allowance_ms: Option<i64>,
    /// T3: match time left.
    pub match_remaining_ms: Option<i64>,
    /// T5: sides whose clock reached zero.
    pub flagged: Sides<bool>,
    /// Tiles in the bag (from the start).
    pub bag: Option<u32>,
    /// Tiles on each rack.
    pub racks: BTreeMap<Seat, u8>,
    /// The challenges waiting for a ruling.
    pub open_challenges: Vec<Challenge>,
    /// The play open to objection.
    pub objection_window: Option<WindowView>,
    /// The score sheet.
    pub turns: Vec<Turn>,
    /// Points outside turns.
    pub adjustments: Vec<Adjustment>,
    /// The score sheet: one line per change of a score, in order; each side's lines add up to
    /// its total in `scores` (C8).
    pub sheet: Vec<SheetLine>,
    /// T19: the game is over and the tiles left on the racks are to be entered
    /// (`adjust_racks`).
    pub racks_due: bool,
    /// T19, board mode: racks the board tells while they are due (one seat holds every tile not
    /// on the board), to fill the end-racks form in.
    pub known_racks: BTreeMap<Seat, String>,
    /// Why play ended.
    pub end: Option<EndReason>,
    /// T18b-c.
    pub forfeit: Option<Forfeit>,
    /// The result.
    pub result: Option<GameResult>,
    /// Board mode: 15 rows of letters, `.` for empty, lowercase for blanks.
    pub board: Option<Vec<String>>,
    /// N8: the results slip, once the result is declared.
    pub slip: Option<ResultSlip>,
}
