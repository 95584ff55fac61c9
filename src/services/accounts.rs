//! Accounts: creating users, signing in, issuing session tokens.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::auth::{self, Claims, Keys, LoginThrottle};
use crate::clock::Clock;
use crate::db::{DbConn, Pool, sessions, users};
use crate::error::AppError;
use crate::services::sessions::SessionCache;
use crate::vocab::{RoleTag, UserId};

/// What signing in and the account actions need from the running server. The web layer lends
/// its parts (`web::session::account_deps`), so this module never sees the web's deps.
pub struct Deps<'a> {
    /// Database connections, used off the async executor (see `Deps::db`).
    pub pool: &'a Pool,
    /// Failed-login bookkeeping, and the bounded pool that verifies passwords.
    pub throttle: &'a LoginThrottle,
    /// Signs session tokens.
    pub keys: &'a Keys,
    /// Recent session checks, forgotten when sessions end.
    pub sessions: &'a SessionCache,
    /// Where `now` comes from (a manual clock in tests).
    pub clock: &'a dyn Clock,
    /// How long a new session lasts.
    pub session_hours: i64,
}

impl Deps<'_> {
    /// Runs `f` with a pooled connection on the blocking thread pool: diesel and `pool.get()`
    /// block, and must not stall the async executor.
    async fn db<T, F>(&self, f: F) -> Result<T, AppError>
    where
        F: FnOnce(&mut DbConn) -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = pool.get()?;
            f(&mut conn)
        })
        .await
        .map_err(AppError::internal)?
    }
}

/// An account as shown to administrators and to `/api/v1/me`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct UserView {
    /// Row id.
    pub id: UserId,
    /// Login name.
    pub username: String,
    /// Site administrator.
    pub is_admin: bool,
    /// Disabled by an administrator: cannot sign in.
    pub disabled: bool,
    /// Roles granted per event, team or table.
    pub roles: Vec<users::RoleGrant>,
    /// The account's own page language (`en`, `id`, `fr`), if chosen.
    pub language: Option<String>,
}

/// A new session.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Session {
    /// Signed token (cookie value or Bearer token).
    pub token: String,
    /// When it stops working (RFC 3339, UTC).
    pub expires_at: chrono::DateTime<Utc>,
}

/// Checks a username: 3-40 characters of letters, digits, `.`, `-`, `_`.
pub fn validate_username(name: &str) -> Result<(), AppError> {
    let ok_chars = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
    if !(3..=40).contains(&name.chars().count()) || !ok_chars {
        return Err(AppError::field(
            "username",
            "a username has 3 to 40 letters, digits, dots, dashes or underscores",
        ));
    }
    Ok(())
}

/// Creates an account with an argon2 hash of `password`.
pub fn create_user(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    username: &str,
    password: &str,
    is_admin: bool,
) -> Result<users::User, AppError> {
    let username = username.trim();
    validate_username(username)?;
    auth::validate_new_password(password)
        .map_err(|e| AppError::field("password", e.to_string()))?;
    let hash = auth::hash_password(password).map_err(AppError::internal)?;
    conn.write_tx(|conn| {
        if users::find_by_username(conn, username)?.is_some() {
            return Err(AppError::Conflict {
                message: format!("the username {username} is taken"),
                current: None,
            });
        }
        Ok(users::insert(
            conn,
            &users::NewUser {
                username,
                password_hash: &hash,
                is_admin,
                created_at: now.naive_utc(),
            },
        )?)
    })
}

/// All accounts with their roles.
pub fn list_users(conn: &mut DbConn) -> Result<Vec<UserView>, AppError> {
    users::list(conn)?
        .into_iter()
        .map(|u| view(conn, u))
        .collect()
}

/// A grant with the names of what it is for, as the administrator's users page shows it.
pub struct NamedGrant {
    /// The grant.
    pub grant: users::RoleGrant,
    /// Its event's name (none for a site-wide grant, or an event since deleted).
    pub event_name: Option<String>,
    /// The captain's team's name.
    pub team_name: Option<String>,
}

/// An account with its grants named, for the administrator's users page.
pub struct NamedUser {
    /// The account.
    pub user: UserView,
    /// Its grants, each with its event's and team's names.
    pub grants: Vec<NamedGrant>,
}

/// All accounts, each grant with its event's and team's names rather than their ids.
pub fn list_users_named(conn: &mut DbConn) -> Result<Vec<NamedUser>, AppError> {
    let events: std::collections::HashMap<_, _> = crate::db::events::list_events(conn)?
        .into_iter()
        .map(|e| (e.id, e.name))
        .collect();
    let mut teams: std::collections::HashMap<crate::vocab::TeamId, Option<String>> =
        std::collections::HashMap::new();
    let mut out = Vec::new();
    for user in list_users(conn)? {
        let mut grants = Vec::with_capacity(user.roles.len());
        for g in &user.roles {
            let team_name = match g.team_id {
                Some(t) => match teams.entry(t) {
                    std::collections::hash_map::Entry::Occupied(e) => e.get().clone(),
                    std::collections::hash_map::Entry::Vacant(e) => e
                        .insert(crate::db::events::find_team(conn, t)?.map(|r| r.name))
                        .clone(),
                },
                None => None,
            };
            grants.push(NamedGrant {
                grant: g.clone(),
                event_name: g.event_id.and_then(|e| events.get(&e).cloned()),
                team_name,
            });
        }
        out.push(NamedUser { user, grants });
    }
    Ok(out)
}

/// One account with its roles.
pub fn user_view(conn: &mut DbConn, id: UserId) -> Result<UserView, AppError> {
    let u = users::find(conn, id)?
        .ok_or_else(|| AppError::Unauthorized("this account no longer exists".into()))?;
    view(conn, u)
}

fn view(conn: &mut DbConn, u: users::User) -> Result<UserView, AppError> {
    Ok(UserView {
        roles: users::grants_of(conn, u.id)?,
        id: u.id,
        username: u.username,
        is_admin: u.is_admin,
        disabled: u.disabled,
        language: u.language,
    })
}

/// The message for every failed login: it must not tell which part was wrong.
pub const BAD_LOGIN: &str = "Unknown username or wrong password.";

/// The 429 for a login the throttle refused, with the seconds to wait.
fn throttled(t: auth::Throttled) -> AppError {
    match t {
        auth::Throttled::RetryAfter(wait) => {
            let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            AppError::TooManyRequests {
                message: format!(
                    "Too many failed sign-ins for this account or from this address. \
                     Try again in {secs} s."
                ),
                retry_after: secs.max(1),
            }
        }
        auth::Throttled::Busy => AppError::TooManyRequests {
            message: "Too many sign-ins at once. Try again in a moment.".into(),
            retry_after: 1,
        },
    }
}

/// Checks a user's password without holding a database connection, through the throttle:
/// `Ok(None)` for a wrong name or password (counted as a failure), 429 when throttled.
async fn check_password(
    deps: &Deps<'_>,
    username: &str,
    password: &str,
    peer: &str,
) -> Result<Option<users::User>, AppError> {
    deps.throttle.check(username, peer).map_err(throttled)?;
    let name = username.to_owned();
    // A name no account can have is not looked up (a NUL is a PostgreSQL error).
    let user = match validate_username(&name) {
        Ok(()) => {
            deps.db(move |conn| Ok(users::find_by_username(conn, &name)?))
                .await?
        }
        Err(_) => None,
    };
    // Verify even for unknown users so both failures take the same time.
    let hash = user.as_ref().map_or_else(
        || auth::dummy_hash().to_owned(),
        |u| u.password_hash.clone(),
    );
    let exists = user.is_some();
    let password = password.to_owned();
    let ok = deps
        .throttle
        .verify(username, peer, move |memory| {
            auth::verify_password_in(&password, &hash, memory) && exists
        })
        .await
        .map_err(throttled)?;
    Ok(user.filter(|_| ok))
}

/// Checks credentials (refusing with 429 while this name or address has failed too often) and
/// starts a session.
pub async fn login(
    deps: &Deps<'_>,
    username: &str,
    password: &str,
    peer: &str,
) -> Result<Session, AppError> {
    let username = username.trim().to_owned();
    let Some(user) = check_password(deps, &username, password, peer).await? else {
        // Debug-formatted: the name is the client's, and escaping keeps it on its line.
        tracing::info!(username = ?username, "login refused");
        return Err(AppError::Unauthorized(BAD_LOGIN.into()));
    };
    // Said only to someone who knows the password.
    if user.disabled {
        return Err(AppError::Forbidden(
            "This account is disabled. Ask an administrator.".into(),
        ));
    }
    start_session(deps, user).await
}

/// Records a new server-side session for `user` and signs its token.
pub async fn start_session(deps: &Deps<'_>, user: users::User) -> Result<Session, AppError> {
    let sid = auth::random_token(16);
    // The server's clock (a manual one in tests), not the wall clock read here.
    let now = deps.clock.now();
    let expires_at = now + chrono::Duration::hours(deps.session_hours);
    let (id, row_sid) = (user.id, sid.clone());
    let grants = deps
        .db(move |conn| {
            let created = {
                use chrono::SubsecRound;
                now.naive_utc().trunc_subsecs(6)
            };
            conn.write_tx(|conn| {
                // Rows of tokens that expired a day ago are of no use to anyone.
                sessions::purge_expired(conn, created - chrono::Duration::days(1))?;
                sessions::insert(
                    conn,
                    &sessions::NewSession {
                        id: &row_sid,
                        user_id: id,
                        created_at: created,
                        expires_at: expires_at.naive_utc(),
                    },
                )?;
                Ok::<_, AppError>(users::grants_of(conn, id)?)
            })
        })
        .await?;
    let claims = Claims {
        sub: user.id.to_string(),
        uid: user.id,
        name: user.username.clone(),
        adm: user.is_admin,
        sid,
        roles: role_tags(&grants),
        lang: user.language.clone(),
        iat: now.timestamp(),
        exp: expires_at.timestamp(),
    };
    let token = deps.keys.issue(&claims).map_err(AppError::internal)?;
    Ok(Session { token, expires_at })
}

/// Ends one session (signing out).
pub async fn logout(deps: &Deps<'_>, sid: &str) -> Result<(), AppError> {
    let (row, now) = (sid.to_owned(), deps.clock.now().naive_utc());
    deps.db(move |conn| Ok(sessions::end(conn, &row, now)?))
        .await?;
    deps.sessions.forget_session(sid);
    Ok(())
}

/// Body of a password change: the current password and the new one.
#[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    /// The password now (checked like a sign-in, throttled alike).
    pub current_password: String,
    /// The new password (8 to 256 characters).
    pub new_password: String,
}

/// Changes the caller's own password after checking the current one, and ends the caller's
/// other sessions (the one making the change goes on).
pub async fn change_own_password(
    deps: &Deps<'_>,
    user: &Claims,
    change: PasswordChange,
    peer: &str,
) -> Result<(), AppError> {
    auth::validate_new_password(&change.new_password)
        .map_err(|e| AppError::field("new_password", e.to_string()))?;
    let name = deps
        .db({
            let uid = user.uid;
            move |conn| users::find(conn, uid)?.map(|u| u.username).ok_or_else(gone)
        })
        .await?;
    if check_password(deps, &name, &change.current_password, peer)
        .await?
        .is_none_or(|u| u.id != user.uid)
    {
        return Err(AppError::field(
            "current_password",
            "the current password is not right",
        ));
    }
    let (uid, keep) = (user.uid, user.sid.clone());
    set_password(deps, uid, change.new_password, Some(keep)).await
}

fn gone() -> AppError {
    AppError::not_found("no such account")
}

/// Hashes and stores a new password for `user_id`, then ends its sessions but `keep`.
async fn set_password(
    deps: &Deps<'_>,
    user_id: UserId,
    password: String,
    keep: Option<String>,
) -> Result<(), AppError> {
    let now = deps.clock.now().naive_utc();
    deps.db(move |conn| {
        let hash = auth::hash_password(&password).map_err(AppError::internal)?;
        conn.write_tx(|conn| {
            if users::set_password_hash(conn, user_id, &hash)? == 0 {
                return Err(gone());
            }
            sessions::end_all(conn, user_id, keep.as_deref(), now)?;
            Ok(())
        })
    })
    .await?;
    deps.sessions.forget_user(user_id);
    Ok(())
}

/// An administrator sets another account's password (a reset): every session of that account
/// ends.
pub async fn reset_password(
    deps: &Deps<'_>,
    admin: UserId,
    user_id: UserId,
    password: String,
) -> Result<(), AppError> {
    auth::validate_new_password(&password)
        .map_err(|e| AppError::field("new_password", e.to_string()))?;
    require_admin(deps, admin).await?;
    set_password(deps, user_id, password, None).await
}

/// Whether `user_id` is an administrator, read from the database (never from the token).
async fn require_admin(deps: &Deps<'_>, user_id: UserId) -> Result<(), AppError> {
    let admin = deps
        .db(move |conn| Ok(users::find(conn, user_id)?.is_some_and(|u| u.is_admin && !u.disabled)))
        .await?;
    if admin {
        Ok(())
    } else {
        Err(AppError::Forbidden(
            "only an administrator may do this".into(),
        ))
    }
}

/// An administrator disables (every session of the account ends at once, and it cannot sign in)
/// or enables an account. Nobody disables their own account: the last administrator could lock
/// everyone out.
pub async fn set_disabled(
    deps: &Deps<'_>,
    admin: UserId,
    user_id: UserId,
    disabled: bool,
) -> Result<UserView, AppError> {
    require_admin(deps, admin).await?;
    if disabled && admin == user_id {
        return Err(AppError::Conflict {
            message: "you cannot disable your own account".into(),
            current: None,
        });
    }
    let now = deps.clock.now().naive_utc();
    let view = deps
        .db(move |conn| {
            conn.write_tx(|conn| {
                if users::set_disabled(conn, user_id, disabled)? == 0 {
                    return Err(gone());
                }
                if disabled {
                    sessions::end_all(conn, user_id, None, now)?;
                }
                let u = users::find(conn, user_id)?.ok_or_else(gone)?;
                view(conn, u)
            })
        })
        .await?;
    deps.sessions.forget_user(user_id);
    Ok(view)
}

/// A compact list of a user's roles for the session token, so pages can offer the right links
/// without a query (`pic:EVENT`, `committee:EVENT`, `director:EVENT`, `table:EVENT:N`,
/// `captain:EVENT:TEAM`). Only navigation reads it: every action checks the grants themselves.
pub fn role_tags(grants: &[users::RoleGrant]) -> Vec<RoleTag> {
    grants.iter().map(users::RoleGrant::tag).collect()
}
