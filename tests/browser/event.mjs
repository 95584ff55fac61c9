// Issue 15, "done when": a round of the demo event run through the PAGES ONLY, at both tablet
// sizes with touch. For each size a fresh instance is filled by the README's `arbiter demo`
// command and served; then every role signs in at /login and works through its own pages:
// PICs rule on the demo's open challenges, every table plays its game to the end and closes it
// (end racks, both sides agree, slips verified), the committee records and corrects a record,
// captains watch their team page and the standings move without reloading, and the director
// pairs the next round. No API call is made by this test: only page loads, clicks and typing.
//
// Elements are found by data-* attributes, form names, actions and roles, never by English text,
// so the same test runs with the pages in another language: ARBITER_TEST_LANG (default en) is
// sent as the browser's Accept-Language.
//
// Started by run.sh: ARBITER_BIN (the binary), SCREENSHOT_DIR (a screenshot per step), and
// SUMMARY_FILE for the closing line.
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as lib from "./lib.mjs";

const BIN = lib.must("ARBITER_BIN");
const LANG = process.env.ARBITER_TEST_LANG || "en";
const SHOTS = join(process.env.SCREENSHOT_DIR || "screenshots", `event-${LANG}`);
const LIVE_MS = 8000;
mkdirSync(SHOTS, { recursive: true });
console.log(`# screenshots: ${SHOTS} (language ${LANG})`);

// The steps of a scenario (one per size) depend on the ones before; `sc` is its chain.
const steps = new lib.Steps();
const step = (sc, name, fn) => steps.step(`${sc.vp.name}: ${name}`, fn, sc);

// --- a demo instance per size ----------------------------------------------------------------
function freePort() {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => res(p)); });
  });
}

async function demoServer() {
  const dir = mkdtempSync(join(tmpdir(), "arbiter-event-"));
  const out = execFileSync(BIN, ["demo", "--data-dir", join(dir, "data"), "--log", "warn"], { encoding: "utf8" });
  // "  name  password  role" lines after "Accounts".
  const accounts = {};
  for (const line of out.split("\n")) {
    const m = /^ {2}(\S+)\s+(\S+)\s{2,}(.*)$/.exec(line);
    if (m) { accounts[m[1]] = { username: m[1], password: m[2], role: m[3] }; }
  }
  for (const need of ["director", "committee", "pic1", "pic2", "table1", "table4", "captain1"]) {
    assert.ok(accounts[need], `demo printed no account ${need}:\n${out}`);
  }
  const port = await freePort();
  const proc = spawn(BIN, ["serve", "--bind", `127.0.0.1:${port}`, "--data-dir", join(dir, "data"), "--log", "warn"],
    { stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(`${base}/healthz`)).ok) { break; } } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, accounts, stop() { proc.kill(); rmSync(dir, { recursive: true, force: true }); } };
}

// --- the browser -------------------------------------------------------------------------------
const browser = await lib.launch();
const VIEWPORTS = [
  { name: "landscape", width: 1024, height: 768 },
  { name: "portrait", width: 768, height: 1024 },
];

async function person(sc, who) {
  const context = await browser.newContext({
    viewport: { width: sc.vp.width, height: sc.vp.height },
    deviceScaleFactor: 1, isMobile: true, hasTouch: true,
    locale: LANG, extraHTTPHeaders: { "Accept-Language": LANG },
  });
  context.setDefaultTimeout(10000);
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("dialog", (d) => d.accept()); // data-confirm forms
  const acct = sc.server.accounts[who];
  await page.goto(`${sc.server.base}/login`);
  await page.fill('form[action="/login"] input[name="username"]', acct.username);
  await page.fill('form[action="/login"] input[name="password"]', acct.password);
  await Promise.all([
    page.waitForURL((u) => !u.pathname.startsWith("/login")),
    page.locator('form[action="/login"] button[type="submit"]').tap(),
  ]);
  sc.people.push(context);
  return { page, problems, who };
}

let shotNo = 0;
async function shot(sc, p, label) {
  shotNo++;
  const file = join(SHOTS, `${sc.vp.name}-${String(shotNo).padStart(2, "0")}-${p.who}-${label}.png`);
  await p.page.screenshot({ path: file, fullPage: false });
}

const eventually = (fn, what, ms = LIVE_MS) => lib.eventually(fn, what, ms);

/** Whether the element is inside the viewport with the page at its top. */
async function inView(page, vp, sel) {
  // The live region may be swapping in a fresh copy of the page (another table's move, this
  // table's own echo) between finding the element and measuring it: measure the copy that stays.
  let b = null;
  await eventually(async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const loc = page.locator(sel).first();
    assert.ok(await loc.count() > 0, `${sel}: not on the page`);
    b = await loc.boundingBox();
    assert.ok(b, `${sel}: not shown`);
  }, `${sel} shown`);
  const inside = b.x >= 0 && b.y >= 0 && b.x + b.width <= vp.width + 0.5 && b.y + b.height <= vp.height + 0.5;
  return inside ? null : `${sel} at y=${Math.round(b.y)}..${Math.round(b.y + b.height)} (screen ${vp.width}×${vp.height})`;
}

const TABLE_CONTROLS = [
  '.scoreboard [data-side="a"] .clock[data-clock-ms]',
  '.scoreboard [data-side="b"] .clock[data-clock-ms]',
  "[data-to-move]",
  'form[data-command="play"] button[type="submit"]',
  'form[data-command="pass"] button[type="submit"]',
  'form[data-command="exchange"] button[type="submit"]',
  'form[data-command="challenge_word"] button[type="submit"]',
  'form[data-command="challenge_score"] button[type="submit"]',
];

const seqOf = (page) => page.locator("[data-seq]").first().getAttribute("data-seq");

/** Taps a command form's button on the table page and waits for the page to show a newer state. */
async function command(page, formSel) {
  const before = await seqOf(page);
  await page.locator(`${formSel} button[type="submit"]`).first().tap();
  await eventually(async () => {
    const err = page.locator("[data-command-error]:visible, [data-form-error]:visible");
    if (await err.count()) { throw new Error(`refused: ${await err.first().innerText()}`); }
    assert.notEqual(await seqOf(page), before);
  }, `${formSel} recorded`);
}

/** A table plays its game to the end (passes; accepting a play first where one waits) and closes
 * it through the end-racks form; then each side verifies the results slip. */
async function playToTheEnd(sc, t) {
  const { page } = t;
  for (let i = 0; i < 20; i++) {
    if (await page.locator('form[data-command="adjust_racks"]').count()) { break; }
    if (await page.locator('form[data-command="start"]').count()) { await command(page, 'form[data-command="start"]'); continue; }
    if (await page.locator('form[data-command="pass"]').count()) { await command(page, 'form[data-command="pass"]'); continue; }
    if (await page.locator('form[data-command="accept"]').count()) { await command(page, 'form[data-command="accept"]'); continue; }
    throw new Error(`table ${t.who}: neither Pass nor the end-racks form is offered`);
  }
  const form = page.locator('form[data-command="adjust_racks"]');
  await form.waitFor();
  await shot(sc, t, "end-racks");
  // The end-racks form fits one screen: its submit button is visible without scrolling.
  const off = await inView(page, sc.vp, 'form[data-command="adjust_racks"] button[type="submit"]');
  sc.soft.push(off && `${t.who}: end-racks ${off}`);
  const inputs = form.locator('input[name^="tiles."]:not([disabled])');
  for (let i = 0; i < await inputs.count(); i++) { await inputs.nth(i).fill(i % 2 ? "E" : "QI"); }
  await form.locator('input[name="agree_a"]').check();
  await form.locator('input[name="agree_b"]').check();
  await command(page, 'form[data-command="adjust_racks"]');
  for (let i = 0; i < 4; i++) {
    if (!(await page.locator('form[data-command="verify_slip"]').count())) { break; }
    await command(page, 'form[data-command="verify_slip"]');
  }
  await eventually(async () => {
    assert.equal(await page.locator('form[data-command="adjust_racks"], form[data-command="verify_slip"], form[data-command="pass"]').count(), 0);
  }, `${t.who}: the game closed`);
  await shot(sc, t, "closed");
}

async function readInt(page, sel) {
  const s = await page.locator(sel).first().innerText();
  return Number(s.replace("\u2212", "-").trim());
}

/** The sum of the standings' Played column (the third cell of each row). */
async function playedSum(page) {
  const cells = await page.locator("table.standings tbody tr td:nth-child(3)").allInnerTexts();
  return cells.reduce((a, c) => a + Number(c), 0);
}

// --- the scenario ------------------------------------------------------------------------------
for (const vp of VIEWPORTS) {
  const sc = { vp, people: [], soft: [], broken: null, server: null };
  await step(sc, "the demo instance starts (arbiter demo, arbiter serve)", async () => { sc.server = await demoServer(); });
  let director, committee, pic1, pic2, captain, standings, tables = [];
  let teamLink, playedBefore;

  await step(sc, "each role signs in and lands on its own page", async () => {
    director = await person(sc, "director");
    assert.match(new URL(director.page.url()).pathname, /^\/events\/\d+$/);
    await shot(sc, director, "landing");
    committee = await person(sc, "committee");
    assert.match(new URL(committee.page.url()).pathname, /^\/events\/\d+\/committee$/);
    await shot(sc, committee, "landing");
    pic1 = await person(sc, "pic1");
    pic2 = await person(sc, "pic2");
    assert.match(new URL(pic1.page.url()).pathname, /^\/events\/\d+\/pic$/);
    await shot(sc, pic1, "landing");
    captain = await person(sc, "captain1");
    teamLink = new URL(captain.page.url()).pathname;
    assert.match(teamLink, /^\/teams\/\d+$/);
    await captain.page.waitForSelector("[data-live]");
    await shot(sc, captain, "team");
    standings = await person(sc, "captain2");
    for (const n of [1, 2, 3, 4]) {
      const t = await person(sc, `table${n}`);
      assert.match(new URL(t.page.url()).pathname, /^\/matches\/\d+\/table$/, `table${n} lands on its match`);
      tables.push(t);
    }
  });

  await step(sc, "the table page: clocks, whose turn, Finish, Pass, Exchange and Challenge on one screen", async () => {
    // Table 3 is mid-game with the last play open to objection.
    const t = tables[2];
    await t.page.locator('form[data-command="challenge_word"]').waitFor();
    await shot(sc, t, "controls");
    const off = [];
    for (const sel of TABLE_CONTROLS) { const o = await inView(t.page, vp, sel); if (o) { off.push(o); } }
    assert.deepEqual(off, [], "outside the screen without scrolling");
  });

  await step(sc, "captains watch: team page and standings open live", async () => {
    const ev = /\/events\/(\d+)/.exec(await director.page.url())[1];
    sc.event = ev;
    await standings.page.goto(`${sc.server.base}/events/${ev}/standings`);
    await standings.page.evaluate(() => { window.__noReload = true; });
    await captain.page.evaluate(() => { window.__noReload = true; });
    playedBefore = await readInt(captain.page, "[data-team-standing] [data-played]");
    sc.standingsBefore = await playedSum(standings.page);
    await shot(sc, standings, "standings-before");
  });

  await step(sc, "PICs rule: pic2 takes the word challenge and rules it; pic1 applies the score it holds", async () => {
    const word = pic2.page.locator('article[data-kind="word"]').first();
    await word.locator('form[action$="/claim"] button').tap();
    const mine = pic2.page.locator('article[data-kind="word"][data-mine]').first();
    await mine.waitFor();
    await shot(sc, pic2, "word-taken");
    await mine.locator('form[action$="/rule"]:has(input[name="valid"][value="false"]) button').tap();
    await eventually(async () => assert.equal(await pic2.page.locator("article[data-mine]").count(), 0), "word ruled");
    const score = pic1.page.locator('article[data-kind="score"][data-mine]').first();
    await eventually(async () => assert.equal(await score.count(), 1), "pic1 holds the score challenge");
    const actual = score.locator('input[name="actual"]');
    if (!(await actual.inputValue())) { await actual.fill("40"); }
    await shot(sc, pic1, "score-ruling");
    await score.locator('form[action$="/rule"] button[type="submit"]').tap();
    await eventually(async () => assert.equal(await pic1.page.locator("article[data-mine]").count(), 0), "score ruled");
    await shot(sc, pic1, "ruled");
  });

  for (const i of [0, 1, 2, 3]) {
    await step(sc, `table ${i + 1} plays to the end and closes its game`, async () => {
      const tab = tables[i];
      await tab.page.reload();
      await playToTheEnd(sc, tab);
    });
    if (i === 3) {
      await step(sc, "the captain's team page and the standings move without reloading", async () => {
        await eventually(async () => {
          assert.equal(await readInt(captain.page, "[data-team-standing] [data-played]"), playedBefore + 1);
        }, "the team page's played count");
        await eventually(async () => {
          assert.equal(await playedSum(standings.page), sc.standingsBefore + 8);
        }, "the standings page's played counts (eight teams, one game each)");
        assert.equal(await captain.page.evaluate(() => window.__noReload), true, "the team page was reloaded");
        assert.equal(await standings.page.evaluate(() => window.__noReload), true, "the standings page was reloaded");
        await shot(sc, captain, "team-moved");
        await shot(sc, standings, "standings-moved");
      });
    }
  }

  await step(sc, "the committee records a disqualification, then corrects it", async () => {
    const page = committee.page;
    await page.reload();
    const before = await page.locator("tr[data-record]").count();
    const form = page.locator("form[data-new-record]");
    await form.locator('select[name="kind"]').selectOption("disqualification");
    await form.locator('textarea[name="reason"]').fill("Browser test: recorded by mistake");
    await Promise.all([page.waitForLoadState("load"), form.locator('button[type="submit"]').tap()]);
    await eventually(async () => assert.equal(await page.locator("tr[data-record]").count(), before + 1), "the new record");
    await shot(sc, committee, "recorded");
    const rec = page.locator('tr[data-record][data-kind="disqualification"]:not([data-corrected])').first();
    const id = await rec.getAttribute("data-record");
    const correct = page.locator(`form[data-correct="${id}"]`);
    await correct.locator('input[name="reason"]').fill("Wrong team: taken back");
    await Promise.all([page.waitForLoadState("load"), correct.locator('button[type="submit"]').tap()]);
    await eventually(async () => assert.equal(await page.locator(`tr[data-record="${id}"][data-corrected]`).count(), 1), "the record struck");
    await shot(sc, committee, "corrected");
  });

  await step(sc, "the director pairs the next round from the dashboard", async () => {
    const page = director.page;
    await page.reload();
    const rounds = await page.locator("section.director-round").count();
    const form = page.locator("form#new-round");
    await form.locator('select[name="method"]').selectOption("round_robin");
    await Promise.all([page.waitForLoadState("load"), form.locator('button[type="submit"]').tap()]);
    await eventually(async () => {
      const err = page.locator("[data-form-error]");
      if (await err.count()) { throw new Error(await err.first().innerText()); }
      assert.equal(await page.locator("section.director-round").count(), rounds + 1);
    }, "the new round");
    await shot(sc, director, "paired");
    await page.goto(`${sc.server.base}/events/${sc.event}/rounds/${rounds + 1}/pairings`);
    await shot(sc, director, "pairings");
    for (const order of ["table", "alphabetical"]) {
      await page.locator(`a[data-print-link="${order}"]`).tap();
      await page.waitForSelector(`[data-print-order="${order}"]`);
      await shot(sc, director, `print-${order}`);
      await page.goBack();
    }
    // A table card fills one A4 page when printed: 271 mm of the 297 mm page inside 12 mm margins.
    await page.locator('a[data-print-link="cards"]').tap();
    await page.waitForSelector("[data-card-table]");
    await page.emulateMedia({ media: "print" });
    const heights = await page.locator("[data-card-table]").evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect().height));
    const mm = 96 / 25.4;
    assert.ok(heights.length >= 1 && heights.every((h) => Math.abs(h - 271 * mm) < 2), `card heights ${heights} (want ${Math.round(271 * mm)} px)`);
    await shot(sc, director, "cards-print");
    await page.emulateMedia({ media: "screen" });
  });

  await step(sc, "each table device opens its next match from /table", async () => {
    for (const t of tables) {
      const old = new URL(t.page.url()).pathname;
      await t.page.goto(`${sc.server.base}/table`);
      const now = new URL(t.page.url()).pathname;
      assert.match(now, /^\/matches\/\d+\/table$/, `${t.who} on its match`);
      assert.notEqual(now, old, `${t.who} still on the finished match`);
      assert.ok(await t.page.locator('form[data-command="start"], form[data-command="draw"]').count() > 0, `${t.who}: the new match waits for its start`);
    }
    await shot(sc, tables[0], "next-round");
  });

  await step(sc, "the end-racks form fits one screen (Record the racks and finish visible)", async () => {
    assert.deepEqual(sc.soft.filter(Boolean), []);
  });

  await step(sc, "no script errors on any page", async () => {
    const all = [director, committee, pic1, pic2, captain, standings, ...tables].filter(Boolean)
      .flatMap((p) => p.problems.map((m) => `${p.who}: ${m}`));
    assert.deepEqual(all, []);
  });

  for (const c of sc.people) { await c.close(); }
  if (sc.server) { sc.server.stop(); }
}

await browser.close();
steps.finish();
