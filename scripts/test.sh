#!/usr/bin/env bash
# Runs every check and test of Keel, then prints one summary line: 'N passed, N failed'.
#   1. Biome (lint + format)          4. the server suite again on PostgreSQL, when a server is reachable
#   2. TypeScript (every workspace)   5. the build: the web app and the server (npm run build)
#   3. Vitest: domain, server on PGlite, web components
#   6. the production smoke run: two compiled servers on PostgreSQL behind nginx (scripts/production-smoke.sh)
#   7. Playwright specs in Debian's Chromium against the built app served by the compiled server
set -uo pipefail
cd "$(dirname "$0")/.."
results=.test-results
rm -rf "$results" && mkdir -p "$results"
failed_steps=()

step() {
  local name=$1
  shift
  echo
  echo "==> $name"
  if ! "$@"; then
    failed_steps+=("$name")
    echo "!!! $name failed"
  fi
}

ensure_chromium() {
  [ -x /usr/bin/chromium ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's chromium for the browser specs..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null || return 1
    return 0
  fi
  echo "The browser specs need Debian's Chromium at /usr/bin/chromium. Run: sudo apt-get install -y chromium"
  return 1
}

postgres_url() {
  local url=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
  if node -e "const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1],connectionTimeoutMillis:3000});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$url" 2>/dev/null; then
    echo "$url"
  fi
}

step "biome" npx biome ci .
step "typecheck" npm run typecheck --silent
step "vitest (domain, server on PGlite, web)" npx vitest run --reporter=default --reporter=json --outputFile="$results/vitest.json"

pg_url=$(cd apps/server && postgres_url)
if [ -n "$pg_url" ]; then
  step "vitest (server on PostgreSQL)" env TEST_DATABASE_URL="$pg_url" npx vitest run --project server \
    --reporter=default --reporter=json --outputFile="$results/vitest-postgres.json"
else
  echo
  echo "==> server suite on PostgreSQL: no server reachable (set TEST_DATABASE_URL); skipped"
fi

step "build (web app and server)" npm run build --silent
# Needs nginx and a PostgreSQL server; without either it fails and says what to install.
if [[ " ${failed_steps[*]} " == *" build (web app and server) "* ]]; then
  failed_steps+=("production smoke (not run: the build failed)")
else
  step "production smoke" env TEST_DATABASE_URL="${pg_url:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}}" \
    bash scripts/production-smoke.sh --skip-build --report "$results/production-smoke.json"
fi
if ensure_chromium; then
  step "playwright" env PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$results/playwright.json" \
    npx playwright test -c apps/web/playwright.config.ts
else
  failed_steps+=("chromium")
fi

node scripts/summarize-tests.mjs "$results" "${failed_steps[@]}"
