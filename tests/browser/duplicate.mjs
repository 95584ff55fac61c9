// Issue 16, browser test: a short Duplicate game through the pages, in headless Debian chromium
// at 1024×768. The referee types a rack and runs turns from the console; an arbitrator enters
// slips with the keyboard only (Enter records and starts the next slip), including a misspelled
// word, wrong points, a reference that places nothing and one the notation cannot read; the hall
// display (signed out) and the public ranking follow over SSE without reloading; the ranking is
// checked against totals computed by hand. Every page is screenshotted and checked for
// sideways scrolling and touch targets under 44 px. Controls are found by data-* attributes and
// names, never by their English text.
//
// Started by run.sh: ARBITER_URL, ARBITER_ADMIN_USER, ARBITER_ADMIN_PASSWORD, SCREENSHOT_DIR,
// SUMMARY_FILE.
import assert from "node:assert/strict";
import * as lib from "./lib.mjs";

const { base: BASE, admin: ADMIN, shots: SHOTS } = lib.env();
const LIVE_MS = 5000;
const PASSWORD = "duplicate-pass-123";

const steps = new lib.Steps();
const step = (name, fn) => steps.step(name, fn);
const api = (method, path, body, token) => lib.api(BASE, method, path, body, token);
const eventually = (fn, what, ms = LIVE_MS) => lib.eventually(fn, what, ms);

const browser = await lib.launch();
const VP = { name: "landscape", width: 1024, height: 768 };

async function device() {
  const d = await lib.device(browser, { width: VP.width, height: VP.height, touch: true });
  d.context.setDefaultTimeout(10000);
  return d;
}
const login = (page, who) => lib.login(BASE, page, who);
const openLive = (page, path) => lib.openLive(BASE, page, path);
const notReloaded = (page) => lib.notReloaded(page);
// A full-page screenshot, no sideways scrolling, touch targets of at least 44 px.
const layout = (page, label) => lib.layout(page, SHOTS, `duplicate-${label}`);

// --- set-up --------------------------------------------------------------------------------------
const ev = {};
let referee, arbitrator, hall, publik;
await step("set-up: accounts on /admin/users; event, players, grants and a game through the API", async () => {
  const { context, page } = await device();
  await login(page, ADMIN);
  await page.goto(`${BASE}/admin/users`);
  for (const username of ["dup-referee", "dup-arbitrator"]) {
    await page.fill('form[action="/admin/users"] input[name="username"]', username);
    await page.fill('form[action="/admin/users"] input[name="password"]', PASSWORD);
    await Promise.all([page.waitForURL(`${BASE}/admin/users`), page.click('form[action="/admin/users"] button[type="submit"]')]);
  }
  await context.close();
  ev.token = (await api("POST", "/api/v1/auth/token", ADMIN)).token;
  const e = await api("POST", "/api/v1/duplicate/events", { name: "Duplicate Night", english: true, public: true }, ev.token);
  ev.id = e.id;
  for (const [number, name, club] of [[1, "Ann", "Paris"], [2, "Bob", "Lyon"], [3, "Cy", "Paris"], [4, "Di", "Nice"]]) {
    await api("POST", `/api/v1/duplicate/events/${ev.id}/players`, { number, name, club }, ev.token);
  }
  await api("POST", `/api/v1/events/${ev.id}/grants`, { username: "dup-referee", role: "referee" }, ev.token);
  await api("POST", `/api/v1/events/${ev.id}/grants`, { username: "dup-arbitrator", role: "arbitrator" }, ev.token);
  const g = await api("POST", `/api/v1/duplicate/events/${ev.id}/games`, {}, ev.token);
  ev.game = g.id;
});

await step("the referee's console, the slip entry, the hall display and the ranking open live", async () => {
  referee = await device();
  await login(referee.page, { username: "dup-referee", password: PASSWORD });
  await openLive(referee.page, `/duplicate/games/${ev.game}/console`);
  arbitrator = await device();
  await login(arbitrator.page, { username: "dup-arbitrator", password: PASSWORD });
  await openLive(arbitrator.page, `/duplicate/games/${ev.game}/slips`);
  hall = await device();
  await openLive(hall.page, `/duplicate/games/${ev.game}/hall`);
  publik = await device();
  await openLive(publik.page, `/duplicate/events/${ev.id}/ranking`);
  await layout(referee.page, "console-start");
});

const phase = (page) => page.locator("[data-phase]").first().getAttribute("data-phase");
async function waitPhase(page, want) {
  await eventually(async () => {
    const err = await page.locator("[data-dup-error]").count() ? await page.locator("[data-dup-error]").innerText() : "";
    const g = await api("GET", `/api/v1/duplicate/games/${ev.game}`);
    assert.equal(await phase(page), want, `refusal shown: ${err}; the API says ${g.phase}; page problems: ${[...referee.problems, ...hall.problems].join(" | ")}`);
  }, `phase ${want}`);
}

await step("turn 1: the referee types the rack drawn by hand and starts the turn; the hall counts down", async () => {
  const p = referee.page;
  await p.fill('[data-dup-type-rack] [data-field="tiles"]', "ZESTAIO");
  await p.click('[data-dup-type-rack] button[type="submit"]');
  await waitPhase(p, "rack_shown");
  await eventually(async () => assert.equal((await hall.page.locator("[data-rack]").innerText()).replace(/\s/g, "").length, 7), "the rack on the hall display");
  await p.click('[data-dup-cmd="start_turn"]');
  await waitPhase(p, "running");
  await eventually(async () => assert.match(await hall.page.locator("[data-dup-countdown]").innerText(), /^[23]:\d\d$/), "the countdown on the hall display");
  await layout(hall.page, "hall-running");
  await notReloaded(hall.page);
});

// Keyboard only: focus starts at the player number; Tab between fields, Enter records.
async function typeSlip(page, { player, reference, word, points }) {
  const f = '[data-dup-slip]';
  await page.locator(`${f} [data-field="player"]`).focus();
  // Each field's old text (a refused slip keeps it) is selected and typed over.
  const fields = [String(player), reference, word, points === undefined ? "" : String(points)];
  for (let i = 0; i < fields.length; i++) {
    if (i > 0) { await page.keyboard.press("Tab"); }
    await page.keyboard.press("Control+A");
    if (fields[i]) { await page.keyboard.type(fields[i]); } else { await page.keyboard.press("Delete"); }
  }
  const answer = page.waitForResponse((r) => /\/slips$/.test(new URL(r.url()).pathname));
  await page.keyboard.press("Enter");
  const res = await answer;
  return { status: res.status(), body: await res.json() };
}

await step("turn 1: slips by keyboard; a misspelled word, wrong points, a reference that places nothing, one that is no reference", async () => {
  const p = arbitrator.page;
  // By hand (GCG notation, English tiles): ZEST at 8H = (10+1+1+1) × 2 on the centre star = 26.
  let r = await typeSlip(p, { player: 1, reference: "8H", word: "ZEST", points: 26 });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.verdict.score, 26);
  assert.equal(await p.evaluate(() => document.activeElement.getAttribute("data-field")), "player", "Enter starts the next slip at the player number");
  assert.equal(await p.locator('[data-dup-slip] [data-field="word"]').inputValue(), "");
  r = await typeSlip(p, { player: 2, reference: "8H", word: "ZEST", points: 24 });
  assert.deepEqual([r.body.verdict.score, r.body.verdict.warnings], [26, 1], "wrong points: the true score and a warning");
  r = await typeSlip(p, { player: 3, reference: "8H", word: "ZSET", points: 26 });
  assert.equal(r.body.verdict.score, 0, "a misspelled word scores 0");
  // 8A to 8D does not reach the centre star: the word goes at no single other place, so 0.
  r = await typeSlip(p, { player: 4, reference: "8A", word: "ZEST", points: 26 });
  assert.equal(r.body.verdict.score, 0, JSON.stringify(r.body));
  assert.equal(r.body.verdict.zero.kind, "misplaced");
  // Player 4 corrected to something the notation cannot read: refused, nothing recorded, and the
  // cursor goes to the reference.
  r = await typeSlip(p, { player: 4, reference: "Z99", word: "ZEST", points: 26 });
  assert.equal(r.status, 422);
  assert.equal(r.body.rule, "C7");
  assert.equal(await p.locator("[data-dup-verdict]").getAttribute("data-state"), "refused");
  assert.equal(await p.evaluate(() => document.activeElement.getAttribute("data-field")), "reference");
  await eventually(async () => assert.equal(await p.locator("[data-slip-row]").count(), 4), "four slips listed");
  await layout(p, "slips-turn1");
  await notReloaded(p);
});

async function topOfTurn() {
  const p = referee.page;
  await p.click('[data-dup-cmd="choose_top"]');
  // Equal tops: the console lists them and the referee chooses (D6).
  await eventually(async () => {
    if (await p.locator("[data-dup-choice]").count() > 0 && (await phase(p)) !== "top_chosen") {
      await p.click('[data-dup-choice="0"]');
    }
    assert.equal(await phase(p), "top_chosen");
  }, "the top chosen", 120000); // the move graph may still be building, and a drawn rack with blanks takes long in a debug build
  const g = await api("GET", `/api/v1/duplicate/games/${ev.game}`);
  return g.candidates[g.chosen];
}

await step("turn 1: the referee shows and places the top; the hall shows it with its score", async () => {
  ev.top1 = await topOfTurn();
  await layout(referee.page, "console-top-chosen");
  await referee.page.click('[data-dup-cmd="place_top"]');
  await waitPhase(referee.page, "awaiting_rack");
  await eventually(async () => {
    assert.equal(await hall.page.locator("[data-top-score]").innerText(), String(ev.top1.score));
    assert.equal(await hall.page.locator("[data-top-word]").innerText(), ev.top1.main_word);
  }, "the top on the hall display");
  assert.ok(ev.top1.score >= 26, "the top is at least ZEST's 26");
  await layout(hall.page, "hall-top1");
  await notReloaded(hall.page);
});

await step("turn 2: the server draws, the turn starts, player 1 writes the top, the top is placed", async () => {
  await referee.page.click('[data-dup-cmd="draw"]');
  await waitPhase(referee.page, "rack_shown");
  await referee.page.click('[data-dup-cmd="start_turn"]');
  await waitPhase(referee.page, "running");
  ev.top2 = await topOfTurn();
  const p = arbitrator.page;
  await eventually(async () => assert.equal(await p.locator('[data-dup-slip] [data-field="turn"]').inputValue(), "2"), "the slip form on turn 2");
  const r = await typeSlip(p, { player: 1, reference: ev.top2.reference, word: ev.top2.main_word, points: ev.top2.score });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.verdict.score, ev.top2.score, JSON.stringify(r.body));
  await referee.page.click('[data-dup-cmd="place_top"]');
  await waitPhase(referee.page, "awaiting_rack");
  await layout(referee.page, "console-turn2");
});

await step("the public ranking, live, matches the totals computed by hand", async () => {
  // Player 1: 26 + turn 2's top + 10 (D7: alone with turn 2's top; turn 1's 26, if it was the top,
  // was shared with player 2). Player 2: 26 with one warning (free up to 3, D8). 3 and 4: 0.
  const tops = ev.top1.score + ev.top2.score;
  const want = { 1: 26 + ev.top2.score + 10, 2: 26, 3: 0, 4: 0 };
  const pct = (t) => { const h = Math.floor((2 * t * 10000 + tops) / (2 * tops)); return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, "0")}`; };
  const p = publik.page;
  await eventually(async () => {
    for (const [n, total] of Object.entries(want)) {
      const row = p.locator(`[data-ranking] tr[data-player="${n}"]`);
      assert.equal(await row.locator("[data-total]").innerText(), String(total), `player ${n}`);
      assert.equal(await row.locator("[data-percent]").innerText(), pct(total), `player ${n} %`);
    }
    assert.equal(await p.locator('[data-game-tops="1"]').innerText(), String(tops));
  }, "the ranking");
  assert.equal(await p.locator("[data-ranking] tbody tr").first().getAttribute("data-player"), "1");
  await notReloaded(p);
  await layout(p, "ranking");
});

await step("no script errors on any page", async () => {
  const all = [referee, arbitrator, hall, publik].filter(Boolean).flatMap((d) => d.problems)
    .filter((x) => !/status of (409|422)/.test(x));
  assert.deepEqual(all, []);
});

await browser.close().catch(() => {});
steps.finish();
