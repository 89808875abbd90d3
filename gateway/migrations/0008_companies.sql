-- Companies with members. The company is the account: profile, quotes, numbering, subscription,
-- logo and e-mails belong to it; users are its members (one owner, members). Every row that said
-- `user_id` now says `company_id`.
--
-- Existing data: every user who owns rows gets a company whose id is their user id, so no row
-- moves and every quote keeps its number, its events and its counter. New users get the same on
-- their first request (paraphe.my_membership), so an account's company id is its first owner's
-- user id unless that id is already taken by a company (then a random one).

create table paraphe.companies (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now()
);

-- One company per user: the workspace, its plan and its quotes are that company's.
create table paraphe.company_members (
  user_id uuid primary key,
  company_id uuid not null references paraphe.companies (id),
  role text not null check (role in ('owner', 'member')),
  -- The member's sign-in address, kept fresh at each request (accounts may live in GoTrue, whose
  -- tables this database does not read): the team page lists members by it.
  email text not null default '',
  joined_at timestamptz not null default now()
);
create unique index company_members_one_owner on paraphe.company_members (company_id) where role = 'owner';
create index company_members_company on paraphe.company_members (company_id);

insert into paraphe.companies (id)
select distinct owner_id from (
  select user_id as owner_id from paraphe.profiles
  union select user_id from paraphe.quotes
  union select user_id from paraphe.quote_counters
  union select user_id from paraphe.subscriptions
  union select user_id from paraphe.billing_customers
  union select user_id from paraphe.outbox where user_id is not null
) as owners;
insert into paraphe.company_members (user_id, company_id, role, email)
select c.id, c.id, 'owner', coalesce((select b.email from paraphe.billing_customers b where b.user_id = c.id), '')
  from paraphe.companies c;

alter table paraphe.profiles rename column user_id to company_id;
alter table paraphe.quotes rename column user_id to company_id;
alter table paraphe.quote_counters rename column user_id to company_id;
alter table paraphe.quote_events rename column user_id to company_id;
alter table paraphe.outbox rename column user_id to company_id;
alter table paraphe.subscriptions rename column user_id to company_id;
alter table paraphe.billing_customers rename column user_id to company_id;
alter table paraphe.signing_links rename column user_id to company_id;
alter table paraphe.signatures rename column user_id to company_id;
alter table paraphe.signed_documents rename column user_id to company_id;

-- The user of the request's claims, or null: jobs of the gateway run without claims, and once a
-- transaction has set them the setting reads '' afterwards (which auth.uid() would not parse).
create function paraphe.acting_user_id() returns uuid
language sql stable set search_path = '' as $$
  select nullif(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub', '')::uuid
$$;
grant execute on function paraphe.acting_user_id to anon, authenticated;

-- Which member acted (null: the client on the signing page, or a job of the gateway).
alter table paraphe.quote_events add column actor_id uuid default paraphe.acting_user_id();

-- The requesting user's company and role; security definer so that the policies below can use
-- it without a policy on company_members recursing into itself. Evaluated once per statement
-- through `(select …)`, as Supabase's RLS performance guide advises.
create function paraphe.current_company_id() returns uuid
language sql stable security definer set search_path = '' as $$
  select company_id from paraphe.company_members where user_id = auth.uid()
$$;
create function paraphe.current_company_role() returns text
language sql stable security definer set search_path = '' as $$
  select role from paraphe.company_members where user_id = auth.uid()
$$;
revoke all on function paraphe.current_company_id, paraphe.current_company_role from public;
grant execute on function paraphe.current_company_id, paraphe.current_company_role to authenticated;

-- The request's membership, created on a user's first request (their own company, as owner).
-- The address is refreshed so that the team page shows the one the member signs in with.
create function paraphe.my_membership(p_email text, out company_id uuid, out role text)
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

-- Every policy: rows of the requester's company.
alter policy profiles_select on paraphe.profiles using (company_id = (select paraphe.current_company_id()));
alter policy profiles_insert on paraphe.profiles with check (company_id = (select paraphe.current_company_id()));
alter policy profiles_update on paraphe.profiles
  using (company_id = (select paraphe.current_company_id())) with check (company_id = (select paraphe.current_company_id()));
alter policy quotes_select on paraphe.quotes using (company_id = (select paraphe.current_company_id()));
alter policy quotes_insert on paraphe.quotes with check (company_id = (select paraphe.current_company_id()));
alter policy quotes_update on paraphe.quotes
  using (company_id = (select paraphe.current_company_id())) with check (company_id = (select paraphe.current_company_id()));
alter policy quotes_delete on paraphe.quotes using (company_id = (select paraphe.current_company_id()) and status = 'draft');
alter policy counters_select on paraphe.quote_counters using (company_id = (select paraphe.current_company_id()));
alter policy counters_insert on paraphe.quote_counters with check (company_id = (select paraphe.current_company_id()));
alter policy counters_update on paraphe.quote_counters
  using (company_id = (select paraphe.current_company_id())) with check (company_id = (select paraphe.current_company_id()));
alter policy events_select on paraphe.quote_events using (company_id = (select paraphe.current_company_id()));
-- A member records events as themself: nobody writes an event in another member's name.
alter policy events_insert on paraphe.quote_events
  with check (company_id = (select paraphe.current_company_id()) and actor_id is not distinct from (select paraphe.acting_user_id()));
alter policy outbox_insert on paraphe.outbox with check (company_id = (select paraphe.current_company_id()));
alter policy subscriptions_select on paraphe.subscriptions using (company_id = (select paraphe.current_company_id()));
-- Billing is the owner's: members see the plan (it decides what they may do), not the customer.
alter policy billing_customers_select on paraphe.billing_customers
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
alter policy billing_customers_insert on paraphe.billing_customers
  with check (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
alter policy signing_links_select on paraphe.signing_links using (company_id = (select paraphe.current_company_id()));
alter policy signing_links_insert on paraphe.signing_links with check (company_id = (select paraphe.current_company_id()));
alter policy signing_links_update on paraphe.signing_links
  using (company_id = (select paraphe.current_company_id())) with check (company_id = (select paraphe.current_company_id()));
alter policy signatures_select on paraphe.signatures using (company_id = (select paraphe.current_company_id()));
alter policy signed_documents_select on paraphe.signed_documents using (company_id = (select paraphe.current_company_id()));

alter table paraphe.companies enable row level security;
revoke all on paraphe.companies from public, anon, authenticated;
grant select on paraphe.companies to authenticated;
create policy companies_select on paraphe.companies for select to authenticated
  using (id = (select paraphe.current_company_id()));

-- Members see each other; the owner removes a member, a member leaves. Joining and changing
-- roles go through the functions below (an invitation, a transfer), never a bare insert/update.
alter table paraphe.company_members enable row level security;
revoke all on paraphe.company_members from public, anon, authenticated;
grant select, delete on paraphe.company_members to authenticated;
create policy company_members_select on paraphe.company_members for select to authenticated
  using (company_id = (select paraphe.current_company_id()));
create policy company_members_delete on paraphe.company_members for delete to authenticated
  using (company_id = (select paraphe.current_company_id()) and role = 'member'
         and ((select paraphe.current_company_role()) = 'owner' or user_id = (select auth.uid())));

-- Invitations: a random token stored as its SHA-256, seven days, used once.
create table paraphe.company_invitations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references paraphe.companies (id),
  email text not null,
  token_hash bytea not null unique,
  invited_by uuid not null default paraphe.acting_user_id(),
  created_at timestamptz not null default now(),
  -- The last e-mail's time: a re-send makes a new link and voids the previous one.
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by uuid,
  cancelled_at timestamptz
);
create index company_invitations_company on paraphe.company_invitations (company_id, created_at desc);
alter table paraphe.company_invitations enable row level security;
revoke all on paraphe.company_invitations from public, anon, authenticated;
grant select, insert, update on paraphe.company_invitations to authenticated;
create policy company_invitations_select on paraphe.company_invitations for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
create policy company_invitations_insert on paraphe.company_invitations for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
create policy company_invitations_update on paraphe.company_invitations for update to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner')
  with check (company_id = (select paraphe.current_company_id()));

-- What the invitation page may show before the invitee signs in: the company's name and the
-- invited address, or why the link no longer works.
create function paraphe.invitation_view(p_token_hash bytea) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'email', i.email,
    'companyName', coalesce(nullif(p.company_name, ''), 'une entreprise'),
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

-- Joining a company by its invitation, under the invitation's lock (used once). The seats of
-- each plan come from the gateway (the plans table lives in shared/src/plans.ts). A user's own
-- company is left only while it is empty: no quote, no other member, no subscription.
create function paraphe.accept_invitation(p_token_hash bytea, p_email text, p_seats_by_plan jsonb) returns text
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
  -- The company's members change under its lock (another acceptance, a removal).
  perform 1 from paraphe.companies where id = invitation.company_id for update;
  select * into mine from paraphe.company_members where user_id = uid;
  had_company := found;
  if had_company and mine.company_id = invitation.company_id then
    return 'already_member';
  end if;
  if had_company then
    if exists (select 1 from paraphe.company_members where company_id = mine.company_id and user_id <> uid)
       or exists (select 1 from paraphe.quotes where company_id = mine.company_id)
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
    delete from paraphe.companies where id = mine.company_id;
  end if;
  insert into paraphe.company_members (user_id, company_id, role, email) values (uid, invitation.company_id, 'member', p_email);
  update paraphe.company_invitations set accepted_at = now(), accepted_by = uid where id = invitation.id;
  return 'joined';
end
$$;
revoke all on function paraphe.accept_invitation from public;
grant execute on function paraphe.accept_invitation to authenticated;

-- The owner hands the company to a member, in one transaction: demoted first, then the member
-- promoted (the one-owner index is checked row by row).
create function paraphe.transfer_ownership(p_new_owner uuid) returns text
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

-- The public signing functions of 0004 name columns in their bodies: they follow the rename.
drop function paraphe.sign_quote(bytea, text, text, text, jsonb, text, text, text, text, text, boolean, jsonb);
drop function paraphe.decline_quote(bytea, text, text, text, jsonb);
drop function paraphe.lock_answerable_quote(bytea);

create function paraphe.lock_answerable_quote(p_token_hash bytea, out refusal text, out id uuid, out company_id uuid)
language plpgsql set search_path = '' as $$
declare
  link record;
  q record;
begin
  select * into link from paraphe.signing_links where token_hash = p_token_hash;
  if not found then
    refusal := 'not_found';
    return;
  end if;
  select * into q from paraphe.quotes where quotes.id = link.quote_id for update;
  id := q.id;
  company_id := q.company_id;
  refusal := case
    when q.status = 'signed' then 'already_signed'
    when q.status = 'declined' then 'declined'
    when q.status = 'cancelled' or link.revoked_at is not null then 'cancelled'
    when q.status = 'expired' or link.expires_at <= now() then 'expired'
  end;
end
$$;
revoke all on function paraphe.lock_answerable_quote from public;

create function paraphe.sign_quote(
  p_token_hash bytea, p_signer_name text, p_signer_email text, p_method text, p_strokes jsonb, p_typed_text text,
  p_mention text, p_client_ip text, p_user_agent text, p_document_sha256 text, p_otp_verified boolean, p_evidence jsonb
) returns text
language plpgsql security definer set search_path = '' as $$
declare
  q record;
begin
  select * into q from paraphe.lock_answerable_quote(p_token_hash);
  if q.refusal is not null then
    return q.refusal;
  end if;
  insert into paraphe.signatures (quote_id, company_id, signer_name, signer_email, method, strokes, typed_text, mention,
                                  client_ip, user_agent, document_sha256, otp_verified)
  values (q.id, q.company_id, p_signer_name, p_signer_email, p_method, p_strokes, p_typed_text, p_mention,
          p_client_ip, p_user_agent, p_document_sha256, p_otp_verified);
  insert into paraphe.quote_events (quote_id, company_id, type, data) values (q.id, q.company_id, 'signed', p_evidence);
  update paraphe.quotes set status = 'signed', updated_at = now() where id = q.id;
  return 'signed';
end
$$;

-- E-mails to a professional's client show who they come from: « Dupont Rénovation via Paraphe »
-- (the address stays the site's, whose domain the SMTP service vouches for). Null: the site's name.
-- The signing page's e-mails (the signer's code) carry it too, through this function.
alter table paraphe.outbox add column sender_name text;

create or replace function paraphe.queue_quote_emails(q_id uuid, p_emails jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  q record;
  mail jsonb;
begin
  select * into q from paraphe.quotes where id = q_id;
  for mail in select * from jsonb_array_elements(coalesce(p_emails, '[]'::jsonb)) loop
    if mail ->> 'to' is distinct from q.company ->> 'email' and mail ->> 'to' is distinct from q.content #>> '{client,email}' then
      raise exception 'e-mail recipient is not a party of quote %', q.id using errcode = 'P0001';
    end if;
    insert into paraphe.outbox (company_id, kind, recipient, subject, text_body, html_body, reply_to, attachments, sender_name)
    values (q.company_id, mail ->> 'kind', mail ->> 'to', mail ->> 'subject', mail ->> 'text', mail ->> 'html',
            mail ->> 'replyTo', coalesce(mail -> 'attachments', '[]'::jsonb), mail ->> 'senderName');
  end loop;
end
$$;

create function paraphe.decline_quote(p_token_hash bytea, p_reason text, p_client_ip text, p_user_agent text, p_emails jsonb) returns text
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

create or replace function paraphe.record_view(p_token_hash bytea, p_visitor text, p_client_ip text, p_user_agent text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  link record;
begin
  select * into link from paraphe.signing_links where token_hash = p_token_hash and revoked_at is null and expires_at > now();
  if not found then
    return;
  end if;
  if exists (select 1 from paraphe.quote_events where quote_id = link.quote_id and type = 'viewed' and data ->> 'visitor' = p_visitor) then
    return;
  end if;
  insert into paraphe.quote_events (quote_id, company_id, type, data)
  values (link.quote_id, link.company_id, 'viewed',
          jsonb_build_object('visitor', p_visitor, 'ip', p_client_ip, 'userAgent', p_user_agent));
  update paraphe.quotes set status = 'viewed', updated_at = now() where id = link.quote_id and status = 'sent';
end
$$;

revoke all on function paraphe.sign_quote, paraphe.decline_quote from public;
grant execute on function paraphe.sign_quote, paraphe.decline_quote to anon;
