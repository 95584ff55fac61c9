"""Shared helpers for the attack scripts run by scripts/attack.sh (standard library only).

Requests go through http.client so a path is sent exactly as written (percent-encodings and
all). Every check that fails prints what was sent and what came back, and the script exits 1.
"""
import http.client
import json
import os
import re
import sys
import urllib.parse

BASE = os.environ.get("ARBITER_BASE", "http://127.0.0.1:8080")
_u = urllib.parse.urlsplit(BASE)
HOST, PORT = _u.hostname, _u.port or 80
assert HOST in ("127.0.0.1", "localhost", "::1"), "attacks go to loopback only"

FAILURES = []


def accounts():
    """The demo's accounts: {username: {"password", "role"}}."""
    with open(os.environ["ARBITER_ACCOUNTS"]) as f:
        return {a["username"]: a for a in json.load(f)}


def password(username):
    return accounts()[username]["password"]


class Response:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body

    def header(self, name):
        for k, v in self.headers:
            if k.lower() == name.lower():
                return v
        return None

    def headers_named(self, name):
        return [v for k, v in self.headers if k.lower() == name.lower()]

    def text(self):
        return self.body.decode("utf-8", "replace")

    def json(self):
        return json.loads(self.body)

    def __repr__(self):
        return f"<{self.status} {self.text()[:300]!r}>"


def request(method, path, body=None, headers=None, timeout=30):
    """Sends one request with `path` exactly as given; returns a Response."""
    conn = http.client.HTTPConnection(HOST, PORT, timeout=timeout)
    hdrs = dict(headers or {})
    if isinstance(body, (dict, list)):
        body = json.dumps(body).encode()
        hdrs.setdefault("content-type", "application/json")
    elif isinstance(body, str):
        body = body.encode()
    conn.putrequest(method, path, skip_accept_encoding=True)
    for k, v in hdrs.items():
        conn.putheader(k, v)
    if body is not None:
        conn.putheader("content-length", str(len(body)))
    conn.endheaders(body)
    r = conn.getresponse()
    out = Response(r.status, r.getheaders(), r.read())
    conn.close()
    return out


def token(username, pw=None):
    """A Bearer token for the account."""
    r = request("POST", "/api/v1/auth/token",
                {"username": username, "password": pw or password(username)})
    if r.status != 200:
        raise SystemExit(f"cannot sign in {username}: {r}")
    return r.json()["token"]


def api(method, path, tok=None, body=None, headers=None):
    h = dict(headers or {})
    if tok:
        h["authorization"] = f"Bearer {tok}"
    return request(method, path, body, h)


class Browser:
    """A cookie jar that signs in through the login form, as a person's browser does."""

    def __init__(self):
        self.cookies = {}

    def _cookie_header(self):
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def send(self, method, path, body=None, headers=None):
        h = dict(headers or {})
        if self.cookies:
            h["cookie"] = self._cookie_header()
        r = request(method, path, body, h)
        for c in r.headers_named("set-cookie"):
            name, _, rest = c.partition("=")
            value = rest.split(";", 1)[0]
            if value == "" or "max-age=0" in c.lower():
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value
        return r

    def csrf(self, path="/login"):
        """The CSRF token of a form on `path`."""
        page = self.send("GET", path).text()
        m = re.search(r'name="csrf"\s+value="([^"]+)"', page) or re.search(
            r'value="([^"]+)"\s+name="csrf"', page)
        return m[1] if m else None

    def form(self, path, fields, csrf_from=None):
        fields = dict(fields)
        if "csrf" not in fields:
            t = self.csrf(csrf_from or path)
            if t:
                fields["csrf"] = t
        return self.send("POST", path, urllib.parse.urlencode(fields),
                         {"content-type": "application/x-www-form-urlencoded"})

    def login(self, username, pw=None, next_=None):
        fields = {"username": username, "password": pw or password(username)}
        if next_ is not None:
            fields["next"] = next_
        return self.form("/login", fields)


def check(cond, what, *detail):
    """Records one check; prints it."""
    if cond:
        print(f"  ok   {what}")
    else:
        print(f"  FAIL {what}")
        for d in detail:
            print(f"         {d}")
        FAILURES.append(what)


def done():
    """Exits 1 if any check failed."""
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed")
        sys.exit(1)
