-- Second factor (TOTP, Supabase Auth's MFA API) and recovery codes on the embedded accounts, and
-- what the list of open sessions shows. Nothing secret is stored in clear: TOTP secrets are
-- AES-256-GCM sealed with a key derived from the accounts' signing secret (a copy of the database
-- alone cannot compute codes), recovery codes are SHA-256 digests.

-- A session's level (aal1: password or link; aal2: a second factor proved) and the methods used,
-- kept so that a refresh gives the same level. Its device and address are what the user saw
-- at sign-in, shown back in « Sécurité ».
alter table paraphe_auth.sessions add column aal text not null default 'aal1' check (aal in ('aal1', 'aal2'));
alter table paraphe_auth.sessions add column second_factor jsonb;
alter table paraphe_auth.sessions add column user_agent text;
alter table paraphe_auth.sessions add column ip text;

create table paraphe_auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references paraphe_auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type = 'totp'),
  status text not null check (status in ('unverified', 'verified')),
  -- base64(iv | tag | ciphertext) of the base32 secret.
  secret_sealed text not null,
  -- The TOTP time step of the last accepted code: a code of that step or before is refused (replay).
  last_step bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index mfa_factors_user on paraphe_auth.mfa_factors (user_id);
-- GoTrue: friendly names are unique per user.
create unique index mfa_factors_name on paraphe_auth.mfa_factors (user_id, friendly_name) where friendly_name is not null;

create table paraphe_auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references paraphe_auth.mfa_factors (id) on delete cascade,
  ip text not null,
  created_at timestamptz not null default now(),
  verified_at timestamptz
);
create index mfa_challenges_factor on paraphe_auth.mfa_challenges (factor_id);

create table paraphe_auth.recovery_codes (
  id bigint generated always as identity primary key,
  user_id uuid not null references paraphe_auth.users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index recovery_codes_user on paraphe_auth.recovery_codes (user_id);

-- Devices a user signed in from (SHA-256 of the user agent's device summary): a sign-in from a
-- device not in the list sends the « nouvel appareil » e-mail.
create table paraphe_auth.known_devices (
  user_id uuid not null references paraphe_auth.users (id) on delete cascade,
  device_hash text not null,
  first_seen_at timestamptz not null default now(),
  primary key (user_id, device_hash)
);

-- Entreprise: the owner may require a second factor of every member (owner included). Read in
-- each member request's first statement (the membership read); changed only by the owner, under
-- RLS, column by column.
alter table paraphe.companies add column require_two_factor boolean not null default false;
grant update (require_two_factor) on paraphe.companies to authenticated;

-- Its policies, functions and triggers are stated in repeatable/ (policies/<table>.sql,
-- functions/<name>.sql, triggers/<name>.sql).
