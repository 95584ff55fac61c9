//! A short French game (rules D2, C7 French references, D3 typed racks, D5, D9) on a small
//! word list: ODS is not public, so the event's list is data and this one is made up.

use super::*;

const WORDS: &[&str] = &[
    "MAISON", "MAISONS", "SAISON", "NOM", "NOMS", "MON", "SON", "SONS", "ON", "NO", "OS", "SA",
    "MA", "ME", "SE", "ES", "EN", "NE", "AI", "MI", "SI", "IS", "AMI", "AMIS", "MAIS", "MOI", "TE",
    "ET", "TA", "AS", "RE", "ROI", "ROIS", "RAT", "RATS", "TAS", "ETE", "ETES",
];

fn french_words() -> WordGraph {
    WordGraph::from_words(WORDS.iter().map(|w| w.as_bytes())).unwrap()
}

// rules C7, D5, D9: French references (letter first = across); a slip written GCG-style in a
// French event is never reinterpreted as written: it is a wrong reference (or misplaced).
#[test]
fn a_french_game_reads_french_references_only() {
    let g = french_words();
    let mut s = new_game_with(DuplicateRuleset::default(), vec![1, 2]);
    assert_eq!(s.set.as_ref().unwrap().total_tiles(), 102, "D2");
    let mut tops_sum = 0;
    for (turn, fill) in [(1u32, "AEIMNOS"), (2, "ESATRIE"), (3, "OSTRAEU")] {
        // A typed rack: the tiles drawn from a real bag join the kept ones (D3).
        let kept = s.leftover.len();
        let drawn: String = fill.chars().take(7 - kept).collect();
        let typed = type_rack(&s, &drawn, false).unwrap_or_else(|e| panic!("turn {turn}: {e}"));
        step!(s, typed);
        step!(s, start_turn(&s).unwrap());
        let Payload::TopChosen { candidates, .. } = choose_top(&s, &g, Some(0)).unwrap() else {
            panic!()
        };
        let top = candidates[0].clone();
        if turn == 1 {
            // By hand: MAISON across from square D8 (row H, column 4: French H4): M on the
            // double letter (2 x 2) + A I S O N (5) = 9, doubled by the star = 18.
            assert_eq!(
                (top.reference.as_str(), top.position.as_str(), top.score),
                ("H4", "8D", 18),
                "C3, C7: {candidates:?}"
            );
        }
        let v1 = check_slip(&mut s, &g, turn, top_slip(1, &top, top.score));
        assert_eq!((v1.score, v1.warnings), (top.score, 0), "{v1:?}");
        // Player 2 writes the GCG form of the same position.
        let mut gcg = top_slip(2, &top, top.score);
        gcg.reference = top.position.clone();
        let v2 = check_slip(&mut s, &g, turn, gcg);
        // Read as French, the GCG text names another square or direction where the word does
        // not go, and it fits in several other places: 0, never a guess (C7).
        assert_eq!(v2.score, 0);
        assert!(
            matches!(v2.zero, Some(ZeroReason::Misplaced { .. })),
            "{v2:?}"
        );
        tops_sum += top.score;
        step!(s, choose_top(&s, &g, Some(0)).unwrap());
        step!(s, place_top(&s).unwrap());
    }
    assert_eq!(s.top_total(), tops_sum);
    let st = rank(&[game_sheet(&s)]);
    assert_eq!(st[0].player, 1);
    assert_eq!(st[0].total, i64::from(tops_sum) + st[0].solos as i64 * 10);
    // The stored log survives JSON (the database keeps payloads as JSON).
    let json = serde_json::to_string(&s.log).unwrap();
    let back: Vec<Event> = serde_json::from_str(&json).unwrap();
    assert_eq!(fold(&back), s);
}

fn check_slip(s: &mut State, g: &WordGraph, turn: u32, slip: SlipInput) -> Verdict {
    let p = record_slip(s, g, turn, slip, None).unwrap();
    let Payload::SlipRecorded { verdict, .. } = &p else {
        panic!("{p:?}")
    };
    let v = verdict.clone();
    step(s, p);
    v
}
