-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- Queues `p_type` for every endpoint of the company that chose it, in the caller's transaction.
-- Nothing is written for a company without such an endpoint.
create or replace function paraphe.enqueue_webhook_event(p_company_id uuid, p_type text, p_quote_id uuid, p_data jsonb) returns void
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
