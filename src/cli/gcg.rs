//! `arbiter gcg check FILE... [--lexicon FILE]`: replays GCG records and reports every event
//! that disagrees with the board model (see [`crate::rules::gcg::check`]).

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::rules::gcg::{self, check::check as check_game};
use crate::rules::lexicon::Lexicon;
use crate::rules::tiles::TileSet;

/// Checks each file and prints one line per problem, `FILE:LINE: <what>: recorded N, expected M`,
/// then a summary line per file and a last line for the whole run. Words are checked only when
/// `lexicon` is given. Returns `Ok(true)` if every file is clean; the caller exits 1 otherwise.
/// `Err` only for a failure to write to `out`.
pub fn check(
    files: &[PathBuf],
    lexicon: Option<&Path>,
    out: &mut dyn Write,
) -> std::io::Result<bool> {
    let lexicon = match lexicon.map(Lexicon::from_path).transpose() {
        Ok(lex) => lex,
        Err(e) => {
            writeln!(
                out,
                "{}: {e}",
                lexicon
                    .map(Path::display)
                    .map(|d| d.to_string())
                    .unwrap_or_default()
            )?;
            return Ok(false);
        }
    };
    let english = TileSet::english();
    let mut bad_files = 0usize;
    let mut total_problems = 0usize;
    for file in files {
        let name = file.display();
        let bytes = match std::fs::read(file) {
            Ok(b) => b,
            Err(e) => {
                writeln!(out, "{name}: cannot read: {e}")?;
                bad_files += 1;
                total_problems += 1;
                continue;
            }
        };
        let game = match gcg::read(&bytes) {
            Ok(g) => g,
            Err(e) => {
                writeln!(out, "{name}:{}: {}", e.line, e.message)?;
                writeln!(out, "{name}: 1 problem (the record cannot be read)")?;
                bad_files += 1;
                total_problems += 1;
                continue;
            }
        };
        // A declared distribution we know is used; anything else is checked as English, which
        // every reference record uses, and said so.
        let declared = game.pragma("tile-distribution");
        let set = declared.and_then(TileSet::by_name);
        let set_ref = set.as_ref().unwrap_or(&english);
        let mut problems = check_game(&game, set_ref, lexicon.as_ref());
        if let (Some(d), None) = (declared, &set) {
            problems.insert(
                0,
                gcg::check::Problem {
                    line: 0,
                    message: format!("tile distribution '{d}' is not known; checked as english"),
                },
            );
        }
        for p in &problems {
            writeln!(out, "{name}:{}: {}", p.line, p.message)?;
        }
        let [a, b] = game.final_totals();
        let n = problems.len();
        writeln!(
            out,
            "{name}: {n} problem{} in {} events; final {} {a}, {} {b}",
            if n == 1 { "" } else { "s" },
            game.events.len(),
            game.players[0].nick,
            game.players[1].nick,
        )?;
        if n > 0 {
            bad_files += 1;
            total_problems += n;
        }
    }
    writeln!(
        out,
        "checked {} file{}: {} with problems, {total_problems} problem{} in all",
        files.len(),
        if files.len() == 1 { "" } else { "s" },
        bad_files,
        if total_problems == 1 { "" } else { "s" },
    )?;
    Ok(bad_files == 0)
}
