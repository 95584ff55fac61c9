//! `decide` for online games: checks an [`OnlineCommand`] and returns the events it produces.
//!
//! Every rule of play is the engine's: a command becomes an engine [`Command`] decided by
//! [`game::decide`] (turn, placement C3-C4, scoring C5-C6, exchange N4, hold and challenges
//! N5, clocks and overtime N2, the end N6-N7, the result); this module adds what only an
//! online game has: the server's tiles (drawn with the RNG passed in and recorded), the
//! dictionary at entry (O1), the computer ruling on challenges (O2), and the ends O1 and O2
//! give. Actors: the player for their own moves, `pic:computer` for rulings,
//! `director:server` / `table:server` / `committee:server` for what the server records.

use chrono::{DateTime, Utc};
use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::rules::duplicate::take_random;
use crate::rules::game::{
    self, Actor, ChallengeKind, Command, Exchange, Play, RuleError, Side, Sides, Status, TurnAction,
};
use crate::rules::movegen::WordGraph;
use crate::rules::notation::Move;
use crate::rules::online::error::OnlineError;
use crate::rules::online::event::{OnlineEvent, OnlinePayload};
use crate::rules::online::settings::{Mode, OnlineSettings};
use crate::rules::online::state::{OnlineState, apply, seat};
use crate::rules::placement::validate;
use crate::rules::tiles::{Rack, TileSet};

/// The walkout reason recorded when a player resigns.
pub const RESIGNED: &str = "resigned";
/// The walkout reason recorded when a clock reaches zero under loss on time (O2).
pub const LOST_ON_TIME: &str = "lost on time";

/// Who sends a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sender {
    /// A player, by side.
    Player(Side),
    /// The server itself (opening, starting, the timeout sweeper).
    Server,
}

/// A request to an online game. JSON tagged by `type`: `{"type": "play", "move": "8D QI"}`,
/// `{"type": "exchange", "tiles": "QV?"}`, `{"type": "challenge", "words": []}`, …
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum OnlineCommand {
    /// Server: the game exists with these settings and players.
    Open {
        /// The seek's settings.
        settings: OnlineSettings,
        /// The players' names (A, B).
        names: Sides<String>,
    },
    /// Server: N3 draw for first turn (random tiles, redrawn on a tie), then the deal.
    Start,
    /// A word in GCG notation (`8D QI`, lowercase for a blank); the score is the board's.
    Play {
        /// The move.
        #[serde(rename = "move")]
        mv: String,
    },
    /// O3: exchange these tiles (`?` for a blank).
    Exchange {
        /// The tiles returned.
        tiles: String,
    },
    /// O3: pass.
    Pass,
    /// The player resigns: the opponent wins.
    Resign,
    /// N5: hold the opponent's last play open to challenge.
    Hold,
    /// O2/N5: challenge words of the opponent's last play (empty: the whole play); the computer
    /// rules at once.
    Challenge {
        /// The words named.
        #[serde(default)]
        words: Vec<String>,
    },
    /// The opponent accepts the last play (its objection window closes).
    Accept,
    /// Server (sweeper): record clocks run out and windows lapsed.
    TimeExpired,
}

/// Checks `cmd` from `by` at `now` and returns the events to append (numbered from
/// `state.last_seq + 1`). Draws use `rng`; words are checked with `dictionary` (the game's
/// lexicon as a word graph). A refusal records nothing.
pub fn decide(
    state: &OnlineState,
    cmd: OnlineCommand,
    by: Sender,
    now: DateTime<Utc>,
    rng: &mut impl Rng,
    dictionary: &WordGraph,
) -> Result<Vec<OnlineEvent>, OnlineError> {
    decide_and_apply(state, cmd, by, now, rng, dictionary).map(|(events, _)| events)
}

/// [`decide`], also returning the state with the events applied.
pub fn decide_and_apply(
    state: &OnlineState,
    cmd: OnlineCommand,
    by: Sender,
    now: DateTime<Utc>,
    rng: &mut impl Rng,
    dictionary: &WordGraph,
) -> Result<(Vec<OnlineEvent>, OnlineState), OnlineError> {
    let now = state.last_at.map_or(now, |t| now.max(t));
    let mut b = Batch {
        state: state.clone(),
        events: Vec::new(),
        now,
    };
    let open = b.state.settings.is_some();
    // N2: a clock past the overtime limit ended the game when it passed it, whatever comes
    // now (a player's command is then refused: the game is over).
    super::overtime::end_past_limit(&mut b)?;
    let player = |by: Sender| match by {
        Sender::Player(side) if open => Ok(side),
        Sender::Player(side) => Err(OnlineError::NotAPlayer(side)),
        Sender::Server => Err(OnlineError::Lifecycle("this command is a player's")),
    };
    match cmd {
        OnlineCommand::Open { settings, names } => {
            server(by)?;
            if b.state.settings.is_some() {
                return Err(OnlineError::Lifecycle("the game is already open"));
            }
            let ruleset = settings.ruleset()?;
            b.push(
                server_actor(),
                OnlinePayload::Opened {
                    settings,
                    names: names.clone(),
                },
            );
            let names = Some(names);
            b.game(Command::Create { ruleset, names }, &director())?;
        }
        OnlineCommand::Start => {
            server(by)?;
            start(&mut b, rng)?;
        }
        OnlineCommand::Play { mv } => play(&mut b, player(by)?, &mv, rng, dictionary)?,
        OnlineCommand::Exchange { tiles } => exchange(&mut b, player(by)?, &tiles, rng)?,
        OnlineCommand::Pass => {
            let side = player(by)?;
            b.as_player(
                side,
                Command::Pass {
                    seat: Some(seat(side)),
                },
            )?;
        }
        OnlineCommand::Resign => {
            let side = player(by)?;
            if b.state.is_over() {
                return Err(OnlineError::GameOver);
            }
            let reason = RESIGNED.to_string();
            b.game(Command::Walkout { side, reason }, &committee())?;
        }
        OnlineCommand::Hold => {
            let side = player(by)?;
            b.as_player(side, Command::Hold { by: seat(side) })?;
        }
        OnlineCommand::Challenge { words } => challenge(&mut b, player(by)?, words, dictionary)?,
        OnlineCommand::Accept => {
            let side = player(by)?;
            // Only the opponent may give up the right to challenge a play (N5): a player
            // accepting their own play would shut the opponent's window.
            let g = &b.state.game;
            let played = g.window.as_ref().and_then(|w| g.turns.get(w.turn as usize));
            if played.is_some_and(|t| t.seat.side == side) {
                return Err(RuleError::NotAnOpponent.into());
            }
            b.as_player(side, Command::Accept)?;
        }
        OnlineCommand::TimeExpired => {
            server(by)?;
            if b.state.settings.is_none() {
                return Err(OnlineError::Lifecycle("the game is not open"));
            }
            // A loss past the overtime limit, recorded above, is all that was due.
            if b.events.is_empty() {
                b.game(Command::TimeExpired, &Actor::System)?;
            }
        }
    }
    super::end::consequences(&mut b, dictionary)?;
    Ok((b.events, b.state))
}

/// What a sweeper should send at `now`, if anything is due (a clock at zero, a window lapsing,
/// a clock past the N2 overtime limit).
pub fn due_timeouts(state: &OnlineState, now: DateTime<Utc>) -> Option<OnlineCommand> {
    let due = game::due_timeouts(&state.game, now).is_some()
        || super::overtime::past_limit(state, now).is_some();
    due.then_some(OnlineCommand::TimeExpired)
}

/// When the next time-triggered event falls (for the sweeper to sleep until), the N2 overtime
/// limit included.
pub fn next_timeout_at(state: &OnlineState) -> Option<DateTime<Utc>> {
    let limit = super::overtime::limit_at(state).map(|(_, at)| at);
    match (game::next_timeout_at(&state.game), limit) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Events being decided, applied to a scratch state as they are made.
pub(super) struct Batch {
    pub(super) state: OnlineState,
    pub(super) events: Vec<OnlineEvent>,
    pub(super) now: DateTime<Utc>,
}

impl Batch {
    pub(super) fn push(&mut self, actor: Actor, payload: OnlinePayload) {
        let e = OnlineEvent {
            seq: self.state.last_seq + 1,
            at: self.now,
            actor,
            payload,
        };
        apply(&mut self.state, &e);
        self.events.push(e);
    }

    /// Decides an engine command and records its events; returns their payloads.
    pub(super) fn game(
        &mut self,
        cmd: Command,
        actor: &Actor,
    ) -> Result<Vec<game::Payload>, OnlineError> {
        let events = game::decide(&self.state.game, cmd, actor, self.now).map_err(|e| match e {
            RuleError::GameOver => OnlineError::GameOver,
            e => OnlineError::Rule(e),
        })?;
        let payloads: Vec<game::Payload> = events.iter().map(|e| e.payload.clone()).collect();
        for e in events {
            self.push(e.actor, OnlinePayload::Game { event: e.payload });
        }
        Ok(payloads)
    }

    fn as_player(&mut self, side: Side, cmd: Command) -> Result<Vec<game::Payload>, OnlineError> {
        let actor = self.actor(side);
        self.game(cmd, &actor)
    }

    fn push_as(&mut self, side: Side, payload: OnlinePayload) {
        let actor = self.actor(side);
        self.push(actor, payload);
    }

    fn actor(&self, side: Side) -> Actor {
        Actor::Player {
            seat: seat(side),
            id: self.state.names[side].clone(),
        }
    }

    fn set(&self) -> Result<TileSet, OnlineError> {
        let name = self.state.settings.as_ref().map(|s| s.tile_set.as_str());
        name.and_then(TileSet::by_name)
            .ok_or(OnlineError::Lifecycle("the game is not open"))
    }

    fn settings(&self) -> Result<&OnlineSettings, OnlineError> {
        self.state
            .settings
            .as_ref()
            .ok_or(OnlineError::Lifecycle("the game is not open"))
    }
}

fn server(by: Sender) -> Result<(), OnlineError> {
    match by {
        Sender::Server => Ok(()),
        Sender::Player(side) => Err(OnlineError::NotAPlayer(side)),
    }
}

pub(super) fn server_actor() -> Actor {
    Actor::Table {
        id: "server".into(),
    }
}
pub(super) fn director() -> Actor {
    Actor::Director {
        id: "server".into(),
    }
}
pub(super) fn committee() -> Actor {
    Actor::Committee {
        id: "server".into(),
    }
}
fn computer() -> Actor {
    Actor::Pic {
        id: "computer".into(),
    }
}

/// N3: each player draws a tile (nearest to A first, a blank beats A, equal letters draw
/// again; the tiles go back), then each gets a full rack.
fn start(b: &mut Batch, rng: &mut impl Rng) -> Result<(), OnlineError> {
    if b.state.game.status != Status::Created {
        return Err(OnlineError::Lifecycle("the game is not waiting to start"));
    }
    for _ in 0..1000 {
        let mut bag = b.state.bag;
        let a = take_random(&mut bag, 1, rng).to_string();
        let bb = take_random(&mut bag, 1, rng).to_string();
        match b.game(Command::Draw { a, b: bb }, &server_actor()) {
            Err(OnlineError::Rule(RuleError::Redraw(_))) => continue,
            other => {
                other?;
                break;
            }
        }
    }
    let size = b
        .state
        .game
        .ruleset()
        .map_or(7, |r| usize::from(r.tiles.rack_size));
    for side in Side::BOTH {
        let tiles = take_random(&mut b.state.bag.clone(), size, rng).to_string();
        b.push(
            server_actor(),
            OnlinePayload::Dealt {
                seat: seat(side),
                tiles,
            },
        );
    }
    Ok(())
}

/// The player must be on turn (checked before the rack, so a player out of turn learns
/// nothing of the rules' view of their tiles).
fn on_turn(b: &Batch, side: Side) -> Result<(), OnlineError> {
    let g = &b.state.game;
    if b.state.is_over() {
        return Err(OnlineError::GameOver);
    }
    if g.open_challenges().next().is_some() {
        return Err(RuleError::ChallengeOpen.into());
    }
    match g.seat_to_move() {
        Some(s) if s.side == side => Ok(()),
        Some(s) => Err(RuleError::NotYourTurn(s).into()),
        None => Err(RuleError::OutOfTime(side).into()),
    }
}

/// C2: `need` must be on `rack`; the error names what is missing.
fn from_rack(rack: &Rack, need: &Rack) -> Result<(), OnlineError> {
    if rack.contains_all(need) {
        return Ok(());
    }
    let mut left = *rack;
    let missing: String = need
        .to_string()
        .chars()
        .filter(|c| {
            let t = if *c == '?' {
                crate::rules::tiles::Tile::blank('A')
            } else {
                crate::rules::tiles::Tile::natural(*c)
            };
            !t.is_some_and(|t| left.take_tile(t))
        })
        .collect();
    Err(OnlineError::NotOnRack {
        missing,
        rack: rack.to_string(),
    })
}

/// T6/C2-C6, O1: a word from the player's rack, scored by the board.
fn play(
    b: &mut Batch,
    side: Side,
    mv: &str,
    rng: &mut impl Rng,
    dictionary: &WordGraph,
) -> Result<(), OnlineError> {
    on_turn(b, side)?;
    let set = b.set()?;
    let rack = b.state.racks[side];
    let track = b
        .state
        .game
        .board
        .as_ref()
        .ok_or(OnlineError::Lifecycle("no board"))?;
    // The engine reads and scores the move (C3-C7); its tiles come from the rack (C2).
    let read = track.read(mv, None, 15)?;
    let mut parts = mv.split_whitespace();
    let (Some(pos), Some(word)) = (parts.next(), parts.next()) else {
        return Err(RuleError::Invalid(format!("{mv:?}: give a position and a word")).into());
    };
    let parsed = Move::parse_gcg(pos, word).map_err(|e| RuleError::Invalid(e.to_string()))?;
    let placement = validate(&track.board, &set, &parsed, None)
        .map_err(|e| RuleError::Invalid(e.to_string()))?;
    let mut laid = Rack::new();
    for (_, t) in &placement.new_tiles {
        if t.is_blank() {
            laid.add_blank();
        } else {
            laid.add_letter(t.letter());
        }
    }
    from_rack(&rack, &laid)?;
    // O1: invalid words are refused at entry, without penalty.
    if b.settings()?.mode == Mode::Dictionary {
        let bad: Vec<String> = read
            .words
            .iter()
            .filter(|w| !dictionary.contains(w))
            .cloned()
            .collect();
        if !bad.is_empty() {
            return Err(OnlineError::NotInDictionary { words: bad });
        }
    }
    let cmd = Command::Play(Play::Board {
        mv: Some(read.canonical),
        rack: Some(rack.to_string()),
        declared: read.actual,
        seat: Some(seat(side)),
    });
    let payloads = b.as_player(side, cmd)?;
    let drawn = payloads.iter().find_map(|p| match p {
        game::Payload::Played { drawn, .. } => Some(usize::from(*drawn)),
        _ => None,
    });
    let drew = take_random(&mut b.state.bag.clone(), drawn.unwrap_or(0), rng).to_string();
    let (laid, seat) = (laid.to_string(), seat(side));
    b.push_as(side, OnlinePayload::PlayTiles { seat, laid, drew });
    Ok(())
}

/// O3, N4: any number of the player's tiles back into the bag, as many drawn first.
fn exchange(b: &mut Batch, side: Side, tiles: &str, rng: &mut impl Rng) -> Result<(), OnlineError> {
    on_turn(b, side)?;
    let text: String = tiles.chars().filter(|c| !c.is_whitespace()).collect();
    let named = Rack::parse(&text.to_uppercase())
        .map_err(|_| RuleError::Invalid("tiles: letters, with ? for a blank".into()))?;
    let rack = b.state.racks[side];
    from_rack(&rack, &named)?;
    let cmd = Command::Exchange(Exchange {
        tiles: named,
        rack: Some(rack),
        seat: Some(seat(side)),
    });
    b.as_player(side, cmd)?;
    let drew = take_random(&mut b.state.bag.clone(), named.len(), rng).to_string();
    let (returned, seat) = (named.to_string(), seat(side));
    b.push_as(
        side,
        OnlinePayload::SwapTiles {
            seat,
            returned,
            drew,
        },
    );
    Ok(())
}

/// O2/N5: the opponent challenges; the computer rules at once with the dictionary.
fn challenge(
    b: &mut Batch,
    side: Side,
    words: Vec<String>,
    dictionary: &WordGraph,
) -> Result<(), OnlineError> {
    if b.settings()?.mode == Mode::Dictionary {
        return Err(OnlineError::NoChallenges);
    }
    b.as_player(
        side,
        Command::ChallengeWord {
            by: seat(side),
            words,
        },
    )?;
    let g = &b.state.game;
    let Some(c) = g.open_challenges().last().cloned() else {
        return Err(RuleError::NoObjectionWindow.into());
    };
    let formed: Vec<String> = match g.turns.get(c.turn as usize).map(|t| &t.action) {
        Some(TurnAction::Play { words, .. }) => words.clone(),
        _ => Vec::new(),
    };
    let named = match &c.kind {
        ChallengeKind::Word { words } if !words.is_empty() => words.clone(),
        _ => formed,
    };
    // N5: every word named (all the play formed when none is) is checked, and shown.
    let invalid: Vec<String> = named
        .iter()
        .filter(|w| !dictionary.contains(w))
        .cloned()
        .collect();
    let valid = invalid.is_empty();
    b.push(
        computer(),
        OnlinePayload::WordsChecked {
            turn: c.turn,
            words: named,
            invalid,
        },
    );
    let ruled = b.game(
        Command::RuleWord {
            challenge: c.id,
            valid,
        },
        &computer(),
    )?;
    let withdrawn = ruled.iter().any(|p| {
        matches!(
            p,
            game::Payload::WordRuled {
                withdrawn: true,
                ..
            }
        )
    });
    if withdrawn && let Some(lp) = b.state.last_play.clone() {
        let (laid, returned) = (lp.laid.to_string(), lp.drew.to_string());
        b.push(
            computer(),
            OnlinePayload::TakeBack {
                seat: lp.seat,
                laid,
                returned,
            },
        );
    }
    Ok(())
}
