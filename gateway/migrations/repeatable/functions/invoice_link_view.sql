-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- What the client's page shows, read by the token's hash as `anon`: the issued invoice, its
-- payments and credit notes summed, and whether the link still works.
create or replace function paraphe.invoice_link_view(p_token_hash bytea) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'invoiceId', i.id, 'number', i.number, 'kind', i.kind, 'issueDate', i.issue_date, 'dueDate', i.due_date,
    'amountDueCents', i.amount_due_cents, 'totalTtcCents', i.total_ttc_cents, 'document', i.document,
    'revoked', l.revoked_at is not null,
    'paidCents', coalesce((select sum(p.amount_cents) from paraphe.invoice_payments p where p.invoice_id = i.id), 0),
    'creditedCents', coalesce((select sum(c.total_ttc_cents) from paraphe.invoices c where c.corrects_invoice_id = i.id and c.status = 'issued'), 0))
    from paraphe.invoice_links l join paraphe.invoices i on i.id = l.invoice_id
   where l.token_hash = p_token_hash and i.status = 'issued'
$$;
revoke all on function paraphe.invoice_link_view from public;
grant execute on function paraphe.invoice_link_view to anon;
