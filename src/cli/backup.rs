//! `arbiter backup --to FILE`: an online copy of the SQLite database.
//!
//! `VACUUM INTO` reads one consistent snapshot (WAL included) while the server keeps serving,
//! and writes a compact, self-contained database file: restoring is copying it back while the
//! server is stopped. PostgreSQL has its own tool for this (`pg_dump`), so the command refuses.

use std::path::Path;

use diesel::RunQueryDsl;
use diesel::sql_types::Text;

use crate::config::{Backend, DatabaseUrl};
use crate::db::DbConn;

/// What a backup wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupReport {
    /// Size of the copy in bytes.
    pub bytes: u64,
}

/// Copies the live SQLite database at `db` to `to`, which must not exist yet. The copy is made
/// readable by its owner only (it holds password hashes) and checked before this returns.
pub fn backup(db: &DatabaseUrl, to: &Path) -> Result<BackupReport, String> {
    if db.backend() == Backend::Postgres {
        return Err(
            "`arbiter backup` copies the embedded SQLite database; for PostgreSQL use \
             its own tools, e.g. `pg_dump --format=custom --file=arbiter.dump DATABASE_URL` \
             (restore with `pg_restore`)"
                .into(),
        );
    }
    let source = Path::new(db.target());
    if !source.is_file() {
        return Err(format!("no database at {}", source.display()));
    }
    if to.exists() {
        return Err(format!(
            "{} already exists; choose a new file name",
            to.display()
        ));
    }
    let target = to
        .to_str()
        .ok_or_else(|| format!("{} is not a UTF-8 path", to.display()))?;
    // VACUUM INTO accepts an existing empty file: make it first, private to its owner.
    create_private(to)?;
    let result = (|| {
        let pool = crate::db::build_pool(db, 1);
        let mut conn = pool.get().map_err(|e| format!("database: {e}"))?;
        let DbConn::Sqlite(sqlite) = &mut *conn else {
            return Err("the database URL is not SQLite".to_owned());
        };
        diesel::sql_query("VACUUM INTO ?")
            .bind::<Text, _>(target)
            .execute(sqlite)
            .map_err(|e| format!("backup failed: {e}"))?;
        verify(target)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(to);
    }
    result?;
    let bytes = std::fs::metadata(to)
        .map_err(|e| format!("{}: {e}", to.display()))?
        .len();
    Ok(BackupReport { bytes })
}

fn create_private(path: &Path) -> Result<(), String> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options
        .open(path)
        .map(drop)
        .map_err(|e| format!("cannot create {}: {e}", path.display()))
}

/// Opens the copy on its own and runs SQLite's integrity check on it.
fn verify(path: &str) -> Result<(), String> {
    use diesel::Connection;

    #[derive(diesel::QueryableByName)]
    struct Check {
        #[diesel(sql_type = Text)]
        integrity_check: String,
    }
    let mut copy = diesel::SqliteConnection::establish(path)
        .map_err(|e| format!("the copy cannot be opened: {e}"))?;
    let rows: Vec<Check> = diesel::sql_query("PRAGMA integrity_check")
        .load(&mut copy)
        .map_err(|e| format!("the copy cannot be read: {e}"))?;
    match rows.first() {
        Some(c) if c.integrity_check == "ok" => Ok(()),
        Some(c) => Err(format!(
            "the copy failed its integrity check: {}",
            c.integrity_check
        )),
        None => Err("the copy failed its integrity check".into()),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "arbiter_backup_{tag}_{}_{}",
            std::process::id(),
            crate::auth::random_token(4)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn postgres_is_refused_with_a_pointer_to_pg_dump() {
        let db = DatabaseUrl::parse("postgres://nobody@127.0.0.1:9/x").unwrap();
        let err = backup(&db, Path::new("/tmp/never-written.db")).unwrap_err();
        assert!(err.contains("pg_dump"), "{err}");
    }

    #[test]
    fn a_missing_database_or_an_existing_target_is_refused() {
        let dir = temp_dir("refuse");
        let db = DatabaseUrl::sqlite_in(&dir);
        let to = dir.join("copy.db");
        assert!(backup(&db, &to).unwrap_err().contains("no database"));
        assert!(
            !Path::new(db.target()).exists(),
            "the backup created a database"
        );
        std::fs::write(&to, b"x").unwrap();
        std::fs::write(db.target(), b"").unwrap();
        assert!(backup(&db, &to).unwrap_err().contains("already exists"));
        assert_eq!(std::fs::read(&to).unwrap(), b"x");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn the_copy_holds_the_data_and_is_private() {
        let dir = temp_dir("copy");
        let db = DatabaseUrl::sqlite_in(&dir);
        let pool = crate::db::build_pool(&db, 1);
        let mut conn = pool.get().unwrap();
        crate::db::run_migrations(&mut conn).unwrap();
        let now = chrono::DateTime::from_timestamp(1_796_000_000, 0).unwrap();
        crate::services::accounts::create_user(&mut conn, now, "chief", "a-long-password", true)
            .unwrap();
        let to = dir.join("copy.db");
        let report = backup(&db, &to).unwrap();
        assert!(report.bytes > 0);
        let copy = DatabaseUrl::parse(&format!("sqlite://{}", to.display())).unwrap();
        let mut c = crate::db::build_pool(&copy, 1).get().unwrap();
        assert_eq!(crate::db::users::count(&mut c).unwrap(), 1);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&to).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let _ = std::fs::remove_dir_all(dir);
    }
}
