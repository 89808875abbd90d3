-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace trigger invoice_payments_no_truncate before truncate on paraphe.invoice_payments
  for each statement execute function paraphe.refuse_truncate();
