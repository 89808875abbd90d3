-- How an issued invoice leaves (« solution compatible », AFNOR XP Z12-013): the company's own
-- plateforme agréée (PA) connection, one hand-off row per issued invoice that the gateway's
-- leased queue works through (the outbox's and the webhooks' mechanism), and the statuses the PA
-- sends back as invoice events.

-- « Ma plateforme agréée »: the owner's. The secret (OAuth2 client secret or API key) is stored
-- sealed with AES-256-GCM under a key that never enters the database (SECRETS_KEY or
-- DATA_DIR/secrets/key); members cannot even read the sealed column (no column grant), only the
-- gateway's own role, to call the PA.
create table paraphe.platform_connections (
  company_id uuid primary key references paraphe.companies (id) on delete cascade,
  api_url text not null check (api_url ~ '^https?://[^\s]+$' and char_length(api_url) <= 500),
  auth_kind text not null check (auth_kind in ('oauth2', 'api_key')),
  token_url text check (token_url ~ '^https?://[^\s]+$' and char_length(token_url) <= 500),
  client_id text check (char_length(client_id) between 1 and 200),
  secret_sealed text not null,
  -- The last « Tester la connexion »: when, and what failed (null when it passed).
  tested_at timestamptz,
  test_problem text check (char_length(test_problem) <= 500),
  -- flows/search reads what changed after this instant (the PA's own updatedAt clock).
  search_cursor timestamptz,
  updated_by uuid default paraphe.acting_user_id(),
  updated_at timestamptz not null default now(),
  check ((auth_kind = 'oauth2') = (token_url is not null and client_id is not null))
);
comment on table paraphe.platform_connections is 'A company''s plateforme agréée: API and token addresses, client id, the secret sealed (AES-256-GCM, key outside the database).';
alter table paraphe.platform_connections enable row level security;
revoke all on paraphe.platform_connections from public, anon, authenticated;
grant select (company_id, api_url, auth_kind, token_url, client_id, tested_at, test_problem, search_cursor, updated_by, updated_at)
  on paraphe.platform_connections to authenticated;
grant insert, delete on paraphe.platform_connections to authenticated;
grant update (api_url, auth_kind, token_url, client_id, secret_sealed, tested_at, test_problem, updated_by, updated_at)
  on paraphe.platform_connections to authenticated;

-- One hand-off per issued invoice, written by the database itself when the invoice is issued (so
-- no issuing path can forget it, and a PA outage never blocks issuing). The lease columns are the
-- leased queue's (queue/lease-claim.ts): pending → sent, or failed with the reason once given up.
create table paraphe.invoice_transmissions (
  id bigint generated always as identity primary key,
  invoice_id uuid not null unique references paraphe.invoices (id),
  company_id uuid not null references paraphe.companies (id),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  -- How it left (or is leaving): the PA's flow API, Chorus Pro, or e-mail (private or foreign
  -- buyers, no PA configured, or a buyer not in the directory).
  channel text check (channel in ('platform', 'chorus_pro', 'email')),
  -- Why e-mail when the buyer is a French business: 'no_platform' or 'not_in_directory'.
  email_reason text check (email_reason in ('no_platform', 'not_in_directory')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  last_error text check (char_length(last_error) <= 1000),
  -- What the PA gave back: its flow id, the file's SHA-256 sent as flowInfo.sha256, and the
  -- acknowledgement (Pending → Ok | Error with its reason code).
  flow_id text check (char_length(flow_id) <= 200),
  file_sha256 text check (file_sha256 ~ '^[0-9a-f]{64}$'),
  ack_status text check (ack_status in ('Pending', 'Ok', 'Error')),
  ack_reason text check (char_length(ack_reason) <= 1000),
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index invoice_transmissions_due on paraphe.invoice_transmissions (next_attempt_at, id) where status = 'pending';
create index invoice_transmissions_flow on paraphe.invoice_transmissions (company_id, flow_id) where flow_id is not null;
comment on table paraphe.invoice_transmissions is 'One hand-off per issued invoice (PA, Chorus Pro or e-mail), worked by the leased queue; the PA''s flow id and acknowledgement.';
alter table paraphe.invoice_transmissions enable row level security;
revoke all on paraphe.invoice_transmissions from public, anon, authenticated;
grant select on paraphe.invoice_transmissions to authenticated;

-- The statuses a PA reports (XP Z12-014 codes in lifecycle_code, the PA's own flow id in data):
-- one platform type per status the product shows, 'platform_status' for the others.
alter table paraphe.invoice_events drop constraint invoice_events_type_check;
alter table paraphe.invoice_events add constraint invoice_events_type_check check (type in (
  'issued', 'sent', 'payment_recorded', 'paid', 'overdue', 'reminded',
  'platform_deposited', 'platform_received', 'platform_refused', 'platform_collected',
  'platform_made_available', 'platform_approved', 'platform_rejected', 'platform_status'));
-- A status is stored once per (invoice, code, PA flow): the search and the webhook may both bring it.
create unique index invoice_events_platform_once on paraphe.invoice_events (invoice_id, lifecycle_code, (data ->> 'flowId'))
  where source = 'platform';

-- Its policies, functions and triggers are stated in repeatable/ (policies/<table>.sql,
-- functions/<name>.sql, triggers/<name>.sql).
