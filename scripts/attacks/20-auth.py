"""Issue 11, items 3, 5, 7 and 8: CSRF with a re-spelled path, login throttling and memory,
sessions that must end on the server, and the redirect after login.

Guessing floods are sent from other loopback source addresses (127.0.0.2 and up, still to the
server on 127.0.0.1), so that the address throttle they trip does not stand in the way of the
scripts after this one, which sign in from 127.0.0.1.
"""
import base64
import hashlib
import hmac
import http.client
import json
import os
import re
import threading
import time
import urllib.parse

from lib import (BASE, HOST, PORT, Browser, api, check, done, password, request,
                 token)

EVENT = 1


def request_from(source, method, path, body=None, headers=None, timeout=60):
    """Like lib.request, from another loopback source address."""
    conn = http.client.HTTPConnection(HOST, PORT, timeout=timeout, source_address=(source, 0))
    hdrs = dict(headers or {})
    if isinstance(body, (dict, list)):
        body = json.dumps(body).encode()
        hdrs.setdefault("content-type", "application/json")
    conn.putrequest(method, path, skip_accept_encoding=True)
    for k, v in hdrs.items():
        conn.putheader(k, v)
    if body is not None:
        conn.putheader("content-length", str(len(body)))
    conn.endheaders(body)
    r = conn.getresponse()
    status, headers, data = r.status, r.getheaders(), r.read()
    conn.close()
    return status, {k.lower(): v for k, v in headers}, data


def parallel(n, fn):
    out = [None] * n

    def run(i):
        try:
            out[i] = fn(i)
        except Exception as e:  # a dropped connection is an answer too
            out[i] = (0, {}, str(e).encode())

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def server_rss_kib():
    """The server's resident memory, found by its listening port in /proc (None if not found)."""
    port = f"127.0.0.1:{PORT}"
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")
        except OSError:
            continue
        if b"serve" in cmd and port.encode() in cmd:
            for line in open(f"/proc/{pid}/status"):
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    return None


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def claims_of(tok):
    part = tok.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


def forge(claims):
    """A token signed with the server's secret (from its data directory)."""
    secret = open(os.path.join(os.environ["ARBITER_DATA"], "secret")).read().strip().encode()
    head = b64(json.dumps({"typ": "JWT", "alg": "HS256"}).encode())
    body = b64(json.dumps(claims).encode())
    sig = hmac.new(secret, f"{head}.{body}".encode(), hashlib.sha256).digest()
    return f"{head}.{body}.{b64(sig)}"


def meta_csrf(b, path="/"):
    m = re.search(r'name="csrf-token" content="([^"]+)"', b.send("GET", path).text())
    return m[1] if m else ""


# ------------------------------------------------------------------------------------------
print("item 3: CSRF is decided by the route, not by the path's spelling")
director = Browser()
check(director.login("director").status == 303, "director signs in through the form")
before = api("GET", f"/api/v1/events/{EVENT}", token("director")).json()
for path in [f"/%61pi/v1/events/{EVENT}/lexicon?name=csrfpwn",
             f"/api/v%31/events/{EVENT}/lexicon?name=csrfpwn",
             f"/api%2Fv1/events/{EVENT}/lexicon?name=csrfpwn"]:
    r = director.send("PUT", path, "QI\nZA\n", {"content-type": "text/plain"})
    check(r.status in (403, 404), f"PUT {path} with only the cookie is refused", r)
r = director.send("POST", f"/%61pi/v1/events/{EVENT}/grants",
                  {"username": "pic1", "role": "director"})
check(r.status in (403, 404), "a grant through /%61pi with only the cookie is refused", r)
after = api("GET", f"/api/v1/events/{EVENT}", token("director")).json()
check(after.get("lexicon") == before.get("lexicon"), "the word list is unchanged", after)
grants = api("GET", f"/api/v1/events/{EVENT}/grants", token("director")).json()
check(not any(g["username"] == "pic1" and g["role"] == "director" for g in grants),
      "pic1 did not become a director")
csrf = meta_csrf(director, f"/events/{EVENT}")
r = director.send("PUT", f"/api/v1/events/{EVENT}/lexicon?name=formenc", "QI\nZA\n",
                  {"content-type": "application/x-www-form-urlencoded", "x-csrf-token": csrf})
check(r.status == 400, "a word list sent with a form's content type is refused", r)

# ------------------------------------------------------------------------------------------
print("item 5: login throttling and memory")
t0 = time.monotonic()
answers = parallel(60, lambda i: request_from(
    "127.0.0.2", "POST", "/api/v1/auth/token",
    {"username": "ghost-of-20-auth", "password": f"guess-{i}"}))
took = time.monotonic() - t0
codes = [a[0] for a in answers]
limited = [a for a in answers if a[0] == 429]
check(len(limited) >= 30, f"60 parallel wrong guesses: {len(limited)} refused with 429", codes)
check(all("retry-after" in a[1] and int(a[1]["retry-after"]) >= 1 for a in limited),
      "every 429 says Retry-After")
check(set(codes) <= {401, 429}, "every guess got 401 or 429", codes)
check(took < 30, f"the 60 guesses were answered in {took:.1f} s")
r = request_from("127.0.0.2", "POST", "/api/v1/auth/token",
                 {"username": "ghost-of-20-auth", "password": "again"})
check(r[0] == 429, "the name stays refused", r)

# A success with another account does not clear the address's count of other names' failures.
seen_429 = False
for i in range(40):
    s, _, body = request_from("127.0.0.3", "POST", "/api/v1/auth/token",
                              {"username": f"spray-{i}", "password": "wrong"})
    if i == 3:
        ok, _, _ = request_from("127.0.0.3", "POST", "/api/v1/auth/token",
                                {"username": "captain2", "password": password("captain2")})
        check(ok == 200, "a right password from the spraying address works meanwhile", ok)
    if s == 429:
        seen_429 = True
        break
check(seen_429, "failures spread over 40 names from one address are throttled")

# Bogus logins in parallel do not balloon memory or starve the database pool.
rss_before = server_rss_kib()
health = []


def poll_health():
    for _ in range(10):
        health.append(request("GET", "/healthz").status)
        time.sleep(0.2)


watcher = threading.Thread(target=poll_health)
watcher.start()
flood = parallel(100, lambda i: request_from(
    f"127.0.0.{10 + i % 50}", "POST", "/api/v1/auth/token",
    {"username": f"bogus-{i}", "password": "bogus-password"}))
watcher.join()
rss_after = server_rss_kib()
check(all(a[0] in (401, 429) for a in flood), "100 parallel bogus logins: 401 or 429 each",
      sorted({a[0] for a in flood}))
check(all(h == 200 for h in health), "/healthz stays 200 during the flood", health)
if rss_before and rss_after:
    grown = (rss_after - rss_before) / 1024
    check(grown < 150, f"memory grew {grown:.0f} MiB under 100 parallel logins (was 1.6 GB)")

# Successful logins from 127.0.0.1, many in a row, are never throttled.
codes = [request("POST", "/api/v1/auth/token",
                 {"username": "table1", "password": password("table1")}).status
         for _ in range(40)]
check(all(c == 200 for c in codes), "40 successful sign-ins in a row all succeed", codes)

# ------------------------------------------------------------------------------------------
print("item 7: sessions end on the server")
cap = Browser()
check(cap.login("captain1").status == 303, "captain1 signs in")
cookie_token = cap.cookies.get("arbiter_session", "")
check(api("GET", "/api/v1/me", cookie_token).status == 200, "its cookie works as Bearer too")
r = cap.form("/logout", {}, csrf_from="/")
check(r.status == 303, "captain1 signs out", r)
replay = Browser()
replay.cookies["arbiter_session"] = cookie_token
check(replay.send("GET", "/api/v1/me").status == 401, "the old cookie no longer signs in")
check(api("GET", "/api/v1/me", cookie_token).status == 401,
      "the same token as Bearer is refused after sign-out")

t1, t2 = token("captain3"), token("captain3")
check(api("POST", "/api/v1/auth/logout", t1, {}).status == 204, "API sign-out answers 204")
check(api("GET", "/api/v1/me", t1).status == 401, "the signed-out token is refused")
check(api("GET", "/api/v1/me", t2).status == 200, "another session of the account goes on")

# The token's adm claim is not trusted.
ct = token("captain4")
forged = forge({**claims_of(ct), "adm": True})
r = api("GET", "/api/v1/users", forged)
check(r.status == 403, "a token saying adm=true does not make captain4 an administrator", r)
b = Browser()
b.cookies["arbiter_session"] = forged
r = b.send("GET", "/admin/users")
check(r.status == 403, "…nor on the admin pages", r)
r = api("GET", "/api/v1/me", forge({**claims_of(ct), "sid": "made-up-session"}))
check(r.status == 401, "a well-signed token naming no session is refused", r)

# A fresh account: disable, enable, password change, reset, revoke.
admin = Browser()
check(admin.login("admin").status == 303, "admin signs in")
name = f"attack20_{int(time.time())}"
r = admin.form("/admin/users", {"username": name, "password": "first-password-1"})
check(r.status == 303, f"admin creates {name}", r)
at = token("admin")
users = api("GET", "/api/v1/users", at).json()
uid = next(u["id"] for u in users if u["username"] == name)
ut = token(name, "first-password-1")
check(api("GET", "/api/v1/me", ut).status == 200, f"{name} signs in")
r = api("POST", f"/api/v1/users/{uid}/disable", at, {})
check(r.status == 200 and r.json().get("disabled") is True, "admin disables the account", r)
check(api("GET", "/api/v1/me", ut).status == 401, "its session ends at once")
r = request("POST", "/api/v1/auth/token", {"username": name, "password": "first-password-1"})
check(r.status == 403, "a disabled account cannot sign in", r)
r = api("POST", f"/api/v1/users/{uid}/enable", at, {})
check(r.status == 200, "admin enables it again", r)
check(api("GET", "/api/v1/me", ut).status == 401, "the ended session stays ended")
r = api("POST", f"/api/v1/users/{uid}/disable", token("director"), {})
check(r.status == 403, "a director cannot disable accounts", r)

here, there = token(name, "first-password-1"), token(name, "first-password-1")
r = api("POST", "/api/v1/me/password", here,
        {"current_password": "wrong-password", "new_password": "second-password-2"})
check(r.status == 400, "a password change with the wrong current password is refused", r)
r = api("POST", "/api/v1/me/password", here,
        {"current_password": "first-password-1", "new_password": "second-password-2"})
check(r.status == 204, "the password changes", r)
check(api("GET", "/api/v1/me", here).status == 200, "the changing session goes on")
check(api("GET", "/api/v1/me", there).status == 401, "the other session ends")
r = api("POST", f"/api/v1/users/{uid}/password", at, {"new_password": "third-password-3"})
check(r.status == 204, "admin resets the password", r)
check(api("GET", "/api/v1/me", here).status == 401, "a reset ends every session")
ut = token(name, "third-password-3")

dt = token("director")
r = api("POST", f"/api/v1/events/{EVENT}/grants", dt, {"username": name, "role": "pic"})
check(r.status == 201, "director grants the account PIC", r)
gid = r.json().get("id") if r.status == 201 else None
check(api("GET", f"/api/v1/events/{EVENT}/challenges", ut).status == 200, "the PIC reads the queue")
r = api("POST", f"/api/v1/events/{EVENT}/grants/{gid}/revoke", ut, {})
check(r.status == 403, "the PIC cannot revoke grants", r)
r = api("POST", f"/api/v1/events/{EVENT}/grants/{gid}/revoke", dt, {})
check(r.status == 200, "director revokes the grant", r)
check(api("GET", f"/api/v1/events/{EVENT}/challenges", ut).status == 403,
      "the revoked PIC is refused on the next request")

# A planted CSRF seed is replaced at sign-in.
attacker = Browser()
planted_token = attacker.csrf("/login")
planted_seed = attacker.cookies.get("arbiter_csrf")
victim = Browser()
victim.cookies["arbiter_csrf"] = planted_seed
r = victim.form("/login", {"username": "admin", "password": password("admin"),
                           "csrf": planted_token})
check(r.status == 303, "the victim signs in on a planted seed", r)
check(victim.cookies.get("arbiter_csrf") not in (None, planted_seed), "sign-in sets a new seed")
r = victim.form("/admin/users", {"username": "planted_by_csrf", "password": "long-password-p",
                                 "csrf": planted_token})
check(r.status == 403, "a form with the planted seed's token is refused", r)

# ------------------------------------------------------------------------------------------
print("item 8: the redirect after login")
# A bad `next` is dropped: the account lands where a sign-in without one lands (its own page,
# issue 15), never anywhere the attacker named.
landing = Browser().login("table2").header("location")
check(landing is not None and landing.startswith("/") and not landing.startswith("//"),
      "a sign-in without next lands on a same-site page", landing)
for nxt in ["/\t/evil.example", "/\n/x", "/\r\nSet-Cookie: x=y", "//evil.example",
            "/\\evil.example", "/ /evil.example", "https://evil.example/"]:
    b = Browser()
    r = b.login("table2", next_=nxt)
    check(r.status == 303 and r.header("location") == landing,
          f"next={nxt!r} sends back to the account's own landing page only", r,
          r.header("location"))
b = Browser()
r = b.login("table2", next_="/table")
check(r.status == 303 and r.header("location") == "/table", "a plain same-site path is kept", r)
page = Browser().send("GET", "/login?next=/%09/evil.example").text()
check('name="next" value="/"' in page, "the login form does not carry the bad next")

done()
