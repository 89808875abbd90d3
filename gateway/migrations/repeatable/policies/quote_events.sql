-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.quote_events (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists events_select on paraphe.quote_events;
create policy events_select on paraphe.quote_events for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists events_insert on paraphe.quote_events;
create policy events_insert on paraphe.quote_events for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and actor_id is not distinct from (select paraphe.acting_user_id()));
