-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.saved_items (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists saved_items_select on paraphe.saved_items;
create policy saved_items_select on paraphe.saved_items for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists saved_items_insert on paraphe.saved_items;
create policy saved_items_insert on paraphe.saved_items for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists saved_items_update on paraphe.saved_items;
create policy saved_items_update on paraphe.saved_items for update to authenticated
  using (company_id = (select paraphe.current_company_id()))
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists saved_items_delete on paraphe.saved_items;
create policy saved_items_delete on paraphe.saved_items for delete to authenticated
  using (company_id = (select paraphe.current_company_id()));
