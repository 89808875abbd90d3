-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.profiles (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists profiles_select on paraphe.profiles;
create policy profiles_select on paraphe.profiles for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists profiles_insert on paraphe.profiles;
create policy profiles_insert on paraphe.profiles for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists profiles_update on paraphe.profiles;
create policy profiles_update on paraphe.profiles for update to authenticated
  using (company_id = (select paraphe.current_company_id()))
  with check (company_id = (select paraphe.current_company_id()));
