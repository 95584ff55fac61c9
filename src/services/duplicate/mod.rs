//! Duplicate tournaments (seed 002) as a format of Arbiter's events: the event's ruleset, its
//! players, its games, and each game's append-only log decided by `rules::duplicate`.
//!
//! Every change to a game goes the one way the desk's other writers go: load the log, fold it,
//! ask the rules core, append the event in one write transaction ([`crate::services::desk::Desk::write`])
//! with the game's `last_seq` moved from the seq the command was decided on (a stale seq or a
//! race is a 409), and announce it through the desk's unit of work, which publishes to live pages
//! (and other instances) only once the transaction committed.
//!
//! - `views`: what the API and pages show (the game as the console and the hall see it, the
//!   ranking, the record);
//! - this file: authorisation, the commands and the write.

mod cache;
mod director;
mod export;
mod graph;
mod phone;
mod prepared;
mod prerender;
mod ranking_bytes;
mod requests;
mod setup;
mod views;

pub use cache::GameCache;
pub use director::{DirectorView, GameSummary, director_view, equal_tops};
pub use export::{master_gcg, record_csv, record_gcg};
pub use graph::{built_default, graph, warm};
pub use phone::{
    PhoneEntry, PhonePlayer, PhoneSlipRequest, PhoneView, phone_entries, phone_slip, phone_status,
    ranking_access, stream_access,
};
pub use prepared::{
    PrepareRequest, PreparedImported, export as prepared_export, import as import_prepared, prepare,
};
pub use prerender::{Prerender, RenderRanking};
pub use ranking_bytes::{EncodedFragment, EncodedRanking, RankingBytes};
pub use requests::{
    NewDuplicateEventRequest, NewDuplicatePlayerRequest, RefereeCommand, RefereeRequest,
    SlipOutcome, SlipRequest,
};
pub use setup::{add_player, create_event};

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::db::{DbConn, duplicate as rows, events as event_rows};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::duplicate::{
    self as dup, DuplicateError, DuplicateRuleset, Event, Official, Payload, SlipInput, State,
};
use crate::rules::movegen::WordGraph;
use crate::services::authz::Grants;
use crate::services::desk::Desk;
use crate::vocab::{DuplicateGameId, EventId, Role, Seq, UserId};

pub use views::{
    DuplicateEventView, GameRanking, GameRecord, GameView, PlacedTop, RankingLine, RankingView,
    RecordSlip, RecordTurn, event_view, ranking, ranking_bytes, ranking_csv, ranking_fragment,
    record, view, view_for,
};

impl From<DuplicateError> for AppError {
    fn from(e: DuplicateError) -> Self {
        AppError::Rule {
            rule: e.rule().to_owned(),
            message: e.to_string(),
            field: e.field(),
        }
    }
}

fn check_name(field: &str, name: &str) -> Result<String, AppError> {
    crate::text::Name::parse(field, name).map(crate::text::Name::into_string)
}

/// The Duplicate ruleset of an event, or 404 when the event is not a Duplicate one.
pub fn event_ruleset(conn: &mut DbConn, event_id: EventId) -> Result<DuplicateRuleset, AppError> {
    let row = rows::find_event(conn, event_id)?
        .ok_or_else(|| AppError::not_found(format!("no Duplicate event {event_id}")))?;
    serde_json::from_str(&row.ruleset).map_err(AppError::internal)
}

/// Who may do what in a Duplicate game.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Need {
    /// Racks, turns, tops, undo: the event's referee or director.
    Referee,
    /// Slips: an arbitrator, the referee or the director.
    Arbitrator,
}

fn official(
    conn: &mut DbConn,
    user_id: UserId,
    event_id: EventId,
    need: Need,
) -> Result<Official, AppError> {
    let g = Grants::load(conn, user_id)?;
    let ev = Some(event_id);
    let id = user_id.to_string();
    if g.directs(ev) || g.has(Role::Referee, ev) {
        return Ok(Official::Referee(id));
    }
    if need == Need::Arbitrator && g.has(Role::Arbitrator, ev) {
        return Ok(Official::Arbitrator(id));
    }
    Err(AppError::Forbidden(match need {
        Need::Referee => "only the event's referee or director runs the game".into(),
        Need::Arbitrator => "only the event's arbitrators, referee or director enter slips".into(),
    }))
}

/// A game's row and its folded state as its log says now, outside any write (pages and
/// views): from the desk's cache, brought up to the log.
pub fn state(
    conn: &mut DbConn,
    desk: &Desk,
    game: DuplicateGameId,
) -> Result<(rows::DuplicateGameRow, State), AppError> {
    desk.duplicate()
        .read(conn, game, |row, s, _| Ok((row.clone(), s.clone())))
}

/// A game's state folded afresh from its whole log, without the cache (what the cache's
/// answers are checked against).
pub fn fresh_state(conn: &mut DbConn, game: DuplicateGameId) -> Result<State, AppError> {
    Ok(fresh(conn, game)?.1)
}

/// A game's row and its state folded afresh from its whole log (for the rare reads and writes
/// that do not go through the cache; a write is still checked against the stored seq).
pub(super) fn fresh(
    conn: &mut DbConn,
    game: DuplicateGameId,
) -> Result<(rows::DuplicateGameRow, State), AppError> {
    let row = rows::find_game(conn, game)?
        .ok_or_else(|| AppError::not_found(format!("no Duplicate game {game}")))?;
    let events = rows::log(conn, game)?
        .into_iter()
        .map(|r| serde_json::from_str::<Event>(&r.payload).map_err(AppError::internal))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((row, dup::fold(&events)))
}

/// Appends one decided event: moves `last_seq` from the state's seq (409 when another command
/// got there first) and tells live pages once the transaction commits.
#[allow(clippy::too_many_arguments)]
fn append(
    conn: &mut DbConn,
    work: &mut crate::services::desk::Work<'_>,
    game: &rows::DuplicateGameRow,
    state: &mut State,
    now: DateTime<Utc>,
    by: Official,
    user_id: Option<UserId>,
    payload: Payload,
    key: Option<String>,
) -> Result<Event, AppError> {
    let from = Seq::from(state.last_seq);
    let event = dup::record(state, now, by, payload);
    let new = rows::NewGameEvent {
        game_id: game.id,
        seq: Seq::from(event.seq),
        at: event.at.naive_utc(),
        actor: serde_json::to_string(&event.by).map_err(AppError::internal)?,
        kind: event.payload.kind().to_owned(),
        payload: serde_json::to_string(&event).map_err(AppError::internal)?,
        user_id,
        idempotency_key: key,
    };
    if !rows::append(conn, from, &new)? {
        return Err(AppError::Conflict {
            message: "the game moved on while this was decided; reload and retry".into(),
            current: None,
        });
    }
    work.announce(LiveMessage::Duplicate {
        event_id: game.event_id,
        game_id: game.id,
        seq: new.seq,
        last: event.payload.kind(),
        ranking: dup::moves_ranking(state, &event.payload),
    });
    Ok(event)
}

fn check_key(key: &Option<String>) -> Result<Option<String>, AppError> {
    match key.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(k) if k.len() > 100 || k.chars().any(char::is_control) => Err(AppError::field(
            "idempotency_key",
            "an idempotency key is 1 to 100 printable characters",
        )),
        Some(k) => Ok(Some(k.to_owned())),
    }
}

/// Creates the event's next game with its players as they are now (its referee or director).
pub fn create_game(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
) -> Result<GameView, AppError> {
    let id = desk.write(conn, |conn, work| {
        let by = official(conn, user_id, event_id, Need::Referee)?;
        let ruleset = event_ruleset(conn, event_id)?;
        let players: Vec<u32> = rows::players(conn, event_id)?
            .iter()
            .filter_map(|p| u32::try_from(p.number).ok())
            .collect();
        let game_no = i32::try_from(rows::games(conn, event_id)?.len() + 1).unwrap_or(i32::MAX);
        let mut state = State::default();
        let payload = dup::create(&state, ruleset, players)?;
        let row = rows::insert_game(
            conn,
            &rows::NewDuplicateGame {
                event_id,
                game_no,
                last_seq: Seq(0),
                created_by: Some(user_id),
                created_at: now.naive_utc(),
            },
        )?;
        append(
            conn,
            work,
            &row,
            &mut state,
            now,
            by,
            Some(user_id),
            payload,
            None,
        )?;
        Ok(row.id)
    })?;
    view(conn, desk, None, id, now)
}

/// D6: the tops of the game's current position, from the cache or computed now (outside the
/// game's lock and any transaction) and kept for the turn.
fn turn_tops(
    conn: &mut DbConn,
    desk: &Desk,
    game: DuplicateGameId,
    graph: &dyn Fn() -> Result<Arc<WordGraph>, AppError>,
) -> Result<Option<Arc<cache::Tops>>, AppError> {
    let cache = desk.duplicate();
    let (known, position) = cache.read(conn, game, |_, s, d| {
        Ok((d.tops(s), cache::TopsPosition::of(s)))
    })?;
    if known.is_some() {
        return Ok(known);
    }
    let Some(position) = position else {
        return Ok(None);
    };
    let tops = Arc::new(position.compute(&*graph()?));
    cache.put_tops(game, tops.clone());
    Ok(Some(tops))
}

/// Computes a new rack's tops on a thread of its own, so the referee's "choose the top" finds
/// them ready (the move generator takes up to a tenth of a second on racks with blanks).
fn precompute_tops(
    cache: Arc<GameCache>,
    game: DuplicateGameId,
    graph: Arc<WordGraph>,
    position: cache::TopsPosition,
) {
    let spawned = std::thread::Builder::new()
        .name("duplicate-tops".into())
        .spawn(move || cache.put_tops(game, Arc::new(position.compute(&graph))));
    if let Err(e) = spawned {
        tracing::warn!(error = %e, "could not start computing a Duplicate turn's tops");
    }
}

/// A referee's command: decided by the rules core on the game's log, appended, published.
#[allow(clippy::too_many_arguments)]
pub fn command(
    conn: &mut DbConn,
    desk: &Desk,
    graph: &dyn Fn() -> Result<Arc<WordGraph>, AppError>,
    rng: &mut impl rand::Rng,
    now: DateTime<Utc>,
    user_id: UserId,
    game: DuplicateGameId,
    req: &RefereeRequest,
) -> Result<GameView, AppError> {
    let key = check_key(&req.idempotency_key)?;
    let tops = match req.command {
        RefereeCommand::ChooseTop { .. } => turn_tops(conn, desk, game, graph)?,
        _ => None,
    };
    let mut new_rack = None;
    desk.duplicate()
        .write(conn, desk, game, |conn, work, row, state| {
            let by = official(conn, user_id, row.event_id, Need::Referee)?;
            if let Some(k) = &key
                && rows::by_key(conn, game, k)?.is_some()
            {
                return Ok(());
            }
            // Stale when a master event came after the seq the referee saw; slips arriving in
            // the meantime (arbitrators at work) do not make the referee's view stale.
            if let Some(seq) = req.expected_seq
                && (seq > row.last_seq.0
                    || state.log.iter().any(|e| {
                        i64::try_from(e.seq).unwrap_or(i64::MAX) > seq
                            && !matches!(e.payload, Payload::SlipRecorded { .. })
                    }))
            {
                return Err(AppError::Conflict {
                    message: format!(
                        "the game is at seq {}, not {seq}; reload and retry",
                        row.last_seq.0
                    ),
                    current: Some(serde_json::json!({ "seq": row.last_seq.0 })),
                });
            }
            let payload = match &req.command {
                RefereeCommand::Draw => prepared::next_rack(conn, game, state, rng)?,
                RefereeCommand::TypeRack { tiles, redraw } => {
                    dup::type_rack(state, tiles, *redraw)?
                }
                RefereeCommand::StartTurn => dup::start_turn(state)?,
                RefereeCommand::ChooseTop { choice } => match &tops {
                    Some(t) if t.matches(state) => {
                        dup::choose_among(state, t.candidates.clone(), *choice)?
                    }
                    _ => dup::choose_top(state, &*graph()?, *choice)?,
                },
                RefereeCommand::PlaceTop => dup::place_top(state)?,
                RefereeCommand::Undo { reason } => dup::undo(state, reason)?,
                RefereeCommand::EndGame => dup::end_game(state, &*graph()?)?,
            };
            let drawn = matches!(payload, Payload::RackDrawn { .. });
            let chosen = match payload {
                Payload::TopChosen { turn, .. } => Some(turn),
                _ => None,
            };
            append(
                conn,
                work,
                row,
                state,
                now,
                by,
                Some(user_id),
                payload,
                key.clone(),
            )?;
            // D5: the turn is closed; what players entered from their phones is checked now,
            // like arbitrators' slips, in the same write.
            if let Some(turn) = chosen
                && state.ruleset.as_ref().is_some_and(|r| r.phone_slips)
            {
                phone::check_entries(conn, work, row, state, now, &*graph()?, turn)?;
            }
            if drawn {
                new_rack = cache::TopsPosition::of(state);
            }
            Ok(())
        })?;
    if let Some(position) = new_rack
        && let Ok(g) = graph()
    {
        precompute_tops(desk.duplicate().clone(), game, g, position);
    }
    view(conn, desk, None, game, now)
}

/// Whether slips for `turn` are still taken: from the turn's start until the next turn's time
/// starts (the hall has moved on; a slip after that is refused, nothing recorded). A reading of
/// the hall's procedure, where arbitrators collect a turn's slips while the top is shown and
/// the next rack drawn.
fn slips_open(state: &State, turn: u32) -> bool {
    !state
        .turns
        .iter()
        .any(|t| t.number == turn + 1 && t.started_at.is_some())
}

/// D5: a player's slip, read in the event's notation (C7), checked and scored by the rules
/// core, recorded.
pub fn slip(
    conn: &mut DbConn,
    desk: &Desk,
    words: &impl dup::WordList,
    now: DateTime<Utc>,
    user_id: UserId,
    game: DuplicateGameId,
    req: &SlipRequest,
) -> Result<SlipOutcome, AppError> {
    let key = check_key(&req.idempotency_key)?;
    desk.duplicate()
        .write(conn, desk, game, |conn, work, row, state| {
            let by = official(conn, user_id, row.event_id, Need::Arbitrator)?;
            let turn = req.turn.unwrap_or_else(|| state.turn_number());
            if let Some(k) = &key
                && let Some(first) = rows::by_key(conn, game, k)?
            {
                let e: Event = serde_json::from_str(&first.payload).map_err(AppError::internal)?;
                if let Payload::SlipRecorded {
                    turn,
                    player,
                    verdict,
                } = e.payload
                {
                    return Ok(SlipOutcome {
                        seq: first.seq.0,
                        turn,
                        player,
                        verdict,
                    });
                }
                return Err(AppError::Conflict {
                    message: "that idempotency key was used for another command".into(),
                    current: None,
                });
            }
            let notation = state
                .ruleset
                .as_ref()
                .map(|r| r.notation)
                .ok_or(DuplicateError::Lifecycle("the game is not created"))?;
            // C7: a reference the event's notation cannot read is a typing error to fix, refused
            // with nothing recorded; one that reads but does not place the word is the player's
            // writing fault, scored by the rules core (D5).
            if dup::slip::read_reference(notation, &req.reference).is_none() {
                return Err(AppError::Rule {
                    rule: "C7".into(),
                    message: format!(
                        "{:?} is not a reference in this event's notation ({})",
                        req.reference.trim(),
                        match notation {
                            dup::Notation::French => "French: H8 is row H across, 8H column 8 down",
                            dup::Notation::Gcg => "GCG: 8H is row 8 across, H8 column H down",
                        }
                    ),
                    field: Some("reference".into()),
                });
            }
            if state.turns.iter().any(|t| t.number == turn) && !slips_open(state, turn) {
                return Err(AppError::Rule {
                    rule: "D5".into(),
                    message: format!("turn {turn} is closed: the next turn has started"),
                    field: Some("turn".into()),
                });
            }
            let input = SlipInput {
                player: req.player,
                reference: req.reference.trim().to_owned(),
                word: req.word.trim().to_owned(),
                points: req.points,
            };
            let payload = dup::record_slip(state, words, turn, input, req.ruling)?;
            let e = append(
                conn,
                work,
                row,
                state,
                now,
                by,
                Some(user_id),
                payload,
                key.clone(),
            )?;
            match e.payload {
                Payload::SlipRecorded {
                    turn,
                    player,
                    verdict,
                } => Ok(SlipOutcome {
                    seq: i64::try_from(e.seq).unwrap_or(i64::MAX),
                    turn,
                    player,
                    verdict,
                }),
                _ => Err(AppError::internal("a slip recorded something else")),
            }
        })
}

/// The event a game belongs to and its lexicon's name (to pick the graph before a write).
pub fn game_lexicon(
    conn: &mut DbConn,
    game: DuplicateGameId,
) -> Result<(EventId, String), AppError> {
    let row = rows::find_game(conn, game)?
        .ok_or_else(|| AppError::not_found(format!("no Duplicate game {game}")))?;
    let ev = crate::services::events::event(conn, row.event_id)?;
    Ok((ev.id, ev.lexicon))
}
