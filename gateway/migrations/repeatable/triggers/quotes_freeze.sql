-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace trigger quotes_freeze before update on paraphe.quotes
  for each row execute function paraphe.quotes_freeze();
