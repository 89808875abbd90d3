-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace trigger signed_documents_append_only before update or delete on paraphe.signed_documents
  for each row execute function paraphe.refuse_change();
