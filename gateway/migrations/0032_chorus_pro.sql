-- Chorus Pro for public buyers (issue 37): the company's Chorus Pro access (PISTE OAuth2 client and
-- the supplier's technical account), the public buyer's fields on a saved client, and « Chorus Pro
-- non configuré » as a reason an invoice to a public buyer goes by e-mail meanwhile.

-- The owner's Chorus Pro access. Both secrets (the PISTE client secret and the technical
-- account's password) are sealed with AES-256-GCM under the key kept outside the database, as the
-- plateforme agréée's; members cannot read the sealed columns (no column grant).
create table paraphe.chorus_pro_connections (
  company_id uuid primary key references paraphe.companies (id) on delete cascade,
  api_url text not null check (api_url ~ '^https?://[^\s]+$' and char_length(api_url) <= 500),
  token_url text not null check (token_url ~ '^https?://[^\s]+$' and char_length(token_url) <= 500),
  client_id text not null check (char_length(client_id) between 1 and 200),
  client_secret_sealed text not null,
  account_login text not null check (char_length(account_login) between 1 and 200),
  account_password_sealed text not null,
  tested_at timestamptz,
  test_problem text check (char_length(test_problem) <= 500),
  updated_by uuid default paraphe.acting_user_id(),
  updated_at timestamptz not null default now()
);
comment on table paraphe.chorus_pro_connections is 'A company''s Chorus Pro access: PISTE token and API addresses, client id, technical account login; the client secret and the account password sealed (AES-256-GCM, key outside the database).';
alter table paraphe.chorus_pro_connections enable row level security;
revoke all on paraphe.chorus_pro_connections from public, anon, authenticated;
grant select (company_id, api_url, token_url, client_id, account_login, tested_at, test_problem, updated_by, updated_at)
  on paraphe.chorus_pro_connections to authenticated;
grant insert, delete on paraphe.chorus_pro_connections to authenticated;
grant update (api_url, token_url, client_id, client_secret_sealed, account_login, account_password_sealed, tested_at, test_problem,
  updated_by, updated_at) on paraphe.chorus_pro_connections to authenticated;

-- A public buyer (State, commune, school, hospital): invoiced through Chorus Pro, identified by its
-- SIRET (the saved client's) and often a « code service ».
alter table paraphe.saved_clients add column public_buyer boolean not null default false;
alter table paraphe.saved_clients add column service_code text not null default '' check (char_length(service_code) <= 100);
alter table paraphe.saved_clients add constraint saved_clients_public_buyer_check
  check (not public_buyer or (kind = 'business' and siret <> ''));

alter table paraphe.invoice_transmissions drop constraint invoice_transmissions_email_reason_check;
alter table paraphe.invoice_transmissions add constraint invoice_transmissions_email_reason_check
  check (email_reason in ('no_platform', 'not_in_directory', 'chorus_pro_not_configured'));
