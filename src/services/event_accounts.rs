//! Accounts a director makes for their own event: a table device, a PIC, a captain… created
//! and granted their role in one step, so a director's script can set an event up without an
//! administrator (issue 18, "Accounts API"). The account is an ordinary one (never an
//! administrator); only its first grant is tied to the event.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::auth;
use crate::db::{DbConn, users};
use crate::error::AppError;
use crate::services::accounts::validate_username;
use crate::services::authz::Grants;
use crate::services::events::{GrantRequest, event, grant_role_of, insert_grant};
use crate::vocab::{DivisionId, EventId, TeamId, UserId};

/// Body of `POST /api/v1/events/{id}/accounts`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EventAccountRequest {
    /// The new account's name (3-40 letters, digits, `.`, `-`, `_`; not taken).
    pub username: String,
    /// Its password (8 to 256 characters).
    pub password: String,
    /// Its role in the event: `director`, `committee`, `pic`, `captain`, `table`, `referee`
    /// or `arbitrator`.
    pub role: String,
    /// For a captain: the team.
    #[serde(default)]
    pub team_id: Option<TeamId>,
    /// For a table device: the table number.
    #[serde(default)]
    pub table: Option<i32>,
    /// For a table device of an individual event: the one division it serves.
    #[serde(default)]
    pub division_id: Option<DivisionId>,
}

/// The account made, with the grant it holds.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EventAccount {
    /// The account's id.
    pub id: UserId,
    /// Its name.
    pub username: String,
    /// The role it was given in the event.
    pub grant: users::RoleGrant,
}

/// Creates a (non-administrator) account and grants it `req.role` in `event_id`, both or
/// neither: a taken name, a bad role or a team of another event records nothing.
pub fn create_event_account(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    director: UserId,
    event_id: EventId,
    req: &EventAccountRequest,
) -> Result<EventAccount, AppError> {
    let username = req.username.trim();
    validate_username(username)?;
    auth::validate_new_password(&req.password)
        .map_err(|e| AppError::field("password", e.to_string()))?;
    let grant_req = GrantRequest {
        username: username.to_owned(),
        role: req.role.clone(),
        team_id: req.team_id,
        table: req.table,
        division_id: req.division_id,
    };
    let role = grant_role_of(&grant_req)?;
    // Authority first, so a stranger learns nothing (not even whether a name is taken), and
    // before the deliberately slow hash.
    Grants::load(conn, director)?.require_director(Some(event_id))?;
    event(conn, event_id)?;
    let hash = auth::hash_password(&req.password).map_err(AppError::internal)?;
    conn.write_tx(|conn| {
        Grants::load(conn, director)?.require_director(Some(event_id))?;
        event(conn, event_id)?;
        if users::find_by_username(conn, username)?.is_some() {
            return Err(AppError::Conflict {
                message: format!("the username {username} is taken"),
                current: None,
            });
        }
        let user = users::insert(
            conn,
            &users::NewUser {
                username,
                password_hash: &hash,
                is_admin: false,
                created_at: now.naive_utc(),
            },
        )?;
        let grant = insert_grant(conn, now, director, event_id, &user, role, &grant_req)?;
        Ok(EventAccount {
            id: user.id,
            username: user.username,
            grant,
        })
    })
}
