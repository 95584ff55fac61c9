// Issue 18, "done when": a whole individual event the way a TSH director runs one. Two
// divisions, 30 players (A: 16; B: 12 and two late entries after round 2), seven rounds each by a
// pairing plan (A: round robin 1-3, Swiss 4-6, king of the hill 7; B: round robin 1-2, Swiss 3-6,
// king of the hill 7), Gibsonization (A's leader clinches first before round 7), one withdrawal
// with a paired game still to play (forfeited, as the default options say), results typed on the
// director's quick-entry page (wrong lines refused and then corrected) and some entered by the
// players on their own phones (N8, N9: entered, corrected, confirmed).
//
// After every round the public pages (standings, pairings by table and alphabetically, results,
// a player page) are checked, signed out, against what this test computes on its own from the
// scores it typed: wins (a tie half), losses, spread, total, the rank order (wins, spread,
// total, number) and each pairing method's rules. At the end each division's `.t` is parsed here and imported
// into a new event, and every rating estimate is checked against Glicko-2 computed here.
//
// Every action is a user's, on the pages (individual_pages.mjs): the director, on a tablet,
// creates the event, its divisions (plans, Gibson prize places) and players, adds the late
// entries, pairs each round with the desk's button, withdraws a player with the reason, types
// the results and hands out the PINs of the printed sheet; each player of a slip's table signs
// in on their own phone (390×844). The JSON API is only read, for the checks.
//
// Started by run.sh (suite individual_event): ARBITER_URL, ARBITER_ADMIN_USER,
// ARBITER_ADMIN_PASSWORD, SCREENSHOT_DIR, SUMMARY_FILE.
import assert from "node:assert/strict";
import { join } from "node:path";
import { env, Steps, launch, device, login, api, noSidewaysScroll } from "./lib.mjs";
import { DirectorDesk, playerPhone, phoneShows, phoneScores } from "./individual_pages.mjs";
import {
  ROUNDS, BYE, FORFEIT, newDivision, methodOf, gameKey, withdrawn, nameOf, tally, ranked, activeIn,
  decide, checkPairingRules, gibsonPair, checkKingOfTheHill, estimates, parseT,
} from "./individual_model.mjs";

const { base, admin, shots } = env();
const steps = new Steps();

// ---- the event's data as this test knows it ---------------------------------------------------

const NAMES_A = ["Nobel, Adam", "Cappelletto, Brett", "Smith, Nigel", "Richards, Nigel", "Fisher, Evan",
  "Gibson, Dave", "Sim, Jakkrit", "Lee, Komol", "Wapnick, Joel", "Ikeda, Mark", "Morris, Chris",
  "Cheah, Ming", "Teoh, Hubert", "Yeo, Jonathan", "Saldanha, Helen", "Awowade, Wellington"];
const NAMES_B = ["Tan, Wei", "Ong, Ray", "Ho, Kim", "Chua, Lin", "Goh, Tom", "Lim, Sarah",
  "Wong, Daniel", "Ng, Alicia", "Koh, Benny", "Sia, Rachel", "Yap, Irene", "Low, Felix"];
const LATE_B = [["Latif, Zara", 0, "Kuching"], ["Zainal, Omar", 1150, ""]];

// ---- the director's set-up and the players' phones, on the pages ----------------------------------

/** The event, its two divisions (plans, Gibson prize places) and their players, on the director's pages. */
async function setUpOnPages(ev, divs) {
  ev.id = await desk.createEvent("Kuching Open 2026");
  const e = await api(base, "GET", `/api/v1/individual/events/${ev.id}`);
  assert.deepEqual([e.public, e.options.bye_spread, e.options.forfeit_spread, e.options.withdrawn], [true, BYE, FORFEIT, "forfeit"],
    "the new-event form's defaults, the options this test counts with");
  for (const div of divs) { div.id = await desk.createDivision(ev.id, div.key, div.plan, div.gibson); }
  await desk.shot("event-desk");
  for (const [div, names, rating0, clubs] of [[divs[0], NAMES_A, 1950, ["Kuching", "Miri", "Sibu"]], [divs[1], NAMES_B, 1300, ["Kuching", "Bintulu"]]]) {
    for (const [i, name] of names.entries()) {
      const p = await desk.addPlayer(div.id, { name, rating: rating0 - i * 37, system: "NASPA", ratingId: `N${1000 + i}`, club: clubs[i % clubs.length] });
      assert.deepEqual([p.number, p.firstRound], [i + 1, 1], `${name}'s number and first round`);
      div.players.set(p.number, { number: p.number, name, rating: rating0 - i * 37, firstRound: 1, withdrawnRound: null });
    }
  }
  // What the director sees after adding a player: their line, and the form again below it.
  await desk.shot("player-added-1024x768", false);
  const [line, form] = await Promise.all([`tr[data-player="${NAMES_B.length}"]`, "#player-form button"].map((sel) =>
    director.page.locator(sel).boundingBox()));
  assert.ok(line.y >= 0 && form.y + form.height <= 768, `the new player's line (y ${line.y}) and the form (to ${form.y + form.height}) in view`);
  await desk.shot("division-desk-B");
}

/** A late entry, on the division's desk. */
async function addLateEntry(div, [name, rating, club]) {
  const p = await desk.addPlayer(div.id, { name, rating, club });
  div.players.set(p.number, { number: p.number, name, rating, firstRound: p.firstRound, withdrawnRound: null });
  return p;
}

const DETAILS = { blanks: "ES", challenged: ["QI", "ZAX"], high_word: "QUIXOTE", high_score: 95 };
const phoneProblems = [];

/**
 * Results entered on the players' own phones (N8, N9), signed in with the PINs of the sheet the
 * director printed: the first player enters the scores with the details, the opponent confirms.
 * At table `correctAt` the entry is wrong: the opponent corrects it and the first player
 * confirms. Nothing counts until both have confirmed; a final slip is the director's to change.
 */
async function enterByPhones(div, round, games, correctAt) {
  const lines = div.rounds.find((r) => r.round === round).lines;
  const pins = await desk.pinSheet(div.id, round, `pin-sheet-${div.key}${round}`);
  const slipOf = async (t) => api(base, "GET", `/api/v1/individual/divisions/${div.id}/rounds/${round}/tables/${t}/slip`);
  for (const g of games) {
    const l = lines.find((x) => x.table === g.table);
    const [sa, sb] = g.res.a === l.a ? [g.res.sa, g.res.sb] : [g.res.sb, g.res.sa];
    const corrected = g.table === correctAt;
    const shoot = corrected && div.key === "A";
    const pa = await playerPhone(browser, base, div.id, l.a, pins.get(l.a));
    const pb = await playerPhone(browser, base, div.id, l.b, pins.get(l.b), corrected ? "fr" : "en");
    await phoneShows(pb.page, "nothing", null, null, `table ${g.table}'s empty slip on ${l.b}'s phone`);
    await phoneScores(pa.page, corrected ? sa + 10 : sa, sb, DETAILS);
    await phoneShows(pa.page, "waiting", corrected ? sa + 10 : sa, sb, `the entry on ${l.a}'s phone`);
    if (shoot) { await pa.page.screenshot({ path: join(shots, "indev-phone-entered-390x844.png"), fullPage: true }); }
    await phoneShows(pb.page, "to-confirm", corrected ? sa + 10 : sa, sb, `the entry, live, on ${l.b}'s phone`);
    assert.equal(await pb.page.inputValue('[data-field="high_word"]'), "QUIXOTE", "the opponent sees the slip's details");
    if (corrected) {
      if (shoot) { await pb.page.screenshot({ path: join(shots, "indev-phone-to-confirm-390x844-fr.png"), fullPage: true }); }
      await phoneScores(pb.page, sa, sb);
      await phoneShows(pb.page, "waiting", sa, sb, `the correction on ${l.b}'s phone`);
      assert.equal((await slipOf(g.table)).is_final, false, "one confirmation is not final");
      // Not counted yet: the game is still missing, and nothing shows on the public results.
      const missing = await api(base, "GET", `/api/v1/individual/divisions/${div.id}/rounds/${round}/missing`);
      assert.ok(missing.some((m) => m.table === g.table), `table ${g.table} is still missing before both confirmed`);
      await phoneShows(pa.page, "to-confirm", sa, sb, `the correction, live, on ${l.a}'s phone`);
      await pa.page.click('[data-action="phone-confirm"]');
    } else {
      await pb.page.click('[data-action="phone-confirm"]');
    }
    for (const [d, n] of [[pa, l.a], [pb, l.b]]) {
      await phoneShows(d.page, "final", sa, sb, `the final slip on ${n}'s phone`);
      // Final: the phone offers neither a correction nor a confirmation any more (N9).
      assert.deepEqual([await d.page.isVisible('[data-action="phone-send"]'), await d.page.isVisible('[data-action="phone-confirm"]')], [false, false],
        "a final slip's buttons");
      await noSidewaysScroll(d.page);
    }
    if (shoot) { await pa.page.screenshot({ path: join(shots, "indev-phone-final-390x844.png"), fullPage: true }); }
    const done = await slipOf(g.table);
    assert.deepEqual([done.is_final, done.score_a, done.score_b, done.details.high_word],
      [true, sa, sb, "QUIXOTE"], `table ${g.table}'s slip`);
    assert.deepEqual([done.corrections, done.log], corrected ? [1, ["entry", "correction", "confirm"]] : [0, ["entry", "confirm"]],
      "N9: a correction stands once both confirmed");
    if (g === games[0]) {
      // Changing a final slip, or another table's, is refused to a player even outside the
      // page (a phone whose page is stale, or a hand-made request): 422 and 403, never a 500.
      const other = games.find((x) => x.table !== g.table).table;
      for (const [table, want] of [[g.table, 422], [other, 403]]) {
        const r = await fetch(`${base}/api/v1/individual/divisions/${div.id}/phone/slip`, { method: "POST", headers: { "content-type": "application/json" },
          body: JSON.stringify({ player: l.a, pin: pins.get(l.a), round, table, action: "scores", score_a: 1, score_b: 2 }) });
        assert.equal(r.status, want, `a player changing table ${table}'s slip: ${await r.text()}`);
      }
    }
    for (const d of [pa, pb]) { phoneProblems.push(...d.problems); await d.context.close(); }
    div.results.set(gameKey(round, g.a, g.b), g.res);
  }
}

// ---- the director's quick entry, on the page ----------------------------------------------------

/** A result line as the director types it from the paper slip (either player first). */
const lineOf = (g, flip) => (flip ? `${g.b} ${g.sb} ${g.a} ${g.sa}` : `${g.a} ${g.sa} ${g.b} ${g.sb}`);

/**
 * Types `good` lines and `bad` ones ([text, refusal pattern]) into the quick-entry page; the good
 * ones are recorded, each bad one is refused beside its line and stays in the box.
 */
async function typeResults(page, div, round, good, bad = []) {
  await page.goto(`${base}/individual/divisions/${div.id}/rounds/${round}/entry`);
  const lines = [...good.map((g, i) => lineOf(g, i % 3 === 1)), ...bad.map(([t]) => t)];
  // Bad lines mixed in among the good ones, as they come off a pile of slips.
  const mixed = [];
  lines.slice(0, good.length).forEach((l, i) => { mixed.push(l); if (bad[i]) { mixed.push(bad[i][0]); } });
  for (const [t] of bad.slice(good.length)) { mixed.push(t); }
  await page.fill('[data-field="text"]', mixed.join("\n"));
  const [resp] = await Promise.all([page.waitForNavigation(), page.click('[data-action="record-results"]')]);
  assert.equal(resp.status(), 200, `the entry page answered ${resp.status()}`);
  const recorded = Number(await page.getAttribute("[data-recorded]", "data-recorded"));
  assert.equal(recorded, good.length, `round ${round}: ${recorded} of ${good.length} games recorded`);
  const shown = await page.$$eval("[data-bad-line]", (els) => els.map((e) => [e.getAttribute("data-bad-line"), e.querySelector("[data-error]").textContent]));
  assert.deepEqual(shown.map(([t]) => t), bad.map(([t]) => t), "the refused lines, in order");
  for (const [i, [, pattern]] of bad.entries()) { assert.match(shown[i][1], pattern, `the refusal of "${bad[i][0]}"`); }
  if (bad.length) { assert.equal(await page.inputValue('[data-field="text"]'), bad.map(([t]) => t).join("\n"), "the refused lines stay in the box"); }
  for (const g of good) { div.results.set(gameKey(round, g.a, g.b), g); }
}

// ---- independent checks of the public pages ------------------------------------------------------

const rec = (row) => `${row.wins2 / 2}–${row.losses}`;

/** The public standings page against the tally: every line and the order. */
async function checkStandings(page, div, label) {
  await page.goto(`${base}/individual/divisions/${div.id}/standings`);
  const rows = await page.locator(`[data-standings="${div.id}"] tbody tr`).evaluateAll((trs) => trs.map((tr) => ({
    n: Number(tr.dataset.player), rank: Number(tr.querySelector("[data-rank]").textContent),
    record: tr.querySelector("[data-record]").textContent.trim(), spread: Number(tr.querySelector("[data-spread]").textContent),
    estimate: Number(tr.querySelector("[data-estimate]").textContent), change: Number(tr.querySelector("[data-change]").textContent),
    gibson: tr.hasAttribute("data-gibsonized") })));
  const want = ranked(div);
  const got = rows.map((r) => `${r.rank}. #${r.n} ${r.record} ${r.spread}`);
  const mine = want.map((w, i) => `${i + 1}. #${w.number} ${rec(w)} ${w.spread}`);
  assert.deepEqual(got, mine, `${label}: the standings page (left) against the results typed (right)`);
  return rows;
}

/** The public pairings page's round: by table and alphabetically, against the lines paired. */
async function checkPairings(page, div, round) {
  await page.goto(`${base}/individual/divisions/${div.id}/pairings`);
  const r = div.rounds.find((x) => x.round === round);
  const byTable = await page.locator(`[data-by-table="${round}"] tbody tr`).evaluateAll((trs) => trs.map((tr) =>
    [...tr.querySelectorAll("td")].map((td) => td.textContent.trim()).join(" | ")));
  const wantTable = r.lines.map((l) => `${l.b == null ? "—" : l.table} | ${nameOf(div, l.a)} | ${l.b == null ? "Bye" : nameOf(div, l.b)}`);
  assert.deepEqual(byTable, wantTable, `round ${round} by table`);
  const alpha = await page.locator(`[data-alphabetical="${round}"] tbody tr`).evaluateAll((trs) => trs.map((tr) => ({
    n: Number(tr.dataset.alpha), name: tr.querySelector("[data-name]").textContent.trim(),
    table: tr.querySelector("[data-table]").textContent.trim(), opp: tr.querySelector("[data-opponent]").textContent.trim(),
    side: tr.querySelector("[data-side]")?.getAttribute("data-side") ?? null })));
  const want = [];
  for (const l of r.lines) {
    if (l.b == null) { want.push({ n: l.a, name: nameOf(div, l.a), table: "—", opp: "Bye", side: null }); continue; }
    want.push({ n: l.a, name: nameOf(div, l.a), table: String(l.table), opp: `${nameOf(div, l.b)} (first)`, side: "first" });
    want.push({ n: l.b, name: nameOf(div, l.b), table: String(l.table), opp: `${nameOf(div, l.a)} (second)`, side: "second" });
  }
  want.sort((x, y) => (x.name.toLowerCase() < y.name.toLowerCase() ? -1 : x.name.toLowerCase() > y.name.toLowerCase() ? 1 : x.n - y.n));
  assert.deepEqual(alpha, want, `round ${round} alphabetically`);
}

/**
 * The public results page, every round so far: each game's scores, winner and spread, a bye's
 * winner, and a game a withdrawal left unplayed as the forfeit it counts as (E2).
 */
async function checkResults(page, div) {
  await page.goto(`${base}/individual/divisions/${div.id}/results`);
  for (const r of div.rounds) {
    const got = await page.locator(`[data-results="${r.round}"] tbody tr`).evaluateAll((trs) => trs.map((tr) => [
      tr.querySelector("[data-score-a]").textContent.trim(), tr.querySelector("[data-score-b]").textContent.trim(),
      tr.querySelector("[data-winner]")?.textContent.trim() ?? "pending", tr.querySelector("[data-result-spread]")?.textContent.trim() ?? ""].join(" | ")));
    const want = r.lines.map((l) => {
      if (l.b == null) { return ["", "", nameOf(div, l.a), ""].join(" | "); }
      const res = div.results.get(gameKey(r.round, l.a, l.b));
      if (res) {
        const [sa, sb] = res.a === l.a ? [res.sa, res.sb] : [res.sb, res.sa];
        return [sa, sb, sa === sb ? "Tie" : nameOf(div, sa > sb ? l.a : l.b), Math.abs(sa - sb)].join(" | ");
      }
      const [wa, wb] = [withdrawn(div, l.a, r.round), withdrawn(div, l.b, r.round)];
      if (wa !== wb) { return [wa ? "withdrawn" : "", wb ? "withdrawn" : "", `${nameOf(div, wa ? l.b : l.a)} (forfeit)`, FORFEIT].join(" | "); }
      return ["", "", "pending", ""].join(" | ");
    });
    assert.deepEqual(got, want, `the public results of round ${r.round}`);
  }
}

/** A player's page: the line, and each game with its running record. */
async function checkPlayer(page, div, n) {
  await page.goto(`${base}/individual/divisions/${div.id}/players/${n}`);
  const t = tally(div);
  const order = ranked(div);
  const me = t.get(n);
  const facts = await Promise.all(["[data-rank]", "[data-record]", "[data-spread]"].map((s) => page.locator(`dl ${s}`).textContent()));
  assert.deepEqual(facts.map((x) => x.trim()), [String(order.findIndex((x) => x.number === n) + 1), rec(me), String(me.spread)], `player ${n}'s line`);
  const rows = await page.locator("[data-games] tbody tr").evaluateAll((trs) => trs.map((tr) => ({
    round: Number(tr.dataset.game), opp: tr.querySelector("[data-opponent]").textContent.trim(),
    side: tr.querySelector("[data-side]").getAttribute("data-side"),
    score: tr.querySelector("[data-score]")?.textContent.trim() ?? null,
    spread: tr.querySelector("[data-spread]")?.textContent.trim() ?? null,
    record: tr.querySelector("[data-record]")?.textContent.trim() ?? null })));
  let w2 = 0, losses = 0;
  const want = me.games.map((g) => {
    w2 += g.wins2; losses += g.wins2 === 0 ? 1 : 0;
    return { round: g.round, opp: g.opp == null ? "Bye" : nameOf(div, g.opp), side: g.opp == null ? "" : g.first ? "first" : "second",
      score: g.forfeit ? "forfeit" : g.score == null ? "" : `${g.score}–${g.oppScore}`,
      spread: `${g.spread > 0 ? "+" : ""}${g.spread}`, record: `${w2 / 2}–${losses}` };
  });
  assert.deepEqual(rows, want, `player ${n}'s games`);
}

// ---- the event -----------------------------------------------------------------------------------

const ev = {};
const A = newDivision("A", [{ first: 1, last: 3, method: "round_robin" }, { first: 4, last: 6, method: "swiss" }, { first: 7, last: 7, method: "king_of_the_hill" }], 3);
const B = newDivision("B", [{ first: 1, last: 2, method: "round_robin" }, { first: 3, last: 6, method: "swiss" }, { first: 7, last: 7, method: "king_of_the_hill" }], 2);
const divs = [A, B];
const browser = await launch();
const director = await device(browser, { width: 1024, height: 768 });
const visitor = await device(browser, { width: 768, height: 1024 }); // signed out, a player's tablet
const desk = new DirectorDesk(base, director.page, shots);
const seenGibson = [];
let withdrawnPlayer = null;

await steps.step("set-up on the director's pages: an event, two divisions (16 and 12 players) with their plans", async () => {
  await login(base, director.page, admin);
  await setUpOnPages(ev, divs);
  const shown = await api(base, "GET", `/api/v1/individual/events/${ev.id}`);
  assert.deepEqual(shown.divisions.map((d) => [d.name, d.players.length, d.plan, d.gibson_prizes]),
    [["A", 16, A.plan, 3], ["B", 12, B.plan, 2]]);
  for (const div of divs) {
    const d = shown.divisions.find((x) => x.id === div.id);
    assert.deepEqual(d.players.map((p) => [p.number, p.name, p.rating, p.rating_system, p.first_round]),
      [...div.players.values()].map((p) => [p.number, p.name, p.rating, "NASPA", 1]), `division ${div.key}'s players as typed`);
  }
});

/** Pairs the division's next round by its plan with the desk's button, and checks it. */
async function pairRound(div, round) {
  const gib = gibsonPair(div, round);
  const lines = await desk.pairNext(div.id, round);
  const r = await api(base, "GET", `/api/v1/individual/divisions/${div.id}/rounds/${round}`);
  assert.deepEqual(lines, r.lines.map((l) => ({ table: l.b == null ? null : l.table, a: l.a, b: l.b })),
    `round ${round} on the desk (left) and as recorded (right)`);
  checkPairingRules(div, round, lines);
  if (gib) {
    const line = lines.find((l) => l.a === gib[0] || l.b === gib[0]);
    assert.deepEqual([line.a, line.b].sort((x, y) => x - y), [gib[0], gib[1]].sort((x, y) => x - y),
      `round ${round}: the Gibsonized leader ${gib[0]} plays ${gib[1]} (${gib[2]})`);
    seenGibson.push({ div: div.key, round, leader: gib[0], opponent: gib[1], why: gib[2] });
  }
  if (methodOf(div, round) === "king_of_the_hill") { checkKingOfTheHill(div, round, lines, gib); }
  div.rounds.push({ round, lines });
  return lines;
}

for (let round = 1; round <= ROUNDS; round++) {
  for (const div of divs) {
    await steps.step(`${div.key} round ${round} (${methodOf(div, round)}): paired by the plan; the public pairings match, by table and alphabetically`, async () => {
      if (div === A && round === 7) {
        // The scores were chosen so that player 1 has clinched first before the last round.
        assert.ok(gibsonPair(A, 7), `A's leader has not clinched first before round 7: ${JSON.stringify(ranked(A, 6).slice(0, 3))}`);
      }
      await pairRound(div, round);
      await checkPairings(visitor.page, div, round);
    });

    await steps.step(`${div.key} round ${round}: results typed on the quick-entry page${div === A && round === 2 || div === B && round === 5 ? " and on the players' phones" : ""}`, async () => {
      const lines = div.rounds.find((r) => r.round === round).lines;
      if (div === A && round === 4) {
        // Before a game is played, a player withdraws: their paired game is forfeited.
        const top = ranked(A, 3)[0].number;
        const l = lines.find((x) => x.b != null && x.a !== top && x.b !== top && x.a !== 1 && x.b !== 1 && x.table > 2);
        withdrawnPlayer = l.b;
        const w = await desk.withdraw(A.id, l.b, "flight home");
        // The form said what happens to the game still to play (the default options: a forfeit).
        assert.match(w.effect, new RegExp(`\\b1 game .*forfeit \\(−${FORFEIT}\\)`), `the withdraw form's warning: ${w.effect}`);
        assert.equal(w.withdrawnRound, 4);
        await desk.shot("withdrawn");
        const d = (await api(base, "GET", `/api/v1/individual/events/${ev.id}`)).divisions.find((x) => x.id === A.id);
        assert.deepEqual(d.withdrawals.map((x) => [x.number, x.from_round, x.reason]), [[l.b, 4, "flight home"]]);
        A.players.get(l.b).withdrawnRound = 4;
      }
      const games = lines.filter((l) => l.b != null && !withdrawn(div, l.a, round) && !withdrawn(div, l.b, round))
        .map((l) => ({ table: l.table, res: decide(div, round, l.a, l.b) }))
        .map((g) => ({ ...g.res, table: g.table, res: g.res }));
      let typed = games;
      if (div === A && round === 2 || div === B && round === 5) {
        const bySlip = games.filter((g) => g.table <= 3);
        typed = games.filter((g) => g.table > 3);
        await enterByPhones(div, round, bySlip, 2);
      }
      const other = (p) => [...div.players.keys()].find((q) => q !== p && !typed.slice(0, 3).some((g) => g.a === q || g.b === q) && activeIn(div, round).includes(q));
      const [g0, g1, g2, g3] = typed;
      let bad = [];
      let fixLater = [];
      if (round === 1 && div === A) {
        // Four slips typed wrong: the wrong opponent, a typo for a player, a score missing, a
        // score no game gives. Each is refused; the director types them again, right.
        bad = [
          [`${g0.a} ${g0.sa} ${g1.b} ${g0.sb}`, new RegExp(`plays ${g0.b} this round, not ${g1.b}`)],
          [`${g1.a} ${g1.sa} 99 ${g1.sb}`, /player 99 is not in this division/],
          [`${g2.a} ${g2.sa} ${g2.b}`, /write a line as: player score opponent score/],
          [`${g3.a} ${g3.sa * 10} ${g3.b} ${g3.sb}`, /a score must be between -1000 and 2000/],
        ];
        fixLater = [g0, g1, g2, g3];
      } else if (round === 3 && div === B) {
        // The same game entered twice with other scores: the second is refused.
        await typeResults(director.page, div, round, [g0]);
        bad = [[`${g0.a} ${g0.sa + 1} ${g0.b} ${g0.sb}`, /game \d+ v \d+ is already entered as/]];
        typed = typed.slice(1);
      } else if (round === 5 && div === A) {
        // The withdrawn player's slip, and the bye's, are no games of the round.
        const byeLine = lines.find((l) => l.b == null);
        bad = [
          [`${withdrawnPlayer} 400 ${g0.a} 350`, new RegExp(`player ${withdrawnPlayer} has no game this round`)],
          [`${byeLine.a} 50 ${other(byeLine.a)} 0`, new RegExp(`player ${byeLine.a} has no game this round`)],
        ];
      }
      await typeResults(director.page, div, round, typed.filter((g) => !fixLater.includes(g)), bad);
      if (fixLater.length) { await typeResults(director.page, div, round, fixLater); }
      await director.page.goto(`${base}/individual/divisions/${div.id}/rounds/${round}/entry`);
      await director.page.waitForSelector("[data-all-in]");
    });

    await steps.step(`${div.key} after round ${round}: the public standings, the results and a player's page match the results typed`, async () => {
      const rows = await checkStandings(visitor.page, div, `${div.key} after round ${round}`);
      await checkResults(visitor.page, div);
      // The Gibsonized leader is marked once they have clinched first with rounds still to play.
      const clinched = round < ROUNDS && div.gibson ? (() => {
        const o = ranked(div, round).filter((r) => activeIn(div, round + 1).includes(r.number));
        return o[0].wins2 - o[1].wins2 > 2 * (ROUNDS - round) ? o[0].number : null;
      })() : undefined;
      if (clinched !== undefined) {
        assert.deepEqual(rows.filter((r) => r.gibson).map((r) => r.n), clinched == null ? [] : [clinched], "the Gibsonized mark");
      }
      const order = ranked(div);
      const who = [1, order[0].number, order[order.length - 1].number, withdrawnPlayer, 13, 14].filter((n) => n != null && div.players.has(n));
      await checkPlayer(visitor.page, div, who[round % who.length]);
    });
  }
  if (round === 2) {
    await steps.step("two late entries join division B after round 2, from round 3", async () => {
      for (const late of LATE_B) {
        const p = await addLateEntry(B, late);
        assert.equal(p.firstRound, 3, `${late[0]} plays from round 3`);
      }
      await desk.shot("late-entries");
      const total = A.players.size + B.players.size;
      assert.equal(total, 30, "30 players in the event");
    });
  }
}

await steps.step("the final standings, a Gibsonized leader's page, the withdrawn player's and a late entry's, at a tablet's size", async () => {
  assert.ok(seenGibson.some((g) => g.div === "A" && g.round === 7), `A's round 7 had no Gibson pairing: ${JSON.stringify(seenGibson)}`);
  console.log(`# Gibson pairings: ${JSON.stringify(seenGibson)}`);
  for (const div of divs) {
    await checkStandings(visitor.page, div, `${div.key} final`);
    await noSidewaysScroll(visitor.page);
    await visitor.page.screenshot({ path: join(shots, `indev-standings-${div.key}.png`), fullPage: true });
  }
  for (const [div, n, label] of [[A, 1, "leader"], [A, withdrawnPlayer, "withdrawn"], [B, 13, "late"]]) {
    await checkPlayer(visitor.page, div, n);
    await noSidewaysScroll(visitor.page);
    await visitor.page.screenshot({ path: join(shots, `indev-player-${label}.png`), fullPage: true });
  }
  const w = tally(A).get(withdrawnPlayer);
  assert.equal(w.games.filter((g) => g.forfeit).length, 1, "the withdrawn player's paired game is forfeited");
  assert.equal(A.rounds.filter((r) => r.round > 4).flatMap((r) => r.lines).filter((l) => l.a === withdrawnPlayer || l.b === withdrawnPlayer).length, 0,
    "the withdrawn player is not paired again");
});

await steps.step("rating estimates on the standings are Glicko-2 as computed here, within 1 point, for all 30 players", async () => {
  const off = [];
  for (const div of divs) {
    const rows = await checkStandings(visitor.page, div, `${div.key} ratings`);
    const est = estimates(div);
    for (const r of rows) {
      const want = est.get(r.n);
      if (Math.abs(r.estimate - want.after) > 1 || Math.abs(r.change - (want.after - want.before)) > 1) {
        off.push(`${div.key} #${r.n}: page ${r.estimate} (${r.change}), Glicko-2 ${want.after.toFixed(2)} (${(want.after - want.before).toFixed(2)})`);
      }
    }
  }
  assert.deepEqual(off, []);
});

await steps.step("a small case: three players, three games, the estimates against Glicko-2 computed here", async () => {
  const eventId = await desk.createEvent("Rating check");
  const d = newDivision("R", [{ first: 1, last: 3, method: "round_robin" }], null);
  d.id = await desk.createDivision(eventId, "R", d.plan, null);
  for (const [name, rating] of [["Ann", 1700], ["Bob", 1480], ["Cy", 0]]) {
    const p = await desk.addPlayer(d.id, { name, rating });
    d.players.set(p.number, { number: p.number, name, rating, firstRound: 1, withdrawnRound: null });
  }
  for (let round = 1; round <= 3; round++) {
    const lines = await desk.pairNext(d.id, round);
    d.rounds.push({ round, lines });
    const g = lines.find((l) => l.b != null);
    // Cy (unrated) beats everyone; Ann beats Bob.
    const aWins = g.a === 3 || (g.a === 1 && g.b === 2);
    await typeResults(director.page, d, round, [{ a: g.a, sa: aWins ? 420 : 380, b: g.b, sb: aWins ? 380 : 420 }]);
  }
  const s = await api(base, "GET", `/api/v1/individual/divisions/${d.id}/standings`);
  const est = estimates(d);
  for (const l of s.lines) {
    const want = est.get(l.number);
    assert.ok(Math.abs(l.estimate - want.after) <= 1, `${l.name}: ${l.estimate}, Glicko-2 ${want.after.toFixed(2)}`);
    console.log(`# ${l.name}: ${l.rating || "unrated"} → ${l.estimate} (Glicko-2 here: ${want.after.toFixed(2)})`);
  }
});

const exported = {};
await steps.step("each division's .t reads back here: names, ratings, opponents, scores and firsts as played", async () => {
  for (const div of divs) {
    // The director downloads it from the division's desk.
    await desk.openDivision(div.id);
    const href = await director.page.getAttribute('[data-export="tsh"]', "href");
    const res = await director.context.request.get(base + href);
    assert.equal(res.status(), 200);
    const text = await res.text();
    exported[div.key] = text;
    const players = parseT(text);
    assert.equal(players.length, div.players.size);
    const problems = [];
    for (const [i, p] of players.entries()) {
      const me = div.players.get(i + 1);
      if (p.name !== me.name || p.rating !== me.rating) { problems.push(`line ${i + 1}: ${p.name} ${p.rating}`); }
      const games = tally(div).get(i + 1).games;
      for (let r = 1; r <= ROUNDS; r++) {
        const g = games.find((x) => x.round === r);
        // As TSH writes them: a game, its opponent and own score; a bye or a forfeit, no opponent
        // and the spread it counts; a round that was no game for them (a late entry's first
        // rounds, a withdrawn player's last), no opponent and 0.
        const [opp, score, first] = !g ? [0, 0, 0] : g.opp == null || g.forfeit ? [0, g.spread, 0] : [g.opp, g.score, g.first ? 1 : 2];
        if (p.opponents[r - 1] !== opp || p.scores[r - 1] !== score || p.fields.p12?.[r - 1] !== first) {
          problems.push(`${me.name} round ${r}: ${p.opponents[r - 1]} ${p.scores[r - 1]} p12 ${p.fields.p12?.[r - 1]}, played ${opp} ${score} ${first}`);
        }
      }
      // TSH's mark of a player no longer paired.
      if ((me.withdrawnRound != null) !== ("off" in p.fields)) { problems.push(`${me.name}: off ${JSON.stringify(p.fields.off)}`); }
    }
    assert.deepEqual(problems, [], `${div.key}.t`);
  }
});

await steps.step("each division's .t imported into a new event gives the same standings", async () => {
  const eventId = await desk.createEvent("Kuching Open 2026 (re-imported)");
  const off = [];
  for (const div of divs) {
    const id = await desk.importDivision(eventId, div.key, [{ first: 1, last: ROUNDS, method: "swiss" }], exported[div.key]);
    assert.equal(await director.page.locator("[data-players] tr[data-player]").count(), div.players.size, `${div.key}'s players on the imported desk`);
    if (div === A) { await desk.shot("imported-desk-A"); }
    const d = (await api(base, "GET", `/api/v1/individual/events/${eventId}`)).divisions.find((x) => x.id === id);
    assert.equal(d.rounds_paired, ROUNDS);
    const s = await api(base, "GET", `/api/v1/individual/divisions/${id}/standings`);
    const want = ranked(div);
    const got = s.lines.map((l) => `#${l.number} ${l.wins}–${l.losses} ${l.spread} ${l.points}`);
    const mine = want.map((w) => `#${w.number} ${w.wins2 / 2}–${w.losses} ${w.spread} ${w.points}`);
    for (const [i, line] of got.entries()) { if (line !== mine[i]) { off.push(`${div.key} rank ${i + 1}: imported ${line}, played ${mine[i]}`); } }
  }
  assert.deepEqual(off, []);
});

await steps.step("no script errors or failed requests on the director's, the visitor's or the players' pages", async () => {
  assert.deepEqual([...director.problems, ...visitor.problems, ...phoneProblems], []);
});

await browser.close();
steps.finish();
