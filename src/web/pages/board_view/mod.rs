//! What the match pages show, computed once from a match's state so templates stay simple.

use crate::rules::clock::ClockMode;
use crate::rules::game::{ChallengeKind, EndReason, Seat, Side, TurnAction, View};
use crate::rules::ruleset::{EntryMode, OvertimePolicy, ScoreCorrections};
use crate::rules::tiles::TileSet;
use crate::services::matches::MatchDetail;
use crate::vocab::{EventId, MatchId, MatchStatus};
use crate::web::i18n::Lang;

mod sheet;

pub use sheet::{SheetLine, Words};
use sheet::{label, sheet_line};

/// T19: a seat's rack as the end-racks form asks for it.
#[derive(Debug, Clone)]
pub struct RackSeat {
    /// The seat.
    pub seat: String,
    /// `a` or `b`.
    pub side: &'static str,
    /// Tiles the sheet says it holds.
    pub holds: u8,
    /// It played out (T17a): its rack is empty.
    pub out: bool,
    /// Board mode: the tiles the board tells it holds (empty when unknown).
    pub known: String,
}

/// T19: what the end-racks form needs to show the final scores before they are recorded: the
/// tile values and the ruleset's rack effects as numbers (the page applies the same arithmetic
/// as `rules::game::rack_adjustments`; the server records what the rules compute).
#[derive(Debug, Clone, Default)]
pub struct EndRacks {
    /// The game is over and its racks are to be entered.
    pub due: bool,
    /// The seats, in turn order.
    pub seats: Vec<RackSeat>,
    /// Tile values, `A:1,B:3,…`.
    pub values: String,
    /// How many times a side that played out gains the others' racks.
    pub gain: i32,
    /// Whether the others then lose their racks' value.
    pub others_lose: bool,
    /// The side that played out: `a`, `b` or empty.
    pub out_side: &'static str,
    /// N9: seats that may still verify the results slip (one per side not yet verified).
    pub verify: Vec<String>,
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
    /// The event's default language for its pages (issue 15), if the director chose one.
    pub event_language: Option<String>,
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
    /// The result as `winner|reason|score` (the winner empty for a tie), worded by
    /// [`Board::result_in`].
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
    /// T19, N9: closing the game.
    pub end: EndRacks,
    /// An official (director, PIC) may close the game here for the table (set by the page).
    pub can_close: bool,
    /// T8: seats that may challenge the open play's score, opponents first, then the player's
    /// teammates (whose challenge corrects without penalty, T8b).
    pub score_challengers: Vec<(String, Words)>,
}

/// T8: opponents first (the usual challenger), then the player's teammates; never the player.
fn score_challengers(v: &View) -> Vec<(String, Words)> {
    let Some(player) = v.objection_window.as_ref().and_then(|w| w.seat) else {
        return Vec::new();
    };
    let opponents = v.order.iter().filter(|s| s.side != player.side);
    let mates = v
        .order
        .iter()
        .filter(|s| s.side == player.side && **s != player);
    opponents
        .map(|s| (s.to_string(), label("challenger-opponent")))
        .chain(mates.map(|s| (s.to_string(), label("challenger-teammate"))))
        .collect()
}

/// T19, N9: the end-racks form's data, when the game is to be closed.
fn end_racks(d: &MatchDetail) -> EndRacks {
    let v = &d.view;
    let Some(r) = d.ruleset.as_ref() else {
        return EndRacks::default();
    };
    let verify = match &v.slip {
        Some(slip)
            if r.score_corrections == ScoreCorrections::UntilSlipVerified && !slip.result_final =>
        {
            Side::BOTH
                .into_iter()
                .filter(|side| !slip.verified[*side])
                .filter_map(|side| v.order.iter().find(|s| s.side == side))
                .map(|s| s.to_string())
                .collect()
        }
        _ => Vec::new(),
    };
    let set = TileSet::by_name(&r.tiles.set);
    let values = set
        .map(|set| {
            ('A'..='Z')
                .filter(|c| set.has_letter(*c))
                .map(|c| format!("{c}:{}", set.letter_value(c)))
                .collect::<Vec<_>>()
                .join(",")
        })
        .unwrap_or_default();
    let out = match v.end {
        Some(EndReason::OutPlay { seat }) => Some(seat),
        _ => None,
    };
    let fx = r.end_rack_rule.effects();
    EndRacks {
        due: v.racks_due,
        seats: v
            .order
            .iter()
            .map(|s| RackSeat {
                seat: s.to_string(),
                side: s.side.as_str(),
                holds: v.racks.get(s).copied().unwrap_or(0),
                out: Some(*s) == out,
                known: v.known_racks.get(s).cloned().unwrap_or_default(),
            })
            .collect(),
        values,
        gain: fx.outplay_gain_factor,
        others_lose: fx.opponents_lose_when_out,
        out_side: out.map_or("", |s| s.side.as_str()),
        verify,
    }
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
        // T5: under "no more moves" a side at 0:00 loses its turns; under N2 it plays on.
        let passes = d
            .ruleset
            .as_ref()
            .is_none_or(|r| r.clock.overtime == OvertimePolicy::NoMoreMoves);
        let sheet: Vec<SheetLine> = v
            .sheet
            .iter()
            .map(|l| sheet_line(v, l, &name, passes))
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
                // Issue 15: the page words it in its language (`board-result` in the catalogues):
                // `winner|reason|a–b`, the winner empty for a tie.
                let winner = r.winner.map(name).unwrap_or_default();
                format!("{winner}|{why}|{}–{}", r.scores.a, r.scores.b)
            }
            None => String::new(),
        };
        let waiting_pic = !v.open_challenges.is_empty();
        let seat_to_move = v.seat_to_move.map(|s| s.to_string()).unwrap_or_default();
        Board {
            id: d.id,
            event_id: d.event_id,
            event_language: None,
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
            end: end_racks(d),
            can_close: false,
            score_challengers: score_challengers(v),
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

    /// The status line in `lang` (issue 15): waiting for the PIC while a challenge is open (T7),
    /// else the match's status.
    pub fn status_in(&self, lang: &Lang) -> String {
        let lang = *lang;
        if self.waiting_pic {
            lang.t("board-waiting-pic")
        } else {
            lang.t_args("board-status", &[("status", self.status_code.clone())])
        }
    }

    /// The result in `lang`, empty while there is none.
    pub fn result_in(&self, lang: &Lang) -> String {
        let lang = *lang;
        let mut parts = self.result.splitn(3, '|');
        let (Some(winner), Some(reason), Some(score)) = (parts.next(), parts.next(), parts.next())
        else {
            return String::new();
        };
        let reason = lang.t_args("result-reason", &[("reason", reason.to_owned())]);
        let (score, reason) = (score.to_owned(), reason);
        if winner.is_empty() {
            lang.t_args("board-tie", &[("score", score)])
        } else {
            lang.t_args(
                "board-wins",
                &[
                    ("name", winner.to_owned()),
                    ("reason", reason),
                    ("score", score),
                ],
            )
        }
    }

    /// A clock as m:ss (negative in overtime).
    pub fn clock_text(ms: &i64) -> String {
        let neg = *ms < 0;
        let s = ms.abs() / 1000;
        format!("{}{}:{:02}", if neg { "−" } else { "" }, s / 60, s % 60)
    }
}
