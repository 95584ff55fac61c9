//! A division's standings as TSH ranks them (issue 18): wins (a tie is half a win), then
//! spread, then total score. Byes and forfeits count with the spreads the event's options set
//! (E2); the unscored games of a withdrawn player count as forfeits or as byes for the
//! opponent, as the options say.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// What happens to a withdrawn player's unscored games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = IndivWithdrawnGames)]
pub enum WithdrawnGames {
    /// Lost by forfeit (the opponent wins with the forfeit spread).
    #[default]
    Forfeit,
    /// The opponent has a bye instead.
    Bye,
}

/// How byes, forfeits and withdrawals count (the event's options).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = IndividualOptions)]
pub struct Options {
    /// Spread of a bye (a win). TSH's default is 50.
    pub bye_spread: i32,
    /// Spread of a forfeit: won by the opponent with it, lost with its negative.
    pub forfeit_spread: i32,
    /// A withdrawn player's unscored games.
    pub withdrawn: WithdrawnGames,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            bye_spread: 50,
            forfeit_spread: 50,
            withdrawn: WithdrawnGames::Forfeit,
        }
    }
}

/// One line of a round with its final result, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// Round, from 1.
    pub round: u32,
    /// Player going first (or sitting out).
    pub a: i64,
    /// Opponent; none: a bye.
    pub b: Option<i64>,
    /// Final scores (A, B); for a bye, A's score is the spread it counts.
    pub result: Option<(i32, i32)>,
}

/// How one game counts for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = IndivGameOutcome)]
pub struct Outcome {
    /// Round.
    pub round: u32,
    /// Opponent (none: a bye).
    pub opponent: Option<i64>,
    /// Went first.
    pub first: bool,
    /// Own score (none: bye or forfeit).
    pub score: Option<i32>,
    /// Opponent's score.
    pub opponent_score: Option<i32>,
    /// Half wins: 2 win, 1 tie, 0 loss.
    pub wins2: i64,
    /// Spread of the game.
    pub spread: i64,
    /// A forfeit (a withdrawal's unscored game).
    pub forfeit: bool,
}

impl Outcome {
    /// A bye scored 0: no game (a late entry's earlier rounds, a withdrawn player's later ones
    /// in a TSH file). TSH counts it neither as a win nor as a loss.
    pub fn is_no_game(&self) -> bool {
        self.opponent.is_none() && !self.forfeit && self.spread == 0
    }

    /// A loss: no half win, unless the round was no game.
    pub fn is_loss(&self) -> bool {
        self.wins2 == 0 && !self.is_no_game()
    }
}

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// Player number.
    pub player: i64,
    /// Half wins.
    pub wins2: i64,
    /// Losses.
    pub losses: u32,
    /// Total spread.
    pub spread: i64,
    /// Total score of games played.
    pub points: i64,
    /// Counted games, by round.
    pub games: Vec<Outcome>,
}

/// Everything counted so far, for each player (in the given order), and the players'
/// withdrawal rounds.
pub fn tally(
    players: &[(i64, Option<u32>)],
    lines: &[Line],
    options: &Options,
) -> BTreeMap<i64, Row> {
    let mut rows: BTreeMap<i64, Row> = players
        .iter()
        .map(|&(p, _)| {
            (
                p,
                Row {
                    player: p,
                    wins2: 0,
                    losses: 0,
                    spread: 0,
                    points: 0,
                    games: Vec::new(),
                },
            )
        })
        .collect();
    let withdrawn = |p: i64, round: u32| {
        players
            .iter()
            .any(|&(q, w)| q == p && w.is_some_and(|w| round >= w))
    };
    let wins2 = |spread: i64| match spread.signum() {
        1 => 2,
        0 => 1,
        _ => 0,
    };
    let mut push = |p: i64, o: Outcome| {
        if let Some(r) = rows.get_mut(&p) {
            r.wins2 += o.wins2;
            r.losses += u32::from(o.is_loss());
            r.spread += o.spread;
            r.points += i64::from(o.score.unwrap_or(0));
            r.games.push(o);
        }
    };
    // A bye scored 0 is no game at all, as TSH counts it: neither a win nor a loss.
    let bye = |round: u32, spread: i64| Outcome {
        round,
        opponent: None,
        first: false,
        score: None,
        opponent_score: None,
        wins2: if spread == 0 { 0 } else { wins2(spread) },
        spread,
        forfeit: false,
    };
    for l in lines {
        let Some(b) = l.b else {
            let spread = l
                .result
                .map_or(i64::from(options.bye_spread), |(s, _)| i64::from(s));
            push(l.a, bye(l.round, spread));
            continue;
        };
        if let Some((sa, sb)) = l.result {
            let spread = i64::from(sa) - i64::from(sb);
            let game = |opp, first, own: i32, other: i32, spread: i64| Outcome {
                round: l.round,
                opponent: Some(opp),
                first,
                score: Some(own),
                opponent_score: Some(other),
                wins2: wins2(spread),
                spread,
                forfeit: false,
            };
            push(l.a, game(b, true, sa, sb, spread));
            push(b, game(l.a, false, sb, sa, -spread));
            continue;
        }
        // Unscored: counts only when one side has withdrawn.
        let (wa, wb) = (withdrawn(l.a, l.round), withdrawn(b, l.round));
        let f = i64::from(options.forfeit_spread);
        let forfeit = |opp: i64, first: bool, spread: i64| Outcome {
            round: l.round,
            opponent: Some(opp),
            first,
            score: None,
            opponent_score: None,
            wins2: wins2(spread),
            spread,
            forfeit: true,
        };
        match (wa, wb, options.withdrawn) {
            (true, true, _) | (false, false, _) => {}
            (true, false, WithdrawnGames::Bye) => push(b, bye(l.round, options.bye_spread.into())),
            (false, true, WithdrawnGames::Bye) => {
                push(l.a, bye(l.round, options.bye_spread.into()))
            }
            (true, false, WithdrawnGames::Forfeit) => {
                push(l.a, forfeit(b, true, -f));
                push(b, forfeit(l.a, false, f));
            }
            (false, true, WithdrawnGames::Forfeit) => {
                push(l.a, forfeit(b, true, f));
                push(b, forfeit(l.a, false, -f));
            }
        }
    }
    rows
}

/// What a division's ranking compares, for the standings and for pairing alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankKey {
    /// Half wins.
    pub wins2: i64,
    /// Total spread.
    pub spread: i64,
    /// Total score of games played.
    pub points: i64,
    /// Player number (the last tiebreak: lower first).
    pub player: i64,
}

/// The one order of a division's players (rule E2 as TSH ranks individuals, issue 18): wins,
/// then spread, then total score, then player number. The standings ([`ranked`]) and every
/// pairing that reads the standings (Swiss, king of the hill, Gibsonization:
/// `rules::pairing::individual::rank`) sort with this function, so the standings a director
/// prints and the pairings made from them agree on every tie.
pub fn by_rank(x: &RankKey, y: &RankKey) -> Ordering {
    y.wins2
        .cmp(&x.wins2)
        .then(y.spread.cmp(&x.spread))
        .then(y.points.cmp(&x.points))
        .then(x.player.cmp(&y.player))
}

impl Row {
    /// The row's ranking key.
    pub fn rank_key(&self) -> RankKey {
        RankKey {
            wins2: self.wins2,
            spread: self.spread,
            points: self.points,
            player: self.player,
        }
    }
}

/// Ranks rows by [`by_rank`]: wins, then spread, then total score, then player number.
pub fn ranked(rows: impl IntoIterator<Item = Row>) -> Vec<Row> {
    let mut v: Vec<Row> = rows.into_iter().collect();
    v.sort_by(|x, y| by_rank(&x.rank_key(), &y.rank_key()));
    v
}

/// Is the line's result still owed: a game with no final scores whose players both still play.
pub fn missing(line: &Line, players: &[(i64, Option<u32>)]) -> bool {
    let withdrawn = |p: i64| {
        players
            .iter()
            .any(|&(q, w)| q == p && w.is_some_and(|w| line.round >= w))
    };
    line.b.is_some()
        && line.result.is_none()
        && !withdrawn(line.a)
        && !line.b.is_some_and(withdrawn)
}

/// The player whose withdrawal settles an unscored game (E2): exactly one of its players has
/// withdrawn by its round, so it counts as the options say rather than being owed. None for a
/// bye, a game with a result, and a game whose players have both withdrawn or neither.
pub fn withdrawn_from(line: &Line, players: &[(i64, Option<u32>)]) -> Option<i64> {
    let withdrawn = |p: i64| {
        players
            .iter()
            .any(|&(q, w)| q == p && w.is_some_and(|w| line.round >= w))
    };
    let b = line.b?;
    match (line.result, withdrawn(line.a), withdrawn(b)) {
        (None, true, false) => Some(line.a),
        (None, false, true) => Some(b),
        _ => None,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn line(round: u32, a: i64, b: Option<i64>, result: Option<(i32, i32)>) -> Line {
        Line {
            round,
            a,
            b,
            result,
        }
    }

    // rule E2: byes and forfeits count with the options' spreads.
    #[test]
    fn byes_forfeits_and_withdrawals_count_as_the_options_say() {
        let players = [(1, None), (2, Some(2)), (3, None)];
        let lines = [
            line(1, 1, Some(2), Some((400, 380))),
            line(1, 3, None, None),
            line(2, 2, Some(3), None),
            line(2, 1, None, None),
        ];
        let o = Options::default();
        let t = tally(&players, &lines, &o);
        assert_eq!((t[&1].wins2, t[&1].spread), (4, 70));
        assert_eq!((t[&2].wins2, t[&2].spread, t[&2].losses), (0, -70, 2));
        assert_eq!((t[&3].wins2, t[&3].spread), (4, 100));
        assert!(t[&3].games[1].forfeit);
        let o = Options {
            withdrawn: WithdrawnGames::Bye,
            bye_spread: 30,
            ..o
        };
        let t = tally(&players, &lines, &o);
        assert_eq!((t[&2].wins2, t[&2].spread), (0, -20));
        assert_eq!((t[&3].wins2, t[&3].spread), (4, 60));
        assert!(!missing(&lines[2], &players));
        assert!(missing(&line(3, 1, Some(3), None), &players));
        let r = ranked(t.into_values());
        assert_eq!(r[0].player, 3);
    }

    // rule E2, issue 18: a bye scored 0 (TSH's "no game": a late entry's earlier rounds) is
    // neither a win, nor a tie, nor a loss; a bye scored below 0 (a forfeit as TSH writes it) is
    // a loss.
    #[test]
    fn a_bye_scored_zero_is_no_game_and_a_negative_one_a_loss() {
        let players = [(1, None), (2, None), (3, None)];
        let lines = [
            line(1, 1, None, Some((0, 0))),
            line(1, 2, None, Some((-50, 0))),
            line(1, 3, None, Some((50, 0))),
            line(2, 1, Some(2), Some((400, 380))),
        ];
        let t = tally(&players, &lines, &Options::default());
        assert_eq!((t[&1].wins2, t[&1].losses, t[&1].spread), (2, 0, 20));
        assert!(t[&1].games[0].is_no_game() && !t[&1].games[0].is_loss());
        assert_eq!((t[&2].wins2, t[&2].losses, t[&2].spread), (0, 2, -70));
        assert_eq!((t[&3].wins2, t[&3].losses, t[&3].spread), (2, 0, 50));
    }

    // rule E2, issue 18: the pages name the player whose withdrawal settles an unscored game,
    // exactly the games the tally counts as forfeits (or byes) rather than owed.
    #[test]
    fn an_unscored_game_is_settled_by_the_one_player_who_withdrew() {
        let players = [(1, None), (2, Some(2)), (3, Some(3)), (4, None)];
        let cases = [
            (line(2, 1, Some(2), None), Some(2)),
            (line(2, 2, Some(1), None), Some(2)),
            (line(1, 1, Some(2), None), None), // before the withdrawal: owed
            (line(2, 1, Some(2), Some((400, 300))), None), // played before they left
            (line(3, 2, Some(3), None), None), // both withdrawn: counts for nobody
            (line(2, 1, Some(4), None), None), // neither: owed
            (line(2, 2, None, None), None),    // a bye
        ];
        for (l, want) in cases {
            assert_eq!(withdrawn_from(&l, &players), want, "{l:?}");
            let counted = tally(&players, std::slice::from_ref(&l), &Options::default())
                .values()
                .any(|r| r.games.iter().any(|g| g.forfeit));
            assert_eq!(counted, want.is_some(), "{l:?}");
        }
    }
}
