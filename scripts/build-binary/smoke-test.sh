#!/usr/bin/env bash
# Smoke test of the single executable (CI runs it after `npm run build:binary`):
# from an empty folder and with NO environment at all, the binary starts on ./data, answers /healthz
# and the client page, stops cleanly on SIGTERM, starts again on the same folder and finds its data;
# then exports that folder and imports it into another empty one, starts on the copy with an empty
# cache folder, signs in as the demo admin, uploads a PNG and waits for every image derivative (sharp
# and libvips come out of the binary on first use), and downloads a certificate PDF whose extracted
# text holds 'Łukasz Dvořák-Nguyễn Ağaoğlu' exactly (the fonts come out of the binary). Prints the
# figures for the issue note: size, start time (empty and existing folder), idle memory, export and
# import time, first derivatives, the certificate PDF.
# Usage: scripts/build-binary/smoke-test.sh [path/to/srhr-platform]   (uses port 3000, the default)
set -euo pipefail
binary="$(realpath "${1:-dist/bin/srhr-platform}")"
expected_version="$(node -p 'require("./package.json").version')"
url="http://127.0.0.1:3000"
work="$(mktemp -d)"
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "SMOKE TEST FAILED: $*" >&2
  for log in "$work"/*.log; do [ -f "$log" ] && { echo "--- $log" >&2; tail -n 40 "$log" >&2; }; done
  exit 1
}
now_ms() { date +%s%3N; }

[ -x "$binary" ] || fail "no executable at $binary (run npm run build:binary)"
# Run a copy outside the checkout: Node looks for node_modules next to the executable and in every
# folder above it, so a binary run in place would find the project's own (sharp among them).
mkdir "$work/bin"
cp "$binary" "$work/bin/"
binary="$work/bin/$(basename "$binary")"
if curl -s -o /dev/null "$url/healthz"; then fail "something already answers on port 3000"; fi

# Starts the binary in folder $1 with an empty environment (plus any VAR=value given after the log
# file); sets pid and start_ms (time to the first 200).
start() {
  local folder="$1" log="$2" began
  shift 2
  began="$(now_ms)"
  (cd "$folder" && exec env -i "$@" "$binary" >"$log" 2>&1) &
  pid=$!
  for _ in $(seq 1 600); do
    kill -0 "$pid" 2>/dev/null || fail "the binary exited during start"
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "$url/healthz")" = "200" ]; then
      start_ms=$(($(now_ms) - began))
      return
    fi
    sleep 0.05
  done
  fail "no 200 on /healthz within 30 s"
}

stop() {
  kill -TERM "$pid"
  local code=0
  wait "$pid" || code=$?
  pid=""
  [ "$code" = "0" ] || fail "exit code $code after SIGTERM (expected 0)"
}

course_count() {
  curl -sf "$url/trpc/course.list" | node -e 'let s="";process.stdin.on("data",c=>s+=c).on("end",()=>console.log(JSON.parse(s).result.data.length))'
}

[ "$(env -i "$binary" --version)" = "$expected_version" ] || fail "--version does not print $expected_version"
# (Output is captured before grep -q: with pipefail, grep quitting early would fail the writer.)
help="$(env -i "$binary" --help)"
grep -q 'DATABASE_URL' <<<"$help" || fail "--help does not print the configuration table"

mkdir "$work/first" "$work/second"
start "$work/first" "$work/first.log"
empty_ms=$start_ms
[ -d "$work/first/data/pgdata" ] || fail "no embedded database in ./data"
page="$(curl -sf "$url/course")" || fail "no 200 on /course"
grep -qi '<!doctype html>' <<<"$page" || fail "/course is not the client's HTML page"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$url/readyz")" = "200" ] || fail "/readyz is not 200"
metrics="$(curl -sf "$url/metrics")" || fail "no 200 on /metrics"
grep -q '^http_requests_total' <<<"$metrics" || fail "/metrics has no request counts"
courses="$(course_count)"
[ "$courses" -gt 0 ] || fail "no demo courses after the first start"
# The first start prints the demo admin's random password once.
admin_email="$(sed -n 's/.*Demo admin: \([^ ]*\)  password: \([^ ]*\) .*/\1/p' "$work/first.log" | head -n 1)"
admin_password="$(sed -n 's/.*Demo admin: \([^ ]*\)  password: \([^ ]*\) .*/\2/p' "$work/first.log" | head -n 1)"
[ -n "$admin_email" ] && [ -n "$admin_password" ] || fail "the first start printed no demo admin"
sleep 5
rss_kb="$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")"
stop
flock --nonblock "$work/first/data/platform.lock" true || fail "the data folder is still locked after SIGTERM"

start "$work/first" "$work/again.log"
existing_ms=$start_ms
[ "$(course_count)" = "$courses" ] || fail "the restarted binary does not find the $courses courses"
sleep 5
rss_again_kb="$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")"
stop

began="$(now_ms)"
(cd "$work/first" && env -i "$binary" export ../backup.ndjson 2>"$work/export.log") || fail "export failed"
export_ms=$(($(now_ms) - began))
grep -q '"checksum":"sha256:' <<<"$(tail -n 1 "$work/backup.ndjson")" || fail "the export has no checksum line"
began="$(now_ms)"
(cd "$work/second" && env -i "$binary" import ../backup.ndjson 2>"$work/import.log") || fail "import failed"
import_ms=$(($(now_ms) - began))
(cd "$work/second" && env -i "$binary" import ../backup.ndjson 2>"$work/import-again.log") &&
  fail "a second import into a non-empty database was accepted"
grep -q 'import only into an empty database' "$work/import-again.log" || fail "no clear refusal of a non-empty database"
# An empty cache folder: sharp (addon, libvips) is written out of the binary by the first image job.
cache="$work/cache"
start "$work/second" "$work/second.log" "XDG_CACHE_HOME=$cache"
[ "$(course_count)" = "$courses" ] || fail "the imported copy does not list the $courses courses"
json() { node -e 'let s="";process.stdin.on("data",c=>s+=c).on("end",()=>{const v=new Function("d","return "+process.argv[1])(JSON.parse(s));console.log(typeof v==="string"?v:JSON.stringify(v))})' "$1"; }
credentials="$(node -e 'console.log(JSON.stringify({email:process.argv[1],password:process.argv[2]}))' "$admin_email" "$admin_password")"
token="$(curl -sf -H 'content-type: application/json' -d "$credentials" "$url/auth/sign-in" | json 'd.idToken')" ||
  fail "the demo admin cannot sign in on the imported copy"
# An 8 x 6 PNG.
base64 -d >"$work/red.png" <<<'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4w2CMFTEMpAQAIAgv0QSzMHMAAAAASUVORK5CYII='
began="$(now_ms)"
upload="$(curl -sf -H "authorization: Bearer $token" -F "file=@$work/red.png;type=image/png" "$url/api/uploads")" ||
  fail "POST /api/uploads refused the PNG"
upload_id="$(json 'd.id' <<<"$upload")"
derivatives=""
for _ in $(seq 1 300); do
  derivatives="$(curl -sf "$url/api/uploads/$upload_id/derivatives")" || fail "no 200 on /api/uploads/$upload_id/derivatives"
  [ "$(json 'd.done' <<<"$derivatives")" = "true" ] && break
  sleep 0.1
done
derivative_ms=$(($(now_ms) - began))
[ "$(json 'd.done' <<<"$derivatives")" = "true" ] || fail "no image derivatives within 30 s (is sharp loading?)"
# The standard sizes (events/upload/schema.ts standardImageSizes).
labels="$(json 'd.derivatives.map((x)=>x.label).sort().join(" ")' <<<"$derivatives")"
[ "$labels" = "aside blocklist full main preview profile" ] || fail "derivatives made: '$labels'"
profile_url="$(json 'd.derivatives.find((x)=>x.label==="profile").url' <<<"$derivatives")"
[ "$(curl -s -o /dev/null -w '%{http_code} %{content_type}' "$url$profile_url")" = "200 image/webp" ] ||
  fail "$profile_url is not served as a WebP image"
ls "$cache"/srhr-platform/sharp-*/node_modules/@img/sharp-linux-x64/lib/*.node >/dev/null 2>&1 ||
  fail "sharp's addon was not written to $cache/srhr-platform"
# A certificate PDF made by the binary (DejaVu Sans out of its assets) prints a name in any script
# exactly: the demo admin takes the name, certifies itself for a demo module and downloads the PDF,
# whose text pdf.js (tests/pdf-text.ts) extracts.
holder='Łukasz Dvořák-Nguyễn Ağaoğlu'
trpc() { curl -sf -H "authorization: Bearer $token" -H 'content-type: application/json' -d "$2" "$url/trpc/$1"; }
admin_id="$(curl -sf -H "authorization: Bearer $token" "$url/trpc/user.me" | json 'd.result.data._id')" ||
  fail "no user.me for the demo admin"
profile="$(node -e 'console.log(JSON.stringify({name:process.argv[1],language:"nl"}))' "$holder")"
trpc user.updateProfile "$profile" >/dev/null || fail "the demo admin cannot change its name"
certified="$(trpc certificate.certify "{\"module\":\"srgr-kaders\",\"user\":\"$admin_id\"}")" ||
  fail "certify(srgr-kaders, demo admin) was refused"
certificate_code="$(json 'd.result.data.code' <<<"$certified")"
began="$(now_ms)"
curl -sf -H "authorization: Bearer $token" -o "$work/certificate.pdf" "$url/api/certificates/$certificate_code.pdf" ||
  fail "no PDF at /api/certificates/$certificate_code.pdf"
pdf_ms=$(($(now_ms) - began))
pdf_text="$(node --import tsx --input-type=module -e 'const { pdfText } = await import("./tests/pdf-text.ts"); const fs = await import("node:fs"); console.log(await pdfText(fs.readFileSync(process.argv[1])))' "$work/certificate.pdf")" ||
  fail "the certificate PDF cannot be read"
grep -qxF -- "$holder" <<<"$pdf_text" || fail "the certificate PDF does not print '$holder': $(head -n 5 <<<"$pdf_text")"
grep -qF -- "$certificate_code" <<<"$pdf_text" || fail "the certificate PDF does not print its code"
grep -q 'no glyph' "$work/second.log" && fail "the binary warned about missing glyphs: $(grep 'no glyph' "$work/second.log")"
pdf_kb=$(($(stat -c %s "$work/certificate.pdf") / 1024))
stop

size_mb="$(awk -v b="$(stat -c %s "$binary")" 'BEGIN { printf "%.1f", b / 1048576 }')"
echo "binary smoke test passed: $(basename "$binary") $expected_version"
echo "  size                          ${size_mb} MB"
echo "  start to /healthz 200, empty  ${empty_ms} ms (the empty database loaded, migrations, demo seed)"
echo "  start to /healthz 200, again  ${existing_ms} ms"
echo "  idle RSS, first start / again $((rss_kb / 1024)) MB / $((rss_again_kb / 1024)) MB"
echo "  export / import (${courses} courses)  ${export_ms} ms / ${import_ms} ms (whole process runs)"
echo "  upload to all image derivatives ${derivative_ms} ms (first use: sharp written to the cache folder)"
echo "  certificate PDF               ${pdf_kb} KB in ${pdf_ms} ms (first one: fonts parsed), '$holder' extracted"
