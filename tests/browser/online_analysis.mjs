// Issue 17 (online play), what online.mjs leaves out: a short challenge-mode game set up through
// the API, then in the browser
// - the game page at 1024×768 (board squares ≥ 44 px touch targets, on one screen) and at
//   768×1024 (no sideways scroll), by the lib.mjs layout checks;
// - N5: after a challenge, the page and its move list say which words were checked and which
//   were invalid (a phony challenged off, a valid play challenged in vain);
// - the lobby in portrait: the offer comes before the lists, folded into one button;
// - `/online/games/{id}/analysis` at both sizes: every move against the top play, with the
//   difference;
// - `/analyze`: a GCG fixture pasted and analysed, and a broken record refused with its line.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { env, Steps, launch, device, login, api, eventually, layout, onScreen, noSidewaysScroll } from "./lib.mjs";

const { base, admin, shots } = env();
const bin = process.env.ARBITER_BIN || fileURLToPath(new URL("../../target/debug/arbiter", import.meta.url));
const fixture = fileURLToPath(new URL("../data/gcg/liwords_vs_josh.gcg", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "online-analysis-"));
const s = new Steps();
const browser = await launch();
const run = Date.now().toString(36);
const cara = { username: `cara${run}`, password: "a-long-password-5" };
const dan = { username: `dan${run}`, password: "a-long-password-6" };
const SIZES = [
  { name: "landscape", width: 1024, height: 768 },
  { name: "portrait", width: 768, height: 1024 },
];

/** The best play for this rack on this board (`arbiter moves`), as [position, word, score], or null. */
function best(board, rack) {
  const f = join(work, "board.txt");
  writeFileSync(f, board.join("\n") + "\n");
  const out = execFileSync(bin, ["--data-dir", work, "moves", "--board", f, "--rack", rack, "--top", "1"], { encoding: "utf8" });
  const line = out.split("\n").find((l) => /^\S+ \S+ \d+$/.test(l.trim()));
  return line ? line.trim().split(" ") : null;
}
const CONSONANT_WORDS = new Set(["HM", "MM", "SH"]);
/** Two consonants of the rack that make no word (no vowel, no Y, not HM/MM/SH), or null. */
function phony(rack) {
  const cs = rack.split("").filter((c) => /[B-DF-HJ-NP-TV-XZ]/.test(c));
  for (let i = 0; i < cs.length; i++) for (let j = 0; j < cs.length; j++) {
    if (i !== j && !CONSONANT_WORDS.has(cs[i] + cs[j])) { return cs[i] + cs[j]; }
  }
  return null;
}

const tok = {};
let gid = null;
const who = {}; // side → account
/** Once more when the connection dropped (a kept-alive socket the server closed meanwhile);
 * commands carry an idempotency key, so a repeat is applied once. */
async function again(fn) {
  try { return await fn(); } catch (e) {
    if (!/fetch failed/.test(String(e && e.message))) { throw e; }
    return fn();
  }
}
let sent = 0;
const view = (side) => again(() => api(base, "GET", `/api/v1/online/games/${gid}`, undefined, tok[side]));
const cmd = (side, command) => {
  const key = `${run}-${++sent}`;
  return again(() => api(base, "POST", `/api/v1/online/games/${gid}/commands`, { command, idempotency_key: key }, tok[side]));
};
const other = (side) => (side === "a" ? "b" : "a");
const bestPlays = []; // [position, score] of the plays chosen by `arbiter moves`
let phonyWord = null;

await s.step("set-up (API): two accounts, a challenge-mode seek accepted, a phony challenged off", async () => {
  const adminTok = (await api(base, "POST", "/api/v1/auth/token", admin)).token;
  for (const p of [cara, dan]) {
    await api(base, "POST", "/api/v1/users", { username: p.username, password: p.password }, adminTok);
    p.token = (await api(base, "POST", "/api/v1/auth/token", { username: p.username, password: p.password })).token;
  }
  const settings = {
    lexicon: "enable2k", tile_set: "english", mode: { kind: "challenge", rule: "double" }, minutes: 25,
    at_zero: { kind: "overtime", points: 10, max_overtime_minutes: 5 }, rated: false,
  };
  const seek = await api(base, "POST", "/api/v1/online/seeks", { settings }, cara.token);
  const game = await api(base, "POST", `/api/v1/online/seeks/${seek.id}/accept`, {}, dan.token);
  gid = game.id;
  tok.a = cara.token; tok.b = dan.token; who.a = cara; who.b = dan;
  // O3: exchange until the player on turn holds a phony, then play it; the other challenges.
  for (let i = 0; i < 8 && !phonyWord; i++) {
    const v = await view("a");
    const side = v.view.to_move;
    const mine = await view(side);
    const p = phony(mine.view.rack);
    if (!p) { await cmd(side, { type: "exchange", tiles: mine.view.rack }); continue; }
    await cmd(side, { type: "play", move: `8H ${p}` });
    await cmd(other(side), { type: "challenge", words: [] });
    phonyWord = p;
  }
  if (!phonyWord) { throw new Error("no phony could be formed"); }
});

const devs = {};
await s.step("each player opens the game page: cara at 1024×768, dan at 768×1024", async () => {
  for (const size of SIZES) {
    const d = await device(browser, { width: size.width, height: size.height });
    const side = size.name === "landscape" ? "a" : "b";
    await login(base, d.page, who[side]);
    await d.page.goto(`${base}/online/games/${gid}`);
    await d.page.locator("[data-moves] li").first().waitFor();
    devs[side] = d;
  }
});
// Checks of their own (a chain each): a layout fault does not stop the game.
const own = () => ({ broken: null });
await s.step("the game page at 1024×768 and 768×1024: squares are ≥ 44 px touch targets, no sideways scroll, board and controls on one screen", async () => {
  for (const size of SIZES) {
    const d = devs[size.name === "landscape" ? "a" : "b"];
    await noSidewaysScroll(d.page);
    const sq = await d.page.locator('[data-r="7"][data-c="7"]').boundingBox();
    if (sq.width < 44 || sq.height < 44) { throw new Error(`${size.name}: a square is ${sq.width}×${sq.height} px`); }
    // Every button (squares, rack tiles, controls) ≥ 44 px; the page never scrolls sideways.
    await layout(d.page, shots, `online-analysis-game-${size.name}`);
    await onScreen(d.page, ['[data-r="0"][data-c="0"]', '[data-r="14"][data-c="14"]', "[data-rack]", '[data-action="play"]', '[data-action="pass"]', '[data-action="challenge"]']);
  }
}, own());

await s.step("N5: the page and its move list show the phony's check: the words checked and the invalid one", async () => {
  for (const side of ["a", "b"]) {
    const page = devs[side].page;
    const li = page.locator(`[data-moves] li[data-withdrawn][data-invalid="${phonyWord}"]`);
    await li.waitFor();
    const text = await li.innerText();
    if (!text.includes(phonyWord)) { throw new Error(`move line: ${text}`); }
    const box = page.locator("[data-challenge-result]");
    await box.waitFor();
    if ((await box.getAttribute("data-invalid")) !== phonyWord || !(await box.innerText()).includes(phonyWord)) {
      throw new Error(`challenge result: ${await box.innerText()}`);
    }
  }
}, own());

await s.step("N5: a valid play challenged in vain shows every word it formed checked, none invalid, live on both pages", async () => {
  // Two top plays (the second usually crosses the first), then the second is challenged.
  let side = null;
  let words = null;
  for (let i = 0; i < 2; i++) {
    const v = await view("a");
    side = v.view.to_move;
    const mine = await view(side);
    const mv = best(mine.view.board, mine.view.rack);
    if (!mv) { throw new Error(`no play for ${mine.view.rack}`); }
    const after = await cmd(side, { type: "play", move: `${mv[0]} ${mv[1]}` });
    bestPlays.push([mv[0].toUpperCase(), Number(mv[2])]);
    words = after.view.turns[after.view.turns.length - 1].words;
  }
  await cmd(other(side), { type: "challenge", words: [] });
  for (const s2 of ["a", "b"]) {
    const page = devs[s2].page;
    await eventually(async () => {
      const box = page.locator("[data-challenge-result]");
      const checked = (await box.getAttribute("data-checked")) || "";
      if ((await box.getAttribute("data-invalid")) !== "" || checked.split(" ").sort().join(" ") !== [...words].sort().join(" ")) {
        throw new Error(`checked "${checked}", invalid "${await box.getAttribute("data-invalid")}", want ${words}`);
      }
      const li = page.locator(`[data-moves] li[data-checked="${checked}"][data-invalid=""]`);
      if ((await li.count()) !== 1) { throw new Error("no move line with the check"); }
    }, "the valid play's check");
  }
  for (const [s2, size] of [["a", "landscape"], ["b", "portrait"]]) {
    await devs[s2].page.screenshot({ path: `${shots}/online-analysis-challenge-${size}.png` });
  }
});

await s.step("the game ends (O2: one player passes three times in a row)", async () => {
  const v = await view("a");
  let side = v.view.to_move;
  const mine = await view(side);
  const mv = best(mine.view.board, mine.view.rack);
  if (mv) { await cmd(side, { type: "play", move: `${mv[0]} ${mv[1]}` }); bestPlays.push([mv[0].toUpperCase(), Number(mv[2])]); }
  for (let i = 0; i < 6; i++) {
    const now = await view("a");
    if (now.view.result) { break; }
    await cmd(now.view.to_move, { type: "pass" });
  }
  const end = await view("a");
  if (end.view.end !== "three_passes") { throw new Error(`end: ${end.view.end}`); }
  await devs.a.page.locator("[data-status][data-over]").waitFor();
});

/** The analysis table's rows: move text, score, top score and difference, as numbers. */
async function rows(page) {
  return page.locator("table[data-analysis] tbody tr").evaluateAll((trs) => trs.map((tr) => {
    const cells = [...tr.querySelectorAll("td")].map((td) => td.textContent.trim());
    const num = (t) => (t === "" ? null : Number(t.replace("\u2212", "-")));
    return { move: cells[2], score: num(cells[3]), top: cells[4], topScore: num(cells[5]), difference: num(cells[6]) };
  }));
}
/** The page's rows against the API's analysis: every move listed, with the difference to the top. */
function sameAsApi(got, want) {
  if (got.length !== want.moves.length) { throw new Error(`${got.length} rows, ${want.moves.length} moves`); }
  want.moves.forEach((m, i) => {
    const r = got[i];
    if (r.score !== m.score) { throw new Error(`row ${i + 1}: score ${r.score}, want ${m.score}`); }
    if (m.top_score !== null && (r.topScore !== m.top_score || r.difference !== m.difference)) {
      throw new Error(`row ${i + 1}: top ${r.topScore} diff ${r.difference}, want ${m.top_score} ${m.difference}`);
    }
    if (m.top_score !== null && r.difference !== r.topScore - r.score) {
      throw new Error(`row ${i + 1}: the difference ${r.difference} is not ${r.topScore} − ${r.score}`);
    }
    if (!/^(pass|withdrawn|-)/.test(m.played) && !r.move.startsWith(m.played)) { throw new Error(`row ${i + 1}: ${r.move}, want ${m.played}`); }
  });
}

await s.step("the analysis page at both sizes lists every move of the game against the top play, with the difference", async () => {
  const want = await again(() => api(base, "GET", `/api/v1/online/games/${gid}/analysis`, undefined, tok.a));
  const game = await view("a");
  // Every play of the game is a row (by its square and score), withdrawn ones included.
  const plays = game.view.turns.filter((t) => t.kind === "play");
  for (const t of plays) {
    const at = t.mv.split(" ")[0].toUpperCase();
    if (!want.moves.some((m) => m.played.toUpperCase().startsWith(at + " ") && (t.withdrawn || m.score === t.score))) {
      throw new Error(`the play ${t.mv} (${t.score}) is not in the analysis`);
    }
  }
  const passes = game.view.turns.filter((t) => t.kind === "pass").length;
  if (want.moves.filter((m) => m.played === "pass").length < passes) { throw new Error("passes missing"); }
  // The plays `arbiter moves` chose are top plays: difference 0.
  for (const [at, score] of bestPlays) {
    const m = want.moves.find((x) => x.played.toUpperCase().startsWith(at + " ") && x.score === score);
    if (!m || m.difference !== 0) { throw new Error(`top play ${at} ${score}: ${JSON.stringify(m)}`); }
  }
  for (const size of SIZES) {
    const d = size.name === "landscape" ? devs.a : devs.b;
    await d.page.goto(`${base}/online/games/${gid}/analysis`);
    await d.page.locator("table[data-analysis]").waitFor();
    sameAsApi(await rows(d.page), want);
    const totals = await d.page.locator("table[data-totals] tbody tr").count();
    if (totals !== 2) { throw new Error(`${totals} totals rows`); }
    await layout(d.page, shots, `online-analysis-${size.name}`);
  }
});

await s.step("the lobby in portrait: the offer is one clear button above the lists, and opens in place", async () => {
  const page = devs.b.page;
  await page.goto(`${base}/online`);
  const button = page.locator('[data-action="show-offer"]');
  await button.waitFor();
  await onScreen(page, ['[data-action="show-offer"]']);
  const b = await button.boundingBox();
  const lists = await page.locator("[data-my-games]").boundingBox();
  if (!(b.y + b.height <= lists.y)) { throw new Error(`the offer at y=${b.y}, the lists at y=${lists.y}`); }
  await layout(page, shots, "online-analysis-lobby-portrait");
  await button.click();
  await page.locator('[data-seek-form] select[name="mode"]').waitFor();
  const form = await page.locator("[data-seek-form]").boundingBox();
  if (!(form.y + form.height <= (await page.locator("[data-my-games]").boundingBox()).y)) { throw new Error("the open form is not above the lists"); }
  // N2: the overtime limit is on the form; 11 minutes is refused naming it.
  await page.fill('input[name="max_overtime_minutes"]', "11");
  await page.click('[data-action="offer-seek"]');
  await page.locator('[data-error="seek"]:not([hidden])').waitFor();
  await page.locator('input[name="max_overtime_minutes"][aria-invalid="true"]').waitFor();
  await layout(page, shots, "online-analysis-lobby-portrait-open");
  // In landscape the form stands open beside the lists.
  const land = devs.a.page;
  await land.goto(`${base}/online`);
  const f = await land.locator("[data-seek-form]").boundingBox();
  const l = await land.locator("[data-my-games]").boundingBox();
  if (!(f.x >= l.x + l.width - 1) || f.y > l.y + 200) { throw new Error(`landscape: form at ${f.x},${f.y}, lists at ${l.x},${l.y}`); }
  await layout(land, shots, "online-analysis-lobby-landscape");
}, own());

await s.step("the game page shows the overtime limit in its settings", async () => {
  const page = devs.a.page;
  await page.goto(`${base}/online/games/${gid}`);
  const text = await page.locator("[data-settings]").innerText();
  if (!/5/.test(text)) { throw new Error(`settings: ${text}`); }
}, own());

const gcg = readFileSync(fixture, "utf8");
await s.step("/analyze: a pasted GCG fixture is analysed move by move (both sizes)", async () => {
  const want = await again(() => api(base, "POST", "/api/v1/analyze", { gcg }, tok.a));
  for (const size of SIZES) {
    const d = size.name === "landscape" ? devs.a : devs.b;
    await d.page.goto(`${base}/analyze`);
    await d.page.fill('textarea[name="gcg"]', gcg);
    await d.page.click('[data-action="analyze"]');
    await d.page.locator("table[data-analysis]").waitFor();
    sameAsApi(await rows(d.page), want);
    await layout(d.page, shots, `online-analysis-upload-${size.name}`);
  }
}, own());

await s.step("/analyze: a broken record is refused on the form with its line, the text kept to fix", async () => {
  const lines = gcg.split("\n");
  const n = 5; // a play line of the fixture, given a square off the board
  lines[n - 1] = lines[n - 1].replace(/ \S+ (\S+) \+/, " 99Z $1 +");
  const bad = lines.join("\n");
  for (const size of SIZES) {
    const d = size.name === "landscape" ? devs.a : devs.b;
    await d.page.goto(`${base}/analyze`);
    await d.page.fill('textarea[name="gcg"]', bad);
    await d.page.click('[data-action="analyze"]');
    const err = d.page.locator("#analyze [data-error]");
    await err.waitFor();
    const text = await err.innerText();
    if (!new RegExp(`\\b${n}\\b`).test(text)) { throw new Error(`the error does not name line ${n}: ${text}`); }
    if ((await d.page.locator("table[data-analysis]").count()) !== 0) { throw new Error("an analysis shown for a refused record"); }
    if (!(await d.page.inputValue('textarea[name="gcg"]')).includes("99Z")) { throw new Error("the record is not kept"); }
    await onScreen(d.page, ["#analyze [data-error]"]);
    await layout(d.page, shots, `online-analysis-upload-refused-${size.name}`);
  }
}, own());

await s.step("no script errors", async () => {
  const all = Object.values(devs).flatMap((d) => d.problems).filter((p) => !/status of (400|403|409|422)/.test(p));
  if (all.length) { throw new Error(all.join("\n")); }
}, own());
await browser.close();
s.finish();
