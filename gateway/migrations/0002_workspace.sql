-- The professional's workspace: profile, quotes, their events, numbering, contact messages and
-- the e-mail outbox. Every table has RLS on; policies are per operation, `to authenticated`,
-- with `(select auth.uid())` evaluated once per statement.
create schema if not exists paraphe;
revoke all on schema paraphe from public;
grant usage on schema paraphe to authenticated, anon;

-- Company profile: one row per user.
create table paraphe.profiles (
  user_id uuid primary key,
  company_name text not null default '',
  legal_form text not null default '',
  address text not null default '',
  siret text not null default '',
  registration text not null default '',
  vat_number text not null default '',
  email text not null default '',
  phone text not null default '',
  insurer text not null default '',
  insurance_coverage text not null default '',
  insurance_policy text not null default '',
  default_conditions text not null default '',
  default_validity_days integer not null default 30 check (default_validity_days between 1 and 365),
  franchise_en_base boolean not null default false,
  logo bytea,
  logo_type text check (logo_type in ('image/png', 'image/jpeg', 'image/svg+xml')),
  updated_at timestamptz not null default now()
);
alter table paraphe.profiles enable row level security;
revoke all on paraphe.profiles from public, anon, authenticated;
grant select, insert, update on paraphe.profiles to authenticated;
create policy profiles_select on paraphe.profiles for select to authenticated
  using (user_id = (select auth.uid()));
create policy profiles_insert on paraphe.profiles for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy profiles_update on paraphe.profiles for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

create table paraphe.quotes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  number text,
  status text not null default 'draft'
    check (status in ('draft', 'sent', 'viewed', 'signed', 'declined', 'expired', 'cancelled')),
  -- The editable content (client, lines, terms) as the API validated it.
  content jsonb not null,
  franchise_en_base boolean not null default false,
  total_ht_cents bigint not null default 0,
  total_ttc_cents bigint not null default 0,
  -- Copy of the company profile taken at sending, so a later profile edit never changes a sent quote.
  company jsonb,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz,
  expires_on date,
  replaced_by uuid references paraphe.quotes (id),
  search_text text not null default '',
  unique (user_id, number),
  -- A number exactly when the quote has been sent.
  check ((status = 'draft') = (number is null))
);
create index quotes_user_updated on paraphe.quotes (user_id, updated_at desc);
create index quotes_user_sent on paraphe.quotes (user_id, sent_at) where sent_at is not null;
alter table paraphe.quotes enable row level security;
revoke all on paraphe.quotes from public, anon, authenticated;
grant select, insert, update, delete on paraphe.quotes to authenticated;
create policy quotes_select on paraphe.quotes for select to authenticated
  using (user_id = (select auth.uid()));
create policy quotes_insert on paraphe.quotes for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy quotes_update on paraphe.quotes for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
-- Only drafts can be deleted; a sent quote is part of the professional's records.
create policy quotes_delete on paraphe.quotes for delete to authenticated
  using (user_id = (select auth.uid()) and status = 'draft');

-- Sent quotes are frozen: only their status and links may change.
create function paraphe.quotes_freeze() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.status <> 'draft' and (
    new.content is distinct from old.content or new.number is distinct from old.number
    or new.company is distinct from old.company or new.total_ttc_cents is distinct from old.total_ttc_cents
    or new.franchise_en_base is distinct from old.franchise_en_base
  ) then
    raise exception 'quote % is frozen', old.id using errcode = 'P0001', hint = 'frozen';
  end if;
  return new;
end
$$;
create trigger quotes_freeze before update on paraphe.quotes
  for each row execute function paraphe.quotes_freeze();

-- Numbering: one counter per account and year, taken under the row's lock inside the sending
-- transaction, so numbers are sequential with no gap (a rolled-back send returns its number).
create table paraphe.quote_counters (
  user_id uuid not null,
  year integer not null,
  last_number integer not null,
  primary key (user_id, year)
);
alter table paraphe.quote_counters enable row level security;
revoke all on paraphe.quote_counters from public, anon, authenticated;
grant select, insert, update on paraphe.quote_counters to authenticated;
create policy counters_select on paraphe.quote_counters for select to authenticated
  using (user_id = (select auth.uid()));
create policy counters_insert on paraphe.quote_counters for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy counters_update on paraphe.quote_counters for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- What happened to a quote, append-only: the evidence file is built from it.
create table paraphe.quote_events (
  id bigint generated always as identity primary key,
  quote_id uuid not null references paraphe.quotes (id),
  user_id uuid not null,
  type text not null,
  occurred_at timestamptz not null default now(),
  data jsonb not null default '{}'::jsonb
);
create index quote_events_quote on paraphe.quote_events (quote_id, id);
alter table paraphe.quote_events enable row level security;
revoke all on paraphe.quote_events from public, anon, authenticated;
grant select, insert on paraphe.quote_events to authenticated;
create policy events_select on paraphe.quote_events for select to authenticated
  using (user_id = (select auth.uid()));
create policy events_insert on paraphe.quote_events for insert to authenticated
  with check (user_id = (select auth.uid()));

create function paraphe.refuse_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception '% is append-only', tg_table_name using errcode = 'P0001', hint = 'append_only';
end
$$;
-- Events start at sending, and only drafts can be deleted: nothing legitimate changes an event.
create trigger quote_events_append_only before update or delete on paraphe.quote_events
  for each row execute function paraphe.refuse_change();

-- Outgoing e-mail, written in the same transaction as what caused it; a worker sends it.
create table paraphe.outbox (
  id bigint generated always as identity primary key,
  user_id uuid,
  kind text not null,
  recipient text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  reply_to text,
  attachments jsonb not null default '[]'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index outbox_due on paraphe.outbox (next_attempt_at) where status = 'pending';
alter table paraphe.outbox enable row level security;
revoke all on paraphe.outbox from public, anon, authenticated;
-- A user's actions may queue mail in their name, never read the queue.
grant insert on paraphe.outbox to authenticated;
create policy outbox_insert on paraphe.outbox for insert to authenticated
  with check (user_id = (select auth.uid()));

-- Messages from the public contact form: written only through submit_contact().
create table paraphe.contact_messages (
  id bigint generated always as identity primary key,
  name text not null,
  email text not null,
  company text not null default '',
  phone text not null default '',
  subject text not null,
  message text not null,
  client_ip text,
  created_at timestamptz not null default now()
);
alter table paraphe.contact_messages enable row level security;
revoke all on paraphe.contact_messages from public, anon, authenticated;

-- The one public entry point for the contact form: stores the message and queues its e-mail in
-- one transaction. Security definer with a pinned search_path; anon may only call it.
create function paraphe.submit_contact(
  p_name text, p_email text, p_company text, p_phone text, p_subject text, p_message text,
  p_client_ip text, p_recipient text, p_mail_subject text, p_text_body text, p_html_body text
) returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  message_id bigint;
begin
  insert into paraphe.contact_messages (name, email, company, phone, subject, message, client_ip)
  values (p_name, p_email, p_company, p_phone, p_subject, p_message, p_client_ip)
  returning id into message_id;
  insert into paraphe.outbox (kind, recipient, subject, text_body, html_body, reply_to)
  values ('contact', p_recipient, p_mail_subject, p_text_body, p_html_body, p_email);
  return message_id;
end
$$;
revoke all on function paraphe.submit_contact from public;
grant execute on function paraphe.submit_contact to anon;

-- The plan of each account, mirrored from the payment provider; no row = the free plan.
create table paraphe.subscriptions (
  user_id uuid primary key,
  plan_id text not null check (plan_id in ('decouverte', 'pro', 'entreprise')),
  status text not null,
  current_period_end timestamptz,
  updated_at timestamptz not null default now()
);
alter table paraphe.subscriptions enable row level security;
revoke all on paraphe.subscriptions from public, anon, authenticated;
grant select on paraphe.subscriptions to authenticated;
create policy subscriptions_select on paraphe.subscriptions for select to authenticated
  using (user_id = (select auth.uid()));
