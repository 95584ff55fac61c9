//! What the match pages show, computed once from a match's state so templates stay simple.

use crate::rules::clock::ClockMode;
use crate::rules::game::{ChallengeKind, Seat, Side, TurnAction};
use crate::rules::ruleset::EntryMode;
use crate::services::matches::MatchDetail;
use crate::vocab::{EventId, MatchId, MatchStatus};

/// One score-sheet line.
#[derive(Debug, Clone)]
pub struct SheetLine {
    /// Turn number from 1.
    pub n: usize,
    /// Seat.
    pub seat: String,
    /// What was done.
    pub what: String,
    /// Announced score.
    pub declared: i32,
    /// Score that counts.
    pub recorded: i32,
    /// Withdrawn or corrected notes.
    pub note: String,
}

/// An open challenge as the table sees it.
#[derive(Debug, Clone)]
pub struct OpenChallenge {
    /// Engine id (seq).
    pub id: u64,
    /// `word` or `score`.
    pub kind: &'static str,
    /// Who challenged.
    pub by: String,
    /// The words.
    pub words: String,
}

/// A match as the scoreboard, score sheet and table controls show it.
#[derive(Debug, Clone)]
pub struct Board {
    /// Match id.
    pub id: MatchId,
    /// Event, if any.
    pub event_id: Option<EventId>,
    /// Table number.
    pub table: String,
    /// Round.
    pub round: String,
    /// Side names.
    pub name_a: String,
    /// Side names.
    pub name_b: String,
    /// Totals.
    pub score_a: i32,
    /// Totals.
    pub score_b: i32,
    /// Remaining clock ms.
    pub clock_a_ms: i64,
    /// Remaining clock ms.
    pub clock_b_ms: i64,
    /// Which clock runs: "a", "b" or "".
    pub running: &'static str,
    /// Flagged sides (T5).
    pub flagged_a: bool,
    /// Flagged sides (T5).
    pub flagged_b: bool,
    /// Status label for people.
    pub status: String,
    /// Machine status.
    pub status_code: String,
    /// Seat on turn.
    pub seat_to_move: String,
    /// Seat on turn with its player's name ("B2 — Carol"), once [`Board::with_names`] knows them.
    pub mover: String,
    /// The players of each side in seat order ("Ann · Bob"), when known.
    pub players_a: String,
    /// The players of each side in seat order, when known.
    pub players_b: String,
    /// A challenge is open: the table waits for the PIC (the status says so).
    pub waiting_pic: bool,
    /// The seat on turn, typed (for naming its player).
    pub to_move: Option<Seat>,
    /// Challenge allowance left, ms ("" when none).
    pub allowance_ms: String,
    /// The same as m:ss.
    pub allowance_text: String,
    /// Tiles in the bag.
    pub bag: String,
    /// Open challenges.
    pub open: Vec<OpenChallenge>,
    /// The play open to objection: its seat ("" when none).
    pub window_seat: String,
    /// Words of the play open to objection.
    pub window_words: Vec<String>,
    /// Seats that may challenge the open play (the other side's).
    pub challengers: Vec<String>,
    /// All seats (for "who" selectors).
    pub seats: Vec<String>,
    /// Score sheet.
    pub sheet: Vec<SheetLine>,
    /// The result in words.
    pub result: String,
    /// The last seq (for expected_seq).
    pub last_seq: u64,
    /// Board mode (moves in GCG notation, scores from the board).
    pub board_mode: bool,
    /// The board rows (board mode).
    pub board_rows: Vec<String>,
    /// Voided when its round was paired again: no controls, a pointer to the table's match.
    pub void: bool,
    /// For a void match: the match its table plays now, if any.
    pub current_match: Option<MatchId>,
}

fn status_label(status: MatchStatus) -> &'static str {
    match status {
        MatchStatus::Created => "Waiting for the draw",
        MatchStatus::InProgress => "In play",
        MatchStatus::Ended => "Play over: racks and rulings to record",
        MatchStatus::Finished => "Finished",
        MatchStatus::New => "New",
    }
}

impl Board {
    /// The board for a match.
    pub fn from_detail(d: &MatchDetail) -> Self {
        let v = &d.view;
        let status_code = v.status.as_str().to_owned();
        let running = match v.clock_mode {
            ClockMode::Running { side: Side::A } => "a",
            ClockMode::Running { side: Side::B } => "b",
            _ => "",
        };
        let name = |s: Side| {
            if s == Side::A {
                d.sides.a.name.clone()
            } else {
                d.sides.b.name.clone()
            }
        };
        let open = v
            .open_challenges
            .iter()
            .map(|c| OpenChallenge {
                id: c.id,
                kind: crate::vocab::ChallengeType::from(&c.kind).as_str(),
                by: c.by.to_string(),
                words: match &c.kind {
                    ChallengeKind::Word { words } => words.join(", "),
                    ChallengeKind::Score => String::new(),
                },
            })
            .collect();
        let sheet: Vec<SheetLine> = v
            .turns
            .iter()
            .enumerate()
            .map(|(i, t)| SheetLine {
                n: i + 1,
                seat: t.seat.to_string(),
                what: match &t.action {
                    TurnAction::Play { words, mv } => match mv {
                        Some(m) => m.clone(),
                        None => words.join(" "),
                    },
                    TurnAction::Pass => "pass".into(),
                    TurnAction::Exchange { tiles } => format!("exchange {}", tiles.len()),
                    TurnAction::LostTurn => "turn lost".into(),
                },
                declared: t.declared,
                recorded: t.recorded,
                note: if t.withdrawn {
                    "withdrawn".into()
                } else if t.recorded != t.declared {
                    "corrected".into()
                } else {
                    String::new()
                },
            })
            .collect();
        let window = v.objection_window.as_ref();
        let window_seat = window
            .and_then(|w| w.seat)
            .map(|s| s.to_string())
            .unwrap_or_default();
        let window_words = window
            .and_then(|w| v.turns.get(w.turn as usize))
            .map(|t| match &t.action {
                TurnAction::Play { words, .. } => words.clone(),
                _ => Vec::new(),
            })
            .unwrap_or_default();
        let window_side = window.and_then(|w| w.seat).map(|s| s.side);
        let challengers = v
            .order
            .iter()
            .filter(|s| Some(s.side) != window_side)
            .map(|s| s.to_string())
            .collect();
        let result = match &v.result {
            Some(r) => {
                let why = r.reason.as_str();
                match r.winner {
                    Some(s) => format!("{} wins ({why}) {}–{}", name(s), r.scores.a, r.scores.b),
                    None => format!("Tie {}–{}", r.scores.a, r.scores.b),
                }
            }
            None => String::new(),
        };
        let waiting_pic = !v.open_challenges.is_empty();
        let seat_to_move = v.seat_to_move.map(|s| s.to_string()).unwrap_or_default();
        Board {
            id: d.id,
            event_id: d.event_id,
            table: d.table.map(|t| t.to_string()).unwrap_or_default(),
            round: d.round.map(|t| t.to_string()).unwrap_or_default(),
            name_a: d.sides.a.name.clone(),
            name_b: d.sides.b.name.clone(),
            score_a: v.scores.a,
            score_b: v.scores.b,
            clock_a_ms: v.clocks_ms.a,
            clock_b_ms: v.clocks_ms.b,
            running,
            flagged_a: v.flagged.a,
            flagged_b: v.flagged.b,
            // T7: while a challenge is open nothing else can happen; that is the status.
            status: if waiting_pic {
                "Waiting for the PIC".to_owned()
            } else {
                status_label(v.status).to_owned()
            },
            status_code,
            mover: seat_to_move.clone(),
            seat_to_move,
            players_a: String::new(),
            players_b: String::new(),
            waiting_pic,
            to_move: v.seat_to_move,
            allowance_ms: v
                .challenge_allowance_ms
                .map(|m| m.to_string())
                .unwrap_or_default(),
            allowance_text: v
                .challenge_allowance_ms
                .map(|m| Self::clock_text(&m))
                .unwrap_or_default(),
            bag: v.bag.map(|b| b.to_string()).unwrap_or_default(),
            open,
            window_seat,
            window_words,
            challengers,
            seats: v.order.iter().map(|s| s.to_string()).collect(),
            sheet,
            result,
            last_seq: v.last_seq,
            board_mode: d
                .ruleset
                .as_ref()
                .is_some_and(|r| r.entry_mode == EntryMode::Board),
            board_rows: v.board.clone().unwrap_or_default(),
            void: d.void,
            current_match: d.current_match,
        }
    }

    /// Names the seats from the teams' players (`services::events::seat_names`): seat `n` of a
    /// side is its team's player at position `n`.
    pub fn with_names(mut self, names: [Vec<(i32, String)>; 2]) -> Self {
        let [a, b] = names;
        let list = |ps: &[(i32, String)]| {
            ps.iter()
                .filter(|(pos, _)| *pos >= 1 && *pos <= 2)
                .map(|(_, n)| n.as_str())
                .collect::<Vec<_>>()
                .join(" · ")
        };
        self.players_a = list(&a);
        self.players_b = list(&b);
        let players = self
            .to_move
            .map(|s| (if s.side == Side::A { &a } else { &b }, s.n));
        if let Some((ps, n)) = players
            && let Some((_, name)) = ps.iter().find(|(p, _)| *p == i32::from(n))
        {
            self.mover = format!("{} — {name}", self.seat_to_move);
        }
        self
    }

    /// A clock as m:ss (negative in overtime).
    pub fn clock_text(ms: &i64) -> String {
        let neg = *ms < 0;
        let s = ms.abs() / 1000;
        format!("{}{}:{:02}", if neg { "−" } else { "" }, s / 60, s % 60)
    }
}
