-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.signatures (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists signatures_select on paraphe.signatures;
create policy signatures_select on paraphe.signatures for select to authenticated
  using (company_id = (select paraphe.current_company_id()));
