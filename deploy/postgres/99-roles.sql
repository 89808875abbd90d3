-- Runs once, when the database volume is created (supabase/postgres runs every file in
-- /docker-entrypoint-initdb.d/init-scripts/ as a superuser after its own setup).
--
-- The image creates Supabase's roles without a usable password. Give the ones our services log
-- in with the password from the environment (POSTGRES_PASSWORD, set by `npm run setup:env`):
--   supabase_auth_admin  GoTrue (owns the auth schema and runs its migrations)
--   authenticator        the role PostgREST-style access switches from (anon/authenticated);
--                        the gateway will use it to run queries under RLS
--   supabase_admin       postgres-meta / Studio (admin profile only)
-- Other Supabase roles (storage, pgbouncer…) stay without a password: nothing here uses them.
--
-- Changing POSTGRES_PASSWORD later does NOT re-run this file: see deploy/OPERATIONS.md
-- (« Changer le mot de passe de la base »).
\set pgpass `echo "$POSTGRES_PASSWORD"`

ALTER USER supabase_auth_admin WITH PASSWORD :'pgpass';
ALTER USER authenticator WITH PASSWORD :'pgpass';
ALTER USER supabase_admin WITH PASSWORD :'pgpass';
