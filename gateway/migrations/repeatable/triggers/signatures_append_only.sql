-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace trigger signatures_append_only before update or delete on paraphe.signatures
  for each row execute function paraphe.refuse_change();
