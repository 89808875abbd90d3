-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The link in the confirmation e-mail: whoever reads that mailbox confirms it, signed in or not.
-- Valid 7 days after it was sent; used once.
create or replace function paraphe.confirm_company_sender(token_hash bytea) returns text
  language sql volatile security definer set search_path = ''
as $$
  update paraphe.company_senders
     set confirmed_at = now(), confirm_token_hash = null
   where confirm_token_hash = token_hash and confirmation_sent_at > now() - interval '7 days'
  returning address
$$;
revoke all on function paraphe.confirm_company_sender(bytea) from public;
grant execute on function paraphe.confirm_company_sender(bytea) to anon, authenticated;
