-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- Checks a code: 'ok', 'wrong' (attempts left), 'locked' (5 wrong), 'expired' or 'missing'.
create or replace function paraphe.check_signing_code(p_token_hash bytea, p_code_hash text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  link record;
  code record;
begin
  select * into link from paraphe.signing_links where token_hash = p_token_hash;
  if not found then
    return 'missing';
  end if;
  select * into code from paraphe.signing_codes where quote_id = link.quote_id order by id desc limit 1 for update;
  if not found then
    return 'missing';
  elsif code.attempts >= 5 then
    return 'locked';
  elsif code.expires_at <= now() then
    return 'expired';
  elsif code.code_hash = p_code_hash then
    update paraphe.signing_codes set verified_at = coalesce(verified_at, now()) where id = code.id;
    return 'ok';
  end if;
  update paraphe.signing_codes set attempts = attempts + 1 where id = code.id;
  return case when code.attempts + 1 >= 5 then 'locked' else 'wrong' end;
end
$$;
revoke all on function paraphe.check_signing_code from public;
grant execute on function paraphe.check_signing_code to anon;
