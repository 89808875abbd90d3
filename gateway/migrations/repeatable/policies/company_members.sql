-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.company_members (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists company_members_select on paraphe.company_members;
create policy company_members_select on paraphe.company_members for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists company_members_delete on paraphe.company_members;
create policy company_members_delete on paraphe.company_members for delete to authenticated
  using (company_id = (select paraphe.current_company_id()) and role = 'member'
         and ((select paraphe.current_company_role()) = 'owner' or user_id = (select auth.uid())));
