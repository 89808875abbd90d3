-- Card payments on the professional's own Stripe account (Stripe Connect, Standard accounts
-- onboarded through Account Links): Paraphe never holds the money, nor any secret of the
-- account — it acts with its platform key and the `Stripe-Account` header, so the only thing
-- kept per company is the account's id.

-- One row per connection ever made; disconnecting stamps `disconnected_at` and keeps the row
-- (the payments recorded through it still name it). At most one live connection per company.
create table paraphe.stripe_connections (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references paraphe.companies (id),
  account_id text not null check (account_id ~ '^acct_[A-Za-z0-9]+$'),
  -- Stripe's `charges_enabled`, refreshed when the settings are read: card payments need it.
  charges_enabled boolean not null default false,
  connected_at timestamptz not null default now(),
  disconnected_at timestamptz
);
comment on table paraphe.stripe_connections is 'Stripe accounts companies connected (Connect, Standard); disconnected rows are kept.';
create unique index stripe_connections_live on paraphe.stripe_connections (company_id) where disconnected_at is null;
create index stripe_connections_account on paraphe.stripe_connections (account_id);
alter table paraphe.stripe_connections enable row level security;
revoke all on paraphe.stripe_connections from public, anon, authenticated;
grant select, insert, update on paraphe.stripe_connections to authenticated;

-- Checkout sessions opened for invoices: at most one open per invoice (a second tab reuses it),
-- its amount the rest owed when it was opened. Written by the gateway as the database owner
-- (the client has no account), read by the professional.
create table paraphe.invoice_card_checkouts (
  session_id text primary key,
  invoice_id uuid not null references paraphe.invoices (id),
  company_id uuid not null references paraphe.companies (id),
  account_id text not null,
  amount_cents bigint not null check (amount_cents > 0),
  url text not null,
  expires_at timestamptz not null,
  status text not null default 'open' check (status in ('open', 'complete', 'expired')),
  created_at timestamptz not null default now()
);
create unique index invoice_card_checkouts_open on paraphe.invoice_card_checkouts (invoice_id) where status = 'open';
alter table paraphe.invoice_card_checkouts enable row level security;
revoke all on paraphe.invoice_card_checkouts from public, anon, authenticated;
grant select on paraphe.invoice_card_checkouts to authenticated;

-- Which payment line a card payment made (Stripe's PaymentIntent and charge), so that a refund
-- or a dispute finds it. One line per PaymentIntent, whatever gateway received the event.
create table paraphe.invoice_card_payments (
  payment_id uuid primary key references paraphe.invoice_payments (id),
  invoice_id uuid not null references paraphe.invoices (id),
  company_id uuid not null references paraphe.companies (id),
  account_id text not null,
  payment_intent text not null unique,
  charge_id text,
  -- What Stripe refunded so far (its `amount_refunded`): each refund event records the difference.
  refunded_cents bigint not null default 0,
  recorded_at timestamptz not null default now()
);
alter table paraphe.invoice_card_payments enable row level security;
revoke all on paraphe.invoice_card_payments from public, anon, authenticated;
grant select on paraphe.invoice_card_payments to authenticated;

-- A refund is a reversal line (negative payment); a dispute is told in the invoice's history.
alter table paraphe.invoice_events drop constraint invoice_events_type_check;
alter table paraphe.invoice_events add constraint invoice_events_type_check check (type in (
  'issued', 'sent', 'payment_recorded', 'paid', 'overdue', 'reminded',
  'payment_refunded', 'payment_disputed',
  'platform_deposited', 'platform_received', 'platform_refused', 'platform_collected',
  'platform_made_available', 'platform_approved', 'platform_rejected', 'platform_status'));

-- The tables' policies and the client page's card-account function are stated in
-- repeatable/policies/ and repeatable/functions/invoice_link_card_account.sql.
