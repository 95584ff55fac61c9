"""Every demo account signs in over the API and the login form; a wrong password does not."""
from lib import Browser, accounts, api, check, done, request, token

for name, a in accounts().items():
    t = token(name)
    me = api("GET", "/api/v1/me", t)
    check(me.status == 200 and me.json().get("username") == name, f"{name} signs in over the API", me)
    b = Browser()
    r = b.login(name)
    check(r.status in (302, 303), f"{name} signs in through the login form", r)

r = request("POST", "/api/v1/auth/token", {"username": "director", "password": "not-it"})
check(r.status in (401, 429), "a wrong password is refused", r)
done()
