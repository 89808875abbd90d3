-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The row-level security policies of paraphe.signed_documents (the table and its `enable row level security` are in the numbered migrations).

drop policy if exists signed_documents_select on paraphe.signed_documents;
create policy signed_documents_select on paraphe.signed_documents for select to authenticated
  using (company_id = (select paraphe.current_company_id()));
