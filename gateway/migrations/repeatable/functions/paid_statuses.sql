-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- Stripe statuses that keep the paid plan (past_due: Stripe is still retrying the card).
create or replace function paraphe.paid_statuses() returns text[]
language sql immutable set search_path = '' as $$
  select array['active', 'trialing', 'past_due']::text[]
$$;
grant execute on function paraphe.paid_statuses to authenticated;
