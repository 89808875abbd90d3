-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace trigger invoices_guard before insert or update or delete on paraphe.invoices
  for each row execute function paraphe.invoices_guard();
