-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace trigger invoice_events_no_truncate before truncate on paraphe.invoice_events
  for each statement execute function paraphe.refuse_truncate();
