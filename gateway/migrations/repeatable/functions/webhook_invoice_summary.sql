-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- What every invoice event says of its invoice.
create or replace function paraphe.webhook_invoice_summary(i_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', i.id, 'number', i.number, 'kind', i.kind, 'clientName', i.client_name,
    'totalTtcCents', i.total_ttc_cents, 'amountDueCents', i.amount_due_cents,
    'issueDate', i.issue_date, 'dueDate', i.due_date, 'quoteId', i.quote_id)
    from paraphe.invoices i where i.id = i_id
$$;
revoke all on function paraphe.webhook_invoice_summary from public;
