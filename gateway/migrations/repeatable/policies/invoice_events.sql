-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.invoice_events (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists invoice_events_select on paraphe.invoice_events;
create policy invoice_events_select on paraphe.invoice_events for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists invoice_events_insert on paraphe.invoice_events;
create policy invoice_events_insert on paraphe.invoice_events for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and source = 'paraphe'
              and actor_id is not distinct from (select paraphe.acting_user_id()));
