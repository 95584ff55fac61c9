"""The match-command path (issue 11, items 1, 2, 4 and 12): huge ruleset durations that stopped
the command writer, idempotency keys that replayed other accounts' answers, the command route
that bypassed the PIC's claim and the committee register, and writes without a key.

Everything that changes data happens in an event this script makes (private, so that its
matches are someone's secret), with the demo's accounts granted roles in it; the demo's own
event is only read and probed with commands the writer refuses."""
import json

from lib import api, check, done, token

admin, director = token("admin"), token("director")
table1, table2 = token("table1"), token("table2")
pic1, pic2, committee, captain = token("pic1"), token("pic2"), token("committee"), token("captain1")


def ok(r, what):
    check(r.status in (200, 201), what, r)
    return r.json() if r.status in (200, 201) else {}


def command(tok, m, cmd, key=None, seq=None):
    body = {"command": cmd}
    if key is not None:
        body["idempotency_key"] = key
    if seq is not None:
        body["expected_seq"] = seq
    return api("POST", f"/api/v1/matches/{m}/commands", tok, body)


def writer_answers(what):
    """/healthz is 200 and the writer decides a command (a stale seq is refused with 409)."""
    h = api("GET", "/healthz")
    check(h.status == 200, f"/healthz is 200 {what}", h)
    probe = command(table1, probe_match, {"type": "pass"}, seq=-1)
    check(probe.status == 409, f"the command writer still decides table commands {what}", probe)


# ---- the attacker's own private event: teams, roles ------------------------------------------
ev = ok(api("POST", "/api/v1/events", admin, {"name": "Attack 10 (private)", "public": False}),
        "admin makes a private event")["id"]
teams = [ok(api("POST", f"/api/v1/events/{ev}/teams", admin,
                {"name": n, "players": [n + " 1", n + " 2"]}), f"team {n}")["id"]
         for n in ("Red", "Blue")]
for body in ({"username": "director", "role": "director"},
             {"username": "table1", "role": "table", "table": 1},
             {"username": "pic1", "role": "pic"}, {"username": "pic2", "role": "pic"},
             {"username": "committee", "role": "committee"}):
    ok(api("POST", f"/api/v1/events/{ev}/grants", admin, body), f"grant {body['username']}")


def new_match(table=1, key=None):
    body = {"event_id": ev, "round": 1, "table": table,
            "side_a": {"team_id": teams[0]}, "side_b": {"team_id": teams[1]}}
    if key:
        body["idempotency_key"] = key
    return api("POST", "/api/v1/matches", director, body)


# A match of table 1 that the writer is asked about with a stale seq (refused, changes nothing).
probe_match = ok(new_match(1), "director makes a match to probe the writer with")["id"]

# ---- item 1: durations past a day; the writer survives; /healthz tells ------------------------
writer_answers("before the attack")
for overrides, field in (({"clock": {"side_ms": 10**16}}, "ruleset.clock.side_ms"),
                         ({"objection": {"grace_ms": 2**64 - 1}}, "ruleset.objection.grace_ms"),
                         ({"clock": {"match_limit_ms": 10**16}}, "ruleset.clock.match_limit_ms"),
                         ({"clock": {"challenge_allowance_ms": 10**16}},
                          "ruleset.clock.challenge_allowance_ms"),
                         ({"objection": {"hold_ms": 10**16}}, "ruleset.objection.hold_ms")):
    for preset in ("individual", "team-2v2"):
        body = {"event_id": ev, "round": 9, "table": 1, "side_a": {"name": "X"},
                "side_b": {"name": "Y"}, "ruleset": {"preset": preset, "overrides": overrides}}
        r = api("POST", "/api/v1/matches", director, body)
        check(r.status == 422 and r.json().get("field") == field,
              f"{preset} with {json.dumps(overrides)} is refused naming {field}", r)
        if r.status in (200, 201):
            # The regression: play it and see whether the hall survives.
            m = r.json()["id"]
            command(table1, m, {"type": "start", "first": "a"})
            command(table1, m, {"type": "play", "words": ["QI"], "tiles": 2, "declared": 11})
        r = api("POST", "/api/v1/events", admin,
                {"name": "Marathon", "ruleset": {"preset": preset, "overrides": overrides}})
        check(r.status == 422, f"an event with {json.dumps(overrides)} is refused", r)
r = api("POST", "/api/v1/matches", director,
        {"event_id": ev, "round": 9, "table": 1, "side_a": {"name": "X"}, "side_b": {"name": "Y"},
         "ruleset": {"preset": "individual", "overrides": {"clock": {"side_ms": 1e16}}}})
check(400 <= r.status < 500, "a float duration is refused, not a 500", r)
writer_answers("after the attack")

# ---- item 2: a key replays only for its sender, after authorisation ---------------------------
m = ok(new_match(1), "director makes a private match at table 1")["id"]
ok(command(table1, m, {"type": "start", "first": "a"}, key="t1-0001"), "table1 starts")
first = ok(command(table1, m, {"type": "play", "words": ["QI"], "tiles": 2, "declared": 11},
                   key="t1-0002"), "table1 plays QI")
again = command(table1, m, {"type": "play", "words": ["QI"], "tiles": 2, "declared": 11},
                key="t1-0002")
check(again.status == 200 and again.json().get("replayed") is True,
      "the table's own repeat gets its first answer", again)
for who, tok in (("captain1", captain), ("table2", table2)):
    for key, seq in (("t1-0002", None), ("t1-0002", 0), (None, 0), ("t1-0001", None)):
        r = command(tok, m, {"type": "pass"}, key=key, seq=seq)
        check(r.status in (401, 403) and '"state"' not in r.text() and '"current"' not in r.text(),
              f"{who} with key {key} and seq {seq} learns nothing of a private match", r)
# A PIC of the event (who may read the match) with the table's key gets a decision of its own
# (here a 409 for a stale seq), not the table's stored answer.
r = command(pic1, m, {"type": "pass"}, key="t1-0002", seq=-1)
check(r.status == 409, "a PIC of the event does not get the table's answer for the table's key", r)

# ---- item 4: one door per official action -----------------------------------------------------
ok(command(table1, m, {"type": "challenge_score", "by": "B1"}, key="t1-0003"), "B1 challenges the score")
state = ok(api("GET", f"/api/v1/matches/{m}", pic1), "pic1 reads the match")
seq = state["open_challenges"][0]["id"]
queue = ok(api("GET", f"/api/v1/events/{ev}/challenges", pic1), "pic1 reads the queue")
qid = [c["id"] for c in queue["open"] if c["match_id"] == m][0]
ok(api("POST", f"/api/v1/challenges/{qid}/claim", pic1, {}), "pic1 claims the score challenge")
r = command(pic2, m, {"type": "rule_score", "challenge": seq, "actual": 5})
check(r.status == 409, "pic2 cannot rule, through the command route, a challenge pic1 holds", r)
state = ok(api("GET", f"/api/v1/matches/{m}", pic1), "pic1 reads the match")
check(len(state.get("open_challenges", [])) == 1, "the challenge is still open for pic1", state)

# item 12 on the way: pic1's ruling key equals the table's key of the challenge.
r = api("POST", f"/api/v1/challenges/{qid}/rule", pic1, {"actual": 11, "idempotency_key": "t1-0003"})
check(r.status == 200 and r.json().get("replayed") is False,
      "a ruling whose key a table used is a ruling, not the table's answer", r)
state = ok(api("GET", f"/api/v1/matches/{m}", pic1), "pic1 reads the match")
check(state.get("open_challenges") == [], "the challenge is ruled", state)
queue = ok(api("GET", f"/api/v1/events/{ev}/challenges", pic1), "pic1 reads the queue")
ruled = [c for c in queue["history"] if c["id"] == qid]
check(ruled and ruled[0]["pic"] == "pic1", "the history credits pic1", queue["history"])

register = f"/api/v1/events/{ev}/committee"
out = command(committee, m, {"type": "walkout", "side": "a", "reason": "left"}, key="c-0001")
check(out.status == 200, "the committee records a walkout as a command", out)
walkout_seq = out.json()["events"][0]["seq"] if out.status == 200 else 0
records = ok(api("GET", register, committee), "the committee reads its register")
check(len(records) == 1 and records[0]["kind"] == "walkout" and records[0]["match_id"] == m,
      "the walkout sent as a command is in the register", records)
r = command(committee, m, {"type": "walkout", "side": "a", "reason": "left"}, key="c-0001")
check(r.status == 200 and r.json().get("replayed") is True, "its resend is a replay", r)
r = command(pic1, m, {"type": "correction", "reverses_seq": walkout_seq, "reason": "no"})
check(r.status == 403, "a PIC cannot reverse the walkout behind the register's back", r)
records = ok(api("GET", register, committee), "the committee reads its register")
walkout = [x for x in records if x["kind"] == "walkout"]
r = api("POST", register, committee, {"team_id": teams[0], "kind": "withdrawal",
                                       "corrects": walkout[0]["id"] if walkout else 0,
                                       "reason": "wrong table"})
check(r.status == 201, "the committee can still withdraw the walkout in the register", r)
state = ok(api("GET", f"/api/v1/matches/{m}", committee), "the committee reads the match")
check(state.get("result") is None, "the withdrawn walkout no longer decides the match", state)
d = command(director, m, {"type": "disqualify", "side": "b", "reason": "phone"})
check(d.status == 200, "a director disqualifies as a command", d)
records = ok(api("GET", register, committee), "the committee reads its register")
check(any(x["kind"] == "disqualification" and x["match_id"] == m for x in records),
      "the disqualification sent as a command is in the register", records)

# ---- item 12: every write takes a key --------------------------------------------------------
a = new_match(3, key="create-r1-t3")
b = new_match(3, key="create-r1-t3")
check(a.status == 201 and b.status in (200, 201) and a.json()["id"] == b.json()["id"],
      "a create resent with its key makes no second match", a, b)
c = new_match(4, key="create-r1-t3")
check(c.status == 400, "the same create key for another table is refused", c)
body = {"team_id": teams[1], "kind": "disqualification", "reason": "left the event",
        "idempotency_key": "c-0007"}
r1, r2 = api("POST", register, committee, body), api("POST", register, committee, body)
check(r1.status == 201 and r2.status in (200, 201) and r1.json()["id"] == r2.json()["id"],
      "a committee record resent with its key is recorded once", r1, r2)
long = command(table1, m, {"type": "pass"}, key="k" * 129)
check(long.status == 400, "a key longer than 128 characters is refused", long)

writer_answers("at the end")
done()
