// Issue 16, phone slips: two players enter their own slip from their phones (portrait phone
// 390×844, one in French, one in Indonesian) while a turn's time runs, one changes it, and the
// arbitrator's slip page (tablet, live over SSE) shows both entries and takes one over. The
// phones follow the game's live stream: they ask for nothing while nothing happens, the next
// turn's rack reaches them as the referee starts it (the stream's seq is the game's), and a
// short turn locks their form when its time is up (D4). The phone page is also checked on a
// tablet (768×1024): no sideways scroll, controls at least 44 px.
// Controls are found by data-* attributes, never by their words.
//
// Started by run.sh: ARBITER_URL, ARBITER_ADMIN_USER, ARBITER_ADMIN_PASSWORD, SCREENSHOT_DIR,
// SUMMARY_FILE.
import assert from "node:assert/strict";
import { join } from "node:path";
import { env, Steps, launch, device, login, openLive, api, eventually, noSidewaysScroll } from "./lib.mjs";

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

// Every request a phone makes for its view (`/phone/status`), with when it was made.
function watchAsks(page) {
  const asks = [];
  page.on("request", (r) => { if (new URL(r.url()).pathname.endsWith("/phone/status")) { asks.push(Date.now()); } });
  return asks;
}

async function command(game, body) {
  const path = `/api/v1/duplicate/games/${game}/commands`;
  try {
    return await api(base, "POST", path, body, ctx.token);
  } catch (e) {
    // D6: equal tops wait for the referee's choice.
    if (body.type === "choose_top" && / 422: /.test(e.message)) { return api(base, "POST", path, { ...body, choice: 0 }, ctx.token); }
    throw e;
  }
}

async function openPhone(page, player, pin, game = ctx.game) {
  await page.goto(`${base}/duplicate/games/${game}/phone`);
  await page.fill('[data-phone-login] [data-field="player"]', String(player));
  await page.fill('[data-phone-login] [data-field="pin"]', pin);
  await page.click('[data-action="phone-open"]');
  await eventually(async () => {
    assert.equal(await page.isVisible("[data-phone-slip]"), true);
    assert.equal(await page.getAttribute("[data-phone]", "data-stream"), "open");
  }, "the phone open and following the game's stream");
}

async function send(page, reference, word, points) {
  await page.fill('[data-phone-form] [data-field="reference"]', reference);
  await page.fill('[data-phone-form] [data-field="word"]', word);
  await page.fill('[data-phone-form] [data-field="points"]', String(points));
  await page.click('[data-action="phone-send"]');
  await eventually(async () => {
    assert.equal(await page.getAttribute("[data-phone-entry]", "data-entry"), `${reference} ${word} ${points}`);
  }, "the entry recorded");
}

await steps.step("an English event that takes phone slips, a game whose turn runs", async () => {
  ctx.token = (await api(base, "POST", "/api/v1/auth/token", admin)).token;
  const ev = await api(base, "POST", "/api/v1/duplicate/events",
    { name: `Phones ${Date.now()}`, english: true, public: true, ruleset: { phone_slips: true, turn_ms: 600000 } }, ctx.token);
  ctx.event = ev.id;
  for (const n of [1, 2]) {
    await api(base, "POST", `/api/v1/duplicate/events/${ev.id}/players`, { number: n, name: `Player ${n}` }, ctx.token);
  }
  ctx.game = (await api(base, "POST", `/api/v1/duplicate/events/${ev.id}/games`, {}, ctx.token)).id;
  for (const body of [{ type: "type_rack", tiles: "ZESTAIO" }, { type: "start_turn" }]) {
    await api(base, "POST", `/api/v1/duplicate/games/${ctx.game}/commands`, body, ctx.token);
  }
});

await steps.step("the director's page shows each player's PIN for the table cards", async () => {
  ctx.desk = await device(browser, { width: 768, height: 1024 });
  await login(base, ctx.desk.page, admin);
  await ctx.desk.page.goto(`${base}/events/${ctx.event}/duplicate`);
  ctx.pins = {};
  for (const n of [1, 2]) {
    ctx.pins[n] = (await ctx.desk.page.textContent(`[data-player="${n}"] [data-pin]`)).trim();
    assert.match(ctx.pins[n], /^\d{6}$/);
  }
  assert.ok(await ctx.desk.page.$('[data-link="phone"]'), "a link to the phone page");
});

await steps.step("the arbitrator's slip page is open and live", async () => {
  await openLive(base, ctx.desk.page, `/duplicate/games/${ctx.game}/slips`);
});

await steps.step("two players enter their slips from their phones; one changes it", async () => {
  ctx.p1 = await device(browser, { lang: "fr", width: 390, height: 844 });
  ctx.p2 = await device(browser, { lang: "id", width: 390, height: 844 });
  ctx.asks1 = watchAsks(ctx.p1.page);
  ctx.asks2 = watchAsks(ctx.p2.page);
  await openPhone(ctx.p1.page, 1, ctx.pins[1]);
  await openPhone(ctx.p2.page, 2, ctx.pins[2]);
  for (const d of [ctx.p1, ctx.p2]) { assert.equal((await d.page.textContent("[data-phone-rack]")).trim().length, 7); }
  await send(ctx.p1.page, "8H", "ZEST", 30);
  await send(ctx.p2.page, "8H", "ZEST", 20);
  await send(ctx.p1.page, "8H", "ZEST", 26);
  assert.equal(await ctx.p1.page.getAttribute("[data-phone-state]", "data-state"), "saved");
  for (const [d, name] of [[ctx.p1, "fr"], [ctx.p2, "id"]]) {
    await noSidewaysScroll(d.page);
    await bigEnough(d.page, "[data-phone] button, [data-phone] input");
    await d.page.screenshot({ path: join(shots, `duplicate-phone-390x844-${name}.png`), fullPage: true });
  }
});

await steps.step("a wrong PIN is refused on the phone with its message", async () => {
  const d = await device(browser, { width: 390, height: 844 });
  await d.page.goto(`${base}/duplicate/games/${ctx.game}/phone`);
  await d.page.fill('[data-phone-login] [data-field="player"]', "1");
  await d.page.fill('[data-phone-login] [data-field="pin"]', ctx.pins[1] === "000000" ? "111111" : "000000");
  await d.page.click('[data-action="phone-open"]');
  await eventually(async () => {
    assert.equal(await d.page.getAttribute("[data-phone-state]", "data-state"), "refused");
  }, "the refusal");
  assert.equal(await d.page.isVisible("[data-phone-login]"), true);
  await d.context.close();
});

await steps.step("the arbitrator sees what each player entered, live", async () => {
  await eventually(async () => {
    const row1 = await ctx.desk.page.textContent('[data-phone-row="1-1"] [data-phone-entered]');
    const row2 = await ctx.desk.page.textContent('[data-phone-row="1-2"] [data-phone-entered]');
    assert.match(row1, /8H ZEST 26/);
    assert.match(row2, /8H ZEST 20/);
  }, "both phone entries on the slip page");
  await noSidewaysScroll(ctx.desk.page);
  await ctx.desk.page.screenshot({ path: join(shots, "duplicate-phone-slips-768x1024.png"), fullPage: true });
});

await steps.step("the arbitrator takes player 2's entry over and records it corrected", async () => {
  const page = ctx.desk.page;
  await page.click('[data-phone-row="1-2"] [data-dup-takeover]');
  assert.equal(await page.inputValue('[data-dup-slip] [data-field="word"]'), "ZEST");
  await page.fill('[data-dup-slip] [data-field="points"]', "26");
  await page.press('[data-dup-slip] [data-field="points"]', "Enter");
  await eventually(async () => {
    assert.equal(await page.getAttribute("[data-dup-verdict]", "data-state"), "recorded");
  }, "the arbitrator's slip recorded");
  const rec = await api(base, "GET", `/api/v1/duplicate/games/${ctx.game}/record`, undefined, ctx.token);
  const p2 = rec.turns[0].slips.find((s) => s.player === 2);
  assert.equal(p2.verdict.score, 26);
});

await steps.step("the phones ask for nothing while nothing happens (no polling)", async () => {
  const before = [ctx.asks1.length, ctx.asks2.length];
  // The old page asked every 2 s: over 5 s that is two requests per phone.
  await new Promise((r) => setTimeout(r, 5000));
  assert.deepEqual([ctx.asks1.length, ctx.asks2.length], before, "requests for the view while the game did not move");
});

await steps.step("the next turn reaches the phones over the live stream as the referee starts it", async () => {
  const t0 = Date.now();
  const [n1, n2] = [ctx.asks1.length, ctx.asks2.length];
  await command(ctx.game, { type: "choose_top" });
  await command(ctx.game, { type: "place_top" });
  await command(ctx.game, { type: "draw" });
  const g = await command(ctx.game, { type: "start_turn" });
  assert.equal(g.turn, 2);
  for (const [d, asks, n] of [[ctx.p1, ctx.asks1, n1], [ctx.p2, ctx.asks2, n2]]) {
    const page = d.page;
    await eventually(async () => {
      assert.equal(await page.textContent("[data-phone-turn]"), "2");
      assert.equal((await page.textContent("[data-phone-rack]")).trim(), g.rack);
      assert.equal(await page.getAttribute("[data-phone]", "data-open"), "true");
      assert.equal(await page.isDisabled('[data-action="phone-send"]'), false);
      // The stream told the phone of the game's last change: its seq is the game's.
      assert.equal(await page.getAttribute("[data-phone]", "data-stream-seq"), String(g.seq));
    }, "turn 2 on the phone", 3000);
    // Each request for the view followed the referee's commands (four changes, one request per
    // burst at most), none came from a timer before them.
    const made = asks.slice(n);
    assert.ok(made.length >= 1 && made.length <= 4, `${made.length} requests for the view`);
    assert.ok(made.every((t) => t >= t0), "a request before the turn started");
  }
  await ctx.p1.page.screenshot({ path: join(shots, "duplicate-phone-390x844-turn2.png"), fullPage: true });
});

await steps.step("a turn's time up locks the phone as it happens (D4), with one request to confirm", async () => {
  // A short turn (10 s, the least a ruleset takes), in an event of its own.
  const ev = await api(base, "POST", "/api/v1/duplicate/events",
    { name: `Quick phones ${Date.now()}`, english: true, public: false, ruleset: { phone_slips: true, turn_ms: 10000, warning_ms: 3000 } }, ctx.token);
  await api(base, "POST", `/api/v1/duplicate/events/${ev.id}/players`, { number: 1, name: "Quick" }, ctx.token);
  const game = (await api(base, "POST", `/api/v1/duplicate/events/${ev.id}/games`, {}, ctx.token)).id;
  await ctx.desk.page.goto(`${base}/events/${ev.id}/duplicate`);
  const pin = (await ctx.desk.page.textContent('[data-player="1"] [data-pin]')).trim();
  const d = await device(browser, { lang: "fr", width: 390, height: 844 });
  ctx.quick = d;
  const asks = watchAsks(d.page);
  // Signed out, on a private event: the phone's stream is open to it because the event takes
  // phone slips.
  await openPhone(d.page, 1, pin, game);
  assert.equal(await d.page.getAttribute("[data-phone]", "data-open"), "false");
  await command(game, { type: "type_rack", tiles: "ZESTAIO" });
  const g = await command(game, { type: "start_turn" });
  await eventually(async () => {
    assert.equal(await d.page.getAttribute("[data-phone]", "data-open"), "true");
    assert.equal((await d.page.textContent("[data-phone-rack]")).trim(), g.rack);
  }, "the turn open on the phone", 3000);
  const shown = Date.now();
  const n = asks.length;
  await send(d.page, "8H", "ZEST", 26);
  // The countdown reaches 0:00 about 10 s after the start; the form locks then.
  await eventually(async () => {
    assert.equal(await d.page.getAttribute("[data-phone]", "data-open"), "false");
    assert.equal(await d.page.isDisabled('[data-action="phone-send"]'), true);
    assert.equal(await d.page.getAttribute("[data-phone-state]", "data-state"), "closed");
  }, "the phone locked at the end of time", 14000);
  const locked = Date.now();
  assert.ok(locked - shown >= 7000, `locked ${locked - shown} ms after the turn opened`);
  // Between the turn opening and the lock: only the check at the end of time (and none while
  // the time ran).
  const during = asks.slice(n);
  assert.ok(during.length <= 2, `${during.length} requests for the view during the turn`);
  assert.ok(during.every((t) => t >= shown + 7000), "a request while the time ran");
  assert.equal(await d.page.getAttribute("[data-phone-entry]", "data-entry"), "8H ZEST 26", "the entry stays shown");
  await d.page.screenshot({ path: join(shots, "duplicate-phone-390x844-time-up.png"), fullPage: true });
});

await steps.step("the phone page on a tablet, portrait and landscape", async () => {
  for (const [w, h] of [[768, 1024], [1024, 768]]) {
    const d = await device(browser, { width: w, height: h });
    await openPhone(d.page, 1, ctx.pins[1]);
    await noSidewaysScroll(d.page);
    await bigEnough(d.page, "[data-phone] button, [data-phone] input");
    await d.page.screenshot({ path: join(shots, `duplicate-phone-${w}x${h}.png`), fullPage: true });
    await d.context.close();
  }
});

await steps.step("no script errors on any page", async () => {
  const problems = [...ctx.desk.problems, ...ctx.p1.problems, ...ctx.p2.problems, ...(ctx.quick ? ctx.quick.problems : [])];
  assert.deepEqual(problems, []);
});

await browser.close();
steps.finish();
