//! Objections to the last play and their rulings: accept (T7), hold (N5), word challenges
//! (T11-T14, N5) and score challenges (T8), ruled by the PIC.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};

use crate::rules::clock::after;
use crate::rules::game::decide::guards::{
    check_player_seat, is_person, is_pic, known_seat, objection_target, objections_heard, require,
};
use crate::rules::game::event::SidePoints;
use crate::rules::game::{
    Actor, ChallengeKind, ChallengeRuling, Payload, RuleError, Seat, State, Status, Turn,
    TurnAction, sheet,
};
use crate::rules::ruleset::{EntryMode, Ruleset};
use crate::rules::tiles::TileSet;

/// T7/T14: the last play's sheet line is complete.
pub(super) fn accept(
    s: &State,
    actor: &Actor,
    now: DateTime<Utc>,
) -> Result<Vec<Payload>, RuleError> {
    require(actor, is_person, "accept", "a person")?;
    let (turn, _) = objection_target(s, now)?;
    if s.open_challenges().next().is_some() {
        return Err(RuleError::ChallengeOpen);
    }
    Ok(vec![Payload::LineClosed { turn, at: now }])
}

/// N5: an opponent holds the play open to challenge.
pub(super) fn hold(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    now: DateTime<Utc>,
    by: Seat,
) -> Result<Vec<Payload>, RuleError> {
    require(actor, is_person, "hold", "a person")?;
    if r.objection.hold_ms.is_none() {
        return Err(RuleError::Hold("hold is not used under this ruleset"));
    }
    // N5/T17d: the game-ending play may be held too.
    objections_heard(s)?;
    let w = s.window.as_ref().ok_or(RuleError::NoObjectionWindow)?;
    if w.hold_at.is_some() {
        return Err(RuleError::Hold("hold was already called"));
    }
    if let Some(grace) = r.objection.grace_ms
        && now >= after(w.opened_at, i64::try_from(grace).unwrap_or(i64::MAX))
    {
        return Err(RuleError::Hold(
            "hold must be called within the grace period",
        ));
    }
    let (turn, player) = objection_target(s, now)?;
    known_seat(s, by)?;
    check_player_seat(actor, by)?;
    if by.side == player.side {
        return Err(RuleError::NotAnOpponent);
    }
    Ok(vec![Payload::Held { by, turn }])
}

/// T11-T14, N5: an opponent challenges words of the last play.
pub(super) fn challenge_word(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    now: DateTime<Utc>,
    by: Seat,
    words: Vec<String>,
) -> Result<Vec<Payload>, RuleError> {
    require(actor, is_person, "challenge_word", "a person")?;
    if !r.word_challenge().allowed {
        return Err(RuleError::ChallengesNotUsed);
    }
    let (turn, player) = objection_target(s, now)?;
    known_seat(s, by)?;
    check_player_seat(actor, by)?;
    // T14: only the opposing side challenges words.
    if by.side == player.side {
        return Err(RuleError::NotAnOpponent);
    }
    let per = r.words_per_challenge;
    let already = s
        .challenges
        .iter()
        .any(|c| c.turn == turn && matches!(c.kind, ChallengeKind::Word { .. }));
    let formed: &[String] = match s.turns.get(turn as usize).map(|t| &t.action) {
        Some(TurnAction::Play { words, .. }) => words,
        _ => &[],
    };
    let words = named_words(&words, formed)?;
    // T13: one word challenge per turn, naming at most `per` words.
    if already || per.is_some_and(|k| words.is_empty() || words.len() > usize::from(k)) {
        return Err(RuleError::OneWordPerTurn(per.unwrap_or(1)));
    }
    if s.turns.get(turn as usize).is_some_and(|t| t.withdrawn) {
        return Err(RuleError::PlayWithdrawn);
    }
    Ok(vec![Payload::WordChallenged { by, turn, words }])
}

/// T8: a teammate or an opponent challenges the declared score.
pub(super) fn challenge_score(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    now: DateTime<Utc>,
    by: Seat,
) -> Result<Vec<Payload>, RuleError> {
    require(actor, is_person, "challenge_score", "a person")?;
    let (turn, _) = objection_target(s, now)?;
    known_seat(s, by)?;
    check_player_seat(actor, by)?;
    let t = s
        .turns
        .get(turn as usize)
        .ok_or(RuleError::NoObjectionWindow)?;
    if t.withdrawn {
        return Err(RuleError::PlayWithdrawn);
    }
    if s.challenges
        .iter()
        .any(|c| c.turn == turn && c.kind == ChallengeKind::Score)
    {
        return Err(RuleError::ScoreAlreadyChallenged);
    }
    let mut out = vec![Payload::ScoreChallenged { by, turn }];
    // Board mode: the board knows the actual score, so the challenge is settled at once.
    if let Some(actual) = t.actual {
        let recorded = score_after_challenge(
            t.declared,
            actual,
            by.side == t.seat.side,
            r.score_challenge.opponent_penalty,
        );
        out.push(Payload::ScoreRuled {
            challenge: s.last_seq + 1,
            actual,
            recorded,
        });
    }
    Ok(out)
}

/// T11-T13, N5: the PIC rules on a word challenge.
pub(super) fn rule_word(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    challenge: u64,
    valid: bool,
) -> Result<Vec<Payload>, RuleError> {
    require(actor, is_pic, "rule_word", "the PIC")?;
    let c = s
        .challenge(challenge)
        .filter(|c| c.ruling.is_none())
        .ok_or(RuleError::ChallengeNotOpen(challenge))?;
    let ChallengeKind::Word { words } = &c.kind else {
        return Err(RuleError::WrongChallengeKind(challenge));
    };
    let t = s
        .turns
        .get(c.turn as usize)
        .ok_or(RuleError::ChallengeNotOpen(challenge))?;
    let fx = r.word_challenge();
    let side = t.seat.side;
    let payload = if valid {
        // T12 / N5 5- and 10-point: the challenged side gains; double: the challenger
        // loses its next turn.
        // N5: each distinct word counts once (a log may predate the check at entry).
        let n = if !fx.bonus_per_word {
            1
        } else if words.is_empty() {
            match &t.action {
                TurnAction::Play { words, .. } => distinct(words).len().max(1),
                _ => 1,
            }
        } else {
            distinct(words).len()
        };
        let bonus = fx
            .valid_bonus
            .saturating_mul(i32::try_from(n).unwrap_or(i32::MAX));
        Payload::WordRuled {
            challenge,
            valid,
            withdrawn: false,
            points: (bonus != 0).then_some(SidePoints {
                side,
                points: bonus,
            }),
            lost_turn: (fx.challenger_loses_turn && s.status == Status::InProgress)
                .then_some(c.by.side),
        }
    } else {
        // T13 / N5: the play is withdrawn and scores 0; team play takes 10 more.
        Payload::WordRuled {
            challenge,
            valid,
            withdrawn: true,
            points: (fx.invalid_penalty != 0).then_some(SidePoints {
                side,
                points: -fx.invalid_penalty,
            }),
            lost_turn: None,
        }
    };
    Ok(vec![payload])
}

/// T8, sheet mode: the PIC enters the actual score of a challenged turn.
pub(super) fn rule_score(
    s: &State,
    r: &Ruleset,
    actor: &Actor,
    challenge: u64,
    actual: i32,
) -> Result<Vec<Payload>, RuleError> {
    require(actor, is_pic, "rule_score", "the PIC")?;
    if r.entry_mode == EntryMode::Board {
        return Err(RuleError::ActualFromBoard);
    }
    let c = s
        .challenge(challenge)
        .ok_or(RuleError::ChallengeNotOpen(challenge))?;
    // T13: a play withdrawn by a word challenge closed this one: no score is left to rule.
    if c.ruling == Some(ChallengeRuling::Withdrawn) {
        return Err(RuleError::PlayWithdrawn);
    }
    if c.ruling.is_some() {
        return Err(RuleError::ChallengeNotOpen(challenge));
    }
    if c.kind != ChallengeKind::Score {
        return Err(RuleError::WrongChallengeKind(challenge));
    }
    if actual < 0 {
        return Err(RuleError::Invalid("an actual score is not negative".into()));
    }
    let t = s
        .turns
        .get(c.turn as usize)
        .ok_or(RuleError::ChallengeNotOpen(challenge))?;
    if t.withdrawn {
        return Err(RuleError::PlayWithdrawn);
    }
    within_reach(t, r, actual)?;
    let recorded = if t.withdrawn {
        0
    } else {
        score_after_challenge(
            t.declared,
            actual,
            c.by.side == t.seat.side,
            r.score_challenge.opponent_penalty,
        )
    };
    Ok(vec![Payload::ScoreRuled {
        challenge,
        actual,
        recorded,
    }])
}

/// T8/N9, sheet mode: an actual score the play's words could make (see [`sheet::max_score`]).
/// Board mode never gets here: the board knows the score.
pub(super) fn within_reach(t: &Turn, r: &Ruleset, actual: i32) -> Result<(), RuleError> {
    let (TurnAction::Play { words, .. }, Some(set)) = (&t.action, TileSet::by_name(&r.tiles.set))
    else {
        return Ok(());
    };
    let most = sheet::max_score(words, t.tiles, &set, r.tiles.rack_size);
    if i64::from(actual) > most {
        return Err(RuleError::Entry {
            field: "actual".into(),
            rule: "T8",
            message: format!(
                "actual: {actual} is more than {} can score ({most} at most: every letter on \
                 the best premium squares, and any cross word not listed at its most)",
                words.join(", ")
            ),
        });
    }
    Ok(())
}

/// The words in order, each once (compared without regard to case).
fn distinct(words: &[String]) -> Vec<&String> {
    let mut seen = BTreeSet::new();
    words
        .iter()
        .filter(|w| seen.insert(w.trim().to_uppercase()))
        .collect()
}

/// N5: the words a challenge names, each once and spelled as the play formed them (board mode:
/// the words the board formed; sheet mode: the words the play declared). A word the play did not
/// form is refused.
fn named_words(named: &[String], formed: &[String]) -> Result<Vec<String>, RuleError> {
    let mut out: Vec<String> = Vec::new();
    for w in named.iter().map(|w| w.trim()).filter(|w| !w.is_empty()) {
        let Some(f) = formed.iter().find(|f| f.trim().eq_ignore_ascii_case(w)) else {
            return Err(RuleError::WordNotFormed {
                word: w.to_uppercase(),
                formed: formed.join(", "),
            });
        };
        if !out.iter().any(|o| o.eq_ignore_ascii_case(f)) {
            out.push(f.trim().to_string());
        }
    }
    Ok(out)
}

/// T8a-c: the score recorded after a score challenge.
pub fn score_after_challenge(
    declared: i32,
    actual: i32,
    by_teammate: bool,
    opponent_penalty: bool,
) -> i32 {
    if actual >= declared || by_teammate || !opponent_penalty {
        // T8a (under-declared or exact) and T8b (a teammate's correction).
        actual
    } else {
        // T8c: the excess is taken off once more.
        actual - (declared - actual)
    }
}
