-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace trigger quote_events_webhooks after insert on paraphe.quote_events
  for each row execute function paraphe.quote_event_webhook();
