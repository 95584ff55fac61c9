//! Replays a GCG record on the board model and checks every event (FORMAT.md §4).
//!
//! * placements: legal on the board (C3-C4), tiles from the rack field when it is given,
//!   and the recorded score equal to the board's score (C5-C6);
//! * `--`: follows a play by the same player and takes back exactly that play's score;
//! * passes and exchanges score 0; exchanged tiles come from the rack;
//! * challenge bonuses follow the player's play and are a positive multiple of 5;
//! * going out: the opponent's leftover tiles are the tiles not on the board, and the bonus is
//!   twice their value, or once if the opponent's `RACK (RACK) -N` line follows (WESPA style);
//!   rack penalties are minus the rack's value;
//! * time penalties are negative multiples of 10 (rule N2);
//! * every running total equals the previous total plus the score.
//!
//! One slip gives one problem: a total is accepted if it follows from either the recorded or
//! the corrected previous total and either the recorded or the corrected score, so an error is
//! reported on its own line and not again on every later line.

use std::fmt;

use crate::rules::board::Board;
use crate::rules::gcg::{EventKind, Exchanged, Game};
use crate::rules::lexicon::Lexicon;
use crate::rules::placement::{Placement, validate};
use crate::rules::scoring::score_total;
use crate::rules::tiles::{Rack, TileSet};

/// One disagreement between a record and the board model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line of the event at fault.
    pub line: usize,
    /// What is wrong, e.g. `score of 8D JETON: recorded 41, expected 40`.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.line, self.message)
    }
}

/// The last play, kept so a `--` or `(challenge)` line can refer to it.
struct LastPlay {
    player: usize,
    placement: Option<Placement>,
    recorded: i32,
    /// Number of words it formed (bounds a challenge bonus).
    words: i32,
}

/// Checks a whole record. `set` gives tile values and the bag; `lexicon`, when given, is asked
/// about every word formed by a play that is not withdrawn.
pub fn check(game: &Game, set: &TileSet, lexicon: Option<&Lexicon>) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut report = |line: usize, message: String| problems.push(Problem { line, message });
    let mut board = Board::new();
    let mut recorded_total = [0i32; 2];
    let mut expected_total = [0i32; 2];
    let mut last_play: Option<LastPlay> = None;

    for (i, e) in game.events.iter().enumerate() {
        let nick = &game.players[e.player].nick;
        let rack = if e.rack.is_empty() {
            None
        } else {
            match Rack::parse(&e.rack) {
                Ok(r) => {
                    if r.len() > 7 {
                        report(
                            e.line,
                            format!(
                                "rack {}: recorded {} tiles, expected at most 7",
                                e.rack,
                                r.len()
                            ),
                        );
                    }
                    Some(r)
                }
                Err(bad) => {
                    report(e.line, format!("rack {}: {bad}", e.rack));
                    None
                }
            }
        };
        let withdrawn_next = game
            .events
            .get(i + 1)
            .is_some_and(|n| n.player == e.player && n.kind == EventKind::Withdrawn);
        // The score this line should have; `None` when it cannot be known (then the recorded
        // score is taken, so one bad line does not spill onto the totals).
        let expected: Option<i32> = match &e.kind {
            EventKind::Play(mv) => match validate(&board, set, mv, None) {
                Ok(p) => {
                    if let Some(r) = &rack {
                        let mut left = *r;
                        if let Some((_, t)) = p.new_tiles.iter().find(|(_, t)| !left.take_tile(*t))
                        {
                            report(
                                e.line,
                                format!(
                                    "play {mv}: {} is not on the rack {}",
                                    t.rack_char(),
                                    e.rack
                                ),
                            );
                        }
                    }
                    let s = score_total(&board, set, &p) as i32;
                    if let (Some(lex), false) = (lexicon, withdrawn_next) {
                        p.for_each_word(&board, |_, _, tiles| {
                            let word: String = tiles.iter().map(|(_, t, _)| t.letter()).collect();
                            if !lex.contains(&word) {
                                report(
                                    e.line,
                                    format!("word {word} is not in the lexicon {}", lex.name()),
                                );
                            }
                        });
                    }
                    let mut words = 0;
                    p.for_each_word(&board, |_, _, _| words += 1);
                    p.apply(&mut board);
                    last_play = Some(LastPlay {
                        player: e.player,
                        placement: Some(p),
                        recorded: e.score,
                        words,
                    });
                    Some(s)
                }
                Err(err) => {
                    report(e.line, format!("play {mv}: {err}"));
                    last_play = Some(LastPlay {
                        player: e.player,
                        placement: None,
                        recorded: e.score,
                        words: 1,
                    });
                    None
                }
            },
            EventKind::Withdrawn => match last_play.take() {
                Some(lp) if lp.player == e.player => {
                    if let Some(p) = &lp.placement {
                        p.undo(&mut board);
                    }
                    // The play's recorded score is what went onto the total, so that is what
                    // comes off, even if the play itself was mis-scored (reported there).
                    Some(-lp.recorded)
                }
                _ => {
                    report(
                        e.line,
                        format!("withdrawal (--) does not follow a play by {nick}"),
                    );
                    None
                }
            },
            EventKind::Pass => Some(0),
            EventKind::Exchange(x) => {
                match x {
                    Exchanged::Tiles(t) => match (Rack::parse(t), &rack) {
                        (Ok(given), Some(r)) if !r.contains_all(&given) => report(
                            e.line,
                            format!("exchange -{t}: tiles not on the rack {}", e.rack),
                        ),
                        (Err(bad), _) => report(e.line, format!("exchange -{t}: {bad}")),
                        _ => {}
                    },
                    Exchanged::Count(c) if !(1..=7).contains(c) => report(
                        e.line,
                        format!("exchange: recorded {c} tiles, expected 1 to 7"),
                    ),
                    Exchanged::Count(_) => {}
                }
                Some(0)
            }
            EventKind::ChallengeBonus => {
                if last_play.as_ref().is_none_or(|lp| lp.player != e.player) {
                    report(
                        e.line,
                        format!("challenge bonus does not follow a play by {nick}"),
                    );
                }
                // 5 (or 10) points per word challenged: CSW's 5-point rule gives 10 for a
                // challenge of two words (liwords_many_challenges.gcg). So the bonus is a
                // positive multiple of 5, at most 10 or 5 per word the play formed.
                let words = last_play.as_ref().map_or(1, |lp| lp.words);
                let most = (5 * words).max(10);
                if e.score <= 0 || e.score % 5 != 0 || e.score > most {
                    report(
                        e.line,
                        format!(
                            "challenge bonus: recorded {}, expected a multiple of 5 from 5 to {most}",
                            e.score
                        ),
                    );
                    None
                } else {
                    Some(e.score)
                }
            }
            EventKind::OutBonus(tiles) => match Rack::parse(tiles) {
                Ok(left) => {
                    // Going out empties the bag, so the opponent holds every tile not on the board.
                    let mut unseen = set.full_bag();
                    let on_board = board.tiles().fold(Rack::new(), |mut r, (_, t)| {
                        r.add_tile(t);
                        r
                    });
                    if unseen.take_all(&on_board) && unseen != left {
                        report(
                            e.line,
                            format!("opponent's tiles: recorded {tiles}, expected {unseen}"),
                        );
                    }
                    let opponent = 1 - e.player;
                    // The opponent's penalty line usually follows, but any order is accepted.
                    let wespa = game.events.iter().any(|n| {
                        n.player == opponent && matches!(&n.kind, EventKind::RackPenalty(_))
                    });
                    let value = left.value(set) as i32;
                    Some(if wespa { value } else { 2 * value })
                }
                Err(bad) => {
                    report(e.line, format!("end-of-game tiles ({tiles}): {bad}"));
                    None
                }
            },
            EventKind::RackPenalty(tiles) => match Rack::parse(tiles) {
                Ok(left) => {
                    if rack.is_some_and(|r| r != left) {
                        report(
                            e.line,
                            format!("rack penalty: rack {} but tiles ({tiles})", e.rack),
                        );
                    }
                    Some(-(left.value(set) as i32))
                }
                Err(bad) => {
                    report(e.line, format!("end-of-game tiles ({tiles}): {bad}"));
                    None
                }
            },
            EventKind::TimePenalty => {
                if e.score >= 0 || e.score % 10 != 0 {
                    report(
                        e.line,
                        format!(
                            "time penalty: recorded {}, expected a negative multiple of 10",
                            e.score
                        ),
                    );
                    None
                } else {
                    Some(e.score)
                }
            }
        };
        if !matches!(e.kind, EventKind::Play(_) | EventKind::ChallengeBonus) {
            // Only a play can be withdrawn or earn a challenge bonus, and only right after it.
            last_play = None;
        }
        let what = match &e.kind {
            EventKind::Play(mv) => format!("score of {mv}"),
            EventKind::Pass => "score of a pass".to_owned(),
            EventKind::Exchange(_) => "score of an exchange".to_owned(),
            EventKind::Withdrawn => "score of the withdrawal".to_owned(),
            EventKind::ChallengeBonus => "challenge bonus".to_owned(),
            EventKind::OutBonus(t) => format!("going-out bonus for ({t})"),
            EventKind::RackPenalty(t) => format!("rack penalty for ({t})"),
            EventKind::TimePenalty => "time penalty".to_owned(),
        };
        if let Some(want) = expected
            && want != e.score
        {
            report(
                e.line,
                format!("{what}: recorded {}, expected {want}", e.score),
            );
        }
        let want = expected.unwrap_or(e.score);
        let p = e.player;
        let candidates = [
            recorded_total[p] + e.score,
            expected_total[p] + e.score,
            recorded_total[p] + want,
            expected_total[p] + want,
        ];
        if !candidates.contains(&e.total) {
            report(
                e.line,
                format!(
                    "total of {nick}: recorded {}, expected {}",
                    e.total, candidates[0]
                ),
            );
        }
        recorded_total[p] = e.total;
        expected_total[p] = if candidates[1..].contains(&e.total) {
            e.total
        } else {
            expected_total[p] + want
        };
    }
    problems
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::rules::gcg::read;

    fn problems(text: &str) -> Vec<Problem> {
        check(&read(text.as_bytes()).unwrap(), &TileSet::english(), None)
    }

    const HEAD: &str = "#player1 a A\n#player2 b B\n";

    // rule C5
    #[test]
    fn a_wrong_score_is_reported_once_on_its_line() {
        let p = problems(&format!(
            "{HEAD}>a: DEJNOTM 8D JETON +41 41\n>b: ?EDYEIG H2 rEDYEI.G +64 64\n>a: BEDGMNP 7E BEDIM +26 67\n"
        ));
        assert_eq!(
            p,
            [Problem {
                line: 3,
                message: "score of 8D JETON: recorded 41, expected 40".into()
            }]
        );
    }

    #[test]
    fn a_wrong_total_is_reported_once_on_its_line() {
        let p = problems(&format!(
            "{HEAD}>a: DEJNOTM 8D JETON +40 41\n>b: ?EDYEIG H2 rEDYEI.G +64 64\n>a: BEDGMNP 7E BEDIM +26 66\n"
        ));
        assert_eq!(p.len(), 1, "{p:?}");
        assert_eq!(p[0].line, 3);
        assert_eq!(p[0].message, "total of a: recorded 41, expected 40");
    }

    #[test]
    fn tiles_must_be_on_the_rack_and_withdrawals_match_the_play() {
        let p = problems(&format!(
            "{HEAD}>a: DEJNOTM 8D JeTON +38 38\n>a: DEJNOTM -- -37 1\n"
        ));
        assert_eq!(p.len(), 2, "{p:?}");
        assert_eq!(p[0].message, "play 8D JeTON: ? is not on the rack DEJNOTM");
        assert_eq!(
            p[1].message,
            "score of the withdrawal: recorded -37, expected -38"
        );
    }

    // rule C3
    #[test]
    fn an_illegal_play_is_reported() {
        let p = problems(&format!("{HEAD}>a: DEJNOTM 7D JETON +40 40\n"));
        assert_eq!(
            p[0].message,
            "play 7D JETON: the first play must cover the centre square H8"
        );
    }

    #[test]
    fn going_out_bonus_is_twice_the_rack_or_once_with_a_penalty_line() {
        let body = ">a: DEJNOTM 8D JETON +40 40\n";
        // Tiles left are all tiles not on the board: the check below uses a tiny tile set.
        let set = TileSet::new(
            "mini",
            &[
                ('J', 1, 8, false),
                ('E', 2, 1, true),
                ('T', 1, 1, false),
                ('O', 1, 1, true),
                ('N', 1, 1, false),
                ('Q', 1, 10, false),
            ],
            0,
        )
        .unwrap();
        let g = read(format!("{HEAD}{body}>a:  (EQ) +22 62\n").as_bytes()).unwrap();
        assert_eq!(check(&g, &set, None), []);
        let g = read(format!("{HEAD}{body}>a:  (EQ) +11 51\n>b: EQ (EQ) -11 -11\n").as_bytes())
            .unwrap();
        assert_eq!(check(&g, &set, None), []);
        let g = read(format!("{HEAD}{body}>a:  (Q) +20 60\n").as_bytes()).unwrap();
        assert_eq!(
            check(&g, &set, None)[0].message,
            "opponent's tiles: recorded Q, expected EQ"
        );
    }
}
