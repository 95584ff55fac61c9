//! Players: self-registration (an administrator may close it; rate-limited per address),
//! profiles with ratings, rating history and games, and the leaderboard of a variant (O4).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::GameCache;
use super::games::{GameSummary, summary};
use super::{Online, REGISTRATION};
use crate::db::{DbConn, online as rows, users};
use crate::error::AppError;
use crate::services::accounts;
use crate::vocab::{OnlineGameId, UserId};

/// `POST /api/v1/online/register`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = OnlineRegister)]
pub struct RegisterRequest {
    /// 3-40 letters, digits, `.`, `-`, `_`.
    pub username: String,
    /// The password (argon2-hashed like every account's).
    pub password: String,
}

/// A new player account.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = OnlineRegistered)]
pub struct RegisteredView {
    /// The account.
    pub id: UserId,
    /// Its username (sign in with it at `/api/v1/auth/token`).
    pub username: String,
}

/// Whether self-registration is open.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = OnlineRegistrationSetting)]
pub struct RegistrationSetting {
    /// Open: anyone may register a player account.
    pub registration_open: bool,
}

/// Whether self-registration is open (it is unless an administrator closed it).
pub fn registration(conn: &mut DbConn) -> Result<RegistrationSetting, AppError> {
    let value = rows::setting(conn, REGISTRATION)?;
    Ok(RegistrationSetting {
        registration_open: value.as_deref() != Some("closed"),
    })
}

/// Opens or closes self-registration (administrators).
pub fn set_registration(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    admin: UserId,
    open: bool,
) -> Result<RegistrationSetting, AppError> {
    let value = if open { "open" } else { "closed" };
    conn.write_tx(|conn| {
        rows::set_setting(conn, REGISTRATION, value, admin, now.naive_utc())?;
        Ok::<_, AppError>(())
    })?;
    registration(conn)
}

/// Registers a player account: refused while registration is closed (403) and past the
/// per-address limit (429); the username and password are checked as for every account.
pub fn register(
    conn: &mut DbConn,
    online: &Online,
    now: DateTime<Utc>,
    address: &str,
    req: &RegisterRequest,
) -> Result<RegisteredView, AppError> {
    if !registration(conn)?.registration_open {
        return Err(AppError::Forbidden(
            "registration is closed; ask an administrator for an account".into(),
        ));
    }
    accounts::validate_username(req.username.trim())?;
    online.count_registration(address)?;
    let user = accounts::create_user(conn, now, &req.username, &req.password, false)?;
    Ok(RegisteredView {
        id: user.id,
        username: user.username,
    })
}

/// One rating of a player.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = OnlineRatingLine)]
pub struct RatingLine {
    /// The variant (`lexicon.mode.time`).
    pub variant: String,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Rated games in the variant.
    pub games: i32,
}

/// One rating change.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = OnlineRatingChange)]
pub struct RatingChange {
    /// The variant.
    pub variant: String,
    /// The game that moved it.
    pub game_id: OnlineGameId,
    /// Before.
    pub before: f64,
    /// After.
    pub after: f64,
    /// When (RFC 3339, UTC).
    #[schema(value_type = String)]
    pub at: DateTime<Utc>,
}

/// A player's profile.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = OnlineProfile)]
pub struct ProfileView {
    /// The username.
    pub username: String,
    /// Ratings per variant.
    pub ratings: Vec<RatingLine>,
    /// Rating changes, newest first.
    pub history: Vec<RatingChange>,
    /// Games, newest first.
    pub games: Vec<GameSummary>,
}

/// A player's profile by username (404 when there is no such account).
pub fn profile(conn: &mut DbConn, cache: &GameCache, name: &str) -> Result<ProfileView, AppError> {
    let user = users::find_by_username(conn, name.trim())?
        .ok_or_else(|| AppError::not_found("no such player"))?;
    let ratings = rows::ratings_of(conn, user.id)?
        .into_iter()
        .map(|r| RatingLine {
            variant: r.variant,
            rating: r.rating,
            deviation: r.deviation,
            games: r.games,
        })
        .collect();
    let history = rows::history_of(conn, user.id, 100)?
        .into_iter()
        .map(|h| RatingChange {
            variant: h.variant,
            game_id: h.game_id,
            before: h.before_rating,
            after: h.rating,
            at: h.at.and_utc(),
        })
        .collect();
    let mut games = Vec::new();
    for row in rows::games_of(conn, user.id, 100)? {
        games.push(summary(conn, cache, &row)?);
    }
    Ok(ProfileView {
        username: user.username,
        ratings,
        history,
        games,
    })
}

/// A line of the leaderboard.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = OnlineLeaderboardLine)]
pub struct LeaderboardLine {
    /// 1 for the best.
    pub rank: usize,
    /// The player.
    pub username: String,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Rated games in the variant.
    pub games: i32,
}

/// A variant's leaderboard.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = OnlineLeaderboard)]
pub struct LeaderboardView {
    /// The variant.
    pub variant: String,
    /// Best first.
    pub lines: Vec<LeaderboardLine>,
}

/// The leaderboard of `variant` (`lexicon.mode.time`), best first.
pub fn leaderboard(
    conn: &mut DbConn,
    cache: &GameCache,
    variant: &str,
) -> Result<LeaderboardView, AppError> {
    let variant = variant.trim();
    if variant.is_empty() || variant.len() > 100 || variant.chars().any(char::is_control) {
        return Err(AppError::field(
            "variant",
            "a variant is lexicon.mode.time, e.g. enable2k.dictionary.regular",
        ));
    }
    let mut lines = Vec::new();
    for (i, r) in rows::leaderboard(conn, variant, 100)?
        .into_iter()
        .enumerate()
    {
        lines.push(LeaderboardLine {
            rank: i + 1,
            username: cache.username(conn, r.user_id)?,
            rating: r.rating,
            deviation: r.deviation,
            games: r.games,
        });
    }
    Ok(LeaderboardView {
        variant: variant.to_owned(),
        lines,
    })
}
