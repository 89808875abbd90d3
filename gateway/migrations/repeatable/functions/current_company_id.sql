-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The requesting user's company and role; security definer so that the policies below can use
-- it without a policy on company_members recursing into itself. Evaluated once per statement
-- through `(select …)`, as Supabase's RLS performance guide advises.
create or replace function paraphe.current_company_id() returns uuid
language sql stable security definer set search_path = '' as $$
  select company_id from paraphe.company_members where user_id = auth.uid()
$$;
revoke all on function paraphe.current_company_id from public;
grant execute on function paraphe.current_company_id to authenticated;
