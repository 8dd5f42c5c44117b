#!/usr/bin/env bash
# Stops the PostgreSQL started by start-postgres.sh and removes its files.
set -u
[ -n "${PG_TMP:-}" ] || exit 0
runuser -u "$PG_USER" -- "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m immediate stop >/dev/null 2>&1 || true
rm -rf "$PG_TMP"
