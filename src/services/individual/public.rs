//! What the public pages of an individual event show (issue 18): a division's live standings
//! with Gibsonized players marked, every round's pairings by table and alphabetically (as TSH
//! prints them), results by round, a page per player and per club. Built from one load of the
//! division; anyone reads a public event, a private one only the people with a role in it.

use super::views::{estimates, round_of, standings_of};
use super::{Loaded, RoundLine, StandingLine, division_for_reader};
use crate::db::DbConn;
use crate::error::AppError;
use crate::rules::individual::late::LateRounds;
use crate::rules::individual::standings::Outcome;
use crate::vocab::{DivisionId, EventId, UserId};

/// What every public page of a division shows at its top.
#[derive(Debug, Clone)]
pub struct Head {
    /// The event.
    pub event_id: EventId,
    /// Its name.
    pub event_name: String,
    /// The event's default page language, if its director chose one.
    pub language: Option<String>,
    /// The division.
    pub division_id: DivisionId,
    /// Its name.
    pub division: String,
    /// Rounds paired so far.
    pub rounds_paired: u32,
    /// Rounds the plan holds.
    pub rounds_planned: u32,
    /// Some player has a club: the standings link to club pages.
    pub has_clubs: bool,
    /// How the rating estimates are made.
    pub rating_method: crate::rules::individual::ratings::RatingMethod,
    /// The players' rating classes (TSH's `class`), sorted; empty: no classes.
    pub classes: Vec<String>,
    /// How a late entrant's rounds before their first count.
    pub late_rounds: LateRounds,
    /// The spread such a round counts (0: no game).
    pub late_spread: i32,
}

/// Loads a division for a reader, with its page head.
fn loaded(
    conn: &mut DbConn,
    user: Option<UserId>,
    division_id: DivisionId,
) -> Result<(Loaded, Head), AppError> {
    let (d, ev) = division_for_reader(conn, user, division_id)?;
    let head = Head {
        event_id: ev.id,
        event_name: ev.name,
        language: ev.language,
        division_id: d.div.id,
        division: d.div.name.clone(),
        rounds_paired: d.last_round(),
        rounds_planned: d.plan.rounds(),
        has_clubs: d.players.iter().any(|p| !p.club.is_empty()),
        rating_method: d.rating_method,
        classes: d
            .players
            .iter()
            .filter(|p| !p.class.is_empty())
            .map(|p| p.class.clone())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect(),
        late_rounds: d.late,
        late_spread: match d.late {
            LateRounds::NoGame => 0,
            LateRounds::Forfeit => d.options.forfeit_spread,
            LateRounds::Bye => d.options.bye_spread,
        },
    };
    Ok((d, head))
}

/// A line of the public standings.
#[derive(Debug)]
pub struct PublicLine {
    /// The line as the API shows it.
    pub line: StandingLine,
    /// Gibsonized: the round being played, or paired next, pairs them apart as the leader
    /// who has clinched first (never once the plan is played out; see
    /// `StandingLine::gibsonized`).
    pub gibsonized: bool,
}

/// A division's public standings.
#[derive(Debug)]
pub struct PublicStandings {
    /// The page head.
    pub head: Head,
    /// Best first.
    pub lines: Vec<PublicLine>,
}

/// The standings of a division, Gibsonized leader marked.
pub fn public_standings(
    conn: &mut DbConn,
    user: Option<UserId>,
    division_id: DivisionId,
) -> Result<PublicStandings, AppError> {
    let (d, head) = loaded(conn, user, division_id)?;
    let view = standings_of(&d)?;
    Ok(PublicStandings {
        head,
        lines: view
            .lines
            .into_iter()
            .map(|line| PublicLine {
                gibsonized: line.gibsonized,
                line,
            })
            .collect(),
    })
}

/// A player's line in the alphabetical pairings.
#[derive(Debug)]
pub struct AlphaLine {
    /// Player number.
    pub number: i32,
    /// Name.
    pub name: String,
    /// Table (none: a bye).
    pub table: Option<i32>,
    /// Opponent's name (none: a bye).
    pub opponent: Option<String>,
    /// Goes first.
    pub first: bool,
}

/// A round as the pairings and results pages show it.
#[derive(Debug)]
pub struct PublicRound {
    /// Round.
    pub round: u32,
    /// Lines by table, byes last.
    pub lines: Vec<RoundLine>,
    /// Every player of the round by name.
    pub alphabetical: Vec<AlphaLine>,
}

impl PublicRound {
    /// The winner's name and the spread of a line, once it has a final result (a tie: no
    /// winner) or a withdrawal settles it (E2: the opponent wins it by the forfeit's or the
    /// bye's spread).
    pub fn outcome(line: &RoundLine) -> Option<(Option<String>, i32)> {
        if let Some(w) = &line.withdrawal {
            let winner = if w.winner == line.a {
                Some(line.a_name.clone())
            } else {
                line.b_name.clone()
            };
            return Some((winner, w.spread));
        }
        let (a, b) = (line.score_a?, line.score_b?);
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(line.a_name.clone()),
            std::cmp::Ordering::Less => line.b_name.clone(),
            std::cmp::Ordering::Equal => None,
        };
        Some((winner, (a - b).abs()))
    }
}

fn alphabetical(lines: &[RoundLine]) -> Vec<AlphaLine> {
    let mut out: Vec<AlphaLine> = lines
        .iter()
        .flat_map(|l| {
            let a = AlphaLine {
                number: l.a,
                name: l.a_name.clone(),
                table: l.table,
                opponent: l.b_name.clone(),
                first: l.b.is_some(),
            };
            let b = l.b.zip(l.b_name.clone()).map(|(n, name)| AlphaLine {
                number: n,
                name,
                table: l.table,
                opponent: Some(l.a_name.clone()),
                first: false,
            });
            std::iter::once(a).chain(b)
        })
        .collect();
    out.sort_by(|x, y| {
        x.name
            .to_lowercase()
            .cmp(&y.name.to_lowercase())
            .then(x.number.cmp(&y.number))
    });
    out
}

/// Every round paired (latest first), or only `only` when given (404 when it is not paired).
pub fn public_rounds(
    conn: &mut DbConn,
    user: Option<UserId>,
    division_id: DivisionId,
    only: Option<u32>,
) -> Result<(Head, Vec<PublicRound>), AppError> {
    let (d, head) = loaded(conn, user, division_id)?;
    let wanted: Vec<u32> = match only {
        Some(r) => vec![r],
        None => (1..=d.last_round()).rev().collect(),
    };
    let mut rounds = Vec::new();
    for r in wanted {
        let view = round_of(&d, r)?;
        rounds.push(PublicRound {
            round: r,
            alphabetical: alphabetical(&view.lines),
            lines: view.lines,
        });
    }
    Ok((head, rounds))
}

/// One game on a player's page.
#[derive(Debug)]
pub struct PlayerGame {
    /// The game as counted (none: paired, no final result yet).
    pub outcome: Option<Outcome>,
    /// Round.
    pub round: u32,
    /// Opponent's number and name (none: a bye).
    pub opponent: Option<(i64, String)>,
    /// Went first.
    pub first: bool,
    /// Wins (halves) and losses after this game.
    pub record: (f64, u32),
    /// Rating estimate change of this round (none: no counted game).
    pub rating_change: Option<i64>,
    /// A round before the player entered, counted as the division's late-entry rule says.
    pub missed: bool,
}

/// A player's page.
#[derive(Debug)]
pub struct PlayerPage {
    /// The page head.
    pub head: Head,
    /// The player's standings line.
    pub line: StandingLine,
    /// Games by round.
    pub games: Vec<PlayerGame>,
}

/// A player's games with their running record and rating change by round (404: no such
/// player in the division).
pub fn player_page(
    conn: &mut DbConn,
    user: Option<UserId>,
    division_id: DivisionId,
    number: i32,
) -> Result<PlayerPage, AppError> {
    let (d, head) = loaded(conn, user, division_id)?;
    let me = i64::from(number);
    let line = standings_of(&d)?
        .lines
        .into_iter()
        .find(|l| l.number == me)
        .ok_or_else(|| AppError::not_found(format!("no player {number} in this division")))?;
    // The estimate after each round, to show what each round's game moved.
    let mut after = vec![line.rating_i64()];
    for r in 1..=d.last_round() {
        let est = estimates(&d, Some(r))?;
        #[allow(clippy::cast_possible_truncation)]
        let now = est
            .iter()
            .find(|e| e.player == me)
            .map_or(line.rating_i64(), |e| e.after.round() as i64);
        after.push(now);
    }
    let (mut wins2, mut losses) = (0i64, 0u32);
    let mut games = Vec::new();
    // Every round the player has a line in, or a game counted without one (a late entrant's
    // missed round as the division's rule counts it).
    for round in 1..=d.last_round() {
        let p = d.pairings.iter().find(|p| {
            u32::try_from(p.round) == Ok(round)
                && (i64::from(p.player_a) == me || p.player_b.map(i64::from) == Some(me))
        });
        let outcome = line.games.iter().find(|g| g.round == round).copied();
        if p.is_none() && outcome.is_none() {
            continue;
        }
        if let Some(o) = outcome {
            wins2 += o.wins2;
            losses += u32::from(o.is_loss());
        }
        let opp = match p {
            Some(p) if i64::from(p.player_a) == me => p.player_b.map(i64::from),
            Some(p) => Some(i64::from(p.player_a)),
            None => None,
        };
        let at = usize::try_from(round).unwrap_or(0);
        let rated = outcome.is_some_and(|o| o.opponent.is_some() && !o.forfeit);
        #[allow(clippy::cast_precision_loss)]
        games.push(PlayerGame {
            outcome,
            round,
            opponent: opp.map(|o| (o, d.name(o))),
            first: p.is_some_and(|p| i64::from(p.player_a) == me && p.player_b.is_some()),
            missed: p.is_none(),
            record: (wins2 as f64 / 2.0, losses),
            rating_change: rated
                .then(|| Some(after.get(at)? - after.get(at.checked_sub(1)?)?))
                .flatten(),
        });
    }
    Ok(PlayerPage { head, line, games })
}

/// A club's page: its players' standings lines, best first.
#[derive(Debug)]
pub struct ClubPage {
    /// The page head.
    pub head: Head,
    /// The club.
    pub club: String,
    /// Its players' lines.
    pub lines: Vec<StandingLine>,
}

/// The players of a club with their records (404: no player of that club in the division).
pub fn club_page(
    conn: &mut DbConn,
    user: Option<UserId>,
    division_id: DivisionId,
    club: &str,
) -> Result<ClubPage, AppError> {
    let (d, head) = loaded(conn, user, division_id)?;
    let lines: Vec<StandingLine> = standings_of(&d)?
        .lines
        .into_iter()
        .filter(|l| !l.club.is_empty() && l.club == club)
        .collect();
    if lines.is_empty() {
        return Err(AppError::not_found(format!(
            "no player of club {club} in this division"
        )));
    }
    Ok(ClubPage {
        head,
        club: club.to_owned(),
        lines,
    })
}

impl StandingLine {
    /// The rating before the event, widened.
    fn rating_i64(&self) -> i64 {
        i64::from(self.rating)
    }

    /// The division's winner (every planned round complete, ranked first).
    pub fn won(&self) -> bool {
        self.first_place == Some(super::views::FirstPlace::Won)
    }

    /// Has clinched first place with rounds still to play.
    pub fn clinched(&self) -> bool {
        self.first_place == Some(super::views::FirstPlace::Clinched)
    }

    /// Wins and losses as the pages print them ("2.5–1").
    pub fn record(&self) -> String {
        format!("{}–{}", self.wins, self.losses)
    }
}
