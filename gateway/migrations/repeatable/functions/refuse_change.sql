-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace function paraphe.refuse_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception '% is append-only', tg_table_name using errcode = 'P0001', hint = 'append_only';
end
$$;
