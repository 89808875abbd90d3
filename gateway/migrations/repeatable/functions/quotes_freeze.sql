-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- Sent quotes are frozen: only their status and links may change.
create or replace function paraphe.quotes_freeze() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.status <> 'draft' and (
    new.content is distinct from old.content or new.number is distinct from old.number
    or new.company is distinct from old.company or new.total_ttc_cents is distinct from old.total_ttc_cents
    or new.franchise_en_base is distinct from old.franchise_en_base
  ) then
    raise exception 'quote % is frozen', old.id using errcode = 'P0001', hint = 'frozen';
  end if;
  return new;
end
$$;
