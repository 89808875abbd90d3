-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.platform_connections (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists platform_connections_select on paraphe.platform_connections;
create policy platform_connections_select on paraphe.platform_connections for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

drop policy if exists platform_connections_insert on paraphe.platform_connections;
create policy platform_connections_insert on paraphe.platform_connections for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

drop policy if exists platform_connections_update on paraphe.platform_connections;
create policy platform_connections_update on paraphe.platform_connections for update to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner')
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists platform_connections_delete on paraphe.platform_connections;
create policy platform_connections_delete on paraphe.platform_connections for delete to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
