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

use serde::{Deserialize, Serialize};

use crate::db::{DbConn, events as event_rows, rounds as rows};
use crate::error::AppError;
use crate::rules::lexicon::{Lexicon, LexiconError};
use crate::services::authz::Grants;
use crate::services::events::{self, NewTeamRequest, TeamView};

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

/// Splits CSV text into records with the line each starts on. Quoted fields may hold commas,
/// doubled quotes and line breaks; blank lines are skipped.
fn parse_csv(text: &str) -> Result<Vec<(usize, Vec<String>)>, AppError> {
    let mut records = Vec::new();
    let mut record: Vec<String> = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut line = 1usize;
    let mut start = 1usize;
    let mut chars = text.trim_start_matches('\u{feff}').chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => {
                if c == '\n' {
                    line += 1;
                }
                field.push(c);
            }
            (false, '"') if field.trim().is_empty() => {
                field.clear();
                quoted = true;
            }
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                if record.iter().any(|f| !f.trim().is_empty()) {
                    records.push((start, std::mem::take(&mut record)));
                }
                record.clear();
                line += 1;
                start = line;
            }
            (false, c) => field.push(c),
        }
    }
    if quoted {
        return Err(AppError::field(
            "csv",
            format!("line {start}: a quoted field is not closed"),
        ));
    }
    record.push(field);
    if record.iter().any(|f| !f.trim().is_empty()) {
        records.push((start, record));
    }
    Ok(records)
}

fn check_row(
    line: usize,
    cells: &[String],
    seen: &mut HashSet<String>,
    existing: &HashSet<String>,
) -> ImportRow {
    let cells: Vec<String> = cells.iter().map(|c| c.trim().to_owned()).collect();
    let get = |i: usize| cells.get(i).cloned().unwrap_or_default();
    let team = get(0);
    let captain = get(3);
    let mut players = vec![get(1), get(2)];
    players.extend(cells.iter().skip(4).filter(|c| !c.is_empty()).cloned());
    let error = (|| {
        if cells.len() < 4 || cells.len() > 6 {
            return Some(format!(
                "expected 4 to 6 columns (team,player1,player2,captain[,reserve1,reserve2]), found {}",
                cells.len()
            ));
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
fn preview_rows(conn: &mut DbConn, event_id: i64, csv: &str) -> Result<Vec<ImportRow>, AppError> {
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
    user_id: i64,
    event_id: i64,
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
    pub event_id: i64,
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
pub fn lexicon_path(data_dir: &Path, event_id: i64) -> std::path::PathBuf {
    data_dir.join("lexicons").join(format!("{event_id}.txt"))
}

/// Stores an event's word list and records its name on the event, in one transaction: the file
/// is written to a temporary name and renamed into place, so a reader never sees half a list,
/// and a failed write leaves the event's record unchanged.
pub fn store_lexicon(
    conn: &mut DbConn,
    data_dir: &Path,
    user_id: i64,
    event_id: i64,
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
mod tests {
    use super::*;

    #[test]
    fn csv_fields_may_be_quoted_with_commas_quotes_and_crlf() {
        let recs = parse_csv("team,p1\r\n\"A, B\",\"say \"\"hi\"\"\"\r\n\r\nC,D").unwrap();
        assert_eq!(recs.len(), 3);
        assert_eq!(
            recs[1],
            (2, vec!["A, B".to_owned(), "say \"hi\"".to_owned()])
        );
        assert_eq!(recs[2].0, 4);
    }

    #[test]
    fn an_unclosed_quote_names_its_line() {
        let err = parse_csv("a,b\n\"c,d\n").unwrap_err();
        assert!(err.to_string().contains("line 2"), "{err}");
    }

    #[test]
    fn a_row_whose_captain_is_not_a_player_is_refused() {
        let cells: Vec<String> = ["T", "Ann", "Bob", "Cy"].map(String::from).to_vec();
        let row = check_row(3, &cells, &mut HashSet::new(), &HashSet::new());
        assert!(row.error.unwrap().contains("captain Cy"));
    }
}
