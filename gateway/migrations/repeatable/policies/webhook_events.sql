-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.webhook_events (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists webhook_events_select on paraphe.webhook_events;
create policy webhook_events_select on paraphe.webhook_events for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
