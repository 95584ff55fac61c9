//! Accounts: creating users, signing in, issuing session tokens.

use chrono::Utc;
use serde::Serialize;

use crate::auth::{self, Claims};
use crate::db::{self, DbConn, users};
use crate::error::AppError;
use crate::web::AppState;

/// An account as shown to administrators and to `/api/v1/me`.
#[derive(Debug, Clone, Serialize)]
pub struct UserView {
    /// Row id.
    pub id: i64,
    /// Login name.
    pub username: String,
    /// Site administrator.
    pub is_admin: bool,
    /// Roles granted per event, team or table.
    pub roles: Vec<users::RoleGrant>,
}

/// A new session.
#[derive(Debug, Clone, Serialize)]
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
                created_at: db::now_utc(),
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

/// One account with its roles.
pub fn user_view(conn: &mut DbConn, id: i64) -> Result<UserView, AppError> {
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
    })
}

/// The message for every failed login: it must not tell which part was wrong.
pub const BAD_LOGIN: &str = "Unknown username or wrong password.";

/// Checks credentials (slowing down repeated failures) and issues a session token.
pub async fn login(
    state: &AppState,
    username: &str,
    password: &str,
    peer: &str,
) -> Result<Session, AppError> {
    let username = username.trim().to_owned();
    let keys = [
        format!("u:{}", username.to_lowercase()),
        format!("ip:{peer}"),
    ];
    let key_refs: Vec<&str> = keys.iter().map(String::as_str).collect();
    let delay = state.throttle.delay_for(&key_refs);
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    let password = password.to_owned();
    let name = username.clone();
    let user = state
        .db(move |conn| {
            // A name no account can have is not looked up (a NUL is a PostgreSQL error).
            let user = match validate_username(&name) {
                Ok(()) => users::find_by_username(conn, &name)?,
                Err(_) => None,
            };
            // Verify even for unknown users so both failures take the same time.
            let hash = user
                .as_ref()
                .map_or(auth::dummy_hash(), |u| u.password_hash.as_str());
            let ok = auth::verify_password(&password, hash);
            match user.filter(|_| ok) {
                Some(u) => {
                    let grants = users::grants_of(conn, u.id)?;
                    Ok(Some((u, grants)))
                }
                None => Ok(None),
            }
        })
        .await?;
    let Some((user, grants)) = user else {
        state.throttle.failed(&key_refs);
        // Debug-formatted: the name is the client's, and escaping keeps it on its line.
        tracing::info!(username = ?username, "login refused");
        return Err(AppError::Unauthorized(BAD_LOGIN.into()));
    };
    state.throttle.succeeded(&key_refs);
    issue_session(state, &user, &grants)
}

/// A compact list of a user's roles for the session token, so pages can offer the right links
/// without a query (`pic:EVENT`, `committee:EVENT`, `director:EVENT`, `table:EVENT:N`,
/// `captain:EVENT:TEAM`). Only navigation reads it: every action checks the grants themselves.
pub fn role_tags(grants: &[users::RoleGrant]) -> Vec<String> {
    grants
        .iter()
        .map(|g| {
            let event = g.event_id.map(|e| e.to_string()).unwrap_or_default();
            match (g.role.as_str(), g.table_no, g.team_id) {
                ("table", Some(t), _) => format!("table:{event}:{t}"),
                ("captain", _, Some(team)) => format!("captain:{event}:{team}"),
                (role, _, _) => format!("{role}:{event}"),
            }
        })
        .collect()
}

/// Signs a session token for `user`.
pub fn issue_session(
    state: &AppState,
    user: &users::User,
    grants: &[users::RoleGrant],
) -> Result<Session, AppError> {
    let now = Utc::now();
    let expires_at = now + chrono::Duration::hours(state.settings.session_hours);
    let claims = Claims {
        sub: user.id.to_string(),
        uid: user.id,
        name: user.username.clone(),
        adm: user.is_admin,
        roles: role_tags(grants),
        iat: now.timestamp(),
        exp: expires_at.timestamp(),
    };
    let token = state.keys.issue(&claims).map_err(AppError::internal)?;
    Ok(Session { token, expires_at })
}
