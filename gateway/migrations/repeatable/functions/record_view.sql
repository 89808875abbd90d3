-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace function paraphe.record_view(p_token_hash bytea, p_visitor text, p_client_ip text, p_user_agent text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  link record;
begin
  select * into link from paraphe.signing_links where token_hash = p_token_hash and revoked_at is null and expires_at > now();
  if not found then
    return;
  end if;
  if exists (select 1 from paraphe.quote_view_keys where quote_id = link.quote_id and kind = 'visitor' and value = p_visitor) then
    return;
  end if;
  insert into paraphe.quote_events (quote_id, company_id, type, data)
  values (link.quote_id, link.company_id, 'viewed',
          jsonb_build_object('visitor', p_visitor, 'ip', p_client_ip, 'userAgent', p_user_agent));
  update paraphe.quotes set status = 'viewed', updated_at = now() where id = link.quote_id and status = 'sent';
end
$$;
revoke all on function paraphe.record_view from public;
grant execute on function paraphe.record_view to anon;
