// Issue 16, done when: a 20-turn Duplicate game run through the pages only, in French and in
// English (two runs, the pages' language from Accept-Language). The director creates the
// accounts, the event, its 12 players, the roles and the game on the pages; the referee types
// each rack by hand on the console (fixed rule below, no blanks, so the debug move generator
// stays quick), starts the turn, shows and places the top; TWO arbitrators (two browser
// contexts) enter the 12 players' slips at once, with wrong words, wrong points (warnings, D8,
// four and more cost 5 each) and wrong references ruled zero by the referee (D5); the hall
// display and the public ranking follow live. The final ranking is checked against totals and
// percentages computed here from the tops read off the console and the slips this test chose,
// never from the server's ranking code.
//
// Started by run.sh (suite duplicate-game): ARBITER_URL, ARBITER_ADMIN_USER,
// ARBITER_ADMIN_PASSWORD, SCREENSHOT_DIR, SUMMARY_FILE.
import assert from "node:assert/strict";
import { join } from "node:path";
import * as lib from "./lib.mjs";

const { base: BASE, admin: ADMIN, shots: SHOTS } = lib.env();
const PASSWORD = "duplicate-game-pass-1";
const TURNS = 20;
const PLAYERS = 12;
const LIVE_MS = 8000;

const steps = new lib.Steps();
const step = (name, fn) => steps.step(name, fn);
const eventually = (fn, what, ms = LIVE_MS) => lib.eventually(fn, what, ms);

// Reads only (a public event's game): what the console shows, as JSON.
async function game(id) {
  const res = await fetch(`${BASE}/api/v1/duplicate/games/${id}`, { headers: { accept: "application/json" } });
  assert.equal(res.status, 200);
  return res.json();
}

const browser = await lib.launch();

const device = (lang, width = 1024, height = 768) => lib.device(browser, { lang, width, height, touch: false });
const login = (page, who) => lib.login(BASE, page, who);
const openLive = (page, path) => lib.openLive(BASE, page, path);

async function submit(page, selector) {
  await Promise.all([page.waitForNavigation(), page.click(selector)]);
}

// --- the racks: typed by hand, all new each turn (redraw), from what is left, no blank -----------
// English tiles (100): what is left is the full bag less the letters on the master board.
const ENGLISH = { A: 9, B: 2, C: 2, D: 4, E: 12, F: 2, G: 3, H: 2, I: 9, J: 1, K: 1, L: 4, M: 2, N: 6,
  O: 8, P: 2, Q: 1, R: 6, S: 4, T: 6, U: 4, V: 2, W: 2, X: 1, Y: 2, Z: 1 };
const VOWELS = ["U", "O", "A", "I", "E"];
// Consonants, the awkward first: tops then use few tiles and 20 turns fit in the bag. Y is left
// out (a vowel in some sets, a consonant in others: never guessed).
const CONSONANTS = ["Q", "Z", "X", "J", "K", "V", "W", "F", "H", "B", "C", "M", "P", "G", "D", "L", "N", "T", "R", "S"];
function rackFor(board, turn) {
  const left = { ...ENGLISH };
  for (const row of board) { for (const ch of row) { if (ch !== "." && ch === ch.toUpperCase()) { left[ch]--; } } }
  const take = (order, n) => {
    const out = [];
    for (let pass = 0; pass < 7 && out.length < n; pass++) {
      for (const l of order) { if (out.length < n && left[l] > 0) { left[l]--; out.push(l); } }
    }
    return out;
  };
  // D3: two vowels and two consonants in the first 15 turns; three vowels keep the racks playable.
  const vowels = take(VOWELS, turn <= 15 ? 3 : 2);
  const consonants = take(CONSONANTS, 7 - vowels.length);
  const rack = [...vowels, ...consonants];
  if (rack.length < 7) { rack.push(...take([...VOWELS, ...CONSONANTS], 7 - rack.length)); }
  assert.equal(rack.length, 7, `turn ${turn}: the bag is too low for a rack without blanks`);
  return rack.join("");
}

// --- the slips: what each player writes on each turn (the test's own choice) ---------------------
// top: the top as shown; points: the top with wrong points (warning, D8); word: a misspelled
// word (0, D5); ref: the top at a wrong reference, ruled zero by the referee (D5); none: no slip.
const SOLO_TURN = 7;
function plan(player, turn) {
  if (turn === SOLO_TURN) { return player === 12 ? "top" : (player === 10 ? "none" : "word"); }
  if (player <= 6) { return "top"; }
  if (player === 7) { return turn % 3 === 0 ? "points" : "top"; }
  if (player === 8) { return turn % 4 === 0 ? "word" : "top"; }
  if (player === 9) { return turn % 5 === 0 ? "ref" : "top"; }
  if (player === 10) { return turn % 2 === 0 ? "none" : "top"; }
  if (player === 11) { return turn % 3 === 1 ? "ref" : (turn % 4 === 2 ? "points" : "top"); }
  return turn % 2 === 1 ? "top" : "word";
}
// GCG references (English Duplicate): `8H` row 8 across, `H8` column H down. The wrong one
// swaps them: the same square, the other direction.
function swapped(ref) {
  const m = /^(\d+)([A-O])$/.exec(ref) || /^([A-O])(\d+)$/.exec(ref);
  return m[2] + m[1];
}
function slipOf(player, turn, top) {
  const kind = plan(player, turn);
  switch (kind) {
    case "top": return { player, reference: top.reference, word: top.main_word, points: top.score };
    case "points": return { player, reference: top.reference, word: top.main_word, points: top.score + 3 };
    case "word": return { player, reference: top.reference, word: top.main_word + "QX", points: top.score };
    case "ref": return { player, reference: swapped(top.reference), word: top.main_word, points: top.score, ruling: "zero" };
    default: return null;
  }
}

async function enterSlip(page, s) {
  const f = "[data-dup-slip]";
  await page.fill(`${f} [data-field="player"]`, String(s.player));
  await page.fill(`${f} [data-field="reference"]`, s.reference);
  await page.fill(`${f} [data-field="word"]`, s.word);
  await page.fill(`${f} [data-field="points"]`, String(s.points));
  await page.selectOption(`${f} [data-field="ruling"]`, s.ruling || "");
  const answer = page.waitForResponse((r) => /\/slips$/.test(new URL(r.url()).pathname) && r.request().method() === "POST");
  await page.press(`${f} [data-field="points"]`, "Enter");
  const res = await answer;
  const body = await res.json();
  assert.equal(res.status(), 200, `slip ${JSON.stringify(s)}: ${JSON.stringify(body)}`);
  // The form is cleared for the next slip once the answer is shown.
  await eventually(async () => assert.equal(await page.locator(`${f} [data-field="player"]`).inputValue(), ""), "the form cleared", 3000);
  return body;
}

async function run(lang) {
  const tag = `${lang}${Date.now() % 100000}`;
  const who = { referee: `ref-${tag}`, arb1: `arb1-${tag}`, arb2: `arb2-${tag}` };
  const ev = {};
  let director, referee, arb1, arb2, hall, publik;

  await step(`[${lang}] the director creates the accounts, the event, 12 players, the roles and the game on the pages`, async () => {
    director = await device(lang);
    const p = director.page;
    await login(p, ADMIN);
    assert.equal(await p.evaluate(() => document.documentElement.lang), lang);
    await p.goto(`${BASE}/admin/users`);
    for (const username of Object.values(who)) {
      await p.fill('form[action="/admin/users"] input[name="username"]', username);
      await p.fill('form[action="/admin/users"] input[name="password"]', PASSWORD);
      await submit(p, 'form[action="/admin/users"] button[type="submit"]');
    }
    await p.goto(`${BASE}/events/new`);
    await p.fill('input[name="name"]', `Duplicate ${lang.toUpperCase()}`);
    await p.selectOption('select[name="preset"]', "duplicate");
    await p.selectOption('select[name="tile_set"]', "english");
    await submit(p, '[data-action="create-event"]');
    const m = /\/events\/(\d+)\/duplicate$/.exec(new URL(p.url()).pathname);
    assert.ok(m, `the new event opens its Duplicate page: ${p.url()}`);
    ev.id = Number(m[1]);
    assert.match(await p.locator('[data-option="notation"]').innerText(), /GCG/);
    for (let n = 1; n <= PLAYERS; n++) {
      assert.equal(await p.locator('#add-player input[name="number"]').inputValue(), String(n), "the next number is offered");
      await p.fill('#add-player input[name="name"]', `Player ${n}`);
      await p.fill('#add-player input[name="licence"]', `L-${n}`);
      await p.fill('#add-player input[name="club"]', n % 2 ? "Paris" : "Lyon");
      await submit(p, '[data-action="add-player"]');
    }
    assert.equal(await p.locator("[data-players] tbody tr").count(), PLAYERS);
    await p.goto(`${BASE}/events/${ev.id}`);
    for (const [username, role] of [[who.referee, "referee"], [who.arb1, "arbitrator"], [who.arb2, "arbitrator"]]) {
      await p.fill('#grant input[name="username"]', username);
      await p.selectOption('#grant select[name="role"]', role);
      await submit(p, '[data-action="grant"]');
    }
    await submit(p, '[data-action="duplicate-games"]');
    await submit(p, '[data-action="create-game"]');
    ev.game = Number(await p.locator("[data-games] tr[data-game]").first().getAttribute("data-game"));
    assert.ok(ev.game > 0);
    await p.screenshot({ path: join(SHOTS, `duplicate-game-${lang}-director.png`), fullPage: true });
  });

  await step(`[${lang}] the referee's console, two arbitrators' slip pages, the hall display and the public ranking open live`, async () => {
    referee = await device(lang);
    await login(referee.page, { username: who.referee, password: PASSWORD });
    await openLive(referee.page, `/duplicate/games/${ev.game}/console`);
    arb1 = await device(lang);
    await login(arb1.page, { username: who.arb1, password: PASSWORD });
    await openLive(arb1.page, `/duplicate/games/${ev.game}/slips`);
    arb2 = await device(lang, 768, 1024);
    await login(arb2.page, { username: who.arb2, password: PASSWORD });
    await openLive(arb2.page, `/duplicate/games/${ev.game}/slips`);
    hall = await device(lang, 1280, 800);
    await openLive(hall.page, `/duplicate/games/${ev.game}/hall`);
    publik = await device(lang);
    await openLive(publik.page, `/duplicate/events/${ev.id}/ranking`);
    for (const d of [referee, arb1, arb2, hall, publik]) {
      assert.equal(await d.page.evaluate(() => document.documentElement.lang), lang);
    }
  });

  const phase = () => referee.page.locator("[data-phase]").first().getAttribute("data-phase");
  async function waitPhase(want, ms = LIVE_MS) {
    await eventually(async () => {
      const err = await referee.page.locator("[data-dup-error]").innerText().catch(() => "");
      assert.equal(await phase(), want, `refusal shown: ${err}`);
    }, `phase ${want}`, ms);
  }

  const tops = [];
  const totals = {}, warnings = {}, solos = {};
  for (let n = 1; n <= PLAYERS; n++) { totals[n] = 0; warnings[n] = 0; solos[n] = 0; }

  await step(`[${lang}] ${TURNS} turns: racks typed, slips by two arbitrators, tops placed, the hall follows`, async () => {
    const p = referee.page;
    for (let turn = 1; turn <= TURNS; turn++) {
      const g = await game(ev.game);
      assert.equal(g.phase, "awaiting_rack", `turn ${turn}`);
      const rack = rackFor(g.board, turn);
      await p.fill('[data-dup-type-rack] [data-field="tiles"]', rack);
      await p.check('[data-dup-type-rack] [data-field="redraw"]');
      await p.click('[data-dup-type-rack] button[type="submit"]');
      await waitPhase("rack_shown");
      await eventually(async () => assert.equal((await hall.page.locator("[data-rack]").innerText()).replace(/\s/g, "").length, 7), `turn ${turn}: the rack on the hall display`);
      await p.click('[data-dup-cmd="start_turn"]');
      await waitPhase("running");
      await eventually(async () => assert.match(await hall.page.locator("[data-dup-countdown]").innerText(), /^\d:\d\d$/), `turn ${turn}: the countdown in the hall`);
      // The slip pages follow the turn by themselves (live): slips go to this turn.
      for (const a of [arb1, arb2]) {
        await eventually(async () => assert.equal(await a.page.locator('[data-dup-slip] [data-field="turn"]').inputValue(), String(turn)), `turn ${turn}: the slip form on the turn`);
      }
      // The top, read from the console once shown (D6: equal tops listed, the referee chooses).
      await p.click('[data-dup-cmd="choose_top"]');
      await eventually(async () => {
        if (await p.locator("[data-dup-choice]").count() > 0 && (await phase()) !== "top_chosen") {
          await p.click('[data-dup-choice="0"]');
        }
        const err = await p.locator("[data-dup-error]").innerText().catch(() => "");
        assert.equal(await phase(), "top_chosen", `refusal shown: ${err}`);
      }, `turn ${turn}: the top`, turn === 1 ? 300000 : 120000); // turn 1 waits for the move graph's first build
      const shown = await game(ev.game);
      const top = shown.candidates[shown.chosen];
      assert.ok(top && top.score > 0, `turn ${turn}: a top`);
      assert.ok(!/[a-z]/.test(top.main_word), "no blank on the board");
      tops.push(top.score);
      // The slips of the turn: players 1-6 on the first arbitrator's page, 7-12 on the second's.
      const slips = [];
      for (let n = 1; n <= PLAYERS; n++) { const s = slipOf(n, turn, top); if (s) { slips.push(s); } }
      const [a, b] = [slips.filter((s) => s.player <= 6), slips.filter((s) => s.player > 6)];
      const entered = await Promise.all([
        (async () => { const out = []; for (const s of a) { out.push(await enterSlip(arb1.page, s)); } return out; })(),
        (async () => { const out = []; for (const s of b) { out.push(await enterSlip(arb2.page, s)); } return out; })(),
      ]);
      assert.equal(entered.flat().length, slips.length);
      // By hand: what each slip is worth.
      const finders = [];
      for (let n = 1; n <= PLAYERS; n++) {
        const kind = plan(n, turn);
        if (kind === "top" || kind === "points") { totals[n] += top.score; finders.push(n); }
        if (kind === "points") { warnings[n] += 1; }
      }
      // D7: alone with the top score, +10 (12 players: the bonus's minimum is met).
      if (finders.length === 1) { solos[finders[0]] += 1; totals[finders[0]] += 10; }
      await p.click('[data-dup-cmd="place_top"]');
      await waitPhase("awaiting_rack");
      const sum = tops.reduce((x, y) => x + y, 0);
      await eventually(async () => {
        assert.equal(await hall.page.locator("[data-top-score]").innerText(), String(top.score));
        assert.equal(await hall.page.locator("[data-top-total]").innerText(), String(sum));
      }, `turn ${turn}: the top on the hall display`);
      if (turn === 1 || turn === SOLO_TURN) {
        await hall.page.screenshot({ path: join(SHOTS, `duplicate-game-${lang}-hall-turn${turn}.png`) });
        await arb2.page.screenshot({ path: join(SHOTS, `duplicate-game-${lang}-slips-turn${turn}.png`), fullPage: true });
      }
    }
    await p.screenshot({ path: join(SHOTS, `duplicate-game-${lang}-console-end.png`), fullPage: true });
  });

  await step(`[${lang}] the public ranking, live, matches totals and percentages computed by hand`, async () => {
    const sum = tops.reduce((x, y) => x + y, 0);
    // D8: from the fourth warning, -5 each.
    const want = {};
    for (let n = 1; n <= PLAYERS; n++) { want[n] = totals[n] - Math.max(0, warnings[n] - 3) * 5; }
    // D9: own total / sum of the tops, in hundredths, rounded half up.
    const pct = (t) => { const h = Math.floor((2 * t * 10000 + sum) / (2 * sum)); return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, "0")}`; };
    const p = publik.page;
    await eventually(async () => {
      for (let n = 1; n <= PLAYERS; n++) {
        const row = p.locator(`[data-ranking] tr[data-player="${n}"]`);
        assert.equal(await row.locator("[data-total]").innerText(), String(want[n]), `player ${n} total`);
        assert.equal(await row.locator("[data-percent]").innerText(), pct(want[n]), `player ${n} %`);
      }
      assert.equal(await p.locator('[data-game-tops="1"]').innerText(), String(sum));
    }, "the final ranking");
    // Ranked by total.
    const order = await p.locator("[data-ranking] tbody tr [data-total]").allInnerTexts();
    const sorted = [...order].map(Number).sort((x, y) => y - x);
    assert.deepEqual(order.map(Number), sorted, "rows by total, highest first");
    assert.equal(await p.evaluate(() => window.__arbiterNoReload === true), true, "the ranking was not reloaded");
    assert.ok(warnings[7] >= 4 && want[7] < totals[7], "player 7 paid for warnings past the third");
    assert.equal(solos[12], 1, "player 12's solo");
    await p.screenshot({ path: join(SHOTS, `duplicate-game-${lang}-ranking.png`), fullPage: true });
    // The printable result sheets, signed out too.
    await p.goto(`${BASE}/duplicate/events/${ev.id}/results`);
    for (let n = 1; n <= PLAYERS; n++) {
      assert.equal(await p.locator(`[data-sheet="event"] tr[data-player="${n}"] [data-total]`).innerText(), String(want[n]));
    }
    await p.emulateMedia({ media: "print" });
    await p.screenshot({ path: join(SHOTS, `duplicate-game-${lang}-results-print.png`), fullPage: true });
    console.log(`    [${lang}] tops ${tops.join(" ")} = ${sum}; totals ${Object.values(want).join(" ")}`);
  });

  await step(`[${lang}] no script errors on any page`, async () => {
    const all = [director, referee, arb1, arb2, hall, publik].filter(Boolean).flatMap((d) => d.problems);
    assert.deepEqual(all, []);
  });
  for (const d of [director, referee, arb1, arb2, hall, publik]) { if (d) { await d.context.close().catch(() => {}); } }
}

for (const lang of (process.env.DUPLICATE_LANGS || "fr,en").split(",")) {
  await run(lang);
}
await browser.close().catch(() => {});
steps.finish();
