#!/usr/bin/env bash
# npm run typecheck: TypeScript over every workspace, as two programs (scripts/test.sh runs them side by
# side): the server with the benchmarks (tsconfig.server-and-bench.json), then the web app and the domain
# package. Both run even when the first fails; the exit code is 1 when either found an error.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
npx tsc --noEmit -p tsconfig.server-and-bench.json || status=1
npm run typecheck --silent -w apps/web -w packages/domain || status=1
exit $status
