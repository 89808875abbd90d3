-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- quote.sent, quote.viewed (the first view only), quote.declined (with the reason), quote.expired:
-- from the quote's history, written by the workspace, the signing functions and the expiry job.
create or replace function paraphe.quote_event_webhook() returns trigger
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
