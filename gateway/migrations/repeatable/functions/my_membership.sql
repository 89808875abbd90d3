-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The request's membership, created on a user's first request (their own company, as owner).
-- The address is refreshed so that the team page shows the one the member signs in with.
create or replace function paraphe.my_membership(p_email text, out company_id uuid, out role text)
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    raise exception 'no user in the request' using errcode = '42501';
  end if;
  select m.company_id, m.role into company_id, role from paraphe.company_members m where m.user_id = uid;
  if not found then
    -- Two first requests at once: one creates, the other finds.
    perform pg_advisory_xact_lock(hashtextextended('paraphe.company:' || uid::text, 0));
    select m.company_id, m.role into company_id, role from paraphe.company_members m where m.user_id = uid;
  end if;
  if not found then
    company_id := case when exists (select 1 from paraphe.companies c where c.id = uid) then gen_random_uuid() else uid end;
    role := 'owner';
    insert into paraphe.companies (id) values (company_id);
    insert into paraphe.company_members (user_id, company_id, role, email) values (uid, company_id, role, coalesce(p_email, ''));
  elsif p_email is not null and p_email <> '' then
    update paraphe.company_members m set email = p_email where m.user_id = uid and m.email is distinct from p_email;
  end if;
end
$$;
revoke all on function paraphe.my_membership from public;
grant execute on function paraphe.my_membership to authenticated;
