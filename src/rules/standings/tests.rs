//! Tests of the parent module.

#![allow(clippy::unwrap_used)]
use super::*;

fn played(team_a: i64, team_b: i64, score_a: i32, score_b: i32) -> MatchResult {
    let winner = match score_a.cmp(&score_b) {
        Ordering::Greater => Some(Side::A),
        Ordering::Less => Some(Side::B),
        Ordering::Equal => None,
    };
    MatchResult {
        team_a,
        team_b,
        score_a,
        score_b,
        winner,
        reason: ResultReason::Score,
    }
}

fn forfeit(team_a: i64, team_b: i64, winner: Option<Side>, reason: ResultReason) -> MatchResult {
    MatchResult {
        team_a,
        team_b,
        score_a: 300,
        score_b: 120,
        winner,
        reason,
    }
}

fn row(rows: &[StandingRow], team: i64) -> &StandingRow {
    rows.iter().find(|r| r.team == team).unwrap()
}

fn order(rows: &[StandingRow]) -> Vec<(u32, i64)> {
    rows.iter().map(|r| (r.rank, r.team)).collect()
}

#[test]
fn e2_orders_by_match_points_then_spread_then_total_score() {
    let results = [
        // 1 beats 2 by 10; 3 beats 4 by 100; 1 ties 3; 2 beats 4 by 10 with a higher total.
        played(1, 2, 400, 390),
        played(3, 4, 500, 400),
        played(1, 3, 350, 350),
        played(2, 4, 420, 410),
    ];
    let rows = compute(
        &StandingsRule::default(),
        &StandingsInput {
            results: &results,
            ..Default::default()
        },
    )
    .unwrap();
    // 3: 3 pts +100; 1: 3 pts +10; 2: 2 pts 0; 4: 0 pts -110.
    assert_eq!(order(&rows), vec![(1, 3), (2, 1), (3, 2), (4, 4)]);
    let three = row(&rows, 3);
    assert_eq!(
        (three.played, three.wins, three.ties, three.losses),
        (2, 1, 1, 0)
    );
    assert_eq!(
        (three.match_points, three.spread, three.total_score),
        (3, 100, 850)
    );
}

#[test]
fn e2_total_score_breaks_a_tie_on_points_and_spread() {
    // 1 and 3 each win by 50; 3 scored more in doing so.
    let results = [played(1, 2, 400, 350), played(3, 4, 500, 450)];
    let rows = compute(
        &StandingsRule::default(),
        &StandingsInput {
            results: &results,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(order(&rows), vec![(1, 3), (2, 1), (3, 4), (4, 2)]);
}

#[test]
fn e2_teams_equal_on_every_criterion_share_a_rank_and_the_next_rank_skips() {
    let results = [played(1, 2, 400, 350), played(3, 4, 400, 350)];
    let rows = compute(
        &StandingsRule::default(),
        &StandingsInput {
            teams: &[4, 3, 2, 1, 5],
            results: &results,
            ..Default::default()
        },
    )
    .unwrap();
    // Equal pairs share a rank; within a rank the team id orders the rows (determinism).
    // Team 5 has not played: 0 points, 0 spread, ahead of the two losers' negative spread.
    assert_eq!(order(&rows), vec![(1, 1), (1, 3), (3, 5), (4, 2), (4, 4)]);
    assert_eq!(row(&rows, 5).played, 0);
}

#[test]
fn e2_a_disqualification_is_a_loss_for_the_offender_with_the_rules_spread() {
    let rule = StandingsRule {
        forfeit_spread: 50,
        ..Default::default()
    };
    // Team 2 is disqualified from the match; the sheet's 300-120 when it stopped is ignored.
    let results = [forfeit(1, 2, Some(Side::A), ResultReason::Disqualification)];
    let rows = compute(
        &rule,
        &StandingsInput {
            results: &results,
            ..Default::default()
        },
    )
    .unwrap();
    let winner = row(&rows, 1);
    let offender = row(&rows, 2);
    assert_eq!(
        (winner.wins, winner.match_points, winner.spread),
        (1, 2, 50)
    );
    assert_eq!(
        (offender.losses, offender.match_points, offender.spread),
        (1, 0, -50)
    );
    // Forfeits add no total score for either side (module doc).
    assert_eq!((winner.total_score, offender.total_score), (0, 0));
    assert_eq!((winner.played, offender.played), (1, 1));
}

#[test]
fn e2_a_walkout_by_side_a_is_a_win_for_side_b_with_zero_spread_when_the_rule_says_zero() {
    let rule = StandingsRule {
        forfeit_spread: 0,
        ..Default::default()
    };
    let results = [forfeit(1, 2, Some(Side::B), ResultReason::Walkout)];
    let rows = compute(
        &rule,
        &StandingsInput {
            results: &results,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(order(&rows), vec![(1, 2), (2, 1)]);
    assert_eq!(row(&rows, 2).spread, 0);
    assert_eq!(row(&rows, 1).losses, 1);
}

#[test]
fn e2_a_forfeit_by_both_sides_is_two_losses() {
    let results = [forfeit(1, 2, None, ResultReason::Walkout)];
    let rows = compute(
        &StandingsRule::default(),
        &StandingsInput {
            results: &results,
            ..Default::default()
        },
    )
    .unwrap();
    for team in [1, 2] {
        let r = row(&rows, team);
        assert_eq!((r.losses, r.match_points, r.spread), (1, 0, -50));
    }
}

#[test]
fn e2_match_points_follow_the_rule_as_data() {
    let rule = StandingsRule {
        win: 3,
        tie: 1,
        loss: 0,
        ..Default::default()
    };
    let results = [played(1, 2, 400, 400), played(1, 3, 400, 300)];
    let rows = compute(
        &rule,
        &StandingsInput {
            results: &results,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(row(&rows, 1).match_points, 4);
    assert_eq!(row(&rows, 2).match_points, 1);
}

#[test]
fn e2_a_bye_is_a_win_with_the_bye_spread() {
    let rule = StandingsRule {
        bye_spread: 75,
        ..Default::default()
    };
    let rows = compute(
        &rule,
        &StandingsInput {
            teams: &[1, 2],
            byes: &[2],
            ..Default::default()
        },
    )
    .unwrap();
    let bye = row(&rows, 2);
    assert_eq!(
        (bye.played, bye.wins, bye.match_points, bye.spread),
        (1, 1, 2, 75)
    );
    assert_eq!(bye.total_score, 0);
    assert_eq!(order(&rows), vec![(1, 2), (2, 1)]);
}

#[test]
fn e3_teams_disqualified_from_the_event_rank_last_flagged_and_their_opponents_keep_wins() {
    let results = [played(1, 2, 500, 300), played(3, 4, 400, 390)];
    let rows = compute(
        &StandingsRule::default(),
        &StandingsInput {
            results: &results,
            disqualified: &[1],
            ..Default::default()
        },
    )
    .unwrap();
    // 4 lost by 10, 2 by 200; team 1 (a win) still ranks last.
    assert_eq!(order(&rows), vec![(1, 3), (2, 4), (3, 2), (4, 1)]);
    assert!(row(&rows, 1).disqualified);
    assert!(!row(&rows, 3).disqualified);
    // Team 1's win over 2 still counts for 1 (and the loss for 2).
    assert_eq!(row(&rows, 1).match_points, 2);
    assert_eq!(row(&rows, 2).losses, 1);
}

#[test]
fn t18_a_winner_that_contradicts_the_totals_is_refused() {
    let mut bad = played(1, 2, 400, 350);
    bad.winner = Some(Side::B);
    let err = compute(
        &StandingsRule::default(),
        &StandingsInput {
            results: &[bad],
            ..Default::default()
        },
    )
    .unwrap_err();
    assert_eq!(
        err,
        StandingsError::WinnerContradictsScores {
            team_a: 1,
            team_b: 2
        }
    );
    let mut tie_with_winner = played(1, 2, 400, 400);
    tie_with_winner.winner = Some(Side::A);
    assert!(
        compute(
            &StandingsRule::default(),
            &StandingsInput {
                results: &[tie_with_winner],
                ..Default::default()
            },
        )
        .is_err()
    );
}

#[test]
fn a_team_playing_itself_is_refused() {
    let err = compute(
        &StandingsRule::default(),
        &StandingsInput {
            results: &[played(7, 7, 1, 0)],
            ..Default::default()
        },
    )
    .unwrap_err();
    assert_eq!(err, StandingsError::SelfMatch(7));
}

#[test]
fn e2_standings_for_a_thousand_teams_over_fifteen_rounds_are_complete_and_balanced() {
    let teams: Vec<i64> = (1..=1000).collect();
    let mut results = Vec::new();
    for round in 0..15i64 {
        for i in (0..1000i64).step_by(2) {
            let a = teams[usize::try_from(i).unwrap()];
            let b = teams[usize::try_from((i + 1 + 2 * round) % 1000).unwrap()];
            if a == b {
                continue;
            }
            let score_a = i32::try_from(300 + (i * 7 + round * 13) % 200).unwrap();
            let score_b = i32::try_from(300 + (i * 11 + round * 5) % 200).unwrap();
            results.push(played(a, b, score_a, score_b));
        }
    }
    let rows = compute(
        &StandingsRule::default(),
        &StandingsInput {
            teams: &teams,
            results: &results,
            ..Default::default()
        },
    )
    .unwrap();
    // Its speed is measured by the load benchmark (BENCHMARKS.md), not asserted here.
    assert_eq!(rows.len(), 1000);
    let games: u32 = rows.iter().map(|r| r.played).sum();
    assert_eq!(games as usize, 2 * results.len());
    assert!(rows.windows(2).all(|w| w[0].rank <= w[1].rank));
    assert_eq!(rows.iter().map(|r| r.spread).sum::<i64>(), 0);
}

#[test]
fn the_rule_reads_from_partial_json_with_e2_defaults() {
    let rule: StandingsRule = serde_json::from_str(r#"{"forfeit_spread": 0}"#).unwrap();
    assert_eq!(
        rule,
        StandingsRule {
            forfeit_spread: 0,
            ..Default::default()
        }
    );
    assert!(serde_json::from_str::<StandingsRule>(r#"{"draw": 1}"#).is_err());
}
