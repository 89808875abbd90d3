-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- Events start at sending, and only drafts can be deleted: nothing legitimate changes an event.
create or replace trigger quote_events_append_only before update or delete on paraphe.quote_events
  for each row execute function paraphe.refuse_change();
