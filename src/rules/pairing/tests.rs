//! Pairing tests: Berger tables, Swiss rules, manual rounds, and the matcher against brute force.

use std::collections::{HashMap, HashSet};

use proptest::prelude::*;

use super::*;
use crate::rules::pairing::matching::blossom;
use crate::rules::pairing::swiss::{History, pair_key, swiss_costs};

fn teams(n: i64) -> Vec<i64> {
    (1..=n).map(|i| i * 10).collect()
}

fn matches(round: &[Pairing]) -> Vec<(u32, i64, i64)> {
    round
        .iter()
        .filter_map(|p| match *p {
            Pairing::Match {
                table,
                team_a,
                team_b,
            } => Some((table, team_a, team_b)),
            Pairing::Bye { .. } => None,
        })
        .collect()
}

fn byes(round: &[Pairing]) -> Vec<i64> {
    round
        .iter()
        .filter_map(|p| match *p {
            Pairing::Bye { team } => Some(team),
            Pairing::Match { .. } => None,
        })
        .collect()
}

/// E1: a Berger round robin for `n` teams meets every pair once, seats every team once a
/// round, numbers tables 1..k, gives each team one bye when `n` is odd, and balances sides.
fn check_round_robin(n: i64) {
    let ids = teams(n);
    let rounds = round_robin(&ids);
    let expected_rounds = if n % 2 == 0 { n - 1 } else { n };
    assert_eq!(rounds.len() as i64, expected_rounds);
    let mut met = HashSet::new();
    let mut bye_count: HashMap<i64, u32> = HashMap::new();
    let mut side_a: HashMap<i64, i64> = HashMap::new();
    for round in &rounds {
        validate_manual(&ids, round).unwrap();
        let seated: HashSet<i64> = round.iter().flat_map(Pairing::teams).collect();
        assert_eq!(seated.len() as i64, n, "every team every round");
        let lines = matches(round);
        let tables: Vec<u32> = lines.iter().map(|l| l.0).collect();
        assert_eq!(tables, (1..=lines.len() as u32).collect::<Vec<_>>());
        for (_, a, b) in lines {
            assert!(met.insert(pair_key(a, b)), "{a} v {b} twice");
            *side_a.entry(a).or_default() += 1;
            *side_a.entry(b).or_default() -= 1;
        }
        for team in byes(round) {
            *bye_count.entry(team).or_default() += 1;
        }
    }
    assert_eq!(met.len() as i64, n * (n - 1) / 2, "every pair meets");
    if n % 2 == 1 {
        assert!(ids.iter().all(|t| bye_count.get(t) == Some(&1)));
    } else {
        assert!(bye_count.is_empty());
    }
    for t in &ids {
        let balance = side_a.get(t).copied().unwrap_or(0);
        assert!(balance.abs() <= 1, "team {t} side balance {balance}");
    }
}

#[test]
fn e1_berger_round_robin_for_4_teams() {
    check_round_robin(4);
}

#[test]
fn e1_berger_round_robin_for_5_teams_gives_each_team_one_bye() {
    check_round_robin(5);
}

#[test]
fn e1_berger_round_robin_for_8_teams() {
    check_round_robin(8);
}

#[test]
fn e1_berger_round_robin_for_9_teams_gives_each_team_one_bye() {
    check_round_robin(9);
}

#[test]
fn e1_round_robin_for_other_sizes_meets_every_pair_once() {
    for n in [2, 3, 6, 7, 10, 11, 16] {
        check_round_robin(n);
    }
    assert!(round_robin(&[]).is_empty());
    assert!(round_robin(&[1]).is_empty());
}

#[test]
fn e1_round_robin_for_8_teams_matches_the_published_berger_table() {
    let rounds = round_robin(&[1, 2, 3, 4, 5, 6, 7, 8]);
    let pairs =
        |r: usize| -> Vec<(i64, i64)> { matches(&rounds[r]).iter().map(|l| (l.1, l.2)).collect() };
    assert_eq!(pairs(0), vec![(1, 8), (2, 7), (3, 6), (4, 5)]);
    assert_eq!(pairs(1), vec![(8, 5), (6, 4), (7, 3), (1, 2)]);
    assert_eq!(pairs(2), vec![(2, 8), (3, 1), (4, 7), (5, 6)]);
    assert_eq!(pairs(6), vec![(4, 8), (5, 3), (6, 2), (7, 1)]);
}

#[test]
fn e1_round_robin_for_an_odd_count_gives_the_bye_where_berger_has_the_last_number() {
    let rounds = round_robin(&[1, 2, 3]);
    assert_eq!(
        rounds[0],
        vec![
            Pairing::Match {
                table: 1,
                team_a: 2,
                team_b: 3
            },
            Pairing::Bye { team: 1 }
        ]
    );
}

fn entry(team: i64, match_points: i64, spread: i64) -> SwissEntry {
    SwissEntry {
        team,
        match_points,
        spread,
    }
}

fn game(table: u32, team_a: i64, team_b: i64) -> Pairing {
    Pairing::Match {
        table,
        team_a,
        team_b,
    }
}

#[test]
fn e1_swiss_first_round_pairs_neighbours_in_the_given_order() {
    let field: Vec<SwissEntry> = (1..=6).map(|t| entry(t, 0, 0)).collect();
    let round = swiss(&field, &[]).unwrap();
    assert_eq!(round, vec![game(1, 1, 2), game(2, 3, 4), game(3, 5, 6)]);
}

#[test]
fn e2_swiss_pairs_by_match_points_before_spread() {
    // Points: 1 and 4 on 2, 2 and 3 on 0; spread alone would pair 1-2 and 3-4.
    let field = [
        entry(1, 2, 10),
        entry(2, 0, 500),
        entry(3, 0, 400),
        entry(4, 2, 5),
    ];
    let round = swiss(&field, &[]).unwrap();
    assert_eq!(round, vec![game(1, 1, 4), game(2, 2, 3)]);
}

#[test]
fn e1_swiss_never_repeats_a_pairing_when_a_fresh_round_exists() {
    let field: Vec<SwissEntry> = (1..=4).map(|t| entry(t, 0, 0)).collect();
    // 1-2 and 3-4 met in round 1: 1-3, 2-4 is the closest fresh round.
    let round = swiss(&field, &[game(1, 1, 2), game(2, 3, 4)]).unwrap();
    assert_eq!(round, vec![game(1, 1, 3), game(2, 2, 4)]);
}

#[test]
fn e1_swiss_reports_unavoidable_repeats_with_the_fewest_repeat_round() {
    let field: Vec<SwissEntry> = (1..=4).map(|t| entry(t, 0, 0)).collect();
    // A full round robin of 4, then 1-2 once more: every pair has met, so any round repeats
    // two pairs; the least bad one avoids meeting 1-2 a third time.
    let history: Vec<Pairing> = round_robin(&[1, 2, 3, 4])
        .into_iter()
        .flatten()
        .chain([game(1, 1, 2)])
        .collect();
    match swiss(&field, &history) {
        Err(PairingError::RepeatsUnavoidable { repeats, fewest }) => {
            assert_eq!(repeats.len(), 2);
            let pairs: Vec<(i64, i64)> = matches(&fewest)
                .iter()
                .map(|l| pair_key(l.1, l.2))
                .collect();
            assert!(!pairs.contains(&(1, 2)), "1-2 met twice already: {pairs:?}");
        }
        other => panic!("expected repeats, got {other:?}"),
    }
}

#[test]
fn e1_swiss_bye_goes_to_the_lowest_ranked_team_without_a_bye() {
    let field: Vec<SwissEntry> = (1..=5).map(|t| entry(t, 10 - t, 0)).collect();
    let round = swiss(&field, &[Pairing::Bye { team: 5 }]).unwrap();
    assert_eq!(byes(&round), vec![4]);
    assert_eq!(round.last(), Some(&Pairing::Bye { team: 4 }));
    assert_eq!(matches(&round).len(), 2);
    // When everyone has had one, the lowest ranked gets the next.
    let all: Vec<Pairing> = (1..=5).map(|team| Pairing::Bye { team }).collect();
    assert_eq!(byes(&swiss(&field, &all).unwrap()), vec![5]);
}

#[test]
fn e1_swiss_gives_side_a_to_the_team_that_has_had_it_less() {
    let field = [entry(1, 2, 0), entry(2, 2, 0)];
    // Team 1 was side A last round, team 2 side B.
    let history = [game(1, 1, 3), game(2, 4, 2)];
    assert_eq!(swiss(&field, &history).unwrap(), vec![game(1, 2, 1)]);
}

#[test]
fn e1_swiss_with_one_team_gives_it_the_bye_and_with_none_gives_nothing() {
    assert_eq!(
        swiss(&[entry(7, 0, 0)], &[]).unwrap(),
        vec![Pairing::Bye { team: 7 }]
    );
    assert_eq!(swiss(&[], &[]).unwrap(), Vec::new());
}

#[test]
fn e1_swiss_refuses_a_team_listed_twice() {
    let field = [entry(1, 0, 0), entry(1, 0, 0)];
    assert_eq!(swiss(&field, &[]), Err(PairingError::DuplicateTeam(1)));
}

#[test]
fn e1_swiss_pairs_all_of_two_hundred_teams() {
    let field: Vec<SwissEntry> = (0..200).map(|t| entry(t, (t * 7) % 9, t % 13)).collect();
    let history: Vec<Pairing> = round_robin(&(0..200).collect::<Vec<_>>())
        .into_iter()
        .take(6)
        .flatten()
        .collect();
    // Speed belongs in benchmarks; this pins that 200 teams pair completely.
    let round = swiss(&field, &history).unwrap();
    assert_eq!(matches(&round).len(), 100);
}

#[test]
fn e1_manual_rounds_accept_a_partial_round_and_refuse_bad_lines() {
    let ids = [1, 2, 3, 4, 5];
    let ok = [game(1, 1, 2), Pairing::Bye { team: 5 }];
    assert_eq!(validate_manual(&ids, &ok), Ok(()));
    assert_eq!(
        validate_manual(&ids, &[game(1, 1, 2), game(2, 2, 3)]),
        Err(PairingError::DuplicateTeam(2))
    );
    assert_eq!(
        validate_manual(&ids, &[game(1, 1, 9)]),
        Err(PairingError::UnknownTeam(9))
    );
    assert_eq!(
        validate_manual(&ids, &[game(1, 3, 3)]),
        Err(PairingError::SelfPairing(3))
    );
    assert_eq!(
        validate_manual(&ids, &[game(1, 1, 2), game(1, 3, 4)]),
        Err(PairingError::DuplicateTable(1))
    );
    assert_eq!(
        validate_manual(&ids, &[game(0, 1, 2)]),
        Err(PairingError::TableZero)
    );
    assert_eq!(
        validate_manual(&ids, &[game(1, 1, 2), Pairing::Bye { team: 1 }]),
        Err(PairingError::DuplicateTeam(1))
    );
}

// --- the matcher against brute force -----------------------------------------------------

/// Best total weight of any matching (not necessarily perfect), by subset DP.
fn best_matching_weight(w: &[Vec<i128>]) -> i128 {
    let n = w.len();
    let mut best = vec![0i128; 1 << n];
    for mask in 1usize..(1 << n) {
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut b = best[rest];
        for j in (i + 1)..n {
            if rest & (1 << j) != 0 && w[i][j] > 0 {
                b = b.max(w[i][j] + best[rest & !(1 << j)]);
            }
        }
        best[mask] = b;
    }
    best[(1 << n) - 1]
}

/// Least cost of a perfect matching of `0..cost.len()` (even), by enumeration.
fn least_perfect_cost(cost: &[Vec<i128>], free: &[usize]) -> i128 {
    let Some(&i) = free.first() else {
        return 0;
    };
    let mut best = i128::MAX;
    for at in 1..free.len() {
        let j = free[at];
        let rest: Vec<usize> = free.iter().copied().filter(|&x| x != i && x != j).collect();
        let sub = least_perfect_cost(cost, &rest);
        best = best.min(cost[i][j] + sub);
    }
    best
}

fn weights_strategy() -> impl Strategy<Value = Vec<Vec<i128>>> {
    (1usize..=11).prop_flat_map(|n| {
        proptest::collection::vec(0i128..=40, n * n).prop_map(move |flat| {
            let mut w = vec![vec![0i128; n]; n];
            for i in 0..n {
                for j in (i + 1)..n {
                    w[i][j] = flat[i * n + j];
                    w[j][i] = flat[i * n + j];
                }
            }
            w
        })
    })
}

/// A random event: `n` teams with random standings and a few earlier rounds, each a random
/// pairing of the field (odd counts: the last in the shuffle sits out).
fn event_strategy() -> impl Strategy<Value = (Vec<SwissEntry>, Vec<Vec<i64>>)> {
    (6i64..=40).prop_flat_map(|n| {
        let ids: Vec<i64> = (1..=n).collect();
        (
            proptest::collection::vec((0i64..=6, -300i64..=300), n as usize).prop_map(
                move |standing| {
                    standing
                        .into_iter()
                        .enumerate()
                        .map(|(i, (mp, spread))| entry(i as i64 + 1, mp, spread))
                        .collect::<Vec<_>>()
                },
            ),
            proptest::collection::vec(Just(ids).prop_shuffle(), 1..=3),
        )
    })
}

fn rounds_from(shuffles: &[Vec<i64>]) -> Vec<Pairing> {
    let mut history = Vec::new();
    for order in shuffles {
        for (t, pair) in order.chunks(2).enumerate() {
            match *pair {
                [a, b] => history.push(game(t as u32 + 1, a, b)),
                [team] => history.push(Pairing::Bye { team }),
                _ => {}
            }
        }
    }
    history
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The blossom matcher finds a maximum-weight matching on any small graph, edges
    /// missing (weight 0) included.
    #[test]
    fn the_matcher_finds_the_maximum_weight_matching(w in weights_strategy()) {
        let mate = blossom::max_weight_matching(&w);
        let mut total = 0i128;
        for (i, m) in mate.iter().enumerate() {
            if let Some(j) = *m {
                prop_assert_eq!(mate[j], Some(i));
                prop_assert!(w[i][j] > 0, "matched along a missing edge");
                if i < j {
                    total += w[i][j];
                }
            }
        }
        prop_assert_eq!(total, best_matching_weight(&w));
    }

    /// E1: Swiss gives a complete round (every team once, one bye at most), never repeats
    /// when a fresh round exists, and for up to 10 teams its cost is the brute-force optimum.
    #[test]
    fn e1_swiss_is_a_perfect_repeat_free_and_optimal_round(
        (field, shuffles) in event_strategy()
    ) {
        let history = rounds_from(&shuffles);
        let past = History::new(&history);
        let result = swiss(&field, &history);
        let (round, repeated) = match result {
            Ok(round) => (round, false),
            Err(PairingError::RepeatsUnavoidable { fewest, .. }) => (fewest, true),
            Err(e) => return Err(TestCaseError::fail(format!("{e}"))),
        };

        let n = field.len();
        let seated: Vec<i64> = round.iter().flat_map(Pairing::teams).collect();
        let unique: HashSet<i64> = seated.iter().copied().collect();
        prop_assert_eq!(seated.len(), n);
        prop_assert_eq!(unique.len(), n);
        prop_assert_eq!(byes(&round).len(), n % 2);
        let tables: Vec<u32> = matches(&round).iter().map(|l| l.0).collect();
        prop_assert_eq!(tables, (1..=(n / 2) as u32).collect::<Vec<_>>());
        let has_repeat = matches(&round).iter().any(|l| past.meetings(l.1, l.2) > 0);
        prop_assert_eq!(has_repeat, repeated);

        // The bye goes to a team with the fewest byes; which one is part of the optimum below.
        let mut ranked = field.clone();
        ranked.sort_by(|a, b| {
            b.match_points.cmp(&a.match_points).then(b.spread.cmp(&a.spread))
        });
        let odd = n % 2 == 1;
        if let Some(&bye) = byes(&round).first() {
            let fewest = ranked.iter().map(|e| past.byes(e.team)).min().unwrap();
            prop_assert_eq!(past.byes(bye), fewest);
        }
        let cost = swiss_costs(&ranked, &past, odd);
        let index: HashMap<i64, usize> =
            ranked.iter().enumerate().map(|(i, e)| (e.team, i)).collect();
        let mut got: i128 = matches(&round).iter().map(|l| cost[index[&l.1]][index[&l.2]]).sum();
        if let Some(&bye) = byes(&round).first() {
            got += cost[index[&bye]][n];
        }
        let k = n - n % 2;

        // Dirac: after r earlier rounds each team is still fresh to at least k - 1 - r
        // others; when that is at least k / 2 a fresh perfect matching must exist.
        let rounds = shuffles.len();
        if k >= 2 * (rounds + 1) {
            prop_assert!(!repeated, "a fresh round exists by Dirac's theorem");
        }
        if n <= 10 {
            let best = least_perfect_cost(&cost, &(0..cost.len()).collect::<Vec<_>>());
            prop_assert_eq!(got, best);
            // The cost puts repeats first, so the optimum repeats only if every round does.
            let fresh_round_exists = best < swiss_costs_repeat_unit(&ranked, odd);
            prop_assert_eq!(repeated, !fresh_round_exists);
        }
    }
}

/// The cost of one repeat, i.e. more than any repeat-free round can cost.
fn swiss_costs_repeat_unit(ranked: &[SwissEntry], bye: bool) -> i128 {
    // Price a two-team history where the first pair met once and read off the difference.
    let k = ranked.len();
    if k < 2 {
        return i128::MAX;
    }
    let met = History::new(&[game(1, ranked[0].team, ranked[1].team)]);
    let fresh = History::new(&[]);
    swiss_costs(ranked, &met, bye)[0][1] - swiss_costs(ranked, &fresh, bye)[0][1]
}

/// Whether `teams` can all be paired without a repeat (brute force, for small fields).
fn fresh_round_exists(teams: &[i64], past: &History) -> bool {
    let Some((&first, rest)) = teams.split_first() else {
        return true;
    };
    rest.iter().any(|&other| {
        past.meetings(first, other) == 0 && {
            let left: Vec<i64> = rest.iter().copied().filter(|&t| t != other).collect();
            fresh_round_exists(&left, past)
        }
    })
}

/// Issue 18's reproduction: 9 teams, six hand-paired rounds, then Swiss. Giving the bye to 9
/// (the lowest ranked without one) leaves only repeats; giving it to 5 or 7 (no bye either)
/// leaves a fresh round, so Swiss must find that round instead of reporting repeats.
#[test]
fn e1_swiss_chooses_the_bye_with_the_pairing_so_a_fresh_round_is_found() {
    let rounds: [(i64, [(i64, i64); 4]); 6] = [
        (4, [(1, 3), (9, 5), (7, 2), (6, 8)]),
        (1, [(7, 6), (9, 2), (3, 8), (4, 5)]),
        (2, [(7, 1), (3, 4), (5, 8), (9, 6)]),
        (8, [(6, 3), (4, 1), (5, 2), (7, 9)]),
        (3, [(5, 6), (2, 1), (8, 9), (4, 7)]),
        (6, [(8, 7), (4, 9), (3, 2), (5, 1)]),
    ];
    let history: Vec<Pairing> = rounds
        .iter()
        .flat_map(|(bye, pairs)| {
            pairs
                .iter()
                .enumerate()
                .map(|(t, &(a, b))| game(t as u32 + 1, a, b))
                .chain([Pairing::Bye { team: *bye }])
        })
        .collect();
    let past = History::new(&history);
    // The premise: the old choice (bye to 9) leaves only repeats, bye to 5 or 7 does not.
    assert!(!fresh_round_exists(&[1, 2, 3, 4, 5, 6, 7, 8], &past));
    assert!(fresh_round_exists(&[1, 2, 3, 4, 6, 7, 8, 9], &past));
    let field: Vec<SwissEntry> = (1..=9).map(|t| entry(t, 0, 0)).collect();
    let round = swiss(&field, &history).expect("a repeat-free round exists");
    assert!(matches(&round).iter().all(|l| past.meetings(l.1, l.2) == 0));
    // Lowest ranked of the teams that can sit out without forcing a repeat: 7, not 5.
    assert_eq!(byes(&round), vec![7]);
}
