//! Test harness: a real server on port 0 with a fresh database per test.
//!
//! The backend comes from `ARBITER_TEST_DATABASE`: unset means a temporary SQLite file;
//! `postgres://user@host:port` means a fresh PostgreSQL database made (and dropped) per test.

#[path = "../support/pg.rs"]
mod pg;

use std::collections::BTreeMap;
use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use arbiter::config::{DatabaseUrl, Settings};
use diesel::prelude::*;
use serde_json::Value;

static COUNTER: AtomicU64 = AtomicU64::new(0);

fn unique(prefix: &str) -> String {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    format!(
        "{prefix}_{}_{}_{n}",
        std::process::id(),
        arbiter::auth::random_token(4)
    )
}

/// The PostgreSQL server URL to make test databases on, if the run asks for one.
pub fn postgres_server() -> Option<String> {
    std::env::var("ARBITER_TEST_DATABASE")
        .ok()
        .filter(|u| u.starts_with("postgres://") || u.starts_with("postgresql://"))
}

/// A database that exists for one test.
pub struct TestDb {
    /// Where it is.
    pub url: DatabaseUrl,
    /// The data directory (SQLite file lives here).
    pub dir: PathBuf,
    pg_admin: Option<(String, String)>,
}

impl TestDb {
    /// A fresh, empty database on the backend this run tests.
    pub fn fresh() -> Self {
        let dir = std::env::temp_dir().join(unique("arbiter_test"));
        std::fs::create_dir_all(&dir).unwrap();
        match postgres_server() {
            Some(server) => {
                let name = unique("arbiter_t");
                let mut admin = PgConnection::establish(&server)
                    .expect("connect to the PostgreSQL test server");
                diesel::sql_query(format!("CREATE DATABASE {name}"))
                    .execute(&mut admin)
                    .unwrap();
                let url = pg::database_url(&server, &name);
                TestDb {
                    url: DatabaseUrl::parse(&url).unwrap(),
                    dir,
                    pg_admin: Some((server, name)),
                }
            }
            None => TestDb {
                url: DatabaseUrl::parse(&format!("sqlite://{}", dir.join("arbiter.db").display()))
                    .unwrap(),
                dir,
                pg_admin: None,
            },
        }
    }

    /// The URL as the command line takes it.
    pub fn url_string(&self) -> String {
        match self.url.backend() {
            arbiter::config::Backend::Sqlite => format!("sqlite://{}", self.url.target()),
            arbiter::config::Backend::Postgres => self.url.target().to_owned(),
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some((server, name)) = &self.pg_admin
            && let Ok(mut admin) = PgConnection::establish(server)
        {
            let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut admin);
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A running server and a client for it.
pub struct TestApp {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The server's secret, to forge tokens in tests.
    pub secret: Vec<u8>,
    /// Its database.
    pub db: TestDb,
}

/// Settings for a test server on `db`.
pub fn settings_for(db: &TestDb) -> Settings {
    Settings {
        bind: "127.0.0.1:0".into(),
        data_dir: db.dir.clone(),
        database: db.url.clone(),
        secret: arbiter::auth::random_token(32).into_bytes(),
        session_hours: 2,
        pool_size: 8,
        sweeper: false,
        secure_cookies: false,
        timeouts: arbiter::config::Timeouts::default(),
    }
}

/// Starts a server on a fresh database.
pub fn spawn_app() -> TestApp {
    spawn_app_with(None, false)
}

/// Starts a server whose clock stands still until the test moves it.
pub fn spawn_app_with_clock() -> (TestApp, std::sync::Arc<arbiter::clock::ManualClock>) {
    let clock = std::sync::Arc::new(arbiter::clock::ManualClock::new(chrono::Utc::now()));
    (spawn_app_with(Some(clock.clone()), false), clock)
}

/// Like [`spawn_app_with_clock`], with the background clock sweeper running.
pub fn spawn_app_with_sweeper() -> (TestApp, std::sync::Arc<arbiter::clock::ManualClock>) {
    let clock = std::sync::Arc::new(arbiter::clock::ManualClock::new(chrono::Utc::now()));
    (spawn_app_with(Some(clock.clone()), true), clock)
}

fn spawn_app_with(
    clock: Option<std::sync::Arc<arbiter::clock::ManualClock>>,
    sweeper: bool,
) -> TestApp {
    let db = TestDb::fresh();
    let mut settings = settings_for(&db);
    settings.sweeper = sweeper;
    let mut state = arbiter::startup::prepare(&settings).expect("server prepares");
    if let Some(c) = clock {
        state.clock = c;
    }
    let base = start(state);
    TestApp {
        base,
        secret: settings.secret,
        db,
    }
}

/// Starts a server for a prepared state on its own thread; returns its base URL.
pub fn start(state: arbiter::web::AppState) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let server = arbiter::startup::run(listener, state).expect("server starts");
            let _ = server.await;
        })
    });
    format!("http://127.0.0.1:{port}")
}

/// A response, read whole.
#[derive(Debug)]
pub struct Resp {
    /// Status code.
    pub status: u16,
    /// Headers (lower-case names; repeated ones joined by "\n").
    pub headers: BTreeMap<String, String>,
    /// Body text.
    pub body: String,
}

impl Resp {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(String::as_str)
    }
}

/// A client that keeps cookies like a browser and never follows redirects.
pub struct Client {
    agent: ureq::Agent,
    base: String,
    /// Cookies by name.
    pub cookies: BTreeMap<String, String>,
    /// Bearer token to send, if any.
    pub bearer: Option<String>,
}

impl Client {
    /// A new client for `base`.
    pub fn new(base: &str) -> Self {
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .build();
        Client {
            agent: config.into(),
            base: base.to_owned(),
            cookies: BTreeMap::new(),
            bearer: None,
        }
    }

    fn finish(&mut self, res: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Resp {
        let mut res = res.expect("request completes");
        let mut headers = BTreeMap::new();
        for (k, v) in res.headers() {
            let v = v.to_str().unwrap_or_default().to_owned();
            if k.as_str() == "set-cookie" {
                let pair = v.split(';').next().unwrap_or_default();
                if let Some((name, value)) = pair.split_once('=') {
                    let removal = v.to_lowercase().contains("max-age=0") || value.is_empty();
                    if removal {
                        self.cookies.remove(name.trim());
                    } else {
                        self.cookies
                            .insert(name.trim().to_owned(), value.to_owned());
                    }
                }
            }
            headers
                .entry(k.as_str().to_owned())
                .and_modify(|e: &mut String| {
                    e.push('\n');
                    e.push_str(&v)
                })
                .or_insert(v);
        }
        let status = res.status().as_u16();
        let body = res.body_mut().read_to_string().unwrap_or_default();
        Resp {
            status,
            headers,
            body,
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// GET.
    pub fn get(&mut self, path: &str) -> Resp {
        let mut req = self
            .agent
            .get(&self.url(path))
            .header("Cookie", &self.cookie_header());
        if let Some(t) = &self.bearer {
            req = req.header("Authorization", &format!("Bearer {t}"));
        }
        let res = req.call();
        self.finish(res)
    }

    /// GET with extra headers; the body as bytes, untouched (a compressed body stays compressed).
    pub fn get_bytes(&mut self, path: &str, headers: &[(&str, &str)]) -> (Resp, Vec<u8>) {
        let mut req = self
            .agent
            .get(&self.url(path))
            .header("Cookie", &self.cookie_header());
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let mut res = req.call().expect("request completes");
        let body = res.body_mut().read_to_vec().unwrap_or_default();
        (self.finish(Ok(res)), body)
    }

    /// POST a JSON body, with extra headers.
    pub fn post_json_with(&mut self, path: &str, body: &Value, headers: &[(&str, &str)]) -> Resp {
        let mut req = self
            .agent
            .post(&self.url(path))
            .header("Cookie", &self.cookie_header());
        if let Some(t) = &self.bearer {
            req = req.header("Authorization", &format!("Bearer {t}"));
        }
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let res = req.send_json(body);
        self.finish(res)
    }

    /// POST a JSON body.
    pub fn post_json(&mut self, path: &str, body: &Value) -> Resp {
        self.post_json_with(path, body, &[])
    }

    /// POST a form.
    pub fn post_form(&mut self, path: &str, fields: &[(&str, &str)]) -> Resp {
        let req = self
            .agent
            .post(&self.url(path))
            .header("Cookie", &self.cookie_header());
        let res = req.send_form(fields.iter().copied());
        self.finish(res)
    }

    /// Loads a page and returns the CSRF token in its first form.
    pub fn csrf_from(&mut self, path: &str) -> String {
        let page = self.get(path);
        csrf_in(&page.body).unwrap_or_else(|| panic!("no CSRF token on {path}: {}", page.body))
    }

    /// Signs in through the browser form.
    pub fn login_form(&mut self, username: &str, password: &str) -> Resp {
        let csrf = self.csrf_from("/login");
        self.post_form(
            "/login",
            &[
                ("csrf", &csrf),
                ("username", username),
                ("password", password),
                ("next", "/"),
            ],
        )
    }
}

/// The value of the first `name="csrf"` hidden input in a page.
pub fn csrf_in(html: &str) -> Option<String> {
    let at = html.find("name=\"csrf\" value=\"")? + "name=\"csrf\" value=\"".len();
    Some(html[at..].split('"').next()?.to_owned())
}

impl TestApp {
    /// A client for this server.
    pub fn client(&self) -> Client {
        Client::new(&self.base)
    }

    /// Makes an account directly in the database.
    pub fn create_user(&self, username: &str, password: &str, admin: bool) -> i64 {
        let pool = arbiter::db::build_pool(&self.db.url, 1);
        let mut conn = pool.get().unwrap();
        arbiter::services::accounts::create_user(&mut conn, username, password, admin)
            .unwrap()
            .id
            .0
    }

    /// A Bearer token for an account, through the API.
    pub fn token(&self, username: &str, password: &str) -> String {
        let res = self.client().post_json(
            "/api/v1/auth/token",
            &serde_json::json!({"username": username, "password": password}),
        );
        assert_eq!(res.status, 200, "{}", res.body);
        res.json()["token"].as_str().unwrap().to_owned()
    }
}
