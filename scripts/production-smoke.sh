#!/usr/bin/env bash
# Production smoke run: Keel as docs/deploying.md deploys it, on this machine.
#
#   bash scripts/production-smoke.sh [--skip-build] [--report <file.json>]
#
# 1. builds (npm run build; --skip-build when the caller just did), creates a scratch database on the
#    PostgreSQL server at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and migrates
#    it with the compiled `migrate` (twice: the second finds nothing to do);
# 2. prepares a customer with a Keel deposit account on a server whose clock is two months back, so a
#    statement month has passed (journey.ts explains why);
# 3. starts two compiled servers in production mode on that database, an SMTP sink, and Debian's nginx
#    with docs/deploying/keel-nginx.conf in front of them (TRUST_PROXY set to it);
# 4. drives the journey through nginx (apps/server/test/productionSmoke/journey.ts): sign up, company,
#    booking, Report, SSE across the two servers, deposit account, mail, statement download; then stops
#    server A with SIGTERM under traffic: its /readyz turns 503, it is taken out of nginx's upstream half a
#    second into its delay (as docs/deploying.md tells an operator), every request still succeeds, it
#    exits 0 within its deadline, and server B carries on;
# 5. stops server B (exit 0) and cleans up every process, the scratch database and the temporary folder,
#    however it ends.
#
# Prints PASS or FAIL per step and 'production smoke: N passed, N failed'; exits 1 on any failure.
# With --report, also writes those counts as a Vitest-style JSON report (scripts/test.sh's summary reads it).
set -uo pipefail
cd "$(dirname "$0")/.."

skip_build=false
report=""
while [ $# -gt 0 ]; do
  case $1 in
    --skip-build) skip_build=true ;;
    --report) report=$2; shift ;;
    *) echo "Unknown argument: $1"; exit 2 ;;
  esac
  shift
done

passed=0
failed=0
pass() { echo "PASS  $1"; passed=$((passed + 1)); }
fail() { echo "FAIL  $1"; failed=$((failed + 1)); }

work=$(mktemp -d "${TMPDIR:-/tmp}/keel-smoke.XXXXXX")
pids=()
db_name=""
pg_server=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}

# One statement on the PostgreSQL server (pg is the server's own client; psql need not be installed).
admin_sql() {
  (cd apps/server && node -e "
    const pg = require('pg');
    const client = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
    client.connect().then(() => client.query(process.argv[2])).then(
      () => client.end().then(() => process.exit(0)),
      (error) => { console.error(error.message); process.exit(1); });
  " "$pg_server" "$1")
}

show_logs() {
  for log in "$work"/*.log "$work"/nginx/*.log; do
    [ -s "$log" ] || continue
    echo
    echo "---- $(basename "$log") (last 60 lines) ----"
    tail -n 60 "$log"
  done
}

finish() {
  local code=$?
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for _ in $(seq 1 100); do
    local alive=false
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=true; done
    $alive || break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null; done
  if [ -n "$db_name" ]; then admin_sql "DROP DATABASE IF EXISTS $db_name WITH (FORCE)" || true; fi
  [ "$failed" -gt 0 ] && show_logs
  rm -rf "$work"
  echo
  echo "production smoke: $passed passed, $failed failed"
  if [ -n "$report" ]; then
    printf '{"numPassedTests":%d,"numFailedTests":%d,"numPendingTests":0}\n' "$passed" "$failed" >"$report"
  fi
  [ "$failed" -gt 0 ] && exit 1
  exit "$code"
}
trap finish EXIT
trap 'fail "interrupted"; exit 130' INT TERM

# The status code of GET <url> (000 when nothing answers), without curl.
http_status() {
  local host_port=${1#http://}
  host_port=${host_port%%/*}
  local path=/${1#http://*/}
  timeout 3 bash -c '
    exec 3<>"/dev/tcp/${1%:*}/${1##*:}" || exit 1
    printf "GET %s HTTP/1.0\r\nHost: %s\r\n\r\n" "$2" "$1" >&3
    read -r _ status _ <&3
    echo "$status"' _ "$host_port" "$path" 2>/dev/null || echo 000
}

# Sets variable $1 to a port nothing listens on, between $2 and $3, not handed out before.
taken_ports=" "
pick_port() {
  local port
  for _ in $(seq 1 200); do
    port=$(($2 + RANDOM % ($3 - $2 + 1)))
    case $taken_ports in *" $port "*) continue ;; esac
    if ! (: >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      taken_ports="$taken_ports$port "
      printf -v "$1" '%s' "$port"
      return 0
    fi
  done
  return 1
}

# Waits until <url>/readyz answers 200 while process <pid> lives; $3 is the timeout in seconds.
wait_ready() {
  local url=$1 pid=$2 deadline=$((SECONDS + $3))
  while [ $SECONDS -lt $deadline ]; do
    kill -0 "$pid" 2>/dev/null || return 1
    [ "$(http_status "$url/readyz")" = 200 ] && return 0
    sleep 0.2
  done
  return 1
}

# SIGTERM to <pid> (a child of this shell); sets stopped_code to its exit code, or to 'still running
# after $2 s'.
stop_process() {
  local pid=$1 limit=$2
  kill -TERM "$pid" 2>/dev/null
  for _ in $(seq 1 $((limit * 10))); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    stopped_code="still running after $limit s"
    return
  fi
  wait "$pid"
  stopped_code=$?
}

abort() {
  fail "$1"
  exit 1
}

# ---- prerequisites -------------------------------------------------------------------------------
nginx_bin=$(command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; })
[ -n "$nginx_bin" ] || abort "prerequisites: the production smoke run needs Debian's nginx. Install it: sudo apt-get install -y nginx"
admin_sql "SELECT 1" >/dev/null 2>&1 ||
  abort "prerequisites: no PostgreSQL server answers at $pg_server. Install and start one (sudo apt-get install -y postgresql; pg_ctlcluster 15 main start) or set TEST_DATABASE_URL"
pass "prerequisites: $("$nginx_bin" -v 2>&1 | sed 's/^nginx version: //'), PostgreSQL at ${pg_server%%\?*}"

# ---- build and migrate ---------------------------------------------------------------------------
if ! $skip_build; then
  if npm run build --silent >"$work/build.log" 2>&1; then pass "npm run build"; else abort "npm run build (see build.log)"; fi
fi
[ -f apps/server/dist/main.js ] && [ -f apps/server/dist/migrate.js ] ||
  abort "the compiled server is missing: run npm run build"

db_name="keel_smoke_$(node -e "console.log(require('crypto').randomBytes(6).toString('hex'))")"
admin_sql "CREATE DATABASE $db_name" || abort "create the scratch database $db_name"
db_url=$(node -e "const u = new URL(process.argv[1]); u.pathname = '/' + process.argv[2]; console.log(u.toString())" "$pg_server" "$db_name")

migrate() { DATABASE_URL="$db_url" node --enable-source-maps apps/server/dist/migrate.js >>"$work/migrate.log" 2>&1; }
if migrate && grep -q '^Applied [0-9]* migrations' "$work/migrate.log"; then
  pass "migrate (compiled): $(grep '^Applied' "$work/migrate.log")"
else
  abort "migrate (compiled): $(tail -n 3 "$work/migrate.log")"
fi
if migrate && grep -q '^Nothing to apply' "$work/migrate.log"; then
  pass "migrate again: nothing to apply"
else
  fail "migrate again: $(tail -n 2 "$work/migrate.log")"
fi

# ---- ports, secrets, SMTP sink ---------------------------------------------------------------------
pick_port prepare_port 3200 3299 && pick_port port_a 3200 3299 && pick_port port_b 3200 3299 &&
  pick_port proxy_port 8200 8299 && pick_port smtp_port 8200 8299 || abort "find free ports"
proxy_url="http://127.0.0.1:$proxy_port"
secret_key=$(node -e "console.log(require('crypto').randomBytes(32).toString('base64'))")

mkdir -p "$work/mail"
node --import tsx apps/server/test/productionSmoke/smtpSink.ts --port "$smtp_port" --out "$work/mail" >"$work/smtp-sink.log" 2>&1 &
pids+=($!)

# ---- a customer whose account is two months old ---------------------------------------------------
prepare_day=$(date -u -d "$(date -u +%Y-%m-15) -2 months" +%F)
env DATABASE_URL="$db_url" SECRET_KEY="$secret_key" HOST=127.0.0.1 PORT="$prepare_port" KEEL_TODAY="$prepare_day" \
  SMTP_URL="smtp://127.0.0.1:$smtp_port" SEED_DEMO=false LOG_LEVEL=warn \
  node --enable-source-maps apps/server/dist/main.js >"$work/server-prepare.log" 2>&1 &
prepare_pid=$!
pids+=("$prepare_pid")
wait_ready "http://127.0.0.1:$prepare_port" "$prepare_pid" 60 || abort "the preparing server (KEEL_TODAY=$prepare_day) did not get ready"
SMOKE_PREPARE_URL="http://127.0.0.1:$prepare_port" SMOKE_STATE_FILE="$work/prepared.json" SMOKE_MAIL_DIR="$work/mail" \
  node --import tsx apps/server/test/productionSmoke/journey.ts prepare | tee "$work/prepare.out"
passed=$((passed + $(grep -c '^PASS' "$work/prepare.out")))
failed=$((failed + $(grep -c '^FAIL' "$work/prepare.out")))
[ -s "$work/prepared.json" ] || abort "prepare the banking customer"
stop_process "$prepare_pid" 20
if [ "$stopped_code" = 0 ]; then pass "the preparing server stops on SIGTERM (exit 0)"; else fail "the preparing server stops on SIGTERM: exit $stopped_code"; fi

# ---- two production servers behind nginx -----------------------------------------------------------
production_env=(
  NODE_ENV=production DATABASE_URL="$db_url" SECRET_KEY="$secret_key" APP_URL="$proxy_url"
  SMTP_URL="smtp://127.0.0.1:$smtp_port" TRUST_PROXY=127.0.0.1 HOST=127.0.0.1
  SANDBOX_FEATURES=banking,payments,plaid,moneykit,quickbooks,sms SEED_DEMO=false LOG_LEVEL=info
)
shutdown_timeout_a=15000
env "${production_env[@]}" PORT="$port_a" SHUTDOWN_DELAY_MS=2000 SHUTDOWN_TIMEOUT_MS=$shutdown_timeout_a \
  node --enable-source-maps apps/server/dist/main.js >"$work/server-a.log" 2>&1 &
pid_a=$!
pids+=("$pid_a")
env "${production_env[@]}" PORT="$port_b" SHUTDOWN_DELAY_MS=0 \
  node --enable-source-maps apps/server/dist/main.js >"$work/server-b.log" 2>&1 &
pid_b=$!
pids+=("$pid_b")
if wait_ready "http://127.0.0.1:$port_a" "$pid_a" 60 && wait_ready "http://127.0.0.1:$port_b" "$pid_b" 60; then
  pass "two compiled servers ready in production mode (:$port_a, :$port_b)"
else
  abort "start two compiled servers in production mode"
fi

mkdir -p "$work/nginx"
cat >"$work/nginx.conf" <<EOF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 256; }
http {
  log_format keel '\$remote_addr "\$request" \$status upstream=\$upstream_addr (\$upstream_status) \${request_time}s';
  access_log $work/nginx/access.log keel;
  client_body_temp_path $work/nginx/client_body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  upstream keel {
    include $work/nginx/upstream.conf;
  }
  server {
    listen 127.0.0.1:$proxy_port;
    # This run only: which server answered, for the journey's checks.
    add_header X-Keel-Upstream \$upstream_addr always;
    include $PWD/docs/deploying/keel-nginx.conf;
  }
}
EOF
# The upstream's servers in a file of their own: taking server A out of it is one file and a reload.
printf 'server 127.0.0.1:%s;\nserver 127.0.0.1:%s;\n' "$port_a" "$port_b" >"$work/nginx/upstream.conf"
nginx_args=(-p "$work/nginx" -c "$work/nginx.conf" -e "$work/nginx/error.log")
# What the operator does before stopping a server (docs/deploying.md, Upgrades): mark it down, reload.
take_a_out="printf 'server 127.0.0.1:%s down;\\nserver 127.0.0.1:%s;\\n' $port_a $port_b >'$work/nginx/upstream.conf' \
  && '$nginx_bin' -p '$work/nginx' -c '$work/nginx.conf' -e '$work/nginx/error.log' -s reload"
if "$nginx_bin" -t -q "${nginx_args[@]}" 2>"$work/nginx-test.log"; then
  pass "nginx accepts docs/deploying/keel-nginx.conf"
else
  abort "nginx -t: $(cat "$work/nginx-test.log")"
fi
"$nginx_bin" "${nginx_args[@]}" -g 'daemon off;' &
pids+=($!)
wait_ready "$proxy_url" "${pids[-1]}" 15 || abort "nginx answers on $proxy_url"
if node -e "
  const fs = require('fs');
  const conf = fs.readFileSync('docs/deploying/keel-nginx.conf', 'utf8').trim();
  process.exit(fs.readFileSync('docs/deploying.md', 'utf8').includes(conf) ? 0 : 1);"; then
  pass "docs/deploying.md shows the nginx file this run uses"
else
  fail "docs/deploying.md does not show docs/deploying/keel-nginx.conf as it is"
fi

# ---- the journey, and server A stopped under traffic -----------------------------------------------
SMOKE_PROXY_URL="$proxy_url" SMOKE_STATE_FILE="$work/prepared.json" SMOKE_MAIL_DIR="$work/mail" \
  SMOKE_SERVER_A_URL="http://127.0.0.1:$port_a" SMOKE_SERVER_A_PID="$pid_a" \
  SMOKE_SERVER_A_EXIT_FILE="$work/server-a.exit" SMOKE_SERVER_A_SHUTDOWN_TIMEOUT_MS=$shutdown_timeout_a \
  SMOKE_SERVER_B_URL="http://127.0.0.1:$port_b" SMOKE_TAKE_A_OUT_OF_PROXY="$take_a_out" \
  node --import tsx apps/server/test/productionSmoke/journey.ts run > >(tee "$work/journey.out") 2>&1 &
journey_pid=$!
pids+=("$journey_pid")
# Server A's exit code is ours to read (it is this shell's child): handed to the journey in a file.
wait -n -p first "$pid_a" "$journey_pid"
first_code=$?
if [ "$first" = "$pid_a" ]; then
  echo "$first_code $(date +%s%3N)" >"$work/server-a.exit.tmp" && mv "$work/server-a.exit.tmp" "$work/server-a.exit"
  wait "$journey_pid"
fi
sleep 0.2 # tee's last lines
passed=$((passed + $(grep -c '^PASS' "$work/journey.out")))
failed=$((failed + $(grep -c '^FAIL' "$work/journey.out")))
if [ "$first" != "$pid_a" ] && [ "$first_code" != 0 ] && ! grep -q '^FAIL' "$work/journey.out"; then
  fail "the journey ended with code $first_code"
fi

stop_process "$pid_b" 35
if [ "$stopped_code" = 0 ]; then pass "server B stops on SIGTERM (exit 0)"; else fail "server B stops on SIGTERM: exit $stopped_code"; fi
