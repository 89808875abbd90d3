-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.quotes (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists quotes_select on paraphe.quotes;
create policy quotes_select on paraphe.quotes for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists quotes_insert on paraphe.quotes;
create policy quotes_insert on paraphe.quotes for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists quotes_update on paraphe.quotes;
create policy quotes_update on paraphe.quotes for update to authenticated
  using (company_id = (select paraphe.current_company_id()))
  with check (company_id = (select paraphe.current_company_id()));

-- Only drafts can be deleted; a sent quote is part of the professional's records.
drop policy if exists quotes_delete on paraphe.quotes;
create policy quotes_delete on paraphe.quotes for delete to authenticated
  using (company_id = (select paraphe.current_company_id()) and status = 'draft');
