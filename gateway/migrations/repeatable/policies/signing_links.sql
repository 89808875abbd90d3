-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.signing_links (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists signing_links_select on paraphe.signing_links;
create policy signing_links_select on paraphe.signing_links for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists signing_links_insert on paraphe.signing_links;
create policy signing_links_insert on paraphe.signing_links for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists signing_links_update on paraphe.signing_links;
create policy signing_links_update on paraphe.signing_links for update to authenticated
  using (company_id = (select paraphe.current_company_id()))
  with check (company_id = (select paraphe.current_company_id()));
