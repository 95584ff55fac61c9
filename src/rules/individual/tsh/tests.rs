//! TSH `.t` and `tourney.js` (issue 18): TSH's own layout, round trips and refusals with line
//! numbers. The fixture files of `tests/data/tsh` are read by `tests/tsh_fixtures.rs`.

use super::*;

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| (*x).to_owned()).collect()
}

#[test]
fn issue18_a_t_file_reads_players_ratings_pairings_scores_and_firsts() {
    // Round 3 is paired but not yet scored; TSH's own layout (name in 22, rating in 5, fields
    // in keyword order).
    let text = "\
Smith, Ann              1823 2 3 4; 412 388; p12 1 2 1
Jones, Bob              1710 1 4 3; 350 401; p12 2 1 2
van der Berg, C         1502 4 1 2; 376 380; p12 1 1 1
Ng, Dee                    0 3 2 1; 299 402; newr 1500 1512; p12 2 2 2
";
    let d = read("A", text).unwrap();
    assert_eq!(d.players.len(), 4);
    let ann = &d.players[0];
    assert_eq!(ann.name, "Smith, Ann");
    assert_eq!(ann.rating, 1823);
    assert_eq!(ann.opponents, vec![Some(2), Some(3), Some(4)]);
    assert_eq!(
        ann.scores,
        vec![Some(412), Some(388)],
        "round 3 paired, not yet scored"
    );
    assert_eq!(
        (ann.first(0), ann.first(1), ann.first(3)),
        (Some(1), Some(2), None)
    );
    assert_eq!(d.players[2].name, "van der Berg, C");
    assert_eq!(d.players[3].rating, 0);
    assert_eq!(d.players[3].field("newr"), Some(&s(&["1500", "1512"])[..]));
    // Written back, the file is the same text, and reads back to the same division.
    let written = write(&d).unwrap();
    assert_eq!(written, text);
    assert_eq!(read("A", &written).unwrap(), d);
}

#[test]
fn issue18_names_keep_their_digits_spaces_and_punctuation_and_ratings_their_forms() {
    let text = "\
Team 5  Ann+Bo (6/6):XC000013 0+0+0 2; 300
O'Neill-Ó Súilleabháin, Pádraig 1500.5 1; 280
";
    let d = read("A", text).unwrap();
    // The name ends where the rating begins: TSH's shortest name followed by a rating and
    // nothing but opponent numbers.
    assert_eq!(d.players[0].name, "Team 5  Ann+Bo (6/6):XC000013");
    assert_eq!(d.players[0].rating, 0, "a pair's 0+0+0: its first number");
    assert_eq!(d.players[1].name, "O'Neill-Ó Súilleabháin, Pádraig");
    assert_eq!(d.players[1].rating, 1500);
    assert_eq!(read("A", &write(&d).unwrap()).unwrap(), d);
}

#[test]
fn issue18_byes_comments_blank_lines_line_ends_and_empty_fields_read_as_tsh_reads_them() {
    let text = "\u{feff}# division A\r\n\r\n  Solo, Sam 1600 0 2; 50 -10 ; ; ; p12 0 2  \rPair, Pat 1500 0 1; 50 10\n";
    let d = read("A", text).unwrap();
    assert_eq!(d.players[0].name, "Solo, Sam");
    assert_eq!(d.players[0].opponents, vec![Some(0), Some(2)]);
    assert_eq!(d.players[0].scores, vec![Some(50), Some(-10)]);
    assert_eq!(d.players[0].first(1), Some(2));
    assert_eq!(d.players[1].opponents, vec![Some(0), Some(1)]);
    let again = read("A", &write(&d).unwrap()).unwrap();
    assert_eq!(again, d);
    // A roster line: no `;` at all.
    let d = read("A", "Lim, Wei Jie 1502\n").unwrap();
    assert_eq!(
        (d.players[0].rating, d.players[0].opponents.len()),
        (1502, 0)
    );
    assert_eq!(write(&d).unwrap(), "Lim, Wei Jie            1502 ; \n");
}

#[test]
fn issue18_unset_values_escapes_duplicates_and_line_notes_read_as_tsh_reads_them() {
    let text = "\
Ann, A 1500 2 00 2; 400 00 380; note a\\; b\\\\c; team Red; team Blue; # 1
Bob, B 1400 1 00 1; 350 00 390
";
    let d = read("A", text).unwrap();
    let ann = &d.players[0];
    assert_eq!(ann.opponents, vec![Some(2), None, Some(2)]);
    assert_eq!(ann.scores, vec![Some(400), None, Some(380)]);
    assert_eq!(ann.field("note"), Some(&s(&["a;", "b\\c"])[..]));
    assert_eq!(
        ann.field("team"),
        Some(&s(&["Blue"])[..]),
        "the last one counts"
    );
    let written = write(&d).unwrap();
    assert!(
        written.starts_with(
            "Ann, A                  1500 2 00 2; 400 00 380; note a\\; b\\\\c; team Blue\n"
        ),
        "{written}"
    );
    assert_eq!(read("A", &written).unwrap(), d);
}

#[test]
fn issue18_a_division_built_in_memory_round_trips_through_t() {
    let d = Division {
        name: "B".into(),
        players: (1..=6u32)
            .map(|i| Player {
                name: format!("Player {i}, Some"),
                rating: 1000 + i32::try_from(i).unwrap() * 111,
                // Round 1: 1-2, 3-4, 5-6; round 2: 1-6, 2-3, 4-5.
                opponents: vec![
                    Some(if i % 2 == 1 { i + 1 } else { i - 1 }),
                    Some(match i {
                        1 => 6,
                        6 => 1,
                        2 => 3,
                        3 => 2,
                        4 => 5,
                        _ => 4,
                    }),
                ],
                scores: vec![Some(300 + i32::try_from(i).unwrap()), Some(400)],
                fields: vec![
                    ("p12".into(), s(&["1", "2"])),
                    ("board".into(), s(&["1", "2"])),
                ],
            })
            .collect(),
    };
    let back = read("B", &write(&d).unwrap()).unwrap();
    // Fields come back in keyword order, as TSH writes them.
    assert_eq!(back.players[0].fields[0].0, "board");
    assert_eq!(back.players[0].board(1), Some(2));
    assert_eq!(write(&back).unwrap(), write(&d).unwrap());
}

#[test]
fn issue18_malformed_lines_are_refused_with_their_line_number() {
    let cases: [(&str, usize, LineError); 9] = [
        ("A, B 1500 2; 400\nNoRating\n", 2, LineError::NoRating),
        (
            "A, B 1500 2; 400\nC, D 1500 1; 4x0\n",
            2,
            LineError::NotANumber {
                field: "scores",
                value: "4x0".into(),
            },
        ),
        (
            "A, B 1500 2 x3; 400\n",
            1,
            LineError::NotANumber {
                field: "opponents",
                value: "x3".into(),
            },
        ),
        ("A, B 1500 1; 400\n", 1, LineError::SelfPairing(1)),
        (
            "A, B 1500 2; 400\n\nC, D 1500 9; 300\n",
            3,
            LineError::NoSuchOpponent {
                round: 1,
                opponent: 9,
                players: 2,
            },
        ),
        (
            "A, B 1500 2; 400\nC, D 1500 3; 300\nE, F 1500 2; 350\n",
            1,
            LineError::Asymmetric {
                round: 1,
                opponent: 2,
                theirs: Some(3),
            },
        ),
        (
            "A, B 1500 2; 400 300\nC, D 1500 1; 300\n",
            1,
            LineError::TooManyScores {
                scores: 2,
                rounds: 1,
            },
        ),
        (
            "A, B 1500 0 2; 50 400\nC, D 1500 0; 50\n",
            1,
            LineError::Asymmetric {
                round: 2,
                opponent: 2,
                theirs: None,
            },
        ),
        (
            "A, B 1500 0; 50; p12 first\n",
            1,
            LineError::NotANumber {
                field: "p12",
                value: "first".into(),
            },
        ),
    ];
    for (text, line, error) in cases {
        assert_eq!(read("A", text), Err(TshError { line, error }), "{text}");
    }
    assert_eq!(
        read("A", "1500; 50\n"),
        Err(TshError {
            line: 1,
            error: LineError::NoName
        })
    );
    assert_eq!(
        read("A", "A, B 1500 00; 50\n").unwrap_err().error,
        LineError::ScoreWithoutPairing(1)
    );
    // The error reads with its line.
    let e = read("A", "x\n").unwrap_err();
    assert_eq!(e.to_string(), "line 1: no rating after the name");
}

#[test]
fn issue18_writing_refuses_what_would_not_read_back() {
    let d = read("A", "van der Berg, C 1502 0; 50\n").unwrap();
    for (name, error) in [
        ("Semi; Colon", LineError::BadName),
        ("# not a comment", LineError::BadName),
        // TSH would read "Smith" rated 2, with 1502 as an opponent.
        ("Smith 2", LineError::BadName),
    ] {
        let mut d = d.clone();
        d.players[0].name = name.into();
        assert_eq!(
            write(&d).unwrap_err(),
            TshError { line: 1, error },
            "{name}"
        );
    }
    let mut bad = d.clone();
    bad.players[0].rating = -5;
    assert_eq!(write(&bad).unwrap_err().error, LineError::NotReadBack);
    let mut bad = d;
    bad.players[0].fields = vec![("two words".into(), s(&["1"]))];
    assert_eq!(write(&bad).unwrap_err().error, LineError::NotReadBack);
}

#[test]
fn issue18_tourney_js_has_tsh_s_shape_divisions_players_ratings_pairings_scores_and_firsts() {
    let text = "\
Smith, Ann 1823 2 0 2; 412 50; board 3 0 1; p12 1 0 2
Jones, Bob 1710 1 0 1; 350 50; board 3 0 1; class B; p12 2 0 1
";
    let d = read("A", text).unwrap();
    let js = tourney_js(
        "Spring Open",
        &[CoverageDivision {
            division: d,
            max_rounds: 7,
            newr: vec![vec![1830, 1834], vec![1703, 1706]],
            rrank: vec![vec![1, 1], vec![2, 2]],
        }],
    );
    let body = js
        .strip_prefix("newt=")
        .and_then(|s| s.trim_end().strip_suffix(';'))
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(v["config"]["event_name"], "Spring Open");
    assert_eq!(v["config"]["max_rounds"], 7);
    let div = &v["divisions"][0];
    assert_eq!(div["name"], "A");
    assert_eq!(
        (div["maxr"].as_i64(), div["maxrp"].as_i64()),
        (Some(6), Some(1))
    );
    assert_eq!(div["seeds"], serde_json::json!([1, 2]));
    assert!(div["players"][0].is_null(), "players are indexed from 1");
    let ann = &div["players"][1];
    assert_eq!(ann["id"], 1);
    assert_eq!(ann["name"], "Smith, Ann");
    assert_eq!(ann["rating"], 1823);
    assert_eq!(ann["pairings"], serde_json::json!([2, 0, 2]));
    assert_eq!(ann["scores"], serde_json::json!([412, 50]));
    assert_eq!(ann["etc"]["p12"], serde_json::json!([1, 0, 2]));
    assert_eq!(ann["etc"]["board"], serde_json::json!([3, 0, 1]));
    assert_eq!(ann["etc"]["newr"], serde_json::json!([1830, 1834]));
    assert_eq!(ann["newr"], 1834);
    assert!(ann["photo"].is_null());
    let bob = &div["players"][2];
    assert_eq!(bob["etc"]["class"], serde_json::json!(["B"]));
    // Keys in alphabetical order, as TSH writes them.
    assert!(body.find("\"etc\"").unwrap() < body.find("\"id\"").unwrap());
}
