-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace trigger invoice_payments_check before insert on paraphe.invoice_payments
  for each row execute function paraphe.invoice_payments_check();
