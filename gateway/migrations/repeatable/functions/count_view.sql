-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace function paraphe.count_view() returns trigger
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
