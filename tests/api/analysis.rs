//! The analysis of a game's moves against the top play (issue 17): a finished online game's
//! (JSON and page, public, only once it ends) and a pasted GCG record's (JSON and the
//! `/analyze` form, signed in), with every refusal: empty, too large, too many moves,
//! unreadable (the reader's line), an unknown tile distribution.

use serde_json::json;

use crate::helpers::{PASSWORD, TestApp, ok};
use crate::online::{dictionary, start_on};

/// Two moves of a real game (`tests/data/gcg/quackle_boys1.gcg`), quick to analyse.
const SHORT: &str = "#player1 Quackle Quackle Computer\n#player2 David David Boys\n\
>Quackle: DEMJNOT  8d   JETON           +40   40\n\
>David: AEGILNR -  +0 0\n";

#[test]
fn a_finished_online_game_is_analysed_move_by_move_once_it_ends() {
    let app = TestApp::builder().manual_clock().dealer_seed(17).spawn();
    let mut g = start_on(app, dictionary());
    let path = format!("/api/v1/online/games/{}/analysis", g.id);
    let page = format!("/online/games/{}/analysis", g.id);
    // While it is played: nothing (it would show the racks).
    assert_eq!(g.app.client().get(&path).status, 409);
    assert_eq!(g.app.client().get(&page).status, 409);
    let (player, other) = g.on_turn();
    let (mut player, mut other) = (player.clone(), other.clone());
    let mine = g.view(&mut player);
    let rack = mine["view"]["rack"].as_str().unwrap().to_owned();
    let graph = arbiter::web::api::online::graph(&g.app.state.lexicons).unwrap();
    let set = arbiter::rules::tiles::TileSet::english();
    let tops = arbiter::rules::movegen::top_plays(
        &graph,
        &set,
        &arbiter::rules::board::Board::new(),
        &arbiter::rules::tiles::Rack::parse(&rack).unwrap(),
    );
    let top = tops.plays.first().unwrap();
    ok(g.cmd(
        &mut player,
        json!({"type": "play", "move": top.to_string()}),
    ));
    ok(g.cmd(&mut other, json!({"type": "resign"})));

    let a = ok(g.app.client().get(&path));
    let first = &a["moves"][0];
    assert_eq!(first["score"].as_u64(), Some(u64::from(top.score())), "{a}");
    assert_eq!(first["top_score"], first["score"], "{a}");
    assert_eq!(first["difference"], 0, "{a}");
    let who = first["player"].as_u64().unwrap() as usize;
    assert_eq!(a["totals"][who]["found_top"], 1, "{a}");
    assert_eq!(a["totals"][who]["difference"], 0, "{a}");
    // The page, public, in the viewer's language.
    let mut fr = g.app.client();
    fr.get("/lang/fr?next=/");
    let html = fr.get(&page);
    assert_eq!(html.status, 200, "{}", html.body);
    assert!(
        html.body.contains("data-analysis") && html.body.contains("Écart"),
        "{}",
        html.body
    );
    assert_eq!(
        g.app
            .client()
            .get("/api/v1/online/games/999/analysis")
            .status,
        404
    );
    assert_eq!(g.app.client().get("/online/games/999/analysis").status, 404);
}

#[test]
fn a_pasted_record_is_analysed_and_every_refusal_names_the_field() {
    let app = TestApp::builder().spawn();
    let mut ann = app.bearer("ann", false);
    let a = ok(ann.post_json("/api/v1/analyze", &json!({"gcg": SHORT})));
    assert_eq!(a["moves"][0]["played"], "8D JETON", "{a}");
    assert_eq!(a["moves"][0]["score"], 40, "{a}");
    let top = a["moves"][0]["top_score"].as_i64().unwrap();
    assert_eq!(a["moves"][0]["difference"].as_i64(), Some(top - 40));
    assert_eq!(a["moves"][1]["played"], "pass");
    assert_eq!(a["totals"][0]["nick"], "Quackle");

    let many: String = std::iter::once("#player1 a A\n#player2 b B\n".to_owned())
        .chain(
            (0..=arbiter::rules::analysis::MAX_MOVES)
                .map(|i| format!(">{}: ABC -  +0 0\n", if i % 2 == 0 { 'a' } else { 'b' })),
        )
        .collect();
    let cases = [
        (String::new(), "paste or upload"),
        ("x".repeat(arbiter::rules::analysis::MAX_BYTES + 1), "bytes"),
        (
            "#player1 a A\n#player2 b B\n>a: ABC 99Z CAB +10 10\n".to_owned(),
            "line 3",
        ),
        (
            "#player1 a A\n#player2 b B\n#tile-distribution klingon\n>a: ABC -  +0 0\n".to_owned(),
            "tile distribution",
        ),
        (many, "at most"),
    ];
    for (gcg, says) in &cases {
        let res = ann.post_json("/api/v1/analyze", &json!({"gcg": gcg}));
        assert_eq!(res.status, 400, "{says}: {}", res.body);
        assert_eq!(res.json()["field"], "gcg", "{}", res.body);
        assert!(
            res.json()["message"].as_str().unwrap().contains(says),
            "{}",
            res.body
        );
    }
    let res = ann.post_json("/api/v1/analyze", &json!({"gcg": SHORT, "extra": 1}));
    assert_eq!(res.status, 400, "{}", res.body);
    let anon = app
        .client()
        .post_json("/api/v1/analyze", &json!({"gcg": SHORT}));
    assert_eq!(anon.status, 401, "{}", anon.body);

    // The form: the analysis under it, or the form again with the reader's line.
    app.create_user("bea", PASSWORD, false);
    let mut bea = app.client();
    bea.login_form("bea", PASSWORD);
    let csrf = bea.csrf_from("/analyze");
    let good = bea.post_form("/analyze", &[("csrf", &csrf), ("gcg", SHORT)]);
    assert_eq!(good.status, 200, "{}", good.body);
    assert!(
        good.body.contains("data-analysis") && good.body.contains("8D JETON"),
        "{}",
        good.body
    );
    let bad = bea.post_form(
        "/analyze",
        &[
            ("csrf", &csrf),
            (
                "gcg",
                "#player1 a A\n#player2 b B\n>a: ABC 99Z CAB +10 10\n",
            ),
        ],
    );
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert!(
        bad.body.contains("data-error") && bad.body.contains("line 3: "),
        "{}",
        bad.body
    );
    assert!(
        bad.body.contains("99Z CAB"),
        "the record comes back to fix: {}",
        bad.body
    );
    assert!(!bad.body.contains("data-analysis"), "{}", bad.body);
    let no_csrf = bea.post_form("/analyze", &[("gcg", SHORT)]);
    assert_eq!(no_csrf.status, 403, "{}", no_csrf.body);
}
