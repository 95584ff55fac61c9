//! The round's printed sheets: pairings by table and the alphabetical list a player reads to
//! find their table (as TSH prints them: every player and team, its table and opponent).

use std::collections::HashMap;

use super::{RoundView, TeamRef};
use crate::db::DbConn;
use crate::error::AppError;
use crate::services::events::EventView;
use crate::vocab::{EventId, TeamId, UserId};

/// How a printed pairings sheet is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrintOrder {
    /// One line per table, top table first.
    ByTable,
    /// One line per player and team, by name.
    Alphabetical,
}

impl PrintOrder {
    /// Reads the `order` query value (`table` or `alphabetical`; none means by table).
    pub fn parse(s: Option<&str>) -> Result<Self, AppError> {
        match s {
            None | Some("table") => Ok(Self::ByTable),
            Some("alphabetical") => Ok(Self::Alphabetical),
            Some(_) => Err(AppError::field(
                "order",
                "print the pairings by table or alphabetical",
            )),
        }
    }
}

/// One line of the alphabetical list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlphaLine {
    /// The player's or team's name.
    pub name: String,
    /// For a player: their team.
    pub team: Option<String>,
    /// The table, none for a bye.
    pub table: Option<i32>,
    /// Which side of the table: 'A' or 'B'.
    pub side: Option<char>,
    /// The team met there (none for a bye).
    pub opponent: Option<String>,
}

/// Every team of the round and, in team events, every player of those teams, by name
/// (case-insensitive; a team before a player of the same name), with table and opponent.
pub fn alphabetical(round: &RoundView, players: &HashMap<TeamId, Vec<String>>) -> Vec<AlphaLine> {
    let mut lines = Vec::new();
    let mut add =
        |team: &TeamRef, table: Option<i32>, side: Option<char>, opp: Option<&TeamRef>| {
            let opponent = opp.map(|o| o.name.clone());
            lines.push(AlphaLine {
                name: team.name.clone(),
                team: None,
                table,
                side,
                opponent: opponent.clone(),
            });
            let names = players.get(&team.id).map(Vec::as_slice).unwrap_or_default();
            // A one-player "team" is the player: listing both would print the name twice.
            if names.len() > 1 {
                for p in names {
                    lines.push(AlphaLine {
                        name: p.clone(),
                        team: Some(team.name.clone()),
                        table,
                        side,
                        opponent: opponent.clone(),
                    });
                }
            }
        };
    for t in &round.tables {
        add(&t.team_a, Some(t.table), Some('A'), Some(&t.team_b));
        add(&t.team_b, Some(t.table), Some('B'), Some(&t.team_a));
    }
    for b in &round.byes {
        add(b, None, None, None);
    }
    lines.sort_by(|x, y| {
        (x.name.to_lowercase(), x.team.is_some(), &x.name).cmp(&(
            y.name.to_lowercase(),
            y.team.is_some(),
            &y.name,
        ))
    });
    lines
}

/// The round as the director prints it, with the players of its teams.
pub fn printed_round(
    conn: &mut DbConn,
    user_id: UserId,
    event_id: EventId,
    round_no: i32,
) -> Result<(EventView, RoundView, Vec<AlphaLine>), AppError> {
    let (event, round) = super::directed_round(conn, user_id, event_id, round_no)?;
    let ids: Vec<TeamId> = round
        .tables
        .iter()
        .flat_map(|t| [t.team_a.id, t.team_b.id])
        .chain(round.byes.iter().map(|b| b.id))
        .collect();
    let mut players: HashMap<TeamId, Vec<String>> = HashMap::new();
    for p in crate::db::events::players_of(conn, &ids)? {
        players.entry(p.team_id).or_default().push(p.name);
    }
    let lines = alphabetical(&round, &players);
    Ok((event, round, lines))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::rounds::{Method, TableLine};
    use crate::vocab::{MatchId, MatchStatus, RoundId, RoundStatus};

    fn team(id: i64, name: &str) -> TeamRef {
        TeamRef {
            id: TeamId(id),
            name: name.into(),
        }
    }

    fn round() -> RoundView {
        let line = |table, a, b| TableLine {
            table,
            match_id: MatchId(table.into()),
            team_a: a,
            team_b: b,
            status: MatchStatus::Created,
            score_a: 0,
            score_b: 0,
            winner: None,
            result_reason: None,
        };
        RoundView {
            id: RoundId(1),
            event_id: EventId(1),
            round: 2,
            method: Method::Swiss,
            status: RoundStatus::Draft,
            pairing_no: 1,
            tables: vec![
                line(1, team(1, "zebras"), team(2, "Bingo Bandits")),
                line(2, team(3, "Anagram Avengers"), team(4, "Quiz Kids")),
            ],
            byes: vec![team(5, "Exchange Rate")],
        }
    }

    #[test]
    fn the_alphabetical_list_names_every_team_and_player_with_table_side_and_opponent() {
        let players = HashMap::from([
            (TeamId(1), vec!["Oto".to_owned(), "ada".to_owned()]),
            (TeamId(2), vec!["Cleo".to_owned(), "Dev".to_owned()]),
            (TeamId(3), vec!["Anagram Avengers".to_owned()]),
            (TeamId(5), vec!["Ivo".to_owned(), "Jun".to_owned()]),
        ]);
        let lines = alphabetical(&round(), &players);
        let names: Vec<&str> = lines.iter().map(|l| l.name.as_str()).collect();
        // Case-insensitive order; the one-player team is listed once.
        assert_eq!(
            names,
            [
                "ada",
                "Anagram Avengers",
                "Bingo Bandits",
                "Cleo",
                "Dev",
                "Exchange Rate",
                "Ivo",
                "Jun",
                "Oto",
                "Quiz Kids",
                "zebras"
            ]
        );
        let ada = &lines[0];
        assert_eq!(ada.team.as_deref(), Some("zebras"));
        assert_eq!((ada.table, ada.side), (Some(1), Some('A')));
        assert_eq!(ada.opponent.as_deref(), Some("Bingo Bandits"));
        let cleo = &lines[3];
        assert_eq!((cleo.table, cleo.side), (Some(1), Some('B')));
        assert_eq!(cleo.opponent.as_deref(), Some("zebras"));
        let quiz = &lines[9];
        assert_eq!(quiz.team, None);
        assert_eq!((quiz.table, quiz.side), (Some(2), Some('B')));
        assert_eq!(quiz.opponent.as_deref(), Some("Anagram Avengers"));
        // A bye: no table, no opponent.
        let jun = &lines[7];
        assert_eq!((jun.table, jun.opponent.as_deref()), (None, None));
        assert_eq!(jun.team.as_deref(), Some("Exchange Rate"));
    }

    #[test]
    fn a_team_comes_before_a_player_of_the_same_name() {
        let players = HashMap::from([(TeamId(2), vec!["Zebras".to_owned(), "x".to_owned()])]);
        let lines = alphabetical(&round(), &players);
        let z: Vec<(&str, bool)> = lines
            .iter()
            .filter(|l| l.name.eq_ignore_ascii_case("zebras"))
            .map(|l| (l.name.as_str(), l.team.is_some()))
            .collect();
        assert_eq!(z, [("zebras", false), ("Zebras", true)]);
    }

    #[test]
    fn an_unknown_print_order_is_refused_with_its_field() {
        assert_eq!(PrintOrder::parse(None).unwrap(), PrintOrder::ByTable);
        assert_eq!(
            PrintOrder::parse(Some("table")).unwrap(),
            PrintOrder::ByTable
        );
        assert_eq!(
            PrintOrder::parse(Some("alphabetical")).unwrap(),
            PrintOrder::Alphabetical
        );
        let e = PrintOrder::parse(Some("rating")).unwrap_err();
        assert!(matches!(e, AppError::BadRequest { field: Some(ref f), .. } if f == "order"));
    }
}
