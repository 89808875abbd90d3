-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.jobs (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists jobs_insert on paraphe.jobs;
create policy jobs_insert on paraphe.jobs for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()));

drop policy if exists jobs_select on paraphe.jobs;
create policy jobs_select on paraphe.jobs for select to authenticated
  using (company_id = (select paraphe.current_company_id()));
