-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace function paraphe.lock_answerable_quote(p_token_hash bytea, out refusal text, out id uuid, out company_id uuid)
language plpgsql set search_path = '' as $$
declare
  link record;
  q record;
begin
  select * into link from paraphe.signing_links where token_hash = p_token_hash;
  if not found then
    refusal := 'not_found';
    return;
  end if;
  select * into q from paraphe.quotes where quotes.id = link.quote_id for update;
  id := q.id;
  company_id := q.company_id;
  refusal := case
    when q.status = 'signed' then 'already_signed'
    when q.status = 'declined' then 'declined'
    when q.status = 'cancelled' or link.revoked_at is not null then 'cancelled'
    when q.status = 'expired' or link.expires_at <= now() then 'expired'
  end;
end
$$;
revoke all on function paraphe.lock_answerable_quote from public;
