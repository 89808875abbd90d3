-- Invoices (factures): drafts the professional prepares, then issued invoices that French law
-- freezes. What the database itself guarantees, whatever the gateway does:
--  * a number only at issue, from one counter row per company and year locked in the issuing
--    transaction: continuous, chronological, no gap (a rolled-back issue gives its number back);
--  * an issued invoice is never updated, deleted or truncated, by any role, the owner's included
--    (corrections are credit notes, which are invoices of their own);
--  * each issued invoice names the SHA-256 of the company's previous one (a chain the
--    `verify-invoices` command recomputes), its position in the chain following the last;
--  * payments and lifecycle events are append-only;
--  * issued invoices outlive the account: nothing cascades from a company, a user or a quote.

-- Numbering: F-<year>-<sequence>, one series per company, restarting each year (each yearly
-- series is continuous, as the Code de commerce allows). One row per company, taken under its
-- lock by the issuing transaction: numbers and the chain advance one invoice at a time.
create table paraphe.invoice_counters (
  company_id uuid primary key references paraphe.companies (id),
  year integer not null,
  last_number integer not null check (last_number > 0)
);
comment on table paraphe.invoice_counters is 'Last invoice number given per company (and its year); locked by the issuing transaction.';
alter table paraphe.invoice_counters enable row level security;
revoke all on paraphe.invoice_counters from public, anon, authenticated;
grant select, insert, update on paraphe.invoice_counters to authenticated;
create policy invoice_counters_select on paraphe.invoice_counters for select to authenticated
  using (company_id = (select paraphe.current_company_id()));
create policy invoice_counters_insert on paraphe.invoice_counters for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));
create policy invoice_counters_update on paraphe.invoice_counters for update to authenticated
  using (company_id = (select paraphe.current_company_id())) with check (company_id = (select paraphe.current_company_id()));

create table paraphe.invoices (
  id uuid primary key default gen_random_uuid(),
  -- No cascade anywhere: an issued invoice is kept ten years (Code de commerce L123-22), even
  -- when its company closes its account.
  company_id uuid not null references paraphe.companies (id),
  kind text not null check (kind in ('standard', 'deposit', 'progress', 'final', 'credit_note')),
  status text not null default 'draft' check (status in ('draft', 'issued')),
  quote_id uuid references paraphe.quotes (id),
  -- A credit note always names the invoice it corrects.
  corrects_invoice_id uuid references paraphe.invoices (id),
  -- What the professional chose (percentages, amount, lines, client, terms), editable while draft.
  content jsonb not null,
  -- Summary columns for lists, computed by the gateway from the content (draft) or the document.
  client_name text not null default '',
  total_ht_cents bigint not null default 0,
  total_ttc_cents bigint not null default 0,
  -- What remains to be paid by the client (TTC less deposits deducted and retenue de garantie).
  amount_due_cents bigint not null default 0,
  version integer not null default 1,
  created_by uuid default paraphe.acting_user_id(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Set once, at issue.
  number text,
  issue_date date,
  due_date date,
  issued_at timestamptz,
  -- The invoice as issued (the shared InvoiceDocument), and its Factur-X files.
  document jsonb,
  pdf bytea,
  xml text,
  chain_index integer,
  previous_sha256 text,
  sha256 text,
  unique (company_id, number),
  unique (company_id, chain_index),
  check ((status = 'draft') = (number is null)),
  check (status = 'draft' or (
    issue_date is not null and due_date is not null and issued_at is not null and document is not null
    and pdf is not null and xml is not null and chain_index is not null and sha256 ~ '^[0-9a-f]{64}$'
    and (previous_sha256 is null) = (chain_index = 1))),
  check ((kind = 'credit_note') = (corrects_invoice_id is not null)),
  check (kind in ('standard', 'credit_note') or quote_id is not null)
);
comment on table paraphe.invoices is 'Invoices of a company: drafts, then issued invoices frozen with their document, Factur-X PDF and XML and their place in the SHA-256 chain.';
create index invoices_company_updated on paraphe.invoices (company_id, updated_at desc);
create index invoices_company_chain on paraphe.invoices (company_id, chain_index desc) where status = 'issued';
create index invoices_quote on paraphe.invoices (quote_id) where quote_id is not null;
create index invoices_corrects on paraphe.invoices (corrects_invoice_id) where corrects_invoice_id is not null;

alter table paraphe.invoices enable row level security;
revoke all on paraphe.invoices from public, anon, authenticated;
grant select, insert, update, delete on paraphe.invoices to authenticated;
create policy invoices_select on paraphe.invoices for select to authenticated
  using (company_id = (select paraphe.current_company_id()));
create policy invoices_insert on paraphe.invoices for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and status = 'draft');
create policy invoices_update on paraphe.invoices for update to authenticated
  using (company_id = (select paraphe.current_company_id()) and status = 'draft')
  with check (company_id = (select paraphe.current_company_id()));
create policy invoices_delete on paraphe.invoices for delete to authenticated
  using (company_id = (select paraphe.current_company_id()) and status = 'draft');

-- The invoice's own guard: an issued row never changes nor goes; a draft becomes issued only as
-- the next link of its company's chain, dated no earlier than the previous invoice.
create function paraphe.invoices_guard() returns trigger
language plpgsql set search_path = '' as $$
declare
  previous record;
begin
  if tg_op = 'DELETE' then
    if old.status = 'issued' then
      raise exception 'invoice % is issued: it can never be deleted', old.number using errcode = 'P0001', hint = 'invoice_issued';
    end if;
    return old;
  end if;
  if tg_op = 'UPDATE' and old.status = 'issued' then
    raise exception 'invoice % is issued: it can never be modified', old.number using errcode = 'P0001', hint = 'invoice_issued';
  end if;
  if new.status = 'issued' then
    if new.company_id is distinct from old.company_id or new.kind is distinct from old.kind
       or new.quote_id is distinct from old.quote_id or new.corrects_invoice_id is distinct from old.corrects_invoice_id then
      raise exception 'an invoice changes company, kind or origin only as a draft' using errcode = 'P0001', hint = 'invoice_issued';
    end if;
    select chain_index, sha256, issue_date into previous from paraphe.invoices
     where company_id = new.company_id and status = 'issued' order by chain_index desc limit 1;
    if new.chain_index is distinct from coalesce(previous.chain_index, 0) + 1
       or new.previous_sha256 is distinct from previous.sha256 then
      raise exception 'invoice % does not follow the last issued invoice of its company', new.number using errcode = 'P0001', hint = 'invoice_chain';
    end if;
    if previous.issue_date is not null and new.issue_date < previous.issue_date then
      raise exception 'invoice % is dated before the previous one', new.number using errcode = 'P0001', hint = 'invoice_chain';
    end if;
  end if;
  return new;
end
$$;
create trigger invoices_guard before insert or update or delete on paraphe.invoices
  for each row execute function paraphe.invoices_guard();
-- A truncate skips row triggers: refused outright, since the table holds issued invoices.
create function paraphe.refuse_truncate() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception '% holds records that must be kept: it cannot be truncated', tg_table_name using errcode = 'P0001', hint = 'append_only';
end
$$;
create trigger invoices_no_truncate before truncate on paraphe.invoices
  for each statement execute function paraphe.refuse_truncate();

-- Payments received, full or partial; never edited (a mistake is answered by a reversal line,
-- a negative amount naming the payment it reverses). Whether an invoice is paid, partly paid
-- or overdue is computed from them and the due date, never stored on the frozen invoice.
create table paraphe.invoice_payments (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null references paraphe.invoices (id),
  company_id uuid not null references paraphe.companies (id),
  amount_cents bigint not null check (amount_cents <> 0),
  paid_on date not null,
  means text not null check (means in ('transfer', 'check', 'card', 'cash', 'direct_debit', 'other')),
  note text not null default '' check (char_length(note) <= 300),
  reverses_payment_id uuid references paraphe.invoice_payments (id),
  recorded_by uuid default paraphe.acting_user_id(),
  recorded_at timestamptz not null default now(),
  check ((amount_cents < 0) = (reverses_payment_id is not null))
);
comment on table paraphe.invoice_payments is 'Payments received on issued invoices (append-only; a reversal is a negative line).';
create index invoice_payments_invoice on paraphe.invoice_payments (invoice_id, recorded_at);
alter table paraphe.invoice_payments enable row level security;
revoke all on paraphe.invoice_payments from public, anon, authenticated;
grant select, insert on paraphe.invoice_payments to authenticated;
create policy invoice_payments_select on paraphe.invoice_payments for select to authenticated
  using (company_id = (select paraphe.current_company_id()));
create policy invoice_payments_insert on paraphe.invoice_payments for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and recorded_by is not distinct from (select paraphe.acting_user_id()));
create trigger invoice_payments_append_only before update or delete on paraphe.invoice_payments
  for each row execute function paraphe.refuse_change();
create trigger invoice_payments_no_truncate before truncate on paraphe.invoice_payments
  for each statement execute function paraphe.refuse_truncate();

-- A payment belongs to an issued invoice of the same company.
create function paraphe.invoice_payments_check() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not exists (select 1 from paraphe.invoices where id = new.invoice_id and company_id = new.company_id and status = 'issued') then
    raise exception 'payments are recorded on issued invoices only' using errcode = 'P0001', hint = 'invoice_not_issued';
  end if;
  return new;
end
$$;
create trigger invoice_payments_check before insert on paraphe.invoice_payments
  for each row execute function paraphe.invoice_payments_check();

-- The invoice's life after issue, append-only. `source` says who reported it: Paraphe itself, or
-- later the professional's « plateforme agréée » through an outbound connector (AFNOR XP Z12-013),
-- whose statuses (XP Z12-014: 200 déposée, 202 reçue, 210 refusée, 212 encaissée…) keep their
-- code in `lifecycle_code`. Adding that connector adds rows, never changes what a row means.
create table paraphe.invoice_events (
  id bigint generated always as identity primary key,
  invoice_id uuid not null references paraphe.invoices (id),
  company_id uuid not null references paraphe.companies (id),
  type text not null check (type in (
    'issued', 'sent', 'payment_recorded', 'paid', 'overdue', 'reminded',
    'platform_deposited', 'platform_received', 'platform_refused', 'platform_collected')),
  source text not null default 'paraphe' check (source in ('paraphe', 'platform')),
  lifecycle_code integer check (lifecycle_code between 200 and 299),
  occurred_at timestamptz not null default now(),
  data jsonb not null default '{}'::jsonb,
  actor_id uuid default paraphe.acting_user_id(),
  check ((source = 'platform') = (type like 'platform\_%')),
  check (source = 'paraphe' or lifecycle_code is not null)
);
comment on table paraphe.invoice_events is 'What happened to an invoice after its creation (append-only); platform rows carry the XP Z12-014 status code.';
create index invoice_events_invoice on paraphe.invoice_events (invoice_id, id);
-- paid and overdue are said once per invoice (the webhooks fire on them).
create unique index invoice_events_once on paraphe.invoice_events (invoice_id, type) where type in ('issued', 'paid', 'overdue');
alter table paraphe.invoice_events enable row level security;
revoke all on paraphe.invoice_events from public, anon, authenticated;
grant select, insert on paraphe.invoice_events to authenticated;
create policy invoice_events_select on paraphe.invoice_events for select to authenticated
  using (company_id = (select paraphe.current_company_id()));
create policy invoice_events_insert on paraphe.invoice_events for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and source = 'paraphe'
              and actor_id is not distinct from (select paraphe.acting_user_id()));
create trigger invoice_events_append_only before update or delete on paraphe.invoice_events
  for each row execute function paraphe.refuse_change();
create trigger invoice_events_no_truncate before truncate on paraphe.invoice_events
  for each statement execute function paraphe.refuse_truncate();

-- Webhooks: the invoice events join the quote ones.
alter table paraphe.webhook_endpoints drop constraint webhook_endpoints_events_check;
alter table paraphe.webhook_endpoints add constraint webhook_endpoints_events_check check (
  cardinality(events) between 1 and 8
  and events <@ array['quote.sent', 'quote.viewed', 'quote.signed', 'quote.declined', 'quote.expired',
                      'invoice.issued', 'invoice.paid', 'invoice.overdue']::text[]);
alter table paraphe.webhook_events add column invoice_id uuid references paraphe.invoices (id);

-- What every invoice event says of its invoice.
create function paraphe.webhook_invoice_summary(i_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', i.id, 'number', i.number, 'kind', i.kind, 'clientName', i.client_name,
    'totalTtcCents', i.total_ttc_cents, 'amountDueCents', i.amount_due_cents,
    'issueDate', i.issue_date, 'dueDate', i.due_date, 'quoteId', i.quote_id)
    from paraphe.invoices i where i.id = i_id
$$;
revoke all on function paraphe.webhook_invoice_summary from public;

create function paraphe.invoice_event_webhook() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  new_event uuid;
begin
  if new.type not in ('issued', 'paid', 'overdue')
     or not exists (select 1 from paraphe.webhook_endpoints where company_id = new.company_id and ('invoice.' || new.type) = any(events)) then
    return null;
  end if;
  insert into paraphe.webhook_events (company_id, type, invoice_id, data)
  values (new.company_id, 'invoice.' || new.type, new.invoice_id,
          jsonb_build_object('invoice', paraphe.webhook_invoice_summary(new.invoice_id), 'occurredAt', new.occurred_at))
  returning id into new_event;
  insert into paraphe.webhook_deliveries (event_id, endpoint_id, company_id)
  select new_event, e.id, new.company_id from paraphe.webhook_endpoints e
   where e.company_id = new.company_id and ('invoice.' || new.type) = any(e.events);
  return null;
end
$$;
create trigger invoice_events_webhooks after insert on paraphe.invoice_events
  for each row execute function paraphe.invoice_event_webhook();

-- Joining another company deletes one's own only while it is empty: invoices count as data
-- (the foreign key would refuse the delete anyway; this says why).
create or replace function paraphe.accept_invitation(p_token_hash bytea, p_email text, p_seats_by_plan jsonb) returns text
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := auth.uid();
  invitation record;
  mine record;
  had_company boolean;
  plan text;
  members integer;
begin
  if uid is null then
    raise exception 'no user in the request' using errcode = '42501';
  end if;
  select * into invitation from paraphe.company_invitations where token_hash = p_token_hash for update;
  if not found then
    return 'not_found';
  elsif invitation.accepted_at is not null then
    return 'used';
  elsif invitation.cancelled_at is not null then
    return 'cancelled';
  elsif invitation.expires_at <= now() then
    return 'expired';
  elsif lower(invitation.email) <> lower(coalesce(p_email, '')) then
    return 'wrong_email';
  end if;
  perform 1 from paraphe.companies where id = invitation.company_id for update;
  select * into mine from paraphe.company_members where user_id = uid;
  had_company := found;
  if had_company and mine.company_id = invitation.company_id then
    return 'already_member';
  end if;
  if had_company then
    if exists (select 1 from paraphe.company_members where company_id = mine.company_id and user_id <> uid)
       or exists (select 1 from paraphe.quotes where company_id = mine.company_id)
       or exists (select 1 from paraphe.invoices where company_id = mine.company_id)
       or exists (select 1 from paraphe.subscriptions where company_id = mine.company_id) then
      return 'has_data';
    end if;
  end if;
  select s.plan_id into plan from paraphe.subscriptions s
   where s.company_id = invitation.company_id and s.status in ('active', 'trialing', 'past_due');
  select count(*) into members from paraphe.company_members where company_id = invitation.company_id;
  if members >= coalesce((p_seats_by_plan ->> coalesce(plan, 'decouverte'))::integer, 1) then
    return 'no_seat';
  end if;
  if had_company then
    delete from paraphe.company_members where user_id = uid;
    delete from paraphe.profiles where company_id = mine.company_id;
    delete from paraphe.quote_counters where company_id = mine.company_id;
    delete from paraphe.invoice_counters where company_id = mine.company_id;
    delete from paraphe.companies where id = mine.company_id;
  end if;
  insert into paraphe.company_members (user_id, company_id, role, email) values (uid, invitation.company_id, 'member', p_email);
  update paraphe.company_invitations set accepted_at = now(), accepted_by = uid where id = invitation.id;
  return 'joined';
end
$$;
