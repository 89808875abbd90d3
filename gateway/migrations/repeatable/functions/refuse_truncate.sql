-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- A truncate skips row triggers: refused outright, since the table holds issued invoices.
create or replace function paraphe.refuse_truncate() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception '% holds records that must be kept: it cannot be truncated', tg_table_name using errcode = 'P0001', hint = 'append_only';
end
$$;
