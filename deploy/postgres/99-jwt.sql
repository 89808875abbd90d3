-- Runs once, when the database volume is created. Records the access-token lifetime where
-- Supabase's SQL helpers expect it (`current_setting('app.settings.jwt_exp')`). The JWT secret is
-- deliberately NOT stored in the database: only GoTrue and the gateway need it.
\set jwt_exp `echo "$JWT_EXP"`

ALTER DATABASE postgres SET "app.settings.jwt_exp" TO :'jwt_exp';
