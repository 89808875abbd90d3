-- The gateway's own accounts (used when AUTH_UPSTREAM_URL is unset), in their own schema so that
-- nothing collides with Supabase's `auth` on a Supabase database. Secrets are never stored: one-time
-- link tokens and refresh tokens as SHA-256 digests, passwords as argon2id hashes.
-- Also the shared rate-limit counters (paraphe.rate_limits): in the database, so that several
-- gateways on one PostgreSQL share one budget.
create schema if not exists paraphe_auth;
revoke all on schema paraphe_auth from public;

create table paraphe_auth.users (
  id uuid primary key,
  email text not null,
  -- argon2id, PHC string format ($argon2id$v=19$…): the format GoTrue verifies on import.
  password_hash text not null,
  email_confirmed_at timestamptz,
  confirmation_sent_at timestamptz,
  recovery_sent_at timestamptz,
  -- When the « vous avez déjà un compte » e-mail was last queued (one a minute at most).
  existing_account_mail_at timestamptz,
  last_sign_in_at timestamptz,
  user_metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_email_lowercase check (email = lower(email))
);
create unique index users_email on paraphe_auth.users (email);

create table paraphe_auth.sessions (
  id uuid primary key,
  user_id uuid not null references paraphe_auth.users (id) on delete cascade,
  -- amr of the access tokens: how the session began (password, otp, recovery).
  method text not null,
  created_at timestamptz not null default now(),
  refreshed_at timestamptz
);
create index sessions_user on paraphe_auth.sessions (user_id);

create table paraphe_auth.refresh_tokens (
  id bigint generated always as identity primary key,
  session_id uuid not null references paraphe_auth.sessions (id) on delete cascade,
  token_hash text not null unique,
  parent_id bigint references paraphe_auth.refresh_tokens (id) on delete set null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_session on paraphe_auth.refresh_tokens (session_id);

create table paraphe_auth.one_time_tokens (
  token_hash text primary key,
  user_id uuid not null references paraphe_auth.users (id) on delete cascade,
  kind text not null check (kind in ('confirmation', 'recovery')),
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index one_time_tokens_user on paraphe_auth.one_time_tokens (user_id, kind);

-- Fixed-window counters: key = SHA-256 of bucket and subject (an IP, an address), never the
-- subject itself.
create table paraphe.rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null
);
create index rate_limits_window on paraphe.rate_limits (window_start);
revoke all on paraphe.rate_limits from public, anon, authenticated;
