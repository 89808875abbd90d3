-- The invoices list a page at a time from its place in an index (invoices/invoice-list.ts):
-- drafts by their last change, issued invoices by their place in the chain (already indexed:
-- invoices_company_status). The payment status needs each invoice's paid and credited sums: both
-- read from an index alone (no table row), for a page and for the counts over every invoice.
create index invoices_company_drafts on paraphe.invoices (company_id, updated_at desc, id desc) where status = 'draft';
create index invoice_payments_paid on paraphe.invoice_payments (invoice_id) include (amount_cents);
create index invoices_credited on paraphe.invoices (corrects_invoice_id) include (total_ttc_cents)
  where status = 'issued' and corrects_invoice_id is not null;
-- Superseded: a draft's partial index above, and the chain's (company_id, status, chain_index desc).
drop index paraphe.invoices_company_updated;
