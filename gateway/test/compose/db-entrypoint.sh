#!/bin/sh
# What the postgres images' entrypoint does, in short: a cluster in the data volume on first start
# (superuser `postgres` with POSTGRES_PASSWORD, password logins from the network), then the server
# in the foreground as the postgres user.
set -eu
PGDATA=/var/lib/postgresql/data
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
mkdir -p "$PGDATA" /run/postgresql
chown postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  password_file=$(mktemp)
  printf '%s' "$POSTGRES_PASSWORD" > "$password_file"
  chmod 644 "$password_file"
  as_postgres "$BIN/initdb" -D "$PGDATA" -U postgres --pwfile="$password_file" -A scram-sha-256 -E UTF8 --locale=C.UTF-8
  rm -f "$password_file"
  echo "host all all 0.0.0.0/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups "$BIN/postgres" -D "$PGDATA" -c listen_addresses='*'
