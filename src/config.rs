//! Settings, parsed once at start-up from flags and the environment.
//!
//! | flag | variable | default | meaning |
//! |---|---|---|---|
//! | `--bind` | `ARBITER_BIND` | `127.0.0.1:8080` | address the web server listens on |
//! | `--data-dir` | `ARBITER_DATA_DIR` | `./data` | database file, secret file, uploads |
//! | `--database-url` | `DATABASE_URL` | `sqlite://<data dir>/arbiter.db` | `sqlite://PATH` or `postgres://…` |
//! | — | `ARBITER_SECRET` | `<data dir>/secret` (made once, mode 0600) | signs session tokens and CSRF tokens |
//! | `--session-hours` | `ARBITER_SESSION_HOURS` | `12` | how long a login lasts |
//! | `--secure-cookies` | `ARBITER_SECURE_COOKIES` | `false` | mark cookies `Secure` (serve over HTTPS) |
//! | `--log` | `RUST_LOG` | `info` | log filter (tracing `EnvFilter` syntax) |

use std::path::{Path, PathBuf};

/// Which database engine a URL selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    /// The embedded default: one file, WAL mode.
    Sqlite,
    /// The scale-out backend that several instances may share.
    Postgres,
}

impl Backend {
    /// The name used in `/healthz` and the logs.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

/// A database location, checked for a known scheme.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatabaseUrl {
    backend: Backend,
    /// For SQLite the file path (or `:memory:`), for PostgreSQL the whole URL.
    target: String,
}

impl DatabaseUrl {
    /// Parses `sqlite://PATH`, `sqlite:PATH`, `postgres://…` or `postgresql://…`.
    pub fn parse(url: &str) -> Result<Self, String> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(Self {
                backend: Backend::Postgres,
                target: url.to_owned(),
            });
        }
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .ok_or_else(|| {
                format!("database URL must start with sqlite:// or postgres:// (got {url:?})")
            })?;
        if path.is_empty() {
            return Err("sqlite:// URL has no file path".into());
        }
        Ok(Self {
            backend: Backend::Sqlite,
            target: path.to_owned(),
        })
    }

    /// The default: a SQLite file inside the data directory.
    pub fn sqlite_in(data_dir: &Path) -> Self {
        Self {
            backend: Backend::Sqlite,
            target: data_dir.join("arbiter.db").to_string_lossy().into_owned(),
        }
    }

    /// Which engine this URL selects.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The SQLite file path or the PostgreSQL URL, as the driver wants it.
    pub fn target(&self) -> &str {
        &self.target
    }
}

/// Everything the server needs to run.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Address to listen on (ignored when a listener is handed in, as tests do).
    pub bind: String,
    /// Directory for the SQLite file, the secret file and uploads.
    pub data_dir: PathBuf,
    /// Where the data lives.
    pub database: DatabaseUrl,
    /// Key for session tokens and CSRF tokens.
    pub secret: Vec<u8>,
    /// Lifetime of a login.
    pub session_hours: i64,
    /// Connections in the pool.
    pub pool_size: u32,
    /// Whether to start the background clock sweeper.
    pub sweeper: bool,
    /// Mark cookies `Secure` (set when Arbiter is served over HTTPS, usually behind a proxy).
    pub secure_cookies: bool,
    /// Time limits on clients and live streams.
    pub timeouts: Timeouts,
}

/// How long the server waits for clients, and how often it speaks on a quiet live stream.
///
/// A request's headers must arrive within `request_head`. Its body must arrive within
/// `request_body`, extended by one second for every `body_min_rate` bytes received (a client on
/// a slow link that keeps sending is not cut off; one that drips a byte now and then is), and
/// never beyond `request_body_max`; the answer is then 408 and the connection is closed. This is
/// the scheme of Apache's `mod_reqtimeout` (`body=10-120,MinRate=16384`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// For the request line and headers.
    pub request_head: std::time::Duration,
    /// For the body, before the allowance for data received.
    pub request_body: std::time::Duration,
    /// Bytes per second of body that earn one more second.
    pub body_min_rate: u64,
    /// For the body, however fast it comes.
    pub request_body_max: std::time::Duration,
    /// How long a live (SSE) stream stays silent before it sends a keep-alive comment. Writing
    /// is how a server learns that a subscriber has gone, so this also bounds how long a
    /// closed subscriber is held.
    pub live_keep_alive: std::time::Duration,
    /// How long a kept-alive connection may sit idle between two requests before the server
    /// closes it. A player's browser or a table's tablet sends a request every few seconds; at
    /// actix-web's default (5 s) most of them found their connection closed and paid for a new
    /// one (issue 17's bench: 70% of moves at one move per 5 s). 75 s is nginx's default.
    pub idle_keep_alive: std::time::Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        use std::time::Duration;
        Self {
            request_head: Duration::from_secs(5),
            request_body: Duration::from_secs(10),
            body_min_rate: 16 * 1024,
            request_body_max: Duration::from_secs(120),
            live_keep_alive: Duration::from_secs(15),
            idle_keep_alive: Duration::from_secs(75),
        }
    }
}

/// Uses `from_env` (the value of `ARBITER_SECRET`) when given, else the secret file in the data
/// directory, creating it (mode 0600) with fresh random bytes the first time, so sessions survive
/// restarts without set-up.
pub fn load_or_create_secret(
    from_env: Option<String>,
    data_dir: &Path,
) -> std::io::Result<Vec<u8>> {
    if let Some(s) = from_env {
        if s.len() >= 16 {
            return Ok(s.into_bytes());
        }
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "ARBITER_SECRET must be at least 16 characters",
        ));
    }
    let path = data_dir.join("secret");
    match std::fs::read_to_string(&path) {
        Ok(s) if s.trim().len() >= 32 => return Ok(s.trim().as_bytes().to_vec()),
        Ok(_) => {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "{} is too short; delete it to make a new one",
                    path.display()
                ),
            ));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let secret = crate::auth::random_token(32);
    write_private_file(&path, secret.as_bytes())?;
    Ok(secret.into_bytes())
}

/// Creates a file readable only by its owner (0600 on Unix), refusing to overwrite one.
fn write_private_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_urls_select_their_backend() {
        let pg = DatabaseUrl::parse("postgres://u@h/db").unwrap();
        assert_eq!(pg.backend(), Backend::Postgres);
        let lite = DatabaseUrl::parse("sqlite:///tmp/x.db").unwrap();
        assert_eq!(
            (lite.backend(), lite.target()),
            (Backend::Sqlite, "/tmp/x.db")
        );
        assert!(DatabaseUrl::parse("mysql://x").is_err());
        assert!(DatabaseUrl::parse("sqlite://").is_err());
    }

    #[cfg(unix)]
    #[test]
    fn secret_file_is_created_private_and_reused() {
        use std::os::unix::fs::PermissionsExt;
        let dir =
            std::env::temp_dir().join(format!("arbiter-secret-{}", crate::auth::random_token(6)));
        std::fs::create_dir_all(&dir).unwrap();
        let first = load_or_create_secret(None, &dir).unwrap();
        let mode = std::fs::metadata(dir.join("secret"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(load_or_create_secret(None, &dir).unwrap(), first);
        let given = "a-secret-given-in-the-environment".to_string();
        assert_eq!(
            load_or_create_secret(Some(given.clone()), &dir).unwrap(),
            given.into_bytes()
        );
        assert!(load_or_create_secret(Some("short".into()), &dir).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
