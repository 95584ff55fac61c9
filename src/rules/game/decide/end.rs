//! The end of the game and the results slip: the director's announced end (N6), the racks
//! counted (T19, N6-N7), score corrections and slip verification (N9).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use crate::rules::game::decide::guards::{
    check_player_seat, in_progress, is_person, known_seat, require,
};
use crate::rules::game::outcome::rack_adjustments;
use crate::rules::game::{Actor, EndReason, Payload, RuleError, Seat, State, Status, TurnAction};
use crate::rules::ruleset::{EntryMode, Ruleset, ScoreCorrections};
use crate::rules::tiles::{Rack, TileSet};

/// N6: the director announces the end of the game.
pub(super) fn announce_end(
    s: &State,
    actor: &Actor,
    now: DateTime<Utc>,
) -> Result<Vec<Payload>, RuleError> {
    require(actor, Actor::is_official, "announce_end", "an official")?;
    in_progress(s)?;
    if s.open_challenges().next().is_some() {
        return Err(RuleError::ChallengeOpen);
    }
    Ok(vec![Payload::GameEnded {
        reason: EndReason::Announced,
        at: now,
    }])
}

/// T19, N6-N7: the tiles left on each rack, by value or as the tiles themselves.
pub(super) fn adjust_racks(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    racks: BTreeMap<Seat, u32>,
    tiles: BTreeMap<Seat, String>,
) -> Result<Vec<Payload>, RuleError> {
    require(actor, is_person, "adjust_racks", "a person")?;
    if !r.end_rack_rule.effects().counted {
        return Err(RuleError::RacksNotCounted);
    }
    if s.status != Status::Ended && s.forfeit.is_none() && s.result.is_none() {
        // T17: the racks are counted once the game is over, not before.
        return Err(RuleError::RacksBeforeEnd);
    }
    if !s.racks_due() {
        return Err(RuleError::RacksNotDue);
    }
    if s.open_challenges().next().is_some() {
        return Err(RuleError::ChallengeOpen);
    }
    for seat in racks.keys().chain(tiles.keys()) {
        known_seat(s, *seat)?;
    }
    if !racks.is_empty() && !tiles.is_empty() {
        return Err(RuleError::Entry {
            field: "tiles".into(),
            rule: "T19",
            message: "give the tiles left on the racks or their values, not both".into(),
        });
    }
    let out = match s.end {
        Some(EndReason::OutPlay { seat }) => Some(seat),
        _ => None,
    };
    let counted = rack_tiles(s, r, &tiles)?;
    let racks: BTreeMap<Seat, u32> = s
        .order
        .iter()
        .map(|seat| {
            let v = if Some(*seat) == out {
                0
            } else if let Some((_, value)) = counted.get(seat) {
                *value
            } else {
                racks.get(seat).copied().unwrap_or(0)
            };
            (*seat, v)
        })
        .collect();
    let points = rack_adjustments(r.end_rack_rule, &racks, out.map(|s| s.side));
    let tiles = counted
        .into_iter()
        .filter(|(_, (text, _))| !text.is_empty())
        .map(|(seat, (text, _))| (seat, text))
        .collect();
    Ok(vec![Payload::RacksAdjusted {
        racks,
        points,
        tiles,
    }])
}

/// T19/C2: the tiles the table says are left on each rack, read with the match's tile set:
/// each must be a tile of the set (`?` for a blank, the set permitting), and a rack cannot hold
/// more tiles than the sheet says it does. Returns each seat's tiles (as a rack string) and
/// their value.
fn rack_tiles(
    s: &State,
    r: &Ruleset,
    tiles: &BTreeMap<Seat, String>,
) -> Result<BTreeMap<Seat, (String, u32)>, RuleError> {
    let mut out = BTreeMap::new();
    if tiles.is_empty() {
        return Ok(out);
    }
    let set = TileSet::by_name(&r.tiles.set)
        .ok_or_else(|| RuleError::Ruleset(format!("no tile values for the set {}", r.tiles.set)))?;
    for (seat, text) in tiles {
        let field = format!("tiles.{seat}");
        let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        // Bounded before it is read: a rack is short.
        if text.chars().count() > usize::from(r.tiles.rack_size) {
            return Err(RuleError::Entry {
                field,
                rule: "T19",
                message: format!(
                    "{seat}'s rack: {} tiles entered; a rack holds at most {}",
                    text.chars().count(),
                    r.tiles.rack_size
                ),
            });
        }
        let not_a_tile = |c: char| RuleError::Entry {
            field: format!("tiles.{seat}"),
            rule: "C2",
            message: format!(
                "{seat}'s rack: {c} is not a tile of the {} set (letters, ? for a blank)",
                set.name()
            ),
        };
        let rack = Rack::parse(&text).map_err(|e| not_a_tile(e.0))?;
        if let Some(c) = text.chars().find(|c| {
            if *c == '?' {
                set.blanks() == 0
            } else {
                !set.has_letter(*c)
            }
        }) {
            return Err(not_a_tile(c));
        }
        let holds = s.racks.get(seat).copied().unwrap_or(0);
        if rack.len() > usize::from(holds) {
            let why = match s.end {
                Some(EndReason::OutPlay { seat: o }) if o == *seat => " (it played out)",
                _ => "",
            };
            return Err(RuleError::Entry {
                field,
                rule: "T19",
                message: format!(
                    "{seat}'s rack: {} tiles entered, but the sheet says {seat} holds {holds}{why}",
                    rack.len()
                ),
            });
        }
        out.insert(*seat, (rack.to_string(), rack.value(&set)));
    }
    // C2, board mode with the bag empty: the racks hold only tiles the board does not.
    if let Some(mut unseen) = s.tiles_on_racks() {
        for (seat, (text, _)) in &out {
            let rack = Rack::parse(text).unwrap_or_default();
            if !unseen.take_all(&rack) {
                return Err(RuleError::Entry {
                    field: format!("tiles.{seat}"),
                    rule: "C2",
                    message: format!(
                        "{seat}'s rack: the board and the racks before it already hold some of \
                         {text}; the tiles not on the board are {}",
                        s.tiles_on_racks()
                            .map(|r| r.to_string())
                            .unwrap_or_default()
                    ),
                });
            }
        }
    }
    Ok(out)
}

/// N9: a player puts right a turn's score.
pub(super) fn correct_score(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    by: Seat,
    turn: u32,
    actual: Option<i32>,
) -> Result<Vec<Payload>, RuleError> {
    require(actor, is_person, "correct_score", "a person")?;
    corrections_open(s, r)?;
    known_seat(s, by)?;
    check_player_seat(actor, by)?;
    let t = s
        .turns
        .get(turn as usize)
        .ok_or_else(|| RuleError::Invalid(format!("there is no turn {turn}")))?;
    if !matches!(t.action, TurnAction::Play { .. }) {
        return Err(RuleError::Slip("only a play's score can be corrected"));
    }
    if t.withdrawn {
        return Err(RuleError::PlayWithdrawn);
    }
    if s.open_challenges().any(|c| c.turn == turn) {
        return Err(RuleError::ChallengeOpen);
    }
    let actual = match r.entry_mode {
        // Board mode: the board knows the true score.
        EntryMode::Board => {
            let board = t.actual.ok_or(RuleError::ActualFromBoard)?;
            if actual.is_some_and(|a| a != board) {
                return Err(RuleError::ActualFromBoard);
            }
            board
        }
        EntryMode::Sheet => actual
            .ok_or_else(|| RuleError::Invalid("sheet mode: give the turn's actual score".into()))?,
    };
    if actual < 0 {
        return Err(RuleError::Invalid("an actual score is not negative".into()));
    }
    super::challenges::within_reach(t, r, actual)?;
    if actual == t.recorded {
        return Err(RuleError::Slip(
            "the turn is already recorded at that score",
        ));
    }
    Ok(vec![Payload::ScoreCorrected {
        by,
        turn,
        previous: t.recorded,
        recorded: actual,
    }])
}

/// N9: a player verifies the results slip.
pub(super) fn verify_slip(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    by: Seat,
) -> Result<Vec<Payload>, RuleError> {
    require(actor, is_person, "verify_slip", "a person")?;
    if r.score_corrections != ScoreCorrections::UntilSlipVerified {
        return Err(RuleError::Slip(
            "the results slip is not verified under this ruleset",
        ));
    }
    known_seat(s, by)?;
    check_player_seat(actor, by)?;
    if s.result.is_none() {
        return Err(RuleError::Slip(
            "the results slip is verified once the result is declared",
        ));
    }
    if s.result_final() {
        return Err(RuleError::SlipVerified);
    }
    if s.slip_verified[by.side] {
        return Err(RuleError::Slip("this side has already verified the slip"));
    }
    Ok(vec![Payload::SlipVerified { by }])
}

/// N9: whether a score may still be corrected outside its objection window.
fn corrections_open(s: &State, r: &Ruleset) -> Result<(), RuleError> {
    if r.score_corrections != ScoreCorrections::UntilSlipVerified {
        return Err(RuleError::Slip(
            "a score is corrected only by a score challenge while its line is open (T7, T8)",
        ));
    }
    match s.status {
        Status::New => return Err(RuleError::Lifecycle("the match is not created")),
        Status::Created => return Err(RuleError::Lifecycle("the match has not started")),
        _ => {}
    }
    if s.forfeit.is_some() {
        return Err(RuleError::Slip("the match was decided by forfeit (T18b-c)"));
    }
    if s.result_final() {
        return Err(RuleError::SlipVerified);
    }
    Ok(())
}
