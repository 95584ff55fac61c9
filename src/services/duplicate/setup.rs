//! Setting up a Duplicate event: the event itself (an event row of Arbiter's marked Duplicate,
//! with its D ruleset) and its players, who also join the games not yet over.

use chrono::{DateTime, Utc};

use super::*;
/// Creates a Duplicate event (administrators and directors without an event scope): an event
/// row of Arbiter's, marked Duplicate with its ruleset.
pub fn create_event(
    conn: &mut DbConn,
    now: DateTime<Utc>,
    user_id: UserId,
    req: &NewDuplicateEventRequest,
) -> Result<DuplicateEventView, AppError> {
    let name = check_name("name", &req.name)?;
    let base = if req.english {
        DuplicateRuleset::english()
    } else {
        DuplicateRuleset::default()
    };
    let mut value = serde_json::to_value(&base).map_err(AppError::internal)?;
    if let (Some(serde_json::Value::Object(over)), serde_json::Value::Object(into)) =
        (&req.ruleset, &mut value)
    {
        for (k, v) in over {
            into.insert(k.clone(), v.clone());
        }
    } else if req.ruleset.as_ref().is_some_and(|r| !r.is_null()) {
        return Err(AppError::field("ruleset", "the ruleset is a JSON object"));
    }
    let ruleset = DuplicateRuleset::from_json(&value).map_err(|e| AppError::Unprocessable {
        field: Some(
            format!("ruleset.{}", e.field().unwrap_or(""))
                .trim_end_matches('.')
                .to_owned(),
        ),
        message: e.to_string(),
    })?;
    let ruleset_json = serde_json::to_string(&ruleset).map_err(AppError::internal)?;
    // The team formats' spec column says what this event is; it is never resolved as a team
    // ruleset (a Duplicate event has no matches).
    let spec = serde_json::json!({ "format": "duplicate" }).to_string();
    conn.write_tx(|conn| {
        Grants::load(conn, user_id)?.require_event_creator()?;
        let ev = event_rows::insert_event(
            conn,
            &event_rows::NewEvent {
                name: &name,
                ruleset_spec: &spec,
                lexicon: &ruleset.lexicon,
                tile_set: &ruleset.tile_set,
                standings: "{}",
                public: req.public.unwrap_or(true),
                created_by: Some(user_id),
                created_at: now.naive_utc(),
            },
        )?;
        rows::insert_event(
            conn,
            &rows::DuplicateEventRow {
                event_id: ev.id,
                ruleset: ruleset_json.clone(),
                created_at: now.naive_utc(),
            },
        )?;
        Ok(DuplicateEventView {
            id: ev.id,
            name: ev.name,
            public: ev.public,
            ruleset: ruleset.clone(),
            players: Vec::new(),
            games: Vec::new(),
        })
    })
}

/// Adds a player to a Duplicate event (its director). Games created afterwards include them,
/// and so do the event's games not yet over (they join from the turn on show).
pub fn add_player(
    conn: &mut DbConn,
    desk: &Desk,
    now: DateTime<Utc>,
    user_id: UserId,
    event_id: EventId,
    req: &NewDuplicatePlayerRequest,
) -> Result<rows::DuplicatePlayerRow, AppError> {
    let name = check_name("name", &req.name)?;
    let optional = |field: &str, v: &Option<String>| match v.as_deref().map(str::trim) {
        None | Some("") => Ok(String::new()),
        Some(s) => check_name(field, s),
    };
    let licence = optional("licence", &req.licence)?;
    let club = optional("club", &req.club)?;
    let number = i32::try_from(req.number)
        .ok()
        .filter(|n| *n >= 1)
        .ok_or_else(|| AppError::field("number", "a player's number is from 1"))?;
    // D5 (phone slips): six digits printed on the player's table card.
    let pin = format!("{:06}", rand::random_range(0..1_000_000u32));
    desk.write(conn, |conn, work| {
        Grants::load(conn, user_id)?.require_director(Some(event_id))?;
        event_ruleset(conn, event_id)?;
        if rows::players(conn, event_id)?
            .iter()
            .any(|p| p.number == number)
        {
            return Err(AppError::Conflict {
                message: format!("player number {number} is taken in this event"),
                current: None,
            });
        }
        let row = rows::insert_player(
            conn,
            &rows::NewDuplicatePlayer {
                event_id,
                number,
                name: &name,
                licence: &licence,
                club: &club,
                created_at: now.naive_utc(),
                pin: &pin,
            },
        )?;
        director::join_open_games(conn, work, now, user_id, event_id, req.number)?;
        Ok(row)
    })
}
