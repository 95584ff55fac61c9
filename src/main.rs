//! The `arbiter` command: start-up only. Everything it runs lives in the library.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter::config::{DatabaseUrl, Settings, load_or_create_secret};
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    about = "Tournament operations for word-game events"
)]
struct Cli {
    /// Directory for the SQLite database, the secret file and uploads.
    #[arg(
        long,
        env = "ARBITER_DATA_DIR",
        default_value = "./data",
        global = true
    )]
    data_dir: PathBuf,
    /// `sqlite://PATH` or `postgres://…`; default: a SQLite file in the data directory.
    #[arg(long, env = "DATABASE_URL", global = true)]
    database_url: Option<String>,
    /// Log filter, e.g. `info` or `arbiter=debug,actix_web=info`.
    #[arg(long, env = "RUST_LOG", default_value = "info", global = true)]
    log: String,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web server.
    Serve {
        /// Address to listen on.
        #[arg(long, env = "ARBITER_BIND", default_value = "127.0.0.1:8080")]
        bind: String,
        /// How long a login lasts, in hours.
        #[arg(long, env = "ARBITER_SESSION_HOURS", default_value_t = 12)]
        session_hours: i64,
        /// Mark cookies Secure (when served over HTTPS).
        #[arg(long, env = "ARBITER_SECURE_COOKIES", default_value_t = false)]
        secure_cookies: bool,
        /// Tests only: deal online games from a generator seeded with this number, so a
        /// browser test knows the tiles. Refused unless `--insecure-test-mode` is given too.
        #[arg(long, requires = "insecure_test_mode")]
        dealer_seed: Option<u64>,
        /// Allows test-only options (`--dealer-seed`). Never on a server people play on: a
        /// known seed tells anyone who knows it every tile to come.
        #[arg(long, default_value_t = false)]
        insecure_test_mode: bool,
    },
    /// Manage accounts.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Fill the data directory (or DATABASE_URL) with a demo event: teams, an account for each
    /// role, a finished round and a round in progress with open challenges.
    Demo,
    /// Copy the live SQLite database to a new file (online; restore = stop, copy back, start).
    Backup {
        /// The file to write; it must not exist yet.
        #[arg(long)]
        to: PathBuf,
    },
    /// Game records in GCG.
    Gcg {
        #[command(subcommand)]
        command: GcgCommand,
    },
    /// Every legal play of a position: the count, the top score and the top plays.
    Moves {
        /// A board: 15 lines of 15 characters (`.` empty, uppercase tile, lowercase blank).
        #[arg(long, conflicts_with = "positions", requires = "rack")]
        board: Option<PathBuf>,
        /// The rack: letters, `?` for a blank.
        #[arg(long)]
        rack: Option<String>,
        /// JSON lines `{"board": [...15 strings], "rack": "..."}`; each comes back with
        /// `n_place_moves`, `top_score` and `top_moves` added.
        #[arg(long, required_unless_present = "board")]
        positions: Option<PathBuf>,
        /// Word list, one word per line (default: the bundled ENABLE list).
        #[arg(long)]
        lexicon: Option<PathBuf>,
        /// Tile set: english, french or indonesian.
        #[arg(long, default_value = "english")]
        tiles: String,
        /// How many plays to list after the top score (with --board).
        #[arg(long, default_value_t = 10)]
        top: usize,
    },
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Create an administrator account.
    Create {
        /// Login name.
        #[arg(long)]
        username: String,
        /// Read the password from the first line of standard input instead of generating one.
        #[arg(long)]
        password_stdin: bool,
    },
}

#[derive(Subcommand)]
enum GcgCommand {
    /// Replay records on the board and report every score, rack or total that does not agree.
    Check {
        /// GCG files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Also check every word against this word list.
        #[arg(long)]
        lexicon: Option<PathBuf>,
    },
    /// For every move of a game: the play, its score, the top play(s) of the position and the
    /// difference; then a summary per player.
    Analyze {
        /// The GCG file.
        file: PathBuf,
        /// Word list, one word per line (default: the bundled ENABLE list).
        #[arg(long)]
        lexicon: Option<PathBuf>,
        /// Tile set (default: the record's #tile-distribution, else english).
        #[arg(long)]
        tiles: Option<String>,
    },
}

fn database_url(cli: &Cli) -> Result<DatabaseUrl, String> {
    match &cli.database_url {
        Some(url) if !url.is_empty() => DatabaseUrl::parse(url),
        _ => Ok(DatabaseUrl::sqlite_in(&cli.data_dir)),
    }
}

fn init_logging(filter: &str) {
    let filter = tracing_subscriber::EnvFilter::try_new(filter)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Colour codes only for a person at a terminal: a log file or a service journal gets plain
    // text. The fmt subscriber writes to standard output, so that is the stream asked.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stdout());
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_ansi(ansi)
        .init();
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("arbiter: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match &cli.command {
        Command::Serve {
            bind,
            session_hours,
            secure_cookies,
            dealer_seed,
            insecure_test_mode: _,
        } => {
            init_logging(&cli.log);
            std::fs::create_dir_all(&cli.data_dir)
                .map_err(|e| format!("data directory {}: {e}", cli.data_dir.display()))?;
            let secret = load_or_create_secret(std::env::var("ARBITER_SECRET").ok(), &cli.data_dir)
                .map_err(|e| format!("secret: {e}"))?;
            let settings = Settings {
                bind: bind.clone(),
                data_dir: cli.data_dir.clone(),
                database: database_url(&cli)?,
                secret,
                session_hours: (*session_hours).clamp(1, 24 * 14),
                pool_size: 16,
                sweeper: true,
                secure_cookies: *secure_cookies,
                timeouts: arbiter::config::Timeouts::default(),
            };
            serve(settings, *dealer_seed)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Admin {
            command:
                AdminCommand::Create {
                    username,
                    password_stdin,
                },
        } => {
            std::fs::create_dir_all(&cli.data_dir)
                .map_err(|e| format!("data directory {}: {e}", cli.data_dir.display()))?;
            let db = database_url(&cli)?;
            let stdin = std::io::stdin();
            let mut lock = stdin.lock();
            let source = if *password_stdin {
                arbiter::cli::admin::PasswordSource::Reader(&mut lock)
            } else {
                arbiter::cli::admin::PasswordSource::Generate
            };
            match arbiter::cli::admin::create_admin(&db, username, source)? {
                Some(p) => println!("created administrator {username} with password: {p}"),
                None => println!("created administrator {username}"),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Demo => {
            std::fs::create_dir_all(&cli.data_dir)
                .map_err(|e| format!("data directory {}: {e}", cli.data_dir.display()))?;
            let db = database_url(&cli)?;
            let mut out = std::io::stdout().lock();
            let accounts = arbiter::cli::demo::run(&db, &mut out)?;
            use std::io::Write;
            let w = |e: std::io::Error| e.to_string();
            writeln!(out, "\nAccounts (passwords are shown only now):").map_err(w)?;
            for a in &accounts {
                writeln!(out, "  {:<10} {:<19}  {}", a.username, a.password, a.role).map_err(w)?;
            }
            writeln!(
                out,
                "\nStart the server on the same data and sign in with any of them:\n  cargo run --release -- serve --data-dir {}",
                cli.data_dir.display()
            )
            .map_err(w)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Backup { to } => {
            let report = arbiter::cli::backup::backup(&database_url(&cli)?, to)?;
            println!("backed up to {} ({} bytes)", to.display(), report.bytes);
            Ok(ExitCode::SUCCESS)
        }
        Command::Gcg {
            command: GcgCommand::Check { files, lexicon },
        } => {
            let mut out = std::io::stdout().lock();
            let clean = arbiter::cli::gcg::check(files, lexicon.as_deref(), &mut out)
                .map_err(|e| e.to_string())?;
            Ok(if clean {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Moves { .. }
        | Command::Gcg {
            command: GcgCommand::Analyze { .. },
        } => moves(&cli.command, &cli.data_dir),
    }
}

/// `moves` and `gcg analyze`; the word graph is cached in `data_dir/wordgraphs`.
fn moves(command: &Command, data_dir: &std::path::Path) -> Result<ExitCode, String> {
    use arbiter::cli::moves;
    let mut out = std::io::stdout().lock();
    match command {
        Command::Moves {
            board,
            rack,
            positions,
            lexicon,
            tiles,
            top,
        } => {
            let setup = moves::setup(lexicon.as_deref(), moves::tile_set(tiles)?, Some(data_dir))?;
            match (board, positions) {
                (Some(board), _) => {
                    let rack = rack.as_deref().unwrap_or_default();
                    moves::board(&setup, board, rack, *top, &mut out)?;
                }
                (None, Some(file)) => {
                    moves::positions(&setup, file, &mut out)?;
                }
                (None, None) => {
                    return Err("give --board FILE --rack RACK, or --positions FILE".into());
                }
            }
        }
        Command::Gcg {
            command:
                GcgCommand::Analyze {
                    file,
                    lexicon,
                    tiles,
                },
        } => {
            let set = match tiles {
                Some(name) => moves::tile_set(name)?,
                None => moves::record_tile_set(file)?,
            };
            let setup = moves::setup(lexicon.as_deref(), set, Some(data_dir))?;
            moves::analyze(&setup, file, &mut out)?;
        }
        _ => {}
    }
    Ok(ExitCode::SUCCESS)
}

fn serve(settings: Settings, dealer_seed: Option<u64>) -> Result<(), String> {
    let listener = std::net::TcpListener::bind(&settings.bind)
        .map_err(|e| format!("cannot listen on {}: {e}", settings.bind))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let mut state = arbiter::startup::prepare(&settings).map_err(|e| e.to_string())?;
    if let Some(seed) = dealer_seed {
        tracing::warn!(
            seed,
            "insecure test mode: online games are dealt from a known seed"
        );
        state.online = std::sync::Arc::new(arbiter::services::online::Online::new(
            arbiter::services::online::Dealer::seeded(seed),
        ));
    }
    tracing::info!(%addr, "Arbiter is listening on http://{addr}/");
    actix_web::rt::System::new()
        .block_on(async move {
            let server = arbiter::startup::run(listener, state)?;
            server.await?;
            Ok::<(), arbiter::startup::StartError>(())
        })
        .map_err(|e| e.to_string())?;
    tracing::info!("stopped");
    Ok(())
}
