-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.api_keys (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists api_keys_select on paraphe.api_keys;
create policy api_keys_select on paraphe.api_keys for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

drop policy if exists api_keys_insert on paraphe.api_keys;
create policy api_keys_insert on paraphe.api_keys for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner'
              and created_by = (select paraphe.acting_user_id()));

drop policy if exists api_keys_update on paraphe.api_keys;
create policy api_keys_update on paraphe.api_keys for update to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner')
  with check (company_id = (select paraphe.current_company_id()));
