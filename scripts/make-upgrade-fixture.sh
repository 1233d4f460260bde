#!/usr/bin/env bash
# Makes the upgrade fixture of one release: tests/fixtures/upgrade/<short commit>/, which
# tests/upgrade/upgrade.test.ts opens with the current code.
#
#   scripts/make-upgrade-fixture.sh <git ref>       e.g. v0.2.0, or a commit
#
# The release is checked out in a worktree of its own (its node_modules: this checkout's when the
# lockfiles are the same, else `npm ci` from the npm registry), started as `npm start` starts it
# on an empty data folder, given a small history through its API (scripts/upgrade-fixture-history.mjs:
# a course, a section, a module with a question page, a participant who answers right and wrong, the
# module certificate issued), and stopped. Kept in the fixture folder:
#   data.tar.br     the embedded data folder (pgdata/, keys/) as that release left it: a plain
#                   ustar archive, Brotli-compressed (a third of its gzip size; Node unpacks it
#                   without any tool, tests/upgrade/fixtures.ts)
#   events.ndjson.gz that release's `export` of the same database, gzipped (a bare .ndjson is a
#                   backup, which .gitignore keeps out of the repository)
#   postgres.sql.gz that release's `import` of the export into PostgreSQL, dumped (pg_dump --inserts):
#                   a PostgreSQL deployment at that release's schema. Only when
#                   UPGRADE_FIXTURE_DATABASE_URL names a PostgreSQL server the script may create a
#                   database on (e.g. postgres://postgres@127.0.0.1:5432/postgres)
#   fixture.json    who and what the history holds (accounts, paths, answers, certificate code)
set -euo pipefail

ref="${1:?usage: scripts/make-upgrade-fixture.sh <git ref>}"
root="$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)"
cd "$root"
commit="$(git rev-parse --short=7 "$ref^{commit}")"
out="$root/tests/fixtures/upgrade/$commit"
work="$(mktemp -d "${TMPDIR:-/tmp}/upgrade-fixture.XXXXXX")"
release="$work/release"
database=""

cleanup() {
  if [ -n "$database" ]; then
    psql "$UPGRADE_FIXTURE_DATABASE_URL" -qc "drop database if exists $database with (force)" || true
  fi
  git -C "$root" worktree remove --force "$release" || git -C "$root" worktree prune || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "== release $commit ($(git log -1 --format=%s "$commit" | cut -c1-70))"
git worktree add --detach --quiet "$release" "$commit"
if cmp -s "$root/package-lock.json" "$release/package-lock.json" && [ -d "$root/node_modules" ]; then
  echo "== same lockfile: using this checkout's node_modules"
  ln -s "$root/node_modules" "$release/node_modules"
else
  echo "== npm ci for the release"
  (cd "$release" && npm ci --no-audit --no-fund --loglevel=error)
fi

echo "== history through the release's API"
mkdir -p "$work/data"
node "$root/scripts/upgrade-fixture-history.mjs" "$release" "$work/data" "$work/fixture.json"

echo "== the release's export"
(cd "$release" && DATA_DIR="$work/data" LOG_LEVEL=warn npm run --silent export -- "$work/events.ndjson")

if [ -n "${UPGRADE_FIXTURE_DATABASE_URL:-}" ]; then
  echo "== the release's import into PostgreSQL, dumped"
  database="upgrade_fixture_$$"
  psql "$UPGRADE_FIXTURE_DATABASE_URL" -qc "create database $database"
  url="${UPGRADE_FIXTURE_DATABASE_URL%/*}/$database"
  (cd "$release" && DATABASE_URL="$url" LOG_LEVEL=warn npm run --silent import -- "$work/events.ndjson")
  # Plain INSERTs (no COPY) and no psql meta-commands (newer pg_dump adds \restrict with a random
  # key), so the test loads it with a client library, and the same history dumps the same.
  pg_dump --inserts --no-owner --no-privileges --no-comments "$url" |
    sed -e '/^\\restrict /d' -e '/^\\unrestrict /d' | gzip -9n >"$work/postgres.sql.gz"
else
  echo "== UPGRADE_FIXTURE_DATABASE_URL unset: no PostgreSQL dump at the release's schema"
fi

echo "== the data folder, compressed (about a minute)"
tar -C "$work" --format=ustar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -cf "$work/data.tar" data
node -e '
  const zlib = require("node:zlib");
  const fs = require("node:fs");
  const tar = fs.readFileSync(process.argv[1]);
  const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
  const params = { [BROTLI_PARAM_QUALITY]: 11, [BROTLI_PARAM_LGWIN]: 24, [BROTLI_PARAM_SIZE_HINT]: tar.length };
  fs.writeFileSync(process.argv[2], zlib.brotliCompressSync(tar, { params }));
' "$work/data.tar" "$work/data.tar.br"

rm -rf "$out"
mkdir -p "$out"
gzip -9n <"$work/events.ndjson" >"$out/events.ndjson.gz"
cp "$work/fixture.json" "$work/data.tar.br" "$out/"
[ -f "$work/postgres.sql.gz" ] && cp "$work/postgres.sql.gz" "$out/"
echo "== $out"
du -b "$out"/* | sed "s|$root/||"
