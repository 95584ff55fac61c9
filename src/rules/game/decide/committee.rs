//! Officials overruling the board: forfeits by disqualification or walkout (T18b-c), decided by
//! the committee, and corrections reversing a mistaken event (E3).

use std::collections::BTreeSet;

use crate::rules::game::decide::guards::{is_committee, require};
use crate::rules::game::{Actor, Payload, RuleError, Side, State, Status};

/// T18b: the committee disqualifies a side.
pub(super) fn disqualify(
    s: &State,
    actor: &Actor,
    side: Side,
    reason: String,
) -> Result<Vec<Payload>, RuleError> {
    require(actor, is_committee, "disqualify", "the committee")?;
    forfeit_checks(s, &reason)?;
    Ok(vec![Payload::Disqualified {
        side,
        reason,
        by: actor.label(),
    }])
}

/// T18c: a side walked out.
pub(super) fn walkout(
    s: &State,
    actor: &Actor,
    side: Side,
    reason: String,
) -> Result<Vec<Payload>, RuleError> {
    require(actor, is_committee, "walkout", "the committee")?;
    forfeit_checks(s, &reason)?;
    Ok(vec![Payload::WalkedOut {
        side,
        reason,
        by: actor.label(),
    }])
}

fn forfeit_checks(s: &State, reason: &str) -> Result<(), RuleError> {
    if s.status == Status::New {
        return Err(RuleError::Lifecycle("the match is not created"));
    }
    if s.forfeit.is_some() {
        return Err(RuleError::Lifecycle("a forfeit is already recorded"));
    }
    if reason.trim().is_empty() {
        return Err(RuleError::Invalid("give a reason".into()));
    }
    Ok(())
}

/// E3: the seqs a correction of `seq` reverses: the event and its automatic consequences.
pub(super) fn reversal(s: &State, seq: u64) -> Result<Vec<u64>, RuleError> {
    let reversed: BTreeSet<u64> = s
        .log
        .iter()
        .filter_map(|e| match &e.payload {
            Payload::Corrected { reverses, .. } => Some(reverses.iter().copied()),
            _ => None,
        })
        .flatten()
        .collect();
    let target = s
        .log
        .iter()
        .find(|e| e.seq == seq)
        .ok_or(RuleError::NotReversible(seq, "no such event"))?;
    if reversed.contains(&seq) {
        return Err(RuleError::NotReversible(seq, "already reversed"));
    }
    match &target.payload {
        Payload::Created { .. } => {
            return Err(RuleError::NotReversible(seq, "the match's creation stays"));
        }
        Payload::Corrected { .. } => {
            return Err(RuleError::NotReversible(
                seq,
                "a correction is not reversed",
            ));
        }
        p if p.is_automatic() => {
            return Err(RuleError::NotReversible(
                seq,
                "it follows from time or rules; reverse the event that caused it",
            ));
        }
        _ => {}
    }
    let mut out = vec![seq];
    for e in s.log.iter().filter(|e| e.seq > seq) {
        if reversed.contains(&e.seq) || matches!(e.payload, Payload::Corrected { .. }) {
            continue;
        }
        if !e.payload.is_automatic() {
            return Err(RuleError::NotReversible(
                seq,
                "later events depend on it; reverse them first",
            ));
        }
        out.push(e.seq);
    }
    Ok(out)
}
