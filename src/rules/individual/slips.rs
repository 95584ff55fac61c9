//! A game's results slip (N8, N9): entered by either player on the table's device (or by the
//! director from the paper slip), confirmed by both, then final. Either player may correct the
//! scores until both have confirmed them (N9); a correction is a new record and clears the
//! other player's confirmation. The director's entry is final at once (it is copied from a
//! paper slip both players signed) and may be corrected by the director only.

use serde::{Deserialize, Serialize};

/// Which player of the game: the one going first (A) or second (B).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = IndivSide)]
pub enum Side {
    /// The player going first.
    A,
    /// The player going second.
    B,
}

/// What a record did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A player's first scores.
    Entry,
    /// A player's changed scores (N9).
    Correction,
    /// A player confirms the scores as they stand.
    Confirm,
    /// The director's scores: final.
    Director,
}

impl Kind {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Entry => "entry",
            Kind::Correction => "correction",
            Kind::Confirm => "confirm",
            Kind::Director => "director",
        }
    }

    /// Parses the stored name.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "entry" => Kind::Entry,
            "correction" => Kind::Correction,
            "confirm" => Kind::Confirm,
            "director" => Kind::Director,
            _ => return None,
        })
    }
}

/// One record of the slip log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// What it did.
    pub kind: Kind,
    /// The player who acted (none: the director).
    pub by: Option<Side>,
    /// The scores it states (none for a confirmation).
    pub scores: Option<(i32, i32)>,
}

/// Where a slip stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Slip {
    /// The scores as they stand (A, B).
    pub scores: Option<(i32, i32)>,
    /// Player A has confirmed these scores.
    pub confirmed_a: bool,
    /// Player B has confirmed these scores.
    pub confirmed_b: bool,
    /// Final: both confirmed, or entered by the director.
    pub is_final: bool,
    /// Corrections recorded (N9: shown on the slip).
    pub corrections: u32,
}

/// A command on a slip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A player states the scores (first entry or correction).
    Scores {
        /// Who.
        by: Side,
        /// (A, B).
        scores: (i32, i32),
    },
    /// A player confirms the scores as they stand.
    Confirm(Side),
    /// The director sets the scores (final).
    Director((i32, i32)),
}

/// Why a slip command is refused (nothing recorded).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SlipError {
    /// Both players confirmed, or the director entered it: only the director changes it now.
    #[error("the slip is final: only the director can change it")]
    Final,
    /// Nothing to confirm yet.
    #[error("no scores to confirm yet")]
    NothingToConfirm,
    /// A score outside what a game can give.
    #[error("a score must be between -1000 and 2000")]
    Score,
}

/// Folds a slip's log.
pub fn fold(records: &[Record]) -> Slip {
    let mut s = Slip::default();
    for r in records {
        match r.kind {
            Kind::Entry | Kind::Correction => {
                if s.scores.is_some() {
                    s.corrections += 1;
                }
                s.scores = r.scores;
                s.confirmed_a = r.by == Some(Side::A);
                s.confirmed_b = r.by == Some(Side::B);
                s.is_final = false;
            }
            Kind::Confirm => match r.by {
                Some(Side::A) => s.confirmed_a = true,
                Some(Side::B) => s.confirmed_b = true,
                None => {}
            },
            Kind::Director => {
                if s.scores.is_some() && s.scores != r.scores {
                    s.corrections += 1;
                }
                s.scores = r.scores;
                s.is_final = true;
            }
        }
        if s.confirmed_a && s.confirmed_b && s.scores.is_some() {
            s.is_final = true;
        }
    }
    s
}

fn check(scores: (i32, i32)) -> Result<(), SlipError> {
    let ok = |x: i32| (-1000..=2000).contains(&x);
    if ok(scores.0) && ok(scores.1) {
        Ok(())
    } else {
        Err(SlipError::Score)
    }
}

/// Decides a command against the slip as it stands: the record to append, or why not.
pub fn decide(slip: &Slip, command: Command) -> Result<Record, SlipError> {
    match command {
        Command::Director(scores) => {
            check(scores)?;
            Ok(Record {
                kind: Kind::Director,
                by: None,
                scores: Some(scores),
            })
        }
        _ if slip.is_final => Err(SlipError::Final),
        Command::Scores { by, scores } => {
            check(scores)?;
            Ok(Record {
                kind: if slip.scores.is_some() {
                    Kind::Correction
                } else {
                    Kind::Entry
                },
                by: Some(by),
                scores: Some(scores),
            })
        }
        Command::Confirm(by) => {
            if slip.scores.is_none() {
                return Err(SlipError::NothingToConfirm);
            }
            Ok(Record {
                kind: Kind::Confirm,
                by: Some(by),
                scores: None,
            })
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn run(cmds: &[Command]) -> Result<Slip, SlipError> {
        let mut log = Vec::new();
        for c in cmds {
            let r = decide(&fold(&log), *c)?;
            log.push(r);
        }
        Ok(fold(&log))
    }

    // rule N9
    #[test]
    fn either_player_corrects_until_both_confirmed_then_final() {
        let s = run(&[
            Command::Scores {
                by: Side::A,
                scores: (400, 350),
            },
            Command::Scores {
                by: Side::B,
                scores: (400, 365),
            },
            Command::Confirm(Side::A),
        ])
        .unwrap();
        assert_eq!(s.scores, Some((400, 365)));
        assert!(s.is_final);
        assert_eq!(s.corrections, 1);
        let err = decide(
            &s,
            Command::Scores {
                by: Side::B,
                scores: (1, 2),
            },
        );
        assert_eq!(err, Err(SlipError::Final));
        // The director still can (a new record).
        let r = decide(&s, Command::Director((401, 365))).unwrap();
        assert_eq!(r.kind, Kind::Director);
    }

    #[test]
    fn one_confirmation_is_not_final_and_confirming_nothing_is_refused() {
        assert_eq!(
            run(&[Command::Confirm(Side::A)]),
            Err(SlipError::NothingToConfirm)
        );
        let s = run(&[Command::Scores {
            by: Side::A,
            scores: (300, 200),
        }])
        .unwrap();
        assert!(!s.is_final && s.confirmed_a && !s.confirmed_b);
        assert_eq!(
            decide(&s, Command::Director((5000, 1))),
            Err(SlipError::Score)
        );
    }
}
