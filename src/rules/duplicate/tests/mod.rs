//! Whole games: an English Duplicate game with ENABLE played end to end with slips (`game`),
//! the turn order and its refusals, undo and the fold (`turns`), prepared games and merged
//! clubs (`prepared`). Shared helpers are here.

use std::sync::OnceLock;

use chrono::{DateTime, TimeZone, Utc};

use super::*;
use crate::rules::lexicon::Lexicon;
use crate::rules::movegen::{WordGraph, all_plays};

fn graph() -> &'static WordGraph {
    static G: OnceLock<WordGraph> = OnceLock::new();
    G.get_or_init(|| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lexicons/enable2k.txt");
        WordGraph::from_lexicon(&Lexicon::from_path(&path).unwrap()).unwrap()
    })
}

fn at(turn: u32, sec: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 30, 20, 0, 0).unwrap()
        + chrono::Duration::seconds(i64::from(turn) * 200 + sec)
}

fn referee() -> Official {
    Official::Referee("ref".into())
}

/// The slip word of a play: the whole main word, blanks lowercase.
fn slip_word(gcg_word: &str, main_word: &str) -> String {
    gcg_word
        .chars()
        .zip(main_word.chars())
        .map(|(g, m)| if g == '.' { m } else { g })
        .collect()
}

fn top_slip(player: u32, top: &TopCandidate, points: u32) -> SlipInput {
    SlipInput {
        player,
        reference: top.reference.clone(),
        word: slip_word(&top.word, &top.main_word),
        points: Some(points),
    }
}

/// The lowest-scoring play of the rack on show, as a slip, and its score.
fn low_slip(state: &State, player: u32) -> (SlipInput, u32) {
    let set = state.set.as_ref().unwrap();
    let rack = state.rack().unwrap();
    let plays = all_plays(graph(), set, &state.board, &rack);
    let low = plays
        .iter()
        .rev()
        .find(|p| {
            !state.board.is_empty() || p.direction() == crate::rules::board::Direction::Across
        })
        .unwrap();
    let slip = SlipInput {
        player,
        reference: crate::rules::notation::gcg_position(low.start(), low.direction()),
        word: slip_word(&low.gcg_word(), &low.main_word(&state.board)),
        points: Some(low.score()),
    };
    (slip, low.score())
}

/// The same reference read the other way (GCG `8D` ↔ `D8`).
fn flipped(reference: &str) -> String {
    let digits: String = reference.chars().filter(char::is_ascii_digit).collect();
    let letters: String = reference
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect();
    if reference.starts_with(|c: char| c.is_ascii_digit()) {
        format!("{letters}{digits}")
    } else {
        format!("{digits}{letters}")
    }
}

fn slip(state: &mut State, log: &mut Vec<Event>, turn: u32, s: SlipInput) -> Verdict {
    let p = record_slip(state, graph(), turn, s, None).unwrap();
    let Payload::SlipRecorded { verdict, .. } = &p else {
        panic!("{p:?}")
    };
    let v = verdict.clone();
    log.push(record(
        state,
        at(turn, 190),
        Official::Arbitrator("a1".into()),
        p,
    ));
    v
}

fn new_game(players: Vec<u32>) -> State {
    let mut s = State::default();
    let c = create(&s, DuplicateRuleset::english(), players).unwrap();
    record(&mut s, at(0, 0), referee(), c);
    s
}

/// Records a decided payload as the referee.
macro_rules! step {
    ($s:ident, $p:expr) => {{
        let p = $p;
        step(&mut $s, p);
    }};
}

fn step(s: &mut State, p: Payload) {
    record(s, at(s.turn_number(), 5), referee(), p);
}

fn new_game_with(r: DuplicateRuleset, players: Vec<u32>) -> State {
    let mut s = State::default();
    let c = create(&s, r, players).unwrap();
    record(&mut s, at(0, 0), referee(), c);
    s
}

mod french;
mod game;
mod prepared;
mod turns;
