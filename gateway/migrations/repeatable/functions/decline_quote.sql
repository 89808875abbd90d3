-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace function paraphe.decline_quote(p_token_hash bytea, p_reason text, p_client_ip text, p_user_agent text, p_emails jsonb) returns text
language plpgsql security definer set search_path = '' as $$
declare
  q record;
begin
  select * into q from paraphe.lock_answerable_quote(p_token_hash);
  if q.refusal is not null then
    return q.refusal;
  end if;
  insert into paraphe.quote_events (quote_id, company_id, type, data)
  values (q.id, q.company_id, 'declined', jsonb_build_object('reason', p_reason, 'ip', p_client_ip, 'userAgent', p_user_agent));
  update paraphe.quotes set status = 'declined', updated_at = now() where id = q.id;
  perform paraphe.queue_quote_emails(q.id, p_emails);
  return 'declined_now';
end
$$;
revoke all on function paraphe.decline_quote from public;
grant execute on function paraphe.decline_quote to anon;
