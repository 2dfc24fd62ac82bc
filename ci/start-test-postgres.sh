#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the history store's tests: a fresh
# data directory under a temporary directory, listening on 127.0.0.1 at a
# free port, trust authentication, one database. Prints shell assignments
# for the caller to eval:
#
#   eval "$(bash ci/start-test-postgres.sh)"
#   ctest ...                              # reads FPBENCH_TEST_POSTGRES_URL
#   eval "$FPBENCH_TEST_POSTGRES_STOP"     # stops the server, removes its files
#
# initdb refuses to run as root, so as root the server runs as the postgres
# user (runuser); otherwise as the calling user. FPBENCH_PG_BIN overrides the
# directory of initdb and pg_ctl. Exits non-zero, saying why on stderr, when
# no server can be started.
set -euo pipefail

die() { echo "ci/start-test-postgres.sh: $*" >&2; exit 1; }

bin=${FPBENCH_PG_BIN:-}
if [ -z "$bin" ]; then
  for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && bin=$d; done
fi
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ] || [ ! -x "$bin/pg_ctl" ]; then
  die "no initdb/pg_ctl found (install postgresql, or set FPBENCH_PG_BIN)"
fi

if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || die "running as root and there is no postgres user to run the server"
  as_pg=(runuser -u postgres --)
  owner=postgres
else
  as_pg=()
  owner=$(id -un)
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fpbench-pg.XXXXXX")
chown "$owner" "$tmp"
cleanup_on_error() { "${as_pg[@]}" "$bin/pg_ctl" -D "$tmp/data" stop -m immediate >/dev/null 2>&1 || true; rm -rf "$tmp"; }
trap cleanup_on_error ERR

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

"${as_pg[@]}" "$bin/initdb" -D "$tmp/data" -U postgres --auth=trust --encoding=UTF8 \
  --no-instructions >"$tmp/initdb.log" 2>&1 || { cat "$tmp/initdb.log" >&2; die "initdb failed"; }
"${as_pg[@]}" "$bin/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $tmp -c fsync=off" start >/dev/null ||
  { cat "$tmp/server.log" >&2; die "the server did not start"; }
"${as_pg[@]}" "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -q \
  -c "CREATE DATABASE fpbench_test" >/dev/null || die "cannot create the database"

trap - ERR
stop="${as_pg[*]} $bin/pg_ctl -D $tmp/data stop -m fast >/dev/null; rm -rf $tmp"
echo "export FPBENCH_TEST_POSTGRES_URL=postgresql://postgres@127.0.0.1:$port/fpbench_test"
echo "export FPBENCH_TEST_POSTGRES_STOP='$stop'"
echo "ci/start-test-postgres.sh: PostgreSQL on 127.0.0.1:$port (data in $tmp); stop: $stop" >&2
