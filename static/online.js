// Online play (issue 17, seed 001): the lobby and the game page. The server is the authority:
// the page sends commands to /api/v1/online/... and, on every live message (which names no
// tile), re-reads the game as this viewer may see it. Clocks count down from the server's
// figures and resync on every answer. No framework, no CDN.
"use strict";
(function () {
  var TEXT = (function () {
    var el = document.getElementById("arbiter-text");
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  })();
  var csrf = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";
  function key() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }
  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf, "Accept": "application/json" },
      body: JSON.stringify(body || {})
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (j) { return { status: r.status, body: j }; });
    });
  }
  // A refusal in the page's language (web::messages::REFUSALS); unlisted ones as the API wrote them.
  function words(body) {
    // The words without the rule ID (shown after them) or a command prefix, as web::messages does.
    var msg = String((body && body.message) || "").trim().replace(/^rule [^ :]+: /, "")
      .replace(/^(invalid command|match|game): /, "").replace(/\.$/, "");
    var rule = body && body.rule ? " (" + body.rule + ")" : "";
    var list = TEXT.refusals || [];
    for (var i = 0; i < list.length; i++) {
      var names = [];
      var src = String(list[i][0]).replace(/[.*+?^$()|[\]\\]/g, "\\$&")
        .replace(/\{(\w+)\}/g, function (_, n) { names.push(n); return "(.+?)"; });
      var m = new RegExp("^" + src + "$", "i").exec(msg);
      if (!m) { continue; }
      var out = String(list[i][1]);
      for (var j = 0; j < names.length; j++) { out = out.split("{" + names[j] + "}").join(m[j + 1]); }
      return out + rule;
    }
    return (msg || TEXT["js-refused"] || "Refused.") + rule;
  }
  function show(el, text) { if (el) { el.textContent = text || ""; el.hidden = !text; } }
  function live(url, onChange) {
    if (!window.EventSource) { setInterval(onChange, 5000); return; }
    var es = new EventSource(url);
    es.addEventListener("change", onChange);
    es.onopen = onChange;
  }

  // --- the lobby ------------------------------------------------------------------------------
  var lobby = document.querySelector("[data-online-lobby]");
  if (lobby) {
    var known = {};
    lobby.querySelectorAll("[data-my-game]").forEach(function (el) { known[el.getAttribute("data-my-game")] = true; });
    var reload = function () {
      return fetch(lobby.getAttribute("data-panel"), { credentials: "same-origin" })
        .then(function (r) { return r.text(); })
        .then(function (html) {
          lobby.innerHTML = html;
          // An offer accepted by someone else: go to the game it became.
          var fresh = Array.prototype.filter.call(lobby.querySelectorAll("[data-my-game]"), function (el) {
            return !known[el.getAttribute("data-my-game")];
          });
          if (fresh.length) { window.location.href = "/online/games/" + fresh[0].getAttribute("data-my-game"); }
        });
    };
    live(lobby.getAttribute("data-live-url"), reload);
    lobby.addEventListener("click", function (e) {
      var b = e.target.closest("button[data-seek-id]");
      if (!b) { return; }
      var id = b.getAttribute("data-seek-id"), act = b.getAttribute("data-action").replace("-seek", "");
      b.disabled = true;
      post("/api/v1/online/seeks/" + id + "/" + act).then(function (res) {
        b.disabled = false;
        if (res.status >= 400) { show(lobby.querySelector('[data-error-for="' + id + '"]'), words(res.body)); return; }
        if (act === "accept") { known[res.body.id] = true; window.location.href = "/online/games/" + res.body.id; return; }
        reload();
      });
    });
    // In portrait the offer folds into its button above the lists; in landscape it stands open
    // beside them.
    var box = document.querySelector("[data-seek-box]");
    if (box && window.matchMedia) {
      var portrait = window.matchMedia("(orientation: portrait)");
      var fold = function () { box.open = !portrait.matches; };
      fold();
      if (portrait.addEventListener) { portrait.addEventListener("change", fold); }
    }
    var form = document.querySelector("[data-seek-form]");
    if (form) {
      var sync = function () {
        var overtime = form.at_zero.value === "overtime";
        form.querySelector("[data-rule-box]").hidden = form.mode.value !== "challenge";
        form.querySelector("[data-points-box]").hidden = !overtime;
        form.querySelector("[data-max-overtime-box]").hidden = !overtime;
      };
      form.addEventListener("change", sync);
      sync();
      form.addEventListener("submit", function (e) {
        e.preventDefault();
        var s = {
          lexicon: form.lexicon.value,
          tile_set: form.tile_set.value,
          mode: form.mode.value === "challenge" ? { kind: "challenge", rule: form.rule.value } : { kind: "dictionary" },
          minutes: parseInt(form.minutes.value, 10) || 0,
          at_zero: form.at_zero.value === "overtime" ? {
            kind: "overtime",
            points: parseInt(form.points.value, 10) || 0,
            max_overtime_minutes: parseInt(form.max_overtime_minutes.value, 10) || 0
          } : { kind: "loss_on_time" },
          rated: form.rated.checked
        };
        var body = { settings: s };
        if (form.opponent.value.trim()) { body.opponent = form.opponent.value.trim(); }
        post("/api/v1/online/seeks", body).then(function (res) {
          show(form.querySelector('[data-error="seek"]'), res.status >= 400 ? words(res.body) : "");
          // The field at fault (`settings.at_zero.max_overtime_minutes`) is marked on the form.
          Array.prototype.forEach.call(form.querySelectorAll("[aria-invalid]"), function (el) { el.removeAttribute("aria-invalid"); });
          var field = res.status >= 400 && res.body && res.body.field ? String(res.body.field).split(".").pop() : "";
          if (field && form.elements[field]) { form.elements[field].setAttribute("aria-invalid", "true"); }
          if (res.status < 400) { form.opponent.value = ""; reload(); }
        });
      });
    }
  }

  // --- the game -------------------------------------------------------------------------------
  var root = document.querySelector("[data-online-game]");
  if (!root) { return; }
  var gid = root.getAttribute("data-online-game");
  var W = root.querySelector("[data-words]").dataset;
  var data = JSON.parse(document.getElementById("online-view").textContent);
  var view = data.view, you = data.you;
  var receivedAt = Date.now();
  var laid = [];          // tentative tiles: {r, c, letter, rack}
  var cursor = null;      // {r, c, down}
  var exchanging = null;  // indexes of rack tiles chosen for an exchange
  var order = null;       // the rack's order on screen (shuffle is the client's own)
  var busy = false;
  var wantBlank = false;  // "?" typed: the next letter is a blank's
  var errorEl = root.querySelector('[data-error="command"]');

  function cell(r, c) { return root.querySelector('[data-r="' + r + '"][data-c="' + c + '"]'); }
  function boardAt(r, c) {
    var row = view.board[r] || "";
    var ch = row.charAt(c);
    return ch && ch !== "." ? ch : null;
  }
  function laidAt(r, c) { for (var i = 0; i < laid.length; i++) { if (laid[i].r === r && laid[i].c === c) { return laid[i]; } } return null; }
  function rackTiles() {
    var rack = (view.rack || "").split("");
    if (!order || order.length !== rack.length || order.slice().sort().join("") !== rack.slice().sort().join("")) { order = rack; }
    return order;
  }
  function used(i) { return laid.some(function (t) { return t.rack === i; }); }
  function fmt(ms) {
    var neg = ms < 0, s = Math.floor(Math.abs(ms) / 1000);
    return (neg ? "\u2212" : "") + Math.floor(s / 60) + ":" + ("0" + (s % 60)).slice(-2);
  }
  function tick() {
    ["a", "b"].forEach(function (side) {
      var el = root.querySelector('[data-clock="' + side + '"]');
      if (!el || !view.clocks_ms) { return; }
      var ms = view.clocks_ms[side];
      if (view.to_move === side && !view.result) { ms -= Date.now() - receivedAt; }
      el.textContent = fmt(ms);
      el.classList.toggle("low", ms < 60000);
      el.classList.toggle("running", view.to_move === side && !view.result);
    });
  }
  function unseen() {
    var counts = {};
    (view.unseen || "").split("").forEach(function (ch) { counts[ch] = (counts[ch] || 0) + 1; });
    return Object.keys(counts).sort().map(function (k) { return k + "\u00d7" + counts[k]; }).join(" ");
  }
  // O2/N5: what the computer checked for a challenge, and what it found invalid.
  function checkText(t) {
    if (!t.checked) { return ""; }
    var bad = t.checked.invalid || [];
    return W.wChecked.replace("{words}", (t.checked.words || []).join(", ")) + " \u2014 " +
      (bad.length ? W.wCheckInvalid.replace("{words}", bad.join(", ")) : W.wCheckValid);
  }
  function moveLine(t) {
    var name = view.names[t.side];
    var what;
    if (t.kind === "play") { what = (t.mv || "") + " " + t.score + (t.withdrawn ? " (" + W.wWithdrawn + ")" : ""); }
    else if (t.kind === "exchange") { what = W.wExchanged.replace("{n}", t.tiles); }
    else if (t.kind === "pass") { what = W.wPassed; }
    else { what = W.wLostTurn; }
    return name + ": " + what + (t.checked ? " \u00b7 " + checkText(t) : "");
  }
  function render() {
    for (var r = 0; r < 15; r++) {
      for (var c = 0; c < 15; c++) {
        var el = cell(r, c), t = laidAt(r, c), b = boardAt(r, c);
        el.textContent = t ? t.letter : (b || "");
        el.classList.toggle("tile", !!(t || b));
        el.classList.toggle("blank", !!((t && t.letter === t.letter.toLowerCase()) || (b && b === b.toLowerCase())));
        el.classList.toggle("tentative", !!t);
        el.classList.toggle("cursor", !!(cursor && cursor.r === r && cursor.c === c));
        el.classList.toggle("down", !!(cursor && cursor.down));
      }
    }
    ["a", "b"].forEach(function (side) {
      root.querySelector('[data-score="' + side + '"]').textContent = view.scores[side];
      root.querySelector('[data-rack-count="' + side + '"]').textContent = W.wTiles.replace("{n}", view.rack_counts[side]);
      root.querySelector('[data-player="' + side + '"]').classList.toggle("running", view.to_move === side && !view.result);
    });
    root.querySelector("[data-bag]").textContent = W.wBag.replace("{n}", view.bag_count);
    root.querySelector("[data-unseen]").textContent = unseen();
    var moves = root.querySelector("[data-moves]");
    moves.innerHTML = "";
    var lastChecked = null;
    view.turns.forEach(function (t) {
      var li = document.createElement("li");
      li.textContent = moveLine(t);
      li.setAttribute("data-turn-kind", t.kind);
      if (t.withdrawn) { li.setAttribute("data-withdrawn", ""); }
      if (t.checked) {
        li.setAttribute("data-checked", t.checked.words.join(" "));
        li.setAttribute("data-invalid", t.checked.invalid.join(" "));
        lastChecked = t;
      }
      moves.appendChild(li);
    });
    moves.scrollTop = moves.scrollHeight;
    var check = root.querySelector("[data-challenge-result]");
    if (check) {
      show(check, lastChecked ? W.wLastChallenge.replace("{move}", lastChecked.mv || "") + " \u00b7 " + checkText(lastChecked) : "");
      check.classList.toggle("bad", !!(lastChecked && lastChecked.checked.invalid.length));
      if (lastChecked) {
        check.setAttribute("data-checked", lastChecked.checked.words.join(" "));
        check.setAttribute("data-invalid", lastChecked.checked.invalid.join(" "));
      }
    }
    var status = root.querySelector("[data-status]");
    if (view.result) {
      var w = view.result.winner;
      status.textContent = w ? W.wWon.replace("{name}", view.names[w]) : W.wDrawn;
      status.setAttribute("data-over", "1");
    } else if (view.to_move) {
      status.textContent = view.to_move === you ? W.wYourTurn : W.wToMove.replace("{name}", view.names[view.to_move]);
    }
    var rackEl = root.querySelector("[data-rack]");
    if (rackEl) {
      rackEl.innerHTML = "";
      rackTiles().forEach(function (ch, i) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "rtile" + (used(i) ? " used" : "") + (exchanging && exchanging.indexOf(i) >= 0 ? " chosen" : "");
        b.textContent = ch === "?" ? "\u00a0" : ch;
        b.setAttribute("data-rack-index", String(i));
        b.setAttribute("data-letter", ch);
        rackEl.appendChild(b);
      });
      var mine = view.to_move === you && !view.result;
      root.querySelectorAll("[data-needs-turn]").forEach(function (b) { b.disabled = !mine || busy; });
      var last = view.turns[view.turns.length - 1];
      var theirs = last && last.side !== you;
      root.querySelectorAll("[data-needs-window]").forEach(function (b) { b.disabled = !(view.challengeable && theirs) || busy; });
      root.querySelector('[data-action="exchange-confirm"]').hidden = !exchanging;
    }
    tick();
  }

  // The tentative play in GCG notation: position, then the whole word including tiles already
  // on the board (the server reads, checks and scores it).
  function gcg() {
    if (!laid.length) { return null; }
    var rows = laid.map(function (t) { return t.r; }), cols = laid.map(function (t) { return t.c; });
    var sameRow = rows.every(function (r) { return r === rows[0]; });
    var sameCol = cols.every(function (c) { return c === cols[0]; });
    var down = laid.length === 1 ? !!(cursor && cursor.down) : !sameRow;
    if (laid.length === 1) {
      // One tile: the direction that makes a word with tiles already there.
      var r0 = laid[0].r, c0 = laid[0].c;
      var across = boardAt(r0, c0 - 1) || boardAt(r0, c0 + 1), vert = boardAt(r0 - 1, c0) || boardAt(r0 + 1, c0);
      if (across && !vert) { down = false; } else if (vert && !across) { down = true; }
    } else if (!sameRow && !sameCol) { return null; }
    var at = function (r, c) { var t = laidAt(r, c); return t ? t.letter : boardAt(r, c); };
    var r = laid[0].r, c = laid[0].c;
    laid.forEach(function (t) { if (down ? t.r < r : t.c < c) { r = t.r; c = t.c; } });
    while (down ? (r > 0 && at(r - 1, c)) : (c > 0 && at(r, c - 1))) { if (down) { r--; } else { c--; } }
    var word = "", rr = r, cc = c;
    while (rr < 15 && cc < 15 && at(rr, cc)) { word += at(rr, cc); if (down) { rr++; } else { cc++; } }
    var colL = String.fromCharCode(65 + c), rowN = String(r + 1);
    return (down ? colL + rowN : rowN + colL) + " " + word;
  }
  var previewTimer = null;
  function preview() {
    var el = root.querySelector("[data-preview]");
    clearTimeout(previewTimer);
    var mv = gcg();
    if (!mv) { show(el, ""); return; }
    previewTimer = setTimeout(function () {
      post("/api/v1/online/games/" + gid + "/preview", { move: mv }).then(function (res) {
        if (gcg() !== mv) { return; }
        el.classList.toggle("bad", res.status >= 400);
        show(el, res.status >= 400 ? words(res.body) : W.wPreview.replace("{move}", res.body.move).replace("{score}", res.body.score));
        el.setAttribute("data-preview-score", res.status >= 400 ? "" : String(res.body.score));
      });
    }, 150);
  }
  function place(i, r, c) {
    var ch = rackTiles()[i];
    if (ch === undefined || used(i) || boardAt(r, c) || laidAt(r, c)) { return false; }
    var letter = ch;
    if (ch === "?") {
      var typed = window.prompt(W.wBlank, "");
      if (!typed || !/^[a-z]$/i.test(typed.trim())) { return false; }
      letter = typed.trim().toLowerCase();
    }
    laid.push({ r: r, c: c, letter: letter, rack: i });
    return true;
  }
  function advance() {
    if (!cursor) { return; }
    do { if (cursor.down) { cursor.r++; } else { cursor.c++; } }
    while (cursor.r < 15 && cursor.c < 15 && (boardAt(cursor.r, cursor.c) || laidAt(cursor.r, cursor.c)));
    if (cursor.r > 14 || cursor.c > 14) { cursor = null; }
  }
  function changed() { render(); preview(); }
  function recall() { laid = []; changed(); }

  var inflight = {};
  function send(command, label) {
    // One key per intended command: a double tap, or a retry after a lost answer, applies once.
    var k = inflight[label] || (inflight[label] = key());
    busy = true;
    render();
    post("/api/v1/online/games/" + gid + "/commands", { command: command, idempotency_key: k }).then(function (res) {
      busy = false;
      delete inflight[label];
      if (res.status >= 400) { show(errorEl, words(res.body)); render(); return; }
      show(errorEl, "");
      laid = []; exchanging = null; cursor = null;
      accept(res.body);
    }, function () { busy = false; show(errorEl, TEXT["js-unreachable"] || "Could not reach the server."); render(); });
  }
  function accept(game) {
    view = game.view; receivedAt = Date.now();
    root.setAttribute("data-seq", String(game.seq));
    // Tiles placed on squares the opponent just took go back to the rack.
    laid = laid.filter(function (t) { return !boardAt(t.r, t.c) && (view.rack || "").length; });
    render();
    if (laid.length) { preview(); } else { show(root.querySelector("[data-preview]"), ""); }
    if (view.result) { ratings(); }
  }
  function reread(e) {
    // The live message's id is the game's seq: a server holding the game that new answers from memory.
    var seq = e && e.lastEventId ? "?seq=" + encodeURIComponent(e.lastEventId) : "";
    return fetch("/api/v1/online/games/" + gid + seq, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (g) { if (g) { accept(g); } });
  }
  var rated = false;
  function ratings() {
    var el = root.querySelector("[data-ratings]");
    if (rated || !el || !data.rated) { return; }
    rated = true;
    ["a", "b"].forEach(function (side) {
      var name = view.names[side];
      fetch("/api/v1/online/players/" + encodeURIComponent(name), { credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (p) {
          (p.history || []).forEach(function (h) {
            if (String(h.game_id) !== String(gid)) { return; }
            var li = document.createElement("li");
            li.setAttribute("data-rating-change", side);
            li.textContent = W.wRating.replace("{name}", name).replace("{before}", Math.round(h.before)).replace("{after}", Math.round(h.after));
            el.appendChild(li);
          });
        });
    });
  }

  root.addEventListener("click", function (e) {
    var sq = e.target.closest("[data-r]");
    if (sq && you) {
      var r = +sq.getAttribute("data-r"), c = +sq.getAttribute("data-c");
      var t = laidAt(r, c);
      if (t) { laid = laid.filter(function (x) { return x !== t; }); changed(); return; }
      if (boardAt(r, c)) { return; }
      if (cursor && cursor.r === r && cursor.c === c) { cursor.down = !cursor.down; } else { cursor = { r: r, c: c, down: cursor ? cursor.down : false }; }
      render();
      return;
    }
    var tile = e.target.closest("[data-rack-index]");
    if (tile) {
      var i = +tile.getAttribute("data-rack-index");
      if (exchanging) {
        var at = exchanging.indexOf(i);
        if (at >= 0) { exchanging.splice(at, 1); } else { exchanging.push(i); }
        render();
      } else if (cursor && place(i, cursor.r, cursor.c)) { advance(); changed(); }
      return;
    }
    var b = e.target.closest("[data-action]");
    if (!b || b.disabled) { return; }
    switch (b.getAttribute("data-action")) {
      case "direction": if (cursor) { cursor.down = !cursor.down; render(); } break;
      case "play": { var mv = gcg(); if (mv) { send({ type: "play", move: mv }, "play:" + mv); } break; }
      case "recall": recall(); break;
      case "shuffle":
        order = rackTiles().slice();
        for (var k = order.length - 1; k > 0; k--) { var j = Math.floor(Math.random() * (k + 1)); var x = order[k]; order[k] = order[j]; order[j] = x; }
        laid = []; render(); preview(); break;
      case "exchange": laid = []; exchanging = exchanging ? null : []; render(); break;
      case "exchange-confirm": {
        var tiles = (exchanging || []).map(function (i) { return rackTiles()[i]; }).join("");
        if (tiles) { send({ type: "exchange", tiles: tiles }, "exchange:" + tiles); }
        break;
      }
      case "pass": send({ type: "pass" }, "pass"); break;
      case "resign": if (window.confirm(W.wResignSure)) { send({ type: "resign" }, "resign"); } break;
      case "hold": send({ type: "hold" }, "hold"); break;
      case "challenge": send({ type: "challenge", words: [] }, "challenge"); break;
      case "accept": send({ type: "accept" }, "accept"); break;
    }
  });
  document.addEventListener("keydown", function (e) {
    if (!you || !cursor || e.ctrlKey || e.metaKey || e.altKey) { return; }
    if (e.target.closest && e.target.closest("input, textarea, select")) { return; }
    var k = e.key;
    if (k === "Backspace") { var t = laid.pop(); if (t) { cursor = { r: t.r, c: t.c, down: cursor.down }; } changed(); e.preventDefault(); return; }
    if (k === "Enter") { var mv = gcg(); if (mv) { send({ type: "play", move: mv }, "play:" + mv); } e.preventDefault(); return; }
    if (k === " ") { cursor.down = !cursor.down; render(); e.preventDefault(); return; }
    // "?" then a letter: the blank stands for it even when the rack holds the letter itself.
    if (k === "?") { wantBlank = true; e.preventDefault(); return; }
    if (!/^[a-z]$/i.test(k)) { return; }
    var rack = rackTiles(), up = k.toUpperCase(), i;
    for (i = 0; i < rack.length; i++) { if (!wantBlank && !used(i) && rack[i] === up) { break; } }
    wantBlank = false;
    if (i === rack.length) {
      // No such letter: a blank stands for it.
      for (i = 0; i < rack.length; i++) { if (!used(i) && rack[i] === "?") { break; } }
      if (i === rack.length) { return; }
      laid.push({ r: cursor.r, c: cursor.c, letter: up.toLowerCase(), rack: i });
    } else {
      laid.push({ r: cursor.r, c: cursor.c, letter: up, rack: i });
    }
    e.preventDefault();
    advance();
    changed();
  });
  // Dragging a rack tile onto a square (pointer events: touch, pen and mouse alike).
  var drag = null;
  root.addEventListener("pointerdown", function (e) {
    var tile = e.target.closest("[data-rack-index]");
    if (!tile || exchanging || used(+tile.getAttribute("data-rack-index"))) { return; }
    drag = { i: +tile.getAttribute("data-rack-index"), x: e.clientX, y: e.clientY, ghost: null };
  });
  document.addEventListener("pointermove", function (e) {
    if (!drag) { return; }
    if (!drag.ghost && Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) > 8) {
      drag.ghost = document.createElement("div");
      drag.ghost.className = "rtile ghost";
      drag.ghost.textContent = rackTiles()[drag.i];
      document.body.appendChild(drag.ghost);
    }
    if (drag.ghost) { drag.ghost.style.left = (e.clientX - 20) + "px"; drag.ghost.style.top = (e.clientY - 20) + "px"; e.preventDefault(); }
  });
  document.addEventListener("pointerup", function (e) {
    if (!drag) { return; }
    var d = drag; drag = null;
    if (!d.ghost) { return; }
    d.ghost.remove();
    var over = document.elementFromPoint(e.clientX, e.clientY);
    var sq = over && over.closest("[data-r]");
    if (sq && place(d.i, +sq.getAttribute("data-r"), +sq.getAttribute("data-c"))) { changed(); }
    // The click that follows a drag is not a tap on the tile.
    var swallow = function (ev) { ev.stopPropagation(); ev.preventDefault(); document.removeEventListener("click", swallow, true); };
    document.addEventListener("click", swallow, true);
    setTimeout(function () { document.removeEventListener("click", swallow, true); }, 0);
  });

  render();
  if (view.result) { ratings(); }
  setInterval(tick, 250);
  live("/online/games/" + gid + "/live", reread);
})();
