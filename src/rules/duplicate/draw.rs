//! The draw (rule D3). The rack is filled to 7 from the bag (the tiles left after the board and
//! the kept tiles of the previous rack). In the first turns it must hold at least 2 vowels and
//! 2 consonants, later at least 1 of each (the numbers are [`DrawRule`] data); blanks count as
//! neither. If it does not, *all* its tiles go back, the kept ones too, and 7 are drawn again.
//! When the bag and the kept tiles together can no longer make such a rack, the game ends.
//!
//! Near the end the pool may hold fewer than 7 tiles: the rack is then the whole pool, and it
//! must still meet the minimum (a reading: the seed says the game goes on "until exhaustion of
//! the vowels or the consonants").
//!
//! Randomness comes in as a `&mut impl Rng`; a referee drawing from a real bag types the tiles
//! instead ([`check_rack`]).
//!
//! [`DrawRule`]: super::DrawRule

use rand::{Rng, RngExt};

use crate::rules::tiles::{BLANK, Rack, TileSet};

/// Tiles on a full rack.
pub const RACK_SIZE: usize = 7;

/// More redraws than this means something is wrong with the bag; the referee draws by hand.
/// With a possible constraint, a redraw succeeds with probability at least ~1/1000 even in the
/// worst pools, so this bound is never met in practice.
pub const MAX_REDRAWS: u32 = 100_000;

/// Why a rack cannot be drawn or typed. Every message names rule D3.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
    /// A typed tile that is not left (in the bag, or in the pool for a redraw).
    #[error("rule D3: no {tile} is left to draw ({left} left)")]
    NotInBag {
        /// The tile (`?` for a blank).
        tile: char,
        /// How many of it are left.
        left: u8,
    },
    /// The rack does not hold the tiles it should.
    #[error("rule D3: the rack must hold {expected} tiles, not {got}")]
    WrongCount {
        /// Tiles a rack holds now (7, or the whole pool at the end).
        expected: usize,
        /// Tiles given.
        got: usize,
    },
    /// The rack breaks the constraint: all go back and the draw is made again.
    #[error(
        "rule D3: the rack holds {vowels} vowel(s) and {consonants} consonant(s), at least {min} of each are needed; put all the tiles back and draw again"
    )]
    Constraint {
        /// Vowels on the rack.
        vowels: u8,
        /// Consonants on the rack.
        consonants: u8,
        /// The minimum of each.
        min: u8,
    },
    /// No rack can meet the constraint any more: the game ends.
    #[error(
        "rule D3: the tiles left cannot make a rack with {min} vowel(s) and {min} consonant(s); the game is over"
    )]
    Impossible {
        /// The minimum of each.
        min: u8,
    },
    /// The bound on redraws was reached (never in practice); draw by hand.
    #[error("rule D3: {0} redraws did not meet the constraint; draw by hand")]
    TooManyRedraws(u32),
    /// A typed tile that is not a tile.
    #[error("'{0}' is not a tile (use A-Z, or ? for a blank)")]
    BadTile(char),
}

/// A rack drawn by the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawn {
    /// The new rack.
    pub rack: Rack,
    /// How many times all the tiles went back before this rack (D3).
    pub redraws: u32,
}

/// Vowels and consonants on `rack` under `set` (blanks are neither).
pub fn balance(set: &TileSet, rack: &Rack) -> (u8, u8) {
    let mut vowels = 0u8;
    let mut consonants = 0u8;
    for c in tiles(rack) {
        if c == BLANK {
            continue;
        }
        if set.is_vowel(c) {
            vowels += 1;
        } else {
            consonants += 1;
        }
    }
    (vowels, consonants)
}

/// True if `rack` meets the minimum of each kind.
pub fn meets(set: &TileSet, rack: &Rack, min: u8) -> bool {
    let (v, c) = balance(set, rack);
    v >= min && c >= min
}

/// How many tiles the rack holds when `pool` tiles are left (bag and kept tiles together).
pub fn rack_size(pool: &Rack) -> usize {
    pool.len().min(RACK_SIZE)
}

/// True if some rack drawn from `pool` can meet the constraint (else the game ends).
pub fn possible(set: &TileSet, pool: &Rack, min: u8) -> bool {
    !pool.is_empty() && meets(set, pool, min)
}

/// The rack's tiles as rack characters (letters in order, `?` last).
pub fn tiles(rack: &Rack) -> Vec<char> {
    rack.to_string().chars().collect()
}

fn add(rack: &mut Rack, c: char) {
    if c == BLANK {
        rack.add_blank();
    } else {
        rack.add_letter(c);
    }
}

/// The union of two multisets.
pub fn union(a: &Rack, b: &Rack) -> Rack {
    let mut out = *a;
    for c in tiles(b) {
        add(&mut out, c);
    }
    out
}

/// Draws `n` tiles at random from `from`, taking them out of it.
pub fn take_random(from: &mut Rack, n: usize, rng: &mut impl Rng) -> Rack {
    let mut pool = tiles(from);
    let mut out = Rack::new();
    for _ in 0..n.min(pool.len()) {
        let c = pool.swap_remove(rng.random_range(0..pool.len()));
        add(&mut out, c);
    }
    let mut left = Rack::new();
    for c in pool {
        add(&mut left, c);
    }
    *from = left;
    out
}

/// D3: fills the rack from `bag`, keeping `kept`; if the rack misses the minimum, all goes back
/// and 7 are drawn from bag and kept tiles together, until a rack meets it.
pub fn draw(
    set: &TileSet,
    bag: &Rack,
    kept: &Rack,
    min: u8,
    rng: &mut impl Rng,
) -> Result<Drawn, DrawError> {
    let pool = union(bag, kept);
    if !possible(set, &pool, min) {
        return Err(DrawError::Impossible { min });
    }
    let size = rack_size(&pool);
    let mut from = *bag;
    let first = union(
        kept,
        &take_random(&mut from, size - kept.len().min(size), rng),
    );
    if meets(set, &first, min) {
        return Ok(Drawn {
            rack: first,
            redraws: 0,
        });
    }
    for redraws in 1..=MAX_REDRAWS {
        let mut from = pool;
        let rack = take_random(&mut from, size, rng);
        if meets(set, &rack, min) {
            return Ok(Drawn { rack, redraws });
        }
    }
    Err(DrawError::TooManyRedraws(MAX_REDRAWS))
}

/// Reads typed tiles (`AEI?`, any case).
pub fn parse_tiles(text: &str) -> Result<Rack, DrawError> {
    Rack::parse(text.trim()).map_err(|e| DrawError::BadTile(e.0))
}

/// D3: checks a rack the referee drew by hand. `drawn` came out of the bag; with `redraw`, all
/// the tiles had gone back first, so `drawn` is the whole rack from bag and kept tiles; else it
/// joins the kept tiles. Returns the new rack.
pub fn check_rack(
    set: &TileSet,
    bag: &Rack,
    kept: &Rack,
    drawn: &Rack,
    redraw: bool,
    min: u8,
) -> Result<Rack, DrawError> {
    let pool = union(bag, kept);
    if !possible(set, &pool, min) {
        return Err(DrawError::Impossible { min });
    }
    let source = if redraw { pool } else { *bag };
    let mut left = source;
    for c in tiles(drawn) {
        let ok = if c == BLANK {
            left.blanks() > 0
        } else {
            left.count_letter(c) > 0
        };
        if !ok {
            let had = if c == BLANK {
                source.blanks()
            } else {
                source.count_letter(c)
            };
            return Err(DrawError::NotInBag { tile: c, left: had });
        }
        let mut one = Rack::new();
        add(&mut one, c);
        left.take_all(&one);
    }
    let rack = if redraw { *drawn } else { union(kept, drawn) };
    let expected = rack_size(&pool);
    if rack.len() != expected {
        return Err(DrawError::WrongCount {
            expected,
            got: rack.len(),
        });
    }
    let (vowels, consonants) = balance(set, &rack);
    if vowels < min || consonants < min {
        return Err(DrawError::Constraint {
            vowels,
            consonants,
            min,
        });
    }
    Ok(rack)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    fn fr() -> TileSet {
        TileSet::french()
    }

    fn r(s: &str) -> Rack {
        Rack::parse(s).unwrap()
    }

    // rule D3: blanks count as neither vowel nor consonant.
    #[test]
    fn blanks_count_as_neither() {
        assert_eq!(balance(&fr(), &r("AE??RST")), (2, 3));
        assert!(!meets(&fr(), &r("A??RSTL"), 2));
        assert!(meets(&fr(), &r("A??RSTL"), 1));
    }

    // rule D3: a rack short of vowels goes back entirely, kept tiles too.
    #[test]
    fn a_failed_rack_goes_back_whole_and_is_redrawn() {
        // The kept tiles are all consonants and the bag has only consonants but two vowels:
        // the first fill cannot meet 2 vowels unless it draws both.
        let kept = r("BCDFG");
        let bag = r("AEHJKLMNPQRST");
        let mut rng = StdRng::seed_from_u64(7);
        let d = draw(&fr(), &bag, &kept, 2, &mut rng).unwrap();
        assert!(meets(&fr(), &d.rack, 2), "{:?}", d.rack);
        assert_eq!(d.rack.len(), 7);
        assert!(union(&bag, &kept).contains_all(&d.rack));
        assert!(d.redraws > 0, "BCDFG + 2 can hold 2 vowels only by luck");
    }

    // rule D3: the game ends when the pool cannot meet the minimum.
    #[test]
    fn the_draw_is_impossible_without_enough_vowels() {
        let mut rng = StdRng::seed_from_u64(1);
        assert_eq!(
            draw(&fr(), &r("BCDFGHJ"), &r("A"), 2, &mut rng),
            Err(DrawError::Impossible { min: 2 })
        );
        assert!(possible(&fr(), &r("BCDFGHJA"), 1));
        assert!(!possible(&fr(), &Rack::new(), 0));
        // With fewer than 7 left the rack is the whole pool.
        let d = draw(&fr(), &r("AE"), &r("RS"), 1, &mut rng).unwrap();
        assert_eq!(d.rack, r("AERS"));
    }

    // rule D3: typed racks are checked against what is left; refusals name the fault.
    #[test]
    fn typed_racks_are_checked_against_the_bag() {
        let set = fr();
        let bag = r("AEIOURSTLN?");
        let kept = r("XZ");
        assert_eq!(
            check_rack(&set, &bag, &kept, &r("AEIRS"), false, 2).unwrap(),
            r("AEIRSXZ")
        );
        assert_eq!(
            check_rack(&set, &bag, &kept, &r("AEIRW"), false, 2),
            Err(DrawError::NotInBag { tile: 'W', left: 0 })
        );
        assert_eq!(
            check_rack(&set, &bag, &kept, &r("AAEIR"), false, 2),
            Err(DrawError::NotInBag { tile: 'A', left: 1 })
        );
        assert_eq!(
            check_rack(&set, &bag, &kept, &r("AEIR"), false, 2),
            Err(DrawError::WrongCount {
                expected: 7,
                got: 6
            })
        );
        assert_eq!(
            check_rack(&set, &bag, &kept, &r("AEIOU"), false, 2).unwrap(),
            r("AEIOUXZ")
        );
        assert_eq!(
            check_rack(&set, &bag, &kept, &r("AEIOU?L"), true, 2),
            Err(DrawError::Constraint {
                vowels: 5,
                consonants: 1,
                min: 2
            })
        );
        // A redraw may take the kept tiles back out of the pool.
        assert_eq!(
            check_rack(&set, &bag, &kept, &r("XZAEIRS"), true, 2).unwrap(),
            r("AEIRSXZ")
        );
        assert_eq!(parse_tiles("ab1"), Err(DrawError::BadTile('1')));
    }

    proptest! {
        // rule D3: every drawn rack meets the constraint, comes from the pool, and is full.
        #[test]
        fn every_draw_meets_the_constraint(seed in any::<u64>(), take in 0usize..95, keep in 0usize..7, min in 1u8..=2) {
            let set = fr();
            let mut rng = StdRng::seed_from_u64(seed);
            let mut bag = set.full_bag();
            let _board = take_random(&mut bag, take, &mut rng);
            let kept = take_random(&mut bag, keep, &mut rng);
            let pool = union(&bag, &kept);
            match draw(&set, &bag, &kept, min, &mut rng) {
                Ok(d) => {
                    prop_assert!(meets(&set, &d.rack, min));
                    prop_assert!(pool.contains_all(&d.rack));
                    prop_assert_eq!(d.rack.len(), rack_size(&pool));
                }
                Err(e) => {
                    prop_assert_eq!(e, DrawError::Impossible { min });
                    prop_assert!(!possible(&set, &pool, min));
                }
            }
        }
    }
}
