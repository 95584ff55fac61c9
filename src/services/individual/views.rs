//! What the API and pages show of an individual event: the event with its divisions, a
//! round's lines, the standings with rating estimates, and CSV.

use serde::Serialize;

use super::{Loaded, PlayerView, WithdrawalView, division_for_reader, event_options, load};
use crate::db::{DbConn, individual as rows};
use crate::error::AppError;
use crate::rules::individual::late::LateRounds;
use crate::rules::individual::ratings::{self, Estimate, Game, RatingMethod, Seed};
use crate::rules::individual::standings::{self, Line, Options, Outcome, WithdrawnGames, ranked};
use crate::rules::pairing::individual::{
    Gibson, Standing, Stretch, clinched_leader, gibsonized_in, rank,
};
use crate::vocab::{DivisionId, EventId, UserId};

/// An individual event with its divisions.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = IndividualEvent)]
pub struct IndivEventView {
    /// Event id.
    pub id: EventId,
    /// Name.
    pub name: String,
    /// Readable without signing in.
    pub public: bool,
    /// Byes, forfeits, withdrawals.
    pub options: Options,
    /// Divisions in creation order.
    pub divisions: Vec<DivisionView>,
}

/// A division: its plan, players and rounds paired so far.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = IndividualDivision)]
pub struct DivisionView {
    /// Division id.
    pub id: DivisionId,
    /// The event.
    pub event_id: EventId,
    /// Name.
    pub name: String,
    /// The pairing plan.
    pub plan: Vec<Stretch>,
    /// Prize places Gibsonization protects (none: not Gibsonized).
    pub gibson_prizes: Option<i32>,
    /// How its rating estimates are made.
    pub rating_method: RatingMethod,
    /// Players by number.
    pub players: Vec<PlayerView>,
    /// Rounds paired so far.
    pub rounds_paired: u32,
    /// Withdrawal records, oldest first (a later record of a player corrects an earlier one).
    pub withdrawals: Vec<WithdrawalView>,
    /// How a late entrant's rounds before their first count.
    pub late_rounds: LateRounds,
    /// Every round of the plan is paired: a player added now would play no game, so adding
    /// one is refused.
    pub plan_paired: bool,
}

fn division_of(conn: &mut DbConn, d: &Loaded) -> Result<DivisionView, AppError> {
    Ok(DivisionView {
        id: d.div.id,
        event_id: d.div.event_id,
        name: d.div.name.clone(),
        plan: d.plan.stretches().to_vec(),
        gibson_prizes: d.div.gibson_prizes,
        rating_method: d.rating_method,
        players: d.players.iter().map(PlayerView::from).collect(),
        rounds_paired: d.last_round(),
        withdrawals: super::withdrawal_views(conn, d)?,
        late_rounds: d.late,
        plan_paired: d.plan.rounds() > 0 && d.last_round() >= d.plan.rounds(),
    })
}

/// A division (no role check: the caller checked it).
pub(super) fn division_view(conn: &mut DbConn, id: DivisionId) -> Result<DivisionView, AppError> {
    let d = load(conn, id)?;
    division_of(conn, &d)
}

/// An individual event (readers: anyone when public).
pub fn event_view(
    conn: &mut DbConn,
    user: Option<UserId>,
    event_id: EventId,
) -> Result<IndivEventView, AppError> {
    let options = event_options(conn, event_id)?;
    let ev = crate::services::events::readable(conn, user, event_id)?;
    let mut divisions = Vec::new();
    for d in rows::divisions(conn, event_id)? {
        let loaded = load(conn, d.id)?;
        divisions.push(division_of(conn, &loaded)?);
    }
    Ok(IndivEventView {
        id: ev.id,
        name: ev.name,
        public: ev.public,
        options,
        divisions,
    })
}

/// One line of a round.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = IndivRoundLine)]
pub struct RoundLine {
    /// Table (none: a bye).
    pub table: Option<i32>,
    /// Player going first (or sitting out).
    pub a: i32,
    /// Their name.
    pub a_name: String,
    /// Opponent (none: a bye).
    pub b: Option<i32>,
    /// Their name.
    pub b_name: Option<String>,
    /// Final score of A.
    pub score_a: Option<i32>,
    /// Final score of B.
    pub score_b: Option<i32>,
    /// Still owed: a game without a final result whose players both still play.
    pub missing: bool,
    /// A game without a result that a withdrawal settles (E2): how it counts.
    pub withdrawal: Option<WithdrawalGame>,
    /// Paired by hand.
    pub manual: bool,
}

/// How a game left without a result counts once one of its players has withdrawn (E2, the
/// event's options), so that pages show it settled rather than awaited.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = IndivWithdrawalGame)]
pub struct WithdrawalGame {
    /// The player who withdrew.
    pub withdrawn: i32,
    /// Their opponent, who wins it.
    pub winner: i32,
    /// A forfeit (the withdrawn player loses it by the forfeit spread) or a bye for the
    /// opponent (the withdrawn player gets nothing).
    pub counts_as: WithdrawnGames,
    /// The opponent's spread from it.
    pub spread: i32,
}

impl WithdrawalGame {
    /// Whether it counts as a forfeit (else as a bye for the opponent).
    pub fn is_forfeit(&self) -> bool {
        self.counts_as == WithdrawnGames::Forfeit
    }
}

/// A round of a division.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = IndivRoundView)]
pub struct RoundView {
    /// Division.
    pub division_id: DivisionId,
    /// Round.
    pub round: u32,
    /// Lines by table, byes last.
    pub lines: Vec<RoundLine>,
}

/// A round's lines (readers).
pub fn round_view(
    conn: &mut DbConn,
    user: Option<UserId>,
    division_id: DivisionId,
    round: u32,
) -> Result<RoundView, AppError> {
    let (d, _) = division_for_reader(conn, user, division_id)?;
    round_of(&d, round)
}

/// A round's lines of a loaded division (404 when the round is not paired).
pub(super) fn round_of(d: &Loaded, round: u32) -> Result<RoundView, AppError> {
    let division_id = d.div.id;
    let r = i32::try_from(round).unwrap_or(i32::MAX);
    let meta = d.meta();
    let o = d.options;
    let lines: Vec<RoundLine> = d
        .pairings
        .iter()
        .filter(|p| p.round == r)
        .map(|p| {
            let result = d.result(p.id);
            let line = Line {
                round,
                a: i64::from(p.player_a),
                b: p.player_b.map(i64::from),
                result,
            };
            RoundLine {
                table: p.table_no,
                a: p.player_a,
                a_name: d.name(i64::from(p.player_a)),
                b: p.player_b,
                b_name: p.player_b.map(|b| d.name(i64::from(b))),
                score_a: result.map(|s| s.0),
                score_b: result.map(|s| s.1),
                missing: standings::missing(&line, &meta),
                withdrawal: standings::withdrawn_from(&line, &meta).and_then(|w| {
                    let withdrawn = i32::try_from(w).ok()?;
                    Some(WithdrawalGame {
                        withdrawn,
                        winner: if withdrawn == p.player_a {
                            p.player_b?
                        } else {
                            p.player_a
                        },
                        counts_as: o.withdrawn,
                        spread: match o.withdrawn {
                            WithdrawnGames::Forfeit => o.forfeit_spread,
                            WithdrawnGames::Bye => o.bye_spread,
                        },
                    })
                }),
                manual: p.manual,
            }
        })
        .collect();
    if lines.is_empty() {
        return Err(AppError::not_found(format!("round {round} is not paired")));
    }
    Ok(RoundView {
        division_id,
        round,
        lines,
    })
}

/// A player's line in the standings.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = IndivStandingLine)]
pub struct StandingLine {
    /// Rank, from 1 (equal wins and spread share nothing: ties broken by total score).
    pub rank: usize,
    /// Player number.
    pub number: i64,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// TSH's rating class (empty: none).
    pub class: String,
    /// Rank within the rating class, from 1 (TSH's `rcrank`); none without a class.
    pub class_rank: Option<usize>,
    /// Wins (a tie counts half).
    pub wins: f64,
    /// Losses.
    pub losses: u32,
    /// Spread.
    pub spread: i64,
    /// Total score.
    pub points: i64,
    /// Rating before the event (0: unrated).
    pub rating: i32,
    /// Rating estimate now (the division's rating method, seeded from the rating; 0 for an
    /// unrated player without a rated game yet).
    pub estimate: i64,
    /// Estimate minus the rating before the event.
    pub change: i64,
    /// Withdrawn.
    pub withdrawn: bool,
    /// Counted games by round.
    pub games: Vec<Outcome>,
    /// Gibsonized (issue 18): the pairing of the round being played, or paired next, pairs
    /// them apart as the leader who has clinched first. False for everyone once every planned
    /// round is complete (the winner is then `first_place: won`).
    pub gibsonized: bool,
    /// First place settled: `clinched` while rounds remain (no one can catch them on wins),
    /// `won` once every planned round is complete.
    pub first_place: Option<FirstPlace>,
}

/// Whether first place is settled for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = IndivFirstPlace)]
pub enum FirstPlace {
    /// Rounds remain, and their lead in wins is more than those rounds could make up.
    Clinched,
    /// Every planned round is complete and they rank first: the division's winner.
    Won,
}

/// A division's standings.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = IndivStandingsView)]
pub struct StandingsView {
    /// Division.
    pub division_id: DivisionId,
    /// Its name.
    pub division: String,
    /// Rounds paired.
    pub rounds_paired: u32,
    /// How the lines' rating estimates are made.
    pub rating_method: RatingMethod,
    /// Best first.
    pub lines: Vec<StandingLine>,
}

/// The division's rating estimates (its method: Glicko-2, NASPA, WESPA or ABSP) from the
/// games finished up to `through` (all rounds when none). Byes and games a withdrawal settles
/// have no result and are not rated.
pub(super) fn estimates(d: &Loaded, through: Option<u32>) -> Result<Vec<Estimate>, AppError> {
    let seeds: Vec<Seed> = d
        .players
        .iter()
        .map(|p| Seed {
            player: i64::from(p.number),
            rating: (p.rating > 0).then_some(f64::from(p.rating)),
            deviation: None,
            career_games: None,
        })
        .collect();
    let games: Vec<Game> = d
        .lines()
        .iter()
        .filter(|l| through.is_none_or(|t| l.round <= t))
        .filter_map(|l| {
            let (sa, sb) = l.result?;
            Some(Game {
                round: l.round,
                a: l.a,
                b: l.b?,
                score_a: sa,
                score_b: sb,
            })
        })
        .collect();
    ratings::estimate_with(d.rating_method, &seeds, &games).map_err(AppError::internal)
}

/// The standings of a division (readers).
pub fn standings(
    conn: &mut DbConn,
    user: Option<UserId>,
    division_id: DivisionId,
) -> Result<StandingsView, AppError> {
    let (d, _) = division_for_reader(conn, user, division_id)?;
    standings_of(&d)
}

/// The last round with nothing owed (0: none yet): every game has a final result, or counts
/// without one (a withdrawn player's forfeit).
pub(super) fn rounds_complete(d: &Loaded) -> u32 {
    let (lines, meta) = (d.lines(), d.meta());
    (1..=d.last_round())
        .take_while(|&r| {
            !lines
                .iter()
                .any(|l| l.round == r && standings::missing(l, &meta))
        })
        .last()
        .unwrap_or(0)
}

/// The Gibsonized player and who has first place settled (issue 18), from the ranked rows.
///
/// The standings count complete rounds and the results in so far; the round the marks speak of
/// is the one after the last complete round (being played, or paired next). Gibsonized: the
/// player that round's pairing pairs as Gibsonized ([`gibsonized_in`], the pairing's own
/// function, on the players of that round); nobody once every planned round is complete, when
/// the leader is the winner instead.
fn first_place_marks(
    d: &Loaded,
    rows: &[standings::Row],
) -> (Option<i64>, Option<(i64, FirstPlace)>) {
    let planned = d.plan.rounds();
    let complete = rounds_complete(d);
    let playing: Vec<Standing> = rows
        .iter()
        .filter(|r| {
            d.players
                .iter()
                .any(|p| i64::from(p.number) == r.player && p.withdrawn_round.is_none())
        })
        .map(|r| Standing {
            player: r.player,
            wins2: r.wins2,
            spread: r.spread,
            points: r.points,
        })
        .collect();
    let ranked = rank(&playing);
    if planned == 0 || complete >= planned {
        let won = (planned > 0).then(|| ranked.first().map(|s| (s.player, FirstPlace::Won)));
        return (None, won.flatten());
    }
    let next = complete + 1;
    let gibson = d.div.gibson_prizes.map(|p| Gibson {
        prizes: usize::try_from(p).unwrap_or(1),
    });
    let clinched = clinched_leader(&ranked, planned - complete).map(|p| (p, FirstPlace::Clinched));
    (gibsonized_in(&d.plan, next, &ranked, gibson), clinched)
}

/// The standings of a loaded division.
pub(super) fn standings_of(d: &Loaded) -> Result<StandingsView, AppError> {
    let division_id = d.div.id;
    let t = d.tally(&d.lines(), d.last_round());
    let est = estimates(d, None)?;
    let rows = ranked(t.into_values());
    let (gibsonized, first) = first_place_marks(d, &rows);
    // Rank within each rating class, in the standings' order (TSH's `rcrank`).
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let lines = rows
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let p = d.players.iter().find(|p| i64::from(p.number) == r.player);
            let e = est.iter().find(|e| e.player == r.player);
            let class = p.map_or("", |p| p.class.as_str());
            let class_rank = (!class.is_empty()).then(|| {
                *seen
                    .entry(class.to_owned())
                    .and_modify(|n| *n += 1)
                    .or_insert(1)
            });
            #[allow(clippy::cast_precision_loss)]
            let wins = r.wins2 as f64 / 2.0;
            StandingLine {
                rank: i + 1,
                number: r.player,
                name: p.map(|p| p.name.clone()).unwrap_or_default(),
                club: p.map(|p| p.club.clone()).unwrap_or_default(),
                class: class.to_owned(),
                class_rank,
                wins,
                losses: r.losses,
                spread: r.spread,
                points: r.points,
                rating: p.map_or(0, |p| p.rating),
                #[allow(clippy::cast_possible_truncation)]
                estimate: e.map_or(0, |e| e.after.round() as i64),
                change: e.map_or(0, |e| e.change),
                withdrawn: p.is_some_and(|p| p.withdrawn_round.is_some()),
                gibsonized: gibsonized == Some(r.player),
                first_place: first.filter(|f| f.0 == r.player).map(|f| f.1),
                games: r.games,
            }
        })
        .collect();
    Ok(StandingsView {
        division_id,
        division: d.div.name.clone(),
        rounds_paired: d.last_round(),
        rating_method: d.rating_method,
        lines,
    })
}

fn csv_of(header: &[&str], rows: Vec<Vec<String>>) -> Result<String, AppError> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(header).map_err(AppError::internal)?;
    for r in rows {
        w.write_record(&r).map_err(AppError::internal)?;
    }
    String::from_utf8(w.into_inner().map_err(AppError::internal)?).map_err(AppError::internal)
}

/// Standings as CSV.
pub fn standings_csv(s: &StandingsView) -> Result<String, AppError> {
    csv_of(
        &[
            "rank",
            "number",
            "name",
            "club",
            "wins",
            "losses",
            "spread",
            "points",
            "rating",
            "estimate",
            "change",
            "class",
            "class_rank",
        ],
        s.lines
            .iter()
            .map(|l| {
                vec![
                    l.rank.to_string(),
                    l.number.to_string(),
                    l.name.clone(),
                    l.club.clone(),
                    l.wins.to_string(),
                    l.losses.to_string(),
                    l.spread.to_string(),
                    l.points.to_string(),
                    l.rating.to_string(),
                    l.estimate.to_string(),
                    l.change.to_string(),
                    l.class.clone(),
                    l.class_rank.map(|r| r.to_string()).unwrap_or_default(),
                ]
            })
            .collect(),
    )
}

/// Every line of every round as CSV (readers).
pub fn results_csv(
    conn: &mut DbConn,
    user: Option<UserId>,
    division_id: DivisionId,
) -> Result<String, AppError> {
    let (d, _) = division_for_reader(conn, user, division_id)?;
    let opt = |v: Option<i32>| v.map(|x| x.to_string()).unwrap_or_default();
    csv_of(
        &[
            "round", "table", "player_a", "name_a", "score_a", "player_b", "name_b", "score_b",
        ],
        d.pairings
            .iter()
            .map(|p| {
                let r = d.result(p.id);
                vec![
                    p.round.to_string(),
                    opt(p.table_no),
                    p.player_a.to_string(),
                    d.name(i64::from(p.player_a)),
                    opt(r.map(|s| s.0)),
                    opt(p.player_b),
                    p.player_b.map(|b| d.name(i64::from(b))).unwrap_or_default(),
                    opt(r.map(|s| s.1).filter(|_| p.player_b.is_some())),
                ]
            })
            .collect(),
    )
}
