-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The invitation page names who invites (issue 26): the person opening the link sees « Marie
-- Durand (marie@…) vous invite à rejoindre Plomberie Durand » before signing in or creating an
-- account. The inviter is the member who sent it (their sign-in address, as the team page lists
-- it); '' once they have left the company, and the page then names the company alone.
create or replace function paraphe.invitation_view(p_token_hash bytea) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'email', i.email,
    'companyName', coalesce(nullif(p.company_name, ''), 'une entreprise'),
    'invitedBy', coalesce((select m.email from paraphe.company_members m
                            where m.user_id = i.invited_by and m.company_id = i.company_id), ''),
    'state', case when i.accepted_at is not null then 'used'
                  when i.cancelled_at is not null then 'cancelled'
                  when i.expires_at <= now() then 'expired'
                  else 'open' end)
    from paraphe.company_invitations i
    left join paraphe.profiles p on p.company_id = i.company_id
   where i.token_hash = p_token_hash
$$;
revoke all on function paraphe.invitation_view from public;
grant execute on function paraphe.invitation_view to anon, authenticated;
