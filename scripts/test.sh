#!/usr/bin/env bash
# npm test: typecheck, lint, unit + integration tests (PGlite; PostgreSQL too when TEST_DATABASE_URL
# is set), then the browser journeys in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== typecheck"
npm run --silent typecheck
echo "== lint (biome)"
npm run --silent lint
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== unit and integration tests on PGlite and PostgreSQL (${TEST_DATABASE_URL%%\?*})"
else
  echo "== unit and integration tests on PGlite (set TEST_DATABASE_URL to run them on PostgreSQL too)"
fi
npx vitest run
echo "== browser tests"
npm run --silent test:e2e
