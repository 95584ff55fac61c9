// The whole-event suite's own model of an individual event (issue 18): the tally, the standings
// order, pairing rules (round robin, Swiss, king of the hill, Gibsonization), Glicko-2 and a `.t`
// reader, computed here from the scores the suite typed, never read back from the server.
// Used by individual_event.mjs.
import assert from "node:assert/strict";

export const ROUNDS = 7;
export const BYE = 50; // the default options: a bye wins by 50 (E2)
export const FORFEIT = 50; // and a forfeit by 50

/** The division as the test knows it: players, rounds (lines as paired) and the scores typed. */
export function newDivision(key, plan, gibson) {
  return { key, plan, gibson, id: null, players: new Map(), rounds: [], results: new Map() };
}
export const methodOf = (div, round) => div.plan.find((s) => round >= s.first && round <= s.last).method;
export const gameKey = (round, a, b) => `${round}:${Math.min(a, b)}:${Math.max(a, b)}`;
export const withdrawn = (div, n, round) => { const w = div.players.get(n).withdrawnRound; return w != null && round >= w; };
export const nameOf = (div, n) => div.players.get(n).name;

/**
 * Wins (halves), losses, spread and total per player from the scores this test typed, through
 * `through`: a bye wins by 50; a withdrawn player's unscored game is lost by forfeit (50), the
 * opponent winning it; a game with no score and both players still in counts nothing.
 */
export function tally(div, through = Infinity) {
  const t = new Map();
  for (const n of div.players.keys()) { t.set(n, { number: n, wins2: 0, losses: 0, spread: 0, points: 0, games: [] }); }
  const add = (n, g) => {
    const row = t.get(n);
    row.wins2 += g.wins2; row.losses += g.wins2 === 0 ? 1 : 0; row.spread += g.spread; row.points += g.score ?? 0;
    row.games.push(g);
  };
  const w2 = (spread) => (spread > 0 ? 2 : spread === 0 ? 1 : 0);
  for (const r of div.rounds) {
    if (r.round > through) { continue; }
    for (const l of r.lines) {
      if (l.b == null) { add(l.a, { round: r.round, opp: null, first: false, score: null, spread: BYE, wins2: 2, forfeit: false }); continue; }
      const res = div.results.get(gameKey(r.round, l.a, l.b));
      if (res) {
        const [sa, sb] = res.a === l.a ? [res.sa, res.sb] : [res.sb, res.sa];
        add(l.a, { round: r.round, opp: l.b, first: true, score: sa, oppScore: sb, spread: sa - sb, wins2: w2(sa - sb), forfeit: false });
        add(l.b, { round: r.round, opp: l.a, first: false, score: sb, oppScore: sa, spread: sb - sa, wins2: w2(sb - sa), forfeit: false });
        continue;
      }
      const [wa, wb] = [withdrawn(div, l.a, r.round), withdrawn(div, l.b, r.round)];
      if (wa !== wb) {
        const [out, stays] = wa ? [l.a, l.b] : [l.b, l.a];
        add(out, { round: r.round, opp: stays, first: out === l.a, score: null, spread: -FORFEIT, wins2: 0, forfeit: true });
        add(stays, { round: r.round, opp: out, first: stays === l.a, score: null, spread: FORFEIT, wins2: 2, forfeit: true });
      }
    }
  }
  return t;
}

/** The standings order the code documents: wins, then spread, then total score, then number. */
export const byStandings = (x, y) => y.wins2 - x.wins2 || y.spread - x.spread || y.points - x.points || x.number - y.number;
export const ranked = (div, through) => [...tally(div, through).values()].sort(byStandings);

/** Players who play `round`: entered by then and not withdrawn. */
export const activeIn = (div, round) => [...div.players.values()]
  .filter((p) => p.firstRound <= round && (p.withdrawnRound == null || p.withdrawnRound > round)).map((p) => p.number);

/** Meetings, byes and sides (firsts minus seconds) of every earlier round. */
export function history(div, before) {
  const meet = new Map(), byes = new Map(), side = new Map();
  for (const r of div.rounds.filter((x) => x.round < before)) {
    for (const l of r.lines) {
      if (l.b == null) { byes.set(l.a, (byes.get(l.a) ?? 0) + 1); continue; }
      const k = gameKey(0, l.a, l.b);
      meet.set(k, (meet.get(k) ?? 0) + 1);
      side.set(l.a, (side.get(l.a) ?? 0) + 1);
      side.set(l.b, (side.get(l.b) ?? 0) - 1);
    }
  }
  return { meetings: (a, b) => meet.get(gameKey(0, a, b)) ?? 0, byes: (p) => byes.get(p) ?? 0, side: (p) => side.get(p) ?? 0 };
}

/**
 * What this test decides each game's scores are. Compressing, so that Gibsonization happens in
 * division A: there player 1 wins every game; otherwise the player with fewer wins so far wins,
 * two players with four wins or more tie, and equal players are split by a fixed hash.
 */
export function decide(div, round, a, b) {
  const t = tally(div, round - 1);
  const h = (x) => ((a * 131 + b * 71 + round * 29 + x * 17) % 97 + 97) % 97;
  const loser = 300 + h(1), margin = 5 + h(2) * 2;
  let winner = null;
  if (div.key === "A" && (a === 1 || b === 1)) { winner = 1; } else {
    const [wa, wb] = [t.get(a).wins2, t.get(b).wins2];
    if (wa >= 8 && wb >= 8) { winner = null; } else if (wa !== wb) { winner = wa < wb ? a : b; } else { winner = h(3) % 2 ? a : b; }
    if (wa === wb && wa < 8 && h(4) % 11 === 0) { winner = null; } // now and then a tie
  }
  if (winner == null) { const s = 360 + h(5); return { a, sa: s, b, sb: s }; }
  return winner === a ? { a, sa: loser + margin + (div.key === "A" && a === 1 ? 120 : 0), b, sb: loser }
    : { a, sa: loser, b, sb: loser + margin + (div.key === "A" && b === 1 ? 120 : 0) };
}

/** Every active player once; the plan's method's rules; no repeat outside king of the hill. */
export function checkPairingRules(div, round, lines) {
  const active = activeIn(div, round).sort((x, y) => x - y);
  const seen = lines.flatMap((l) => (l.b == null ? [l.a] : [l.a, l.b])).sort((x, y) => x - y);
  assert.deepEqual(seen, active, `round ${round}: every active player exactly once`);
  const past = history(div, round);
  const method = methodOf(div, round);
  if (method !== "king_of_the_hill") {
    const repeats = lines.filter((l) => l.b != null && past.meetings(l.a, l.b) > 0);
    assert.deepEqual(repeats, [], `round ${round} (${method}) repeats a pairing`);
  }
  const byes = lines.filter((l) => l.b == null).map((l) => l.a);
  assert.equal(byes.length, active.length % 2, `round ${round}: byes`);
  if (method === "swiss" && byes.length) {
    const fewest = Math.min(...active.map((p) => past.byes(p)));
    assert.equal(past.byes(byes[0]), fewest, `round ${round}: the bye goes to a player with the fewest byes`);
  }
  // Swiss and king of the hill: first to the player who has gone first less often.
  if (method !== "round_robin") {
    for (const l of lines.filter((x) => x.b != null)) {
      assert.ok(past.side(l.a) <= past.side(l.b), `round ${round}: ${l.a} goes first with ${past.side(l.a)} against ${l.b}'s ${past.side(l.b)}`);
    }
  }
}

/**
 * Gibsonization as the code documents it: the leader has clinched first when their lead in wins
 * is more than the rounds left (this one included) could make up; they then play the
 * highest-ranked player out of contention for the prize places (who, winning every round left,
 * cannot reach the last prize place's wins) whom they have met least; the lowest-ranked player
 * when nobody is out of contention. Returns [leader, opponent] or null.
 */
export function gibsonPair(div, round) {
  if (!div.gibson || methodOf(div, round) === "round_robin") { return null; }
  const active = new Set(activeIn(div, round));
  const order = ranked(div, round - 1).filter((r) => active.has(r.number));
  const left = ROUNDS - round + 1;
  const [first, second] = order;
  if (first.wins2 - second.wins2 <= 2 * left) { return null; }
  const lastPrize = order[div.gibson - 1];
  const out = order.slice(div.gibson).filter((r) => r.wins2 + 2 * left < lastPrize.wins2 && r.number !== first.number);
  const past = history(div, round);
  if (out.length) {
    const least = Math.min(...out.map((r) => past.meetings(first.number, r.number)));
    return [first.number, out.find((r) => past.meetings(first.number, r.number) === least).number, "out of contention"];
  }
  return [first.number, order[order.length - 1].number, "nobody out of contention: the lowest-ranked"];
}

/** King of the hill: after the Gibson pair, 1 v 2, 3 v 4 … in the standings; the bye lowest. */
export function checkKingOfTheHill(div, round, lines, gib) {
  const active = new Set(activeIn(div, round));
  const taken = new Set(gib ? gib.slice(0, 2) : []);
  const order = ranked(div, round - 1).filter((r) => active.has(r.number) && !taken.has(r.number)).map((r) => r.number);
  const past = history(div, round);
  let bye = null;
  if (order.length % 2) {
    const fewest = Math.min(...order.map((p) => past.byes(p)));
    const at = order.map((p) => past.byes(p) === fewest).lastIndexOf(true);
    bye = order.splice(at, 1)[0];
  }
  const want = [];
  for (let i = 0; i < order.length; i += 2) { want.push([order[i], order[i + 1]].sort((x, y) => x - y).join(" v ")); }
  const got = lines.filter((l) => l.b != null && !(taken.has(l.a) && taken.has(l.b))).map((l) => [l.a, l.b].sort((x, y) => x - y).join(" v "));
  assert.deepEqual(got, want, `round ${round}: king of the hill in the standings' order`);
  assert.deepEqual(lines.filter((l) => l.b == null).map((l) => l.a), bye == null ? [] : [bye], `round ${round}: the king-of-the-hill bye`);
}

// ---- Glicko-2 as Glickman publishes it, for the rating estimates ---------------------------------

/** One rating period: `me` {r, rd, vol} against opponents' seeds [{r, rd, s}]. */
export function glicko2(me, games, tau = 0.5) {
  if (!games.length) { return me.r; }
  const q = 173.7178, eps = 0.000001;
  const mu = (me.r - 1500) / q, phi = me.rd / q;
  const gs = games.map((o) => {
    const phiJ = o.rd / q, muJ = (o.r - 1500) / q;
    const g = 1 / Math.sqrt(1 + 3 * phiJ * phiJ / (Math.PI * Math.PI));
    return { g, E: 1 / (1 + Math.exp(-g * (mu - muJ))), s: o.s };
  });
  const v = 1 / gs.reduce((acc, x) => acc + x.g * x.g * x.E * (1 - x.E), 0);
  const sum = gs.reduce((acc, x) => acc + x.g * (x.s - x.E), 0);
  const delta = v * sum;
  const a = Math.log(me.vol * me.vol);
  const f = (x) => Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x)) / (2 * (phi * phi + v + Math.exp(x)) ** 2) - (x - a) / (tau * tau);
  let A = a, B;
  if (delta * delta > phi * phi + v) { B = Math.log(delta * delta - phi * phi - v); } else { let k = 1; while (f(a - k * tau) < 0) { k++; } B = a - k * tau; }
  let fA = f(A), fB = f(B);
  while (Math.abs(B - A) > eps) {
    const C = A + (A - B) * fA / (fB - fA), fC = f(C);
    if (fC * fB <= 0) { A = B; fA = fB; } else { fA /= 2; }
    B = C; fB = fC;
  }
  const vol = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + vol * vol);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  return q * (mu + phiNew * phiNew * sum) + 1500;
}

/**
 * The estimates as ratings.rs documents them: the event is one rating period; each player from
 * their seed (rating, deviation 100; unrated 1500 and 350; volatility 0.06; tau 0.5) against
 * their opponents' seeds, games played only (no byes, no forfeits).
 */
export function estimates(div) {
  const seed = (n) => { const p = div.players.get(n); return p.rating > 0 ? { r: p.rating, rd: 100, vol: 0.06 } : { r: 1500, rd: 350, vol: 0.06 }; };
  const out = new Map();
  for (const [n, row] of tally(div)) {
    const games = row.games.filter((g) => g.opp != null && !g.forfeit).map((g) => ({ ...seed(g.opp), s: g.wins2 / 2 }));
    out.set(n, { before: seed(n).r, after: glicko2(seed(n), games) });
  }
  return out;
}

// ---- TSH's .t, read here -------------------------------------------------------------------------

/** A `.t` file: name, rating, opponents; scores; then `key values` fields (p12 …). */
export function parseT(text) {
  return text.split("\n").filter((l) => l.trim() && !l.trim().startsWith("#")).map((line) => {
    const [head, scores = "", ...rest] = line.split(";");
    const words = head.trim().split(/\s+/);
    let k = words.length;
    while (k > 0 && /^-?\d+$/.test(words[k - 1])) { k--; }
    const nums = words.slice(k).map(Number);
    const fields = Object.fromEntries(rest.map((f) => f.trim().split(/\s+/)).map(([key, ...vals]) => [key, vals.map(Number)]));
    return { name: words.slice(0, k).join(" "), rating: nums[0], opponents: nums.slice(1), scores: scores.trim() ? scores.trim().split(/\s+/).map(Number) : [], fields };
  });
}
