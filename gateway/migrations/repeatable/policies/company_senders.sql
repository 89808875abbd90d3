-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.company_senders (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists company_senders_select on paraphe.company_senders;
create policy company_senders_select on paraphe.company_senders for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

drop policy if exists company_senders_insert on paraphe.company_senders;
create policy company_senders_insert on paraphe.company_senders for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

drop policy if exists company_senders_update on paraphe.company_senders;
create policy company_senders_update on paraphe.company_senders for update to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner')
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists company_senders_delete on paraphe.company_senders;
create policy company_senders_delete on paraphe.company_senders for delete to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
