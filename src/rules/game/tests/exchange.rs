//! Exchanges: T9, T10, N4.

use super::*;
use crate::rules::game::Exchange;
use crate::rules::ruleset::Preset;
use crate::rules::tiles::Rack;

fn exchange(tiles: &str) -> Command {
    Command::Exchange(Exchange {
        tiles: Rack::parse(tiles).unwrap(),
        rack: None,
        seat: None,
    })
}

/// A team game with `bag` tiles left in the bag, A1 to move.
fn team_with_bag(bag: u32) -> Game {
    let mut g = Game::team();
    let mut left = 72 - bag;
    g.play("OPENERS", 7, 70);
    left -= 7;
    while left > 0 {
        let n = left.min(7) as u8;
        g.play("WORD", n, 10);
        left -= u32::from(n);
    }
    // Bring the turn back to A1.
    while g.view().seat_to_move != Some(seat("A1")) {
        g.pass();
    }
    assert_eq!(g.view().bag, Some(bag));
    g
}

#[test]
fn exchange_needs_three_of_one_letter_t9() {
    let mut g = Game::team();
    assert_eq!(
        g.err(exchange("AAB")),
        RuleError::ExchangeNeedsSameLetter(3)
    );
    assert_eq!(
        g.err(exchange("AABBC")),
        RuleError::ExchangeNeedsSameLetter(3)
    );
    g.ok(exchange("AAAB"));
    assert_eq!(g.view().seat_to_move, Some(seat("B1"))); // it costs the turn
    assert_eq!(g.view().bag, Some(72));
}

#[test]
fn blanks_do_not_count_toward_the_three_t9() {
    let mut g = Game::team();
    assert_eq!(
        g.err(exchange("AA?")),
        RuleError::ExchangeNeedsSameLetter(3)
    );
}

#[test]
fn eligibility_is_checked_on_the_shown_rack_t9() {
    let mut g = Game::team();
    // Holding EEE, the player may return other tiles.
    g.ok(Command::Exchange(Exchange {
        tiles: Rack::parse("QV").unwrap(),
        rack: Some(Rack::parse("EEEQVIN").unwrap()),
        seat: None,
    }));
    let e = g.err(Command::Exchange(Exchange {
        tiles: Rack::parse("QV").unwrap(),
        rack: Some(Rack::parse("EEQVINT").unwrap()),
        seat: None,
    }));
    assert_eq!(e, RuleError::ExchangeNeedsSameLetter(3));
}

#[test]
fn no_exchange_with_ten_tiles_in_the_bag_but_pass_is_allowed_t10() {
    let mut g = team_with_bag(10);
    assert_eq!(
        g.err(exchange("AAAB")),
        RuleError::ExchangeBagTooSmall { bag: 10, min: 11 }
    );
    g.pass();
}

#[test]
fn exchange_with_eleven_tiles_in_the_bag_is_allowed_t10() {
    let mut g = team_with_bag(11);
    g.ok(exchange("AAAB"));
}

#[test]
fn individual_exchange_needs_seven_in_the_bag_and_any_tiles_n4() {
    let mut g = Game::individual();
    g.ok(exchange("QV"));
    let mut g = Game::individual();
    let mut left = 86 - 6;
    g.play("OPENERS", 7, 70);
    left -= 7;
    while left > 0 {
        let n = left.min(7) as u8;
        g.play("WORD", n, 10);
        left -= u32::from(n);
    }
    assert_eq!(g.view().bag, Some(6));
    assert_eq!(
        g.err(exchange("Q")),
        RuleError::ExchangeBagTooSmall { bag: 6, min: 7 }
    );
}

#[test]
fn minimum_bag_is_data_t10_option() {
    let r = Preset::Individual
        .ruleset()
        .with_overrides(&serde_json::json!({"exchange": {"min_same_letter": 3}}))
        .unwrap();
    let mut g = Game::started(r);
    assert_eq!(g.err(exchange("AB")), RuleError::ExchangeNeedsSameLetter(3));
}
