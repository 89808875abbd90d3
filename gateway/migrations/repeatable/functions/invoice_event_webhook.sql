-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace function paraphe.invoice_event_webhook() returns trigger
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
