-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.invoice_payment_reports (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists invoice_payment_reports_select on paraphe.invoice_payment_reports;
create policy invoice_payment_reports_select on paraphe.invoice_payment_reports for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists invoice_payment_reports_insert on paraphe.invoice_payment_reports;
create policy invoice_payment_reports_insert on paraphe.invoice_payment_reports for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));
