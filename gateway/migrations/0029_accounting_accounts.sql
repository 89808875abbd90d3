-- The accounts of the FEC sales journal, a company setting (shared/src/invoices/accounting-accounts.ts):
-- revenue by kind (works 704, services 706, goods 707), customers 411, VAT collected per rate.
-- Null: the defaults an accountant expects; the gateway checks every number before storing it.
alter table paraphe.invoice_settings add column accounting_accounts jsonb;
comment on column paraphe.invoice_settings.accounting_accounts is 'PCG accounts of the FEC sales journal (works, services, goods, customers, vat per rate); null for the defaults.';
