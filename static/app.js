// Arbiter page script. Served from our own origin (the CSP allows no inline script).
// Pages opt in to behaviours with data- attributes, so this file stays small and generic:
//   data-confirm   on a form: ask before submitting
//   data-live      on a region: an SSE stream URL; data-refresh: the fragment to re-read
//                  (data-refresh-part: or a whole page, of which this element id is the region)
//   data-clock-ms  a clock to count down while data-running is set
//   data-command   a form that sends a match command to the API (table tablet)
//   data-poll      a waiting page: re-read this URL every few seconds, follow it when it redirects
"use strict";
(function () {
  // Issue 15: the page's language. The server renders the words this script writes into
  // <script id="arbiter-text"> (web::i18n::SCRIPT_KEYS); English stays as the fallback.
  var TEXT = (function () {
    var el = document.getElementById("arbiter-text");
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  })();
  function T(key, fallback) { return (key && TEXT[key]) || fallback; }
  var csrf = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";

  // --- offline banner -------------------------------------------------------------------
  var banner = null;
  function offline(on, text) {
    if (!banner) {
      banner = document.createElement("div");
      banner.className = "offline";
      banner.setAttribute("role", "alert");
      document.body.appendChild(banner);
    }
    banner.textContent = text || T("js-offline", "Offline: reconnecting… Actions are kept and sent again.");
    banner.hidden = !on;
  }
  window.addEventListener("offline", function () { offline(true); });
  window.addEventListener("online", function () { offline(false); refreshAll(); });

  // --- confirmations ----------------------------------------------------------------------
  document.addEventListener("submit", function (e) {
    var msg = e.target.getAttribute && e.target.getAttribute("data-confirm");
    if (msg && !window.confirm(msg)) { e.preventDefault(); e.stopImmediatePropagation(); }
  }, true);

  // --- clocks: the server is authoritative; the page only animates what it sent ----------------
  var loadedAt = Date.now();
  function fmt(ms) {
    var neg = ms < 0, s = Math.floor(Math.abs(ms) / 1000);
    var m = Math.floor(s / 60), r = s % 60;
    return (neg ? "\u2212" : "") + m + ":" + (r < 10 ? "0" : "") + r;
  }
  function stampClocks(root) {
    var now = Date.now();
    (root || document).querySelectorAll("[data-clock-ms]").forEach(function (el) {
      el.dataset.base = el.dataset.clockMs;
      el.dataset.at = String(now);
    });
  }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-clock-ms]").forEach(function (el) {
      var base = parseInt(el.dataset.base || el.dataset.clockMs, 10);
      var at = parseInt(el.dataset.at || String(loadedAt), 10);
      var ms = el.dataset.running ? base - (now - at) : base;
      el.textContent = fmt(ms);
      el.classList.toggle("low", ms < 60000);
    });
    document.querySelectorAll("[data-age-ms]").forEach(function (el) {
      var at = parseInt(el.dataset.at || String(loadedAt), 10);
      el.textContent = "waiting " + fmt(parseInt(el.dataset.ageMs, 10) + now - at);
    });
  }
  stampClocks();
  tick();
  setInterval(tick, 250);

  // --- live regions ---------------------------------------------------------------------------
  var regions = [];
  function refresh(region) {
    var url = region.getAttribute("data-refresh");
    return fetch(url, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.text(); })
      .then(function (html) {
        // Keep what the user is typing in a form of the region.
        if (region.contains(document.activeElement) && document.activeElement.tagName === "INPUT") { region.dataset.stale = "1"; return; }
        // data-refresh-part: the URL is a whole page; its element with this id is the region.
        var part = region.getAttribute("data-refresh-part");
        if (part) {
          var fresh = new DOMParser().parseFromString(html, "text/html").getElementById(part);
          if (!fresh) { throw new Error("no " + part); }
          html = fresh.innerHTML;
        }
        region.innerHTML = html;
        region.dataset.stale = "";
        region.querySelectorAll("[data-end-racks]").forEach(endRacksPreview);
        stampClocks(region);
        tick();
        offline(false);
      })
      .catch(function () { offline(true); });
  }
  function refreshAll() { regions.forEach(refresh); }
  document.querySelectorAll("[data-live]").forEach(function (region) {
    regions.push(region);
    if (!window.EventSource) { setInterval(function () { refresh(region); }, 5000); return; }
    var es = new EventSource(region.getAttribute("data-live"));
    var timer = null;
    es.addEventListener("change", function () {
      // Several changes in a burst become one refresh.
      clearTimeout(timer);
      timer = setTimeout(function () { refresh(region); }, 100);
    });
    es.onerror = function () { offline(true, T("js-connection-lost", "Connection lost: reconnecting…")); };
    es.onopen = function () { offline(false); };
  });
  document.addEventListener("focusout", function () {
    regions.forEach(function (r) { if (r.dataset.stale) { setTimeout(function () { if (!r.contains(document.activeElement)) { refresh(r); } }, 300); } });
  });

  // --- data-print: a button that opens the browser's print dialog (no inline script allowed) ----
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-print]")) { window.print(); }
  });

  // --- data-poll: a waiting page re-reads its URL and follows it once it redirects elsewhere ----
  document.querySelectorAll("[data-poll]").forEach(function (el) {
    var url = el.getAttribute("data-poll");
    setInterval(function () {
      fetch(url, { credentials: "same-origin", headers: { "Accept": "text/html" } })
        .then(function (r) {
          offline(false);
          if (r.redirected && new URL(r.url).pathname !== location.pathname) { location.assign(r.url); }
        })
        .catch(function () { offline(true); });
    }, 3000);
  });

  // --- table commands: idempotent, retried through brief Wi-Fi drops ------------------------------
  function newKey() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }
  function commandFrom(form) {
    var type = form.getAttribute("data-command");
    var cmd = { type: type };
    var data = new FormData(form);
    data.forEach(function (v, k) { cmd[k] = String(v).trim(); });
    if (type === "play") {
      cmd.declared = parseInt(cmd.declared, 10);
      // A word typed all in lowercase is a keyboard's habit: capitals. In a word with capitals,
      // a lowercase letter marks a blank (C7, GCG), and stays as typed.
      if (cmd.words !== undefined) {
        cmd.words = cmd.words.split(/[\s,]+/).filter(Boolean).map(function (w) { return w === w.toLowerCase() ? w.toUpperCase() : w; });
      }
      if (cmd.tiles !== undefined) { cmd.tiles = parseInt(cmd.tiles, 10); }
      if (cmd.move !== undefined) { cmd.move = cmd.move.toUpperCase().replace(/^(\S+)\s+/, "$1 "); }
      if (cmd.rack !== undefined) { if (cmd.rack === "") { delete cmd.rack; } else { cmd.rack = cmd.rack.toUpperCase().replace(/\s+/g, ""); } }
    }
    if (type === "exchange") { cmd.tiles = (cmd.tiles || "").toUpperCase().replace(/\s+/g, ""); }
    if (type === "challenge_word") { cmd.words = cmd.words ? [cmd.words] : []; }
    if (type === "adjust_racks") { return endRacksCommand(form); }
    return cmd;
  }
  function send(matchId, body, attempt, done) {
    fetch("/api/v1/matches/" + matchId + "/commands", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf, "Accept": "application/json" },
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().then(function (j) { return { status: r.status, body: j }; });
    }).then(function (res) {
      offline(false);
      done(res);
    }).catch(function () {
      // No answer: the server may or may not have it. The same key makes a resend safe.
      offline(true);
      if (attempt < 60) { setTimeout(function () { send(matchId, body, attempt + 1, done); }, 2000); }
      else { done({ status: 0, body: { message: T("js-unreachable", "Could not reach the server. Check the Wi-Fi and try again.") } }); }
    });
  }
  // --- refusals in the players' words: the one place the API's codes become what a table reads ----
  // Each entry: the rule ID (or error kind) and, where one ID covers several refusals, a pattern of
  // the API's message. `$1` takes the pattern's first group. Unlisted refusals show the API's own
  // message without its "rule X:" prefix; the rule ID is always shown small beside the words.
  var WORDS = [
    { rule: "T7", key: "js-t7-open", text: "A challenge is still open: wait for the PIC." },
    { rule: "T14", re: /no play is open to objection/, key: "js-t14-complete", text: "That play can no longer be challenged: its sheet line is complete." },
    { rule: "T14", re: /only the opposing side/, key: "js-t14-opposing", text: "Only the other team may challenge this play's words." },
    { rule: "T1", re: /not your turn: (\S+) is to move/, key: "js-t1-turn", text: "Not your turn: $1 is to move." },
    { rule: "T5", key: "js-t5-flag", text: "This side's clock is at 0:00: it can no longer play (it may still challenge)." },
    { rule: "T17", key: "js-t17-over", text: "The game is over: no more plays or challenges." },
    { rule: "T8", re: /already challenged/, key: "js-t8-again", text: "This play's score was already challenged." },
    { rule: "T13", re: /withdrawn/, key: "js-t13-withdrawn", text: "That play was withdrawn: there is no score to challenge." },
    { rule: "C3", key: "js-c3-first", text: "The first play lays at least 2 tiles." },
    { error: "conflict", key: "js-conflict", text: "Another device changed this match first. The screen now shows the latest state: check it, then try again." },
    { error: "forbidden", key: "js-forbidden", text: "This device may not do that. Ask the director." },
    { error: "unauthorized", key: "js-unauthorized", text: "Signed out: sign in again on this device." }
  ];
  // Every other refusal the server lists (web::messages::REFUSALS), worded in the page's
  // language: [English shape with {name} parts, the page's words with the same {name} parts].
  function listedRefusal(msg) {
    var list = TEXT.refusals || [];
    var text = msg.replace(/\.$/, "");
    for (var i = 0; i < list.length; i++) {
      var names = [];
      var src = String(list[i][0]).replace(/[.*+?^$()|[\]\\]/g, "\\$&")
        .replace(/\{(\w+)\}/g, function (_, n) { names.push(n); return "(.+?)"; });
      var m = new RegExp("^" + src + "$", "i").exec(text);
      if (!m) { continue; }
      var out = String(list[i][1]);
      for (var j = 0; j < names.length; j++) { out = out.split("{" + names[j] + "}").join(m[j + 1]); }
      return out;
    }
    return null;
  }
  function playerWords(status, body) {
    body = body || {};
    var msg = String(body.message || T("js-refused", "Refused."));
    var rule = body.rule || "";
    for (var i = 0; i < WORDS.length; i++) {
      var w = WORDS[i];
      if (w.rule && w.rule !== rule) { continue; }
      if (w.error && w.error !== body.error) { continue; }
      var m = w.re ? w.re.exec(msg) : [];
      if (!m) { continue; }
      return { text: T(w.key, w.text).replace("$1", m[1] || ""), rule: rule };
    }
    msg = msg.replace(/^rule [A-Z0-9/]+[a-z]?:\s*/, "").replace(/^(invalid command|match):\s*/, "");
    msg = listedRefusal(msg) || msg;
    return { text: msg.charAt(0).toUpperCase() + msg.slice(1), rule: rule };
  }
  /** Shows a refusal right under the control that caused it (its form), else at the controls' top. */
  function showRefusal(scope, type, status, body) {
    var form = scope.querySelector('form[data-command="' + type + '"]');
    // A form with its own error line (the end racks) shows the refusal there, beside its button.
    var box = form ? form.querySelector(".command-error, [data-form-error]") : null;
    if (form && !box) {
      box = document.createElement("p");
      box.className = "error command-error";
      box.setAttribute("role", "alert");
      box.setAttribute("data-command-error", "");
      form.appendChild(box);
    }
    box = box || scope.querySelector("[data-command-error]");
    if (!box) { return; }
    var w = playerWords(status, body);
    box.textContent = w.text;
    if (w.rule && /^[A-Z]/.test(w.rule)) {
      var small = document.createElement("small");
      small.className = "rule-id";
      small.textContent = T("js-rule", "rule") + " " + w.rule;
      box.appendChild(document.createTextNode(" "));
      box.appendChild(small);
    }
    box.hidden = false;
    if (box.scrollIntoView) { box.scrollIntoView({ block: "nearest" }); }
  }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.getAttribute || !form.getAttribute("data-command")) { return; }
    e.preventDefault();
    var controls = form.closest("[data-match]");
    var region = form.closest("[data-live]");
    var type = form.getAttribute("data-command");
    var body = { idempotency_key: newKey(), expected_seq: parseInt(controls.getAttribute("data-seq"), 10), command: commandFrom(form) };
    // T19: the end-racks form sends which sides agreed; the server refuses a closing without both.
    if (form.hasAttribute("data-end-racks")) {
      body.agreed = ["a", "b"].filter(function (side) { var box = form.querySelector("input[name='agree_" + side + "']"); return box && box.checked; });
    }
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    controls.querySelectorAll("[data-command-error], [data-form-error]").forEach(function (b) { b.hidden = true; });
    send(controls.getAttribute("data-match"), body, 0, function (res) {
      form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
      if (res.status === 200) {
        if (region) { refresh(region); }
      } else if (res.status === 409 && region) {
        // Decided on a stale screen: show the latest state, then say why nothing happened.
        refresh(region).then(function () {
          var now = region.querySelector("[data-match]") || region;
          showRefusal(now, type, res.status, res.body);
        });
      } else {
        showRefusal(controls, type, res.status, res.body);
      }
    });
  });

  // --- T19: the end racks: the tiles left on each rack, and the final scores they make -------------
  // Blanks are `?`; the server reads, checks and values the tiles (the numbers here only preview).
  function endRacksCommand(form) {
    var tiles = {};
    form.querySelectorAll("input[name^='tiles.']").forEach(function (input) {
      if (!input.disabled) { tiles[input.name.slice(6)] = input.value.toUpperCase().replace(/\s+/g, ""); }
    });
    return { type: "adjust_racks", tiles: tiles };
  }
  function endRacksPreview(form) {
    var values = {};
    (form.getAttribute("data-values") || "").split(",").forEach(function (kv) {
      var p = kv.split(":"); if (p.length === 2) { values[p[0]] = parseInt(p[1], 10); }
    });
    var rack = { a: 0, b: 0 };
    form.querySelectorAll("input[data-rack-side]").forEach(function (input) {
      if (input.disabled) { return; }
      input.value.toUpperCase().split("").forEach(function (c) { rack[input.getAttribute("data-rack-side")] += values[c] || 0; });
    });
    var out = form.getAttribute("data-out"), gain = parseInt(form.getAttribute("data-gain"), 10) || 0;
    var points = { a: -rack.a, b: -rack.b };
    if (out === "a" || out === "b") {
      var other = out === "a" ? "b" : "a";
      points[out] = gain * rack[other] - rack[out];
      points[other] = form.getAttribute("data-others-lose") ? -rack[other] : 0;
    }
    var a = parseInt(form.getAttribute("data-score-a"), 10) + points.a;
    var b = parseInt(form.getAttribute("data-score-b"), 10) + points.b;
    var box = form.querySelector("[data-final-preview]");
    if (box) { box.textContent = T("js-final-scores", "Final scores:") + " " + form.getAttribute("data-name-a") + " " + a + " – " + form.getAttribute("data-name-b") + " " + b; }
  }
  document.addEventListener("input", function (e) {
    var form = e.target.form;
    if (form && form.hasAttribute("data-end-racks")) { endRacksPreview(form); }
  });
  // Racks the board tells are filled in by the server: show their final scores at once.
  document.querySelectorAll("[data-end-racks]").forEach(endRacksPreview);

  // --- board mode: show the computed score before the player confirms ---------------------------
  var previewTimer = null;
  document.addEventListener("input", function (e) {
    var input = e.target;
    var url = input.getAttribute && input.getAttribute("data-preview");
    if (!url) { return; }
    clearTimeout(previewTimer);
    previewTimer = setTimeout(function () {
      var out = input.form.querySelector("[data-preview-out]");
      fetch(url, { method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: JSON.stringify({ move: input.value.toUpperCase() }) })
        .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, body: j }; }); })
        .then(function (res) {
          if (!out) { return; }
          out.textContent = res.ok ? (res.body.words.join(", ") + ": " + res.body.score + " " + T("js-points", "points")) : res.body.message;
          out.classList.toggle("error", !res.ok);
        });
    }, 300);
  });
})();

// director
// Load a chosen text file into a textarea, so word lists and CSV files go up as ordinary form
// fields: <input type="file" data-file-into="ID-of-textarea">.
(function () {
  document.addEventListener("change", function (e) {
    var input = e.target;
    var target = input.getAttribute && input.getAttribute("data-file-into");
    if (!target || !input.files || !input.files[0]) { return; }
    var area = document.getElementById(target);
    if (!area) { return; }
    var reader = new FileReader();
    // UTF-8 when the file is UTF-8; otherwise Windows-1252 (a superset of ISO-8859-1, which TSH
    // writes its .t files in unless configured otherwise), so accented names survive.
    reader.onload = function () {
      var bytes = new Uint8Array(reader.result || new ArrayBuffer(0));
      var text;
      try { text = new TextDecoder("utf-8", { fatal: true }).decode(bytes); }
      catch (err) { text = new TextDecoder("windows-1252").decode(bytes); }
      area.value = text;
    };
    reader.readAsArrayBuffer(input.files[0]);
  });
})();
