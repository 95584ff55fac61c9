//! Rankings (rules D7-D9): each player's total (slip scores, solo bonuses, warning
//! penalties), their percentage of the sum of the tops, and their rank, per game, over several
//! games, and over several clubs that played the same prepared game.
//!
//! Only turns whose top is placed count, so a live ranking after each turn and the final one
//! are the same computation. A player without a slip for a turn scores 0 for it (D5).
//! Solos (D7) are decided over the whole field ranked together: when clubs merge, a solo is a
//! player alone in finding the top among every club's players.
//! Warnings (D8) count per game: the penalty starts again with each game (a reading; the
//! seed says only "from the fourth").

use std::collections::BTreeMap;

use serde::Serialize;

use crate::rules::duplicate::{DuplicateRuleset, State, TopCandidate};

/// One player's game: their score per turn and what it adds up to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerLine<K> {
    /// The player.
    pub player: K,
    /// Turn number → the slip's score (0 without a slip), for each turn with a placed top.
    pub scores: BTreeMap<u32, u32>,
    /// Turns on which the player alone found the top (D7).
    pub solos: Vec<u32>,
    /// The solo bonuses.
    pub solo_bonus: u32,
    /// Warnings in the game (D8).
    pub warnings: u32,
    /// Points lost to warnings (D8).
    pub penalty: u32,
    /// Slip scores + solo bonuses − penalty.
    pub total: i64,
}

/// A game's scores: its tops and one line per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameSheet<K> {
    /// Turn number → the top's score, for each placed top.
    pub tops: BTreeMap<u32, u32>,
    /// One line per player.
    pub lines: Vec<PlayerLine<K>>,
}

impl<K> GameSheet<K> {
    /// The sum of the tops (D9's denominator).
    pub fn top_total(&self) -> u32 {
        self.tops.values().sum()
    }
}

/// A player's place in a ranking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standing<K> {
    /// 1 for the best; equal totals share a rank (1, 2, 2, 4).
    pub rank: u32,
    /// The player.
    pub player: K,
    /// Total points (D9).
    pub total: i64,
    /// The sum of the tops of the games ranked.
    pub tops: u32,
    /// total / tops in hundredths of a percent, rounded half away from zero (8734 = 87.34 %).
    pub percent_hundredths: i64,
    /// Solos (D7).
    pub solos: u32,
    /// Warnings (D8).
    pub warnings: u32,
    /// Points lost to warnings.
    pub penalty: u32,
}

/// The per-turn scores (and warnings) of one player, as the slips give them.
pub type SlipRow<K> = (K, BTreeMap<u32, (u32, u32)>);

/// Scores a field: `tops` by turn, and for each player their (score, warnings) by turn.
/// Solos are decided across the whole field (D7).
pub fn score_field<K: Clone>(
    ruleset: &DuplicateRuleset,
    tops: &BTreeMap<u32, u32>,
    rows: Vec<SlipRow<K>>,
) -> GameSheet<K> {
    let field = rows.len() as u32;
    let solo_on = ruleset.solo.enabled && field >= ruleset.solo.min_players;
    let mut solo_turns = BTreeMap::new();
    for (&turn, &top) in tops {
        let finders: Vec<usize> = rows
            .iter()
            .enumerate()
            .filter(|(_, (_, s))| top > 0 && s.get(&turn).is_some_and(|(score, _)| *score == top))
            .map(|(i, _)| i)
            .collect();
        if let [only] = finders[..] {
            solo_turns.insert(turn, only);
        }
    }
    let lines = rows
        .into_iter()
        .enumerate()
        .map(|(i, (player, slips))| {
            let scores: BTreeMap<u32, u32> = tops
                .keys()
                .map(|t| (*t, slips.get(t).map_or(0, |(s, _)| *s)))
                .collect();
            let warnings = tops
                .keys()
                .filter_map(|t| slips.get(t).map(|(_, w)| *w))
                .sum();
            let solos: Vec<u32> = solo_turns
                .iter()
                .filter(|(_, who)| solo_on && **who == i)
                .map(|(t, _)| *t)
                .collect();
            let solo_bonus = solos.len() as u32 * ruleset.solo.bonus;
            let penalty = ruleset.warning_penalty(warnings);
            let total = i64::from(scores.values().sum::<u32>()) + i64::from(solo_bonus)
                - i64::from(penalty);
            PlayerLine {
                player,
                scores,
                solos,
                solo_bonus,
                warnings,
                penalty,
                total,
            }
        })
        .collect();
    GameSheet {
        tops: tops.clone(),
        lines,
    }
}

fn tops_of(state: &State) -> BTreeMap<u32, u32> {
    state.placed_tops().map(|(t, top)| (t, top.score)).collect()
}

fn rows_of(state: &State) -> Vec<SlipRow<u32>> {
    // One pass over the slips, not one per player: a hall of 1,000 players has 20,000+ slips
    // by the end of a game, and a scan per player made the sheet 20 M steps (issue 16).
    let mut by_player: std::collections::HashMap<u32, BTreeMap<u32, (u32, u32)>> =
        std::collections::HashMap::with_capacity(state.players.len());
    for ((turn, who), v) in &state.slips {
        by_player
            .entry(*who)
            .or_default()
            .insert(*turn, (v.score, v.warnings));
    }
    state
        .players
        .iter()
        .map(|p| (*p, by_player.remove(p).unwrap_or_default()))
        .collect()
}

/// D9: whether `payload`, just applied to `state`, can move the ranking. Only turns whose top
/// is placed count, so a slip for the turn in play (or a phone entry, a rack, a started turn, a
/// chosen top) changes nothing a ranking shows until the top is placed; a slip corrected for a
/// turn already placed does. A new game, players joining, an undo and the end may. What live
/// ranking pages follow (issue 16: 1,000 readers are not woken by each of 1,000 slips).
pub fn moves_ranking(state: &State, payload: &crate::rules::duplicate::Payload) -> bool {
    use crate::rules::duplicate::Payload as P;
    match payload {
        P::SlipRecorded { turn, .. } => state.placed_tops().any(|(t, _)| t == *turn),
        P::RackDrawn { .. }
        | P::TurnStarted { .. }
        | P::TopChosen { .. }
        | P::PhoneSlipEntered { .. } => false,
        P::Created { .. }
        | P::PlayPlaced { .. }
        | P::Undone { .. }
        | P::Ended { .. }
        | P::PlayersJoined { .. } => true,
    }
}

/// The game's sheet, players by their number.
pub fn game_sheet(state: &State) -> GameSheet<u32> {
    let ruleset = state.ruleset.clone().unwrap_or_default();
    score_field(&ruleset, &tops_of(state), rows_of(state))
}

/// Two clubs' games cannot be merged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// No game was given.
    #[error("no game to merge")]
    Empty,
    /// The games are not the same prepared game (different tops or rulesets).
    #[error("club {0} did not play the same game (its tops or ruleset differ)")]
    NotTheSameGame(usize),
}

/// D9 over clubs: the games several clubs played from one prepared game, as one field (players
/// keyed by club and number). Refused unless every club placed the same tops under the same
/// ruleset; solos are decided over the merged field.
pub fn merge_clubs<C: Clone>(clubs: &[(C, &State)]) -> Result<GameSheet<(C, u32)>, MergeError> {
    let (_, first) = clubs.first().ok_or(MergeError::Empty)?;
    let tops: Vec<(u32, &TopCandidate)> = first.placed_tops().collect();
    let mut rows = Vec::new();
    for (i, (club, state)) in clubs.iter().enumerate() {
        let same = state.ruleset == first.ruleset && state.placed_tops().eq(tops.iter().copied());
        if !same {
            return Err(MergeError::NotTheSameGame(i));
        }
        rows.extend(
            rows_of(state)
                .into_iter()
                .map(|(p, s)| ((club.clone(), p), s)),
        );
    }
    let ruleset = first.ruleset.clone().unwrap_or_default();
    Ok(score_field(&ruleset, &tops_of(first), rows))
}

/// D9: ranks the players of one or more games (totals and tops summed; a player missing from
/// a game scores 0 in it).
pub fn rank<K: Clone + Ord>(games: &[GameSheet<K>]) -> Vec<Standing<K>> {
    let tops: u32 = games.iter().map(GameSheet::top_total).sum();
    let mut by_player: BTreeMap<K, Standing<K>> = BTreeMap::new();
    for line in games.iter().flat_map(|g| &g.lines) {
        let s = by_player
            .entry(line.player.clone())
            .or_insert_with(|| Standing {
                rank: 0,
                player: line.player.clone(),
                total: 0,
                tops,
                percent_hundredths: 0,
                solos: 0,
                warnings: 0,
                penalty: 0,
            });
        s.total += line.total;
        s.solos += line.solos.len() as u32;
        s.warnings += line.warnings;
        s.penalty += line.penalty;
    }
    let mut out: Vec<Standing<K>> = by_player.into_values().collect();
    out.sort_by(|a, b| b.total.cmp(&a.total).then_with(|| a.player.cmp(&b.player)));
    let totals: Vec<i64> = out.iter().map(|s| s.total).collect();
    for s in &mut out {
        s.rank = 1 + totals.iter().filter(|t| **t > s.total).count() as u32;
        s.percent_hundredths = percent_hundredths(s.total, tops);
    }
    out
}

/// `total / tops` in hundredths of a percent, rounded half away from zero (0 without tops).
pub fn percent_hundredths(total: i64, tops: u32) -> i64 {
    if tops == 0 {
        return 0;
    }
    let tops = i64::from(tops);
    let scaled = total.abs() * 10_000;
    let rounded = (2 * scaled + tops) / (2 * tops);
    if total < 0 { -rounded } else { rounded }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn row(p: u32, s: &[(u32, u32, u32)]) -> SlipRow<u32> {
        (p, s.iter().map(|&(t, sc, w)| (t, (sc, w))).collect())
    }

    fn tops(t: &[(u32, u32)]) -> BTreeMap<u32, u32> {
        t.iter().copied().collect()
    }

    // rules D7, D8, D9: solos, penalties from the fourth warning, percentages and shared ranks.
    #[test]
    fn totals_percentages_and_shared_ranks() {
        let r = DuplicateRuleset::default();
        let t = tops(&[(1, 30), (2, 50)]);
        let sheet = score_field(
            &r,
            &t,
            vec![
                row(1, &[(1, 30, 0), (2, 50, 0)]),
                row(2, &[(1, 30, 2), (2, 20, 2)]),
                row(3, &[(1, 30, 0), (2, 20, 0)]),
                row(4, &[]),
            ],
        );
        let l = &sheet.lines;
        assert_eq!(l[0].solos, vec![2]);
        assert_eq!(l[0].total, 90);
        assert_eq!((l[1].warnings, l[1].penalty, l[1].total), (4, 5, 45));
        assert_eq!(l[3].scores, tops(&[(1, 0), (2, 0)]));
        let st = rank(&[sheet]);
        assert_eq!(
            st.iter()
                .map(|s| (s.player, s.rank, s.total))
                .collect::<Vec<_>>(),
            vec![(1, 1, 90), (3, 2, 50), (2, 3, 45), (4, 4, 0)]
        );
        assert_eq!(st[0].percent_hundredths, 11250);
        assert_eq!(st[1].percent_hundredths, 6250);
        assert_eq!(percent_hundredths(2, 3), 6667);
        assert_eq!(percent_hundredths(-2, 3), -6667);
        assert_eq!(percent_hundredths(5, 0), 0);
        // Equal totals share a rank.
        let even = score_field(&r, &t, vec![row(1, &[(1, 30, 0)]), row(2, &[(1, 30, 0)])]);
        let st = rank(&[even]);
        assert_eq!((st[0].rank, st[1].rank), (1, 1));
    }

    // rule D7: the solo bonus is an option with a minimum field.
    #[test]
    fn the_solo_bonus_needs_the_option_and_enough_players() {
        let mut r = DuplicateRuleset::default();
        let t = tops(&[(1, 30)]);
        let rows = || vec![row(1, &[(1, 30, 0)]), row(2, &[(1, 10, 0)])];
        assert_eq!(score_field(&r, &t, rows()).lines[0].total, 40);
        r.solo.min_players = 3;
        assert_eq!(score_field(&r, &t, rows()).lines[0].total, 30);
        r.solo.min_players = 2;
        r.solo.enabled = false;
        assert_eq!(score_field(&r, &t, rows()).lines[0].total, 30);
    }

    // rule D9: several games are summed, tops and totals alike.
    #[test]
    fn several_games_sum() {
        let r = DuplicateRuleset::default();
        let g1 = score_field(
            &r,
            &tops(&[(1, 40)]),
            vec![row(1, &[(1, 40, 0)]), row(2, &[])],
        );
        let g2 = score_field(&r, &tops(&[(1, 60)]), vec![row(2, &[(1, 60, 0)])]);
        let st = rank(&[g1, g2]);
        assert_eq!(st[0].player, 2);
        assert_eq!((st[0].total, st[0].tops), (60, 100));
        assert_eq!(st[1].total, 50);
        assert_eq!(st[1].percent_hundredths, 5000);
    }
}
