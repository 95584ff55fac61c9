//! Online play tests, each citing its rule: the deal and what each viewer sees (`deal`),
//! dictionary mode (`dictionary`), challenge mode, clocks and resigning (`challenge`), whole
//! games and their records (`games`). A game is driven through `decide` with a seeded RNG on a
//! fake clock; refusals are checked to record nothing.

mod challenge;
mod deal;
mod dictionary;
mod games;
mod overtime;

use std::sync::OnceLock;

use chrono::{DateTime, TimeZone, Utc};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::*;
use crate::rules::game::{self, Side, Sides, seat_order};
use crate::rules::lexicon::Lexicon;
use crate::rules::movegen::{WordGraph, top_plays};
use crate::rules::ruleset::ChallengeRule;
use crate::rules::tiles::TileSet;

pub(super) fn enable() -> &'static WordGraph {
    static G: OnceLock<WordGraph> = OnceLock::new();
    G.get_or_init(|| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lexicons/enable2k.txt");
        WordGraph::from_lexicon(&Lexicon::from_path(&path).unwrap()).unwrap()
    })
}

pub(super) fn at(sec: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 10, 0, 0).unwrap() + chrono::Duration::seconds(sec)
}

pub(super) fn names() -> Sides<String> {
    Sides {
        a: "ann".into(),
        b: "bob".into(),
    }
}

pub(super) fn dictionary() -> OnlineSettings {
    OnlineSettings::standard(Mode::Dictionary)
}

pub(super) fn challenge(rule: ChallengeRule) -> OnlineSettings {
    OnlineSettings::standard(Mode::Challenge { rule })
}

/// A game under test: its stored log, its state, the RNG and the dictionary.
pub(super) struct G {
    pub log: Vec<OnlineEvent>,
    pub state: OnlineState,
    pub rng: StdRng,
    pub graph: &'static WordGraph,
}

impl G {
    /// Opened and started through `decide` (N3 draw and a random deal).
    pub fn started(settings: OnlineSettings, seed: u64) -> G {
        let mut g = G::opened(settings, seed);
        g.ok(OnlineCommand::Start, Sender::Server, 0);
        g
    }

    /// Opened through `decide`, not started.
    pub fn opened(settings: OnlineSettings, seed: u64) -> G {
        let mut g = G {
            log: Vec::new(),
            state: OnlineState::default(),
            rng: StdRng::seed_from_u64(seed),
            graph: enable(),
        };
        let open = OnlineCommand::Open {
            settings,
            names: names(),
        };
        g.ok(open, Sender::Server, 0);
        g
    }

    /// Opened, then started by hand with known racks (A moves first): the log a deal of
    /// these tiles would have written.
    pub fn dealt(settings: OnlineSettings, a: &str, b: &str) -> G {
        let mut g = G::opened(settings, 1);
        g.append(OnlinePayload::Game {
            event: game::Payload::Started {
                first: Side::A,
                order: seat_order(Side::A, 1),
                draw: None,
            },
        });
        for (side, tiles) in [(Side::A, a), (Side::B, b)] {
            g.append(OnlinePayload::Dealt {
                seat: seat(side),
                tiles: tiles.into(),
            });
        }
        g
    }

    fn append(&mut self, payload: OnlinePayload) {
        let e = OnlineEvent {
            seq: self.state.last_seq + 1,
            at: at(0),
            actor: game::Actor::Table { id: "test".into() },
            payload,
        };
        apply(&mut self.state, &e);
        self.log.push(e);
    }

    /// Decides and records; panics on a refusal. Checks that the fold of the stored log
    /// rebuilds the decided state (racks, bag, scores) without an RNG.
    pub fn ok(&mut self, cmd: OnlineCommand, by: Sender, sec: i64) -> Vec<OnlineEvent> {
        let (events, state) = decide_and_apply(
            &self.state,
            cmd.clone(),
            by,
            at(sec),
            &mut self.rng,
            self.graph,
        )
        .unwrap_or_else(|e| panic!("{cmd:?} by {by:?}: {e}"));
        self.log.extend(events.iter().cloned());
        let folded = fold(&self.log);
        assert_eq!(folded.racks, state.racks);
        assert_eq!(folded.bag, state.bag);
        assert_eq!(folded.game.scores(), state.game.scores());
        assert_eq!(folded.game.status, state.game.status);
        self.state = state;
        self.conserved();
        events
    }

    /// Decides a command that must be refused: returns the error, and checks nothing was
    /// recorded and the state is as it was.
    pub fn refused(&mut self, cmd: OnlineCommand, by: Sender, sec: i64) -> OnlineError {
        let before = serde_json::to_string(&view(&self.state, Viewer::Player(Side::A), at(sec)));
        let err = decide(&self.state, cmd, by, at(sec), &mut self.rng, self.graph).unwrap_err();
        let after = serde_json::to_string(&view(&self.state, Viewer::Player(Side::A), at(sec)));
        assert_eq!(before.unwrap(), after.unwrap());
        let folded = fold(&self.log);
        assert_eq!(folded.racks, self.state.racks);
        assert_eq!(folded.last_seq, self.state.last_seq);
        err
    }

    pub fn play(&mut self, side: Side, mv: &str, sec: i64) -> Vec<OnlineEvent> {
        let cmd = OnlineCommand::Play { mv: mv.into() };
        self.ok(cmd, Sender::Player(side), sec)
    }

    pub fn pass(&mut self, side: Side, sec: i64) -> Vec<OnlineEvent> {
        self.ok(OnlineCommand::Pass, Sender::Player(side), sec)
    }

    pub fn rack(&self, side: Side) -> String {
        self.state.racks[side].to_string()
    }

    /// The top play for `side`'s rack on the board, as GCG (ENABLE).
    pub fn top(&self, side: Side) -> Option<String> {
        let track = self.state.game.board.as_ref().unwrap();
        let tops = top_plays(enable(), &track.set, &track.board, &self.state.racks[side]);
        tops.plays.first().map(|p| p.to_string())
    }

    /// C2: every tile is on the board, a rack or in the bag, once.
    fn conserved(&self) {
        let Some(s) = &self.state.settings else {
            return;
        };
        let set = TileSet::by_name(&s.tile_set).unwrap();
        let on_board = self
            .state
            .game
            .board
            .as_ref()
            .map_or(0, |b| b.board.tiles().count());
        let held = self.state.racks.a.len() + self.state.racks.b.len() + self.state.bag.len();
        assert_eq!(
            on_board + held,
            set.total_tiles() as usize,
            "tiles lost or made"
        );
    }
}
