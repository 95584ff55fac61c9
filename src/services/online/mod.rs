//! Online play (seed 001, O1-O4) as a service: accounts register themselves, offer seeks or
//! challenge a named player, and play games the server deals, times and rules on
//! (`rules::online`); ratings move in the transaction that ends a rated game (O4).
//!
//! Every change to a game is decided by the rules core on the folded log and appended with the
//! game's projection moved from the seq it was decided on, and is announced only once its
//! transaction committed. A player's command goes through the online writer (`writer`: a queue
//! whose thread decides every waiting command on the cached games and writes them in one
//! transaction, group commit); the clock sweeper's pass, and a command the writer cannot batch,
//! take a write transaction of their own ([`crate::services::desk::Desk::write`], a race being
//! a 409). Live messages name no tiles.
//!
//! - `games`: the game's commands, the sweeper's loss on time, views and the record;
//! - `writer`: the online writer (group commit for players' commands);
//! - `seeks`: seeks, direct challenges and the lobby;
//! - `players`: registration, profiles and the leaderboard.

mod cache;
mod games;
mod players;
mod preview;
mod requests;
mod seeks;
mod writer;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::error::AppError;
use crate::rules::movegen::WordGraph;
use crate::rules::online::OnlineError;
use crate::services::lexicons::{DEFAULT, LexiconStore};
use crate::vocab::EventId;

pub use cache::{GameCache, Learned};
pub use games::{
    GameSummary, OnlineGameView, cached_view, check_command, finished_record, game_view, prepare,
    ready, record, sweep,
};
pub use players::{
    LeaderboardLine, LeaderboardView, ProfileView, RatingChange, RatingLine, RegisterRequest,
    RegisteredView, RegistrationSetting, leaderboard, profile, register, registration,
    set_registration,
};
pub use preview::{PreviewRequest, PreviewView, check_preview, preview};
pub use requests::{CommandRequest, NewSeekRequest, PlayerCommand};
pub use seeks::{LobbyView, SeekView, accept, cancel, check_accept, create_seek, decline, lobby};
pub use writer::{Answer, OnlineWriter, Submission, WriterTiming};

/// Where the word list `name` comes from: the bundled list (event 0), or the newest event that
/// uploaded a list by that name (the lists the site holds). Unknown: a field error.
pub fn lexicon_source(conn: &mut crate::db::DbConn, name: &str) -> Result<EventId, AppError> {
    if name == DEFAULT {
        return Ok(EventId(0));
    }
    crate::db::events::list_events(conn)?
        .into_iter()
        .filter(|e| e.lexicon == name)
        .map(|e| e.id)
        .max_by_key(|id| id.0)
        .ok_or_else(|| {
            AppError::field(
                "settings.lexicon",
                format!(
                    "no word list {name:?} on this site: {DEFAULT}, or a list uploaded for an event"
                ),
            )
        })
}

/// The move graph of the word list `name` (see [`lexicon_source`]), built once.
pub fn graph_for(
    conn: &mut crate::db::DbConn,
    lexicons: &LexiconStore,
    name: &str,
) -> Result<Arc<WordGraph>, AppError> {
    let source = lexicon_source(conn, name)?;
    crate::services::duplicate::graph(lexicons, source, name)
}

/// The site setting that opens or closes self-registration.
pub const REGISTRATION: &str = "online_registration";

impl From<OnlineError> for AppError {
    fn from(e: OnlineError) -> Self {
        let rule = |rule: &str, field: Option<&str>| AppError::Rule {
            rule: rule.into(),
            message: e.to_string(),
            field: field.map(str::to_owned),
        };
        match &e {
            OnlineError::Rule(r) => r.clone().into(),
            OnlineError::NotInDictionary { .. } => rule("O1", Some("move")),
            OnlineError::NoChallenges => rule("O1", Some("type")),
            OnlineError::NotOnRack { .. } => rule("C2", Some("tiles")),
            OnlineError::NotAPlayer(_) => AppError::Forbidden(e.to_string()),
            OnlineError::Settings(_) => AppError::field("settings", e.to_string()),
            OnlineError::GameOver | OnlineError::Lifecycle(_) | OnlineError::NotFinished => {
                AppError::Conflict {
                    message: e.to_string(),
                    current: None,
                }
            }
        }
    }
}

/// Where the server's tiles come from: a generator keyed from the operating system's random
/// source for every command, or (tests) one seeded generator so a game's deal is known.
#[derive(Debug)]
pub struct Dealer(Option<Mutex<StdRng>>);

impl Dealer {
    /// The operating system's random source.
    pub fn os() -> Self {
        Self(None)
    }

    /// A seeded source (tests: the same seed deals the same tiles).
    pub fn seeded(seed: u64) -> Self {
        Self(Some(Mutex::new(StdRng::seed_from_u64(seed))))
    }

    /// The seed of a generator for one command (the online writer keeps it, so that a command
    /// run again alone draws the same tiles): the operating system's, or the next 32 bytes of
    /// the seeded source.
    pub fn seed(&self) -> Result<[u8; 32], AppError> {
        let mut seed = [0u8; 32];
        match &self.0 {
            None => {
                use rand::TryRng;
                rand::rngs::SysRng
                    .try_fill_bytes(&mut seed)
                    .map_err(AppError::internal)?;
            }
            Some(seeded) => {
                use rand::Rng;
                seeded
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .fill_bytes(&mut seed);
            }
        }
        Ok(seed)
    }

    /// A generator for one command (what `StdRng::from_rng` would make of the source).
    pub fn rng(&self) -> Result<StdRng, AppError> {
        Ok(StdRng::from_seed(self.seed()?))
    }
}

/// Registrations per address in [`REGISTER_WINDOW`].
pub const REGISTER_LIMIT: usize = 5;
/// The window [`REGISTER_LIMIT`] counts in.
pub const REGISTER_WINDOW: Duration = Duration::from_secs(3600);

/// What online play keeps in memory: the dealer and recent registrations per address (rate
/// limit; forgotten at a restart, which only makes it more lenient).
#[derive(Debug)]
pub struct Online {
    /// Where tiles come from.
    pub dealer: Dealer,
    registrations: Mutex<HashMap<String, Vec<Instant>>>,
}

impl Default for Online {
    fn default() -> Self {
        Self::new(Dealer::os())
    }
}

impl Online {
    /// Online play dealing from `dealer`.
    pub fn new(dealer: Dealer) -> Self {
        Self {
            dealer,
            registrations: Mutex::default(),
        }
    }

    /// Counts a registration from `address`, refusing (429) past [`REGISTER_LIMIT`] in the
    /// window.
    pub fn count_registration(&self, address: &str) -> Result<(), AppError> {
        let mut map = self
            .registrations
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = Instant::now();
        map.retain(|_, times| {
            times.retain(|t| now.duration_since(*t) < REGISTER_WINDOW);
            !times.is_empty()
        });
        let times = map.entry(address.to_owned()).or_default();
        if times.len() >= REGISTER_LIMIT {
            let wait = times
                .first()
                .map(|t| REGISTER_WINDOW.saturating_sub(now.duration_since(*t)))
                .unwrap_or(REGISTER_WINDOW);
            return Err(AppError::TooManyRequests {
                message: "too many accounts registered from this address; try again later".into(),
                retry_after: wait.as_secs().max(1),
            });
        }
        times.push(now);
        Ok(())
    }
}
