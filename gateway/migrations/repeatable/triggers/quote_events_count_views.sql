-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace trigger quote_events_count_views after insert on paraphe.quote_events
  for each row when (new.type = 'viewed') execute function paraphe.count_view();
