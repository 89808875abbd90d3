-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.outbox (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists outbox_insert on paraphe.outbox;
create policy outbox_insert on paraphe.outbox for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));
