//! Game end and outcome (T17-T19, N2, N6-N8): why a game ended, the rack and overtime
//! arithmetic, and who won.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::rules::game::{Seat, Side, Sides};
use crate::rules::ruleset::{EndRackRule, OvertimePolicy};

/// Why a game ended (T17, N6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EndReason {
    /// T17a/N6: a player played out with the bag empty.
    OutPlay {
        /// The seat that went out.
        seat: Seat,
    },
    /// T17b: consecutive passes.
    ConsecutivePasses,
    /// N6: consecutive scoreless turns.
    ScorelessTurns,
    /// T17c/T3: the match time limit.
    MatchTimeLimit,
    /// T17c: both clocks at zero.
    BothClocksOut,
    /// N6: the director announced the end.
    Announced,
}

/// Why the winner won (T18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ResultReason {
    /// T18a: the higher total (or a tie when `winner` is null).
    Score,
    /// T18b: the opponent was disqualified.
    Disqualification,
    /// T18c: the opponent walked out.
    Walkout,
}

/// The result of a match: `{"winner": "a" | "b" | null, "reason": "score", "scores": {…}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GameResult {
    /// The winning side; `null` for a tie.
    pub winner: Option<Side>,
    /// Why.
    pub reason: ResultReason,
    /// Final totals.
    pub scores: Sides<i32>,
    /// How the game ended, when it ended by play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<EndReason>,
}

impl GameResult {
    /// T18a: the higher total wins; equal totals are a tie.
    pub fn by_score(scores: Sides<i32>, end: Option<EndReason>) -> Self {
        let winner = match scores.a.cmp(&scores.b) {
            std::cmp::Ordering::Greater => Some(Side::A),
            std::cmp::Ordering::Less => Some(Side::B),
            std::cmp::Ordering::Equal => None,
        };
        Self {
            winner,
            reason: ResultReason::Score,
            scores,
            end,
        }
    }
}

/// T19, N6-N7: points each side gains (or loses, negative) for the tiles left on the racks.
/// `out` is the side that played out, if any.
pub fn rack_adjustments(
    rule: EndRackRule,
    racks: &BTreeMap<Seat, u32>,
    out: Option<Side>,
) -> Sides<i32> {
    let fx = rule.effects();
    let mut value = Sides { a: 0i32, b: 0i32 };
    for (seat, v) in racks {
        value[seat.side] = value[seat.side].saturating_add(i32::try_from(*v).unwrap_or(i32::MAX));
    }
    let mut points = Sides { a: 0, b: 0 };
    if !fx.counted {
        return points;
    }
    match out {
        None => {
            // N6/T19: with nobody out, everyone loses their own racks.
            for s in Side::BOTH {
                points[s] = -value[s];
            }
        }
        Some(o) => {
            let p = o.other();
            // T19: a team that played out still loses its partner's rack.
            points[o] = fx.outplay_gain_factor * value[p] - value[o];
            if fx.opponents_lose_when_out {
                points[p] = -value[p];
            }
        }
    }
    points
}

/// N2: the points an overtime of `over_ms` costs a side whose score is `score`: `points` per
/// started minute, never taking the score below the floor (and never adding points).
pub fn overtime_penalty(policy: &OvertimePolicy, over_ms: i64, score: i32) -> i32 {
    let OvertimePolicy::PenaltyPerStartedMinute { points, floor } = policy else {
        return 0;
    };
    if over_ms <= 0 {
        return 0;
    }
    let minutes = over_ms.saturating_add(59_999) / 60_000;
    let raw = i64::from(*points).saturating_mul(minutes);
    let raw = i32::try_from(raw).unwrap_or(i32::MAX);
    match floor {
        Some(f) => raw.min(score.saturating_sub(*f).max(0)),
        None => raw,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn penalty() -> OvertimePolicy {
        OvertimePolicy::PenaltyPerStartedMinute {
            points: 10,
            floor: Some(0),
        }
    }

    #[test]
    fn overtime_costs_ten_per_started_minute_n2() {
        assert_eq!(overtime_penalty(&penalty(), 2_000, 300), 10);
        assert_eq!(overtime_penalty(&penalty(), 59_000, 300), 10);
        assert_eq!(overtime_penalty(&penalty(), 60_000, 300), 10);
        assert_eq!(overtime_penalty(&penalty(), 61_000, 300), 20);
        assert_eq!(overtime_penalty(&penalty(), 0, 300), 0);
    }

    #[test]
    fn overtime_never_takes_a_score_below_zero_n2() {
        assert_eq!(overtime_penalty(&penalty(), 61_000, 15), 15);
        assert_eq!(overtime_penalty(&penalty(), 61_000, -5), 0);
    }

    #[test]
    fn no_more_moves_policy_has_no_penalty_t5() {
        assert_eq!(
            overtime_penalty(&OvertimePolicy::NoMoreMoves, 61_000, 100),
            0
        );
    }

    fn racks(v: &[(&str, u32)]) -> BTreeMap<Seat, u32> {
        v.iter().map(|(s, n)| (s.parse().unwrap(), *n)).collect()
    }

    #[test]
    fn standard_rack_rule_t19() {
        let r = racks(&[("A1", 0), ("A2", 4), ("B1", 6), ("B2", 3)]);
        let p = rack_adjustments(EndRackRule::Standard, &r, Some(Side::A));
        assert_eq!(p, Sides { a: 9 - 4, b: -9 });
        let p = rack_adjustments(EndRackRule::Standard, &r, None);
        assert_eq!(p, Sides { a: -4, b: -9 });
        let p = rack_adjustments(EndRackRule::None, &r, Some(Side::A));
        assert_eq!(p, Sides { a: 0, b: 0 });
    }

    #[test]
    fn outplay_bonus_variants_n7() {
        let r = racks(&[("A1", 0), ("B1", 8)]);
        let sa = rack_adjustments(EndRackRule::SubtractAndAdd, &r, Some(Side::A));
        assert_eq!(sa, Sides { a: 8, b: -8 });
        let twice = rack_adjustments(EndRackRule::AddTwice, &r, Some(Side::A));
        assert_eq!(twice, Sides { a: 16, b: 0 });
        let once = rack_adjustments(EndRackRule::AddOnce, &r, Some(Side::A));
        assert_eq!(once, Sides { a: 8, b: 0 });
        // N6: nobody out: each loses their own rack.
        let r = racks(&[("A1", 3), ("B1", 8)]);
        let none = rack_adjustments(EndRackRule::AddTwice, &r, None);
        assert_eq!(none, Sides { a: -3, b: -8 });
    }

    #[test]
    fn equal_totals_are_a_tie_t18() {
        assert_eq!(
            GameResult::by_score(Sides { a: 5, b: 5 }, None).winner,
            None
        );
        assert_eq!(
            GameResult::by_score(Sides { a: 6, b: 5 }, None).winner,
            Some(Side::A)
        );
    }
}
