-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace trigger invoice_events_append_only before update or delete on paraphe.invoice_events
  for each row execute function paraphe.refuse_change();
