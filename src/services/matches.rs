//! Match commands: one transaction each. Load the folded state, let the rules decide, append the
//! events, move the projection, record the idempotency key; publish after commit.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::db::{DbConn, events as event_rows, matches as rows};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::game::{self, Actor, Command, Event, RuleError, Side, State, View};
use crate::rules::ruleset::Ruleset;
use crate::services::authz::Grants;

/// Folded match states by match id, so a command reads only the events it has not seen.
/// Always checked against the log (events after the cached seq are applied), so it is safe
/// with several instances writing to one database.
#[derive(Debug, Default)]
pub struct MatchCache {
    states: Mutex<HashMap<i64, Arc<State>>>,
}

impl MatchCache {
    const MAX: usize = 20_000;

    /// The cached state of a match, if any (it may be behind the log).
    pub fn get(&self, id: i64) -> Option<Arc<State>> {
        self.states.lock().ok()?.get(&id).cloned()
    }

    /// Remembers a state after its transaction committed.
    pub fn put(&self, id: i64, state: impl Into<Arc<State>>) {
        let state = state.into();
        if let Ok(mut m) = self.states.lock() {
            if m.len() >= Self::MAX {
                m.clear();
            }
            let newer = m.get(&id).is_none_or(|old| old.last_seq <= state.last_seq);
            if newer {
                m.insert(id, state);
            }
        }
    }
}

/// A match's row, or 404.
fn match_row(conn: &mut DbConn, match_id: i64) -> Result<rows::MatchRow, AppError> {
    rows::find(conn, match_id)?.ok_or_else(|| AppError::not_found(format!("no match {match_id}")))
}

/// The state of a match as its log says now (shared with the cache: readers never copy it).
pub fn load_state(
    conn: &mut DbConn,
    cache: &MatchCache,
    match_id: i64,
) -> Result<Arc<State>, AppError> {
    let cached = cache.get(match_id);
    let seen = cached.as_ref().map_or(0, |s| s.last_seq as i64);
    let newer = rows::events_after(conn, match_id, seen)?;
    if newer.is_empty() {
        return Ok(cached.unwrap_or_default());
    }
    let mut state = cached.map(Arc::unwrap_or_clone).unwrap_or_default();
    for e in &newer {
        game::apply(&mut state, e);
    }
    let state = Arc::new(state);
    cache.put(match_id, state.clone());
    Ok(state)
}

/// Who sends a command.
#[derive(Debug, Clone, Copy)]
pub enum Sender {
    /// A signed-in user, acting in whichever role the command needs.
    User(i64),
    /// The server's clock sweeper.
    System,
}

/// A command as the API receives it.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CommandRequest {
    /// Client-made key: a repeat by the same user through the same door returns the first
    /// result and writes nothing.
    #[serde(default)]
    pub idempotency_key: Option<String>,
    /// The seq the client decided on; a stale one is refused with 409 and the current state.
    #[serde(default)]
    pub expected_seq: Option<i64>,
    /// What to do.
    pub command: Command,
    /// The door the command came through (set by the server, never by the client).
    #[serde(skip)]
    pub via: Via,
}

/// The door a match command comes through. Each official action has one (issue 11): on a match
/// of an event, rulings are made only through the PIC queue (which holds the claim), and
/// disqualifications, walkouts and their withdrawal only through the committee register (which
/// keeps the record), so the command route refuses them there. A match outside any event has no
/// queue and no register: the command route is its only door.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Via {
    /// `POST /api/v1/matches/{id}/commands` (and the server's own clock sweeper).
    #[default]
    CommandRoute,
    /// A PIC's ruling on a claimed challenge (`services::pic::rule`).
    Queue,
    /// The committee register (`services::committee::record`).
    Register,
    /// A director's import of a game record (C8): the record's rulings are part of the record,
    /// not a PIC's act on a live challenge, so they are replayed as they were written.
    Import,
}

impl Via {
    /// Where idempotency keys sent through this door are kept.
    fn scope(self) -> rows::KeyScope {
        match self {
            Via::Queue => rows::KeyScope::Ruling,
            // The register keeps its own keys with its records; its match commands carry none.
            Via::CommandRoute | Via::Register | Via::Import => rows::KeyScope::Command,
        }
    }
}

/// The result of an accepted command.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CommandOutcome {
    /// The match.
    pub match_id: i64,
    /// The events appended.
    pub events: Vec<Event>,
    /// The match after them.
    pub state: View,
    /// True when this is the stored first result of a repeated idempotency key.
    #[serde(default)]
    pub replayed: bool,
}

enum Attempt {
    Done(Box<(CommandOutcome, Option<State>, Option<LiveMessage>)>),
    Raced,
}

/// Runs a command on a match. Retries by itself when another writer appended first and the
/// client did not pin `expected_seq` (then the client gets a 409 instead).
pub fn execute(
    conn: &mut DbConn,
    cache: &MatchCache,
    now: DateTime<Utc>,
    match_id: i64,
    sender: Sender,
    req: &CommandRequest,
) -> Result<(CommandOutcome, Option<LiveMessage>), AppError> {
    check_key(req)?;
    for _ in 0..5 {
        let attempt = conn.write_tx(|conn| attempt(conn, cache, now, match_id, sender, req));
        let attempt = match attempt {
            // A unique-key collision means another writer won the race on seq or key.
            Err(AppError::Conflict { current: None, .. }) => Attempt::Raced,
            other => other?,
        };
        match attempt {
            Attempt::Done(done) => {
                let (outcome, state, live) = *done;
                if let Some(s) = state {
                    cache.put(match_id, s);
                }
                return Ok((outcome, live));
            }
            Attempt::Raced => continue,
        }
    }
    Err(AppError::Conflict {
        message: "the match is changing too quickly; please retry".into(),
        current: None,
    })
}

/// Refuses an idempotency key the records cannot hold, and text a command would store that is
/// not one line (see [`check_text`]).
pub fn check_key(req: &CommandRequest) -> Result<(), AppError> {
    check_idempotency_key(req.idempotency_key.as_deref())?;
    check_text(&req.command)
}

/// Refuses an idempotency key the records cannot hold (every write that takes one).
pub fn check_idempotency_key(key: Option<&str>) -> Result<(), AppError> {
    match key {
        Some(k) if k.is_empty() || k.len() > 128 => Err(AppError::field(
            "idempotency_key",
            "an idempotency key has 1 to 128 characters",
        )),
        Some(k) => crate::text::check_token("idempotency_key", k, 128),
        None => Ok(()),
    }
}

/// The free text of a command, as the committee's register checks it: a reason is one line of
/// 1 to 500 characters ([`crate::text::Reason`]). Words and tiles are checked by the rules.
pub fn check_text(command: &Command) -> Result<(), AppError> {
    match command {
        Command::Disqualify { reason, .. }
        | Command::Walkout { reason, .. }
        | Command::Correction { reason, .. } => {
            crate::text::Reason::parse("reason", reason).map(|_| ())
        }
        _ => Ok(()),
    }
}

/// A command's first answer, as a repeat of its key receives it. The record keeps only the seqs
/// the command appended: the answer is rebuilt from the log (those events, and the match as they
/// left it, viewed at the moment they were recorded), which gives the same answer as the first
/// time without writing its text at every command. Older records hold the text itself.
pub fn replayed(
    conn: &mut DbConn,
    match_id: i64,
    stored: &rows::StoredCommand,
) -> Result<CommandOutcome, AppError> {
    if !stored.response.is_empty() {
        let mut outcome: CommandOutcome =
            serde_json::from_str(&stored.response).map_err(AppError::internal)?;
        outcome.replayed = true;
        return Ok(outcome);
    }
    let mut log = rows::events_after(conn, match_id, 0)?;
    log.retain(|e| e.seq as i64 <= stored.last_seq);
    let state = game::fold(&log);
    let at = log
        .last()
        .map(|e| e.at)
        .ok_or_else(|| AppError::internal("an idempotency record without events"))?;
    log.retain(|e| e.seq as i64 >= stored.first_seq);
    Ok(CommandOutcome {
        match_id,
        state: state.view(at),
        events: log,
        replayed: true,
    })
}

/// The first result of a command `sender` sent through `via` with its idempotency key, if any.
/// Keys are the sender's own: another account's key, or a key of another door, is not found
/// (issue 11). The system sends no keys.
pub fn stored_outcome(
    conn: &mut DbConn,
    match_id: i64,
    sender: Sender,
    via: Via,
    key: Option<&str>,
) -> Result<Option<CommandOutcome>, AppError> {
    let (Sender::User(uid), Some(key)) = (sender, key) else {
        return Ok(None);
    };
    match rows::command_response(conn, match_id, via.scope(), uid, key)? {
        Some(stored) => Ok(Some(replayed(conn, match_id, &stored)?)),
        None => Ok(None),
    }
}

/// A command's effects, for callers that run it inside their own transaction.
pub type Executed = (CommandOutcome, Option<State>, Option<LiveMessage>);

/// Runs a command inside the caller's transaction (no retry). After the commit, the caller puts
/// the returned state in the cache and publishes the live message.
pub fn execute_in_tx(
    conn: &mut DbConn,
    cache: &MatchCache,
    now: DateTime<Utc>,
    match_id: i64,
    sender: Sender,
    req: &CommandRequest,
) -> Result<Executed, AppError> {
    match attempt(conn, cache, now, match_id, sender, req)? {
        Attempt::Done(done) => Ok(*done),
        Attempt::Raced => Err(AppError::Conflict {
            message: "another change to this match was recorded at the same moment; please retry"
                .into(),
            current: None,
        }),
    }
}

fn attempt(
    conn: &mut DbConn,
    cache: &MatchCache,
    now: DateTime<Utc>,
    match_id: i64,
    sender: Sender,
    req: &CommandRequest,
) -> Result<Attempt, AppError> {
    // PostgreSQL: writers to one match queue on its row for the whole transaction, so a command
    // is decided on the state the previous one left, rather than losing the race and retrying.
    // (SQLite already has a single writer.) The idempotency lookup comes after the lock, so a
    // repeat sees the first attempt's committed result.
    let row = rows::lock_many(conn, &[match_id])?
        .pop()
        .ok_or_else(|| AppError::not_found(format!("no match {match_id}")))?;
    let state = load_state(conn, cache, match_id)?;
    let grants = match sender {
        Sender::User(uid) => Some(Grants::load(conn, uid)?),
        Sender::System => None,
    };
    // Authorised first: a stored answer holds the match's state (issue 11).
    let actors = authorize(&row.seat(), grants.as_ref(), sender, req)?;
    // Its round was paired again: nothing more is recorded here (the table has a new match).
    if row.void {
        return Err(voided(conn, &row)?);
    }
    if let Some(first) = stored_outcome(
        conn,
        match_id,
        sender,
        req.via,
        req.idempotency_key.as_deref(),
    )? {
        return Ok(Attempt::Done(Box::new((first, None, None))));
    }
    let decided = decide_on(&row.seat(), &state, &actors, now, sender, req)?;
    // Written as the command writer writes a batch (of one): the projection moves only from
    // the seq it was decided at, with the events, the record and the queue changes.
    let mut queue = QueueChanges::default();
    queue.record(
        row.event_id,
        match_id,
        &state,
        &decided.next,
        crate::db::now_utc(),
    )?;
    let events = decided
        .outcome
        .events
        .iter()
        .map(|e| rows::NewEventRow::of(match_id, e))
        .collect::<Result<Vec<_>, _>>()?;
    let moved = rows::write_moves(
        conn,
        &[(
            match_id,
            row.last_seq,
            projection(&decided.outcome.state, now),
        )],
        &events,
        decided.record.as_slice(),
        &queue.into_rows(),
    )?;
    if moved.is_empty() {
        return Ok(Attempt::Raced);
    }
    Ok(Attempt::Done(Box::new((
        decided.outcome,
        Some(decided.next),
        decided.live,
    ))))
}

/// What one command does to a match, before anything is written.
pub(crate) struct Decided {
    /// The client's answer.
    pub(crate) outcome: CommandOutcome,
    /// The match after the command.
    pub(crate) next: State,
    /// The idempotency record, when the client sent a key.
    pub(crate) record: Option<rows::NewCommandRow>,
    /// What live pages are told after the commit.
    pub(crate) live: Option<LiveMessage>,
}

/// The identities `sender` may send `req` as on this match (the first the rules accept is
/// used), or why it may not send it here at all: no role, or not through this door. Nothing is
/// told about the match before this passes: not a stored answer, not its state in a 409.
/// `grants` is `None` only for the system.
pub(crate) fn authorize(
    seat: &rows::Seat,
    grants: Option<&Grants>,
    sender: Sender,
    req: &CommandRequest,
) -> Result<Vec<Actor>, AppError> {
    let actors = match (sender, grants) {
        (Sender::System, _) => vec![Actor::System],
        (Sender::User(_), Some(g)) => g.actors_for(seat.event_id, seat.table_no, &req.command),
        (Sender::User(_), None) => {
            return Err(AppError::Unauthorized(
                "this account no longer exists".into(),
            ));
        }
    };
    if actors.is_empty() {
        return Err(AppError::Forbidden(
            "you hold no role at this match's table or event that allows this".into(),
        ));
    }
    one_door(seat, req)?;
    Ok(actors)
}

/// Whether a command has its own door on an event's match (see [`Via`]).
pub fn has_own_door(command: &Command) -> bool {
    matches!(
        command,
        Command::RuleWord { .. }
            | Command::RuleScore { .. }
            | Command::Disqualify { .. }
            | Command::Walkout { .. }
            | Command::Correction { .. }
    )
}

/// Sends a command of the command route through its own door, when it has one on this match:
/// a ruling through the PIC's claim, a disqualification or walkout (or its correction) through
/// the committee register. `None`: it has none here and goes the ordinary way.
pub fn through_own_door(
    conn: &mut DbConn,
    cache: &MatchCache,
    now: DateTime<Utc>,
    match_id: i64,
    user_id: i64,
    req: &CommandRequest,
) -> Result<Option<(CommandOutcome, Vec<LiveMessage>)>, AppError> {
    if let Some((outcome, live)) =
        crate::services::pic::rule_from_command(conn, cache, now, user_id, match_id, req)?
    {
        return Ok(Some((outcome, live.into_iter().collect())));
    }
    crate::services::committee::record_from_command(conn, cache, now, user_id, match_id, req)
}

/// Refuses, on the command route of an event's match, what has its own door there and did not
/// go through it (see [`Via`] and [`through_own_door`]): a ruling would skip the claim, so a
/// second PIC could rule a challenge another holds, and a disqualification or walkout would
/// leave no record in the register (rules T11, T18, E3). A correction is refused by the
/// register's door itself when the register holds what it takes back.
fn one_door(seat: &rows::Seat, req: &CommandRequest) -> Result<(), AppError> {
    let Some(event) = seat.event_id else {
        return Ok(());
    };
    if req.via != Via::CommandRoute {
        return Ok(());
    }
    let door = match &req.command {
        Command::RuleWord { .. } | Command::RuleScore { .. } => {
            "rulings on this event's challenges go through the PIC queue: claim the challenge \
             (POST /api/v1/challenges/{id}/claim) and rule it (POST /api/v1/challenges/{id}/rule)"
                .to_owned()
        }
        Command::Disqualify { .. } | Command::Walkout { .. } => format!(
            "disqualifications and walkouts are recorded in the committee register \
             (POST /api/v1/events/{event}/committee)"
        ),
        _ => return Ok(()),
    };
    Err(AppError::Forbidden(door))
}

/// Decides one command on a match whose seat and folded state are loaded, as one of the
/// `actors` [`authorize`] gave: the part of a command that touches no database, shared by
/// [`execute`] and the batching [`crate::services::writer::CommandWriter`].
///
/// A panic while deciding (a bug in the rules) refuses this command with a 500 and is logged;
/// it never takes the writer, and every other table's commands, down with it (issue 11).
pub(crate) fn decide_on(
    seat: &rows::Seat,
    state: &State,
    actors: &[Actor],
    now: DateTime<Utc>,
    sender: Sender,
    req: &CommandRequest,
) -> Result<Decided, AppError> {
    guarded(seat.id, req.command.name(), || {
        decide_unguarded(seat, state, actors, now, sender, req)
    })
}

/// Runs `f`, turning a panic into a 500 for this command alone (logged with the match and the
/// command's type).
pub(crate) fn guarded<T>(
    match_id: i64,
    command: &str,
    f: impl FnOnce() -> Result<T, AppError>,
) -> Result<T, AppError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|panic| {
        let why = panic_message(panic.as_ref());
        tracing::error!(match_id, command, panic = %why, "a match command panicked; refused");
        Err(AppError::internal(format!(
            "the {command} command on match {match_id} failed: {why}"
        )))
    })
}

/// A panic's message, when it has one.
pub(crate) fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

fn decide_unguarded(
    seat: &rows::Seat,
    state: &State,
    actors: &[Actor],
    now: DateTime<Utc>,
    sender: Sender,
    req: &CommandRequest,
) -> Result<Decided, AppError> {
    if let Some(expected) = req.expected_seq
        && expected != state.last_seq as i64
    {
        return Err(AppError::Conflict {
            message: format!(
                "the match has moved on (expected seq {expected}, now {}); look at the current state and decide again",
                state.last_seq
            ),
            current: serde_json::to_value(state.view(now)).ok(),
        });
    }
    let mut decided: Result<(Vec<Event>, State), RuleError> = Err(RuleError::Forbidden {
        command: "command",
        needs: "a role",
    });
    for actor in actors {
        decided = game::decide_and_apply(state, req.command.clone(), actor, now);
        if !matches!(decided, Err(RuleError::Forbidden { .. })) {
            break;
        }
    }
    let (events, next) = decided?;
    let outcome = CommandOutcome {
        match_id: seat.id,
        state: next.view(now),
        events,
        replayed: false,
    };
    let record = match (
        &req.idempotency_key,
        outcome.events.first(),
        outcome.events.last(),
    ) {
        (Some(key), Some(first), Some(last)) => Some(rows::NewCommandRow {
            match_id: seat.id,
            idempotency_key: key.clone(),
            user_id: match sender {
                Sender::User(u) => Some(u),
                Sender::System => None,
            },
            first_seq: first.seq as i64,
            last_seq: last.seq as i64,
            response: String::new(),
            created_at: crate::db::now_utc(),
            scope: req.via.scope().as_str(),
        }),
        _ => None,
    };
    let live = outcome.events.last().map(|e| LiveMessage {
        event_id: seat.event_id,
        match_id: seat.id,
        seq: e.seq as i64,
        kind: e.payload.kind().to_owned(),
        standings: state.status == game::Status::Finished || next.status == game::Status::Finished,
    });
    Ok(Decided {
        outcome,
        next,
        record,
        live,
    })
}

fn side_name(side: Option<Side>) -> Option<String> {
    side.map(|s| match s {
        Side::A => "a".to_owned(),
        Side::B => "b".to_owned(),
    })
}

fn text_of<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

/// The projection row's fields for a state's view.
pub(crate) fn projection(view: &View, now: DateTime<Utc>) -> rows::Projection {
    rows::Projection {
        status: text_of(&view.status),
        last_seq: view.last_seq as i64,
        score_a: view.scores.a,
        score_b: view.scores.b,
        to_move: side_name(view.side_to_move),
        winner: view.result.as_ref().and_then(|r| side_name(r.winner)),
        result_reason: view.result.as_ref().map(|r| text_of(&r.reason)),
        clock_a_ms: view.clocks_ms.a,
        clock_b_ms: view.clocks_ms.b,
        updated_at: now.naive_utc(),
    }
}

/// What commands do to the PIC queue, merged into one change per queue row, so that a batch of
/// commands writes each row once (a PostgreSQL statement cannot change one row twice).
#[derive(Debug, Default)]
pub(crate) struct QueueChanges {
    rows: Vec<rows::QueueChange>,
    index: HashMap<(i64, i64), usize>,
}

impl QueueChanges {
    /// Adds what one command did to a match (`prev` → `next`): challenges opened (or re-opened
    /// by a correction), challenges no longer open (ruled, or gone with a corrected play), and
    /// new rulings. Only the differences are written.
    pub(crate) fn record(
        &mut self,
        event_id: Option<i64>,
        match_id: i64,
        prev: &State,
        next: &State,
        at: chrono::NaiveDateTime,
    ) -> Result<(), AppError> {
        // Most commands touch no challenge: then the queue is already right.
        if prev.challenges == next.challenges {
            return Ok(());
        }
        let was_open = |id: u64| prev.open_challenges().any(|c| c.id == id);
        for c in next.open_challenges().filter(|c| !was_open(c.id)) {
            let kind = match c.kind {
                game::ChallengeKind::Word { .. } => "word",
                game::ChallengeKind::Score => "score",
            };
            let detail = serde_json::to_string(c).map_err(AppError::internal)?;
            let row = self.row(event_id, match_id, c.id, at);
            row.opened = Some(rows::OpenedChallenge {
                kind: kind.to_owned(),
                detail,
                opened_at: c.opened_at.naive_utc(),
            });
            row.close = false;
        }
        for c in prev.open_challenges() {
            if !next.open_challenges().any(|n| n.id == c.id) {
                self.row(event_id, match_id, c.id, at).close = true;
            }
        }
        for c in &next.challenges {
            let newly_ruled = prev.challenge(c.id).is_none_or(|p| p.ruling.is_none());
            if let (Some(ruling), true) = (&c.ruling, newly_ruled) {
                let json = serde_json::to_string(ruling).map_err(AppError::internal)?;
                let row = self.row(event_id, match_id, c.id, at);
                // A row keeps its first ruling (T11: a ruling is applied once).
                row.ruling.get_or_insert(json);
            }
        }
        Ok(())
    }

    fn row(
        &mut self,
        event_id: Option<i64>,
        match_id: i64,
        id: u64,
        at: chrono::NaiveDateTime,
    ) -> &mut rows::QueueChange {
        let key = (match_id, id as i64);
        let i = *self.index.entry(key).or_insert_with(|| {
            self.rows.push(rows::QueueChange {
                event_id,
                match_id,
                challenge_seq: id as i64,
                opened: None,
                close: false,
                ruling: None,
                at,
            });
            self.rows.len() - 1
        });
        &mut self.rows[i]
    }

    /// The merged changes, in the order their rows were first touched.
    pub(crate) fn into_rows(self) -> Vec<rows::QueueChange> {
        self.rows
    }
}

/// What the API needs to create a match.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewMatchRequest {
    /// The event; its ruleset applies unless `ruleset` is given.
    #[serde(default)]
    pub event_id: Option<i64>,
    /// Round number.
    #[serde(default)]
    pub round: Option<i32>,
    /// Table number (table devices are granted per table).
    #[serde(default)]
    pub table: Option<i32>,
    /// Side A: a team of the event, or a name.
    pub side_a: SideSpec,
    /// Side B.
    pub side_b: SideSpec,
    /// A ruleset spec (preset + overrides); default: the event's.
    #[serde(default)]
    pub ruleset: Option<crate::rules::ruleset::RulesetSpec>,
    /// Client-made key: the same user creating again with it gets the match made the first
    /// time (as it was then) instead of a second one.
    #[serde(default)]
    pub idempotency_key: Option<String>,
}

/// One side of a new match.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// A team of the event.
    #[serde(default)]
    pub team_id: Option<i64>,
    /// A display name (for a side without a team record, e.g. a 1v1 player).
    #[serde(default)]
    pub name: Option<String>,
}

/// A match as the API shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = Match)]
pub struct MatchDetail {
    /// Match id.
    pub id: i64,
    /// Event.
    pub event_id: Option<i64>,
    /// Round.
    pub round: Option<i32>,
    /// Table.
    pub table: Option<i32>,
    /// The sides' names and teams.
    pub sides: game::Sides<SideInfo>,
    /// The ruleset in force.
    pub ruleset: Option<Ruleset>,
    /// Voided when its round was paired again: kept with its log, takes no commands.
    pub void: bool,
    /// For a voided match: the match its table plays now in that round, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_match: Option<i64>,
    /// The state now.
    #[serde(flatten)]
    pub view: View,
}

/// A side's identity.
#[derive(Debug, Clone, Serialize, Default, utoipa::ToSchema)]
pub struct SideInfo {
    /// Team id.
    pub team_id: Option<i64>,
    /// Name.
    pub name: String,
}

fn side_identity(
    conn: &mut DbConn,
    event_id: Option<i64>,
    spec: &SideSpec,
    field: &str,
) -> Result<(Option<i64>, String), AppError> {
    match (spec.team_id, &spec.name) {
        (Some(team_id), _) => {
            let team = event_rows::find_team(conn, team_id)?
                .ok_or_else(|| AppError::field(field, format!("no team {team_id}")))?;
            if Some(team.event_id) != event_id {
                return Err(AppError::field(
                    field,
                    format!("team {team_id} is not in this event"),
                ));
            }
            Ok((Some(team.id), team.name))
        }
        (None, Some(name)) => Ok((None, crate::text::Name::parse(field, name)?.into_string())),
        (None, None) => Err(AppError::field(
            field,
            "give a team_id or a name (1-100 characters)",
        )),
    }
}

/// Creates a match and its `created` event. With an idempotency key the same user gets the
/// match made the first time instead (issue 11: a create resent after a dropped connection
/// made a second, empty match at the table).
pub fn create(
    conn: &mut DbConn,
    cache: &MatchCache,
    now: DateTime<Utc>,
    user_id: i64,
    req: &NewMatchRequest,
) -> Result<MatchDetail, AppError> {
    check_idempotency_key(req.idempotency_key.as_deref())?;
    match create_once(conn, cache, now, user_id, req) {
        // Two creates with one key at the same moment (PostgreSQL): the loser's key collided
        // with the winner's record, and now finds it.
        Err(AppError::Conflict { current: None, .. }) if req.idempotency_key.is_some() => {
            create_once(conn, cache, now, user_id, req)
        }
        other => other,
    }
}

/// The match `user_id` already created with `key`, as the first answer showed it, if any.
fn created_before(
    conn: &mut DbConn,
    user_id: i64,
    key: &str,
    req: &NewMatchRequest,
) -> Result<Option<MatchDetail>, AppError> {
    let Some((match_id, stored)) = rows::created_with_key(conn, user_id, key)? else {
        return Ok(None);
    };
    let row = match_row(conn, match_id)?;
    if (row.event_id, row.round_no, row.table_no) != (req.event_id, req.round, req.table) {
        return Err(AppError::field(
            "idempotency_key",
            format!("this key already created match {match_id}, at another table or round"),
        ));
    }
    let mut log = rows::events_after(conn, match_id, 0)?;
    log.retain(|e| e.seq as i64 <= stored.last_seq);
    let at = log
        .last()
        .map(|e| e.at)
        .ok_or_else(|| AppError::internal("a created match without events"))?;
    Ok(Some(detail(&row, &game::fold(&log), at)))
}

fn create_once(
    conn: &mut DbConn,
    cache: &MatchCache,
    now: DateTime<Utc>,
    user_id: i64,
    req: &NewMatchRequest,
) -> Result<MatchDetail, AppError> {
    let out = conn.write_tx(|conn| {
        let grants = Grants::load(conn, user_id)?;
        grants.require_director(req.event_id)?;
        if let Some(key) = &req.idempotency_key
            && let Some(first) = created_before(conn, user_id, key, req)?
        {
            return Ok(Err(first));
        }
        let event = match req.event_id {
            Some(id) => Some(
                event_rows::find_event(conn, id)?
                    .ok_or_else(|| AppError::field("event_id", format!("no event {id}")))?,
            ),
            None => None,
        };
        let spec = match (&req.ruleset, &event) {
            (Some(spec), _) => spec.clone(),
            (None, Some(ev)) => {
                serde_json::from_str(&ev.ruleset_spec).map_err(AppError::internal)?
            }
            (None, None) => {
                return Err(AppError::field(
                    "ruleset",
                    "a match outside an event needs a ruleset",
                ));
            }
        };
        let ruleset = spec.resolve().map_err(|e| AppError::ruleset(&e))?;
        let (team_a, name_a) = side_identity(conn, req.event_id, &req.side_a, "side_a")?;
        let (team_b, name_b) = side_identity(conn, req.event_id, &req.side_b, "side_b")?;
        if team_a.is_some() && team_a == team_b {
            return Err(AppError::field("side_b", "a team cannot play itself"));
        }
        let row = rows::insert(
            conn,
            &rows::NewMatch {
                event_id: req.event_id,
                round_no: req.round,
                table_no: req.table,
                team_a,
                team_b,
                name_a: &name_a,
                name_b: &name_b,
                status: "new",
                last_seq: 0,
                created_by: Some(user_id),
                created_at: now.naive_utc(),
                updated_at: now.naive_utc(),
            },
        )?;
        let actor = Actor::Director {
            id: user_id.to_string(),
        };
        // N8: the names go on the results slip, so the log carries them from the start.
        let names = Some(game::Sides {
            a: name_a.clone(),
            b: name_b.clone(),
        });
        let events = game::decide(
            &State::default(),
            Command::Create { ruleset, names },
            &actor,
            now,
        )?;
        let state = game::fold(&events);
        rows::advance(conn, row.id, 0, &projection(&state.view(now), now))?;
        rows::append(conn, row.id, &events)?;
        if let (Some(key), Some(first), Some(last)) =
            (&req.idempotency_key, events.first(), events.last())
        {
            rows::insert_commands(
                conn,
                &[rows::NewCommandRow {
                    match_id: row.id,
                    idempotency_key: key.clone(),
                    user_id: Some(user_id),
                    first_seq: first.seq as i64,
                    last_seq: last.seq as i64,
                    response: String::new(),
                    created_at: crate::db::now_utc(),
                    scope: rows::KeyScope::Create.as_str(),
                }],
            )?;
        }
        Ok::<_, AppError>(Ok((row, state)))
    })?;
    let (row, state) = match out {
        Ok(made) => made,
        Err(first) => return Ok(first),
    };
    cache.put(row.id, state.clone());
    Ok(detail(&row, &state, now))
}

fn detail(row: &rows::MatchRow, state: &State, now: DateTime<Utc>) -> MatchDetail {
    MatchDetail {
        id: row.id,
        event_id: row.event_id,
        round: row.round_no,
        table: row.table_no,
        sides: game::Sides {
            a: SideInfo {
                team_id: row.team_a,
                name: row.name_a.clone(),
            },
            b: SideInfo {
                team_id: row.team_b,
                name: row.name_b.clone(),
            },
        },
        ruleset: state.ruleset().cloned(),
        void: row.void,
        current_match: None,
        view: state.view(now),
    }
}

/// [`detail`], with the table's current match when this one is void.
fn detail_of(
    conn: &mut DbConn,
    row: &rows::MatchRow,
    state: &State,
    now: DateTime<Utc>,
) -> Result<MatchDetail, AppError> {
    let mut d = detail(row, state, now);
    if row.void {
        d.current_match = current_at_table(conn, row)?;
    }
    Ok(d)
}

/// The live (not void) match at a void match's table in the same round, if any.
fn current_at_table(conn: &mut DbConn, row: &rows::MatchRow) -> Result<Option<i64>, AppError> {
    Ok(match (row.event_id, row.round_no, row.table_no) {
        (Some(event), Some(round), Some(table)) => rows::live_at_table(conn, event, round, table)?,
        _ => None,
    })
}

/// The refusal of a command sent to a void match (a tablet left on the old page after its round
/// was paired again): 409, naming the match its table plays now.
pub fn voided(conn: &mut DbConn, row: &rows::MatchRow) -> Result<AppError, AppError> {
    let current = current_at_table(conn, row)?;
    let round = row
        .round_no
        .map_or_else(|| "its round".to_owned(), |r| format!("round {r}"));
    let table = row
        .table_no
        .map_or_else(|| "this table".to_owned(), |t| format!("table {t}"));
    let message = match current {
        Some(m) => format!(
            "match {} was voided when {round} was paired again, and nothing more is recorded \
             in it: {table} now plays match {m} (/matches/{m}/table)",
            row.id
        ),
        None => format!(
            "match {} was voided when {round} was paired again, and nothing more is recorded \
             in it; {table} has no match in {round} now (ask the director)",
            row.id
        ),
    };
    Ok(AppError::Voided {
        message,
        current_match: current,
    })
}

/// Who may read a match: anyone when its event is public, otherwise people with a role in it.
fn may_read(conn: &mut DbConn, row: &rows::MatchRow, user: Option<i64>) -> Result<(), AppError> {
    let public = match row.event_id {
        Some(id) => event_rows::find_event(conn, id)?.is_some_and(|e| e.public),
        None => false,
    };
    if public {
        return Ok(());
    }
    let Some(uid) = user else {
        return Err(AppError::Unauthorized("sign in to see this match".into()));
    };
    let g = Grants::load(conn, uid)?;
    let captain = [row.team_a, row.team_b]
        .into_iter()
        .flatten()
        .any(|t| g.captains(t));
    if g.in_event(row.event_id) || captain || row.created_by == Some(uid) {
        Ok(())
    } else {
        Err(AppError::Forbidden("this match is not public".into()))
    }
}

/// A match and its state at `now`.
pub fn show(
    conn: &mut DbConn,
    cache: &MatchCache,
    now: DateTime<Utc>,
    match_id: i64,
    user: Option<i64>,
) -> Result<MatchDetail, AppError> {
    let row = match_row(conn, match_id)?;
    may_read(conn, &row, user)?;
    let state = load_state(conn, cache, match_id)?;
    detail_of(conn, &row, &state, now)
}

/// A match's log.
pub fn events(
    conn: &mut DbConn,
    match_id: i64,
    user: Option<i64>,
    after: i64,
) -> Result<Vec<Event>, AppError> {
    let row = match_row(conn, match_id)?;
    may_read(conn, &row, user)?;
    rows::events_after(conn, match_id, after)
}

/// A board-mode match as a GCG record.
pub fn gcg(
    conn: &mut DbConn,
    cache: &MatchCache,
    match_id: i64,
    user: Option<i64>,
) -> Result<String, AppError> {
    let row = match_row(conn, match_id)?;
    may_read(conn, &row, user)?;
    let state = load_state(conn, cache, match_id)?;
    let game = game::to_gcg(&state, [&row.name_a, &row.name_b]).ok_or_else(|| {
        AppError::not_found("this match is kept in sheet mode; there is no board to export")
    })?;
    Ok(crate::rules::gcg::write(&game))
}

/// C8: replays a GCG record into a created, not yet started board-mode match, through the same
/// commands live play sends (one transaction: the whole record or nothing). Director only.
/// Returns the match after it and what live pages are told.
pub fn import_gcg(
    conn: &mut DbConn,
    cache: &MatchCache,
    now: DateTime<Utc>,
    match_id: i64,
    user_id: i64,
    text: &str,
) -> Result<(MatchDetail, Vec<LiveMessage>), AppError> {
    let row = match_row(conn, match_id)?;
    let g = Grants::load(conn, user_id)?;
    let allowed = match row.event_id {
        Some(_) => g.directs(row.event_id),
        None => row.created_by == Some(user_id) || g.directs(None),
    };
    if !allowed {
        return Err(AppError::Forbidden(
            "only the event's director imports a GCG record".into(),
        ));
    }
    let game = crate::rules::gcg::read(text.as_bytes())
        .map_err(|e| AppError::field("gcg", e.to_string()))?;
    // The replay's commands see each other through a scratch cache: the shared one must not
    // hold a state the transaction may roll back.
    let scratch = MatchCache::default();
    let (state, lives) = conn.write_tx(|conn| {
        let start = load_state(conn, &scratch, match_id)?;
        let span = start
            .ruleset()
            .map_or(0, |r| game::import_span_ms(&game, r));
        // The replay ends now if it can (no event in the future), but never starts before the
        // match's last event: decisions never go back in time.
        let base = crate::rules::clock::after(now, -span);
        let base = start.last_at.map_or(base, |t| base.max(t));
        let mut lives = Vec::new();
        let mut failure: Option<AppError> = None;
        let result = game::import_gcg(&game, (*start).clone(), &mut |ms, command| {
            let req = CommandRequest {
                idempotency_key: None,
                expected_seq: None,
                command,
                via: Via::Import,
            };
            let at = crate::rules::clock::after(base, ms);
            match execute_in_tx(conn, &scratch, at, match_id, Sender::User(user_id), &req) {
                Ok((_, next, live)) => {
                    lives.extend(live);
                    // Without an idempotency key every command is new and returns its state.
                    next.ok_or_else(|| game::ImportError {
                        line: 0,
                        message: "a command of the record was not recorded".into(),
                    })
                }
                Err(e) => {
                    let message = e.to_string();
                    failure = Some(e);
                    Err(game::ImportError { line: 0, message })
                }
            }
        });
        match result {
            Ok(state) => Ok((state, lives)),
            // A command the rules refuse makes the record unreplayable (C8, naming the rule
            // that refused it); other failures (403, a conflict) keep their own status.
            Err(e) => Err(match failure {
                Some(AppError::Rule { message, .. }) => AppError::Rule {
                    rule: "C8".into(),
                    message: format!("rule C8: the record cannot be replayed here: {message}"),
                },
                Some(other) => other,
                None => AppError::Rule {
                    rule: "C8".into(),
                    message: e.to_string(),
                },
            }),
        }
    })?;
    cache.put(match_id, state.clone());
    Ok((detail(&row, &state, now), lives))
}

/// The clock sweeper's pass: records `time_expired` on every match where a clock or the match
/// limit has run out, so live views see the flag fall. Returns how many matches changed.
pub fn sweep(
    conn: &mut DbConn,
    cache: &MatchCache,
    now: DateTime<Utc>,
) -> Result<Vec<LiveMessage>, AppError> {
    let mut changed = Vec::new();
    for (id, _) in rows::active(conn)? {
        let state = load_state(conn, cache, id)?;
        if game::due_timeouts(&state, now).is_none() {
            continue;
        }
        let req = CommandRequest {
            idempotency_key: None,
            expected_seq: None,
            command: Command::TimeExpired,
            via: Via::CommandRoute,
        };
        match execute(conn, cache, now, id, Sender::System, &req) {
            Ok((_, Some(live))) => changed.push(live),
            Ok((_, None)) => {}
            // Someone else recorded it first, or nothing is due after all.
            Err(AppError::Rule { .. } | AppError::Conflict { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(changed)
}

/// The match a table device should show: the newest live (not void) match at its table.
pub fn current_for_device(conn: &mut DbConn, user_id: i64) -> Result<Option<i64>, AppError> {
    use crate::db::schema::role_grants;
    use diesel::prelude::*;
    let tables: Vec<(Option<i64>, Option<i32>)> = role_grants::table
        .filter(role_grants::user_id.eq(user_id))
        .filter(role_grants::role.eq("table"))
        .select((role_grants::event_id, role_grants::table_no))
        .load(conn)?;
    let mut best: Option<rows::MatchRow> = None;
    for (event, table) in tables {
        let (Some(event), Some(table)) = (event, table) else {
            continue;
        };
        for m in rows::of_event(conn, event)? {
            if m.table_no == Some(table)
                && best
                    .as_ref()
                    .is_none_or(|b| (m.round_no, m.id) > (b.round_no, b.id))
            {
                best = Some(m);
            }
        }
    }
    Ok(best.map(|m| m.id))
}

/// A match for its table's tablet: the table device of that table or a director.
pub fn for_table(
    conn: &mut DbConn,
    cache: &MatchCache,
    now: DateTime<Utc>,
    user_id: i64,
    match_id: i64,
) -> Result<MatchDetail, AppError> {
    let row = match_row(conn, match_id)?;
    let g = Grants::load(conn, user_id)?;
    if !(g.at_table(row.event_id, row.table_no) || g.directs(row.event_id)) {
        return Err(AppError::Forbidden(
            "this page is for the tablet of this match's table".into(),
        ));
    }
    let state = load_state(conn, cache, match_id)?;
    detail_of(conn, &row, &state, now)
}

/// Board mode: what a move would score, before the player confirms it.
pub fn preview(
    conn: &mut DbConn,
    cache: &MatchCache,
    user_id: i64,
    match_id: i64,
    mv: &str,
) -> Result<crate::rules::game::BoardPlay, AppError> {
    let row = match_row(conn, match_id)?;
    let g = Grants::load(conn, user_id)?;
    if !(g.at_table(row.event_id, row.table_no)
        || g.directs(row.event_id)
        || g.has("pic", row.event_id))
    {
        return Err(AppError::Forbidden(
            "only the table and officials preview moves".into(),
        ));
    }
    let state = load_state(conn, cache, match_id)?;
    let track = state.board.as_ref().ok_or_else(|| {
        AppError::field(
            "move",
            "this match is kept in sheet mode: enter words and the score",
        )
    })?;
    let rack_size = state.ruleset().map_or(7, |r| r.tiles.rack_size);
    Ok(track.read(mv, None, rack_size)?)
}
