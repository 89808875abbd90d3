-- 212 « Encaissée »: the seller reports each payment received on a services invoice whose VAT is
-- due on receipt (no « option pour les débits ») to its plateforme agréée, as a CDAR lifecycle
-- message (transmission/payment-status-jobs.ts). One report per payment, queued in the
-- transaction that records the payment (or when the invoice's deposit completes, for payments
-- recorded before it); the job's state (attempts, next try, last error) is kept here for the
-- invoice's « Transmission » panel, and the report once deposited is an invoice event.
create table paraphe.invoice_payment_reports (
  payment_id uuid primary key references paraphe.invoice_payments (id),
  invoice_id uuid not null references paraphe.invoices (id),
  company_id uuid not null references paraphe.companies (id),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  last_error text check (char_length(last_error) <= 1000),
  -- What was reported: the amount received split per VAT rate ([{ rateBp, amountCents }]).
  by_rate jsonb,
  -- The PA's id of the deposited CDAR flow, and its acknowledgement (Pending → Ok | Error).
  flow_id text check (char_length(flow_id) <= 200),
  ack_status text check (ack_status in ('Pending', 'Ok', 'Error')),
  ack_reason text check (char_length(ack_reason) <= 1000),
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index invoice_payment_reports_invoice on paraphe.invoice_payment_reports (invoice_id, created_at);
create index invoice_payment_reports_flow on paraphe.invoice_payment_reports (company_id, flow_id) where flow_id is not null;
comment on table paraphe.invoice_payment_reports is 'The 212 « Encaissée » status of each payment on a services invoice handed to a PA (VAT due on receipt): its CDAR deposit''s state.';
alter table paraphe.invoice_payment_reports enable row level security;
revoke all on paraphe.invoice_payment_reports from public, anon, authenticated;
-- Members queue a report with the payment they record; only the gateway's role works it.
grant select, insert (payment_id, invoice_id, company_id) on paraphe.invoice_payment_reports to authenticated;

-- The report once deposited: source 'paraphe' (the seller's side produces 212), lifecycle_code 212.
alter table paraphe.invoice_events drop constraint invoice_events_type_check;
alter table paraphe.invoice_events add constraint invoice_events_type_check check (type in (
  'issued', 'sent', 'payment_recorded', 'paid', 'overdue', 'reminded',
  'payment_refunded', 'payment_disputed', 'payment_reported',
  'platform_deposited', 'platform_received', 'platform_refused', 'platform_collected',
  'platform_made_available', 'platform_approved', 'platform_rejected', 'platform_status'));
create unique index invoice_events_payment_reported_once on paraphe.invoice_events (invoice_id, (data ->> 'paymentId'))
  where type = 'payment_reported';

-- Its policies are stated in repeatable/policies/invoice_payment_reports.sql.
