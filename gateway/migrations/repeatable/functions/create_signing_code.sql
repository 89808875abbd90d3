-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- E-mail code for the signer: a new code replaces the previous ones; the e-mail is queued with it.
create or replace function paraphe.create_signing_code(p_token_hash bytea, p_code_hash text, p_emails jsonb) returns text
language plpgsql security definer set search_path = '' as $$
declare
  link record;
  last_code record;
begin
  select * into link from paraphe.signing_links where token_hash = p_token_hash and revoked_at is null and expires_at > now();
  if not found then
    return 'not_found';
  end if;
  select * into last_code from paraphe.signing_codes where quote_id = link.quote_id order by id desc limit 1;
  -- One code a minute at most: the client's mailbox is not ours to flood.
  if found and last_code.created_at > now() - interval '60 seconds' then
    return 'too_soon';
  end if;
  insert into paraphe.signing_codes (quote_id, code_hash, expires_at) values (link.quote_id, p_code_hash, now() + interval '10 minutes');
  perform paraphe.queue_quote_emails(link.quote_id, p_emails);
  return 'sent';
end
$$;
revoke all on function paraphe.create_signing_code from public;
grant execute on function paraphe.create_signing_code to anon;
