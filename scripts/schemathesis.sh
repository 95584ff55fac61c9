#!/usr/bin/env bash
# Fuzzes the JSON API from its own OpenAPI document with schemathesis: any 5xx fails the run, and
# so does a response whose body does not match the schema the document gives it (the document is
# generated from the handlers' types, so a mismatch is a gap in a derive or a real bug).
#
#   scripts/schemathesis.sh                 # debug build, 50 examples per operation, 240 s budget
#   ST_MAX_EXAMPLES=500 ST_MAX_TIME=1800 ARBITER_PROFILE=release scripts/schemathesis.sh
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/st_fuzz scripts/schemathesis.sh  (fresh db!)
#
# It installs schemathesis from PyPI into a venv (kept in target/, reused), starts the server on
# a fresh data directory and a free port, creates an administrator, takes a Bearer token, runs
# schemathesis with the `not_a_server_error` and `response_schema_conformance` checks, and stops
# the server. The server's log is kept in the data directory for the request ids of failures.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
MAX_EXAMPLES=${ST_MAX_EXAMPLES:-50}
MAX_TIME=${ST_MAX_TIME:-240}
PROFILE=${ARBITER_PROFILE:-debug}
VENV=${ST_VENV:-${CARGO_TARGET_DIR:-$ROOT/target}/schemathesis-venv}
ST_VERSION=${ST_VERSION:-4.32.5}

if [ ! -x "$VENV/bin/schemathesis" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "schemathesis==$ST_VERSION"
fi

if [ "$PROFILE" = release ]; then
  cargo build --release --bin arbiter
  BIN=${CARGO_TARGET_DIR:-$ROOT/target}/release/arbiter
else
  cargo build --bin arbiter
  BIN=${CARGO_TARGET_DIR:-$ROOT/target}/debug/arbiter
fi

DATA=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-st.XXXXXX")
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
BASE=http://127.0.0.1:$PORT
export ARBITER_DATA_DIR=$DATA
PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')

SERVER_PID=
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  if [ -z "${ST_KEEP:-}" ]; then rm -rf "$DATA"; else echo "kept $DATA"; fi
}
trap cleanup EXIT

echo "$PASSWORD" | "$BIN" admin create --username fuzzer --password-stdin >/dev/null
RUST_LOG=${RUST_LOG:-info} "$BIN" serve --bind "127.0.0.1:$PORT" >"$DATA/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 100); do
  curl -fs "$BASE/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done
curl -fs "$BASE/healthz" >/dev/null || { echo "server did not start"; cat "$DATA/server.log"; exit 1; }

TOKEN=$(curl -fs -X POST "$BASE/api/v1/auth/token" -H 'content-type: application/json' \
  -d "{\"username\":\"fuzzer\",\"password\":\"$PASSWORD\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')

# Signing out, or a password change or reset of the fuzzer's own account, would end the session
# its token names, and every later request would be a 401: those three operations are left out
# (their refusals are tested in tests/api/sessions.rs).
# Something to find: an event with two teams and a match, so ids 1.. exist.
api() { curl -fs -X POST "$BASE$1" -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' -d "$2" >/dev/null; }
api /api/v1/events '{"name":"Fuzz event","public":true}'
api /api/v1/events/1/teams '{"name":"Alpha","players":["A1","A2"]}'
api /api/v1/events/1/teams '{"name":"Beta","players":["B1","B2"]}'
api /api/v1/matches '{"event_id":1,"table":1,"side_a":{"team_id":1},"side_b":{"team_id":2}}'

set +e
(cd "$DATA" && NO_COLOR=1 "$VENV/bin/schemathesis" run "$BASE/api/v1/openapi.json" \
  --url "$BASE" \
  --checks not_a_server_error,response_schema_conformance \
  -H "Authorization: Bearer $TOKEN" \
  --exclude-path-regex '^/api/v1/(auth/logout|me/password|users/\{id\}/password)$' \
  --max-examples "$MAX_EXAMPLES" \
  --max-time "$MAX_TIME" \
  --request-timeout 10 \
  --seed "${ST_SEED:-1}" \
  --continue-on-failure ${ST_ARGS:-})
STATUS=$?
set -e
# Also from the server's side (without the log's colour codes): any 5xx, any logged error.
sed 's/\x1b\[[0-9;]*m//g' "$DATA/server.log" >"$DATA/server.plain.log"
if grep -q 'status=5[0-9][0-9]' "$DATA/server.plain.log"; then
  echo "the server answered 5xx:"; grep 'status=5[0-9][0-9]\|ERROR' "$DATA/server.plain.log" | head -40
  STATUS=1
fi
exit $STATUS
