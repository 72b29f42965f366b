#!/bin/sh
# First start: a new cluster whose superuser password comes from a secret file, and the marketplace's
# database; then PostgreSQL itself. Roles and schemas are the provisioning task's (infra/postgres).
set -eu
: "${POSTGRES_PASSWORD_FILE:?POSTGRES_PASSWORD_FILE must name the superuser password file}"
database="${POSTGRES_DB:-marketplace}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  initdb --username=postgres --pwfile="$POSTGRES_PASSWORD_FILE" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" >/dev/null
  echo "host all all 0.0.0.0/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
  echo "CREATE DATABASE \"$database\";" | postgres --single -D "$PGDATA" postgres >/dev/null
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' -c max_connections=200
