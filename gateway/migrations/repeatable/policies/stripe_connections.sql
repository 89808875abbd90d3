-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.stripe_connections (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists stripe_connections_select on paraphe.stripe_connections;
create policy stripe_connections_select on paraphe.stripe_connections for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists stripe_connections_insert on paraphe.stripe_connections;
create policy stripe_connections_insert on paraphe.stripe_connections for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists stripe_connections_update on paraphe.stripe_connections;
create policy stripe_connections_update on paraphe.stripe_connections for update to authenticated
  using (company_id = (select paraphe.current_company_id())) with check (company_id = (select paraphe.current_company_id()));
