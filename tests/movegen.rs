//! The move generator against a brute-force enumerator on random positions, against the 31
//! reference games, and the `arbiter moves` / `arbiter gcg analyze` commands.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use arbiter::rules::board::{Board, Direction, Square};
use arbiter::rules::gcg::{self, Event as GcgEvent, EventKind};
use arbiter::rules::lexicon::Lexicon;
use arbiter::rules::movegen::{self, WordGraph};
use arbiter::rules::placement::{Placement, validate};
use arbiter::rules::scoring::score_total;
use arbiter::rules::tiles::{Rack, Tile, TileSet};
use proptest::prelude::*;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn enable() -> &'static (Lexicon, WordGraph) {
    static E: OnceLock<(Lexicon, WordGraph)> = OnceLock::new();
    E.get_or_init(|| {
        let lex = Lexicon::from_path(&root().join("lexicons/enable2k.txt")).unwrap();
        let g = WordGraph::from_lexicon(&lex).unwrap();
        (lex, g)
    })
}

// ---------------------------------------------------------------------------------------------
// Brute force: every word × every square × both directions.

/// The small lexicon: ENABLE words of 2-4 letters over A D E I N R S T (332 words), so random
/// boards and racks meet many plays, parallel ones and plays through tiles included.
type Small = (Vec<Vec<u8>>, HashSet<Vec<u8>>, WordGraph);

fn small() -> &'static Small {
    static S: OnceLock<Small> = OnceLock::new();
    S.get_or_init(|| {
        let text = std::fs::read_to_string(root().join("lexicons/enable2k.txt")).unwrap();
        let words: Vec<Vec<u8>> = text
            .lines()
            .filter(|w| (2..=4).contains(&w.len()) && w.bytes().all(|b| b"adeinrst".contains(&b)))
            .map(|w| w.to_ascii_uppercase().into_bytes())
            .collect();
        assert_eq!(words.len(), 332);
        let set = words.iter().cloned().collect();
        let g = WordGraph::from_words(words.iter().map(Vec::as_slice)).unwrap();
        (words, set, g)
    })
}

type Key = Vec<(Square, Tile)>;

/// Every legal placement of `rack` on `board` with its score from the existing scorer, found by
/// trying every word at every square in both directions and every blank assignment. Squares
/// are tried per segment (start, direction, length) so the word loop only runs where the
/// segment itself can hold a play (whole word, connected, rules C3-C4).
fn brute_force(
    words: &[Vec<u8>],
    lex: &HashSet<Vec<u8>>,
    set: &TileSet,
    board: &Board,
    rack: &Rack,
) -> BTreeMap<Key, u32> {
    let mut out = BTreeMap::new();
    if rack.is_empty() {
        return out;
    }
    let max_len = words.iter().map(Vec::len).max().unwrap_or(0);
    let occupied = |s: Option<Square>| s.is_some_and(|s| !board.is_empty_at(s));
    for dir in [Direction::Across, Direction::Down] {
        let cross = dir.cross();
        for start in Square::all() {
            if occupied(start.step_back(dir)) {
                continue;
            }
            for n in 2..=max_len {
                let Some(squares) = (0..n)
                    .map(|i| start.offset(dir, i))
                    .collect::<Option<Vec<Square>>>()
                else {
                    break;
                };
                if occupied(start.offset(dir, n)) {
                    continue;
                }
                let empties: Vec<Square> = squares
                    .iter()
                    .copied()
                    .filter(|s| board.is_empty_at(*s))
                    .collect();
                if empties.is_empty() || empties.len() > rack.len() {
                    continue;
                }
                if board.is_empty() {
                    // rule C3
                    if empties.len() < 2 || !empties.contains(&Square::CENTRE) {
                        continue;
                    }
                } else if empties.len() == n
                    && !empties
                        .iter()
                        .any(|s| occupied(s.step_back(cross)) || occupied(s.step(cross)))
                {
                    continue; // rule C4: not connected
                }
                for w in words.iter().filter(|w| w.len() == n) {
                    let fits = squares
                        .iter()
                        .zip(w)
                        .all(|(s, &l)| board.get(*s).is_none_or(|t| t.letter() as u8 == l));
                    if !fits {
                        continue;
                    }
                    let new: Vec<(Square, u8)> = squares
                        .iter()
                        .zip(w)
                        .filter(|(s, _)| board.is_empty_at(**s))
                        .map(|(s, &l)| (*s, l))
                        .collect();
                    add_placements(&mut out, lex, set, board, rack, start, dir, &new);
                }
            }
        }
    }
    out
}

/// Adds the placements of `new` (square, letter) if every cross-word is a word, one per way
/// of taking the letters from the rack (each natural or a blank).
#[allow(clippy::too_many_arguments)]
fn add_placements(
    out: &mut BTreeMap<Key, u32>,
    lex: &HashSet<Vec<u8>>,
    set: &TileSet,
    board: &Board,
    rack: &Rack,
    start: Square,
    dir: Direction,
    new: &[(Square, u8)],
) {
    let cross = dir.cross();
    let occupied = |s: Option<Square>| s.is_some_and(|s| !board.is_empty_at(s));
    let cross_ok = new.iter().all(|&(sq, letter)| {
        let mut first = sq;
        while occupied(first.step_back(cross)) {
            first = first.step_back(cross).unwrap();
        }
        let mut word = Vec::new();
        let mut s = Some(first);
        while let Some(q) = s {
            if q == sq {
                word.push(letter);
            } else if let Some(t) = board.get(q) {
                word.push(t.letter() as u8);
            } else {
                break;
            }
            s = q.step(cross);
        }
        word.len() < 2 || lex.contains(&word)
    });
    if !cross_ok || !new.iter().all(|&(_, l)| set.has_letter(char::from(l))) {
        return;
    }
    let len = {
        let last = new.last().map_or(start, |(s, _)| *s);
        let mut end = last;
        while occupied(end.step(dir)) {
            end = end.step(dir).unwrap();
        }
        match dir {
            Direction::Across => end.col() - start.col() + 1,
            Direction::Down => end.row() - start.row() + 1,
        }
    };
    for blanks in 0u32..(1 << new.len()) {
        let tiles: Vec<(Square, Tile)> = new
            .iter()
            .enumerate()
            .map(|(i, &(sq, l))| {
                let t = if blanks & (1 << i) != 0 {
                    Tile::blank(char::from(l))
                } else {
                    Tile::natural(char::from(l))
                };
                (sq, t.unwrap())
            })
            .collect();
        let mut left = *rack;
        if !tiles.iter().all(|(_, t)| left.take_tile(*t)) {
            continue;
        }
        let placement = Placement {
            start,
            direction: dir,
            len,
            new_tiles: tiles.clone(),
        };
        let score = score_total(board, set, &placement);
        let mut key = tiles;
        key.sort();
        if let Some(old) = out.insert(key, score) {
            assert_eq!(old, score, "one placement, two scores");
        }
    }
}

/// The generator's plays as the same map, checking that no placement comes twice.
fn generated(g: &WordGraph, set: &TileSet, board: &Board, rack: &Rack) -> BTreeMap<Key, u32> {
    let mut out = BTreeMap::new();
    for p in movegen::all_plays(g, set, board, rack) {
        let mut key: Key = p.new_tiles().collect();
        key.sort();
        assert!(out.insert(key, p.score()).is_none(), "{p} generated twice");
    }
    out
}

/// A random position: some words of the small lexicon dropped on the board where they fit
/// (not necessarily a legal game: the generator and the brute force must agree anyway), a few
/// stray tiles, some of them blanks.
fn arb_position() -> impl Strategy<Value = (Board, Rack)> {
    let drops = proptest::collection::vec(
        (0usize..332, 0usize..15, 0usize..15, any::<bool>(), 0u8..10),
        0..10,
    );
    let strays = proptest::collection::vec((0usize..15, 0usize..15, 0usize..8), 0..3);
    let rack = proptest::collection::vec(prop::sample::select(b"AADEEINRSST??QZ".to_vec()), 0..=7);
    (drops, strays, rack).prop_map(|(drops, strays, rack)| {
        let (words, _, _) = small();
        let mut board = Board::new();
        for (wi, r, c, across, blank) in drops {
            let w = &words[wi];
            let dir = if across {
                Direction::Across
            } else {
                Direction::Down
            };
            let Some(start) = Square::new(r, c) else {
                continue;
            };
            let squares: Option<Vec<Square>> = (0..w.len()).map(|i| start.offset(dir, i)).collect();
            let Some(squares) = squares else { continue };
            let fits = squares
                .iter()
                .zip(w)
                .all(|(s, &l)| board.get(*s).is_none_or(|t| t.letter() as u8 == l));
            if !fits {
                continue;
            }
            for (i, (s, &l)) in squares.iter().zip(w).enumerate() {
                if board.is_empty_at(*s) {
                    let t = if blank == 0 && i == 0 {
                        Tile::blank(char::from(l))
                    } else {
                        Tile::natural(char::from(l))
                    };
                    board.set(*s, t.unwrap());
                }
            }
        }
        for (r, c, l) in strays {
            let sq = Square::new(r, c).unwrap();
            if board.is_empty_at(sq) {
                board.set(sq, Tile::natural(char::from(b"ADEINRST"[l])).unwrap());
            }
        }
        let rack: String = rack.iter().map(|&b| char::from(b)).collect();
        (board, Rack::parse(&rack).unwrap())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    // Rules C3-C6: exactly the placements the brute force finds, with the scorer's scores.
    #[test]
    fn generator_agrees_with_brute_force_on_random_positions((board, rack) in arb_position()) {
        let (words, lex, g) = small();
        let set = TileSet::english();
        let expected = brute_force(words, lex, &set, &board, &rack);
        let got = generated(g, &set, &board, &rack);
        prop_assert_eq!(&got, &expected, "board\n{}rack {}", board, rack);
        prop_assert_eq!(movegen::any_play(g, &set, &board, &rack), !expected.is_empty());
        let top = movegen::top_plays(g, &set, &board, &rack);
        prop_assert_eq!(top.count, expected.len());
        prop_assert_eq!(top.score(), expected.values().copied().max());
        let ties = expected.values().filter(|&&s| Some(s) == top.score()).count();
        prop_assert_eq!(top.plays.len(), ties);
        // The bounded search lists the same tops, in the same order (rule D6: every tie).
        prop_assert_eq!(movegen::best_plays(g, &set, &board, &rack), top.plays);
    }
}

// ---------------------------------------------------------------------------------------------
// The reference games.

#[path = "support/gcg_files.rs"]
mod gcg_files;

fn fixture_files() -> Vec<PathBuf> {
    gcg_files::gcg_files(&root().join("tests/data/gcg"))
}

/// Replays every reference game: `visit` sees the board before each event, the file, the event,
/// and for a play its placement; plays are then applied and withdrawn plays taken back.
fn replay_reference_games(mut visit: impl FnMut(&Board, &Path, &GcgEvent, Option<&Placement>)) {
    let set = TileSet::english();
    for f in &fixture_files() {
        let game = gcg::read(&std::fs::read(f).unwrap()).unwrap();
        let mut board = Board::new();
        let mut last: Option<Placement> = None;
        for e in &game.events {
            match &e.kind {
                EventKind::Play(mv) => {
                    let p = validate(&board, &set, mv, None).unwrap();
                    visit(&board, f, e, Some(&p));
                    p.apply(&mut board);
                    last = Some(p);
                }
                EventKind::Withdrawn => {
                    visit(&board, f, e, None);
                    if let Some(p) = last.take() {
                        p.undo(&mut board);
                    }
                }
                _ => visit(&board, f, e, None),
            }
        }
    }
}

// Every recorded play that is legal under ENABLE is generated, with the recorded score.
#[test]
fn every_recorded_play_legal_under_enable_is_generated_with_its_score() {
    let (lex, g) = enable();
    let set = TileSet::english();
    let files = fixture_files();
    assert_eq!(files.len(), 31);
    let (mut checked, mut skipped) = (0, 0);
    replay_reference_games(|board, f, e, placed| {
        let (EventKind::Play(mv), Some(p)) = (&e.kind, placed) else {
            return;
        };
        let legal = p.words(board).iter().all(|w| lex.contains(&w.text()));
        let rack = Rack::parse(&e.rack).ok().filter(|r| !r.is_empty());
        match rack {
            Some(rack) if legal => {
                let plays = movegen::all_plays(g, &set, board, &rack);
                let mut want: Key = p.new_tiles.clone();
                want.sort();
                let found = plays.iter().find(|q| {
                    let mut k: Key = q.new_tiles().collect();
                    k.sort();
                    k == want
                });
                let found = found
                    .unwrap_or_else(|| panic!("{}:{}: {mv} not generated", f.display(), e.line));
                assert_eq!(
                    i64::from(found.score()),
                    i64::from(e.score),
                    "{}:{}: {mv}",
                    f.display(),
                    e.line
                );
                assert_eq!(found.score(), score_total(board, &set, p));
                // The top play scores at least as much as the recorded one.
                assert!(plays[0].score() >= found.score());
                checked += 1;
            }
            _ => skipped += 1,
        }
    });
    // Most recorded plays are ENABLE words; the rest use NWL/CSW words (QI, ZA, …) or have no
    // recorded rack.
    assert_eq!((checked, skipped), (481, 244));
}

/// Every position of the reference games whose mover's rack is recorded: the board before the
/// move, and the rack.
fn reference_positions() -> Vec<(Board, Rack)> {
    let mut out = Vec::new();
    replay_reference_games(|board, _, e, _| {
        if let Some(rack) = Rack::parse(&e.rack).ok().filter(|r| !r.is_empty())
            && matches!(
                e.kind,
                EventKind::Play(_) | EventKind::Pass | EventKind::Exchange(_)
            )
        {
            out.push((board.clone(), rack));
        }
    });
    out
}

// Rule D6: on every reference position (ENABLE, real racks, blanks included) the bounded
// search finds the same tops, every tie, as generating every play.
#[test]
fn the_bounded_search_finds_every_top_of_the_reference_positions() {
    let (_, g) = enable();
    let set = TileSet::english();
    let positions = reference_positions();
    assert_eq!(positions.len(), 762);
    // And one board in seven with two of the rack's tiles made blanks (the slowest racks: a
    // blank can be any letter, so the walk's cuts matter most there).
    let two_blanks = positions.iter().step_by(7).map(|(board, rack)| {
        let kept: String = rack
            .to_string()
            .chars()
            .filter(|&c| c != '?')
            .skip(2)
            .collect();
        (board.clone(), Rack::parse(&format!("??{kept}")).unwrap())
    });
    for (board, rack) in positions.iter().cloned().chain(two_blanks) {
        let every = movegen::top_plays(g, &set, &board, &rack).plays;
        assert_eq!(
            movegen::best_plays(g, &set, &board, &rack),
            every,
            "board\n{board}rack {rack}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The commands: `arbiter moves` and `arbiter gcg analyze`, run as the binary.

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-movegen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `arbiter ARGS` with its data directory in `dir`: (exit code, stdout, stderr).
fn arbiter(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("--data-dir")
        .arg(dir.join("data"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const WORDS: &str = "cat\ncats\nact\nat\nta\nscat\ntacts\ntact\n";

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_owned()
}

fn board_text(rows: &[(usize, &str)]) -> String {
    let mut lines = vec![".".repeat(15); 15];
    for &(r, s) in rows {
        lines[r] = s.to_owned();
    }
    lines.join("\n") + "\n"
}

#[test]
fn moves_on_a_board_prints_count_top_and_the_best_plays() {
    let dir = scratch("board");
    let lex = write(&dir, "words.txt", WORDS);
    // CAT on 8G-8I.
    let board = write(&dir, "b.txt", &board_text(&[(7, "......CAT......")]));
    let (code, out, err) = arbiter(
        &dir,
        &[
            "moves",
            "--board",
            &board,
            "--rack",
            "ST",
            "--lexicon",
            &lex,
            "--top",
            "3",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // The generator's own answer, in the same order.
    let set = TileSet::english();
    let g = WordGraph::from_words(WORDS.lines().map(str::as_bytes)).unwrap();
    let b =
        arbiter::rules::movegen::text::parse_board(&std::fs::read_to_string(&board).unwrap(), &set)
            .unwrap();
    let plays = movegen::all_plays(&g, &set, &b, &Rack::parse("ST").unwrap());
    assert_eq!(lines[0], format!("count {}", plays.len()));
    assert_eq!(lines[1], format!("top {}", plays[0].score()));
    assert_eq!(lines.len(), 2 + 3);
    assert_eq!(lines[2], format!("{} {}", plays[0], plays[0].score()));
    // No play: `top none`.
    let (code, out, _) = arbiter(
        &dir,
        &[
            "moves",
            "--board",
            &board,
            "--rack",
            "QZ",
            "--lexicon",
            &lex,
        ],
    );
    assert_eq!(code, 0);
    assert_eq!(out, "count 0\ntop none\n");
}

#[test]
fn moves_on_enable_finds_the_opening_bingo_and_caches_the_graph() {
    let dir = scratch("enable");
    let board = write(&dir, "empty.txt", &board_text(&[]));
    let (code, out, err) = arbiter(
        &dir,
        &[
            "moves", "--board", &board, "--rack", "RETAINS", "--top", "1",
        ],
    );
    assert_eq!(code, 0, "{err}");
    // RETAINS and its anagrams on row 8 or column H, 7 tiles: 2×(7 + the DL letter) + 50.
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("count "), "{out}");
    assert_eq!(lines[1], "top 66");
    assert!(lines[2].ends_with(" 66"), "{out}");
    let cached: Vec<_> = std::fs::read_dir(dir.join("data/wordgraphs"))
        .unwrap()
        .collect();
    assert_eq!(cached.len(), 1, "one cached graph for ENABLE");
    // The second run reads the cache and answers the same.
    let (code, again, _) = arbiter(
        &dir,
        &[
            "moves", "--board", &board, "--rack", "RETAINS", "--top", "1",
        ],
    );
    assert_eq!((code, again), (0, out));
}

#[test]
fn moves_on_json_lines_adds_the_three_fields_in_order() {
    let dir = scratch("jsonl");
    let lex = write(&dir, "words.txt", WORDS);
    let mut rows = vec![".".repeat(15); 15];
    rows[7] = "......CAT......".into();
    let first = serde_json::json!({"id": 1, "board": rows, "rack": "S?"});
    let second = serde_json::json!({"id": 2, "board": rows, "rack": "QZ"});
    let input = write(&dir, "p.jsonl", &format!("{first}\n\n{second}\n"));
    let (code, out, err) = arbiter(&dir, &["moves", "--positions", &input, "--lexicon", &lex]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["id"], 1);
    assert_eq!(lines[0]["rack"], "S?");
    let set = TileSet::english();
    let g = WordGraph::from_words(WORDS.lines().map(str::as_bytes)).unwrap();
    let b = arbiter::rules::movegen::text::parse_board_rows(&rows, &set).unwrap();
    let top = movegen::top_plays(&g, &set, &b, &Rack::parse("S?").unwrap());
    assert_eq!(lines[0]["n_place_moves"], top.count);
    assert_eq!(lines[0]["top_score"], top.score().unwrap());
    let names: Vec<String> = top.plays.iter().map(ToString::to_string).collect();
    assert_eq!(lines[0]["top_moves"], serde_json::json!(names));
    assert!(names.iter().all(|n| n.contains('.')), "{names:?}");
    assert_eq!(lines[1]["id"], 2);
    assert_eq!(lines[1]["n_place_moves"], 0);
    assert_eq!(lines[1]["top_score"], serde_json::Value::Null);
    assert_eq!(lines[1]["top_moves"], serde_json::json!([]));
}

#[test]
fn moves_uses_the_tile_set_given() {
    let dir = scratch("tiles");
    let lex = write(&dir, "words.txt", "kiwi\nki\nwi\n");
    let board = write(&dir, "empty.txt", &board_text(&[]));
    // K is worth 5 in English and 10 in French (rule C2: tile sets are data).
    let run = |tiles: &str| {
        let (code, out, err) = arbiter(
            &dir,
            &[
                "moves",
                "--board",
                &board,
                "--rack",
                "KIWI",
                "--lexicon",
                &lex,
                "--tiles",
                tiles,
                "--top",
                "0",
            ],
        );
        assert_eq!(code, 0, "{err}");
        out.lines().nth(1).unwrap().to_owned()
    };
    // KIWI through the star reaches no letter premium (D8, L8, H4 and H12 are out of reach).
    assert_eq!(run("english"), "top 22"); // (5 + 1 + 4 + 1) × 2
    assert_eq!(run("french"), "top 44"); // (10 + 1 + 10 + 1) × 2: K and W are 10 in French
}

#[test]
fn moves_refuses_bad_input_with_a_clear_message() {
    let dir = scratch("refusals");
    let lex = write(&dir, "words.txt", WORDS);
    let good = write(&dir, "good.txt", &board_text(&[]));
    let short = write(&dir, "short.txt", &board_text(&[(3, "..............")]));
    let bad_char = write(&dir, "char.txt", &board_text(&[(4, "......1........")]));
    let twelve = write(&dir, "rows.txt", &(".".repeat(15) + "\n").repeat(12));
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--board", &short, "--rack", "CAT"],
            "row 4: expected 15 squares, found 14",
        ),
        (
            vec!["--board", &bad_char, "--rack", "CAT"],
            "row 5, column G: '1' is not a tile",
        ),
        (
            vec!["--board", &twelve, "--rack", "CAT"],
            "expected 15 rows, found 12",
        ),
        (
            vec!["--board", &good, "--rack", "CA1"],
            "--rack: rack CA1: '1' is not a tile",
        ),
        (
            vec!["--board", &good, "--rack", "CATCATCA"],
            "8 tiles, a rack holds at most 7",
        ),
        (
            vec!["--board", &good, "--rack", "QAT", "--tiles", "indonesian"],
            "no Q tile in the indonesian tile set",
        ),
        (
            vec!["--board", &good, "--rack", "CAT", "--tiles", "klingon"],
            "--tiles klingon: unknown tile set",
        ),
        (
            vec!["--board", "/nonexistent/board.txt", "--rack", "CAT"],
            "/nonexistent/board.txt",
        ),
    ];
    for (args, message) in cases {
        let mut all = vec!["moves", "--lexicon", &lex];
        all.extend(args);
        let (code, out, err) = arbiter(&dir, &all);
        assert_ne!(code, 0, "{all:?}: {out}");
        assert!(err.contains(message), "{all:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // JSON lines: the line number and the field.
    let rows = vec![".".repeat(15); 15];
    let ok = serde_json::json!({"board": rows, "rack": "CAT"}).to_string();
    let jsonl_cases = [
        ("{not json", "line 2: not JSON"),
        ("[1, 2]", "line 2: expected a JSON object"),
        (r#"{"rack": "CAT"}"#, r#"line 2: field "board" is missing"#),
        (
            r#"{"board": ["..."], "rack": "CAT"}"#,
            r#"line 2: field "board": expected 15 rows, found 1"#,
        ),
        (
            &*serde_json::json!({"board": rows}).to_string(),
            r#"line 2: field "rack" is missing"#,
        ),
        (
            &*serde_json::json!({"board": rows, "rack": 7}).to_string(),
            r#"line 2: field "rack": expected a string"#,
        ),
        (
            &*serde_json::json!({"board": rows, "rack": "C-T"}).to_string(),
            r#"line 2: field "rack": rack C-T: '-' is not a tile"#,
        ),
    ];
    for (line, message) in jsonl_cases {
        let input = write(&dir, "p.jsonl", &format!("{ok}\n{line}\n"));
        let (code, out, err) = arbiter(&dir, &["moves", "--positions", &input, "--lexicon", &lex]);
        assert_ne!(code, 0, "{line}");
        assert!(err.contains(message), "{line}: {err}");
        assert_eq!(out.lines().count(), 1, "the good first line is answered");
    }
    // A word list with a bad line.
    let bad_lex = write(&dir, "bad.txt", "cat\nc@t\n");
    let (code, _, err) = arbiter(
        &dir,
        &[
            "moves",
            "--board",
            &good,
            "--rack",
            "CAT",
            "--lexicon",
            &bad_lex,
        ],
    );
    assert_ne!(code, 0);
    assert!(err.contains("line 2"), "{err}");
}

#[test]
fn gcg_analyze_lists_every_move_with_the_top_play_and_a_summary() {
    let dir = scratch("analyze");
    let file = root().join("tests/data/gcg/quackle_boys1.gcg");
    let (code, out, err) = arbiter(&dir, &["gcg", "analyze", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    // The opening: 8D JETON for 40, from DEJMNOT.
    let jeton = out.lines().find(|l| l.contains("8D JETON")).unwrap();
    let cols: Vec<&str> = jeton.split_whitespace().collect();
    assert_eq!(&cols[..5], ["6", "Quackle", "DEMJNOT", "8D", "JETON"]);
    assert_eq!(cols[5], "40");
    let top: i64 = cols[cols.len() - 2].parse().unwrap();
    let diff: i64 = cols[cols.len() - 1].parse().unwrap();
    assert!(top >= 40 && diff == top - 40, "{jeton}");
    // 22 moves with racks, then one summary per player.
    assert!(out.contains("summary Quackle: 11 moves analysed"), "{out}");
    assert!(out.contains("summary David: 11 moves analysed"), "{out}");
    // A record that cannot be read is refused with its line.
    let bad = write(
        &dir,
        "bad.gcg",
        "#player1 a A\n#player2 b B\n>a: ABC 99Z CAB +10 10\n",
    );
    let (code, _, err) = arbiter(&dir, &["gcg", "analyze", &bad]);
    assert_ne!(code, 0);
    assert!(err.contains("bad.gcg:3"), "{err}");
}
