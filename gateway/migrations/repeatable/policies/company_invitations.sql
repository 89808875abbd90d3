-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.company_invitations (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists company_invitations_select on paraphe.company_invitations;
create policy company_invitations_select on paraphe.company_invitations for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

drop policy if exists company_invitations_insert on paraphe.company_invitations;
create policy company_invitations_insert on paraphe.company_invitations for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

drop policy if exists company_invitations_update on paraphe.company_invitations;
create policy company_invitations_update on paraphe.company_invitations for update to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner')
  with check (company_id = (select paraphe.current_company_id()));
