// Issue 17 (online play) through the pages: two players register in their own browsers, one
// offers a dictionary-mode seek in the lobby, the other accepts and both land on the game page;
// plays are laid by tapping a square and typing, their score previewed before sending; a
// spectator follows live without racks; no answer a browser received ever holds the opponent's
// rack; the game page fits both tablet sizes. Plays are chosen with `arbiter moves`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { env, Steps, launch, device, eventually, inViewport, noSidewaysScroll } from "./lib.mjs";

const { base, shots } = env();
const bin = process.env.ARBITER_BIN || fileURLToPath(new URL("../../target/debug/arbiter", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "online-"));
const s = new Steps();
const browser = await launch();
const run = Date.now().toString(36);
const ann = { username: `ann${run}`, password: "a-long-password-1" };
const bob = { username: `bob${run}`, password: "a-long-password-2" };

/** Every body a device received, with its URL, for the rack check. */
function record(page, into) {
  page.on("response", async (r) => {
    try { into.push({ url: r.url(), body: await r.text() }); } catch (e) { /* streams, redirects */ }
  });
}
const A = await device(browser, { width: 1024, height: 768 });
const B = await device(browser, { width: 768, height: 1024 });
const S = await device(browser, { width: 1024, height: 768 });
const seen = { a: [], b: [], s: [] };
record(A.page, seen.a); record(B.page, seen.b); record(S.page, seen.s);

async function register(dev, who) {
  await dev.page.goto(`${base}/online/register`);
  await dev.page.fill('input[name="username"]', who.username);
  await dev.page.fill('input[name="password"]', who.password);
  await Promise.all([dev.page.waitForURL((u) => u.pathname === "/online"), dev.page.click('[data-action="register"]')]);
}
async function view(dev, id) {
  return dev.page.evaluate(async (id) => (await fetch(`/api/v1/online/games/${id}`)).json(), id);
}
/** The best play for this rack on this board (`arbiter moves`), or null. */
function best(board, rack) {
  const f = join(work, "board.txt");
  writeFileSync(f, board.join("\n") + "\n");
  const out = execFileSync(bin, ["--data-dir", work, "moves", "--board", f, "--rack", rack, "--top", "1"], { encoding: "utf8" });
  const line = out.split("\n").find((l) => /^\S+ \S+ \d+$/.test(l.trim()));
  return line ? line.trim().split(" ") : null;
}
/** Lays `mv` (GCG) by tapping its first free square (twice for down) and typing its new letters. */
async function lay(dev, board, mv) {
  const down = /^[A-O]/.test(mv[0]);
  const todo = squares(board, mv);
  const sq = dev.page.locator(`[data-r="${todo[0][0]}"][data-c="${todo[0][1]}"]`);
  await sq.click();
  if (down) { await sq.click(); }
  // A blank's letter (lowercase in GCG) is typed after "?".
  await dev.page.keyboard.type(todo.map(([, , ch]) => (/[a-z]/.test(ch) ? "?" + ch : ch)).join(""));
}

let game = null;
await s.step("two players register through the registration page and land in the lobby", async () => {
  await register(A, ann);
  await register(B, bob);
  const nav = await A.page.locator('header nav a[href="/online"]').count();
  if (!nav) { throw new Error("no lobby link in the header"); }
});
await s.step("a refusal shows on the registration form (the name is taken)", async () => {
  await S.page.goto(`${base}/online/register`);
  await S.page.fill('input[name="username"]', ann.username);
  await S.page.fill('input[name="password"]', "another-password-3");
  await S.page.click('[data-action="register"]');
  await S.page.locator('[data-error="register"]').waitFor();
});
await s.step("ann offers a rated dictionary-mode seek; bob sees it live and accepts; both reach the game", async () => {
  await A.page.goto(`${base}/online`);
  await B.page.goto(`${base}/online`);
  await A.page.selectOption('select[name="mode"]', "dictionary");
  await A.page.click('[data-action="offer-seek"]');
  const btn = B.page.locator(`[data-open-seeks] li[data-by="${ann.username}"] [data-action="accept-seek"]`);
  await eventually(async () => { if (!(await btn.count())) { throw new Error("no seek"); } }, "the seek in bob's lobby");
  for (const [dev, name] of [[A, "landscape"], [B, "portrait"]]) {
    await noSidewaysScroll(dev.page);
    await dev.page.screenshot({ path: `${shots}/online-lobby-${name}.png`, fullPage: true });
  }
  // The first game of a server builds its word graph: give it time.
  await Promise.all([B.page.waitForURL(/\/online\/games\/\d+$/, { timeout: 90000 }), btn.first().click()]);
  game = B.page.url().match(/games\/(\d+)$/)[1];
  await A.page.waitForURL(new RegExp(`/online/games/${game}$`), { timeout: 15000 });
});
const racks = { a: new Set(), b: new Set() };
const games = [];
/** Both players' current views, and which device is on turn. */
async function turn(id) {
  const va = await view(A, id), vb = await view(B, id);
  racks[va.you].add(va.view.rack); racks[vb.you].add(vb.view.rack);
  const aOn = va.view.to_move === va.you;
  return { mover: aOn ? A : B, other: aOn ? B : A, v: aOn ? va : vb, w: aOn ? vb : va };
}
/** The mover lays the best play through the page (first play: dragged), checks the previewed
 * score and sends it; returns the move, or null when there is none (then it passes). */
async function playBest(id, t, { drag = false } = {}) {
  const mv = best(t.v.view.board, t.v.view.rack);
  const n = t.v.view.turns.length;
  if (!mv) { await t.mover.page.click('[data-action="pass"]'); }
  else {
    if (drag && !/[a-z]/.test(mv[1])) { await dragIn(t.mover, t.v.view.board, mv); } else { await lay(t.mover, t.v.view.board, mv); }
    await eventually(async () => {
      const score = await t.mover.page.locator("[data-preview]").getAttribute("data-preview-score");
      if (score !== mv[2]) { throw new Error(`preview ${score}, want ${mv[2]} for ${mv.join(" ")}`); }
    }, "the previewed score");
    await t.mover.page.click('[data-action="play"]');
  }
  await eventually(async () => {
    const got = await S.page.locator("[data-moves] li").count();
    if (got <= n) { throw new Error(`${got} moves`); }
  }, "the move on the spectator's page");
  return mv;
}
/** Drags each new tile of `mv` from the rack onto its square (pointer events, as a finger would). */
async function dragIn(dev, board, mv) {
  for (const [r, c, ch] of squares(board, mv)) {
    const tile = dev.page.locator(`[data-rack] [data-letter="${ch}"]:not(.used)`).first();
    const from = await tile.boundingBox();
    const to = await dev.page.locator(`[data-r="${r}"][data-c="${c}"]`).boundingBox();
    await dev.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await dev.page.mouse.down();
    await dev.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
    await dev.page.mouse.up();
  }
}
function squares(board, mv) {
  const [pos, raw] = mv;
  const word = raw.replace(/[()]/g, "");
  const down = /^[A-O]/.test(pos);
  const col = (down ? pos[0] : pos.slice(-1)).charCodeAt(0) - 65;
  const row = parseInt(down ? pos.slice(1) : pos, 10) - 1;
  const out = [];
  for (let i = 0; i < word.length; i++) {
    const r = down ? row + i : row, c = down ? col : col + i;
    if (board[r][c] === ".") { out.push([r, c, word[i]]); }
  }
  return out;
}
async function watch(id) {
  await S.page.goto(`${base}/online`);
  await S.page.locator(`[data-watch-game="${id}"] a`).click();
  await S.page.waitForURL(new RegExp(`/online/games/${id}$`));
  if (await S.page.locator("[data-rack]").count()) { throw new Error("a spectator sees a rack"); }
  await S.page.locator("[data-spectator]").waitFor();
}
await s.step("the spectator watches game 1 from the lobby: no rack, no controls", async () => {
  await watch(game);
  games.push(game);
});

let ended = null;
await s.step("game 1 (O1 dictionary mode) is played through the pages to its O1 end", async () => {
  for (let i = 0; i < 80; i++) {
    const t = await turn(game);
    if (t.v.view.result) { ended = t.v.view; break; }
    await playBest(game, t, { drag: i === 0 });
  }
  if (!ended) { throw new Error("the game did not end"); }
  console.log(`# game 1 ended by ${ended.end} after ${ended.turns.length} turns, ${ended.scores.a}–${ended.scores.b}`);
  if (!["out_play", "no_play_possible"].includes(ended.end)) { throw new Error(`ended by ${ended.end}`); }
  await A.page.locator("[data-status][data-over]").waitFor();
  await S.page.locator("[data-status][data-over]").waitFor();
  await A.page.locator("[data-rating-change]").first().waitFor();
});
let game2 = null;
const CONSONANT_WORDS = new Set(["HM", "MM", "SH"]);
/** Two consonants of the rack that make no word (no vowel, no Y, not HM/MM/SH), or null. */
function phony(rack) {
  const cs = rack.split("").filter((c) => /[B-DF-HJ-NP-TV-XZ]/.test(c));
  for (let i = 0; i < cs.length; i++) for (let j = 0; j < cs.length; j++) {
    if (i !== j && !CONSONANT_WORDS.has(cs[i] + cs[j])) { return cs[i] + cs[j]; }
  }
  return null;
}
await s.step("game 2 (O2 challenge mode, double): offered as a direct challenge, accepted from the list of challenges", async () => {
  await A.page.goto(`${base}/online`);
  await B.page.goto(`${base}/online`);
  await A.page.selectOption('select[name="mode"]', "challenge");
  await A.page.selectOption('select[name="rule"]', "double");
  await A.page.fill('input[name="opponent"]', bob.username);
  await A.page.click('[data-action="offer-seek"]');
  const btn = B.page.locator('[data-challenges-to-me] [data-action="accept-seek"]');
  await eventually(async () => { if (!(await btn.count())) { throw new Error("no challenge"); } }, "the challenge in bob's lobby");
  await Promise.all([B.page.waitForURL(/\/online\/games\/\d+$/), btn.first().click()]);
  game2 = B.page.url().match(/games\/(\d+)$/)[1];
  await A.page.waitForURL(new RegExp(`/online/games/${game2}$`), { timeout: 15000 });
  await watch(game2);
  games.push(game2);
});
let phonyBy = null;
await s.step("O2: a phony is played and challenged off (N5 double: withdrawn, scores 0)", async () => {
  for (let i = 0; i < 6 && !phonyBy; i++) {
    const t = await turn(game2);
    const p = phony(t.v.view.rack);
    if (!p) {
      // O3: any number of tiles may be exchanged, until a rack holds a phony.
      await t.mover.page.click('[data-action="exchange"]');
      for (let k = 0; k < 7; k++) { await t.mover.page.locator(`[data-rack-index="${k}"]`).click(); }
      await t.mover.page.click('[data-action="exchange-confirm"]');
      await eventually(async () => { if ((await view(A, game2)).view.turns.length <= t.v.view.turns.length) { throw new Error("no exchange"); } }, "the exchange");
      continue;
    }
    await lay(t.mover, t.v.view.board, ["8H", p]);
    await t.mover.page.click('[data-action="play"]');
    await t.other.page.locator('[data-action="challenge"]:not([disabled])').waitFor();
    await t.other.page.click('[data-action="challenge"]');
    phonyBy = t.v.you;
  }
  if (!phonyBy) { throw new Error("no phony could be formed"); }
  await eventually(async () => {
    const v = (await view(A, game2)).view;
    const last = v.turns.filter((x) => x.kind === "play").pop();
    if (!last || !last.withdrawn || last.score !== 0) { throw new Error(JSON.stringify(last)); }
    if (v.scores[phonyBy] !== 0) { throw new Error(`score ${v.scores[phonyBy]}`); }
  }, "the phony withdrawn");
  await S.page.locator("[data-moves] li[data-withdrawn]").waitFor();
  // N5: the words checked and the invalid one are shown, to the spectator too.
  await S.page.locator('[data-moves] li[data-withdrawn][data-invalid]:not([data-invalid=""])').waitFor();
});
let wordBy = null;
await s.step("O2: a valid word challenged unsuccessfully: it stands and the challenger loses the next turn (N5 double)", async () => {
  const t = await turn(game2);
  wordBy = t.v.you;
  const mv = await playBest(game2, t);
  if (!mv) { throw new Error("no play"); }
  await t.other.page.locator('[data-action="challenge"]:not([disabled])').waitFor();
  await t.other.page.click('[data-action="challenge"]');
  await eventually(async () => {
    const v = (await view(A, game2)).view;
    const play = v.turns.filter((x) => x.kind === "play").pop();
    if (play.withdrawn || String(play.score) !== mv[2]) { throw new Error(JSON.stringify(play)); }
    if (v.to_move !== wordBy) { throw new Error(`to move: ${v.to_move}`); }
    if (!v.turns.some((x) => x.kind === "lost_turn" && x.side !== wordBy)) { throw new Error("no lost turn"); }
  }, "the challenge lost");
  // N5: every word the play formed was checked, none invalid.
  await S.page.locator('[data-challenge-result][data-invalid=""]').waitFor();
});
await s.step("the game page fits 1024×768 and 768×1024: board, rack and controls on one screen", async () => {
  for (const [dev, name] of [[A, "landscape"], [B, "portrait"]]) {
    await noSidewaysScroll(dev.page);
    await inViewport(dev.page, ['[data-r="0"][data-c="0"]', '[data-r="14"][data-c="14"]', "[data-rack]", '[data-action="play"]', '[data-action="pass"]', '[data-action="challenge"]']);
    await dev.page.screenshot({ path: `${shots}/online-game-${name}.png` });
  }
  await S.page.screenshot({ path: `${shots}/online-spectator.png` });
});
await s.step("reloading resumes the game; a refused command is shown next to the controls", async () => {
  const t = await turn(game2);
  await t.other.page.reload();
  await t.other.page.locator("[data-moves] li").first().waitFor();
  // The reloaded page's script may still redraw its controls (disabled: not this player's
  // turn) after the list is shown, so the button is enabled and pressed in one script task,
  // and again until the server's refusal is on the page.
  await eventually(async () => {
    await t.other.page.evaluate(() => {
      const pass = document.querySelector('[data-action="pass"]');
      pass.disabled = false;
      pass.click();
    });
    await t.other.page.locator('[data-error="command"]:not([hidden])').waitFor({ timeout: 1500 });
  }, "the refusal next to the controls", 15000);
});
await s.step("O2: one player passes three times in a row and the game ends", async () => {
  for (let i = 0; i < 3; i++) {
    let t = await turn(game2);
    if (t.v.you !== wordBy) { await playBest(game2, t); t = await turn(game2); }
    const n = t.v.view.turns.length;
    await t.mover.page.click('[data-action="pass"]');
    await eventually(async () => { if ((await view(A, game2)).view.turns.length <= n) { throw new Error("no pass"); } }, "the pass");
  }
  await eventually(async () => {
    const v = (await view(A, game2)).view;
    if (v.end !== "three_passes") { throw new Error(`end: ${v.end}`); }
  }, "the O2 end");
  await B.page.locator("[data-status][data-over]").waitFor();
  await S.page.locator("[data-status][data-over]").waitFor();
});

// Glicko-2 (Glickman, "Example of the Glicko-2 system"), one game a rating period, τ = 0.5.
function glicko2(me, opp, score) {
  const q = 173.7178, tau = 0.5, eps = 0.000001;
  const mu = (me.r - 1500) / q, phi = me.rd / q, muJ = (opp.r - 1500) / q, phiJ = opp.rd / q;
  const g = 1 / Math.sqrt(1 + 3 * phiJ * phiJ / (Math.PI * Math.PI));
  const E = 1 / (1 + Math.exp(-g * (mu - muJ)));
  const v = 1 / (g * g * E * (1 - E));
  const delta = v * g * (score - E);
  const a = Math.log(me.vol * me.vol);
  const f = (x) => Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x)) / (2 * (phi * phi + v + Math.exp(x)) ** 2) - (x - a) / (tau * tau);
  let A1 = a, B1;
  if (delta * delta > phi * phi + v) { B1 = Math.log(delta * delta - phi * phi - v); } else { let k = 1; while (f(a - k * tau) < 0) { k++; } B1 = a - k * tau; }
  let fA = f(A1), fB = f(B1);
  while (Math.abs(B1 - A1) > eps) {
    const C = A1 + (A1 - B1) * fA / (fB - fA), fC = f(C);
    if (fC * fB <= 0) { A1 = B1; fA = fB; } else { fA /= 2; }
    B1 = C; fB = fC;
  }
  const vol = Math.exp(A1 / 2);
  const phiStar = Math.sqrt(phi * phi + vol * vol);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * g * (score - E);
  return { r: q * muNew + 1500, rd: q * phiNew, vol };
}
await s.step("O4: the ratings on both profiles moved as Glicko-2 says for each game", async () => {
  const fresh = { r: 1500, rd: 350, vol: 0.06 };
  for (const id of games) {
    const g = await view(A, id);
    const variant = g.variant, w = g.view.result.winner;
    for (const [dev, who] of [[A, ann], [B, bob]]) {
      const side = g.view.names.a === who.username ? "a" : "b";
      const score = w === null ? 0.5 : (w === side ? 1 : 0);
      const want = glicko2(fresh, fresh, score);
      await dev.page.goto(`${base}/online/players/${who.username}`);
      const row = dev.page.locator(`[data-ratings] tr[data-variant="${variant}"]`);
      const r = parseFloat(await row.getAttribute("data-rating"));
      const rd = parseFloat(await row.getAttribute("data-deviation"));
      if (Math.abs(r - want.r) > 0.01 || Math.abs(rd - want.rd) > 0.01) {
        throw new Error(`${who.username} in ${variant}: ${r}/${rd}, Glicko-2 says ${want.r.toFixed(2)}/${want.rd.toFixed(2)}`);
      }
      await dev.page.locator(`[data-history-game="${id}"]`).waitFor();
    }
  }
  await A.page.screenshot({ path: `${shots}/online-profile.png` });
  await A.page.goto(`${base}/online/leaderboard`);
  await A.page.locator(`[data-player="${ann.username}"], [data-player="${bob.username}"]`).first().waitFor();
  await A.page.screenshot({ path: `${shots}/online-leaderboard.png` });
});
await s.step("no answer a player or the spectator received holds the opponent's rack", async () => {
  const leaks = [];
  const check = (list, racksOf, who) => {
    for (const { url, body } of list) {
      // The unseen tiles are bag + opponent's rack as one multiset (the tracking aid): drop them.
      const text = body.replace(/"unseen":"[A-Z?]*"/g, "");
      for (const rack of racksOf) {
        if (rack.length >= 5 && (text.includes(`"rack":"${rack}"`) || text.includes(`>${rack}<`))) { leaks.push(`${who} got ${rack} in ${url}`); }
      }
    }
  };
  // Sides differ per game: a rack seen by its own player is listed under their side of that game;
  // here every rack either player held is checked against the other player and the spectator.
  const all = [...racks.a, ...racks.b];
  check(seen.s, all, "spectator");
  const own = { a: new Set(), b: new Set() };
  for (const [dev, key] of [[A, "a"], [B, "b"]]) {
    for (const { body } of seen[key]) { for (const m of body.matchAll(/"rack":"([A-Z?]+)"/g)) { own[key].add(m[1]); } }
  }
  check(seen.a, [...own.b].filter((r) => !own.a.has(r)), "ann");
  check(seen.b, [...own.a].filter((r) => !own.b.has(r)), "bob");
  // Not a vacuous check: many answers were recorded and both players' racks were known.
  if (own.a.size < 5 || own.b.size < 5 || seen.s.length < 20) {
    throw new Error(`too little recorded: ${own.a.size}/${own.b.size} racks, ${seen.s.length} spectator answers`);
  }
  if (leaks.length) { throw new Error(leaks.slice(0, 5).join("\n")); }
});
await s.step("no script errors", async () => {
  const all = [...A.problems, ...B.problems, ...S.problems].filter((p) => !/status of (400|403|409|422)/.test(p));
  if (all.length) { throw new Error(all.join("\n")); }
});
await browser.close();
s.finish();
