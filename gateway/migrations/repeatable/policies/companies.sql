-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.companies (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists companies_select on paraphe.companies;
create policy companies_select on paraphe.companies for select to authenticated
  using (id = (select paraphe.current_company_id()));

drop policy if exists companies_update_owner on paraphe.companies;
create policy companies_update_owner on paraphe.companies for update to authenticated
  using (id = (select paraphe.current_company_id())
         and exists (select 1 from paraphe.company_members m where m.user_id = (select auth.uid()) and m.role = 'owner'))
  with check (id = (select paraphe.current_company_id()));
