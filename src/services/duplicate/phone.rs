//! Phone slips (issue 16, D4-D5, the event's `phone_slips` option): a player enters their own
//! slip from their phone during the turn, changes it until the time is up, and the arbitrators
//! see what was entered. When the referee chooses the top, each player's last entry is checked
//! exactly like an arbitrator's slip (`rules::duplicate::check_phone_slips`, the same
//! `record_slip`), and an arbitrator may take it over with a slip of their own (a new record).
//!
//! A player is who their table card says: their number and the six-digit PIN printed beside
//! it (a hall has no accounts for 1,000 players, and a card is what it already hands out). Both
//! come with every request, so a phone keeps no session; a wrong pair is refused without
//! saying which half was wrong.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{append, official};
use crate::db::{DbConn, duplicate as rows};
use crate::error::AppError;
use crate::rules::duplicate::{self as dup, Official, Phase, SlipInput, State};
use crate::services::desk::Desk;
use crate::services::pins::PinCheck;
use crate::vocab::{DuplicateGameId, UserId};

/// Who is at the phone: the number and the PIN on their table card.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PhonePlayer {
    /// The player's number.
    pub player: u32,
    /// The PIN printed on their table card.
    pub pin: String,
}

/// Body of `POST /api/v1/duplicate/games/{id}/phone/slip`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PhoneSlipRequest {
    /// The player's number.
    pub player: u32,
    /// The PIN printed on their table card.
    pub pin: String,
    /// The reference in the event's notation (C7).
    pub reference: String,
    /// The word, a blank in lower case.
    pub word: String,
    /// The points (may be left out).
    #[serde(default)]
    pub points: Option<u32>,
}

/// What a player's phone shows: the turn, its rack and time, and their entry.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PhoneView {
    /// The game's number in its event.
    pub game_no: i32,
    /// The player.
    pub player: u32,
    /// The turn on show (0 before the first rack).
    pub turn: u32,
    /// Its rack, once shown.
    pub rack: Option<String>,
    /// Slips are taken now (the turn's time runs).
    pub open: bool,
    /// D4: milliseconds left as of the server's clock, while the time runs.
    pub remaining_ms: Option<i64>,
    /// D4: the warning comes this many milliseconds before the end.
    pub warning_ms: u64,
    /// The event's reference notation (C7).
    pub notation: dup::Notation,
    /// What this player entered for the turn (their last entry), if anything.
    pub entry: Option<SlipInput>,
}

/// One phone entry, as the arbitrators' page lists it.
#[derive(Debug, Clone)]
pub struct PhoneEntry {
    /// The turn.
    pub turn: u32,
    /// What was entered.
    pub slip: SlipInput,
    /// When (server time).
    pub at: DateTime<Utc>,
    /// The score recorded for the player and turn, once checked or taken over.
    pub score: Option<u32>,
}

/// The event must take phone slips, and the number and PIN must be one of its players'
/// (wrong PINs throttled per player and address: `services::pins`).
fn authenticate(
    conn: &mut DbConn,
    row: &rows::DuplicateGameRow,
    phone_slips: bool,
    (player, pin): (u32, &str),
    check: &PinCheck,
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    if !phone_slips {
        return Err(dup::DuplicateError::PhoneSlipsOff.into());
    }
    let expected = rows::players(conn, row.event_id)?
        .into_iter()
        .find(|p| u32::try_from(p.number) == Ok(player))
        .map(|p| p.pin);
    check.verify(
        conn,
        &format!("dup:{}:{player}", row.event_id),
        expected.as_deref(),
        pin,
        now,
        "this player number and PIN do not match; check your table card",
    )
}

fn view(row: &rows::DuplicateGameRow, s: &State, player: u32, now: DateTime<Utc>) -> PhoneView {
    let ruleset = s.ruleset.clone().unwrap_or_default();
    let cur = s.current();
    let ends = cur.and_then(|t| t.ends_at(&ruleset));
    let open = s.phase() == Phase::Running && ends.is_some_and(|e| now < e);
    let turn = s.turn_number();
    PhoneView {
        game_no: row.game_no,
        player,
        turn,
        rack: s.rack().map(|r| r.to_string()),
        open,
        remaining_ms: ends
            .filter(|_| open)
            .map(|e| (e - now).num_milliseconds().max(0)),
        warning_ms: ruleset.warning_ms,
        notation: ruleset.notation,
        entry: s.phone.get(&(turn, player)).map(|(slip, _)| slip.clone()),
    }
}

/// The phone's view of the game for the player whose number and PIN these are.
pub fn phone_status(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    game: DuplicateGameId,
    who: &PhonePlayer,
    check: &PinCheck,
) -> Result<PhoneView, AppError> {
    let row = rows::find_game(conn, game)?
        .ok_or_else(|| AppError::not_found(format!("no Duplicate game {game}")))?;
    let on = super::event_ruleset(conn, row.event_id)?.phone_slips;
    authenticate(conn, &row, on, (who.player, &who.pin), check, now)?;
    // Read in place (a late game's state is large; a hall of phones asks every few seconds).
    desk.duplicate()
        .read(conn, game, |row, s, _| Ok(view(row, s, who.player, now)))
}

/// Whether `user` may follow the game's live stream (`/duplicate/games/{id}/live`): whoever
/// may read its event, and anyone when the event takes phone slips (the phone page is open to
/// anyone; the stream names seqs and kinds only, never a tile, and each phone then asks for its
/// own view with its number and PIN). Returns the game's event and its last seq.
pub fn stream_access(
    conn: &mut DbConn,
    user: Option<UserId>,
    game: DuplicateGameId,
) -> Result<(crate::vocab::EventId, crate::vocab::Seq), AppError> {
    let row = rows::find_game(conn, game)?
        .ok_or_else(|| AppError::not_found(format!("no Duplicate game {game}")))?;
    if !super::event_ruleset(conn, row.event_id)?.phone_slips {
        crate::services::events::readable(conn, user, row.event_id)?;
    }
    Ok((row.event_id, row.last_seq))
}

/// Whether `user` may follow the event's ranking stream (`/duplicate/events/{id}/ranking/live`):
/// whoever may read the ranking (a Duplicate event, readable by them; 404 otherwise).
pub fn ranking_access(
    conn: &mut DbConn,
    user: Option<UserId>,
    event: crate::vocab::EventId,
) -> Result<(), AppError> {
    super::event_ruleset(conn, event)?;
    crate::services::events::readable(conn, user, event)?;
    Ok(())
}

/// D4, D5: the player's own slip for the turn running, taken until its time is up (server
/// time; later, refused with nothing recorded). An entry replaces their earlier one.
pub fn phone_slip(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    game: DuplicateGameId,
    req: &PhoneSlipRequest,
    check: &PinCheck,
) -> Result<PhoneView, AppError> {
    // The PIN is checked before the write (as `phone_status` checks it): a wrong PIN's count
    // is written at once, not rolled back with the refused write; guesses never hold the writer.
    let row = rows::find_game(conn, game)?
        .ok_or_else(|| AppError::not_found(format!("no Duplicate game {game}")))?;
    let on = super::event_ruleset(conn, row.event_id)?.phone_slips;
    authenticate(conn, &row, on, (req.player, &req.pin), check, now)?;
    desk.duplicate()
        .write(conn, desk, game, |conn, work, row, state| {
            if !state.ruleset.as_ref().is_some_and(|r| r.phone_slips) {
                return Err(dup::DuplicateError::PhoneSlipsOff.into());
            }
            let input = SlipInput {
                player: req.player,
                reference: req.reference.clone(),
                word: req.word.clone(),
                points: req.points,
            };
            let payload = dup::enter_phone_slip(state, now, input)?;
            append(
                conn,
                work,
                row,
                state,
                now,
                Official::Player(req.player),
                None,
                payload,
                None,
            )?;
            Ok(view(row, state, req.player, now))
        })
}

/// D5: the turns' phone entries, newest turn first, for the arbitrators (the event's
/// arbitrators, referee or director).
pub fn phone_entries(
    conn: &mut DbConn,
    desk: &Desk,
    user_id: UserId,
    game: DuplicateGameId,
) -> Result<Vec<PhoneEntry>, AppError> {
    let row = rows::find_game(conn, game)?
        .ok_or_else(|| AppError::not_found(format!("no Duplicate game {game}")))?;
    official(conn, user_id, row.event_id, super::Need::Arbitrator)?;
    desk.duplicate().read(conn, game, |_, s, _| {
        let mut entries: Vec<PhoneEntry> = s
            .phone
            .iter()
            .map(|((turn, player), (slip, at))| PhoneEntry {
                turn: *turn,
                slip: slip.clone(),
                at: *at,
                score: s.slips.get(&(*turn, *player)).map(|v| v.score),
            })
            .collect();
        entries.sort_by(|a, b| b.turn.cmp(&a.turn).then(a.slip.player.cmp(&b.slip.player)));
        Ok(entries)
    })
}

/// D5: when the referee chooses the top of `turn`, the turn's phone entries are checked like
/// arbitrators' slips and recorded (one event each, by the player), inside the same write.
pub(super) fn check_entries(
    conn: &mut DbConn,
    work: &mut crate::services::desk::Work<'_>,
    row: &rows::DuplicateGameRow,
    state: &mut State,
    now: DateTime<Utc>,
    words: &impl dup::WordList,
    turn: u32,
) -> Result<(), AppError> {
    if !state.phone.keys().any(|(t, _)| *t == turn) {
        return Ok(());
    }
    for (player, payload) in dup::check_phone_slips(state, words, turn)? {
        append(
            conn,
            work,
            row,
            state,
            now,
            Official::Player(player),
            None,
            payload,
            None,
        )?;
    }
    Ok(())
}
