//! `decide`: checks a command against the state and returns the events it produces.
//!
//! A decision runs on a scratch copy of the state in three steps, so that every event it returns
//! was checked against the state it will be applied to:
//! 1. time catches up: clocks that ran out and the match limit since the last event are
//!    recorded first, at the exact moment they happened (T3, T5; [`time`]);
//! 2. the command itself, by group: [`plays`] (draw, play, pass, exchange), [`challenges`]
//!    (accept, hold, challenges and rulings), [`end`] (announced end, racks, slip),
//!    [`committee`] (forfeits, corrections); [`guards`] holds the checks they share;
//! 3. consequences: the end of the game (T17, N6), overtime (N2) and the result (T18).
//!
//! Above the state and the fold (it reads [`State`] and applies its events with
//! [`crate::rules::game::apply`]), below the view, which catches time up through [`caught_up`].

mod challenges;
mod committee;
mod end;
mod guards;
mod plays;
mod time;

use chrono::{DateTime, Utc};

use crate::rules::game::{Actor, Command, Event, Payload, RuleError, State, Status};

pub use challenges::score_after_challenge;
pub use plays::seat_order;
pub use time::next_timeout_at;

use guards::{require, ruleset};
use time::{next_consequence, next_timeout};

/// Checks `cmd` from `actor` at `now` and returns the events to append, in order, numbered from
/// `state.last_seq + 1`. Refused commands return the rule they break and produce nothing.
pub fn decide(
    state: &State,
    cmd: Command,
    actor: &Actor,
    now: DateTime<Utc>,
) -> Result<Vec<Event>, RuleError> {
    decide_and_apply(state, cmd, actor, now).map(|(events, _)| events)
}

/// [`decide`], also returning the state with the events applied (the decision's scratch state,
/// so the caller need not copy and fold again).
pub fn decide_and_apply(
    state: &State,
    cmd: Command,
    actor: &Actor,
    now: DateTime<Utc>,
) -> Result<(Vec<Event>, State), RuleError> {
    // A decision never goes back before the last recorded event: clocks never run backwards.
    let now = state.last_at.map_or(now, |t| now.max(t));
    let mut batch = Batch::new(state, actor, now);
    match cmd {
        Command::TimeExpired => {
            batch.catch_up();
            if batch.events.is_empty() {
                return Err(RuleError::NothingDue);
            }
        }
        Command::Correction {
            reverses_seq,
            reason,
        } => {
            // E3: the rollback comes first, so time is caught up on the corrected state.
            require(actor, Actor::is_official, "correction", "an official")?;
            let reverses = committee::reversal(&batch.state, reverses_seq)?;
            batch.push(Payload::Corrected { reverses, reason });
            batch.catch_up();
        }
        cmd => {
            batch.catch_up();
            for p in command_payloads(&batch.state, cmd, actor, now)? {
                batch.push(p);
            }
            batch.catch_up();
        }
    }
    Ok((batch.events, batch.state))
}

/// What a `time_expired` command would record at `now`: clocks run out, the match limit, an
/// out-play's objection window lapsing (N5), and their consequences.
pub fn pending_timeouts(state: &State, now: DateTime<Utc>) -> Vec<Payload> {
    let now = state.last_at.map_or(now, |t| now.max(t));
    if nothing_due(state, now) {
        return Vec::new();
    }
    let mut batch = Batch::new(state, &Actor::System, now);
    batch.catch_up();
    batch.events.into_iter().map(|e| e.payload).collect()
}

/// For a background sweeper: `Some(Command::TimeExpired)` when something is due at `now`.
pub fn due_timeouts(state: &State, now: DateTime<Utc>) -> Option<Command> {
    (!pending_timeouts(state, now).is_empty()).then_some(Command::TimeExpired)
}

/// The state with time caught up to `now` (what a view shows), without recording anything.
/// Borrowed when nothing is due, which is nearly always: a view then copies nothing.
pub(crate) fn caught_up(state: &State, now: DateTime<Utc>) -> std::borrow::Cow<'_, State> {
    let now = state.last_at.map_or(now, |t| now.max(t));
    if nothing_due(state, now) {
        return std::borrow::Cow::Borrowed(state);
    }
    let mut batch = Batch::new(state, &Actor::System, now);
    batch.catch_up();
    std::borrow::Cow::Owned(batch.state)
}

/// True when catching up to `now` would record nothing (the first step of `catch_up`).
fn nothing_due(state: &State, now: DateTime<Utc>) -> bool {
    next_consequence(state, now).is_none() && next_timeout(state, now).is_none()
}

/// Events being decided, applied to a scratch state as they are made.
struct Batch {
    state: State,
    events: Vec<Event>,
    actor: Actor,
    now: DateTime<Utc>,
}

impl Batch {
    fn new(state: &State, actor: &Actor, now: DateTime<Utc>) -> Self {
        Self {
            state: state.clone(),
            events: Vec::new(),
            actor: actor.clone(),
            now,
        }
    }

    fn push(&mut self, payload: Payload) {
        let event = Event {
            seq: self.state.last_seq + 1,
            at: self.now,
            actor: self.actor.clone(),
            payload,
        };
        crate::rules::game::apply(&mut self.state, &event);
        self.events.push(event);
    }

    /// Records what time and rules make happen without anyone asking, in time order.
    fn catch_up(&mut self) {
        // Each step changes the state (a flag, a status), so this ends; the bound is a guard.
        for _ in 0..64 {
            if let Some(p) = next_consequence(&self.state, self.now) {
                self.push(p);
            } else if let Some(p) = next_timeout(&self.state, self.now) {
                self.push(p);
            } else {
                break;
            }
        }
    }
}

/// The events one command (other than `time_expired` and `correction`, which [`decide`] handles)
/// produces on the caught-up state, before their consequences.
fn command_payloads(
    s: &State,
    cmd: Command,
    actor: &Actor,
    now: DateTime<Utc>,
) -> Result<Vec<Payload>, RuleError> {
    if let Command::Create { ruleset, names } = cmd {
        if s.status != Status::New {
            return Err(RuleError::Lifecycle("the match is already created"));
        }
        ruleset
            .validate()
            .map_err(|e| RuleError::Ruleset(e.to_string()))?;
        return Ok(vec![Payload::Created { ruleset, names }]);
    }
    let r = ruleset(s)?;
    match cmd {
        Command::Create { .. } | Command::TimeExpired | Command::Correction { .. } => {
            // Handled by `decide` before this point.
            Err(RuleError::Invalid("command handled elsewhere".into()))
        }
        Command::Start { first } => plays::start(s, r, actor, first),
        Command::Draw { a, b } => plays::draw(s, r, actor, a, b),
        Command::Play(play) => plays::play(s, r, actor, play),
        Command::Pass { seat } => plays::pass(s, actor, seat),
        Command::Exchange(exchange) => plays::exchange(s, r, actor, exchange),
        Command::Accept => challenges::accept(s, actor, now),
        Command::Hold { by } => challenges::hold(s, r, actor, now, by),
        Command::ChallengeWord { by, words } => {
            challenges::challenge_word(s, r, actor, now, by, words)
        }
        Command::ChallengeScore { by } => challenges::challenge_score(s, r, actor, now, by),
        Command::RuleWord { challenge, valid } => {
            challenges::rule_word(s, r, actor, challenge, valid)
        }
        Command::RuleScore { challenge, actual } => {
            challenges::rule_score(s, r, actor, challenge, actual)
        }
        Command::AnnounceEnd => end::announce_end(s, actor, now),
        Command::AdjustRacks { racks, tiles } => end::adjust_racks(s, r, actor, racks, tiles),
        Command::CorrectScore { by, turn, actual } => {
            end::correct_score(s, r, actor, by, turn, actual)
        }
        Command::VerifySlip { by } => end::verify_slip(s, r, actor, by),
        Command::Disqualify { side, reason } => committee::disqualify(s, actor, side, reason),
        Command::Walkout { side, reason } => committee::walkout(s, actor, side, reason),
    }
}
