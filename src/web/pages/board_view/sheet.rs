//! The score sheet in words (C8): each turn as played and each later change of a score, worded
//! from the catalogues.

use super::Board;
use crate::rules::game::{self, SheetEntry, Side, TurnAction, View};
use crate::web::i18n::Lang;

/// One score-sheet line: a turn, or a later change of a score (C8).
#[derive(Debug, Clone)]
pub struct SheetLine {
    /// Turn number from 1 on a turn's own line; empty on the lines that follow it.
    pub n: String,
    /// Seat (or side, for lines of a whole side).
    pub seat: String,
    /// What was done, in the catalogue's words.
    pub what: Words,
    /// Announced score (a play's line only).
    pub declared: String,
    /// The points this line adds to the side's total (the column sums to the total).
    pub recorded: i32,
    /// The rule behind a line that is not a turn.
    pub note: String,
}

/// Words from the catalogue, worded in a page's language when it is rendered: a key and its
/// arguments; no key for text that is not words (a play's move or word list, shown as entered).
#[derive(Debug, Clone, Default)]
pub struct Words {
    /// The catalogue key; empty for `raw`.
    pub key: &'static str,
    /// The key's named arguments.
    pub args: Vec<(&'static str, String)>,
    /// Text shown as it is, when there is no key.
    pub raw: String,
}

/// The catalogue's `key` (its arguments added with [`Words::arg`]).
pub(super) fn label(key: &'static str) -> Words {
    Words {
        key,
        ..Words::default()
    }
}

impl Words {
    /// Text shown as it is (a play as entered).
    fn raw(text: String) -> Self {
        Words {
            raw: text,
            ..Words::default()
        }
    }

    /// With one more named argument.
    fn arg(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args.push((name, value.to_string()));
        self
    }

    /// The words in `lang`.
    pub fn text(&self, lang: &Lang) -> String {
        if self.key.is_empty() {
            self.raw.clone()
        } else {
            lang.t_args(self.key, &self.args)
        }
    }
}

/// One line of the sheet in words (C8): a turn as played, or what later changed a score.
pub(super) fn sheet_line(
    v: &View,
    l: &game::SheetLine,
    name: &dyn Fn(Side) -> String,
    passes: bool,
) -> SheetLine {
    let turn = l.turn.and_then(|t| v.turns.get(t as usize));
    let seat = l
        .seat
        .map(|s| s.to_string())
        .unwrap_or_else(|| name(l.side));
    let (n, what, declared, note) = match (&l.entry, turn) {
        (SheetEntry::Turn, Some(t)) => {
            let what = match &t.action {
                TurnAction::Play { words, mv } => {
                    Words::raw(mv.clone().unwrap_or_else(|| words.join(" ")))
                }
                TurnAction::Pass => label("sheet-pass"),
                TurnAction::Exchange { tiles } => label("sheet-exchange").arg("n", tiles.len()),
                TurnAction::LostTurn => label("sheet-turn-lost"),
            };
            let declared = match t.action {
                TurnAction::Play { .. } => t.declared.to_string(),
                _ => String::new(),
            };
            let n = l.turn.map(|t| (t + 1).to_string()).unwrap_or_default();
            (n, what, declared, String::new())
        }
        (SheetEntry::Turn, None) => (
            String::new(),
            label("sheet-turn"),
            String::new(),
            String::new(),
        ),
        (SheetEntry::ScoreChallenge { by, actual }, _) => (
            String::new(),
            label("sheet-score-challenge")
                .arg("by", by)
                .arg("score", actual),
            String::new(),
            "T8".into(),
        ),
        (SheetEntry::Withdrawn, _) => (
            String::new(),
            label("sheet-withdrawn"),
            String::new(),
            "T13".into(),
        ),
        (SheetEntry::WordChallenge { valid }, _) => (
            String::new(),
            if *valid {
                label("sheet-word-valid")
            } else {
                label("sheet-word-invalid")
            },
            String::new(),
            if *valid { "T12" } else { "T13" }.into(),
        ),
        (SheetEntry::ScoreCorrection { by }, _) => (
            String::new(),
            label("sheet-score-corrected").arg("by", by),
            String::new(),
            "N9".into(),
        ),
        (SheetEntry::Racks { racks, tiles }, _) => {
            // Tiles and values are not words; only "none" is, and the whole line's frame.
            let own: Vec<(String, String, u32)> = racks
                .iter()
                .filter(|(s, _)| s.side == l.side)
                .map(|(s, value)| {
                    (
                        s.to_string(),
                        tiles.get(s).cloned().unwrap_or_default(),
                        *value,
                    )
                })
                .collect();
            let rack = own
                .iter()
                .map(|(s, t, v)| match (t.is_empty(), *v) {
                    (false, _) => format!("{s} {t} ({v})"),
                    (true, 0) => format!("{s} \u{2014}"),
                    (true, _) => format!("{s} ({v})"),
                })
                .collect::<Vec<_>>()
                .join(", ");
            (
                String::new(),
                label("sheet-tiles-left").arg("rack", rack),
                String::new(),
                "T19".into(),
            )
        }
        (SheetEntry::RacksRecounted, _) => (
            String::new(),
            label("sheet-racks-recounted"),
            String::new(),
            "T17d".into(),
        ),
        (SheetEntry::Overtime { over_ms }, _) => (
            String::new(),
            label("sheet-overtime").arg("time", Board::clock_text(over_ms)),
            String::new(),
            "N2".into(),
        ),
        (SheetEntry::OutOfTime, _) if passes => (
            String::new(),
            label("sheet-out-of-time-passes"),
            String::new(),
            "T5".into(),
        ),
        (SheetEntry::OutOfTime, _) => (
            String::new(),
            label("sheet-out-of-time-overtime"),
            String::new(),
            "N2".into(),
        ),
    };
    SheetLine {
        n,
        seat,
        what,
        declared,
        recorded: l.points,
        note,
    }
}
