#!/usr/bin/env bash
# Starts a throwaway PostgreSQL as a non-root user on a free loopback port and prints its URL.
# Usage: eval "$(bash .ci/start-postgres.sh)"  → exports TEST_DATABASE_URL and PG_TMP (stop with .ci/stop-postgres.sh)
set -euo pipefail
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/postgres" ]; then
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
PG_USER=rihlapg
id "$PG_USER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$PG_USER" >&2
PG_TMP=$(mktemp -d /tmp/rihla-pg.XXXXXX)
chown "$PG_USER" "$PG_TMP"
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
as_pg() { runuser -u "$PG_USER" -- "$@"; }
as_pg "$PG_BIN/initdb" -D "$PG_TMP/data" -U postgres --auth=trust -E UTF8 >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$PG_TMP -c fsync=off -c max_connections=200" start >/dev/null
echo "export PG_TMP=$PG_TMP PG_BIN=$PG_BIN PG_USER=$PG_USER TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
