//! The GCG fixtures (tests/data/gcg, see SOURCES.md there): every real record replays with no
//! problem, every file in invalid/ is rejected at the documented line, and write-then-read is
//! the identity on every record (rule C8).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use arbiter::rules::gcg::{self, check::check};
use arbiter::rules::tiles::TileSet;

#[path = "support/gcg_files.rs"]
mod gcg_files;
use gcg_files::gcg_files;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gcg")
}

#[test]
fn every_reference_record_replays_with_no_problem() {
    let files = gcg_files(&data_dir());
    assert_eq!(files.len(), 31, "SOURCES.md lists 31 complete games");
    for f in &files {
        let game = gcg::read(&std::fs::read(f).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let problems = check(&game, &TileSet::english(), None);
        assert!(problems.is_empty(), "{}: {problems:?}", f.display());
    }
}

#[test]
fn every_reference_record_has_its_documented_final_score() {
    // From the "final" column of SOURCES.md.
    for (file, totals) in [
        ("macondo_doug_v_emely.gcg", [451, 345]),
        ("macondo_noah_vs_peter.gcg", [471, 407]),
        ("macondo_bingo_nine_or_above.gcg", [601, 486]),
        ("liwords_combined_low_scoring.gcg", [-6, -16]),
        ("liwords_vs_josh.gcg", [457, 397]),
        ("quackle_boys1.gcg", [433, 443]),
        ("quackle_fivepoint.gcg", [452, 360]),
        ("magpie_success_standard.gcg", [516, 358]),
    ] {
        let game = gcg::read(&std::fs::read(data_dir().join(file)).unwrap()).unwrap();
        assert_eq!(game.final_totals(), totals, "{file}");
    }
}

/// (file, line SOURCES.md documents, words the message must contain)
const INVALID: &[(&str, usize, &str)] = &[
    ("liwords_r20_peter.gcg", 19, "recorded 115, expected 113"),
    ("quackle_capp.gcg", 14, "recorded 0, expected -45"),
    (
        "magpie_standard_cumulative_scoring_error.gcg",
        15,
        "recorded 103, expected 99",
    ),
    (
        "magpie_end_rack_points_incorrect.gcg",
        36,
        "recorded 14, expected 24",
    ),
    (
        "magpie_last_rack_penalty_incorrect.gcg",
        17,
        "recorded -18, expected -16",
    ),
    (
        "magpie_six_pass_cumulative_scoring_error.gcg",
        17,
        "recorded -17, expected -16",
    ),
];

#[test]
fn every_invalid_record_is_rejected_at_the_documented_line() {
    let dir = data_dir().join("invalid");
    assert_eq!(gcg_files(&dir).len(), INVALID.len());
    for &(file, line, message) in INVALID {
        let game = gcg::read(&std::fs::read(dir.join(file)).unwrap()).unwrap();
        let problems = check(&game, &TileSet::english(), None);
        assert_eq!(problems.len(), 1, "{file}: {problems:?}");
        assert_eq!(problems[0].line, line, "{file}: {problems:?}");
        assert!(
            problems[0].message.contains(message),
            "{file}: {problems:?}"
        );
    }
}

// rule C8
#[test]
fn write_then_read_is_identity_on_every_record() {
    let mut files = gcg_files(&data_dir());
    files.extend(gcg_files(&data_dir().join("invalid")));
    for f in &files {
        let game = gcg::read(&std::fs::read(f).unwrap()).unwrap();
        let text = gcg::write(&game);
        let back = gcg::read(text.as_bytes()).unwrap();
        assert_eq!(back, game, "{}", f.display());
        assert_eq!(gcg::write(&back), text);
        // And the rewritten record checks exactly like the original.
        assert_eq!(
            check(&back, &TileSet::english(), None).len(),
            check(&game, &TileSet::english(), None).len()
        );
    }
}

#[test]
fn cli_check_prints_problem_lines_and_summaries() {
    let dir = data_dir();
    let files = vec![
        dir.join("macondo_doug_v_emely.gcg"),
        dir.join("invalid/liwords_r20_peter.gcg"),
    ];
    let mut out = Vec::new();
    let clean = arbiter::cli::gcg::check(&files, None, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(!clean);
    let r20 = files[1].display().to_string();
    assert!(
        out.contains(&format!(
            "{r20}:19: score of N1 BRUnCH..Y: recorded 115, expected 113\n"
        )),
        "{out}"
    );
    assert!(out.contains(&format!("{r20}: 1 problem in ")), "{out}");
    assert!(
        out.contains("macondo_doug_v_emely.gcg: 0 problems in "),
        "{out}"
    );

    let mut out = Vec::new();
    assert!(arbiter::cli::gcg::check(&gcg_files(&dir), None, &mut out).unwrap());
}

#[test]
fn cli_check_with_a_lexicon_reports_words_not_in_it() {
    let dir = data_dir();
    let lexicon = Path::new(env!("CARGO_MANIFEST_DIR")).join("lexicons/enable2k.txt");
    let mut out = Vec::new();
    let clean =
        arbiter::cli::gcg::check(&[dir.join("liwords_vs_josh.gcg")], Some(&lexicon), &mut out)
            .unwrap();
    let out = String::from_utf8(out).unwrap();
    // ENABLE lacks some NWL words, so a clean NWL game shows a few; the withdrawn MAZEY is not
    // reported because it was challenged off.
    assert!(!clean);
    assert!(out.contains("is not in the lexicon enable2k"), "{out}");
    assert!(!out.contains("MAZEY"), "{out}");
}

/// A record with one wrong score (totals left alone, or carried forward from the wrong score)
/// is caught at that score's line, for every event of every reference record.
#[test]
fn any_single_wrong_score_is_caught_at_its_line() {
    for f in gcg_files(&data_dir()) {
        let game = gcg::read(&std::fs::read(&f).unwrap()).unwrap();
        for i in 0..game.events.len() {
            for delta in [1, -1, 10] {
                // +5 → +15 is a legal bonus when the challenged play formed three words, and
                // −30 → −20 a legal time penalty: nothing in the record can tell them apart.
                if delta == 10 && ten_is_ambiguous(&game.events[i].kind) {
                    continue;
                }
                for carry in [false, true] {
                    let mut g = game.clone();
                    let p = g.events[i].player;
                    g.events[i].score += delta;
                    if carry {
                        for e in g.events[i..].iter_mut().filter(|e| e.player == p) {
                            e.total += delta;
                        }
                    }
                    let problems = check(&g, &TileSet::english(), None);
                    let line = g.events[i].line;
                    assert!(
                        problems.first().is_some_and(|pr| pr.line == line),
                        "{} event {i} (line {line}) delta {delta} carry {carry}: {problems:?}",
                        f.display()
                    );
                }
            }
        }
    }
}

fn ten_is_ambiguous(kind: &gcg::EventKind) -> bool {
    matches!(
        kind,
        gcg::EventKind::ChallengeBonus | gcg::EventKind::TimePenalty
    )
}
