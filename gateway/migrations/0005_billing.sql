-- Stripe billing (issue 6): the Stripe customer of each account, the subscription mirror's new
-- columns, and the webhook events already applied (idempotency per event id).

-- One Stripe customer per account, created at the first checkout and reused afterwards. The
-- account's e-mail is kept with it: the webhook (which has no user session) writes to it.
create table paraphe.billing_customers (
  user_id uuid primary key,
  stripe_customer_id text not null unique,
  email text not null,
  created_at timestamptz not null default now()
);
alter table paraphe.billing_customers enable row level security;
revoke all on paraphe.billing_customers from public, anon, authenticated;
grant select, insert on paraphe.billing_customers to authenticated;
create policy billing_customers_select on paraphe.billing_customers for select to authenticated
  using (user_id = (select auth.uid()));
create policy billing_customers_insert on paraphe.billing_customers for insert to authenticated
  with check (user_id = (select auth.uid()));

-- The mirror of the account's Stripe subscription, written by the webhook only (as the owner).
alter table paraphe.subscriptions
  add column stripe_customer_id text,
  add column stripe_subscription_id text unique,
  add column billing_interval text check (billing_interval in ('month', 'year')),
  add column cancel_at_period_end boolean not null default false,
  add column payment_failed boolean not null default false,
  -- Stripe's `created` of the last event applied to the subscription: older ones are ignored,
  -- since Stripe does not deliver events in order.
  add column last_event_at timestamptz,
  -- Same for invoice events (payment failed / paid), which set and clear payment_failed.
  add column last_invoice_event_at timestamptz;

-- Webhook events already applied: inserted in the same transaction as their effect.
create table paraphe.stripe_events (
  id text primary key,
  type text not null,
  created timestamptz not null,
  processed_at timestamptz not null default now()
);
alter table paraphe.stripe_events enable row level security;
revoke all on paraphe.stripe_events from public, anon, authenticated;
