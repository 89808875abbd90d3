-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.subscriptions (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists subscriptions_select on paraphe.subscriptions;
create policy subscriptions_select on paraphe.subscriptions for select to authenticated
  using (company_id = (select paraphe.current_company_id()));
