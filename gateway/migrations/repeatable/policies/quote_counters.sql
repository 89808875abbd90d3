-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.quote_counters (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists counters_select on paraphe.quote_counters;
create policy counters_select on paraphe.quote_counters for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists counters_insert on paraphe.quote_counters;
create policy counters_insert on paraphe.quote_counters for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists counters_update on paraphe.quote_counters;
create policy counters_update on paraphe.quote_counters for update to authenticated
  using (company_id = (select paraphe.current_company_id()))
  with check (company_id = (select paraphe.current_company_id()));
