//! A 12-turn English Duplicate game played end to end (rules D1-D9, C3, C7).

use std::collections::BTreeMap;

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::*;

// rules D1-D9, C3, C7: a 12-turn English Duplicate game with five players: tops, a wrong word,
// wrong points (four warnings: -5), a wrong reference, missing slips and a solo; totals,
// percentages and ranks checked against sums made here.
#[test]
fn a_full_english_game_ranks_by_hand_computed_totals() {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut s = State::default();
    let mut log = Vec::new();
    let created = create(&s, DuplicateRuleset::english(), vec![1, 2, 3, 4, 5]).unwrap();
    log.push(record(&mut s, at(0, 0), referee(), created));
    let mut tops_by_turn = BTreeMap::new();
    let (mut p2, mut p3, mut p4) = (0u32, 0u32, 0u32);
    let mut p4_warnings = 0;
    for turn in 1..=12u32 {
        let drawn = draw_rack(&s, &mut rng).unwrap();
        log.push(record(&mut s, at(turn, 0), referee(), drawn));
        assert_eq!(s.turn_number(), turn);
        assert!(
            meets(s.set.as_ref().unwrap(), &s.rack().unwrap(), 2),
            "rule D3"
        );
        let started = start_turn(&s).unwrap();
        log.push(record(&mut s, at(turn, 1), referee(), started));
        assert_eq!(s.phase(), Phase::Running);
        let r = s.ruleset.clone().unwrap();
        let current = s.current().unwrap();
        assert_eq!(
            current.ends_at(&r),
            Some(at(turn, 181)),
            "D4: three minutes"
        );
        assert_eq!(
            current.warning_at(&r),
            Some(at(turn, 151)),
            "D4: warned 30 s before"
        );
        let rack = s.rack().unwrap();
        let cands = tops(
            graph(),
            s.set.as_ref().unwrap(),
            &s.board,
            &rack,
            Notation::Gcg,
        );
        let top = cands[0].clone();
        if turn == 1 {
            assert!(
                cands
                    .iter()
                    .all(|c| c.position.starts_with(|c: char| c.is_ascii_digit())),
                "C3"
            );
        }
        // Player 1 always finds the top.
        assert_eq!(
            slip(&mut s, &mut log, turn, top_slip(1, &top, top.score)).score,
            top.score
        );
        // Player 2: the top, with wrong points on turns 3-6, the lowest play on turn 7.
        let (low, low_score) = low_slip(&s, 2);
        let v = match turn {
            3..=6 => slip(&mut s, &mut log, turn, top_slip(2, &top, top.score + 1)),
            7 => slip(&mut s, &mut log, turn, low.clone()),
            _ => slip(&mut s, &mut log, turn, top_slip(2, &top, top.score)),
        };
        p2 += v.score;
        assert_eq!(v.warnings, u32::from((3..=6).contains(&turn)));
        // Player 3: the lowest play, and a word that is not a word on turn 2.
        let v = if turn == 2 {
            let mut bad = top_slip(3, &top, top.score);
            bad.word = format!("{}Q", bad.word);
            slip(&mut s, &mut log, turn, bad)
        } else {
            let (low3, _) = low_slip(&s, 3);
            slip(&mut s, &mut log, turn, low3)
        };
        if turn == 2 {
            assert_eq!((v.score, v.warnings), (0, 0), "D5: {v:?}");
            assert!(v.zero.is_some());
        } else {
            assert_eq!(v.score, low_score);
        }
        p3 += v.score;
        // Player 4: the top, the reference read the other way on turn 5, nothing on turn 7.
        if turn == 5 {
            let mut wrong = top_slip(4, &top, top.score);
            wrong.reference = flipped(&wrong.reference);
            let v = slip(&mut s, &mut log, turn, wrong);
            // The seeded game's turn 5 top is 12D TOY: written D12 (down), it fits nowhere
            // else, so it is a wrong reference scored with a warning.
            assert_eq!(
                v.faults,
                vec![Fault::WrongReference {
                    meant: top.reference.clone()
                }]
            );
            assert_eq!((v.score, v.warnings), (top.score, 1));
            p4 += v.score;
            p4_warnings += v.warnings;
        } else if turn != 7 {
            p4 += slip(&mut s, &mut log, turn, top_slip(4, &top, top.score)).score;
        }
        // Player 5 hands in nothing.
        let chosen = choose_top(&s, graph(), (cands.len() > 1).then_some(cands.len() - 1));
        let chosen = chosen.unwrap();
        let Payload::TopChosen {
            candidates,
            chosen: i,
            referee_choice,
            ..
        } = &chosen
        else {
            panic!()
        };
        assert_eq!(*candidates, cands);
        assert_eq!(
            *referee_choice,
            cands.len() > 1,
            "D6: the choice is recorded"
        );
        tops_by_turn.insert(turn, candidates[*i].score);
        log.push(record(&mut s, at(turn, 195), referee(), chosen));
        let placed = place_top(&s).unwrap();
        log.push(record(&mut s, at(turn, 196), referee(), placed));
    }
    let tops_sum: u32 = tops_by_turn.values().sum();
    assert_eq!(s.top_total(), tops_sum);
    assert_eq!(
        fold(&log),
        s,
        "the fold of the stored log is the live state"
    );

    let sheet = game_sheet(&s);
    let line = |p: u32| sheet.lines.iter().find(|l| l.player == p).unwrap().clone();
    assert_eq!(
        line(1).solos,
        vec![7],
        "D7: only player 1 found turn 7's top"
    );
    assert_eq!(line(1).total, i64::from(tops_sum + 10));
    assert_eq!(
        (line(2).warnings, line(2).penalty),
        (4, 5),
        "D8: the fourth warning costs 5"
    );
    assert_eq!(line(2).total, i64::from(p2) - 5);
    assert_eq!(line(3).total, i64::from(p3));
    assert_eq!(line(4).total, i64::from(p4));
    assert_eq!(line(4).warnings, p4_warnings);
    assert_eq!(line(5).total, 0, "D5: no slip, no points");
    let standings = rank(&[sheet]);
    assert_eq!(standings[0].player, 1);
    assert_eq!(standings[4].player, 5);
    for st in &standings {
        let expected = (st.total as f64 * 10_000.0 / f64::from(tops_sum)).round() as i64;
        assert_eq!(st.percent_hundredths, expected, "D9: {st:?}");
        assert_eq!(st.tops, tops_sum);
    }
    assert!(
        standings[0].percent_hundredths > 10_000,
        "a solo lifts player 1 over 100 %"
    );
    // D9 (issue 16): every event that changed the sheet says it moves the ranking, so live
    // ranking pages that hear only those miss nothing; slips of the turn in play do not.
    let mut replay = State::default();
    let mut quiet_slips = 0;
    for e in &log {
        let before = game_sheet(&replay);
        apply(&mut replay, e);
        if game_sheet(&replay) != before {
            assert!(moves_ranking(&replay, &e.payload), "D9: {:?}", e.payload);
        }
        if matches!(e.payload, Payload::SlipRecorded { .. }) && !moves_ranking(&replay, &e.payload)
        {
            quiet_slips += 1;
        }
    }
    // Every slip here was written during its turn: players 1-4 on 12 turns, less player 4's
    // turn 7.
    assert_eq!(quiet_slips, 12 * 4 - 1, "slips of the turn in play");
    // A slip corrected for a turn already placed moves it.
    let first = s.placed_tops().next().map(|(_, t)| t.clone()).unwrap();
    let corrected = record_slip(&s, graph(), 1, top_slip(5, &first, first.score), None).unwrap();
    let before = game_sheet(&s);
    record(&mut s, at(13, 0), referee(), corrected.clone());
    assert!(moves_ranking(&s, &corrected), "D9: a late slip");
    assert_ne!(game_sheet(&s), before, "D9: player 5's turn 1 now counts");
}
