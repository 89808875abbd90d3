-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The card payment the client's page may offer: the live connection of the invoice's company
-- whose account takes charges (null otherwise), for a link not revoked.
create or replace function paraphe.invoice_link_card_account(p_token_hash bytea) returns text
language sql stable security definer set search_path = '' as $$
  select c.account_id
    from paraphe.invoice_links l
    join paraphe.invoices i on i.id = l.invoice_id
    join paraphe.stripe_connections c on c.company_id = i.company_id and c.disconnected_at is null and c.charges_enabled
   where l.token_hash = p_token_hash and l.revoked_at is null and i.status = 'issued'
$$;
revoke all on function paraphe.invoice_link_card_account from public;
grant execute on function paraphe.invoice_link_card_account to anon;
