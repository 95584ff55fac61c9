//! Bad input never panics: arbitrary bytes and strings through the GCG reader, both move
//! notations, the lexicon loader, and arbitrary JSON commands through the match engine.
//!
//! Bounded so CI finishes in seconds (`ARBITER_FUZZ_CASES`, default 256 cases per property);
//! raise it to fuzz longer, e.g. `ARBITER_FUZZ_CASES=100000 cargo test --release --test fuzz`.
//! A failure prints the shrunk input; proptest keeps it in `proptest-regressions/` to replay.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbiter::rules::game::{Actor, Command, Event, Seat, Side, State, apply, decide, fold};
use arbiter::rules::gcg;
use arbiter::rules::lexicon::Lexicon;
use arbiter::rules::notation::{Move, parse_french_position, parse_gcg_position};
use arbiter::rules::ruleset::{EntryMode, Preset};
use chrono::{DateTime, Duration, TimeZone, Utc};
use proptest::prelude::*;
use serde_json::{Value, json};

fn cases() -> u32 {
    std::env::var("ARBITER_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        // Failures are shrunk, but not for ever.
        max_shrink_iters: 2_000,
        ..ProptestConfig::default()
    }
}

/// Text that looks like the input it is fed to some of the time: GCG-ish lines and tokens mixed
/// with arbitrary characters.
fn gcgish_line() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "#(player1|player2|title|lexicon|character-encoding|note|description|tile-distribution|rack1|rack2|id|incomplete|tile-set) ?[ -~]{0,30}",
        ">[A-Za-z0-9_]{0,8}: ?[A-Z?]{0,8} ?([0-9]{1,2}[A-Oa-o]|[A-Oa-o][0-9]{1,2}|-|--|\\(challenge\\)|\\(time\\)|\\([A-Z]*\\))? ?[A-Za-z.]{0,15} ?[+-]?[0-9]{0,4} ?[+-]?[0-9]{0,5}",
        ">[a-z]{1,4}: [A-Z]{7} -[A-Z?]{0,7} \\+0 [0-9]{1,3}",
        "[ -~]{0,60}",
    ]
}

fn gcg_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..512),
        proptest::collection::vec(gcgish_line(), 0..24).prop_map(|lines| {
            let mut s = String::from("#character-encoding UTF-8\n#player1 a Ann\n#player2 b Bob\n");
            s.push_str(&lines.join("\n"));
            s.into_bytes()
        }),
        proptest::collection::vec(gcgish_line(), 0..24).prop_map(|l| l.join("\r\n").into_bytes()),
        // Latin-1 bytes after a UTF-8 pragma, a BOM, stray NULs.
        (proptest::collection::vec(any::<u8>(), 0..64), gcgish_line()).prop_map(|(b, l)| {
            let mut v = b"\xEF\xBB\xBF#character-encoding UTF-8\n".to_vec();
            v.extend_from_slice(l.as_bytes());
            v.extend_from_slice(&b);
            v
        }),
    ]
}

fn position() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[0-9]{1,3}[A-Za-z]{1,2}",
        "[A-Za-z]{1,2}[0-9]{1,3}",
        "[ -~]{0,6}",
    ]
}

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[A-Za-z.?()]{0,20}",
        "[A-Z]{1,15}",
        "[ -~]{0,20}",
    ]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_gcg_reader_never_panics(bytes in gcg_bytes()) {
        if let Ok(game) = gcg::read(&bytes) {
            // Whatever it accepts it can write back and read again.
            let text = gcg::write(&game);
            let _ = gcg::read(text.as_bytes());
        }
    }

    #[test]
    fn move_notations_never_panic(pos in position(), w in word()) {
        let _ = Move::parse_gcg(&pos, &w);
        let _ = Move::parse_french(&pos, &w);
        let _ = parse_gcg_position(&pos);
        let _ = parse_french_position(&pos);
    }

    #[test]
    fn the_lexicon_loader_never_panics(
        bytes in prop_oneof![
            proptest::collection::vec(any::<u8>(), 0..1024),
            proptest::collection::vec("[A-Za-z]{0,16}|[ -~]{0,16}|\r|", 0..64)
                .prop_map(|l| l.join("\n").into_bytes()),
        ]
    ) {
        if let Ok(lex) = Lexicon::from_reader("fuzz", bytes.as_slice()) {
            let _ = lex.len();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The match engine with arbitrary JSON commands
// ---------------------------------------------------------------------------------------------

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 5, 1, 9, 0, 0).unwrap()
}

const TYPES: [&str; 20] = [
    "create",
    "start",
    "play",
    "pass",
    "exchange",
    "accept",
    "hold",
    "challenge_word",
    "challenge_score",
    "rule_word",
    "rule_score",
    "time_expired",
    "announce_end",
    "adjust_racks",
    "disqualify",
    "walkout",
    "correction",
    "correct_score",
    "verify_slip",
    "nonsense",
];

fn seat_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => prop::sample::select(vec!["A1", "B1", "A2", "B2"]).prop_map(|s| json!(s)),
        1 => prop::sample::select(vec!["C1", "A0", "A9", "a1", "", "AA", "B255", "B256"]).prop_map(|s| json!(s)),
        1 => any::<i64>().prop_map(|n| json!(n)),
    ]
}

fn int_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => (-5i64..80).prop_map(|n| json!(n)),
        1 => any::<i64>().prop_map(|n| json!(n)),
        1 => prop::sample::select(vec![json!(u64::MAX), json!(i32::MIN), json!(1.5), json!(-0.0), json!(null), json!("7")]),
    ]
}

fn text_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        3 => "[A-Z]{1,8}".prop_map(|s| json!(s)),
        2 => "(1[0-5]|[1-9])[A-O] [A-Za-z.]{1,8}".prop_map(|s| json!(s)),
        1 => "[A-O](1[0-5]|[1-9]) [A-Z?]{1,8}".prop_map(|s| json!(s)),
        1 => any::<String>().prop_map(|s| json!(s)),
    ]
}

/// Arbitrary JSON values of bounded depth.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        any::<String>().prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::btree_map("[a-z_]{1,12}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A command-shaped JSON object: a known (or unknown) `type` with fields of the right names
/// and values that are sometimes right and sometimes not.
fn command_json() -> impl Strategy<Value = Value> {
    let fields = (
        prop::sample::select(TYPES.to_vec()),
        seat_json(),
        int_json(),
        int_json(),
        proptest::collection::vec(text_json(), 0..3),
        text_json(),
        prop::sample::select(vec![json!("a"), json!("b"), json!("c"), json!(true)]),
        any::<bool>(),
        proptest::collection::btree_map(
            prop::sample::select(vec!["A1", "B1", "A2", "B2", "Z9"]),
            int_json(),
            0..4,
        ),
        any::<u8>(),
    );
    fields.prop_map(
        |(ty, seat, n1, n2, words, text, side, flag, racks, drop_mask)| {
            let mut o = serde_json::Map::new();
            o.insert("type".into(), json!(ty));
            let mut put = |k: &str, v: Value| {
                o.insert(k.into(), v);
            };
            match ty {
                "create" => put("ruleset", json!({"version": 1})),
                "start" => put("first", side),
                "play" => {
                    put("words", Value::Array(words));
                    put("tiles", n1);
                    put("move", text);
                    put("declared", n2);
                    put("seat", seat);
                }
                "pass" => put("seat", seat),
                "exchange" => {
                    put("tiles", text);
                    put("rack", json!("AAEIRST"));
                    put("seat", seat);
                }
                "hold" | "challenge_score" | "verify_slip" => put("by", seat),
                "correct_score" => {
                    put("by", seat);
                    put("turn", n1);
                    put("actual", n2);
                }
                "challenge_word" => {
                    put("by", seat);
                    put("words", Value::Array(words));
                }
                "rule_word" => {
                    put("challenge", n1);
                    put("valid", json!(flag));
                }
                "rule_score" => {
                    put("challenge", n1);
                    put("actual", n2);
                }
                "adjust_racks" => put(
                    "racks",
                    Value::Object(racks.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()),
                ),
                "disqualify" | "walkout" => {
                    put("side", side);
                    put("reason", text);
                }
                "correction" => {
                    put("reverses_seq", n1);
                    put("reason", text);
                }
                _ => {}
            }
            // Sometimes drop a field (a missing required member) or add an unknown one.
            if drop_mask & 1 == 1 {
                let key = o
                    .keys()
                    .nth(usize::from(drop_mask >> 1) % o.len().max(1))
                    .cloned();
                if let Some(k) = key {
                    o.remove(&k);
                }
            }
            if drop_mask & 0x80 == 0x80 {
                o.insert("extra".into(), json!(1));
            }
            Value::Object(o)
        },
    )
}

fn actor(n: u8) -> Actor {
    let id = "fuzz".to_owned();
    match n % 8 {
        0..=2 => Actor::Table { id },
        3 => Actor::Pic { id },
        4 => Actor::Committee { id },
        5 => Actor::Director { id },
        6 => Actor::System,
        _ => Actor::Player {
            seat: Seat::new(
                if n & 0x10 == 0 { Side::A } else { Side::B },
                1 + (n >> 5) % 2,
            ),
            id,
        },
    }
}

/// A created and started match: team or individual, sheet or board mode.
fn started(variant: u8) -> (State, Vec<Event>) {
    let preset = if variant & 1 == 0 {
        Preset::Team2v2
    } else {
        Preset::Individual
    };
    let mut ruleset = preset.ruleset();
    ruleset.entry_mode = if variant & 2 == 0 {
        EntryMode::Sheet
    } else {
        EntryMode::Board
    };
    let director = Actor::Director { id: "d".into() };
    let mut state = State::default();
    let mut log = Vec::new();
    for cmd in [
        Command::Create {
            ruleset,
            names: None,
        },
        Command::Start { first: Side::A },
    ] {
        let events = decide(&state, cmd, &director, t0()).expect("a fresh match starts");
        for e in &events {
            apply(&mut state, e);
        }
        log.extend(events);
    }
    (state, log)
}

fn step() -> impl Strategy<Value = (Value, u8, i64)> {
    (
        prop_oneof![8 => command_json(), 1 => any_json()],
        any::<u8>(),
        prop_oneof![4 => 0i64..20_000, 1 => 0i64..4_000_000, 1 => Just(-1_000i64)],
    )
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_engine_never_panics_on_arbitrary_json_commands(
        variant in any::<u8>(),
        steps in proptest::collection::vec(step(), 1..40),
    ) {
        let (mut state, mut log) = started(variant);
        let mut now = t0();
        for (json, who, wait_ms) in steps {
            now += Duration::milliseconds(wait_ms);
            let Ok(cmd) = serde_json::from_value::<Command>(json) else { continue };
            let _ = state.view(now);
            if let Ok(events) = decide(&state, cmd, &actor(who), now) {
                for e in &events {
                    apply(&mut state, e);
                }
                log.extend(events);
            }
            let _ = state.view(now);
        }
        // The log it made folds back to the same state.
        let stored: Vec<Event> =
            serde_json::from_str(&serde_json::to_string(&log).unwrap()).unwrap();
        prop_assert_eq!(fold(&stored), state);
    }

    #[test]
    fn command_json_from_arbitrary_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        let _ = serde_json::from_slice::<Command>(&bytes);
        let _ = serde_json::from_slice::<arbiter::services::matches::CommandRequest>(&bytes);
    }
}
