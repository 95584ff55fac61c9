// What every browser suite needs, kept once: the environment run.sh passes, the step counter and
// its closing line, the browser and its devices, signing in through the real form, live pages,
// the JSON API for set-up and reads, and waiting for something live to show.
//
//   import { env, Steps, launch, device, login, openLive, api, eventually } from "./lib.mjs";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

/** A variable run.sh sets; the suite stops with a hint when it is missing. */
export function must(name) {
  const v = process.env[name];
  if (!v) { console.error(`${name} is not set: run tests/browser/run.sh`); process.exit(2); }
  return v;
}

/** The suite's environment: server, administrator, where screenshots go. */
export function env() {
  const shots = process.env.SCREENSHOT_DIR || "screenshots";
  mkdirSync(shots, { recursive: true });
  return {
    base: must("ARBITER_URL"),
    admin: { username: must("ARBITER_ADMIN_USER"), password: must("ARBITER_ADMIN_PASSWORD") },
    shots,
  };
}

/**
 * Named checks, counted. After a failure the later steps of the same chain are reported as not
 * run (they build on the failed one) rather than failing with a confusing second error. A chain
 * is the suite itself, or any object passed as `chain` (one per scenario, say), which then
 * records its own first failure.
 */
export class Steps {
  constructor() { this.passed = 0; this.failed = 0; this.failures = []; this.broken = null; }

  async step(name, fn, chain = this) {
    if (chain.broken) {
      this.failed++;
      this.failures.push(`${name}: not run, "${chain.broken}" failed first`);
      console.log(`not ok - ${name} # not run`);
      return;
    }
    const t0 = Date.now();
    try {
      await fn();
      this.passed++;
      console.log(`ok - ${name} (${Date.now() - t0} ms)`);
    } catch (e) {
      this.failed++;
      const msg = (e && e.message ? e.message : String(e)).split("\n").slice(0, 14).join("\n    ");
      this.failures.push(`${name}: ${msg}`);
      console.log(`not ok - ${name}\n    ${msg}`);
      chain.broken = name;
    }
  }

  /** Starts a new chain: later steps run even though an earlier chain failed. */
  reset() { this.broken = null; }

  /** Writes `N passed, N failed` where run.sh reads it and exits with the suite's status. */
  finish() {
    const line = `${this.passed} passed, ${this.failed} failed`;
    if (this.failures.length) { console.log("\nFailures:\n" + this.failures.map((f) => "  - " + f).join("\n")); }
    if (process.env.SUMMARY_FILE) { writeFileSync(process.env.SUMMARY_FILE, line + "\n"); } else { console.log(line); }
    process.exit(this.failed ? 1 : 0);
  }
}

/** Headless Debian Chromium with nothing reaching out to the network. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync"],
  });
}

/**
 * A device: its own context (cookies), a page, and the script errors and failed requests seen on
 * it (`problems`, which a suite asserts empty at the end). 409/422 answers are refusals the pages
 * show, not problems.
 */
export async function device(browser, { lang = "en", width = 1024, height = 768, touch = true } = {}) {
  const context = await browser.newContext({
    viewport: { width, height }, deviceScaleFactor: 1, isMobile: touch, hasTouch: touch,
    locale: lang, extraHTTPHeaders: { "Accept-Language": lang },
  });
  context.setDefaultTimeout(15000);
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of (409|422)/.test(m.text())) { problems.push(`console: ${m.text()}`); }
  });
  page.on("dialog", (d) => d.accept()); // data-confirm forms
  return { context, page, problems };
}

/** Signs in through the real form at /login; returns the path it lands on. */
export async function login(base, page, who) {
  await page.goto(`${base}/login`);
  await page.fill('input[name="username"]', who.username);
  await page.fill('input[name="password"]', who.password);
  await Promise.all([
    page.waitForURL((u) => !u.pathname.startsWith("/login")),
    page.click('form[action="/login"] button[type="submit"]'),
  ]);
  return new URL(page.url()).pathname;
}

/** Opens a live page and waits for its stream; marks the page so a reload can be detected. */
export async function openLive(base, page, path) {
  const stream = page.waitForResponse((r) => /\/live$/.test(new URL(r.url()).pathname) && r.status() === 200);
  await page.goto(base + path);
  await stream;
  await page.evaluate(() => { window.__arbiterNoReload = true; });
}

/** Fails when the page reloaded or navigated away since `openLive` (true otherwise). */
export async function notReloaded(page) {
  assert.equal(await page.evaluate(() => window.__arbiterNoReload === true), true,
    `${page.url()} was reloaded or navigated away`);
  return true;
}

/** The JSON API (set-up and reads); throws with the body on a non-2xx answer. */
export async function api(base, method, path, body, token) {
  const res = await fetch(base + path, {
    method,
    headers: { "content-type": "application/json", accept: "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) { throw new Error(`${method} ${path} → ${res.status}: ${text}`); }
  return text ? JSON.parse(text) : null;
}

/** Retries `fn` until it stops throwing, for what arrives live; fails after `ms`. */
export async function eventually(fn, what, ms = 8000) {
  const until = Date.now() + ms;
  let last;
  for (;;) {
    try { return await fn(); } catch (e) { last = e; }
    if (Date.now() > until) { throw new Error(`${what} not seen within ${ms} ms: ${last && last.message}`); }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every listed selector's first match lies inside the viewport (no scrolling needed). */
export async function inViewport(page, selectors) {
  const vp = page.viewportSize();
  const off = [];
  for (const sel of selectors) {
    const box = await page.locator(sel).first().boundingBox();
    if (!box || box.y < 0 || box.x < 0 || box.y + box.height > vp.height || box.x + box.width > vp.width) {
      off.push(`${sel} ${box ? `at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}` : "missing"}`);
    }
  }
  if (off.length) { throw new Error(`outside the ${vp.width}×${vp.height} viewport: ${off.join("; ")}`); }
}

/** The page does not scroll sideways. */
export async function noSidewaysScroll(page) {
  const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  if (sw > cw + 1) { throw new Error(`the page scrolls sideways: ${sw} px wide in ${cw} px`); }
}

/**
 * Issue 15: the controls listed are on screen without scrolling (each match's box inside the
 * viewport with the page at its top).
 */
export async function onScreen(page, selectors) {
  const vp = page.viewportSize();
  await page.evaluate(() => window.scrollTo(0, 0));
  const out = [];
  for (const sel of selectors) {
    const loc = page.locator(sel);
    const n = await loc.count();
    if (n === 0) { out.push(`${sel}: not on the page`); continue; }
    for (let i = 0; i < n; i++) {
      const b = await loc.nth(i).boundingBox();
      if (!b) { out.push(`${sel}[${i}]: not shown`); continue; }
      if (b.x < 0 || b.y < 0 || b.x + b.width > vp.width + 0.5 || b.y + b.height > vp.height + 0.5) {
        out.push(`${sel}[${i}] at x=${Math.round(b.x)} y=${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)}`);
      }
    }
  }
  assert.equal(await page.evaluate(() => window.scrollY), 0, "the page is at its top");
  assert.deepEqual(out, [], `outside the ${vp.width}×${vp.height} screen without scrolling`);
}

/**
 * A full-page screenshot (`<shots>/<label>.png`) and the tablet layout checks: no sideways
 * scrolling (naming what is too wide) and touch targets of at least `minTap` px.
 */
export async function layout(page, shots, label, minTap = 44) {
  const vp = page.viewportSize();
  await page.screenshot({ path: join(shots, `${label}.png`), fullPage: true });
  const m = await page.evaluate((minTap) => {
    const doc = document.documentElement;
    const wide = [];
    if (doc.scrollWidth > window.innerWidth) {
      document.querySelectorAll("body *").forEach((el) => {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.right > window.innerWidth + 1) {
          wide.push(`${el.tagName.toLowerCase()}${el.className ? "." + String(el.className).trim().replace(/\s+/g, ".") : ""} right=${Math.round(r.right)}`);
        }
      });
    }
    const small = [];
    // Links a finger has to hit: the header's, those in table rows, a link alone on its line.
    const sel = 'button, a.button, input[type="submit"], input[type="button"], select, summary, ' +
      'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), textarea, ' +
      'header.top a, table.list td a, main p > a:only-child';
    document.querySelectorAll(sel).forEach((el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) { return; } // not shown
      if (r.height < minTap || r.width < minTap) {
        const text = (el.textContent || el.getAttribute("name") || "").trim().slice(0, 30);
        small.push(`${el.tagName.toLowerCase()} "${text}" ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    });
    return { scrollWidth: doc.scrollWidth, innerWidth: window.innerWidth, wide: wide.slice(0, 8), small };
  }, minTap);
  assert.ok(m.scrollWidth <= m.innerWidth && m.scrollWidth <= vp.width,
    `${label}: the page scrolls sideways (scrollWidth ${m.scrollWidth} > ${m.innerWidth}); too wide: ${m.wide.join(", ")}`);
  assert.deepEqual(m.small, [], `${label}: touch targets under ${minTap} px`);
}
