//! `arbiter admin create`.

use std::io::BufRead;

use crate::config::DatabaseUrl;
use crate::error::AppError;

/// Where the password for a new account comes from.
pub enum PasswordSource<'a> {
    /// The first line of this reader (`--password-stdin`).
    Reader(&'a mut dyn BufRead),
    /// Make one up and print it.
    Generate,
}

/// Creates an administrator. Returns the generated password when one was made.
pub fn create_admin(
    db: &DatabaseUrl,
    username: &str,
    source: PasswordSource<'_>,
) -> Result<Option<String>, String> {
    let (password, generated) = match source {
        PasswordSource::Reader(r) => {
            let mut line = String::new();
            r.read_line(&mut line)
                .map_err(|e| format!("could not read the password: {e}"))?;
            let p = line.trim_end_matches(['\r', '\n']).to_owned();
            if p.is_empty() {
                return Err("no password on standard input".into());
            }
            (p, false)
        }
        PasswordSource::Generate => (crate::auth::generate_password(), true),
    };
    let pool = crate::db::build_pool(db, 1);
    let mut conn = pool.get().map_err(|e| format!("database: {e}"))?;
    crate::db::run_migrations(&mut conn).map_err(|e| format!("database: {e}"))?;
    let now = crate::clock::Clock::now(&crate::clock::SystemClock);
    crate::services::accounts::create_user(&mut conn, now, username, &password, true).map_err(
        |e| match e {
            AppError::BadRequest { message, .. } => message,
            other => other.to_string(),
        },
    )?;
    Ok(generated.then_some(password))
}
