-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The invoice's Factur-X PDF, for a link not revoked.
create or replace function paraphe.invoice_link_pdf(p_token_hash bytea) returns table (number text, kind text, pdf bytea)
language sql stable security definer set search_path = '' as $$
  select i.number, i.kind, i.pdf
    from paraphe.invoice_links l join paraphe.invoices i on i.id = l.invoice_id
   where l.token_hash = p_token_hash and l.revoked_at is null and i.status = 'issued'
$$;
revoke all on function paraphe.invoice_link_pdf from public;
grant execute on function paraphe.invoice_link_pdf to anon;
