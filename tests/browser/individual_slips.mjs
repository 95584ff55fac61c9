// Issue 18, players' results slips on their own phones (rules N8, N9): the two players of a
// table sign in on their phones (portrait 390×844, one in English, one in French) with the PINs
// of the director's pairing sheet; one enters the slip, the other sees it live, corrects a
// score, the first sees the correction live and confirms; the slip is final on both phones and
// the public standings page (open, live) shows the result. A wrong PIN is refused next to the
// form. Controls are found by data-* attributes, never by their words.
//
// Started by run.sh: ARBITER_URL, ARBITER_ADMIN_USER, ARBITER_ADMIN_PASSWORD, SCREENSHOT_DIR,
// SUMMARY_FILE.
import assert from "node:assert/strict";
import { join } from "node:path";
import { env, Steps, launch, device, login, openLive, notReloaded, api, eventually, noSidewaysScroll } from "./lib.mjs";

const { base, admin, shots } = env();
const steps = new Steps();
const browser = await launch();
const ctx = {};

async function bigEnough(page, selector) {
  const small = await page.$$eval(selector, (els) => els
    .filter((e) => e.offsetParent !== null)
    .map((e) => [e.getAttribute("data-action") || e.getAttribute("name") || e.tagName, e.getBoundingClientRect().height])
    .filter(([, h]) => h < 44));
  assert.deepEqual(small, [], `controls under 44 px: ${JSON.stringify(small)}`);
}

async function signIn(page, player, pin) {
  const stream = page.waitForResponse((r) => /\/live$/.test(new URL(r.url()).pathname) && r.status() === 200);
  await page.goto(`${base}/individual/divisions/${ctx.division}/slip`);
  await stream;
  await page.evaluate(() => { window.__arbiterNoReload = true; });
  await page.fill('[data-phone-login] [data-field="player"]', String(player));
  await page.fill('[data-phone-login] [data-field="pin"]', pin);
  await page.click('[data-action="phone-open"]');
  await eventually(async () => {
    assert.equal(await page.getAttribute("[data-ind-phone]", "data-slip-state"), "nothing");
  }, `player ${player}'s empty slip`);
}

async function slipState(page, state, a, b, what) {
  await eventually(async () => {
    const phone = "[data-ind-phone]";
    assert.equal(await page.getAttribute(phone, "data-slip-state"), state);
    assert.equal(await page.getAttribute(phone, "data-score-a"), String(a));
    assert.equal(await page.getAttribute(phone, "data-score-b"), String(b));
  }, what);
  await notReloaded(page);
}

await steps.step("a public individual event: four players, round 1 paired", async () => {
  ctx.token = (await api(base, "POST", "/api/v1/auth/token", admin)).token;
  const ev = await api(base, "POST", "/api/v1/individual/events", { name: `Slips ${Date.now()}`, public: true }, ctx.token);
  const d = await api(base, "POST", `/api/v1/individual/events/${ev.id}/divisions`,
    { name: "A", plan: [{ first: 1, last: 3, method: "round_robin" }] }, ctx.token);
  ctx.division = d.id;
  for (const name of ["Ann Lee", "Bob Tan", "Cy Ng", "Di Ong"]) {
    await api(base, "POST", `/api/v1/individual/divisions/${d.id}/players`, { name, rating: 1500 }, ctx.token);
  }
  await api(base, "POST", `/api/v1/individual/divisions/${d.id}/rounds`, {}, ctx.token);
});

await steps.step("the director's pairing sheet gives the players of table 1 their PINs", async () => {
  ctx.desk = await device(browser, { width: 768, height: 1024 });
  const page = ctx.desk.page;
  await login(base, page, admin);
  await page.goto(`${base}/individual/divisions/${ctx.division}/sheet`);
  const row = page.locator('[data-sheet-games] tr[data-table="1"]');
  const pins = await row.locator("[data-pin]").evaluateAll((els) => els.map((e) => [e.getAttribute("data-pin"), e.textContent.trim()]));
  assert.equal(pins.length, 2);
  [[ctx.a, ctx.pinA], [ctx.b, ctx.pinB]] = pins.map(([n, p]) => [Number(n), p]);
  assert.match(ctx.pinA, /^\d{6}$/);
  const sheet = await api(base, "GET", `/api/v1/individual/divisions/${ctx.division}/pins`, undefined, ctx.token);
  assert.equal(sheet.players.find((p) => p.number === ctx.a).pin, ctx.pinA);
  assert.equal(await page.locator("[data-player-card]").count(), 4);
  await noSidewaysScroll(page);
  await page.screenshot({ path: join(shots, "individual-slips-sheet-768x1024.png"), fullPage: true });
});

await steps.step("the public standings page is open, live", async () => {
  ctx.pub = await device(browser, { width: 768, height: 1024 });
  await openLive(base, ctx.pub.page, `/individual/divisions/${ctx.division}/standings`);
});

await steps.step("a wrong PIN is refused next to the form", async () => {
  const d = await device(browser, { width: 390, height: 844 });
  await d.page.goto(`${base}/individual/divisions/${ctx.division}/slip`);
  await d.page.fill('[data-phone-login] [data-field="player"]', String(ctx.a));
  await d.page.fill('[data-phone-login] [data-field="pin"]', ctx.pinA === "000000" ? "111111" : "000000");
  await d.page.click('[data-action="phone-open"]');
  await eventually(async () => {
    assert.equal(await d.page.isVisible("[data-login-error]"), true);
  }, "the refusal");
  assert.equal(await d.page.isVisible("[data-phone-slip]"), false);
  assert.equal(await d.page.getAttribute("[data-login-error]", "data-status"), "403");
  await d.page.screenshot({ path: join(shots, "individual-slips-wrong-pin-390x844.png"), fullPage: true });
  await d.context.close();
});

await steps.step("after five wrong PINs even the right one is refused for a while", async () => {
  // Table 2's first player, who plays no further part here.
  const sheet = await api(base, "GET", `/api/v1/individual/divisions/${ctx.division}/pins`, undefined, ctx.token);
  const p = sheet.players.find((x) => x.table === 2 && x.first);
  const d = await device(browser, { width: 390, height: 844 });
  await d.page.goto(`${base}/individual/divisions/${ctx.division}/slip`);
  const attempt = async (pin, status) => {
    await d.page.fill('[data-phone-login] [data-field="player"]', String(p.number));
    await d.page.fill('[data-phone-login] [data-field="pin"]', pin);
    await d.page.evaluate(() => document.querySelector("[data-login-error]").removeAttribute("data-status"));
    await d.page.click('[data-action="phone-open"]');
    await eventually(async () => {
      assert.equal(await d.page.getAttribute("[data-login-error]", "data-status"), status);
    }, `the answer ${status}`);
  };
  const wrong = p.pin === "000000" ? "111111" : "000000";
  for (let i = 0; i < 5; i++) { await attempt(wrong, "403"); }
  await attempt(p.pin, "429");
  assert.equal(await d.page.isVisible("[data-login-error]"), true);
  assert.equal(await d.page.isVisible("[data-phone-slip]"), false);
  await noSidewaysScroll(d.page);
  await d.page.screenshot({ path: join(shots, "individual-slips-throttled-390x844.png"), fullPage: true });
  await d.context.close();
});

await steps.step("both players sign in on their phones", async () => {
  ctx.pa = await device(browser, { lang: "en", width: 390, height: 844 });
  ctx.pb = await device(browser, { lang: "fr", width: 390, height: 844 });
  await signIn(ctx.pa.page, ctx.a, ctx.pinA);
  await signIn(ctx.pb.page, ctx.b, ctx.pinB);
  for (const [d, name] of [[ctx.pa, "en"], [ctx.pb, "fr"]]) {
    await noSidewaysScroll(d.page);
    await bigEnough(d.page, "[data-ind-phone] button, [data-ind-phone] input, [data-ind-phone] summary");
    await d.page.screenshot({ path: join(shots, `individual-slips-empty-390x844-${name}.png`), fullPage: true });
  }
});

await steps.step("the first player enters the slip with its details (N8)", async () => {
  const page = ctx.pa.page;
  await page.fill('[data-field="score_a"]', "400");
  await page.fill('[data-field="score_b"]', "350");
  await page.click(".inds-more summary");
  await page.fill('[data-field="blanks"]', "ES");
  await page.fill('[data-field="challenged"]', "QI ZAX");
  await page.fill('[data-field="high_word"]', "QUIZ");
  await page.fill('[data-field="high_score"]', "64");
  await bigEnough(page, "[data-ind-phone] button, [data-ind-phone] input, [data-ind-phone] summary");
  await page.click('[data-action="phone-send"]');
  await slipState(page, "waiting", 400, 350, "the entry recorded on the first phone");
  await noSidewaysScroll(page);
  await page.screenshot({ path: join(shots, "individual-slips-entered-390x844-en.png"), fullPage: true });
});

await steps.step("the opponent sees it live and corrects a score (N9)", async () => {
  const page = ctx.pb.page;
  await slipState(page, "to-confirm", 400, 350, "the entry on the opponent's phone");
  assert.equal(await page.isVisible('[data-action="phone-confirm"]'), true);
  assert.equal(await page.inputValue('[data-field="high_word"]'), "QUIZ");
  await page.screenshot({ path: join(shots, "individual-slips-to-confirm-390x844-fr.png"), fullPage: true });
  await page.fill('[data-field="score_b"]', "365");
  await page.click('[data-action="phone-send"]');
  await slipState(page, "waiting", 400, 365, "the correction recorded");
});

await steps.step("the first player sees the correction live and confirms: final", async () => {
  const page = ctx.pa.page;
  await slipState(page, "to-confirm", 400, 365, "the correction on the first phone");
  await page.click('[data-action="phone-confirm"]');
  await slipState(page, "final", 400, 365, "the slip final on the first phone");
  await slipState(ctx.pb.page, "final", 400, 365, "the slip final on the opponent's phone");
  for (const d of [ctx.pa, ctx.pb]) {
    assert.equal(await d.page.isDisabled('[data-action="phone-send"]'), true);
    assert.equal(await d.page.isVisible('[data-action="phone-confirm"]'), false);
  }
  await ctx.pa.page.screenshot({ path: join(shots, "individual-slips-final-390x844-en.png"), fullPage: true });
  await ctx.pb.page.screenshot({ path: join(shots, "individual-slips-final-390x844-fr.png"), fullPage: true });
});

await steps.step("the public standings show the result, live", async () => {
  const page = ctx.pub.page;
  await eventually(async () => {
    assert.equal((await page.textContent(`[data-player="${ctx.a}"] [data-spread]`)).trim(), "35");
    assert.equal((await page.textContent(`[data-player="${ctx.b}"] [data-spread]`)).trim(), "-35");
    assert.equal((await page.textContent(`[data-player="${ctx.a}"] [data-rank]`)).trim(), "1");
  }, "the result in the public standings");
  await notReloaded(page);
  await page.screenshot({ path: join(shots, "individual-slips-standings-768x1024.png"), fullPage: true });
});

await steps.step("no script errors on any page", async () => {
  const problems = [...ctx.desk.problems, ...ctx.pub.problems, ...ctx.pa.problems, ...ctx.pb.problems];
  assert.deepEqual(problems, []);
});

await browser.close();
steps.finish();
