-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- What every quote event says of its quote.
create or replace function paraphe.webhook_quote_summary(q_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', q.id, 'number', q.number, 'title', q.content ->> 'title',
    'clientName', q.content #>> '{client,name}')
    from paraphe.quotes q where q.id = q_id
$$;
revoke all on function paraphe.webhook_quote_summary from public;
