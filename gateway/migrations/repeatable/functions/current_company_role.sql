-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
create or replace function paraphe.current_company_role() returns text
language sql stable security definer set search_path = '' as $$
  select role from paraphe.company_members where user_id = auth.uid()
$$;
revoke all on function paraphe.current_company_role from public;
grant execute on function paraphe.current_company_role to authenticated;
