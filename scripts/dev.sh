#!/usr/bin/env bash
# Development: the API server (restarts on change) on :3000 and Vite (hot reload) on :5173.
set -euo pipefail
cd "$(dirname "$0")/.."
trap 'kill 0' EXIT
# The pages are served from Vite's address: emailed links and bank-link return addresses point there.
APP_URL="${APP_URL:-http://localhost:5173}" npm run dev -w apps/server &
npm run dev -w apps/web &
wait
