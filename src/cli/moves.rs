//! `arbiter moves …` and `arbiter gcg analyze …`: the move generator for people and scripts.
//!
//! * `moves --board FILE --rack RACK [--top N]`: `count N`, `top SCORE` (or `top none`), then
//!   the top N plays, best first, one per line (`8D RETAINS 70`).
//! * `moves --positions FILE.jsonl`: each line `{"board": [15 strings], "rack": "…"}` comes back
//!   with `n_place_moves`, `top_score` (null when no play exists) and `top_moves` (every tied top
//!   play in GCG notation) added; one line out per line in, in order.
//! * `gcg analyze GAME.gcg`: every move with the top play(s) of its position and the difference,
//!   then a summary per player.
//!
//! The word list is `--lexicon WORDS.txt` or the bundled ENABLE list; the tile set is
//! `--tiles english|french|indonesian` (default english). Every refusal names the file, line
//! and field at fault and is returned as `Err` (the binary prints it and exits non-zero).

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::rules::analysis;
use crate::rules::board::Board;
use crate::rules::gcg;
use crate::rules::lexicon::Lexicon;
use crate::rules::movegen::text::{parse_board, parse_board_rows, parse_rack};
use crate::rules::movegen::{self, TopPlays, WordGraph};
use crate::rules::tiles::TileSet;

/// The word list, tile set and word graph a command works with.
pub struct Setup {
    /// The word list.
    pub lexicon: Lexicon,
    /// The tile set.
    pub set: TileSet,
    /// The graph built from the word list.
    pub graph: WordGraph,
}

/// Reads the tile set name (`english`, `french`, `indonesian`).
pub fn tile_set(name: &str) -> Result<TileSet, String> {
    TileSet::by_name(name).ok_or_else(|| {
        format!("--tiles {name}: unknown tile set (use english, french or indonesian)")
    })
}

/// The tile set a GCG record declares (`#tile-distribution`), else English, which every
/// reference record uses.
pub fn record_tile_set(file: &Path) -> Result<TileSet, String> {
    let name = file.display();
    let bytes = std::fs::read(file).map_err(|e| format!("{name}: {e}"))?;
    let game = gcg::read(&bytes).map_err(|e| format!("{name}:{}: {}", e.line, e.message))?;
    match game.pragma("tile-distribution") {
        Some(d) => TileSet::by_name(d).ok_or_else(|| {
            format!("{name}: tile distribution '{d}' is not known; give --tiles english|french|indonesian")
        }),
        None => Ok(TileSet::english()),
    }
}

/// Loads the word list (`path`, or the bundled ENABLE list) and its graph: read from the cache
/// in `cache_dir` when a graph of the same words is there, else built (and then written there,
/// best effort: a cache that cannot be written only costs the next run a build).
pub fn setup(
    lexicon: Option<&Path>,
    set: TileSet,
    cache_dir: Option<&Path>,
) -> Result<Setup, String> {
    let lexicon = match lexicon {
        Some(path) => {
            Lexicon::from_path(path).map_err(|e| format!("--lexicon {}: {e}", path.display()))?
        }
        None => {
            let store = crate::services::lexicons::LexiconStore::new(PathBuf::new());
            let lex = store
                .builtin()
                .map_err(|e| format!("the bundled word list: {e}"))?;
            (*lex).clone()
        }
    };
    let cache = cache_dir.map(|d| {
        d.join("wordgraphs")
            .join(format!("{}.gaddag", words_digest(&lexicon)))
    });
    if let Some(graph) = cache
        .as_deref()
        .and_then(|c| std::fs::read(c).ok())
        .and_then(|bytes| WordGraph::from_bytes(&bytes).ok())
    {
        return Ok(Setup {
            lexicon,
            set,
            graph,
        });
    }
    let started = Instant::now();
    let graph = WordGraph::from_lexicon(&lexicon)
        .map_err(|e| format!("word list {}: {e}", lexicon.name()))?;
    tracing::debug!(
        words = graph.word_count(),
        ms = started.elapsed().as_millis() as u64,
        "word graph built"
    );
    if let Some(path) = &cache {
        write_cache(path, &graph.to_bytes());
    }
    Ok(Setup {
        lexicon,
        set,
        graph,
    })
}

/// A digest of the words themselves (not the file name), so an edited list never meets a stale
/// graph.
fn words_digest(lexicon: &Lexicon) -> String {
    use sha2::Digest;
    let mut h = sha2::Sha256::new();
    lexicon.for_each_word(|w| {
        h.update(w);
        h.update(b"\n");
    });
    h.finalize()
        .iter()
        .take(16)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Writes the cache file through a temporary name, so a reader never sees half a file.
fn write_cache(path: &Path, bytes: &[u8]) {
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let result = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(&tmp, bytes))
        .and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = result {
        tracing::warn!(path = %path.display(), "cannot cache the word graph: {e}");
        let _ = std::fs::remove_file(&tmp);
    }
}

/// `moves --board FILE --rack RACK [--top N]`.
pub fn board(
    setup: &Setup,
    board_file: &Path,
    rack: &str,
    top: usize,
    out: &mut dyn Write,
) -> Result<(), String> {
    let name = board_file.display();
    let text = std::fs::read_to_string(board_file).map_err(|e| format!("{name}: {e}"))?;
    let board = parse_board(&text, &setup.set).map_err(|e| format!("{name}: {e}"))?;
    let rack = parse_rack(rack, &setup.set).map_err(|e| format!("--rack: {e}"))?;
    let plays = movegen::all_plays(&setup.graph, &setup.set, &board, &rack);
    let w = |e: std::io::Error| e.to_string();
    writeln!(out, "count {}", plays.len()).map_err(w)?;
    match plays.first() {
        Some(p) => writeln!(out, "top {}", p.score()).map_err(w)?,
        None => writeln!(out, "top none").map_err(w)?,
    }
    for p in plays.iter().take(top) {
        writeln!(out, "{p} {}", p.score()).map_err(w)?;
    }
    Ok(())
}

/// Reads one JSON line: `(board, rack, the object)`, or what is wrong with it.
fn read_position(
    line: &str,
    set: &TileSet,
) -> Result<
    (
        Board,
        crate::rules::tiles::Rack,
        serde_json::Map<String, serde_json::Value>,
    ),
    String,
> {
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let serde_json::Value::Object(obj) = value else {
        return Err("expected a JSON object with \"board\" and \"rack\"".into());
    };
    let rows = match obj.get("board") {
        Some(serde_json::Value::Array(rows)) => rows
            .iter()
            .enumerate()
            .map(|(i, r)| {
                r.as_str()
                    .ok_or_else(|| format!("field \"board\": row {} is not a string", i + 1))
            })
            .collect::<Result<Vec<&str>, String>>()?,
        Some(_) => return Err("field \"board\": expected an array of 15 strings".into()),
        None => return Err("field \"board\" is missing".into()),
    };
    let board = parse_board_rows(&rows, set).map_err(|e| format!("field \"board\": {e}"))?;
    let rack = match obj.get("rack") {
        Some(serde_json::Value::String(s)) => {
            parse_rack(s, set).map_err(|e| format!("field \"rack\": {e}"))?
        }
        Some(_) => return Err("field \"rack\": expected a string".into()),
        None => return Err("field \"rack\" is missing".into()),
    };
    Ok((board, rack, obj))
}

/// `moves --positions FILE.jsonl`. Blank lines are skipped; the first bad line stops the run
/// with its line number (lines before it have been answered).
pub fn positions(setup: &Setup, file: &Path, out: &mut dyn Write) -> Result<usize, String> {
    let name = file.display();
    let f = std::fs::File::open(file).map_err(|e| format!("{name}: {e}"))?;
    let mut n = 0;
    for (i, line) in std::io::BufReader::new(f).lines().enumerate() {
        let line = line.map_err(|e| format!("{name} line {}: {e}", i + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let (board, rack, mut obj) =
            read_position(&line, &setup.set).map_err(|e| format!("{name} line {}: {e}", i + 1))?;
        let TopPlays { count, plays } = movegen::top_plays(&setup.graph, &setup.set, &board, &rack);
        obj.insert("n_place_moves".into(), count.into());
        obj.insert(
            "top_score".into(),
            plays
                .first()
                .map_or(serde_json::Value::Null, |p| p.score().into()),
        );
        obj.insert(
            "top_moves".into(),
            plays
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .into(),
        );
        let text = serde_json::to_string(&obj).map_err(|e| e.to_string())?;
        writeln!(out, "{text}").map_err(|e| e.to_string())?;
        n += 1;
    }
    Ok(n)
}

/// `gcg analyze GAME.gcg`: one line per move, then a summary per player (the analysis is
/// [`crate::rules::analysis`]'s, shared with the web pages).
pub fn analyze(setup: &Setup, file: &Path, out: &mut dyn Write) -> Result<(), String> {
    let name = file.display();
    let bytes = std::fs::read(file).map_err(|e| format!("{name}: {e}"))?;
    let game = gcg::read(&bytes).map_err(|e| format!("{name}:{}: {}", e.line, e.message))?;
    let set = &setup.set;
    let analysis =
        analysis::analyze(&game, set, &setup.graph).map_err(|e| format!("{name}: {e}"))?;
    let w = |e: std::io::Error| e.to_string();
    writeln!(
        out,
        "{name}: lexicon {}, tiles {}",
        setup.lexicon.name(),
        set.name()
    )
    .map_err(w)?;
    writeln!(
        out,
        "{:>4}  {:<10} {:<8} {:<18} {:>5}  {:<24} {:>5} {:>5}",
        "line", "player", "rack", "played", "score", "top", "top", "diff"
    )
    .map_err(w)?;
    for m in &analysis.moves {
        let note = match m.note.as_str() {
            "" => String::new(),
            "unplaceable" => "  cannot be placed".into(),
            n => format!("  {n}"),
        };
        if m.played == "withdrawn" {
            writeln!(out, "{:>4}  {:<10} withdrawn", m.line, m.nick).map_err(w)?;
            continue;
        }
        match (m.top_score, m.difference) {
            (Some(best), Some(diff)) => {
                let top_text = match &m.top {
                    Some(p) if m.tied > 0 => format!("{p} (+{} tied)", m.tied),
                    Some(p) => p.clone(),
                    None => "none".into(),
                };
                writeln!(
                    out,
                    "{:>4}  {:<10} {:<8} {:<18} {:>5}  {:<24} {:>5} {:>5}{note}",
                    m.line, m.nick, m.rack, m.played, m.score, top_text, best, diff
                )
                .map_err(w)?;
            }
            _ => {
                writeln!(
                    out,
                    "{:>4}  {:<10} {:<8} {:<18} {:>5}  (rack not recorded){note}",
                    m.line, m.nick, "-", m.played, m.score
                )
                .map_err(w)?;
            }
        }
    }
    for t in &analysis.totals {
        let pct = if t.top > 0 {
            100.0 * t.played as f64 / t.top as f64
        } else {
            100.0
        };
        writeln!(
            out,
            "summary {}: {} moves analysed, {} points played of {} top points ({pct:.1}%), {} below the top, top play found {} times",
            t.nick, t.moves, t.played, t.top, t.difference, t.found_top
        )
        .map_err(w)?;
    }
    Ok(())
}
