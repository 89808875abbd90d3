-- A card payment's dispute follows its money (Stripe Connect): when the bank takes the disputed
-- amount back from the professional's account (`charge.dispute.funds_withdrawn`) the invoice is
-- owed it again — a negative line reversing the card payment; when the bank gives it back
-- (`funds_reinstated`) a positive line says so. Each line says why it moves money, so that the
-- invoice page tells a refund from a dispute.
alter table paraphe.invoice_payments add column reason text
  check (reason in ('refund', 'dispute_withdrawn', 'dispute_reinstated'));
comment on column paraphe.invoice_payments.reason is 'Why a card line moves money back or again (null: a payment; a negative line without it is a refund).';

-- One row per dispute of a recorded card payment: its state tells which movement is next, so
-- that a withdrawal or a reinstatement is recorded once whatever the deliveries.
create table paraphe.invoice_card_disputes (
  dispute_id text primary key,
  payment_id uuid not null references paraphe.invoice_card_payments (payment_id),
  invoice_id uuid not null references paraphe.invoices (id),
  company_id uuid not null references paraphe.companies (id),
  amount_cents bigint not null check (amount_cents > 0),
  funds text not null default 'kept' check (funds in ('kept', 'withdrawn', 'reinstated')),
  -- What the withdrawal took from the invoice's payments (never more than the card payment still
  -- holds after its refunds), given back as is by the reinstatement.
  withdrawn_cents bigint not null default 0,
  outcome text check (outcome in ('won', 'lost')),
  opened_at timestamptz not null default now()
);
create index invoice_card_disputes_invoice on paraphe.invoice_card_disputes (invoice_id);
alter table paraphe.invoice_card_disputes enable row level security;
revoke all on paraphe.invoice_card_disputes from public, anon, authenticated;
grant select on paraphe.invoice_card_disputes to authenticated;
-- Its policy: repeatable/policies/invoice_card_disputes.sql.

-- The dispute's end is in the invoice's history.
alter table paraphe.invoice_events drop constraint invoice_events_type_check;
alter table paraphe.invoice_events add constraint invoice_events_type_check check (type in (
  'issued', 'sent', 'payment_recorded', 'paid', 'overdue', 'reminded',
  'payment_refunded', 'payment_disputed', 'payment_dispute_closed',
  'platform_deposited', 'platform_received', 'platform_refused', 'platform_collected',
  'platform_made_available', 'platform_approved', 'platform_rejected', 'platform_status'));
