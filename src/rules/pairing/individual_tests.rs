//! Individual divisions' pairings (issue 18): plans, double round robin, Swiss, king of the
//! hill, Gibsonization, overrides.

use std::collections::HashSet;

use super::individual::*;
use super::swiss::pair_key;
use super::{Pairing, PairingError};

fn st(player: i64, wins2: i64, spread: i64) -> Standing {
    Standing {
        player,
        wins2,
        spread,
        points: 0,
    }
}

fn game(table: u32, a: i64, b: i64) -> Pairing {
    Pairing::Match {
        table,
        team_a: a,
        team_b: b,
    }
}

fn plan(parts: &[(u32, u32, Method)]) -> Plan {
    Plan::new(
        parts
            .iter()
            .map(|&(first, last, method)| Stretch {
                first,
                last,
                method,
            })
            .collect(),
    )
    .unwrap()
}

fn input<'a>(round: u32, standings: &'a [Standing], history: &'a [Vec<Pairing>]) -> RoundInput<'a> {
    RoundInput {
        round,
        standings,
        history,
        overrides: &[],
        gibson: None,
    }
}

#[test]
fn e1_a_plan_covers_rounds_from_1_without_gaps_and_refuses_otherwise() {
    let s = |first, last| Stretch {
        first,
        last,
        method: Method::Swiss,
    };
    assert_eq!(Plan::new(vec![]), Err(PlanError::Empty));
    assert_eq!(
        Plan::new(vec![s(2, 3)]),
        Err(PlanError::Gap {
            index: 0,
            expected: 1,
            got: 2
        })
    );
    assert_eq!(
        Plan::new(vec![s(1, 7), s(9, 14)]),
        Err(PlanError::Gap {
            index: 1,
            expected: 8,
            got: 9
        })
    );
    assert!(matches!(
        Plan::new(vec![s(1, 0)]),
        Err(PlanError::Backwards { .. })
    ));
    let p = plan(&[
        (1, 7, Method::RoundRobin),
        (8, 14, Method::Swiss),
        (15, 15, Method::KingOfTheHill),
    ]);
    assert_eq!(p.stretch(8).unwrap().method, Method::Swiss);
    assert_eq!(p.stretch(15).unwrap().method, Method::KingOfTheHill);
    assert_eq!(p.stretch(16), Err(PlanError::NotPlanned(16)));
    assert_eq!(p.rounds(), 15);
}

#[test]
fn e1_double_round_robin_repeats_every_pair_with_firsts_and_seconds_balanced() {
    let players = [1, 2, 3, 4];
    let standings: Vec<Standing> = players.iter().map(|&p| st(p, 0, 0)).collect();
    let p = plan(&[(1, 6, Method::RoundRobin)]);
    let mut rounds = Vec::new();
    for round in 1..=6 {
        let lines = pair_round(&p, &input(round, &standings, &rounds)).unwrap();
        assert_eq!(lines.len(), 2, "round {round}");
        rounds.push(lines);
    }
    let history: Vec<Pairing> = rounds.concat();
    // Every pair met exactly twice, once with each player first.
    for a in players {
        for b in players.iter().copied().filter(|&b| b > a) {
            let firsts: Vec<i64> = history
                .iter()
                .filter_map(|l| match *l {
                    Pairing::Match { team_a, team_b, .. } if pair_key(team_a, team_b) == (a, b) => {
                        Some(team_a)
                    }
                    _ => None,
                })
                .collect();
            assert_eq!(firsts.len(), 2, "{a}-{b}");
            assert_ne!(firsts[0], firsts[1], "{a}-{b} each first once");
        }
        assert_eq!(starts(&history, a), (3, 3), "player {a}");
    }
}

#[test]
fn e1_swiss_for_individuals_avoids_repeats_and_gives_first_to_who_went_second() {
    let standings = [st(1, 2, 100), st(2, 0, -100), st(3, 2, 50), st(4, 0, -50)];
    let history = [vec![game(1, 1, 2), game(2, 3, 4)]];
    let p = plan(&[(1, 1, Method::RoundRobin), (2, 5, Method::Swiss)]);
    let lines = pair_round(&p, &input(2, &standings, &history)).unwrap();
    // 1 and 3 lead with a win each; both went first, so the higher ranked (1) goes first.
    assert_eq!(lines, vec![game(1, 1, 3), game(2, 4, 2)]);
}

#[test]
fn e1_king_of_the_hill_pairs_1_v_2_and_3_v_4_even_if_they_met() {
    let standings = [
        st(1, 8, 300),
        st(2, 6, 200),
        st(3, 4, 0),
        st(4, 2, -500),
        st(5, 0, 0),
    ];
    let history = [vec![game(1, 1, 2), game(2, 3, 4), Pairing::Bye { team: 5 }]];
    let p = plan(&[(1, 1, Method::Swiss), (2, 2, Method::KingOfTheHill)]);
    let lines = pair_round(&p, &input(2, &standings, &history)).unwrap();
    // 5 already had a bye: the lowest ranked without one (4) sits out; 1 and 3 went first, so
    // 2 and… 5 (second-lowest) go first now.
    assert_eq!(
        lines,
        vec![game(1, 2, 1), game(2, 5, 3), Pairing::Bye { team: 4 }]
    );
}

#[test]
fn issue18_a_gibsonized_leader_plays_the_highest_player_out_of_contention() {
    // One round left (round 10 of 10). Leader 1 is 3 wins clear: clinched. Two prizes: player 2
    // holds second with 12 half-wins; 3 (10) can still tie it, 4 (8) and 5 (6) cannot.
    let standings = [
        st(1, 18, 900),
        st(2, 12, 300),
        st(3, 10, 200),
        st(4, 8, 50),
        st(5, 6, -300),
        st(6, 4, -800),
    ];
    let ranked = rank(&standings);
    assert_eq!(clinched_leader(&ranked, 1), Some(1));
    assert_eq!(out_of_contention(&ranked, 2, 1), vec![4, 5, 6]);
    let p = plan(&[(1, 9, Method::RoundRobin), (10, 10, Method::KingOfTheHill)]);
    let round = RoundInput {
        gibson: Some(Gibson { prizes: 2 }),
        ..input(10, &standings, &[])
    };
    let lines = pair_round(&p, &round).unwrap();
    let pairs: HashSet<(i64, i64)> = lines
        .iter()
        .filter_map(|l| match *l {
            Pairing::Match { team_a, team_b, .. } => Some(pair_key(team_a, team_b)),
            Pairing::Bye { .. } => None,
        })
        .collect();
    assert!(pairs.contains(&(1, 4)), "{lines:?}");
    assert!(
        pairs.contains(&(2, 3)) && pairs.contains(&(5, 6)),
        "{lines:?}"
    );
    // A lead equal to the rounds left is not clinched (a tie on wins is still possible).
    assert_eq!(clinched_leader(&rank(&[st(1, 4, 0), st(2, 2, 0)]), 1), None);
    // Without Gibsonization the leader plays second place.
    let lines = pair_round(&p, &input(10, &standings, &[])).unwrap();
    assert_eq!(lines[0], game(1, 1, 2));
}

#[test]
fn issue18_overrides_are_kept_and_the_rest_paired_refusals_change_nothing() {
    let standings = [st(1, 4, 0), st(2, 4, 0), st(3, 2, 0), st(4, 0, 0)];
    let p = plan(&[
        (1, 2, Method::RoundRobin),
        (3, 4, Method::Swiss),
        (5, 5, Method::Manual),
    ]);
    let fixed = [game(1, 1, 4)];
    let round = RoundInput {
        overrides: &fixed,
        ..input(3, &standings, &[])
    };
    let lines = pair_round(&p, &round).unwrap();
    assert_eq!(lines, vec![game(1, 1, 4), game(2, 2, 3)]);
    // Refused: overriding a round-robin round, an unknown player, a player twice, a manual
    // round left incomplete.
    let round = RoundInput {
        overrides: &fixed,
        ..input(1, &standings, &[])
    };
    assert_eq!(pair_round(&p, &round), Err(PlanError::FixedSchedule(1)));
    let bad = [game(1, 1, 9)];
    let round = RoundInput {
        overrides: &bad,
        ..input(3, &standings, &[])
    };
    assert_eq!(
        pair_round(&p, &round),
        Err(PlanError::Pairing(PairingError::UnknownTeam(9)))
    );
    let twice = [game(1, 1, 2), game(2, 2, 3)];
    let round = RoundInput {
        overrides: &twice,
        ..input(3, &standings, &[])
    };
    assert_eq!(
        pair_round(&p, &round),
        Err(PlanError::Pairing(PairingError::DuplicateTeam(2)))
    );
    let round = RoundInput {
        overrides: &fixed,
        ..input(5, &standings, &[])
    };
    assert_eq!(pair_round(&p, &round), Err(PlanError::ManualRound(5)));
    let full = [game(1, 1, 4), game(2, 3, 2)];
    let round = RoundInput {
        overrides: &full,
        ..input(5, &standings, &[])
    };
    assert_eq!(pair_round(&p, &round).unwrap(), full.to_vec());
}

// Rule E2, issue 18: pairing ranks exactly as the standings do (wins, spread, total score,
// number), with the standings' own comparator: equal on wins and spread, the higher total
// score ranks first in king of the hill, Swiss and the standings alike.
#[test]
fn e2_pairing_breaks_ties_on_total_score_as_the_standings_do() {
    use crate::rules::individual::standings::{Row, ranked};
    let with_points = |player, points| Standing {
        points,
        ..st(player, 2, 0)
    };
    let standings = [
        with_points(1, 300),
        with_points(2, 400),
        with_points(3, 500),
        with_points(4, 350),
    ];
    let order: Vec<i64> = rank(&standings).iter().map(|s| s.player).collect();
    assert_eq!(order, vec![3, 2, 4, 1]);
    let rows: Vec<Row> = standings
        .iter()
        .map(|s| Row {
            player: s.player,
            wins2: s.wins2,
            losses: 0,
            spread: s.spread,
            points: s.points,
            games: Vec::new(),
        })
        .collect();
    let printed: Vec<i64> = ranked(rows).iter().map(|r| r.player).collect();
    assert_eq!(
        printed, order,
        "the printed standings and the pairing agree"
    );
    let p = plan(&[(1, 1, Method::KingOfTheHill), (2, 2, Method::Swiss)]);
    let lines = pair_round(&p, &input(1, &standings, &[])).unwrap();
    assert_eq!(lines, vec![game(1, 3, 2), game(2, 4, 1)]);
    let lines = pair_round(&p, &input(2, &standings, &[])).unwrap();
    assert_eq!(lines, vec![game(1, 3, 2), game(2, 4, 1)]);
}

fn pairs_of(rounds: &[Vec<Pairing>]) -> Vec<(i64, i64)> {
    rounds
        .iter()
        .flatten()
        .filter_map(|l| match *l {
            Pairing::Match { team_a, team_b, .. } => Some(pair_key(team_a, team_b)),
            Pairing::Bye { .. } => None,
        })
        .collect()
}

// Rule E1, issue 18: a late entry after round 2 of a 7-round round robin: rounds 1-2 stand,
// rounds 3-7 pair all nine players without repeating a game, each bye to a different player.
#[test]
fn e1_a_late_entry_in_a_round_robin_repeats_no_game_of_the_cycle() {
    let p = plan(&[(1, 7, Method::RoundRobin)]);
    let eight: Vec<Standing> = (1..=8).map(|n| st(n, 0, 0)).collect();
    let nine: Vec<Standing> = (1..=9).map(|n| st(n, 0, 0)).collect();
    let mut rounds = Vec::new();
    for round in 1..=7 {
        let field = if round <= 2 { &eight } else { &nine };
        let lines = pair_round(&p, &input(round, field, &rounds)).unwrap();
        let mut seen: Vec<i64> = lines.iter().flat_map(Pairing::teams).collect();
        seen.sort_unstable();
        let want: Vec<i64> = field.iter().map(|s| s.player).collect();
        assert_eq!(seen, want, "round {round}: everyone once");
        rounds.push(lines);
    }
    let pairs = pairs_of(&rounds);
    let distinct: HashSet<(i64, i64)> = pairs.iter().copied().collect();
    assert_eq!(distinct.len(), pairs.len(), "no game twice: {rounds:?}");
    let byes: Vec<i64> = rounds
        .iter()
        .flatten()
        .filter_map(|l| match *l {
            Pairing::Bye { team } => Some(team),
            Pairing::Match { .. } => None,
        })
        .collect();
    assert_eq!(byes.len(), 5);
    assert_eq!(byes.iter().collect::<HashSet<_>>().len(), 5, "{byes:?}");
    // Without a change of players the Berger table goes on unchanged.
    let mut plain = Vec::new();
    for round in 1..=7 {
        plain.push(pair_round(&p, &input(round, &eight, &plain)).unwrap());
    }
    assert_eq!(plain[..2], rounds[..2]);
    assert_eq!(pairs_of(&plain).len(), 28);
}

// Rule E1, issue 18: when no schedule of the cycle's remaining rounds avoids a repeat, the
// pairing says so (typed error) instead of repeating; a whole round given by hand is taken.
#[test]
fn e1_a_round_robin_with_no_repeat_free_rest_is_refused_then_paired_by_hand() {
    let p = plan(&[(1, 5, Method::RoundRobin)]);
    let five: Vec<Standing> = (1..=5).map(|n| st(n, 0, 0)).collect();
    let mut rounds = Vec::new();
    for round in 1..=4 {
        rounds.push(pair_round(&p, &input(round, &five, &rounds)).unwrap());
    }
    // Round 5's Berger bye met everyone already; withdraw a player who plays in round 5.
    let last = pair_round(&p, &input(5, &five, &rounds)).unwrap();
    let Some(Pairing::Match { team_a: gone, .. }) = last.first().copied() else {
        panic!("{last:?}");
    };
    let four: Vec<Standing> = five.iter().copied().filter(|s| s.player != gone).collect();
    assert_eq!(
        pair_round(&p, &input(5, &four, &rounds)),
        Err(PlanError::RoundRobinRepeats { round: 5, last: 5 })
    );
    let ids: Vec<i64> = four.iter().map(|s| s.player).collect();
    let by_hand = [game(1, ids[0], ids[1]), game(2, ids[2], ids[3])];
    let round = RoundInput {
        overrides: &by_hand,
        ..input(5, &four, &rounds)
    };
    assert_eq!(pair_round(&p, &round).unwrap(), by_hand.to_vec());
}
