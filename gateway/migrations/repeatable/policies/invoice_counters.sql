-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.invoice_counters (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists invoice_counters_select on paraphe.invoice_counters;
create policy invoice_counters_select on paraphe.invoice_counters for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists invoice_counters_insert on paraphe.invoice_counters;
create policy invoice_counters_insert on paraphe.invoice_counters for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists invoice_counters_update on paraphe.invoice_counters;
create policy invoice_counters_update on paraphe.invoice_counters for update to authenticated
  using (company_id = (select paraphe.current_company_id()))
  with check (company_id = (select paraphe.current_company_id()));
