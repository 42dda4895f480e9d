#!/usr/bin/env bash
# Runs every check and test of Keel, then prints how long each step took and one summary line:
# 'N passed, N failed'. docs/testing.md says what each step covers.
#
#   1. at once: Biome (lint + format), TypeScript (every workspace) and the build (web app and server),
#      which are single-threaded for most of their time and so share two cores well
#   2. Vitest: domain, web components, and the server suite on PGlite and (when a server is reachable)
#      again on PostgreSQL, in one run
#   3. the production smoke run: two compiled servers on PostgreSQL behind nginx (production-smoke.sh);
#      alone, as its stop-under-load step times a server's shutdown
#   4. Playwright specs in Debian's Chromium against the built app served by the compiled server
set -uo pipefail
cd "$(dirname "$0")/.."
results=.test-results
rm -rf "$results" && mkdir -p "$results/logs"
failed_steps=()
timings=()
background=()

# step NAME COMMAND...: runs a step in the foreground and records its time and outcome.
step() {
  local name=$1
  shift
  echo
  echo "==> $name"
  local started=$SECONDS
  if ! "$@"; then
    failed_steps+=("$name")
    echo "!!! $name failed"
  fi
  timings+=("$((SECONDS - started))|$name")
}

# step_in_background NAME COMMAND...: starts a step whose output goes to its log, shown when it ends.
step_in_background() {
  local name=$1
  shift
  local log="$results/logs/${#background[@]}.log"
  echo "==> $name (started; its output follows when it ends)"
  (
    started=$SECONDS
    "$@" >"$log" 2>&1
    code=$?
    echo "$code $((SECONDS - started))" >"$log.status"
  ) &
  background+=("$!|$log|$name")
}

# wait_for_steps: waits for the background steps, then prints each one's output, time and outcome.
wait_for_steps() {
  local entry pid log name code seconds
  for entry in "${background[@]}"; do
    IFS='|' read -r pid log name <<<"$entry"
    wait "$pid"
    read -r code seconds <"$log.status"
    echo
    echo "==> $name (${seconds}s)"
    cat "$log"
    timings+=("$seconds|$name")
    if [ "$code" != 0 ]; then
      failed_steps+=("$name")
      echo "!!! $name failed"
    fi
  done
  background=()
}

# The browser specs run in Debian's chromium-headless-shell, or in its chromium when only that is there
# (apps/web/playwright.config.ts).
ensure_chromium() {
  [ -x /usr/bin/chromium-headless-shell ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's chromium-headless-shell for the browser specs..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell) >/dev/null \
      && return 0
  fi
  [ -x /usr/bin/chromium ] && return 0
  echo "The browser specs need Debian's Chromium: sudo apt-get install -y chromium-headless-shell"
  return 1
}

postgres_url() {
  local url=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
  if node -e "const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1],connectionTimeoutMillis:3000});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$url" 2>/dev/null; then
    echo "$url"
  fi
}

started_all=$SECONDS

step_in_background "biome" npx biome ci .
# npm run typecheck's two programs side by side (scripts/typecheck.sh): each `tsc` uses one core.
step_in_background "typecheck (server and bench)" npx tsc --noEmit -p tsconfig.server-and-bench.json
step_in_background "typecheck (web, domain)" npm run typecheck --silent -w apps/web -w packages/domain
step_in_background "build (web app and server)" npm run build --silent
wait_for_steps

# The server suite runs on PGlite and, when a PostgreSQL server answers, on that server too (project
# server-postgres), in one run: the two fill each other's idle moments on the two cores.
pg_url=$(cd apps/server && postgres_url)
if [ -n "$pg_url" ]; then
  vitest_name="vitest (domain, server on PGlite and on PostgreSQL, web)"
else
  vitest_name="vitest (domain, server on PGlite, web)"
  echo
  echo "==> server suite on PostgreSQL: no server reachable (set TEST_DATABASE_URL); skipped"
fi
step "$vitest_name" env TEST_DATABASE_URL="$pg_url" npx vitest run \
  --reporter=default --reporter=json --outputFile="$results/vitest.json"

# Needs nginx and a PostgreSQL server; without either it fails and says what to install.
if [[ " ${failed_steps[*]} " == *" build (web app and server) "* ]]; then
  failed_steps+=("production smoke (not run: the build failed)")
else
  step "production smoke" env TEST_DATABASE_URL="${pg_url:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}}" \
    bash scripts/production-smoke.sh --skip-build --report "$results/production-smoke.json"
fi

if [[ " ${failed_steps[*]} " == *" build (web app and server) "* ]]; then
  failed_steps+=("playwright (not run: the build failed)")
elif ensure_chromium; then
  step "playwright" env PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$results/playwright.json" \
    npx playwright test -c apps/web/playwright.config.ts
else
  failed_steps+=("chromium")
fi

echo
echo "How long each step took (steps started together overlap):"
for entry in "${timings[@]}"; do
  printf '  %5ss  %s\n' "${entry%%|*}" "${entry#*|}"
done | tee "$results/timings.txt"
printf '  %5ss  %s\n' "$((SECONDS - started_all))" "in all" | tee -a "$results/timings.txt"

node scripts/summarize-tests.mjs "$results" "${failed_steps[@]}"
