//! Who may do what: a user's grants, read once per request inside its transaction.

use crate::db::{DbConn, users};
use crate::error::AppError;
use crate::rules::game::{Actor, Authority};
use crate::vocab::{DivisionId, EventId, Role, TeamId, UserId};

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

    /// Is the device for table `table` of the individual division `division` of `event`:
    /// a table grant of the event naming that division, or naming none (every division).
    /// Table numbers restart in each division, so a device limited to division A is refused
    /// at table 3 of division B (issue 18).
    pub fn at_division_table(
        &self,
        event: Option<EventId>,
        division: DivisionId,
        table: Option<i32>,
    ) -> bool {
        table.is_some()
            && self.grants.iter().any(|g| {
                g.role == Role::Table
                    && g.event_id == event
                    && g.table_no == table
                    && g.division_id.is_none_or(|d| d == division)
            })
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

    /// Requires the right to create events: an administrator, or a director granted without an
    /// event (README, Security). An event's own director is told who may, not that they are not
    /// its director.
    pub fn require_event_creator(&self) -> Result<(), AppError> {
        if self.directs(None) {
            Ok(())
        } else {
            Err(AppError::Forbidden(
                "new events are created by an administrator or a director of every event: ask an administrator".into(),
            ))
        }
    }

    /// The one identity in which this user holds `needed` on a match at `table` of `event`,
    /// if any: their own role first (the table's device, the PIC, the committee), then the
    /// official who may stand in for it.
    pub fn actor_for(
        &self,
        event: Option<EventId>,
        table: Option<i32>,
        needed: Authority,
    ) -> Option<Actor> {
        let id = || self.user_id.to_string();
        let table_actor = || {
            self.at_table(event, table)
                .then(|| Actor::Table { id: id() })
        };
        let pic = || self.has(Role::Pic, event).then(|| Actor::Pic { id: id() });
        let committee = || {
            self.has(Role::Committee, event)
                .then(|| Actor::Committee { id: id() })
        };
        let director = || self.directs(event).then(|| Actor::Director { id: id() });
        match needed {
            Authority::SideToMove | Authority::Seat => table_actor().or_else(director).or_else(pic),
            Authority::Pic => pic().or_else(director),
            Authority::Committee => committee().or_else(director),
            Authority::Official => director().or_else(committee).or_else(pic),
            Authority::Director => director(),
            Authority::Clock => (table_actor().is_some()
                || pic().is_some()
                || committee().is_some()
                || director().is_some())
            .then_some(Actor::System),
        }
    }
}
