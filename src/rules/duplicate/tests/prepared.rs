//! Prepared games and merged clubs (rules D3, D6, D7, D9).

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::*;

// rules D3, D6: a prepared game exports, imports and replays to the same tops; tampering is
// refused.
#[test]
fn a_prepared_game_replays_to_the_same_tops() {
    let mut rng = StdRng::seed_from_u64(42);
    let game = crate::rules::duplicate::prepared::prepare(
        DuplicateRuleset::english(),
        graph(),
        Some(42),
        &mut rng,
        |_, c| c.len() - 1,
        at(0, 0),
    )
    .unwrap();
    assert!(game.turns.len() >= 10, "{}", game.turns.len());
    let back = PreparedGame::from_json(&game.to_json()).unwrap();
    assert_eq!(back, game);
    let (state, log) =
        crate::rules::duplicate::prepared::replay(&back, graph(), vec![1, 2], at(0, 0)).unwrap();
    let replayed: Vec<TopCandidate> = state.placed_tops().map(|(_, t)| t.clone()).collect();
    let recorded: Vec<TopCandidate> = game
        .turns
        .iter()
        .map(|t| t.tops[t.chosen].clone())
        .collect();
    assert_eq!(replayed, recorded);
    assert_eq!(fold(&log), state);

    let mut bad = game.clone();
    bad.turns[1].rack = "QQQQQQQ".into();
    assert!(matches!(
        crate::rules::duplicate::prepared::replay(&bad, graph(), vec![1], at(0, 0)),
        Err(PreparedError::Turn {
            turn: 2,
            error: DuplicateError::Draw(_)
        })
    ));
    let mut bad = game.clone();
    bad.turns[0].tops[0].score += 1;
    assert_eq!(
        crate::rules::duplicate::prepared::replay(&bad, graph(), vec![1], at(0, 0)).unwrap_err(),
        PreparedError::TopsDiffer(1)
    );
    let mut v2 = serde_json::to_value(&game).unwrap();
    v2["version"] = 2.into();
    assert_eq!(
        PreparedGame::from_json(&v2.to_string()),
        Err(PreparedError::Version(2))
    );
    assert!(matches!(
        PreparedGame::from_json("{}"),
        Err(PreparedError::Shape(_))
    ));
}

// rules D7, D9: two clubs play one prepared game and merge; a solo counts over both clubs.
#[test]
fn clubs_that_played_the_same_prepared_game_merge_into_one_ranking() {
    let mut rng = StdRng::seed_from_u64(9);
    let mut r = DuplicateRuleset::english();
    r.draw.early_turns = 3;
    let game =
        crate::rules::duplicate::prepared::prepare(r, graph(), None, &mut rng, |_, _| 0, at(0, 0))
            .unwrap();
    let mut game = game;
    game.turns.truncate(3);
    let play = |finder: bool| {
        let mut s = new_game_with(game.ruleset.clone(), vec![1]);
        for t in &game.turns {
            step!(s, prepared_rack(&s, &t.rack).unwrap());
            step!(s, start_turn(&s).unwrap());
            let top = &t.tops[t.chosen];
            let points = if finder { top.score } else { 0 };
            let mut slip_in = top_slip(1, top, points);
            if !finder {
                slip_in.word = "ZZZZ".into();
            }
            let n = s.turn_number();
            let p = record_slip(&s, graph(), n, slip_in, None).unwrap();
            step!(s, p);
            step!(s, choose_top(&s, graph(), Some(t.chosen)).unwrap());
            step!(s, place_top(&s).unwrap());
        }
        s
    };
    let (a, b) = (play(true), play(false));
    let alone = game_sheet(&a);
    assert!(
        alone.lines[0].solos.is_empty(),
        "D7: one player alone in a club is not min_players"
    );
    let merged = merge_clubs(&[("A", &a), ("B", &b)]).unwrap();
    let tops_sum = merged.top_total();
    assert_eq!(merged.lines[0].player, ("A", 1));
    assert_eq!(merged.lines[0].solos, vec![1, 2, 3]);
    assert_eq!(merged.lines[0].total, i64::from(tops_sum) + 30);
    let st = rank(&[merged]);
    assert_eq!(
        (st[0].player, st[1].player, st[1].total),
        (("A", 1), ("B", 1), 0)
    );
    let c = new_game_with(game.ruleset.clone(), vec![1]);
    assert_eq!(
        merge_clubs(&[("A", &a), ("C", &c)]).unwrap_err(),
        MergeError::NotTheSameGame(1)
    );
    assert_eq!(merge_clubs::<&str>(&[]).unwrap_err(), MergeError::Empty);
}
