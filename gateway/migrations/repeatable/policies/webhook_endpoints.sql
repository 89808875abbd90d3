-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.webhook_endpoints (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists webhook_endpoints_select on paraphe.webhook_endpoints;
create policy webhook_endpoints_select on paraphe.webhook_endpoints for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

drop policy if exists webhook_endpoints_insert on paraphe.webhook_endpoints;
create policy webhook_endpoints_insert on paraphe.webhook_endpoints for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner'
              and created_by = (select paraphe.acting_user_id()));

drop policy if exists webhook_endpoints_delete on paraphe.webhook_endpoints;
create policy webhook_endpoints_delete on paraphe.webhook_endpoints for delete to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
