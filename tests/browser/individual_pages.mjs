// What the director and the players of an individual event do, on the pages as each of them
// does it (issue 18), for individual_event.mjs: the director on a tablet (the new-event form, the
// event's desk with its division and import forms, the division's desk with its player form,
// late entries, withdrawals, the pair button and the PIN sheet), each player on their own phone
// (the slip page, signed in with the number and PIN the director handed them). Controls are
// found by their data-* attributes, names and ids, never by their words; what a page recorded is
// read back from it (or, by the caller, from the read-only API).
import assert from "node:assert/strict";
import { join } from "node:path";
import { device, eventually, noSidewaysScroll } from "./lib.mjs";

/** The refusals a page shows, for a failure's message. */
async function shownErrors(page) {
  return (await page.locator('[role="alert"]').allTextContents()).map((t) => t.trim()).filter(Boolean).join(" / ");
}

/** Clicks `button` (a form's submit button or a link) and waits for the page it leads to: 200. */
export async function submit(page, button, what) {
  const [resp] = await Promise.all([page.waitForNavigation(), page.click(button)]);
  const status = resp ? resp.status() : 0;
  assert.equal(status, 200, `${what}: the page answered ${status}: ${await shownErrors(page)}`);
}

/** Fills a division or import form's pairing plan (stretches [{first, last, method}]) and Gibsonization. */
async function fillPlan(page, form, plan, gibson) {
  for (const [i, s] of plan.entries()) {
    await page.fill(`${form} input[name="first${i + 1}"]`, String(s.first));
    await page.fill(`${form} input[name="last${i + 1}"]`, String(s.last));
    await page.selectOption(`${form} select[name="method${i + 1}"]`, s.method);
  }
  if (gibson) {
    await page.check(`${form} input[name="gibson"]`);
    await page.fill(`${form} input[name="gibson_prizes"]`, String(gibson));
  }
}

/** The director, signed in on a tablet: every set-up and round action of the event's desks. */
export class DirectorDesk {
  constructor(base, page, shots) { Object.assign(this, { base, page, shots }); }

  async shot(label, fullPage = true) {
    await noSidewaysScroll(this.page);
    await this.page.screenshot({ path: join(this.shots, `indev-${label}.png`), fullPage });
  }

  /** The new-event form, from the events list: public, the default spreads; its desk's id. */
  async createEvent(name) {
    const page = this.page;
    await page.goto(`${this.base}/events`);
    await submit(page, '[data-action="new-individual-event"]', "the new individual event form");
    await page.fill('input[name="name"]', name);
    assert.equal(await page.isChecked('input[name="public"]'), true, "a new event is public by default");
    await submit(page, '[data-action="create-individual-event"]', `the event ${name}`);
    const m = new URL(page.url()).pathname.match(/^\/individual\/events\/(\d+)\/desk$/);
    assert.ok(m, `the event's desk after creating it: ${page.url()}`);
    return Number(m[1]);
  }

  /** A division from the event desk's form, with its plan and Gibson prize places; its id. */
  async createDivision(eventId, name, plan, gibson) {
    const page = this.page;
    if (new URL(page.url()).pathname !== `/individual/events/${eventId}/desk`) { await page.goto(`${this.base}/individual/events/${eventId}/desk`); }
    await page.fill('#division-form input[name="name"]', name);
    await fillPlan(page, "#division-form", plan, gibson);
    await submit(page, '[data-action="create-division"]', `division ${name}`);
    const id = await page.getAttribute(`[data-divisions] tr[data-division-name="${name}"]`, "data-division");
    assert.ok(id, `division ${name} is listed on the event's desk`);
    return Number(id);
  }

  /** A division imported from a `.t` file chosen as a file on the event desk's import form; its id. */
  async importDivision(eventId, name, plan, text) {
    const page = this.page;
    await page.goto(`${this.base}/individual/events/${eventId}/desk`);
    await page.fill('#import-form input[name="name"]', name);
    await page.setInputFiles('#import-form input[type="file"]', { name: `${name.toLowerCase()}.t`, mimeType: "text/plain", buffer: Buffer.from(text) });
    await page.waitForFunction((n) => document.querySelector("#t-file").value.split("\n").filter((l) => l.trim()).length >= n,
      text.split("\n").filter((l) => l.trim()).length);
    await fillPlan(page, "#import-form", plan, null);
    await submit(page, '[data-action="import-division"]', `the import of ${name}`);
    const m = new URL(page.url()).pathname.match(/^\/individual\/divisions\/(\d+)\/desk$/);
    assert.ok(m, `the imported division's desk: ${page.url()}`);
    return Number(m[1]);
  }

  /** Opens a division's desk, from its event's desk the first time (as a director finds it). */
  async openDivision(divId) {
    const page = this.page;
    const path = `/individual/divisions/${divId}/desk`;
    if (new URL(page.url()).pathname === path) { return; }
    await page.goto(this.base + path);
  }

  /**
   * A player from the division desk's form (a late entry once rounds are paired): the number
   * the desk gave them and the round they play from, as the desk lists them.
   */
  async addPlayer(divId, { name, rating, system = "", ratingId = "", club = "" }) {
    const page = this.page;
    await this.openDivision(divId);
    await page.fill('#player-form input[name="name"]', name);
    await page.fill('#player-form input[name="rating"]', rating ? String(rating) : "");
    await page.fill('#player-form input[name="rating_system"]', system);
    await page.fill('#player-form input[name="rating_id"]', ratingId);
    await page.fill('#player-form input[name="club"]', club);
    await submit(page, '[data-action="add-player"]', `adding ${name}`);
    const rows = await page.$$eval("[data-players] tr[data-player]", (trs) => trs.map((tr) => ({
      number: Number(tr.dataset.player), name: tr.querySelector("[data-name]").textContent.trim(),
      late: tr.querySelector("[data-late]")?.getAttribute("data-late") ?? null })));
    const mine = rows.filter((r) => r.name === name);
    assert.equal(mine.length, 1, `${name} is listed once on the desk`);
    return { number: mine[0].number, firstRound: mine[0].late == null ? 1 : Number(mine[0].late) };
  }

  /**
   * Pairs the next round with the desk's button (it names the round); the lines as the desk
   * then shows them: [{table, a, b}] (b null: a bye).
   */
  async pairNext(divId, round) {
    const page = this.page;
    await this.openDivision(divId);
    const button = `[data-action="pair-round"][data-round="${round}"]`;
    assert.equal(await page.locator(button).count(), 1, `the desk offers to pair round ${round}`);
    await submit(page, button, `pairing round ${round}`);
    return page.$$eval(`[data-round-panel] [data-round="${round}"] tbody tr[data-line]`, (trs) => trs.map((tr) => {
      const t = Number(tr.querySelector("td").textContent.trim());
      const b = tr.getAttribute("data-opponent");
      return { table: b == null ? null : t, a: Number(tr.dataset.line), b: b == null ? null : Number(b) };
    }));
  }

  /** Withdraws a player from the desk, with the reason; what the form said would happen. */
  async withdraw(divId, n, reason) {
    const page = this.page;
    await this.openDivision(divId);
    await page.click(`summary[data-action="open-withdraw"][data-player="${n}"]`);
    // Without Fluent's isolation marks around the numbers.
    const effect = (await page.textContent(`tr[data-player="${n}"] [data-effect]`)).replace(/[\u2068\u2069]/g, "").trim();
    await page.fill(`tr[data-player="${n}"] input[name="reason"]`, reason);
    await submit(page, `button[data-action="withdraw"][data-player="${n}"]`, `withdrawing ${n}`);
    return { effect, withdrawnRound: Number(await page.getAttribute(`tr[data-player="${n}"]`, "data-withdrawn")) };
  }

  /**
   * The PIN sheet of the round paired last, opened from the desk's link: each table's two
   * players with their PINs, as the director hands them out. Map number → PIN.
   */
  async pinSheet(divId, round, label) {
    const page = this.page;
    await this.openDivision(divId);
    await submit(page, '[data-export="pin-sheet"]', "the PIN sheet");
    const h1 = await page.textContent("h1");
    assert.ok(h1.includes(String(round)), `the sheet is round ${round}'s: ${h1}`);
    const pins = await page.$$eval("[data-sheet-games] [data-pin]", (els) => els.map((e) => [Number(e.getAttribute("data-pin")), e.textContent.trim()]));
    if (label) { await this.shot(label); }
    return new Map(pins);
  }
}

/**
 * A player's own phone (390×844, a context of its own) on the division's slip page, signed in
 * with their number and the PIN from the sheet: their game's slip is shown.
 */
export async function playerPhone(browser, base, divId, number, pin, lang = "en") {
  const d = await device(browser, { lang, width: 390, height: 844 });
  const page = d.page;
  const stream = page.waitForResponse((r) => /\/live$/.test(new URL(r.url()).pathname) && r.status() === 200);
  await page.goto(`${base}/individual/divisions/${divId}/slip`);
  await stream;
  await page.fill('[data-phone-login] [data-field="player"]', String(number));
  await page.fill('[data-phone-login] [data-field="pin"]', pin);
  await page.click('[data-action="phone-open"]');
  await eventually(async () => {
    assert.equal(await page.isVisible("[data-phone-game]"), true);
  }, `player ${number}'s slip on their phone`);
  return d;
}

/** Waits until the phone shows the slip in `state` with these scores (live, no reload). */
export async function phoneShows(page, state, a, b, what) {
  await eventually(async () => {
    const phone = "[data-ind-phone]";
    assert.deepEqual([await page.getAttribute(phone, "data-slip-state"), await page.getAttribute(phone, "data-score-a"),
      await page.getAttribute(phone, "data-score-b")], [state, a == null ? "" : String(a), b == null ? "" : String(b)]);
  }, what);
}

/** Types the scores (the slip's first player's, then the second's) and, when given, the details. */
export async function phoneScores(page, sa, sb, details) {
  await page.fill('[data-field="score_a"]', String(sa));
  await page.fill('[data-field="score_b"]', String(sb));
  if (details) {
    await page.click(".inds-more summary");
    await page.fill('[data-field="blanks"]', details.blanks);
    await page.fill('[data-field="challenged"]', details.challenged.join(" "));
    await page.fill('[data-field="high_word"]', details.high_word);
    await page.fill('[data-field="high_score"]', String(details.high_score));
  }
  await page.click('[data-action="phone-send"]');
}
