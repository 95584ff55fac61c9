//! Engine tests: one module per rule family, each test citing its rule ID, on a fake clock
//! (a fixed start plus millisecond offsets).

mod board;
mod challenges;
mod clocks;
mod closing;
mod corrections;
mod end;
mod exchange;
mod final_line;
mod import;
mod overrun;
mod props;
mod score;
mod slip;
mod turns;

use chrono::{DateTime, TimeZone, Utc};

use crate::rules::clock::after;
use crate::rules::game::{
    Actor, Command, Event, Play, RuleError, Seat, Side, State, View, apply, decide_and_apply,
};
use crate::rules::ruleset::{Preset, Ruleset};

pub(super) const MIN: i64 = 60_000;

pub(super) fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 29, 9, 0, 0).unwrap()
}

pub(super) fn seat(s: &str) -> Seat {
    s.parse().unwrap()
}

pub(super) fn table() -> Actor {
    Actor::Table { id: "t1".into() }
}

pub(super) fn pic() -> Actor {
    Actor::Pic { id: "pic1".into() }
}

pub(super) fn committee() -> Actor {
    Actor::Committee { id: "c1".into() }
}

/// A match driven through `decide`/`apply` on a fake clock.
pub(super) struct Game {
    pub state: State,
    pub events: Vec<Event>,
    /// Milliseconds since `t0()`.
    pub ms: i64,
}

impl Game {
    /// A created match, not started.
    pub fn created(ruleset: Ruleset) -> Self {
        let mut g = Game {
            state: State::default(),
            events: Vec::new(),
            ms: 0,
        };
        g.ok_as(
            Actor::Director { id: "d".into() },
            Command::Create {
                ruleset,
                names: None,
            },
        );
        g
    }

    /// A started match, side A first.
    pub fn started(ruleset: Ruleset) -> Self {
        let mut g = Self::created(ruleset);
        g.ok(Command::Start { first: Side::A });
        g
    }

    pub fn team() -> Self {
        Self::started(Preset::Team2v2.ruleset())
    }

    pub fn individual() -> Self {
        Self::started(Preset::Individual.ruleset())
    }

    pub fn now(&self) -> DateTime<Utc> {
        after(t0(), self.ms)
    }

    pub fn wait(&mut self, ms: i64) -> &mut Self {
        self.ms += ms;
        self
    }

    /// Decides `cmd` and applies what it produces. A refused command cannot change the state
    /// (`decide` borrows it), so what is checked is the other half of the contract services rely
    /// on: the state `decide_and_apply` hands back, which they cache, is the state the stored
    /// events fold into.
    pub fn try_as(&mut self, actor: Actor, cmd: Command) -> Result<Vec<Event>, RuleError> {
        let (events, decided) = decide_and_apply(&self.state, cmd, &actor, self.now())?;
        for e in &events {
            apply(&mut self.state, e);
            self.events.push(e.clone());
        }
        assert_eq!(
            self.state, decided,
            "the decision's state is its events applied"
        );
        Ok(events)
    }

    pub fn ok_as(&mut self, actor: Actor, cmd: Command) -> Vec<Event> {
        match self.try_as(actor, cmd.clone()) {
            Ok(e) => e,
            Err(e) => panic!("{cmd:?} refused: {e}"),
        }
    }

    pub fn ok(&mut self, cmd: Command) -> Vec<Event> {
        self.ok_as(table(), cmd)
    }

    pub fn err_as(&mut self, actor: Actor, cmd: Command) -> RuleError {
        match self.try_as(actor, cmd.clone()) {
            Ok(e) => panic!("{cmd:?} accepted: {e:?}"),
            Err(e) => e,
        }
    }

    pub fn err(&mut self, cmd: Command) -> RuleError {
        self.err_as(table(), cmd)
    }

    pub fn play(&mut self, word: &str, tiles: u8, declared: i32) -> Vec<Event> {
        self.ok(play(word, tiles, declared))
    }

    pub fn pass(&mut self) -> Vec<Event> {
        self.ok(Command::Pass { seat: None })
    }

    pub fn view(&self) -> View {
        self.state.view(self.now())
    }

    /// The id of the last challenge opened.
    pub fn last_challenge(&self) -> u64 {
        self.state.challenges.last().unwrap().id
    }

    pub fn kinds(events: &[Event]) -> Vec<&'static str> {
        events.iter().map(|e| e.payload.kind()).collect()
    }
}

pub(super) fn play(word: &str, tiles: u8, declared: i32) -> Command {
    Command::Play(Play::Sheet {
        words: vec![word.into()],
        tiles: Some(tiles),
        declared,
        seat: None,
    })
}

pub(super) fn challenge_word(by: &str, word: &str) -> Command {
    Command::ChallengeWord {
        by: seat(by),
        words: vec![word.into()],
    }
}
