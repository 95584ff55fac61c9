// Issue 18: the public pages of an individual event, signed out, at both tablet sizes. Sets up
// an event through the API (two divisions, a few rounds, results by quick entry), then checks the
// home page's link, the event page, each division's standings, pairings (alphabetical), results,
// a player's and a club's page against numbers computed here from the results entered, that a
// result entered while the standings are open arrives live (no reload), and the print views.
import { env, Steps, launch, device, openLive, notReloaded, api, eventually, noSidewaysScroll } from "./lib.mjs";

const E = env();
const steps = new Steps();
const ev = {};

/** Pairs the next round of division `d` and enters `score(a, b)` for each of its games. */
async function playRound(d, score) {
  const r = await api(E.base, "POST", `/api/v1/individual/divisions/${d.id}/rounds`, {}, ev.token);
  const games = r.lines.filter((l) => l.b != null);
  const text = games.map((l) => { const [sa, sb] = score(l.a, l.b); return `${l.a} ${sa} ${l.b} ${sb}`; }).join("\n");
  if (text) { await api(E.base, "POST", `/api/v1/individual/divisions/${d.id}/rounds/${r.round}/results`, { text }, ev.token); }
  for (const l of r.lines) {
    if (l.b == null) { d.results.push({ round: r.round, table: null, a: l.a, b: null, sa: null, sb: null }); continue; }
    const [sa, sb] = score(l.a, l.b);
    d.results.push({ round: r.round, table: l.table, a: l.a, b: l.b, sa, sb });
  }
  d.rounds.push(r);
  return r;
}

/** Wins, losses and spread of every player, from the results entered (a bye: a win by 50). */
function tally(d) {
  const t = {};
  for (const p of d.players) { t[p.number] = { wins: 0, losses: 0, spread: 0 }; }
  for (const g of d.results) {
    if (g.b == null) { t[g.a].wins += 1; t[g.a].spread += 50; continue; }
    if (g.sa == null) { continue; }
    const diff = g.sa - g.sb;
    t[g.a].spread += diff; t[g.b].spread -= diff;
    if (diff > 0) { t[g.a].wins += 1; t[g.b].losses += 1; } else if (diff < 0) { t[g.b].wins += 1; t[g.a].losses += 1; } else { t[g.a].wins += 0.5; t[g.b].wins += 0.5; }
  }
  return t;
}

const nameOf = (d, n) => d.players.find((p) => p.number === n).name;
const beats = (x, y) => (x < y ? [400 + 10 * y, 350] : [330, 420 + x]);

await steps.step("set-up: a public event, two divisions, rounds and results by quick entry", async () => {
  ev.token = (await api(E.base, "POST", "/api/v1/auth/token", E.admin)).token;
  const e = await api(E.base, "POST", "/api/v1/individual/events", { name: "Borneo Open", public: true }, ev.token);
  ev.id = e.id;
  ev.divs = [];
  for (const [name, plan, players] of [
    ["A", [{ first: 1, last: 4, method: "round_robin" }], [["Zamri, Ali", 1700, "Kuching"], ["Bakar, Siti", 1600, "Kuching"], ["Lee, Mei", 1500, "Miri"], ["Anak, Jon", 1400, "Miri"]]],
    ["B", [{ first: 1, last: 3, method: "swiss" }], [["Tan, Wei", 1300, ""], ["Ong, Ray", 1250, ""], ["Ho, Kim", 1200, ""], ["Chua, Lin", 1100, ""], ["Goh, Tom", 1000, ""]]],
  ]) {
    const d = await api(E.base, "POST", `/api/v1/individual/events/${ev.id}/divisions`, { name, plan, gibson_prizes: 1 }, ev.token);
    const div = { id: d.id, name, players: [], results: [], rounds: [] };
    for (const [n, rating, club] of players) {
      div.players.push(await api(E.base, "POST", `/api/v1/individual/divisions/${d.id}/players`, { name: n, rating, club }, ev.token));
    }
    ev.divs.push(div);
  }
  await playRound(ev.divs[0], beats);
  await playRound(ev.divs[0], (a, b) => (a % 2 ? [380, 381] : [402, 399]));
  await playRound(ev.divs[1], beats);
  await playRound(ev.divs[1], (a, b) => [350, 350]);
});

const sizes = [["landscape", 1024, 768], ["portrait", 768, 1024]];
const browser = await launch();
const devs = {};
for (const [tag, width, height] of sizes) { devs[tag] = await device(browser, { width, height }); }

/** Every link and button in the page's main area is at least 44 px high. */
async function touchTargets(page) {
  const small = await page.evaluate(() => [...document.querySelectorAll("main a, main button")]
    .filter((el) => el.offsetParent !== null)
    .map((el) => [el.textContent.trim().slice(0, 30), Math.round(el.getBoundingClientRect().height)])
    .filter(([, h]) => h < 44));
  if (small.length) { throw new Error(`touch targets under 44 px: ${JSON.stringify(small.slice(0, 5))}`); }
}

for (const [tag] of sizes) {
  const { page } = devs[tag];
  steps.reset();
  await steps.step(`${tag}: the home page lists the event and links its page, signed out`, async () => {
    await page.goto(E.base + "/");
    const link = page.locator(`[data-event="${ev.id}"][data-format="individual"] [data-event-link]`);
    if ((await link.getAttribute("href")) !== `/individual/events/${ev.id}`) { throw new Error("no link to the event page"); }
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${E.shots}/indpub-home-${tag}.png`, fullPage: true });
    await link.click();
    await page.waitForURL((u) => u.pathname === `/individual/events/${ev.id}`);
    for (const d of ev.divs) {
      if ((await page.locator(`[data-division="${d.id}"] a[data-link="standings"]`).count()) !== 1) { throw new Error(`no standings link for ${d.name}`); }
    }
    await noSidewaysScroll(page);
    await touchTargets(page);
  });
  for (const d of ev.divs) {
    await steps.step(`${tag}: division ${d.name}'s standings match the results entered`, async () => {
      await page.goto(`${E.base}/individual/divisions/${d.id}/standings`);
      const t = tally(d);
      const rows = await page.locator("[data-standings] tbody tr").evaluateAll((trs) => trs.map((tr) => ({
        n: Number(tr.dataset.player), record: tr.querySelector("[data-record]").textContent.trim(),
        spread: Number(tr.querySelector("[data-spread]").textContent.trim()) })));
      if (rows.length !== d.players.length) { throw new Error(`${rows.length} rows`); }
      let prev = null;
      for (const r of rows) {
        const want = t[r.n];
        if (r.record !== `${want.wins}–${want.losses}` || r.spread !== want.spread) {
          throw new Error(`player ${r.n}: page ${r.record} ${r.spread}, computed ${want.wins}–${want.losses} ${want.spread}`);
        }
        if (prev && (want.wins > prev.wins || (want.wins === prev.wins && want.spread > prev.spread))) { throw new Error(`player ${r.n} ranked below a worse line`); }
        prev = want;
      }
      await noSidewaysScroll(page);
      await touchTargets(page);
      await page.screenshot({ path: `${E.shots}/indpub-standings-${d.name}-${tag}.png`, fullPage: true });
    });
    await steps.step(`${tag}: division ${d.name}'s pairings list every round by table and alphabetically`, async () => {
      await page.goto(`${E.base}/individual/divisions/${d.id}/pairings`);
      for (const r of d.rounds) {
        const alpha = await page.locator(`[data-alphabetical="${r.round}"] tbody tr`).evaluateAll((trs) => trs.map((tr) => ({
          n: Number(tr.dataset.alpha), name: tr.querySelector("[data-name]").textContent.trim(),
          table: tr.querySelector("[data-table]").textContent.trim(), opp: tr.querySelector("[data-opponent]").textContent.trim() })));
        const names = alpha.map((a) => a.name);
        const sorted = [...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase()));
        if (names.join("|") !== sorted.join("|")) { throw new Error(`round ${r.round} not alphabetical: ${names}`); }
        if (alpha.length !== d.players.length) { throw new Error(`round ${r.round}: ${alpha.length} lines`); }
        for (const l of r.lines) {
          const a = alpha.find((x) => x.n === l.a);
          if (l.b == null) { if (a.table !== "—") { throw new Error(`bye of ${l.a} at table ${a.table}`); } continue; }
          const b = alpha.find((x) => x.n === l.b);
          if (a.table !== String(l.table) || b.table !== String(l.table)) { throw new Error(`round ${r.round} table of ${l.a}/${l.b}`); }
          if (!a.opp.startsWith(nameOf(d, l.b)) || !b.opp.startsWith(nameOf(d, l.a))) { throw new Error(`round ${r.round} opponents of ${l.a}/${l.b}`); }
        }
      }
      await noSidewaysScroll(page);
      await touchTargets(page);
      await page.screenshot({ path: `${E.shots}/indpub-pairings-${d.name}-${tag}.png`, fullPage: true });
    });
    await steps.step(`${tag}: division ${d.name}'s results show scores, winner and spread`, async () => {
      await page.goto(`${E.base}/individual/divisions/${d.id}/results`);
      for (const g of d.results.filter((x) => x.b != null)) {
        const row = page.locator(`[data-results="${g.round}"] tr[data-line="${g.a}"]`);
        const [sa, sb, winner, spread] = await Promise.all(["[data-score-a]", "[data-score-b]", "[data-winner]", "[data-result-spread]"].map((s) => row.locator(s).textContent()));
        const want = g.sa === g.sb ? null : nameOf(d, g.sa > g.sb ? g.a : g.b);
        if (Number(sa) !== g.sa || Number(sb) !== g.sb || Number(spread) !== Math.abs(g.sa - g.sb) || (want && winner.trim() !== want)) {
          throw new Error(`round ${g.round} ${g.a}-${g.b}: ${sa} ${sb} ${winner} ${spread}`);
        }
      }
      await noSidewaysScroll(page);
      await page.screenshot({ path: `${E.shots}/indpub-results-${d.name}-${tag}.png`, fullPage: true });
    });
  }
  await steps.step(`${tag}: a player's page shows each game with its running record, and the club page its players`, async () => {
    const d = ev.divs[0];
    const p = d.players[2];
    await page.goto(`${E.base}/individual/divisions/${d.id}/standings`);
    await page.click(`tr[data-player="${p.number}"] a[data-name]`);
    await page.waitForURL((u) => u.pathname.endsWith(`/players/${p.number}`));
    let w = 0, l = 0;
    for (const g of d.results.filter((x) => x.a === p.number || x.b === p.number)) {
      const mine = g.a === p.number ? g.sa - g.sb : g.sb - g.sa;
      if (mine > 0) { w += 1; } else if (mine < 0) { l += 1; } else { w += 0.5; }
      const row = page.locator(`tr[data-game="${g.round}"]`);
      const record = (await row.locator("[data-record]").textContent()).trim();
      const spread = Number((await row.locator("[data-spread]").textContent()).trim());
      const side = await row.locator("[data-side]").getAttribute("data-side");
      if (record !== `${w}–${l}` || spread !== mine || side !== (g.a === p.number ? "first" : "second")) {
        throw new Error(`round ${g.round}: ${record} ${spread} ${side}, computed ${w}–${l} ${mine}`);
      }
    }
    await noSidewaysScroll(page);
    await touchTargets(page);
    await page.screenshot({ path: `${E.shots}/indpub-player-${tag}.png`, fullPage: true });
    await page.click("a[data-club]");
    await page.waitForURL((u) => u.pathname.includes("/clubs/"));
    const shown = (await page.locator("[data-club-players] tbody tr").evaluateAll((trs) => trs.map((tr) => Number(tr.dataset.player)))).sort();
    const want = d.players.filter((x) => x.club === p.club).map((x) => x.number).sort();
    if (shown.join() !== want.join()) { throw new Error(`club shows ${shown}, wants ${want}`); }
    await noSidewaysScroll(page);
  });
  await steps.step(`${tag}: the print views are A4 sheets without navigation`, async () => {
    const d = ev.divs[0];
    for (const what of ["standings", "pairings", "results"]) {
      await page.goto(`${E.base}/individual/divisions/${d.id}/${what}/print`);
      if ((await page.locator("[data-live]").count()) !== 0) { throw new Error(`${what}: the print view is live`); }
      await page.emulateMedia({ media: "print" });
      const hidden = await page.evaluate(() => ["header.top", ".indp-nav"].every((s) => [...document.querySelectorAll(s)].every((el) => getComputedStyle(el).display === "none")));
      if (!hidden) { throw new Error(`${what}: navigation printed`); }
      await page.screenshot({ path: `${E.shots}/indpub-print-${what}-${tag}.png`, fullPage: true });
      await page.emulateMedia({ media: "screen" });
    }
  });
}

steps.reset();
await steps.step("portrait: a result entered arrives on the open standings page without a reload", async () => {
  const { page } = devs.portrait;
  const d = ev.divs[1];
  await openLive(E.base, page, `/individual/divisions/${d.id}/standings`);
  const r = await api(E.base, "POST", `/api/v1/individual/divisions/${d.id}/rounds`, {}, ev.token);
  const g = r.lines.find((l) => l.b != null);
  await api(E.base, "POST", `/api/v1/individual/divisions/${d.id}/rounds/${r.round}/results`, { text: `${g.a} 500 ${g.b} 250` }, ev.token);
  d.results.push({ round: r.round, table: g.table, a: g.a, b: g.b, sa: 500, sb: 250 });
  for (const l of r.lines.filter((x) => x.b == null)) { d.results.push({ round: r.round, table: null, a: l.a, b: null, sa: null, sb: null }); }
  const want = tally(d)[g.a];
  const shows = async () => {
    const rec = (await page.locator(`tr[data-player="${g.a}"] [data-record]`).textContent()).trim();
    if (rec !== `${want.wins}–${want.losses}`) { throw new Error(`shows ${rec}`); }
  };
  // The quick entry announces itself on the event's stream (LiveMessage::Individual).
  await eventually(shows, "the new result");
  await notReloaded(page);
  await page.screenshot({ path: `${E.shots}/indpub-live-portrait.png`, fullPage: true });
});

await steps.step("no script errors or failed requests on any page", async () => {
  const all = Object.values(devs).flatMap((d) => d.problems);
  if (all.length) { throw new Error(all.join("\n")); }
});

await browser.close();
steps.finish();
