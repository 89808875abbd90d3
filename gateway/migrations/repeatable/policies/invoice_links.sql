-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.invoice_links (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists invoice_links_select on paraphe.invoice_links;
create policy invoice_links_select on paraphe.invoice_links for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists invoice_links_insert on paraphe.invoice_links;
create policy invoice_links_insert on paraphe.invoice_links for insert to authenticated
  with check (company_id = (select paraphe.current_company_id())
              and exists (select 1 from paraphe.invoices i where i.id = invoice_links.invoice_id and i.company_id = invoice_links.company_id and i.status = 'issued'));

drop policy if exists invoice_links_update on paraphe.invoice_links;
create policy invoice_links_update on paraphe.invoice_links for update to authenticated
  using (company_id = (select paraphe.current_company_id()))
  with check (company_id = (select paraphe.current_company_id()));
