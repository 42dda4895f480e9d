#!/usr/bin/env bash
# The inner loop (npm run test:quick): Biome, TypeScript and the Vitest suites on the embedded database
# (domain, server on PGlite, web). No PostgreSQL pass, build, smoke run or browser: `npm test` runs those.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
npx biome ci . || status=1
npm run typecheck --silent || status=1
env -u TEST_DATABASE_URL npx vitest run || status=1
exit $status
