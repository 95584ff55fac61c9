// A player's results slip on their own phone (issue 18, N8, N9): number + PIN, then their game
// of the round paired last. Both go with every request (kept for the tab only); the server
// decides who, which game and whether the slip is final. A public event's page follows the
// event's live stream, so the opponent's entry shows without a reload; otherwise it asks every
// 5 s. What the player is typing is never overwritten by a refresh.
(function () {
  "use strict";
  var phone = document.querySelector("[data-ind-phone]");
  if (!phone) { return; }
  var TEXT = (function () {
    var el = document.getElementById("arbiter-text");
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  })();
  var meta = document.querySelector('meta[name="csrf-token"]');
  var csrf = meta ? meta.getAttribute("content") : "";
  var did = phone.getAttribute("data-ind-phone");
  var store = window.sessionStorage;
  var storeKey = "inds-phone-" + did;
  var who = null;
  try { who = JSON.parse(store.getItem(storeKey) || "null"); } catch (e) { who = null; }
  var view = null;
  var dirty = false;
  var $ = function (sel) { return phone.querySelector(sel); };
  var text = function (k) { return phone.getAttribute("data-text-" + k) || ""; };
  var field = function (n) { return $('[data-field="' + n + '"]'); };

  // The refusal in the page's words (web::messages::REFUSALS), the rule ID beside it.
  var words = function (body) {
    var msg = String((body && body.message) || "").replace(/^rule \w+: /, "").replace(/\.$/, "");
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
    return body && body.rule ? msg + " (" + body.rule + ")" : msg;
  };
  var post = function (url, body) {
    body.player = who.player;
    body.pin = who.pin;
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf, "Accept": "application/json" },
      body: JSON.stringify(body)
    }).then(function (r) { return r.json().then(function (j) { return { status: r.status, body: j }; }); });
  };
  var say = function (sel, msg) {
    var el = $(sel);
    el.textContent = msg || "";
    el.hidden = !msg;
  };
  // Back to the sign-in form, with the refusal (and its status: 403 wrong PIN, 429 throttled).
  var signedOut = function (msg, status) {
    who = null;
    view = null;
    store.removeItem(storeKey);
    $("[data-phone-login]").hidden = false;
    $("[data-phone-slip]").hidden = true;
    say("[data-login-error]", msg);
    $("[data-login-error]").setAttribute("data-status", status ? String(status) : "");
  };

  var fill = function (slip) {
    var d = slip.details || {};
    var set = function (n, v) { field(n).value = v === null || v === undefined ? "" : String(v); };
    set("score_a", slip.score_a);
    set("score_b", slip.score_b);
    set("blanks", d.blanks);
    set("challenged", (d.challenged || []).join(" "));
    set("high_word", d.high_word);
    set("high_score", d.high_score || "");
    set("time_penalty_a", d.time_penalty_a || "");
    set("time_penalty_b", d.time_penalty_b || "");
    dirty = false;
  };
  var spread = function () {
    var a = parseInt(field("score_a").value, 10);
    var b = parseInt(field("score_b").value, 10);
    var el = $("[data-phone-spread]");
    if (isNaN(a) || isNaN(b) || !view || !view.slip) { el.textContent = ""; return; }
    var mine = view.side === "a" ? a - b : b - a;
    el.textContent = text("spread") + " " + (mine > 0 ? "+" : "") + mine;
  };

  var show = function (v) {
    view = v;
    $("[data-phone-login]").hidden = true;
    $("[data-phone-slip]").hidden = false;
    say("[data-login-error]", "");
    $("[data-phone-who]").textContent = v.name + " (" + v.player + ")";
    var s = v.slip;
    $("[data-phone-where]").textContent = v.event + " · " + v.division +
      (v.round ? " · " + text("round") + " " + v.round : "") + (s ? " · " + text("table") + " " + s.table : "");
    var note = !v.round ? text("not-paired") : v.bye ? text("bye") : !s ? text("no-game") : "";
    say("[data-phone-note]", note);
    $("[data-phone-game]").hidden = !s;
    if (!s) { return; }
    var me = v.side;
    var label = function (side) {
      var name = side === "a" ? v.a_name : v.b_name;
      var num = side === "a" ? s.a : s.b;
      return name + " (" + num + ")" + (side === me ? " · " + text("you") : "") + (side === "a" ? " · " + text("first") : "");
    };
    $('[data-name="a"]').textContent = label("a");
    $('[data-name="b"]').textContent = label("b");
    $('[data-penalty="a"]').textContent = text("penalty") + " · " + (v.a_name || "");
    $('[data-penalty="b"]').textContent = text("penalty") + " · " + (v.b_name || "");
    var mineOk = me === "a" ? s.confirmed_a : s.confirmed_b;
    var has = s.score_a !== null && s.score_b !== null;
    var state = s.is_final ? "final" : !has ? "nothing" : mineOk ? "waiting" : "to-confirm";
    var st = $("[data-phone-state]");
    st.setAttribute("data-state", state);
    st.textContent = text(state) + (s.corrections > 0 ? " · " + text("corrections") + " " + s.corrections : "");
    st.className = "inds-state " + state;
    phone.setAttribute("data-slip-state", state);
    phone.setAttribute("data-score-a", has ? String(s.score_a) : "");
    phone.setAttribute("data-score-b", has ? String(s.score_b) : "");
    if (!dirty) { fill(s); }
    spread();
    // Once there are scores, confirming is the main action and correcting the other one.
    var send = $("[data-action=phone-send]");
    send.textContent = has ? text("correct") : text("send");
    send.classList.toggle("secondary", has);
    send.hidden = s.is_final;
    $("[data-phone-form]").querySelectorAll("input, button").forEach(function (el) { el.disabled = s.is_final; });
    $("[data-action=phone-confirm]").hidden = s.is_final || !has || mineOk;
  };

  var status = function () {
    if (!who) { return; }
    post("/api/v1/individual/divisions/" + did + "/phone/status", {}).then(function (res) {
      if (res.status === 403 || res.status === 429 || res.status === 404) { signedOut(words(res.body), res.status); return; }
      if (res.status >= 400) { say("[data-phone-error]", words(res.body)); return; }
      show(res.body);
    }).catch(function () { say("[data-phone-error]", text("unreachable")); });
  };

  var slipBody = function (action) {
    var n = function (name) { var x = parseInt(field(name).value, 10); return isNaN(x) ? null : x; };
    var s = view.slip;
    var body = { round: s.round, table: s.table, action: action };
    if (action === "confirm") {
      // The scores the player saw: refused (409) if the opponent changed them meanwhile.
      body.score_a = s.score_a;
      body.score_b = s.score_b;
      return body;
    }
    body.score_a = n("score_a");
    body.score_b = n("score_b");
    var words = field("challenged").value.split(/[\s,;]+/).filter(function (w) { return w !== ""; });
    body.details = {
      blanks: field("blanks").value.trim(),
      challenged: words,
      high_word: field("high_word").value.trim(),
      high_score: n("high_score") || 0,
      time_penalty_a: n("time_penalty_a") || 0,
      time_penalty_b: n("time_penalty_b") || 0
    };
    return body;
  };
  var act = function (action) {
    if (!who || !view || !view.slip) { return; }
    say("[data-phone-error]", "");
    post("/api/v1/individual/divisions/" + did + "/phone/slip", slipBody(action)).then(function (res) {
      if (res.status >= 400) {
        say("[data-phone-error]", words(res.body));
        if (res.status === 409) { dirty = false; status(); }
        return;
      }
      dirty = false;
      show(res.body);
      var st = $("[data-phone-state]");
      st.textContent = (action === "confirm" ? text("confirmed") : text("sent")) + " " + st.textContent;
    }).catch(function () { say("[data-phone-error]", text("unreachable")); });
  };

  phone.addEventListener("input", function (e) {
    if (e.target.closest("[data-phone-form]")) { dirty = true; spread(); }
  });
  phone.addEventListener("submit", function (e) {
    e.preventDefault();
    var login = e.target.closest("[data-phone-login]");
    if (login) {
      who = { player: parseInt(field("player").value, 10), pin: field("pin").value.trim() };
      store.setItem(storeKey, JSON.stringify(who));
      status();
      return;
    }
    if (e.target.closest("[data-phone-form]")) { act("scores"); }
  });
  phone.addEventListener("click", function (e) {
    if (e.target.closest("[data-action=phone-confirm]")) { act("confirm"); }
    if (e.target.closest("[data-action=phone-leave]")) { signedOut(""); }
  });

  var live = phone.getAttribute("data-live-url");
  if (live && window.EventSource) {
    var es = new EventSource(live);
    var timer = null;
    es.addEventListener("change", function (e) {
      var m = {};
      try { m = JSON.parse(e.data); } catch (x) { m = {}; }
      if (m.division_id !== undefined && String(m.division_id) !== did) { return; }
      clearTimeout(timer);
      timer = setTimeout(status, 100);
    });
    // After a reconnect the stream may have missed a change.
    es.onopen = function () { status(); };
  } else {
    setInterval(status, 5000);
  }
  status();
})();
