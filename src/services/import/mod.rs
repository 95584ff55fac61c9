//! What a director brings in from files: teams from CSV (with a preview and per-row errors) and
//! an event's word list (validated with line-numbered errors).
//!
//! **CSV import is all or nothing.** The preview lists every row with its error, if any; the
//! import is refused while any row has one, and otherwise creates every team in one
//! transaction. A half-imported file would leave the director to work out which rows landed
//! before fixing the rest; with all-or-nothing they fix the file and import it again.

use std::collections::HashSet;
use std::io::Write;
use std::path::Path;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::db::{DbConn, events as event_rows, rounds as rows};
use crate::error::AppError;
use crate::rules::lexicon::{Lexicon, LexiconError};
use crate::services::authz::Grants;
use crate::services::events::{self, NewTeamRequest, TeamView};
use crate::vocab::{EventId, UserId};

/// The bundled default list's name (an upload may not take it).
const DEFAULT_LEXICON: &str = "enable2k";

/// The largest word list accepted, in bytes (a full English list is about 3 MB).
pub const LEXICON_MAX_BYTES: usize = 8 * 1024 * 1024;

/// The largest teams CSV accepted, in bytes.
pub const CSV_MAX_BYTES: usize = 256 * 1024;

/// Body of `POST /api/v1/events/{id}/teams/import`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    /// CSV text: `team,player1,player2,captain[,reserve1,reserve2]`, an optional header line.
    pub csv: String,
    /// Only check and preview; create nothing.
    #[serde(default)]
    pub dry_run: bool,
}

/// One data row of the CSV as the preview shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ImportRow {
    /// 1-based line of the file where the row starts.
    pub line: usize,
    /// Team name.
    pub team: String,
    /// Players in seat order (reserves after the first two).
    pub players: Vec<String>,
    /// The captain's name.
    pub captain: String,
    /// Why the row cannot be imported.
    pub error: Option<String>,
}

/// The outcome of a preview or an import.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportPreview {
    /// Every data row.
    pub rows: Vec<ImportRow>,
    /// Rows without error.
    pub valid: usize,
    /// Rows with an error.
    pub invalid: usize,
    /// Whether the teams were created.
    pub imported: bool,
    /// The teams created (empty for a preview).
    pub teams: Vec<TeamView>,
}

/// Why a row has the wrong number of cells, in words that point at the likely cause: a row
/// of one cell holding semicolons or tabs was split on another character than the file's
/// (the file's separator is read from its first line).
fn column_count_error(cells: &[String]) -> String {
    let expected = "expected 4 to 6 columns (team,player1,player2,captain[,reserve1,reserve2])";
    let other = cells.first().filter(|_| cells.len() == 1).and_then(|c| {
        [(';', "semicolons"), ('\t', "tabs")]
            .into_iter()
            .find(|(sep, _)| c.contains(*sep))
    });
    match other {
        Some((_, name)) => format!(
            "{expected}, found 1: this line's cells are separated by {name}; separate them \
             with commas (or with semicolons on every line, the first line included)"
        ),
        None => format!(
            "{expected}, found {}: {}",
            cells.len(),
            cells
                .iter()
                .map(|c| format!("{c:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Splits CSV text into records with the line each starts on, through the `csv` crate:
/// quoted fields may hold commas, doubled quotes and line breaks, lines may end in CRLF or LF.
/// A UTF-8 byte-order mark (spreadsheets write one) is dropped and blank lines are skipped. A
/// file whose first line has semicolons and no comma is read with `;` between cells: that is
/// what a spreadsheet set to a European locale writes.
fn parse_csv(text: &str) -> Result<Vec<(usize, Vec<String>)>, AppError> {
    let text = text.trim_start_matches('\u{feff}');
    let first = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default();
    let delimiter = if first.contains(';') && !first.contains(',') {
        b';'
    } else {
        b','
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(text.as_bytes());
    let mut lines = LineCount::default();
    let mut records = Vec::new();
    let mut last_start = 0;
    for record in reader.records() {
        let record = record
            .map_err(|e| AppError::field("csv", format!("the CSV could not be read: {e}")))?;
        // The reader's position is where it began reading, before the blank lines it skipped.
        let read_from = record
            .position()
            .and_then(|p| usize::try_from(p.byte()).ok())
            .unwrap_or(last_start);
        let rest = text.get(read_from..).unwrap_or_default();
        let start = read_from + (rest.len() - rest.trim_start_matches(['\r', '\n']).len());
        last_start = start;
        if record.iter().any(|f| !f.trim().is_empty()) {
            records.push((
                lines.line_at(text, start),
                record.iter().map(str::to_owned).collect(),
            ));
        }
    }
    // The crate reads a quote that is never closed as a field running to the end of the file;
    // the director is told instead, with the line where that record starts.
    if ends_inside_quotes(text.get(last_start..).unwrap_or_default(), delimiter) {
        return Err(AppError::field(
            "csv",
            format!(
                "line {}: a quoted field is not closed",
                lines.line_at(text, last_start)
            ),
        ));
    }
    Ok(records)
}

/// 1-based line numbers of byte offsets asked for in increasing order, counted once.
#[derive(Default)]
struct LineCount {
    counted_to: usize,
    newlines: usize,
}

impl LineCount {
    fn line_at(&mut self, text: &str, at: usize) -> usize {
        if let Some(span) = text.as_bytes().get(self.counted_to..at) {
            self.newlines += span.iter().filter(|b| **b == b'\n').count();
            self.counted_to = at;
        }
        self.newlines + 1
    }
}

/// Whether CSV text ends inside a quoted field, by the rules the `csv` crate reads with: a quote
/// opens a quoted field only as a field's first character, and a doubled quote inside is one
/// quote.
fn ends_inside_quotes(text: &str, delimiter: u8) -> bool {
    #[derive(PartialEq)]
    enum At {
        FieldStart,
        Unquoted,
        Quoted,
        QuoteInQuoted,
    }
    let mut at = At::FieldStart;
    for b in text.bytes() {
        at = match (at, b) {
            (At::Quoted, b'"') => At::QuoteInQuoted,
            (At::Quoted, _) => At::Quoted,
            (At::QuoteInQuoted, b'"') | (At::FieldStart, b'"') => At::Quoted,
            (_, b'\r' | b'\n') => At::FieldStart,
            (_, b) if b == delimiter => At::FieldStart,
            _ => At::Unquoted,
        };
    }
    at == At::Quoted
}

fn check_row(
    line: usize,
    cells: &[String],
    seen: &mut HashSet<String>,
    existing: &HashSet<String>,
) -> ImportRow {
    // A quote opens a quoted cell only as the cell's first character (RFC 4180, as the `csv`
    // crate reads): after a space it is text, and a comma meant to be inside splits the cell.
    // Refused rather than imported as split names.
    let spaced_quote = cells
        .iter()
        .find(|c| c.starts_with([' ', '\t']) && c.trim_start().starts_with('"'))
        .map(|c| c.trim().to_owned());
    let cells: Vec<String> = cells.iter().map(|c| c.trim().to_owned()).collect();
    let get = |i: usize| cells.get(i).cloned().unwrap_or_default();
    let team = get(0);
    let captain = get(3);
    let mut players = vec![get(1), get(2)];
    players.extend(cells.iter().skip(4).filter(|c| !c.is_empty()).cloned());
    let error = (|| {
        if let Some(cell) = &spaced_quote {
            return Some(format!(
                "{cell:?} has a space before its opening quote: remove the space so that the \
                 quotes hold the whole cell"
            ));
        }
        if cells.len() < 4 || cells.len() > 6 {
            return Some(column_count_error(&cells));
        }
        if team.is_empty() {
            return Some("the team name is empty".to_owned());
        }
        // Names are one line of text (see `crate::text`): a quoted line break is refused too.
        if let Some(bad) = std::iter::once(&team)
            .chain(&players)
            .chain([&captain])
            .find(|s| s.chars().any(crate::text::is_forbidden))
        {
            return Some(format!(
                "{bad:?} holds a control character (a line break, a tab, NUL); names are one line"
            ));
        }
        if team.chars().count() > 100 {
            return Some("the team name is longer than 100 characters".to_owned());
        }
        if let Some(i) = players.iter().take(2).position(String::is_empty) {
            return Some(format!("player{} is empty", i + 1));
        }
        if players.iter().any(|p| p.chars().count() > 100) {
            return Some("a player name is longer than 100 characters".to_owned());
        }
        let mut names = HashSet::new();
        if let Some(dup) = players.iter().find(|p| !names.insert(p.to_lowercase())) {
            return Some(format!("{dup} is listed twice in the team"));
        }
        if captain.is_empty() {
            return Some("the captain is empty".to_owned());
        }
        if !players.iter().any(|p| p.eq_ignore_ascii_case(&captain)) {
            return Some(format!(
                "captain {captain} is not one of the team's players"
            ));
        }
        let key = team.to_lowercase();
        if existing.contains(&key) {
            return Some(format!("a team named {team} is already in this event"));
        }
        if !seen.insert(key) {
            return Some(format!("team {team} appears twice in the file"));
        }
        None
    })();
    ImportRow {
        line,
        team,
        players,
        captain,
        error,
    }
}

/// Checks every row against the file and the event's teams.
fn preview_rows(
    conn: &mut DbConn,
    event_id: EventId,
    csv: &str,
) -> Result<Vec<ImportRow>, AppError> {
    if csv.len() > CSV_MAX_BYTES {
        return Err(AppError::PayloadTooLarge(format!(
            "the CSV is larger than {} KiB",
            CSV_MAX_BYTES / 1024
        )));
    }
    let existing: HashSet<String> = event_rows::teams_of(conn, event_id)?
        .into_iter()
        .map(|t| t.name.to_lowercase())
        .collect();
    let mut records = parse_csv(csv)?;
    // A header line is recognised by its first cell and skipped.
    if records.first().is_some_and(|(_, r)| {
        r.first()
            .is_some_and(|c| c.trim().eq_ignore_ascii_case("team"))
    }) {
        records.remove(0);
    }
    if records.is_empty() {
        return Err(AppError::field("csv", "the CSV holds no team"));
    }
    let mut seen = HashSet::new();
    Ok(records
        .iter()
        .map(|(line, cells)| check_row(*line, cells, &mut seen, &existing))
        .collect())
}

/// Previews a teams CSV, and unless `dry_run` imports it: every row or none (module doc).
pub fn import_teams(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
    req: &ImportRequest,
) -> Result<ImportPreview, AppError> {
    conn.write_tx(|conn| {
        Grants::load(conn, user_id)?.require_director(Some(event_id))?;
        events::event(conn, event_id)?;
        let rows = preview_rows(conn, event_id, &req.csv)?;
        let invalid = rows.iter().filter(|r| r.error.is_some()).count();
        let mut preview = ImportPreview {
            valid: rows.len() - invalid,
            invalid,
            rows,
            imported: false,
            teams: Vec::new(),
        };
        if req.dry_run {
            return Ok(preview);
        }
        if invalid > 0 {
            let detail: Vec<String> = preview
                .rows
                .iter()
                .filter_map(|r| r.error.as_ref().map(|e| format!("line {}: {e}", r.line)))
                .take(10)
                .collect();
            return Err(AppError::field(
                "csv",
                format!(
                    "{invalid} row(s) have errors, so nothing was imported: {}",
                    detail.join("; ")
                ),
            ));
        }
        for r in &preview.rows {
            let captain = r
                .players
                .iter()
                .position(|p| p.eq_ignore_ascii_case(&r.captain));
            let team = events::create_team(
                conn,
                now,
                user_id,
                event_id,
                &NewTeamRequest {
                    name: r.team.clone(),
                    players: r.players.clone(),
                    captain,
                },
            )
            .map_err(|e| {
                AppError::field("csv", format!("line {}: {}", r.line, e.public_message()))
            })?;
            preview.teams.push(team);
        }
        preview.imported = true;
        Ok(preview)
    })
}

/// An event's word list after an upload.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LexiconView {
    /// The event.
    pub event_id: EventId,
    /// The lexicon's name, as recorded on the event.
    pub lexicon: String,
    /// How many distinct words it holds.
    pub words: usize,
}

/// Checks a lexicon name: it labels the list on pages and must not shadow the bundled default.
pub fn check_lexicon_name(name: &str) -> Result<String, AppError> {
    let n = name.trim();
    let ok = !n.is_empty()
        && n.len() <= 40
        && n.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !ok {
        return Err(AppError::field(
            "lexicon_name",
            "a lexicon name has 1 to 40 letters, digits, '-', '_' or '.'",
        ));
    }
    if n.eq_ignore_ascii_case(DEFAULT_LEXICON) {
        return Err(AppError::field(
            "lexicon_name",
            format!(
                "{} is the bundled list; give the uploaded list another name",
                DEFAULT_LEXICON
            ),
        ));
    }
    Ok(n.to_owned())
}

/// Parses an uploaded word list; bad lines are reported with their numbers.
pub fn parse_lexicon(name: &str, bytes: &[u8]) -> Result<Lexicon, AppError> {
    if bytes.len() > LEXICON_MAX_BYTES {
        return Err(AppError::PayloadTooLarge(format!(
            "a word list may have at most {} MiB",
            LEXICON_MAX_BYTES / (1024 * 1024)
        )));
    }
    Lexicon::from_reader(name, bytes).map_err(|e| match e {
        LexiconError::BadLines { lines, total } => {
            let shown: Vec<String> = lines.iter().take(20).map(ToString::to_string).collect();
            let more = if total > shown.len() {
                format!(" (and {} more)", total - shown.len())
            } else {
                String::new()
            };
            AppError::field(
                "lexicon",
                format!(
                    "the word list has {total} bad line(s): {}{more}",
                    shown.join("; ")
                ),
            )
        }
        LexiconError::Empty => AppError::field("lexicon", "the word list holds no word"),
        other => AppError::field("lexicon", other.to_string()),
    })
}

/// Where an event's uploaded list lives: `<data dir>/lexicons/<event id>.txt`.
pub fn lexicon_path(data_dir: &Path, event_id: EventId) -> std::path::PathBuf {
    data_dir.join("lexicons").join(format!("{event_id}.txt"))
}

/// Stores an event's word list and records its name on the event, in one transaction: the file
/// is written to a temporary name and renamed into place, so a reader never sees half a list,
/// and a failed write leaves the event's record unchanged.
pub fn store_lexicon(
    conn: &mut DbConn,
    data_dir: &Path,
    user_id: UserId,
    event_id: EventId,
    name: &str,
    bytes: &[u8],
) -> Result<LexiconView, AppError> {
    // Who may comes first: parsing a list is the expensive part.
    Grants::load(conn, user_id)?.require_director(Some(event_id))?;
    let name = check_lexicon_name(name)?;
    let lexicon = parse_lexicon(&name, bytes)?;
    conn.write_tx(|conn| {
        Grants::load(conn, user_id)?.require_director(Some(event_id))?;
        events::event(conn, event_id)?;
        rows::set_event_lexicon(conn, event_id, &name)?;
        let path = lexicon_path(data_dir, event_id);
        let dir = path
            .parent()
            .ok_or_else(|| AppError::internal("lexicon path has no folder"))?;
        std::fs::create_dir_all(dir).map_err(AppError::internal)?;
        let tmp = dir.join(format!(".{event_id}.{}.tmp", crate::auth::random_token(6)));
        let written = std::fs::File::create(&tmp)
            .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
            .and_then(|()| std::fs::rename(&tmp, &path));
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(AppError::internal(format!("{}: {e}", path.display())));
        }
        Ok(LexiconView {
            event_id,
            lexicon: name.clone(),
            words: lexicon.len(),
        })
    })
}

#[cfg(test)]
mod tests;
