//! Server-sent events: one stream per match and one per event. Pages re-render their live
//! regions when told something changed. A reconnecting subscriber sends `Last-Event-ID`; the
//! match stream replays the seqs it missed from the log, the event stream tells it to refresh
//! (its regions are re-read whole, so nothing is lost).

use std::time::Duration;

use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::stream;
use tokio::sync::broadcast::error::RecvError;

use super::AppState;
use super::session::MaybeUser;
use crate::error::AppError;
use crate::live::{LiveMessage, Topic};
use crate::services::{events, matches};
use crate::vocab::{DuplicateGameId, EventId, MatchId, OnlineGameId, Seq};

/// The first frame of an event-wide stream: a reconnect (it names the last id it heard) may
/// have missed messages, so the page is told to re-read once; its id is the server clock's
/// milliseconds, as every later id on these streams.
fn resync_on_reconnect(req: &HttpRequest, state: &AppState, id: EventId) -> Vec<Bytes> {
    match last_event_id(req) {
        Some(_) => {
            let now_ms = state.clock.now().timestamp_millis();
            vec![frame(now_ms, &LiveMessage::Resync { event_id: Some(id) })]
        }
        None => Vec::new(),
    }
}

fn last_event_id(req: &HttpRequest) -> Option<i64> {
    req.headers()
        .get("last-event-id")?
        .to_str()
        .ok()?
        .trim()
        .parse()
        .ok()
}

fn frame(id: i64, msg: &LiveMessage) -> Bytes {
    let data = serde_json::to_string(msg).unwrap_or_else(|_| "{}".into());
    Bytes::from(format!("id: {id}\nevent: change\ndata: {data}\n\n"))
}

/// One subscriber's stream: what is left to replay, then the live messages it keeps.
struct Subscriber<K> {
    pending: std::collections::VecDeque<Bytes>,
    rx: tokio::sync::broadcast::Receiver<LiveMessage>,
    keep: K,
    counter: i64,
    /// Silence longer than this gets a comment (see `Timeouts::live_keep_alive`).
    keep_alive: Duration,
    /// When the next comment is due: reset by everything sent, not by messages for others.
    next_ping: tokio::time::Instant,
    closing: tokio::sync::watch::Receiver<bool>,
    /// At most one frame per this interval: what arrives meanwhile becomes one frame (a stream
    /// whose pages re-read something whole on any frame; see [`RANKING_GAP`]).
    gap: Option<Duration>,
    /// When the last frame was sent (for `gap`).
    last_frame: Option<tokio::time::Instant>,
}

/// The ranking stream's least interval between frames. Its readers re-read the whole ranking
/// on any frame, so one frame saying "changed" stands for all that arrived meanwhile: when
/// slips are entered after the top is placed (each a late slip that moves the ranking), 1,000
/// readers are woken twice a second rather than by each slip. A change after a quiet spell (a
/// placed top) is sent at once.
const RANKING_GAP: Duration = Duration::from_millis(500);

/// Waits out the subscriber's gap since its last frame, then folds every kept message that
/// arrived meanwhile into the one given: the last of them is sent. `None`: the server closes.
async fn coalesce<K: Fn(&LiveMessage) -> Option<i64>>(
    s: &mut Subscriber<K>,
    gap: Duration,
    first: (i64, LiveMessage),
) -> Option<(i64, LiveMessage)> {
    if let Some(due) = s.last_frame.map(|t| t + gap)
        && due > tokio::time::Instant::now()
    {
        tokio::select! {
            _ = s.closing.changed() => return None,
            () = tokio::time::sleep_until(due) => {}
        }
    }
    let mut last = first;
    loop {
        match s.rx.try_recv() {
            Ok(m) => {
                if let Some(id) = (s.keep)(&m) {
                    last = (id, m);
                }
            }
            // Skipped messages are covered by this frame: its pages re-read everything.
            Err(tokio::sync::broadcast::error::TryRecvError::Lagged(_)) => {}
            Err(_) => break,
        }
    }
    s.last_frame = Some(tokio::time::Instant::now());
    Some(last)
}

impl<K> Subscriber<K> {
    fn sent(mut self, bytes: Bytes) -> Option<(Result<Bytes, actix_web::Error>, Self)> {
        self.next_ping = tokio::time::Instant::now() + self.keep_alive;
        Some((Ok(bytes), self))
    }
}

/// The SSE response. A stream sends a `: ping` comment after `live_keep_alive` without
/// anything to send, however busy other matches are: writing is how a server learns that a
/// subscriber has gone, so a closed one is dropped within two intervals. Every stream ends at
/// once when the server starts to stop ([`crate::live::Live::close`]).
fn sse(
    state: &AppState,
    initial: Vec<Bytes>,
    rx: tokio::sync::broadcast::Receiver<LiveMessage>,
    keep: impl Fn(&LiveMessage) -> Option<i64> + 'static,
) -> HttpResponse {
    sse_gapped(state, initial, rx, keep, None)
}

/// [`sse`], sending at most one frame per `gap` when given (see [`RANKING_GAP`]).
fn sse_gapped(
    state: &AppState,
    initial: Vec<Bytes>,
    rx: tokio::sync::broadcast::Receiver<LiveMessage>,
    keep: impl Fn(&LiveMessage) -> Option<i64> + 'static,
    gap: Option<Duration>,
) -> HttpResponse {
    let keep_alive = state.settings.timeouts.live_keep_alive;
    let first = Subscriber {
        pending: initial.into(),
        rx,
        keep,
        counter: 0,
        keep_alive,
        next_ping: tokio::time::Instant::now() + keep_alive,
        closing: state.live.closing(),
        gap,
        last_frame: None,
    };
    let body = stream::unfold(first, |mut s| async move {
        if *s.closing.borrow() {
            return None;
        }
        if let Some(first) = s.pending.pop_front() {
            return s.sent(first);
        }
        loop {
            let next = tokio::select! {
                // Closing (or the sender gone with the server).
                _ = s.closing.changed() => return None,
                next = tokio::time::timeout_at(s.next_ping, s.rx.recv()) => next,
            };
            match next {
                Err(_) => return s.sent(Bytes::from_static(b": ping\n\n")),
                Ok(Ok(msg)) => {
                    if let Some(id) = (s.keep)(&msg) {
                        let (id, msg) = match s.gap {
                            Some(gap) => coalesce(&mut s, gap, (id, msg)).await?,
                            None => (id, msg),
                        };
                        s.counter = id.max(s.counter + 1);
                        let bytes = frame(s.counter, &msg);
                        return s.sent(bytes);
                    }
                }
                // Too slow a reader: tell it to refresh everything.
                Ok(Err(RecvError::Lagged(_))) => {
                    let msg = LiveMessage::Resync { event_id: None };
                    s.counter += 1;
                    let bytes = frame(s.counter, &msg);
                    return s.sent(bytes);
                }
                Ok(Err(RecvError::Closed)) => return None,
            }
        }
    });
    HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("cache-control", "no-cache"))
        .insert_header(("x-accel-buffering", "no"))
        .streaming(body)
}

/// `GET /matches/{id}/live`: ids are the match's seqs.
pub async fn match_stream(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<MatchId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let rx = state.live.subscribe_to(Topic::Match(id));
    let after = last_event_id(&req);
    let missed = state
        .db(move |conn| {
            let evs = matches::events(conn, id, uid, Seq(after.unwrap_or(i64::MAX)))?;
            Ok(evs)
        })
        .await?;
    let initial = missed
        .iter()
        .map(|e| {
            let msg = LiveMessage::Match {
                event_id: None,
                match_id: id,
                seq: Seq::from(e.seq),
                last: e.payload.kind(),
                standings: false,
            };
            frame(e.seq as i64, &msg)
        })
        .collect();
    Ok(sse(&state, initial, rx, move |m| {
        (m.match_id() == Some(id)).then(|| m.seq().0)
    }))
}

/// `GET /events/{id}/live`: every change in the event's matches, queue and records.
pub async fn event_stream(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    let rx = state.live.subscribe_to(Topic::Event(id));
    state
        .db(move |conn| events::readable(conn, uid, id).map(|_| ()))
        .await?;
    let initial = resync_on_reconnect(&req, &state, id);
    // Ids are the server clock's milliseconds, so they keep rising across reconnects.
    let clock = state.clock.clone();
    Ok(sse(&state, initial, rx, move |m| {
        (m.event_id() == Some(id)).then(|| clock.now().timestamp_millis())
    }))
}

/// `GET /duplicate/events/{id}/ranking/live`: what moves a Duplicate event's ranking, in any
/// of its games (D9: a placed top, a slip corrected for a turn already placed, an undo, a new
/// game, players joining, the end), which the live ranking page follows (issue 16). Slips of
/// the turn in play are not on it: they count only once the top is placed, and 1,000 readers
/// woken by each of a turn's 1,000 slips were what made a hall's ranking late. At most one
/// frame per [`RANKING_GAP`]. Open to whoever may read the event; ids are the server clock's
/// milliseconds, and a reconnect is told at once to re-read.
pub async fn duplicate_ranking_stream(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<EventId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    // Subscribed before the check: a change in between is heard, not lost.
    let rx = state.live.subscribe_to(Topic::DuplicateRanking(id));
    state
        .db(move |conn| crate::services::duplicate::ranking_access(conn, uid, id))
        .await?;
    let initial = resync_on_reconnect(&req, &state, id);
    let clock = state.clock.clone();
    let keep = move |m: &LiveMessage| match m {
        LiveMessage::Duplicate {
            event_id,
            ranking: true,
            ..
        } if *event_id == id => Some(clock.now().timestamp_millis()),
        _ => None,
    };
    Ok(sse_gapped(&state, initial, rx, keep, Some(RANKING_GAP)))
}

/// `GET /online/lobby/live`: the online lobby changed (seeks, games begun or ended). Ids are
/// the server clock's milliseconds.
pub async fn online_lobby_stream(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let rx = state.live.subscribe_to(Topic::Lobby);
    let now_ms = state.clock.now().timestamp_millis();
    let initial = match last_event_id(&req) {
        Some(_) => vec![frame(now_ms, &LiveMessage::Lobby)],
        None => Vec::new(),
    };
    let clock = state.clock.clone();
    Ok(sse(&state, initial, rx, move |m| {
        matches!(m, LiveMessage::Lobby).then(|| clock.now().timestamp_millis())
    }))
}

/// `GET /online/games/{id}/live`: the game moved on (ids are its seqs). A message names the
/// seq only, never a tile: each subscriber then reads the game as it may see it
/// (`/api/v1/online/games/{id}`: a player their own rack, anyone else none).
pub async fn online_game_stream(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<OnlineGameId>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    let rx = state.live.subscribe_to(Topic::Online(id));
    let seq = state
        .db(move |conn| {
            crate::db::online::find_game(conn, id)?
                .map(|g| g.last_seq)
                .ok_or_else(|| AppError::not_found(format!("no game {id}")))
        })
        .await?;
    // A reconnect that missed seqs hears the latest at once.
    let initial = match last_event_id(&req) {
        Some(after) if after < seq.0 => {
            vec![frame(seq.0, &LiveMessage::Online { game_id: id, seq })]
        }
        _ => Vec::new(),
    };
    Ok(sse(&state, initial, rx, move |m| match m {
        LiveMessage::Online { game_id, seq } if *game_id == id => Some(seq.0),
        _ => None,
    }))
}

/// `GET /duplicate/games/{id}/live`: a Duplicate game's master changes (a rack drawn, a turn
/// started, a top chosen or placed, an undo, the end), which players' phones follow (issue 16,
/// D4-D5); slips are not on it. Ids are the game's seqs. A frame names the seq and kind only,
/// never a tile: each phone then asks for its own view with its number and PIN. Open to whoever
/// may read the event, and to anyone when the event takes phone slips (`stream_access`).
pub async fn duplicate_game_stream(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<DuplicateGameId>,
) -> Result<HttpResponse, AppError> {
    let (uid, id) = (user.0.map(|c| c.uid), id.into_inner());
    // Subscribed before the seq is read: a change in between is heard, not lost.
    let rx = state.live.subscribe_to(Topic::DuplicateGame(id));
    let (event_id, seq) = state
        .db(move |conn| crate::services::duplicate::stream_access(conn, uid, id))
        .await?;
    // A reconnect that missed seqs is told at once, so the phone reads its view again.
    let initial = match last_event_id(&req) {
        Some(after) if after < seq.0 => vec![frame(
            seq.0,
            &LiveMessage::Resync {
                event_id: Some(event_id),
            },
        )],
        _ => Vec::new(),
    };
    Ok(sse(&state, initial, rx, move |m| match m {
        LiveMessage::Duplicate { game_id, seq, .. } if *game_id == id => Some(seq.0),
        _ => None,
    }))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::vocab::{DuplicateGameId, Seq};

    fn placed(seq: i64, last: &'static str) -> LiveMessage {
        LiveMessage::Duplicate {
            event_id: EventId(1),
            game_id: DuplicateGameId(2),
            seq: Seq(seq),
            last,
            ranking: true,
        }
    }

    // Issue 16: a ranking reader gets the first change at once and, within the gap after it,
    // one frame for all that arrived meanwhile (the last one), however many there were.
    #[test]
    fn changes_within_the_gap_become_one_frame() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        rt.block_on(async {
            let (tx, rx) = tokio::sync::broadcast::channel(16);
            let (_closing_tx, closing) = tokio::sync::watch::channel(false);
            let mut s = Subscriber {
                pending: std::collections::VecDeque::new(),
                rx,
                keep: |m: &LiveMessage| Some(m.seq().0),
                counter: 0,
                keep_alive: Duration::from_secs(60),
                next_ping: tokio::time::Instant::now(),
                closing,
                gap: Some(Duration::from_millis(40)),
                last_frame: None,
            };
            let gap = Duration::from_millis(40);
            // No frame yet: sent at once.
            let t = tokio::time::Instant::now();
            let first = coalesce(&mut s, gap, (1, placed(1, "play_placed"))).await;
            assert_eq!(first.unwrap().0, 1);
            assert!(t.elapsed() < gap);
            for seq in 2..=4 {
                tx.send(placed(seq, "slip_recorded")).unwrap();
            }
            let m = s.rx.recv().await.unwrap();
            let next = coalesce(&mut s, gap, (2, m)).await.unwrap();
            assert!(t.elapsed() >= gap, "waited out the gap");
            assert_eq!(next, (4, placed(4, "slip_recorded")), "the last of three");
            assert!(s.rx.try_recv().is_err(), "nothing left over");
        });
    }
}
