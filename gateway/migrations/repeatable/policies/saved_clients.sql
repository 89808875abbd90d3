-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.saved_clients (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists saved_clients_select on paraphe.saved_clients;
create policy saved_clients_select on paraphe.saved_clients for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists saved_clients_insert on paraphe.saved_clients;
create policy saved_clients_insert on paraphe.saved_clients for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists saved_clients_update on paraphe.saved_clients;
create policy saved_clients_update on paraphe.saved_clients for update to authenticated
  using (company_id = (select paraphe.current_company_id()))
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists saved_clients_delete on paraphe.saved_clients;
create policy saved_clients_delete on paraphe.saved_clients for delete to authenticated
  using (company_id = (select paraphe.current_company_id()));
