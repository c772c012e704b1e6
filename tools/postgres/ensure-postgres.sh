#!/usr/bin/env bash
# Makes sure the PostgreSQL test server answers at 127.0.0.1:5432 with a database `test`
# (trust auth, user postgres), starting an installed but stopped server first: CI runs every
# e2e and reliability suite on it too, and there an unreachable server fails `npm test`.
set -euo pipefail
HOST=127.0.0.1
PORT=5432

if ! pg_isready -q -h "$HOST" -p "$PORT"; then
  echo "postgresql at $HOST:$PORT not ready: starting it"
  # Debian's service wrapper where there is one, else every cluster pg_lsclusters knows.
  if ! service postgresql start; then
    pg_lsclusters --no-header | while read -r version cluster _; do
      pg_ctlcluster "$version" "$cluster" start || true
    done
  fi
  for _ in $(seq 1 30); do
    pg_isready -q -h "$HOST" -p "$PORT" && break
    sleep 1
  done
fi
pg_isready -h "$HOST" -p "$PORT"
if [ "$(psql -h "$HOST" -p "$PORT" -U postgres -tAc "select 1 from pg_database where datname = 'test'")" != "1" ]; then
  createdb -h "$HOST" -p "$PORT" -U postgres test
fi
