-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.webhook_deliveries (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists webhook_deliveries_select on paraphe.webhook_deliveries;
create policy webhook_deliveries_select on paraphe.webhook_deliveries for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

drop policy if exists webhook_deliveries_update on paraphe.webhook_deliveries;
create policy webhook_deliveries_update on paraphe.webhook_deliveries for update to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner')
  with check (company_id = (select paraphe.current_company_id()));
