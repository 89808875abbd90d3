-- Webhooks of a company (the Entreprise plan, with the public API): endpoints registered by the
-- owner, the events of its quotes queued for them in the same transaction as what caused them, and
-- one delivery row per (event, endpoint) that the gateway's worker posts, signed with the
-- endpoint's secret. The owner sees the endpoints and their deliveries, never the secret after its
-- creation (no column grant: only the gateway's own role reads it, to sign).
create table paraphe.webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references paraphe.companies (id) on delete cascade,
  url text not null check (char_length(url) between 8 and 2000),
  events text[] not null check (
    cardinality(events) between 1 and 5
    and events <@ array['quote.sent', 'quote.viewed', 'quote.signed', 'quote.declined', 'quote.expired']::text[]),
  secret text not null check (secret like 'whsec\_%'),
  -- The secret's first characters, to tell endpoints apart in the list.
  secret_prefix text not null,
  created_by uuid not null default paraphe.acting_user_id(),
  created_at timestamptz not null default now()
);
create index webhook_endpoints_company on paraphe.webhook_endpoints (company_id, created_at desc);
comment on table paraphe.webhook_endpoints is 'Webhook endpoints of a company: URL, events, signing secret (not readable by members).';

alter table paraphe.webhook_endpoints enable row level security;
revoke all on paraphe.webhook_endpoints from public, anon, authenticated;
grant select (id, company_id, url, events, secret_prefix, created_by, created_at) on paraphe.webhook_endpoints to authenticated;
grant insert, delete on paraphe.webhook_endpoints to authenticated;
create policy webhook_endpoints_select on paraphe.webhook_endpoints for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
create policy webhook_endpoints_insert on paraphe.webhook_endpoints for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner'
              and created_by = (select paraphe.acting_user_id()));
create policy webhook_endpoints_delete on paraphe.webhook_endpoints for delete to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

-- One event, whatever the number of endpoints: its id is the one every receiver sees, in the body
-- and in the Paraphe-Event-Id header, on every attempt and every « Renvoyer ».
create table paraphe.webhook_events (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references paraphe.companies (id) on delete cascade,
  type text not null,
  quote_id uuid references paraphe.quotes (id) on delete set null,
  data jsonb not null,
  created_at timestamptz not null default now()
);
alter table paraphe.webhook_events enable row level security;
revoke all on paraphe.webhook_events from public, anon, authenticated;
grant select on paraphe.webhook_events to authenticated;
create policy webhook_events_select on paraphe.webhook_events for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

create table paraphe.webhook_deliveries (
  id bigint generated always as identity primary key,
  event_id uuid not null references paraphe.webhook_events (id) on delete cascade,
  endpoint_id uuid not null references paraphe.webhook_endpoints (id) on delete cascade,
  company_id uuid not null references paraphe.companies (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  -- Pushed a lease ahead when a gateway claims the row, then set to the next attempt's time.
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  last_status_code integer,
  -- Why the last attempt failed, or the start of the receiver's answer (never more than 500 characters).
  last_error text check (char_length(last_error) <= 1000),
  response_excerpt text check (char_length(response_excerpt) <= 500),
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  unique (event_id, endpoint_id)
);
create index webhook_deliveries_due on paraphe.webhook_deliveries (next_attempt_at, id) where status = 'pending';
create index webhook_deliveries_endpoint on paraphe.webhook_deliveries (endpoint_id, id desc);
comment on table paraphe.webhook_deliveries is 'One row per (webhook event, endpoint): attempts, last answer, delivered or failed.';

alter table paraphe.webhook_deliveries enable row level security;
revoke all on paraphe.webhook_deliveries from public, anon, authenticated;
grant select on paraphe.webhook_deliveries to authenticated;
-- « Renvoyer »: the owner puts a delivery back in the queue (same event, same id).
grant update (status, attempts, next_attempt_at) on paraphe.webhook_deliveries to authenticated;
create policy webhook_deliveries_select on paraphe.webhook_deliveries for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
create policy webhook_deliveries_update on paraphe.webhook_deliveries for update to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner')
  with check (company_id = (select paraphe.current_company_id()));

-- Queues `p_type` for every endpoint of the company that chose it, in the caller's transaction.
-- Nothing is written for a company without such an endpoint.
create function paraphe.enqueue_webhook_event(p_company_id uuid, p_type text, p_quote_id uuid, p_data jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  new_event uuid;
begin
  if not exists (select 1 from paraphe.webhook_endpoints where company_id = p_company_id and p_type = any(events)) then
    return;
  end if;
  insert into paraphe.webhook_events (company_id, type, quote_id, data)
  values (p_company_id, p_type, p_quote_id, p_data)
  returning id into new_event;
  insert into paraphe.webhook_deliveries (event_id, endpoint_id, company_id)
  select new_event, e.id, p_company_id from paraphe.webhook_endpoints e
   where e.company_id = p_company_id and p_type = any(e.events);
end
$$;
revoke all on function paraphe.enqueue_webhook_event from public;

-- What every quote event says of its quote.
create function paraphe.webhook_quote_summary(q_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', q.id, 'number', q.number, 'title', q.content ->> 'title',
    'clientName', q.content #>> '{client,name}')
    from paraphe.quotes q where q.id = q_id
$$;
revoke all on function paraphe.webhook_quote_summary from public;

-- quote.sent, quote.viewed (the first view only), quote.declined (with the reason), quote.expired:
-- from the quote's history, written by the workspace, the signing functions and the expiry job.
create function paraphe.quote_event_webhook() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  payload jsonb;
begin
  if new.type not in ('sent', 'viewed', 'declined', 'expired') then
    return null;
  end if;
  if new.type = 'viewed' and exists (
       select 1 from paraphe.quote_events where quote_id = new.quote_id and type = 'viewed' and id <> new.id) then
    return null;
  end if;
  payload := jsonb_build_object('quote', paraphe.webhook_quote_summary(new.quote_id), 'occurredAt', new.occurred_at);
  if new.type = 'declined' then
    payload := payload || jsonb_build_object('reason', coalesce(new.data ->> 'reason', ''));
  end if;
  perform paraphe.enqueue_webhook_event(new.company_id, 'quote.' || new.type, new.quote_id, payload);
  return null;
end
$$;
create trigger quote_events_webhooks after insert on paraphe.quote_events
  for each row execute function paraphe.quote_event_webhook();

-- quote.signed: once the sealed PDF is stored, so that the event carries its SHA-256 (the
-- signature itself is committed a moment earlier; a seal repaired by the jobs sends it then).
create function paraphe.signed_document_webhook() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  signed record;
begin
  select signer_name, signed_at into signed from paraphe.signatures where quote_id = new.quote_id;
  perform paraphe.enqueue_webhook_event(new.company_id, 'quote.signed', new.quote_id, jsonb_build_object(
    'quote', paraphe.webhook_quote_summary(new.quote_id),
    'occurredAt', signed.signed_at,
    'signerName', signed.signer_name,
    'signedPdf', jsonb_build_object('sha256', new.sha256)));
  return null;
end
$$;
create trigger signed_documents_webhooks after insert on paraphe.signed_documents
  for each row execute function paraphe.signed_document_webhook();
