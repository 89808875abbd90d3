-- The company's own sender address (Entreprise). The e-mails to its clients leave from it once the
-- address is confirmed (a link sent to it) and the DKIM key generated for it is found in the
-- domain's DNS; until then they keep the « via » form. The private key signs those e-mails: the
-- owner sees the address, the public key and the checks, never the private key (no column grant).
create table paraphe.company_senders (
  company_id uuid primary key references paraphe.companies (id) on delete cascade,
  address text not null check (char_length(address) between 3 and 254),
  dkim_selector text not null check (dkim_selector ~ '^[a-z0-9]{1,63}$'),
  dkim_public_key text not null,
  dkim_private_key text not null,
  -- SHA-256 of the confirmation link's token; null once confirmed.
  confirm_token_hash bytea unique,
  confirmation_sent_at timestamptz,
  confirmed_at timestamptz,
  checked_at timestamptz,
  dkim_found boolean,
  spf_found boolean,
  created_at timestamptz not null default now()
);
comment on table paraphe.company_senders is 'Sender address of a company: confirmation, DKIM key pair (private key not readable by members), DNS checks.';

alter table paraphe.company_senders enable row level security;
revoke all on paraphe.company_senders from public, anon, authenticated;
grant select (company_id, address, dkim_selector, dkim_public_key, confirmation_sent_at, confirmed_at, checked_at, dkim_found, spf_found, created_at)
  on paraphe.company_senders to authenticated;
grant insert, delete on paraphe.company_senders to authenticated;
grant update (confirm_token_hash, confirmation_sent_at, checked_at, dkim_found, spf_found) on paraphe.company_senders to authenticated;
create policy company_senders_select on paraphe.company_senders for select to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
create policy company_senders_insert on paraphe.company_senders for insert to authenticated
  with check (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');
create policy company_senders_update on paraphe.company_senders for update to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner')
  with check (company_id = (select paraphe.current_company_id()));
create policy company_senders_delete on paraphe.company_senders for delete to authenticated
  using (company_id = (select paraphe.current_company_id()) and (select paraphe.current_company_role()) = 'owner');

-- The link in the confirmation e-mail: whoever reads that mailbox confirms it, signed in or not.
-- Valid 7 days after it was sent; used once.
create function paraphe.confirm_company_sender(token_hash bytea) returns text
  language sql volatile security definer set search_path = ''
as $$
  update paraphe.company_senders
     set confirmed_at = now(), confirm_token_hash = null
   where confirm_token_hash = token_hash and confirmation_sent_at > now() - interval '7 days'
  returning address
$$;
revoke all on function paraphe.confirm_company_sender(bytea) from public;
grant execute on function paraphe.confirm_company_sender(bytea) to anon, authenticated;
