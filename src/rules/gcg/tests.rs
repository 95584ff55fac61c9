//! Tests of the parent module.

#![allow(clippy::unwrap_used)]
use super::*;
use proptest::prelude::*;

#[test]
fn reads_every_event_kind() {
    let text = "#player1 doug Doug Smith\r\n#player2 emely Emely\r\n#lexicon NWL18\r\n\
        >doug: AEJNOSV E3 JAVE..N +34 66 JA, AN\r\n#note nice\r\nsecond line\r\n\
        >emely: DEIILTZ 4B TIL.. +24 79\r>emely: DEIILTZ --  -24 55\n\
        >doug: ABC - +0 66\n>emely: IIIU -4 +0 55\n>doug: ?BC -?B +0 66\n\
        >emely: X (challenge) +5 60\n>doug:  (OPEG) +14 80\n>emely: OPEG (OPEG) -7 53\n\
        >emely:  (time) -10 43\n";
    let g = read(text.as_bytes()).unwrap();
    assert_eq!(g.players[0].name, "Doug Smith");
    assert_eq!(g.pragma("lexicon"), Some("NWL18"));
    let kinds: Vec<_> = g.events.iter().map(|e| &e.kind).collect();
    assert!(matches!(kinds[0], EventKind::Play(_)));
    assert_eq!(g.events[0].rest, "JA, AN");
    assert_eq!(
        g.events[0].notes().collect::<Vec<_>>(),
        ["nice\nsecond line"]
    );
    assert_eq!(kinds[2], &EventKind::Withdrawn);
    assert_eq!(g.events[2].line, 8);
    assert_eq!(kinds[3], &EventKind::Pass);
    assert_eq!(kinds[4], &EventKind::Exchange(Exchanged::Count(4)));
    assert_eq!(
        kinds[5],
        &EventKind::Exchange(Exchanged::Tiles("?B".into()))
    );
    assert_eq!(kinds[6], &EventKind::ChallengeBonus);
    assert_eq!(kinds[7], &EventKind::OutBonus("OPEG".into()));
    assert_eq!(kinds[8], &EventKind::RackPenalty("OPEG".into()));
    assert_eq!(kinds[9], &EventKind::TimePenalty);
    assert_eq!(g.final_totals(), [80, 43]);
    assert_eq!(read(write(&g).as_bytes()).unwrap(), g);
}

#[test]
fn latin1_is_the_default_and_utf8_must_be_declared_on_line_1() {
    let g = read(b"#player1 \xfarsula U\n#player2 b B\n").unwrap();
    assert_eq!(g.players[0].nick, "úrsula");
    let g = read("#character-encoding UTF-8\n#player1 úrsula U\n".as_bytes()).unwrap();
    assert_eq!(g.players[0].nick, "úrsula");
    let e = read(b"#player1 a A\n#character-encoding UTF-8\n").unwrap_err();
    assert_eq!(e.line, 2);
}

#[test]
fn bad_lines_are_reported_with_their_number() {
    let e = read(b"#player1 a A\n#player2 b B\n>a: AB 8P AB +4 4\n").unwrap_err();
    assert_eq!(e.to_string(), "line 3: column P is off the board");
    let e = read(b"#player1 a A\n#player2 b B\n>c: AB 8H AB +4 4\n").unwrap_err();
    assert_eq!(e.line, 3);
    let e = read(b"#player1 a A\n\nhello\n").unwrap_err();
    assert_eq!(e.line, 3);
}

fn arb_token() -> impl Strategy<Value = String> {
    "[A-Z?]{1,7}"
}

fn arb_kind() -> impl Strategy<Value = EventKind> {
    prop_oneof![
        (1usize..15, 0usize..15, any::<bool>(), "[A-Za-z.]{1,7}").prop_map(|(r, c, across, w)| {
            let pos = if across {
                format!("{}{}", r + 1, char::from(b'A' + c as u8))
            } else {
                format!("{}{}", char::from(b'A' + c as u8), r + 1)
            };
            match Move::parse_gcg(&pos, &w) {
                Ok(m) => EventKind::Play(m),
                Err(_) => EventKind::Pass,
            }
        }),
        Just(EventKind::Pass),
        Just(EventKind::Withdrawn),
        Just(EventKind::ChallengeBonus),
        Just(EventKind::TimePenalty),
        arb_token().prop_map(|t| EventKind::Exchange(Exchanged::Tiles(t))),
        (1u8..8).prop_map(|c| EventKind::Exchange(Exchanged::Count(c))),
        arb_token().prop_map(EventKind::OutBonus),
        arb_token().prop_map(EventKind::RackPenalty),
    ]
}

fn arb_event() -> impl Strategy<Value = Event> {
    (
        0usize..2,
        proptest::option::of(arb_token()),
        arb_kind(),
        -500i32..500,
        -500i32..900,
        proptest::collection::vec("[a-z]{1,5}", 0..2),
        proptest::collection::vec("[a-zA-Z0-9 ]{0,10}[a-z]", 0..3),
    )
        .prop_map(|(player, rack, kind, score, total, rest, notes)| {
            let rack = match &kind {
                EventKind::OutBonus(_) => String::new(),
                EventKind::RackPenalty(t) => t.clone(),
                _ => rack.unwrap_or_default(),
            };
            Event {
                line: 0,
                player,
                rack,
                kind,
                score,
                total,
                rest: rest.join(" "),
                after: notes
                    .into_iter()
                    .map(|n| Pragma {
                        keyword: "note".into(),
                        value: n.trim().to_owned(),
                    })
                    .collect(),
            }
        })
}

proptest! {
    // rule C8: write-then-read is the identity.
    #[test]
    fn write_then_read_is_identity(
        nicks in ("[a-zA-Z_]{1,8}", "[a-zA-Z_]{1,8}"),
        names in ("[a-zA-Zé ]{0,12}[a-z]", "[a-zA-Zé ]{0,12}[a-z]"),
        title in "[a-zA-Z0-9 ]{0,20}[a-z]",
        events in proptest::collection::vec(arb_event(), 0..30),
    ) {
        prop_assume!(nicks.0 != nicks.1);
        let game = Game {
            players: [
                Player { nick: nicks.0, name: names.0.trim().to_owned() },
                Player { nick: nicks.1, name: names.1.trim().to_owned() },
            ],
            header: vec![Pragma { keyword: "title".into(), value: title.trim().to_owned() }],
            events,
        };
        let text = write(&game);
        let back = read(text.as_bytes()).unwrap();
        prop_assert_eq!(&back, &game, "{}", text);
        prop_assert_eq!(write(&back), text);
    }
}
