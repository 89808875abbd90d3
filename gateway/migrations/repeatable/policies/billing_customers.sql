-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.billing_customers (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists billing_customers_select on paraphe.billing_customers;
create policy billing_customers_select on paraphe.billing_customers for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

drop policy if exists billing_customers_insert on paraphe.billing_customers;
create policy billing_customers_insert on paraphe.billing_customers for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
