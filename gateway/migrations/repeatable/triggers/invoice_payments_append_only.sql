-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace trigger invoice_payments_append_only before update or delete on paraphe.invoice_payments
  for each row execute function paraphe.refuse_change();
