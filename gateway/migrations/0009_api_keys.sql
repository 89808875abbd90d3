-- API keys of a company, for the public API /api/v1 (the Entreprise plan). A key's secret is shown
-- once, at creation; only its SHA-256 is kept (looked up by the gateway at each request, hence the
-- unique index), with its first characters for the lists. A key acts as the member who created it,
-- through the same policies as that member's own requests; revoking takes effect at the next one.
create table paraphe.api_keys (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references paraphe.companies (id),
  name text not null check (char_length(name) between 1 and 80),
  secret_hash bytea not null unique,
  display_prefix text not null,
  scopes text[] not null check (cardinality(scopes) between 1 and 2 and scopes <@ array['read', 'write']::text[]),
  created_by uuid not null default paraphe.acting_user_id(),
  created_at timestamptz not null default now(),
  -- Updated at most once a minute (a busy integration would otherwise write at every request).
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_company on paraphe.api_keys (company_id, created_at desc);
comment on table paraphe.api_keys is 'API keys of a company (/api/v1): SHA-256 of the secret only, shown once at creation.';

-- Keys are the owner's business, like billing: only the owner lists, creates and revokes them.
alter table paraphe.api_keys enable row level security;
revoke all on paraphe.api_keys from public, anon, authenticated;
grant select, insert, update (revoked_at) on paraphe.api_keys to authenticated;
create policy api_keys_select on paraphe.api_keys for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
create policy api_keys_insert on paraphe.api_keys for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner'
              and created_by = (select paraphe.acting_user_id()));
create policy api_keys_update on paraphe.api_keys for update to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner')
  with check (company_id = (select paraphe.current_company_id()));

-- The first answer to a POST of /api/v1 carrying an Idempotency-Key, replayed for 24 hours. The row
-- is inserted before the request runs: a concurrent duplicate meets the primary key and waits for
-- nothing (it is told the first one is still running). Written by the gateway only.
create table paraphe.api_idempotency (
  api_key_id uuid not null references paraphe.api_keys (id),
  idempotency_key text not null,
  -- SHA-256 of the method, path and body: the same key with another request is refused.
  request_hash bytea not null,
  created_at timestamptz not null default now(),
  -- Null while the first request runs.
  status_code integer,
  content_type text,
  -- AES-256-GCM under a key derived from the API key's secret (an answer may hold a signing link).
  body text,
  primary key (api_key_id, idempotency_key)
);
create index api_idempotency_created on paraphe.api_idempotency (created_at);
comment on table paraphe.api_idempotency is 'First answers of /api/v1 POSTs per (key, Idempotency-Key), kept 24 hours.';
alter table paraphe.api_idempotency enable row level security;
revoke all on paraphe.api_idempotency from public, anon, authenticated;
