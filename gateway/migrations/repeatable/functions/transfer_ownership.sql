-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The owner hands the company to a member, in one transaction: demoted first, then the member
-- promoted (the one-owner index is checked row by row).
create or replace function paraphe.transfer_ownership(p_new_owner uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := auth.uid();
  mine record;
begin
  select * into mine from paraphe.company_members where user_id = uid for update;
  if not found or mine.role <> 'owner' then
    return 'not_owner';
  end if;
  if not exists (select 1 from paraphe.company_members where user_id = p_new_owner and company_id = mine.company_id and role = 'member') then
    return 'not_member';
  end if;
  update paraphe.company_members set role = 'member' where user_id = uid;
  update paraphe.company_members set role = 'owner' where user_id = p_new_owner;
  return 'transferred';
end
$$;
revoke all on function paraphe.transfer_ownership from public;
grant execute on function paraphe.transfer_ownership to authenticated;
