#!/usr/bin/env bash
# The Docker image's runtime stage, checked without a Docker engine (CI runs it after npm run build):
# package.json and package-lock.json in an empty folder, `npm ci --omit=dev` there (and TypeScript removed), the
# built client and server bundle copied in (nothing else of the sources), then the image's CMD with
# the image's environment (NODE_ENV, HOST, PORT, DATA_DIR): /healthz, /readyz and the client page
# answer, SIGTERM exits 0. This proves that production dependencies alone run the server. Not
# checked: docker build, the base image.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -f dist/client/index.html ] || { echo "run npm run build first" >&2; exit 1; }

work="$(mktemp -d)"
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "DOCKER RUNTIME CHECK FAILED: $*" >&2
  [ -f "$work/server.log" ] && tail -n 40 "$work/server.log" >&2
  exit 1
}

[ -f dist/server/main.mjs ] || { echo "run npm run build first (no dist/server/main.mjs)" >&2; exit 1; }
# COPY package.json package-lock.json ./
cp package.json package-lock.json "$work/"
# RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force && rm -rf node_modules/typescript
(cd "$work" && npm ci --omit=dev --no-audit --no-fund --loglevel=error && rm -rf node_modules/typescript) ||
  fail "npm ci --omit=dev"
modules_mb="$(du -sm "$work/node_modules" | cut -f1)"
# COPY --from=build /app/dist/client ./dist/client and /app/dist/server ./dist/server
mkdir -p "$work/dist" && cp -r dist/client "$work/dist/client" && cp -r dist/server "$work/dist/server"

port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
mkdir "$work/volume"
# ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data NODE_COMPILE_CACHE=… (loopback, a free port
# and the run's folders here),
# and the PUBLIC_URL a production start requires (docker run -e PUBLIC_URL=…)
(cd "$work" && exec env -i PATH="$PATH" HOME="$work" NODE_ENV=production HOST=127.0.0.1 PORT="$port" \
  DATA_DIR="$work/volume" NODE_COMPILE_CACHE="$work/compile-cache" PUBLIC_URL="http://127.0.0.1:$port" node --enable-source-maps dist/server/main.mjs \
  >"$work/server.log" 2>&1) &
pid=$!
started_ms="$(date +%s%3N)"
url="http://127.0.0.1:$port"
for _ in $(seq 1 600); do
  kill -0 "$pid" 2>/dev/null || fail "the server exited during start"
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$url/healthz")" = "200" ] && break
  sleep 0.1
done
[ "$(curl -s -o /dev/null -w '%{http_code}' "$url/healthz")" = "200" ] || fail "no 200 on /healthz"
echo "production node_modules: ${modules_mb} MB; start to /healthz: $(($(date +%s%3N) - started_ms)) ms"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$url/readyz")" = "200" ] || fail "/readyz is not 200"
# What the server loads at first use (GraphQL, the certificate PDF, S3, mail) sits in chunks of the
# bundle: each must load from the production dependencies alone, and GraphQL must answer.
(cd "$work" && node -e '
  const fs = require("node:fs");
  const chunks = fs.readdirSync("dist/server/chunks").filter((name) => name.endsWith(".mjs"));
  Promise.all(chunks.map((name) => import("./dist/server/chunks/" + name))).then(
    () => console.log("bundle chunks load: " + chunks.length),
    (error) => { console.error(error); process.exit(1); });
') || fail "a chunk of the server bundle does not load"
graphql="$(curl -s -X POST -H 'content-type: application/json' -d '{"query":"{ __typename }"}' "$url/graphql")"
grep -q '"__typename":"Query"' <<<"$graphql" || fail "/graphql did not answer: $graphql"
page="$(curl -sf "$url/course")" || fail "no 200 on /course"
grep -qi '<!doctype html>' <<<"$page" || fail "/course is not the client page"
kill -TERM "$pid"
code=0
wait "$pid" || code=$?
pid=""
[ "$code" = "0" ] || fail "exit code $code after SIGTERM"
echo "docker runtime check passed: production dependencies alone serve the platform"
