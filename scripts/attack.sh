#!/usr/bin/env bash
# Attacks a fresh demo instance over loopback with every role's account (issue 11's findings and
# more): each `scripts/attacks/*.py` is one family of attacks, run in name order against one
# server; any script that exits non-zero fails the run.
#
#   scripts/attack.sh                 # debug build, SQLite
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/attack_x scripts/attack.sh   (fresh db!)
#   scripts/attack.sh 30-csrf         # only the scripts whose names contain the word
#
# Each script gets: ARBITER_BASE (http://127.0.0.1:PORT), ARBITER_ACCOUNTS (a JSON file:
# [{"username", "password", "role"}] as `arbiter demo` printed them), ARBITER_BIN, ARBITER_DATA
# (the data directory; the server log is ARBITER_DATA/server.log). The helpers in
# `scripts/attacks/lib.py` sign in, send raw requests (paths exactly as written) and check
# answers. Only loopback addresses are ever sent to.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
FILTER=${1:-}
cargo build --bin arbiter
BIN=${CARGO_TARGET_DIR:-$ROOT/target}/debug/arbiter

DATA=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-attack.XXXXXX")
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
export ARBITER_BASE=http://127.0.0.1:$PORT ARBITER_DATA_DIR=$DATA ARBITER_DATA=$DATA ARBITER_BIN=$BIN
export ARBITER_ACCOUNTS=$DATA/accounts.json

SERVER_PID=
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  if [ -z "${ATTACK_KEEP:-}" ]; then rm -rf "$DATA"; else echo "kept $DATA"; fi
}
trap cleanup EXIT

"$BIN" demo >"$DATA/demo.txt"
python3 - "$DATA/demo.txt" "$ARBITER_ACCOUNTS" <<'PY'
import json, re, sys
lines = open(sys.argv[1]).read().splitlines()
start = next(i for i, l in enumerate(lines) if l.startswith("Accounts"))
accounts = []
for l in lines[start + 1:]:
    m = re.match(r"^  (\S+)\s+(\S+)\s+(.*)$", l)
    if not m:
        break
    accounts.append({"username": m[1], "password": m[2], "role": m[3]})
json.dump(accounts, open(sys.argv[2], "w"))
PY

start_server() {
  RUST_LOG=${RUST_LOG:-info} "$BIN" serve --bind "127.0.0.1:$PORT" >>"$DATA/server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 100); do
    curl -fs "$ARBITER_BASE/healthz" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "server did not start"; cat "$DATA/server.log"; exit 1
}
start_server

passed=0; failed=0
for script in scripts/attacks/[0-9]*.py; do
  name=$(basename "$script" .py)
  if [ -n "$FILTER" ] && [[ "$name" != *"$FILTER"* ]]; then continue; fi
  # A script that stopped the server (a regression) must not take the others down with it.
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then echo "server died; restarting"; start_server; fi
  printf '\n--- %s\n' "$name"
  if python3 "$script"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $name"; fi
done
printf '\nattacks: %d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
