#!/usr/bin/env bash
# npm test: typecheck, lint, unit + integration tests (PGlite; PostgreSQL too when TEST_DATABASE_URL
# is set), then the browser journeys in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step runs in a process group of its own (set -m), which this script waits for: a SIGINT or
# SIGTERM sent to the script alone (npm passes them on; a CI time-out may signal only the top
# process) is passed to the step's whole group, as npm and sh would not pass it on to the
# programs they start, and the script ends only after the step: no step outlives the run. The
# steps end what they started (test servers die with their test process; scripts/run-e2e.mjs
# ends the browser run's web servers and browsers).
set -m
step=
stop() {
  if [ -n "$step" ]; then
    kill -"$1" -- "-$step" 2>/dev/null || true
    wait "$step" 2>/dev/null || true
  fi
  exit "$2"
}
trap 'stop INT 130' INT
trap 'stop TERM 143' TERM
run() {
  "$@" &
  step=$!
  wait "$step"
  step=
}

echo "== typecheck"
run npm run --silent typecheck
echo "== lint (biome, knip)"
run npm run --silent lint
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== unit and integration tests on PGlite and PostgreSQL (${TEST_DATABASE_URL%%\?*})"
else
  echo "== unit and integration tests on PGlite (set TEST_DATABASE_URL to run them on PostgreSQL too)"
fi
run npx vitest run
echo "== browser tests"
run npm run --silent test:e2e
