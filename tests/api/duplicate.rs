//! Duplicate tournaments (seed 002) through the API: roles, the referee's commands, slips
//! scored by the rules core (D5), refusals that record nothing, the ranking (D9) by
//! hand-computed totals, CSV, the record, idempotency and stale seqs.

use serde_json::{Value, json};

use crate::helpers::*;

struct Dup {
    _app: TestApp,
    chief: Client,
    referee: Client,
    arbitrator: Client,
    outsider: Client,
    anon: Client,
    event_id: i64,
}

/// An English Duplicate event (GCG references, ENABLE) with players 1-4, a referee and an
/// arbitrator granted.
fn setup(public: bool) -> Dup {
    let app = spawn_app();
    let mut chief = app.bearer("chief", true);
    let referee = app.bearer("ref", false);
    let arbitrator = app.bearer("arb", false);
    let outsider = app.bearer("someone", false);
    let ev = created(chief.post_json(
        "/api/v1/duplicate/events",
        &json!({"name": "Duplicate Open", "english": true, "public": public}),
    ));
    let event_id = ev["id"].as_i64().unwrap();
    assert_eq!(ev["ruleset"]["notation"], "gcg");
    for (n, name, club) in [
        (1, "Ann", "Paris"),
        (2, "Bob", "Lyon"),
        (3, "Cy", "Paris"),
        (4, "Di", ""),
    ] {
        created(chief.post_json(
            &format!("/api/v1/duplicate/events/{event_id}/players"),
            &json!({"number": n, "name": name, "club": club, "licence": format!("L{n}")}),
        ));
    }
    for (u, role) in [("ref", "referee"), ("arb", "arbitrator")] {
        created(chief.post_json(
            &format!("/api/v1/events/{event_id}/grants"),
            &json!({"username": u, "role": role}),
        ));
    }
    let anon = app.client();
    Dup {
        _app: app,
        chief,
        referee,
        arbitrator,
        outsider,
        anon,
        event_id,
    }
}

impl Dup {
    fn game(&mut self) -> i64 {
        let g = created(self.referee.post_json(
            &format!("/api/v1/duplicate/events/{}/games", self.event_id),
            &json!({}),
        ));
        assert_eq!(g["phase"], "awaiting_rack");
        g["id"].as_i64().unwrap()
    }

    fn seq(&mut self, game: i64) -> i64 {
        ok(self.chief.get(&format!("/api/v1/duplicate/games/{game}")))["seq"]
            .as_i64()
            .unwrap()
    }

    fn cmd(who: &mut Client, game: i64, body: Value) -> Resp {
        who.post_json(&format!("/api/v1/duplicate/games/{game}/commands"), &body)
    }

    fn slip(who: &mut Client, game: i64, body: Value) -> Resp {
        who.post_json(&format!("/api/v1/duplicate/games/{game}/slips"), &body)
    }

    /// D6: the top, choosing the first of equal tops when the rules ask for a choice.
    fn choose_and_place(&mut self, game: i64) -> Value {
        let r = Self::cmd(&mut self.referee, game, json!({"type": "choose_top"}));
        let g = if r.status == 422 {
            assert!(r.body.contains("D6"), "{}", r.body);
            ok(Self::cmd(
                &mut self.referee,
                game,
                json!({"type": "choose_top", "choice": 0}),
            ))
        } else {
            ok(r)
        };
        assert_eq!(g["phase"], "top_chosen");
        let top = g["candidates"][g["chosen"].as_u64().unwrap() as usize].clone();
        let g = ok(Self::cmd(
            &mut self.referee,
            game,
            json!({"type": "place_top"}),
        ));
        assert_eq!(g["last_top"]["top"], top);
        top
    }
}

fn rule_of(r: &Resp) -> String {
    r.json()["rule"].as_str().unwrap_or_default().to_owned()
}

#[test]
fn a_duplicate_game_is_run_scored_and_ranked_by_hand_computed_totals() {
    let mut d = setup(true);
    // Only the referee or the director starts a game; nothing is made otherwise.
    let r = d.arbitrator.post_json(
        &format!("/api/v1/duplicate/events/{}/games", d.event_id),
        &json!({}),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    let game = d.game();
    assert_eq!(d.seq(game), 1);

    // D3: a typed rack that breaks the constraint is refused; the arbitrator may not draw.
    let r = Dup::cmd(
        &mut d.referee,
        game,
        json!({"type": "type_rack", "tiles": "ZSTXQKA"}),
    );
    assert_eq!((r.status, rule_of(&r).as_str()), (422, "D3"), "{}", r.body);
    let r = Dup::cmd(&mut d.arbitrator, game, json!({"type": "draw"}));
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(d.seq(game), 1, "refusals record nothing");

    let g = ok(Dup::cmd(
        &mut d.referee,
        game,
        json!({"type": "type_rack", "tiles": "ZESTAIO", "expected_seq": 1}),
    ));
    assert_eq!(
        (g["phase"].as_str(), g["turn"].as_u64()),
        (Some("rack_shown"), Some(1))
    );
    // A stale seq is a 409 and changes nothing.
    let r = Dup::cmd(
        &mut d.referee,
        game,
        json!({"type": "start_turn", "expected_seq": 1}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    let g = ok(Dup::cmd(
        &mut d.referee,
        game,
        json!({"type": "start_turn", "expected_seq": 2, "idempotency_key": "start-1"}),
    ));
    assert_eq!(g["phase"], "running");
    assert!(g["ends_at"].is_string() && g["warning_at"].is_string());
    // The same key again writes nothing.
    ok(Dup::cmd(
        &mut d.referee,
        game,
        json!({"type": "start_turn", "idempotency_key": "start-1"}),
    ));
    assert_eq!(d.seq(game), 3);

    // D5, by hand: ZEST at 8H (GCG: row 8 from column H, across) = (10+1+1+1) x 2 (the
    // centre star) = 26.
    let v = ok(Dup::slip(
        &mut d.arbitrator,
        game,
        json!({"player": 1, "reference": "8H", "word": "ZEST", "points": 26, "idempotency_key": "slip-1"}),
    ));
    assert_eq!(
        (
            v["verdict"]["score"].as_u64(),
            v["verdict"]["warnings"].as_u64()
        ),
        (Some(26), Some(0)),
        "{v}"
    );
    // Wrong points: the true score with a warning (the event's default ruling, D8).
    let v = ok(Dup::slip(
        &mut d.arbitrator,
        game,
        json!({"player": 2, "reference": "8H", "word": "ZEST", "points": 24}),
    ));
    assert_eq!(
        (
            v["verdict"]["score"].as_u64(),
            v["verdict"]["warnings"].as_u64()
        ),
        (Some(26), Some(1)),
        "{v}"
    );
    // A misspelled word scores 0.
    let v = ok(Dup::slip(
        &mut d.arbitrator,
        game,
        json!({"player": 3, "reference": "8H", "word": "ZSET", "points": 26}),
    ));
    assert_eq!(v["verdict"]["score"].as_u64(), Some(0), "{v}");
    assert_eq!(v["verdict"]["zero"]["kind"], "not_allowed", "{v}");
    let seq = d.seq(game);
    // Refusals: a reference the event's notation cannot read (C7), an unknown player, the
    // wrong role, a repeated key (the first verdict again). None records anything.
    let r = Dup::slip(
        &mut d.arbitrator,
        game,
        json!({"player": 4, "reference": "Z99", "word": "ZEST", "points": 26}),
    );
    assert_eq!((r.status, rule_of(&r).as_str()), (422, "C7"), "{}", r.body);
    assert_eq!(r.json()["field"], "reference");
    let r = Dup::slip(
        &mut d.arbitrator,
        game,
        json!({"player": 9, "reference": "8H", "word": "ZEST", "points": 26}),
    );
    assert_eq!((r.status, rule_of(&r).as_str()), (422, "D5"), "{}", r.body);
    let r = Dup::slip(
        &mut d.outsider,
        game,
        json!({"player": 4, "reference": "8H", "word": "ZEST", "points": 26}),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    let again = ok(Dup::slip(
        &mut d.arbitrator,
        game,
        json!({"player": 1, "reference": "8H", "word": "ZEST", "points": 26, "idempotency_key": "slip-1"}),
    ));
    assert_eq!(again["seq"].as_i64(), Some(4));
    assert_eq!(d.seq(game), seq, "refusals and repeats record nothing");
    // Slips since the referee's seq do not make it stale (422 here is the phase, not a 409);
    // a master event since it does.
    let r = Dup::cmd(
        &mut d.referee,
        game,
        json!({"type": "start_turn", "expected_seq": 3}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let r = Dup::cmd(
        &mut d.referee,
        game,
        json!({"type": "start_turn", "expected_seq": 2}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    // The arbitrator cannot choose the top.
    let r = Dup::cmd(&mut d.arbitrator, game, json!({"type": "choose_top"}));
    assert_eq!(r.status, 403, "{}", r.body);

    let top1 = d.choose_and_place(game);
    let top1_score = top1["score"].as_i64().unwrap();
    assert!(top1_score >= 26, "the top is at least ZEST's 26: {top1}");

    // Turn 2: a slip for turn 1 is still taken while turn 2's rack is shown, then closed
    // once turn 2 starts.
    ok(Dup::cmd(&mut d.referee, game, json!({"type": "draw"})));
    ok(Dup::cmd(
        &mut d.referee,
        game,
        json!({"type": "start_turn"}),
    ));
    let r = Dup::slip(
        &mut d.arbitrator,
        game,
        json!({"turn": 1, "player": 4, "reference": "8H", "word": "ZEST", "points": 26}),
    );
    assert_eq!((r.status, rule_of(&r).as_str()), (422, "D5"), "{}", r.body);
    assert_eq!(r.json()["field"], "turn");
    // Player 1 writes the top of turn 2 exactly as the generator gives it (its reference is
    // the event's notation): the turn's top score.
    let top2 = d.choose_and_place_after_slip(game);
    let top2_score = top2["score"].as_i64().unwrap();

    // D9 by hand: player 1 = 26 + top2 (+10 if alone with a top, D7: player 1 is the only
    // one to find turn 2's top; turn 1's top is ZEST's 26 only if the generator agrees, and
    // then players 1 and 2 share it, no solo); player 2 = 26 (one warning, free); 3 and 4 = 0.
    let tops = top1_score + top2_score;
    let p1 = 26 + top2_score + 10;
    let ranking = ok(d
        .anon
        .get(&format!("/api/v1/duplicate/events/{}/ranking", d.event_id)));
    let lines = ranking["lines"].as_array().unwrap();
    let by_number = |n: i64| lines.iter().find(|l| l["number"] == n).unwrap().clone();
    assert_eq!(by_number(1)["total"].as_i64(), Some(p1), "{ranking}");
    assert_eq!(by_number(1)["solos"].as_i64(), Some(1));
    assert_eq!(by_number(2)["total"].as_i64(), Some(26));
    assert_eq!(by_number(2)["warnings"].as_i64(), Some(1));
    assert_eq!(by_number(3)["total"].as_i64(), Some(0));
    assert_eq!(by_number(4)["total"].as_i64(), Some(0));
    assert_eq!(by_number(1)["tops"].as_i64(), Some(tops));
    assert_eq!(lines[0]["number"], 1);
    assert_eq!(lines[0]["rank"], 1);
    // 3 and 4 share rank 3.
    assert_eq!(
        (by_number(3)["rank"].as_i64(), by_number(4)["rank"].as_i64()),
        (Some(3), Some(3))
    );
    let pct = (2 * p1 * 10_000 + tops) / (2 * tops);
    assert_eq!(by_number(1)["percent_hundredths"].as_i64(), Some(pct));
    assert_eq!(ranking["games"][0]["top_total"].as_i64(), Some(tops));

    let csv = d.anon.get(&format!(
        "/api/v1/duplicate/events/{}/ranking.csv",
        d.event_id
    ));
    assert_eq!(csv.status, 200);
    assert!(
        csv.body.starts_with("rank,number,name,club,total"),
        "{}",
        csv.body
    );
    assert!(
        csv.body
            .contains(&format!("1,1,\"Ann\",\"Paris\",{p1},{tops},")),
        "{}",
        csv.body
    );

    // The record: both turns, their racks and tops, and the slips of turn 1.
    let rec = ok(d
        .anon
        .get(&format!("/api/v1/duplicate/games/{game}/record")));
    assert_eq!(rec["turns"][0]["rack"].as_str().map(str::len), Some(7));
    assert_eq!(rec["turns"][0]["slips"].as_array().unwrap().len(), 3);
    assert_eq!(rec["turns"][1]["slips"].as_array().unwrap().len(), 1);

    // Undo is a new record: the last top comes off the board, the log grows.
    let before = d.seq(game);
    let g = ok(Dup::cmd(
        &mut d.referee,
        game,
        json!({"type": "undo", "reason": "misread"}),
    ));
    assert_eq!(
        (g["phase"].as_str(), g["seq"].as_i64()),
        (Some("top_chosen"), Some(before + 1))
    );
}

impl Dup {
    /// Chooses turn 2's top, has the arbitrator enter it as player 1's slip, places it.
    fn choose_and_place_after_slip(&mut self, game: i64) -> Value {
        let r = Self::cmd(&mut self.referee, game, json!({"type": "choose_top"}));
        let g = if r.status == 422 {
            ok(Self::cmd(
                &mut self.referee,
                game,
                json!({"type": "choose_top", "choice": 0}),
            ))
        } else {
            ok(r)
        };
        let top = g["candidates"][g["chosen"].as_u64().unwrap() as usize].clone();
        let v = ok(Self::slip(
            &mut self.arbitrator,
            game,
            json!({"player": 1, "reference": top["reference"], "word": top["word"].as_str().unwrap().replace('.', ""), "points": top["score"]}),
        ));
        // The GCG word marks board tiles with '.', which a slip does not write: if the top
        // plays through tiles, the slip spells the whole word.
        if v["verdict"]["score"] != top["score"] {
            let v = ok(Self::slip(
                &mut self.arbitrator,
                game,
                json!({"player": 1, "reference": top["reference"], "word": top["main_word"], "points": top["score"]}),
            ));
            assert_eq!(v["verdict"]["score"], top["score"], "{v}");
        }
        ok(Self::cmd(
            &mut self.referee,
            game,
            json!({"type": "place_top"}),
        ));
        top
    }
}

#[test]
fn a_private_duplicate_event_is_read_by_its_officials_only() {
    let mut d = setup(false);
    let game = d.game();
    let r = d
        .anon
        .get(&format!("/api/v1/duplicate/events/{}/ranking", d.event_id));
    assert_eq!(r.status, 401, "{}", r.body);
    let r = d.outsider.get(&format!("/api/v1/duplicate/games/{game}"));
    assert_eq!(r.status, 403, "{}", r.body);
    ok(d.arbitrator
        .get(&format!("/api/v1/duplicate/events/{}/ranking", d.event_id)));
    // Its ranking's bytes, now encoded and kept, are still not served without asking who reads.
    let r = d
        .anon
        .get(&format!("/api/v1/duplicate/events/{}/ranking", d.event_id));
    assert_eq!(r.status, 401, "{}", r.body);
    // Only the director adds players; a number is held once.
    let r = d.referee.post_json(
        &format!("/api/v1/duplicate/events/{}/players", d.event_id),
        &json!({"number": 5, "name": "Eve"}),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    let r = d.chief.post_json(
        &format!("/api/v1/duplicate/events/{}/players", d.event_id),
        &json!({"number": 1, "name": "Eve"}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    // A ruleset option out of range names it.
    let r = d.chief.post_json(
        "/api/v1/duplicate/events",
        &json!({"name": "Bad", "ruleset": {"turn_ms": 0}}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
}

/// Issue 15, Languages: the Duplicate pages and their live fragments come in the reader's
/// language, with the French Duplicate words (coup, total des tops, classement).
#[test]
fn duplicate_pages_and_fragments_come_in_the_readers_language() {
    let mut d = setup(true);
    let game = d.game();
    let page = |c: &mut Client, path: &str, accept: &str| {
        let (res, body) = c.get_bytes(path, &[("Accept-Language", accept)]);
        assert_eq!(res.status, 200, "{path}");
        String::from_utf8(body).unwrap()
    };
    let hall = format!("/duplicate/games/{game}/hall");
    let panel = format!("/duplicate/games/{game}/hall/panel");
    let table = format!("/duplicate/events/{}/ranking/table", d.event_id);
    let fr = page(&mut d.anon, &hall, "fr");
    assert!(
        fr.contains("<html lang=\"fr\"") && fr.contains("Coup"),
        "hall in French"
    );
    assert!(
        !fr.contains("Sum of the tops"),
        "no English left on the French hall"
    );
    assert!(page(&mut d.anon, &panel, "fr").contains("Total des tops"));
    assert!(page(&mut d.anon, &table, "fr").contains("Avertissements"));
    let id = page(&mut d.anon, &panel, "id");
    assert!(
        id.contains("Giliran") && id.contains("Jumlah top"),
        "hall panel in Indonesian"
    );
    let en = page(&mut d.anon, &panel, "en");
    assert!(
        en.contains("Turn") && en.contains("Sum of the tops"),
        "hall panel in English"
    );
    let console = format!("/duplicate/games/{game}/console/panel");
    let mut referee = d._app.client();
    assert_eq!(referee.login_form("ref", PASSWORD).status, 303);
    assert!(page(&mut referee, &console, "fr").contains("Faire le tirage"));
}

/// A Duplicate event's games are run from the referee's console: a team/1v1 match in it is
/// refused with the field named, the event's games still run, and the event still reads with its
/// `{"format": "duplicate"}` ruleset (found by schemathesis: it was a 500).
#[test]
fn a_match_in_a_duplicate_event_is_refused_with_its_field() {
    let mut d = setup(true);
    let r = d.chief.post_json(
        "/api/v1/matches",
        &json!({"event_id": d.event_id, "side_a": {}, "side_b": {}}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains("event_id") && r.body.contains("Duplicate"),
        "{}",
        r.body
    );
    // The game still runs: the refusal touched nothing of the event.
    d.game();
    let ev = ok(d.chief.get(&format!("/api/v1/events/{}", d.event_id)));
    assert_eq!(ev["ruleset"]["format"], "duplicate", "{ev}");
}
