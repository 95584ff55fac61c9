//! The TSH `.t` fixtures (tests/data/tsh, see README.md there), shaped as real TSH files are
//! (issue 18): each reads with what a real file holds, writes back as TSH writes it (the
//! current layout byte for byte), and reads back to the same division; each file of invalid/
//! is refused at the line its first comment names.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use arbiter::rules::individual::tsh::{self, Division};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/tsh")
        .join(name)
}

fn text(name: &str) -> String {
    std::fs::read_to_string(data(name)).unwrap()
}

fn round_trips(name: &str) -> Division {
    let d = tsh::read("A", &text(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let written = tsh::write(&d).unwrap_or_else(|e| panic!("{name}: {e}"));
    let again = tsh::read("A", &written).unwrap_or_else(|e| panic!("{name} written: {e}"));
    assert_eq!(again, d, "{name} written:\n{written}");
    assert_eq!(tsh::write(&again).unwrap(), written, "{name}");
    d
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| (*x).to_owned()).collect()
}

#[test]
fn issue18_a_mid_event_file_reads_with_its_unscored_round_byes_forfeits_and_fields() {
    let d = round_trips("mid_event.t");
    assert_eq!(d.players.len(), 9);
    // Pairings further than scores: round 4 paired, three rounds scored.
    let okafor = &d.players[0];
    assert_eq!(okafor.name, "Okafor, Chidi");
    assert_eq!(okafor.opponents, vec![Some(5), Some(9), Some(2), Some(3)]);
    assert_eq!(okafor.scores, vec![Some(432), Some(365), Some(444)]);
    assert_eq!((okafor.first(3), okafor.board(3)), (Some(1), Some(1)));
    // Accents and apostrophes as written.
    assert_eq!(d.players[1].name, "Müller, Jörg");
    assert_eq!(d.players[2].name, "O'Neill, Siobhán");
    assert_eq!(d.players[5].name, "Nguyễn, Thị Hoa");
    // A bye: no opponent, the spread it counts, no table, neither first nor second.
    let nguyen = &d.players[5];
    assert_eq!((nguyen.opponents[1], nguyen.scores[1]), (Some(0), Some(50)));
    assert_eq!((nguyen.first(1), nguyen.board(1)), (Some(0), None));
    // Unrated; a field of several words.
    assert_eq!(d.players[7].rating, 0);
    assert_eq!(
        d.players[7].field("team"),
        Some(&strs(&["Kuala", "Lumpur"])[..])
    );
    // Off, with TSH's automatic -50 byes scored as it pairs.
    let off = &d.players[8];
    assert!(off.is_off());
    assert_eq!(off.field("off"), Some(&strs(&["-50"])[..]));
    assert_eq!(off.scores, vec![Some(50), Some(410), Some(-50), Some(-50)]);
    // TSH's own layout comes back byte for byte.
    assert_eq!(tsh::write(&d).unwrap(), text("mid_event.t"));
}

#[test]
fn issue18_rating_classes_teams_and_tsh_s_per_round_fields_read_and_write_back() {
    let d = round_trips("classes.t");
    assert_eq!(d.players.len(), 8);
    let dubois = &d.players[3];
    assert_eq!(dubois.field("class"), Some(&strs(&["B"])[..]));
    assert_eq!(dubois.field("team"), Some(&strs(&["Montréal", "Nord"])[..]));
    assert_eq!(dubois.field("penalty"), Some(&strs(&["0", "10", "0"])[..]));
    assert_eq!(
        dubois.field("rcrank"),
        Some(&strs(&["2", "1", "1", "1"])[..])
    );
    // No team: no field.
    assert_eq!(d.players[6].field("team"), None);
    assert_eq!(tsh::write(&d).unwrap(), text("classes.t"));
}

#[test]
fn issue18_an_older_tsh_layout_reads_and_is_written_in_today_s() {
    let d = round_trips("complete_2006.t");
    assert_eq!(d.players.len(), 5);
    assert_eq!(d.players[1].name, "OConnor-Smith, Mary Ann");
    assert_eq!(d.players[1].rating, 1766);
    assert_eq!(d.players[4].rating, 0);
    assert!(d.players.iter().all(|p| p.scores.len() == 5));
    let written = tsh::write(&d).unwrap();
    assert!(
        written.starts_with("Lindqvist, Anders       1920 2 4 3 5 0; 410 420 399 455 50; board"),
        "{written}"
    );
}

#[test]
fn issue18_a_roster_with_bom_crlf_comments_blank_lines_and_empty_fields_reads() {
    let d = round_trips("roster.t");
    let names: Vec<&str> = d.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Rahman, Nur Aisyah",
            "Lim, Wei Jie",
            "Ó Súilleabháin, Pádraig",
            "Wong, Siew Ling",
            "Team Two  Ann Lee+Bo Chan",
            "D'Souza, Marc",
            "Chen, Li Na",
        ]
    );
    let ratings: Vec<i32> = d.players.iter().map(|p| p.rating).collect();
    assert_eq!(ratings, [1688, 1502, 1455, 0, 1500, 0, 1390]);
    assert!(
        d.players
            .iter()
            .all(|p| p.opponents.is_empty() && p.scores.is_empty())
    );
    assert_eq!(d.players[4].field("class"), Some(&strs(&["5/6"])[..]));
    // A keyword without values is no field (TSH leaves it out when it writes).
    assert_eq!(d.players[0].field("p12"), None);
    assert_eq!(d.players[6].fields, vec![]);
}

#[test]
fn issue18_unset_values_escapes_and_cr_line_ends_read() {
    let d = round_trips("gaps.t");
    assert_eq!(d.players.len(), 6);
    assert_eq!(d.players[1].scores, vec![Some(350), None, Some(390)]);
    assert_eq!(d.players[4].opponents, vec![None, Some(6), Some(6)]);
    assert_eq!(d.players[4].scores, vec![None, Some(401)]);
    assert_eq!(
        d.players[0].field("note"),
        Some(&strs(&["Smith;", "Jones"])[..])
    );
    assert_eq!(d.players[1].field("team"), Some(&strs(&["Blue"])[..]));
    // TSH's trailing `; # 3` is no field.
    assert_eq!(d.players[2].fields.len(), 1);
}

#[test]
fn issue18_broken_files_are_refused_at_the_line_their_comment_names() {
    let dir = data("invalid");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 7);
    for f in files {
        let body = std::fs::read_to_string(&f).unwrap();
        let expect = body
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# expect "))
            .unwrap_or_else(|| panic!("{}: no expectation", f.display()));
        let got = tsh::read("A", &body).expect_err(&f.display().to_string());
        assert_eq!(got.to_string(), expect, "{}", f.display());
    }
}
