-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace trigger invoices_no_truncate before truncate on paraphe.invoices
  for each statement execute function paraphe.refuse_truncate();
