"""Issue 11, items 6, 9, 10 and 11: what clients send, held to what the server can keep.

- 6:  commands on a match voided by a re-pairing are refused (409, naming the table's match now)
- 9:  names with control characters (newlines, NUL) are refused with 422; standings.csv defuses
      formulas; a username with a newline does not forge a log line
- 10: sheet-mode plays bounded by the board; grants unique; slow bodies get 408; large uploads
      refused before their body is read; quiet live streams keep alive however busy the hall;
      a stop signal ends live streams at once (on a second server this script starts and stops)
- 11: a match's last_seq never runs ahead of its log, and is accepted as expected_seq

Destructive steps happen in an event of this script's own, so later scripts see the demo as it
was. Slow checks (408, keep-alives) run in threads alongside the rest.
"""
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.parse

from lib import Browser, HOST, PORT, api, check, done, request, token

RUN = format(int(time.time() * 1000) % 10**8, "x")
ADMIN = token("admin")
PASSWORD = "attack-input-pw-1"


def ok(r, what):
    check(r.status in (200, 201), what, r)
    return r.json() if r.status in (200, 201) else {}


def admin_browser():
    b = Browser()
    r = b.login("admin")
    check(r.status in (302, 303), "admin signs in through the form", r)
    return b


def new_account(b, name):
    r = b.form("/admin/users", {"username": name, "password": PASSWORD})
    check(r.status in (302, 303), f"account {name} created", r)
    return token(name, PASSWORD)


def new_event(name, teams):
    ev = ok(api("POST", "/api/v1/events", ADMIN, {"name": name}), f"event {name} created")
    ids = []
    for t in teams:
        r = ok(api("POST", f"/api/v1/events/{ev['id']}/teams", ADMIN,
                   {"name": t, "players": [f"{t} one", f"{t} two"]}), f"team {t!r} created")
        ids.append(r.get("id"))
    return ev["id"], ids


def new_match(event, a, b, table, ruleset=None):
    body = {"event_id": event, "table": table, "side_a": {"team_id": a}, "side_b": {"team_id": b}}
    if ruleset:
        body["ruleset"] = ruleset
    return ok(api("POST", "/api/v1/matches", ADMIN, body), "match created").get("id")


def cmd(tok, m, command, **extra):
    body = dict(extra)
    body["command"] = command
    return api("POST", f"/api/v1/matches/{m}/commands", tok, body)


def raw(data, wait):
    """Sends raw bytes; returns (text received until close or `wait`, seconds to first byte)."""
    s = socket.create_connection((HOST, PORT))
    start = time.time()
    try:
        s.sendall(data)
    except OSError:
        pass
    out, first = b"", None
    while time.time() - start < wait:
        s.settimeout(max(0.05, wait - (time.time() - start)))
        try:
            chunk = s.recv(8192)
        except (socket.timeout, OSError):
            break
        if not chunk:
            break
        if first is None:
            first = time.time() - start
        out += chunk
    s.close()
    return out.decode("utf-8", "replace"), first


def status_of(text):
    m = re.match(r"HTTP/1\.[01] (\d{3})", text)
    return int(m[1]) if m else 0


browser = admin_browser()

# --- slow checks, started first and collected at the end ---------------------------------------
drips = {}


def drip(i):
    """A body announced and sent a byte a second: 408 and a closed connection, not a held one."""
    s = socket.create_connection((HOST, PORT))
    start = time.time()
    s.sendall(b"POST /api/v1/auth/token HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
              b"content-length: 1000\r\n\r\n{")
    got = b""
    s.settimeout(1)
    while time.time() - start < 25:
        try:
            s.sendall(b" ")
        except OSError:
            break
        try:
            chunk = s.recv(4096)
            if not chunk:
                break
            got += chunk
        except socket.timeout:
            pass
        except OSError:
            break
    s.close()
    drips[i] = (status_of(got.decode("latin-1")), time.time() - start)


drip_threads = [threading.Thread(target=drip, args=(i,)) for i in range(20)]
for t in drip_threads:
    t.start()

# Item 10: a quiet match's live stream, while another match is busy.
live_ev, live_teams = new_event(f"Live {RUN}", ["Quiet A", "Quiet B", "Busy A", "Busy B"])
quiet = new_match(live_ev, live_teams[0], live_teams[1], 1)
busy = new_match(live_ev, live_teams[2], live_teams[3], 2)
sse_text = {}


def read_sse():
    text, _ = raw(f"GET /matches/{quiet}/live HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
                  .encode(), 19)
    sse_text["quiet"] = text


sse_thread = threading.Thread(target=read_sse)
sse_thread.start()
stop_busy = threading.Event()


def keep_busy():
    """A play every half second in another match: live messages that are not the quiet stream's."""
    cmd(ADMIN, busy, {"type": "start", "first": "a"})
    while not stop_busy.is_set():
        cmd(ADMIN, busy, {"type": "play", "words": ["QI"], "tiles": 2, "declared": 11})
        time.sleep(0.5)


busy_thread = threading.Thread(target=keep_busy)
busy_thread.start()

# --- item 6: a voided match ----------------------------------------------------------------------
print("item 6: commands on a voided match")
ev6, t6 = new_event(f"Repair {RUN}", ["Ants", "Bees", "Cats", "Dogs"])
tablet_name = f"tab{RUN}"
tablet = new_account(browser, tablet_name)
ok(api("POST", f"/api/v1/events/{ev6}/grants", ADMIN,
       {"username": tablet_name, "role": "table", "table": 1}), "table grant")
ok(api("POST", f"/api/v1/events/{ev6}/rounds", ADMIN, {"method": "round_robin"}), "round 1 paired")


def tables_of(ev):
    rounds = ok(api("GET", f"/api/v1/events/{ev}/rounds", ADMIN), "rounds listed")
    return [t["match_id"] for t in rounds[0]["tables"]] if rounds else []


old = tables_of(ev6)
r = cmd(tablet, old[0], {"type": "pass"})
check(r.status == 422, "a command before the start is refused (the writer now knows the match)", r)
ok(api("POST", f"/api/v1/events/{ev6}/rounds/1/repair", ADMIN,
       {"method": "manual", "pairs": [{"team_a": t6[3], "team_b": t6[0]},
                                      {"team_a": t6[1], "team_b": t6[2]}]}), "round 1 paired again")
new = tables_of(ev6)
for i, (o, n) in enumerate(zip(old, new)):
    sender = tablet if i == 0 else ADMIN
    r = cmd(sender, o, {"type": "start", "first": "a"}, idempotency_key=f"old-{RUN}-{i}")
    body = r.json() if r.status == 409 else {}
    check(r.status == 409 and body.get("error") == "match_void" and body.get("current_match") == n,
          f"start on voided match {o} → 409 naming match {n}", r)
    shown = ok(api("GET", f"/api/v1/matches/{o}", ADMIN), "voided match readable")
    check(shown.get("status") == "created" and shown.get("last_seq") == 1 and shown.get("void") is True,
          f"voided match {o} recorded nothing", shown)
    r = cmd(sender, o, {"type": "start", "first": "a"}, idempotency_key=f"old-{RUN}-{i}")
    check(r.status == 409, "a resend with the same key is refused the same way", r)
tb = Browser()
tb.login(tablet_name, PASSWORD)
page = tb.send("GET", f"/matches/{old[0]}/table")
check(page.status == 200 and "voided" in page.text() and f'href="/matches/{new[0]}/table"' in page.text()
      and 'data-command="start"' not in page.text(),
      "the old tablet page has no controls and links to the table's match now", page)
r = tb.send("GET", "/table")
check(r.header("location") == f"/matches/{new[0]}/table", "the device's home is the new match", r)
r = cmd(tablet, new[0], {"type": "start", "first": "a"})
check(r.status == 200, "the new match takes the start", r)

# --- item 9: names --------------------------------------------------------------------------------
print("item 9: names, exports, logs")
ev9, t9 = new_event(f"Names {RUN}",
                    ["=HYPERLINK(\"http://evil.example\",\"Standings\")", "@SUM(1+1)", "-2 Club", "Plain"])
for bad in ["Evil\n#player2 B Forged\n>B: ABC 8D FORGED +999 999", "Nul\u0000", "tab\there",
            "rtl\u202etxet", "cr\rlf"]:
    r = api("POST", "/api/v1/events", ADMIN, {"name": bad})
    check(r.status == 422, f"event name {bad!r} → 422", r)
    r = api("POST", f"/api/v1/events/{ev9}/teams", ADMIN, {"name": bad, "players": ["P one", "P two"]})
    check(r.status == 422, f"team name {bad!r} → 422", r)
    r = api("POST", f"/api/v1/events/{ev9}/teams", ADMIN, {"name": f"T{RUN}", "players": ["P one", bad]})
    check(r.status == 422, f"player name {bad!r} → 422", r)
    r = api("POST", "/api/v1/matches", ADMIN,
            {"event_id": ev9, "table": 5, "side_a": {"name": bad}, "side_b": {"team_id": t9[3]},
             "ruleset": {"preset": "team-2v2", "overrides": {"entry_mode": "board"}}})
    check(r.status == 422, f"side name {bad!r} → 422", r)
bad_csv = "team,player1,player2,captain\n\"Two\nLines\",A,B,A\nNul\u0000,C,D,C\n"
r = api("POST", f"/api/v1/events/{ev9}/teams/import", ADMIN, {"csv": bad_csv, "dry_run": True})
rows = r.json().get("rows", []) if r.status == 200 else []
check(len(rows) == 2 and all("control character" in (x.get("error") or "") for x in rows),
      "CSV rows with a line break or NUL in a name are row errors", r)
r = api("POST", f"/api/v1/events/{ev9}/teams/import", ADMIN, {"csv": bad_csv, "dry_run": False})
check(r.status == 400, "and the import is refused", r)
r = api("POST", f"/api/v1/events/{ev9}/committee", ADMIN,
        {"team_id": t9[3], "kind": "disqualification", "reason": "phone\u0000"})
check(r.status == 422, "a committee reason with NUL → 422 (not a database error)", r)
r = api("POST", f"/api/v1/events/{ev9}/grants", ADMIN, {"username": "admin\u0000", "role": "pic"})
check(r.status == 400, "a grant to a username with NUL → 400", r)
r = request("POST", "/api/v1/auth/token", {"username": "admin\u0000", "password": "x"})
check(r.status in (401, 429), "a login with NUL in the username → 401", r)
m9 = new_match(ev9, t9[2], t9[3], 1, {"preset": "team-2v2", "overrides": {"entry_mode": "board"}})
r = cmd(ADMIN, m9, {"type": "start", "first": "a"}, idempotency_key="k\u0000")
check(r.status == 422, "an idempotency key with NUL → 422", r)
r = cmd(ADMIN, m9, {"type": "walkout", "side": "a", "reason": "left\nthe hall"})
check(r.status in (403, 422), "a command reason with a line break is refused", r)
cmd(ADMIN, m9, {"type": "start", "first": "a"})
cmd(ADMIN, m9, {"type": "play", "move": "8G QI", "declared": 22})
g = api("GET", f"/api/v1/matches/{m9}/gcg", ADMIN)
check(g.status == 200 and len([l for l in g.text().splitlines() if l.startswith("#player")]) == 2,
      "the GCG export has one line per player", g)
csv = request("GET", f"/events/{ev9}/standings.csv")
cells = [l.split(",")[1] for l in csv.text().splitlines()[1:] if l.count(",") >= 2]
check(csv.status == 200 and cells and all(not c.lstrip('"').startswith(("=", "+", "-", "@")) for c in cells),
      "no standings.csv cell starts a formula", csv.text()[:400])
check("'=HYPERLINK(" in csv.text() and "'@SUM" in csv.text() and "'-2 Club" in csv.text(),
      "formula-like names are kept, prefixed with '", csv.text()[:400])
marker = f"FORGED{RUN}"
request("POST", "/api/v1/auth/token",
        {"username": f"nobody\n2000-01-01T00:00:00.000000Z  INFO {marker} login ok", "password": "x"})
time.sleep(0.3)
log_path = os.path.join(os.environ.get("ARBITER_DATA", ""), "server.log")
if os.path.exists(log_path):
    plain = re.sub(r"\x1b\[[0-9;]*m", "", open(log_path, errors="replace").read())
    lines = [l for l in plain.splitlines() if marker in l]
    check(all("username=" in l for l in lines),
          "a username with a newline stays on its log line (escaped)", *lines)

# --- item 10: bounds --------------------------------------------------------------------------------
print("item 10: bounded inputs")
ev10, t10 = new_event(f"Bounds {RUN}", ["Ants", "Bees"])
m10 = new_match(ev10, t10[0], t10[1], 1)
cmd(ADMIN, m10, {"type": "start", "first": "a"})
for words, tiles, what in [(["A" * 100_000], 7, "a 100 KB word"), (["QI"] * 20_000, 7, "20,000 words"),
                           (["ABCDEFGHIJKLMNOP"], 7, "a 16-letter word"),
                           (["QI", "XI", "ZA", "AB"], 2, "4 words from 2 tiles"),
                           (["Q\nI"], 2, "a word with a line break")]:
    r = cmd(ADMIN, m10, {"type": "play", "words": words, "tiles": tiles, "declared": 10})
    check(r.status == 422, f"sheet-mode play with {what} → 422", r)
r = cmd(ADMIN, m10, {"type": "play", "words": ["QI", "XI", "IS"], "tiles": 2, "declared": 30})
check(r.status == 200, "a play the board allows is taken", r)

cap = f"cap{RUN}"
cap_tok = new_account(browser, cap)
g1 = api("POST", f"/api/v1/events/{ev10}/grants", ADMIN, {"username": cap, "role": "captain", "team_id": t10[0]})
g2 = api("POST", f"/api/v1/events/{ev10}/grants", ADMIN, {"username": cap, "role": "captain", "team_id": t10[0]})
check(g1.status == 201 and g2.status == 409, "a repeated grant → 409", g1, g2)
results = []
threads = [threading.Thread(target=lambda: results.append(
    api("POST", f"/api/v1/events/{ev10}/grants", ADMIN, {"username": cap, "role": "pic"}).status))
    for _ in range(10)]
for t in threads:
    t.start()
for t in threads:
    t.join()
check(sorted(results) == [201] + [409] * 9, "ten parallel grants make one", results)
listed = api("GET", f"/api/v1/events/{ev10}/grants", ADMIN)
check(listed.status == 200 and len(listed.json()) == 2, "the grants list holds each grant once", listed)

cb = Browser()
cb.login(cap, PASSWORD)
csrf = cb.csrf("/")
cookie = "; ".join(f"{k}={v}" for k, v in cb.cookies.items())
for req, what in [
    (f"PUT /api/v1/events/{ev10}/lexicon?name=big HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {cap_tok}\r\n"
     "content-type: text/plain\r\ncontent-length: 8000000\r\n\r\n", "API word list upload"),
    (f"POST /events/{ev10}/lexicon HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\n"
     "content-type: application/x-www-form-urlencoded\r\ncontent-length: 16000000\r\n\r\n", "word list form"),
    ("POST /events/new HTTP/1.1\r\nHost: x\r\nCookie: " + cookie + "\r\n"
     "content-type: application/x-www-form-urlencoded\r\ncontent-length: 16000000\r\n\r\n", "new event form"),
]:
    text, first = raw(req.encode(), 4)
    check(status_of(text) == 403 and first is not None and first < 2,
          f"a captain's {what} (8 MB announced, none sent) → 403 at once", text[:200], first)

# --- item 11: last_seq ------------------------------------------------------------------------------
print("item 11: last_seq and the clock flag")
m11 = new_match(ev10, t10[0], t10[1], 2, {"preset": "team-2v2", "overrides": {"clock": {"side_ms": 1500}}})
cmd(ADMIN, m11, {"type": "start", "first": "a"})
ahead = []
deadline = time.time() + 4
while time.time() < deadline:
    shown = api("GET", f"/api/v1/matches/{m11}", ADMIN).json()
    log = api("GET", f"/api/v1/matches/{m11}/events", ADMIN).json()
    if shown["last_seq"] > max(e["seq"] for e in log):
        ahead.append((shown["last_seq"], [e["payload"]["type"] for e in log]))
    time.sleep(0.03)
check(not ahead, "last_seq is never ahead of the log (flag shown, not yet recorded)", *ahead[:3])
m11b = new_match(ev10, t10[0], t10[1], 3, {"preset": "team-2v2", "overrides": {"clock": {"side_ms": 1500}}})
cmd(ADMIN, m11b, {"type": "start", "first": "a"})
time.sleep(1.6)
refused = []
accepted = False
for _ in range(20):
    shown = api("GET", f"/api/v1/matches/{m11b}", ADMIN).json()
    r = cmd(ADMIN, m11b, {"type": "pass"}, expected_seq=shown["last_seq"])
    if r.status == 200:
        accepted = True
        break
    if r.status == 409:
        log = api("GET", f"/api/v1/matches/{m11b}/events", ADMIN).json()
        if max(e["seq"] for e in log) <= shown["last_seq"]:
            refused.append(r)
    time.sleep(0.05)
check(accepted and not refused, "the last_seq shown is accepted as expected_seq", *refused[:2])

# --- item 10: a stop signal with live streams open (a server of this script's own) ------------------
print("item 10: stop with live streams open")
binary = os.environ.get("ARBITER_BIN")
if binary:
    with tempfile.TemporaryDirectory() as data:
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        port2 = s.getsockname()[1]
        s.close()
        env = dict(os.environ, ARBITER_DATA_DIR=data, RUST_LOG="info")
        env.pop("DATABASE_URL", None)
        logf = open(os.path.join(data, "server.log"), "w")
        proc = subprocess.Popen([binary, "serve", "--bind", f"127.0.0.1:{port2}",
                                 "--database-url", f"sqlite://{data}/arbiter.db"],
                                env=env, stdout=logf, stderr=subprocess.STDOUT)
        try:
            for _ in range(100):
                try:
                    c = http.client.HTTPConnection("127.0.0.1", port2, timeout=2)
                    c.request("GET", "/healthz")
                    if c.getresponse().status == 200:
                        break
                except OSError:
                    time.sleep(0.1)
            pw = None
            for _ in range(50):
                m = re.search(r"one-time password (\S+)", open(os.path.join(data, "server.log")).read())
                if m:
                    pw = m[1]
                    break
                time.sleep(0.1)

            def call2(method, path, body=None, tok=None):
                c = http.client.HTTPConnection("127.0.0.1", port2, timeout=10)
                h = {"content-type": "application/json"}
                if tok:
                    h["authorization"] = f"Bearer {tok}"
                c.request(method, path, json.dumps(body) if body is not None else None, h)
                r = c.getresponse()
                return r.status, r.read()

            st, b = call2("POST", "/api/v1/auth/token", {"username": "admin", "password": pw})
            tok2 = json.loads(b)["token"] if st == 200 else None
            st, b = call2("POST", "/api/v1/events", {"name": "Stop cup"}, tok2)
            ev2 = json.loads(b).get("id") if st == 201 else 1
            streams, opened = [], 0
            for _ in range(20):
                so = socket.create_connection(("127.0.0.1", port2))
                so.sendall(f"GET /events/{ev2}/live HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                so.settimeout(3)
                try:
                    opened += so.recv(1024).startswith(b"HTTP/1.1 200")
                except OSError:
                    pass
                streams.append(so)
            check(opened == 20, "20 live streams open on a second server", opened)
            # Half the subscribers go away without a word, as tablets do.
            for so in streams[:10]:
                so.close()
            start = time.time()
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
            took = time.time() - start
            check(proc.poll() == 0 and took < 5,
                  f"SIGTERM with 20 live streams open stops in {took:.1f} s (graceful stop waits 10 s)",
                  proc.poll())
            for so in streams[10:]:
                so.close()
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            logf.close()

# --- the slow checks --------------------------------------------------------------------------------
sse_thread.join(timeout=25)
stop_busy.set()
busy_thread.join(timeout=5)
text = sse_text.get("quiet", "")
check("text/event-stream" in text and ": ping" in text,
      "a quiet live stream sends a keep-alive within ~15 s while another match is busy", text[-300:])
for t in drip_threads:
    t.join(timeout=30)
slow = {i: v for i, v in drips.items() if not (v[0] == 408 and v[1] < 16)}
check(len(drips) == 20 and not slow, "20 dripping bodies each get 408 within 16 s", slow)
done()
