// Issue 5, browser tests: the event operations pages on a tablet, in headless Debian chromium.
// At 1024×768 (landscape) and 768×1024 (portrait), with a separate browser context per person:
// a table device plays a turn and raises a word challenge; the PIC, whose page is already open,
// sees it arrive over SSE, takes it and rules; the table sees the new score without reloading;
// the match is finished by the committee and the captain's open standings page changes.
// Every page visited is screenshotted and checked for horizontal overflow and small buttons.
//
// Started by run.sh, which provides a fresh server: ARBITER_URL, ARBITER_ADMIN_USER,
// ARBITER_ADMIN_PASSWORD, SCREENSHOT_DIR (and SUMMARY_FILE for the closing line).
import assert from "node:assert/strict";
import * as lib from "./lib.mjs";

const { base: BASE, admin: ADMIN, shots: SHOTS } = lib.env();
const LIVE_MS = 5000; // "within a few seconds"

// A sequential runner: the steps of a scenario (one per viewport) depend on the ones before.
const steps = new lib.Steps();
const step = (name, fn, scenario) => steps.step(name, fn, scenario || { broken: null });
const api = (method, path, body, token) => lib.api(BASE, method, path, body, token);

// --- the browser ---------------------------------------------------------------------------------
const browser = await lib.launch();

const VIEWPORTS = [
  { name: "landscape", width: 1024, height: 768 },
  { name: "portrait", width: 768, height: 1024 },
];

async function device(vp) {
  const d = await lib.device(browser, { width: vp.width, height: vp.height });
  d.context.setDefaultTimeout(10000);
  return d;
}

/** Signs in through the real form at /login; returns the path it lands on. */
const login = (page, who) => lib.login(BASE, page, who);

/** The header's links (their paths), in order. */
async function navLinks(page) {
  return page.locator("header.top nav a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
}

const onScreen = (page, _vp, selectors) => lib.onScreen(page, selectors);
const openLive = (page, path) => lib.openLive(BASE, page, path);
const notReloaded = (page) => lib.notReloaded(page);

/** Screenshot plus the tablet layout checks, counted as a check of its own: a layout fault does
 * not stop the scenario. */
async function checkLayout(page, vp, label) {
  await step(`${vp.name} ${vp.width}×${vp.height}: layout of ${label}`, () => layout(page, vp, label));
}
const layout = (page, vp, label) => lib.layout(page, SHOTS, `${vp.name}-${label}`);

const text = (page, sel) => page.locator(sel).first().innerText();
const score = (page, side) => page.locator(".scoreboard .side .side-score").nth(side === "a" ? 0 : 1).innerText();
/** The standings row of a team: {played, wins, ties, losses, points, spread, score}. */
async function standingsRow(page, team) {
  const row = page.locator("table.standings tbody tr", { hasText: team });
  const cells = await row.locator("td").allInnerTexts();
  const n = (i) => Number(cells[i].replace("\u2212", "-"));
  return { played: n(2), wins: n(3), ties: n(4), losses: n(5), points: n(6), spread: n(7), score: n(8) };
}
const eventually = (fn, what, ms = LIVE_MS) => lib.eventually(fn, what, ms);

// --- accounts: the administrator creates them on the users page ----------------------------------
const PASSWORD = "tablet-pass-123";
// One table device per viewport: each lands on its own table's page, whatever the other run left.
const PEOPLE = { table: "table-device", table2: "table-device-2", pic: "pic-official", captain: "anagram-captain" };
let token;
{
  const s = {};
  await step("set-up: the administrator signs in and creates the accounts on /admin/users", async () => {
    const { context, page } = await device(VIEWPORTS[0]);
    await login(page, ADMIN);
    await page.goto(`${BASE}/admin/users`);
    for (const username of Object.values(PEOPLE)) {
      await page.fill('form[action="/admin/users"] input[name="username"]', username);
      await page.fill('form[action="/admin/users"] input[name="password"]', PASSWORD);
      await Promise.all([page.waitForURL(`${BASE}/admin/users`), page.click('button:has-text("Create account")')]);
      await page.locator(".flash", { hasText: `Account ${username} created` }).waitFor();
    }
    await context.close();
    token = (await api("POST", "/api/v1/auth/token", ADMIN)).token;
    assert.ok(token);
  }, s);
  if (s.broken) { await finish(); }
}

// --- the scenario, once per viewport -------------------------------------------------------------
for (const vp of VIEWPORTS) {
  const s = {};
  const T = (name) => `${vp.name} ${vp.width}×${vp.height}: ${name}`;
  // Landscape rules the word invalid, portrait valid: both buttons get pressed.
  const play = vp.name === "landscape"
    ? { word: "QI", tiles: 2, declared: 22, ruling: "Invalid (−10)", verdict: "UNACCEPTABLE", after: -10 }
    : { word: "JAB", tiles: 3, declared: 24, ruling: "Valid (+10)", verdict: "ACCEPTABLE", after: 34 };
  const ev = {};
  let table, pic, captain, committee;
  const tableUser = vp.name === "landscape" ? PEOPLE.table : PEOPLE.table2;

  await step(T("set-up through the API: event, two teams, grants, a match at table 1"), async () => {
    const e = await api("POST", "/api/v1/events", { name: `Tablet cup (${vp.name})`, public: false }, token);
    ev.id = e.id;
    const team = async (name, players) =>
      (await api("POST", `/api/v1/events/${ev.id}/teams`, { name, players }, token)).id;
    ev.a = await team("Anagrammers", ["Ann", "Bob"]);
    ev.b = await team("Bingo Bunch", ["Cy", "Di"]);
    for (const g of [
      { username: tableUser, role: "table", table: 1 },
      { username: PEOPLE.pic, role: "pic" },
      { username: PEOPLE.captain, role: "captain", team_id: ev.a },
    ]) { await api("POST", `/api/v1/events/${ev.id}/grants`, g, token); }
  }, s);

  await step(T("table, PIC and captain sign in through /login, each landing on its own page with only its links"), async () => {
    [table, pic, captain] = await Promise.all([device(vp), device(vp), device(vp)]);
    assert.equal(await login(table.page, { username: tableUser, password: PASSWORD }), "/table");
    assert.equal(await login(pic.page, { username: PEOPLE.pic, password: PASSWORD }), `/events/${ev.id}/pic`);
    assert.equal(await login(captain.page, { username: PEOPLE.captain, password: PASSWORD }), `/teams/${ev.a}`);
    // Only each role's own pages (the PIC and the captain hold grants in both runs' events).
    const only = async (page, allowed, must) => {
      const links = await navLinks(page);
      for (const l of links) { assert.ok(allowed.some((re) => re.test(l)), `${l} in ${links.join(" ")}`); }
      for (const l of must) { assert.ok(links.includes(l), `${l} missing from ${links.join(" ")}`); }
    };
    // Issue 17: every signed-in person has the online lobby; a table device does not.
    const always = [/^\/$/, /^\/account$/, /^\/online$/];
    await only(table.page, [/^\/$/, /^\/account$/, /^\/table$/], ["/", "/table", "/account"]);
    await only(pic.page, [...always, /^\/events\/\d+\/pic$/], [`/events/${ev.id}/pic`]);
    await only(captain.page, [...always, /^\/events\/\d+\/standings$/, /^\/teams\/\d+$/],
      [`/events/${ev.id}/standings`, `/teams/${ev.a}`]);
    const admin = await device(vp);
    assert.equal(await login(admin.page, ADMIN), "/events", "the administrator lands on the events");
    assert.deepEqual(await navLinks(admin.page), ["/", "/events", "/online", "/admin/users", "/account"]);
    await checkLayout(admin.page, vp, "events");
    // The new-event form: its radio buttons are checkbox-sized, not page-wide circles.
    await admin.page.click('a:has-text("New event")');
    await admin.page.locator("h1", { hasText: "New event" }).waitFor();
    for (const r of await admin.page.locator('input[type="radio"]').all()) {
      const b = await r.boundingBox();
      assert.ok(b.width <= 40 && b.height <= 40, `a radio button ${b.width}×${b.height}`);
    }
    await checkLayout(admin.page, vp, "new-event");
    // A refused manual pairing is announced at the top of the director's page.
    await admin.page.goto(`${BASE}/events/${ev.id}`);
    await admin.page.selectOption('#new-round select[name="method"]', "manual");
    await admin.page.fill('#new-round textarea[name="pairs"]', "Anagrammers v Nobody");
    await admin.page.click('#new-round button:has-text("Pair the round")');
    const banner = admin.page.locator(".error.banner");
    await banner.waitFor();
    assert.match(await banner.innerText(), /Nobody/);
    const bb = await banner.boundingBox();
    assert.ok(bb.y + bb.height <= vp.height, `the banner is on the first screen (y=${bb.y})`);
    await checkLayout(admin.page, vp, "director-refused-pairing");
    // The CSV preview fits a portrait tablet, long names and problems included.
    await admin.page.goto(`${BASE}/events/${ev.id}/teams/import`);
    await admin.page.fill("textarea#csv", "team,player1,player2,captain\n" +
      "The Extraordinarily Long-Named Anagram Society,Bartholomew Fitzwilliam-Smythe,Maximiliana Oberhauser-Lindqvist,Bartholomew Fitzwilliam-Smythe\n" +
      "Owls;Olga;Oz;Olga\n");
    await admin.page.click('button:has-text("Preview")');
    await admin.page.locator("table.director-preview").waitFor();
    assert.match(await admin.page.locator("table.director-preview").innerText(), /separated by semicolons/);
    await checkLayout(admin.page, vp, "csv-preview");
    await admin.context.close();
  }, s);

  await step(T("the table with no match yet waits, and opens its match by itself once it is made"), async () => {
    await table.page.getByText("No match at this table yet").waitFor();
    await checkLayout(table.page, vp, "table-waiting-for-match");
    ev.match = (await api("POST", "/api/v1/matches", { event_id: ev.id, table: 1, round: 1,
      side_a: { team_id: ev.a }, side_b: { team_id: ev.b } }, token)).id;
    await table.page.waitForURL(`${BASE}/matches/${ev.match}/table`, { timeout: 10000 });
  }, s);

  await step(T("the PIC's queue and the captain's standings are open and live"), async () => {
    await openLive(pic.page, `/events/${ev.id}/pic`);
    await pic.page.getByText("No open challenges.").waitFor();
    await checkLayout(pic.page, vp, "pic-empty");
    await openLive(captain.page, `/events/${ev.id}/standings`);
    const a = await standingsRow(captain.page, "Anagrammers");
    assert.equal(a.played, 0, "no game played yet");
    await captain.page.locator("tr", { hasText: "Anagrammers v Bingo Bunch" }).waitFor();
    await checkLayout(captain.page, vp, "standings-before");
  }, s);

  await step(T("the table starts the clocks from its page"), async () => {
    await openLive(table.page, `/matches/${ev.match}/table`);
    await checkLayout(table.page, vp, "table-created");
    await table.page.selectOption('form[data-command="start"] select[name="first"]', "a");
    await table.page.click('button:has-text("Start the clocks")');
    await table.page.locator('form[data-command="play"]').waitFor();
    await table.page.locator(".scoreboard .side.running").first().waitFor();
    assert.match(await text(table.page, 'form[data-command="play"] h2'), /plays/);
    await checkLayout(table.page, vp, "table-to-move");
  }, s);

  await step(T(`the table plays ${play.word} for ${play.declared} (sheet mode: words, tiles, score → Finish)`), async () => {
    const f = table.page.locator('form[data-command="play"]');
    await f.locator('input[name="words"]').fill(play.word.toLowerCase());
    await f.locator('input[name="tiles"]').fill(String(play.tiles));
    await f.locator('input[name="declared"]').fill(String(play.declared));
    await f.locator('button:has-text("Finish")').click();
    await table.page.locator('button:has-text("Challenge word")').waitFor();
    assert.equal(await score(table.page, "a"), String(play.declared));
    await table.page.locator("table.sheet tbody tr", { hasText: play.word }).waitFor();
    await checkLayout(table.page, vp, "table-objection-window");
  }, s);

  await step(T("clocks, whose turn, Finish, Pass, Exchange and Challenge fit one screen; names and team letters shown"), async () => {
    // Retried: the live region may be re-drawn (the play's own change) while it is measured.
    await eventually(() => onScreen(table.page, vp, [".scoreboard .clock", ".scoreboard .to-move", ".scoreboard .status",
      'form[data-command="play"] button:has-text("Finish")', 'button:has-text("Pass")',
      'button:has-text("Exchange")', 'button:has-text("Challenge word")', 'button:has-text("Challenge score")']),
    "the control surface on one screen");
    assert.match(await text(table.page, ".scoreboard .to-move"), /To move: B1 — Cy/);
    assert.match(await text(table.page, ".scoreboard [data-side=a] .side-label"), /Team A/i);
    assert.match(await text(table.page, ".scoreboard [data-side=b] .side-label"), /Team B/i);
    assert.match(await text(table.page, ".scoreboard [data-side=b] .side-label"), /clock running/i);
    assert.match(await text(table.page, ".scoreboard [data-side=a] .side-players"), /Ann · Bob/);
    const size = (sel) => table.page.locator(sel).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    // Measured again if the live region was being re-drawn (seen once under load in CI).
    await eventually(async () => {
      const [clock, score] = [await size(".scoreboard .clock"), await size(".scoreboard .side-score")];
      assert.ok(clock >= score, `clocks as large as scores (clock ${clock}px, score ${score}px)`);
    }, "clocks as large as scores");
  }, s);

  await step(T("a refused exchange says why next to the Exchange button, in words, with the rule small"), async () => {
    const f = table.page.locator('form[data-command="exchange"]');
    await f.locator('input[name="tiles"]').fill("AB");
    await f.locator('button:has-text("Exchange")').click();
    const box = f.locator(".command-error");
    await box.waitFor();
    const msg = await box.innerText();
    assert.match(msg, /rule [A-Z]\d+/, `the rule ID: "${msg}"`);
    assert.doesNotMatch(msg, /^rule /, `words first: "${msg}"`);
    const b = await f.locator("button").boundingBox();
    const e = await box.boundingBox();
    assert.ok(Math.abs(e.y - (b.y + b.height)) < 120, `next to the button: button bottom ${b.y + b.height}, message ${e.y}`);
    assert.ok(e.y + e.height <= vp.height, "the message is on screen");
    await checkLayout(table.page, vp, "table-refused-exchange");
  }, s);

  await step(T("a command decided on a stale screen (another device moved first) says so next to its button"), async () => {
    // As if a second device had recorded something since this screen was drawn.
    await table.page.evaluate(() => document.querySelector("[data-match]").setAttribute("data-seq", "0"));
    await table.page.locator('form[data-command="pass"] button').click();
    const box = table.page.locator('form[data-command="pass"] .command-error');
    await box.waitFor();
    assert.match(await box.innerText(), /Another device changed this match first/);
    assert.equal((await score(table.page, "a")), String(play.declared), "nothing recorded");
  }, s);

  await step(T("the table raises a word challenge"), async () => {
    const f = table.page.locator('form[data-command="challenge_word"]');
    assert.deepEqual(await f.locator('select[name="words"] option').allInnerTexts(), [play.word]);
    await f.locator('button:has-text("Challenge word")').click();
    await table.page.getByText("Waiting for the PIC").waitFor();
    assert.equal(await table.page.locator('[data-command-error]:visible').count(), 0, "no error shown");
    await checkLayout(table.page, vp, "table-waiting-for-pic");
  }, s);

  await step(T("the server renders every clock as m:ss, the challenge time too (before the script runs)"), async () => {
    const res = await table.page.request.get(`${BASE}/matches/${ev.match}/table`);
    assert.equal(res.status(), 200);
    const html = await res.text();
    const clocks = [...html.matchAll(/data-clock-ms="(-?\d+)"[^>]*>([^<]*)</g)].map((m) => m[2]);
    assert.equal(clocks.length, 3, "two team clocks and the challenge time");
    for (const c of clocks) { assert.match(c, /^\u2212?\d+:\d\d$/, `a clock reads "${c}"`); }
  });

  await step(T("the PIC's open page shows the challenge without reloading"), async () => {
    const card = pic.page.locator("article.challenge", { hasText: play.word });
    await card.waitFor({ timeout: LIVE_MS });
    await notReloaded(pic.page);
    assert.match(await card.innerText(), /word challenge by/i);
    assert.equal((await card.locator(".verdict").innerText()).trim(), `${play.word} ${play.verdict}`);
    await checkLayout(pic.page, vp, "pic-challenge-arrived");
  }, s);

  await step(T("the PIC takes the challenge"), async () => {
    await pic.page.click('article.challenge button:has-text("Take this challenge")');
    await pic.page.locator(".flash", { hasText: "Challenge taken" }).waitFor();
    await pic.page.locator(`article.challenge.mine button:has-text("${play.ruling}")`).waitFor();
    await checkLayout(pic.page, vp, "pic-claimed");
  }, s);

  await step(T(`the PIC rules: ${play.ruling}`), async () => {
    await pic.page.click(`article.challenge.mine button:has-text("${play.ruling}")`);
    await pic.page.locator(".flash", { hasText: "Ruling applied" }).waitFor();
    await pic.page.getByText("No open challenges.").waitFor();
    const hist = await pic.page.locator("table.list tbody tr").first().innerText();
    assert.match(hist, new RegExp(play.word));
    assert.match(hist, new RegExp(play.after < 0 ? "unacceptable" : "acceptable"));
    assert.match(hist, new RegExp(PEOPLE.pic));
    await checkLayout(pic.page, vp, "pic-ruled");
  }, s);

  await step(T(`the table's open page shows the new score (${play.after}) without reloading`), async () => {
    await eventually(async () => assert.equal((await score(table.page, "a")).replace("\u2212", "-"), String(play.after)),
      `score ${play.after} on the table page`);
    await notReloaded(table.page);
    await table.page.getByText("Waiting for the PIC").waitFor({ state: "detached", timeout: LIVE_MS });
    await checkLayout(table.page, vp, "table-after-ruling");
  }, s);

  await step(T("the captain's open standings show the live score"), async () => {
    const row = captain.page.locator("tr", { hasText: "Anagrammers v Bingo Bunch" });
    await eventually(async () => assert.match(await row.innerText(), new RegExp(`${play.after}\\s*[–-]\\s*0`)),
      `live score ${play.after}–0 on the standings page`);
    await notReloaded(captain.page);
  }, s);

  await step(T("the committee disqualifies Bingo Bunch from the match: it is finished"), async () => {
    if (vp.name === "landscape") {
      await api("POST", `/api/v1/events/${ev.id}/committee`,
        { team_id: ev.b, match_id: ev.match, kind: "disqualification", reason: "phone at the table" }, token);
    } else {
      // Through the committee page (its form asks for confirmation first).
      committee = await device(vp);
      await login(committee.page, ADMIN);
      await committee.page.goto(`${BASE}/events/${ev.id}/committee`);
      await checkLayout(committee.page, vp, "committee");
      const f = committee.page.locator(`form[action="/events/${ev.id}/committee"]`).first();
      await f.locator('select[name="team_id"]').selectOption({ label: "Bingo Bunch" });
      await f.locator('select[name="match_id"]').selectOption(String(ev.match));
      await f.locator('select[name="kind"]').selectOption("disqualification");
      await f.locator('textarea[name="reason"]').fill("phone at the table");
      await f.locator('button:has-text("Record")').click();
      await committee.page.locator(".flash", { hasText: "Recorded" }).waitFor();
      await committee.page.locator("table.list tbody tr", { hasText: "phone at the table" }).waitFor();
      await checkLayout(committee.page, vp, "committee-recorded");
    }
    const m = await api("GET", `/api/v1/matches/${ev.match}`, undefined, token);
    assert.equal(m.result && m.result.winner, "a", JSON.stringify(m.result));
  }, s);

  await step(T("the captain's open standings page changes without reloading"), async () => {
    await eventually(async () => {
      const a = await standingsRow(captain.page, "Anagrammers");
      const b = await standingsRow(captain.page, "Bingo Bunch");
      assert.deepEqual([a.played, a.wins, a.losses, b.played, b.wins, b.losses], [1, 1, 0, 1, 0, 1]);
    }, "a finished match in the standings");
    await notReloaded(captain.page);
    assert.equal(await captain.page.locator("tr", { hasText: "Anagrammers v Bingo Bunch" }).count(), 0,
      "a finished match leaves the live scores");
    await checkLayout(captain.page, vp, "standings-after");
  }, s);

  await step(T("the table's open page shows the result"), async () => {
    await eventually(async () => assert.ok((await table.page.locator(".scoreboard .result").count()) > 0),
      "the result on the table page");
    await notReloaded(table.page);
    assert.equal(await table.page.locator('form[data-command="play"]').count(), 0, "no more play");
    await checkLayout(table.page, vp, "table-finished");
  }, s);

  await step(T("the captain's team page and the public match page fit the tablet"), async () => {
    await captain.page.click('table.standings a:has-text("Anagrammers")');
    await captain.page.locator("h1", { hasText: "Anagrammers" }).waitFor();
    await checkLayout(captain.page, vp, "team");
    await captain.page.click(`a[href="/matches/${ev.match}"]`);
    await captain.page.locator(".scoreboard").waitFor();
    await checkLayout(captain.page, vp, "match");
    const anon = await device(vp);
    await anon.page.goto(`${BASE}/login`);
    await checkLayout(anon.page, vp, "login");
    await anon.context.close();
  }, s);

  // Issue 15 item 1: a game played to its end on the table page is closed through the form.
  const seqOf = (page) => page.locator(".controls[data-seq]").first().getAttribute("data-seq");
  /** Taps a control of the table page and waits for the page to show the state after it. */
  async function tap(page, selector) {
    const before = await seqOf(page);
    await page.locator(selector).first().click();
    await eventually(async () => assert.notEqual(await seqOf(page), before), `the page after ${selector}`);
  }
  await step(T("a second game is played to eight passes on the table page"), async () => {
    ev.second = (await api("POST", "/api/v1/matches", { event_id: ev.id, table: 1, round: 2,
      side_a: { team_id: ev.a }, side_b: { team_id: ev.b } }, token)).id;
    await openLive(table.page, `/matches/${ev.second}/table`);
    await table.page.selectOption('form[data-command="start"] select[name="first"]', "a");
    await table.page.click('button:has-text("Start the clocks")');
    const f = table.page.locator('form[data-command="play"]');
    await f.waitFor();
    await f.locator('input[name="words"]').fill("ZA");
    await f.locator('input[name="tiles"]').fill("2");
    await f.locator('input[name="declared"]').fill("22");
    await tap(table.page, 'form[data-command="play"] button:has-text("Finish")');
    for (let i = 0; i < 8; i++) { await tap(table.page, 'form[data-command="pass"] button'); }
    await table.page.locator('form[data-command="adjust_racks"]').waitFor();
    assert.match(await text(table.page, ".scoreboard .status"), /Play over/);
    await checkLayout(table.page, vp, "table-end-racks");
  }, s);

  await step(T("the end-racks form refuses a tile the set lacks, beside the form, and records nothing"), async () => {
    const f = table.page.locator('form[data-command="adjust_racks"]');
    const before = await seqOf(table.page);
    await f.locator('input[name="tiles.A2"]').fill("Q1");
    await f.locator('input[name="agree_a"]').check();
    await f.locator('input[name="agree_b"]').check();
    await f.locator('button:has-text("Record the racks")').click();
    const err = f.locator("[data-form-error]");
    await err.waitFor({ state: "visible" });
    assert.match(await err.innerText(), /A2's rack: 1 is not a tile/);
    assert.equal(await seqOf(table.page), before, "nothing recorded");
    // The refusal was asked for: the browser's note of the 422 is not a script error.
    const i = table.problems.findIndex((p) => /status of 422/.test(p));
    if (i >= 0) { table.problems.splice(i, 1); }
    await checkLayout(table.page, vp, "table-end-racks-refused");
  }, s);

  await step(T("the table enters the racks, sees the final scores, both sides agree: the game is finished"), async () => {
    const f = table.page.locator('form[data-command="adjust_racks"]');
    await f.locator('input[name="tiles.A2"]').fill("qe");
    await f.locator('input[name="tiles.B1"]').fill("K?");
    // ZA 22; A loses Q+E = 11, B loses K = 5 (T19).
    assert.equal(await f.locator("[data-final-preview]").innerText(), "Final scores: Anagrammers 11 – Bingo Bunch -5");
    await f.locator('button:has-text("Record the racks")').click();
    await table.page.locator(".scoreboard .result").waitFor();
    assert.equal(await table.page.locator('form[data-command="adjust_racks"]').count(), 0, "the form is gone");
    assert.equal(await score(table.page, "a"), "11");
    assert.equal((await score(table.page, "b")).replace("\u2212", "-"), "-5");
    // C8: the Recorded column adds up to each side's total.
    const rows = await table.page.locator("table.sheet tbody tr").evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.innerText.trim())));
    // A line names a seat (A1) or, for a whole side's line, the team.
    const sum = (seat, team) => rows.filter((r) => r[1] === team || new RegExp(`^${seat}\\d$`).test(r[1]))
      .reduce((n, r) => n + Number(r[4].replace("\u2212", "-")), 0);
    assert.equal(sum("A", "Anagrammers"), 11, JSON.stringify(rows));
    assert.equal(sum("B", "Bingo Bunch"), -5, JSON.stringify(rows));
    assert.ok(rows.some((r) => /A2 EQ \(11\)/.test(r[2])), JSON.stringify(rows));
    const m = await api("GET", `/api/v1/matches/${ev.second}`, undefined, token);
    assert.equal(m.status, "finished");
    await checkLayout(table.page, vp, "table-closed");
  }, s);

  // Issue 15, Languages: the same table page in French and in Indonesian, through the header's
  // switcher (a cookie), then back to English.
  await step(T("the table page reads in French and in Indonesian"), async () => {
    for (const [lang, words] of [["fr", ["Équipe A", "Équipe B", "Coup", "Enregistré"]],
                                 ["id", ["Tim A", "Tim B", "Langkah", "Dicatat"]]]) {
      await Promise.all([table.page.waitForURL(/\/matches\//), table.page.click(`header.top a[data-lang="${lang}"]`)]);
      assert.equal(await table.page.getAttribute("html", "lang"), lang);
      const body = await table.page.locator("body").innerText();
      for (const w of words) { assert.ok(body.toLowerCase().includes(w.toLowerCase()), `${lang}: "${w}" not on the page`); }
      await checkLayout(table.page, vp, `table-${lang}`);
    }
    await Promise.all([table.page.waitForURL(/\/matches\//), table.page.click('header.top a[data-lang="en"]')]);
    assert.equal(await table.page.getAttribute("html", "lang"), "en");
  }, s);

  await step(T("no script errors on any device"), async () => {
    // The refusals this scenario provokes on purpose (422, 409) are logged by the browser too.
    const all = [table, pic, captain, committee].filter(Boolean).flatMap((d) => d.problems)
      .filter((p) => !/Failed to load resource: the server responded with a status of (409|422)/.test(p));
    assert.deepEqual(all, []);
  });

  for (const d of [table, pic, captain, committee]) { if (d) { await d.context.close(); } }
}

await browser.close().catch(() => {});
console.log(`screenshots: ${SHOTS}`);
steps.finish();
