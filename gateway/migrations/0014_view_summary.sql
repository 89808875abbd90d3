-- The views of a signing link summed up as they are recorded, so sealing a signed copy reads a
-- few rows however often the link was opened (anyone holding it can add views): a counter row
-- per quote, and the distinct visitors, devices and addresses seen, kept by a trigger on
-- quote_events. record_view checks a visitor through its key instead of scanning the views.
create table paraphe.quote_view_stats (
  quote_id uuid primary key references paraphe.quotes (id) on delete cascade,
  views integer not null default 0,
  first_at timestamptz not null,
  last_at timestamptz not null,
  devices integer not null default 0,
  addresses integer not null default 0
);
comment on table paraphe.quote_view_stats is 'Per quote: how many views of its signing link, first and last, distinct devices and IP addresses (kept by a trigger).';

create table paraphe.quote_view_keys (
  quote_id uuid not null references paraphe.quotes (id) on delete cascade,
  kind text not null check (kind in ('visitor', 'device', 'address')),
  value text not null,
  primary key (quote_id, kind, value)
);
comment on table paraphe.quote_view_keys is 'Distinct visitors, devices (user agents) and IP addresses seen on a quote''s signing link (kept by a trigger).';

-- Only the trigger (security definer) writes them and the sealing (gateway role) reads them.
alter table paraphe.quote_view_stats enable row level security;
alter table paraphe.quote_view_keys enable row level security;
revoke all on paraphe.quote_view_stats, paraphe.quote_view_keys from public, anon, authenticated;

create function paraphe.count_view() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  new_device integer := 0;
  new_address integer := 0;
begin
  insert into paraphe.quote_view_keys (quote_id, kind, value)
  values (new.quote_id, 'visitor', coalesce(new.data ->> 'visitor', ''))
  on conflict do nothing;
  insert into paraphe.quote_view_keys (quote_id, kind, value)
  values (new.quote_id, 'device', coalesce(new.data ->> 'userAgent', ''))
  on conflict do nothing;
  get diagnostics new_device = row_count;
  if new.data ->> 'ip' is not null then
    insert into paraphe.quote_view_keys (quote_id, kind, value) values (new.quote_id, 'address', new.data ->> 'ip')
    on conflict do nothing;
    get diagnostics new_address = row_count;
  end if;
  insert into paraphe.quote_view_stats as s (quote_id, views, first_at, last_at, devices, addresses)
  values (new.quote_id, 1, new.occurred_at, new.occurred_at, new_device, new_address)
  on conflict (quote_id) do update set
    views = s.views + 1,
    first_at = least(s.first_at, excluded.first_at),
    last_at = greatest(s.last_at, excluded.last_at),
    devices = s.devices + excluded.devices,
    addresses = s.addresses + excluded.addresses;
  return null;
end
$$;

create trigger quote_events_count_views after insert on paraphe.quote_events
  for each row when (new.type = 'viewed') execute function paraphe.count_view();

-- The views already recorded.
insert into paraphe.quote_view_keys (quote_id, kind, value)
select distinct quote_id, 'visitor', coalesce(data ->> 'visitor', '') from paraphe.quote_events where type = 'viewed'
union select distinct quote_id, 'device', coalesce(data ->> 'userAgent', '') from paraphe.quote_events where type = 'viewed'
union select distinct quote_id, 'address', data ->> 'ip' from paraphe.quote_events where type = 'viewed' and data ->> 'ip' is not null;
insert into paraphe.quote_view_stats (quote_id, views, first_at, last_at, devices, addresses)
select quote_id, count(*), min(occurred_at), max(occurred_at),
       count(distinct coalesce(data ->> 'userAgent', '')), count(distinct data ->> 'ip')
from paraphe.quote_events where type = 'viewed' group by quote_id;

-- The first views, and the other events, each found through its own index rather than by
-- reading every view of the quote.
create index quote_events_views on paraphe.quote_events (quote_id, id) where type = 'viewed';
create index quote_events_not_views on paraphe.quote_events (quote_id, id) where type <> 'viewed';

create or replace function paraphe.record_view(p_token_hash bytea, p_visitor text, p_client_ip text, p_user_agent text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  link record;
begin
  select * into link from paraphe.signing_links where token_hash = p_token_hash and revoked_at is null and expires_at > now();
  if not found then
    return;
  end if;
  if exists (select 1 from paraphe.quote_view_keys where quote_id = link.quote_id and kind = 'visitor' and value = p_visitor) then
    return;
  end if;
  insert into paraphe.quote_events (quote_id, company_id, type, data)
  values (link.quote_id, link.company_id, 'viewed',
          jsonb_build_object('visitor', p_visitor, 'ip', p_client_ip, 'userAgent', p_user_agent));
  update paraphe.quotes set status = 'viewed', updated_at = now() where id = link.quote_id and status = 'sent';
end
$$;
