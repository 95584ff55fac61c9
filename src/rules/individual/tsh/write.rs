//! Writing TSH's files: the `.t` line exactly as TSH's `TFile::FormatLine` writes it, and the
//! `tourney.js` of its live coverage in the shape TSH's `JavaScript::Serializable` gives it.

use serde_json::{Value, json};

use super::{Division, LineError, Player, TshError, check, parse_line};

fn or_unset<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "00".to_owned(), |v| v.to_string())
}

/// TSH's line: the name padded to 22 characters, the rating right-aligned in 5, the
/// opponents, `; ` and the scores, then each field with values in keyword order as `; key v…`
/// (`;` and `\` in values escaped, fields without values left out); `00` for a value not set.
fn format_line(p: &Player) -> String {
    let opponents: Vec<String> = p.opponents.iter().map(|o| or_unset(*o)).collect();
    let scores: Vec<String> = p.scores.iter().map(|s| or_unset(*s)).collect();
    let mut line = format!(
        "{:<22} {:>5} {}; {}",
        p.name,
        p.rating,
        opponents.join(" "),
        scores.join(" ")
    );
    let mut fields: Vec<&(String, Vec<String>)> =
        p.fields.iter().filter(|(_, v)| !v.is_empty()).collect();
    fields.sort_by(|a, b| a.0.cmp(&b.0));
    for (key, values) in fields {
        line.push_str("; ");
        line.push_str(key);
        for v in values {
            line.push(' ');
            line.push_str(&v.replace('\\', "\\\\").replace(';', "\\;"));
        }
    }
    line
}

/// The same player as a line read back would give: fields without values dropped, in keyword
/// order.
fn normalised(p: &Player) -> Player {
    let mut fields: Vec<(String, Vec<String>)> = p
        .fields
        .iter()
        .filter(|(_, v)| !v.is_empty())
        .cloned()
        .collect();
    fields.sort_by(|a, b| a.0.cmp(&b.0));
    Player {
        fields,
        ..p.clone()
    }
}

/// Writes a division as a `.t` file as TSH writes it, which [`super::read`] (and TSH) read back
/// to the same division. Refused, numbered by player, when the division could not be read back:
/// pairings that disagree, a name holding `;` or ending in a number (TSH would read it as the
/// rating), a negative rating, a field with spaces in its keyword.
pub fn write(d: &Division) -> Result<String, TshError> {
    check(d).map_err(|(index, error)| TshError {
        line: index + 1,
        error,
    })?;
    let mut out = String::new();
    for (i, p) in d.players.iter().enumerate() {
        let refuse = |error| TshError { line: i + 1, error };
        if p.name.contains([';', '\n', '\r']) || p.name.trim_start().starts_with('#') {
            return Err(refuse(LineError::BadName));
        }
        if p.rating < 0 {
            return Err(refuse(LineError::NotReadBack));
        }
        let line = format_line(p);
        // What TSH would read back: the same player, or the line is refused here.
        match parse_line(line.trim()) {
            Ok(back) if back.name != p.name => return Err(refuse(LineError::BadName)),
            Ok(back) if back == normalised(p) => {}
            _ => return Err(refuse(LineError::NotReadBack)),
        }
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}

/// The text in ISO-8859-1, the encoding TSH reads `.t` files in unless configured otherwise
/// (`config tfile_encoding = 'utf8'`); none when a character has no code there.
pub fn to_latin1(text: &str) -> Option<Vec<u8>> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).ok())
        .collect()
}

/// A division of the event for `tourney.js`.
#[derive(Clone, Debug)]
pub struct CoverageDivision {
    /// The division, as its `.t` file has it.
    pub division: Division,
    /// Rounds planned.
    pub max_rounds: u32,
    /// Rating estimates after each round, by player in order.
    pub newr: Vec<Vec<i64>>,
    /// Rank in the standings after each round with results, by player in order (TSH's
    /// `rrank` without its first value, the seed, which is added from the ratings).
    pub rrank: Vec<Vec<usize>>,
}

/// A field's value as TSH's JSON has it: a number when it is one, else the text.
fn value(v: &str) -> Value {
    v.parse::<i64>().map_or_else(|_| json!(v), |n| json!(n))
}

/// Pre-event ranks by rating (ties share the better rank), by player in order.
fn seeds(d: &Division) -> Vec<usize> {
    d.players
        .iter()
        .map(|p| 1 + d.players.iter().filter(|q| q.rating > p.rating).count())
        .collect()
}

/// TSH's `rcrank` of every player with a rating `class`, by player in order: their rank within
/// the class before the event (by rating, ties sharing the better rank), then after each round
/// with results (among the class, in the order of `rrank`); none for a player without a class.
fn class_ranks(d: &Division, rrank: &[Vec<usize>]) -> Vec<Option<Vec<usize>>> {
    let class = |i: usize| {
        d.players
            .get(i)
            .and_then(|p| p.field("class"))
            .filter(|c| !c.is_empty())
    };
    (0..d.players.len())
        .map(|i| {
            let mine = class(i)?;
            let peers: Vec<usize> = (0..d.players.len())
                .filter(|&j| class(j) == Some(mine))
                .collect();
            let rating = |j: usize| d.players.get(j).map_or(0, |p| p.rating);
            let before = 1 + peers.iter().filter(|&&j| rating(j) > rating(i)).count();
            let rounds = rrank.get(i).map_or(0, Vec::len);
            let after = (0..rounds).map(|r| {
                let at = |j: usize| rrank.get(j).and_then(|v| v.get(r)).copied();
                let me = at(i);
                1 + peers
                    .iter()
                    .filter(|&&j| matches!((at(j), me), (Some(x), Some(m)) if x < m))
                    .count()
            });
            Some(std::iter::once(before).chain(after).collect())
        })
        .collect()
}

fn player_json(
    id: usize,
    p: &Player,
    newr: Option<&Vec<i64>>,
    rrank: Option<(usize, &Vec<usize>)>,
    rcrank: Option<&Vec<usize>>,
) -> Value {
    let mut etc = serde_json::Map::new();
    for (key, values) in &p.fields {
        etc.insert(
            key.clone(),
            Value::Array(values.iter().map(|v| value(v)).collect()),
        );
    }
    if let Some(r) = newr {
        etc.insert("newr".into(), json!(r));
    }
    // TSH's `rrank`: the seed, then the rank after each round, as coverage tools chart it.
    if let Some((seed, ranks)) = rrank {
        let all: Vec<usize> = std::iter::once(seed).chain(ranks.iter().copied()).collect();
        etc.insert("rrank".into(), json!(all));
    }
    // TSH's `rcrank`: the same within the player's rating class.
    if let Some(ranks) = rcrank {
        etc.insert("rcrank".into(), json!(ranks));
    }
    // Coverage tools read `etc.p12[round]` for every round: always there, as TSH keeps it.
    etc.entry("p12").or_insert_with(|| json!([]));
    json!({
        "etc": etc,
        "id": id,
        "name": p.name,
        // TSH's latest rating estimate.
        "newr": newr.and_then(|r| r.last()),
        "pairings": p.opponents,
        "photo": null,
        "photomood": null,
        "rating": p.rating,
        "scores": p.scores,
    })
}

/// The `tourney.js` TSH publishes for live coverage: `newt=`, then a JSON object with the
/// event's `config` (`event_name`, `max_rounds`, `track_firsts`) and its `divisions`, each
/// with `name`, `maxr` (last round, from 0), `maxrp` (last round with results, from 0), `seeds`
/// and `players` indexed by player number (index 0 is `null`), each player with `id`, `name`,
/// `rating`, `pairings` (0: bye; null: not paired), `scores`, `newr` (latest estimate), `photo`
/// and `etc` (the `.t` fields as arrays, numbers as numbers: `p12` firsts, `board` tables,
/// `off`, `newr` the estimates after each round, `rrank` the seed then the rank after each
/// round with results, `rcrank` the same within the player's rating `class`, and the line's
/// other fields: `class`, `team`, `rtime`, …); keys in alphabetical order, as TSH
/// writes them.
pub fn tourney_js(event_name: &str, divisions: &[CoverageDivision]) -> String {
    let max_rounds = divisions.iter().map(|d| d.max_rounds).max().unwrap_or(0);
    let divisions: Vec<Value> = divisions
        .iter()
        .map(|c| {
            let d = &c.division;
            let seed = seeds(d);
            let rcrank = class_ranks(d, &c.rrank);
            let players =
                std::iter::once(Value::Null).chain(d.players.iter().enumerate().map(|(i, p)| {
                    let rrank = seed.get(i).copied().zip(c.rrank.get(i));
                    let rcrank = rcrank.get(i).and_then(Option::as_ref);
                    player_json(i + 1, p, c.newr.get(i), rrank, rcrank)
                }));
            let scored = d
                .players
                .iter()
                .map(|p| {
                    p.scores
                        .iter()
                        .rposition(Option::is_some)
                        .map_or(0, |r| r + 1)
                })
                .max()
                .unwrap_or(0);
            json!({
                "maxr": i64::from(c.max_rounds) - 1,
                "maxrp": i64::try_from(scored).unwrap_or(0) - 1,
                "name": d.name,
                "players": players.collect::<Vec<_>>(),
                "seeds": seed,
            })
        })
        .collect();
    let doc = json!({
        "config": {"event_name": event_name, "max_rounds": max_rounds, "track_firsts": 1},
        "divisions": divisions,
    });
    format!("newt={doc};\n")
}
