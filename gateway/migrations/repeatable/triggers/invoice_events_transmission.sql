-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace trigger invoice_events_transmission after insert on paraphe.invoice_events
  for each row execute function paraphe.invoice_transmission_enqueue();
