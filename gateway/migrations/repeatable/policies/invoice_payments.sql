-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.invoice_payments (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists invoice_payments_select on paraphe.invoice_payments;
create policy invoice_payments_select on paraphe.invoice_payments for select to authenticated
  using (company_id = (select paraphe.current_company_id()));

drop policy if exists invoice_payments_insert on paraphe.invoice_payments;
create policy invoice_payments_insert on paraphe.invoice_payments for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and recorded_by is not distinct from (select paraphe.acting_user_id()));
