//! A late entrant's rounds before their first (issue 18): how they count is a division's rule.
//! TSH counts them as no game (its `.t` writes opponent 0, score 0: neither a win nor a loss);
//! many events count them as forfeit losses instead, some as byes. The rounds counted are the
//! rounds paired so far before the player's first; a forfeit loss counts the event's forfeit
//! spread against them, a bye the event's bye spread for them (rule E2: "with the spread the
//! ruleset sets").

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::standings::{Options, Outcome, Row};

/// How a late entrant's rounds before their first count (a division's rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = IndivLateRounds)]
pub enum LateRounds {
    /// No game: neither a win nor a loss (TSH's way, the default).
    #[default]
    NoGame,
    /// A loss by the event's forfeit spread.
    Forfeit,
    /// A win by the event's bye spread.
    Bye,
}

impl LateRounds {
    /// Every rule, in the order the pages offer them.
    pub const ALL: [Self; 3] = [Self::NoGame, Self::Forfeit, Self::Bye];

    /// The rule's name as stored and in the API (`no_game`, `forfeit`, `bye`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::NoGame => "no_game",
            Self::Forfeit => "forfeit",
            Self::Bye => "bye",
        }
    }

    /// The rule named `s`, if it is one.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.as_str() == s)
    }

    /// How one missed round counts, if at all (none: no game).
    pub fn outcome(self, round: u32, options: &Options) -> Option<Outcome> {
        let spread = match self {
            Self::NoGame => return None,
            Self::Forfeit => -i64::from(options.forfeit_spread),
            Self::Bye => i64::from(options.bye_spread),
        };
        Some(Outcome {
            round,
            opponent: None,
            first: false,
            score: None,
            opponent_score: None,
            // A bye scored 0 is no game (as the tally counts byes); a forfeit is always a loss.
            wins2: if self == Self::Bye && spread > 0 {
                2
            } else {
                0
            },
            spread,
            forfeit: self == Self::Forfeit,
        })
    }
}

/// Adds each late entrant's missed rounds to the tally: for each `(player, first round)`, the
/// rounds from 1 to the one before their first, up to `through` (the last round counted).
/// Games stay in round order.
pub fn count_missed(
    rows: &mut BTreeMap<i64, Row>,
    late: &[(i64, u32)],
    through: u32,
    rule: LateRounds,
    options: &Options,
) {
    for &(player, first) in late {
        let Some(row) = rows.get_mut(&player) else {
            continue;
        };
        let missed: Vec<Outcome> = (1..first.min(through.saturating_add(1)))
            .filter_map(|r| rule.outcome(r, options))
            .collect();
        if missed.is_empty() {
            continue;
        }
        for o in &missed {
            row.wins2 += o.wins2;
            row.losses += u32::from(o.is_loss());
            row.spread += o.spread;
        }
        row.games.extend(missed);
        row.games.sort_by_key(|g| g.round);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::rules::individual::standings::{Line, tally};

    fn counted(rule: LateRounds, through: u32) -> BTreeMap<i64, Row> {
        // Player 3 enters in round 3; rounds 1 and 2 were 1 v 2.
        let players = [(1, None), (2, None), (3, None)];
        let lines = [
            Line {
                round: 1,
                a: 1,
                b: Some(2),
                result: Some((400, 350)),
            },
            Line {
                round: 2,
                a: 2,
                b: Some(1),
                result: Some((390, 380)),
            },
        ];
        let options = Options {
            bye_spread: 40,
            forfeit_spread: 75,
            ..Options::default()
        };
        let mut t = tally(&players, &lines, &options);
        count_missed(&mut t, &[(3, 3)], through, rule, &options);
        t
    }

    // Issue 18, rule E2: a late entrant's missed rounds count as the division's rule says,
    // with the event's spreads, and only the rounds counted so far.
    #[test]
    fn a_late_entrant_s_missed_rounds_count_as_the_division_s_rule_says() {
        let t = counted(LateRounds::NoGame, 2);
        assert_eq!((t[&3].wins2, t[&3].losses, t[&3].spread), (0, 0, 0));
        assert!(t[&3].games.is_empty());
        let t = counted(LateRounds::Forfeit, 2);
        assert_eq!((t[&3].wins2, t[&3].losses, t[&3].spread), (0, 2, -150));
        assert!(
            t[&3]
                .games
                .iter()
                .all(|g| g.forfeit && g.opponent.is_none())
        );
        assert_eq!(
            t[&3].games.iter().map(|g| g.round).collect::<Vec<_>>(),
            [1, 2]
        );
        let t = counted(LateRounds::Bye, 2);
        assert_eq!((t[&3].wins2, t[&3].losses, t[&3].spread), (4, 0, 80));
        // The others are untouched.
        assert_eq!((t[&1].wins2, t[&1].spread), (2, 40));
        // Through round 1 only: one missed round counted.
        let t = counted(LateRounds::Forfeit, 1);
        assert_eq!((t[&3].losses, t[&3].spread), (1, -75));
    }

    // Issue 18: the rule's names as the API and the database spell them, and no other.
    #[test]
    fn the_rule_reads_back_its_own_names_only() {
        for r in LateRounds::ALL {
            assert_eq!(LateRounds::parse(r.as_str()), Some(r));
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, format!("\"{}\"", r.as_str()));
        }
        assert_eq!(LateRounds::parse("No_game"), None);
        assert_eq!(LateRounds::parse(""), None);
    }
}
