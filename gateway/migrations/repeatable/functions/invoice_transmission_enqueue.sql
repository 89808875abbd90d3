-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace function paraphe.invoice_transmission_enqueue() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.type = 'issued' then
    insert into paraphe.invoice_transmissions (invoice_id, company_id) values (new.invoice_id, new.company_id)
    on conflict (invoice_id) do nothing;
  end if;
  return null;
end
$$;
revoke all on function paraphe.invoice_transmission_enqueue from public;
