#!/usr/bin/env bash
# Development: the API server (restarts on change) on :3000 and Vite (hot reload) on :5173.
set -euo pipefail
cd "$(dirname "$0")/.."
trap 'kill 0' EXIT
npm run dev -w apps/server &
npm run dev -w apps/web &
wait
