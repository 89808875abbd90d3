-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.invoices (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists invoices_select on paraphe.invoices;
create policy invoices_select on paraphe.invoices for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists invoices_insert on paraphe.invoices;
create policy invoices_insert on paraphe.invoices for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and status = 'draft');

drop policy if exists invoices_update on paraphe.invoices;
create policy invoices_update on paraphe.invoices for update to authenticated
  using (company_id = (select paraphe.current_company_id()) and status = 'draft')
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists invoices_delete on paraphe.invoices;
create policy invoices_delete on paraphe.invoices for delete to authenticated
  using (company_id = (select paraphe.current_company_id()) and status = 'draft');
