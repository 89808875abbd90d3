-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- Joining another company deletes one's own only while it is empty: invoices count as data
-- (the foreign key would refuse the delete anyway; this says why).
create or replace function paraphe.accept_invitation(p_token_hash bytea, p_email text, p_seats_by_plan jsonb) returns text
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := auth.uid();
  invitation record;
  mine record;
  had_company boolean;
  plan text;
  members integer;
begin
  if uid is null then
    raise exception 'no user in the request' using errcode = '42501';
  end if;
  select * into invitation from paraphe.company_invitations where token_hash = p_token_hash for update;
  if not found then
    return 'not_found';
  elsif invitation.accepted_at is not null then
    return 'used';
  elsif invitation.cancelled_at is not null then
    return 'cancelled';
  elsif invitation.expires_at <= now() then
    return 'expired';
  elsif lower(invitation.email) <> lower(coalesce(p_email, '')) then
    return 'wrong_email';
  end if;
  perform 1 from paraphe.companies where id = invitation.company_id for update;
  select * into mine from paraphe.company_members where user_id = uid;
  had_company := found;
  if had_company and mine.company_id = invitation.company_id then
    return 'already_member';
  end if;
  if had_company then
    if exists (select 1 from paraphe.company_members where company_id = mine.company_id and user_id <> uid)
       or exists (select 1 from paraphe.quotes where company_id = mine.company_id)
       or exists (select 1 from paraphe.invoices where company_id = mine.company_id)
       or exists (select 1 from paraphe.subscriptions where company_id = mine.company_id) then
      return 'has_data';
    end if;
  end if;
  select s.plan_id into plan from paraphe.subscriptions s
   where s.company_id = invitation.company_id and s.status in ('active', 'trialing', 'past_due');
  select count(*) into members from paraphe.company_members where company_id = invitation.company_id;
  if members >= coalesce((p_seats_by_plan ->> coalesce(plan, 'decouverte'))::integer, 1) then
    return 'no_seat';
  end if;
  if had_company then
    delete from paraphe.company_members where user_id = uid;
    delete from paraphe.profiles where company_id = mine.company_id;
    delete from paraphe.quote_counters where company_id = mine.company_id;
    delete from paraphe.invoice_counters where company_id = mine.company_id;
    delete from paraphe.companies where id = mine.company_id;
  end if;
  insert into paraphe.company_members (user_id, company_id, role, email) values (uid, invitation.company_id, 'member', p_email);
  update paraphe.company_invitations set accepted_at = now(), accepted_by = uid where id = invitation.id;
  return 'joined';
end
$$;
revoke all on function paraphe.accept_invitation from public;
grant execute on function paraphe.accept_invitation to authenticated;
