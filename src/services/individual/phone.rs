//! Players' results slips from their own phones (issue 18, N8, N9). A player signs in with
//! their number and the six-digit PIN the director hands them (printed on the division's
//! pairing sheet, never on a public page), sees their game of the round paired last, and
//! enters its slip; the opponent, on their own phone, confirms it or corrects it. Either may
//! correct the scores until both have confirmed them; then the slip is final and only the
//! director changes it (`rules::individual::slips`). A final slip is the game's result, as
//! the director's quick entry is.
//!
//! As with Duplicate's phone slips (`services::duplicate::phone`) the phone keeps no session:
//! the number and PIN come with every request, and wrong PINs are throttled per player and per
//! address (`services::pins`). A player acts only on their own game: the side they play is
//! taken from the pairing, never from the request.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::slip_records::{SlipDetails, SlipView, append, find_game, slip_of};
use super::{Loaded, division_for_director, load};
use crate::db::{DbConn, events as event_rows, individual as rows};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::individual::slips::{Command, Side};
use crate::services::desk::Desk;
use crate::services::pins::PinCheck;
use crate::vocab::{DivisionId, UserId};

/// Who is at the phone: their number in the division and their PIN.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = IndivPhonePlayer)]
pub struct PhonePlayer {
    /// The player's number in the division.
    pub player: u32,
    /// The PIN the director gave them.
    pub pin: String,
}

/// What a player does to their game's slip.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = IndivPhoneAction)]
pub enum PhoneAction {
    /// States both scores: the first entry, or a correction (N9).
    Scores,
    /// Confirms the scores as they stand (the ones the player saw).
    Confirm,
}

/// Body of `POST /api/v1/individual/divisions/{id}/phone/slip`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = IndivPhoneSlipRequest)]
pub struct PhoneSlipRequest {
    /// The player's number in the division.
    pub player: u32,
    /// The PIN the director gave them.
    pub pin: String,
    /// The round of the game.
    pub round: u32,
    /// Its table.
    pub table: u32,
    /// `scores` or `confirm`.
    pub action: PhoneAction,
    /// The first player's score: the one stated (`scores`), or the one confirmed (`confirm`:
    /// refused with 409 when the slip has changed since).
    pub score_a: Option<i32>,
    /// The second player's score, likewise.
    pub score_b: Option<i32>,
    /// Blanks, challenged words, high word, time penalties (N8), with `scores`.
    pub details: Option<SlipDetails>,
}

/// What a player's phone shows.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = IndivPhoneView)]
pub struct PhoneView {
    /// The event's name.
    pub event: String,
    /// The division's name.
    pub division: String,
    /// The player's number.
    pub player: u32,
    /// Their name.
    pub name: String,
    /// The round paired last (none before the first).
    pub round: Option<u32>,
    /// The player sits out that round (a bye).
    pub bye: bool,
    /// The side they play in that round's game: `a` goes first.
    pub side: Option<Side>,
    /// The first player's name.
    pub a_name: Option<String>,
    /// The second player's name.
    pub b_name: Option<String>,
    /// The game's slip.
    pub slip: Option<SlipView>,
}

/// One player on the director's pairing sheet.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = IndivPinLine)]
pub struct PinLine {
    /// Number.
    pub number: i32,
    /// Name.
    pub name: String,
    /// The PIN for their phone slips.
    pub pin: String,
    /// Their table in the round (none: a bye, withdrawn, or not paired).
    pub table: Option<i32>,
    /// Their opponent's number.
    pub opponent: Option<i32>,
    /// The opponent's name.
    pub opponent_name: Option<String>,
    /// They go first.
    pub first: bool,
    /// They sit out the round.
    pub bye: bool,
    /// Withdrawn.
    pub withdrawn: bool,
}

/// The director's pairing sheet: every player with their PIN and table.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = IndivPinSheet)]
pub struct PinSheet {
    /// The event's name.
    pub event: String,
    /// The division's name.
    pub division: String,
    /// The round shown (none before the first is paired).
    pub round: Option<u32>,
    /// Players by number.
    pub players: Vec<PinLine>,
}

const WRONG_PIN: &str = "this player number and PIN do not match; ask the director for your PIN";

/// The division must exist, and the number and PIN be one of its players' (throttled).
fn authenticate(
    conn: &mut DbConn,
    division_id: DivisionId,
    (player, pin): (u32, &str),
    check: &PinCheck,
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    rows::find_division(conn, division_id)?
        .ok_or_else(|| AppError::not_found(format!("no division {division_id}")))?;
    let expected = rows::players(conn, division_id)?
        .into_iter()
        .find(|p| u32::try_from(p.number) == Ok(player))
        .map(|p| p.pin);
    check.verify(
        conn,
        &format!("ind:{division_id}:{player}"),
        expected.as_deref(),
        pin,
        now,
        WRONG_PIN,
    )
}

fn view(conn: &mut DbConn, d: &Loaded, player: u32) -> Result<PhoneView, AppError> {
    let event = event_rows::find_event(conn, d.div.event_id)?
        .map(|e| e.name)
        .unwrap_or_default();
    let me = i32::try_from(player).unwrap_or(i32::MAX);
    let round = Some(d.last_round()).filter(|r| *r > 0);
    let r = round.and_then(|r| i32::try_from(r).ok()).unwrap_or(0);
    let line = d
        .pairings
        .iter()
        .find(|p| p.round == r && (p.player_a == me || p.player_b == Some(me)));
    let game = line.filter(|p| p.player_b.is_some());
    let slip = match (game, round) {
        (Some(g), Some(round)) => g
            .table_no
            .and_then(|t| u32::try_from(t).ok())
            .map(|t| slip_of(d, g, round, t)),
        _ => None,
    };
    Ok(PhoneView {
        event,
        division: d.div.name.clone(),
        player,
        name: d.name(i64::from(me)),
        round,
        bye: line.is_some_and(|p| p.player_b.is_none()),
        side: game.map(|g| if g.player_a == me { Side::A } else { Side::B }),
        a_name: game.map(|g| d.name(i64::from(g.player_a))),
        b_name: game.and_then(|g| g.player_b).map(|b| d.name(i64::from(b))),
        slip,
    })
}

/// The phone's view for the player whose number and PIN these are.
pub fn phone_status(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    division_id: DivisionId,
    who: &PhonePlayer,
    check: &PinCheck,
) -> Result<PhoneView, AppError> {
    authenticate(conn, division_id, (who.player, &who.pin), check, now)?;
    let d = load(conn, division_id)?;
    view(conn, &d, who.player)
}

fn word(field: &str, w: &str) -> Result<String, AppError> {
    let w = w.trim();
    if w.chars().count() > 15 || !w.chars().all(char::is_alphabetic) {
        return Err(AppError::field(
            field,
            "a word is at most 15 letters (no digits, spaces or signs)",
        ));
    }
    Ok(w.to_owned())
}

/// N8: the slip's details as a player may state them.
fn check_details(d: &SlipDetails) -> Result<SlipDetails, AppError> {
    let blanks = d.blanks.trim();
    if blanks.chars().count() > 4 || !blanks.chars().all(char::is_alphabetic) {
        return Err(AppError::field(
            "details.blanks",
            "the blanks are at most 4 letters",
        ));
    }
    if d.challenged.len() > 20 {
        return Err(AppError::field(
            "details.challenged",
            "at most 20 challenged words",
        ));
    }
    let challenged = d
        .challenged
        .iter()
        .map(|w| word("details.challenged", w))
        .filter(|w| !matches!(w, Ok(w) if w.is_empty()))
        .collect::<Result<Vec<_>, _>>()?;
    if !(0..=2000).contains(&d.high_score) {
        return Err(AppError::field(
            "details.high_score",
            "a word scores from 0 to 2000",
        ));
    }
    for (field, p) in [
        ("details.time_penalty_a", d.time_penalty_a),
        ("details.time_penalty_b", d.time_penalty_b),
    ] {
        if !(0..=1000).contains(&p) {
            return Err(AppError::field(field, "a time penalty is from 0 to 1000"));
        }
    }
    Ok(SlipDetails {
        blanks: blanks.to_owned(),
        challenged,
        high_word: word("details.high_word", &d.high_word)?,
        high_score: d.high_score,
        time_penalty_a: d.time_penalty_a,
        time_penalty_b: d.time_penalty_b,
    })
}

/// N9: a player enters, corrects or confirms their own game's slip. Another table's game, or
/// a confirmation of scores that changed since the player saw them, is refused and nothing
/// is recorded.
pub fn phone_slip(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    division_id: DivisionId,
    req: &PhoneSlipRequest,
    check: &PinCheck,
) -> Result<PhoneView, AppError> {
    let details = req.details.as_ref().map(check_details).transpose()?;
    // Both scores: the ones stated, or (a confirmation) the ones the player saw.
    let scores = (
        req.score_a
            .ok_or_else(|| AppError::field("score_a", "give both scores"))?,
        req.score_b
            .ok_or_else(|| AppError::field("score_b", "give both scores"))?,
    );
    // Checked before the write: wrong guesses never wait for (or hold) the writer.
    authenticate(conn, division_id, (req.player, &req.pin), check, now)?;
    desk.write(conn, |conn, work| {
        let d = load(conn, division_id)?;
        let game = find_game(&d, req.round, req.table)?;
        let me = i32::try_from(req.player).unwrap_or(i32::MAX);
        let side = if game.player_a == me {
            Side::A
        } else if game.player_b == Some(me) {
            Side::B
        } else {
            return Err(AppError::Forbidden(
                "this is not your game: open the slip of your own table".into(),
            ));
        };
        let slip = d.slips.get(&game.id).map(|(s, _)| *s).unwrap_or_default();
        let command = match req.action {
            PhoneAction::Scores => Command::Scores { by: side, scores },
            PhoneAction::Confirm => {
                if slip.scores.is_some_and(|s| s != scores) {
                    return Err(AppError::Conflict {
                        message: "the scores changed since you saw them: check them again".into(),
                        current: None,
                    });
                }
                Command::Confirm(side)
            }
        };
        append(
            conn,
            now,
            None,
            &d,
            game.id,
            &slip,
            command,
            details
                .as_ref()
                .filter(|_| req.action == PhoneAction::Scores),
        )?;
        work.announce(LiveMessage::Individual {
            event_id: d.div.event_id,
            division_id,
        });
        Ok(())
    })?;
    let d = load(conn, division_id)?;
    view(conn, &d, req.player)
}

/// The director's pairing sheet of `round` (default: the round paired last): every player
/// of the division with their PIN, table and opponent.
pub fn pin_sheet(
    conn: &mut DbConn,
    user_id: UserId,
    division_id: DivisionId,
    round: Option<u32>,
) -> Result<PinSheet, AppError> {
    let d = division_for_director(conn, user_id, division_id)?;
    let event = event_rows::find_event(conn, d.div.event_id)?
        .map(|e| e.name)
        .unwrap_or_default();
    let last = d.last_round();
    let round = match round {
        Some(r) if r == 0 || r > last => {
            return Err(AppError::not_found(format!("round {r} is not paired")));
        }
        Some(r) => Some(r),
        None => Some(last).filter(|r| *r > 0),
    };
    let r = round.and_then(|r| i32::try_from(r).ok()).unwrap_or(0);
    let players =
        d.players
            .iter()
            .map(|p| {
                let line = d.pairings.iter().find(|l| {
                    l.round == r && (l.player_a == p.number || l.player_b == Some(p.number))
                });
                let opponent = line.and_then(|l| {
                    if l.player_a == p.number {
                        l.player_b
                    } else {
                        Some(l.player_a)
                    }
                });
                PinLine {
                    number: p.number,
                    name: p.name.clone(),
                    pin: p.pin.clone(),
                    table: line.and_then(|l| l.table_no),
                    opponent,
                    opponent_name: opponent.map(|o| d.name(i64::from(o))),
                    first: line.is_some_and(|l| l.player_a == p.number && l.player_b.is_some()),
                    bye: line.is_some_and(|l| l.player_b.is_none()),
                    withdrawn: p.withdrawn_round.is_some_and(|w| w <= r.max(1)),
                }
            })
            .collect();
    Ok(PinSheet {
        event,
        division: d.div.name.clone(),
        round,
        players,
    })
}
