// Issue 18 (part): the director's quick-entry page of an individual division at both tablet
// sizes. The event is set up through the API; the director types a round's results with
// deliberate wrong lines (wrong opponent, unknown player, entered twice differently) and sees
// each refusal beside its line, the bad lines kept in the box; the missing results follow live
// when a result arrives from elsewhere; the public page's standings are checked against wins
// and spread computed here from the scores this test chose.
//
// Started by run.sh (suite individual): ARBITER_URL, ARBITER_ADMIN_USER, ARBITER_ADMIN_PASSWORD,
// SCREENSHOT_DIR, SUMMARY_FILE.
import assert from "node:assert/strict";
import { join } from "node:path";
import { env, Steps, launch, device, login, openLive, api, eventually, noSidewaysScroll } from "./lib.mjs";

const { base, admin, shots } = env();
const steps = new Steps();
const PLAYERS = 8;
const browser = await launch();

/** Wins (2 a win, 1 a tie) and spread per player from the results this test recorded. */
function tally(results) {
  const t = {};
  for (let p = 1; p <= PLAYERS; p++) { t[p] = { wins2: 0, spread: 0 }; }
  for (const [a, sa, b, sb] of results) {
    t[a].spread += sa - sb; t[b].spread += sb - sa;
    if (sa > sb) { t[a].wins2 += 2; } else if (sb > sa) { t[b].wins2 += 2; } else { t[a].wins2++; t[b].wins2++; }
  }
  return t;
}

async function publicStandings(page, eventId, division) {
  await page.goto(`${base}/individual/events/${eventId}`);
  return page.$$eval(`[data-standings="${division}"] tr[data-player]`, (rows) => rows.map((r) => ({
    number: Number(r.getAttribute("data-player")),
    wins: Number(r.querySelector("[data-wins]").textContent.trim()),
    spread: Number(r.querySelector("[data-spread]").textContent.trim()),
  })));
}

for (const [width, height] of [[768, 1024], [1024, 768]]) {
  const tag = `${width}x${height}`;
  const ev = {};
  const results = [];
  const d = await device(browser, { width, height });
  steps.reset();

  await steps.step(`${tag}: set up an event, a division of ${PLAYERS} and round 1 through the API`, async () => {
    ev.token = (await api(base, "POST", "/api/v1/auth/token", admin)).token;
    const e = await api(base, "POST", "/api/v1/individual/events", { name: `Club Open ${tag}`, public: true }, ev.token);
    ev.id = e.id;
    const div = await api(base, "POST", `/api/v1/individual/events/${ev.id}/divisions`,
      { name: "A", plan: [{ first: 1, last: 3, method: "round_robin" }] }, ev.token);
    ev.division = div.id;
    for (let p = 1; p <= PLAYERS; p++) {
      await api(base, "POST", `/api/v1/individual/divisions/${ev.division}/players`, { name: `Player ${p}`, rating: 1500 + p }, ev.token);
    }
    const r = await api(base, "POST", `/api/v1/individual/divisions/${ev.division}/rounds`, {}, ev.token);
    ev.games = r.lines.filter((l) => l.b).map((l) => [l.a, l.b]);
    assert.equal(ev.games.length, PLAYERS / 2);
  });

  await steps.step(`${tag}: the director types the round with wrong lines; each refusal shows beside its line`, async () => {
    await login(base, d.page, admin);
    await openLive(base, d.page, `/individual/divisions/${ev.division}/rounds/1/entry`);
    const [g1, g2] = ev.games;
    const wrongOpp = g2[0];
    const lines = [
      `${g1[0]} 412 ${g1[1]} 388`,
      `${g2[0]} 355 ${g2[1]} 401`,
      `${g1[0]} 412 ${wrongOpp} 300`,
      `${PLAYERS + 5} 300 1 200`,
    ];
    results.push([g1[0], 412, g1[1], 388], [g2[0], 355, g2[1], 401]);
    await d.page.fill('[data-field="text"]', lines.join("\n"));
    await Promise.all([d.page.waitForNavigation(), d.page.click('[data-action="record-results"]')]);
    await d.page.waitForSelector("[data-recorded='2']");
    const bad = await d.page.$$eval("[data-bad-line]", (els) => els.map((e) => e.getAttribute("data-bad-line")));
    assert.deepEqual(bad, [lines[2], lines[3]]);
    const kept = await d.page.inputValue('[data-field="text"]');
    assert.equal(kept, `${lines[2]}\n${lines[3]}`);
    const errors = await d.page.$$eval("[data-bad-line] [data-error]", (els) => els.map((e) => e.textContent));
    assert.match(errors[0], new RegExp(`plays ${g1[1]} this round, not ${wrongOpp}`));
    assert.match(errors[1], /is not in this division/);
    // Entered twice, differently: refused, the first result stands.
    await d.page.fill('[data-field="text"]', `${g1[1]} 390 ${g1[0]} 412`);
    await Promise.all([d.page.waitForNavigation(), d.page.click('[data-action="record-results"]')]);
    const again = await d.page.textContent("[data-bad-line] [data-error]");
    assert.match(again, /already entered as/);
    assert.equal(await d.page.getAttribute("[data-missing-count]", "data-missing-count"), String(ev.games.length - 2));
    await noSidewaysScroll(d.page);
    await d.page.screenshot({ path: join(shots, `individual-entry-${tag}.png`), fullPage: false });
  });

  await steps.step(`${tag}: a result arriving from elsewhere leaves the missing list live, without a reload`, async () => {
    await openLive(base, d.page, `/individual/divisions/${ev.division}/rounds/1/entry`);
    const [, , g3, g4] = ev.games;
    await api(base, "POST", `/api/v1/individual/divisions/${ev.division}/rounds/1/results`, { text: `${g3[0]} 444 ${g3[1]} 333` }, ev.token);
    results.push([g3[0], 444, g3[1], 333]);
    await eventually(async () => {
      assert.equal(await d.page.getAttribute("[data-missing-count]", "data-missing-count"), "1");
    }, "the missing list after a result");
    assert.equal(await d.page.evaluate(() => window.__arbiterNoReload === true), true);
    await d.page.fill('[data-field="text"]', `${g4[0]} 400 ${g4[1]} 400`);
    await Promise.all([d.page.waitForNavigation(), d.page.click('[data-action="record-results"]')]);
    results.push([g4[0], 400, g4[1], 400]);
    await d.page.waitForSelector("[data-all-in]");
  });

  await steps.step(`${tag}: the public page's standings match wins and spread computed here`, async () => {
    const want = tally(results);
    const got = await publicStandings(d.page, ev.id, ev.division);
    assert.equal(got.length, PLAYERS);
    for (const row of got) {
      assert.equal(row.spread, want[row.number].spread, `spread of ${row.number}`);
      assert.equal(row.wins, want[row.number].wins2 / 2, `wins of ${row.number}`);
    }
    assert.deepEqual(d.problems, []);
  });
  await d.context.close();
}

await browser.close();
steps.finish();
