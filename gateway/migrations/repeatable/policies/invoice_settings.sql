-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.invoice_settings (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists invoice_settings_select on paraphe.invoice_settings;
create policy invoice_settings_select on paraphe.invoice_settings for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists invoice_settings_insert on paraphe.invoice_settings;
create policy invoice_settings_insert on paraphe.invoice_settings for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists invoice_settings_update on paraphe.invoice_settings;
create policy invoice_settings_update on paraphe.invoice_settings for update to authenticated
  using (company_id = (select paraphe.current_company_id()))
  with check (company_id = (select paraphe.current_company_id()));
