-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.chorus_pro_connections (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists chorus_pro_connections_select on paraphe.chorus_pro_connections;
create policy chorus_pro_connections_select on paraphe.chorus_pro_connections for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

drop policy if exists chorus_pro_connections_insert on paraphe.chorus_pro_connections;
create policy chorus_pro_connections_insert on paraphe.chorus_pro_connections for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

drop policy if exists chorus_pro_connections_update on paraphe.chorus_pro_connections;
create policy chorus_pro_connections_update on paraphe.chorus_pro_connections for update to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner')
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists chorus_pro_connections_delete on paraphe.chorus_pro_connections;
create policy chorus_pro_connections_delete on paraphe.chorus_pro_connections for delete to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
