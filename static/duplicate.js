// Duplicate pages (seed 002): the referee's buttons and the arbitrators' slip form call the JSON
// API; the countdown animates what the server sent (D4: the warning 30 s before the end).
// Live regions re-render through app.js; handlers here are delegated so they survive that.
(function () {
  "use strict";
  // Issue 15: the page's words, rendered by the server into <script id="arbiter-text">
  // (web::i18n::SCRIPT_KEYS); English stays as the fallback.
  var TEXT = (function () {
    var el = document.getElementById("arbiter-text");
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  })();
  function T(key, fallback) { return TEXT[key] || fallback; }
  function fill(text, args) { return text.replace(/\$(\d)/g, function (m, i) { return String(args[i - 1]); }); }
  function refused(status) { return T("js-dup-refused", "Refused ($1)").replace("$1", String(status)); }
  var meta = document.querySelector('meta[name="csrf-token"]');
  var csrf = meta ? meta.getAttribute("content") : "";
  function key() { return Date.now().toString(36) + Math.random().toString(36).slice(2); }
  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf, "Accept": "application/json" },
      body: JSON.stringify(body)
    }).then(function (r) { return r.json().then(function (j) { return { status: r.status, body: j }; }); });
  }
  function showError(text) {
    var el = document.querySelector("[data-dup-error]");
    if (!el) { return; }
    el.textContent = text || "";
    el.hidden = !text;
  }

  // --- countdown ---------------------------------------------------------------------------
  var loaded = new WeakMap();
  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-dup-countdown]").forEach(function (el) {
      if (!loaded.has(el)) { loaded.set(el, now); }
      var ms = parseInt(el.getAttribute("data-remaining-ms"), 10) - (now - loaded.get(el));
      var warn = parseInt(el.getAttribute("data-warning-ms"), 10);
      var s = Math.max(0, Math.ceil(ms / 1000));
      el.textContent = Math.floor(s / 60) + ":" + ("0" + (s % 60)).slice(-2);
      el.classList.toggle("warning", ms <= warn && ms > 0);
      el.classList.toggle("over", ms <= 0);
    });
  }
  setInterval(tick, 250);
  tick();

  // --- the referee's console ---------------------------------------------------------------------
  function game() {
    var el = document.querySelector("[data-dup-game]");
    return el ? el.getAttribute("data-dup-game") : null;
  }
  function seq() {
    var el = document.querySelector("[data-seq]");
    return el ? parseInt(el.getAttribute("data-seq"), 10) : null;
  }
  function command(body) {
    var id = game();
    if (!id) { return; }
    body.expected_seq = seq();
    body.idempotency_key = key();
    var box = document.querySelector("[data-dup-ties-box]");
    post("/api/v1/duplicate/games/" + id + "/commands", body).then(function (res) {
      if (res.status >= 400) {
        showError(res.body.message || refused(res.status));
        // D6: equal tops and no choice yet: list them, each with its button.
        if (body.type === "choose_top" && res.body.field === "choice" && box) {
          fetch("/duplicate/games/" + id + "/console/tops", { credentials: "same-origin" })
            .then(function (r) { return r.text(); })
            .then(function (html) { box.innerHTML = html; });
        }
      } else {
        showError("");
        if (box) { box.innerHTML = ""; }
      }
    }).catch(function () { showError(T("js-dup-unreachable", "Could not reach the server.")); });
  }
  document.addEventListener("click", function (e) {
    var b = e.target.closest("[data-dup-cmd]");
    if (b && b.getAttribute("data-dup-cmd") !== "type_rack") {
      var type = b.getAttribute("data-dup-cmd");
      var body = { type: type };
      if (type === "undo") { body.reason = "referee undo"; }
      command(body);
      return;
    }
    var c = e.target.closest("[data-dup-choice]");
    if (c) { command({ type: "choose_top", choice: parseInt(c.getAttribute("data-dup-choice"), 10) }); }
  });
  document.addEventListener("submit", function (e) {
    var f = e.target.closest("[data-dup-type-rack]");
    if (!f) { return; }
    e.preventDefault();
    command({ type: "type_rack", tiles: f.querySelector('[data-field="tiles"]').value.trim(), redraw: f.querySelector('[data-field="redraw"]').checked });
  });

  // --- slip entry: Enter records the slip and starts the next at the player number --------------
  document.addEventListener("submit", function (e) {
    var f = e.target.closest("[data-dup-slip]");
    if (!f) { return; }
    e.preventDefault();
    var v = function (n) { return f.querySelector('[data-field="' + n + '"]').value.trim(); };
    var body = { player: parseInt(v("player"), 10), reference: v("reference"), word: v("word"), idempotency_key: key() };
    if (v("turn")) { body.turn = parseInt(v("turn"), 10); }
    if (v("points")) { body.points = parseInt(v("points"), 10); }
    // D5, D8: a writing fault gets a warning or a zero at the referee's choice; empty: the event's.
    if (v("ruling")) { body.ruling = v("ruling"); }
    var out = document.querySelector("[data-dup-verdict]");
    post("/api/v1/duplicate/games/" + f.getAttribute("data-dup-slip") + "/slips", body).then(function (res) {
      if (res.status >= 400) {
        out.className = "dup-verdict refused";
        out.setAttribute("data-state", "refused");
        out.textContent = res.body.message || refused(res.status);
        var field = res.body.field && f.querySelector('[data-field="' + res.body.field + '"]');
        if (field) { field.focus(); field.select(); }
        return;
      }
      var ver = res.body.verdict;
      out.className = "dup-verdict ok";
      out.setAttribute("data-state", "recorded");
      out.textContent = fill(T("js-dup-recorded", "Player $1, turn $2: $3 points"), [res.body.player, res.body.turn, ver.score]) +
        (ver.warnings ? ", " + fill(T("js-dup-warnings", "$1 warning"), [ver.warnings]) : "") +
        (ver.zero ? " (" + fill(T("js-dup-zero", "zero: $1"), [ver.zero.kind.replace("_", " ")]) + ")" : "");
      ["player", "reference", "word", "points", "ruling"].forEach(function (n) { f.querySelector('[data-field="' + n + '"]').value = ""; });
      f.querySelector('[data-field="player"]').focus();
    }).catch(function () { out.textContent = T("js-dup-slip-unreachable", "Could not reach the server: the slip may not be recorded. Press Enter again."); });
  });
  // D5 (phone slips): "take over" copies what the player entered into the slip form, where the
  // arbitrator corrects it and records it as their own slip (a new record).
  document.addEventListener("click", function (e) {
    var b = e.target.closest("[data-dup-takeover]");
    var f = document.querySelector("[data-dup-slip]");
    if (!b || !f) { return; }
    ["turn", "player", "reference", "word", "points"].forEach(function (n) {
      f.querySelector('[data-field="' + n + '"]').value = b.getAttribute("data-" + n) || "";
    });
    f.querySelector('[data-field="reference"]').focus();
  });
  // The turn field follows the turn the slips are open for, unless it is being edited.
  var obs = new MutationObserver(function () {
    var p = document.querySelector("[data-slip-turn]");
    var t = document.querySelector('[data-dup-slip] [data-field="turn"]');
    if (p && t && document.activeElement !== t && p.getAttribute("data-slip-turn")) { t.value = p.getAttribute("data-slip-turn"); }
  });
  document.querySelectorAll("[data-refresh]").forEach(function (r) { obs.observe(r, { childList: true }); });

  // --- a player's phone (issue 16, D4-D5): number + PIN of the table card, then the slip ----
  // Both go with every request (the phone keeps them for the tab only); the server decides who,
  // whether the option is on and whether time is up. The page follows the game's live stream
  // (/duplicate/games/{id}/live: a new rack, the turn started, the top, an undo, the end) and
  // asks for its view when told; the time-up lock comes from the phone's own countdown, checked
  // with the server at that moment (no message announces it).
  var phone = document.querySelector("[data-phone]");
  if (phone) {
    var pid = phone.getAttribute("data-phone");
    var store = window.sessionStorage;
    var who = null;
    try { who = JSON.parse(store.getItem("dupc-phone-" + pid) || "null"); } catch (e) { who = null; }
    var endsAt = null;
    var warnMs = 30000;
    var text = function (k) { return phone.getAttribute("data-text-" + k) || ""; };
    // The refusal in the page's words (web::messages::REFUSALS), the rule ID beside it.
    var words = function (body) {
      var msg = String(body.message || "").replace(/^rule \w+: /, "").replace(/\.$/, "");
      var list = TEXT.refusals || [];
      for (var i = 0; i < list.length; i++) {
        var names = [];
        var src = String(list[i][0]).replace(/[.*+?^$()|[\]\\]/g, "\\$&")
          .replace(/\{(\w+)\}/g, function (_, n) { names.push(n); return "(.+?)"; });
        var m = new RegExp("^" + src + "$", "i").exec(msg);
        if (!m) { continue; }
        var out = String(list[i][1]);
        for (var j = 0; j < names.length; j++) { out = out.split("{" + names[j] + "}").join(m[j + 1]); }
        msg = out;
        break;
      }
      return body.rule ? msg + " (" + body.rule + ")" : msg;
    };
    var state = function (kind, msg) {
      var el = phone.querySelector("[data-phone-state]");
      el.className = "dup-verdict " + (kind === "saved" ? "ok" : kind === "refused" ? "refused" : "");
      el.setAttribute("data-state", kind);
      el.textContent = msg;
    };
    var show = function (v) {
      phone.querySelector("[data-phone-login]").hidden = true;
      phone.querySelector("[data-phone-slip]").hidden = false;
      phone.querySelector("[data-phone-who]").textContent = "#" + v.player;
      phone.querySelector("[data-phone-turn]").textContent = String(v.turn);
      phone.querySelector("[data-phone-rack]").textContent = v.rack || "";
      phone.setAttribute("data-open", v.open ? "true" : "false");
      phone.querySelector("[data-action=phone-send]").disabled = !v.open;
      warnMs = v.warning_ms;
      endsAt = v.open && v.remaining_ms !== null ? Date.now() + v.remaining_ms : null;
      var e = v.entry;
      var entry = phone.querySelector("[data-phone-entry]");
      entry.setAttribute("data-entry", e ? e.reference + " " + e.word + (e.points !== null ? " " + e.points : "") : "");
      entry.textContent = e ? text("entry") + " " + e.reference + " " + e.word + (e.points !== null ? " " + e.points : "") : text("nothing");
      if (!v.open) {
        var st = phone.querySelector("[data-phone-state]");
        if (st.getAttribute("data-state") !== "refused") { state("closed", v.turn > 0 ? text("closed") : text("waiting")); }
      }
    };
    var ask = function (url, body) {
      body.player = who.player;
      body.pin = who.pin;
      return post(url, body);
    };
    var status = function () {
      if (!who) { return; }
      ask("/api/v1/duplicate/games/" + pid + "/phone/status", {}).then(function (res) {
        if (res.status >= 400) {
          state("refused", words(res.body));
          if (res.status === 403) { who = null; unfollow(); store.removeItem("dupc-phone-" + pid); phone.querySelector("[data-phone-login]").hidden = false; phone.querySelector("[data-phone-slip]").hidden = true; }
          return;
        }
        show(res.body);
        follow();
      }).catch(function () { state("refused", text("unreachable")); });
    };
    var clock = function () {
      var el = phone.querySelector("[data-phone-clock]");
      if (endsAt === null) { el.textContent = ""; el.className = "dup-clock dupc-clock"; return; }
      var ms = endsAt - Date.now();
      var s = Math.max(0, Math.ceil(ms / 1000));
      el.textContent = Math.floor(s / 60) + ":" + ("0" + (s % 60)).slice(-2);
      el.className = "dup-clock dupc-clock" + (ms <= 0 ? " over" : ms <= warnMs ? " warning" : "");
    };
    // The time ran out on the phone's countdown: lock the form at once, and ask the server,
    // whose clock decides (a phone's clock may be a little ahead or behind).
    var lockAtEnd = function () {
      if (endsAt === null || Date.now() < endsAt) { return; }
      endsAt = null;
      phone.setAttribute("data-open", "false");
      phone.querySelector("[data-action=phone-send]").disabled = true;
      status();
    };
    setInterval(function () { clock(); lockAtEnd(); }, 250);
    // Several changes in a burst (the top chosen, then placed) become one request.
    var pending = null;
    var changed = function () { clearTimeout(pending); pending = setTimeout(status, 100); };
    // The slow poll runs only while the stream is down (a phone asleep, a lost Wi-Fi, a proxy
    // that cut it): EventSource reconnects by itself, and meanwhile the phone still learns of
    // a new turn within 10 s. It stops as soon as the stream is back (which asks once, for
    // what it may have missed).
    var poll = null;
    var fallback = function (on) {
      if (on && poll === null) { poll = setInterval(status, 10000); }
      if (!on && poll !== null) { clearInterval(poll); poll = null; }
    };
    var stream = null;
    var follow = function () {
      if (stream || !who) { return; }
      if (!window.EventSource) { fallback(true); return; }
      stream = new EventSource("/duplicate/games/" + pid + "/live");
      var opened = false;
      stream.addEventListener("change", function (e) {
        // The game's seq the stream last told of (what a test can compare with the game's).
        phone.setAttribute("data-stream-seq", e.lastEventId || "");
        changed();
      });
      stream.onopen = function () {
        phone.setAttribute("data-stream", "open");
        fallback(false);
        if (opened) { changed(); }
        opened = true;
      };
      stream.onerror = function () {
        phone.setAttribute("data-stream", "down");
        fallback(true);
        // A refused stream (the game is gone) is not retried by the browser: neither here.
        if (stream.readyState === EventSource.CLOSED) { stream = null; }
      };
    };
    var unfollow = function () {
      if (stream) { stream.close(); stream = null; }
      fallback(false);
      phone.removeAttribute("data-stream");
    };
    document.addEventListener("submit", function (e) {
      var login = e.target.closest("[data-phone-login]");
      var form = e.target.closest("[data-phone-form]");
      if (!login && !form) { return; }
      e.preventDefault();
      if (login) {
        var f = function (n) { return login.querySelector('[data-field="' + n + '"]').value.trim(); };
        who = { player: parseInt(f("player"), 10), pin: f("pin") };
        store.setItem("dupc-phone-" + pid, JSON.stringify(who));
        state("", "");
        status();
        return;
      }
      var v = function (n) { return form.querySelector('[data-field="' + n + '"]').value.trim(); };
      var body = { reference: v("reference"), word: v("word") };
      if (v("points")) { body.points = parseInt(v("points"), 10); }
      ask("/api/v1/duplicate/games/" + pid + "/phone/slip", body).then(function (res) {
        if (res.status >= 400) { state("refused", words(res.body)); return; }
        state("saved", text("sent"));
        show(res.body);
      }).catch(function () { state("refused", text("unreachable")); });
    });
    document.addEventListener("click", function (e) {
      if (!e.target.closest("[data-action=phone-leave]")) { return; }
      who = null;
      unfollow();
      store.removeItem("dupc-phone-" + pid);
      phone.querySelector("[data-phone-login]").hidden = false;
      phone.querySelector("[data-phone-slip]").hidden = true;
    });
    status();
  }
})();
