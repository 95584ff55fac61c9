//! TSH `.t` and `tourney.js` (issue 18): round trips and refusals with line numbers.

use super::*;

#[test]
fn issue18_a_t_file_reads_players_ratings_pairings_scores_and_firsts() {
    // Round 3 is paired but not yet scored.
    let text = "\
Smith, Ann      1823 2 3 4; 412 388; p12 1 2 1
Jones, Bob      1710 1 4 3; 350 401; p12 2 1 2
van der Berg, C 1502 4 1 2; 376 380; p12 1 1 1
Ng, Dee            0 3 2 1; 299 402; p12 2 2 2; newr 1500 1512
";
    let d = read("A", text).unwrap();
    assert_eq!(d.players.len(), 4);
    let ann = &d.players[0];
    assert_eq!(ann.name, "Smith, Ann");
    assert_eq!(ann.rating, 1823);
    assert_eq!(ann.opponents, vec![2, 3, 4]);
    assert_eq!(ann.scores, vec![412, 388], "round 3 paired, not yet scored");
    assert_eq!(ann.firsts(), Some(vec![1, 2, 1]));
    assert_eq!(d.players[2].name, "van der Berg, C");
    assert_eq!(d.players[3].rating, 0);
    assert_eq!(
        d.players[3].fields[1],
        (
            "newr".to_string(),
            vec!["1500".to_string(), "1512".to_string()]
        )
    );
    // Written back, the file is the same text (TSH's own layout: name padded, rating right
    // aligned), and reads back to the same division.
    let written = write(&d).unwrap();
    assert_eq!(written, text);
    assert_eq!(read("A", &written).unwrap(), d);
}

#[test]
fn issue18_byes_comments_and_blank_lines_round_trip() {
    let text = "# division A\n\nSolo, Sam 1600 0 2; 50 -10\nPair, Pat 1500 0 1; 50 10\n";
    let d = read("A", text).unwrap();
    assert_eq!(d.players[0].opponents, vec![0, 2]);
    let again = read("A", &write(&d).unwrap()).unwrap();
    assert_eq!(again, d);
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
                    if i % 2 == 1 { i + 1 } else { i - 1 },
                    match i {
                        1 => 6,
                        6 => 1,
                        2 => 3,
                        3 => 2,
                        4 => 5,
                        _ => 4,
                    },
                ],
                scores: vec![300 + i32::try_from(i).unwrap(), 400],
                fields: vec![("p12".into(), vec!["1".into(), "2".into()])],
            })
            .collect(),
    };
    assert_eq!(read("B", &write(&d).unwrap()).unwrap(), d);
}

#[test]
fn issue18_malformed_lines_are_refused_with_their_line_number() {
    let cases: [(&str, usize, LineError); 8] = [
        ("A, B 1500 2; 400\nNoRating\n", 2, LineError::NoRating),
        (
            "A, B 1500 2; 400\nC, D 1500 1; 4x0\n",
            2,
            LineError::NotANumber {
                field: "scores",
                value: "4x0".into(),
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
                theirs: 3,
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
        ("# c\nA, B 1500 0; 50;\n", 2, LineError::EmptyField),
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
        read("A", "1500 0; 50\n"),
        Err(TshError {
            line: 1,
            error: LineError::NoName
        })
    );
    // The error reads with its line.
    let e = read("A", "x\n").unwrap_err();
    assert_eq!(e.to_string(), "line 1: no rating after the name");
    // Writing refuses what could not be read back.
    let mut d = read("A", "van der Berg, C 1502 0; 50\n").unwrap();
    d.players[0].name = "Semi; Colon".into();
    assert_eq!(write(&d).unwrap_err().error, LineError::BadName);
}

#[test]
fn issue18_tourney_js_lists_divisions_players_ratings_pairings_scores_and_firsts() {
    let text = "Smith, Ann 1823 2 0; 412 50; p12 1 0\nJones, Bob 1710 1 0; 350 50; p12 2 0\n";
    let d = read("A", text).unwrap();
    let js = tourney_js(
        "Spring Open",
        &[(d, Some(vec![vec![1830, 1834], vec![1703, 1706]]))],
    );
    let body = js
        .strip_prefix("newt=")
        .and_then(|s| s.trim_end().strip_suffix(';'))
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(v["config"]["event_name"], "Spring Open");
    let div = &v["divisions"][0];
    assert_eq!(div["name"], "A");
    assert!(div["players"][0].is_null(), "players are indexed from 1");
    let ann = &div["players"][1];
    assert_eq!(ann["id"], 1);
    assert_eq!(ann["name"], "Smith, Ann");
    assert_eq!(ann["rating"], 1823);
    assert_eq!(ann["pairings"], serde_json::json!([2, 0]));
    assert_eq!(ann["scores"], serde_json::json!([412, 50]));
    assert_eq!(ann["etc"]["p12"], serde_json::json!([1, 0]));
    assert_eq!(ann["etc"]["newr"], serde_json::json!([1830, 1834]));
    assert_eq!(div["players"][2]["etc"]["p12"], serde_json::json!([2, 0]));
}
