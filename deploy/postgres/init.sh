#!/bin/sh
# First start of the compose Postgres: the runtime login of memhive.
# memhive_app (NOLOGIN) receives the runtime privileges from memhive on
# every start (episodes.GrantRuntime: no UPDATE, DELETE or TRUNCATE of the
# record, no table owned); memhive_runtime logs in and inherits them. The
# owner (POSTGRES_USER) runs the migrations.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v app_password="$MEMHIVE_APP_PASSWORD" <<'SQL'
CREATE ROLE memhive_app NOLOGIN NOINHERIT;
CREATE ROLE memhive_runtime LOGIN INHERIT PASSWORD :'app_password' IN ROLE memhive_app;
SQL
