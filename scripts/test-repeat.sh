#!/usr/bin/env bash
# Runs `npm test` several times, each on a fresh clone of the committed HEAD, as a newcomer would
# (a suite that never cries wolf: docs/development/testing.md). Prints each run's result and
# duration, and after each run whether a test database (test_*) or a run folder (/tmp/srhr-test-*)
# was left behind.
#
#   scripts/test-repeat.sh [runs=5] [--busy]
#
# --busy keeps one core busy with a loop for the whole time (the suite must pass on a busy machine).
# TEST_DATABASE_URL, when set, is passed on (the integration tests then run on PostgreSQL too).
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
busy="${2:-}"
head="$(git rev-parse --short HEAD)"
work="$(mktemp -d "${TMPDIR:-/tmp}/test-repeat-XXXXXX")"
summary="$work/summary.txt"
busy_pid=""
cleanup() {
  [ -n "$busy_pid" ] && kill "$busy_pid" 2>/dev/null
  rm -rf "$work/clone"
}
trap cleanup EXIT

if [ "$busy" = "--busy" ]; then
  # One core kept busy at full speed, as other work on a shared machine would.
  node -e 'for (;;) {}' &
  busy_pid=$!
  echo "busy loop on one core: pid $busy_pid"
fi

leftovers() {
  local databases=""
  if command -v psql >/dev/null 2>&1 && pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
    databases="$(psql -h 127.0.0.1 -U postgres -d postgres -Atc "select count(*) from pg_database where datname like 'test\_%'" 2>/dev/null)"
  fi
  local folders
  folders="$(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'srhr-test-*' 2>/dev/null | wc -l)"
  echo "test databases left: ${databases:-n/a}, run folders left: $folders"
}

failed=0
for run in $(seq 1 "$runs"); do
  rm -rf "$work/clone"
  # The commit the series began on, whatever is committed meanwhile: five runs of one commit.
  git clone -q "$PWD" "$work/clone" && git -C "$work/clone" checkout -q "$head"
  log="$work/run-$run.log"
  started=$SECONDS
  # The install is timed apart: docs/development/testing.md gives `npm test`'s own duration.
  if (cd "$work/clone" && npm ci --no-audit --no-fund) >"$log" 2>&1; then
    installed=$SECONDS
    if (cd "$work/clone" && npm test) >>"$log" 2>&1; then
      result="passed"
    else
      result="FAILED"
    fi
  else
    installed=$SECONDS
    result="FAILED (npm ci)"
  fi
  [ "$result" != "passed" ] && failed=$((failed + 1))
  line="run $run of $runs on $head${busy:+ (busy)}: $result; npm ci $((installed - started)) s, npm test $((SECONDS - installed)) s; $(leftovers)"
  flaky="$(grep -cE '^\s+[0-9]+ flaky' "$log" || true)"
  [ "$flaky" != "0" ] && line="$line; Playwright reported flaky tests (see $log)"
  echo "$line" | tee -a "$summary"
  [ "$result" != "passed" ] && grep -E '✗|×|FAIL|failed|Error:' "$log" | head -20
done
echo "logs and summary: $work"
exit $((failed > 0))
