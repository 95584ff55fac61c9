#!/usr/bin/env bash
# Browser tests of the event operations pages at tablet sizes (issue 5): a real server on a free
# loopback port with a fresh SQLite data directory, headless Debian chromium driven by
# playwright-core. Installs what it needs (chromium from apt, playwright-core from the lock file),
# so it runs from a clean clone and from .ci/run.
#
#   bash tests/browser/run.sh                 # builds target/debug/arbiter first
#   ARBITER_BIN=path/to/arbiter bash tests/browser/run.sh
#   SCREENSHOT_DIR=/tmp/shots bash tests/browser/run.sh   # keep the PNGs somewhere known
#
# Exits non-zero when a check fails; the last line says `N passed, N failed`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# The test server gets its own SQLite directory, whatever the caller's environment points at.
unset DATABASE_URL ARBITER_BIND ARBITER_DATA_DIR

say() { printf '[browser] %s\n' "$*"; }

# --- tools ---------------------------------------------------------------------------------------
need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v node >/dev/null || need_apt+=(nodejs)
command -v npm >/dev/null || need_apt+=(npm)
if [ ${#need_apt[@]} -gt 0 ]; then
  say "installing ${need_apt[*]} (Debian)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
want="$(node -p "require('$here/package-lock.json').packages['node_modules/playwright-core'].version")"
have="$(node -p "try { require('$here/node_modules/playwright-core/package.json').version } catch { '' }")"
if [ "$want" != "$have" ]; then
  say "npm ci (playwright-core $want)"
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi

# --- server --------------------------------------------------------------------------------------
if [ -n "${ARBITER_BIN:-}" ]; then
  bin="$ARBITER_BIN"
else
  say "cargo build"
  (cd "$root" && cargo build --quiet)
  bin="${CARGO_TARGET_DIR:-$root/target}/debug/arbiter"
fi
[ -x "$bin" ] || { echo "no arbiter binary at $bin" >&2; exit 2; }

tmp="$(mktemp -d "${TMPDIR:-/tmp}/arbiter-browser.XXXXXX")"
# Kept by CI as an artifact (target/ci-artifacts/browser) unless the caller names a directory.
shots="${SCREENSHOT_DIR:-$root/target/ci-artifacts/browser}"
mkdir -p "$shots"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  # Keep the screenshots (and the server log, for a failure); drop the database.
  rm -rf "$tmp/data"
}
trap cleanup EXIT

port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
export ARBITER_SECRET="browser-tests-$(node -e "console.log(require('crypto').randomBytes(16).toString('hex'))")"
admin_user="director"
admin_password="$(node -e "console.log(require('crypto').randomBytes(12).toString('hex'))")"

printf '%s\n' "$admin_password" |
  "$bin" admin create --data-dir "$tmp/data" --username "$admin_user" --password-stdin --log warn >/dev/null

# --dealer-seed (test mode only): online games are dealt from a known seed (online.mjs).
"$bin" serve --bind "127.0.0.1:$port" --data-dir "$tmp/data" --log warn \
  --dealer-seed 17 --insecure-test-mode >"$tmp/server.log" 2>&1 &
server_pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do
  curl -fsS "$base/healthz" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$tmp/server.log" >&2; echo "the server did not start" >&2; exit 1; }
  sleep 0.1
done
curl -fsS "$base/healthz" >/dev/null || { cat "$tmp/server.log" >&2; echo "the server does not answer" >&2; exit 1; }
say "server $base (pid $server_pid), data in $tmp/data"

# --- tests ---------------------------------------------------------------------------------------
# Each suite writes its own closing line; they are added up below. ONLY=duplicate runs one suite.
status=0
: >"$tmp/summary"
# duplicate_game (issue 16, done when): a 20-turn Duplicate game through the pages, in French
# then English; given longer, as it plays 40 turns.
# SUITES lists the suites of this server (each NAME.mjs), with the seconds each is given.
SUITES="tablet:300 duplicate:300 duplicate_game:900 duplicate_phone:300 individual:900 individual_public:300 individual_director:300 individual_slips:300 individual_event:1200 individual_ratings:300 online:600 online_analysis:600"
for entry in $SUITES; do
  suite="${entry%%:*}"
  limit="${entry##*:}"
  [ -z "${ONLY:-}" ] || [ "$ONLY" = "$suite" ] || continue
  say "suite $suite"
  ARBITER_URL="$base" ARBITER_ADMIN_USER="$admin_user" ARBITER_ADMIN_PASSWORD="$admin_password" \
    SCREENSHOT_DIR="$shots" SUMMARY_FILE="$tmp/summary-$suite" timeout "$limit" node "$here/$suite.mjs" || status=$?
  if [ -s "$tmp/summary-$suite" ]; then cat "$tmp/summary-$suite" >>"$tmp/summary"; else echo "0 passed, 1 failed" >>"$tmp/summary"; fi
done
# Issue 15: a round of the demo event through the pages only, each size on its own demo
# instance (event.mjs starts `arbiter demo` and `arbiter serve` itself), once per language of
# the pages: ARBITER_TEST_LANG picks it (Accept-Language). EVENT_LANGS narrows the list
# (default "en fr id"); ONLY=event runs these alone. Every viewport check runs in each language.
if [ -z "${ONLY:-}" ] || [ "$ONLY" = "event" ]; then
  for lang in ${EVENT_LANGS:-en fr id}; do
    say "suite event ($lang)"
    event_status=0
    ARBITER_TEST_LANG="$lang" ARBITER_BIN="$bin" SCREENSHOT_DIR="$shots" SUMMARY_FILE="$tmp/summary-event-$lang" \
      timeout 600 node "$here/event.mjs" || event_status=$?
    [ "$event_status" -eq 0 ] || status=1
    if [ -s "$tmp/summary-event-$lang" ]; then
      say "event.mjs ($lang): $(cat "$tmp/summary-event-$lang")"
      cat "$tmp/summary-event-$lang" >>"$tmp/summary"
    else
      echo "0 passed, 1 failed" >>"$tmp/summary"
    fi
  done
fi
# One closing line: the suites' counts added up.
awk '{p += $1; f += $3} END {printf "%d passed, %d failed\n", p, f}' "$tmp/summary" >"$tmp/summary-all"
mv "$tmp/summary-all" "$tmp/summary"
if [ "$status" -ne 0 ]; then
  say "server log ($tmp/server.log), last lines:"
  tail -n 40 "$tmp/server.log" >&2 || true
fi
say "screenshots in $shots"
# The closing line: every suite's counts added up above (a suite that died before counting is
# one failure).
[ -s "$tmp/summary" ] || echo "0 passed, 1 failed" >"$tmp/summary"
total="$(awk '{p += $1; f += $3} END {printf "%d passed, %d failed", p, f}' "$tmp/summary")"
echo "$total"
[ "$status" -ne 0 ] || [[ "$total" == *" 0 failed" ]] || status=1
exit "$status"
