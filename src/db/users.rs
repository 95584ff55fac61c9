//! Users and their role grants.

use diesel::prelude::*;

use super::DbConn;
use super::schema::{role_grants, users};
use crate::vocab::{DivisionId, EventId, GrantId, Role, RoleTag, TagScope, TeamId, UserId};

/// A stored account.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct User {
    /// Row id.
    pub id: UserId,
    /// Unique login name.
    pub username: String,
    /// Argon2 PHC string; never logged or shown.
    pub password_hash: String,
    /// Site administrator.
    pub is_admin: bool,
    /// When the account was made (UTC).
    pub created_at: chrono::NaiveDateTime,
    /// Refused at sign-in, and its sessions end (set by an administrator).
    pub disabled: bool,
    /// The account's own language for the pages (`en`, `id`, `fr`), if chosen.
    pub language: Option<String>,
}

/// A new account.
#[derive(Debug, Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    /// Unique login name.
    pub username: &'a str,
    /// Argon2 PHC string.
    pub password_hash: &'a str,
    /// Site administrator.
    pub is_admin: bool,
    /// Creation time (UTC).
    pub created_at: chrono::NaiveDateTime,
}

/// A role held by a user, possibly limited to one event, team or table.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize, utoipa::ToSchema)]
#[diesel(table_name = role_grants)]
pub struct RoleGrant {
    /// Row id.
    pub id: GrantId,
    /// Who holds the role.
    pub user_id: UserId,
    /// The role.
    pub role: Role,
    /// The event the role applies to.
    pub event_id: Option<EventId>,
    /// The team a captain leads.
    pub team_id: Option<TeamId>,
    /// The table a table device serves.
    pub table_no: Option<i32>,
    /// Who granted it.
    pub granted_by: Option<UserId>,
    /// When (UTC).
    #[schema(value_type = String)]
    pub created_at: chrono::NaiveDateTime,
    /// The individual division a table device serves (none: every division of the event).
    pub division_id: Option<DivisionId>,
}

impl RoleGrant {
    /// The grant as the session token names it, for navigation.
    pub fn tag(&self) -> RoleTag {
        let scope = match (self.role, self.team_id, self.table_no) {
            (Role::Table, _, Some(t)) => TagScope::Table(t),
            (Role::Captain, Some(team), _) => TagScope::Team(team),
            _ => TagScope::Event,
        };
        RoleTag {
            role: self.role,
            event: self.event_id,
            scope,
        }
    }
}

/// A new grant.
#[derive(Debug, Insertable)]
#[diesel(table_name = role_grants)]
pub struct NewRoleGrant {
    /// Who receives the role.
    pub user_id: UserId,
    /// The role (the database checks it too).
    pub role: Role,
    /// Event scope.
    pub event_id: Option<EventId>,
    /// Team scope (captains).
    pub team_id: Option<TeamId>,
    /// Table scope (table devices).
    pub table_no: Option<i32>,
    /// Who granted it.
    pub granted_by: Option<UserId>,
    /// When (UTC).
    pub created_at: chrono::NaiveDateTime,
    /// Division scope (an individual event's table devices).
    pub division_id: Option<DivisionId>,
}

/// Inserts a user and returns it.
pub fn insert(conn: &mut DbConn, new: &NewUser<'_>) -> QueryResult<User> {
    diesel::insert_into(users::table)
        .values(new)
        .returning(users::all_columns)
        .get_result(conn)
}

/// Finds a user by login name.
pub fn find_by_username(conn: &mut DbConn, name: &str) -> QueryResult<Option<User>> {
    users::table
        .filter(users::username.eq(name))
        .select(User::as_select())
        .first(conn)
        .optional()
}

/// Finds a user by id.
pub fn find(conn: &mut DbConn, id: UserId) -> QueryResult<Option<User>> {
    users::table
        .find(id)
        .select(User::as_select())
        .first(conn)
        .optional()
}

/// How many accounts exist (0 on a fresh install).
pub fn count(conn: &mut DbConn) -> QueryResult<i64> {
    users::table.count().get_result(conn)
}

/// All accounts, by name.
pub fn list(conn: &mut DbConn) -> QueryResult<Vec<User>> {
    users::table
        .order(users::username.asc())
        .select(User::as_select())
        .load(conn)
}

/// Grants a role.
pub fn grant(conn: &mut DbConn, new: &NewRoleGrant) -> QueryResult<RoleGrant> {
    diesel::insert_into(role_grants::table)
        .values(new)
        .returning(role_grants::all_columns)
        .get_result(conn)
}

/// The roles a user holds.
pub fn grants_of(conn: &mut DbConn, user_id: UserId) -> QueryResult<Vec<RoleGrant>> {
    role_grants::table
        .filter(role_grants::user_id.eq(user_id))
        .order(role_grants::id.asc())
        .select(RoleGrant::as_select())
        .load(conn)
}

/// The tables a user serves as a table device, as `(event, table)`.
pub fn tables_of(
    conn: &mut DbConn,
    user_id: UserId,
) -> QueryResult<Vec<(Option<EventId>, Option<i32>)>> {
    role_grants::table
        .filter(role_grants::user_id.eq(user_id))
        .filter(role_grants::role.eq(Role::Table))
        .select((role_grants::event_id, role_grants::table_no))
        .load(conn)
}

/// Whether a user is an administrator, and their grants, in one query (every command reads
/// them); `None` when the account does not exist.
pub fn admin_and_grants(
    conn: &mut DbConn,
    user_id: UserId,
) -> QueryResult<Option<(bool, Vec<RoleGrant>)>> {
    let rows: Vec<(bool, Option<RoleGrant>)> = users::table
        .left_join(role_grants::table)
        .filter(users::id.eq(user_id))
        .select((users::is_admin, role_grants::all_columns.nullable()))
        .order(role_grants::id.asc())
        .load(conn)?;
    let Some(admin) = rows.first().map(|(a, _)| *a) else {
        return Ok(None);
    };
    Ok(Some((
        admin,
        rows.into_iter().filter_map(|(_, g)| g).collect(),
    )))
}

/// [`admin_and_grants`] for several users in one query (the command writer's batches). Users
/// that no longer exist are absent from the map.
pub fn admin_and_grants_many(
    conn: &mut DbConn,
    user_ids: &[UserId],
) -> QueryResult<std::collections::HashMap<UserId, (bool, Vec<RoleGrant>)>> {
    let rows: Vec<(UserId, bool, Option<RoleGrant>)> = users::table
        .left_join(role_grants::table)
        .filter(users::id.eq_any(user_ids))
        .select((
            users::id,
            users::is_admin,
            role_grants::all_columns.nullable(),
        ))
        .order(role_grants::id.asc())
        .load(conn)?;
    let mut out = std::collections::HashMap::new();
    for (uid, admin, grant) in rows {
        let entry = out.entry(uid).or_insert_with(|| (admin, Vec::new()));
        entry.1.extend(grant);
    }
    Ok(out)
}

/// Replaces a user's password hash.
pub fn set_password_hash(conn: &mut DbConn, user_id: UserId, hash: &str) -> QueryResult<usize> {
    diesel::update(users::table.find(user_id))
        .set(users::password_hash.eq(hash))
        .execute(conn)
}

/// Disables or enables an account.
pub fn set_disabled(conn: &mut DbConn, user_id: UserId, disabled: bool) -> QueryResult<usize> {
    diesel::update(users::table.find(user_id))
        .set(users::disabled.eq(disabled))
        .execute(conn)
}

/// One grant by id.
pub fn find_grant(conn: &mut DbConn, grant_id: GrantId) -> QueryResult<Option<RoleGrant>> {
    role_grants::table
        .find(grant_id)
        .select(RoleGrant::as_select())
        .first(conn)
        .optional()
}

/// Removes one grant; returns it, or `None` when there was none with that id.
pub fn revoke(conn: &mut DbConn, grant_id: GrantId) -> QueryResult<Option<RoleGrant>> {
    let grant = find_grant(conn, grant_id)?;
    if grant.is_some() {
        diesel::delete(role_grants::table.find(grant_id)).execute(conn)?;
    }
    Ok(grant)
}

/// Sets (or, with `None`, clears) a user's own language for the pages.
pub fn set_language(conn: &mut DbConn, id: UserId, language: Option<&str>) -> QueryResult<usize> {
    diesel::update(users::table.find(id))
        .set(users::language.eq(language))
        .execute(conn)
}
