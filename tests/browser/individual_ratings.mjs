// Issue 18, ratings: the director picks a division's rating method on the event's desk (an
// unknown one refused in the form first), and the public standings show that method's
// estimates and rating changes, named, as computed by hand from NASPA's published formula:
// two 1500s, one game: winner 1500 + 30 × 0.5 + acceleration (15 − 5) = 1525, loser
// 1500 − 15 + feedback 10/20 = 1485.5 → 1486. Each page is checked at both tablet sizes.
//
// Started by run.sh (suite individual_ratings): ARBITER_URL, ARBITER_ADMIN_USER,
// ARBITER_ADMIN_PASSWORD, SCREENSHOT_DIR, SUMMARY_FILE.
import assert from "node:assert/strict";
import { env, Steps, launch, device, login, api, layout } from "./lib.mjs";

const { base, admin, shots } = env();
const steps = new Steps();
const browser = await launch();
const d = await device(browser, { width: 768, height: 1024 });
const page = d.page;
const ev = {};
const stamp = Date.now() % 100000;

async function submit(button) {
  await Promise.all([page.waitForNavigation(), page.click(button)]);
}

async function bothSizes(label) {
  for (const [w, h] of [[768, 1024], [1024, 768]]) {
    await page.setViewportSize({ width: w, height: h });
    await layout(page, shots, `${label}-${w}x${h}`);
  }
  await page.setViewportSize({ width: 768, height: 1024 });
}

await steps.step("the director signs in and opens a new individual event's desk", async () => {
  ev.token = (await api(base, "POST", "/api/v1/auth/token", admin)).token;
  const e = await api(base, "POST", "/api/v1/individual/events", { name: `Rated Open ${stamp}`, public: true }, ev.token);
  ev.id = e.id;
  await login(base, page, admin);
  await page.goto(`${base}/individual/events/${ev.id}/desk`);
  const offered = await page.$$eval('#division-form select[name="rating_method"] option', (els) => els.map((e) => e.value));
  assert.deepEqual(offered, ["glicko2", "naspa", "wespa", "absp"]);
  assert.equal(await page.inputValue('#division-form select[name="rating_method"]'), "glicko2");
});

await steps.step("a rating method the server does not know is refused in the form; nothing is recorded", async () => {
  await page.fill('#division-form input[name="name"]', "N");
  await page.fill('#division-form input[name="last1"]', "1");
  await page.evaluate(() => {
    const s = document.querySelector('#division-form select[name="rating_method"]');
    s.add(new Option("Elo", "elo", true, true));
  });
  await submit('[data-action="create-division"]');
  assert.match(await page.textContent('[data-form-error="division"]'), /unknown rating method "elo"/);
  assert.equal(await page.getAttribute('#division-form select[name="rating_method"]', "aria-invalid"), "true");
  const e = await api(base, "GET", `/api/v1/individual/events/${ev.id}`, undefined, ev.token);
  assert.equal(e.divisions.length, 0);
});

await steps.step("the director picks NASPA; the desk lists the division with its method", async () => {
  await page.fill('#division-form input[name="name"]', "N");
  await page.fill('#division-form input[name="first1"]', "1");
  await page.fill('#division-form input[name="last1"]', "1");
  await page.selectOption('#division-form select[name="rating_method"]', "naspa");
  await submit('[data-action="create-division"]');
  const e = await api(base, "GET", `/api/v1/individual/events/${ev.id}`, undefined, ev.token);
  assert.equal(e.divisions.length, 1);
  assert.equal(e.divisions[0].rating_method, "naspa");
  ev.div = e.divisions[0].id;
  assert.equal((await page.textContent(`[data-division="${ev.div}"] [data-rating-method]`)).trim(), "NASPA");
  await bothSizes("indr-desk");
});

await steps.step("two 1500s play; the public standings show NASPA's estimates and changes", async () => {
  for (const name of ["Annabel Okafor", "Roberto Tan"]) {
    await api(base, "POST", `/api/v1/individual/divisions/${ev.div}/players`, { name, rating: 1500 }, ev.token);
  }
  const r = await api(base, "POST", `/api/v1/individual/divisions/${ev.div}/rounds`, {}, ev.token);
  const l = r.lines.find((x) => x.b);
  const [win, lose] = [Math.min(l.a, l.b), Math.max(l.a, l.b)];
  await api(base, "POST", `/api/v1/individual/divisions/${ev.div}/rounds/1/results`, { text: `${win} 420 ${lose} 380` }, ev.token);
  await page.goto(`${base}/individual/divisions/${ev.div}/standings`);
  const cell = (p, c) => page.textContent(`tr[data-player="${p}"] [data-${c}]`);
  assert.equal((await cell(win, "estimate")).trim(), "1525");
  assert.equal((await cell(win, "change")).trim(), "+25");
  assert.equal((await cell(lose, "estimate")).trim(), "1486");
  assert.equal((await cell(lose, "change")).trim(), "-14");
  assert.equal(await page.getAttribute("[data-rating-method]", "data-rating-method"), "naspa");
  assert.match(await page.textContent("[data-rating-method]"), /NASPA method/);
  await bothSizes("indr-standings");
  await page.goto(`${base}/individual/events/${ev.id}`);
  assert.match(await page.textContent(`[data-division="${ev.div}"] [data-rating-method]`), /NASPA method/);
  assert.equal((await page.textContent(`[data-standings="${ev.div}"] tr[data-player="${win}"] [data-estimate]`)).trim(), "1525");
  assert.deepEqual(d.problems.filter((p) => !/status of (400|422)/.test(p)), []);
});

await d.context.close();
await browser.close();
steps.finish();
