-- Recovery codes for accounts kept by Supabase Auth (AUTH_UPSTREAM_URL): GoTrue has none, so the
-- gateway keeps them as it keeps its own accounts' (paraphe_auth.recovery_codes: SHA-256 digests,
-- each used once), here for the user ids of GoTrue's `auth.users`. No foreign key: that table is
-- GoTrue's, created by GoTrue after these migrations and possibly out of the gateway's reach, and
-- paraphe_auth.recovery_codes' key points at the embedded users. A used row stays until the next
-- enrolment's codes replace them all: it says when a code removed the authenticator. Each code
-- names the GoTrue factor it was made for: GoTrue removes a factor without telling us, and the
-- codes of a removed factor must never open the account once another factor is on.
create table paraphe_auth.upstream_recovery_codes (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  factor_id text,
  code_hash text not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index upstream_recovery_codes_user on paraphe_auth.upstream_recovery_codes (user_id);
