//! Who may do what: a user's grants, read once per request inside its transaction.

use crate::db::{DbConn, users};
use crate::error::AppError;
use crate::rules::game::{Actor, Command};
use crate::vocab::{EventId, Role, TeamId, UserId};

/// The roles of one user.
#[derive(Debug, Clone)]
pub struct Grants {
    /// The user.
    pub user_id: UserId,
    /// Site administrator: director of everything.
    pub admin: bool,
    grants: Vec<users::RoleGrant>,
}

impl Grants {
    /// Loads a user's grants.
    pub fn load(conn: &mut DbConn, user_id: UserId) -> Result<Self, AppError> {
        let (admin, grants) = users::admin_and_grants(conn, user_id)?
            .ok_or_else(|| AppError::Unauthorized("this account no longer exists".into()))?;
        Ok(Self::from_parts(user_id, admin, grants))
    }

    /// A user's grants as loaded elsewhere (several users at once, by the command writer).
    pub fn from_parts(user_id: UserId, admin: bool, grants: Vec<users::RoleGrant>) -> Self {
        Self {
            user_id,
            admin,
            grants,
        }
    }

    /// Holds `role` for `event` (a grant without an event applies to every event).
    pub fn has(&self, role: Role, event: Option<EventId>) -> bool {
        self.grants
            .iter()
            .any(|g| g.role == role && (g.event_id.is_none() || g.event_id == event))
    }

    /// Directs `event` (administrators direct every event).
    pub fn directs(&self, event: Option<EventId>) -> bool {
        self.admin || self.has(Role::Director, event)
    }

    /// Is the device (or person) for table `table` of `event`.
    pub fn at_table(&self, event: Option<EventId>, table: Option<i32>) -> bool {
        table.is_some()
            && self
                .grants
                .iter()
                .any(|g| g.role == Role::Table && g.event_id == event && g.table_no == table)
    }

    /// Captains `team`.
    pub fn captains(&self, team: TeamId) -> bool {
        self.grants
            .iter()
            .any(|g| g.role == Role::Captain && g.team_id == Some(team))
    }

    /// Any role at all in `event`.
    pub fn in_event(&self, event: Option<EventId>) -> bool {
        self.admin
            || self
                .grants
                .iter()
                .any(|g| g.event_id.is_none() || g.event_id == event)
    }

    /// Requires directing `event`.
    pub fn require_director(&self, event: Option<EventId>) -> Result<(), AppError> {
        if self.directs(event) {
            Ok(())
        } else {
            Err(AppError::Forbidden(
                "only the event's director may do this".into(),
            ))
        }
    }

    /// The identities this user may act as on a match at `table` of `event`, in the order to try
    /// them for `cmd`: the rules engine decides which identity a command needs, so the first one
    /// it accepts is used.
    pub fn actors_for(
        &self,
        event: Option<EventId>,
        table: Option<i32>,
        cmd: &Command,
    ) -> Vec<Actor> {
        let id = self.user_id.to_string();
        let table_actor = self
            .at_table(event, table)
            .then(|| Actor::Table { id: id.clone() });
        let pic = self
            .has(Role::Pic, event)
            .then(|| Actor::Pic { id: id.clone() });
        let committee = self
            .has(Role::Committee, event)
            .then(|| Actor::Committee { id: id.clone() });
        let director = self
            .directs(event)
            .then(|| Actor::Director { id: id.clone() });
        let order = match cmd {
            Command::RuleWord { .. } | Command::RuleScore { .. } => vec![pic, director],
            Command::Disqualify { .. } | Command::Walkout { .. } => vec![committee, director],
            Command::Correction { .. } | Command::AnnounceEnd => vec![director, committee, pic],
            Command::TimeExpired => {
                let any = table_actor.is_some()
                    || pic.is_some()
                    || committee.is_some()
                    || director.is_some();
                vec![any.then_some(Actor::System)]
            }
            _ => vec![table_actor, director, pic],
        };
        order.into_iter().flatten().collect()
    }
}
