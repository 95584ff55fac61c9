//! The PIC's queue (T11): open challenges from every table of an event, oldest first; a claim
//! that exactly one PIC wins; a ruling applied once, in the match's log. Routes name a challenge
//! by its match and seq ([`ChallengeRef::InMatch`]) or, as older aliases, by its queue row.

use chrono::{DateTime, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::db::{DbConn, events as event_rows, matches as rows, users};
use crate::error::AppError;
use crate::live::LiveMessage;
use crate::rules::game::{self, ChallengeKind, Command, TurnAction};
use crate::services::authz::Grants;
use crate::services::desk::{
    CommandOutcome, CommandRequest, Desk, Sender, Via, Work, check_idempotency_key, check_key,
    stored_outcome,
};
use crate::services::lexicons::LexiconStore;
use crate::vocab::{ChallengeId, ChallengeType, EventId, MatchId, Role, Seq, UserId};

/// A word and the lexicon's verdict on it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Verdict {
    /// The word, as written on the sheet.
    pub word: String,
    /// Whether the event's lexicon has it.
    pub acceptable: bool,
}

/// One challenge as the PIC sees it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct QueueItem {
    /// Queue row id (the `/challenges/{id}` aliases take it; the routes by match and `seq` are
    /// the ones to use).
    pub id: ChallengeId,
    /// Match.
    pub match_id: MatchId,
    /// The challenge's seq in the match's log: its `id` in the match state's `open_challenges`,
    /// the `challenge` of a `rule_word` or `rule_score` command, and the `{seq}` of
    /// `/matches/{match_id}/challenges/{seq}/claim` and `/rule`.
    #[schema(value_type = i64)]
    pub seq: Seq,
    /// Table number.
    pub table: Option<i32>,
    /// Sides' names.
    pub sides: (String, String),
    /// What is challenged: `word` or `score`.
    pub kind: ChallengeType,
    /// Who challenged (seat).
    pub by: String,
    /// Who played the challenged turn (seat).
    pub player: String,
    /// The words challenged with the lexicon's verdict (word challenges).
    pub verdicts: Vec<Verdict>,
    /// The score announced for the turn.
    pub declared: i32,
    /// The score the board computes (board mode), for score challenges.
    pub actual: Option<i32>,
    /// All the words the turn formed.
    pub turn_words: Vec<String>,
    /// Board mode: the board's score of each word formed, and the bingo bonus (C5-C6).
    pub breakdown: Option<crate::rules::scoring::PlayScore>,
    /// When it was raised.
    pub opened_at: DateTime<Utc>,
    /// How long it has waited, at `now`.
    pub waiting_ms: i64,
    /// The PIC holding it.
    pub claimed_by: Option<String>,
    /// Whether the viewer holds it.
    pub mine: bool,
}

/// A ruled challenge.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct HistoryItem {
    /// Queue id.
    pub id: ChallengeId,
    /// Match.
    pub match_id: MatchId,
    /// The challenge's seq in the match's log (see [`QueueItem::seq`]).
    #[schema(value_type = i64)]
    pub seq: Seq,
    /// What is challenged: `word` or `score`.
    pub kind: ChallengeType,
    /// What was challenged.
    pub summary: String,
    /// The ruling, in words.
    pub ruling: String,
    /// The words challenged (empty for a score challenge or the whole play), for a page to
    /// word the summary in its language (issue 15); not in the JSON.
    #[serde(skip)]
    pub words: String,
    /// The challenger's seat, for the same.
    #[serde(skip)]
    pub by: String,
    /// The score ruling's actual and recorded scores, for the same.
    #[serde(skip)]
    pub scores: Option<(i32, i32)>,
    /// Who ruled.
    pub pic: Option<String>,
    /// Raised at.
    pub opened_at: DateTime<Utc>,
    /// Closed at.
    pub closed_at: Option<DateTime<Utc>>,
    /// Waiting time until ruled.
    pub waited_ms: i64,
}

/// The queue page's content.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = ChallengeQueue)]
pub struct Queue {
    /// Event id.
    pub event_id: EventId,
    /// Event name.
    pub event_name: String,
    /// Open challenges, oldest first.
    pub open: Vec<QueueItem>,
    /// Recent rulings, newest first.
    pub history: Vec<HistoryItem>,
    /// Median wait until ruled over the history, ms.
    pub median_wait_ms: Option<i64>,
    /// Longest wait until ruled, ms.
    pub worst_wait_ms: Option<i64>,
}

fn utc(t: NaiveDateTime) -> DateTime<Utc> {
    DateTime::<Utc>::from_naive_utc_and_offset(t, Utc)
}

fn require_pic(g: &Grants, event_id: EventId) -> Result<(), AppError> {
    if g.has(Role::Pic, Some(event_id)) || g.directs(Some(event_id)) {
        Ok(())
    } else {
        Err(AppError::Forbidden(
            "only a PIC of this event may see and rule challenges".into(),
        ))
    }
}

fn username(conn: &mut DbConn, id: Option<UserId>) -> Result<Option<String>, AppError> {
    Ok(match id {
        Some(id) => users::find(conn, id)?.map(|u| u.username),
        None => None,
    })
}

/// The queue, the history and waiting-time figures for an event.
pub fn queue(
    conn: &mut DbConn,
    desk: &Desk,
    lexicons: &LexiconStore,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
) -> Result<Queue, AppError> {
    require_pic(&Grants::load(conn, user_id)?, event_id)?;
    let event = event_rows::find_event(conn, event_id)?
        .ok_or_else(|| AppError::not_found("no such event"))?;
    let lexicon = lexicons.for_event(event.id, &event.lexicon)?;
    let mut open = Vec::new();
    for c in rows::open_challenges(conn, event_id)? {
        let row = rows::find(conn, c.match_id)?
            .ok_or_else(|| AppError::internal("challenge without match"))?;
        let state = desk.state(conn, c.match_id)?;
        let Some(ch) = state.challenge(c.challenge_seq.get()) else {
            continue;
        };
        let turn = state.turns.get(ch.turn as usize);
        let turn_words = match turn.map(|t| &t.action) {
            Some(TurnAction::Play { words, .. }) => words.clone(),
            _ => Vec::new(),
        };
        let words = match &ch.kind {
            ChallengeKind::Word { words } if !words.is_empty() => words.clone(),
            ChallengeKind::Word { .. } => turn_words.clone(),
            ChallengeKind::Score => Vec::new(),
        };
        let claimed_by = username(conn, c.claimed_by)?;
        open.push(QueueItem {
            id: c.id,
            match_id: c.match_id,
            seq: c.challenge_seq,
            table: row.table_no,
            sides: (row.name_a.clone(), row.name_b.clone()),
            kind: c.kind,
            by: ch.by.to_string(),
            player: turn.map(|t| t.seat.to_string()).unwrap_or_default(),
            verdicts: words
                .iter()
                .map(|w| Verdict {
                    word: w.clone(),
                    acceptable: lexicon.contains(w),
                })
                .collect(),
            declared: turn.map(|t| t.declared).unwrap_or_default(),
            actual: turn.and_then(|t| t.actual),
            turn_words,
            breakdown: state.board.as_ref().and_then(|b| b.breakdown(ch.turn)),
            opened_at: utc(c.opened_at),
            waiting_ms: (now - utc(c.opened_at)).num_milliseconds().max(0),
            mine: c.claimed_by == Some(user_id),
            claimed_by,
        });
    }
    let mut history = Vec::new();
    for c in rows::closed_challenges(conn, event_id, 200)? {
        let challenge = serde_json::from_str::<game::Challenge>(&c.detail).ok();
        let (words, by) = challenge
            .as_ref()
            .map(|ch| match &ch.kind {
                ChallengeKind::Word { words } => (words.join(", "), ch.by.to_string()),
                ChallengeKind::Score => (String::new(), ch.by.to_string()),
            })
            .unwrap_or_default();
        let summary = challenge
            .map(|ch| match ch.kind {
                ChallengeKind::Word { words } if !words.is_empty() => {
                    format!("{} by {}", words.join(", "), ch.by)
                }
                ChallengeKind::Word { .. } => format!("the play, by {}", ch.by),
                ChallengeKind::Score => format!("score, by {}", ch.by),
            })
            .unwrap_or_default();
        let parsed = c
            .ruling
            .as_deref()
            .map(serde_json::from_str::<game::ChallengeRuling>);
        let scores = match &parsed {
            Some(Ok(game::ChallengeRuling::Score { actual, recorded })) => {
                Some((*actual, *recorded))
            }
            _ => None,
        };
        let ruling = match parsed {
            Some(Ok(game::ChallengeRuling::Word { valid: true })) => "acceptable".to_owned(),
            Some(Ok(game::ChallengeRuling::Word { valid: false })) => "unacceptable".to_owned(),
            Some(Ok(game::ChallengeRuling::Score { actual, recorded })) => {
                format!("actual {actual}, recorded {recorded}")
            }
            _ => "closed without ruling".to_owned(),
        };
        let closed = c.closed_at.map(utc);
        history.push(HistoryItem {
            id: c.id,
            match_id: c.match_id,
            seq: c.challenge_seq,
            kind: c.kind,
            summary,
            ruling,
            words,
            by,
            scores,
            pic: username(conn, c.claimed_by)?,
            opened_at: utc(c.opened_at),
            closed_at: closed,
            waited_ms: closed.map_or(0, |t| (t - utc(c.opened_at)).num_milliseconds().max(0)),
        });
    }
    let mut waits: Vec<i64> = history
        .iter()
        .filter(|h| h.ruling != "closed without ruling")
        .map(|h| h.waited_ms)
        .collect();
    waits.sort_unstable();
    let median_wait_ms = waits
        .get(waits.len() / 2)
        .copied()
        .filter(|_| !waits.is_empty());
    Ok(Queue {
        event_id,
        event_name: event.name,
        open,
        history,
        median_wait_ms,
        worst_wait_ms: waits.last().copied(),
    })
}

/// How a route names a challenge: by its match and the seq of the event that opened it (the
/// id the match state's `open_challenges` and the `rule_*` commands use), or by the queue's row
/// id (the older `/challenges/{id}` routes, kept as aliases).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeRef {
    /// `/matches/{id}/challenges/{seq}`.
    InMatch(MatchId, Seq),
    /// `/challenges/{id}`: the queue row.
    Row(ChallengeId),
}

/// The queue row a route names, if any.
fn lookup(conn: &mut DbConn, at: ChallengeRef) -> Result<Option<rows::ChallengeRow>, AppError> {
    Ok(match at {
        ChallengeRef::InMatch(m, seq) => rows::find_challenge_of(conn, m, seq)?,
        ChallengeRef::Row(id) => rows::find_challenge(conn, id)?,
    })
}

/// The queue row a route names; 404 when there is none (an unknown match or seq, or a seq whose
/// event opened no challenge).
fn find(conn: &mut DbConn, at: ChallengeRef) -> Result<rows::ChallengeRow, AppError> {
    lookup(conn, at)?.ok_or_else(|| AppError::not_found("no such challenge"))
}

/// The event whose queue holds a challenge, for the page to go back to: `None` when the route
/// names no challenge of any event's queue.
pub fn event_of(conn: &mut DbConn, at: ChallengeRef) -> Result<Option<EventId>, AppError> {
    Ok(lookup(conn, at)?.and_then(|c| c.event_id))
}

/// Claims a challenge: exactly one PIC wins; the others are told who holds it. Returns the
/// claimed row; the other PICs' pages are told it is taken.
pub fn claim(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    at: ChallengeRef,
) -> Result<rows::ChallengeRow, AppError> {
    desk.write(conn, |conn, work| {
        let row = claim_in(conn, now, user_id, at)?;
        work.announce(LiveMessage::ChallengeClaimed {
            event_id: row.event_id,
            match_id: row.match_id,
        });
        Ok(row)
    })
}

fn claim_in(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    user_id: UserId,
    at: ChallengeRef,
) -> Result<rows::ChallengeRow, AppError> {
    let c = find(conn, at)?;
    let challenge_id = c.id;
    let event_id = c
        .event_id
        .ok_or_else(|| AppError::not_found("this challenge belongs to no event queue"))?;
    require_pic(&Grants::load(conn, user_id)?, event_id)?;
    if c.claimed_by == Some(user_id) && c.closed_at.is_none() {
        return Ok(c);
    }
    if !rows::claim(conn, challenge_id, user_id, now.naive_utc())? {
        let current = rows::find_challenge(conn, challenge_id)?;
        let message = match current {
            Some(c) if c.closed_at.is_some() => "this challenge has already been ruled".to_owned(),
            Some(c) => format!(
                "this challenge is already taken by {}",
                username(conn, c.claimed_by)?.unwrap_or_else(|| "another PIC".into())
            ),
            None => "no such challenge".to_owned(),
        };
        return Err(AppError::Conflict {
            message,
            current: None,
        });
    }
    rows::find_challenge(conn, challenge_id)?
        .ok_or_else(|| AppError::internal("claimed challenge vanished"))
}

/// A PIC's decision.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RulingRequest {
    /// Word challenges: whether the words are acceptable.
    #[serde(default)]
    pub valid: Option<bool>,
    /// Score challenges: the turn's true score.
    #[serde(default)]
    pub actual: Option<i32>,
    /// Client-made key (a repeated tap rules once). Kept apart from the table's command keys
    /// and from other PICs' keys: only this PIC's own rulings with it are repeats.
    #[serde(default)]
    pub idempotency_key: Option<String>,
}

/// Rules on a challenge the PIC holds (claiming it first if nobody does), applying the ±10 or the
/// corrected score in the match's log at once.
pub fn rule(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    at: ChallengeRef,
    req: &RulingRequest,
) -> Result<CommandOutcome, AppError> {
    check_idempotency_key(req.idempotency_key.as_deref())?;
    desk.write(conn, |conn, work| {
        let c = find(conn, at)?;
        let command = |c: &rows::ChallengeRow| match (c.kind, req.valid, req.actual) {
            (ChallengeType::Word, Some(valid), _) => Ok(Command::RuleWord {
                challenge: c.challenge_seq.get(),
                valid,
            }),
            (ChallengeType::Word, None, _) => Err(AppError::field(
                "valid",
                "say whether the word is acceptable",
            )),
            (_, _, Some(actual)) => Ok(Command::RuleScore {
                challenge: c.challenge_seq.get(),
                actual,
            }),
            _ => Err(AppError::field("actual", "enter the turn's actual score")),
        };
        rule_held(
            conn,
            work,
            now,
            user_id,
            c,
            req.idempotency_key.as_deref(),
            None,
            false,
            command,
        )
    })
}

/// A ruling sent as a match command (`POST /matches/{id}/commands` with `rule_word` or
/// `rule_score`) on a challenge of an event's queue: it goes through the same claim as
/// [`rule`], so a PIC cannot rule a challenge another PIC holds, and the queue's history credits
/// the PIC who ruled (issue 11). `None` when the challenge is in no event's queue (a match
/// outside any event): the command route is then its only door.
pub fn rule_from_command(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    match_id: MatchId,
    req: &CommandRequest,
) -> Result<Option<CommandOutcome>, AppError> {
    let (Command::RuleWord { challenge, .. } | Command::RuleScore { challenge, .. }) = req.command
    else {
        return Ok(None);
    };
    check_key(req)?;
    desk.write(conn, |conn, work| {
        let Some(c) = rows::find_challenge_of(conn, match_id, Seq::from(challenge))?
            .filter(|c| c.event_id.is_some())
        else {
            return Ok(None);
        };
        rule_held(
            conn,
            work,
            now,
            user_id,
            c,
            req.idempotency_key.as_deref(),
            req.expected_seq,
            true,
            |_| Ok(req.command.clone()),
        )
        .map(Some)
    })
}

/// The claim and the ruling, inside the caller's transaction: the PIC must hold the challenge,
/// or take it when nobody does; a repeat of the PIC's own key returns the first ruling.
#[allow(clippy::too_many_arguments)]
fn rule_held(
    conn: &mut DbConn,
    work: &mut Work<'_>,
    now: DateTime<Utc>,
    user_id: UserId,
    c: rows::ChallengeRow,
    key: Option<&str>,
    expected_seq: Option<Seq>,
    from_command: bool,
    command: impl FnOnce(&rows::ChallengeRow) -> Result<Command, AppError>,
) -> Result<CommandOutcome, AppError> {
    let event_id = c
        .event_id
        .ok_or_else(|| AppError::not_found("this challenge belongs to no event queue"))?;
    require_pic(&Grants::load(conn, user_id)?, event_id)?;
    // A repeated tap returns the first ruling's result: this PIC's ruling with this key, never
    // a table's command or another PIC's ruling that happens to share it (issue 11).
    if let Some(first) = stored_outcome(conn, c.match_id, Sender::User(user_id), Via::Queue, key)? {
        return Ok(first);
    }
    let cmd = |c: &rows::ChallengeRow| -> Result<CommandRequest, AppError> {
        Ok(CommandRequest {
            idempotency_key: key.map(str::to_owned),
            expected_seq,
            command: command(c)?,
            via: Via::Queue,
            agreed: None,
        })
    };
    if c.closed_at.is_some() {
        // Nothing left to claim. Sent as a match command, the rules say why (T11: ruled once).
        if from_command {
            let cmd = cmd(&c)?;
            return work.command(conn, now, c.match_id, Sender::User(user_id), &cmd);
        }
        return Err(AppError::Conflict {
            message: "this challenge has already been ruled".into(),
            current: None,
        });
    }
    match c.claimed_by {
        Some(holder) if holder != user_id => {
            let who = username(conn, Some(holder))?.unwrap_or_else(|| "another PIC".into());
            return Err(AppError::Conflict {
                message: format!("this challenge is held by {who}"),
                current: None,
            });
        }
        Some(_) => {}
        None => {
            if !rows::claim(conn, c.id, user_id, now.naive_utc())? {
                return Err(AppError::Conflict {
                    message: "another PIC took this challenge just now".into(),
                    current: None,
                });
            }
        }
    }
    let cmd = cmd(&c)?;
    work.command(conn, now, c.match_id, Sender::User(user_id), &cmd)
}

/// T19: the event's games whose play is over and which wait to be closed (racks, rulings): a PIC
/// may close one from its match page when the table cannot. Table order.
pub fn games_to_close(
    conn: &mut DbConn,
    event: EventId,
) -> Result<Vec<(MatchId, Option<i32>)>, AppError> {
    let mut games: Vec<(MatchId, Option<i32>)> = crate::db::matches::of_event(conn, event)?
        .into_iter()
        .filter(|m| m.status == crate::vocab::MatchStatus::Ended)
        .map(|m| (m.id, m.table_no))
        .collect();
    games.sort_by_key(|(_, table)| *table);
    Ok(games)
}
