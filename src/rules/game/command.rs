//! Commands: what people (and the timeout sweeper) ask of a match.
//!
//! The JSON of a command is its wire format, kept as it was when a play was one flat object:
//! [`Play`] reads that object through a private wire struct and sorts it into a sheet play or a
//! board play without refusing anything, so every rule error still comes from `decide`, in the
//! same order as before; [`Exchange`] reads its tile strings into [`Rack`]s.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rules::game::{Seat, Side, Sides};
use crate::rules::ruleset::Ruleset;
use crate::rules::tiles::Rack;

/// A request to change a match. JSON is tagged by `type`, e.g.
/// `{"type": "play", "words": ["QI"], "tiles": 2, "declared": 22}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// Creates the match with its ruleset (the first event of every log).
    Create {
        /// The resolved ruleset (see `RulesetSpec::resolve`).
        ruleset: Ruleset,
        /// N8: the sides' names (players or teams) for the results slip.
        #[serde(default)]
        names: Option<Sides<String>>,
    },
    /// T1/N3: the recorded draw says which side moves first; starts that side's clock.
    Start {
        /// The side that moves first.
        first: Side,
    },
    /// N3/T1: the tablet records the tile each side drew for first turn and the rules decide:
    /// nearest to A goes first, a blank (`?`) beats A, equal letters draw again.
    /// `{"type": "draw", "a": "E", "b": "?"}`. [`Command::Start`] records an outcome instead.
    Draw {
        /// The tile side A drew: a letter, or `?` for a blank.
        a: String,
        /// The tile side B drew.
        b: String,
    },
    /// T6: the player on turn lays a word, says "finish" (the clock switches) and declares the
    /// score, all in one command: a sheet play (`words` + `tiles`) or a board play (`move`), see
    /// [`Play`]. The JSON is one shape for both, as it always was.
    Play(Play),
    /// The player on turn passes (N4; T17b counts passes).
    Pass {
        /// The seat passing, when known: checked against the seat on turn (T1, T5).
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// T9/T10, N4: the player on turn names tiles, returns them and draws as many (see
    /// [`Exchange`]).
    Exchange(Exchange),
    /// T7/T14: closes the objection window of the last play (the score sheet line is complete).
    /// The next turn's action closes it too.
    Accept,
    /// N5: an opponent calls "hold" within the grace period, keeping the play open to challenge.
    Hold {
        /// The seat calling hold.
        by: Seat,
    },
    /// T11-T13, N5: an opponent challenges words of the last play.
    ChallengeWord {
        /// The challenging seat.
        by: Seat,
        /// The words challenged (T13: one per turn in team play; empty: the whole play).
        #[serde(default)]
        words: Vec<String>,
    },
    /// T8: a teammate or an opponent challenges the declared score of the last play.
    ChallengeScore {
        /// The challenging seat.
        by: Seat,
    },
    /// T11: the PIC rules on a word challenge, exactly once.
    RuleWord {
        /// The challenge id (the seq of its `word_challenged` event).
        challenge: u64,
        /// Whether the challenged words are all valid.
        valid: bool,
    },
    /// T8, sheet mode: the PIC enters the actual score of a challenged turn.
    RuleScore {
        /// The challenge id (the seq of its `score_challenged` event).
        challenge: u64,
        /// The turn's true score.
        actual: i32,
    },
    /// Records any clock that has run out or match limit reached (the background sweeper).
    TimeExpired,
    /// N6: the director announces the end of the game.
    AnnounceEnd,
    /// T19, N6-N7: the tiles left on each rack at the end, given either as the tiles
    /// themselves (`tiles`: `{"A2": "QE?"}`, valued with the match's tile set and checked
    /// against what each rack holds) or as each rack's point value (`racks`); missing seats
    /// hold nothing.
    AdjustRacks {
        /// Point value of each seat's remaining tiles.
        #[serde(default)]
        racks: BTreeMap<Seat, u32>,
        /// The tiles left on each seat's rack: letters, `?` for a blank, spaces ignored.
        #[serde(default)]
        tiles: BTreeMap<Seat, String>,
    },
    /// T18b: the committee disqualifies a side.
    Disqualify {
        /// The side disqualified.
        side: Side,
        /// Why.
        reason: String,
    },
    /// T18c: a side walked out.
    Walkout {
        /// The side that walked out.
        side: Side,
        /// Circumstances.
        reason: String,
    },
    /// N9: either player puts right a turn's mis-announced score, without penalty, until both
    /// players have verified the results slip (ruleset `score_corrections:
    /// until_slip_verified`).
    CorrectScore {
        /// The seat that found the mistake.
        by: Seat,
        /// Index of the turn in the sheet.
        turn: u32,
        /// Sheet mode: the turn's true score. Board mode: omitted, the board knows it.
        #[serde(default)]
        actual: Option<i32>,
    },
    /// N9: a player verifies the results slip; once both sides have, the result is final.
    VerifySlip {
        /// The seat verifying.
        by: Seat,
    },
    /// E3: an official reverses a mistaken event (and its automatic consequences).
    Correction {
        /// The seq of the event reversed.
        reverses_seq: u64,
        /// Why.
        reason: String,
    },
}

/// Who may send a command. `decide` checks the actor against it; authorisation turns a user's
/// grants into the one actor that holds it, so nobody guesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Authority {
    /// The seat of the side to move: the table's device acts for its seats, and an official
    /// may stand in for them (T1, T5).
    SideToMove,
    /// A seat of the match, whoever is to move (the draw, holds, challenges, the slip).
    Seat,
    /// The event's PIC (a director may stand in): rulings on challenges (T11).
    Pic,
    /// The event committee (a director may stand in): disqualifications and walkouts (T18).
    Committee,
    /// Any official: the director, the committee or a PIC (E3, N6).
    Official,
    /// The director: creating a match.
    Director,
    /// The clock: recorded in the server's name, asked for by anyone with a role at the match.
    Clock,
}

impl Command {
    /// The authority a sender needs for this command.
    pub fn authority(&self) -> Authority {
        match self {
            Command::Create { .. } => Authority::Director,
            Command::Play { .. } | Command::Pass { .. } | Command::Exchange { .. } => {
                Authority::SideToMove
            }
            Command::Start { .. }
            | Command::Draw { .. }
            | Command::Accept
            | Command::Hold { .. }
            | Command::ChallengeWord { .. }
            | Command::ChallengeScore { .. }
            | Command::AdjustRacks { .. }
            | Command::CorrectScore { .. }
            | Command::VerifySlip { .. } => Authority::Seat,
            Command::RuleWord { .. } | Command::RuleScore { .. } => Authority::Pic,
            Command::Disqualify { .. } | Command::Walkout { .. } => Authority::Committee,
            Command::Correction { .. } | Command::AnnounceEnd => Authority::Official,
            Command::TimeExpired => Authority::Clock,
        }
    }

    /// The command's `type` tag, for logs and errors.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Create { .. } => "create",
            Command::Start { .. } => "start",
            Command::Draw { .. } => "draw",
            Command::Play { .. } => "play",
            Command::Pass { .. } => "pass",
            Command::Exchange { .. } => "exchange",
            Command::Accept => "accept",
            Command::Hold { .. } => "hold",
            Command::ChallengeWord { .. } => "challenge_word",
            Command::ChallengeScore { .. } => "challenge_score",
            Command::RuleWord { .. } => "rule_word",
            Command::RuleScore { .. } => "rule_score",
            Command::TimeExpired => "time_expired",
            Command::AnnounceEnd => "announce_end",
            Command::AdjustRacks { .. } => "adjust_racks",
            Command::Disqualify { .. } => "disqualify",
            Command::Walkout { .. } => "walkout",
            Command::CorrectScore { .. } => "correct_score",
            Command::VerifySlip { .. } => "verify_slip",
            Command::Correction { .. } => "correction",
        }
    }
}

/// T6: a play, as the rules read it. JSON: `{"type": "play", "words": ["QI"], "tiles": 2,
/// "declared": 22}` (sheet) or `{"type": "play", "move": "8D QI", "declared": 22, "rack":
/// "IQ?"}` (board). Which one it is follows from the fields given (a `move` or a `rack` makes a
/// board play); whether it fits the match's entry mode is for `decide` to say (T6, C7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "PlayWire", into = "PlayWire")]
pub enum Play {
    /// Sheet mode: the words formed and the tiles laid, as the player announces them.
    Sheet {
        /// The words formed, main word first.
        words: Vec<String>,
        /// How many tiles were laid from the rack (`None`: not given, refused by `decide`).
        tiles: Option<u8>,
        /// The score the player announces.
        declared: i32,
        /// The seat playing, when known: checked against the seat on turn (T1, T5).
        seat: Option<Seat>,
    },
    /// Board mode: the move in GCG notation; the board gives the words, tiles and score.
    Board {
        /// The move, e.g. `8D QI` (position, then word). `None` only when a rack came without
        /// its move, which board mode refuses ("give the move") and sheet mode too ("the rack
        /// is not recorded").
        mv: Option<String>,
        /// C2: the player's rack before the play (`?` for a blank), when the tablet records it;
        /// the play's tiles must then come from it. Text as sent: an empty field records no
        /// rack, and a rack that does not read is refused by `decide` with the rule (C2).
        rack: Option<String>,
        /// The score the player announces.
        declared: i32,
        /// The seat playing, when known: checked against the seat on turn (T1, T5).
        seat: Option<Seat>,
    },
}

impl Play {
    /// The score the player announces.
    pub fn declared(&self) -> i32 {
        match self {
            Play::Sheet { declared, .. } | Play::Board { declared, .. } => *declared,
        }
    }

    /// The seat playing, when the request names it.
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Play::Sheet { seat, .. } | Play::Board { seat, .. } => *seat,
        }
    }
}

/// The JSON of a play: one flat object for both modes (the shape clients have always sent).
#[derive(Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = Play)]
#[serde(deny_unknown_fields)]
struct PlayWire {
    /// Sheet mode: the words formed, main word first.
    #[serde(default)]
    words: Vec<String>,
    /// Sheet mode: how many tiles were laid from the rack.
    #[serde(default)]
    tiles: Option<u8>,
    /// Board mode: the move in GCG notation, e.g. `8D QI` (position, then word).
    #[serde(default, rename = "move")]
    mv: Option<String>,
    /// The score the player announces.
    declared: i32,
    /// The seat playing, when known: checked against the seat on turn (T1, T5).
    #[serde(default)]
    seat: Option<Seat>,
    /// Board mode, C2: the player's rack before the play (`?` for a blank), when the tablet
    /// records it; the play's tiles must then come from it.
    #[serde(default)]
    rack: Option<String>,
}

/// A play is documented as what it reads and writes: the wire object.
impl utoipa::PartialSchema for Play {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        <PlayWire as utoipa::PartialSchema>::schema()
    }
}

impl utoipa::ToSchema for Play {
    fn name() -> std::borrow::Cow<'static, str> {
        <PlayWire as utoipa::ToSchema>::name()
    }

    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        <PlayWire as utoipa::ToSchema>::schemas(schemas);
    }
}

impl From<PlayWire> for Play {
    fn from(w: PlayWire) -> Self {
        // A move or a rack is board input. Board mode never read `words` or `tiles`, and sheet
        // mode refuses a move or a rack before reading them, so dropping them loses nothing.
        if w.mv.is_some() || w.rack.is_some() {
            Play::Board {
                mv: w.mv,
                rack: w.rack,
                declared: w.declared,
                seat: w.seat,
            }
        } else {
            Play::Sheet {
                words: w.words,
                tiles: w.tiles,
                declared: w.declared,
                seat: w.seat,
            }
        }
    }
}

impl From<Play> for PlayWire {
    fn from(p: Play) -> Self {
        match p {
            Play::Sheet {
                words,
                tiles,
                declared,
                seat,
            } => PlayWire {
                words,
                tiles,
                mv: None,
                declared,
                seat,
                rack: None,
            },
            Play::Board {
                mv,
                rack,
                declared,
                seat,
            } => PlayWire {
                words: Vec::new(),
                tiles: None,
                mv,
                declared,
                seat,
                rack,
            },
        }
    }
}

/// T9/T10, N4: an exchange. JSON: `{"type": "exchange", "tiles": "EEEA", "rack": "EEEAQVI"}`;
/// tiles are letters in any case, `?` for a blank, spaces ignored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Exchange {
    /// The tiles returned.
    #[serde(deserialize_with = "tiles", serialize_with = "tiles_text")]
    #[schema(value_type = String)]
    pub tiles: Rack,
    /// T9: the whole rack, when shown; eligibility is then checked on it instead of `tiles`.
    #[serde(
        default,
        deserialize_with = "some_tiles",
        serialize_with = "some_tiles_text"
    )]
    #[schema(value_type = Option<String>)]
    pub rack: Option<Rack>,
    /// The seat exchanging, when known: checked against the seat on turn (T1, T5).
    #[serde(default)]
    pub seat: Option<Seat>,
}

/// Tiles as a player names them: letters in any case, `?` for a blank, spaces ignored.
/// Refused at the edge, naming the field: a [`Rack`] holds only `A`-`Z` and blanks.
fn read_tiles(text: &str, field: &str) -> Result<Rack, String> {
    let tiles: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    Rack::parse(&tiles).map_err(|_| format!("`{field}`: tiles are letters, with ? for a blank"))
}

fn tiles<'de, D: Deserializer<'de>>(d: D) -> Result<Rack, D::Error> {
    let text = String::deserialize(d)?;
    read_tiles(&text, "tiles").map_err(serde::de::Error::custom)
}

fn some_tiles<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Rack>, D::Error> {
    match Option::<String>::deserialize(d)? {
        Some(text) => read_tiles(&text, "rack")
            .map(Some)
            .map_err(serde::de::Error::custom),
        None => Ok(None),
    }
}

fn tiles_text<S: Serializer>(rack: &Rack, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(rack)
}

fn some_tiles_text<S: Serializer>(rack: &Option<Rack>, s: S) -> Result<S::Ok, S::Error> {
    match rack {
        Some(rack) => s.collect_str(rack),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use serde_json::json;

    use super::*;

    fn read(v: serde_json::Value) -> Result<Command, String> {
        serde_json::from_value(v).map_err(|e| e.to_string())
    }

    #[test]
    fn a_play_with_words_is_a_sheet_play_and_one_with_a_move_or_a_rack_a_board_play() {
        let sheet = read(json!({"type": "play", "words": ["QI"], "tiles": 2, "declared": 22}));
        assert_eq!(
            sheet.unwrap(),
            Command::Play(Play::Sheet {
                words: vec!["QI".into()],
                tiles: Some(2),
                declared: 22,
                seat: None,
            })
        );
        let board = read(json!({"type": "play", "move": "8G QI", "declared": 22, "seat": "A1"}));
        assert_eq!(
            board.unwrap(),
            Command::Play(Play::Board {
                mv: Some("8G QI".into()),
                rack: None,
                declared: 22,
                seat: Some("A1".parse().unwrap()),
            })
        );
        // A rack alone is board input too: sheet mode refuses it for the rack, board mode for
        // the missing move, as when a play was one flat object.
        let rack = read(json!({"type": "play", "words": ["QI"], "declared": 2, "rack": ""}));
        assert!(matches!(
            rack.unwrap(),
            Command::Play(Play::Board {
                mv: None,
                rack: Some(_),
                ..
            })
        ));
    }

    #[test]
    fn the_play_object_keeps_its_one_wire_shape_and_its_errors() {
        let unknown = read(json!({"type": "play", "declared": 1, "extra": 1})).unwrap_err();
        assert!(
            unknown.starts_with(
                "unknown field `extra`, expected one of `words`, `tiles`, `move`, `declared`, \
                 `seat`, `rack`"
            ),
            "{unknown}"
        );
        let missing = read(json!({"type": "play", "words": ["QI"], "tiles": 2})).unwrap_err();
        assert!(missing.starts_with("missing field `declared`"), "{missing}");
        let cmd = read(json!({"type": "play", "move": "8G QI", "declared": 22})).unwrap();
        assert_eq!(
            serde_json::to_value(&cmd).unwrap(),
            json!({"type": "play", "words": [], "tiles": null, "move": "8G QI", "declared": 22,
                   "seat": null, "rack": null})
        );
    }

    #[test]
    fn an_exchange_reads_its_tiles_into_racks() {
        let cmd = read(json!({"type": "exchange", "tiles": " ee e a?", "rack": "EEEA?QV"}));
        let Command::Exchange(x) = cmd.unwrap() else {
            panic!("not an exchange")
        };
        assert_eq!(x.tiles, Rack::parse("AEEE?").unwrap());
        assert_eq!(x.rack, Some(Rack::parse("AEEEQV?").unwrap()));
        let bad = read(json!({"type": "exchange", "tiles": "E1"})).unwrap_err();
        assert!(
            bad.starts_with("`tiles`: tiles are letters, with ? for a blank"),
            "{bad}"
        );
        let bad = read(json!({"type": "exchange", "tiles": "E", "rack": "E-"})).unwrap_err();
        assert!(bad.starts_with("`rack`:"), "{bad}");
    }
}
